"""Modern American Canasta (docs/variants.md): the discard pile (C5) through the referee: always frozen, a natural pair
and the top card, onto a meld of three or four, never onto five or more, never with a three, a wild card or a dead rank
on top, and before the initial meld the minimum and the clean triple from the hand alone."""

from __future__ import annotations

from typing import Any

import pytest

from tests.rules_modern_american.ma_positions import (
    assert_error,
    assert_legal,
    down,
    group,
    meld_of_rank,
    position,
    refused,
    same,
    take,
)

BELOW = "5C 6D 9S"  # the pile under its top card
SPARE = "6S TS"


def taker(hand: str, pile: str, *melds: dict[str, Any], **kw: Any) -> dict[str, Any]:
    """Seat 0 to draw, his side down with three eights (and `melds`), holding `hand` and two spare cards."""
    return position(hands={0: f"{hand} {SPARE}"}, pile=pile, melds={0: [down(), *melds], **kw.pop("melds", {})},
                    **kw)  # fmt: skip


def test_c5_a_natural_pair_takes_the_pile_with_the_top_card_as_a_new_group() -> None:
    new = assert_legal(taker("KC KD", f"{BELOW} KH"), take("KC KD"))
    assert same(meld_of_rank(new, 0, "K"), "KH KC KD")
    assert new["pile"] == []
    assert same(new["hands"][0], f"{SPARE} {BELOW}"), "the rest of the pile goes to the hand"
    assert new["phase"] == "play" and new["turn"]["drew_from"] == "pile"


@pytest.mark.parametrize("with_", ["KC 2C", "KC JK", "KC"])
def test_c5_the_pile_is_always_frozen_one_natural_never_takes_it(with_: str) -> None:
    pos = taker("KC 2C JK", f"{BELOW} KH", group("K", "KS KD KH"))
    refused(pos, take(with_), "pile_frozen_needs_natural_pair", "kings")


def test_c5_the_top_card_never_goes_alone_onto_a_meld() -> None:
    pos = taker("KC KD", f"{BELOW} KH", group("K", "KS KD KC"))
    refused(pos, take(), "pile_frozen_needs_natural_pair", "kings")


def test_c5_the_pile_is_frozen_even_without_a_wild_card_in_it_after_the_initial_meld() -> None:
    pos = taker("KC 2C", f"{BELOW} KH")
    refused(pos, take("KC 2C"), "pile_frozen_needs_natural_pair", "kings")


@pytest.mark.parametrize(("meld_cards", "size"), [("KS KD KC", 6), ("KS KD KC 2C", 7)])
def test_c5_the_pair_and_top_card_go_onto_a_meld_of_three_or_four(meld_cards: str, size: int) -> None:
    new = assert_legal(taker("KC KD", f"{BELOW} KH", group("K", meld_cards)), take("KC KD"))
    assert len(new["melds"][0]) == 2, "no second group of kings"
    assert same(meld_of_rank(new, 0, "K"), f"{meld_cards} KH KC KD")
    assert len(meld_of_rank(new, 0, "K")) == size


@pytest.mark.parametrize("meld_cards", ["KS KS KH 2C 2D", "KS KS KH KC 2C 2D"])
def test_c5_a_meld_of_five_or_more_refuses_the_pile(meld_cards: str) -> None:
    hand = "KC KD" if "KC" not in meld_cards else "KD KD"
    pos = taker(hand, f"{BELOW} KH", group("K", meld_cards))
    refused(pos, take(hand), "pile_meld_full", "K")


@pytest.mark.parametrize("top", ["2C", "JK"])
def test_c5_never_with_a_wild_card_on_top(top: str) -> None:
    refused(taker("KC KD", f"{BELOW} KH {top}"), take("KC KD"), "pile_top_wild", "wild card")


def test_c2_c5_a_three_is_never_on_top_of_the_pile() -> None:
    # A three is never discarded (C2, C6), so a pile with one on top is no position of this game.
    assert_error({"position": taker("KC KD", f"{BELOW} KH 3S"), "action": take("KC KD")}, "pile", "three")


def test_c5_never_with_a_dead_rank_on_top() -> None:
    pos = taker("9D 9S", "5C 6D 9H", melds={1: [group("9", "9C 9C 9D 9H 9S 2C 2D")]})
    refused(pos, take("9D 9S"), "pile_top_dead_rank", "nines", "9H")


def test_c5_an_empty_pile_cannot_be_taken() -> None:
    refused(taker("KC KD", ""), take("KC KD"), "pile_empty")


# --- before the side's initial meld --------------------------------------------------------------------------


def opener(hand: str, pile: str, **kw: Any) -> dict[str, Any]:
    """Seat 0 to draw, his side not down yet."""
    return position(hands={0: f"{hand} {SPARE}"}, pile=pile, **kw)


def test_c5_c7_the_pair_and_melds_from_hand_meet_the_minimum_without_the_top_card() -> None:
    pos = opener("KC KD AC AD AH AS 5C 5D 5H QC QD QH", f"{BELOW} KH")  # 20 + 80 + 15 + 30 = 145
    new = assert_legal(pos, take("KC KD", also=["AC AD AH AS", "5C 5D 5H", "QC QD QH"]))
    assert len(new["melds"][0]) == 4
    assert same(new["hands"][0], f"{SPARE} {BELOW}")


def test_c5_c7_the_top_card_does_not_count_toward_the_minimum() -> None:
    pos = opener("KC KD AC AD AH AS 5C 5D 5H", f"{BELOW} KH")  # 20 + 80 + 15 = 115; 125 with the top card
    refused(pos, take("KC KD", also=["AC AD AH AS", "5C 5D 5H"]), "initial_meld_below_minimum", "125", "115")


def test_c5_c7_the_top_card_and_pair_do_not_make_the_clean_triple() -> None:
    pos = opener("KC KD QC QD JK JC JD 2C AC AD 2D", f"{BELOW} KH")  # 20 + 70 + 40 + 60 = 190, no clean triple
    refused(pos, take("KC KD", also=["QC QD JK", "JC JD 2C", "AC AD 2D"]), "initial_meld_needs_clean_triple")


def test_c5_c7_a_clean_triple_from_the_hand_beside_the_pair() -> None:
    pos = opener("KC KD QC QD JK JC JD 2C 5C 5D 5H", f"{BELOW} KH")  # 20 + 70 + 40 + 15 = 145
    new = assert_legal(pos, take("KC KD", also=["QC QD JK", "JC JD 2C", "5C 5D 5H"]))
    assert len(new["melds"][0]) == 4


def test_c5_the_pile_before_the_initial_meld_still_needs_a_natural_pair() -> None:
    pos = opener("KC 2C AC AD AH AS QC QD QH JC JD JH", f"{BELOW} KH")
    refused(pos, take("KC 2C", also=["AC AD AH AS", "QC QD QH", "JC JD JH"]), "pile_frozen_needs_natural_pair")
