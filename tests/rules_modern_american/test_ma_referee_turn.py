"""Modern American Canasta (docs/variants.md): the turn (C2): the draw of one card, threes drawn (C6), and the bonus
cards (talon) for a side's first meld, through the referee."""

from __future__ import annotations

from typing import Any

import pytest

from tests.rules_modern_american.ma_positions import (
    apply_legal,
    assert_legal,
    discard,
    draw,
    group,
    meld,
    playing,
    position,
    refused,
    same,
)

HAND = "9C 9D 6S TS"


def test_c2_the_draw_is_one_card_from_the_top_of_the_stock() -> None:
    new = assert_legal(position(hands={0: HAND}, stock_top="5C 5D 5H"), draw())
    assert same(new["hands"][0], f"{HAND} 5C")
    assert new["stock"][:2] == ["5D", "5H"]
    assert new["phase"] == "play" and new["current"] == 0


def test_c14_draw_count_2_draws_two_cards() -> None:
    pos = position(hands={0: HAND}, stock_top="5C 5D 5H", rules={"draw_count": 2})
    new = assert_legal(pos, draw())
    assert same(new["hands"][0], f"{HAND} 5C 5D")
    assert new["stock"][0] == "5H"


@pytest.mark.parametrize("three", ["3C", "3S", "3H", "3D"])
def test_c2_c6_a_three_drawn_of_either_colour_is_laid_out_and_replaced(three: str) -> None:
    new = assert_legal(position(hands={0: HAND}, stock_top=f"{three} 5D 5H"), draw())
    assert same(new["hands"][0], f"{HAND} 5D")
    assert new["threes"][0] == [three] and new["threes"][1] == []
    assert new["stock"][0] == "5H"


def test_c6_a_three_drawn_by_the_second_side_goes_to_its_row() -> None:
    pos = position(hands={1: HAND}, current=1, stock_top="3S 3H 5D", threes={1: "3C"})
    new = assert_legal(pos, draw())
    assert same(new["hands"][1], f"{HAND} 5D")
    assert sorted(new["threes"][1]) == ["3C", "3H", "3S"] and new["threes"][0] == []


# --- bonus cards ---------------------------------------------------------------------------------------------

OPENER = "AC AD AH AS KC KD KH 5C 5D 5H"  # 80 + 30 + 15 = 125, the minimum at 0; clean triple KC KD KH
FIRST_MELD = meld("AC AD AH AS", "KC KD KH", "5C 5D 5H")
BONUS = "4C 4D 4H 4S 9H"  # the top of the stock


def meld_and_discard(pos: dict[str, Any]) -> dict[str, Any]:
    """Seat 0 lays the initial meld and discards 9S."""
    after_meld = assert_legal(pos, FIRST_MELD)
    assert same(after_meld["hands"][0], "9S 6S")
    new, _events = apply_legal(after_meld, discard("9S"))
    assert new["pile"][-1] == "9S"
    assert new["current"] == 1 and new["phase"] == "draw"
    return new


def test_c2_the_first_side_to_meld_takes_four_bonus_cards_after_the_discard() -> None:
    new = meld_and_discard(playing(f"{OPENER} 9S 6S", stock_top=BONUS, stock_count=40))
    assert same(new["hands"][0], "6S 4C 4D 4H 4S")
    assert len(new["stock"]) == 36 and new["stock"][0] == "9H"
    assert new["bonus_cards"][0] is True


def test_c2_the_second_side_to_meld_takes_three() -> None:
    pos = playing(f"{OPENER} 9S 6S", stock_top=BONUS, stock_count=40, melds={1: [group("J", "JC JD JH")]})
    assert pos["bonus_cards"] == [False, True]
    new = meld_and_discard(pos)
    assert same(new["hands"][0], "6S 4C 4D 4H")
    assert len(new["stock"]) == 37 and new["bonus_cards"] == [True, True]


def test_c1_c2_the_turn_card_still_in_the_stock_nine_cards_left_gives_bonus_cards() -> None:
    new = meld_and_discard(playing(f"{OPENER} 9S 6S", stock_top=BONUS, stock_count=9))
    assert same(new["hands"][0], "6S 4C 4D 4H 4S")
    assert len(new["stock"]) == 5


def test_c1_c2_once_the_turn_card_is_drawn_eight_cards_left_no_bonus_cards() -> None:
    new = meld_and_discard(playing(f"{OPENER} 9S 6S", stock_top=BONUS, stock_count=8))
    assert same(new["hands"][0], "6S")
    assert len(new["stock"]) == 8 and new["bonus_cards"][0] is False


def test_c14_bonus_cards_off_gives_none() -> None:
    pos = playing(f"{OPENER} 9S 6S", stock_top=BONUS, stock_count=40, rules={"bonus_cards": False})
    new = meld_and_discard(pos)
    assert same(new["hands"][0], "6S") and len(new["stock"]) == 40


def test_c2_no_bonus_cards_when_the_initial_meld_takes_the_pile() -> None:
    hand = "KC KD AC AD AH AS 5C 5D 5H QC QD QH 9S 6S"
    pos = position(hands={0: hand}, pile="6C 6D KH", stock_top=BONUS, stock_count=40)
    taken = assert_legal(pos, {"type": "take_pile", "with": ["KC", "KD"],
                               "also": [["AC", "AD", "AH", "AS"], ["5C", "5D", "5H"], ["QC", "QD", "QH"]]})  # fmt: skip
    assert same(taken["hands"][0], "9S 6S 6C 6D")
    new = assert_legal(taken, discard("9S"))
    assert same(new["hands"][0], "6S 6C 6D")
    assert len(new["stock"]) == 40 and new["bonus_cards"][0] is False


def test_c2_a_side_takes_its_bonus_cards_once() -> None:
    pos = playing("QC QD QH 9S 6S", melds={0: [group("A", "AC AD AH")]}, stock_top=BONUS, stock_count=40)
    assert pos["bonus_cards"] == [True, False]
    after = assert_legal(pos, meld("QC QD QH"))
    new = assert_legal(after, discard("9S"))
    assert same(new["hands"][0], "6S") and len(new["stock"]) == 40


def test_c2_the_partner_of_the_first_melder_takes_no_bonus_cards() -> None:
    pos = position(hands={2: "QC QD QH 9S 6S"}, current=2, phase="play", melds={0: [group("A", "AC AD AH")]},
                   stock_top=BONUS, stock_count=40)  # fmt: skip
    after = assert_legal(pos, meld("QC QD QH"))
    new = assert_legal(after, discard("9S"))
    assert same(new["hands"][2], "6S") and new["current"] == 3


def test_c2_a_player_due_bonus_cards_needs_only_a_card_to_discard() -> None:
    pos = playing(f"{OPENER} 9S", stock_top=BONUS, stock_count=40)
    after = assert_legal(pos, FIRST_MELD)
    assert same(after["hands"][0], "9S") and after["phase"] == "play"
    new = assert_legal(after, discard("9S"))
    assert new["phase"] == "draw" and new["current"] == 1, "emptying the hand before the bonus is not going out"
    assert same(new["hands"][0], "4C 4D 4H 4S")


def test_c2_without_bonus_cards_due_a_player_keeps_two_cards() -> None:
    pos = playing(f"{OPENER} 9S", stock_top=BONUS, stock_count=8)
    refused(pos, FIRST_MELD, "must_keep_two_cards")
