"""`canasta.lock` deleted while a copy of the game runs: that copy takes the lock again before its next write,
so a copy started later runs read-only as usual; and if a later copy locked a new file first, the first copy
writes nothing more and says so, instead of two copies writing the same game."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from canasta.storage.keeper import Keeper, open_keeper
from canasta.storage.lock import LOCK_NAME
from canasta.storage.paths import StoragePaths
from tests.storage.games import played

CHILD = Path(__file__).with_name("copy_child.py")
ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(os.name == "nt", reason="Windows does not delete a file that is open")


def _spawn(home: Path, mode: str) -> tuple[subprocess.Popen[str], dict[str, Any]]:
    """Another copy of the game on `home`, and what it found on opening the files."""
    child = subprocess.Popen(
        [sys.executable, str(CHILD), str(home), mode], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
    )  # fmt: skip
    assert child.stdout is not None
    line = child.stdout.readline()
    assert line.startswith("OPEN "), line + (child.stderr.read() if child.stderr else "")
    found: dict[str, Any] = json.loads(line.removeprefix("OPEN "))
    return child, found


def _first_copy(home: Path) -> Keeper:
    keeper = open_keeper(StoragePaths(home, home), background=False)
    assert not keeper.read_only
    keeper.saver.save(*played(hands=0, extra=6))
    assert keeper.saver.message is None and keeper.saver.path.exists()
    return keeper


def test_the_running_copy_takes_the_lock_again_at_its_next_write(tmp_path: Path) -> None:
    keeper = _first_copy(tmp_path)
    (tmp_path / LOCK_NAME).unlink()
    keeper.saver.save(*played(hands=0, extra=8))
    assert keeper.saver.message is None and (tmp_path / LOCK_NAME).exists()
    child, found = _spawn(tmp_path, "start")
    child.communicate(timeout=60)
    assert found["read_only"] is True and found["continue"] is False, "the game stays the first copy's"


def test_a_copy_that_lost_the_lock_to_another_writes_nothing_more(tmp_path: Path) -> None:
    keeper = _first_copy(tmp_path)
    (tmp_path / LOCK_NAME).unlink()
    child, found = _spawn(tmp_path, "play")  # it locks a new lock file and saves its own game
    try:
        assert found["read_only"] is False
        assert child.stdout is not None and child.stdout.readline().startswith("SAVED")
        keeper.saver.save(*played(hands=0, extra=8))
        keeper.settings.change(volume=11)
        keeper.stats.reset()
        assert keeper.settings.settings.volume == 11, "the change holds in this copy, unsaved"
        assert not keeper.settings.path.exists() and not keeper.stats.path.exists(), "the other copy never wrote them"
        for store in (keeper.saver, keeper.settings, keeper.stats):
            assert store.read_only and store.message and "Nothing more is saved" in store.message
    finally:
        (tmp_path / "stop").touch()
        output, _ = child.communicate(timeout=60)
    assert "FAILED" not in output, "the other copy's saves went on"
