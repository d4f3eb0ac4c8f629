"""JSON lines in and out, for the `referee` and `bot` commands (docs/formats.md, "The referee" and "The bot").

The lines are UTF-8 whatever the system's own encoding is (Windows reads pipes as cp1252), may end in "\\n",
"\\r\\n" or a lone "\\r" (as old Mac programs write), and may start with a byte-order mark (as some Windows
programs write). A line is answered as soon as its end arrives. Whatever goes wrong with the streams
themselves (standard input or output closed, a full disk, a reader that went away, Ctrl-C) ends the command
with one line on standard error that names it, never with a traceback.
"""

from __future__ import annotations

import contextlib
import errno
import json
import logging
import os
import re
from collections.abc import Callable, Iterator
from typing import IO, Any, TextIO

LOG = logging.getLogger(__name__)
Reply = Callable[[str], dict[str, Any]]
INTERRUPTED = 130  # the exit status of a program stopped by Ctrl-C, as shells report it (128 + SIGINT)
MAX_LINE_BYTES = 16 * 2**20  # a position is a few kilobytes; a longer line is refused, never held whole
_CHUNK = 1 << 16
_LINE_END = re.compile(rb"\r\n|\r|\n")
_TEXT_LINE_END = re.compile("\r\n|\r|\n")


def serve(command: str, reply: Reply, lines: TextIO | None, out: TextIO | None, err: TextIO | None) -> int:
    """Write `reply(line)` as one JSON line on `out` for every line of `lines` (blank lines are skipped).

    Returns the exit status: 0 at the end of the input; 1 when a stream fails, or 130 on Ctrl-C, with one line
    on `err` (when there is one) starting "canasta COMMAND: ".
    """
    if lines is None or out is None:
        return _stop(command, err, "standard input is closed" if lines is None else "standard output is closed")
    try:
        for line in lines_of(lines):
            if line is not None and not line.strip():
                continue
            answer = reply(line) if line is not None else {"error": f"the line is longer than {_megabytes()}"}
            try:
                out.write(json.dumps(answer) + "\n")
                out.flush()
            except OSError as error:
                _silence(out)
                return _stop(command, err, _output_problem(error))
    except KeyboardInterrupt:
        return _stop(command, err, "interrupted", INTERRUPTED)
    except OSError as error:  # reading the input failed
        return _stop(command, err, f"cannot read the input ({error.strerror or error})")
    return 0


def lines_of(stream: TextIO) -> Iterator[str | None]:
    """Each line of `stream` without its end, None for a line longer than MAX_LINE_BYTES. Bytes that are not
    UTF-8 are kept as surrogate escapes (`read_line` refuses them, naming the byte)."""
    raw = getattr(stream, "buffer", None)
    if raw is None:  # a text stream without bytes beneath (tests): its text is decoded already
        for text in stream:
            yield from _TEXT_LINE_END.split(text)
        return
    for line in byte_lines(raw):
        yield None if line is None else line.decode("utf-8", "surrogateescape")


def byte_lines(stream: IO[bytes], limit: int = MAX_LINE_BYTES) -> Iterator[bytes | None]:
    """Each line of `stream` without its end ("\\n", "\\r\\n" or "\\r"), as soon as its end is read; None for a
    line longer than `limit` bytes, whose bytes are dropped as they come."""
    parts: list[bytes] = []
    size, after_cr, too_long = 0, False, False
    while chunk := _read_some(stream):
        if after_cr and chunk.startswith(b"\n"):
            chunk = chunk[1:]  # the end of a "\r\n" that arrived in two reads
        after_cr = chunk.endswith(b"\r")
        *ended, rest = _LINE_END.split(chunk)
        for piece in ended:
            yield None if too_long or size + len(piece) > limit else b"".join([*parts, piece])
            parts, size, too_long = [], 0, False
        parts.append(rest)
        size += len(rest)
        if size > limit:  # no need to keep what will be refused
            parts, size, too_long = [], 0, True
    if too_long or size:
        yield None if too_long else b"".join(parts)


def read_line(line: str, reader: str) -> tuple[Any, str | None]:
    """The JSON value of one line, or (None, why it cannot be read); `reader` names who reads ("the bot")."""
    try:
        line.encode("utf-8")
    except UnicodeEncodeError as error:
        byte = ord(line[error.start]) & 0xFF  # surrogateescape keeps an undecodable byte b as U+DC00 + b
        return None, f"not UTF-8 text: byte 0x{byte:02x} at column {error.start + 1}"
    try:
        # A byte-order mark, which some Windows programs write at the start of a file, is not part of the JSON.
        return json.loads(line.rstrip("\r\n").removeprefix("\ufeff")), None
    except json.JSONDecodeError as error:
        return None, f"not JSON: {error.msg} at column {error.pos + 1}"
    except RecursionError:
        return None, f"not JSON {reader} can read: nested too deeply"
    except ValueError:  # the one other refusal of Python's reader: a whole number of more digits than it converts
        return None, f"not JSON {reader} can read: a number in the input is too long"


def _read_some(stream: IO[bytes]) -> bytes:
    """What the stream has now (at least one byte, or none at its end), without waiting to fill a buffer."""
    read1 = getattr(stream, "read1", None)
    return bytes(read1(_CHUNK) if read1 is not None else stream.read(_CHUNK))


def _output_problem(error: OSError) -> str:
    if isinstance(error, BrokenPipeError) or error.errno == errno.EPIPE:
        return "the output was closed before the command finished"
    return f"cannot write the output ({error.strerror or error})"


def _megabytes() -> str:
    return f"{MAX_LINE_BYTES // 2**20} MB"


def _stop(command: str, err: TextIO | None, why: str, status: int = 1) -> int:
    """Say why the command stops, in one line (when there is anywhere to say it); returns `status`."""
    LOG.info("canasta %s stopped: %s", command, why)  # kept in the log file, when there is one
    if err is not None:
        with contextlib.suppress(OSError, ValueError):  # standard error gone too: the exit status is all there is
            print(f"canasta {command}: {why}", file=err, flush=True)
    return status


def _silence(out: TextIO) -> None:
    """Point a failed output at nothing, so that flushing what it still holds at exit does not fail again."""
    with contextlib.suppress(OSError, ValueError, AttributeError):  # not a real file (tests capture it): no need
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, out.fileno())
        os.close(devnull)
