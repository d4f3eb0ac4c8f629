"""Games no rule book has, made of shape data alone, play whole hands through the one path every game takes: random
legal moves (meld steps and takes preferred) with every invariant checked after every action, and a score at the
end. Nothing here, nor in the engine, knows these games by name."""

from __future__ import annotations

import dataclasses
import random

import pytest

from canasta.engine import Transition, legal_actions, new_hand
from canasta.engine.actions import Action, Combine, Meld, TakePile
from canasta.engine.invariants import step_violations, violations
from canasta.engine.play import HandOptions, PolicySeat, play_hand
from canasta.engine.playerview import Phase, PlayerView
from canasta.engine.rules import MeldKind, MeldNaming, PileRule, Rules
from canasta.engine.scoring import score_hand
from canasta.engine.state import GameState

_CLASSIC_FOUR = Rules.for_players(4)
_CLASSIC_THREE = Rules.for_players(3)

# Groups capped at six cards (six make a canasta, closed), and a pile that always needs a natural pair.
CAPPED_PAIRS = _CLASSIC_FOUR.with_shape(
    dataclasses.replace(_CLASSIC_FOUR.shape, max_group_size=6, canasta_size=6, pile_rule=PileRule.PAIR_ALWAYS)
)
# Runs of five and melds of wild cards beside two groups of a rank at most, named by index; draw two, deal twelve;
# a pile taken with a natural pair, or by the top card alone onto an unfinished meld.
RUNS_OF_FIVE = _CLASSIC_THREE.with_shape(
    dataclasses.replace(
        _CLASSIC_THREE.shape,
        meld_kinds=frozenset(MeldKind),
        meld_naming=MeldNaming.BY_INDEX,
        run_size=5,
        canasta_size=5,
        groups_per_rank=2,
        wilds_after_canasta=False,
        sequence_bonus=700,
        wild_canasta_bonus=1000,
        draw_count=2,
        cards_dealt=12,
        pile_rule=PileRule.PAIR_OR_UNFINISHED_MELD,
    )
)
SHAPES = {"capped_pairs": CAPPED_PAIRS, "runs_of_five": RUNS_OF_FIVE}
HANDS = 12


def _play(rules: Rules, seed: int) -> tuple[GameState, set[str]]:
    """One seeded hand of random legal moves, every invariant checked; the kinds of move played."""
    rng = random.Random(seed)
    entries = 3 if rules.players == 3 else len(rules.shape.sides)
    state = new_hand(rules, (0,) * entries, rng.randrange(rules.players), rng)
    assert violations(state) == []
    kinds: set[str] = set()

    def choose(view: PlayerView) -> Action:
        legal = legal_actions(view)
        steps = [action for action in legal if isinstance(action, Meld | TakePile | Combine)]
        return rng.choice(steps) if steps and rng.random() < 0.8 else rng.choice(legal)

    def check(before: GameState, action: Action, step: Transition) -> None:
        assert violations(step.state) + step_violations(before, step.state) == [], (seed, action)
        kinds.add(type(action).__name__)
        kinds.update(meld.kind.value for side in step.state.melds for meld in side)

    played = play_hand(state, [PolicySeat(choose)] * rules.players, HandOptions(on_step=check))
    assert played.fallbacks == ()
    return played.state, kinds


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_a_made_up_shape_plays_whole_hands_keeping_every_invariant(name: str) -> None:
    rules = SHAPES[name]
    kinds: set[str] = set()
    gone_out = 0
    for seed in range(HANDS):
        state, played = _play(rules, seed)
        assert state.phase is Phase.OVER
        assert len(score_hand(state)) == (3 if rules.players == 3 else len(rules.shape.sides))
        kinds |= played
        gone_out += state.out is not None
    assert {"TakePile", "Meld", "Discard", "group"} <= kinds
    assert gone_out, "someone goes out in some hand"
    if name == "runs_of_five":
        assert {"sequence", "wild"} <= kinds


def test_groups_capped_at_six_never_grow_past_it_and_the_pile_always_wants_a_pair() -> None:
    assert CAPPED_PAIRS.shape.names_by_rank and not RUNS_OF_FIVE.shape.names_by_rank
    for seed in range(HANDS):
        state, _ = _play(CAPPED_PAIRS, seed)
        assert all(len(meld.cards) <= 6 for side in state.melds for meld in side)
