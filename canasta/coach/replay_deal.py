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

from canasta.ai.base import Bot
from canasta.ai.levels import make_bot
from canasta.ai.lookahead import Budget
from canasta.ai.seat import BotSeat
from canasta.coach.undo import memories_at
from canasta.engine import new_hand
from canasta.engine.play import MOVE_CAP, HandOptions, HandTooLongError, OnStep, play_hand
from canasta.engine.playerview import score_index
from canasta.engine.rules import Rules
from canasta.engine.scoring import SideScore, score_hand
from canasta.engine.state import GameState

LOG = logging.getLogger(__name__)

AUTOPLAY_BUDGET = Budget(samples=6, seconds=None)  # small, and free of the clock: the same seed plays the same

DealRandom = int | Callable[[], random.Random]


def deal_again(
    rules: Rules, scores: tuple[int, ...], dealer: int, deal_random: DealRandom, round_number: int = 1
) -> GameState:
    """The hand dealt again from the same shuffle: `deal_random` is the deal's seed, or a factory that makes
    its random stream afresh each call; `round_number` is the hand's place in the game (Hand and Foot's round,
    which sets its first-meld minimum)."""
    rng = random.Random(deal_random) if isinstance(deal_random, int) else deal_random()
    return new_hand(rules, scores, dealer, rng, round_number=round_number)


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


def play_out(start: GameState, bots: Sequence[Bot], on_step: OnStep | None = None) -> AutoplayResult:
    """Play the hand from `start` to its end with one computer player per seat (through `canasta.engine.play`,
    whose guard plays a safe move for a player that fails); `on_step` sees every step."""
    seats = [BotSeat(bot, memory) for bot, memory in zip(bots, memories_at(start), strict=True)]
    try:
        played = play_hand(start, seats, HandOptions(on_step=on_step))
    except HandTooLongError as error:
        LOG.warning("a replayed hand did not end: %s", error)
        return AutoplayResult(error.state, score_hand(error.state), MOVE_CAP, False)
    return AutoplayResult(played.state, score_hand(played.state), played.actions, True)
