"""`canasta replay` of a Hand and Foot record speaks of its rounds: how many the game plays (or its target), and
each round's result as "Round n", as the score sheet does."""

from __future__ import annotations

from canasta.app.replay import replay_lines
from canasta.engine.rules import ROUNDS
from canasta.storage.record import replay
from tests.storage.games import played


def test_a_whole_hand_and_foot_game_plays_back_round_by_round() -> None:
    record, _, _ = played(2, seed=4, hands=ROUNDS, variant="hand_and_foot")
    match = replay(record).match
    lines = replay_lines(record, match)
    assert match.over and len(match.hands) == ROUNDS
    assert lines[0] == f"Canasta, 2 players, {ROUNDS} rounds (deal number 4), {ROUNDS} rounds recorded."
    assert [line.split(":")[0] for line in lines[1:-1]] == [f"Round {number}" for number in range(1, ROUNDS + 1)]
    assert lines[-1].startswith("Final scores: ")


def test_a_hand_and_foot_game_to_a_target_names_its_target_and_counts_rounds() -> None:
    record, _, _ = played(4, seed=6, hands=1, extra=20, variant="hand_and_foot", game_end="target")
    match = replay(record).match
    lines = replay_lines(record, match)
    target = record.rules.target_score
    assert lines[0] == f"Canasta, 4 players, to {target} (deal number 6), 2 rounds recorded."
    assert lines[1].startswith("Round 1: ") and lines[-1].startswith("The game was not finished")


def test_one_round_recorded_is_said_in_the_singular() -> None:
    record, _, _ = played(2, seed=4, hands=0, extra=5, variant="hand_and_foot")
    assert replay_lines(record, replay(record).match)[0].endswith(", 1 round recorded.")


def test_one_hand_of_classic_recorded_is_said_in_the_singular() -> None:
    record, _, _ = played(2, seed=4, hands=0, extra=5)
    assert replay_lines(record, replay(record).match)[0].endswith(", 1 hand recorded.")
