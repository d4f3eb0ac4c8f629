"""The human's hand and what the pointer and the keys do with it, without a window.

`HandInput` keeps the order of the hand's cards, the selection, the keyboard focus, a drag (of hand cards, of
the pile's top card, or of one of the side's melds in the family) and the meld picked to act on. It reads the
table through the layout and the human's view, takes plain positions, times and steps, and answers with what
they mean: an engine action to play, a command of the table ("draw"), a choice of ways to offer, or words for
the message line. The table scene turns pygame's events into these calls and carries out the answers.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from canasta.engine.actions import Action, AskPartner, Combine, Discard, Pass, TakePile
from canasta.engine.cards import Card, sort_key
from canasta.engine.judge import check, going_out_step
from canasta.engine.melds import TableMeld
from canasta.engine.playerview import Phase, PlayerView, my_side
from canasta.i18n import _
from canasta.ui.geometry import Point
from canasta.ui.table.input.actions import (
    combine_groups,
    legal_combines,
    meld_from_selection,
    obvious_take,
    take_from_selection,
    take_ways,
)
from canasta.ui.table.layout.regions import TableLayout, hand_card_at, hand_card_rects, hit_test, meld_rects
from canasta.ui.table.narration.sentences import meld_words
from canasta.ui.table.sprites import HandPlan

DOUBLE_CLICK_S = 0.4
DRAG_START_PX = 6
CHOICES_NAMED = 8  # the chooser's ways are numbered 1 to 8 on the keys


class TableSight(Protocol):
    """What the input asks of the game at the table: the human's view, and whether it is his move."""

    def human_view(self) -> PlayerView: ...

    def human_to_act(self) -> bool: ...


@dataclass(slots=True)
class Drag:
    """Cards being dragged from the hand (or the pile's top card, `from_pile`, or one of the side's melds by
    its index, `from_meld`, to join it to another group)."""

    cards: list[Card]
    start: Point
    pos: Point
    from_pile: bool = False
    active: bool = False
    from_meld: int | None = None


@dataclass(frozen=True, slots=True)
class Command:
    """A command of the table by name, as its key or button gives it ("draw")."""

    name: str


@dataclass(frozen=True, slots=True)
class Choose:
    """Several ways to do what was asked: the chooser offers them, and the words say so."""

    ways: tuple[TakePile | Combine, ...]
    words: str


@dataclass(frozen=True, slots=True)
class Note:
    """Words for the message line (what a picked meld is for, or why nothing happened)."""

    words: str


Outcome = Action | Command | Choose | Note | None


