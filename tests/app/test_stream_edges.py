"""`referee` and `bot` at the edges of their streams: output closed or full, input closed, Ctrl-C, lines ending
in a lone carriage return, an endless line, and refusals that name the command that refuses."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path
from typing import IO

import pytest

from canasta.app.jsonlines import MAX_LINE_BYTES, byte_lines
from tests.app.terminal import ctrl_c_as_at_a_terminal  # noqa: F401 - an autouse fixture

ROOT = Path(__file__).resolve().parents[2]
COMMANDS = [["referee"], ["bot", "--level", "normal"]]
POSIX = pytest.mark.skipif(os.name != "posix", reason="closing a child's standard stream needs POSIX")


def _name(command: list[str]) -> str:
    return command[0]


def _canasta(command: list[str], feed: bytes) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "canasta", *command], input=feed, capture_output=True, cwd=ROOT,
                          timeout=120, check=False)  # fmt: skip


def _one_line(errors: bytes) -> str:
    text = errors.decode("utf-8")
    assert "Traceback" not in text
    assert len(text.splitlines()) == 1, text
    return text.strip()


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
@pytest.mark.parametrize("command", COMMANDS, ids=_name)
def test_a_full_output_ends_the_command_with_one_line(command: list[str]) -> None:
    with open("/dev/full", "wb") as full:
        done = subprocess.run([sys.executable, "-m", "canasta", *command], input=b"{}\n", stdout=full,
                              stderr=subprocess.PIPE, cwd=ROOT, timeout=120, check=False)  # fmt: skip
    assert _one_line(done.stderr) == f"canasta {command[0]}: cannot write the output (No space left on device)"
    assert done.returncode == 1


@POSIX
@pytest.mark.parametrize("command", COMMANDS, ids=_name)
def test_a_closed_input_ends_the_command_with_one_line(command: list[str]) -> None:
    done = subprocess.run([sys.executable, "-m", "canasta", *command], capture_output=True, cwd=ROOT,
                          timeout=120, check=False, preexec_fn=lambda: os.close(0))  # fmt: skip
    assert _one_line(done.stderr) == f"canasta {command[0]}: standard input is closed"
    assert done.returncode == 1 and done.stdout == b""


@POSIX
@pytest.mark.parametrize("command", COMMANDS, ids=_name)
def test_a_closed_output_ends_the_command_with_one_line(command: list[str]) -> None:
    done = subprocess.run([sys.executable, "-m", "canasta", *command], input=b"{}\n", stderr=subprocess.PIPE,
                          cwd=ROOT, timeout=120, check=False, preexec_fn=lambda: os.close(1))  # fmt: skip
    assert _one_line(done.stderr) == f"canasta {command[0]}: standard output is closed"
    assert done.returncode == 1


def _read_line_within(stream: IO[bytes], seconds: float) -> bytes | None:
    """The next line of `stream`, or None when none came within `seconds`."""
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(stream.readline()), daemon=True)
    reader.start()
    reader.join(seconds)
    return got[0] if got else None


@pytest.mark.skipif(not hasattr(signal, "SIGINT") or os.name != "posix", reason="sending Ctrl-C needs POSIX")
@pytest.mark.parametrize("command", COMMANDS, ids=_name)
def test_ctrl_c_ends_the_command_with_one_line_and_status_130(command: list[str]) -> None:
    process = subprocess.Popen([sys.executable, "-m", "canasta", *command], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)  # fmt: skip
    assert process.stdin is not None and process.stdout is not None and process.stderr is not None
    process.stdin.write(b"{}\n")
    process.stdin.flush()
    assert _read_line_within(process.stdout, 60), "the command answers, then waits for the next line"
    process.send_signal(signal.SIGINT)
    status = process.wait(timeout=60)
    errors = process.stderr.read()
    process.stdin.close()
    process.stdout.close()
    process.stderr.close()
    assert _one_line(errors) == f"canasta {command[0]}: interrupted"
    assert status == 130


@pytest.mark.parametrize("command", COMMANDS, ids=_name)
def test_lines_may_end_in_a_lone_carriage_return(command: list[str]) -> None:
    done = _canasta(command, b'{}\r[]\r\n"x"\r\r\n5\n')
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(answers) == 4 and all("error" in answer for answer in answers), answers
    assert not any("not JSON" in answer["error"] for answer in answers), answers


@pytest.mark.parametrize("command", COMMANDS, ids=_name)
def test_a_line_ended_by_a_lone_carriage_return_is_answered_at_once(command: list[str]) -> None:
    process = subprocess.Popen([sys.executable, "-m", "canasta", *command], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)  # fmt: skip
    assert process.stdin is not None and process.stdout is not None
    try:
        process.stdin.write(b"{}\r")
        process.stdin.flush()
        answer = _read_line_within(process.stdout, 60)
    finally:
        process.communicate(timeout=60)  # closes its input: the command ends
    assert answer is not None and "error" in json.loads(answer), "no answer until more input came"


@pytest.mark.parametrize("command", COMMANDS, ids=_name)
def test_refusals_name_the_command_that_refuses(command: list[str]) -> None:
    reader = "the referee" if command[0] == "referee" else "the bot"
    done = _canasta(command, b"[" * 100_000 + b"\n" + b'{"view": ' + b"7" * 4301 + b"}\n")
    answers = [json.loads(line)["error"] for line in done.stdout.splitlines()]
    assert answers == [
        f"not JSON {reader} can read: nested too deeply",
        f"not JSON {reader} can read: a number in the input is too long",
    ]


@pytest.mark.parametrize("command", COMMANDS, ids=_name)
def test_a_line_longer_than_any_request_is_refused_and_the_next_one_answered(command: list[str]) -> None:
    done = _canasta(command, b" " * (MAX_LINE_BYTES + 10) + b"x\n{}\n")
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert answers[0] == {"error": "the line is longer than 16 MB"}
    assert len(answers) == 2 and "error" in answers[1] and "longer" not in answers[1]["error"], "{} is answered"
    assert done.returncode == 0


class _Trickle:
    """A stream that gives its bytes `step` at a time, as a slow pipe does."""

    def __init__(self, data: bytes, step: int) -> None:
        self._data, self._step = data, step

    def read1(self, _size: int) -> bytes:
        chunk, self._data = self._data[: self._step], self._data[self._step :]
        return chunk


@pytest.mark.parametrize("step", [1, 2, 3, 1000])
def test_line_ends_split_between_reads_end_one_line_each(step: int) -> None:
    data = b'{"a": 1}\r\n[2]\r"3"\n\r\n4\r\r5'
    lines = list(byte_lines(_Trickle(data, step), limit=8))  # type: ignore[arg-type]
    assert lines == [b'{"a": 1}', b"[2]", b'"3"', b"", b"4", b"", b"5"]
    assert list(byte_lines(_Trickle(b"123456789\n1234\r\n123456789", step), limit=8)) == [None, b"1234", None]  # type: ignore[arg-type]
