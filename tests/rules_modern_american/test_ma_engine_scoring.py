"""Modern American Canasta (docs/variants.md), rule-sheet clauses C4, C6, C10 and C11: canasta bonuses, threes, the
scoring matrix by completed canastas, the penalties and the target, through the referee's score."""

from __future__ import annotations

from typing import Any

import pytest

from canasta.engine.rules import Rules
from tests.rules_modern_american.ma_engine_positions import group, position, score, wild

KINGS = group("K", "KC KD KH KS KD KH KS")  # natural, 70
QUEENS_MIXED = group("Q", "QC QD QH QS QC 2D JK")  # mixed, 120
SEVENS = group("7", "7C 7D 7H 7S 7C 7D 7H")  # 35
EIGHTS = group("8", "8C 8D 8S")  # 30


def _over(melds: dict[int, list[dict[str, Any]]], hands: dict[int, str], **fields: Any) -> dict[str, Any]:
    full = {seat: hands.get(seat, "") for seat in range(4)}
    out = fields.pop("out", {"seat": 0, "concealed": False})
    return position(phase="over", hands=full, melds=melds, out=out, turn={"melded": True}, **fields)


def test_c10_the_worked_example_4040_and_minus_2085() -> None:
    pos = _over(
        {0: [KINGS, QUEENS_MIXED, SEVENS, EIGHTS], 1: [group("J", "JC JD JH JS JC 2C 2S"), group("A", "AC AD AS")]},
        {2: "9C 4D", 1: "6C 6D 5S", 3: "KC QD"},
        threes={0: "3H 3D 3C", 1: "3H"},
    )
    side_a, side_b = score(pos)
    assert side_a == {"canastas": 3300, "threes": 400, "going_out": 100, "melded": 255, "penalties": 0,
                      "in_hand": -15, "total": 4040}  # fmt: skip
    assert side_b == {"canastas": 300, "threes": 0, "going_out": 0, "melded": 150, "penalties": -2500,
                      "in_hand": -35, "total": -2085}  # fmt: skip


@pytest.mark.parametrize(
    ("meld", "bonus"),
    [
        (group("Q", "QC QD QH QS QC 2D JK"), 300),
        (group("K", "KC KD KH KS KD KH KS"), 500),
        (group("A", "AC AD AH AS AC AD AH"), 2500),
        (group("7", "7C 7D 7H 7S 7C 7D 7H"), 2500),
        (wild("2C 2D 2H 2S 2C 2D 2H"), 3000),
        (wild("JK JK JK JK 2C 2D 2H"), 2500),
        (wild("JK JK 2C 2D 2H 2S 2C"), 2000),
    ],
)
def test_c4_canasta_bonuses(meld: dict[str, Any], bonus: int) -> None:
    pos = _over({0: [meld, group("9", "9C 9D 9H 9S 9C 9D 9H")]}, {})
    assert score(pos)[0]["canastas"] == bonus + 500


@pytest.mark.parametrize(("red", "black", "value"), [("3H", "", 100), ("3H 3D", "3C", 400), ("3H 3D 3H", "", 500),
                                                     ("3H 3D 3H 3D", "3C 3S 3C 3S", 2000)])  # fmt: skip
def test_c6_threes_per_colour_100_300_500_1000(red: str, black: str, value: int) -> None:
    two = [KINGS, SEVENS]
    pos = _over({0: two}, {}, threes={0: f"{red} {black}".strip()})
    assert score(pos)[0]["threes"] == value


@pytest.mark.parametrize(("canastas", "sign"), [(0, -1), (1, 0), (2, 1)])
def test_c6_c10_the_threes_sign_follows_the_sides_canastas(canastas: int, sign: int) -> None:
    melds = [*[KINGS, SEVENS][:canastas], EIGHTS]
    pos = _over({1: melds, 0: [group("9", "9C 9D 9H 9S 9C 9D 9H"), group("T", "TC TD TH TS TC TD TH")]}, {},
                threes={1: "3H"})  # fmt: skip
    assert score(pos)[1]["threes"] == sign * 100


def test_c10_a_side_without_a_canasta_counts_its_melded_cards_against_it() -> None:
    pos = _over({0: [KINGS, SEVENS], 1: [EIGHTS]}, {})
    assert score(pos)[1]["melded"] == -30 and score(pos)[1]["canastas"] == 0


@pytest.mark.parametrize(("meld", "penalty"), [
    (group("A", "AC AD AS"), 2500), (group("7", "7C 7D 7S"), 2500), (wild("2C 2D JK"), 2000),
    (group("A", "AC AD 2S"), 0),  # a mixed ace group from the initial meld: an ordinary group
])  # fmt: skip
def test_c10_penalties_for_incomplete_aces_sevens_and_wild_melds(meld: dict[str, Any], penalty: int) -> None:
    pos = _over({0: [KINGS, QUEENS_MIXED], 1: [meld]}, {})
    assert score(pos)[1]["penalties"] == -penalty


@pytest.mark.parametrize("option", [2000, 2500])
def test_c14_incomplete_wild_meld_four_jokers(option: int) -> None:
    queens = group("Q", "QC QD QH QS QC 2D 2H")
    pos = _over(
        {0: [KINGS, queens], 1: [wild("JK JK JK JK 2C")]}, {}, rules={"incomplete_wild_meld_four_jokers": option}
    )
    assert score(pos)[1]["penalties"] == -option


def test_c10_each_player_holding_three_aces_or_three_sevens_loses_1500_and_their_values() -> None:
    pos = _over({0: [KINGS, group("9", "9C 9D 9H 9S 9C 9D 9H")]}, {1: "AC AD AS", 3: "7C 7D 7S AH"})
    side = score(pos)[1]
    assert side["penalties"] == -3000 and side["in_hand"] == -(60 + 15 + 20)


def test_c8_the_going_out_bonus_is_100_without_a_concealed_bonus() -> None:
    pos = _over({0: [KINGS, SEVENS]}, {}, out={"seat": 0, "concealed": True})
    assert score(pos)[0]["going_out"] == 100


def test_c11_the_game_is_played_to_8500() -> None:
    assert Rules.for_players(4, variant="modern_american").target_score == 8500
    assert Rules.for_players(4, variant="modern_american", target_score=10_000).target_score == 10_000


@pytest.mark.parametrize("value", ["cla", "pagat", "off"])
def test_c12_c14_the_special_hands_option_exists(value: str) -> None:
    rules = Rules.for_players(4, variant="modern_american", special_hands=value)
    assert rules.special_hands.value == value
