"""`canasta tune`: tune the heuristic player's weights by self-play (cross-entropy method, numpy).

Each generation samples weight vectors around the current mean and plays every candidate against a fixed
opponent level on the same fresh duplicate deals (common random numbers: candidates are compared on equal
luck, and every deal is played twice with the sides swapped). The best few (the elite) are carried into the
next generation and played again on its fresh deals, so a candidate that was only lucky once drops out, and
the mean moves part of the way toward the elite. At the end the finalists (the mean and the last elite) play
a validation set of deals, and the best of them plays a large held-out set (other seeds) against the
opponent: the weights are written only if that check beats the opponent with the 95% interval above zero.
The JSON says how the weights were obtained, for `canasta.ai.levels` to load as the Hard level's weights.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import math
import random
import statistics
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from canasta.ai.base import Bot
from canasta.ai.heuristic import HeuristicBot, Weights
from canasta.ai.levels import make_bot, normal_weights
from canasta.app.autoplay import play_hand
from canasta.app.interrupt import process_pool
from canasta.app.sim import seats_of_a
from canasta.engine import new_hand
from canasta.engine.rules import Rules
from canasta.engine.scoring import score_hand
from canasta.storage.files import read_file_bytes

LOG = logging.getLogger(__name__)
TUNED = tuple(field.name for field in dataclasses.fields(Weights) if field.name != "noise")
VALIDATION_SEED = 500  # offsets from `seed * 1000`: generations use 0.., validation 500
HOLDOUT_SEED = 900_000  # the held-out deals use `HOLDOUT_SEED + seed`, far from every training seed
SMOOTHING = 0.7  # how far the mean moves toward the elite each generation (the rest stays: less noise chasing)
MIN_SPREAD = 0.03  # smallest sampling spread, relative to max(|weight|, 0.5), so the search never freezes
START_SPREAD = 0.3  # first sampling spread, relative to max(|weight|, 0.5)

OPTIONS = (  # `canasta tune` options beyond the first seven fields of `TuneConfig`
    ("--elite", "elite"),
    ("--validation-deals", "validation_deals"),
    ("--holdout-deals", "holdout_deals"),
    ("--spread", "spread"),
    ("--start", "start"),
)
SEARCH = (
    "cross-entropy method over duplicate deals (common random numbers, fresh deals every generation, "
    "elite re-played each generation, finalists validated, best checked on held-out deals)"
)
NO_SEARCH = "the start weights as they are (no generations), checked on held-out deals"  # `--generations 0`
BotMaker = Callable[[random.Random], Bot]  # a computer player drawing its own stream from the one given
Task = tuple[tuple[float, ...], str, int, int, int]  # weights, opponent, players, deals, seed


def weights_from(vector: np.ndarray) -> Weights:
    """The weights of a vector over `TUNED` (negative values count as zero)."""
    values = {name: float(max(0.0, value)) for name, value in zip(TUNED, vector, strict=True)}
    return Weights(**values)


def vector_of(weights: Weights) -> np.ndarray:
    return np.array([getattr(weights, name) for name in TUNED], dtype=float)


def deal_diffs(args: Task) -> list[float]:
    """Per duplicate deal: the weights' side's points minus the opponent's, averaged over the two seatings.

    The shuffles, dealers and seatings are those of `canasta sim` with the same seed."""
    values, opponent, players, deals, seed = args
    weights = weights_from(np.array(values))
    rules = Rules.for_players(players)
    return [_deal_diff(rules, weights, opponent, seed, index) for index in range(deals)]


def _deal_diff(rules: Rules, weights: Weights, opponent: str, seed: int, index: int) -> float:
    return duplicate_deal_diff(
        rules,
        lambda rng: HeuristicBot(weights, random.Random(rng.getrandbits(64))),
        lambda rng: make_bot(opponent, rng, rules.players),
        seed,
        index,
    )


def duplicate_deal_diff(rules: Rules, make_a: BotMaker, make_b: BotMaker, seed: int, index: int) -> float:
    """Deal `index` of `seed` played twice, the sides swapped: the points of side A's players (from `make_a`)
    minus side B's (from `make_b`), averaged over the two seatings; the makers draw from the deal's stream."""
    diffs: list[float] = []
    for swapped in (False, True):
        shuffle = random.Random(seed * 1_000_003 + index)
        state = new_hand(rules, (0,) * len(rules.shape.sides), index % rules.players, shuffle)
        a_seats = seats_of_a(rules, swapped)
        bot_rng = random.Random(seed + index)
        bots = [make_a(bot_rng) if seat in a_seats else make_b(bot_rng) for seat in range(rules.players)]
        totals = [side.total for side in score_hand(play_hand(state, bots).state)]
        a_sides = {rules.seat_side[seat] for seat in a_seats}
        mine = statistics.fmean(t for i, t in enumerate(totals) if i in a_sides)
        theirs = statistics.fmean(t for i, t in enumerate(totals) if i not in a_sides)
        diffs.append(mine - theirs)
    return statistics.fmean(diffs)


def evaluate(args: Task) -> float:
    """Mean points per deal of the weights against `opponent` over `deals` duplicate deals from `seed`."""
    return statistics.fmean(deal_diffs(args))


def interval(diffs: Sequence[float]) -> dict[str, float | int]:
    """Mean per deal with its 95% interval (normal approximation over the duplicate deals)."""
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else math.inf
    return {"deals": len(diffs), "points_per_deal_diff": round(mean, 1), "ci95_low": round(mean - half, 1),
            "ci95_high": round(mean + half, 1)}  # fmt: skip


@dataclass(frozen=True, slots=True)
class TuneConfig:
    """The search: the first seven fields are the `canasta tune` options, in the command's order."""

    opponent: str = "normal"
    players: int = 4
    generations: int = 12
    population: int = 14
    deals: int = 150  # duplicate deals per candidate per generation
    seed: int = 1
    jobs: int = 1
    elite: int = 3  # best candidates kept (and played again on fresh deals) each generation
    validation_deals: int = 400  # per finalist
    holdout_deals: int = 2000  # the final check against the opponent
    spread: float = START_SPREAD  # first sampling spread, relative to max(|weight|, 0.5)
    start: str = ""  # a weights JSON (`canasta tune` output) to start from; empty: Normal's weights


