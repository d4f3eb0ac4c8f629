"""Modern American Canasta (docs/variants.md): melds (C3) through the referee: sizes 3 to 7, one meld per rank per side,
the wild limit, the rule of five, sevens and aces, the wild meld, dead ranks and threes."""

from __future__ import annotations

from typing import Any

from tests.rules_modern_american.ma_positions import (
    Meld,
    assert_error,
    assert_legal,
    down,
    draw,
    group,
    meld,
    meld_of_rank,
    melds_of,
    playing,
    position,
    refused,
    same,
    wild,
)

SPARE = "6S TS"  # two cards kept back, so that no step here is a step towards going out


def after_initial(hand: str, *melds: Meld, **kw: Any) -> dict[str, Any]:
    """Seat 0 to meld, his side down with three eights (and `melds`), holding `hand` and two spare cards."""
    return playing(f"{hand} {SPARE}", melds={0: [down(), *melds], **kw.pop("melds", {})}, **kw)


def before_initial(hand: str, **kw: Any) -> dict[str, Any]:
    """Seat 0 to meld, his side not down yet, holding `hand` and two spare cards."""
    return playing(f"{hand} {SPARE}", **kw)


# The rest of an initial meld: 40 + 30 = 70 with a clean triple, so that a tested group worth 55 or more
# brings the step to the minimum of 125.
OPENING_REST = ("QC QD QH QS", "JC JD JH")


# --- sizes ---------------------------------------------------------------------------------------------------


def test_c3_a_group_grows_to_seven_cards() -> None:
    new = assert_legal(after_initial("9H", group("9", "9C 9D 9H 9S 9C 9D")), meld(add={"9": "9H"}))
    assert len(meld_of_rank(new, 0, "9")) == 7


def test_c3_a_new_group_of_eight_is_refused() -> None:
    pos = after_initial("9C 9D 9H 9S 9C 9D 9H 9S")
    refused(pos, meld("9C 9D 9H 9S 9C 9D 9H 9S"), "meld_too_large", "7")


def test_c3_a_wild_meld_of_eight_is_refused() -> None:
    pos = after_initial("2C 2D 2H 2S 2C 2D 2H JK")
    refused(pos, meld("2C 2D 2H 2S 2C 2D 2H JK"), "meld_too_large", "7")


def test_c3_a_meld_of_two_cards_is_refused() -> None:
    refused(after_initial("9C 9D"), meld("9C 9D"), "meld_too_small")


# --- one meld per rank per side ------------------------------------------------------------------------------


def test_c3_one_meld_per_rank_per_side_a_new_meld_of_a_held_rank_joins_it() -> None:
    # As classic ("One meld per rank per side", docs/rules.md): cards of a rank the side holds go onto its meld.
    pos = after_initial("9S 9C 9D", group("9", "9C 9D 9H"))
    new = assert_legal(pos, meld("9S 9C 9D"))
    assert len(new["melds"][0]) == 2
    assert same(meld_of_rank(new, 0, "9"), "9C 9D 9H 9S 9C 9D")


def test_c3_the_other_sides_meld_of_a_rank_does_not_stop_a_new_one() -> None:
    pos = after_initial("9S 9C 9D", melds={1: [group("9", "9C 9D 9H")]})
    new = assert_legal(pos, meld("9S 9C 9D"))
    assert same(meld_of_rank(new, 0, "9"), "9S 9C 9D")


# --- the wild limit and the rule of five ---------------------------------------------------------------------


def test_c3_a_group_laid_in_the_initial_step_may_hold_two_wild_cards() -> None:
    pos = before_initial("KC KD 2C 2D QC QD QH QS JC JD JH")  # 60 + 40 + 30 = 130
    new = assert_legal(pos, meld("KC KD 2C 2D", *OPENING_REST))
    assert same(meld_of_rank(new, 0, "K"), "KC KD 2C 2D")


