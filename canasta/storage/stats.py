"""The player's statistics, updated as hands and games finish, kept in a versioned file; a reset.

Games marked practice (played with undo or open hands) are counted apart from the others, and each game of the
family (classic Canasta, Samba, Bolivia, Hand and Foot) apart from the others (a Hand and Foot hand is a
round, its canastas are books): classic's figures stay where they always were in
the file ("regular" and "practice"), the other games' under "variants", by name. Counting is idempotent: the
file remembers the last hand and game it counted, so a game resumed after a crash never counts a hand twice.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

from canasta.engine.match import Match
from canasta.engine.playerview import side_of
from canasta.engine.rules import MeldKind, Variant
from canasta.engine.rules.catalog import DEFAULT_GAME, OTHER_GAMES
from canasta.engine.scoring import score_hand
from canasta.engine.state import GameState
from canasta.storage.files import (
    DocumentError,
    FileKind,
    Loaded,
    as_damage,
    check_document,
    read_json,
    reject,
    unseal,
    write_failure_message,
    write_sealed,
)
from canasta.storage.lock import lost_lock
from canasta.storage.record import HUMAN, GameRecord

LOG = logging.getLogger(__name__)
STATS_FORMAT = "canasta-statistics"
STATS_VERSION = 1
# No count or points total of a lifetime of play comes near this (a hand scores a few thousand points at most):
# a larger number was not written by the game, so the file is damaged. It also keeps every figure the
# statistics screen works out (an average, a percentage) within what a float holds and a line shows.
MAX_FIGURE = 10**12
MIXED_LEVELS = "mixed"  # the opponent level of a game whose opponents play at different levels
# 0 in a file written before they were counted.
_LATER_FIGURES = frozenset({"sequence_canastas", "wild_canastas", "feet_picked_up"})


@dataclass(frozen=True, slots=True)
class Tally:
    """Games and hands played and won, at one table (player count and opponent level)."""

    games: int = 0
    games_won: int = 0
    hands: int = 0
    hands_won: int = 0

    def __add__(self, other: Tally) -> Tally:
        return Tally(*(getattr(self, item.name) + getattr(other, item.name) for item in fields(Tally)))


@dataclass(frozen=True, slots=True)
class Statistics:
    """Everything counted for the person's side. Points, canastas and going out count every hand."""

    tables: tuple[tuple[int, str, Tally], ...] = ()  # (players, opponent level, tally), sorted
    current_streak: int = 0  # games won in a row, up to the last game
    best_streak: int = 0
    points: int = 0  # the side's hand scores added up
    best_hand: int | None = None
    natural_canastas: int = 0
    mixed_canastas: int = 0
    gone_out: int = 0
    gone_out_concealed: int = 0
    sequence_canastas: int = 0  # Samba's sambas, Bolivia's escaleras
    wild_canastas: int = 0  # Bolivia's bolivias, Hand and Foot's books of wild cards
    feet_picked_up: int = 0  # Hand and Foot: rounds in which the person picked up his foot

    def tally(self, players: int | None = None, level: str | None = None) -> Tally:
        """The sum over the tables with this player count and opponent level (None: any)."""
        total = Tally()
        for count, name, tally in self.tables:
            if players in (None, count) and level in (None, name):
                total += tally
        return total

    @property
    def average_points_per_hand(self) -> float | None:
        hands = self.tally().hands
        return self.points / hands if hands else None


@dataclass(frozen=True, slots=True)
class HandOutcome:
    """What one finished hand adds to the statistics."""

    players: int
    level: str
    points: int
    won: bool
    natural_canastas: int
    mixed_canastas: int
    went_out: bool
    concealed: bool
    sequence_canastas: int = 0
    wild_canastas: int = 0
    picked_up_foot: bool = False


def opponent_level(record: GameRecord) -> str:
    """The opponents' level, or "mixed" when they play at different levels."""
    side = record.rules.seat_side[record.human]
    levels = {level for seat, level in enumerate(record.levels) if record.rules.seat_side[seat] != side}
    levels.discard(HUMAN)
    return levels.pop() if len(levels) == 1 else MIXED_LEVELS


def hand_outcome(record: GameRecord, state: GameState) -> HandOutcome:
    """The person's side's result in a finished hand."""
    rules, human = state.rules, record.human
    totals = [side.total for side in score_hand(state)]
    mine = totals[rules.seat_side[human]]
    others = [total for index, total in enumerate(totals) if index != rules.seat_side[human]]
    melds = state.melds[side_of(rules, state.lone_hand, human)]
    canastas = Counter(meld.kind for meld in melds if meld.is_canasta(rules))
    natural = sum(1 for meld in melds if meld.is_natural_canasta(rules))
    mixed = canastas[MeldKind.GROUP] - natural
    out = state.out is not None and state.out.seat == human
    concealed = out and state.out is not None and state.out.concealed
    picked_up = bool(state.feet) and state.feet[human] is None
    return HandOutcome(
        rules.players, opponent_level(record), mine, mine > max(others), natural, mixed, out, concealed,
        canastas[MeldKind.SEQUENCE], canastas[MeldKind.WILD], picked_up,
    )  # fmt: skip


