"""Hand and Foot's melds and books (D3, D4) through the referee: groups of one natural rank with more natural
cards than wild cards and at most three, one meld per rank, no threes, no wild melds unless by option, books
closed at seven cards to wild cards (or to everything, by option)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.rules.positions import assert_error, assert_refused
from tests.rules_hand_and_foot.hf import (
    CLEAN_KINGS,
    Position,
    assert_legal,
    book,
    meld,
    melds_of,
    playing,
    position,
    same,
    wild_book,
)

DOWN = {0: [book("A", "AC AD AH")]}  # the side has melded: no first-meld minimum in these tests


def down(hand: str, **kw: Any) -> Position:
    return playing(hand, melds={0: [*DOWN[0], *kw.pop("extra", [])]}, **kw)


def test_d3_two_naturals_and_a_wild_card_make_a_meld() -> None:
    new = assert_legal(down("5C 5D 2C 9H 9S"), meld("5C 5D 2C"))
    assert same(melds_of(new)[1], "5C 5D 2C")


@pytest.mark.parametrize("cards", ["5C 5D 2C 2D", "5C 5D 5H 2C JK 2D"])
def test_d3_wild_cards_never_reach_the_naturals(cards: str) -> None:
    assert_refused(down(cards + " 9H 9S"), meld(cards), "meld_wilds_exceed_naturals")


def test_d3_never_more_than_three_wild_cards() -> None:
    cards = "5C 5D 5H 5S 5C 2C 2D JK JK"
    assert_refused(down(cards + " 9H 9S"), meld(cards), "meld_too_many_wilds")
    assert_legal(down(cards + " 9H 9S"), meld("5C 5D 5H 5S 5C 2C 2D JK"))


def test_d3_the_limit_holds_at_every_moment_when_adding() -> None:
    pos = down("2C 9H 9S", extra=[book("5", "5C 5D 2D")])
    assert_refused(pos, meld(add={"5": "2C"}), "meld_wilds_exceed_naturals")


def test_d13_wild_limit_not_more_than_naturals_allows_as_many_wilds_as_naturals() -> None:
    pos = down("5C 5D 2C 2D 9H 9S", rules={"wild_limit": "not_more_than_naturals"})
    assert_legal(pos, meld("5C 5D 2C 2D"))
    assert_refused(down("5C 5D 5H 2C 2D JK JK 9H 9S"), meld("5C 5D 5H 2C 2D JK JK"), "meld_too_many_wilds")


def test_d3_a_new_group_of_a_rank_held_joins_the_sides_meld() -> None:
    pos = down("5C 5D 5H 9H 9S", extra=[book("5", "5S 5C 5D")])
    new = assert_legal(pos, meld("5C 5D 5H"))
    assert len(new["melds"][0]) == 2 and len(melds_of(new)[1]) == 6


def test_d3_wild_cards_alone_never_meld_by_default() -> None:
    assert_refused(down("JK 2C 2D 9H 9S"), meld("JK 2C 2D"), "meld_without_natural_rank")


@pytest.mark.parametrize("bonus", [1000, 1500])
def test_d13_wild_books_by_option(bonus: int) -> None:
    pos = down("JK 2C 2D 9H 9S", rules={"wild_books": bonus})
    new = assert_legal(pos, meld("JK 2C 2D"))
    assert new["melds"][0][1]["kind"] == "wild"


@pytest.mark.parametrize("cards", ["3C 3S 3C", "3C 3S 3C 2D"])
def test_d3_threes_are_never_melded(cards: str) -> None:
    assert_refused(down(cards + " 9H 9S"), meld(cards), "black_threes_only_going_out")


def test_d3_threes_are_not_melded_even_to_go_out() -> None:
    pos = down("3C 3S 3C 9H", feet={0: None})
    assert_refused(pos, meld("3C 3S 3C"), "black_threes_only_going_out")


def test_d3_a_position_with_a_meld_of_threes_is_refused() -> None:
    pos = position(melds={0: [book("3", "3C 3S 3C")]})
    assert_error({"position": pos, "action": {"type": "draw"}}, "melds[0][0]", "threes")


def test_d3_a_book_of_seven_takes_natural_cards() -> None:
    pos = down("KC KD 9H 9S", extra=[book("K", CLEAN_KINGS)])
    new = assert_legal(pos, meld(add={"K": "KC KD"}))
    assert len(melds_of(new)[1]) == 9


def test_d3_a_book_of_seven_takes_no_wild_card() -> None:
    pos = down("2C 9H 9S", extra=[book("K", CLEAN_KINGS)])
    assert_refused(pos, meld(add={"K": "2C"}), "wilds_on_canasta")
    dirty = down("2C 9H 9S", extra=[book("Q", "QC QD QH QS QC 2D JK")])
    assert_refused(dirty, meld(add={"Q": "2C"}), "wilds_on_canasta")


def test_d3_a_meld_of_six_takes_the_wild_card_that_makes_it_a_dirty_book() -> None:
    pos = down("2C 9H 9S", extra=[book("K", "KC KD KH KS KC KD")])
    new = assert_legal(pos, meld(add={"K": "2C"}))
    assert len(melds_of(new)[1]) == 7


def test_d13_closed_books_no_additions_stop_a_book_at_seven() -> None:
    pos = down("KC 9H 9S", extra=[book("K", CLEAN_KINGS)], rules={"closed_books": "no_additions"})
    assert_refused(pos, meld(add={"K": "KC"}), "meld_too_large")


def test_d13_a_wild_book_by_option_holds_seven_wild_cards_at_most() -> None:
    pos = down("JK 9H 9S", extra=[wild_book("JK JK 2C 2D 2H 2S JK")], rules={"wild_books": 1000})
    assert_refused(pos, meld(add={}) | {"add": [{"meld": 1, "cards": ["JK"]}]}, "meld_too_large")


def test_d3_the_threes_refusal_reads_in_english_and_italian() -> None:
    from canasta.engine.melds import THREES_NEVER_MELDED
    from canasta.engine.refusal_text import refusal_text
    from canasta.i18n import set_language

    try:
        assert refusal_text(THREES_NEVER_MELDED) == "Threes are never melded in this game."
        set_language("it")
        assert refusal_text(THREES_NEVER_MELDED) == "In questo gioco i tre non si calano mai."
    finally:
        set_language("en")