def test_c3_never_more_than_two_wild_cards() -> None:
    pos = before_initial("KC KD 2C 2D JK QC QD QH QS JC JD JH")
    refused(pos, meld("KC KD 2C 2D JK", *OPENING_REST), "meld_too_many_wilds", "2")


def test_c3_at_least_two_natural_cards() -> None:
    pos = before_initial("KC 2C JK QC QD QH QS JC JD JH")  # 10 + 70 + 70 = 150
    refused(pos, meld("KC 2C JK", *OPENING_REST), "meld_too_few_naturals")


def test_c3_rule_of_five_no_new_mixed_group_after_the_initial_meld() -> None:
    refused(after_initial("QC QD 2C"), meld("QC QD 2C"), "rule_of_five", "5")


def test_c3_rule_of_five_no_wild_card_onto_a_group_of_four_naturals() -> None:
    refused(after_initial("2C", group("9", "9C 9D 9H 9S")), meld(add={"9": "2C"}), "rule_of_five", "5")


def test_c3_rule_of_five_a_wild_card_onto_a_group_of_five_naturals() -> None:
    new = assert_legal(after_initial("2C", group("9", "9C 9D 9H 9S 9C")), meld(add={"9": "2C"}))
    assert same(meld_of_rank(new, 0, "9"), "9C 9D 9H 9S 9C 2C")


def test_c3_rule_of_five_two_wild_cards_onto_five_naturals_make_a_mixed_canasta() -> None:
    new = assert_legal(after_initial("2C JK", group("9", "9C 9D 9H 9S 9C")), meld(add={"9": "2C JK"}))
    assert len(meld_of_rank(new, 0, "9")) == 7


def test_c3_a_group_laid_with_a_wild_card_in_the_initial_step_takes_no_more_later() -> None:
    pos = after_initial("JK", group("K", "KC KD 2C"))
    refused(pos, meld(add={"K": "JK"}), "rule_of_five", "5")


def test_c14_rule_of_five_no_lets_a_mixed_group_be_laid_after_the_initial_meld() -> None:
    new = assert_legal(after_initial("QC QD 2C", rules={"rule_of_five": False}), meld("QC QD 2C"))
    assert same(meld_of_rank(new, 0, "Q"), "QC QD 2C")


# --- sevens and aces -----------------------------------------------------------------------------------------


def test_c3_sevens_never_take_a_wild_card_even_in_the_initial_step() -> None:
    pos = before_initial("7C 7D 7H 2C QC QD QH QS JC JD JH AC AD AH")  # 35 + 70 + 60 = 165
    refused(pos, meld("7C 7D 7H 2C", "AC AD AH", *OPENING_REST), "rank_takes_no_wild", "sevens")


def test_c3_sevens_never_take_a_wild_card_after_five_naturals() -> None:
    pos = after_initial("2C", group("7", "7C 7D 7H 7S 7C"))
    refused(pos, meld(add={"7": "2C"}), "rank_takes_no_wild", "sevens")


def test_c3_sevens_never_take_a_wild_card_without_the_rule_of_five() -> None:
    pos = after_initial("7C 7D 2C", rules={"rule_of_five": False})
    refused(pos, meld("7C 7D 2C"), "rank_takes_no_wild", "sevens")


def test_c3_aces_take_wild_cards_in_the_initial_step() -> None:
    pos = before_initial("AC AD 2C QC QD QH QS JC JD JH")  # 60 + 70 = 130
    new = assert_legal(pos, meld("AC AD 2C", *OPENING_REST))
    assert same(meld_of_rank(new, 0, "A"), "AC AD 2C")


def test_c3_aces_take_no_wild_card_after_the_initial_meld() -> None:
    refused(after_initial("2C", group("A", "AC AD AH AS AC")), meld(add={"A": "2C"}), "rank_takes_no_wild", "aces")


def test_c3_aces_take_no_wild_card_after_the_initial_meld_without_the_rule_of_five() -> None:
    pos = after_initial("AC AD 2C", rules={"rule_of_five": False})
    refused(pos, meld("AC AD 2C"), "rank_takes_no_wild", "aces")


