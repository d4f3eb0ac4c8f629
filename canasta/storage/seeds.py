"""Random streams derived from a game's seed, one per use, so that no use changes another.

The cut for the first dealer, each hand's deal and each computer player get their own generator: whatever a
computer player draws from its stream, the deals stay the same, and a game replays from its seed and its
actions alone. String seeds are hashed by `random` itself (SHA-512), the same on every run and system.
"""

from __future__ import annotations

import random


def cut_rng(seed: int) -> random.Random:
    """The stream for choosing the first dealer."""
    return random.Random(f"{seed}:cut")


def deal_rng(seed: int, hand: int) -> random.Random:
    """The stream that shuffles hand number `hand` (0 for the first hand of the game)."""
    return random.Random(f"{seed}:{hand}")


def bot_rng(seed: int, seat: int, resumed_at: int = 0) -> random.Random:
    """A computer player's stream; a game resumed after `resumed_at` actions gets fresh ones."""
    return random.Random(f"{seed}:bot:{seat}:{resumed_at}")
