"""The table's input without a window (`canasta.ui.table.input.hand`): plain positions, times and steps in; the
move, command, choice or words they mean out. No pygame, no display: a layout and a view are all it reads."""

from __future__ import annotations

from typing import Any

from canasta.engine.actions import Combine, Discard, Meld, TakePile
from canasta.engine.cards import Card
from canasta.engine.playerview import PlayerView, my_side
from canasta.engine.position import load_position
from canasta.engine.views import view_for
from canasta.ui.geometry import Point
from canasta.ui.table.input.hand import DOUBLE_CLICK_S, Choose, Command, HandInput, Note, Outcome
from canasta.ui.table.layout.regions import TableLayout, hand_card_rects, layout_table, meld_rects
from tests.rules.positions import position
from tests.rules_family.family import group
from tests.rules_family.family import position as family_position

PILE = "5C 7D 9S 4H 8C 6D JH QS TC KS"  # a king on top


class Seen:
    """The game as the input sees it: one view, and whether the human is to move."""

    def __init__(self, view: PlayerView, to_act: bool = True) -> None:
        self.view = view
        self.to_act = to_act

    def human_view(self) -> PlayerView:
        return self.view

    def human_to_act(self) -> bool:
        return self.to_act


class Table:
    """A hand's input over a 1280 x 800 table showing `view`, with the hand in its sorted order."""

    def __init__(self, view: PlayerView) -> None:
        rules = view.rules
        self.layout: TableLayout = layout_table((1280, 800), rules.players, view.seat, sides=rules.seat_side)
        self.seen = Seen(view)
        self.hand = HandInput(lambda: self.layout, self.seen)
        self.hand.sync()
        self.now_s = 0.0

    @property
    def view(self) -> PlayerView:
        return self.seen.view

    def card(self, text: str) -> Card:
        return next(card for card in self.hand.order if card.text == text)

    def card_point(self, text: str) -> Point:
        boxes = hand_card_rects(self.layout, len(self.hand.order), self.hand.selected_indices())
        return boxes[self.hand.order.index(self.card(text))].centre

    def meld_point(self, index: int) -> Point:
        side = my_side(self.view)
        shapes = [(meld.label, len(meld.cards), meld.is_canasta(self.view.rules)) for meld in self.view.melds[side]]
        return meld_rects(self.layout, side, shapes)[index].box.centre

    def new_meld_point(self) -> Point:
        """A point of the side's meld area beside its melds (its far corner)."""
        area = self.layout.sides[my_side(self.view)].meld_area
        return (area.right - 3, area.bottom - 3)

    def click(self, pos: Point) -> Outcome:
        """A press and a release at `pos`, a second after the last click."""
        self.now_s += 1.0
        outcome = self.hand.press(pos)
        return outcome if outcome is not None else self.hand.release(pos, self.now_s)

    def drag(self, start: Point, end: Point) -> Outcome:
        """A press at `start`, the pointer moved to `end` with the button held, a release there."""
        self.now_s += 1.0
        assert self.hand.press(start) is None, "a press on a card, the pile or a meld starts a drag"
        self.hand.move(end)
        return self.hand.release(end, self.now_s)


def classic(**fields: Any) -> Table:
    return Table(view_for(load_position(position(4, current=0, **fields)), 0))


def samba(**fields: Any) -> Table:
    return Table(view_for(load_position(family_position("samba", current=0, **fields)), 0))


# --- the pointer over the table ----------------------------------------------------------------------------------


def test_a_card_dropped_on_the_pile_in_the_play_phase_is_discarded() -> None:
    table = classic(hands={0: "KH KD 4C 9H 7S"}, phase="play")
    assert table.drag(table.card_point("4C"), table.layout.pile.centre) == Discard(table.card("4C"))


def test_cards_dropped_beside_the_melds_make_a_new_meld() -> None:
    table = classic(hands={0: "KH KD KS 9H 7S"}, phase="play")
    for text in ("KH", "KD", "KS"):
        table.click(table.card_point(text))
    assert table.hand.selection() == [table.card("KD"), table.card("KH"), table.card("KS")]
    outcome = table.drag(table.card_point("KS"), table.new_meld_point())
    assert isinstance(outcome, Meld) and [sorted(card.text for card in meld) for meld in outcome.new] == [
        ["KD", "KH", "KS"]
    ], "the drag takes the whole selection with it"


def test_a_card_dropped_on_a_meld_is_added_to_it() -> None:
    table = classic(hands={0: "AC 9H 7S"}, melds={0: ["AH AS AD"]}, phase="play")
    outcome = table.drag(table.card_point("AC"), table.meld_point(0))
    assert isinstance(outcome, Meld) and not outcome.new
    assert [(rank.value, [card.text for card in cards]) for rank, cards in outcome.add] == [("A", ["AC"])]


def test_the_pile_dragged_into_the_hand_is_taken_the_one_plain_way() -> None:
    table = classic(hands={0: "KH KD 4C 9H 7S"}, pile=PILE, melds={0: ["AH AS AD"]}, phase="draw")
    outcome = table.drag(table.layout.pile.centre, table.layout.human.hand.centre)
    assert isinstance(outcome, TakePile) and sorted(card.text for card in outcome.with_) == ["KD", "KH"]


