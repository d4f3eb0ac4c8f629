"""After a hand: the summary panel over the table (the hand's scores counting up, the standing, the result heard),
and what it offers: the next hand, a review of the hand against the Expert, its deal played again, the table as
it ended; at the game's end, the winner, a new game and the game's record saved for `canasta replay`."""

from __future__ import annotations

import logging
import textwrap
from collections.abc import Callable
from datetime import datetime
from typing import Protocol

import pygame

from canasta.engine.playerview import PlayerView, my_side
from canasta.engine.refusals import Code
from canasta.engine.rules.catalog import plays_rounds
from canasta.i18n import _
from canasta.storage.keeper import Keeper
from canasta.storage.record import export_record
from canasta.storage.settings import Settings
from canasta.ui.flow.settings import table_look
from canasta.ui.kit.animation import count_up
from canasta.ui.kit.app import App
from canasta.ui.look.sound import SoundBoard, SoundName
from canasta.ui.screens.final_table import hands_left, offer_final_table
from canasta.ui.screens.menus import MenuScene, summary_rows
from canasta.ui.screens.replay import ReplayScreen, TableOptions
from canasta.ui.screens.review import ReviewScreen
from canasta.ui.screens.score_sheet import standing_line
from canasta.ui.table.controller import TableController
from canasta.ui.table.narration.seats import seat_name, side_name
from canasta.ui.table.scene import TableScene

LOG = logging.getLogger(__name__)
NOTICE_WIDTH = 50  # characters per line of a message in a menu panel (room for longer languages too)
COUNT_UP_S = 1.2  # the hand's scores count up on the summary for this long


class Flow(Protocol):
    """What the panels after a hand ask of the window's flow (`GameFlow`)."""

    app: App
    keeper: Keeper | None
    sound: SoundBoard | None

    @property
    def controller(self) -> TableController | None: ...

    @property
    def table(self) -> TableScene | None: ...

    @property
    def settings(self) -> Settings: ...

    def new_game(self) -> None: ...

    def next_hand(self) -> None: ...

    def rules_at_table(self, code: Code | None = None) -> None: ...

    def title_after_game(self) -> None: ...


