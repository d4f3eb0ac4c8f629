"""Samba's rule A5 with H2 and H3: the discard pile is taken with a natural pair (always a new group, frozen or
not), or by its top card alone onto a group or sequence of fewer than seven cards (not frozen); never onto a
canasta, never with one natural and wild cards, never to start a sequence. Blocked by a black three or a wild
card on top.

Seat 0 is to draw. Side 0 holds three aces (so it has made its first meld) and the melds a test adds.
"""

import pytest

from tests.rules.positions import assert_refused
from tests.rules_family.family import (
    Action,
    Meld,
    Position,
    aces,
    assert_legal,
    group,
    hand,
    melds_of,
    mixed_canasta,
    natural_canasta,
    position,
    run,
    samba,
    same,
    take,
    take_onto,
)

KINGS3 = group("K", "KC KD KH")


def taker(hand_cards: str, pile: str, *side_melds: Meld, melded: bool = True, variant: str = "samba") -> Position:
    melds = [aces(), *side_melds] if melded else list(side_melds)
    return position(variant, hands={0: hand_cards}, pile=pile, melds={0: melds})


# --- rule 1: the natural pair -------------------------------------------------------------------------------


def test_a5_rule1_h2_a_natural_pair_takes_the_pile_as_a_new_group_beside_the_sides_group() -> None:
    new = assert_legal(taker("KS KS 4C 5C", "8C KD", KINGS3), take("KS KS"))
    assert melds_of(new) == [["AC", "AD", "AH"], ["KC", "KD", "KH"], ["KD", "KS", "KS"]]
    assert same(hand(new), "4C 5C 8C") and new["pile"] == [] and new["phase"] == "play"
    assert new["turn"]["drew_from"] == "pile"


def test_a5_rule1_h2_a_natural_pair_takes_a_frozen_pile_as_a_new_group() -> None:
    new = assert_legal(taker("KS KS 4C 5C", "8C 2C KD", KINGS3), take("KS KS"))
    assert melds_of(new)[1:] == [["KC", "KD", "KH"], ["KD", "KS", "KS"]]
    assert same(hand(new), "2C 4C 5C 8C")


def test_a5_rule1_more_naturals_and_wild_cards_within_the_limit_join_the_new_group() -> None:
    new = assert_legal(taker("KS KS KC 2H JK 4C", "8C KD"), take("KS KS KC 2H JK"))
    assert melds_of(new)[1] == ["KD", "KS", "KS", "KC", "2H", "JK"]


def test_a5_rule1_the_new_group_keeps_the_wild_limit() -> None:
    assert_refused(taker("KS KS 2H JK 2D 4C", "8C KD"), take("KS KS 2H JK 2D"), "meld_too_many_wilds")


# --- rules 2 and 3: the top card alone onto a meld (H3) -----------------------------------------------------


def test_a5_rule2_h3_the_top_card_alone_goes_onto_the_group_named() -> None:
    pos = taker("KS 4C 5C", "8C KD", KINGS3, group("K", "KS KS KH"))
    new = assert_legal(pos, take_onto(2))
    assert melds_of(new)[1:] == [["KC", "KD", "KH"], ["KS", "KS", "KH", "KD"]]
    assert same(hand(new), "KS 4C 5C 8C")  # the king in hand stays there: the top card goes alone


def test_a5_rule2_with_two_groups_of_the_rank_the_take_must_name_one() -> None:
    assert_refused(taker("KS 4C 5C", "8C KD", KINGS3, group("K", "KS KS KH")), take(), "which_meld")


def test_a5_rule2_the_top_card_makes_a_group_of_six_a_canasta() -> None:
    new = assert_legal(taker("4C 5C", "8C KD", group("K", "KC KD KH KS KC KH")), take_onto(1))
    assert len(melds_of(new)[1]) == 7


@pytest.mark.parametrize(("top", "result"), [("9S", "6S 7S 8S 9S"), ("5S", "5S 6S 7S 8S")])
def test_a5_rule3_the_top_card_extends_a_sequence_at_either_end(top: str, result: str) -> None:
    new = assert_legal(taker("4C 5C", f"8C {top}", run("S", "6S 7S 8S")), take_onto(1))
    assert melds_of(new)[1] == result.split() and same(hand(new), "4C 5C 8C")


def test_a5_rule3_the_top_card_fits_a_sequence_only_at_an_end() -> None:
    assert_refused(taker("4C 5C", "8C 7S", run("S", "6S 7S 8S")), take_onto(1), "sequence_not_run")


