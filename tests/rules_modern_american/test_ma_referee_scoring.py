"""Modern American Canasta: scoring a hand through the referee's `"score": true` (C4 canastas, C6 threes, C10 the
matrix by completed canastas and the penalties), with the worked example of docs/variants.md."""

from __future__ import annotations

from typing import Any

import pytest

from tests.rules_modern_american.ma_positions import (
    MIXED_QUEENS,
    NATURAL_KINGS,
    Meld,
    group,
    over,
    score,
    wild,
)

NINES = "9C 9D 9H 9S 9C 9D 9H"  # a natural canasta, 70


def two_natural() -> list[Meld]:
    """Two natural canastas, no wild card among them: 1000 in bonuses, 140 in cards."""
    return [group("K", NATURAL_KINGS), group("9", NINES)]


def other_two() -> list[Meld]:
    """Two natural canastas of jacks and tens, for the other side: 1000 in bonuses, 140 in cards."""
    return [group("J", "JC JD JH JS JC JD JH"), group("T", "TC TD TH TS TC TD TH")]


def test_c10_the_worked_example() -> None:
    pos = over(
        {
            0: [
                group("K", NATURAL_KINGS),
                group("Q", MIXED_QUEENS),
                group("7", "7C 7D 7H 7S 7C 7D 7H"),
                group("8", "8C 8D 8S"),
            ],
            1: [group("J", "JC JD JH JS JC 2C 2S"), group("A", "AC AD AS")],
        },
        {1: "6C 6D 5S", 2: "9C 4D", 3: "KC QD"},
        threes={0: "3H 3D 3C", 1: "3H"},
    )
    a, b = score(pos)
    assert a["canastas"] == 3300 and a["going_out"] == 100 and a["threes"] == 400
    assert a["melded"] == 255 and a["in_hand"] == -15
    assert a["total"] == 4040
    assert b["canastas"] == 300 and b["going_out"] == 0 and b["threes"] == 0
    assert b["melded"] == 150 and b["in_hand"] == -35
    assert b["total"] == -2085


# --- C4: canasta bonuses -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("canasta", "bonus", "values"),
    [
        (group("A", "AC AD AH AS AC AD AH"), 2500, 140),
        (group("7", "7C 7D 7H 7S 7C 7D 7H"), 2500, 35),
        (group("A", "AC AD AH AS AC 2C JK"), 300, 170),  # mixed aces, laid in an initial meld step
        (wild("2C 2D 2H 2S 2C 2D 2H"), 3000, 140),
        (wild("JK JK JK JK 2C 2D 2H"), 2500, 260),
        (wild("JK 2C 2D 2H 2S 2C 2D"), 2000, 170),
        (group("Q", "QC QD QH QS QC QD QH"), 500, 70),
        (group("Q", MIXED_QUEENS), 300, 120),
    ],
)
def test_c4_canasta_bonuses(canasta: Meld, bonus: int, values: int) -> None:
    pos = over({0: [group("K", NATURAL_KINGS), canasta]}, {}, out=None)
    mine = score(pos)[0]
    assert mine["canastas"] == 500 + bonus
    assert mine["melded"] == 70 + values
    assert mine["total"] == 500 + bonus + 70 + values


# --- C6 threes and the C10 matrix ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("threes", "value"),
    [
        ("3H", 100),
        ("3H 3D", 300),
        ("3H 3D 3H", 500),
        ("3H 3D 3H 3D", 1000),
        ("3C", 100),
        ("3C 3S 3C 3S", 1000),
        ("3H 3C", 200),
        ("3H 3D 3H 3D 3C 3S 3C", 1500),
        ("3H 3D 3C 3S 3C 3S", 1300),
    ],
)
def test_c6_threes_score_by_colour_and_add(threes: str, value: int) -> None:
    pos = over({0: two_natural()}, {}, threes={0: threes}, out=None)
    mine = score(pos)[0]
    assert mine["threes"] == value
    assert mine["total"] == 1000 + 140 + value


