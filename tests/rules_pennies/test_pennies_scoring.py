"""Pennies from Heaven (docs/variants.md), rule-sheet clauses E4, E6, E8, E10 and E11: the canasta types and their
bonuses, red threes by the sevens canasta, going out, packets at the end (H14), the worked example 4160 / 25 and the
target, through the referee's score."""

from __future__ import annotations

from typing import Any

import pytest

from canasta.engine.rules import Rules
from tests.rules_pennies.pennies import group, over, score, wild

SEVENS = group("7", "7C 7D 7H 7S 7C 7D 7H")  # 35
WILDS = wild("JK JK 2C 2D 2H 2S 2C")  # 200
KINGS = group("K", "KC KD KH KS KC KD KH")  # natural, 70
QUEENS = group("Q", "QC QD QH QS QC 2D JK")  # mixed, 120
ACES = group("A", "AH AS AD")  # 60
FOUR_TYPES = [SEVENS, WILDS, KINGS, QUEENS]


def test_e10_the_worked_example_4160_and_25() -> None:
    pos = over(
        {0: [*FOUR_TYPES, ACES], 1: [group("J", "JC JD JH JS JC 2C 2S"), group("7", "7C 7S 7D 2H")]},
        {0: "9C 4D", 4: "8S", 1: "KC QD 5S", 3: "AC", 5: "6H 6D"},
        out={"seat": 2, "concealed": False},
        red_threes={0: "3H 3D 3H", 1: "3H 3D"},
        feet={0: None, 2: None, 4: None, 1: None,
              3: "4C 4D 4H 4S 5C 5D 5H 5S 6C 6S 8C", 5: "4C 4D 4H 4S 5C 5D 5H 8D 8H 8S AH"},
    )  # fmt: skip
    side_a, side_b = score(pos)
    assert side_a == {"canastas": 3300, "red_threes": 300, "going_out": 100, "melded": 485, "in_hand": -25,
                      "total": 4160}  # fmt: skip
    assert side_b == {"canastas": 300, "red_threes": -200, "going_out": 0, "melded": 125, "in_hand": -200,
                      "total": 25}  # fmt: skip


@pytest.mark.parametrize(
    ("meld", "bonus"),
    [
        (group("K", "KC KD KH KS KC KD KH"), 500),  # natural
        (group("Q", "QC QD QH QS QC 2D JK"), 300),  # mixed
        (group("7", "7C 7D 7H 7S 7C 7D 7H"), 1500),  # a natural sevens canasta is the sevens type, never natural
        (group("7", "7C 7D 7H 7S 7C 2D JK"), 1500),  # a mixed one too
        (wild("JK JK 2C 2D 2H 2S 2C"), 1000),
        (wild("2C 2D 2H 2S 2C 2D 2H"), 1000),  # any mix of wild cards
    ],
)
def test_e4_each_canasta_type_and_its_bonus(meld: dict[str, Any], bonus: int) -> None:
    assert score(over({0: [meld]}, {}, out=None, feet=dict.fromkeys(range(6))))[0]["canastas"] == bonus


@pytest.mark.parametrize(("threes", "value"), [("3H", 100), ("3H 3D 3H 3D", 400), ("3H 3D 3H 3D 3H 3D 3H", 700),
                                               ("3H 3D 3H 3D 3H 3D 3H 3D", 1000)])  # fmt: skip
def test_e6_red_threes_100_each_1000_for_all_eight(threes: str, value: int) -> None:
    pos = over({0: [SEVENS]}, {}, out=None, red_threes={0: threes}, feet=dict.fromkeys(range(6)))
    assert score(pos)[0]["red_threes"] == value


def test_e6_red_threes_count_against_a_side_without_a_sevens_canasta_however_much_it_melded() -> None:
    pos = over({0: [KINGS, QUEENS, WILDS, group("7", "7C 7D 7H 7S 2C")]}, {}, out=None, red_threes={0: "3H 3D"},
               feet=dict.fromkeys(range(6)))  # fmt: skip
    assert score(pos)[0]["red_threes"] == -200


def test_e8_going_out_scores_100_and_200_concealed() -> None:
    plain = over({0: FOUR_TYPES}, {}, feet=dict.fromkeys(range(6)))
    concealed = over({0: FOUR_TYPES}, {}, out={"seat": 0, "concealed": True}, feet=dict.fromkeys(range(6)))
    assert score(plain)[0]["going_out"] == 100
    assert score(concealed)[0]["going_out"] == 200


@pytest.mark.parametrize(("option", "in_hand"), [({}, -60), ({"unplayed_packet": "zero"}, 0)])
def test_h14_a_packet_face_down_at_the_end_counts_against_its_side_or_nothing(
    option: dict[str, str], in_hand: int
) -> None:
    feet: dict[int, str | None] = {seat: None for seat in range(6)}
    feet[3] = "4C 4D 4H 4S 5C 5D 5H 5S 6C 6S 8C"  # 60
    pos = over({0: FOUR_TYPES}, {}, feet=feet, rules=option)
    assert score(pos)[1]["in_hand"] == in_hand


def test_h14_a_red_three_in_a_face_down_packet_counts_nothing() -> None:
    feet: dict[int, str | None] = {seat: None for seat in range(6)}
    feet[3] = "3H 4D 4H 4S 5C 5D 5H 5S 6C 6S 8C"  # 55 and a red three
    assert score(over({0: FOUR_TYPES}, {}, feet=feet))[1]["in_hand"] == -55


def test_e11_the_game_is_played_to_20000() -> None:
    assert Rules.for_players(6, variant="pennies_from_heaven").target_score == 20_000
