"""Driving hands and games with computer players, headless: for the soak, the bench and the terminal game."""

from __future__ import annotations

import enum
import logging
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from canasta.ai.base import Bot, CardMemory, safe_action
from canasta.ai.levels import make_bot
from canasta.engine import Transition, apply, check, view_for
from canasta.engine.actions import Action
from canasta.engine.match import Match, finish_hand, new_match, start_hand
from canasta.engine.playerview import Phase, PlayerView
from canasta.engine.rules import Rules
from canasta.engine.state import GameState
from canasta.ui.bot_worker import DEFAULT_DEADLINE_S, BotWorker

LOG = logging.getLogger(__name__)
BASELINE_LEVELS = ("random", "greedy")
__all__ = [
    "BASELINE_LEVELS", "Decision", "Fallback", "Guard", "HandPlay", "decide", "decision", "make_bot", "play_game",
    "play_hand", "safe_action",
]  # fmt: skip
MAX_ACTIONS_PER_HAND = 5000


class Fallback(enum.StrEnum):
    """Why a computer player's own answer was replaced by a safe move."""

    RAISED = "raised an error"
    TIMED_OUT = "did not answer within its deadline"
    NOT_AN_ACTION = "answered with something that is not an action"
    ILLEGAL = "chose an illegal move"


@dataclass(frozen=True, slots=True)
class Decision:
    """The action to play; `fallback` says why it is a safe move instead of the bot's own, if it is."""

    action: Action
    fallback: Fallback | None = None
    detail: str = ""


class _BotFailed(Exception):
    """The guarded bot raised; the message says what (already logged with its traceback)."""


class _BotTimedOut(Exception):
    """The guarded bot did not answer within its deadline."""


class Guard:
    """Headless decisions on a worker thread with a deadline, so a computer player that hangs cannot stop a
    game: after `deadline_s` the decision is abandoned (logged) and a safe move is played."""

    def __init__(self, deadline_s: float = DEFAULT_DEADLINE_S) -> None:
        self._worker = BotWorker(deadline_s)
        self._turn = 0

    def choose(self, bot: Bot, view: PlayerView, memory: CardMemory) -> Action:
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
            raise _BotTimedOut
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
    """Like `decide`, saying whether (and why) the bot's own answer was replaced."""
    name = type(bot).__name__
    try:
        action: object = bot.choose(view, memory) if guard is None else guard.choose(bot, view, memory)
    except _BotTimedOut:
        return _fallback(view, Fallback.TIMED_OUT, name)
    except _BotFailed as error:
        return _fallback(view, Fallback.RAISED, f"{name}: {error}")
    except Exception as error:
        LOG.exception("computer player %s failed at seat %d", name, view.seat)
        return _fallback(view, Fallback.RAISED, f"{name}: {type(error).__name__}: {error}")
    if not isinstance(action, Action):
        return _fallback(view, Fallback.NOT_AN_ACTION, f"{name}: {action!r}")
    try:
        refusal = check(view, action)
    except Exception as error:  # a malformed action object (wrong field types) must not end the game
        return _fallback(view, Fallback.NOT_AN_ACTION, f"{name}: {action!r} ({type(error).__name__})")
    if refusal is not None:
        return _fallback(view, Fallback.ILLEGAL, f"{name}: {action} ({refusal.code})")
    return Decision(action)


def _fallback(view: PlayerView, why: Fallback, detail: str) -> Decision:
    LOG.warning("computer player at seat %d %s (%s); playing a safe move", view.seat, why.value, detail)
    return Decision(safe_action(view), why, detail)


@dataclass(frozen=True, slots=True)
class HandPlay:
    state: GameState
    actions: int
    fallbacks: tuple[str, ...] = ()  # every computer-player answer replaced by a safe move, said in words


def play_hand(
    state: GameState,
    bots: Sequence[Bot],
    after_action: Callable[[GameState, Action, Transition], None] | None = None,
    guard: Guard | None = None,
) -> HandPlay:
    """Play a dealt hand to its end; `after_action` sees every step (for invariant checks); with a `guard`
    every decision has a deadline."""
    memories = [CardMemory(state.rules.players) for _ in bots]
    for seat, memory in enumerate(memories):
        memory.observe(state.seen[seat])
    actions = 0
    fallbacks: list[str] = []
    while state.phase is not Phase.OVER:
        if actions >= MAX_ACTIONS_PER_HAND:
            raise RuntimeError(f"the hand did not end within {MAX_ACTIONS_PER_HAND} actions")
        seat = state.current
        chosen = decision(bots[seat], view_for(state, seat), memories[seat], guard)
        action = chosen.action
        if chosen.fallback is not None:
            fallbacks.append(f"seat {seat} {chosen.fallback.value} ({chosen.detail})")
        transition = apply(state, action)
        for other, memory in enumerate(memories):
            memory.observe(transition.events_for(other))
        if after_action is not None:
            after_action(state, action, transition)
        state = transition.state
        actions += 1
    return HandPlay(state, actions, tuple(fallbacks))


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
