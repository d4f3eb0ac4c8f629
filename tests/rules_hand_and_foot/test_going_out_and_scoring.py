"""Hand and Foot's going out (D8), scoring (D4, D6, D10, with the worked examples) and the game of four rounds
(D11) through the referee and the match."""

from __future__ import annotations

import dataclasses
import random

import pytest

from canasta.engine.match import Match, finish_hand, new_match, start_hand
from canasta.engine.play import play_game
from canasta.engine.playerview import Phase
from canasta.engine.rules import Rules
from canasta.engine.state import GameState
from tests.rules.positions import answer, ask, assert_refused, discard, score
from tests.rules_hand_and_foot.hf import (
    CLEAN_EIGHTS,
    CLEAN_KINGS,
    DIRTY_FIVES,
    DIRTY_QUEENS,
    apply_legal,
    assert_legal,
    book,
    four_books,
    in_foot,
    meld,
    over,
    playing,
)

# --- D8 going out ----------------------------------------------------------------------------------------------


def test_d8_going_out_needs_the_partners_yes() -> None:
    pos = in_foot("9C 9D 9H 4S", melds={0: four_books()})
    assert_refused(pos, meld("9C 9D 9H"), "must_ask_partner")
    asked = assert_legal(pos, ask())
    yes = assert_legal(asked, answer(True))
    melded = assert_legal(yes, meld("9C 9D 9H"))
    new, events = apply_legal(melded, discard("4S"))
    assert new["phase"] == "over" and new["out"] == {"seat": 0, "concealed": False}
    assert events[-1]["type"] == "hand_over"


def test_d8_a_no_from_partner_keeps_him_in() -> None:
    pos = in_foot("9C 9D 9H 4S", melds={0: four_books()})
    no = assert_legal(assert_legal(pos, ask()), answer(False))
    assert_refused(no, meld("9C 9D 9H"), "partner_said_no")


def test_d13_ask_partner_optional() -> None:
    pos = in_foot("9C 9D 9H", melds={0: four_books()}, rules={"ask_partner": "optional"})
    assert assert_legal(pos, meld("9C 9D 9H"))["phase"] == "over"


def test_d8_d12_with_two_players_there_is_no_partner_to_ask() -> None:
    pos = in_foot("9C 9D 9H", melds={0: four_books()}, players=2)
    assert assert_legal(pos, meld("9C 9D 9H"))["phase"] == "over"


@pytest.mark.parametrize(
    ("books", "code"),
    [
        ([book("K", CLEAN_KINGS), book("5", DIRTY_FIVES), book("Q", DIRTY_QUEENS)], "going_out_needs_books"),
        ([book("K", CLEAN_KINGS), book("8", CLEAN_EIGHTS), book("5", DIRTY_FIVES)], "going_out_needs_books"),
    ],
)
def test_d8_two_clean_and_two_dirty_books(books: list[dict[str, object]], code: str) -> None:
    pos = in_foot("9C 9D 9H", melds={0: books}, rules={"ask_partner": "optional"})
    message = assert_refused(pos, meld("9C 9D 9H"), code)
    assert "2 clean and 2 dirty" in message


def test_d13_books_to_go_out_option() -> None:
    books = [book("K", CLEAN_KINGS), book("5", DIRTY_FIVES)]
    pos = in_foot("9C 9D 9H", melds={0: books}, rules={"ask_partner": "optional", "books_to_go_out": [1, 1]})
    assert assert_legal(pos, meld("9C 9D 9H"))["phase"] == "over"


def test_d13_all_in_foot_waits_for_every_partner_to_pick_up_his_foot() -> None:
    rules = {"ask_partner": "optional", "all_in_foot": True}
    waiting = in_foot("9C 9D 9H", melds={0: four_books()}, rules=rules, feet={2: "4C 4D 4H 4S 6C 6D 6H 6S 7C 7D 7H"})
    message = assert_refused(waiting, meld("9C 9D 9H"), "going_out_needs_books")
    assert "foot" in message
    both = in_foot("9C 9D 9H", melds={0: four_books()}, rules=rules, feet={2: None})
    assert assert_legal(both, meld("9C 9D 9H"))["phase"] == "over"


def test_d12_d13_six_players_in_three_sides_of_two_score_three_sides() -> None:
    from canasta.engine.scoring import score_hand
    from canasta.engine.transitions import new_hand

    rules = Rules.for_players(6, variant="hand_and_foot", six_player_sides="three_of_two")
    state = new_hand(rules, (0, 0, 0), 0, random.Random(4))
    assert len(state.melds) == 3 and len(score_hand(state)) == 3


def test_d8_a_player_still_holding_his_foot_does_not_go_out() -> None:
    pos = playing("9C 9D 9H", melds={0: four_books()}, rules={"ask_partner": "optional"})
    new = assert_legal(pos, meld("9C 9D 9H"))
    assert new["phase"] == "play" and new["feet"][0] is None and len(new["hands"][0]) == 11


# --- D10 scoring, D4 books, D6 threes --------------------------------------------------------------------------


def worked_example() -> dict[str, object]:
    side_a = [*four_books()[:2], book("5", DIRTY_FIVES), book("Q", DIRTY_QUEENS), book("A", "AC AD AS")]
    side_b = [book("J", "JC JD JH JS JC 2C 2S"), book("6", "6C 6D 6H 2S")]
    return over(
        {0: side_a, 1: side_b},
        {2: "9C 9D", 1: "KC 4D", 3: "7S"},
        red_threes={0: "3H 3D", 1: "3H"},
        feet={1: "TC TD TH TS 9C 9D 9H 9S 4C 4D 4H"},  # 80 + 15 = 95, unplayed
    )


