"""Hand and Foot's discard pile (D5) and the first meld by round (D7) through the referee."""

from __future__ import annotations

from typing import Any

import pytest

from tests.rules.positions import assert_refused
from tests.rules_hand_and_foot.hf import assert_legal, book, meld, melds_of, position, same, take, take_onto

DOWN = {0: [book("A", "AC AD AH")]}
PILE = "4C 4D 4H 4S 5C 5D 5H 5S 6C 6D"  # ten cards below the top card


def taker(hand: str, pile: str, **kw: Any) -> dict[str, Any]:
    """Seat 0 to draw, the side already down (unless melds are given)."""
    kw.setdefault("melds", DOWN)
    return position(hands={0: hand}, pile=pile, **kw)


@pytest.mark.parametrize("top", ["2C", "JK", "3S"])
def test_d5_never_with_a_wild_card_or_a_three_on_top(top: str) -> None:
    code = "pile_blocked_black_three" if top == "3S" else "pile_top_wild"
    assert_refused(taker("9C 9D 8C", f"{PILE} 9H {top}"), take("9C 9D"), code)


def test_d5_a_natural_pair_takes_the_top_card_and_the_next_six() -> None:
    new = assert_legal(taker("KC KD 8C", f"{PILE} KH"), take("KC KD"))
    assert same(melds_of(new)[1], "KH KC KD")
    assert new["pile"] == ["4C", "4D", "4H", "4S"]  # the rest of the pile stays
    assert same(new["hands"][0], "8C 5C 5D 5H 5S 6C 6D")
    assert new["phase"] == "play"


def test_d5_a_smaller_pile_is_taken_whole() -> None:
    new = assert_legal(taker("KC KD 8C", "4C 5D KH"), take("KC KD"))
    assert new["pile"] == [] and same(new["hands"][0], "8C 4C 5D")


def test_d5_the_pair_and_top_card_join_the_sides_meld_of_that_rank() -> None:
    melds = {0: [*DOWN[0], book("K", "KS KC KD")]}
    new = assert_legal(taker("KC KD 8C", f"{PILE} KH", melds=melds), take("KC KD"))
    assert len(new["melds"][0]) == 2 and len(melds_of(new)[1]) == 6


@pytest.mark.parametrize("action", [take(), take("KC"), take("KC 2C"), take_onto(1)])
def test_d5_the_top_card_never_goes_alone_or_with_one_natural(action: dict[str, object]) -> None:
    melds = {0: [*DOWN[0], book("K", "KS KC KD")]}
    assert_refused(taker("KC 2C 8C", f"{PILE} KH", melds=melds), action, "pile_take_needs_natural_pair")


def test_d13_take_with_wild_lets_one_natural_and_a_wild_card_take_it() -> None:
    pos = taker("KC 2C 8C 9C", f"{PILE} KH", rules={"take_with_wild": True})
    new = assert_legal(pos, take("KC 2C"))
    assert same(melds_of(new)[1], "KH KC 2C")


def test_d5_the_pile_is_never_frozen_by_a_wild_card_below_the_top() -> None:
    new = assert_legal(taker("KC KD AC AD AH 8C", f"{PILE} JK 2C KH", melds={}), take("KC KD", also=["AC AD AH"]))
    assert same(melds_of(new)[0], "KH KC KD")


@pytest.mark.parametrize(("count", "left"), [(5, 6), (3, 8), (1, 10), (0, 0)])
def test_d13_pile_take_count(count: int, left: int) -> None:
    new = assert_legal(taker("KC KD 8C", f"{PILE} KH", rules={"pile_take_count": count}), take("KC KD"))
    assert len(new["pile"]) == left
    assert len(new["hands"][0]) == 1 + 10 - left


def test_d5_d7_the_take_may_be_the_first_meld_with_the_top_card_and_pair_counted() -> None:
    pos = taker("AC AD 8C", f"{PILE} KS KH KC KD AH", melds={})
    new = assert_legal(pos, take("AC AD"))  # 3 aces = 60 >= 50 in round 1
    assert same(melds_of(new)[0], "AH AC AD")


def test_d7_the_other_six_cards_of_the_pile_never_count() -> None:
    pos = taker("KC KD 8C", f"{PILE} AS AH AC AD 2C KH", melds={})
    assert_refused(pos, take("KC KD"), "initial_meld_below_minimum")  # 30 < 50


def test_d13_pile_needs_side_down_by_option() -> None:
    pos = taker("AC AD 8C", f"{PILE} AH", melds={}, rules={"pile_needs_side_down": True})
    assert_refused(pos, take("AC AD"), "pile_needs_initial_meld")
    assert_legal(taker("AC AD 8C", f"{PILE} AH", rules={"pile_needs_side_down": True}), take("AC AD"))


@pytest.mark.parametrize(("round_", "minimum"), [(1, 50), (2, 90), (3, 120), (4, 150)])
def test_d7_the_first_meld_minimum_by_round(round_: int, minimum: int) -> None:
    # Aces are 20 each: the fewest aces that reach the minimum, and one fewer.
    enough = -(-minimum // 20)
    hand = " ".join(["AC", "AD", "AH", "AS"] * 2)[: 3 * enough - 1]
    pos = position(hands={0: hand + " 9C 9D"}, phase="play", round=round_)
    assert_legal(pos, meld(hand))
    if enough > 3:
        short = " ".join(hand.split()[:-1])
        message = assert_refused(pos, meld(short), "initial_meld_below_minimum")
        assert str(minimum) in message


@pytest.mark.parametrize(("round_", "minimum"), [(1, 60), (2, 90)])
def test_d13_round_minimums_option(round_: int, minimum: int) -> None:
    hand = "KC KD KH KS 5C 5D 5H 9C 9D"
    rules = {"round_minimums": [60, 90, 120, 150]}
    pos = position(hands={0: hand}, phase="play", round=round_, rules=rules)
    message = assert_refused(pos, meld("KC KD KH KS", "5C 5D 5H"), "initial_meld_below_minimum")  # 55
    assert str(minimum) in message
    if round_ == 1:  # 55 reaches the default 50
        assert_legal(position(hands={0: hand}, phase="play"), meld("KC KD KH KS", "5C 5D 5H"))


def test_d7_only_the_first_meld_of_a_side_needs_the_minimum() -> None:
    pos = position(hands={2: "5C 5D 5H 9C 9D"}, current=2, phase="play", melds=DOWN, round=4)
    assert_legal(pos, meld("5C 5D 5H"))


def test_d9_with_an_empty_stock_a_player_who_does_not_take_the_pile_ends_the_round() -> None:
    pos = position(hands={0: "KC KD 8C"}, pile="4C KH", rest_to=1, melds=DOWN)
    assert pos["stock"] == []
    assert_refused(pos, {"type": "draw"}, "stock_empty")
    new = assert_legal(pos, {"type": "pass"})
    assert new["phase"] == "over" and new["out"] is None
    assert_legal(pos, take("KC KD"))
