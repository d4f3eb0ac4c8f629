"""What happened, as events: the UI animates them and a bot's card memory reads them.

Events are made whole by the engine and redacted per seat: a seat sees the cards others draw from the
stock only as a count, and its own drawn cards in full.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from canasta.engine.actions import ActionFormatError, additions_from_json, additions_to_json
from canasta.engine.cards import Card, Rank, card_texts
from canasta.engine.special_hands import SpecialHand


@dataclass(frozen=True, slots=True)
class DealEvent:
    """A new hand: `hands[s]` is seat s's dealt hand, or None where the seat may not see it."""

    dealer: int
    hands: tuple[tuple[Card, ...] | None, ...]
    pile: tuple[Card, ...]
    to_stock_bottom: tuple[Card, ...] = ()

    def __init__(
        self,
        dealer: int,
        hands: tuple[tuple[Card, ...] | None, ...],
        pile: tuple[Card, ...],
        to_stock_bottom: tuple[Card, ...] = (),
    ) -> None:
        # Written out: compiled, the fields are set natively (docs/development.md, "The compiled engine").
        object.__setattr__(self, "dealer", dealer)
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "pile", pile)
        object.__setattr__(self, "to_stock_bottom", to_stock_bottom)


@dataclass(frozen=True, slots=True)
class DrawEvent:
    """Cards from the stock: `cards` is None where the seat may not see them."""

    seat: int
    count: int
    cards: tuple[Card, ...] | None

    def __init__(self, seat: int, count: int, cards: tuple[Card, ...] | None) -> None:
        # Written out: compiled, the fields are set natively (docs/development.md, "The compiled engine").
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "count", count)
        object.__setattr__(self, "cards", cards)


@dataclass(frozen=True, slots=True)
class PickUpFootEvent(DrawEvent):
    """Hand and Foot: `seat` takes up its foot as its new hand. A kind of draw (its cards come from a place no
    one has seen, and `cards` is None where the seat may not see them), so that whatever reads draws reads it."""

    def __init__(self, seat: int, count: int, cards: tuple[Card, ...] | None) -> None:
        # Written out: compiled, the fields are set natively (docs/development.md, "The compiled engine").
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "count", count)
        object.__setattr__(self, "cards", cards)


@dataclass(frozen=True, slots=True)
class BonusCardsEvent(DrawEvent):
    """Bonus cards: after the discard of the turn in which he made his side's initial meld, `seat` takes `count`
    cards from the stock for his next turn. A kind of draw (hidden from the other seats)."""

    def __init__(self, seat: int, count: int, cards: tuple[Card, ...] | None) -> None:
        # Written out: compiled, the fields are set natively (docs/development.md, "The compiled engine").
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "count", count)
        object.__setattr__(self, "cards", cards)


@dataclass(frozen=True, slots=True)
class RedThreeEvent:
    """A red three laid out (dealt, drawn, or buried in a pile taken); in games that lay out both colours, any three
    (its JSON type is then "three" for a black one)."""

    seat: int
    card: Card

    def __init__(self, seat: int, card: Card) -> None:
        # Written out: compiled, the fields are set natively (docs/development.md, "The compiled engine").
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "card", card)


@dataclass(frozen=True, slots=True)
class TakePileEvent:
    """The whole pile, bottom to top, and the hand cards shown with its top card."""

    seat: int
    cards: tuple[Card, ...]
    with_: tuple[Card, ...]
    also: tuple[tuple[Card, ...], ...] = ()
    onto: int | None = None

    def __init__(
        self,
        seat: int,
        cards: tuple[Card, ...],
        with_: tuple[Card, ...],
        also: tuple[tuple[Card, ...], ...] = (),
        onto: int | None = None,
    ) -> None:
        # Written out: compiled, the fields are set natively (docs/development.md, "The compiled engine").
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "with_", with_)
        object.__setattr__(self, "also", also)
        object.__setattr__(self, "onto", onto)


@dataclass(frozen=True, slots=True)
class MeldEvent:
    seat: int
    new: tuple[tuple[Card, ...], ...]
    add: tuple[tuple[Rank, tuple[Card, ...]], ...]
    add_to: tuple[tuple[int, tuple[Card, ...]], ...] = ()

    def __init__(
        self,
        seat: int,
        new: tuple[tuple[Card, ...], ...],
        add: tuple[tuple[Rank, tuple[Card, ...]], ...],
        add_to: tuple[tuple[int, tuple[Card, ...]], ...] = (),
    ) -> None:
        # Written out: compiled, the fields are set natively (docs/development.md, "The compiled engine").
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "new", new)
        object.__setattr__(self, "add", add)
        object.__setattr__(self, "add_to", add_to)


