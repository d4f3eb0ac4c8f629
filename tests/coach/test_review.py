"""The review: the Expert's other choices, estimated on seeded look-ahead samples, biggest first, repeatable."""

from __future__ import annotations

import random
from typing import Any

import pytest

from canasta.ai.base import CardMemory
from canasta.ai.levels import hard_meld_model, make_bot
from canasta.ai.lookahead import Budget, play_out
from canasta.ai.seat import BotSeat
from canasta.coach import review
from canasta.coach.review import decision_stream, estimate, review_hand
from canasta.coach.undo import Decision, UndoHistory, memories_at
from canasta.engine import check, new_hand, view_for
from canasta.engine.play import HandOptions, play_hand
from canasta.engine.rules import Rules
from canasta.engine.state import GameState

BUDGET = Budget(samples=2, seconds=None)


def _decisions(seed: int) -> list[Decision]:
    """Seat 0's decisions in one hand where a weak player sits there."""
    rng = random.Random(seed)
    state = new_hand(Rules.for_players(4), (0, 0), 3, rng)
    bots = [make_bot(level, rng, 4) for level in ("greedy", "hard", "normal", "hard")]
    seats = [BotSeat(bot, memory) for bot, memory in zip(bots, memories_at(state), strict=True)]
    history = UndoHistory(0)
    history.push(state)
    play_hand(state, seats, HandOptions(on_step=lambda _before, action, step: history.push(step.state, action)))
    return history.decisions()


def test_the_review_is_sorted_legal_and_repeatable() -> None:
    found = 0
    for seed in (7, 8):
        decisions = _decisions(seed)
        first = review_hand(decisions, seed=3, budget=BUDGET)
        assert first == review_hand(decisions, seed=3, budget=BUDGET)
        differences = [item.difference for item in first]
        assert differences == sorted(differences, reverse=True)
        for item in first:
            decision = decisions[item.index]
            view = view_for(decision.state, decision.state.current)
            assert item.played == decision.action and item.better != item.played
            assert check(view, item.better) is None
            assert item.difference > 0 and item.samples == BUDGET.samples
            assert item.reason and "\n" not in item.reason
        found += len(first)
    assert found > 0


def test_the_estimate_is_the_look_ahead_on_the_same_seeded_samples() -> None:
    decisions = _decisions(7)
    item = review_hand(decisions, seed=3, budget=BUDGET)[0]
    decision = decisions[item.index]
    view = view_for(decision.state, decision.state.current)
    stream = decision_stream(3, item.index)
    values = estimate(view, CardMemory.from_view(view), (item.better, item.played), random.Random(~stream), 2)
    assert values is not None and values[0] - values[1] == item.difference
    other = estimate(view, CardMemory.from_view(view), (item.better, item.played), random.Random(~stream), 2)
    assert other == values


def test_a_clock_in_the_budget_does_not_change_the_review() -> None:
    decisions = _decisions(8)[:6]
    timed = Budget(samples=2, seconds=0.0)
    assert review_hand(decisions, seed=1, budget=timed) == review_hand(decisions, seed=1, budget=BUDGET)


def test_the_estimate_plays_hard_as_the_level_plays_holding_melds_back_by_its_model(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    decisions = _decisions(7)
    item = review_hand(decisions, seed=3, budget=BUDGET)[0]
    view = view_for(decisions[item.index].state, decisions[item.index].state.current)
    seen: list[object] = []

    def spy(*args: Any, **named: Any) -> GameState | None:
        seen.append(named.get("meld"))
        return play_out(*args, **named)

    monkeypatch.setattr(review, "play_out", spy)
    estimate(view, CardMemory.from_view(view), (item.better, item.played), random.Random(1), 1)
    assert seen and all(meld == hard_meld_model(4) for meld in seen) and hard_meld_model(4) is not None
