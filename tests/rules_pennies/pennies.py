"""Complete `canasta-position/2` test positions of Pennies from Heaven from card notation, through the referee.

The 216 cards of four packs and eight jokers; six seats in two sides of three (seats 0, 2, 4 against 1, 3, 5), or
three sides of two under `six_player_sides: 3x2`. A test places the cards that matter; every seat it gives no
packet holds one of 11 filler cards (`feet`: a seat's packet, None once taken up), and every other card goes into
the stock after the `stock_top` cards it fixes. Melds are objects with their kind: `group("K", "KC KD KH")`,
`wild("JK 2C 2D")`. Nothing here knows a rule beyond the deck and the seating.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from tests.rules.positions import RANKS, SUITS, cards, handle
from tests.rules_family.family import Table, build, group, wild

Position = dict[str, Any]
Action = dict[str, Any]

__all__ = ["Position", "act", "after", "deck", "discard", "draw", "group", "meld", "position", "refused", "score",
           "take", "wild"]  # fmt: skip

PACKET = 11


def deck() -> list[str]:
    """The 216 cards: every card of a pack four times, and eight jokers."""
    return [rank + suit for rank in RANKS for suit in SUITS for _ in range(4)] + ["JK"] * 8


def sides(rules: Mapping[str, Any]) -> list[list[int]]:
    if rules.get("six_player_sides") in ("3x2", "three_of_two"):
        return [[0, 3], [1, 4], [2, 5]]
    return [[0, 2, 4], [1, 3, 5]]


def position(*, packet_due: Sequence[int] = (), **fields: Any) -> Position:
    """A complete Pennies from Heaven position (see `tests.rules_family.family.build` for the keywords)."""
    rules = dict(fields.pop("rules", {}))
    table = Table("pennies_from_heaven", 6, sides(rules), deck(), foot=PACKET)
    made = build(table, rules=rules, **fields)
    if packet_due:
        made["packet_due"] = list(packet_due)
    return made


def over(melds: Mapping[int, Sequence[dict[str, Any]]], hands: Mapping[int, str], **fields: Any) -> Position:
    """A hand that is over (seat `out`, by default 0, went out; `out=None`: the stock ended it); every seat's hand
    is as given, empty where not given; packets as `feet` gives them (face down filler where not given)."""
    full = {seat: hands.get(seat, "") for seat in range(6)}
    out = fields.pop("out", {"seat": 0, "concealed": False})
    return position(hands=full, melds=melds, phase="over", out=out, turn={"melded": True}, **fields)


def act(pos: Position, action: Action) -> dict[str, Any]:
    return handle({"position": pos, "action": action})


def _placed(pos: Position) -> Counter[str]:
    found: Counter[str] = Counter()
    for hand in pos["hands"]:
        found.update(hand)
    for foot in pos["feet"]:
        found.update(foot or [])
    found.update(pos["stock"])
    found.update(pos["pile"])
    for side in pos["melds"]:
        for meld in side:
            found.update(meld["cards"])
    for row in pos["red_threes"]:
        found.update(row)
    return found


def after(pos: Position, action: Action) -> dict[str, Any]:
    """The referee's answer to a legal action (every card of the deck still placed once)."""
    result = act(pos, action)
    assert result.get("legal") is True, f"expected {action} to be legal, got {result}"
    assert _placed(result["position"]) == _placed(pos) == Counter(deck())
    return result


def refused(pos: Position, action: Action, code: str, *shown: str) -> str:
    """The message of the refusal of `action`, which must have `code` and name each of `shown`."""
    result = act(pos, action)
    assert result.get("legal") is False and result.get("code") == code, f"expected {code}, got {result}"
    message: str = result["message"]
    for words in shown:
        assert words in message, f"{words!r} not in {message!r}"
    return message


def score(pos: Position) -> list[dict[str, int]]:
    result = handle({"position": pos, "score": True})
    assert "score" in result, result
    entries: list[dict[str, int]] = result["score"]
    return entries


def draw() -> Action:
    return {"type": "draw"}


def discard(card: str) -> Action:
    return {"type": "discard", "card": card}


def take(with_: str = "", also: Sequence[str] = (), onto: int | None = None) -> Action:
    action: Action = {"type": "take_pile", "with": cards(with_), "also": [cards(text) for text in also]}
    if onto is not None:
        action["onto"] = onto
    return action


def meld(*new: str, add: Sequence[tuple[int, str]] = ()) -> Action:
    return {"type": "meld", "new": [cards(text) for text in new],
            "add": [{"meld": index, "cards": cards(text)} for index, text in add]}  # fmt: skip


def event_types(result: dict[str, Any]) -> list[str]:
    return [event["type"] for event in result["events"]]
