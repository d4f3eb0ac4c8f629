"""Replay this deal: after a hand, the very same shuffle again, played by the human once more, or by the Expert
in the human's seat (watched on the table), and the results side by side.

The Expert plays the deal on its own thread as soon as the screen opens (seeded and free of the clock, so the
same deal always plays the same way); watching shows its moves at the table's pace from the human's seat, under a
band that says the Expert is playing (the table's own buttons for the human's moves stay dimmed: nobody acts).
Its result is one play of the deal; the review's points are averages over many sampled deals, so they differ.
"""

from __future__ import annotations

import enum
import random
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from canasta.ai.base import Bot, CardMemory
from canasta.ai.levels import make_bot
from canasta.ai.lookahead import Budget
from canasta.coach.hint import Hint
from canasta.coach.replay_deal import AUTOPLAY_BUDGET, AutoplayResult, play_out
from canasta.engine import view_for
from canasta.engine.actions import Action
from canasta.engine.events import Event
from canasta.engine.play import replay
from canasta.engine.playerview import Phase, PlayerView, score_index
from canasta.engine.refusals import Code, Refusal
from canasta.engine.scoring import SideScore
from canasta.i18n import _
from canasta.storage.settings import DEFAULT_THINK_S
from canasta.ui.geometry import MIN_TEXT_PX, Box
from canasta.ui.kit.background import BackgroundJob, Progress
from canasta.ui.kit.widgets import ui_px
from canasta.ui.look.theme import TableLook, Theme
from canasta.ui.screens.menus import MenuScene, breakdown_lines, shown_lines
from canasta.ui.table.coach import SoundBoardLike
from canasta.ui.table.controller import GameSetup, HandDeal, TableController
from canasta.ui.table.drawing.frame import TURN_MARKER
from canasta.ui.table.game import NoPracticeTools
from canasta.ui.table.motion import SoundPlayer
from canasta.ui.table.scene import TableScene

EXPERT_SEED_SALT = "expert-replay"


@dataclass(frozen=True, slots=True)
class ExpertPlay:
    """The Expert's hand in the human's seat: every action in order (as played) and the result."""

    actions: tuple[Action, ...]
    result: AutoplayResult


class _Progressing:
    """A computer player that reports each decision to the job's progress (and stops when it is given up)."""

    def __init__(self, bot: Bot, progress: Progress, played: list[Action]) -> None:
        self.bot, self.progress, self.played = bot, progress, played

    def choose(self, view: PlayerView, memory: CardMemory) -> Action:
        self.progress.step(len(self.played), 0)
        return self.bot.choose(view, memory)

    def answer_go_out(self, view: PlayerView, memory: CardMemory) -> bool:
        return self.bot.answer_go_out(view, memory)


def expert_seed(deal: HandDeal) -> int:
    """The Expert's replay seed for a deal: the same deal always plays the same way."""
    return random.Random(f"{deal.seed}:{deal.number}:{EXPERT_SEED_SALT}").getrandbits(32)


def expert_play(deal: HandDeal, budget: Budget = AUTOPLAY_BUDGET, progress: Progress | None = None) -> ExpertPlay:
    """The deal played by the Expert in the human's seat and the game's levels elsewhere: the players are made
    as `canasta.coach.replay_deal.autoplay_seat` makes them, so the result is the one it gives."""
    progress = progress or Progress()
    start = deal.deal()
    players = start.rules.players
    rng = random.Random(expert_seed(deal))
    played: list[Action] = []  # every action as played (a failing choice already replaced by the safe move)
    bots: list[Bot] = [
        _Progressing(make_bot("expert" if seat == deal.human else level, rng, players, budget), progress, played)
        for seat, level in enumerate(deal.levels)
    ]
    result = play_out(start, bots, lambda _state, action, _transition: played.append(action))
    return ExpertPlay(tuple(played), result)


class WatchGame(NoPracticeTools):
    """The Expert's hand shown from the human's seat at the table's pace (a `TableGame` nobody acts in)."""

    def __init__(self, deal: HandDeal, play: ExpertPlay, think_s: float) -> None:
        self.setup = GameSetup(deal.rules, deal.levels, deal.seed, deal.human, think_s, practice=False)
        self.states = deque(replay(deal.deal(), play.actions))
        self.state = self.states.popleft()
        self.events: deque[Event] = deque(self.state.seen[deal.human])
        self._wait_s = think_s

    @property
    def human(self) -> int:
        return self.setup.human

    def human_view(self) -> PlayerView:
        return view_for(self.state, self.human)

    def human_to_act(self) -> bool:
        return False

    def hand_over(self) -> bool:
        return self.state.phase is Phase.OVER

    def submit(self, action: Action) -> Refusal | None:
        return None

    def update(self, dt_s: float) -> None:
        """The next move after the pause; its events (as the human's seat sees them) to animate."""
        self._wait_s -= dt_s
        if self._wait_s > 0 or not self.states:
            return
        seen = len(self.state.seen[self.human])
        self.state = self.states.popleft()
        self.events.extend(self.state.seen[self.human][seen:])
        self._wait_s = self.setup.think_s

    def score_hand(self) -> None:
        return None

    def hint(self) -> Hint | None:
        return None

    def stand_in(self) -> str | None:
        return _("Expert")