@dataclass(frozen=True, slots=True)
class CombineEvent:
    """Two of a side's groups joined: `melds[0]` (the lower index) holds them both, `melds[1]` is gone."""

    seat: int
    melds: tuple[int, int]

    def __init__(self, seat: int, melds: tuple[int, int]) -> None:
        # Written out: compiled, the fields are set natively (docs/development.md, "The compiled engine").
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "melds", melds)


@dataclass(frozen=True, slots=True)
class DiscardEvent:
    seat: int
    card: Card

    def __init__(self, seat: int, card: Card) -> None:
        # Written out: compiled, the fields are set natively (docs/development.md, "The compiled engine").
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "card", card)


@dataclass(frozen=True, slots=True)
class AskPartnerEvent:
    seat: int

    def __init__(self, seat: int) -> None:
        # Written out: compiled, the fields are set natively (docs/development.md, "The compiled engine").
        object.__setattr__(self, "seat", seat)


@dataclass(frozen=True, slots=True)
class AnswerEvent:
    seat: int
    yes: bool

    def __init__(self, seat: int, yes: bool) -> None:
        # Written out: compiled, the fields are set natively (docs/development.md, "The compiled engine").
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "yes", yes)


@dataclass(frozen=True, slots=True)
class LoneHandEvent:
    """Three-player cutthroat: `seat` plays alone from now on; the other two are partners."""

    seat: int


