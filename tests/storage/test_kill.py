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
from tests.storage import autosave_child

CHILD = Path(__file__).with_name("autosave_child.py")
ROOT = Path(__file__).resolve().parents[2]


def _kill_at_random(home: Path, kills: int, seed: int) -> None:
    """Each round a fresh interpreter runs the child script and is killed while it saves."""
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
        _check_resumes(home, rest, round_)


def _kill_forked_at_random(home: Path, kills: int, seed: int) -> None:
    """The same with forked children (POSIX): the same saving loop, killed by SIGKILL, without paying for a
    new interpreter each round, so that hundreds of rounds fit in the test run."""
    rng = random.Random(seed)
    for round_ in range(kills):
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: save after every action until killed
            os.close(read_end)
            sys.stdout = os.fdopen(write_end, "w", buffering=1)
            try:
                autosave_child.main(home, seed * 1000 + round_)
            finally:
                os._exit(0)
        os.close(write_end)
        with os.fdopen(read_end) as lines:
            first = lines.readline()
            assert first.startswith("START"), f"round {round_}: {first!r}"
            lines.readline()  # the first save is done: from now on the child is in its saving loop
            time.sleep(rng.uniform(0.0, 0.03))
            os.kill(pid, signal.SIGKILL)
            rest = lines.read()
        os.waitpid(pid, 0)
        _check_resumes(home, rest, round_)


def _check_resumes(home: Path, output: str, round_: int) -> None:
    """The save loads, and it is the last save the child reported or one more it finished before saying so."""
    saved = [line.split() for line in output.splitlines() if line.startswith("SAVED")]
    loaded = AutoSaver(home / "saved-game.json").load()
    assert loaded.message is None and loaded.value is not None, f"round {round_}: {loaded.message}"
    if saved:
        game_id, step = saved[-1][1], int(saved[-1][2])
        record = loaded.value.record
        assert record.game_id == game_id, f"round {round_}: another game was loaded"
        assert record.action_count + len(record.hands) in (step, step + 1), f"round {round_}"


def test_killed_while_saving_it_resumes_from_a_good_save(tmp_path: Path) -> None:
    _kill_at_random(tmp_path, kills=8, seed=1)


@pytest.mark.soak
@pytest.mark.skipif(not hasattr(os, "fork"), reason="forked children need POSIX")
def test_killed_five_hundred_times_it_always_resumes(tmp_path: Path) -> None:
    start = time.perf_counter()
    _kill_forked_at_random(tmp_path, kills=500, seed=2)
    print(f"500 kills in {time.perf_counter() - start:.1f} s")
