"""Replaying a deal: the very same shuffle again, or the Expert playing the human's seat on it.

A hand's deal depends only on the rules, the scores at its start, the dealer and the random stream it is
shuffled with; the caller gives that stream as its seed or as a factory that makes it afresh (the game
derives one per hand from its seed and the hand's number).
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from canasta.ai.base import Bot, safe_action
from canasta.ai.levels import make_bot
from canasta.ai.lookahead import Budget
from canasta.coach.undo import memories_at
from canasta.engine import apply, check, new_hand, view_for
from canasta.engine.playerview import Phase, score_index
from canasta.engine.rules import Rules
from canasta.engine.scoring import SideScore, score_hand
from canasta.engine.state import GameState

LOG = logging.getLogger(__name__)

AUTOPLAY_BUDGET = Budget(samples=6, seconds=None)  # small, and free of the clock: the same seed plays the same
MAX_HAND_ACTIONS = 2000  # far above any real hand; a guard against a player that never ends its turn

DealRandom = int | Callable[[], random.Random]


def deal_again(rules: Rules, scores: tuple[int, ...], dealer: int, deal_random: DealRandom) -> GameState:
    """The hand dealt again from the same shuffle: `deal_random` is the deal's seed, or a factory that makes
    its random stream afresh each call."""
    rng = random.Random(deal_random) if isinstance(deal_random, int) else deal_random()
    return new_hand(rules, scores, dealer, rng)


@dataclass(frozen=True, slots=True)
class AutoplayResult:
    """A hand played to its end by computer players: the last state, its scores, and how it went."""

    final: GameState
    scores: tuple[SideScore, ...]
    actions: int
    finished: bool  # False only if the guard stopped a hand that would not end

    def points_for(self, seat: int) -> int:
        """The hand's score of `seat`'s side (or of the seat itself with three players)."""
        return self.scores[score_index(self.final.rules, seat)].total


def autoplay_seat(
    start: GameState,
    seat: int,
    levels: Sequence[str],
    seed: int,
    budget: Budget = AUTOPLAY_BUDGET,
) -> AutoplayResult:
    """Play the hand from `start` to its end with the Expert in `seat` and the level `levels[s]` in every other
    seat s (the entry for `seat` is ignored). The same arguments always play the same hand.

    :raises ValueError: for a seat or a list of levels that does not fit the table, or an unknown level.
    """
    players = start.rules.players
    if not 0 <= seat < players or len(levels) != players:
        raise ValueError(f"need a seat from 0 to {players - 1} and {players} levels, not seat {seat} and {levels}")
    rng = random.Random(seed)
    bots = [make_bot("expert" if other == seat else level, rng, players, budget) for other, level in enumerate(levels)]
    return play_out(start, bots)


def play_out(start: GameState, bots: Sequence[Bot]) -> AutoplayResult:
    """Play the hand from `start` to its end with one computer player per seat."""
    state = start
    memories = memories_at(start)
    actions = 0
    while state.phase is not Phase.OVER and actions < MAX_HAND_ACTIONS:
        mover = state.current
        view = view_for(state, mover)
        action = bots[mover].choose(view, memories[mover])
        if check(view, action) is not None:
            LOG.warning("computer player at seat %d chose an illegal move in a replay; playing a safe one", mover)
            action = safe_action(view)
        transition = apply(state, action)
        for other, memory in enumerate(memories):
            memory.observe(transition.events_for(other))
        state = transition.state
        actions += 1
    return AutoplayResult(state, score_hand(state), actions, state.phase is Phase.OVER)