# --- the wild meld -------------------------------------------------------------------------------------------


def test_c3_a_wild_meld_of_twos_and_jokers() -> None:
    new = assert_legal(after_initial("2C 2D JK"), meld("2C 2D JK"))
    assert new["melds"][0][1]["kind"] == "wild"
    assert same(melds_of(new)[1], "2C 2D JK")


def test_c3_a_wild_meld_grows_by_index_to_seven() -> None:
    pos = after_initial("2H 2S", wild("2C 2D JK JK JK"))
    new = assert_legal(pos, meld(add_to=[(1, "2H 2S")]))
    assert len(melds_of(new)[1]) == 7


def test_c3_a_wild_meld_takes_no_natural_card() -> None:
    refused(after_initial("9C", wild("2C 2D JK")), meld(add_to=[(1, "9C")]), "wild_meld_wilds_only", "9C")


def test_c3_one_wild_meld_per_side() -> None:
    refused(after_initial("2H 2S JK", wild("2C 2D JK")), meld("2H 2S JK"), "one_open_wild_meld")


def test_c3_an_incomplete_wild_meld_blocks_wild_cards_in_other_melds() -> None:
    pos = after_initial("2H", wild("2C 2D JK"), group("9", "9C 9D 9H 9S 9C"))
    refused(pos, meld(add={"9": "2H"}), "wild_meld_open", "wild meld")


def test_c3_a_completed_wild_meld_no_longer_blocks_them() -> None:
    pos = after_initial("2H", wild("2C 2D 2S 2C 2D JK JK"), group("9", "9C 9D 9H 9S 9C"))
    new = assert_legal(pos, meld(add={"9": "2H"}))
    assert same(meld_of_rank(new, 0, "9"), "9C 9D 9H 9S 9C 2H")


def test_c3_the_other_sides_incomplete_wild_meld_blocks_nothing() -> None:
    pos = after_initial("2H", group("9", "9C 9D 9H 9S 9C"), melds={1: [wild("2C 2D JK")]})
    assert_legal(pos, meld(add={"9": "2H"}))


# --- dead ranks ----------------------------------------------------------------------------------------------

NINES_CANASTA = "9C 9C 9D 9H 9S 2C 2D"  # mixed: leaves 9D 9H 9S in play


def test_c3_a_completed_canasta_makes_its_rank_dead_for_the_other_side() -> None:
    pos = after_initial("9D 9H 9S", melds={1: [group("9", NINES_CANASTA)]})
    refused(pos, meld("9D 9H 9S"), "dead_rank", "nines")


def test_c3_a_completed_canasta_makes_its_rank_dead_for_its_own_side() -> None:
    # The new nines would join the side's canasta of nines (one meld per rank): ten cards, and a dead rank.
    pos = after_initial("9D 9H 9S", group("9", NINES_CANASTA))
    refused(pos, meld("9D 9H 9S"), "meld_too_large", "7")


def test_c3_a_dead_ranks_canasta_takes_no_more_cards() -> None:
    pos = after_initial("9D", group("9", "9C 9C 9H 9S 9D 2C 2D"))
    refused(pos, meld(add={"9": "9D"}), "meld_too_large", "7")


# --- threes --------------------------------------------------------------------------------------------------


def test_c3_threes_are_never_melded() -> None:
    pos = position(melds={0: [down()]})
    pos["melds"][0].append({"kind": "group", "rank": "3", "cards": ["3C", "3S", "3C"]})
    for card in ("3C", "3S", "3C"):
        pos["stock"].remove(card)
    assert_error({"position": pos, "action": draw()}, "three")


def test_c6_threes_are_never_held_in_a_drawing_hand() -> None:
    pos = position(hands={0: "9C 9D 9H"}, melds={0: [down()]})
    for card in ("3C", "3S", "3H"):
        pos["stock"].remove(card)
        pos["hands"][0].append(card)
    assert_error({"position": pos, "action": draw()}, "three")
