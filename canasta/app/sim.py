"""`canasta sim`: side A against side B on duplicate deals (DESIGN.md §4, §7).

Every deal is played twice with the same shuffle and the same dealer: once with A in the first seats and once
with the sides swapped, so the luck of the cards cancels. The dealer moves round from deal to deal. Games to
the target are played in swapped pairs the same way (the same shuffles in the same order).
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from canasta.ai.base import Bot
from canasta.ai.levels import make_bot
from canasta.ai.lookahead import SAMPLES_PER_SECOND, Budget
from canasta.app.autoplay import play_hand
from canasta.engine import new_hand
from canasta.match import finish_hand, new_match, start_hand
from canasta.rules import Rules
from canasta.scoring import score_hand

MAX_HANDS_PER_GAME = 200  # a game of weak players that never reaches the target is ended and judged on points


@dataclass(frozen=True, slots=True)
class SimConfig:
    level_a: str
    level_b: str
    players: int
    deals: int
    games: int
    seed: int
    options: tuple[tuple[str, Any], ...] = ()
    expert_samples: int = SAMPLES_PER_SECOND  # the Expert's own default (its 1 s budget)
    expert_seconds: float | None = 1.0  # None or 0: no clock, the Expert's decisions depend on the seed alone

    def budget(self) -> Budget:
        return Budget(self.expert_samples, self.expert_seconds or None)

    def rules(self) -> Rules:
        return Rules.for_players(self.players, **dict(self.options))


def seats_of_a(rules: Rules, swapped: bool) -> frozenset[int]:
    """The seats side A plays: the first side (or, with three players, seat 0), or the others when swapped."""
    first = frozenset(rules.shape.sides[0])
    return frozenset(range(rules.players)) - first if swapped else first


def _bots(config: SimConfig, rules: Rules, swapped: bool, seed: int) -> list[Bot]:
    a_seats = seats_of_a(rules, swapped)
    rng = random.Random(seed)
    levels = [config.level_a if seat in a_seats else config.level_b for seat in range(rules.players)]
    return [make_bot(level, rng, rules.players, config.budget()) for level in levels]


def _points_of(rules: Rules, totals: Sequence[int], a_seats: frozenset[int]) -> tuple[float, float]:
    """Side A's points and the mean of the other sides' points."""
    a_entries = {rules.seat_side[seat] for seat in a_seats}
    a_points = [total for index, total in enumerate(totals) if index in a_entries]
    b_points = [total for index, total in enumerate(totals) if index not in a_entries]
    return statistics.fmean(a_points), statistics.fmean(b_points)


def play_deal(config: SimConfig, index: int) -> float:
    """A's points minus B's on deal `index`, averaged over the two seatings."""
    rules = config.rules()
    diffs: list[float] = []
    for swapped in (False, True):
        shuffle = random.Random(config.seed * 1_000_003 + index)
        state = new_hand(rules, (0,) * len(rules.shape.sides), index % rules.players, shuffle)
        bots = _bots(config, rules, swapped, config.seed + index)
        played = play_hand(state, bots)
        a, b = _points_of(rules, [side.total for side in score_hand(played.state)], seats_of_a(rules, swapped))
        diffs.append(a - b)
    return statistics.fmean(diffs)


def play_game_pair(config: SimConfig, index: int) -> float:
    """A's share of the two games played on the same shuffles with the sides swapped (1, 0.5 or 0 each)."""
    rules = config.rules()
    result = 0.0
    for swapped in (False, True):
        shuffle = random.Random(config.seed * 7_000_003 + index)
        bots = _bots(config, rules, swapped, config.seed + 10_000_000 + index)
        match = new_match(rules, shuffle)
        while not match.over and len(match.hands) < MAX_HANDS_PER_GAME:
            match = finish_hand(match, play_hand(start_hand(match, shuffle), bots).state)
        a, b = _points_of(rules, match.scores, seats_of_a(rules, swapped))
        a_won = {rules.seat_side[seat] for seat in seats_of_a(rules, swapped)} & set(match.winners)
        if match.winners:
            result += 1.0 if a_won and len(match.winners) == 1 else (0.5 if a_won else 0.0)
        else:
            result += 1.0 if a > b else (0.5 if a == b else 0.0)
    return result / 2


def _run_deals(args: tuple[SimConfig, range]) -> list[float]:
    config, indices = args
    return [play_deal(config, index) for index in indices]


def _run_games(args: tuple[SimConfig, range]) -> list[float]:
    config, indices = args
    return [play_game_pair(config, index) for index in indices]


def _chunks(total: int, jobs: int) -> list[range]:
    size = max(1, math.ceil(total / max(1, jobs * 4)))
    return [range(start, min(total, start + size)) for start in range(0, total, size)]


def simulate(config: SimConfig, jobs: int = 1) -> dict[str, Any]:
    """Play the deals and games; return the figures of DESIGN.md §7."""
    deal_chunks = [(config, chunk) for chunk in _chunks(config.deals, jobs)]
    game_chunks = [(config, chunk) for chunk in _chunks(config.games, jobs)]
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            diffs = [d for part in pool.map(_run_deals, deal_chunks) for d in part]
            shares = [s for part in pool.map(_run_games, game_chunks) for s in part]
    else:
        diffs = [d for chunk in deal_chunks for d in _run_deals(chunk)]
        shares = [s for chunk in game_chunks for s in _run_games(chunk)]
    return summarize(config, diffs, shares)


def summarize(config: SimConfig, diffs: Sequence[float], shares: Sequence[float]) -> dict[str, Any]:
    """Mean points per deal with its 95% interval, the game win rate and the Elo difference it implies."""
    mean = statistics.fmean(diffs) if diffs else 0.0
    # Fewer than two deals give no interval: null, since JSON has no infinity.
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else None
    win_rate = statistics.fmean(shares) if shares else None
    figures: dict[str, Any] = {
        "a": config.level_a,
        "b": config.level_b,
        "players": config.players,
        "seed": config.seed,
        "deals": len(diffs),
        "points_per_deal_diff": round(mean, 1),
        "ci95_low": None if half is None else round(mean - half, 1),
        "ci95_high": None if half is None else round(mean + half, 1),
        "games": 2 * len(shares),
        "win_rate_a": None if win_rate is None else round(win_rate, 4),
        "elo_diff": None if win_rate is None else round(elo_difference(win_rate), 1),
    }
    house_rules = {name: value for name, value in config.rules().to_dict().items() if name != "players"}
    if house_rules:
        figures["rules"] = house_rules  # the options played under, where any differ from the defaults
    return figures


def elo_difference(score: float) -> float:
    """The Elo rating difference that makes `score` the expected score (clamped short of 0 and 1)."""
    clamped = min(max(score, 0.001), 0.999)
    return -400 * math.log10(1 / clamped - 1)