@pytest.mark.parametrize(
    "action",
    [{"type": "take_pile", "with": ["TS"], "onto": 1}, {"type": "take_pile", "also": [["TS", "JS", "QS"]], "onto": 1}],
)
def test_a5_h3_hand_cards_never_go_with_a_take_onto_a_meld(action: Action) -> None:
    assert_refused(taker("TS JS QS 4C", "8C 9S", run("S", "6S 7S 8S")), action, "take_onto_not_alone")


@pytest.mark.parametrize(
    ("canasta", "top"),
    [(natural_canasta(), "KD"), (mixed_canasta(), "QD"), (samba(), "4H")],
)
def test_a5_the_top_card_never_goes_onto_a_canasta(canasta: Meld, top: str) -> None:
    assert_refused(taker("4C 5C", f"8C {top}", canasta), take_onto(1), "pile_onto_canasta")


def test_a5_the_top_card_never_goes_onto_a_canasta_named_by_rank() -> None:
    assert_refused(taker("4C 5C", "8C KD", natural_canasta()), take(), "pile_onto_canasta")


@pytest.mark.parametrize("onto", [group("K", "KC KD KH"), run("S", "6S 7S 8S")])
def test_a5_rules2_3_a_frozen_pile_needs_the_natural_pair(onto: Meld) -> None:
    top = "KD" if onto["kind"] == "group" else "9S"
    assert_refused(taker("4C 5C", f"8C 2C {top}", onto), take_onto(1), "pile_frozen_needs_natural_pair")


def test_a5_the_pile_is_frozen_for_a_side_without_its_first_meld() -> None:
    assert_refused(taker("KS 4C 5C", "8C KD", melded=False), take(), "pile_frozen_needs_natural_pair")


def test_a5_the_top_card_alone_needs_a_meld_of_its_rank() -> None:
    assert_refused(taker("4C 5C", "8C KD", group("Q", "QC QD QH")), take(), "pile_take_needs_meld")


# --- never ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("side_melds", [(), (KINGS3,)])
def test_a5_never_one_natural_with_wild_cards(side_melds: tuple[Meld, ...]) -> None:
    pos = taker("KS 2H JK 4C", "8C KD", *side_melds)
    assert_refused(pos, take("KS 2H"), "pile_take_needs_natural_pair")
    assert_refused(pos, take("KS 2H JK"), "pile_take_needs_natural_pair")


@pytest.mark.parametrize("with_", ["QD JD", "JD QD"])
def test_a5_the_top_card_never_starts_a_sequence(with_: str) -> None:
    assert_refused(taker("QD JD 4C 5C", "8C KD"), take(with_), "pile_take_wrong_rank")


def test_a5_the_top_card_and_hand_cards_never_go_onto_a_sequence_together() -> None:
    assert_refused(taker("JD 4C 5C", "8C QD", run("D", "8D 9D TD")), take("JD"), "pile_take_wrong_rank")


@pytest.mark.parametrize(("top", "code"), [("3S", "pile_blocked_black_three"), ("2H", "pile_top_wild")])
def test_a5_the_pile_is_blocked_by_a_black_three_or_a_wild_card_on_top(top: str, code: str) -> None:
    pair = "3C 3C" if top == "3S" else "2C 2D"
    assert_refused(taker(f"{pair} 4C 5C", f"8C {top}"), take(pair), code)


def test_a5_one_card_may_not_take_a_pile_of_one_card() -> None:
    assert_refused(taker("KS", "KD", KINGS3), take_onto(1), "one_card_pile")


def test_a7_the_first_meld_by_the_pile_counts_the_top_card_and_the_pair() -> None:
    # kings 10 + 10 + the top king 10, sixes 4 x 5: exactly 50 (the pile's other cards never count)
    new = assert_legal(taker("KS KS 6C 6D 6H 6S 4C", "AC AS KD", melded=False), take("KS KS", also=["6C 6D 6H 6S"]))
    assert melds_of(new) == [["KD", "KS", "KS"], ["6C", "6D", "6H", "6S"]]
    message = assert_refused(
        taker("KS KS 5C 5D 5H 4C", "AC AS KD", melded=False),
        take("KS KS", also=["5C 5D 5H"]),
        "initial_meld_below_minimum",
    )
    assert "50" in message and "45" in message