@dataclass(frozen=True, slots=True)
class BlackThreesAsideEvent:
    """Black threes found in the pile `seat` took, set aside in front of his side and out of play (Cuban Canasta);
    it follows the take's event."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class PassEvent:
    seat: int

    def __init__(self, seat: int) -> None:
        # Written out: compiled, the fields are set natively (docs/development.md, "The compiled engine").
        object.__setattr__(self, "seat", seat)


@dataclass(frozen=True, slots=True)
class SpecialEvent:
    """Modern American: `seat` laid its whole hand down as the special hand `name`, which ends the hand."""

    seat: int
    name: SpecialHand
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class HandOverEvent:
    """The hand ended: `out` is the seat that went out, or None."""

    out: int | None
    concealed: bool

    def __init__(self, out: int | None, concealed: bool) -> None:
        # Written out: compiled, the fields are set natively (docs/development.md, "The compiled engine").
        object.__setattr__(self, "out", out)
        object.__setattr__(self, "concealed", concealed)


Event = (
    DealEvent | DrawEvent | RedThreeEvent | TakePileEvent | MeldEvent | CombineEvent | DiscardEvent
    | AskPartnerEvent | AnswerEvent | LoneHandEvent | PassEvent | SpecialEvent | HandOverEvent | BlackThreesAsideEvent
)  # fmt: skip


def redact(event: Event, seat: int) -> Event:
    """The event as `seat` may see it."""
    if isinstance(event, DrawEvent) and event.seat != seat and event.cards is not None:
        return type(event)(event.seat, event.count, None)
    if isinstance(event, DealEvent):
        hands = tuple(hand if s == seat else None for s, hand in enumerate(event.hands))
        return DealEvent(event.dealer, hands, event.pile, event.to_stock_bottom)
    return event


def redact_for_each(events: tuple[Event, ...], players: int) -> tuple[tuple[Event, ...], ...]:
    """`events` as each seat may see them, by seat.

    Only deals and draws differ between seats. Without them every seat shares the very same tuple; the draws
    of one seat are hidden once, in one tuple that every other seat shares.
    """
    drawer: int | None = None
    for event in events:
        if isinstance(event, DealEvent) or (isinstance(event, DrawEvent) and drawer not in (None, event.seat)):
            return tuple(tuple(redact(event, seat) for event in events) for seat in range(players))
        if isinstance(event, DrawEvent):
            drawer = event.seat
    if drawer is None:
        return (events,) * players
    hidden = tuple(redact(event, -1) for event in events)  # as seen from a seat that drew none of them
    return tuple([events if seat == drawer else hidden for seat in range(players)])


_SEAT_ONLY: dict[type, str] = {AskPartnerEvent: "ask_partner", LoneHandEvent: "lone_hand", PassEvent: "pass"}


def event_to_json(event: Event) -> dict[str, Any]:
    """The event's JSON object, as in a view's `history` (docs/formats.md, "Events")."""
    match event:
        case DealEvent(dealer, hands, pile, bottom):
            data: dict[str, Any] = {"type": "deal", "dealer": dealer, "pile": card_texts(pile)}
            data["hand_counts"] = [None if hand is None else len(hand) for hand in hands]
            data["hands"] = [None if hand is None else card_texts(hand) for hand in hands]
            if bottom:
                data["to_stock_bottom"] = card_texts(bottom)
            return data
        case DrawEvent(cards=cards):
            data = _draw_json(event)
            if cards is not None:
                data["cards"] = card_texts(cards)
            return data
        case RedThreeEvent(seat, card):
            return {"seat": seat, "type": "red_three" if card.is_red_three else "three", "card": card.text}
        case TakePileEvent(seat, cards, with_, also, onto):
            data = {
                "seat": seat, "type": "take_pile", "cards": card_texts(cards), "with": card_texts(with_),
                "also": [card_texts(group) for group in also],
            }  # fmt: skip
            if onto is not None:
                data["onto"] = onto
            return data
        case MeldEvent(seat, new, add, add_to):
            return {
                "seat": seat, "type": "meld", "new": [card_texts(group) for group in new],
                "add": additions_to_json(add, add_to),
            }  # fmt: skip
        case CombineEvent(seat, melds):
            return {"seat": seat, "type": "combine", "melds": list(melds)}
        case DiscardEvent(seat, card):
            return {"seat": seat, "type": "discard", "card": card.text}
        case AnswerEvent(seat, yes):
            return {"seat": seat, "type": "answer", "yes": yes}
        case AskPartnerEvent(seat) | LoneHandEvent(seat) | PassEvent(seat):
            return {"seat": seat, "type": _SEAT_ONLY[type(event)]}
        case SpecialEvent(seat, name, cards):
            return {"seat": seat, "type": "special", "name": name.value, "cards": card_texts(cards)}
        case BlackThreesAsideEvent(seat, cards):
            return {"seat": seat, "type": "black_threes_aside", "cards": card_texts(cards)}
        case HandOverEvent(out, concealed):
            return {"type": "hand_over", "out": out, "concealed": concealed}


def _draw_json(event: DrawEvent) -> dict[str, Any]:
    """A draw from the stock, or a foot picked up (a kind of draw)."""
    if isinstance(event, PickUpFootEvent):
        return {"seat": event.seat, "type": "pick_up_foot", "count": event.count}
    if isinstance(event, BonusCardsEvent):
        return {"seat": event.seat, "type": "bonus_cards", "count": event.count}
    return {"seat": event.seat, "type": "draw", "from": "stock", "count": event.count}


class EventFormatError(ValueError):
    """An event's JSON is malformed; the message names the field."""


def event_from_json(data: Any) -> Event:
    """Read an event of a view's history (card copies are not told apart: every card reads as copy 0).

    :raises EventFormatError: naming what is wrong.
    """
    if not isinstance(data, dict):
        raise EventFormatError("an event must be an object")
    kind = data.get("type")
    reader = _EVENT_READERS.get(kind) if isinstance(kind, str) else None
    if reader is None:
        raise EventFormatError(f"unknown event type {kind!r}")
    try:
        return reader(data)
    except KeyError as missing:
        raise EventFormatError(f"event {kind!r} lacks the field {missing}") from None
    except (TypeError, ValueError) as error:
        raise EventFormatError(f"event {kind!r}: {error}") from None


def _card(text: Any) -> Card:
    if not isinstance(text, str):
        raise ValueError(f"{text!r} is not a card")
    return Card.parse(text)


def _cards(texts: Any, field: str = "cards") -> tuple[Card, ...]:
    if not isinstance(texts, list):
        raise ValueError(f"{field} must be a list of cards")
    return tuple(_card(text) for text in texts)


def _groups(raw: Any, field: str) -> tuple[tuple[Card, ...], ...]:
    if not isinstance(raw, list):
        raise ValueError(f"{field} must be a list of lists of cards")
    return tuple(_cards(group, f"{field}[{index}]") for index, group in enumerate(raw))


