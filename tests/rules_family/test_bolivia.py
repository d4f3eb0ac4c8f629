"""Bolivia's rules B1-B13 with H5 and H6 through the referee: Samba with melds of wild cards alone (a bolivia of
seven is 2500 and closed), an escalera (a sequence canasta) to go out, black threes left in hand at -100, 150
from 7000, a target of 15000, and its options.

Side 0 holds three aces unless a test says otherwise; seat 0 is in the play phase.
"""

import json
import random
from typing import Any

import pytest

from canasta.engine import new_hand
from canasta.engine.position import dump_position
from canasta.engine.rules import Rules
from tests.rules.positions import assert_error, assert_refused, discard, draw, score
from tests.rules_family.family import (
    Meld,
    Position,
    aces,
    assert_legal,
    combine,
    group,
    hand,
    kinds_of,
    meld,
    melds_of,
    mixed_canasta,
    natural_canasta,
    over,
    position,
    run,
    samba,
    same,
    take,
    take_onto,
    wild,
)

SPARE = "8S 8D"
BOLIVIA7 = "JK JK 2C 2D 2H 2S 2C"  # a bolivia: 2 x 50 + 5 x 20 = 200
ESCALERA = samba  # a seven-card sequence: in Bolivia an escalera


def player(hand_cards: str, *side_melds: Meld, rules: dict[str, object] | None = None) -> Position:
    return position(
        "bolivia", hands={0: f"{hand_cards} {SPARE}"}, melds={0: [aces(), *side_melds]}, phase="play", rules=rules or {}
    )


# --- B1, B2 ------------------------------------------------------------------------------------------------


def test_b1_bolivia_deals_15_of_162_to_four_players() -> None:
    state = new_hand(Rules.for_players(4, variant="bolivia"), (0, 0), 0, random.Random(2))
    dealt: dict[str, Any] = json.loads(json.dumps(dump_position(state)))
    assert dealt["rules"] == {"players": 4, "variant": "bolivia"} and dealt["format"] == "canasta-position/2"
    assert [len(cards) for cards in dealt["hands"]] == [15] * 4


@pytest.mark.parametrize("players", [2, 3, 6])
def test_b12_bolivia_is_offered_to_four_players(players: int) -> None:
    pos = position(players=players, hands={0: "5C 9H"}, pile="8C")
    pos["rules"]["variant"] = "bolivia"
    assert_error({"position": pos, "action": draw()}, "bolivia")


def test_b2_a_draw_takes_two() -> None:
    reply = assert_legal(position("bolivia", hands={0: "5C"}, pile="8C", stock_top="KC KD QS"), draw())
    assert same(hand(reply), "5C KC KD")


# --- B3 wild melds -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("laid", ["JK 2C 2D", "2C 2D 2H 2S", "JK JK JK", BOLIVIA7])
def test_b3_three_to_seven_wild_cards_make_a_wild_meld(laid: str) -> None:
    reply = assert_legal(player(laid), meld(laid))
    laid_meld = reply["melds"][0][1]
    assert (laid_meld["kind"], laid_meld["cards"]) == ("wild", laid.split())
    assert same(hand(reply), SPARE)


@pytest.mark.parametrize(
    ("laid", "code"),
    [("JK 2C", "meld_too_small"), ("JK JK 2C 2D 2H 2S 2C 2D", "meld_too_large")],
)
def test_b3_a_wild_meld_has_three_to_seven_cards(laid: str, code: str) -> None:
    assert_refused(player(laid), meld(laid), code)


def test_b3_a_wild_meld_grows_to_seven_and_is_then_closed() -> None:
    six = wild("JK JK 2C 2D 2H 2S")
    reply = assert_legal(player("2C", six), meld(add=[(1, "2C")]))
    assert len(melds_of(reply)[1]) == 7
    assert_refused(player("JK 2C", six), meld(add=[(1, "JK 2C")]), "meld_too_large")
    assert_refused(player("2D", wild(BOLIVIA7)), meld(add=[(1, "2D")]), "meld_too_large")


def test_b3_a_wild_meld_takes_no_natural_card() -> None:
    assert_refused(player("KS", wild("JK 2C 2D")), meld(add=[(1, "KS")]), "wild_meld_wilds_only")


