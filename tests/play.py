"""Shared test helpers: positions reached by real play, and hidden cards dealt anew."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

from canasta.ai.base import CardMemory
from canasta.ai.levels import make_bot
from canasta.ai.lookahead import Budget
from canasta.ai.seat import BotSeat
from canasta.app.soak import random_rules
from canasta.engine import new_hand, view_for
from canasta.engine.cards import Card
from canasta.engine.play import HandOptions, play_hand
from canasta.engine.playerview import Phase, PlayerView
from canasta.engine.rules import Variant
from canasta.engine.state import GameState

QUICK = Budget(samples=2, seconds=None)  # the Expert's look-ahead, kept small and free of the clock in tests


def played_states(
    seed: int, levels: tuple[str, ...] = ("random", "greedy"), variant: Variant = Variant.CLASSIC
) -> Iterator[GameState]:
    """Every state of one hand of `variant` with random rules and a random mix of the given players."""
    rng = random.Random(seed)
    rules = random_rules(rng, variant)
    entries = 3 if rules.players == 3 else len(rules.shape.sides)
    scores = tuple(rng.choice((-200, 0, 1600, 3100, 7600)) for _ in range(entries))
    state = new_hand(rules, scores, rng.randrange(rules.players), rng)
    bots = [make_bot(rng.choice(levels), rng, rules.players, QUICK) for _ in range(rules.players)]
    states = [state]
    seats = [BotSeat(bot, CardMemory(rules.players)) for bot in bots]  # their memories start blank, as ever here
    play_hand(state, seats, HandOptions(on_step=lambda _before, _action, step: states.append(step.state)))
    yield from states


def reshuffle_unseen(state: GameState, seat: int, rng: random.Random) -> GameState:
    """The same position with the cards `seat` cannot see (other hands, the feet of Hand and Foot, its own
    included, and the stock) dealt anew."""
    others = [other for other in range(state.rules.players) if other != seat]
    pool = [card for other in others for card in state.hands[other]] + list(state.stock)
    pool += [card for foot in state.feet if foot is not None for card in foot]
    rng.shuffle(pool)
    hands = list(state.hands)
    for other in others:
        size = len(state.hands[other])
        hands[other], pool = tuple(pool[:size]), pool[size:]
    feet: list[tuple[Card, ...] | None] = []
    for foot in state.feet:
        feet.append(None if foot is None else tuple(pool[: len(foot)]))
        pool = pool[len(foot) :] if foot is not None else pool
    return replace(state, hands=tuple(hands), feet=tuple(feet), stock=tuple(pool))


def play_views_reshuffled(seeds: range) -> Iterator[tuple[PlayerView, PlayerView]]:
    """Each play-phase view of Normal's played hands, beside the same seat's view with the cards it cannot
    see dealt anew: what a player decides must be the same on both."""
    for seed in seeds:
        for state in played_states(seed, ("normal",)):
            if state.phase is Phase.PLAY:
                seat = state.current
                yield view_for(state, seat), view_for(reshuffle_unseen(state, seat, random.Random(seed)), seat)