class HandInput:
    """The hand as the human arranges it, and the pointer and keys over the table, for one table.

    `layout` gives the table's layout now (it changes with the window); `game` the human's view and turn now.
    """

    def __init__(self, layout: Callable[[], TableLayout], game: TableSight) -> None:
        self._layout = layout
        self._game = game
        self.order: list[Card] = []
        self.auto_sort = True
        self.selected: set[Card] = set()
        self.focus = 0
        self.drag: Drag | None = None
        self.picked: int | None = None  # the family: a meld of the side clicked first, to join to the next one
        self._last_click: tuple[float, Card | None] = (-1.0, None)
        self._ways: tuple[PlayerView, list[TakePile]] | None = None  # the ways to take the pile, for one view

    # -- the hand -------------------------------------------------------------------------------------------------

    def sync(self) -> None:
        """Follow the hand in the view: cards gone leave the order and the selection, new ones come in (sorted,
        or last when the human has arranged the hand himself)."""
        hand = self._game.human_view().hand
        kept = [card for card in self.order if card in hand]
        fresh = [card for card in hand if card not in kept]
        self.order = sorted(hand, key=sort_key) if self.auto_sort else kept + fresh
        self.selected &= set(hand)
        self.focus = min(self.focus, max(0, len(self.order) - 1))

    def selection(self) -> list[Card]:
        """The selected cards, in the hand's order."""
        return [card for card in self.order if card in self.selected]

    def selected_indices(self) -> set[int]:
        return {index for index, card in enumerate(self.order) if card in self.selected}

    def plan(self) -> HandPlan:
        """The hand as the sprites place it: its order, the raised cards, and the cards dragged with the pointer."""
        drag = self.drag
        dragging = tuple(drag.cards) if drag is not None and drag.active and not drag.from_pile else ()
        return HandPlan(tuple(self.order), frozenset(self.selected_indices()), dragging, drag.pos if drag else None)

    # -- keys -------------------------------------------------------------------------------------------------------

    def move_focus(self, step: int) -> None:
        """The arrows: the focus moves along the hand, round from one end to the other."""
        if self.order:
            self.focus = (self.focus + step) % len(self.order)

    def toggle_focused(self) -> None:
        """Space: the card in focus is selected, or no longer."""
        if self.order:
            self.selected.symmetric_difference_update({self.order[self.focus]})

    def cycle_pick(self) -> Outcome:
        """Tab: pick the side's next meld (after the last, none), for M, T and C to act on it."""
        view = self._game.human_view()
        count = len(view.melds[my_side(view)])
        if view.rules.shape.names_by_rank or not count:
            return None
        self.picked = 0 if self.picked is None else (self.picked + 1 if self.picked + 1 < count else None)
        if self.picked is None:
            return Note(_("No meld picked."))
        return Note(_picked_words(view, view.melds[my_side(view)][self.picked]))

    # -- the pointer ----------------------------------------------------------------------------------------------

    def press(self, pos: Point) -> Outcome:
        """The button goes down over the table (not over a button): a drag may start, or a region is clicked."""
        layout, view = self._layout(), self._game.human_view()
        index = hand_card_at(layout, len(self.order), pos, self.selected_indices())
        if index is not None:
            self.drag = Drag([self.order[index]], pos, pos)
            return None
        if layout.pile.contains_point(pos) and view.pile:
            self.drag = Drag([], pos, pos, from_pile=True)
            return None
        meld = meld_at(layout, view, pos)
        if meld is not None and not view.rules.shape.names_by_rank:
            self.drag = Drag([], pos, pos, from_meld=meld)
            return None
        return self._click_region(pos)

    def move(self, pos: Point) -> None:
        """The pointer moves with the button held: a press becomes a drag once it has moved a few pixels."""
        drag = self.drag
        if drag is None:
            return
        drag.pos = pos
        if not drag.active and max(abs(pos[0] - drag.start[0]), abs(pos[1] - drag.start[1])) > DRAG_START_PX:
            drag.active = True
            if drag.cards and drag.cards[0] in self.selected:
                drag.cards = self.selection()

    def release(self, pos: Point, now_s: float) -> Outcome:
        """The button comes up at `pos`, `now_s` seconds into the table: a click, a double-click or a drop."""
        drag, self.drag = self.drag, None
        if drag is None:
            return None
        if not drag.from_pile and any(card not in self.order for card in drag.cards):
            return None  # the hand changed while the button was held (a move was played, or undone): nothing to do
        if not drag.active:
            if drag.from_pile or drag.from_meld is not None:
                return self._click_region(pos)
            return self._click_card(drag.cards[0], now_s)
        return self._drop(drag, pos)

    def _click_card(self, card: Card, now_s: float) -> Outcome:
        last_time, last_card = self._last_click
        self._last_click = (now_s, card)
        self.focus = self.order.index(card)
        if last_card is card and now_s - last_time < DOUBLE_CLICK_S:
            return Discard(card)
        self.selected.symmetric_difference_update({card})
        return None

    def _click_region(self, pos: Point) -> Outcome:
        layout, view = self._layout(), self._game.human_view()
        region = hit_test(layout, pos) or ""
        if region in ("stock", "stock_label"):
            return Command("draw")
        if region in ("pile", "pile_label"):
            selection = self.selection()
            if view.phase is Phase.PLAY and len(selection) == 1:
                return Discard(selection[0])
            return self.take(selection) if self._game.human_to_act() else None
        if region == f"meld_area:{my_side(view)}":
            meld = meld_at(layout, view, pos)
            if not view.rules.shape.names_by_rank and not self.selected and meld is not None:
                return self._pick(meld)
            return meld_from_selection(view, self.selection(), meld, apart=meld is None)
        return None

    def _pick(self, meld: int) -> Outcome:
        """The family: a click on one of the side's melds with no card selected picks it; a click on another
        then joins the two (the engine says whether they may join); a second click on it lets it go."""
        picked, self.picked = self.picked, None
        if picked == meld:
            return None
        view = self._game.human_view()
        if picked is not None and _joins_groups(view):
            return combine_groups(picked, meld)
        self.picked = meld
        if _joins_groups(view):
            return Note(_("Click another group of the same rank to join them (or press C)."))
        return Note(_picked_words(view, view.melds[my_side(view)][meld]))  # Hand and Foot: where M adds

    def picked_for(self, view: PlayerView) -> int | None:
        """The picked meld, in a game of the family (classic picks none)."""
        if view.rules.shape.names_by_rank or self.picked is None or self.picked >= len(view.melds[my_side(view)]):
            return None
        return self.picked

    # -- dropping -------------------------------------------------------------------------------------------------

    def _drop(self, drag: Drag, pos: Point) -> Outcome:
        layout, view = self._layout(), self._game.human_view()
        if drag.from_meld is not None:
            over = meld_at(layout, view, pos)
            self.picked = None
            return combine_groups(drag.from_meld, over) if over is not None and over != drag.from_meld else None
        onto_area = _pile_drop_region(view, hit_test(layout, pos) or "") and meld_at(layout, view, pos) is None
        if drag.from_pile and onto_area:
            return self.take(self.selection())  # the pile into the hand or onto the side's area: the obvious take
        action = self._drop_action(drag, pos)
        if action is None and not drag.from_pile and layout.human.hand.contains_point(pos):
            self._reorder(drag.cards, pos)
        return action

    def _drop_action(self, drag: Drag, pos: Point) -> Action | None:
        """The move a drop at `pos` makes (None where the drop means none)."""
        layout, view = self._layout(), self._game.human_view()
        region = hit_test(layout, pos) or ""
        on_my_melds = region == f"meld_area:{my_side(view)}"
        if drag.from_meld is not None:
            return None
        if drag.from_pile:
            meld = meld_at(layout, view, pos) if on_my_melds else None
            if meld is not None:
                if view.rules.shape.names_by_rank:
                    return take_from_selection(view, [])
                return take_from_selection(view, self.selection(), onto=meld)
            if _pile_drop_region(view, region):
                selection = self.selection()
                return take_from_selection(view, selection) if selection else obvious_take(self.take_ways(view))
            return None
        if region in ("pile", "pile_label"):
            if view.phase is Phase.DRAW:
                return take_from_selection(view, drag.cards)
            return Discard(drag.cards[0]) if len(drag.cards) == 1 else None
        if on_my_melds:
            meld = meld_at(layout, view, pos)
            return meld_from_selection(view, drag.cards, meld, apart=meld is None)
        return None

    def _reorder(self, cards: list[Card], pos: Point) -> None:
        rest = [card for card in self.order if card not in cards]
        boxes = hand_card_rects(self._layout(), len(self.order))
        index = sum(
            1 for card, box in zip(self.order, boxes, strict=True) if card not in cards and box.centre[0] < pos[0]
        )
        self.order = rest[:index] + cards + rest[index:]
        self.auto_sort = False

    def drop_targets(self) -> set[str]:
        """The regions where the dragged cards may legally go (they light up)."""
        drag = self.drag
        if drag is None or not drag.active:
            return set()
        view = self._game.human_view()
        targets: set[str] = set()
        for region, probe in _probes(self._layout(), view):
            if region in targets:
                continue
            if drag.from_pile and region != "pile" and not self.selection() and self.take_ways(view):
                targets.add(region)  # the chooser will offer the ways
                continue
            action = self._drop_action(drag, probe)
            if action is not None and check(view, action) is None:
                targets.add(region)
        return targets

    def marked_melds(self) -> set[int]:
        """The side's melds to mark: the picked one; in the family, the meld dragged and the meld under the pointer
        where the drop would be legal."""
        marked = {self.picked} if self.picked is not None else set()
        drag, view = self.drag, self._game.human_view()
        if drag is None or not drag.active or view.rules.shape.names_by_rank:
            return marked
        over = meld_at(self._layout(), view, drag.pos)
        if drag.from_meld is not None:
            marked.add(drag.from_meld)
        if over is None or over == drag.from_meld:
            return marked
        if drag.from_meld is not None:
            action: Action | None = combine_groups(drag.from_meld, over)
        else:
            action = self._drop_action(drag, drag.pos)
        if action is not None and check(view, action) is None:
            marked.add(over)
        return marked

    # -- what the buttons and keys mean ---------------------------------------------------------------------------

    def button_action(self, name: str, view: PlayerView) -> Action | None:
        """The move a button (or its key) makes with the selection now; None where it needs cards first."""
        selection = self.selection()
        match name:
            case "meld":
                return meld_from_selection(view, selection, self.picked_for(view)) if selection else None
            case "discard":
                return Discard(selection[0]) if len(selection) == 1 else None
            case "take_pile":
                return take_from_selection(view, selection) if selection else obvious_take(self.take_ways(view))
            case "ask_partner":
                return AskPartner()
            case "go_out":
                out = going_out_step(view)
                return None if out is None else (out[0] or out[1])
            case "pass":
                return Pass()
        return None

    def take_ways(self, view: PlayerView) -> list[TakePile]:
        """The ways to take the pile in this view, worked out once per view."""
        if self._ways is None or self._ways[0] != view:
            ways = take_ways(view) if view.phase is Phase.DRAW and view.current == view.seat else []
            self._ways = (view, ways)
        return self._ways[1]

    def take(self, selection: list[Card]) -> Outcome:
        """Take the pile: with the selected cards; with none, the one plain way there is, or a choice of the ways;
        when no way is legal, the take that the engine refuses with the reason."""
        view = self._game.human_view()
        picked = self.picked_for(view)
        if selection or picked is not None:
            return take_from_selection(view, selection, onto=picked)
        ways = self.take_ways(view)
        way = obvious_take(ways)
        if way is not None:
            return way
        if ways:
            words = _("There are several ways to take the pile: choose one (1 to {count}, Esc: none).")
            return Choose(tuple(ways), words.format(count=min(len(ways), CHOICES_NAMED)))
        return take_from_selection(view, [])

    def combine(self, meld: int | None = None) -> Outcome:
        """Join two groups of one rank (C): the one legal join there is (of `meld`, when one is picked), or a
        choice of them; when there is none, the reason."""
        view = self._game.human_view()
        self.picked = None
        joins = legal_combines(view, meld)
        if len(joins) == 1:
            return joins[0]
        if joins:
            words = _("Several groups can be joined: choose two (1 to {count}, Esc: none).")
            return Choose(tuple(joins), words.format(count=min(len(joins), CHOICES_NAMED)))
        if not _joins_groups(view):
            return Note(_("In this game a side holds one group per rank: there are no groups to join."))
        return Note(_("No two groups of one rank can be joined now."))


