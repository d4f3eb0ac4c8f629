"""Samba's rules A1, A2, A6-A13 and H4 through the referee: the deck and the deal, drawing two, red threes,
the first-meld minimums, going out, the end of the stock, scoring, the target, six players, the options, and
how melds are named by index within one step.
"""

import json
import random
from typing import Any

import pytest

from canasta.engine import new_hand
from canasta.engine.position import dump_position
from canasta.engine.rules import Rules
from tests.rules.positions import all_cards, answer, ask, assert_error, assert_refused, discard, draw, pass_, score
from tests.rules_family.family import (
    aces,
    assert_legal,
    combine,
    deck,
    group,
    hand,
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
)

# --- A1 cards and deal ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "dealt"), [(2, 15), (3, 15), (4, 15), (6, 13)])
def test_a1_a12_a_dealt_hand_places_162_cards_and_deals_15_or_13_for_six(players: int, dealt: int) -> None:
    rules = Rules.for_players(players, variant="samba")
    state = new_hand(rules, (0,) * len(rules.shape.sides), 0, random.Random(5))
    dealt_position: dict[str, Any] = json.loads(json.dumps(dump_position(state)))
    assert dealt_position["format"] == "canasta-position/2"
    assert [len(cards) for cards in dealt_position["hands"]] == [dealt] * players
    assert all_cards(dealt_position) == all_cards(position(players=players))
    assert sum(all_cards(dealt_position).values()) == 162
    assert assert_legal(dealt_position, draw())["phase"] == "play"  # the referee judges the dealt hand


def test_a1_the_deck_holds_every_card_three_times_and_six_jokers() -> None:
    counted = all_cards(position())
    assert counted["JK"] == 6 and counted["2C"] == 3 and counted["AS"] == 3 and len(counted) == 53


@pytest.mark.parametrize("change", ["drop", "add"])
def test_a1_a_samba_position_that_does_not_place_162_cards_is_refused(change: str) -> None:
    pos = position()
    if change == "drop":
        pos["stock"].remove("9C")
    else:
        pos["stock"].append("9C")
    assert_error({"position": pos, "action": draw()}, "9C")


# --- A2 the turn ---------------------------------------------------------------------------------------------


def test_a2_a_draw_takes_the_top_two_stock_cards() -> None:
    reply = assert_legal(position(hands={0: "5C 9H 9D"}, pile="8C", stock_top="KC KD QS"), draw())
    assert same(hand(reply), "5C 9H 9D KC KD") and reply["stock"][0] == "QS"


def test_a2_a_red_three_drawn_is_laid_out_and_replaced() -> None:
    reply = assert_legal(position(hands={0: "5C 9H 9D"}, pile="8C", stock_top="KC 3H KD QS"), draw())
    assert same(hand(reply), "5C 9H 9D KC KD") and reply["red_threes"][0] == ["3H"]
    assert reply["stock"][0] == "QS"


def test_a2_one_card_left_in_the_stock_is_a_full_draw() -> None:
    pos = position(hands={0: "5C 9H 9D"}, pile="8C", stock_top="KC", rest_to=1)
    reply = assert_legal(pos, draw())
    assert reply["stock"] == [] and same(hand(reply), "5C 9H 9D KC") and reply["phase"] == "play"


def test_a2_taking_the_pile_draws_nothing_from_the_stock() -> None:
    pos = position(hands={0: "KS KS 4C"}, pile="8C KD", melds={0: [aces()]}, stock_top="QS QS")
    reply = assert_legal(pos, take("KS KS"))
    assert reply["stock"] == pos["stock"] and same(hand(reply), "4C 8C")


def test_a2_a_side_that_may_not_go_out_keeps_two_cards_after_melding() -> None:
    pos = position(hands={0: "9C 9D 9S 5C"}, melds={0: [natural_canasta()]}, phase="play")
    assert_refused(pos, meld("9C 9D 9S"), "must_keep_two_cards")