def _int(value: Any) -> int:
    if type(value) is not int:
        raise ValueError(f"{value!r} is not a whole number")
    return value


def _index(value: Any) -> int:
    """A meld's index: a whole number from 0."""
    if _int(value) < 0:
        raise ValueError(f"{value!r} is not a meld's index (a whole number from 0)")
    return int(value)


def _read_deal(data: dict[str, Any]) -> Event:
    hands = data.get("hands") or []
    if not isinstance(hands, list):
        raise ValueError("hands must be a list of hands (null for a hand not seen)")
    return DealEvent(
        _int(data["dealer"]),
        tuple(None if hand is None else _cards(hand, "hands") for hand in hands),
        _cards(data.get("pile", []), "pile"),
        _cards(data.get("to_stock_bottom", []), "to_stock_bottom"),
    )


def _read_draw(data: dict[str, Any]) -> Event:
    cards = data.get("cards")
    return DrawEvent(_int(data["seat"]), _int(data["count"]), None if cards is None else _cards(cards))


def _read_foot(data: dict[str, Any]) -> Event:
    cards = data.get("cards")
    return PickUpFootEvent(_int(data["seat"]), _int(data["count"]), None if cards is None else _cards(cards))


def _read_bonus(data: dict[str, Any]) -> Event:
    cards = data.get("cards")
    return BonusCardsEvent(_int(data["seat"]), _int(data["count"]), None if cards is None else _cards(cards))


def _read_meld(data: dict[str, Any]) -> Event:
    try:
        add, add_to = additions_from_json(data.get("add", {}), "add")
    except ActionFormatError as error:
        raise ValueError(str(error)) from None
    return MeldEvent(_int(data["seat"]), _groups(data.get("new", []), "new"), add, add_to)


def _read_take(data: dict[str, Any]) -> Event:
    also = _groups(data.get("also", []), "also")
    onto = data.get("onto")
    return TakePileEvent(
        _int(data["seat"]), _cards(data["cards"]), _cards(data.get("with", []), "with"), also,
        None if onto is None else _index(onto),
    )  # fmt: skip


def _read_combine(data: dict[str, Any]) -> Event:
    melds = data["melds"]
    if not isinstance(melds, list) or len(melds) != 2:
        raise ValueError("melds must name two melds by index")
    return CombineEvent(_int(data["seat"]), (_index(melds[0]), _index(melds[1])))


def _read_special(data: dict[str, Any]) -> Event:
    name = data["name"]
    if not isinstance(name, str) or name not in _SPECIAL_NAMES:
        raise ValueError(f"name must be a special hand such as 'garbage', not {name!r}")
    return SpecialEvent(_int(data["seat"]), _SPECIAL_NAMES[name], _cards(data["cards"]))


_SPECIAL_NAMES = {hand.value: hand for hand in SpecialHand}


def _read_answer(data: dict[str, Any]) -> Event:
    if not isinstance(data["yes"], bool):
        raise ValueError("yes must be true or false")
    return AnswerEvent(_int(data["seat"]), data["yes"])


def _read_over(data: dict[str, Any]) -> Event:
    out = data.get("out")
    concealed = data.get("concealed", False)
    if not isinstance(concealed, bool):
        raise ValueError("concealed must be true or false")
    return HandOverEvent(None if out is None else _int(out), concealed)


_EVENT_READERS: dict[str, Callable[[dict[str, Any]], Event]] = {
    "deal": _read_deal,
    "draw": _read_draw,
    "pick_up_foot": _read_foot,
    "bonus_cards": _read_bonus,
    "red_three": lambda data: RedThreeEvent(_int(data["seat"]), _card(data["card"])),
    "three": lambda data: RedThreeEvent(_int(data["seat"]), _card(data["card"])),
    "take_pile": _read_take,
    "meld": _read_meld,
    "combine": _read_combine,
    "discard": lambda data: DiscardEvent(_int(data["seat"]), _card(data["card"])),
    "ask_partner": lambda data: AskPartnerEvent(_int(data["seat"])),
    "answer": _read_answer,
    "lone_hand": lambda data: LoneHandEvent(_int(data["seat"])),
    "pass": lambda data: PassEvent(_int(data["seat"])),
    "special": _read_special,
    "black_threes_aside": lambda data: BlackThreesAsideEvent(_int(data["seat"]), _cards(data["cards"])),
    "hand_over": _read_over,
}
