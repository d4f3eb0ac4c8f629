"""The game window's flow: title, new game, the table, hand summaries, game over, leaving a game.

With a `Keeper` (the real window) the game in progress is saved after every action, the title offers it as
"Continue" on the next start, and finished hands and games count in the statistics. Without one (tests)
nothing is kept between runs.
"""

from __future__ import annotations

import logging
import os
import sys
import textwrap
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from functools import partial
from pathlib import Path

import pygame

from canasta.engine.playerview import PlayerView, my_side
from canasta.engine.refusal_text import list_words
from canasta.engine.refusals import Code
from canasta.engine.rules import Rules, Variant
from canasta.i18n import _, set_language
from canasta.storage.keeper import Keeper, open_keeper
from canasta.storage.record import export_record
from canasta.storage.saves import AutoSaver, SavedGame
from canasta.storage.settings import Language, Settings
from canasta.storage.stats import StatsBook
from canasta.ui.kit.animation import count_up
from canasta.ui.kit.app import INTERRUPTED, App, Scene
from canasta.ui.look.sound import SoundBoard, SoundName
from canasta.ui.look.theme import PALETTES, TableLook
from canasta.ui.look.title_art import title_backdrop
from canasta.ui.screens.final_table import hands_left, offer_final_table
from canasta.ui.screens.house_rules import VARIANTS, variant_name
from canasta.ui.screens.menus import MenuScene, NewGameChoices, new_game_scene, summary_rows
from canasta.ui.screens.new_game import every_games_rules
from canasta.ui.screens.replay import ReplayScreen, TableOptions
from canasta.ui.screens.review import ReviewScreen
from canasta.ui.screens.rules_help import RulesHelpScene, help_for_refusal
from canasta.ui.screens.score_sheet import ScoreSheetScene, SheetNames, standing_line
from canasta.ui.screens.settings import SettingsScene, settings_over_table
from canasta.ui.screens.statistics import StatsFigures, StatsScene, figures_by_game
from canasta.ui.screens.tutorial import TutorialScene
from canasta.ui.table.controller import GameSetup, TableController
from canasta.ui.table.narration.seats import seat_name, side_name
from canasta.ui.table.scene import TableScene

LOG = logging.getLogger(__name__)
NOTICE_WIDTH = 50  # characters per line of a message in a menu panel (room for longer languages too)
COUNT_UP_S = 1.2  # the hand's scores count up on the summary for this long