def start_weights(config: TuneConfig) -> Weights:
    """The weights the search starts from: Normal's for the player count, or those of the `start` file."""
    if not config.start:
        return normal_weights(config.players)
    data = start_document(config.start)
    return Weights(**{name: float(value) for name, value in data["weights"].items()})


def start_document(start: str) -> Any:
    """The JSON of the `--start` weights file, read as the game reads its own files: only a regular file, and
    at most `MAX_FILE_BYTES` (a pipe or `/dev/zero` is refused at once). :raises OSError, ValueError:"""
    return json.loads(read_file_bytes(Path(start)).decode("utf-8"))


@dataclass(slots=True)
class _Search:
    """The state of the cross-entropy search between generations."""

    mean: np.ndarray
    spread: np.ndarray
    elite: list[np.ndarray]


Mapper = Callable[[Callable[[Any], Any], list[Any]], list[Any]]  # map a function over tasks (in workers)


@contextmanager
def mapper(jobs: int) -> Iterator[Mapper]:
    """Map over worker processes, or in this process with one job (no pool to start)."""
    if jobs <= 1:
        yield lambda function, tasks: [function(task) for task in tasks]
        return
    with process_pool(jobs) as pool:
        yield lambda function, tasks: list(pool.map(function, tasks))


def _task(vector: np.ndarray, config: TuneConfig, deals: int, seed: int) -> Task:
    return tuple(float(x) for x in vector), config.opponent, config.players, deals, seed


def _scale(vector: np.ndarray) -> np.ndarray:
    scale: np.ndarray = np.maximum(np.abs(vector), 0.5)
    return scale


def _candidates(search: _Search, population: int, rng: np.random.Generator) -> list[np.ndarray]:
    """The mean, the elite carried over, and fresh samples around the mean (never negative)."""
    kept = [search.mean, *search.elite][:population]
    fresh = [np.maximum(0.0, search.mean + search.spread * rng.standard_normal(search.mean.shape))
             for _ in range(population - len(kept))]  # fmt: skip
    return [*kept, *fresh]


def _step(search: _Search, candidates: list[np.ndarray], scores: list[float], elite: int) -> _Search:
    """Keep the best `elite`; move the mean part of the way toward them; the spread becomes theirs."""
    order = np.argsort(scores)[::-1][: max(2, elite)]
    best = np.array([candidates[i] for i in order])
    mean = (1 - SMOOTHING) * search.mean + SMOOTHING * best.mean(axis=0)
    spread = np.maximum(best.std(axis=0), MIN_SPREAD * _scale(mean))
    return _Search(mean, spread, [candidates[i] for i in order[:elite]])


