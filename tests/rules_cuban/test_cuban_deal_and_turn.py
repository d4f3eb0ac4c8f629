"""Cuban Canasta (docs/variants.md, "Cuban Canasta"): the deal (E'1), the turn and the first round's black-three ban
(E'2, H15), and the position fields that carry them (F11), through the engine's deal and the referee."""

from __future__ import annotations

import random
from typing import Any

import pytest

from canasta.engine import new_hand
from canasta.engine.game.position import dump_position
from canasta.engine.rules import Rules
from canasta.engine.state import GameState
from tests.rules_cuban.cuban_positions import (
    apply_legal,
    assert_error,
    assert_legal,
    discard,
    down,
    draw,
    group,
    meld,
    playing,
    position,
    refused,
    wild,
)

CUBAN = {"variant": "cuban"}
CANASTA = "KC KD KH KS KD KH KS"


def _deal(seed: int = 3, dealer: int = 3, **options: Any) -> tuple[Rules, GameState]:
    rules = Rules.for_players(4, **CUBAN, **options)
    return rules, new_hand(rules, (0, 0), dealer, random.Random(seed))


# --- E'1: cards, seats, deal --------------------------------------------------------------------------------


def test_e1_two_packs_four_jokers_thirteen_cards_each_and_an_upcard() -> None:
    rules, state = _deal()
    assert rules.shape.deck_size == 108
    assert rules.shape.sides == ((0, 2), (1, 3))
    assert all(len(hand) == 13 for hand in state.hands)
    assert len(state.pile) >= 1, "an upcard starts the pile, as classic"
    laid = sum(len(row) for row in state.red_threes)
    assert len(state.stock) + len(state.pile) + laid == 108 - 52


@pytest.mark.parametrize("players", [2, 3, 6])
def test_e12_four_players_only(players: int) -> None:
    with pytest.raises(ValueError, match="4"):
        Rules.for_players(players, **CUBAN)


def test_e1_dealt_red_threes_are_laid_out_and_replaced_black_ones_stay_in_hand() -> None:
    for seed in range(40):
        _, state = _deal(seed)
        assert not any(card.is_red_three for hand in state.hands for card in hand)
        assert all(card.is_red_three for row in state.red_threes for card in row)
        assert state.black_threes == ((), ())


def test_f11_a_new_hand_writes_black_threes_and_turns_played_zero() -> None:
    _, state = _deal()
    data = dump_position(state)
    assert data["format"] == "canasta-position/2"
    assert data["rules"] == {"players": 4, "variant": "cuban"}
    assert data["black_threes"] == [[], []]
    assert data["turns_played"] == 0


# --- E'2: the turn --------------------------------------------------------------------------------------------


def test_e2_a_turn_draws_one_card() -> None:
    pos = position(hands={0: "KC QD 9S"}, stock_top="6H 6S")
    new, events = apply_legal(pos, draw())
    assert len(new["hands"][0]) == 4 and "6H" in new["hands"][0]
    assert events[0]["count"] == 1


def test_e2_then_a_discard_passes_the_turn() -> None:
    new = assert_legal(playing("KC QD 9S"), discard("9S"))
    assert new["current"] == 1 and new["pile"][-1] == "9S"


# --- E'2, H15: the first round ----------------------------------------------------------------------------------


@pytest.mark.parametrize("played", [0, 1, 2, 3])
def test_h15_no_black_three_is_discarded_in_the_first_round(played: int) -> None:
    pos = playing("3S KC QD", turns_played=played)
    refused(pos, discard("3S"), "black_three_first_round", "3S", f"{played} of 4")


def test_h15_after_the_first_round_a_black_three_is_discarded() -> None:
    new = assert_legal(playing("3S KC QD"), discard("3S"))
    assert new["pile"][-1] == "3S"


def test_h15_the_going_out_discard_is_banned_too() -> None:
    pos = playing("3C", melds={0: [group("K", CANASTA)]}, turns_played=2)
    refused(pos, discard("3C"), "black_three_first_round", "3C")


def test_e2_a_meld_that_would_leave_only_black_threes_is_refused_in_the_first_round() -> None:
    pos = playing("3C 3S 9C 9D 9H", melds={0: [down()]}, turns_played=1)
    refused(pos, meld("9C 9D 9H"), "no_legal_discard", "3C", "3S")


def test_e2_the_same_meld_after_the_first_round_is_legal() -> None:
    new = assert_legal(playing("3C 3S 9C 9D 9H", melds={0: [down()]}), meld("9C 9D 9H"))
    assert sorted(new["hands"][0]) == ["3C", "3S"]


def test_f11_turns_played_counts_each_turn_and_goes_after_the_first_round() -> None:
    new = assert_legal(playing("KC QD 9S", turns_played=2), discard("9S"))
    assert new["turns_played"] == 3
    new = assert_legal(playing("KC QD 9S", turns_played=3), discard("9S"))
    assert "turns_played" not in new, "absent once the first round is over"


def test_h15_turns_that_took_the_pile_count_too() -> None:
    pos = position(hands={0: "KC KD QD 9S"}, pile="5C KH", melds={0: [down()]}, turns_played=0)
    taken = assert_legal(pos, {"type": "take_pile", "with": ["KC", "KD"], "also": []})
    new = assert_legal(taken, discard("9S"))
    assert new["turns_played"] == 1


@pytest.mark.parametrize("played", [-1, 4, "two"])
def test_f11_turns_played_out_of_range_is_malformed(played: Any) -> None:
    pos = playing("KC QD 9S", turns_played=played)
    assert_error({"position": pos, "action": discard("9S")}, "turns_played")


def test_f11_black_threes_rows_hold_only_black_threes() -> None:
    pos = playing("KC QD 9S")
    pos["black_threes"] = [["KS"], []]
    pos["stock"].remove("KS")
    assert_error({"position": pos, "action": discard("9S")}, "black_threes")


def test_e3_wild_cards_may_go_into_a_group_while_the_wild_meld_is_incomplete() -> None:
    pos = playing("2C 9S KC", melds={0: [down(), wild("2D 2H JK")]})
    new = assert_legal(pos, meld(add={"8": "2C"}))
    assert len(new["melds"][0][0]["cards"]) == 4