# --- A6 red threes -----------------------------------------------------------------------------------------


TWO_CANASTAS = [natural_canasta(), samba()]  # 500 + 1500, cards 70 + 55


@pytest.mark.parametrize(("threes", "bonus"), [("3H", 100), ("3H 3D", 200), ("3H 3H 3D 3D 3D", 500)])
def test_a6_red_threes_count_100_each(threes: str, bonus: int) -> None:
    assert score(over("samba", {0: TWO_CANASTAS}, {}, red_threes={0: threes}))[0]["red_threes"] == bonus


def test_a6_all_six_red_threes_count_1000() -> None:
    result = score(over("samba", {0: TWO_CANASTAS}, {}, red_threes={0: "3H 3H 3H 3D 3D 3D"}))[0]
    assert result == {
        "canastas": 2000, "red_threes": 1000, "going_out": 200, "melded": 125, "in_hand": 0, "total": 3325,
    }  # fmt: skip


@pytest.mark.parametrize(
    ("side_melds", "bonus"),
    [([], -200), ([aces()], -200), ([natural_canasta()], -200), ([natural_canasta(), mixed_canasta()], 200)],
)
def test_a6_red_threes_count_against_a_side_with_fewer_than_two_canastas(side_melds: list[Any], bonus: int) -> None:
    pos = over("samba", {1: side_melds}, {}, red_threes={1: "3H 3D"}, out=None)
    assert score(pos)[1]["red_threes"] == bonus


def test_a6_six_red_threes_with_one_canasta_count_minus_1000() -> None:
    pos = over("samba", {0: [natural_canasta()]}, {}, red_threes={0: "3H 3H 3H 3D 3D 3D"}, out=None)
    assert score(pos)[0]["red_threes"] == -1000


def test_a13_red_threes_negative_if_no_meld_counts_them_for_a_side_that_melded() -> None:
    rules = {"red_threes_negative_if": "no_meld"}
    pos = over("samba", {0: [natural_canasta()]}, {}, red_threes={0: "3H 3D", 1: "3H"}, out=None, rules=rules)
    assert [side["red_threes"] for side in score(pos)] == [200, -100]


# --- A7 first-meld minimums --------------------------------------------------------------------------------

# (side score, minimum, a meld worth exactly the minimum, one worth 5 less)
MINIMUMS = [
    (-5, 15, ["4C 4D 4H"], None),  # no meld is worth less than 15
    (-5000, 15, ["4C 4D 4H"], None),
    (0, 50, ["KC KD KH", "6S 7S 8S"], ["KC KD KH", "5S 6S 7S"]),
    (1495, 50, ["KC KD KH", "6S 7S 8S"], ["KC KD KH", "5S 6S 7S"]),
    (1500, 90, ["AC AD AH", "KC KD KH"], ["AC AD AH", "4C 4D 4H 4S 4C"]),
    (2995, 90, ["AC AD AH", "KC KD KH"], ["AC AD AH", "4C 4D 4H 4S 4C"]),
    (3000, 120, ["AC AD AH", "KC KD KH", "TS JS QS"], ["AC AD AH", "KC KD KH", "4C 4D 4H 4S 4C"]),
    (6995, 120, ["AC AD AH", "KC KD KH", "TS JS QS"], ["AC AD AH", "KC KD KH", "4C 4D 4H 4S 4C"]),
    (7000, 160, ["AC AD AH AS", "KC KD KH", "9S TS JS QS KS"], ["AC AD AH AS", "KC KD KH", "4C 4D 4H", "TS JS QS"]),
    (12000, 160, ["AC AD AH AS", "KC KD KH", "9S TS JS QS KS"], ["AC AD AH AS", "KC KD KH", "4C 4D 4H", "TS JS QS"]),
]