def _generations(config: TuneConfig, run: Mapper, report: Callable[[str], None]) -> tuple[_Search, list[Any]]:
    rng = np.random.default_rng(config.seed)
    start = vector_of(start_weights(config))
    search = _Search(start, config.spread * _scale(start), [])
    history: list[dict[str, Any]] = []
    for generation in range(config.generations):
        candidates = _candidates(search, config.population, rng)
        seed = config.seed * 1000 + generation
        scores = run(evaluate, [_task(c, config, config.deals, seed) for c in candidates])
        elite_scores = scores[1 : 1 + len(search.elite)]
        search = _step(search, candidates, scores, config.elite)
        history.append({"generation": generation, "mean_score": round(scores[0], 1),
                        "elite_rescored": [round(s, 1) for s in elite_scores],
                        "best_score": round(max(scores), 1)})  # fmt: skip
        report(
            f"generation {generation}: mean {scores[0]:+.1f}, carried elite "
            f"{', '.join(f'{s:+.1f}' for s in elite_scores) or '-'}, best {max(scores):+.1f} points per deal"
        )
    return search, history


def _validate(config: TuneConfig, search: _Search, run: Mapper, report: Callable[[str], None]) -> np.ndarray:
    """The finalist (the mean or one of the elite) that does best on a fresh validation set of deals."""
    finalists = [search.mean, *search.elite]
    seed = config.seed * 1000 + VALIDATION_SEED
    scores = run(evaluate, [_task(f, config, config.validation_deals, seed) for f in finalists])
    report(f"validation over {config.validation_deals} deals: {', '.join(f'{s:+.1f}' for s in scores)}")
    return finalists[int(np.argmax(scores))]


def holdout(config: TuneConfig, vector: np.ndarray, run: Mapper | None = None) -> dict[str, Any]:
    """The weights against the opponent on the held-out deals, with the 95% interval and the verdict."""
    task = _task(vector, config, config.holdout_deals, HOLDOUT_SEED + config.seed)
    diffs = (run or (lambda function, tasks: [function(t) for t in tasks]))(deal_diffs, [task])[0]
    figures: dict[str, Any] = {"seed": HOLDOUT_SEED + config.seed, **interval(diffs)}
    figures["beats_opponent"] = len(diffs) > 1 and figures["ci95_low"] > 0
    return figures


def tune(config: TuneConfig, report: Callable[[str], None] = print) -> dict[str, Any]:
    """Run the cross-entropy method and the held-out check; returns the weights and how they were found."""
    with mapper(config.jobs) as run:
        search, history = _generations(config, run, report)
        best = _validate(config, search, run, report)
        check = holdout(config, best, run)
    report(
        f"held-out check over {check['deals']} deals: {check['points_per_deal_diff']:+.1f} points per deal "
        f"(95% interval {check['ci95_low']:+.1f} to {check['ci95_high']:+.1f}) against {config.opponent}"
    )
    tuned = weights_from(best)
    return {
        "weights": {name: round(getattr(tuned, name), 3) for name in TUNED},
        "how": _provenance(config, check),
        "history": history,
    }


def _provenance(config: TuneConfig, check: dict[str, Any]) -> dict[str, Any]:
    return {
        "method": NO_SEARCH if config.generations == 0 else SEARCH,
        "opponent": config.opponent,
        "players": config.players,
        "generations": config.generations,
        "population": config.population,
        "deals_per_candidate": config.deals,
        "elite": config.elite,
        "validation_deals": config.validation_deals,
        "spread": config.spread,
        "start": _start_record(config),
        "seed": config.seed,
        "command": _command(config),
        "holdout": check,
    }


def _start_record(config: TuneConfig) -> Any:
    """Where the search started, by value (the start file may be overwritten by the result): "normal", or the
    starting weights with the record of how they were obtained."""
    if not config.start:
        return "normal"
    data = start_document(config.start)
    weights = start_weights(config)
    return {"weights": {name: round(getattr(weights, name), 3) for name in TUNED}, "how": data.get("how")}


def _command(config: TuneConfig) -> str:
    """The `canasta tune` command that repeats the search (options left at their defaults are left out)."""
    command = (
        f"python -m canasta tune --opponent {config.opponent} --players {config.players} "
        f"--generations {config.generations} --population {config.population} --deals {config.deals} "
        f"--seed {config.seed} --jobs {config.jobs}"
    )
    defaults = TuneConfig()
    for option, name in OPTIONS:
        if getattr(config, name) != getattr(defaults, name):
            command += f" {option} {getattr(config, name)}"
    return command


def write(result: dict[str, Any], path: Path) -> bool:
    """Write the result as JSON, only if its held-out check beat the opponent; says whether it wrote."""
    return write_checked(result, path, "beats_opponent", "the tuned weights did not beat the opponent")


def write_checked(result: dict[str, Any], path: Path, verdict: str, refusal: str) -> bool:
    """Write `result` as JSON only if its held-out check says `verdict` (else log `refusal`); says whether it
    wrote."""
    if not result.get("how", {}).get("holdout", {}).get(verdict, False):
        LOG.warning("not writing %s: %s on the held-out deals", path, refusal)
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    return True
