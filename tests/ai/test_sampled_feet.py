"""The Expert's sampled deals of Hand and Foot: every foot still down is dealt from the cards the seat cannot see
(its own foot included, which nobody has looked at), with its size, and the round is the view's."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from canasta.ai.base import CardMemory
from canasta.ai.lookahead import sample_world
from canasta.engine import view_for
from canasta.engine.cards import make_deck
from canasta.engine.invariants import violations
from canasta.engine.playerview import Phase
from canasta.engine.rules import Variant
from tests.play import played_states, reshuffle_unseen


@pytest.mark.parametrize("seed", range(3))
def test_sampled_worlds_deal_every_foot_still_down_from_the_unseen_cards(seed: int) -> None:
    states = [state for state in played_states(seed, ("normal",), Variant.HAND_AND_FOOT) if state.phase is Phase.PLAY]
    checked_feet = 0
    for state in states[:: max(1, len(states) // 12)]:
        seat = state.current
        view = view_for(state, seat)
        world = sample_world(view, CardMemory.from_view(view), random.Random(seed))
        shape = state.rules.shape
        assert Counter(world.all_cards()) == Counter(make_deck(shape.packs, shape.jokers_per_pack))
        assert [None if foot is None else len(foot) for foot in world.feet] == list(view.foot_counts)
        assert world.round == state.round and world.hands[seat] == state.hands[seat]
        assert violations(world) == []
        # What the seat cannot see does not change what it samples: the same seed, the same world.
        blind = view_for(reshuffle_unseen(state, seat, random.Random(seed + 1)), seat)
        assert sample_world(blind, CardMemory.from_view(blind), random.Random(seed)) == world
        checked_feet += sum(foot is not None for foot in world.feet)
    assert checked_feet > 0
