"""The guided first game ("Learn to play"): the table below, and above it a panel with the lesson's step.

The newcomer plays seat 0 of a prepared deal (`canasta.coach.tutorial`). The panel says what to do and why;
the move expected is marked on the table as a hint is; the other players' scripted moves follow at the usual
pace. A move the rules refuse says why (with "Why?" and F2, as at any table); a legal move off the lesson is
refused with the lesson's words. At the end the panel congratulates, and Enter leaves.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

import pygame

from canasta.coach.hint import Hint
from canasta.coach.tutorial import HUMAN_SEAT, TutorialRun, tutorial_steps
from canasta.engine import check, view_for
from canasta.engine.actions import Action
from canasta.engine.events import Event
from canasta.engine.playerview import Phase, PlayerView, score_index
from canasta.engine.refusals import Code, Refusal
from canasta.engine.scoring import score_hand
from canasta.i18n import _, ngettext
from canasta.ui.geometry import Box
from canasta.ui.kit.widgets import wrap_lines
from canasta.ui.look.theme import Button, TableLook, Theme
from canasta.ui.table.controller import GameSetup
from canasta.ui.table.game import NoPracticeTools
from canasta.ui.table.motion import SoundPlayer
from canasta.ui.table.scene import TableScene

TUTORIAL_THINK_S = 0.9  # the scripted players' pause: a little slower than a game's, to be followed


class TutorialGame(NoPracticeTools):
    """The guided game as the table sees it (a `TableGame`): the lesson's state, its scripted players paced
    like computer players, and the step's move as the hint."""

    def __init__(self, run: TutorialRun, think_s: float = TUTORIAL_THINK_S) -> None:
        self.run = run
        players = run.state.rules.players
        levels = tuple("human" if seat == HUMAN_SEAT else "scripted" for seat in range(players))
        self.setup = GameSetup(run.state.rules, levels, seed=0, human=HUMAN_SEAT, think_s=think_s)
        self.events: deque[Event] = deque()
        self.note = ""  # said in the panel when the last move was not the lesson's
        self._wait_s = think_s
        self._collect()

    @property
    def human(self) -> int:
        return HUMAN_SEAT

    def human_view(self) -> PlayerView:
        return view_for(self.run.state, HUMAN_SEAT)

    def human_to_act(self) -> bool:
        return self.run.step is not None and self.run.state.current == HUMAN_SEAT and not self.hand_over()

    def hand_over(self) -> bool:
        return self.run.state.phase is Phase.OVER

    def submit(self, action: Action) -> Refusal | None:
        """The rules' refusal, if any; else the lesson takes the move or not (`note` says why not)."""
        if not self.human_to_act():
            return None
        refusal = check(self.human_view(), action)
        if refusal is not None:
            return refusal
        feedback = self.run.submit(action)
        self.note = (
            ""
            if feedback.accepted
            else _("That move is allowed, but it is not this step's: the marks on the table show the move to make.")
        )
        self._collect()
        return None

    def update(self, dt_s: float) -> None:
        """The scripted players move one at a time, each after the pause."""
        if not self.run.computer_to_move():
            self._wait_s = self.setup.think_s
            return
        self._wait_s -= dt_s
        if self._wait_s <= 0:
            self.run.play_next_scripted()
            self._collect()
            self._wait_s = self.setup.think_s

    def score_hand(self) -> None:
        return None  # the lesson's hand counts nowhere

    def points(self) -> int:
        """The newcomer's side's score for the hand."""
        state = self.run.state
        return score_hand(state)[score_index(state.rules, HUMAN_SEAT)].total

    def hint(self) -> Hint | None:
        step = self.run.step
        if step is None or not self.human_to_act():
            return None
        return Hint(step.expected, step.message())

    def _collect(self) -> None:
        self.events.extend(self.run.events)
        self.run.events.clear()


