"""The actions a seat can take, and their JSON form (docs/formats.md, "Actions").

Cards in an action name cards by notation: the engine matches them against the physical cards in the
player's hand, so an action read from JSON (where both copies of "QH" look alike) works the same.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from canasta.engine.cards import Card, Rank, card_texts


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw from the stock."""


@dataclass(frozen=True, slots=True)
class TakePile:
    """Take the discard pile: `with_` are hand cards melded with the top card; `also` more new melds."""

    with_: tuple[Card, ...] = ()
    also: tuple[tuple[Card, ...], ...] = ()


@dataclass(frozen=True, slots=True)
class Meld:
    """Lay new melds and add cards to the side's melds, in one step."""

    new: tuple[tuple[Card, ...], ...] = ()
    add: tuple[tuple[Rank, tuple[Card, ...]], ...] = ()

    def cards(self) -> tuple[Card, ...]:
        """Every card this step puts down."""
        return tuple(card for group in self.new for card in group) + tuple(
            card for _, group in self.add for card in group
        )


@dataclass(frozen=True, slots=True)
class Discard:
    card: Card


@dataclass(frozen=True, slots=True)
class AskPartner:
    """Ask "Partner, may I go out?"."""


@dataclass(frozen=True, slots=True)
class Answer:
    yes: bool


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline the pile when the stock is empty, or end a final turn."""


Action = Draw | TakePile | Meld | Discard | AskPartner | Answer | Pass


class ActionFormatError(ValueError):
    """An action's JSON is malformed; the message names the field."""


def action_to_json(action: Action) -> dict[str, Any]:
    """The JSON object for an action."""
    match action:
        case Draw():
            return {"type": "draw"}
        case TakePile(with_, also):
            return {"type": "take_pile", "with": card_texts(with_), "also": [card_texts(group) for group in also]}
        case Meld(new, add):
            return {
                "type": "meld",
                "new": [card_texts(group) for group in new],
                "add": {rank.value: card_texts(group) for rank, group in add},
            }
        case Discard(card):
            return {"type": "discard", "card": card.text}
        case AskPartner():
            return {"type": "ask_partner"}
        case Answer(yes):
            return {"type": "answer", "yes": yes}
        case Pass():
            return {"type": "pass"}


def action_from_json(data: Any) -> Action:
    """Read an action object. :raises ActionFormatError: naming the field that is wrong."""
    if not isinstance(data, dict):
        raise ActionFormatError("action must be an object")
    kind = data.get("type")
    match kind:
        case "draw":
            return Draw()
        case "take_pile":
            return TakePile(_cards(data.get("with", []), "action.with"), _groups(data.get("also", []), "action.also"))
        case "meld":
            return Meld(_groups(data.get("new", []), "action.new"), _additions(data.get("add", {})))
        case "discard":
            if not isinstance(data.get("card"), str):
                raise ActionFormatError('action.card must be a card such as "7S"')
            return Discard(_cards([data["card"]], "action.card")[0])
        case "ask_partner":
            return AskPartner()
        case "answer":
            if not isinstance(data.get("yes"), bool):
                raise ActionFormatError("action.yes must be true or false")
            return Answer(data["yes"])
        case "pass":
            return Pass()
    raise ActionFormatError(
        f"action.type {kind!r} is not one of draw, take_pile, meld, discard, ask_partner, answer, pass"
    )


def _cards(raw: Any, where: str) -> tuple[Card, ...]:
    if not isinstance(raw, list) or not all(isinstance(item, str) for item in raw):
        raise ActionFormatError(f"{where} must be a list of cards")
    cards: list[Card] = []
    copies: dict[str, int] = {}
    for text in raw:
        copy = copies.get(text, 0)
        copies[text] = copy + 1
        cards.append(_card(text, copy, where))
    return tuple(cards)


def _card(text: str, copy: int, where: str) -> Card:
    try:
        Card.parse(text)
    except ValueError as error:
        raise ActionFormatError(f"{where}: {error}") from None
    try:
        return Card.parse(text, copy)
    except ValueError:  # more copies than the largest deck (three packs) holds
        raise ActionFormatError(f"{where}: {text} is named {copy + 1} times, more than any deck has") from None


def _groups(raw: Any, where: str) -> tuple[tuple[Card, ...], ...]:
    if not isinstance(raw, list):
        raise ActionFormatError(f"{where} must be a list of lists of cards")
    return tuple(_cards(group, f"{where}[{index}]") for index, group in enumerate(raw))


def _additions(raw: Any) -> tuple[tuple[Rank, tuple[Card, ...]], ...]:
    if not isinstance(raw, dict):
        raise ActionFormatError('action.add must be an object from rank to cards, such as {"K": ["KD"]}')
    additions: list[tuple[Rank, tuple[Card, ...]]] = []
    for key, group in raw.items():
        try:
            rank = Rank.parse(key)
        except ValueError:
            raise ActionFormatError(f"action.add: unknown rank {key!r}") from None
        additions.append((rank, _cards(group, f"action.add[{key!r}]")))
    return tuple(additions)
