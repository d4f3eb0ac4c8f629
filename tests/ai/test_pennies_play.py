"""Every level of computer player plays Pennies from Heaven hands (six players, random house rules) with legal moves
only (views only), and the engine's invariants hold after every one of their actions."""

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
from canasta.engine.rules import Variant
from canasta.engine.state import GameState
from tests.play import QUICK

LEVELS = ("random", "greedy", "beginner", "normal", "hard", "expert")


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_pennies_from_heaven_hands_legally(level: str) -> None:
    problems: list[str] = []
    for seed in range(1 if level == "expert" else 3):
        rng = random.Random(seed)
        rules = random_rules(rng, Variant.PENNIES_FROM_HEAVEN)
        entries = len(rules.shape.sides)
        state = new_hand(rules, tuple(rng.choice((-50, 0, 600, 1600)) for _ in range(entries)), 5, rng)
        seats = [BotSeat(make_bot(level, rng, 6, QUICK), CardMemory(6)) for _ in range(6)]

        def check(before: GameState, _action: Action, step: Transition) -> None:
            problems.extend(violations(step.state) + step_violations(before, step.state))

        played = play_hand(state, seats, HandOptions(on_step=check))
        assert played.fallbacks == (), (level, seed, played.fallbacks)
        assert played.state.phase.value == "over"
    assert problems == []
