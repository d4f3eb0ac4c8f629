"""The saved game: the game in progress, written after every action and offered as "Continue" next time.

The file holds the game record (rules, seed, seats, every action), the current position in
`canasta-position/1` and the match history, under a checksum. Loading plays the record back and checks that
it reaches the saved position and history: a file that does not add up is damaged and is set aside.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from canasta.engine.match import Match, finish_hand
from canasta.engine.playerview import Phase
from canasta.engine.position import dump_position
from canasta.engine.state import GameState
from canasta.i18n import N_, _
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
from canasta.storage.record import GameRecord, record_from_json, record_to_json, replay

LOG = logging.getLogger(__name__)
SAVE_FORMAT = "canasta-save"
SAVE_VERSION = 1
_NOT_KEPT = N_("The game is not saved: Canasta is open in another window.")


@dataclass(frozen=True, slots=True)
class SavedGame:
    """A game rebuilt from its save: the record, the match so far and the hand as it stands."""

    record: GameRecord
    match: Match
    state: GameState


def save_document(record: GameRecord, match: Match, state: GameState) -> dict[str, Any]:
    """The save file's contents (before the checksum). A finished hand is saved scored, as loading finds it."""
    if state.phase is Phase.OVER and len(match.hands) < len(record.hands):
        match = finish_hand(match, state)
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "record": record_to_json(record),
        "position": dump_position(state),
        "history": history_to_json(match),
    }


def history_to_json(match: Match) -> dict[str, Any]:
    """The match so far: totals, the next dealer, the target, the winners and every finished hand."""
    return {
        "scores": list(match.scores),
        "dealer": match.dealer,
        "target": match.target,
        "winners": list(match.winners),
        "hands": [
            {
                "dealer": hand.dealer,
                "breakdown": [side.to_dict() for side in hand.breakdown],
                "totals": list(hand.totals),
                "out": hand.out,
            }
            for hand in match.hands
        ],
    }


def read_save(data: Any) -> SavedGame:
    """Rebuild the game from a save file's JSON. :raises DocumentError: when anything does not add up."""
    body = check_document(unseal(data), SAVE_FORMAT, SAVE_VERSION)
    record = record_from_json(body.get("record"))
    replayed = replay(record)
    if comparable(dump_position(replayed.state)) != comparable(body.get("position")):
        raise DocumentError("the saved position does not follow from the record")
    if _normal(history_to_json(replayed.match)) != body.get("history"):
        raise DocumentError("the saved history does not follow from the record")
    return SavedGame(record, replayed.match, replayed.state)


def comparable(position: Any) -> Any:
    """A position as read back from JSON, with each hand in card order.

    Actions read from JSON name cards by notation only, so playing a record back may take the other copy of
    a card that a hand holds twice: the same cards, held in another order. A hand holding anything but texts is
    left as it is (it cannot be sorted, and it matches no position the record leads to: the save is damaged).
    """
    data = _normal(position)
    if isinstance(data, dict) and isinstance(data.get("hands"), list):
        data["hands"] = [sorted(hand) if _texts(hand) else hand for hand in data["hands"]]
    return data


def _texts(hand: Any) -> bool:
    return isinstance(hand, list) and all(isinstance(card, str) for card in hand)


def _normal(data: Any) -> Any:
    """`data` as it reads back from JSON (lists, not tuples), to compare with what was read."""
    return json.loads(json.dumps(data))


