"""Pennies from Heaven (docs/variants.md), rule-sheet clauses E2 (sevens), E8 and E9 and clarifications H9, H11 and
H14: the sevens locked as discards, never the last discard; going out with the four canasta types, by melding or
by a last discard, with the packet still face down; the end of the stock."""

from __future__ import annotations

from typing import Any

import pytest

from tests.rules_pennies.pennies import after, discard, group, meld, position, refused, score, wild

SEVENS = group("7", "7C 7D 7H 7S 7C 7D 7H")
WILDS = wild("JK JK 2C 2D 2H 2S 2C")
KINGS = group("K", "KC KD KH KS KC KD KH")
QUEENS = group("Q", "QC QD QH QS QC 2D JK")
FOUR_TYPES = [SEVENS, WILDS, KINGS, QUEENS]
OPENED = group("A", "AC AD AH")


def _play(hand: str, melds: dict[int, list[dict[str, Any]]] | None = None, **fields: Any) -> dict[str, Any]:
    fields.setdefault("feet", {0: None})
    return position(phase="play", hands={0: hand}, melds=melds or {0: [OPENED]}, **fields)


def test_h11a_a_seven_is_locked_while_any_side_lacks_a_sevens_canasta() -> None:
    refused(_play("7S 9D 9H"), discard("7S"), "seven_discard_locked", "7S", "2 of the 2")
    own_done = _play("7S 9D 9H", {0: [SEVENS]})
    refused(own_done, discard("7S"), "seven_discard_locked", "1 of the 2")  # his own side's is not enough


def test_h11a_once_every_side_has_one_sevens_may_be_discarded() -> None:
    both = _play("7S 9D 9H", {0: [group("7", "7C 7D 7H 7S 7C 7D 2C")], 1: [group("7", "7H 7D 7C 7S 7H 7D 7C")]})
    after(both, discard("7S"))


def test_e13_sevens_unlock_own_side() -> None:
    rules = {"sevens_unlock": "own_side"}
    after(_play("7S 9D 9H", {0: [SEVENS]}, rules=rules), discard("7S"))
    refused(_play("7S 9D 9H", rules=rules), discard("7S"), "seven_discard_locked", "your side")


def test_h11a_a_hand_of_sevens_only_may_discard_one() -> None:
    after(_play("7S 7D"), discard("7S"))


def test_h11b_a_seven_is_never_the_discard_that_empties_the_hand() -> None:
    both = {0: FOUR_TYPES, 1: [group("7", "7H 7D 7C 7S 7H 7S 7C")]}
    refused(_play("7S", both), discard("7S"), "seven_going_out_discard", "7S")


def test_h11c_a_step_that_would_leave_one_card_a_seven_is_refused() -> None:
    refused(
        _play("KC KD 7S", {0: [OPENED, group("K", "KC KD KH")]}), meld(add=[(1, "KC KD")]), "no_legal_discard", "7S"
    )


def test_e8_going_out_needs_the_four_canasta_types() -> None:
    three = {0: [SEVENS, KINGS, QUEENS, group("9", "9S 9H 9D")]}
    refused(_play("9C 5C", three), meld(add=[(3, "9C")]), "must_keep_two_cards", "wild")
    refused(_play("5C", three), discard("5C"), "going_out_needs_canasta_types", "wild")
    extra = {0: [SEVENS, KINGS, group("K", "KC KD KH KS KC KD KS"), WILDS]}  # two naturals are no mixed one
    refused(_play("5C", extra), discard("5C"), "going_out_needs_canasta_types", "mixed")


def test_e8_with_the_four_types_a_player_goes_out_by_melding_and_a_last_discard() -> None:
    pos = _play("9C 9D 9H 5C", {0: FOUR_TYPES})
    melded = after(pos, meld("9C 9D 9H"))["position"]
    out = after(melded, discard("5C"))["position"]
    assert out["phase"] == "over" and out["out"]["seat"] == 0
    assert score(out)[0]["going_out"] == 100


def test_e8_h14_he_may_go_out_with_his_packet_face_down_and_it_counts_against_his_side() -> None:
    packet = "4C 4D 4H 4S 5D 5H 5S 6C 6S 8C 8D"  # 65
    pos = position(phase="play", hands={0: "9C 9D 9H 5C", 2: "8S", 4: "8H"}, melds={0: FOUR_TYPES},
                   feet={0: packet, 2: None, 4: None})  # fmt: skip
    out = after(after(pos, meld("9C 9D 9H"))["position"], discard("5C"))["position"]
    assert out["phase"] == "over" and out["feet"][0] is not None
    assert score(out)[0]["in_hand"] == -(65 + 10 + 10)


def test_h9_completing_his_first_canasta_with_his_last_cards_is_no_going_out() -> None:
    pos = _play("9C 9D", {0: [*FOUR_TYPES, group("9", "9S 9H 9D 9C 9S")]}, feet={0: "4C 4D 4H 4S 5D 5H 5S 6C 6S 8C 8D"})
    new = after(pos, meld(add=[(4, "9C 9D")]))["position"]
    assert new["phase"] == "play" and len(new["hands"][0]) == 11


def test_e9_with_the_stock_empty_a_pile_the_player_cannot_take_ends_the_hand_on_a_pass() -> None:
    pos = position(hands={0: "9C 5C"}, melds={0: [OPENED]}, pile="6D JK 4H", rest_to=1, feet={0: None})
    new = after(pos, {"type": "pass"})["position"]
    assert new["phase"] == "over" and new["out"] is None


@pytest.mark.parametrize("top", ["4H"])
def test_e9_with_the_stock_empty_a_pile_that_fits_a_meld_must_be_taken(top: str) -> None:
    pos = position(hands={0: "9C 5C"}, melds={0: [OPENED, group("4", "4C 4D 4S")]}, pile=f"6D {top}", rest_to=1)
    refused(pos, {"type": "pass"}, "must_take_pile", top)