class Mode(enum.Enum):
    MENU = "menu"
    PLAYING = "playing"  # the human plays the deal again
    WATCHING = "watching"  # the Expert plays the human's seat


@dataclass(frozen=True, slots=True)
class TableOptions:
    """How the inner table looks, sounds and thinks."""

    look: TableLook | None = None
    sound: SoundPlayer | None = None
    on_rule_help: Callable[[Code], None] | None = None
    think_s: float = DEFAULT_THINK_S


class ReplayScreen:
    """The choices and the results side by side; the table while the deal is played again or watched."""

    def __init__(
        self,
        theme: Theme,
        deal: HandDeal,
        back: Callable[[], None],
        options: TableOptions | None = None,
        *,
        budget: Budget = AUTOPLAY_BUDGET,
    ) -> None:
        self.theme = theme
        self.deal = deal
        self.back_action = back
        self.options = options or TableOptions()
        self.size = (1280, 800)
        self.mode = Mode.MENU
        self.again: SideScore | None = None  # the human's side's score when he played the deal again
        self.table: TableScene | None = None
        self.controller: TableController | None = None
        self.expert = BackgroundJob(lambda progress: expert_play(deal, budget, progress), name="canasta-replay")
        self.menu = self._menu()

    # -- the scores ---------------------------------------------------------------------------------------------

    def expert_score(self) -> SideScore | None:
        if not self.expert.ready:
            return None
        result = self.expert.result().result
        return result.scores[score_index(result.final.rules, self.deal.human)]

    def rows(self) -> list[list[str]]:
        """The human's side's score for the hand: the first time, played again, and the Expert's."""
        columns = (self.deal.played, self.again, self.expert_score())
        rows = [["", _("You"), _("Again"), _("Expert")]]  # short: four columns share the panel
        for key, label in shown_lines(breakdown_lines(self.deal.rules), columns):
            words = ("\u2013" if score is None else f"{score.to_dict().get(key, 0):+d}" for score in columns)
            rows.append([_(label), *words])
        return rows

    def _menu(self) -> MenuScene:
        menu = MenuScene(self.theme, _("Replay this deal"))
        menu.dim = True
        menu.add("again", _("Play it again yourself"), self.play_again, pygame.K_p, "P")
        menu.add("watch", _("Watch the Expert play your seat"), self.watch, pygame.K_w, "W")
        menu.add("back", _("Back"), self.back, pygame.K_ESCAPE, _("Esc"))
        self._refresh_menu(menu)
        menu.resize(self.size)
        return menu

    def _refresh_menu(self, menu: MenuScene) -> None:
        menu.lines = [_("The same shuffle again: every hand and the stock as they were dealt.")]
        if self.expert.failed:
            menu.lines.append(_("The Expert could not play this deal."))
        elif not self.expert.ready:
            menu.lines.append(_("The Expert is playing your seat on this deal\u2026"))
        else:
            menu.lines.append(
                _("Each column is one play of the deal; the review's points are averages over many, so they differ.")
            )
            menu.lines.append(_("Your side's points for the hand, side by side:"))
        menu.rows = self.rows()
        menu.buttons[1].enabled = self.expert.ready

    # -- choices ---------------------------------------------------------------------------------------------

    def play_again(self) -> None:
        """The human plays the same deal again, as a practice game that is neither saved nor counted."""
        options, deal = self.options, self.deal
        setup = GameSetup(deal.rules, deal.levels, deal.seed, deal.human, options.think_s, practice=True)
        self.controller = TableController.for_deal(setup, deal)
        self._open(self.controller, Mode.PLAYING)

    def watch(self) -> None:
        """The Expert's hand in the human's seat, move by move at the table."""
        if self.expert.ready:
            self._open(WatchGame(self.deal, self.expert.result(), self.options.think_s), Mode.WATCHING)

    def back(self) -> None:
        self.expert.cancel()
        self._close_table()
        self.back_action()

    def _open(self, game: TableController | WatchGame, mode: Mode) -> None:
        options = self.options
        self.table = TableScene(
            self.theme, game, self._hand_done, self.to_menu, look=options.look, sound=options.sound,
            on_rule_help=options.on_rule_help,
        )  # fmt: skip
        self.mode = mode
        self.table.resize(self._table_size())
        board: object = options.sound
        if isinstance(board, SoundBoardLike):  # its canasta sounds count the melds of the table shown
            board.follow(game.human_view())

    def _hand_done(self) -> None:
        controller = self.controller
        if self.mode is Mode.PLAYING and controller is not None:
            self.again = controller.hand_scores()[score_index(controller.state.rules, self.deal.human)]
        self.to_menu()

    def to_menu(self) -> None:
        """Back to the choices (a deal being played again is given up)."""
        self._close_table()
        self.mode = Mode.MENU
        self._refresh_menu(self.menu)

    def _close_table(self) -> None:
        if self.controller is not None:
            self.controller.close()
        self.controller, self.table = None, None

    # -- the band over the table ------------------------------------------------------------------------------

    @property
    def band(self) -> Box:
        """The band across the top that says who plays the table below it."""
        return Box(0, 0, self.size[0], round(ui_px(self.size) * 2.4))

    def _table_size(self) -> tuple[int, int]:
        return (self.size[0], max(1, self.size[1] - self.band.h))

    def band_words(self) -> tuple[str, str]:
        """What the band says: who plays, and what to do (empty while the choices are shown)."""
        if self.mode is Mode.WATCHING:
            return _("Expert plays your seat"), _("Its moves at the table's pace. Esc: back to the results")
        if self.mode is Mode.PLAYING:
            return _("You play this deal again"), _("A practice hand, not counted. Esc: back to the results")
        return "", ""

    def to_window(self, pos: tuple[int, int]) -> tuple[int, int]:
        """A point of the table as the window's point (the table lies below the band)."""
        return (pos[0], pos[1] + self.band.h)

    def _to_table(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """The event as the table sees it: points moved up by the band; a click on the band is nobody's."""
        if not hasattr(event, "pos"):
            return event
        x, y = event.pos
        if y < self.band.h and event.type != pygame.MOUSEMOTION:
            return None
        return pygame.event.Event(event.type, {**event.dict, "pos": (x, y - self.band.h)})

    def _watch_message(self, table: TableScene) -> None:
        """While the Expert plays, the message line says so when the human's seat is to move (the table would
        ask the human to play), and a key that acts gives no lasting "wait for your turn"."""
        view = table.ctl.human_view()
        if view.phase is not Phase.OVER and view.current == view.seat:
            words = _("The Expert is choosing its move in your seat\u2026")
            table.message = f"{TURN_MARKER} {words}"
        elif not table.message.startswith(TURN_MARKER):
            table.message = ""  # the table says whose turn it is again

    def _draw_band(self, screen: pygame.Surface) -> None:
        theme, band, px = self.theme, self.band, ui_px(self.size)
        palette = theme.palette
        pygame.draw.rect(screen, palette.panel, band.as_tuple())
        pygame.draw.line(screen, palette.accent, (0, band.bottom - 1), (band.right, band.bottom - 1), 2)
        who, what = self.band_words()
        heading = f"{TURN_MARKER} {who}"
        heading_w = min(theme.font(px, bold=True).size(heading)[0], band.w // 2)
        theme.text(screen, heading, Box(px, band.y, heading_w, band.h), px, bold=True, colour=palette.accent)
        rest = Box(px + heading_w + px, band.y, band.w - heading_w - 3 * px, band.h)
        theme.text(screen, what, rest, max(MIN_TEXT_PX, px * 9 // 10), colour=palette.dim_text, align="right")

    # -- scene protocol ---------------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.table is None:
            self.menu.handle_event(event)
            return
        seen = self._to_table(event)
        if seen is not None:
            self.table.handle_event(seen)

    def update(self, dt_s: float) -> None:
        if self.table is None:
            self._refresh_menu(self.menu)
            return
        table = self.table
        table.update(dt_s)
        if self.mode is Mode.WATCHING and self.table is table:
            self._watch_message(table)

    def draw(self, screen: pygame.Surface) -> None:
        if self.table is None:
            self.menu.draw(screen)
            return
        width, height = self._table_size()
        self.table.draw(screen.subsurface((0, self.band.h, width, height)))
        self._draw_band(screen)

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.menu.resize(size)
        if self.table is not None:
            self.table.resize(self._table_size())
