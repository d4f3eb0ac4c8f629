"""Cuban Canasta (docs/variants.md, "Cuban Canasta"): melds (E'3, H18, H19) and the discard pile (E'5, H16, H17)
through the referee: groups and wild melds of three to seven, one group per rank and one wild meld per side, ranks
closed for the side that completed them, the always-frozen pile and the black threes set aside from it."""

from __future__ import annotations

from typing import Any

import pytest

from tests.rules_cuban.cuban_positions import (
    apply_legal,
    assert_legal,
    down,
    group,
    meld,
    meld_of_rank,
    playing,
    position,
    refused,
    same,
    take,
    wild,
)

MIXED_QUEENS = "QC QD QH QS 2C 2D JK"  # a mixed canasta of queens: four queens are left
BELOW = "5C 6D 9S"  # the pile under its top card
SPARE = "6S TS"


def taker(hand: str, pile: str, *melds: dict[str, Any], **kw: Any) -> dict[str, Any]:
    """Seat 0 to draw, his side down with three eights (and `melds`), holding `hand` and two spare cards."""
    return position(hands={0: f"{hand} {SPARE}"}, pile=pile, melds={0: [down(), *melds], **kw.pop("melds", {})},
                    **kw)  # fmt: skip


# --- E'3: groups ----------------------------------------------------------------------------------------------


def test_e3_a_group_holds_up_to_seven_cards() -> None:
    new = assert_legal(playing("9C 9D 9H 9S JK 2C 2D QC QD", melds={0: [down()]}), meld("9C 9D 9H 9S JK 2C 2D"))
    assert len(meld_of_rank(new, 0, "9")) == 7


def test_e3_no_group_passes_seven_cards() -> None:
    pos = playing("9C 2C QC QD", melds={0: [down(), group("9", "9D 9H 9S 9C 9D 9H JK")]})
    refused(pos, meld(add={"9": "9C"}), "closed_rank", "nines")


def test_e3_at_most_three_wild_cards_in_a_group() -> None:
    pos = playing("9C 9D 9H 2C 2D 2H JK QC QD", melds={0: [down()]})
    refused(pos, meld("9C 9D 9H 2C 2D 2H JK"), "meld_too_many_wilds", "3")


def test_e3_three_wild_cards_in_a_group_are_allowed() -> None:
    new = assert_legal(playing("9C 9D 2C 2D 2H QC QD", melds={0: [down()]}), meld("9C 9D 2C 2D 2H"))
    assert len(meld_of_rank(new, 0, "9")) == 5


def test_e3_a_group_needs_two_natural_cards() -> None:
    pos = playing("9C 2C 2D QC QD", melds={0: [down()]})
    refused(pos, meld("9C 2C 2D"), "meld_too_few_naturals")


def test_e3_one_group_per_rank_a_new_group_joins_the_old_one() -> None:
    new = assert_legal(playing("9C 9D 9H QC QD", melds={0: [down(), group("9", "9S 9C 9D")]}), meld("9C 9D 9H"))
    assert len(new["melds"][0]) == 2 and len(meld_of_rank(new, 0, "9")) == 6


# --- E'3, H18: wild melds ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("cards", ["2C 2D JK", "2C 2D 2H JK JK 2S 2C"])
def test_h18_a_wild_meld_holds_three_to_seven_wild_cards(cards: str) -> None:
    new = assert_legal(playing(f"{cards} QC QD", melds={0: [down()]}), meld(cards))
    assert new["melds"][0][-1]["kind"] == "wild"


def test_h18_a_wild_meld_of_two_is_too_small() -> None:
    refused(playing("2C JK QC QD", melds={0: [down()]}), meld("2C JK"), "meld_too_small")


def test_h18_one_wild_meld_per_side_per_hand() -> None:
    pos = playing("2S 2C JK QC QD", melds={0: [down(), wild("2D 2H JK 2D 2H 2C JK")]})
    refused(pos, meld("2S 2C JK"), "one_wild_meld")


def test_h18_a_wild_meld_is_never_started_from_the_pile() -> None:
    refused(taker("2C JK", f"{BELOW} 2H"), take("2C JK"), "pile_top_wild")


# --- E'3, H19: closed ranks --------------------------------------------------------------------------------------


def test_h19_a_side_starts_no_other_group_of_its_closed_rank() -> None:
    pos = playing("QC QD QH TS", melds={0: [down(), group("Q", MIXED_QUEENS)]})
    refused(pos, meld("QC QD QH"), "closed_rank", "queens")


def test_h19_a_side_adds_nothing_to_its_canasta() -> None:
    pos = playing("QC JK TS 9S", melds={0: [down(), group("Q", MIXED_QUEENS)]})
    refused(pos, meld(add={"Q": "QC"}), "closed_rank", "queens")


