"""Every level decides blind to the cards its seat cannot see, in every game: the other hands, the stock and the
feet or packets still face down (the mover's own included) dealt anew change no decision."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from canasta.ai.base import CardMemory
from canasta.ai.levels import make_bot
from canasta.ai.lookahead import Budget
from canasta.engine import view_for
from canasta.engine.actions import Action
from canasta.engine.playerview import Phase
from canasta.engine.rules import Variant
from canasta.engine.state import GameState
from tests.play import QUICK, played_states, reshuffle_unseen

SETTINGS = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# Classic has its own, older honesty tests (tests/ai/test_players.py); these are the games since.
GAMES = [variant for variant in Variant if variant is not Variant.CLASSIC]
EXPERT = Budget(samples=6, seconds=None)


def _both_worlds(state: GameState, pick: int, level: str, seed: int, budget: Budget) -> list[Action]:
    seat = state.current
    decisions = []
    for world in (state, reshuffle_unseen(state, seat, random.Random(pick))):
        view = view_for(world, seat)
        bot = make_bot(level, random.Random(seed), state.rules.players, budget)
        decisions.append(bot.choose(view, CardMemory.from_view(view)))
    return decisions


@pytest.mark.parametrize("variant", GAMES, ids=str)
@SETTINGS
@given(seed=st.integers(0, 10**9), pick=st.integers(0, 10**6), level=st.sampled_from(("beginner", "normal", "hard")))
def test_a_decision_is_blind_to_hidden_cards(variant: Variant, seed: int, pick: int, level: str) -> None:
    states = [state for state in played_states(seed, ("normal", "hard"), variant) if state.phase is not Phase.OVER]
    first, second = _both_worlds(states[pick % len(states)], pick, level, seed, QUICK)
    assert first == second


@pytest.mark.parametrize("variant", GAMES, ids=str)
@settings(SETTINGS, max_examples=2)
@given(seed=st.integers(0, 10**9), pick=st.integers(0, 10**6))
def test_the_expert_is_blind_to_hidden_cards(variant: Variant, seed: int, pick: int) -> None:
    states = [state for state in played_states(seed, ("hard",), variant) if state.phase is Phase.PLAY]
    if not states:
        return
    first, second = _both_worlds(states[pick % len(states)], pick, "expert", seed, EXPERT)
    assert first == second