def _first_meld(score_before: int, melds: list[str], rules: dict[str, Any] | None = None) -> Any:
    cards = " ".join(melds)
    # the sets of cards are given in notation; two spare cards stay in hand
    pos = position(hands={0: f"{cards} 9C 9D"}, phase="play", scores=[score_before, 0], rules=rules or {})
    return pos, meld(*melds)


@pytest.mark.parametrize(("score_before", "minimum", "enough", "short"), MINIMUMS)
def test_a7_the_first_meld_needs_the_minimum_of_the_sides_score(
    score_before: int, minimum: int, enough: list[str], short: list[str] | None
) -> None:
    pos, action = _first_meld(score_before, enough)
    reply = assert_legal(pos, action)
    assert len(reply["melds"][0]) == len(enough)
    if short is None:
        return
    pos, action = _first_meld(score_before, short)
    message = assert_refused(pos, action, "initial_meld_below_minimum")
    assert str(minimum) in message and str(minimum - 5) in message


def test_a7_a13_top_minimum_150_asks_150_from_7000() -> None:
    enough = ["AC AD AH AS", "KC KD KH", "TS JS QS KS"]  # 80 + 30 + 40 = 150
    pos, action = _first_meld(7000, enough, {"top_minimum": 150})
    assert_legal(pos, action)
    pos, action = _first_meld(7000, enough)
    assert "160" in assert_refused(pos, action, "initial_meld_below_minimum")


def test_a7_a_sequence_alone_counts_toward_the_minimum() -> None:
    pos, action = _first_meld(0, ["8S 9S TS JS QS"])  # exactly 50
    assert_legal(pos, action)


def test_a7_there_is_no_concealed_exemption_from_the_minimum() -> None:
    hand_cards = "4C 4D 4H 4S 4C 4D 4H 5S 6S 7S 8S 9S TS JS 9C"
    pos = position(hands={0: hand_cards}, phase="play", scores=[3000, 0])
    assert_refused(pos, meld("4C 4D 4H 4S 4C 4D 4H", "5S 6S 7S 8S 9S TS JS"), "initial_meld_below_minimum")


# --- A8 going out ------------------------------------------------------------------------------------------------


def test_a8_going_out_needs_two_canastas() -> None:
    one = position(hands={0: "5C"}, melds={0: [natural_canasta()]}, phase="play")
    assert "2" in assert_refused(one, discard("5C"), "going_out_needs_canasta")
    two = position(hands={0: "5C"}, melds={0: [natural_canasta(), samba()]}, phase="play")
    reply = assert_legal(two, discard("5C"))
    assert reply["phase"] == "over" and reply["out"] == {"seat": 0, "concealed": False}


def test_a8_canastas_completed_in_the_going_out_step_count() -> None:
    pos = position(hands={0: "KC 4H"}, melds={0: [group("K", "KC KD KH KS KC KD"), samba()]}, phase="play")
    reply = assert_legal(pos, meld(add=[(0, "KC")]))
    reply = assert_legal(reply, discard("4H"))
    assert reply["phase"] == "over"


@pytest.mark.parametrize(("option", "canastas", "code"), [(1, 1, None), (3, 2, "going_out_needs_canasta")])
def test_a13_canastas_to_go_out(option: int, canastas: int, code: str | None) -> None:
    side = [natural_canasta(), samba()][:canastas]
    pos = position(hands={0: "5C"}, melds={0: side}, phase="play", rules={"canastas_to_go_out": option})
    if code is None:
        assert assert_legal(pos, discard("5C"))["phase"] == "over"
    else:
        assert str(option) in assert_refused(pos, discard("5C"), code)


def test_a8_going_out_scores_200_and_concealed_no_more() -> None:
    hand_cards = "4C 4D 4H 4S 4C 4D 4H 5S 6S 7S 8S 9S TS JS 9C 9C 9D"
    pos = position(hands={0: hand_cards}, phase="play")
    reply = assert_legal(pos, meld("4C 4D 4H 4S 4C 4D 4H", "5S 6S 7S 8S 9S TS JS", "9C 9C 9D"))
    assert reply["out"] == {"seat": 0, "concealed": True}
    assert score(reply)[0]["going_out"] == 200


