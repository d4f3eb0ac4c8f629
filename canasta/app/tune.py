"""`canasta tune`: tune the heuristic player's weights by self-play (cross-entropy method, numpy).

Each generation samples weight vectors around the current mean, plays every candidate against a fixed
opponent level on the same duplicate deals (common random numbers, so candidates are compared on equal
luck), and moves the mean toward the best quarter. The result is written as JSON with how it was obtained,
for `canasta.ai` to load as the Hard level's weights.
"""

from __future__ import annotations

import dataclasses
import json
import random
import statistics
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from canasta.ai.heuristic import HeuristicBot, Weights
from canasta.ai.levels import make_bot
from canasta.app.autoplay import play_hand
from canasta.app.sim import seats_of_a
from canasta.engine import new_hand
from canasta.rules import Rules
from canasta.scoring import score_hand

TUNED = tuple(field.name for field in dataclasses.fields(Weights) if field.name != "noise")


def weights_from(vector: np.ndarray) -> Weights:
    values = {name: float(max(0.0, value)) for name, value in zip(TUNED, vector, strict=True)}
    return Weights(**values)


def vector_of(weights: Weights) -> np.ndarray:
    return np.array([getattr(weights, name) for name in TUNED], dtype=float)


def evaluate(args: tuple[tuple[float, ...], str, int, int, int]) -> float:
    """Mean points per deal of the weights against `opponent` over `deals` duplicate deals from `seed`."""
    values, opponent, players, deals, seed = args
    weights = weights_from(np.array(values))
    rules = Rules.for_players(players)
    total = 0.0
    for index in range(deals):
        for swapped in (False, True):
            shuffle = random.Random(seed * 1_000_003 + index)
            state = new_hand(rules, (0,) * len(rules.shape.sides), index % rules.players, shuffle)
            a_seats = seats_of_a(rules, swapped)
            bot_rng = random.Random(seed + index)
            bots = [
                HeuristicBot(weights, random.Random(bot_rng.random()))
                if seat in a_seats
                else make_bot(opponent, bot_rng, players)
                for seat in range(rules.players)
            ]
            totals = [side.total for side in score_hand(play_hand(state, bots).state)]
            a_sides = {rules.seat_side[seat] for seat in a_seats}
            mine = statistics.fmean(t for i, t in enumerate(totals) if i in a_sides)
            theirs = statistics.fmean(t for i, t in enumerate(totals) if i not in a_sides)
            total += mine - theirs
    return total / (2 * deals)


@dataclass(frozen=True, slots=True)
class TuneConfig:
    opponent: str = "normal"
    players: int = 4
    generations: int = 15
    population: int = 8
    deals: int = 60
    seed: int = 1
    jobs: int = 1


def tune(config: TuneConfig, report: Callable[[str], None] = print) -> dict[str, Any]:
    """Run the cross-entropy method; returns the tuned weights and the record of how they were found."""
    opponent, players, generations = config.opponent, config.players, config.generations
    population, deals, seed, jobs = config.population, config.deals, config.seed, config.jobs
    rng = np.random.default_rng(seed)
    mean = vector_of(Weights())
    spread = np.maximum(np.abs(mean) * 0.35, 0.5)
    history: list[dict[str, Any]] = []
    with ProcessPoolExecutor(max_workers=max(1, jobs)) as pool:
        for generation in range(generations):
            candidates = [mean, *(mean + spread * rng.standard_normal(mean.shape) for _ in range(population - 1))]
            round_seed = seed * 1000 + generation
            tasks = [(tuple(float(x) for x in c), opponent, players, deals, round_seed) for c in candidates]
            scores = list(pool.map(evaluate, tasks))
            order = np.argsort(scores)[::-1]
            elite = np.array([candidates[i] for i in order[: max(2, population // 4)]])
            mean = elite.mean(axis=0)
            spread = np.maximum(elite.std(axis=0), 0.05 * np.maximum(np.abs(mean), 1.0))
            history.append({"generation": generation, "mean_score": scores[0], "best_score": max(scores)})
            report(f"generation {generation}: current {scores[0]:+.1f}, best {max(scores):+.1f} points per deal")
    tuned = weights_from(mean)
    return {
        "weights": {name: round(getattr(tuned, name), 3) for name in TUNED},
        "how": {
            "method": "cross-entropy method over duplicate deals (common random numbers)",
            "opponent": opponent,
            "players": players,
            "generations": generations,
            "population": population,
            "deals_per_candidate": deals,
            "seed": seed,
            "command": (
                f"python -m canasta tune --opponent {opponent} --players {players} --generations {generations} "
                f"--population {population} --deals {deals} --seed {seed}"
            ),
        },
        "history": history,
    }


def write(result: dict[str, Any], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
