"""Cuban Canasta (docs/variants.md, "Cuban Canasta"): canastas (E'4, H18), threes (E'6, H17, H19), the initial meld
(E'7), going out (E'8), the end of the stock (E'9, H20), scoring (E'10, with the worked example) and the end of the
game (E'11), through the referee."""

from __future__ import annotations

import pytest

from canasta.engine.rules import Rules
from tests.rules_cuban.cuban_positions import (
    Meld,
    assert_legal,
    discard,
    down,
    draw,
    group,
    meld,
    over,
    pass_,
    playing,
    position,
    refused,
    score,
    take,
    wild,
)

NATURAL_NINES = "9C 9D 9H 9S 9C 9D 9H"  # 70
MIXED_QUEENS = "QC QD QH QS 2C 2D JK"  # 40 + 40 + 50 = 130


# --- E'10: the worked example -----------------------------------------------------------------------------------


def test_e10_the_worked_example() -> None:
    pos = over(
        {
            0: [wild("2C 2D 2H 2S 2C 2D 2H"), group("A", "AC AD AH AS AC AD AH"), group("9", "9C 9D 9S 2S")],
            1: [group("Q", "QC QD QH JK"), group("6", "6S 6H 6D")],
        },
        {1: "3C JK 8H", 2: "KD 5C", 3: "TC TD 4S"},
        red_threes={0: "3H 3D", 1: "3H"},
        black_threes={0: "3C 3S"},
    )
    a, b = score(pos)
    assert a == {
        "canastas": 4500, "red_threes": 300, "black_threes": 10, "going_out": 100, "melded": 330, "in_hand": -15,
        "total": 5225,
    }  # fmt: skip
    assert b == {
        "canastas": 0, "red_threes": -100, "black_threes": 0, "going_out": 0, "melded": 95, "in_hand": -90,
        "total": -95,
    }  # fmt: skip


# --- E'4, H18: canastas --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("canasta", "bonus"),
    [
        (group("9", NATURAL_NINES), 500),
        (group("Q", MIXED_QUEENS), 300),
        (wild("2C 2D 2H 2S 2C 2D 2H"), 4000),
        (wild("JK JK JK JK 2C 2D 2H"), 3000),
        (wild("JK JK JK 2C 2D 2H 2S"), 2000),
        (wild("JK 2C 2D 2H 2S 2C 2D"), 2000),
        (wild("JK JK 2C 2D 2H 2S 2C"), 2000),
    ],
)
def test_e4_canasta_bonuses(canasta: Meld, bonus: int) -> None:
    a, _ = score(over({0: [canasta]}, {}))
    assert a["canastas"] == bonus


def test_h18_an_incomplete_wild_meld_scores_its_cards_only() -> None:
    a, _ = score(over({0: [group("9", NATURAL_NINES), wild("JK 2C 2D")]}, {}))
    assert a["canastas"] == 500 and a["melded"] == 70 + 90


# --- E'6, H19: red threes -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("threes", "value"), [("3H", 100), ("3H 3D", 300), ("3H 3D 3H", 500), ("3H 3D 3H 3D", 1000)])
def test_h19_red_threes_are_totals(threes: str, value: int) -> None:
    a, _ = score(over({0: [group("9", NATURAL_NINES)]}, {}, red_threes={0: threes}))
    assert a["red_threes"] == value


def test_h19_red_threes_count_against_a_side_that_melded_without_a_canasta() -> None:
    _, b = score(over({0: [group("9", NATURAL_NINES)], 1: [down()]}, {}, red_threes={1: "3H 3D"}))
    assert b["red_threes"] == -300


def test_h19_a_wild_canasta_alone_makes_them_count_for_the_side() -> None:
    _, b = score(over({0: [group("9", NATURAL_NINES)], 1: [wild("JK JK JK 2C 2D 2H 2S")]}, {}, red_threes={1: "3H"}))
    assert b["red_threes"] == 100


def test_h19_their_sign_does_not_depend_on_going_out() -> None:
    _, b = score(over({0: [group("9", NATURAL_NINES)], 1: [group("Q", MIXED_QUEENS)]}, {}, red_threes={1: "3H"}))
    assert b["going_out"] == 0 and b["red_threes"] == 100


# --- E'6, H17: black threes set aside ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("threes", "value"), [("", 0), ("3C", 5), ("3C 3S", 10), ("3C 3S 3C", 15), ("3C 3S 3C 3S", 100)]
)
def test_h17_black_threes_set_aside_score_five_each_and_100_for_all_four(threes: str, value: int) -> None:
    a, _ = score(over({0: [group("9", NATURAL_NINES)]}, {}, black_threes={0: threes}))
    assert a["black_threes"] == value


def test_h17_whatever_the_sides_canastas() -> None:
    _, b = score(over({0: [group("9", NATURAL_NINES)]}, {}, black_threes={1: "3C 3S"}))
    assert b["black_threes"] == 10


def test_e10_a_black_three_left_in_hand_counts_5_against() -> None:
    a, _ = score(over({0: [group("9", NATURAL_NINES)]}, {2: "3C"}))
    assert a["in_hand"] == -5


# --- E'7: the initial meld ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("side_score", "minimum"), [(-10, 15), (0, 50), (1495, 50), (1500, 90), (3000, 120), (4995, 120), (5000, 150)]
)
def test_e7_the_minimum_by_score(side_score: int, minimum: int) -> None:
    assert Rules.for_players(4, variant="cuban").minimum_for(side_score) == minimum


