"""Complete `canasta-position/2` test positions of Modern American Canasta from card notation, through the referee.

The 108 cards of two packs and four jokers; a test places the cards that matter and every other card goes into the
stock after the `stock_top` cards it fixes (threes last, so no three is dealt as filler). Melds are objects with
their kind: `group("K", "KC KD KH")`, `wild("JK 2C 2D")`. `threes` are by side. Nothing here knows a rule beyond the
deck and the seating.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from tests.rules.positions import cards, handle
from tests.rules.positions import deck as classic_deck
from tests.rules_family.family import Table, build, group, wild

Position = dict[str, Any]
Action = dict[str, Any]

__all__ = ["Position", "act", "after", "group", "position", "refused", "score", "wild"]


def position(
    *,
    threes: Mapping[int, str] | None = None,
    bonus_cards: Sequence[bool] | None = None,
    **fields: Any,
) -> Position:
    """A complete Modern American position (see `tests.rules_family.family.build` for the keywords); `threes` by
    side; `bonus_cards` defaults to whether each side has melds."""
    rules = {"players": 4, "variant": "modern_american", **dict(fields.pop("rules", {}))}
    rules.pop("players")
    rules.pop("variant")
    table = Table("modern_american", 4, [[0, 2], [1, 3]], classic_deck(4))
    top = len(cards(fields.get("stock_top", "")))
    made = build(table, rules=rules, red_threes=threes, **fields)
    made["threes"] = made.pop("red_threes")
    rest = sorted(made["stock"][top:], key=lambda card: card[0] == "3")  # no three dealt as filler or drawn early
    made["stock"] = made["stock"][:top] + rest
    melds = made["melds"]
    if rules.get("bonus_cards", True):
        made["bonus_cards"] = list(bonus_cards) if bonus_cards is not None else [bool(side) for side in melds]
        if all(melds) and "bonus_order" not in made:
            made["bonus_order"] = [0, 1]
    return made


def act(pos: Position, action: Action) -> dict[str, Any]:
    return handle({"position": pos, "action": action})


def _placed(pos: Position) -> Counter[str]:
    found: Counter[str] = Counter()
    for hand in pos["hands"]:
        found.update(hand)
    found.update(pos["stock"])
    found.update(pos["pile"])
    for side in pos["melds"]:
        for meld in side:
            found.update(meld["cards"])
    for row in pos["threes"]:
        found.update(row)
    return found


def after(pos: Position, action: Action) -> Position:
    """The position after a legal action (every card of the deck still placed once)."""
    result = act(pos, action)
    assert result.get("legal") is True, f"expected {action} to be legal, got {result}"
    new: Position = result["position"]
    assert _placed(new) == _placed(pos) == Counter(classic_deck(4))
    return new


def refused(pos: Position, action: Action, code: str) -> str:
    """The message of the refusal of `action`, which must have `code`."""
    result = act(pos, action)
    assert result.get("legal") is False and result.get("code") == code, f"expected {code}, got {result}"
    message: str = result["message"]
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


def take(with_: str, also: Sequence[str] = ()) -> Action:
    return {"type": "take_pile", "with": cards(with_), "also": [cards(text) for text in also]}


def meld(*new: str, add: Sequence[tuple[int, str]] = ()) -> Action:
    return {"type": "meld", "new": [cards(text) for text in new],
            "add": [{"meld": index, "cards": cards(text)} for index, text in add]}  # fmt: skip