def test_a8_asking_partner_as_classic_under_ask_partner_required() -> None:
    rules = {"ask_partner": "required"}
    pos = position(hands={0: "9C 9D 9S 5C"}, melds={0: TWO_CANASTAS}, phase="play", rules=rules)
    assert_refused(pos, meld("9C 9D 9S"), "must_ask_partner")
    asked = assert_legal(pos, ask())
    assert asked["phase"] == "answer" and asked["current"] == 2
    yes = assert_legal(asked, answer(True))
    assert assert_legal(assert_legal(yes, meld("9C 9D 9S")), discard("5C"))["phase"] == "over"


# --- A9 end of the stock -------------------------------------------------------------------------------------------


def test_a9_an_empty_stock_cannot_be_drawn_from() -> None:
    pos = position(hands={0: "5C 6D"}, pile="8C 9S", melds={0: [aces()]}, rest_to=1)
    assert_refused(pos, draw(), "stock_empty")


def test_a9_with_the_stock_empty_a_top_card_that_fits_must_be_taken() -> None:
    pos = position(hands={0: "5C 6D"}, pile="8C 9S", melds={0: [aces(), run("S", "6S 7S 8S")]}, rest_to=1)
    assert_refused(pos, pass_(), "must_take_pile")


def test_a9_with_the_stock_empty_and_no_take_the_hand_ends_without_going_out() -> None:
    pos = position(hands={0: "5C 6D"}, pile="8C 9S", melds={0: [aces()]}, rest_to=1)
    reply = assert_legal(pos, pass_())
    assert reply["phase"] == "over" and reply["out"] is None


# --- A10 scoring -------------------------------------------------------------------------------------------------


def test_a10_the_worked_example_scores_2960_and_290() -> None:
    side_a = [samba(), natural_canasta(), group("Q", "QC QD QH QS QC 2D 2S"), group("A", "AH AS AD")]
    side_b = [group("8", "8C 8C 8D 8H 8S 8S JK"), group("9", "9D 9S 2C"), run("S", "4S 5S 6S")]
    hands = {1: "KC KD", 2: "9C 4D", 3: "7S JK"}
    pos = over("samba", {0: side_a, 1: side_b}, hands, red_threes={0: "3H 3D", 1: "3H"})
    assert [side["total"] for side in score(pos)] == [2960, 290]
    assert score(pos)[1] == {
        "canastas": 300, "red_threes": -100, "going_out": 0, "melded": 165, "in_hand": -75, "total": 290,
    }  # fmt: skip


def test_a10_a_samba_is_1500_natural_500_mixed_300() -> None:
    side = [samba(), natural_canasta(), mixed_canasta()]
    pos = over("samba", {1: side}, {1: "5C"}, out=None)
    assert score(pos)[1] == {
        "canastas": 2300, "red_threes": 0, "going_out": 0, "melded": 245, "in_hand": -5, "total": 2540,
    }  # fmt: skip


def test_a10_a_sequence_short_of_seven_counts_its_cards_only() -> None:
    pos = over("samba", {1: [run("S", "9S TS JS QS KS AS")]}, {}, out=None)
    assert score(pos)[1]["canastas"] == 0 and score(pos)[1]["melded"] == 70


# --- A11 target, A13 options in the rules object ------------------------------------------------------------


@pytest.mark.parametrize(("variant", "target"), [("samba", 10000), ("bolivia", 15000)])
def test_a11_b11_the_default_target_is_left_out_of_the_rules_and_another_is_kept(variant: str, target: int) -> None:
    default = position(variant, hands={0: "5C 9H"}, pile="8C", rules={"target_score": target})
    assert "target_score" not in assert_legal(default, draw())["rules"]
    other = position(variant, hands={0: "5C 9H"}, pile="8C", rules={"target_score": 5000})
    assert assert_legal(other, draw())["rules"]["target_score"] == 5000


