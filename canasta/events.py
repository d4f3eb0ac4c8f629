"""What happened, as events: the UI animates them and a bot's card memory reads them.

Events are made whole by the engine and redacted per seat: a seat sees the cards others draw from the
stock only as a count, and its own drawn cards in full.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from canasta.cards import Card, Rank, card_texts


@dataclass(frozen=True, slots=True)
class DealEvent:
    """A new hand: `hands[s]` is seat s's dealt hand, or None where the seat may not see it."""

    dealer: int
    hands: tuple[tuple[Card, ...] | None, ...]
    pile: tuple[Card, ...]
    to_stock_bottom: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class DrawEvent:
    """Cards from the stock: `cards` is None where the seat may not see them."""

    seat: int
    count: int
    cards: tuple[Card, ...] | None


@dataclass(frozen=True, slots=True)
class RedThreeEvent:
    """A red three laid out (dealt, drawn, or buried in a pile taken)."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class TakePileEvent:
    """The whole pile, bottom to top, and the hand cards shown with its top card."""

    seat: int
    cards: tuple[Card, ...]
    with_: tuple[Card, ...]
    also: tuple[tuple[Card, ...], ...] = ()


@dataclass(frozen=True, slots=True)
class MeldEvent:
    seat: int
    new: tuple[tuple[Card, ...], ...]
    add: tuple[tuple[Rank, tuple[Card, ...]], ...]


@dataclass(frozen=True, slots=True)
class DiscardEvent:
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class AskPartnerEvent:
    seat: int


@dataclass(frozen=True, slots=True)
class AnswerEvent:
    seat: int
    yes: bool


@dataclass(frozen=True, slots=True)
class LoneHandEvent:
    """Three-player cutthroat: `seat` plays alone from now on; the other two are partners."""

    seat: int


@dataclass(frozen=True, slots=True)
class PassEvent:
    seat: int


@dataclass(frozen=True, slots=True)
class HandOverEvent:
    """The hand ended: `out` is the seat that went out, or None."""

    out: int | None
    concealed: bool


Event = (
    DealEvent | DrawEvent | RedThreeEvent | TakePileEvent | MeldEvent | DiscardEvent | AskPartnerEvent
    | AnswerEvent | LoneHandEvent | PassEvent | HandOverEvent
)  # fmt: skip


def redact(event: Event, seat: int) -> Event:
    """The event as `seat` may see it."""
    if isinstance(event, DrawEvent) and event.seat != seat and event.cards is not None:
        return replace(event, cards=None)
    if isinstance(event, DealEvent):
        return replace(event, hands=tuple(hand if s == seat else None for s, hand in enumerate(event.hands)))
    return event


def event_to_json(event: Event) -> dict[str, Any]:
    """The event's JSON object, as in a view's `history` (DESIGN.md §3)."""
    match event:
        case DealEvent(dealer, hands, pile, bottom):
            data: dict[str, Any] = {"type": "deal", "dealer": dealer, "pile": card_texts(pile)}
            data["hand_counts"] = [None if hand is None else len(hand) for hand in hands]
            data["hands"] = [None if hand is None else card_texts(hand) for hand in hands]
            if bottom:
                data["to_stock_bottom"] = card_texts(bottom)
            return data
        case DrawEvent(seat, count, cards):
            data = {"seat": seat, "type": "draw", "from": "stock", "count": count}
            if cards is not None:
                data["cards"] = card_texts(cards)
            return data
        case RedThreeEvent(seat, card):
            return {"seat": seat, "type": "red_three", "card": card.text}
        case TakePileEvent(seat, cards, with_, also):
            return {
                "seat": seat, "type": "take_pile", "cards": card_texts(cards), "with": card_texts(with_),
                "also": [card_texts(group) for group in also],
            }  # fmt: skip
        case MeldEvent(seat, new, add):
            return {
                "seat": seat, "type": "meld", "new": [card_texts(group) for group in new],
                "add": {rank.value: card_texts(group) for rank, group in add},
            }  # fmt: skip
        case DiscardEvent(seat, card):
            return {"seat": seat, "type": "discard", "card": card.text}
        case AskPartnerEvent(seat):
            return {"seat": seat, "type": "ask_partner"}
        case AnswerEvent(seat, yes):
            return {"seat": seat, "type": "answer", "yes": yes}
        case LoneHandEvent(seat):
            return {"seat": seat, "type": "lone_hand"}
        case PassEvent(seat):
            return {"seat": seat, "type": "pass"}
        case HandOverEvent(out, concealed):
            return {"type": "hand_over", "out": out, "concealed": concealed}
