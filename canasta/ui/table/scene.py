"""The card table: draws the human's view, and turns clicks, drags and keys into engine actions.

Every action of every seat is said in words as it is animated: a caption at the acting seat and a line in the
move log (L opens it). B pauses the computer players and "." lets one of their moves through.

Coaching at the table: a hint (H) in any game; in a practice game, undo (U: the last action of the turn,
Shift+U: the whole turn) and open hands (O). A refused move says why in the player's language, with a "Why?"
button (and F2) that opens the rules help at the rule it breaks.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pygame

from canasta.engine.actions import Action, Answer, Discard, Draw, Meld, TakePile
from canasta.engine.cards import Card
from canasta.engine.declaring import special_to_declare
from canasta.engine.events import Event
from canasta.engine.going_out import why_not_out
from canasta.engine.judge import asking_barred
from canasta.engine.playerview import Phase
from canasta.engine.refusals import Code, Refusal
from canasta.engine.rules.catalog import plays_rounds
from canasta.i18n import _
from canasta.ui.kit.animation import AnimationClock
from canasta.ui.kit.widgets import yes_key_hint, yes_keys
from canasta.ui.look.theme import Button, TableLook, Theme
from canasta.ui.table.aside import TableAside
from canasta.ui.table.asking import offered_buttons
from canasta.ui.table.buttons import TABLE_COMMANDS, button_at, command_of, refreshed_buttons
from canasta.ui.table.celebration import Celebration
from canasta.ui.table.coach import COACH_COMMANDS, TableCoach
from canasta.ui.table.drawing.drawer import TableDrawer
from canasta.ui.table.drawing.frame import TURN_MARKER, Frame, HandShown, Overlay
from canasta.ui.table.drawing.tips import Tip, tooltip_at
from canasta.ui.table.drawing.tooltip_gate import TooltipGate
from canasta.ui.table.game import TableGame
from canasta.ui.table.input.actions import risky_discard
from canasta.ui.table.input.hand import Choose, Command, HandInput, Note, Outcome
from canasta.ui.table.layout.regions import TableLayout, layout_table
from canasta.ui.table.motion import SoundPlayer, TableMotion
from canasta.ui.table.narration.feet import has_feet
from canasta.ui.table.narration.prompts import info_lines, prompt_words
from canasta.ui.table.pace import computers_may_move, pace_command
from canasta.ui.table.sprites import SpriteBoard, card_placements

KEYS = {
    pygame.K_d: "draw", pygame.K_t: "take_pile", pygame.K_m: "meld", pygame.K_RETURN: "meld",
    pygame.K_KP_ENTER: "meld", pygame.K_x: "discard", pygame.K_a: "ask_partner", pygame.K_g: "go_out",
    pygame.K_p: "pass", pygame.K_s: "sort", pygame.K_y: "yes", pygame.K_n: "no",
    pygame.K_h: "hint", pygame.K_u: "undo", pygame.K_o: "open_hands", pygame.K_F2: "why",
    pygame.K_l: "log", pygame.K_b: "pause", pygame.K_PERIOD: "step", pygame.K_c: "combine", pygame.K_k: "keep_three",
}  # fmt: skip
HELP_KEYS = (pygame.K_F1, pygame.K_QUESTION)


class TableScene:
    """The table for one game. `on_hand_over` is called once when a hand ends; `on_menu` for Escape;
    `on_rule_help` (optional) with the code of the last refused move, for F2 or the "Why?" button.

    The scene turns pygame's events into calls of its parts and carries out what they answer: the hand's input
    (`HandInput`: selection, drags, drops, focus), the buttons, the cards' motion, the coach and the aside (the
    talk, the pace, the chooser)."""

    def __init__(  # noqa: PLR0913  # the look, sound and rule help are optional keywords beside the four the flow gives
        self,
        theme: Theme,
        controller: TableGame,
        on_hand_over: Callable[[], None],
        on_menu: Callable[[], None],
        *,
        look: TableLook | None = None,
        sound: SoundPlayer | None = None,
        on_rule_help: Callable[[Code], None] | None = None,
    ) -> None:
        self.ctl = controller
        self.on_hand_over = on_hand_over
        self.on_menu = on_menu
        self.sound = sound
        self.look = look or TableLook()
        self.theme = _theme_for(theme, self.look)
        self.drawer = TableDrawer(self.theme)
        self.size = (1280, 800)
        self.layout: TableLayout = self._layout()
        self.hand = HandInput(lambda: self.layout, controller)
        self.message = ""
        self.buttons: dict[str, Button] = {}
        self.board = SpriteBoard()
        self.clock = AnimationClock()
        self.help_shown = False
        self.pointer: tuple[int, int] | None = None
        rounds = plays_rounds(controller.setup.rules.shape)
        self.aside = TableAside(controller.hand_number(), controller.stand_in(), rounds)
        self._clock_s = 0.0
        self._announced_over = False
        self.coach = TableCoach(controller, sound, on_rule_help)
        self._warned_discard: Card | None = None  # a risky discard already warned about: the next one plays
        self.tips = TooltipGate()
        self.celebration = Celebration()  # a canasta made, someone out: a moment of gold and confetti
        self.motion = TableMotion(self.board, self.clock, self.celebration)
        self.aside.talk.hear_all(controller.past_events(), controller.human_view())  # a game taken up again

    # -- the look -----------------------------------------------------------------------------------------------

    def apply_look(self, look: TableLook) -> None:
        """Change the card style, card size, colours and motion at once, mid-game."""
        self.look = look
        self.theme = _theme_for(self.theme, look)
        self.drawer = TableDrawer(self.theme)
        self.layout = self._layout()
        self._refresh_buttons()
        self.motion.snap = True

    @property
    def animating(self) -> bool:
        """Whether an animation that changes the table is playing (input waits; a click hurries it)."""
        return self.clock.busy

    def _layout(self) -> TableLayout:
        rules = self.ctl.setup.rules
        large = self.look.large_cards
        layout = layout_table(
            self.size, rules.players, self.ctl.human, large_cards=large, sides=rules.seat_side, feet=has_feet(rules),
            open_hands=bool(self.ctl.tools.shown_hands()),
        )  # fmt: skip
        return offered_buttons(layout, rules)

    # -- scene protocol ---------------------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.layout = self._layout()
        self._refresh_buttons()
        self.motion.snap = True

    def update(self, dt_s: float) -> None:
        self._clock_s += dt_s
        self.clock.advance(dt_s)
        pace, think_s = self.aside.pace, self.ctl.setup.think_s
        self.aside.reading.advance(dt_s, think_s)
        if computers_may_move(pace, self.aside.reading, self.clock.busy, think_s):  # not while cards move or words
            self.ctl.update(max(dt_s, think_s) if pace.stepping else dt_s)  # are read, nor while paused
        events = list(self.ctl.events)
        self.ctl.events.clear()
        if events:
            pace.moved()
        if self.layout.open_hands != bool(self.ctl.tools.shown_hands()):  # open hands shown or hidden: make room
            self.resize(self.size)
        self.hand.sync()
        self._animate(events)
        self.motion.fire_cues(self.layout, self.ctl.human_view(), self.look, self.sound)
        self.aside.follow(self.ctl.human_view(), self.ctl.human_to_act())
        self.message = self.coach.forget_stale(self.message)
        self._refresh_buttons()
        quiet = not self.clock.busy and not self.aside.reading.reading(think_s)  # the last move seen and read
        if self.ctl.hand_over() and not self._announced_over and quiet:
            self._announced_over = True
            self.ctl.score_hand()
            self.on_hand_over()
        elif not self.ctl.hand_over():
            self._announced_over = False
        if not self.message or self.message.startswith(TURN_MARKER):
            words = prompt_words(self.ctl.human_view(), self.hand.selected, self.aside, yes_key_hint())
            self.message = f"{TURN_MARKER} {words}"

    def draw(self, screen: pygame.Surface) -> None:
        now = self.clock.now_s
        view = self.ctl.human_view()
        frame = Frame(
            self.layout, view, self._hand_state(), self.buttons, self.message,
            self.board.drawn(now), self.board.incoming(now), self._overlay(), self.coach.shown(),
            self.aside.shown(self.theme, self.layout, view), self.ctl.setup.levels,
            self._info(), self._clock_s, self.ctl.stand_in(),
        )  # fmt: skip
        self.drawer.draw(screen, frame)
        self.celebration.draw(screen, self.theme, now)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.tips.acted(self._tooltip())  # a tooltip does not linger over what was just done
        if event.type == pygame.QUIT:
            self.on_menu()
        elif event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            self._motion(event.pos, bool(event.buttons[0]))
        elif event.type == pygame.MOUSEWHEEL:
            if self.aside.log.open:
                self.aside.scroll(event.y * 3, self.theme, self.layout)
        elif event.type == pygame.KEYDOWN and _help_key(event):
            self.help_shown = not self.help_shown
        elif self.help_shown and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.help_shown = False  # any key or click closes the list of keys
        elif event.type == pygame.KEYDOWN and self._aside_key(event.key):
            return
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.on_menu()
        elif (asked := pace_command(event, self.buttons)) is not None:
            self.command(asked)  # at once, even while cards move: a pause holds the next computer move
        elif self.clock.busy and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.hurry()  # input waits for the table; a click or key only hurries it
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._follow(self.hand.release(event.pos, self._clock_s))
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_u and getattr(event, "mod", 0) & pygame.KMOD_SHIFT:
            self.command("undo_turn")
        elif event.type == pygame.KEYDOWN:
            self._key(event.key)

    def _aside_key(self, key: int) -> bool:
        """Keys for the open chooser or log come first (Escape closes them rather than opening the menu)."""
        return self.aside.chooser_key(key, self.act) or self.aside.log_key(key, self.theme, self.layout)

    # -- animation ------------------------------------------------------------------------------------------

    def hurry(self) -> None:
        """Finish the moving cards now (a click or a key while they move)."""
        self.motion.hurry(self.layout, self.ctl.human_view(), self.look, self.sound)

    def _animate(self, events: list[Event]) -> None:
        """Reconcile the sprites with the view; the events of the last action say how the cards move (and are
        said as their animation starts)."""
        view = self.ctl.human_view()
        if events:
            self.aside.hear(events, view)
        self.motion.move(events, card_placements(self.layout, view, self.hand.plan()), self.layout, view, self.look)

    def _overlay(self) -> Overlay:
        said = self.message and not self.message.startswith(TURN_MARKER)  # a refusal, a warning or a hint to read
        clear = (self.coach.message_box or self.layout.message) if said else None
        tip = self.tips.shown(self._tooltip(), self.theme.font(self.layout.font_px), self.size, clear)
        return Overlay(self.motion.banner(), tip, self.help_shown)

    def _tooltip(self) -> Tip | None:
        """What the pointer rests on, named (see `tooltip_at`); none while dragging, over the help or the chooser."""
        pos = self.pointer
        if pos is None or self.hand.drag is not None or self.help_shown or self.aside.ways:
            return None
        return tooltip_at(self.ctl.human_view(), self.layout, self.buttons, pos, self.theme)

    def _info(self) -> tuple[str, ...]:
        """Beside the stock: the hand and the target, who dealt, and the pause."""
        view, paused = self.ctl.human_view(), self.aside.pace.paused
        return info_lines(view, self.ctl.target(), self.aside.talk.hand, paused)

    def _hand_state(self) -> HandShown:
        hand = self.hand
        marked = hand.marked_melds()
        shown = HandShown(hand.order, hand.selected, hand.focus, hand.drop_targets(), self.aside.fresh)
        return replace(shown, melds=frozenset(marked)) if marked else shown

    def _refresh_buttons(self) -> None:
        self.buttons = refreshed_buttons(self.buttons, self.layout, self.ctl, self.hand, self.aside.pace.paused)
        self.buttons.update(
            (button.name, button) for button in self.coach.place_buttons(self.layout, self.theme, self.message)
        )

    # -- acting -----------------------------------------------------------------------------------------------

    def act(self, action: Action) -> bool:
        """Submit the human's action; a refusal says why. Returns whether it was played."""
        if isinstance(action, Discard) and self.look.confirm_risky_discard and action.card is not self._warned_discard:
            warning = risky_discard(self.ctl.human_view(), action.card)
            if warning is not None:  # asked first (a setting): the same discard again plays it
                self._warned_discard = action.card
                self.message = warning
                return False
        self._warned_discard = None
        self.hand.picked = None
        refusal = self.ctl.submit(action)
        if refusal is not None:
            self.refuse(refusal)
            return False
        self.message = ""
        self.coach.played()
        if isinstance(action, (Meld, Discard, TakePile)):
            self.hand.selected.clear()
        return True

    def refuse(self, refusal: Refusal) -> None:
        """Say why a move was refused, in the player's language, with its sound; F2 or "Why?" open the rule."""
        self.message = self.coach.refused(refusal)

    def command(self, name: str) -> None:
        """A button or key by name: draw, keep_three, take_pile, meld, discard, ask_partner, go_out, pass, sort, yes,
        no, log, pause, step, combine, and the coaching ones: hint, undo, undo_turn, open_hands, why."""
        if name in TABLE_COMMANDS:
            self._table_command(name)
            return
        if name in COACH_COMMANDS:
            said = self.coach.command(name)
            self.message = self.message if said.words is None else said.words
            if said.went_back:
                self.hand.selected.clear()
                self.aside.news = ""
            return
        if name == "ask_partner" and (never := asking_barred(self.ctl.setup.rules, self.ctl.human)) is not None:
            self.refuse(never)  # not "wait for your turn", as if it could come
            return
        if not self.ctl.human_to_act():
            self.message = _("Wait for your turn.")
            return
        view = self.ctl.human_view()
        if name in ("yes", "no"):
            self.act(Answer(name == "yes"))
        elif name in ("draw", "keep_three"):
            self.act(Draw(keep_three=name == "keep_three"))  # the engine says why a three may not be kept
        elif name == "take_pile":
            self._follow(self.hand.take(self.hand.selection()))
        elif name == "discard" and len(self.hand.selected) != 1:
            self.message = _("Pick the card to discard first: click it, or move to it with the arrows and press Space.")
        elif name == "go_out" and special_to_declare(view) is None and (refusal := why_not_out(view)) is not None:
            self.refuse(refusal)
        elif name == "combine":
            self._follow(self.hand.combine(self.hand.picked))
        else:
            action = self.hand.button_action(name, view)
            if action is None:
                self.message = _("Select the cards first.")
                return
            self.act(action)

    def _table_command(self, name: str) -> None:
        match name:
            case "sort":
                self.hand.auto_sort = True
            case "menu":
                self.on_menu()
            case "log":
                self.aside.log.toggle()
            case "pause":
                self.aside.pace.toggle()
            case "step":
                self.aside.pace.step()

    def _follow(self, outcome: Outcome) -> None:
        """Carry out what the hand's input answered: a move to play, a command, ways to choose from, or words."""
        match outcome:
            case None:
                return
            case Command(name):
                self.command(name)
            case Choose(ways, words):
                self.aside.open_chooser(ways)
                self.message = words
            case Note(words):
                self.message = words
            case _:
                self.act(outcome)

    # -- mouse and keys -------------------------------------------------------------------------------------------

    def _press(self, pos: tuple[int, int]) -> None:
        view = self.ctl.human_view()
        if self.aside.chooser_click(pos, self.act) or self.aside.caption_click(pos, self.theme, self.layout, view):
            return
        button = button_at(self.buttons, pos)
        if button is not None:
            asked = command_of(button, self.ctl.human_to_act() and view.phase is Phase.ANSWER)
            if asked is not None:
                self.command(asked)  # a greyed move says why
            return
        if self.aside.log.open and self.layout.log_panel.contains_point(pos):
            return
        self._follow(self.hand.press(pos))

    def _motion(self, pos: tuple[int, int], held: bool) -> None:
        for button in self.buttons.values():
            button.hover = button.box.contains_point(pos)
        if held:
            self.hand.move(pos)

    def _key(self, key: int) -> None:
        if key == pygame.K_ESCAPE:
            self.on_menu()
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.hand.move_focus(-1 if key == pygame.K_LEFT else 1)
        elif key == pygame.K_TAB:
            self._follow(self.hand.cycle_pick())
        elif key == pygame.K_SPACE:
            self.hand.toggle_focused()
        elif key in yes_keys() and self.ctl.human_to_act() and self.ctl.human_view().phase is Phase.ANSWER:
            self.command("yes")  # Y, and in Italian S for "sì"
        elif key in KEYS:
            self.command(KEYS[key])


def _help_key(event: pygame.event.Event) -> bool:
    return event.key in HELP_KEYS or getattr(event, "unicode", "") == "?"


def _theme_for(theme: Theme, look: TableLook) -> Theme:
    """`theme` when it already has the look's card style and colours, else a new one that has."""
    if theme.style == look.card_style.value and theme.palette == look.palette:
        return theme
    return Theme(look.card_style.value, look.palette)