SAMBA_OPTIONS: list[tuple[str, object]] = [
    ("wild_limit", "max2"),
    ("wild_limit", "twice_naturals"),
    ("top_minimum", 160),
    ("top_minimum", 150),
    ("canastas_to_go_out", 1),
    ("canastas_to_go_out", 2),
    ("canastas_to_go_out", 3),
    ("red_threes_negative_if", "fewer_than_2_canastas"),
    ("red_threes_negative_if", "no_meld"),
    ("combine_groups", True),
    ("combine_groups", False),
    ("target_score", 10000),
]


@pytest.mark.parametrize(("option", "value"), SAMBA_OPTIONS, ids=[f"{o}={v}" for o, v in SAMBA_OPTIONS])
def test_a13_every_samba_option_value_is_accepted(option: str, value: object) -> None:
    assert assert_legal(position(hands={0: "5C 9H"}, pile="8C", rules={option: value}), draw())["phase"] == "play"


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("wild_limit", "max3"),
        ("wild_limit", "unlimited"),
        ("top_minimum", 140),
        ("black_three_in_hand", 100),
        ("black_three_penalty_on_stock_end", False),
    ],
)
def test_a13_options_outside_samba_are_refused(option: str, value: object) -> None:
    assert_error({"position": position(hands={0: "5C 9H"}, pile="8C", rules={option: value}), "action": draw()}, option)


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("unfrozen_take_with_wild", False),
        ("pile_take_by_adding_to_meld", False),
        ("concealed_going_out_minimum", "always"),
        ("concealed_canasta_bonus", 100),
        ("initial_meld_may_use_pile", False),
        ("black_three_discard", "freeze_pile"),
    ],
)
def test_a13_classic_options_fixed_in_samba_are_refused_when_set(option: str, value: object) -> None:
    assert_error({"position": position(hands={0: "5C 9H"}, pile="8C", rules={option: value}), "action": draw()}, option)


def test_a13_a_concealed_canasta_earns_nothing_extra_in_samba() -> None:
    pos = over("samba", {0: [{**natural_canasta(), "concealed": True}, samba()]}, {})
    assert score(pos)[0]["canastas"] == 2000
    with_bonus = over(
        "samba", {0: [{**natural_canasta(), "concealed": True}, samba()]}, {}, rules={"concealed_canasta_bonus": 100}
    )
    assert_error({"position": with_bonus, "score": True}, "concealed_canasta_bonus")


def test_a13_twice_naturals_asks_twice_as_many_naturals_as_wild_cards() -> None:
    rules = {"wild_limit": "twice_naturals"}
    pos = position(hands={0: "5C 5D 9C 9D 9S 2C 2D JK 8S 8D"}, melds={0: [aces()]}, phase="play", rules=rules)
    assert_refused(pos, meld("5C 5D 2C 2D"), "meld_wilds_exceed_naturals")
    assert_refused(pos, meld("9C 9D 9S 2C JK"), "meld_wilds_exceed_naturals")
    assert melds_of(assert_legal(pos, meld("9C 9D 9S 2C")))[1] == ["9C", "9D", "9S", "2C"]
    assert melds_of(assert_legal(pos, meld("5C 5D 2C")))[1] == ["5C", "5D", "2C"]  # two naturals, one wild


def test_a13_combine_groups_false_plays_one_group_per_rank() -> None:
    rules = {"combine_groups": False}
    pos = position(hands={0: "AS AS AD 8S 8D"}, melds={0: [aces()]}, phase="play", rules=rules)
    assert melds_of(assert_legal(pos, meld("AS AS AD"))) == [["AC", "AD", "AH", "AS", "AS", "AD"]]
    taker = position(hands={0: "AS AS 8S 8D"}, pile="5C AD", melds={0: [aces()]}, rules=rules)
    assert same(melds_of(assert_legal(taker, take("AS AS")))[0], "AC AD AH AD AS AS")


