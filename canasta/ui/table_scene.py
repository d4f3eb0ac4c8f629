"""The card table: draws the human's view, and turns clicks, drags and keys into engine actions.

Every action of every seat is said in words as it is animated: a caption at the acting seat and a line in the
move log (L opens it). B pauses the computer players and "." lets one of their moves through.

Coaching at the table: a hint (H) in any game; in a practice game, undo (U: the last action of the turn,
Shift+U: the whole turn) and open hands (O). A refused move says why in the player's language, with a "Why?"
button (and F2) that opens the rules help at the rule it breaks.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Protocol

import pygame

from canasta.engine.actions import Action, Answer, AskPartner, Discard, Draw, Meld, Pass, TakePile
from canasta.engine.cards import Card, sort_key
from canasta.engine.events import Event, HandOverEvent
from canasta.engine.going_out import why_not_out
from canasta.engine.judge import asking_barred, check, going_out_step
from canasta.engine.melds import TableMeld
from canasta.engine.playerview import (
    Phase,
    PlayerView,
    canastas_needed,
    initial_minimum,
    my_side,
    side_has_melded,
)
from canasta.engine.refusals import Code, Refusal
from canasta.engine.rules import GameEnd
from canasta.i18n import N_, _
from canasta.ui.animation import AnimationClock, Timing
from canasta.ui.asking import after_answer, offered_buttons
from canasta.ui.celebration import Celebration
from canasta.ui.help_overlay import tooltip_text
from canasta.ui.input_actions import (
    combine_groups,
    legal_combines,
    meld_from_selection,
    obvious_take,
    risky_discard,
    take_from_selection,
    take_ways,
)
from canasta.ui.layout import TableLayout, hand_card_at, hand_card_rects, hit_test, layout_table, meld_rects
from canasta.ui.narration import meld_words
from canasta.ui.pace import computers_may_move, pace_command
from canasta.ui.seats import seat_name
from canasta.ui.sprites import HandPlan, Motion, Placement, SpriteBoard, card_placements, choreograph
from canasta.ui.table_aside import TableAside
from canasta.ui.table_coach import COACH_COMMANDS, TableCoach
from canasta.ui.table_draw import TURN_MARKER, Frame, HandShown, Overlay, TableDrawer, foot_count
from canasta.ui.table_feet import books_needed_line, foot_tooltip, has_feet, round_line
from canasta.ui.table_game import TableGame
from canasta.ui.table_tips import table_tip
from canasta.ui.theme import Button, TableLook, Theme
from canasta.ui.tooltip_gate import TooltipGate
from canasta.ui.widgets import yes_key_hint, yes_keys

DOUBLE_CLICK_S = 0.4
DRAG_START_PX = 6
BUTTON_LABELS = {
    "meld": (N_("Meld"), N_("M")), "discard": (N_("Discard"), N_("X")), "take_pile": (N_("Take pile"), N_("T")),
    "ask_partner": (N_("Ask partner"), N_("A")), "go_out": (N_("Go out"), N_("G")), "pass": (N_("Pass"), N_("P")),
    "sort": (N_("Sort"), N_("S")), "menu": (N_("Menu"), N_("Esc")), "log": (N_("Log"), N_("L")),
    "pause": (N_("Pause"), N_("B")), "step": (N_("Step"), N_(".")),
}  # fmt: skip
ANSWER_LABELS = {"go_out": (N_("Yes, go out"), N_("Y")), "pass": (N_("No"), N_("N"))}  # partner waits for an answer
ANSWER_COMMANDS = {"go_out": "yes", "pass": "no"}
RESUME_LABEL = (N_("Resume"), N_("B"))
KEYS = {
    pygame.K_d: "draw", pygame.K_t: "take_pile", pygame.K_m: "meld", pygame.K_RETURN: "meld",
    pygame.K_KP_ENTER: "meld", pygame.K_x: "discard", pygame.K_a: "ask_partner", pygame.K_g: "go_out",
    pygame.K_p: "pass", pygame.K_s: "sort", pygame.K_y: "yes", pygame.K_n: "no",
    pygame.K_h: "hint", pygame.K_u: "undo", pygame.K_o: "open_hands", pygame.K_F2: "why",
    pygame.K_l: "log", pygame.K_b: "pause", pygame.K_PERIOD: "step", pygame.K_c: "combine",
}  # fmt: skip
HELP_KEYS = (pygame.K_F1, pygame.K_QUESTION)
TABLE_COMMANDS = frozenset({"log", "pause", "step", "sort", "menu"})  # what works whoever's turn it is


class SoundPlayer(Protocol):
    """Plays the sound of an event (the sound board); called as each event's animation starts."""

    def play_for(self, event: Event) -> None: ...


