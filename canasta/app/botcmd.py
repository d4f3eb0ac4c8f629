"""`canasta bot --level LEVEL`: our computer players for outside programs, as JSON lines (docs/formats.md, "The bot").

Each line in is `{"view": {...}}` (a `canasta-view/1` object; other top-level keys are ignored); each line
out is `{"action": {...}}`, the next action only, or `{"error": "..."}` naming what is wrong.
"""

from __future__ import annotations

import logging
import random
from typing import Any, TextIO

from canasta.ai.base import Bot, CardMemory
from canasta.app.autoplay import Guard, decide
from canasta.app.jsonlines import read_line, serve
from canasta.engine import check, legal_actions
from canasta.engine.actions import Action, Discard, action_to_json
from canasta.engine.playerview import Phase, PlayerView
from canasta.engine.position import PositionFormatError, load_view

LOG = logging.getLogger(__name__)


def answer(bot: Bot, request: Any, guard: Guard | None = None) -> dict[str, Any]:
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
    if not legal_actions(view):
        return {"error": f"view: seat {view.seat} has no legal action in this position{_why_stuck(view)}"}
    return {"action": action_to_json(decide(bot, view, CardMemory.from_view(view), guard))}


def _why_stuck(view: PlayerView) -> str:
    """Why a view with no legal action is stuck, from the refusal of its first discard (a hand-made view may
    leave a player, say, one card and no canasta)."""
    refusal = check(view, Discard(view.hand[0])) if view.hand and view.phase is Phase.PLAY else None
    return "" if refusal is None else f": {refusal.message}"


def run(bot: Bot, lines: TextIO | None, out: TextIO | None, guard: Guard | None = None,
        err: TextIO | None = None) -> int:  # fmt: skip
    """Answer every line; blank lines are skipped. Returns the exit status: 0, or non-zero with one line on
    `err` when a stream fails or on Ctrl-C (`canasta.app.jsonlines.serve`)."""
    return serve("bot", lambda line: _reply(bot, line, guard), lines, out, err)


def _reply(bot: Bot, line: str, guard: Guard | None) -> dict[str, Any]:
    request, problem = read_line(line, "the bot")
    if problem is not None:
        return {"error": problem}
    try:
        return answer(bot, request, guard)
    except RecursionError:
        return {"error": "input nested too deeply"}
    except Exception as error:  # every line gets an answer; a bug here must not end the session
        LOG.exception("the bot command failed on a request")
        return {"error": f"internal error: {type(error).__name__}: {error}"}


class _ByPlayerCount:
    """One player of the level per player count met (Hard's weights depend on it)."""

    def __init__(self, level: str, seed: int) -> None:
        self._level = level
        self._rng = random.Random(seed)
        self._bots: dict[int, Bot] = {}

    def _bot(self, view: PlayerView) -> Bot:
        from canasta.ai.levels import make_bot

        players = view.rules.players
        if players not in self._bots:
            self._bots[players] = make_bot(self._level, self._rng, players)
        return self._bots[players]

    def choose(self, view: PlayerView, memory: CardMemory) -> Action:
        return self._bot(view).choose(view, memory)

    def answer_go_out(self, view: PlayerView, memory: CardMemory) -> bool:
        return self._bot(view).answer_go_out(view, memory)


def main(level: str, seed: int, lines: TextIO | None, out: TextIO | None, err: TextIO | None = None) -> int:
    with Guard() as guard:  # a decision that hangs is answered with a safe move
        return run(_ByPlayerCount(level, seed), lines, out, guard, err)
