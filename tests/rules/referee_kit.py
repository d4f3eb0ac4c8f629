"""The referee round trip shared by the newer games' rule tests (Modern American, Cuban Canasta): actions written as
the referee reads them, one referee line on a copy, refusals and errors checked, the score, and positions read back.
Each game's position module keeps its own builder and its own check of what a legal action writes."""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from tests.rules.positions import cards

Position = dict[str, Any]
Action = dict[str, Any]


# --- actions ------------------------------------------------------------------------------------------------


def draw() -> Action:
    return {"type": "draw"}


def take(with_: str = "", also: Sequence[str] = ()) -> Action:
    """Take the pile: `with_` the hand cards shown and melded with the top card, `also` more new melds."""
    return {"type": "take_pile", "with": cards(with_), "also": [cards(m) for m in also]}


def meld(*new: str, add: Mapping[str, str] | None = None, add_to: Sequence[tuple[int, str]] = ()) -> Action:
    """One meld step: new melds (notation), additions keyed by rank (`add`) or by meld index (`add_to`)."""
    action: Action = {"type": "meld", "new": [cards(m) for m in new]}
    if add_to:
        entries: list[dict[str, Any]] = [{"meld": index, "cards": cards(text)} for index, text in add_to]
        entries += [{"rank": rank, "cards": cards(text)} for rank, text in (add or {}).items()]
        action["add"] = entries
    else:
        action["add"] = {rank: cards(text) for rank, text in (add or {}).items()}
    return action


def discard(card: str) -> Action:
    return {"type": "discard", "card": card}


def pass_() -> Action:
    return {"type": "pass"}


# --- the referee round trip ---------------------------------------------------------------------------------


def handle(request: Any) -> dict[str, Any]:
    """One referee line (docs/formats.md, "The referee"), on a copy: the caller's request stays as it was."""
    from canasta.app.referee import handle as referee_handle

    reply: dict[str, Any] = referee_handle(copy.deepcopy(request))
    return reply


def refused(pos: Position, action: Action, code: str, *names: str) -> str:
    """Assert the referee refuses `action` with `code`, a message naming each of `names` (cards or numbers), and
    leaves the position as it was (the answer carries no new position, the request is untouched)."""
    from canasta.app.referee import handle as referee_handle

    request = {"position": pos, "action": action}
    before = copy.deepcopy(request)
    result = referee_handle(request)
    assert result.get("legal") is False, f"expected {action} to be refused ({code}), got {result}"
    assert request == before, "judging an action changed the position it was given"
    assert "position" not in result and "events" not in result, f"a refusal moves nothing: {result}"
    found = result.get("code")
    assert isinstance(found, str) and found, f"a refusal needs a stable code: {result}"
    assert found == code, f"expected refusal code {code!r}, got {result}"
    message = result.get("message")
    assert isinstance(message, str) and message, f"a refusal needs a message: {result}"
    for name in names:
        assert name.lower() in message.lower(), f"the message {message!r} should name {name!r}"
    return message


def assert_error(request: Any, *names: str) -> str:
    """Assert malformed input gets {"error": ...} naming each of `names`, never a traceback; returns the text."""
    result = handle(request)
    assert set(result) == {"error"}, f"expected only an error, got {result}"
    text = str(result["error"])
    assert text and "Traceback" not in text
    for name in names:
        assert name.lower() in text.lower(), f"error {text!r} should name {name!r}"
    return text


def score(pos: Position) -> list[dict[str, int]]:
    """The referee's score breakdown, one entry per side."""
    result = handle({"position": pos, "score": True})
    assert "score" in result, f"expected a score, got {result}"
    entries: list[dict[str, int]] = result["score"]
    assert len(entries) == 2
    return entries


# --- reading positions --------------------------------------------------------------------------------------


def same(found: Any, expected: str) -> bool:
    """Equal as multisets of cards."""
    return Counter(found) == Counter(cards(expected))


def melds_of(pos: Position, side: int = 0) -> list[list[str]]:
    """A side's melds as card lists, in the position's order."""
    return [list(meld["cards"]) for meld in pos["melds"][side]]


def meld_of_rank(pos: Position, side: int, rank: str) -> list[str]:
    """The one group of `rank` a side holds."""
    found = [list(m["cards"]) for m in pos["melds"][side] if m.get("kind") == "group" and m.get("rank") == rank]
    assert len(found) == 1, f"side {side} should hold one group of {rank}: {pos['melds'][side]}"
    return found[0]