class GameFlow:
    """Moves between the screens; owns the game in progress (if any) and the saved one."""

    def __init__(
        self, app: App, choices: NewGameChoices | None = None, keeper: Keeper | None = None,
        sound: SoundBoard | None = None,
    ) -> None:  # fmt: skip
        self.app = app
        self.choices = choices or NewGameChoices()
        self.keeper = keeper
        self.sound = sound
        self._language: Language | None = None  # the language installed last (reading a catalogue takes a while)
        self.controller: TableController | None = None
        self.table: TableScene | None = None
        self.saved: SavedGame | None = None  # the game "Continue" takes up when none is open
        self.notices: list[str] = []  # what went wrong with the files, shown on the title screen
        if keeper is not None:
            keeper.settings.listen(self._settings_changed)
            self.notices.extend(keeper.messages())
            loaded = keeper.saver.load()
            self.saved = loaded.value
            if loaded.message:
                self.notices.append(loaded.message)
        self._apply_settings(self.settings)

    @property
    def settings(self) -> Settings:
        return self.keeper.settings.settings if self.keeper is not None else Settings()

    # -- screens ----------------------------------------------------------------------------------------------

    def title(self) -> None:
        scene = MenuScene(self.app.theme, "Canasta")
        scene.lines = [_("{games} against computer players.").format(games=_games_line())]
        scene.lines.extend(line for notice in self.notices for line in _wrapped(notice))
        scene.add("new", _("New game"), self.new_game, pygame.K_n, "N")
        scene.add("learn", _("Learn to play"), self.learn, pygame.K_l, "L")
        scene.add("continue", _("Continue"), self.continue_game, pygame.K_c, "C")
        scene.buttons[-1].enabled = self.controller is not None or self.saved is not None
        scene.add("settings", _("Settings"), self.settings_screen, pygame.K_s, "S")
        scene.add("statistics", _("Statistics"), self.statistics, pygame.K_t, "T")
        scene.add("rules", _("Rules"), self.rules, pygame.K_r, "R")
        scene.add("quit", _("Quit"), self.quit, pygame.K_q, "Q")
        scene.backdrop = title_backdrop(self.app.theme)  # the felt with the title's art
        self._show(scene)

    def learn(self) -> None:
        """The guided first game, on the lesson's four-player table."""
        rules = Rules.for_players(4)
        self._show(
            TutorialScene(
                self.app.theme, self.title, self.title, look=_look(self.settings), sound=self.sound,
                on_rule_help=lambda code: self.app.push(help_for_refusal(self.app.theme, rules, code, self.app.pop)),
            )
        )  # fmt: skip

    def review_hand(self) -> None:
        controller = self.controller
        if controller is not None:
            self.app.push(
                ReviewScreen(self.app.theme, controller.tools.decisions(), controller.tools.review_seed(), self.app.pop)
            )

    def replay_deal(self) -> None:
        controller = self.controller
        if controller is not None:
            options = TableOptions(_look(self.settings), self.sound, self.rules_at_table, self.settings.think_s)
            self.app.push(ReplayScreen(self.app.theme, controller.hand_deal(), self._back_from_replay, options))

    def _back_from_replay(self) -> None:
        self.app.pop()
        if self.sound is not None and self.controller is not None:  # its meld count followed the replay's table
            self.sound.follow(self.controller.human_view())

    def new_game(self) -> None:
        self._show(new_game_scene(self.app.theme, self.choices, self.start, self.title))

    def start(self, setup: GameSetup) -> None:
        """A new game (it replaces the saved one, if any)."""
        self._end_game()
        self.saved = None
        self.notices.clear()
        setup = replace(setup, think_s=self.settings.think_s) if self.keeper is not None else setup
        self._open(TableController(setup, saver=self._saver(), stats=self._stats()))

    def continue_game(self) -> None:
        """Back to the open game, or take up the saved one."""
        if self.table is not None:
            self._show(self.table)
        elif self.saved is not None:
            saved, self.saved = self.saved, None
            self.notices.clear()
            think_s = self.settings.think_s
            self._open(TableController.resume(saved, think_s, saver=self._saver(), stats=self._stats()))

    def back_to_table(self) -> None:
        """The same as Continue (kept for callers of the first window)."""
        self.continue_game()

    def hand_over(self, notice: str | None = None) -> None:
        controller = self.controller
        assert controller is not None
        match = controller.match
        view = controller.human_view()
        names = [_side_name(view, side) for side in range(len(controller.state.melds))]
        scene = MenuScene(self.app.theme, _hand_title(controller, view))
        scene.dim = True
        breakdown = controller.hand_scores()
        scene.rows = summary_rows(match, breakdown, names)
        if notice is None:  # the first showing: the hand's scores count up, and the result is heard
            scene.rows_at = lambda elapsed_s: summary_rows(match, breakdown, names, _counting(elapsed_s))
            self._play_result(controller)
        if match.over:
            scene.lines = [_game_over_line(names, match.winners)]
            scene.add("again", _("New game"), self.new_game, pygame.K_RETURN, _("Enter"))
            self._add_coaching(scene)
            if self.keeper is not None:
                scene.add("export", _("Save the game record"), self._export_record, pygame.K_e, "E")
            scene.add("title", _("Title screen"), self._to_title_after_game, pygame.K_ESCAPE, _("Esc"))
        else:
            scene.lines = [standing_line(match)]
            rounds = match.rules.variant is Variant.HAND_AND_FOOT
            scene.add("next", _("Next round") if rounds else _("Next hand"), self.next_hand, pygame.K_RETURN,
                      _("Enter"))  # fmt: skip
            self._add_coaching(scene)
        for extra in (notice, controller.keeping.message()):
            scene.lines.extend(_wrapped(extra) if extra else [])
        self.app.push(scene)

    def _add_coaching(self, scene: MenuScene) -> None:
        """After a hand (in Hand and Foot, a round): review it against the Expert, play its shuffles again, or look
        at the table as it ended."""
        controller = self.controller
        if controller is not None and controller.match.rules.variant is Variant.HAND_AND_FOOT:
            review, replay = _("Review this round"), _("Replay this round")
        else:
            review, replay = _("Review this hand"), _("Replay this deal")
        scene.add("review", review, self.review_hand, pygame.K_r, "R")
        scene.add("replay", replay, self.replay_deal, pygame.K_d, "D")
        if controller is not None and self.table is not None:  # and the table as the hand ended, every hand face up
            offer_final_table(scene, self.table, hands_left(controller.state.hands, controller.human), self.app.replace)

    def next_hand(self) -> None:
        self.app.pop()
        if self.controller is not None:
            self.controller.next_hand()

    def leave(self) -> None:
        """Escape or the window's close button: never loses the game without asking."""
        if self.controller is None or self.controller.match.over:
            self.quit() if self.table is None else self.title()
            return
        scene = MenuScene(self.app.theme, _("Leave this game?"))
        scene.dim = True
        scene.lines = _wrapped(self._saved_line())
        scene.add("stay", _("Keep playing"), self.app.pop, pygame.K_ESCAPE, _("Esc"))
        scene.add("sheet", _("Score sheet"), self._from_menu(self.score_sheet), pygame.K_s, "S")
        scene.add("rules", _("Rules"), self._from_menu(self.rules_at_table), pygame.K_r, "R")
        over_table = partial(settings_over_table, self.app, self.settings, self._settings_chosen)
        scene.add("settings", _("Settings"), self._from_menu(over_table), pygame.K_o, "O")
        scene.add("leave", _("Leave the game"), self._abandon, pygame.K_l, "L")
        scene.add("quit", _("Quit Canasta"), self.quit, pygame.K_q, "Q")
        self.app.push(scene)

    def _saved_line(self) -> str:
        controller = self.controller
        if self.keeper is None or controller is None:
            return _("The game in progress is not saved.")
        return controller.keeping.message() or _("The game is saved: Continue on the title screen takes it up again.")

    def _abandon(self) -> None:
        """Leave the game for the title; with a keeper it stays saved, and Continue takes it up again."""
        controller = self.controller
        if self.keeper is not None and controller is not None and not controller.match.over:
            self.saved = SavedGame(controller.record, controller.match, controller.state)
        self._end_game()
        self.title()

    def _to_title_after_game(self) -> None:
        self._end_game()
        self.title()

    def quit(self) -> None:
        self._end_game()
        if self.keeper is not None:
            self.keeper.close()
        self.app.quit()

    def _export_record(self) -> None:
        """The game-over panel's button: write the record, and say where on the panel."""
        notice = self._write_record()
        self.app.pop()
        self.hand_over(notice)

    def _write_record(self) -> str:
        """Write the game's record (rules, seed, every action) for `canasta replay`; what happened, in words."""
        controller, keeper = self.controller, self.keeper
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

    # -- settings, statistics, rules, the score sheet ---------------------------------------------------------

    def settings_screen(self) -> None:
        self._show(SettingsScene(self.app.theme, self.settings, self._settings_chosen, self.title))

    def _settings_chosen(self, settings: Settings) -> None:
        """The settings screen changed something: keep it (the store's listeners apply it), or apply it here."""
        if self.keeper is None:
            self._apply_settings(settings)
            return
        try:
            self.keeper.settings.change(**{name: getattr(settings, name) for name in settings.__slots__})
        except ValueError as error:
            LOG.warning("a setting was refused: %s", error)

    def statistics(self) -> None:
        book = None if self.keeper is None else self.keeper.stats
        if book is None:
            games = dict.fromkeys(VARIANTS, StatsFigures())
        else:
            games = figures_by_game(lambda game: book.statistics(variant=game), VARIANTS)
        classic = games.pop(Variant.CLASSIC)
        self._show(StatsScene(self.app.theme, classic, self._reset_statistics, self.title, games))

    def _reset_statistics(self) -> None:
        if self.keeper is not None:
            self.keeper.stats.reset()

    def rules(self) -> None:
        """From the title: every game's rules, open at the game the new-game screen has chosen."""
        games = every_games_rules(self.choices)
        chosen = next(rules for rules in games if rules.variant is self.choices.variant)
        self._show(RulesHelpScene(self.app.theme, chosen, self.title, games=games))

    def rules_at_table(self, code: Code | None = None) -> None:
        """Over the table; at the rule a refused move broke when `code` is given."""
        if self.controller is None:
            return
        rules = self.controller.setup.rules
        if code is None:
            self.app.push(RulesHelpScene(self.app.theme, rules, self.app.pop))
        else:
            self.app.push(help_for_refusal(self.app.theme, rules, code, self.app.pop))

    def score_sheet(self) -> None:
        controller = self.controller
        if controller is None:
            return
        view = controller.human_view()
        names = SheetNames(
            tuple(_side_name(view, side) for side in range(len(controller.match.scores))),
            tuple(seat_name(view, seat) for seat in range(view.rules.players)),
        )
        self.app.push(ScoreSheetScene(self.app.theme, controller.match, names, self._write_record, self.app.pop))

    def _from_menu(self, show: Callable[[], None]) -> Callable[[], None]:
        def open_it() -> None:
            self.app.pop()  # the "Leave this game?" panel
            show()

        return open_it

    # -- helpers ----------------------------------------------------------------------------------------------

    def _open(self, controller: TableController) -> None:
        self.controller = controller
        controller.set_expert_s(self.settings.expert_s)
        self.table = TableScene(
            self.app.theme, controller, self.hand_over, self.leave, look=_look(self.settings), sound=self.sound,
            on_rule_help=self.rules_at_table,
        )  # fmt: skip
        if self.sound is not None:
            self.sound.follow(controller.human_view())
        self._show(self.table)

    def _play_result(self, controller: TableController) -> None:
        """The hand's (or the game's) result, heard: won or lost for the human's side."""
        if self.sound is None:
            return
        mine = controller.match.rules.seat_side[controller.human]  # the entry of its side (or its own)
        match = controller.match
        if match.over:
            self.sound.play(SoundName.GAME_WON if mine in match.winners else SoundName.GAME_LOST)
            return
        totals = [side.total for side in controller.hand_scores()]
        won = all(totals[mine] > total for index, total in enumerate(totals) if index != mine)
        self.sound.play(SoundName.HAND_WON if won else SoundName.HAND_LOST)

    def _saver(self) -> AutoSaver | None:
        return None if self.keeper is None else self.keeper.saver

    def _stats(self) -> StatsBook | None:
        return None if self.keeper is None else self.keeper.stats

    def _settings_changed(self, settings: Settings) -> None:
        """Settings apply at once."""
        self._apply_settings(settings)

    def _apply_settings(self, settings: Settings) -> None:
        """Language, colours and cards, full screen, sound, and the open game's look and thinking pause."""
        if settings.language is not self._language:  # not again for every volume or colour change
            set_language(settings.language.value)
            self._language = settings.language
        self.app.theme.restyle(settings.card_style.value, PALETTES[settings.table_theme])
        self.app.set_full_screen(settings.full_screen)
        if self.sound is not None:
            self.sound.set_volume(settings.volume)
            self.sound.set_muted(settings.muted)
        if self.controller is not None:
            self.controller.set_think_s(settings.think_s)
            self.controller.set_expert_s(settings.expert_s)
        if self.table is not None:
            self.table.apply_look(_look(settings))

    def _show(self, scene: Scene) -> None:
        self.app.scenes.clear()
        self.app.push(scene)

    def _end_game(self) -> None:
        if self.controller is not None:
            self.controller.close()
        self.controller = None
        self.table = None


