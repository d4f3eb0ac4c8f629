"""Driving hands and games with computer players, headless: for the soak, the bench and the terminal game."""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from canasta.actions import Action
from canasta.ai.base import Bot, CardMemory, safe_action
from canasta.ai.levels import make_bot
from canasta.engine import Transition, apply, check, view_for
from canasta.match import Match, finish_hand, new_match, start_hand
from canasta.playerview import Phase, PlayerView
from canasta.rules import Rules
from canasta.state import GameState

LOG = logging.getLogger(__name__)
BASELINE_LEVELS = ("random", "greedy")
__all__ = ["BASELINE_LEVELS", "HandPlay", "decide", "make_bot", "play_game", "play_hand", "safe_action"]
MAX_ACTIONS_PER_HAND = 5000


def decide(bot: Bot, view: PlayerView, memory: CardMemory) -> Action:
    """The bot's action, or a safe legal one (logged) if the bot fails or answers with an illegal move."""
    try:
        action = bot.choose(view, memory)
    except Exception:
        LOG.exception("computer player %s failed at seat %d; playing a safe move", type(bot).__name__, view.seat)
        return safe_action(view)
    refusal = check(view, action)
    if refusal is not None:
        LOG.warning(
            "computer player %s chose an illegal move (%s); playing a safe move", type(bot).__name__, refusal.code
        )
        return safe_action(view)
    return action


@dataclass(frozen=True, slots=True)
class HandPlay:
    state: GameState
    actions: int


def play_hand(
    state: GameState,
    bots: Sequence[Bot],
    after_action: Callable[[GameState, Action, Transition], None] | None = None,
) -> HandPlay:
    """Play a dealt hand to its end; `after_action` sees every step (for invariant checks)."""
    memories = [CardMemory(state.rules.players) for _ in bots]
    for seat, memory in enumerate(memories):
        memory.observe(state.seen[seat])
    actions = 0
    while state.phase is not Phase.OVER:
        if actions >= MAX_ACTIONS_PER_HAND:
            raise RuntimeError(f"the hand did not end within {MAX_ACTIONS_PER_HAND} actions")
        seat = state.current
        action = decide(bots[seat], view_for(state, seat), memories[seat])
        transition = apply(state, action)
        for other, memory in enumerate(memories):
            memory.observe(transition.events_for(other))
        if after_action is not None:
            after_action(state, action, transition)
        state = transition.state
        actions += 1
    return HandPlay(state, actions)


def play_game(
    rules: Rules, bots: Sequence[Bot], rng: random.Random, on_hand: Callable[[Match], None] | None = None
) -> Match:
    """A whole game to the target score."""
    match = new_match(rules, rng)
    while not match.over:
        played = play_hand(start_hand(match, rng), bots)
        match = finish_hand(match, played.state)
        if on_hand is not None:
            on_hand(match)
    return match
