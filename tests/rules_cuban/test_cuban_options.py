"""Cuban Canasta's options (docs/variants.md, "Cuban Canasta", E'13): each with its default and every value, the
ones that change play through the referee or the engine."""

from __future__ import annotations

import random
from typing import Any

import pytest

from canasta.engine import new_hand
from canasta.engine.rules import Rules, option_names, option_values
from tests.rules_cuban.cuban_positions import (
    assert_error,
    assert_legal,
    discard,
    down,
    group,
    meld,
    over,
    playing,
    position,
    refused,
    score,
    take,
    wild,
)

MIXED_QUEENS = "QC QD QH QS 2C 2D JK"
DEFAULTS: dict[str, Any] = {
    "target_score": 7500,
    "minimums": "cuban",
    "canastas_to_go_out": 1,
    "black_threes": "set_aside",
    "concealed_going_out_bonus": 100,
    "new_meld_after_canasta": False,
    "wild_limit": "max3",
    "upcard_specials": "bury_in_pile",
    "upcard_black_three": "stays",
    "one_card_pile_restriction": True,
    "initial_meld_may_use_pile": True,
    "ask_partner": "optional",
    "ask_partner_timing": "before_first_meld_of_turn",
    "stock_exhausted": "continue_forced_take",
    "last_card_red_three": "end_no_meld",
    "tie": "play_another_hand",
    "first_dealer": "random",
}


def test_e13_the_options_and_their_defaults() -> None:
    rules = Rules.for_players(4, variant="cuban")
    assert set(option_names(rules.variant)) == set(DEFAULTS)
    for name, value in DEFAULTS.items():
        assert getattr(rules, name) == value, name


def test_e13_fixed_in_cuban() -> None:
    for name, value in {"unfrozen_take_with_wild": True, "red_threes_negative_if": "no_meld"}.items():
        with pytest.raises(ValueError, match=name):
            Rules.for_players(4, variant="cuban", **{name: value})


@pytest.mark.parametrize("name", sorted(DEFAULTS))
def test_e13_every_value_of_every_option_is_accepted_and_round_trips(name: str) -> None:
    for value in option_values(name, Rules.for_players(4, variant="cuban").variant):
        rules = Rules.for_players(4, variant="cuban", **{name: value})
        assert Rules.from_dict(rules.to_dict()) == rules


def test_e13_minimums_are_named_in_json() -> None:
    rules = Rules.from_dict({"players": 4, "variant": "cuban", "minimums": "joker"})
    assert rules.to_dict() == {"players": 4, "variant": "cuban", "minimums": "joker"}
    with pytest.raises(ValueError, match="minimums"):
        Rules.from_dict({"players": 4, "variant": "cuban", "minimums": "modern"})


# --- black_threes: bonus ------------------------------------------------------------------------------------------


def test_e6_under_bonus_black_threes_are_laid_out_and_replaced() -> None:
    rules = Rules.for_players(4, variant="cuban", black_threes="bonus")
    seen = 0
    for seed in range(30):
        state = new_hand(rules, (0, 0), 3, random.Random(seed))
        assert not any(card.rank.value == "3" for hand in state.hands for card in hand)
        assert all(card.is_black_three for row in state.black_threes for card in row)
        seen += sum(len(row) for row in state.black_threes)
    assert seen, "some deal laid out a black three"


def test_e6_under_bonus_they_score_as_red_threes_do_with_their_sign() -> None:
    rules = {"black_threes": "bonus"}
    pos = over({0: [group("Q", MIXED_QUEENS)], 1: [down()]}, {}, rules=rules,
               black_threes={0: "3C 3S", 1: "3C"}, red_threes={0: "3H"})  # fmt: skip
    a, b = score(pos)
    assert a["black_threes"] == 300 and a["red_threes"] == 100
    assert b["black_threes"] == -100