def test_a_click_on_the_stock_asks_to_draw_and_on_the_pile_to_take_it_only_in_turn() -> None:
    table = classic(hands={0: "KH KD 4C 9H 7S"}, pile=PILE, melds={0: ["AH AS AD"]}, phase="draw")
    assert table.click(table.layout.stock.centre) == Command("draw")
    outcome = table.click(table.layout.pile.centre)
    assert isinstance(outcome, TakePile) and sorted(card.text for card in outcome.with_) == ["KD", "KH"]
    table.seen.to_act = False
    assert table.click(table.layout.pile.centre) is None, "out of turn a click on the pile takes nothing"


def test_a_click_selects_a_card_a_second_click_lets_it_go_and_a_double_click_discards_it() -> None:
    table = classic(hands={0: "KH KD 4C 9H 7S"}, phase="play")
    four = table.card_point("4C")
    assert table.click(four) is None and table.hand.selected == {table.card("4C")}
    assert table.click(four) is None and table.hand.selected == set()
    table.hand.press(four)
    assert table.hand.release(four, table.now_s + DOUBLE_CLICK_S / 2) == Discard(table.card("4C"))


def test_a_card_dropped_in_the_hand_changes_its_place_and_the_hand_is_no_longer_sorted() -> None:
    table = classic(hands={0: "KH KD 4C 9H 7S"}, phase="play")
    first = table.hand.order[0]
    right = table.layout.human.hand.right - 2
    assert table.drag(table.card_point(first.text), (right, table.card_point(first.text)[1])) is None
    assert table.hand.order[-1] == first and not table.hand.auto_sort
    table.hand.sync()
    assert table.hand.order[-1] == first, "the order the human chose stays"


def test_a_press_that_hardly_moves_is_a_click_not_a_drag() -> None:
    table = classic(hands={0: "KH KD 4C 9H 7S"}, phase="play")
    four = table.card_point("4C")
    table.hand.press(four)
    table.hand.move((four[0] + 3, four[1] + 3))
    assert table.hand.drag is not None and not table.hand.drag.active
    assert table.hand.release(four, 1.0) is None and table.hand.selected == {table.card("4C")}


# --- drop targets ------------------------------------------------------------------------------------------------


def test_while_a_card_is_dragged_the_places_it_may_legally_go_light_up() -> None:
    table = classic(hands={0: "AC 9H 7S"}, melds={0: ["AH AS AD"]}, phase="play")
    assert table.hand.drop_targets() == set(), "nothing lights up before a drag"
    table.hand.press(table.card_point("AC"))
    table.hand.move(table.layout.stock.centre)
    assert table.hand.drop_targets() == {"pile", f"meld_area:{my_side(table.view)}"}


def test_a_dragged_card_that_makes_no_meld_lights_up_only_the_pile() -> None:
    table = classic(hands={0: "KH 9H 7S"}, phase="play")
    table.hand.press(table.card_point("7S"))
    table.hand.move(table.layout.stock.centre)
    assert table.hand.drop_targets() == {"pile"}


# --- keys --------------------------------------------------------------------------------------------------------


def test_the_arrows_move_the_focus_round_the_hand_and_space_selects_the_card_in_focus() -> None:
    table = classic(hands={0: "KH KD 4C 9H 7S"}, phase="play")
    table.hand.move_focus(-1)
    assert table.hand.focus == 4, "left from the first card goes round to the last"
    table.hand.move_focus(1)
    table.hand.move_focus(1)
    assert table.hand.focus == 1
    table.hand.toggle_focused()
    assert table.hand.selection() == [table.hand.order[1]]
    table.hand.toggle_focused()
    assert table.hand.selection() == []


def test_classic_picks_no_meld_and_tab_does_nothing() -> None:
    table = classic(hands={0: "AC 9H 7S"}, melds={0: ["AH AS AD"]}, phase="play")
    assert table.hand.cycle_pick() is None and table.hand.picked is None


def test_in_samba_tab_picks_each_meld_in_turn_then_none() -> None:
    kings, queens = group("K", "KC KD KH"), group("Q", "QC QD QH")
    table = samba(hands={0: "7H 5H 9C"}, melds={0: [kings, queens]}, phase="play")
    said = [table.hand.cycle_pick(), table.hand.cycle_pick(), table.hand.cycle_pick()]
    assert [type(note) for note in said] == [Note, Note, Note]
    assert table.hand.picked is None and said[2] == Note("No meld picked.")


def test_in_samba_a_meld_clicked_then_another_of_its_rank_are_joined() -> None:
    first, second = group("K", "KC KD KH"), group("K", "KS KC KD")
    table = samba(hands={0: "7H 5H 9C"}, melds={0: [first, second]}, phase="play")
    assert isinstance(table.click(table.meld_point(0)), Note) and table.hand.picked == 0
    assert table.click(table.meld_point(1)) == Combine((0, 1)) and table.hand.picked is None


def test_the_pile_taken_with_no_plain_way_offers_the_ways_to_choose_from() -> None:
    table = classic(hands={0: "8H 8D 2C JK 4S"}, pile="5C 9S 8C", phase="draw")
    outcome = table.hand.take([])
    assert isinstance(outcome, Choose) and len(outcome.ways) > 1
    assert all(isinstance(way, TakePile) for way in outcome.ways)
