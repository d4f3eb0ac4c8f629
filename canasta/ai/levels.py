"""The computer players by level name (DESIGN.md §7): random, greedy, beginner, normal, hard, expert."""

from __future__ import annotations

import random

from canasta.ai.base import Bot
from canasta.ai.baseline import GreedyBot, RandomBot
from canasta.ai.heuristic import HeuristicBot, Weights

LEVELS = ("random", "greedy", "beginner", "normal")
BEGINNER = Weights(pile_danger=1.0, keep_pair=6.0, black_three=10.0, complete_with_wilds_from=3.0, noise=12.0)


def make_bot(level: str, rng: random.Random) -> Bot:
    """A computer player of the named level, with its own random stream drawn from `rng`.

    :raises ValueError: for an unknown level, naming the levels there are.
    """
    seed = rng.getrandbits(64)
    if level == "random":
        return RandomBot(random.Random(seed))
    if level == "greedy":
        return GreedyBot()
    if level == "beginner":
        return HeuristicBot(BEGINNER, random.Random(seed))
    if level == "normal":
        return HeuristicBot(Weights(), random.Random(seed))
    raise ValueError(f"unknown level {level!r}; the levels are {', '.join(LEVELS)}")
