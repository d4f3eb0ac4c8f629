"""Ctrl-C in a headless command ends it as it ends the referee and the bot: one line on standard error naming
the command and the exit status 130, never a traceback (of the command or of its worker processes).

Each command runs in a child program whose working part is replaced by one that sends the program a real
SIGINT while it works, so the interrupt lands mid-command every time, with no timing to guess."""

from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.app.terminal import ctrl_c_as_at_a_terminal  # noqa: F401 - an autouse fixture

ROOT = Path(__file__).resolve().parents[2]
WAIT_S = 120.0

pytestmark = pytest.mark.skipif(os.name != "posix", reason="sending Ctrl-C as a signal needs POSIX")

# The child: replaces MODULE.NAME with a stand-in that interrupts (its own process, or with "group" the whole
# process group: the terminal's Ctrl-C), then runs the command line that follows.
CHILD = """
import os, signal, sys, time, importlib
module, name, whom = sys.argv[1:4]

def interrupting(*args, **kwargs):
    if whom == "group":
        os.killpg(os.getpgrp(), signal.SIGINT)
    else:
        os.kill(os.getpid(), signal.SIGINT)
    time.sleep(60)

setattr(importlib.import_module(module), name, interrupting)
from canasta.__main__ import main
sys.exit(main(sys.argv[4:]))
"""

COMMANDS = {
    "soak": ("canasta.app.soak", "soak", ["soak", "--hands", "1"]),
    "sim": ("canasta.app.sim", "simulate", ["sim", "--a", "greedy", "--b", "greedy", "--deals", "1"]),
    "tune": ("canasta.app.tune", "tune", ["tune", "--generations", "0"]),
    "learn": ("canasta.app.learn", "learn", ["learn"]),
    "bench": ("canasta.app.bench", "bench_engine", ["bench", "engine"]),
    "replay": ("canasta.app.replay", "run_replay", ["replay", "game.json"]),
    "--terminal": ("canasta.app.autoplay", "play_game", ["--terminal", "--seed", "1"]),
    "--smoke": ("canasta.app.smoke", "smoke", ["--smoke"]),
}


def _interrupted(module: str, name: str, whom: str, argv: list[str]) -> tuple[int, str]:
    """The exit status and standard error of the command line `argv`, interrupted where `module.name` runs."""
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, module, name, whom, *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        cwd=ROOT, start_new_session=True, text=True,
    )  # fmt: skip
    try:
        _out, err = child.communicate(timeout=WAIT_S)
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGKILL)
        child.communicate()
        pytest.fail("the interrupted command did not end")
    return child.returncode, err


@pytest.mark.parametrize("command", list(COMMANDS))
def test_ctrl_c_ends_a_headless_command_with_one_line_and_status_130(command: str) -> None:
    module, name, argv = COMMANDS[command]
    status, err = _interrupted(module, name, "process", argv)
    assert err.splitlines() == [f"canasta {command}: interrupted"], err
    assert status == 130


@pytest.mark.skipif(multiprocessing.get_start_method() != "fork", reason="the stand-in reaches workers by fork")
def test_ctrl_c_at_the_terminal_ends_sim_and_its_workers_with_one_line() -> None:
    """The terminal sends Ctrl-C to every process of the command: the workers say nothing, the command one line,
    and it ends without waiting for the deals its workers are on."""
    argv = ["sim", "--a", "greedy", "--b", "greedy", "--deals", "8", "--games", "0", "--jobs", "2"]
    status, err = _interrupted("canasta.app.sim", "_run", "group", argv)
    assert err.splitlines() == ["canasta sim: interrupted"], err
    assert status == 130
