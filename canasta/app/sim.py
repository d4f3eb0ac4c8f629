"""`canasta sim`: side A against side B on duplicate deals (docs/computer-players.md).

Every deal is played twice with the same shuffle and the same dealer: once with A in the first seats and once
with the sides swapped, so the luck of the cards cancels. The dealer moves round from deal to deal. Games to
the target are played in swapped pairs the same way (the same shuffles in the same order).

A run may keep each result in a file as it comes (`--keep`): a later run with the same options reads what is
there and plays only the rest, so a measurement of hours can stop and go on. Deal `i` is the same deal in every
run, so the figures are those of one run over all the deals.
"""

from __future__ import annotations

import json
import math
import os
import random
import statistics
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import as_completed
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import IO, Any

from canasta.ai.base import Bot
from canasta.ai.levels import make_bot
from canasta.ai.lookahead import SAMPLES_PER_SECOND, Budget
from canasta.app.autoplay import bot_seats, play_hand
from canasta.app.interrupt import process_pool
from canasta.engine import new_hand
from canasta.engine.match import new_match
from canasta.engine.play import GameOptions, play_game
from canasta.engine.rules import Rules
from canasta.engine.scoring import score_hand
from canasta.storage.files import read_file_bytes

MAX_HANDS_PER_GAME = 200  # a game of weak players that never reaches the target is ended and judged on points
KEPT_FORMAT = "canasta-sim-kept/1"
MAX_KEPT_BYTES = 256 * 2**20  # some four million kept results: far more than any run keeps
KEPT_CHUNK = 4  # at most this many deals or games per task, so an interrupted run loses little of what it played
PROGRESS_STEPS = 10  # a run that reports its progress does so at each tenth of its deals and games


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
    expert_remembers: bool = False  # the Expert's rollouts' players keep card memory (`Budget.remembers`)

    def budget(self) -> Budget:
        return Budget(self.expert_samples, self.expert_seconds or None, remembers=self.expert_remembers)

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
        match = play_game(
            new_match(rules, shuffle), bot_seats(bots), shuffle, GameOptions(most_hands=MAX_HANDS_PER_GAME)
        )
        a, b = _points_of(rules, match.scores, seats_of_a(rules, swapped))
        a_won = {rules.seat_side[seat] for seat in seats_of_a(rules, swapped)} & set(match.winners)
        if match.winners:
            result += 1.0 if a_won and len(match.winners) == 1 else (0.5 if a_won else 0.0)
        else:
            result += 1.0 if a > b else (0.5 if a == b else 0.0)
    return result / 2


def _run(args: tuple[str, SimConfig, tuple[int, ...]]) -> list[tuple[int, float]]:
    kind, config, indices = args
    task = play_deal if kind == "deal" else play_game_pair
    return [(index, task(config, index)) for index in indices]


def _chunks(indices: Sequence[int], jobs: int) -> list[tuple[int, ...]]:
    size = min(KEPT_CHUNK, max(1, math.ceil(len(indices) / max(1, jobs * 4))))
    return [tuple(indices[start : start + size]) for start in range(0, len(indices), size)]


class KeptError(ValueError):
    """A file of kept results that cannot be read, or that was kept by a run with other options."""


VALUE_OF = {"deal": "diff", "game": "share"}  # each kind of result and the name of its value in a kept line


@dataclass(slots=True)
class Kept:
    """The results a run has so far: points per deal and game shares, by index."""

    deals: dict[int, float] = field(default_factory=dict)
    games: dict[int, float] = field(default_factory=dict)

    def of(self, kind: str) -> dict[int, float]:
        return self.deals if kind == "deal" else self.games


def run_options(config: SimConfig) -> dict[str, Any]:
    """What decides every deal's and game's result: all of the configuration but how many are played."""
    options = asdict(config)
    del options["deals"], options["games"]
    options["options"] = dict(config.options)
    return options


def _header(config: SimConfig) -> dict[str, Any]:
    return {"format": KEPT_FORMAT, "run": run_options(config)}


def read_kept(path: Path, config: SimConfig) -> Kept:
    """The results kept in `path` (none when there is no file, or not one whole line). A last line cut short
    by an interrupted run is left out; it is played again.

    :raises KeptError: when the file is not one of kept results, is damaged, or was kept with other options.
    """
    if not path.exists():
        return Kept()
    try:  # only a regular file, of a bounded size: a pipe or /dev/zero is refused at once
        text = read_file_bytes(path, MAX_KEPT_BYTES).decode("utf-8")
        lines = text.split("\n")[:-1]  # the part after the last newline was cut short
        header = json.loads(lines[0]) if lines else _header(config)
    except (OSError, UnicodeDecodeError, ValueError) as error:
        raise KeptError(f"{path.name} cannot be read as kept results ({error})") from error
    if not isinstance(header, dict) or header.get("format") != KEPT_FORMAT:
        raise KeptError(f"{path.name} is not a file of kept results: name another file")
    wanted = run_options(config)
    run = header.get("run")
    if run != wanted:
        kept: dict[str, Any] = run if isinstance(run, dict) else {}
        differ = ", ".join(sorted(name for name in wanted if kept.get(name) != wanted[name]))
        raise KeptError(f"{path.name} was kept by a run with other {differ}: name another file")
    kept_results = Kept()
    for number, line in enumerate(lines[1:], start=2):
        _read_result(line, kept_results, f"{path.name} line {number}")
    return kept_results