def _look(settings: Settings) -> TableLook:
    return TableLook(
        settings.card_style, settings.large_cards, settings.table_theme, settings.animation_speed,
        settings.reduced_motion, settings.confirm_risky_discard,
    )  # fmt: skip


def _games_line() -> str:
    """Every game the window plays, by name: "Classic Canasta, Samba, Bolivia and Hand and Foot"."""
    return list_words([variant_name(variant) for variant in VARIANTS])


def _counting(elapsed_s: float) -> Callable[[int], int]:
    """How far a number of the summary has counted up, `elapsed_s` after the summary opened."""
    return lambda target: count_up(target, elapsed_s, COUNT_UP_S)


def _wrapped(text: str) -> list[str]:
    """A long message as lines that fit a menu panel (a menu shows each line as one line)."""
    return textwrap.wrap(text, NOTICE_WIDTH, break_on_hyphens=False, break_long_words=False) or [text]


def _hand_title(controller: TableController, view: PlayerView) -> str:
    out = controller.state.out
    if out is None:
        return _("Round over") if view.rules.variant is Variant.HAND_AND_FOOT else _("Hand over")
    if out.seat == view.seat:
        return _("You went out concealed") if out.concealed else _("You went out")
    return _("{name} went out").format(name=seat_name(view, out.seat))