def add_hand(stats: Statistics, hand: HandOutcome) -> Statistics:
    """The statistics with one more hand."""
    stats = _add_to_table(stats, hand.players, hand.level, Tally(hands=1, hands_won=int(hand.won)))
    best = hand.points if stats.best_hand is None else max(stats.best_hand, hand.points)
    return replace(
        stats,
        points=stats.points + hand.points,
        best_hand=best,
        natural_canastas=stats.natural_canastas + hand.natural_canastas,
        mixed_canastas=stats.mixed_canastas + hand.mixed_canastas,
        gone_out=stats.gone_out + int(hand.went_out),
        gone_out_concealed=stats.gone_out_concealed + int(hand.concealed),
        sequence_canastas=stats.sequence_canastas + hand.sequence_canastas,
        wild_canastas=stats.wild_canastas + hand.wild_canastas,
        feet_picked_up=stats.feet_picked_up + int(hand.picked_up_foot),
    )


def add_game(stats: Statistics, record: GameRecord, match: Match) -> Statistics:
    """The statistics with one more finished game (won when the person's side is among the winners)."""
    won = record.rules.seat_side[record.human] in match.winners
    stats = _add_to_table(stats, record.rules.players, opponent_level(record), Tally(games=1, games_won=int(won)))
    streak = stats.current_streak + 1 if won else 0
    return replace(stats, current_streak=streak, best_streak=max(stats.best_streak, streak))


def _add_to_table(stats: Statistics, players: int, level: str, more: Tally) -> Statistics:
    tables = {(count, name): tally for count, name, tally in stats.tables}
    tables[players, level] = tables.get((players, level), Tally()) + more
    return replace(stats, tables=tuple((count, name, tables[count, name]) for count, name in sorted(tables)))


# -- the file --------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Counted:
    """The last game counted, how many of its hands, and whether the game itself (at its end)."""

    game_id: str = ""
    hands: int = 0
    game: bool = False


def statistics_to_json(stats: Statistics) -> dict[str, Any]:
    data: dict[str, Any] = {
        item.name: getattr(stats, item.name) for item in fields(Statistics) if item.name != "tables"
    }
    data["tables"] = [
        {"players": players, "level": level, **{item.name: getattr(tally, item.name) for item in fields(Tally)}}
        for players, level, tally in stats.tables
    ]
    return data


def statistics_from_json(data: Any) -> Statistics:
    """:raises DocumentError: naming the field that is wrong."""
    if not isinstance(data, dict):
        raise DocumentError("statistics must be an object")
    values: dict[str, Any] = {}
    for item in fields(Statistics):
        if item.name == "tables":
            continue
        raw = data.get(item.name, 0 if item.name in _LATER_FIGURES else None)
        if item.name == "best_hand" and raw is None:
            values[item.name] = None
        elif not _whole(raw, signed=item.name in ("points", "best_hand")):
            raise DocumentError(f"statistics.{item.name} must be a whole number up to {MAX_FIGURE:.0e}")
        else:
            values[item.name] = raw
    return Statistics(tables=_tables(data.get("tables")), **values)


def _whole(raw: Any, signed: bool = False) -> bool:
    """A whole number within reach of play: from 0 (or -MAX_FIGURE when `signed`) to MAX_FIGURE."""
    return type(raw) is int and (-MAX_FIGURE if signed else 0) <= raw <= MAX_FIGURE


def _tables(raw: Any) -> tuple[tuple[int, str, Tally], ...]:
    if not isinstance(raw, list):
        raise DocumentError("statistics.tables must be a list")
    tables: list[tuple[int, str, Tally]] = []
    for index, entry in enumerate(raw):
        if not isinstance(entry, dict) or not _whole(entry.get("players")) or not isinstance(entry.get("level"), str):
            raise DocumentError(f"statistics.tables[{index}] must name the players and the level")
        counts = [entry.get(item.name) for item in fields(Tally)]
        if not all(_whole(count) for count in counts):
            raise DocumentError(f"statistics.tables[{index}] must count games and hands up to {MAX_FIGURE:.0e}")
        tally = Tally(**{item.name: entry[item.name] for item in fields(Tally)})
        if tally.games_won > tally.games or tally.hands_won > tally.hands:
            raise DocumentError(f"statistics.tables[{index}] counts more games or hands won than played")
        tables.append((entry["players"], entry["level"], tally))
    return tuple(sorted(tables, key=lambda table: (table[0], table[1])))