class TutorialScene(TableScene):
    """The lesson's panel over the table. `on_done` when the newcomer finishes (Enter at the end); `on_menu`
    for Escape (leaving the lesson)."""

    def __init__(  # noqa: PLR0913  # the look, sound, rule help and pace are optional keywords
        self,
        theme: Theme,
        on_done: Callable[[], None],
        on_menu: Callable[[], None],
        *,
        run: TutorialRun | None = None,
        look: TableLook | None = None,
        sound: SoundPlayer | None = None,
        on_rule_help: Callable[[Code], None] | None = None,
        think_s: float = TUTORIAL_THINK_S,
    ) -> None:
        self.game = TutorialGame(run if run is not None else TutorialRun(), think_s)
        self.on_done = on_done
        self.finished = False
        self.window = (1280, 800)
        self.panel = Box(0, 0, 1280, 0)
        self.done_button = Button("done", _("Finish"), Box(0, 0, 0, 0), key_hint=_("Enter"))
        self.leave_button = Button("leave", _("Leave the lesson"), Box(0, 0, 0, 0), key_hint=_("Esc"))
        super().__init__(theme, self.game, self._hand_done, on_menu, look=look, sound=sound, on_rule_help=on_rule_help)
        self.resize(self.window)

    # -- scene protocol: the panel on top, the table below ---------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        self.window = size
        self.panel = Box(0, 0, size[0], self._panel_h(size))
        super().resize((size[0], max(1, size[1] - self.panel.h)))
        px, pad = self.px, self.px // 2
        button_h, right = round(px * 1.9), size[0] - pad
        for button in (self.leave_button, self.done_button):  # from the right
            width = self.theme.font(px).size(f"{button.label} ({button.key_hint})")[0] + 2 * px
            button.box = Box(right - width, self.panel.bottom - pad - button_h, width, button_h)
            right -= width + pad

    @property
    def px(self) -> int:
        return max(12, min(self.window[0] // 72, self.window[1] // 46))

    def _panel_h(self, size: tuple[int, int]) -> int:
        """Room for the heading, the longest step's text, a note and the buttons at this width."""
        px = max(12, min(size[0] // 72, size[1] // 46))
        font = self.theme.font(px)
        width = size[0] - 2 * px
        longest = max(len(wrap_lines(font, step.message(), width)) for step in tutorial_steps())
        line_h = round(px * 1.35)
        return min(size[1] // 3, (longest + 2) * line_h + round(px * 1.9) + 2 * px)

    def update(self, dt_s: float) -> None:
        super().update(dt_s)
        if self.coach.hint is None and self.game.human_to_act():  # the lesson's move is always marked
            given = self.game.hint()
            self.coach.hint = None if given is None else (given, self.game.human_view())

    def draw(self, screen: pygame.Surface) -> None:
        table = screen.subsurface((0, self.panel.bottom, self.window[0], max(1, self.window[1] - self.panel.h)))
        super().draw(table)
        self._draw_panel(screen)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.finished:
            self.on_done()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.panel.contains_point(event.pos):
            self._panel_click(event.pos)
            return
        if hasattr(event, "pos"):  # the table lies below the panel
            event = pygame.event.Event(event.type, {**event.dict, "pos": self.to_table(event.pos)})
        super().handle_event(event)

    def to_table(self, pos: tuple[int, int]) -> tuple[int, int]:
        """A window point as the table's point."""
        return (pos[0], pos[1] - self.panel.bottom)

    def to_window(self, pos: tuple[int, int]) -> tuple[int, int]:
        """A point of the table as the window's point."""
        return (pos[0], pos[1] + self.panel.bottom)

    def _panel_click(self, pos: tuple[int, int]) -> None:
        if self.leave_button.hit(pos):
            self.on_menu()
        elif self.finished and self.done_button.hit(pos):
            self.on_done()

    # -- the newcomer's moves ---------------------------------------------------------------------------------

    def act(self, action: Action) -> bool:
        """The rules' refusal as at any table; a legal move off the lesson is refused with the lesson's words."""
        index = self.game.run.index
        if not super().act(action):
            self.game.note = ""  # the message line says which rule it breaks
            return False
        if self.game.run.index == index:  # not played: the lesson wants another move
            self.message = _("Not this move now: the lesson above says what to do.")
            self.coach.play_refused()
            return False
        return True

    def _hand_done(self) -> None:
        self.finished = True

    # -- the panel --------------------------------------------------------------------------------------------

    def panel_lines(self) -> tuple[str, list[str], str]:
        """The panel's heading, its text and its note (why a move was not taken; "" when none)."""
        run, count = self.game.run, len(self.game.run.steps)
        if self.finished:
            points = self.game.points()
            text = ngettext(
                "Well done! You went out, and your side scored {points} point in this hand. You know the whole "
                "game now: start a game of your own from the title screen.",
                "Well done! You went out, and your side scored {points} points in this hand. You know the whole "
                "game now: start a game of your own from the title screen.",
                points,
            ).format(points=points)
            return _("Learn to play \u00b7 finished"), [text], ""
        heading = _("Learn to play \u00b7 step {number} of {count}").format(
            number=min(run.index + 1, count), count=count
        )
        step = run.step
        if step is None:
            return heading, [_("The other players are taking their turns. Watch the table.")], ""
        return heading, [step.message()], self.game.note

    def _draw_panel(self, screen: pygame.Surface) -> None:
        theme, px, panel = self.theme, self.px, self.panel
        palette = theme.palette
        pygame.draw.rect(screen, palette.panel, panel.as_tuple())
        pygame.draw.line(screen, palette.accent, (0, panel.bottom - 1), (panel.right, panel.bottom - 1), 2)
        heading, texts, note = self.panel_lines()
        line_h, width = round(px * 1.35), panel.w - 2 * px
        theme.text(screen, heading, Box(px, px // 2, width, line_h), px, bold=True, colour=palette.accent)
        lines = [line for text in texts for line in wrap_lines(theme.font(px), text, width)]
        y = px // 2 + line_h
        for line in lines:
            theme.text(screen, line, Box(px, y, width, line_h), px)
            y += line_h
        if note:
            theme.text(screen, note, Box(px, y, width, line_h), px, colour=palette.warning)
        self.leave_button.draw(screen, theme, px)
        if self.finished:
            self.done_button.draw(screen, theme, px)
