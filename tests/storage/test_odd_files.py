"""Odd files where the game's files should be: `null` alone, absurd numbers, a byte-order mark, a pipe, a device,
a file far too large. Each is damage (set aside, said, the game goes on) or a one-line refusal, never a hang
or a traceback."""

from __future__ import annotations

import codecs
import io
import logging
import os
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest

from canasta.app.replay import run_replay
from canasta.engine.rules import Rules
from canasta.storage.files import MAX_FILE_BYTES, sealed_text
from canasta.storage.record import export_record, new_record
from canasta.storage.saves import AutoSaver
from canasta.storage.settings import Settings, load_settings
from canasta.storage.stats import STATS_FORMAT, STATS_VERSION, Statistics, StatsBook, statistics_to_json
from canasta.ui.screens.statistics import figures_from, group_rows, summary_lines

T = TypeVar("T")
ROOT = Path(__file__).resolve().parents[2]
FIFOS = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes need POSIX")


def _load_settings(path: Path) -> tuple[str | None, bool]:
    loaded = load_settings(path)
    assert loaded.value == Settings()
    return loaded.message, loaded.set_aside is not None


def _load_save(path: Path) -> tuple[str | None, bool]:
    loaded = AutoSaver(path).load()
    assert loaded.value is None
    return loaded.message, loaded.set_aside is not None


def _load_stats(path: Path) -> tuple[str | None, bool]:
    book = StatsBook(path)
    assert book.statistics() == Statistics()
    return book.message, any(path.parent.glob(f"{path.name}.damaged-*"))


LOADERS: dict[str, Callable[[Path], tuple[str | None, bool]]] = {
    "settings.json": _load_settings,
    "saved-game.json": _load_save,
    "statistics.json": _load_stats,
}


def _stats_text(**regular: object) -> str:
    figures = statistics_to_json(Statistics()) | regular
    return sealed_text({
        "format": STATS_FORMAT, "version": STATS_VERSION, "regular": figures,
        "practice": statistics_to_json(Statistics()), "counted": {"game_id": "", "hands": 0, "game": False},
    })  # fmt: skip


def _record(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    export_record(path, new_record(Rules.for_players(2), 5, ("human", "greedy")).with_new_hand())
    return path


def _replay(path: Path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = run_replay(path, out, err)
    return status, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("name", sorted(LOADERS))
def test_a_file_holding_only_null_is_damaged_not_missing(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    path.write_text("null\n", encoding="utf-8")
    message, set_aside = LOADERS[name](path)
    assert message and "damaged" in message and set_aside
    assert not path.exists()


@pytest.mark.parametrize(
    "figures",
    [{"points": 10**400}, {"best_hand": -(10**30)}, {"natural_canastas": 10**13},
     {"tables": [{"players": 4, "level": "normal", "games": 10**400, "games_won": 10**400, "hands": 1,
                  "hands_won": 0}]}],
    ids=["points", "best-hand", "canastas", "games"],
)  # fmt: skip
def test_statistics_with_numbers_no_one_could_reach_are_damaged(tmp_path: Path, figures: dict[str, object]) -> None:
    # The statistics screen divides and formats these numbers: 10**400 points over one hand do not fit a float.
    path = tmp_path / "statistics.json"
    path.write_text(_stats_text(hands=0, **figures), encoding="utf-8")
    book = StatsBook(path)
    assert book.message and "damaged" in book.message
    assert book.statistics() == Statistics() and not path.exists()
    shown = figures_from(book.statistics())
    assert summary_lines(shown) and group_rows(shown)


def test_replay_reads_a_record_that_starts_with_a_byte_order_mark(tmp_path: Path) -> None:
    path = _record(tmp_path)
    path.write_bytes(codecs.BOM_UTF8 + path.read_bytes())  # as some Windows editors save it
    status, out, err = _replay(path)
    assert (status, err) == (0, "") and out.startswith("Canasta, 2 players")


def _within(seconds: float, load: Callable[[], T], fifo: Path) -> T:
    """What `load()` gives, asserting it did not wait on the pipe `fifo` (which is then let go)."""
    result: list[T] = []
    thread = threading.Thread(target=lambda: result.append(load()), daemon=True)
    thread.start()
    thread.join(seconds)
    hung = thread.is_alive()
    if hung:  # open the other end, so that the reader stuck on it returns and the test can end
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        thread.join(seconds)
    assert not hung, f"reading {fifo.name} waited for a writer"
    return result[0]


@FIFOS
@pytest.mark.parametrize("name", sorted(LOADERS))
def test_a_named_pipe_in_place_of_a_file_is_set_aside_without_waiting(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    os.mkfifo(path)
    message, set_aside = _within(10, lambda: LOADERS[name](path), path)
    assert message and set_aside and not path.exists()


@FIFOS
def test_replay_refuses_a_named_pipe_in_one_line_without_waiting(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    os.mkfifo(path)
    status, out, err = _within(10, lambda: _replay(path), path)
    assert status == 1 and out == "" and len(err.splitlines()) == 1
    assert "not a regular file" in err


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_replay_refuses_an_endless_device_in_one_line() -> None:
    done = subprocess.run([sys.executable, "-m", "canasta", "replay", "/dev/zero"], capture_output=True, text=True,
                          cwd=ROOT, timeout=60, check=False)  # fmt: skip
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.splitlines() == [done.stderr.strip()] and "not a regular file" in done.stderr


def test_replay_refuses_a_file_far_larger_than_any_record(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as stream:
        stream.truncate(MAX_FILE_BYTES + 1)  # sparse: no disk space used
    status, out, err = _replay(path)
    assert status == 1 and out == "" and len(err.splitlines()) == 1
    assert "larger than 16 MB" in err


def test_a_settings_file_far_larger_than_any_is_set_aside_for_its_size(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "settings.json"
    with path.open("wb") as stream:
        stream.truncate(MAX_FILE_BYTES + 1)
    with caplog.at_level(logging.WARNING):
        message, set_aside = _load_settings(path)
    assert message and set_aside and not path.exists()
    assert "larger than 16 MB" in caplog.text, "refused for its size, not read whole to find it is not JSON"


@FIFOS
def test_the_game_starts_when_its_saved_game_is_a_named_pipe(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "saved-game.json")
    env = dict(os.environ, CANASTA_HOME=str(tmp_path), CANASTA_EXIT_AFTER_FIRST_FRAME="1", SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")  # fmt: skip
    try:
        done = subprocess.run([sys.executable, "-m", "canasta"], capture_output=True, text=True, cwd=ROOT, env=env,
                              timeout=90, check=False)  # fmt: skip
    except subprocess.TimeoutExpired:
        pytest.fail("the game waited on the pipe and never drew its first frame")
    assert done.returncode == 0, done.stderr
    assert list(tmp_path.glob("saved-game.json.damaged-*"))
