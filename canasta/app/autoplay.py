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
from canasta.engine.match import Match, new_match
from canasta.engine.play import (
    Decision,
    Fallback,
    GameOptions,
    HandOptions,
    OnStep,
    Played,
    SeatTimedOut,
    safe_action,
)
from canasta.engine.play import decide as decide_seat
from canasta.engine.play import play_game as play_seats_game
from canasta.engine.play import play_hand as play_seats
from canasta.engine.playerview import PlayerView
from canasta.engine.rules import Rules
from canasta.engine.state import GameState

LOG = logging.getLogger(__name__)
BASELINE_LEVELS = ("random", "greedy")
__all__ = [
    "BASELINE_LEVELS", "Decision", "Fallback", "Guard", "HandPlay", "bot_seats", "decide", "decision", "make_bot",
    "play_game",
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


def bot_seats(bots: Sequence[Bot], guard: Guard | None = None) -> Callable[[GameState], list[BotSeat]]:
    """The seats of each hand of a game for computer players: a fresh card memory each, told what its seat saw of
    the deal; with a `guard` every decision has a deadline."""
    think = ask if guard is None else guard.choose

    def seats(state: GameState) -> list[BotSeat]:
        return seats_for(bots, state.seen, think)

    return seats


def play_game(
    rules: Rules,
    bots: Sequence[Bot],
    rng: random.Random,
    on_hand: Callable[[Match], None] | None = None,
    guard: Guard | None = None,
) -> Match:
    """A whole game to the target score with computer players (the engine's one game loop,
    `canasta.engine.play.play_game`)."""

    def scored(match: Match, _played: Played) -> None:
        if on_hand is not None:
            on_hand(match)

    return play_seats_game(new_match(rules, rng), bot_seats(bots, guard), rng, GameOptions(on_hand=scored))