def test_d10_worked_example_side_a_2275_and_side_b_410() -> None:
    side_a, side_b = score(worked_example())
    assert side_a == {
        "canastas": 1600, "red_threes": 200, "going_out": 100, "melded": 395, "in_hand": -20, "total": 2275,
    }  # fmt: skip
    assert side_b == {
        "canastas": 300, "red_threes": 100, "going_out": 0, "melded": 125, "in_hand": -115, "total": 410,
    }  # fmt: skip


def test_d6_d10_a_red_three_in_an_unplayed_foot_counts_500_against() -> None:
    pos = over({0: four_books()}, {}, feet={1: "3H 9C 9D 9H 9S TC TD TH TS 4C 4D"})
    assert score(pos)[1]["in_hand"] == -(500 + 40 + 40 + 10)


@pytest.mark.parametrize(("option", "value"), [(None, 5), (0, 0), (100, 100), (300, 300)])
def test_d6_d13_a_black_three_left_in_hand(option: int | None, value: int) -> None:
    rules = {} if option is None else {"black_three_in_hand": option}
    pos = over({0: four_books()}, {1: "3S 4C"}, rules=rules)
    assert score(pos)[1]["in_hand"] == -(value + 5)


def test_d9_d10_a_round_ended_by_the_stock_has_no_going_out_bonus() -> None:
    pos = over({0: four_books()}, {0: "9C"}, out=None)
    assert score(pos)[0]["going_out"] == 0


def test_d13_wild_books_score_their_bonus() -> None:
    from tests.rules_hand_and_foot.hf import wild_book

    pos = over({0: [*four_books(), wild_book("JK JK 2C 2D 2H 2S JK")]}, {}, rules={"wild_books": 1500})
    assert score(pos)[0]["canastas"] == 1600 + 1500


# --- D11 the game of four rounds -------------------------------------------------------------------------------


def _finish(match: Match, state: GameState) -> Match:
    """The round ended by the stock before anyone melded: each side loses its unplayed feet."""
    return finish_hand(match, dataclasses.replace(state, phase=Phase.OVER))


def test_d11_a_game_is_four_rounds_and_the_minimum_follows_the_round() -> None:
    rules = Rules.for_players(4, variant="hand_and_foot", ask_partner="optional")
    rng = random.Random(1)
    rounds = []

    def ended_by_the_stock(match: Match) -> GameState:
        """Each round dealt, then ended by the stock before anyone melded (`_finish`)."""
        state = start_hand(match, rng)
        rounds.append(state.round)
        return dataclasses.replace(state, phase=Phase.OVER)

    match = play_game(new_match(rules, rng), lambda _state: (), ended_by_the_stock)
    assert rounds == [1, 2, 3, 4]
    assert len(match.hands) == 4
    assert match.winners == tuple(side for side, total in enumerate(match.scores) if total == max(match.scores))


def test_d13_a_game_to_a_target_does_not_end_after_four_rounds() -> None:
    rules = Rules.for_players(4, variant="hand_and_foot", game_end="target")
    rng = random.Random(1)
    match = new_match(rules, rng)
    for _ in range(5):
        match = _finish(match, start_hand(match, rng))
    assert not match.over and len(match.hands) == 5


@pytest.mark.parametrize(("score_", "minimum"), [(-500, 50), (0, 50), (2500, 90), (5000, 120), (9000, 150)])
def test_d11_d13_played_to_a_target_the_minimum_follows_the_score(score_: int, minimum: int) -> None:
    from tests.rules_hand_and_foot.hf import position

    pos = position(hands={0: "5C 5D 5H 9C 9D"}, phase="play", scores=[score_, 0], rules={"game_end": "target"})
    message = assert_refused(pos, meld("5C 5D 5H"), "initial_meld_below_minimum")
    assert str(minimum) in message


OUT = {"ask_partner": "optional"}


def test_d8_going_out_either_by_melding_everything_or_by_a_last_discard() -> None:
    assert assert_legal(in_foot("9C 9D 9H", melds={0: four_books()}, rules=OUT), meld("9C 9D 9H"))["phase"] == "over"
    melded = assert_legal(in_foot("9C 9D 9H 4S", melds={0: four_books()}, rules=OUT), meld("9C 9D 9H"))
    assert assert_legal(melded, discard("4S"))["phase"] == "over"


def test_d13_going_out_must_discard() -> None:
    rules = {**OUT, "going_out": "must_discard"}
    message = assert_refused(
        in_foot("9C 9D 9H", melds={0: four_books()}, rules=rules), meld("9C 9D 9H"), "must_keep_two_cards"
    )
    assert "discard" in message
    melded = assert_legal(in_foot("9C 9D 9H 4S", melds={0: four_books()}, rules=rules), meld("9C 9D 9H"))
    assert assert_legal(melded, discard("4S"))["phase"] == "over"


def test_d13_going_out_must_meld() -> None:
    rules = {**OUT, "going_out": "must_meld"}
    pos = in_foot("9C 9D 9H 4S", melds={0: four_books()}, rules=rules)
    assert_refused(pos, meld("9C 9D 9H"), "must_keep_two_cards")
    assert_refused(in_foot("4S", melds={0: four_books()}, rules=rules), discard("4S"), "must_keep_two_cards")
    assert assert_legal(in_foot("9C 9D 9H", melds={0: four_books()}, rules=rules), meld("9C 9D 9H"))["phase"] == "over"
    assert assert_legal(pos, discard("4S"))["current"] == 1  # keeping three cards is no going out