def test_b3_wild_melds_are_never_combined() -> None:
    assert_refused(player("", wild("JK 2C 2D"), wild("2H 2S JK")), combine(1, 2), "cannot_combine")


def test_b3_an_escalera_is_a_sequence_as_in_samba() -> None:
    reply = assert_legal(player("4S 5S 6S"), meld("4S 5S 6S"))
    assert kinds_of(reply) == ["group", "sequence"]
    assert_refused(player("KS AS 4S"), meld("KS AS 4S"), "sequence_not_run")


def test_b3_groups_hold_at_most_two_wild_cards_by_default() -> None:
    assert_refused(player("5C 5D 2C 2D JK"), meld("5C 5D 2C 2D JK"), "meld_too_many_wilds")
    assert melds_of(assert_legal(player("5C 5D 2C 2D"), meld("5C 5D 2C 2D")))[1] == ["5C", "5D", "2C", "2D"]


def test_b13_wild_limit_unlimited_keeps_only_the_two_naturals() -> None:
    rules: dict[str, object] = {"wild_limit": "unlimited"}
    laid = "5C 5D 2C 2D JK JK"
    assert melds_of(assert_legal(player(laid, rules=rules), meld(laid)))[1] == laid.split()
    assert_refused(player("5C 2C 2D", rules=rules), meld("5C 2C 2D"), "meld_too_few_naturals")


# --- B4 canastas and B10 scoring -----------------------------------------------------------------------------------


def test_b4_b10_a_bolivia_is_2500_and_an_escalera_1500() -> None:
    pos = over("bolivia", {0: [ESCALERA(), wild(BOLIVIA7)]}, {})
    assert score(pos)[0] == {
        "canastas": 4000, "red_threes": 0, "going_out": 200, "melded": 255, "in_hand": 0, "total": 4455,
    }  # fmt: skip


def test_b4_a_wild_meld_short_of_seven_counts_its_cards_only() -> None:
    assert score(over("bolivia", {1: [wild("JK JK 2C 2D 2H 2S")]}, {}, out=None))[1]["canastas"] == 0


def test_b10_the_worked_example_scores_4490() -> None:
    side_a = [run("C", "8C 9C TC JC QC KC AC"), wild(BOLIVIA7), group("6", "6D 6H 6S")]
    pos = over("bolivia", {0: side_a}, {2: "3S 5D"}, red_threes={0: "3H"})
    assert score(pos)[0] == {
        "canastas": 4000, "red_threes": 100, "going_out": 200, "melded": 295, "in_hand": -105, "total": 4490,
    }  # fmt: skip


def test_b4_natural_and_mixed_canastas_as_in_samba() -> None:
    pos = over("bolivia", {1: [natural_canasta(), mixed_canasta()]}, {}, out=None)
    assert score(pos)[1]["canastas"] == 800


# --- B5 the pile -------------------------------------------------------------------------------------------------


def test_b5_a_wild_top_card_blocks_the_pile_even_for_a_side_with_a_wild_meld() -> None:
    pos = position("bolivia", hands={0: "2C 2D 4C"}, pile="8C 2H", melds={0: [aces(), wild("JK JK 2S")]})
    assert_refused(pos, take_onto(1), "pile_top_wild")
    assert_refused(pos, take("2C 2D"), "pile_top_wild")


def test_b5_the_pile_as_in_samba_a_natural_pair_makes_a_new_group() -> None:
    pos = position("bolivia", hands={0: "KS KS 4C"}, pile="8C 2C KD", melds={0: [aces(), group("K", "KC KD KH")]})
    assert melds_of(assert_legal(pos, take("KS KS")))[1:] == [["KC", "KD", "KH"], ["KD", "KS", "KS"]]
    assert_refused(pos, take_onto(1), "pile_frozen_needs_natural_pair")


# --- B6 red and black threes -----------------------------------------------------------------------------------