def meld_at(layout: TableLayout, view: PlayerView, pos: Point) -> int | None:
    """The index of the human side's meld under `pos`, or None."""
    side = my_side(view)
    shapes = [(meld.label, len(meld.cards), meld.is_canasta(view.rules)) for meld in view.melds[side]]
    slots = meld_rects(layout, side, shapes)
    return next((index for index, slot in enumerate(slots) if slot.box.contains_point(pos)), None)


def _pile_drop_region(view: PlayerView, region: str) -> bool:
    """Where the pile's top card may be dropped to take the pile: the side's meld area, or the hand."""
    return region in (f"meld_area:{my_side(view)}", f"hand:{view.seat}")


def _probes(layout: TableLayout, view: PlayerView) -> list[tuple[str, Point]]:
    """A point in each region a drag may light up (in the family, one on each of the side's melds too)."""
    side = my_side(view)
    area = layout.sides[side].meld_area
    probes = [
        ("pile", layout.pile.centre),
        (f"meld_area:{side}", (area.right - 2, area.bottom - 2)),
        (f"hand:{view.seat}", layout.human.hand.centre),
    ]
    if not view.rules.shape.names_by_rank:  # the family: the area lights up too where one of its melds takes them
        shapes = [(meld.label, len(meld.cards), meld.is_canasta(view.rules)) for meld in view.melds[side]]
        probes += [(f"meld_area:{side}", slot.box.centre) for slot in meld_rects(layout, side, shapes)]
    return probes


def _joins_groups(view: PlayerView) -> bool:
    """Whether a side may join two groups of a rank (where the shape lets it hold several)."""
    return not view.rules.shape.names_by_rank and view.rules.shape.groups_per_rank != 1


def _picked_words(view: PlayerView, meld: TableMeld) -> str:
    """What the keys do with the meld picked (Tab, or a click in Hand and Foot)."""
    words = meld_words(view, view.seat, meld)
    if not _joins_groups(view):
        return _("Picked {meld}: M adds the selected cards to it.").format(meld=words)
    return _(
        "Picked {meld}: M adds the selected cards to it, T takes the pile onto it, C joins it to another group."
    ).format(meld=words)