def _game_over_line(names: list[str], winners: tuple[int, ...]) -> str:
    if len(winners) == 1:
        return _("Game over: {name} wins.").format(name=names[winners[0]])
    return _("Game over: {names} share the win.").format(names=", ".join(names[index] for index in winners))


def _side_name(view: PlayerView, side: int) -> str:
    if side == my_side(view):
        return _("You") if view.rules.players in (2, 3) else _("Us")
    if len(view.rules.shape.sides) == 3 and view.rules.players == 6:
        return side_name(view, side)  # Samba's three partnerships: "Left's side", "Right's side"
    seats = [seat for seat in range(view.rules.players) if view.rules.seat_side[seat] == side]
    return _("Them") if view.rules.players in (4, 6) else seat_name(view, seats[0])


def run_window(choices: NewGameChoices | None = None, home: Path | None = None) -> int:
    """Open the window on the title screen and play until the player quits.

    The settings, the saved game and the statistics are read from the game's folders (`home` instead, when
    given); the settings are passed on to the flow, which applies what it knows (the thinking pause).
    """
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from canasta.storage.paths import StoragePaths

    keeper = open_keeper(None if home is None else StoragePaths(home, home))
    app = App()
    settings = keeper.settings.settings
    flow = GameFlow(app, choices, keeper, SoundBoard(volume=settings.volume, muted=settings.muted))
    app.on_close = flow.leave
    app.on_terminate = flow.quit  # the game in progress stays saved for Continue; the exit status is 0
    flow.title()
    try:
        app.run()
    finally:
        keeper.close()
    if app.state.interrupted:  # Ctrl-C: closed as by the close button, the game kept; one line, as every command
        print("canasta: interrupted; the game in progress is saved", file=sys.stderr)
        return INTERRUPTED
    return 0
