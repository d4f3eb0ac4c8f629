"""A process killed at random moments while it saves after every action: the next start always resumes from
the last or the one before the last save, never from a damaged file."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from canasta.storage.saves import AutoSaver

CHILD = Path(__file__).with_name("autosave_child.py")
ROOT = Path(__file__).resolve().parents[2]


def _kill_at_random(home: Path, kills: int, seed: int) -> None:
    rng = random.Random(seed)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    for round_ in range(kills):
        child = subprocess.Popen(
            [sys.executable, str(CHILD), str(home), str(seed * 1000 + round_)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
        )  # fmt: skip
        assert child.stdout is not None
        first = child.stdout.readline()
        assert first.startswith("START") and "pygame=False" in first, first + (child.stderr.read() if child.stderr
                                                                                else "")  # fmt: skip
        child.stdout.readline()  # the first save is done: from now on the child is in its saving loop
        time.sleep(rng.uniform(0.0, 0.03))
        child.send_signal(signal.SIGKILL if hasattr(signal, "SIGKILL") else signal.SIGTERM)
        rest, _ = child.communicate()
        saved = [line.split() for line in rest.splitlines() if line.startswith("SAVED")]
        loaded = AutoSaver(home / "saved-game.json").load()
        assert loaded.message is None and loaded.value is not None, f"round {round_}: {loaded.message}"
        if saved:  # the last save it reported, or one more that finished before it could say so
            game_id, step = saved[-1][1], int(saved[-1][2])
            record = loaded.value.record
            assert record.game_id == game_id, f"round {round_}: another game was loaded"
            assert record.action_count + len(record.hands) in (step, step + 1), f"round {round_}"


def test_killed_while_saving_it_resumes_from_a_good_save(tmp_path: Path) -> None:
    _kill_at_random(tmp_path, kills=8, seed=1)


@pytest.mark.soak
def test_killed_five_hundred_times_it_always_resumes(tmp_path: Path) -> None:
    start = time.perf_counter()
    _kill_at_random(tmp_path, kills=500, seed=2)
    print(f"500 kills in {time.perf_counter() - start:.1f} s")