@pytest.mark.parametrize(("side_score", "minimum"), [(-10, 100), (2995, 100), (3000, 130), (5000, 150)])
def test_e13_minimums_joker(side_score: int, minimum: int) -> None:
    assert Rules.for_players(4, variant="cuban", minimums="joker").minimum_for(side_score) == minimum


def test_e7_150_from_5000_through_the_referee() -> None:
    pos = playing("AC AD AH KC KD KH QC QD QH JC JD", scores=[5000, 0])
    refused(pos, meld("AC AD AH", "KC KD KH", "QC QD QH"), "initial_meld_below_minimum", "150", "120")
    assert_legal(position(hands={0: "AC AD AH KC KD KH QC QD QH JC JD"}, phase="play", scores=[4995, 0]),
                 meld("AC AD AH", "KC KD KH", "QC QD QH"))  # fmt: skip


def test_e7_a_wild_meld_alone_may_make_the_initial_meld() -> None:
    new = assert_legal(playing("JK 2C 2D QC QD"), meld("JK 2C 2D"))
    assert new["melds"][0][0]["kind"] == "wild"


def test_e7_the_pile_may_make_it_with_the_top_card_counting() -> None:
    pos = position(hands={0: "AC AD TS 9S"}, pile="5C AH")
    new = assert_legal(pos, take("AC AD"))
    assert new["melds"][0][0]["cards"] == ["AH", "AC", "AD"]


def test_e7_no_concealed_exemption_from_the_minimum() -> None:
    pos = playing("4C 4D 4H 4S 4C 4D 4H 5C")
    refused(pos, meld("4C 4D 4H 4S 4C 4D 4H"), "initial_meld_below_minimum", "50", "35")


def test_e13_concealed_going_out_bonus_200_brings_back_the_exemption() -> None:
    pos = playing("4C 4D 4H 4S 4C 4D 4H 5C", rules={"concealed_going_out_bonus": 200})
    new = assert_legal(pos, meld("4C 4D 4H 4S 4C 4D 4H"))
    new = assert_legal(new, discard("5C"))
    assert new["phase"] == "over" and new["out"] == {"seat": 0, "concealed": True}
    a, _ = score(new)
    assert a["going_out"] == 200


# --- E'8: going out ---------------------------------------------------------------------------------------------------


def test_e8_going_out_needs_one_canasta() -> None:
    refused(playing("9S", melds={0: [down()]}), discard("9S"), "going_out_needs_canasta")
    new = assert_legal(playing("9S", melds={0: [group("Q", MIXED_QUEENS)]}), discard("9S"))
    assert new["out"] == {"seat": 0, "concealed": False}


def test_e8_a_wild_canasta_is_enough() -> None:
    new = assert_legal(playing("9S", melds={0: [wild("JK JK JK 2C 2D 2H 2S")]}), discard("9S"))
    assert new["phase"] == "over"


def test_e13_canastas_to_go_out_2() -> None:
    pos = playing("9S", melds={0: [group("Q", MIXED_QUEENS)]}, rules={"canastas_to_go_out": 2})
    refused(pos, discard("9S"), "going_out_needs_canasta", "2")


def test_e8_going_out_scores_100_concealed_or_not() -> None:
    a, _ = score(over({0: [group("9", NATURAL_NINES)]}, {}, out={"seat": 0, "concealed": True}))
    assert a["going_out"] == 100


def test_e3_black_threes_are_melded_going_out() -> None:
    new = assert_legal(playing("3C 3S 3C", melds={0: [group("Q", MIXED_QUEENS)]}), meld("3C 3S 3C"))
    assert new["phase"] == "over"


def test_e3_black_threes_are_melded_only_going_out() -> None:
    pos = playing("3C 3S 3C 9S TS", melds={0: [group("Q", MIXED_QUEENS)]})
    refused(pos, meld("3C 3S 3C"), "black_threes_only_going_out")


# --- E'9, H20: the end of the stock --------------------------------------------------------------------------------


def test_h20_nobody_is_forced_to_take_the_pile_a_pass_ends_the_hand() -> None:
    pos = position(hands={0: "KC KD 9S"}, pile="5C KH", melds={0: [down(), group("K", "KS KH KS")]}, stock_count=0)
    new = assert_legal(pos, pass_())
    assert new["phase"] == "over" and new["out"] is None


def test_h20_with_the_stock_empty_a_natural_pair_takes_the_pile() -> None:
    pos = position(hands={0: "KC KD 9S TS"}, pile="5C KH", melds={0: [down()]}, stock_count=0)
    new = assert_legal(pos, take("KC KD"))
    assert new["phase"] == "play"


def test_h20_with_the_stock_empty_there_is_no_draw() -> None:
    pos = position(hands={0: "KC KD 9S"}, pile="5C KH", melds={0: [down()]}, stock_count=0)
    refused(pos, draw(), "stock_empty")


def test_h20_a_pass_earns_no_going_out_bonus() -> None:
    pos = position(hands={0: "KC 9S"}, pile="5C KH", melds={0: [group("Q", MIXED_QUEENS)]}, stock_count=0)
    new = assert_legal(pos, pass_())
    a, _ = score(new)
    assert a["going_out"] == 0


# --- E'11: the game -----------------------------------------------------------------------------------------------


def test_e11_the_game_goes_to_7500_or_8500() -> None:
    assert Rules.for_players(4, variant="cuban").target_score == 7500
    assert Rules.for_players(4, variant="cuban", target_score=8500).to_dict()["target_score"] == 8500
    with pytest.raises(ValueError, match="target_score"):
        Rules.for_players(4, variant="cuban", target_score=5000)
