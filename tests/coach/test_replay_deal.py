"""Replaying a deal deals the very same cards; the Expert's replay of the human's seat is repeatable."""

from __future__ import annotations

import random

import pytest

from canasta.coach.replay_deal import autoplay_seat, deal_again
from canasta.engine import new_hand
from canasta.engine.playerview import Phase
from canasta.engine.rules import Rules
from canasta.engine.scoring import score_hand
from tests.play import QUICK


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_the_same_seed_deals_the_same_cards(players: int) -> None:
    rules = Rules.for_players(players)
    scores = (0,) * (players if players in (2, 3) else 2)
    first = new_hand(rules, scores, 1, random.Random(2024))
    again = deal_again(rules, scores, 1, 2024)
    assert again == first
    assert again.hands == first.hands and again.stock == first.stock and again.pile == first.pile
    assert deal_again(rules, scores, 1, lambda: random.Random(2024)) == first
    assert deal_again(rules, scores, 1, 2025).hands != first.hands


def test_the_expert_plays_the_humans_seat_to_the_end_and_repeats_itself() -> None:
    start = deal_again(Rules.for_players(4), (0, 0), 3, 77)
    levels = ("human", "hard", "normal", "hard")
    first = autoplay_seat(start, 0, levels, seed=5, budget=QUICK)
    second = autoplay_seat(start, 0, levels, seed=5, budget=QUICK)
    assert first.finished and first.final.phase is Phase.OVER
    assert first.final == second.final and first.scores == second.scores
    assert first.scores == score_hand(first.final)
    assert first.points_for(0) == first.scores[0].total and first.points_for(1) == first.scores[1].total


def test_autoplay_refuses_a_table_that_does_not_fit() -> None:
    start = deal_again(Rules.for_players(4), (0, 0), 0, 1)
    with pytest.raises(ValueError, match="4 levels"):
        autoplay_seat(start, 0, ("hard", "hard"), seed=1)
    with pytest.raises(ValueError, match="unknown level"):
        autoplay_seat(start, 0, ("x", "hard", "wizard", "hard"), seed=1)
