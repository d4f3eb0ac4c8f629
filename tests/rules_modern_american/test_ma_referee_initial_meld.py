"""Modern American Canasta (docs/variants.md): the initial meld (C7) through the referee: the minimum by the side's
score, the clean triple, canastas in it, what it never counts, and the options `minimums`, `initial_meld_needs` and
`splash`."""

from __future__ import annotations

from typing import Any

import pytest

from tests.rules_modern_american.ma_positions import assert_legal, meld, melds_of, playing, refused

SPARE = "6S TS"

MELDS = {
    120: ("AC AD AH AS", "KC KD KH KS"),
    125: ("AC AD AH AS", "KC KD KH", "5C 5D 5H"),
    150: ("AC AD AH AS", "KC KD KH KS", "QC QD QH"),
    155: ("AC AD AH AS", "KC KD KH", "QC QD QH", "5C 5D 5H"),
    175: ("AC AD AH AS", "KC KD KH KS", "QC QD QH QS", "5C 5D 5H"),
    180: ("AC AD AH AS", "KC KD KH KS", "QC QD QH", "JC JD JH"),
}


def opener(worth: int, score: int = 0, **kw: Any) -> dict[str, Any]:
    """Seat 0 to meld, his side not down and at `score`, holding the melds worth `worth` and two spare cards."""
    return playing(" ".join((*MELDS[worth], SPARE)), scores=[score, 0], **kw)


@pytest.mark.parametrize(("score", "worth"), [(-500, 125), (0, 125), (2995, 125), (3000, 155), (4995, 155),
                                              (5000, 180), (12000, 180)])  # fmt: skip
def test_c7_the_minimum_met(score: int, worth: int) -> None:
    new = assert_legal(opener(worth, score), meld(*MELDS[worth]))
    assert len(melds_of(new)) == len(MELDS[worth])


@pytest.mark.parametrize(
    ("score", "worth", "minimum"),
    [(-500, 120, 125), (2995, 120, 125), (3000, 150, 155), (4995, 150, 155), (5000, 175, 180)],
)
def test_c7_below_the_minimum(score: int, worth: int, minimum: int) -> None:
    refused(opener(worth, score), meld(*MELDS[worth]), "initial_meld_below_minimum", str(minimum), str(worth))


def test_c14_minimums_another_table() -> None:
    rules = {"minimums": [125, 155, 150]}
    new = assert_legal(opener(150, 5000, rules=rules), meld(*MELDS[150]))
    assert len(melds_of(new)) == 3
    refused(opener(150, 4000, rules=rules), meld(*MELDS[150]), "initial_meld_below_minimum", "155")


def test_c7_the_initial_meld_needs_a_clean_triple() -> None:
    melds = ("KC KD 2C", "QC QD JK", "AC AD 2D")  # 40 + 70 + 60 = 170
    pos = playing(" ".join((*melds, SPARE)))
    refused(pos, meld(*melds), "initial_meld_needs_clean_triple")


WILD_OPENING = "2C 2D JK JK"  # 140: a wild meld alone


def test_c7_a_wild_meld_is_no_clean_triple() -> None:
    refused(playing(f"{WILD_OPENING} {SPARE}"), meld(WILD_OPENING), "initial_meld_needs_clean_triple")


def test_c14_initial_meld_needs_clean_triple_or_wild_meld() -> None:
    pos = playing(f"{WILD_OPENING} {SPARE}", rules={"initial_meld_needs": "clean_triple_or_wild_meld"})
    new = assert_legal(pos, meld(WILD_OPENING))
    assert [m["kind"] for m in new["melds"][0]] == ["wild"]


def test_c7_the_initial_meld_may_complete_a_natural_canasta() -> None:
    melds = ("QC QD QH QS QC QD QH", "AC AD AH")  # 70 + 60 = 130
    new = assert_legal(playing(" ".join((*melds, SPARE))), meld(*melds))
    assert len(melds_of(new)[0]) == 7


def test_c7_the_initial_meld_may_not_complete_a_mixed_canasta() -> None:
    melds = ("QC QD QH QS QC 2C JK", "KC KD KH")  # 120 + 30 = 150
    refused(playing(" ".join((*melds, SPARE))), meld(*melds), "initial_mixed_canasta", "QC QD QH QS QC 2C JK")


def test_c7_a_canastas_bonus_does_not_count_toward_the_minimum() -> None:
    melds = ("4C 4D 4H 4S 4C 4D 4H", "AC AD AH")  # 35 + 60 = 95, 595 with the bonus
    refused(playing(" ".join((*melds, SPARE))), meld(*melds), "initial_meld_below_minimum", "125", "95")


def test_c7_threes_do_not_count_toward_the_minimum() -> None:
    pos = playing(" ".join((*MELDS[120], SPARE)), threes={0: "3H 3D 3C"})
    refused(pos, meld(*MELDS[120]), "initial_meld_below_minimum", "125", "120")


def test_c7_the_splash_is_off_by_default() -> None:
    refused(playing(f"4C 4D 4H 4S 4C 4D 4H {SPARE}"), meld("4C 4D 4H 4S 4C 4D 4H"), "initial_meld_below_minimum")


def test_c14_splash_a_natural_canasta_from_hand_needs_no_minimum() -> None:
    pos = playing(f"4C 4D 4H 4S 4C 4D 4H {SPARE}", rules={"splash": True})
    new = assert_legal(pos, meld("4C 4D 4H 4S 4C 4D 4H"))
    assert len(melds_of(new)[0]) == 7


def test_c14_splash_a_wild_canasta_from_hand_needs_no_clean_triple() -> None:
    pos = playing(f"2C 2D 2H 2S 2C 2D JK {SPARE}", rules={"splash": True})
    new = assert_legal(pos, meld("2C 2D 2H 2S 2C 2D JK"))
    assert new["melds"][0][0]["kind"] == "wild"
