"""Driving hands and games with computer players, headless: for the soak, the bench and the terminal game."""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Sequence

from canasta.ai.base import Bot, CardMemory
from canasta.ai.levels import make_bot
from canasta.ai.seat import BotSeat, ask, seats_for
from canasta.ai.worker import DEFAULT_DEADLINE_S, BotWorker
from canasta.engine.actions import Action
from canasta.engine.match import Match, finish_hand, new_match, start_hand
from canasta.engine.play import (
    Decision,
    Fallback,
    HandOptions,
    OnStep,
    Played,
    SeatTimedOut,
    safe_action,
)
from canasta.engine.play import decide as decide_seat
from canasta.engine.play import play_hand as play_seats
from canasta.engine.playerview import PlayerView
from canasta.engine.rules import Rules
from canasta.engine.state import GameState

LOG = logging.getLogger(__name__)
BASELINE_LEVELS = ("random", "greedy")
__all__ = [
    "BASELINE_LEVELS", "Decision", "Fallback", "Guard", "HandPlay", "decide", "decision", "make_bot", "play_game",
    "play_hand", "safe_action",
]  # fmt: skip
HandPlay = Played


class _BotFailed(Exception):
    """The guarded bot raised; the message says what (already logged with its traceback)."""


class Guard:
    """Headless decisions on a worker thread with a deadline, so a computer player that hangs cannot stop a
    game: after `deadline_s` the decision is abandoned (logged) and a safe move is played."""

    def __init__(self, deadline_s: float = DEFAULT_DEADLINE_S) -> None:
        self._worker = BotWorker(deadline_s)
        self._turn = 0

    def choose(self, bot: Bot, view: PlayerView, memory: CardMemory) -> object:
        """The bot's answer, thought over on the worker. :raises SeatTimedOut: past the deadline."""
        self._turn += 1
        errors: list[Exception] = []

        def think() -> Action:
            try:
                return bot.choose(view, memory)
            except Exception as error:
                errors.append(error)
                raise

        self._worker.request(think, self._turn)
        action = self._worker.wait(self._turn)
        if action is not None:
            return action
        if errors:
            raise _BotFailed(f"{type(errors[0]).__name__}: {errors[0]}")
        if self._worker.timed_out(self._turn):
            raise SeatTimedOut
        raise _BotFailed("no answer")  # a bot whose answer is None

    def close(self) -> None:
        self._worker.close()

    def __enter__(self) -> Guard:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def decide(bot: Bot, view: PlayerView, memory: CardMemory, guard: Guard | None = None) -> Action:
    """The bot's action, or a safe legal one (logged) if the bot fails or answers with an illegal move."""
    return decision(bot, view, memory, guard).action


def decision(bot: Bot, view: PlayerView, memory: CardMemory, guard: Guard | None = None) -> Decision:
    """Like `decide`, saying whether (and why) the bot's own answer was replaced (the one guard of
    `canasta.engine.play`)."""
    return decide_seat(BotSeat(bot, memory, ask if guard is None else guard.choose), view)


def play_hand(
    state: GameState,
    bots: Sequence[Bot],
    after_action: OnStep | None = None,
    guard: Guard | None = None,
) -> HandPlay:
    """Play a dealt hand to its end with computer players (through `canasta.engine.play`); `after_action` sees
    every step (for invariant checks); with a `guard` every decision has a deadline."""
    seats = seats_for(bots, state.seen, ask if guard is None else guard.choose)
    return play_seats(state, seats, HandOptions(on_step=after_action))


def play_game(
    rules: Rules,
    bots: Sequence[Bot],
    rng: random.Random,
    on_hand: Callable[[Match], None] | None = None,
    guard: Guard | None = None,
) -> Match:
    """A whole game to the target score."""
    match = new_match(rules, rng)
    while not match.over:
        played = play_hand(start_hand(match, rng), bots, guard=guard)
        match = finish_hand(match, played.state)
        if on_hand is not None:
            on_hand(match)
    return match
