"""Hand and Foot's invariants (G) under random legal play: every card placed once, feet null exactly when picked
up and never empty, no seat holding its foot with an empty hand, no meld with as many wild cards as natural ones
or more than three, no three melded, no book of seven gaining a wild card; and positions and views that read back
as written."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from canasta.app.soak import random_rules
from canasta.engine import Transition, legal_actions, new_hand, view_for
from canasta.engine.actions import Action, Meld, TakePile
from canasta.engine.invariants import step_violations, violations
from canasta.engine.play import HandOptions, PolicySeat, play_hand
from canasta.engine.playerview import Phase, PlayerView
from canasta.engine.position import dump_position, dump_view, load_position, load_view
from canasta.engine.rules import Variant
from canasta.engine.scoring import score_hand
from canasta.engine.state import GameState

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MOST_ACTIONS = 2500


def play(seed: int) -> tuple[GameState, int]:
    """A round of random rules and random legal moves (melds and takes preferred), every invariant checked."""
    rng = random.Random(seed)
    rules = random_rules(rng, Variant.HAND_AND_FOOT)
    state = new_hand(rules, (0,) * len(rules.shape.sides), rng.randrange(rules.players), rng, round_number=2)
    assert violations(state) == []
    actions = 0

    def choose(view: PlayerView) -> Action:
        legal = legal_actions(view)
        steps = [action for action in legal if isinstance(action, Meld | TakePile)]
        return rng.choice(steps) if steps and rng.random() < 0.8 else rng.choice(legal)

    def check(before: GameState, action: Action, step: Transition) -> None:
        nonlocal actions
        state = step.state
        assert violations(state) + step_violations(before, state) == [], (seed, action)
        actions += 1
        if actions % 40 == 0:
            data = json.loads(json.dumps(dump_position(state)))
            assert dump_position(load_position(data)) == data
            seen = json.loads(json.dumps(dump_view(view_for(state, state.current))))
            assert dump_view(load_view(seen))["foot_counts"] == seen["foot_counts"]

    seats = [PolicySeat(choose)] * rules.players
    played = play_hand(state, seats, HandOptions(on_step=check, stop=lambda _: actions >= MOST_ACTIONS))
    assert played.fallbacks == (), "a seat to move always has a legal action"
    return played.state, actions


@SETTINGS
@given(seed=st.integers(0, 10**9))
def test_g_random_rounds_keep_every_invariant(seed: int) -> None:
    state, actions = play(seed)
    assert state.phase is Phase.OVER or actions == MOST_ACTIONS
    assert len(score_hand(state)) == len(state.rules.shape.sides)


def test_g_random_rounds_pick_up_feet_and_go_out() -> None:
    picked = out = 0
    for seed in range(12):
        state, _ = play(seed)
        picked += sum(1 for foot in state.feet if foot is None)
        out += state.out is not None
    assert picked > 0 and out > 0