class AfterHand:
    """The panels of one window after a hand and at the game's end."""

    def __init__(self, flow: Flow) -> None:
        self._flow = flow

    def hand_over(self, notice: str | None = None) -> None:
        """The hand's summary over the table (`notice`: what the last button did, on the panel shown again)."""
        flow = self._flow
        controller = flow.controller
        assert controller is not None
        match = controller.match
        view = controller.human_view()
        names = [summary_side_name(view, side) for side in range(len(controller.state.melds))]
        scene = MenuScene(flow.app.theme, _hand_title(controller, view))
        scene.dim = True
        breakdown = controller.hand_scores()
        scene.rows = summary_rows(match, breakdown, names)
        if notice is None:  # the first showing: the hand's scores count up, and the result is heard
            scene.rows_at = lambda elapsed_s: summary_rows(match, breakdown, names, _counting(elapsed_s))
            self._play_result(controller)
        if match.over:
            scene.lines = [_game_over_line(names, match.winners)]
            scene.add("again", _("New game"), flow.new_game, pygame.K_RETURN, _("Enter"))
            self._add_coaching(scene)
            if flow.keeper is not None:
                scene.add("export", _("Save the game record"), self._export_record, pygame.K_e, "E")
            scene.add("title", _("Title screen"), flow.title_after_game, pygame.K_ESCAPE, _("Esc"))
        else:
            scene.lines = [standing_line(match)]
            rounds = plays_rounds(match.rules.shape)
            scene.add("next", _("Next round") if rounds else _("Next hand"), flow.next_hand, pygame.K_RETURN,
                      _("Enter"))  # fmt: skip
            self._add_coaching(scene)
        for extra in (notice, controller.keeping.message()):
            scene.lines.extend(wrapped(extra) if extra else [])
        flow.app.push(scene)

    def _add_coaching(self, scene: MenuScene) -> None:
        """After a hand (in Hand and Foot, a round): review it against the Expert, play its shuffles again, or look
        at the table as it ended."""
        flow = self._flow
        controller = flow.controller
        if controller is not None and plays_rounds(controller.match.rules.shape):
            review, replay = _("Review this round"), _("Replay this round")
        else:
            review, replay = _("Review this hand"), _("Replay this deal")
        scene.add("review", review, self.review_hand, pygame.K_r, "R")
        scene.add("replay", replay, self.replay_deal, pygame.K_d, "D")
        if controller is not None and flow.table is not None:  # and the table as the hand ended, every hand face up
            offer_final_table(scene, flow.table, hands_left(controller.state.hands, controller.human), flow.app.replace)

    def review_hand(self) -> None:
        app, controller = self._flow.app, self._flow.controller
        if controller is not None:
            tools = controller.tools
            app.push(ReviewScreen(app.theme, tools.decisions(), tools.review_seed(), app.pop))

    def replay_deal(self) -> None:
        flow = self._flow
        controller, settings = flow.controller, flow.settings
        if controller is not None:
            options = TableOptions(table_look(settings), flow.sound, flow.rules_at_table, settings.think_s)
            flow.app.push(ReplayScreen(flow.app.theme, controller.hand_deal(), self._back_from_replay, options))

    def _back_from_replay(self) -> None:
        flow = self._flow
        flow.app.pop()
        if flow.sound is not None and flow.controller is not None:  # its meld count followed the replay's table
            flow.sound.follow(flow.controller.human_view())

    def _play_result(self, controller: TableController) -> None:
        """The hand's (or the game's) result, heard: won or lost for the human's side."""
        sound = self._flow.sound
        if sound is None:
            return
        mine = controller.match.rules.seat_side[controller.human]  # the entry of its side (or its own)
        match = controller.match
        if match.over:
            sound.play(SoundName.GAME_WON if mine in match.winners else SoundName.GAME_LOST)
            return
        totals = [side.total for side in controller.hand_scores()]
        won = all(totals[mine] > total for index, total in enumerate(totals) if index != mine)
        sound.play(SoundName.HAND_WON if won else SoundName.HAND_LOST)

    def _export_record(self) -> None:
        """The game-over panel's button: write the record, and say where on the panel."""
        notice = self.write_record()
        self._flow.app.pop()
        self.hand_over(notice)

    def write_record(self) -> str:
        """Write the game's record (rules, seed, every action) for `canasta replay`; what happened, in words."""
        controller, keeper = self._flow.controller, self._flow.keeper
        if controller is None or keeper is None:
            return _("Game records are kept only when the game has its folders.")
        stamp = datetime.now().strftime("%Y-%m-%d-%H%M%S")
        path = keeper.paths.records_folder / f"canasta-{stamp}-{controller.setup.seed}.json"
        try:
            export_record(path, controller.record)
        except OSError as error:
            LOG.warning("cannot export the game record to %s: %s", path, error)
            return _("The game record could not be saved ({reason}).").format(reason=error.strerror or error)
        folder = str(path.parent).replace(" ", "\u00a0")  # a no-break space: the folder is never split over lines
        return _("The game record {name} was saved in this folder: {folder}").format(name=path.name, folder=folder)


def _counting(elapsed_s: float) -> Callable[[int], int]:
    """How far a number of the summary has counted up, `elapsed_s` after the summary opened."""
    return lambda target: count_up(target, elapsed_s, COUNT_UP_S)


def wrapped(text: str) -> list[str]:
    """A long message as lines that fit a menu panel (a menu shows each line as one line)."""
    return textwrap.wrap(text, NOTICE_WIDTH, break_on_hyphens=False, break_long_words=False) or [text]


def _hand_title(controller: TableController, view: PlayerView) -> str:
    out = controller.state.out
    if out is None:
        return _("Round over") if plays_rounds(view.rules.shape) else _("Hand over")
    if out.seat == view.seat:
        return _("You went out concealed") if out.concealed else _("You went out")
    return _("{name} went out").format(name=seat_name(view, out.seat))


def _game_over_line(names: list[str], winners: tuple[int, ...]) -> str:
    if len(winners) == 1:
        return _("Game over: {name} wins.").format(name=names[winners[0]])
    return _("Game over: {names} share the win.").format(names=", ".join(names[index] for index in winners))


def summary_side_name(view: PlayerView, side: int) -> str:
    """A side as the summary and the score sheet name it: "Us" (or "You"), "Them", or a player's name."""
    if side == my_side(view):
        return _("You") if view.rules.players in (2, 3) else _("Us")
    if len(view.rules.shape.sides) == 3 and view.rules.players == 6:
        return side_name(view, side)  # Samba's three partnerships: "Left's side", "Right's side"
    seats = [seat for seat in range(view.rules.players) if view.rules.seat_side[seat] == side]
    return _("Them") if view.rules.players in (4, 6) else seat_name(view, seats[0])
