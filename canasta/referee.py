"""The referee: JSON lines in and out (DESIGN.md §3). `handle` answers one request object."""

from __future__ import annotations

import io
import json
import logging
import sys
from typing import Any, TextIO

from canasta.actions import ActionFormatError, action_from_json
from canasta.engine import apply
from canasta.events import event_to_json
from canasta.position import PositionFormatError, dump_position, load_position
from canasta.refusals import IllegalActionError
from canasta.scoring import score_hand

LOG = logging.getLogger(__name__)


def handle(request: Any) -> dict[str, Any]:
    """Answer one request: `{"position", "action"}` or `{"position", "score": true}`. Never raises."""
    if not isinstance(request, dict):
        return {"error": 'each line must be a JSON object with "position" and "action" (or "score": true)'}
    if "position" not in request:
        return {"error": "position is missing"}
    try:
        state = load_position(request["position"])
    except PositionFormatError as error:
        return {"error": f"position: {error}"}
    if request.get("score") is True:
        return {"score": [side.to_dict() for side in score_hand(state)]}
    if "action" not in request:
        return {"error": 'action is missing (or ask for "score": true)'}
    try:
        action = action_from_json(request["action"])
    except ActionFormatError as error:
        return {"error": str(error)}
    try:
        transition = apply(state, action)
    except IllegalActionError as error:
        return {"legal": False, "code": error.refusal.code.value, "message": error.refusal.message}
    return {
        "legal": True,
        "position": dump_position(transition.state),
        "events": [event_to_json(event) for event in transition.events],
    }


def run(lines: TextIO, out: TextIO) -> int:
    """Answer every line of `lines` on `out`; blank lines are skipped. Returns the exit status (0)."""
    for line in tolerant(lines):
        if not line.strip():
            continue
        answer = _answer(line)
        out.write(json.dumps(answer) + "\n")
        out.flush()
    return 0


def tolerant(lines: TextIO) -> TextIO:
    """The same stream, reading bytes that are not UTF-8 without failing (`read_line` then refuses them)."""
    if isinstance(lines, io.TextIOWrapper):
        # The JSON lines are UTF-8 whatever the system's own encoding is (Windows reads pipes as cp1252).
        lines.reconfigure(encoding="utf-8", errors="surrogateescape")
    return lines


def read_line(line: str) -> tuple[Any, str | None]:
    """The JSON value of one line, or (None, why it cannot be read)."""
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
        return None, "not JSON the referee can read: nested too deeply"
    except ValueError as error:  # such as a number of more digits than Python reads
        return None, f"not JSON the referee can read: {error}"


def _answer(line: str) -> dict[str, Any]:
    request, problem = read_line(line)
    if problem is not None:
        return {"error": problem}
    try:
        return handle(request)
    except RecursionError:
        return {"error": "input nested too deeply"}
    except Exception as error:  # the referee answers every line; a bug here must not end the session
        LOG.exception("the referee failed on a request")
        return {"error": f"internal error: {type(error).__name__}: {error}"}


def main() -> int:
    return run(sys.stdin, sys.stdout)
