"""Hand and Foot's option `red_threes: penalty_500` (D6, D13): red threes are never laid out; they stay in the
hand like any card, may be discarded, never melded, and count 500 against the side if still held (or in an
unplayed foot) at the end."""

from __future__ import annotations

import json
import random

from canasta.engine import new_hand, view_for
from canasta.engine.position import dump_position, dump_view, load_view
from canasta.engine.rules import Rules
from tests.rules.positions import assert_error, assert_refused, discard, draw, score
from tests.rules_hand_and_foot.hf import assert_legal, book, four_books, meld, over, playing, position, same, take

PENALTY = {"red_threes": "penalty_500"}
DOWN = {0: [book("A", "AC AD AH")]}


def test_d13_a_red_three_drawn_stays_in_hand() -> None:
    new = assert_legal(position(hands={0: "9C"}, stock_top="3H 4C 5C", rules=PENALTY), draw())
    assert same(new["hands"][0], "9C 3H 4C") and new["red_threes"] == [[], []]


def test_d13_dealt_red_threes_stay_in_hand_and_the_dealt_round_reads_back() -> None:
    rules = Rules.for_players(4, variant="hand_and_foot", red_threes="penalty_500")
    for seed in range(30):
        state = new_hand(rules, (0, 0), 0, random.Random(seed))
        if any(card.is_red_three for hand in state.hands for card in hand):
            break
    data = json.loads(json.dumps(dump_position(state)))
    assert data["red_threes"] == [[], []]
    assert_legal(data, draw())
    holder = next(seat for seat, hand in enumerate(state.hands) if any(card.is_red_three for card in hand))
    read = load_view(json.loads(json.dumps(dump_view(view_for(state, holder)))))
    assert [card.text for card in read.hand] == [card.text for card in state.hands[holder]]


def test_d13_a_red_three_is_discarded_and_stops_the_pile_being_taken_by_a_pair_of_threes() -> None:
    new = assert_legal(playing("3H 9C 9D", melds=DOWN, rules=PENALTY), discard("3H"))
    assert new["pile"][-1] == "3H"
    pos = position(hands={0: "3D 3H 8C 9C"}, pile="4C 3H", melds=DOWN, rules=PENALTY)
    assert_refused(pos, take("3D 3H"), "black_threes_only_going_out")


def test_d13_red_threes_are_never_melded() -> None:
    assert_refused(
        playing("3H 3D 3H 9C 9D", melds=DOWN, rules=PENALTY), meld("3H 3D 3H"), "black_threes_only_going_out"
    )


def test_d13_a_red_three_in_the_foot_stays_when_it_is_picked_up() -> None:
    foot = "3H KH 9C 9D 9H 7C 7D 8C 8D 4S 4C"
    new = assert_legal(playing("5C", melds=DOWN, feet={0: foot}, rules=PENALTY), discard("5C"))
    assert same(new["hands"][0], foot) and new["red_threes"] == [[], []]


def test_d13_each_red_three_held_at_the_end_counts_500_against() -> None:
    pos = over({0: four_books()}, {1: "3H 3D 4C"}, rules=PENALTY)
    side_a, side_b = score(pos)
    assert side_b["in_hand"] == -1005 and side_a["red_threes"] == 0


def test_d13_no_red_three_is_laid_out_under_the_penalty() -> None:
    pos = position(red_threes={0: "3H"}, rules=PENALTY)
    assert_error({"position": pos, "action": draw()}, "red_threes", "penalty_500")