def test_h19_the_other_side_still_melds_the_rank() -> None:
    pos = position(
        hands={1: "QC QD QH TS 9S"}, melds={0: [down(), group("Q", MIXED_QUEENS)], 1: [group("9", "9C 9D 9H")]},
        current=1, phase="play",
    )  # fmt: skip
    new = assert_legal(pos, meld("QC QD QH"))
    assert same(meld_of_rank(new, 1, "Q"), "QC QD QH")


def test_h19_a_side_takes_no_pile_topped_by_its_closed_rank() -> None:
    pos = taker("QC QD", f"{BELOW} QH", group("Q", MIXED_QUEENS))
    refused(pos, take("QC QD"), "pile_top_closed_rank", "queens", "QH")


def test_h19_the_other_side_takes_a_pile_topped_by_a_rank_closed_for_the_first() -> None:
    pos = position(
        hands={1: f"QC QD {SPARE}"}, pile=f"{BELOW} QH", current=1,
        melds={0: [down(), group("Q", MIXED_QUEENS)], 1: [group("9", "9C 9D 9H")]},
    )  # fmt: skip
    new = assert_legal(pos, take("QC QD"))
    assert same(meld_of_rank(new, 1, "Q"), "QH QC QD")


# --- E'5, H16: the always-frozen pile ----------------------------------------------------------------------------


def test_h16_a_natural_pair_takes_the_pile_after_the_initial_meld() -> None:
    new = assert_legal(taker("KC KD", f"{BELOW} KH"), take("KC KD"))
    assert same(meld_of_rank(new, 0, "K"), "KH KC KD")
    assert new["pile"] == [] and new["turn"]["drew_from"] == "pile"


def test_h16_a_natural_pair_takes_the_pile_for_the_initial_meld() -> None:
    pos = position(hands={0: f"KC KD QC QD QH {SPARE}"}, pile=f"{BELOW} KH")
    new = assert_legal(pos, take("KC KD", also=["QC QD QH"]))
    assert len(new["melds"][0]) == 2


@pytest.mark.parametrize("with_", ["KC 2C", "KC JK", "KC"])
def test_h16_one_natural_with_a_wild_card_never_takes_it(with_: str) -> None:
    pos = taker("KC 2C JK", f"{BELOW} KH", group("K", "KS KD KH"))
    refused(pos, take(with_), "pile_frozen_needs_natural_pair", "kings")


def test_h16_the_top_card_alone_never_takes_it() -> None:
    pos = taker("KC KD", f"{BELOW} KH", group("K", "KS KD KC"))
    refused(pos, take(), "pile_frozen_needs_natural_pair", "kings")


@pytest.mark.parametrize(("cards", "size"), [("KS KD KC", 6), ("KS KD KC 2C", 7)])
def test_h16_the_three_cards_join_a_group_of_four_or_fewer(cards: str, size: int) -> None:
    new = assert_legal(taker("KC KD", f"{BELOW} KH", group("K", cards)), take("KC KD"))
    assert len(new["melds"][0]) == 2 and len(meld_of_rank(new, 0, "K")) == size


@pytest.mark.parametrize("cards", ["KS KD KC KS 2C", "KS KD KC KS 2C JK"])
def test_h16_with_five_or_six_cards_in_the_group_the_take_is_refused(cards: str) -> None:
    pos = taker("KC KD", f"{BELOW} KH", group("K", cards))
    refused(pos, take("KC KD"), "pile_meld_full", str(len(cards.split())))


def test_e5_never_with_a_black_three_on_top() -> None:
    refused(taker("3C 3S", f"{BELOW} 3S"), take("3C 3S"), "pile_blocked_black_three")


# --- E'5, H17: black threes set aside -----------------------------------------------------------------------------


def test_h17_black_threes_in_a_taken_pile_are_set_aside() -> None:
    new, events = apply_legal(taker("KC KD", "5C 3S 6D 3C KH"), take("KC KD"))
    assert sorted(new["black_threes"][0]) == ["3C", "3S"]
    assert sorted(new["hands"][0]) == sorted([*SPARE.split(), "5C", "6D"])
    kinds = [event["type"] for event in events]
    assert kinds[:2] == ["take_pile", "black_threes_aside"]
    assert events[1] == {"seat": 0, "type": "black_threes_aside", "cards": ["3S", "3C"]}


def test_h17_the_two_card_rule_counts_the_hand_without_them() -> None:
    pos = position(hands={0: "KC KD TS"}, pile="3S 3C KH", melds={0: [down()]})
    refused(pos, take("KC KD"), "must_keep_two_cards")


def test_h17_no_replacement_is_drawn_for_them() -> None:
    pos = taker("KC KD", "5C 3S KH")
    new = assert_legal(pos, take("KC KD"))
    assert len(new["stock"]) == len(pos["stock"])
