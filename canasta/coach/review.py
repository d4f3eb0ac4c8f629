"""Reviewing a hand: the human's decisions where the Expert would have played otherwise, biggest loss first.

For each decision the Expert (`canasta.ai.lookahead.ExpertBot`) chooses from the human's view and memory
with a seeded, clock-free budget. Where its choice differs, both moves are valued the way the look-ahead
values its candidates: on the same sampled deals of the hidden cards (`sample_world`), each move is played
and then the Hard player plays every seat to the end of the hand; a move's value is the mover's side's
points minus the other sides' average. The estimated difference is the average over the samples.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from canasta.ai.base import CardMemory
from canasta.ai.heuristic import Weights
from canasta.ai.inference import account_for
from canasta.ai.learned import MeldModel
from canasta.ai.levels import hard_meld_model, hard_weights, make_bot
from canasta.ai.lookahead import Budget, Line, play_out, sample_world
from canasta.coach.explain import explain
from canasta.coach.undo import Decision
from canasta.engine import apply, legal_actions, view_for
from canasta.engine.actions import Action
from canasta.engine.playerview import Phase, PlayerView, score_index
from canasta.engine.refusals import IllegalActionError
from canasta.engine.scoring import score_hand
from canasta.engine.state import GameState

REVIEW_BUDGET = Budget(samples=8, seconds=None)
_SEED_STRIDE = 1_000_003  # spreads the decisions' seeds apart (a prime, so no two decisions share a stream)


@dataclass(frozen=True, slots=True)
class ReviewItem:
    """One decision the Expert would have made otherwise.

    `index` is the decision's place in the list reviewed; `difference` is how many points per hand the
    Expert's move is estimated to gain over the move played, averaged over `samples` sampled deals.
    """

    index: int
    played: Action
    better: Action
    reason: str
    difference: float
    samples: int


def review_hand(
    decisions: Sequence[Decision], seed: int, budget: Budget = REVIEW_BUDGET, *, min_difference: float = 0.0
) -> list[ReviewItem]:
    """The decisions where the Expert chooses differently and its move is estimated better by more than
    `min_difference` points, the biggest difference first. The same arguments always give the same review
    (the budget's clock is ignored: only its number of samples counts)."""
    steady = replace(budget, seconds=None)
    items = [review_decision(decision, index, seed, steady) for index, decision in enumerate(decisions)]
    kept = [item for item in items if item is not None and item.difference > min_difference]
    kept.sort(key=lambda item: (-item.difference, item.index))
    return kept


def review_decision(decision: Decision, index: int, seed: int, budget: Budget) -> ReviewItem | None:
    """The Expert's other choice at one decision, with its reason and estimated gain; None where it agrees
    (or where the move played was the only one)."""
    state, played = decision.state, decision.action
    if state.phase is Phase.OVER:
        return None
    seat = state.current
    view = view_for(state, seat)
    if len(legal_actions(view)) < 2:
        return None
    memory = CardMemory.from_view(view)
    stream = decision_stream(seed, index)
    better = make_bot("expert", random.Random(stream), state.rules.players, budget).choose(view, memory)
    if same_outcome(state, played, better):
        return None
    values = estimate(view, memory, (better, played), random.Random(~stream), budget.samples)
    if values is None:
        return None
    return ReviewItem(index, played, better, explain(view, memory, better), values[0] - values[1], budget.samples)


def decision_stream(seed: int, index: int) -> int:
    """The seed of a decision's own random streams: the Expert's choice uses it, the estimate its complement."""
    return seed * _SEED_STRIDE + index


def estimate(
    view: PlayerView, memory: CardMemory, moves: Sequence[Action], rng: random.Random, samples: int
) -> tuple[float, ...] | None:
    """Each move's average value for the viewing seat over the same `samples` sampled deals (None if a move
    is not legal here)."""
    weights, meld = hard_weights(view.rules.players), hard_meld_model(view.rules.players)
    totals = [0.0] * len(moves)
    account = account_for(view, memory)  # the same for every sampled deal
    for _sample in range(max(1, samples)):
        world_rng = random.Random(rng.getrandbits(32))
        world = sample_world(view, memory, world_rng, account=account)
        rollout_seed = world_rng.getrandbits(32)
        for index, move in enumerate(moves):
            value = rollout(world, move, view.seat, weights, rollout_seed, meld=meld)
            if value is None:
                return None
            totals[index] += value
    return tuple(total / max(1, samples) for total in totals)


def rollout(  # noqa: PLR0913  # the deal, the move, whose worth, and how Hard plays
    world: GameState, move: Action, seat: int, weights: Weights, seed: int, *, meld: MeldModel | None = None
) -> float | None:
    """`seat`'s side's points minus the other sides' average after `move` and the Hard player (holding meld
    steps back by `meld` where given) to the end (None when `move` is not legal here)."""
    try:
        state = play_out(world, Line(move), weights, seed, meld=meld)
    except IllegalActionError:
        return None
    if state is None:  # only with a deadline, and none is given
        return None
    totals = [side.total for side in score_hand(state)]
    mine = score_index(state.rules, seat)
    others = [total for index, total in enumerate(totals) if index != mine]
    return totals[mine] - sum(others) / max(1, len(others))


def same_outcome(state: GameState, first: Action, second: Action) -> bool:
    """Whether two moves lead to the same position (melds grouped or ordered differently, another copy of a
    card): such moves are not told apart in a review."""
    if first == second:
        return True
    try:
        return _outcome(apply(state, first).state) == _outcome(apply(state, second).state)
    except IllegalActionError:
        return False


def _outcome(state: GameState) -> tuple[object, ...]:
    hands = tuple(tuple(sorted(card.text for card in hand)) for hand in state.hands)
    melds = tuple(
        frozenset((meld.rank, tuple(sorted(c.text for c in meld.cards))) for meld in side) for side in state.melds
    )
    return (state.current, state.phase, state.turn, tuple(c.text for c in state.pile), hands, melds, state.out)