def _read_result(line: str, kept: Kept, where: str) -> None:
    try:
        entry = json.loads(line)
        kind = "deal" if "deal" in entry else "game"
        index, value = entry[kind], float(entry[VALUE_OF[kind]])
    except (ValueError, KeyError, TypeError) as error:
        raise KeptError(f"{where} is damaged ({error!r})") from error
    if not isinstance(index, int) or index < 0 or not math.isfinite(value) or (kind == "game" and not 0 <= value <= 1):
        raise KeptError(f"{where} is damaged: {line.strip()[:80]}")
    kept.of(kind)[index] = value


def _open_kept(path: Path, config: SimConfig) -> IO[str]:
    """The kept file, ready to append to: cut back to its last whole line, begun with its header when empty.

    :raises KeptError: when it cannot be written.
    """
    try:
        if path.exists():
            os.truncate(path, read_file_bytes(path, MAX_KEPT_BYTES).rfind(b"\n") + 1)
        out = path.open("a", encoding="utf-8")
        if out.tell() == 0:
            out.write(json.dumps(_header(config)) + "\n")
            out.flush()
    except OSError as error:
        raise KeptError(f"{path} cannot be written ({error.strerror or error})") from error
    return out


def simulate(
    config: SimConfig, jobs: int = 1, keep: Path | None = None, report: Callable[[str], None] | None = None
) -> dict[str, Any]:
    """Play the deals and games (those not already kept in `keep`, which gets each result as it comes);
    return the figures `--json` prints. `report`, when given, hears how far the run is at each tenth of it and
    at its end.

    :raises KeptError: when `keep` cannot be used (see `read_kept`); it is then left as it was.
    """
    kept = read_kept(keep, config) if keep is not None else Kept()
    work = [
        (kind, chunk)
        for kind, total in (("deal", config.deals), ("game", config.games))
        for chunk in _chunks([index for index in range(total) if index not in kept.of(kind)], jobs)
    ]
    out = _open_kept(keep, config) if keep is not None and work else None
    progress = _Progress(config, kept, report)
    try:
        for kind, results in _played(work, config, jobs):
            kept.of(kind).update(results)
            if out is not None:
                out.writelines(json.dumps({kind: index, VALUE_OF[kind]: value}) + "\n" for index, value in results)
                out.flush()
            progress.played(len(results))
    finally:
        if out is not None:
            out.close()
    diffs = [kept.deals[index] for index in range(config.deals)]
    shares = [kept.games[index] for index in range(config.games)]
    return summarize(config, diffs, shares)


@dataclass(frozen=True, slots=True)
class _Progress:
    """Tells `report` how many of the run's deals and games are played each time another tenth of them is, and
    when all are (counted from the kept results, so a resumed run counts what it read)."""

    config: SimConfig
    kept: Kept
    report: Callable[[str], None] | None

    def played(self, count: int) -> None:
        """`count` more results have just been added to the kept ones."""
        if self.report is None:
            return
        deals, games = self._count("deal", self.config.deals), self._count("game", self.config.games)
        total = self.config.deals + self.config.games
        step = max(1, math.ceil(total / PROGRESS_STEPS))
        done = deals + games
        if done == total or done // step > (done - count) // step:
            self.report(f"{deals} of {self.config.deals} deals and {games} of {self.config.games} game pairs played")

    def _count(self, kind: str, total: int) -> int:
        return sum(1 for index in self.kept.of(kind) if index < total)


def _played(
    work: list[tuple[str, tuple[int, ...]]], config: SimConfig, jobs: int
) -> Iterator[tuple[str, list[tuple[int, float]]]]:
    """Each piece of work's results, as the pieces finish (in order when played here, in any order in workers)."""
    if jobs <= 1:
        yield from ((kind, _run((kind, config, chunk))) for kind, chunk in work)
        return
    with process_pool(jobs) as pool:
        futures = {pool.submit(_run, (kind, config, chunk)): kind for kind, chunk in work}
        yield from ((futures[future], future.result()) for future in as_completed(futures))


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