def test_c10_no_canasta_everything_on_the_table_counts_against() -> None:
    pos = over({0: [group("Q", "QC QD QH 2C")], 1: two_natural()}, {0: "5S", 2: "4D 4H"}, threes={0: "3H 3D 3C"},
               out={"seat": 1, "concealed": False})  # fmt: skip
    mine = score(pos)[0]
    assert mine["canastas"] == 0 and mine["going_out"] == 0
    assert mine["melded"] == -50
    assert mine["threes"] == -400
    assert mine["in_hand"] == -15
    assert mine["total"] == -50 - 400 - 15


def test_c10_one_canasta_counts_its_bonus_and_cards_and_the_threes_count_nothing() -> None:
    pos = over({0: [group("K", NATURAL_KINGS), group("Q", "QC QD QH")], 1: other_two()}, {0: "5S"},
               threes={0: "3H 3D 3C"}, out={"seat": 1, "concealed": False})  # fmt: skip
    mine = score(pos)[0]
    assert mine["canastas"] == 500 and mine["melded"] == 100 and mine["threes"] == 0
    assert mine["in_hand"] == -5
    assert mine["total"] == 500 + 100 - 5


def test_c10_two_canastas_the_threes_count_for() -> None:
    pos = over({0: two_natural()}, {2: "5S"}, threes={0: "3H 3D 3C"}, out=None)
    mine = score(pos)[0]
    assert mine["canastas"] == 1000 and mine["melded"] == 140 and mine["threes"] == 400
    assert mine["total"] == 1000 + 140 + 400 - 5


def test_c10_the_side_that_went_out_scores_the_bonus_the_other_side_nothing_for_it() -> None:
    pos = over({0: two_natural(), 1: [group("Q", "QC QD QH")]}, {1: "5S"})
    mine, theirs = score(pos)
    assert mine["going_out"] == 100 and mine["total"] == 1000 + 140 + 100
    assert theirs["going_out"] == 0 and theirs["total"] == -30 - 5


# --- C10 penalties -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("open_meld", "values", "penalty"),
    [
        (group("A", "AC AD AH"), 60, 2500),
        (group("7", "7C 7D 7H"), 15, 2500),
        (wild("2C 2H JK"), 90, 2000),
        (wild("JK JK JK JK"), 200, 2000),
    ],
)
def test_c10_penalties_for_incomplete_aces_sevens_and_wild_melds(open_meld: Meld, values: int, penalty: int) -> None:
    pos = over({0: [*two_natural(), open_meld]}, {}, out=None)
    assert score(pos)[0]["total"] == 1000 + 140 + values - penalty


def test_c10_the_penalty_counts_also_without_a_canasta() -> None:
    pos = over({0: [group("A", "AC AD AH")], 1: two_natural()}, {}, out={"seat": 1, "concealed": False})
    assert score(pos)[0]["total"] == -60 - 2500


@pytest.mark.parametrize(("open_meld", "penalty"), [(wild("JK JK JK JK"), 2500), (wild("JK JK 2C"), 2000)])
def test_c14_incomplete_wild_meld_four_jokers_2500(open_meld: Meld, penalty: int) -> None:
    rules: dict[str, Any] = {"incomplete_wild_meld_four_jokers": 2500}
    pos = over({0: [*two_natural(), open_meld]}, {}, out=None, rules=rules)
    values = sum(50 if card == "JK" else 20 for card in open_meld["cards"])
    assert score(pos)[0]["total"] == 1000 + 140 + values - penalty


@pytest.mark.parametrize(
    ("hands", "in_hand", "penalty"),
    [
        ({0: "AC AD AH"}, 60, 1500),
        ({0: "7C 7D 7H 7S"}, 20, 1500),
        ({0: "AC AD AH", 2: "7C 7D 7H"}, 75, 3000),
        ({0: "AC AD AH 7C 7D 7H"}, 75, 3000),
        ({0: "AC AD", 2: "AH 7C 7D"}, 70, 0),  # three aces in the side, but no player holds three
    ],
)
def test_c10_each_player_holding_three_aces_or_three_sevens(hands: dict[int, str], in_hand: int, penalty: int) -> None:
    pos = over({0: two_natural()}, hands, out=None)
    mine = score(pos)[0]
    assert mine["total"] == 1000 + 140 - in_hand - penalty