class AutoSaver:
    """Keeps the game in progress in one file. A failed write keeps the previous save and leaves a message
    (`message`) for the window to show; the game goes on either way.

    With `background=True` the writes (whose sync to the disk can take tens of milliseconds) happen on a
    thread of their own, so the frame loop never waits: only the newest game waiting is written, and
    `flush()` waits for it. The game's values are immutable, so the thread may read them safely.

    With `read_only` (another copy of the game keeps the files, and its game in progress) nothing is loaded or
    written, and `message` says the game is not saved.
    """

    def __init__(
        self, path: Path, *, background: bool = False, read_only: bool = False, keeps: Callable[[], bool] | None = None
    ) -> None:
        self.path = path
        self.read_only = read_only
        self._keeps = keeps  # whether this copy still keeps the files, asked before each write (`lock.keeps_lock`)
        self.message: str | None = _(_NOT_KEPT) if read_only else None
        self.last_save_s = 0.0  # how long the last write took, for the log and the bench
        self._writer = _Writer() if background and not read_only else None

    def load(self) -> Loaded[SavedGame]:
        """The saved game, if there is one to continue; a damaged file is set aside with a message."""
        if self.read_only:
            return Loaded(None)
        self.flush()
        loaded = read_json(self.path, FileKind.SAVE)
        if loaded.value is None:
            return Loaded(None, loaded.message, loaded.set_aside)
        try:
            saved = read_save(loaded.value)
        except Exception as error:  # a file that trips the engine is still only a damaged file
            return reject(self.path, FileKind.SAVE, as_damage(error))
        if saved.match.over:  # finished, but the program stopped before clearing it
            self._remove()
            return Loaded(None)
        return Loaded(saved)

    def save(self, record: GameRecord, match: Match, state: GameState) -> None:
        """Write the game (now, or soon on the writer's thread)."""
        self._run(lambda: self._write(record, match, state))

    def clear(self) -> None:
        """Forget the saved game (it is finished)."""
        self._run(self._remove)

    def flush(self, timeout_s: float = 5.0) -> None:
        """Wait until every save asked for is written (or has failed)."""
        if self._writer is not None:
            self._writer.flush(timeout_s)

    def close(self) -> None:
        """Write what is waiting, then stop the writer's thread (saves after this are written at once)."""
        if self._writer is not None:
            self._writer.stop()
            self._writer = None

    def _run(self, job: Callable[[], None]) -> None:
        if self._writer is None:
            job()
        else:
            self._writer.put(job)

    def _write(self, record: GameRecord, match: Match, state: GameState) -> None:
        if self.read_only or self._lost_lock():
            return
        start = time.perf_counter()
        try:
            write_sealed(self.path, save_document(record, match, state))
        except OSError as error:
            LOG.warning("cannot save the game to %s: %s", self.path, error)
            self.message = write_failure_message(FileKind.SAVE, error)
            return
        self.last_save_s = time.perf_counter() - start
        self.message = None

    def _remove(self) -> None:
        if self.read_only or self._lost_lock():
            return
        try:
            self.path.unlink(missing_ok=True)
        except OSError as error:
            LOG.warning("cannot remove the finished game's save %s: %s", self.path, error)

    def _lost_lock(self) -> bool:
        """Whether another copy has taken over the files: then nothing more is written, and the message says so."""
        if (lost := lost_lock(self._keeps)) is None:
            return False
        self.read_only, self.message = True, lost
        return True


class _Writer:
    """One thread that runs the newest job handed to it; a job superseded while waiting is skipped (each
    save holds the whole game, and a clear after a save wins over it)."""

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self._pending: Callable[[], None] | None = None
        self._busy = False
        self._stopping = False
        self._thread = threading.Thread(target=self._loop, name="canasta-autosave", daemon=True)
        self._thread.start()

    def put(self, job: Callable[[], None]) -> None:
        with self._changed:
            self._pending = job
            self._changed.notify_all()

    def flush(self, timeout_s: float) -> None:
        with self._changed:
            self._changed.wait_for(lambda: self._pending is None and not self._busy, timeout_s)

    def stop(self, timeout_s: float = 5.0) -> None:
        """Run the job waiting, if any, and end the thread."""
        with self._changed:
            self._stopping = True
            self._changed.notify_all()
        self._thread.join(timeout_s)

    def _loop(self) -> None:
        while True:
            with self._changed:
                self._changed.wait_for(lambda: self._pending is not None or self._stopping)
                if self._pending is None:
                    return
                job, self._pending, self._busy = self._pending, None, True
            try:
                if job is not None:
                    job()
            except Exception:  # the writer must outlive any one failed save; the next one may work
                LOG.exception("saving the game failed")
            finally:
                with self._changed:
                    self._busy = False
                    self._changed.notify_all()