class StatsBook:
    """The statistics file: read once, updated and written as hands and games finish.

    `message` holds what went wrong when reading or writing the file (for the window to show), else None.
    `read_only` (another copy of the game keeps the files): the file is read, never written or set aside.
    The figures are kept by game of the family and by kind (regular or practice): `statistics(practice,
    variant)`.
    """

    def __init__(self, path: Path, *, read_only: bool = False, keeps: Callable[[], bool] | None = None) -> None:
        self.path = path
        self.read_only = read_only
        self._keeps = keeps  # whether this copy still keeps the files, asked before each write (`lock.keeps_lock`)
        self.books: dict[tuple[Variant, bool], Statistics] = {}
        self.counted = Counted()
        loaded = self._load()
        self.message = loaded.message

    def statistics(self, practice: bool = False, variant: Variant = Variant.CLASSIC) -> Statistics:
        return self.books.get((variant, practice), Statistics())

    def variants(self) -> tuple[Variant, ...]:
        """The games of the family with figures kept (the default game, classic, always), in the order of
        `Variant`."""
        kept = {variant for (variant, _practice), stats in self.books.items() if stats != Statistics()}
        return (DEFAULT_GAME, *(variant for variant in OTHER_GAMES if variant in kept))

    def count_hand(self, record: GameRecord, state: GameState, hand_number: int) -> None:
        """Add finished hand number `hand_number` (1 for the first) of the game, unless already counted."""
        if self.counted.game_id == record.game_id and self.counted.hands >= hand_number:
            return
        key = (record.rules.variant, record.practice)
        self._change(key, add_hand(self.statistics(record.practice, key[0]), hand_outcome(record, state)))
        self.counted = Counted(record.game_id, hand_number)
        self._write()

    def count_game(self, record: GameRecord, match: Match) -> None:
        """Add the finished game, unless already counted."""
        if self.counted.game_id == record.game_id and self.counted.game:
            return
        key = (record.rules.variant, record.practice)
        self._change(key, add_game(self.statistics(record.practice, key[0]), record, match))
        self.counted = Counted(record.game_id, len(match.hands), game=True)
        self._write()

    def reset(self, practice: bool = False, variant: Variant | None = None) -> None:
        """Start the regular (or the practice) statistics of one game (None: of every game) again from zero."""
        for game in tuple(Variant) if variant is None else (variant,):
            self._change((game, practice), Statistics())
        self._write()

    def _change(self, key: tuple[Variant, bool], stats: Statistics) -> None:
        if stats == Statistics():
            self.books.pop(key, None)
        else:
            self.books[key] = stats

    def _write(self) -> None:
        if not self.read_only and (lost := lost_lock(self._keeps)) is not None:
            self.read_only, self.message = True, lost
        if self.read_only:
            return
        body: dict[str, Any] = {
            "format": STATS_FORMAT,
            "version": STATS_VERSION,
            "regular": statistics_to_json(self.statistics()),
            "practice": statistics_to_json(self.statistics(practice=True)),
            "counted": {"game_id": self.counted.game_id, "hands": self.counted.hands, "game": self.counted.game},
        }
        others = self.variants()[1:]  # the default game's figures are the file's own, at its top level
        if others:
            body["variants"] = {
                variant.value: {
                    "regular": statistics_to_json(self.statistics(False, variant)),
                    "practice": statistics_to_json(self.statistics(True, variant)),
                }
                for variant in others
            }
        try:
            write_sealed(self.path, body)
        except OSError as error:
            LOG.warning("cannot save the statistics to %s: %s", self.path, error)
            self.message = write_failure_message(FileKind.STATISTICS, error)
        else:
            self.message = None

    def _load(self) -> Loaded[None]:
        loaded = read_json(self.path, FileKind.STATISTICS, read_only=self.read_only)
        if loaded.value is None:
            return Loaded(None, loaded.message, loaded.set_aside)
        try:
            body = check_document(unseal(loaded.value), STATS_FORMAT, STATS_VERSION)
            books = {
                (DEFAULT_GAME, False): statistics_from_json(body.get("regular")),
                (DEFAULT_GAME, True): statistics_from_json(body.get("practice")),
                **_variant_books(body.get("variants", {})),
            }
            counted = _counted(body.get("counted"))
        except Exception as error:  # whatever is wrong in the file, it is only a damaged file
            return reject(self.path, FileKind.STATISTICS, as_damage(error), read_only=self.read_only)
        for key, stats in books.items():
            self._change(key, stats)
        self.counted = counted
        return Loaded(None)


def _variant_books(raw: Any) -> dict[tuple[Variant, bool], Statistics]:
    """The other games' statistics in the file's "variants" (absent in a file written before them).
    :raises DocumentError: naming what is wrong."""
    if not isinstance(raw, dict):
        raise DocumentError("statistics.variants must be an object")
    books: dict[tuple[Variant, bool], Statistics] = {}
    for name, entry in raw.items():
        if name not in {variant.value for variant in OTHER_GAMES}:
            raise DocumentError(f"statistics.variants names no other game: {name!r}")
        if not isinstance(entry, dict):
            raise DocumentError(f"statistics.variants.{name} must be an object")
        variant = Variant(name)
        books[variant, False] = statistics_from_json(entry.get("regular"))
        books[variant, True] = statistics_from_json(entry.get("practice"))
    return books


def _counted(raw: Any) -> Counted:
    if not isinstance(raw, dict):
        raise DocumentError("counted must be an object")
    game_id, hands, game = raw.get("game_id"), raw.get("hands"), raw.get("game")
    if not isinstance(game_id, str) or type(hands) is not int or not isinstance(game, bool):
        raise DocumentError("counted must name a game, its hands counted and whether the game was")
    return Counted(game_id, hands, game)