def test_e6_under_bonus_there_is_no_first_round_and_no_turns_played() -> None:
    pos = playing("KC QD 9S", rules={"black_threes": "bonus"}, turns_played=1)
    assert_error({"position": pos, "action": discard("9S")}, "turns_played")


# --- new_meld_after_canasta ----------------------------------------------------------------------------------------


def test_e13_new_meld_after_canasta_no_keeps_the_rank_closed() -> None:
    pos = playing("QC QD QH TS", melds={0: [down(), group("Q", MIXED_QUEENS)]})
    refused(pos, meld("QC QD QH"), "closed_rank")


def test_e13_new_meld_after_canasta_yes_starts_a_new_group_of_the_rank() -> None:
    rules = {"new_meld_after_canasta": True}
    pos = playing("QC QD QH TS", melds={0: [down(), group("Q", MIXED_QUEENS)]}, rules=rules)
    new = assert_legal(pos, meld("QC QD QH"))
    assert [len(m["cards"]) for m in new["melds"][0] if m.get("rank") == "Q"] == [7, 3]


def test_e13_new_meld_after_canasta_yes_a_take_starts_a_new_group_beside_the_canasta() -> None:
    rules = {"new_meld_after_canasta": True}
    melds = {0: [down(), group("Q", MIXED_QUEENS)]}
    pos = position(hands={0: "QC QD 6S TS"}, pile="5C 6D QH", melds=melds, rules=rules)
    new = assert_legal(pos, take("QC QD"))
    assert [len(m["cards"]) for m in new["melds"][0] if m.get("rank") == "Q"] == [7, 3]
    refused(position(hands={0: "QC QD 6S TS"}, pile="5C 6D QH", melds=melds), take("QC QD"), "pile_top_closed_rank")


def test_e13_new_meld_after_canasta_yes_one_incomplete_group_of_a_rank_at_a_time() -> None:
    rules = {"new_meld_after_canasta": True}
    melds = {0: [down(), group("Q", "QC QD QH")]}
    pos = playing("QC QD QS TS 9S", melds=melds, rules=rules)
    new = assert_legal(pos, meld("QC QD QS"))
    assert [len(m["cards"]) for m in new["melds"][0] if m.get("rank") == "Q"] == [6]


def test_e13_new_meld_after_canasta_yes_a_second_wild_meld_after_the_first_is_complete() -> None:
    rules = {"new_meld_after_canasta": True}
    pos = playing("2S JK 2S TS 9S", melds={0: [down(), wild("2C 2D 2H JK JK 2C 2D")]}, rules=rules)
    new = assert_legal(pos, meld("2S JK 2S"))
    assert sum(1 for m in new["melds"][0] if m["kind"] == "wild") == 2


def test_e13_new_meld_after_canasta_yes_never_two_incomplete_wild_melds() -> None:
    rules = {"new_meld_after_canasta": True}
    pos = playing("2S JK 2S TS 9S", melds={0: [down(), wild("2C 2D 2H")]}, rules=rules)
    refused(pos, meld("2S JK 2S"), "one_open_wild_meld")


# --- the classic options Cuban shares --------------------------------------------------------------------------------


def test_e13_wild_limit_not_more_than_naturals() -> None:
    pos = playing("9C 9D 2C 2D 2H QC QD", melds={0: [down()]}, rules={"wild_limit": "not_more_than_naturals"})
    refused(pos, meld("9C 9D 2C 2D 2H"), "meld_wilds_exceed_naturals")


def test_e13_initial_meld_may_use_pile_no() -> None:
    pos = position(hands={0: "AC AD TS 9S"}, pile="5C AH", rules={"initial_meld_may_use_pile": False})
    refused(pos, take("AC AD"), "pile_needs_initial_meld")


def test_e13_one_card_pile_restriction() -> None:
    pos = position(hands={0: "KC"}, pile="KH", melds={0: [down()]})
    refused(pos, take("KC"), "one_card_pile")