@dataclass(slots=True)
class Drag:
    """Cards being dragged from the hand (or the pile's top card, `from_pile`, or one of the side's melds by
    its index, `from_meld`, to join it to another group)."""

    cards: list[Card]
    start: tuple[int, int]
    pos: tuple[int, int]
    from_pile: bool = False
    active: bool = False
    from_meld: int | None = None


class TableScene:
    """The table for one game. `on_hand_over` is called once when a hand ends; `on_menu` for Escape;
    `on_rule_help` (optional) with the code of the last refused move, for F2 or the "Why?" button."""

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
        self.order: list[Card] = []
        self.auto_sort = True
        self.selected: set[Card] = set()
        self.focus = 0
        self.message = ""
        self.drag: Drag | None = None
        self.buttons: dict[str, Button] = {}
        self.board = SpriteBoard()
        self.clock = AnimationClock()
        self.help_shown = False
        self.pointer: tuple[int, int] | None = None
        self.aside = TableAside(controller.hand_number(), controller.stand_in())
        self._cues: list[tuple[float, Event]] = []
        self._banner: tuple[str, float] = ("", 0.0)  # words, until when
        self._snap = False  # set when the layout changes: every card jumps to its new place
        self._last_click: tuple[float, Card | None] = (-1.0, None)
        self._clock_s = 0.0
        self._announced_over = False
        self._ways: tuple[PlayerView, list[TakePile]] | None = None  # the ways to take the pile, for one view
        self.coach = TableCoach(controller, sound, on_rule_help)
        self._warned_discard: Card | None = None  # a risky discard already warned about: the next one plays
        self.picked: int | None = None  # the family: a meld of the side clicked first, to join to the next one
        self.tips = TooltipGate()
        self.celebration = Celebration()  # a canasta made, someone out: a moment of gold and confetti
        self.aside.talk.hear_all(controller.past_events(), controller.human_view())  # a game taken up again

    # -- the look -----------------------------------------------------------------------------------------------

    def apply_look(self, look: TableLook) -> None:
        """Change the card style, card size, colours and motion at once, mid-game."""
        self.look = look
        self.theme = _theme_for(self.theme, look)
        self.drawer = TableDrawer(self.theme)
        self.layout = self._layout()
        self._refresh_buttons()
        self._snap = True

    @property
    def timing(self) -> Timing:
        return Timing().scaled(self.look.speed)

    @property
    def animating(self) -> bool:
        """Whether an animation that changes the table is playing (input waits; a click hurries it)."""
        return self.clock.busy

    def _layout(self) -> TableLayout:
        rules = self.ctl.setup.rules
        large = self.look.large_cards
        layout = layout_table(
            self.size, rules.players, self.ctl.human, large_cards=large, sides=rules.seat_side, feet=has_feet(rules)
        )
        return offered_buttons(layout, rules)

    # -- scene protocol ---------------------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.layout = self._layout()
        self._refresh_buttons()
        self._snap = True

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
        self._sync_hand()
        self._animate(events)
        self._fire_cues()
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
            self.message = self._prompt()

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
        elif event.type == pygame.KEYDOWN and self._help_key(event):
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
            self._release(event.pos)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_u and getattr(event, "mod", 0) & pygame.KMOD_SHIFT:
            self.command("undo_turn")
        elif event.type == pygame.KEYDOWN:
            self._key(event.key)

    @staticmethod
    def _help_key(event: pygame.event.Event) -> bool:
        return event.key in HELP_KEYS or getattr(event, "unicode", "") == "?"

    def _aside_key(self, key: int) -> bool:
        """Keys for the open chooser or log come first (Escape closes them rather than opening the menu)."""
        return self.aside.chooser_key(key, self.act) or self.aside.log_key(key, self.theme, self.layout)

    # -- animation ------------------------------------------------------------------------------------------

    def hurry(self) -> None:
        """Finish the moving cards now (a click or a key while they move)."""
        self.clock.hurry()
        self._fire_cues()
        self.board.settle(self.clock.now_s)

    def _targets(self) -> dict[Card, Placement]:
        drag = self.drag
        dragging = tuple(drag.cards) if drag is not None and drag.active and not drag.from_pile else ()
        plan = HandPlan(tuple(self.order), frozenset(self._selected_indices()), dragging, drag.pos if drag else None)
        return card_placements(self.layout, self.ctl.human_view(), plan)

    def _animate(self, events: list[Event]) -> None:
        """Reconcile the sprites with the view; the events of the last action say how the cards move."""
        targets, now = self._targets(), self.clock.now_s
        if self._snap:
            self._snap = False
            self.board.snap(targets)
        timing = self.timing
        motion = Motion(timing, self.look.reduced_motion)
        if not events:
            self.board.reconcile(targets, now, motion)
        else:
            self.aside.hear(events, self.ctl.human_view())  # said as their animation starts
            plan = choreograph(events, self.layout, self.ctl.human_view(), timing)
            self.board.reconcile(targets, now, motion, plan)
            self.clock.hold_until(max(now + plan.end_s, self.board.end_s()))
            self._cues.extend((now + at_s, event) for at_s, event in plan.cues)
        if not self.clock.busy:
            self.board.settle(now)

    def _fire_cues(self) -> None:
        """Each event's sound (and the banner at the end of a hand) as its animation starts."""
        now = self.clock.now_s
        due = [cue for cue in self._cues if cue[0] <= now]
        self._cues = [cue for cue in self._cues if cue[0] > now]
        for at_s, event in due:
            if isinstance(event, HandOverEvent):
                self._banner = (self._hand_over_words(event), at_s + self.timing.banner_s)
            self.celebration.hear(event, at_s, self.ctl.human_view(), self.layout, self.look)
            if self.sound is not None:
                self.sound.play_for(event)

    def _hand_over_words(self, event: HandOverEvent) -> str:
        view = self.ctl.human_view()
        if event.out is None:
            return _("The hand is over.")
        if event.out == view.seat:
            return _("You went out concealed!") if event.concealed else _("You went out!")
        name = seat_name(view, event.out)
        if event.concealed:
            return _("{name} went out concealed!").format(name=name)
        return _("{name} went out!").format(name=name)

    def _overlay(self) -> Overlay:
        words, until = self._banner
        banner = words if self.clock.now_s < until else ""
        said = self.message and not self.message.startswith(TURN_MARKER)  # a refusal, a warning or a hint to read
        clear = (self.coach.message_box or self.layout.message) if said else None
        tip = self.tips.shown(self._tooltip(), self.theme.font(self.layout.font_px), self.size, clear)
        return Overlay(banner, tip, self.help_shown)

    def _tooltip(self) -> tuple[str, tuple[int, int]] | None:
        """A button's (or the stock's, the pile's) name and key while the pointer rests on it; over a foot (Hand
        and Foot), whose it is and when it is picked up; over a meld or a side's figures, what they say in full."""
        pos = self.pointer
        if pos is None or self.drag is not None or self.help_shown or self.aside.ways:
            return None
        for name, button in self.buttons.items():
            if button.box.contains_point(pos):
                return tooltip_text(name), (button.box.centre[0], button.box.y)
        for name, box in (("stock", self.layout.stock), ("pile", self.layout.pile)):
            if box.contains_point(pos):
                return tooltip_text(name), (box.centre[0], box.y)
        view = self.ctl.human_view()
        for seat in self.layout.seats:
            count = foot_count(view, seat.seat)
            if count is not None and seat.foot.contains_point(pos):
                return foot_tooltip(view, seat.seat, count), (seat.foot.centre[0], seat.foot.y)
        return table_tip(view, self.layout, pos, self.theme)  # a meld, or a side's figures, in full

    def _info(self) -> tuple[str, ...]:
        """Beside the stock: the hand and the target, who dealt, and the pause."""
        view = self.ctl.human_view()
        lines = []
        target = self.ctl.target()
        if has_feet(view.rules):  # Hand and Foot: the round and its minimum; the books are said on each panel
            lines.append(round_line(view))
            if target is not None and view.rules.game_end is GameEnd.TARGET:
                lines.append(_("Game to {target}").format(target=target))
        elif target is not None:
            lines.append(_("Hand {number}").format(number=self.aside.talk.hand))
            lines.append(_("Game to {target}").format(target=target))
        needed = canastas_needed(view)
        if has_feet(view.rules):
            lines.append(books_needed_line(view.rules))
        elif view.rules.shape.going_out_needs_sequence:
            lines.append(_("Out with {count} canastas, one an escalera").format(count=needed))
        elif needed > 1:
            lines.append(_("Out with {count} canastas").format(count=needed))
        lines.append(_("Dealer: {name}").format(name=seat_name(view, view.dealer)))
        if self.aside.pace.paused:
            lines.append(_("Computers paused (B)"))
        return tuple(lines)

    # -- the hand as shown --------------------------------------------------------------------------------------

    def _sync_hand(self) -> None:
        hand = self.ctl.human_view().hand
        kept = [card for card in self.order if card in hand]
        fresh = [card for card in hand if card not in kept]
        self.order = sorted(hand, key=sort_key) if self.auto_sort else kept + fresh
        self.selected &= set(hand)
        self.focus = min(self.focus, max(0, len(self.order) - 1))

    def _hand_state(self) -> HandShown:
        marked = {self.picked} if self.picked is not None else set()
        marked |= self._dragged_over()
        shown = HandShown(self.order, self.selected, self.focus, self._drop_targets(), self.aside.fresh)
        return replace(shown, melds=frozenset(marked)) if marked else shown

    def _dragged_over(self) -> set[int]:
        """The family: the meld being dragged, and the meld under the pointer where the drop would be legal."""
        drag, view = self.drag, self.ctl.human_view()
        if drag is None or not drag.active or view.rules.shape.names_by_rank:
            return set()
        over = self._meld_at(drag.pos)
        marked = {drag.from_meld} if drag.from_meld is not None else set()
        if over is None or over == drag.from_meld:
            return marked
        if drag.from_meld is not None:
            action: Action | None = combine_groups(drag.from_meld, over)
        else:
            action = self._drop_action(drag, drag.pos)
        if action is not None and check(view, action) is None:
            marked.add(over)
        return marked

    def _selection(self) -> list[Card]:
        return [card for card in self.order if card in self.selected]

    # -- buttons --------------------------------------------------------------------------------------------------

    def _refresh_buttons(self) -> None:
        view = self.ctl.human_view()
        answering = self.ctl.human_to_act() and view.phase is Phase.ANSWER
        mine = self.ctl.human_to_act() and not answering
        boxes = {**dict(self.layout.buttons), **dict(self.layout.tools)}
        self.buttons = {name: self.buttons.get(name) or Button(name, "", box) for name, box in boxes.items()}
        for name, button in self.buttons.items():
            button.box = boxes[name]
            label, hint = ANSWER_LABELS.get(name, BUTTON_LABELS[name]) if answering else BUTTON_LABELS[name]
            if name == "pause" and self.aside.pace.paused:
                label, hint = RESUME_LABEL
            button.label, button.key_hint = _(label), _(hint)
            if answering and name == "go_out":
                button.key_hint = yes_key_hint()  # "S" for "sì" in Italian (Y answers too)
            button.enabled = self._enabled(name, view, mine, answering)
        self.buttons.update(
            (button.name, button) for button in self.coach.place_buttons(self.layout, self.theme, self.message)
        )

    def _enabled(self, name: str, view: PlayerView, mine: bool, answering: bool) -> bool:
        if answering and name in ANSWER_LABELS:
            return True
        if name == "step":
            return self.aside.pace.paused and not self.ctl.human_to_act() and not self.ctl.hand_over()
        if name in TABLE_COMMANDS:
            return True
        if name == "take_pile":
            return mine and view.phase is Phase.DRAW and bool(self._take_ways(view))
        action = self._button_action(name, view) if mine else None
        return action is not None and check(view, action) is None

    def _button_action(self, name: str, view: PlayerView) -> Action | None:
        selection = self._selection()
        match name:
            case "meld":
                return meld_from_selection(view, selection, self._picked_for(view)) if selection else None
            case "discard":
                return Discard(selection[0]) if len(selection) == 1 else None
            case "take_pile":
                return take_from_selection(view, selection) if selection else obvious_take(self._take_ways(view))
            case "ask_partner":
                return AskPartner()
            case "go_out":
                out = going_out_step(view)
                return None if out is None else (out[0] or out[1])
            case "pass":
                return Pass()
        return None

    def _take_ways(self, view: PlayerView) -> list[TakePile]:
        """The ways to take the pile in this view, worked out once per view."""
        if self._ways is None or self._ways[0] != view:
            ways = take_ways(view) if view.phase is Phase.DRAW and view.current == view.seat else []
            self._ways = (view, ways)
        return self._ways[1]

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
        self.picked = None
        refusal = self.ctl.submit(action)
        if refusal is not None:
            self.refuse(refusal)
            return False
        self.message = ""
        self.coach.played()
        if isinstance(action, (Meld, Discard, TakePile)):
            self.selected.clear()
        return True

    def refuse(self, refusal: Refusal) -> None:
        """Say why a move was refused, in the player's language, with its sound; F2 or "Why?" open the rule."""
        self.message = self.coach.refused(refusal)

    def command(self, name: str) -> None:
        """A button or key by name: draw, take_pile, meld, discard, ask_partner, go_out, pass, sort, yes, no,
        log, pause, step, and the coaching ones: hint, undo, undo_turn, open_hands, why."""
        if name in TABLE_COMMANDS:
            self._table_command(name)
            return
        if name in COACH_COMMANDS:
            said = self.coach.command(name)
            self.message = self.message if said.words is None else said.words
            if said.went_back:
                self.selected.clear()
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
        elif name == "draw":
            self.act(Draw())
        elif name == "take_pile":
            self.take(self._selection())
        elif name == "discard" and len(self.selected) != 1:
            self.message = _("Pick the card to discard first: click it, or move to it with the arrows and press Space.")
        elif name == "go_out" and (refusal := why_not_out(view)) is not None:
            self.refuse(refusal)
        elif name == "combine":
            self.combine(self.picked)
        else:
            action = self._button_action(name, view)
            if action is None:
                self.message = _("Select the cards first.")
                return
            self.act(action)

    def _table_command(self, name: str) -> None:
        match name:
            case "sort":
                self.auto_sort = True
            case "menu":
                self.on_menu()
            case "log":
                self.aside.log.toggle()
            case "pause":
                self.aside.pace.toggle()
            case "step":
                self.aside.pace.step()

    def combine(self, meld: int | None = None) -> None:
        """Join two groups of one rank (C): the one legal join there is (of `meld`, when one is picked), or a
        chooser of them; when there is none, the reason."""
        view = self.ctl.human_view()
        self.picked = None
        joins = legal_combines(view, meld)
        if len(joins) == 1:
            self.act(joins[0])
        elif joins:
            self.aside.open_chooser(joins)
            self.message = _("Several groups can be joined: choose two (1 to {count}, Esc: none).").format(
                count=min(len(joins), 8)
            )
        elif not _joins_groups(view):
            self.message = _("Groups are joined only in Samba and Bolivia.")
        else:
            self.message = _("No two groups of one rank can be joined now.")

    def take(self, selection: list[Card]) -> None:
        """Take the pile: with the selected cards; with none, the one plain way there is, or a chooser of the
        ways; when no way is legal, the reason."""
        view = self.ctl.human_view()
        picked = self._picked_for(view)
        if selection or picked is not None:
            self.act(take_from_selection(view, selection, onto=picked))
            return
        ways = self._take_ways(view)
        way = obvious_take(ways)
        if way is not None:
            self.act(way)
        elif ways:
            self.aside.open_chooser(ways)
            self.message = _("There are several ways to take the pile: choose one (1 to {count}, Esc: none).").format(
                count=min(len(ways), 8)
            )
        else:
            self.act(take_from_selection(view, []))  # refused: the message says why

    # -- mouse ----------------------------------------------------------------------------------------------------

    def _press(self, pos: tuple[int, int]) -> None:
        view = self.ctl.human_view()
        if self.aside.chooser_click(pos, self.act) or self.aside.caption_click(pos, self.theme, self.layout, view):
            return
        answering = self.ctl.human_to_act() and view.phase is Phase.ANSWER
        for name, button in self.buttons.items():
            if button.box.contains_point(pos):
                if button.enabled or (name in BUTTON_LABELS and name not in TABLE_COMMANDS):
                    self.command(ANSWER_COMMANDS.get(name, name) if answering else name)  # a greyed one says why
                return
        if self.aside.log.open and self.layout.log_panel.contains_point(pos):
            return
        index = hand_card_at(self.layout, len(self.order), pos, self._selected_indices())
        if index is not None:
            self.drag = Drag([self.order[index]], pos, pos)
            return
        if self.layout.pile.contains_point(pos) and view.pile:
            self.drag = Drag([], pos, pos, from_pile=True)
            return
        meld = self._meld_at(pos)
        if meld is not None and not view.rules.shape.names_by_rank:
            self.drag = Drag([], pos, pos, from_meld=meld)
            return
        self._click_region(pos)

    def _motion(self, pos: tuple[int, int], held: bool) -> None:
        for button in self.buttons.values():
            button.hover = button.box.contains_point(pos)
        if self.drag is None or not held:
            return
        self.drag.pos = pos
        if (
            not self.drag.active
            and max(abs(pos[0] - self.drag.start[0]), abs(pos[1] - self.drag.start[1])) > DRAG_START_PX
        ):
            self.drag.active = True
            if self.drag.cards and self.drag.cards[0] in self.selected:
                self.drag.cards = self._selection()

    def _release(self, pos: tuple[int, int]) -> None:
        drag, self.drag = self.drag, None
        if drag is None:
            return
        if not drag.from_pile and any(card not in self.order for card in drag.cards):
            return  # the hand changed while the button was held (a move was played, or undone): nothing to do
        if not drag.active:
            if drag.from_pile or drag.from_meld is not None:
                self._click_region(pos)
            else:
                self._click_card(drag.cards[0])
            return
        self._drop(drag, pos)

    def _click_card(self, card: Card) -> None:
        now = self._clock_s
        last_time, last_card = self._last_click
        self._last_click = (now, card)
        self.focus = self.order.index(card)
        if last_card is card and now - last_time < DOUBLE_CLICK_S:
            self.act(Discard(card))
            return
        self.selected.symmetric_difference_update({card})

    def _click_region(self, pos: tuple[int, int]) -> None:
        region = hit_test(self.layout, pos) or ""
        view = self.ctl.human_view()
        if region in ("stock", "stock_label"):
            self.command("draw")
        elif region in ("pile", "pile_label"):
            selection = self._selection()
            if view.phase is Phase.PLAY and len(selection) == 1:
                self.act(Discard(selection[0]))
            elif self.ctl.human_to_act():
                self.take(selection)
        elif region == f"meld_area:{my_side(view)}":
            meld = self._meld_at(pos)
            if not view.rules.shape.names_by_rank and not self.selected and meld is not None:
                self._pick(meld)
            else:
                self.act(meld_from_selection(view, self._selection(), meld, apart=meld is None))

    def _picked_for(self, view: PlayerView) -> int | None:
        """The picked meld, in a game of the family (classic picks none)."""
        if view.rules.shape.names_by_rank or self.picked is None or self.picked >= len(view.melds[my_side(view)]):
            return None
        return self.picked

    def _cycle_pick(self) -> None:
        """Tab: pick the side's next meld (after the last, none), for M, T and C to act on it."""
        view = self.ctl.human_view()
        count = len(view.melds[my_side(view)])
        if view.rules.shape.names_by_rank or not count:
            return
        self.picked = 0 if self.picked is None else (self.picked + 1 if self.picked + 1 < count else None)
        if self.picked is None:
            self.message = _("No meld picked.")
            return
        meld = view.melds[my_side(view)][self.picked]
        self.message = _picked_words(view, meld)

    def _pick(self, meld: int) -> None:
        """The family: a click on one of the side's melds with no card selected picks it; a click on another
        then joins the two (the engine says whether they may join); a second click on it lets it go."""
        picked, self.picked = self.picked, None
        if picked == meld:
            return
        view = self.ctl.human_view()
        if picked is not None and _joins_groups(view):
            self.act(combine_groups(picked, meld))
            return
        self.picked = meld
        if _joins_groups(view):
            self.message = _("Click another group of the same rank to join them (or press C).")
        else:  # Hand and Foot: one group of a rank, never joined; the picked meld is where M adds
            self.message = _picked_words(view, view.melds[my_side(view)][meld])

    def _meld_at(self, pos: tuple[int, int]) -> int | None:
        """The index of the human side's meld under `pos`, or None."""
        view = self.ctl.human_view()
        side = my_side(view)
        melds = view.melds[side]
        shapes = [(meld.label, len(meld.cards), meld.is_canasta(view.rules)) for meld in melds]
        for index, slot in enumerate(meld_rects(self.layout, side, shapes)):
            if slot.box.contains_point(pos):
                return index
        return None

    def _drop(self, drag: Drag, pos: tuple[int, int]) -> None:
        region = hit_test(self.layout, pos) or ""
        if drag.from_meld is not None:
            over = self._meld_at(pos)
            self.picked = None
            if over is not None and over != drag.from_meld:
                self.act(combine_groups(drag.from_meld, over))
            return
        if drag.from_pile and self._pile_drop_region(region) and self._meld_at(pos) is None:
            self.take(self._selection())  # the pile into the hand or onto the side's area: the obvious take
            return
        action = self._drop_action(drag, pos)
        if action is None:
            if not drag.from_pile and self.layout.human.hand.contains_point(pos):
                self._reorder(drag.cards, pos)
            return
        self.act(action)

    def _pile_drop_region(self, region: str) -> bool:
        return region in (f"meld_area:{my_side(self.ctl.human_view())}", f"hand:{self.ctl.human}")

    def _drop_action(self, drag: Drag, pos: tuple[int, int]) -> Action | None:
        view = self.ctl.human_view()
        region = hit_test(self.layout, pos) or ""
        on_my_melds = region == f"meld_area:{my_side(view)}"
        if drag.from_meld is not None:
            return None
        if drag.from_pile:
            meld = self._meld_at(pos) if on_my_melds else None
            if meld is not None:
                if view.rules.shape.names_by_rank:
                    return take_from_selection(view, [])
                return take_from_selection(view, self._selection(), onto=meld)
            if self._pile_drop_region(region):
                selection = self._selection()
                return take_from_selection(view, selection) if selection else obvious_take(self._take_ways(view))
            return None
        if region in ("pile", "pile_label"):
            if view.phase is Phase.DRAW:
                return take_from_selection(view, drag.cards)
            return Discard(drag.cards[0]) if len(drag.cards) == 1 else None
        if on_my_melds:
            meld = self._meld_at(pos)
            return meld_from_selection(view, drag.cards, meld, apart=meld is None)
        return None

    def _reorder(self, cards: list[Card], pos: tuple[int, int]) -> None:
        rest = [card for card in self.order if card not in cards]
        boxes = hand_card_rects(self.layout, len(self.order))
        index = sum(
            1 for card, box in zip(self.order, boxes, strict=True) if card not in cards and box.centre[0] < pos[0]
        )
        self.order = rest[:index] + cards + rest[index:]
        self.auto_sort = False

    def _selected_indices(self) -> set[int]:
        return {index for index, card in enumerate(self.order) if card in self.selected}

    def _drop_targets(self) -> set[str]:
        """The regions where the dragged cards may legally go (they light up)."""
        if self.drag is None or not self.drag.active:
            return set()
        view = self.ctl.human_view()
        targets: set[str] = set()
        for region, probe in self._probes(view):
            if region in targets:
                continue
            if self.drag.from_pile and region != "pile" and not self._selection() and self._take_ways(view):
                targets.add(region)  # the chooser will offer the ways
                continue
            action = self._drop_action(self.drag, probe)
            if action is not None and check(view, action) is None:
                targets.add(region)
        return targets

    def _probes(self, view: PlayerView) -> list[tuple[str, tuple[int, int]]]:
        side = my_side(view)
        area = self.layout.sides[side].meld_area
        probes = [
            ("pile", self.layout.pile.centre),
            (f"meld_area:{side}", (area.right - 2, area.bottom - 2)),
            (f"hand:{self.ctl.human}", self.layout.human.hand.centre),
        ]
        if not view.rules.shape.names_by_rank:  # the family: the area lights up too where one of its melds takes them
            melds = view.melds[side]
            shapes = [(meld.label, len(meld.cards), meld.is_canasta(view.rules)) for meld in melds]
            probes += [(f"meld_area:{side}", slot.box.centre) for slot in meld_rects(self.layout, side, shapes)]
        return probes

    # -- keyboard -------------------------------------------------------------------------------------------------

    def _key(self, key: int) -> None:
        if key == pygame.K_ESCAPE:
            self.on_menu()
        elif key in (pygame.K_LEFT, pygame.K_RIGHT) and self.order:
            step = -1 if key == pygame.K_LEFT else 1
            self.focus = (self.focus + step) % len(self.order)
        elif key == pygame.K_TAB:
            self._cycle_pick()
        elif key == pygame.K_SPACE and self.order:
            self.selected.symmetric_difference_update({self.order[self.focus]})
        elif key in yes_keys() and self._answering():
            self.command("yes")  # Y, and in Italian S for "sì"
        elif key in KEYS:
            self.command(KEYS[key])

    def _answering(self) -> bool:
        return self.ctl.human_to_act() and self.ctl.human_view().phase is Phase.ANSWER

    # -- what to say ------------------------------------------------------------------------------------------------

    def _prompt(self) -> str:
        return f"{TURN_MARKER} {self._prompt_words()}"

    def _prompt_words(self) -> str:
        view = self.ctl.human_view()
        if view.phase is Phase.OVER:
            return _("The hand is over.")
        if view.current != view.seat:
            waiting = _("Waiting for {name}\u2026 (F1 lists the keys.)").format(name=seat_name(view, view.current))
            if self.aside.pace.paused:
                waiting = _("The computer players are paused: B resumes, . plays one move.")
            own = self.aside.last_own_words(view.seat)
            return f"{own} {waiting}" if own else waiting
        if view.phase is Phase.ANSWER:
            return _("Your partner asks: may I go out? Yes ({yes}) or No (N).").format(yes=yes_key_hint())
        if view.phase is Phase.DRAW:
            if view.stock_count == 0:
                return _("The stock is empty: take the pile (T) or pass (P).")
            return self._answered(_("Your turn: draw from the stock (D, or click it) or take the pile (T)."))
        if not side_has_melded(view, my_side(view)) and self.selected:
            points = sum(card.points for card in self.selected)
            return _("Selected {points} points; your first meld needs {minimum}.").format(
                points=points, minimum=initial_minimum(view)
            )
        return self._answered(_("Meld (M) or discard one card (X, double-click, or drag it onto the pile)."))

    def _answered(self, words: str) -> str:
        """Partner's answer to "may I go out?" stays in front of the asker until his turn ends; the news of his
        latest action (a red three's score, where the table put wild cards) comes before the prompt."""
        return after_answer(self.ctl.human_view(), self.aside.with_news(words))


def _joins_groups(view: PlayerView) -> bool:
    """Whether a side may join two groups of a rank (Samba and Bolivia; never classic nor Hand and Foot)."""
    return not view.rules.shape.names_by_rank and view.rules.shape.groups_per_rank != 1


def _picked_words(view: PlayerView, meld: TableMeld) -> str:
    """What the keys do with the meld picked (Tab, or a click in Hand and Foot)."""
    words = meld_words(view, view.seat, meld)
    if not _joins_groups(view):
        return _("Picked {meld}: M adds the selected cards to it.").format(meld=words)
    return _(
        "Picked {meld}: M adds the selected cards to it, T takes the pile onto it, C joins it to another group."
    ).format(meld=words)


def _theme_for(theme: Theme, look: TableLook) -> Theme:
    """`theme` when it already has the look's card style and colours, else a new one that has."""
    if theme.style == look.card_style.value and theme.palette == look.palette:
        return theme
    return Theme(look.card_style.value, look.palette)
