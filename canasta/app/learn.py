"""`canasta learn`: fit Hard's discard model (`canasta.ai.learned`) from played-out results (numpy).

Hard plays hands against itself. At a share of its discards, the heuristic's best candidates are each played
forward to the end of the hand by Hard on every seat, from the true position (this is training; the model
itself sees only features of the view), on several futures: each continuation draws from the stock shuffled
anew, and every candidate meets the same futures, so they are compared on equal luck. The values, centred
within each decision, are fitted to the features (centred the same way) by ridge regression. The model is
written only if Hard with it beats Hard without it on held-out duplicate deals with the 95% interval above
zero.

The studied discards can be kept in a file (`--data`): a later run with the same study options reads them
instead of playing them again, so the ridge and the margin can be tried at no cost. Everything is seeded, so
the command without `--data` gives the same model.
"""

from __future__ import annotations

import dataclasses
import json
import math
import random
import statistics
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from canasta.ai.base import Bot, CardMemory
from canasta.ai.heuristic import HeuristicBot, Weights
from canasta.ai.knowledge import stock_bottom
from canasta.ai.learned import (
    CANDIDATES,
    FEATURES,
    MARGIN,
    MELD_FEATURES,
    DiscardModel,
    MeldModel,
    discard_candidates,
    discard_features,
    hard_player,
    may_hold,
    meld_features,
)
from canasta.ai.levels import hard_discard_model, hard_weights
from canasta.ai.lookahead import Line, hand_worth, play_out
from canasta.ai.seat import seats_for
from canasta.app.tune import HOLDOUT_SEED, Mapper, duplicate_deal_diff, interval, mapper, write_checked
from canasta.engine import new_hand, view_for
from canasta.engine.actions import Discard, Meld
from canasta.engine.play import HandOptions, play_hand
from canasta.engine.playerview import PlayerView
from canasta.engine.rules import Rules
from canasta.engine.state import GameState

PROGRESS_STEPS = 10  # the study reports how far it is at each tenth of its hands
Decision = tuple[list[tuple[float, ...]], list[float]]  # the candidates' features and their played-out values


@dataclass(frozen=True, slots=True)
class LearnConfig:
    """The `canasta learn` options."""

    players: int = 4
    hands: int = 1000  # self-play hands the discards are studied in
    rollouts: int = 4  # continuations each candidate is played on
    share: float = 0.35  # the share of Hard's discards studied
    ridge: float = 1000.0  # the ridge penalty (the played-out values are noisy)
    seed: int = 1
    jobs: int = 1
    holdout_deals: int = 2000  # duplicate deals of the final check against Hard without the model
    margin: float = MARGIN  # the model picks among candidates this close to the heuristic's cheapest
    data: str | None = None  # keep the studied decisions in this file (.npz), or read them from it
    decision: str = "discard"  # the decision studied: Hard's discard, or whether to hold a meld step back


STUDY = ("decision", "players", "hands", "rollouts", "share", "seed")  # the options that decide the study


class DataError(ValueError):
    """A file of studied discards that cannot be read, or that was made with other study options."""


def decisions_of_hand(args: tuple[LearnConfig, int]) -> list[Decision]:
    """The studied discards of self-play hand `index`: each candidate's features and played-out value."""
    config, index = args
    rules = Rules.for_players(config.players)
    weights = hard_weights(config.players)
    rng = random.Random(config.seed * 1_000_003 + index)
    state = new_hand(rules, (0,) * len(rules.shape.sides), index % rules.players, rng)
    bots = [HeuristicBot(weights, random.Random(rng.getrandbits(64))) for _ in range(rules.players)]
    study = _Study(config, weights, rng)
    seats = seats_for(bots, state.seen, study.think)
    play_hand(state, seats, HandOptions(view_of=study.shown))
    return study.found


class _Study:
    """Hard on every seat, some of whose decisions are studied as they are made: each candidate played out from
    the whole state (the study's privilege, not the players'), and kept with its features."""

    def __init__(self, config: LearnConfig, weights: Weights, rng: random.Random) -> None:
        self.config, self.weights, self.rng = config, weights, rng
        self.found: list[Decision] = []
        self.state: GameState | None = None  # the whole state of the decision in hand

    def shown(self, state: GameState, seat: int) -> PlayerView:
        """The seat's view, as any player gets it; the study keeps the whole state beside it."""
        self.state = state
        return view_for(state, seat)

    def think(self, bot: Bot, view: PlayerView, memory: CardMemory) -> object:
        assert isinstance(bot, HeuristicBot) and self.state is not None
        action = bot.choose(view, memory)
        config, rng, weights, state = self.config, self.rng, self.weights, self.state
        if config.decision == "discard" and isinstance(action, Discard) and rng.random() < config.share:
            cards = discard_candidates(bot, view, memory, CANDIDATES)
            if len(cards) > 1:
                seeds = [rng.getrandbits(32) for _ in range(config.rollouts)]
                values = _played_out(state, view, [Line(Discard(card)) for card in cards], weights, seeds)
                features = [discard_features(view, memory, card, weights) for card in cards]
                self.found.append((features, values))
        elif (
            config.decision == "meld"
            and isinstance(action, Meld)
            and may_hold(view, action)
            and rng.random() < config.share
        ):
            seeds = [rng.getrandbits(32) for _ in range(config.rollouts)]
            hold = bot.discard(view, memory)
            values = _played_out(state, view, [Line(action), Line(hold)], weights, seeds)
            melding = (0.0,) * len(MELD_FEATURES)  # the model values holding over melding
            self.found.append(([melding, meld_features(view, action, weights)], values))
        return action