def test_a13_combine_groups_false_refuses_two_groups_of_a_rank_in_a_position() -> None:
    pos = position(hands={0: "8S 8D"}, melds={0: [aces(), group("A", "AS AS AD")]}, phase="play")
    assert assert_legal(pos, combine(0, 1))["melds"][0][0]["cards"] == ["AC", "AD", "AH", "AS", "AS", "AD"]
    pos["rules"]["combine_groups"] = False
    assert_error({"position": pos, "action": combine(0, 1)}, "melds")


# --- A12 six players ------------------------------------------------------------------------------------------


def test_a12_six_player_samba_has_three_sides_and_partners_three_seats_apart() -> None:
    rules = {"ask_partner": "required"}
    pos = position(players=6, hands={0: "9C 9D 9S 5C"}, melds={0: TWO_CANASTAS}, phase="play", rules=rules)
    assert len(pos["scores"]) == 3 and len(pos["melds"]) == 3
    asked = assert_legal(pos, ask())
    assert asked["phase"] == "answer" and asked["current"] == 3


def test_a12_the_partner_three_seats_on_adds_to_the_sides_melds() -> None:
    pos = position(players=6, hands={3: "AS 8S 8D"}, melds={0: [aces()]}, current=3, phase="play")
    assert melds_of(assert_legal(pos, meld(add=[(0, "AS")]))) == [["AC", "AD", "AH", "AS"]]


def test_a12_six_player_red_threes_all_six_count_1000() -> None:
    pos = over("samba", {0: TWO_CANASTAS}, {}, players=6, red_threes={0: "3H 3H 3H 3D 3D 3D"})
    assert [side["red_threes"] for side in score(pos)] == [1000, 0, 0]


# --- H4 meld indices in one step ----------------------------------------------------------------------------


def test_h4_indices_name_the_melds_before_the_step_and_new_melds_are_appended_in_order() -> None:
    pos = position(
        hands={0: "AS KS 6S 7S 8S QC QD QH 8D 8C"},
        melds={0: [aces(), group("K", "KC KD KH")]},
        phase="play",
    )
    reply = assert_legal(pos, meld("6S 7S 8S", "QC QD QH", add=[(1, "KS"), (0, "AS")]))
    assert melds_of(reply) == [
        ["AC", "AD", "AH", "AS"], ["KC", "KD", "KH", "KS"], ["6S", "7S", "8S"], ["QC", "QD", "QH"],
    ]  # fmt: skip


def test_h4_a_new_meld_of_the_step_cannot_be_named_by_index() -> None:
    pos = position(hands={0: "6S 7S 8S 9S 8D 8C"}, melds={0: [aces()]}, phase="play")
    assert_refused(pos, meld("6S 7S 8S", add=[(1, "9S")]), "no_such_meld")


def test_h4_combine_keeps_the_lower_index_and_moves_the_later_melds_down() -> None:
    melds = [group("K", "KC KD KH"), group("Q", "QC QD QH"), group("K", "KS KS 2C"), group("9", "9C 9D 9H")]
    reply = assert_legal(position(hands={0: "8S 8D"}, melds={0: melds}, phase="play"), combine(2, 0))
    assert melds_of(reply) == [["KC", "KD", "KH", "KS", "KS", "2C"], ["QC", "QD", "QH"], ["9C", "9D", "9H"]]
    assert [meld["rank"] for meld in reply["melds"][0]] == ["K", "Q", "9"]


def test_h4_an_index_past_the_sides_melds_is_refused() -> None:
    pos = position(hands={0: "AS 8S 8D"}, melds={0: [aces()]}, phase="play")
    assert_refused(pos, meld(add=[(1, "AS")]), "no_such_meld")
    assert_refused(pos, combine(0, 3), "no_such_meld")


def test_a3_the_deck_helper_matches_the_referees_count() -> None:
    assert len(deck()) == 162
