"""Two copies of the game at once: the first keeps the files, a second runs read-only and says so on its title
screen, and no start ever removes a temporary file another copy may be writing."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from canasta.storage.files import FileKind, read_json, write_json
from canasta.storage.keeper import open_keeper
from canasta.storage.paths import StoragePaths

CHILD = Path(__file__).with_name("copy_child.py")
ROOT = Path(__file__).resolve().parents[2]
STARTS = 12


def _spawn(home: Path, mode: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, str(CHILD), str(home), mode], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
    )  # fmt: skip


def _opened(child: subprocess.Popen[str]) -> dict[str, Any]:
    assert child.stdout is not None
    line = child.stdout.readline()
    assert line.startswith("OPEN "), line + (child.stderr.read() if child.stderr else "")
    found: dict[str, Any] = json.loads(line.removeprefix("OPEN "))
    return found


def _start(home: Path) -> dict[str, Any]:
    """A copy that opens the game's files, as the window does at start, and ends."""
    child = _spawn(home, "start")
    found = _opened(child)
    child.communicate(timeout=60)
    return found


def _playing(home: Path) -> subprocess.Popen[str]:
    """A copy that saves its game after every step until told to stop, once it has saved a few times."""
    child = _spawn(home, "play")
    assert _opened(child)["read_only"] is False
    assert child.stdout is not None
    for _ in range(5):
        assert child.stdout.readline().startswith("SAVED")
    return child


def test_starting_other_copies_never_breaks_the_first_copys_saves(tmp_path: Path) -> None:
    first = _playing(tmp_path)
    try:
        others = [_start(tmp_path) for _ in range(STARTS)]
    finally:
        (tmp_path / "stop").touch()
        output, errors = first.communicate(timeout=60)
    failed = [line for line in output.splitlines() if line.startswith("FAILED")]
    assert not failed, f"{len(failed)} saves failed while other copies started, the first: {failed[0]}"
    assert first.returncode == 0, errors
    for found in others:
        assert found["read_only"] is True and found["continue"] is False, "the game in progress stays the first's"
        assert any("already open" in notice for notice in found["notices"]), found["notices"]


def test_when_the_first_copy_dies_the_next_one_keeps_the_files_again(tmp_path: Path) -> None:
    first = _playing(tmp_path)
    assert _start(tmp_path)["read_only"] is True
    first.send_signal(signal.SIGKILL if hasattr(signal, "SIGKILL") else signal.SIGTERM)
    first.communicate(timeout=60)
    found = _start(tmp_path)
    assert found["read_only"] is False and found["notices"] == []
    assert found["continue"] is True, "the killed copy's game is offered"


def test_a_read_only_copy_writes_nothing(tmp_path: Path) -> None:
    first = _playing(tmp_path)
    try:
        second = open_keeper(StoragePaths(tmp_path, tmp_path), background=False)
        assert second.read_only and "already open" in second.messages()[0]
        second.settings.change(volume=3)
        second.stats.reset()
        assert second.settings.settings.volume == 3, "a change applies in this window all the same"
        assert second.saver.message and "not saved" in second.saver.message, "leaving the game says so"
    finally:
        (tmp_path / "stop").touch()
        first.communicate(timeout=60)
    assert not (tmp_path / "settings.json").exists() and not (tmp_path / "statistics.json").exists()


def test_a_fresh_temporary_file_is_left_to_whoever_writes_it(tmp_path: Path) -> None:
    path = tmp_path / "saved-game.json"
    write_json(path, {"a": 1})
    fresh, old = tmp_path / ".saved-game.json.fresh.tmp", tmp_path / ".saved-game.json.old.tmp"
    fresh.write_text('{"a": ')
    old.write_text('{"a": ')
    an_hour_ago = time.time() - 3600
    os.utime(old, (an_hour_ago, an_hour_ago))
    assert read_json(path, FileKind.SAVE).value == {"a": 1}
    assert fresh.exists(), "another process may be writing it"
    assert not old.exists(), "left by a write that was killed long ago"