def _played_out(
    state: GameState, view: PlayerView, lines: list[Line], weights: Weights, seeds: list[int]
) -> list[float]:
    """Each line's mean worth for the mover, played to the end of the hand on the same futures (one per seed)."""
    futures = [(with_stock_shuffled(state, view, seed), seed) for seed in seeds]
    return [
        statistics.fmean(
            hand_worth(end, view.seat)
            for end in (play_out(world, line, weights, seed) for world, seed in futures)
            if end is not None
        )
        for line in lines
    ]


def with_stock_shuffled(state: GameState, view: PlayerView, seed: int) -> GameState:
    """`state` with its stock shuffled by `seed`, the cards known to lie at its bottom left there: Hard plays
    the same way whatever its random stream, so continuations from one stock would all be the same one."""
    bottom = len(stock_bottom(view))
    top = list(state.stock[: len(state.stock) - bottom])
    random.Random(seed).shuffle(top)
    return dataclasses.replace(state, stock=(*top, *state.stock[len(top) :]))


def fit(decisions: list[Decision], ridge: float) -> np.ndarray:
    """The coefficients that best predict each candidate's value relative to the other candidates of its
    decision (ridge regression on the within-decision centred features and values)."""
    rows: list[np.ndarray] = []
    targets: list[np.ndarray] = []
    for features, values in decisions:
        matrix = np.array(features, dtype=float)
        rows.append(matrix - matrix.mean(axis=0))
        target = np.array(values, dtype=float)
        targets.append(target - target.mean())
    x = np.vstack(rows)
    y = np.concatenate(targets)
    coefficients: np.ndarray = np.linalg.solve(x.T @ x + ridge * np.eye(x.shape[1]), x.T @ y)
    return coefficients


def holdout_diffs(args: tuple[LearnConfig, tuple[float, ...], range]) -> list[float]:
    """Hard with the model against Hard without it on held-out duplicate deals: for the discard, the heuristic
    with the new discard model against the heuristic; for hold-or-meld, Hard (with its committed discard model)
    with the new meld model against the same Hard without it."""
    config, coefficients, indices = args
    weights = hard_weights(config.players)
    rules = Rules.for_players(config.players)
    if config.decision == "meld":
        discard, meld = hard_discard_model(config.players), MeldModel(coefficients)
        without = discard  # the same Hard, only without the meld model
    else:
        discard, meld, without = DiscardModel(coefficients, CANDIDATES, config.margin), None, None

    def learned(rng: random.Random) -> Bot:
        return hard_player(weights, discard, random.Random(rng.getrandbits(64)), meld)

    def plain(rng: random.Random) -> Bot:
        return hard_player(weights, without, random.Random(rng.getrandbits(64)))

    seed = HOLDOUT_SEED + config.seed
    return [duplicate_deal_diff(rules, learned, plain, seed, index) for index in indices]


def features_of(config: LearnConfig) -> tuple[str, ...]:
    """The names of the studied decision's features."""
    return MELD_FEATURES if config.decision == "meld" else FEATURES


def _studied(config: LearnConfig) -> str:
    return "meld steps" if config.decision == "meld" else "discards"


