"""Every level of computer player plays Modern American, Cuban Canasta and Pennies from Heaven hands (random house
rules) with legal moves only (views only), and the engine's invariants hold after every one of their actions."""

from __future__ import annotations

import random

import pytest

from canasta.ai.base import CardMemory
from canasta.ai.levels import make_bot
from canasta.ai.seat import BotSeat
from canasta.app.soak import random_rules
from canasta.engine import new_hand
from canasta.engine.actions import Action
from canasta.engine.game.transitions import Transition
from canasta.engine.invariants import step_violations, violations
from canasta.engine.play import HandOptions, play_hand
from canasta.engine.rules import Rules, Variant
from canasta.engine.state import GameState
from tests.play import QUICK

LEVELS = ("random", "greedy", "beginner", "normal", "hard", "expert")
# The game, the scores a hand may start from, whether every side's score is drawn (else the first side's alone),
# the dealer, and how many seeded hands the Expert plays (the others play three).
GAMES = {
    Variant.MODERN_AMERICAN: ((0, 3000, 5000), False, 3, 2),
    Variant.CUBAN: ((0, 3000, 5000), False, 3, 2),
    Variant.PENNIES_FROM_HEAVEN: ((-50, 0, 600, 1600), True, 5, 1),
}


def _scores(rules: Rules, rng: random.Random, choices: tuple[int, ...], every_side: bool) -> tuple[int, ...]:
    if every_side:
        return tuple(rng.choice(choices) for _ in range(len(rules.shape.sides)))
    return (rng.choice(choices), *(0 for _ in rules.shape.sides[1:]))


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_the_newer_games_legally(game: Variant, level: str) -> None:
    choices, every_side, dealer, expert_seeds = GAMES[game]
    problems: list[str] = []
    for seed in range(expert_seeds if level == "expert" else 3):
        rng = random.Random(seed)
        rules = random_rules(rng, game)
        state = new_hand(rules, _scores(rules, rng, choices, every_side), dealer, rng)
        players = rules.players
        seats = [BotSeat(make_bot(level, rng, players, QUICK), CardMemory(players)) for _ in range(players)]

        def check(before: GameState, _action: Action, step: Transition) -> None:
            problems.extend(violations(step.state) + step_violations(before, step.state))

        played = play_hand(state, seats, HandOptions(on_step=check))
        assert played.fallbacks == (), (level, seed, played.fallbacks)
        assert played.state.phase.value == "over"
    assert problems == []
