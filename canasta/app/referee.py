"""The referee: JSON lines in and out (docs/formats.md, "The referee"). `handle` answers one request object."""

from __future__ import annotations

import logging
import sys
from typing import Any, TextIO

from canasta.app.jsonlines import read_line, serve
from canasta.engine import apply
from canasta.engine.actions import ActionFormatError, action_from_json
from canasta.engine.events import event_to_json
from canasta.engine.position import PositionFormatError, dump_position, load_position
from canasta.engine.refusals import IllegalActionError
from canasta.engine.scoring import score_hand

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


def run(lines: TextIO | None, out: TextIO | None, err: TextIO | None = None) -> int:
    """Answer every line of `lines` on `out`; blank lines are skipped. Returns the exit status: 0, or non-zero
    with one line on `err` when a stream fails or on Ctrl-C (`canasta.app.jsonlines.serve`)."""
    return serve("referee", _answer, lines, out, err)


def _answer(line: str) -> dict[str, Any]:
    request, problem = read_line(line, "the referee")
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
    return run(sys.stdin, sys.stdout, sys.stderr)