def learn(config: LearnConfig, report: Callable[[str], None] = print) -> dict[str, Any]:
    """Study the decisions, fit the model and check it held out; returns it and how it was obtained."""
    with mapper(config.jobs) as run:
        path = None if config.data is None else Path(config.data)
        if path is not None and path.exists():
            decisions = load_decisions(path, config)
            report(f"{len(decisions)} {_studied(config)} studied in {config.hands} hands, read from {path.name}")
        else:
            decisions = study(config, run, report)
            report(f"{len(decisions)} {_studied(config)} studied in {config.hands} hands")
            if path is not None:
                save_decisions(decisions, path, config)
        coefficients = fit(decisions, config.ridge)
        check = _check(config, tuple(float(c) for c in coefficients), run)
    report(
        f"held-out check over {check['deals']} deals: {check['points_per_deal_diff']:+.1f} points per deal "
        f"(95% interval {check['ci95_low']:+.1f} to {check['ci95_high']:+.1f}) against Hard without the model"
    )
    named = zip(features_of(config), coefficients, strict=True)
    result: dict[str, Any] = {"coefficients": {name: round(float(value), 4) for name, value in named}}
    if config.decision == "discard":
        result |= {"candidates": CANDIDATES, "margin": config.margin}
    what = "hold-minus-meld values of meld steps" if config.decision == "meld" else "discard values"
    result["how"] = {
        "method": f"ridge regression of played-out {what} on view features (Hard self-play)",
        "players": config.players,
        "hands": config.hands,
        "rollouts": config.rollouts,
        "share": config.share,
        "ridge": config.ridge,
        "seed": config.seed,
        "decisions": len(decisions),
        "command": _command(config),
        "holdout": check,
    }
    return result


def study(config: LearnConfig, run: Mapper, report: Callable[[str], None]) -> list[Decision]:
    """The studied discards of every self-play hand, in the order of the hands; `report` hears how many hands
    are studied at each tenth of them (a study of 6,000 hands takes about half an hour with two workers)."""
    decisions: list[Decision] = []
    step = max(1, math.ceil(config.hands / PROGRESS_STEPS))
    for start in range(0, config.hands, step):
        batch = range(start, min(config.hands, start + step))
        hands = run(decisions_of_hand, [(config, index) for index in batch])
        decisions.extend(decision for hand in hands for decision in hand)
        report(f"{batch.stop} of {config.hands} hands studied ({len(decisions)} {_studied(config)})")
    return decisions


def _check(config: LearnConfig, coefficients: tuple[float, ...], run: Mapper) -> dict[str, Any]:
    chunks = [range(start, min(config.holdout_deals, start + 50)) for start in range(0, config.holdout_deals, 50)]
    diffs = [d for part in run(holdout_diffs, [(config, coefficients, chunk) for chunk in chunks]) for d in part]
    figures: dict[str, Any] = {"seed": HOLDOUT_SEED + config.seed, "opponent": "hard without the model"}
    figures.update(interval(diffs))
    figures["beats_hard"] = len(diffs) > 1 and figures["ci95_low"] > 0
    return figures


def _command(config: LearnConfig) -> str:
    return (
        f"python -m canasta learn --players {config.players} --hands {config.hands} --rollouts {config.rollouts} "
        f"--share {config.share} --ridge {config.ridge} --seed {config.seed} --jobs {config.jobs} "
        f"--holdout-deals {config.holdout_deals}"
        + (" --decision meld" if config.decision == "meld" else f" --margin {config.margin}")
    )


def save_decisions(decisions: list[Decision], path: Path, config: LearnConfig) -> None:
    """Keep the studied discards in `path` (numpy's .npz), with the study options and feature names."""
    rows = [row for features, _ in decisions for row in features]
    study = {name: getattr(config, name) for name in STUDY} | {"features": list(features_of(config))}
    with path.open("wb") as file:
        np.savez_compressed(
            file,
            features=np.array(rows, dtype=float).reshape(len(rows), len(features_of(config))),
            values=np.array([value for _, values in decisions for value in values], dtype=float),
            decision=np.repeat(np.arange(len(decisions)), [len(values) for _, values in decisions]),
            study=np.array(json.dumps(study)),
        )


def load_decisions(path: Path, config: LearnConfig) -> list[Decision]:
    """The studied discards kept in `path`.

    :raises DataError: when the file cannot be read or was made with other study options or features.
    """
    try:
        with np.load(path, allow_pickle=False) as data:
            study = json.loads(str(data["study"]))
            features, values, decision = data["features"], data["values"], data["decision"]
    except (OSError, ValueError, KeyError, EOFError) as error:
        raise DataError(f"{path.name} does not hold studied discards ({error})") from error
    wanted = {name: getattr(config, name) for name in STUDY} | {"features": list(features_of(config))}
    if study != wanted:
        differ = ", ".join(sorted(name for name in wanted if study.get(name) != wanted[name]))
        raise DataError(f"{path.name} was made with other {differ}: leave --data out or name another file")
    if not (len(features) == len(values) == len(decision)) or features.shape[1:] != (len(features_of(config)),):
        raise DataError(f"{path.name} is damaged: its arrays do not match")
    order = np.argsort(decision, kind="stable")
    groups = np.split(order, np.flatnonzero(np.diff(decision[order])) + 1) if len(order) else []
    return [([tuple(row) for row in features[group].tolist()], values[group].tolist()) for group in groups]


def write(result: dict[str, Any], path: Path) -> bool:
    """Write the model as JSON, only if it beat Hard without it held out; says whether it wrote."""
    return write_checked(result, path, "beats_hard", "the model did not beat Hard without it")
