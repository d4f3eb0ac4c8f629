"""The computer players by level name: random, greedy, beginner, normal, hard, expert."""

from __future__ import annotations

import json
import logging
import math
import random
from pathlib import Path

from canasta.ai.base import Bot
from canasta.ai.baseline import GreedyBot, RandomBot
from canasta.ai.beginner import BEGINNER, BeginnerBot
from canasta.ai.heuristic import HeuristicBot, Weights
from canasta.ai.learned import (
    DiscardModel,
    MeldModel,
    hard_player,
    load_discard_model,
    load_meld_model,
    read_discard_model,
    read_meld_model,
)
from canasta.ai.lookahead import Budget, ExpertBot

LOG = logging.getLogger(__name__)
# hard-N.json: tuned weights; discard-N.json: learned discards; meld-N.json: learned hold-or-meld
WEIGHTS = Path(__file__).with_name("weights")
# The files the game ships in WEIGHTS. Where one is missing or unusable the game still plays (the error is
# logged and Hard falls back to Normal's weights or its heuristic), but `canasta --smoke` fails naming it; a
# player count without a file of a kind (hard-3, discard-6, meld-6) plays without one by design.
SHIPPED_WEIGHTS = (
    "discard-2.json", "discard-3.json", "discard-4.json", "hard-2.json", "hard-4.json", "hard-6.json",
    "meld-2.json", "meld-3.json", "meld-4.json",
)  # fmt: skip
LEVELS = ("random", "greedy", "beginner", "normal", "hard", "expert")
# Normal's weights where a player count plays differently from four. Three players, each alone: a wild card
# spent on a pair (wild_reserve 1) is missed for taking the pile and finishing canastas, and piles of two
# cards pay. Against greedy (sim, 4000 duplicate deals): +29.6 -> +75.5 per deal on seed 41, +30.6 -> +65.7 on
# seed 11. Against greedy they lose at two players (+235.8 -> -106.2: the two-card piles) and at six (+80.7 ->
# +37.3); four players keep the defaults, which Hard's hard-4.json is measured against.
NORMAL_BY_PLAYERS = {3: Weights(take_min_pile=2.0, wild_reserve=3.0)}


def normal_weights(players: int) -> Weights:
    """Normal's weights for this player count."""
    return NORMAL_BY_PLAYERS.get(players, Weights())


def hard_weights(players: int, directory: Path | None = None) -> Weights:
    """The weights tuned by self-play for this player count (`canasta tune`), or Normal's where none are.

    A file that is missing though shipped, cannot be read, names a weight `Weights` does not have or holds a
    value that is not a finite number is logged as an error: Hard then plays with Normal's weights rather than
    fail.
    """
    path = weights_file(f"hard-{players}.json", directory)
    if not path.exists():
        return normal_weights(players)
    try:
        return read_hard_weights(path)
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
        LOG.error("Hard plays with Normal's weights: %s is unusable (%s)", path.name, error)
        return normal_weights(players)


def read_hard_weights(path: Path) -> Weights:
    """The tuned weights in `path`. :raises OSError, ValueError, KeyError, TypeError, AttributeError:"""
    data = json.loads(path.read_text(encoding="utf-8"))
    values = {key: float(value) for key, value in data["weights"].items()}
    if not all(math.isfinite(value) for value in values.values()):
        raise ValueError("a weight is not a finite number")
    return Weights(**values)


def hard_discard_model(players: int, directory: Path | None = None) -> DiscardModel | None:
    """Hard's learned discard model for this player count (`canasta learn`), or None where there is none."""
    return load_discard_model(weights_file(f"discard-{players}.json", directory))


def hard_meld_model(players: int, directory: Path | None = None) -> MeldModel | None:
    """Hard's learned hold-or-meld model for this player count (`canasta learn --decision meld`), or None."""
    return load_meld_model(weights_file(f"meld-{players}.json", directory))


def weights_file(name: str, directory: Path | None = None) -> Path:
    """The path of a weights file in `directory` (by default WEIGHTS); a shipped one that is missing is logged
    as an error, and its reader falls back as it does for any file that is not there."""
    path = (WEIGHTS if directory is None else directory) / name
    if name in SHIPPED_WEIGHTS and not path.exists():
        LOG.error("%s is missing from %s: the computer players fall back to other weights", name, path.parent)
    return path


def weights_problems(directory: Path | None = None) -> list[str]:
    """What is wrong with the shipped weights files, one entry per file ("meld-4.json is missing"); empty when
    every one is there and usable. For `canasta --smoke`, which must fail where the game quietly falls back."""
    folder = WEIGHTS if directory is None else directory
    readers = {"hard": read_hard_weights, "discard": read_discard_model, "meld": read_meld_model}
    problems: list[str] = []
    for name in SHIPPED_WEIGHTS:
        path = folder / name
        if not path.is_file():
            problems.append(f"{name} is missing")
            continue
        try:
            readers[name.partition("-")[0]](path)
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
            problems.append(f"{name} is unusable ({error})")
    return problems


def make_bot(level: str, rng: random.Random, players: int = 4, budget: Budget | None = None) -> Bot:
    """A computer player of the named level, with its own random stream drawn from `rng`.

    :raises ValueError: for an unknown level, naming the levels there are.
    """
    seed = rng.getrandbits(64)
    if level == "random":
        return RandomBot(random.Random(seed))
    if level == "greedy":
        return GreedyBot()
    if level == "beginner":
        return BeginnerBot(BEGINNER, random.Random(seed))
    if level == "normal":
        return HeuristicBot(normal_weights(players), random.Random(seed))
    if level == "hard":
        return hard_player(
            hard_weights(players), hard_discard_model(players), random.Random(seed), hard_meld_model(players)
        )
    if level == "expert":
        return ExpertBot(
            hard_weights(players), random.Random(seed), budget, hard_discard_model(players), hard_meld_model(players)
        )
    raise ValueError(f"unknown level {level!r}; the levels are {', '.join(LEVELS)}")