def test_b6_h5_a_side_whose_only_canasta_is_a_bolivia_counts_its_red_threes_against_it() -> None:
    pos = over("bolivia", {0: [wild(BOLIVIA7), aces()]}, {}, red_threes={0: "3H 3D"}, out=None)
    assert score(pos)[0]["red_threes"] == -200
    pos = over("bolivia", {0: [wild(BOLIVIA7), natural_canasta()]}, {}, red_threes={0: "3H 3D"}, out=None)
    assert score(pos)[0]["red_threes"] == 200  # a bolivia and another canasta are two


def test_b6_all_six_red_threes_count_1000() -> None:
    pos = over("bolivia", {0: [ESCALERA(), natural_canasta()]}, {}, red_threes={0: "3H 3H 3H 3D 3D 3D"})
    assert score(pos)[0]["red_threes"] == 1000


@pytest.mark.parametrize("out", [{"seat": 0, "concealed": False}, None])
def test_b6_h6_black_threes_left_in_hand_count_minus_100_however_the_hand_ends(out: Any) -> None:
    pos = over("bolivia", {0: [ESCALERA(), natural_canasta()]}, {1: "3S 3C 4D", 2: "3S"}, out=out)
    assert [side["in_hand"] for side in score(pos)] == [-100, -205]


def test_b6_black_threes_melded_going_out_count_5_each() -> None:
    pos = position("bolivia", hands={0: "3C 3S 3C"}, melds={0: [ESCALERA(), natural_canasta()]}, phase="play")
    reply = assert_legal(pos, meld("3C 3S 3C"))
    assert reply["phase"] == "over" and score(reply)[0]["melded"] == 125 + 15


def test_b13_black_three_in_hand_5_counts_the_card_value() -> None:
    pos = over("bolivia", {0: [ESCALERA(), natural_canasta()]}, {1: "3S 3C 4D"}, rules={"black_three_in_hand": 5})
    assert score(pos)[1]["in_hand"] == -15


def test_b13_no_black_three_penalty_on_stock_end_counts_5_when_the_stock_ends_the_hand() -> None:
    rules = {"black_three_penalty_on_stock_end": False}
    at_stock_end = over("bolivia", {}, {1: "3S 3C 4D"}, out=None, rules=rules)
    assert score(at_stock_end)[1]["in_hand"] == -15
    going_out = over("bolivia", {0: [ESCALERA(), natural_canasta()]}, {1: "3S 3C 4D"}, rules=rules)
    assert score(going_out)[1]["in_hand"] == -205


def test_b6_in_samba_a_black_three_left_in_hand_counts_5() -> None:
    pos = over("samba", {0: [samba(), natural_canasta()]}, {1: "3S 3C 4D"})
    assert score(pos)[1]["in_hand"] == -15


# --- B7 first-meld minimum ------------------------------------------------------------------------------------------


def _first(score_before: int, melds: list[str], rules: dict[str, Any] | None = None) -> tuple[Position, Any]:
    cards = " ".join(melds)
    pos = position("bolivia", hands={0: f"{cards} 9C 9D"}, phase="play", scores=[score_before, 0], rules=rules or {})
    return pos, meld(*melds)


def test_b7_from_7000_the_minimum_is_150() -> None:
    pos, action = _first(7000, ["AC AD AH AS", "KC KD KH", "TS JS QS KS"])  # 150
    assert_legal(pos, action)
    pos, action = _first(7000, ["AC AD AH AS", "KC KD KH", "TS JS QS"])  # 140
    message = assert_refused(pos, action, "initial_meld_below_minimum")
    assert "150" in message and "140" in message


@pytest.mark.parametrize(("score_before", "minimum"), [(0, 50), (1500, 90), (3000, 120)])
def test_b7_below_7000_the_minimums_are_samba_s(score_before: int, minimum: int) -> None:
    pos, action = _first(score_before, ["4C 4D 4H"])
    assert str(minimum) in assert_refused(pos, action, "initial_meld_below_minimum")


def test_b7_a_wild_meld_counts_its_cards_toward_the_minimum() -> None:
    pos, action = _first(3000, ["JK JK 2C"])  # 120
    assert kinds_of(assert_legal(pos, action)) == ["wild"]
    pos, action = _first(3000, ["JK 2C 2D"])  # 90
    assert "90" in assert_refused(pos, action, "initial_meld_below_minimum")


