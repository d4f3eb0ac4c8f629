"""`canasta bot --level LEVEL`: our computer players for outside programs, as JSON lines (DESIGN.md §7).

Each line in is `{"view": {...}}` (a `canasta-view/1` object; other top-level keys are ignored); each line
out is `{"action": {...}}`, the next action only, or `{"error": "..."}` naming what is wrong.
"""

from __future__ import annotations

import json
import logging
import random
from typing import Any, TextIO

from canasta.actions import action_to_json
from canasta.ai.base import Bot, CardMemory
from canasta.app.autoplay import decide
from canasta.playerview import Phase
from canasta.position import PositionFormatError, load_view

LOG = logging.getLogger(__name__)


def answer(bot: Bot, request: Any) -> dict[str, Any]:
    """The bot's next action for one request, or an error naming the problem. Never raises."""
    if not isinstance(request, dict) or "view" not in request:
        return {"error": 'each line must be a JSON object with a "view"'}
    try:
        view = load_view(request["view"])
    except PositionFormatError as error:
        return {"error": f"view: {error}"}
    if view.phase is Phase.OVER:
        return {"error": "view: the hand is over; there is nothing to play"}
    if view.seat != view.current:
        return {"error": f"view: it is seat {view.current}'s turn, not seat {view.seat}'s"}
    return {"action": action_to_json(decide(bot, view, CardMemory.from_view(view)))}


def run(bot: Bot, lines: TextIO, out: TextIO) -> int:
    """Answer every line; blank lines are skipped. Returns the exit status (0)."""
    for line in lines:
        if not line.strip():
            continue
        try:
            reply = answer(bot, json.loads(line))
        except json.JSONDecodeError as error:
            reply = {"error": f"not JSON: {error.msg} at column {error.colno}"}
        except RecursionError:
            reply = {"error": "input nested too deeply"}
        out.write(json.dumps(reply) + "\n")
        out.flush()
    return 0


def main(level: str, seed: int, lines: TextIO, out: TextIO) -> int:
    from canasta.ai.levels import make_bot

    return run(make_bot(level, random.Random(seed)), lines, out)