def test_b13_top_minimum_is_no_option_of_bolivia() -> None:
    pos, _ = _first(7000, ["4C 4D 4H"], {"top_minimum": 150})
    assert_error({"position": pos, "action": draw()}, "top_minimum")


# --- B8 going out ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("side_melds", "code"),
    [
        ([natural_canasta(), mixed_canasta()], "going_out_needs_sequence"),
        ([natural_canasta(), wild(BOLIVIA7)], "going_out_needs_sequence"),  # H5: a bolivia is no escalera
        ([ESCALERA()], "going_out_needs_canasta"),
        ([ESCALERA(), aces()], "going_out_needs_canasta"),
    ],
)
def test_b8_going_out_needs_two_canastas_one_an_escalera(side_melds: list[Meld], code: str) -> None:
    pos = position("bolivia", hands={0: "5C"}, melds={0: side_melds}, phase="play")
    assert_refused(pos, discard("5C"), code)


@pytest.mark.parametrize(
    "side_melds",
    [[ESCALERA(), natural_canasta()], [ESCALERA(), wild(BOLIVIA7)], [ESCALERA(), run("S", "4S 5S 6S 7S 8S 9S TS")]],
)
def test_b8_h5_an_escalera_and_any_other_canasta_go_out(side_melds: list[Meld]) -> None:
    pos = position("bolivia", hands={0: "5C"}, melds={0: side_melds}, phase="play")
    reply = assert_legal(pos, discard("5C"))
    assert reply["phase"] == "over" and score(reply)[0]["going_out"] == 200


def test_b8_the_escalera_may_be_completed_in_the_going_out_step() -> None:
    pos = position(
        "bolivia", hands={0: "JH 4C"}, melds={0: [run("H", "5H 6H 7H 8H 9H TH"), natural_canasta()]}, phase="play"
    )
    reply = assert_legal(assert_legal(pos, meld(add=[(0, "JH")])), discard("4C"))
    assert reply["phase"] == "over"


# --- B11, B13 options ----------------------------------------------------------------------------------------------

BOLIVIA_OPTIONS: list[tuple[str, object]] = [
    ("wild_limit", "max2"),
    ("wild_limit", "unlimited"),
    ("black_three_in_hand", 100),
    ("black_three_in_hand", 5),
    ("black_three_penalty_on_stock_end", True),
    ("black_three_penalty_on_stock_end", False),
    ("red_threes_negative_if", "fewer_than_2_canastas"),
    ("red_threes_negative_if", "no_meld"),
    ("canastas_to_go_out", 3),
    ("combine_groups", False),
    ("target_score", 15000),
]


@pytest.mark.parametrize(("option", "value"), BOLIVIA_OPTIONS, ids=[f"{o}={v}" for o, v in BOLIVIA_OPTIONS])
def test_b13_every_bolivia_option_value_is_accepted(option: str, value: object) -> None:
    pos = position("bolivia", hands={0: "5C 9H"}, pile="8C", rules={option: value})
    assert assert_legal(pos, draw())["phase"] == "play"


@pytest.mark.parametrize(("option", "value"), [("wild_limit", "twice_naturals"), ("black_three_in_hand", 50)])
def test_b13_values_outside_bolivia_are_refused(option: str, value: object) -> None:
    pos = position("bolivia", hands={0: "5C 9H"}, pile="8C", rules={option: value})
    assert_error({"position": pos, "action": draw()}, option)


def test_b13_red_threes_negative_if_no_meld() -> None:
    rules = {"red_threes_negative_if": "no_meld"}
    pos = over("bolivia", {0: [wild(BOLIVIA7)]}, {}, red_threes={0: "3H", 1: "3D"}, out=None, rules=rules)
    assert [side["red_threes"] for side in score(pos)] == [100, -100]


def test_b13_combine_groups_false_merges_a_new_group_into_the_old() -> None:
    reply = assert_legal(player("AS AS AD", rules={"combine_groups": False}), meld("AS AS AD"))
    assert melds_of(reply) == [["AC", "AD", "AH", "AS", "AS", "AD"]]
