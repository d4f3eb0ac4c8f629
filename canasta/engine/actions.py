"""The actions a seat can take, and their JSON form (docs/formats.md, "Actions").

Cards in an action name cards by notation: the engine matches them against the physical cards in the
player's hand, so an action read from JSON (where both copies of "QH" look alike) works the same.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from canasta.engine.cards import Card, Rank, Suit, card_texts
from canasta.engine.rules import MeldKind
from canasta.engine.special_hands import SpecialHand


@dataclass(frozen=True, slots=True)
class Declared:
    """What a new meld written as an object says it is (docs/formats.md, "Actions"): its kind, and a group's
    rank or a sequence's suit when given. The engine refuses a meld whose cards do not make it."""

    kind: MeldKind
    rank: Rank | None = None
    suit: Suit | None = None


# One entry per new meld of a step (None: written as a plain list of cards), or () when none is an object.
Declarations = tuple[Declared | None, ...]


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw from the stock. `keep_three` (Modern American with special hands, a side that has not melded, a
    player holding no three): the first three drawn stays in hand, kept for the Straight, instead of being laid out
    (the choice is made before the card is seen, but matters only when it is a three, so it is the same choice)."""

    keep_three: bool = False

    def __init__(self, keep_three: bool = False) -> None:
        # Written out: compiled, the fields are set natively (docs/development.md, "The compiled engine").
        object.__setattr__(self, "keep_three", keep_three)


@dataclass(frozen=True, slots=True)
class TakePile:
    """Take the discard pile: `with_` are hand cards melded with the top card; `also` more new melds;
    `onto` the index of the side's meld that the top card alone goes onto (where a side may hold several
    melds the top card fits); `declared`: what each of `also` was written as, if any was an object."""

    with_: tuple[Card, ...] = ()
    also: tuple[tuple[Card, ...], ...] = ()
    onto: int | None = None
    declared: Declarations = ()

    def __init__(
        self,
        with_: tuple[Card, ...] = (),
        also: tuple[tuple[Card, ...], ...] = (),
        onto: int | None = None,
        declared: Declarations = (),
    ) -> None:
        # Written out: compiled, the fields are set natively (docs/development.md, "The compiled engine").
        object.__setattr__(self, "with_", with_)
        object.__setattr__(self, "also", also)
        object.__setattr__(self, "onto", onto)
        object.__setattr__(self, "declared", declared)


@dataclass(frozen=True, slots=True)
class Meld:
    """Lay new melds and add cards to the side's melds, in one step.

    `add` names a meld by its rank (where a side holds one meld of that rank, as in classic Canasta);
    `add_to` names it by its index in the side's list, as the side's melds stand before the step. A new
    meld's kind follows from its cards: one rank (with wild cards) a group, a run of one suit a sequence, wild
    cards alone a wild meld; `declared` holds what each new meld written as an object says it is, if any was.
    """

    new: tuple[tuple[Card, ...], ...] = ()
    add: tuple[tuple[Rank, tuple[Card, ...]], ...] = ()
    add_to: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    declared: Declarations = ()

    def __init__(
        self,
        new: tuple[tuple[Card, ...], ...] = (),
        add: tuple[tuple[Rank, tuple[Card, ...]], ...] = (),
        add_to: tuple[tuple[int, tuple[Card, ...]], ...] = (),
        declared: Declarations = (),
    ) -> None:
        # Written out: compiled, the fields are set natively (docs/development.md, "The compiled engine").
        object.__setattr__(self, "new", new)
        object.__setattr__(self, "add", add)
        object.__setattr__(self, "add_to", add_to)
        object.__setattr__(self, "declared", declared)

    def cards(self) -> tuple[Card, ...]:
        """Every card this step puts down."""
        return (
            tuple(card for group in self.new for card in group)
            + tuple(card for _, group in self.add for card in group)
            + tuple(card for _, group in self.add_to for card in group)
        )


@dataclass(frozen=True, slots=True)
class Combine:
    """Join two of the side's groups of one rank into one (Samba): the lower index stays, the other goes."""

    melds: tuple[int, int]

    def __init__(self, melds: tuple[int, int]) -> None:
        # Written out: compiled, the fields are set natively (docs/development.md, "The compiled engine").
        object.__setattr__(self, "melds", melds)


@dataclass(frozen=True, slots=True)
class Discard:
    card: Card

    def __init__(self, card: Card) -> None:
        # Written out: compiled, the fields are set natively (docs/development.md, "The compiled engine").
        object.__setattr__(self, "card", card)


@dataclass(frozen=True, slots=True)
class AskPartner:
    """Ask "Partner, may I go out?"."""


@dataclass(frozen=True, slots=True)
class Answer:
    yes: bool

    def __init__(self, yes: bool) -> None:
        # Written out: compiled, the fields are set natively (docs/development.md, "The compiled engine").
        object.__setattr__(self, "yes", yes)


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline the pile when the stock is empty, or end a final turn."""


@dataclass(frozen=True, slots=True)
class DeclareSpecial:
    """Lay the whole hand down as the special hand `name` (Modern American), which ends the hand. `cards`, when
    given, must be the very hand (a check the caller asks for; None: whatever the hand is)."""

    name: SpecialHand
    cards: tuple[Card, ...] | None = None


Action = Draw | TakePile | Meld | Combine | Discard | AskPartner | Answer | Pass | DeclareSpecial


class ActionFormatError(ValueError):
    """An action's JSON is malformed; the message names the field."""


def action_to_json(action: Action) -> dict[str, Any]:
    """The JSON object for an action."""
    match action:
        case Draw(keep_three):
            return {"type": "draw", "keep_three": True} if keep_three else {"type": "draw"}
        case TakePile(with_, also, onto, declared):
            data: dict[str, Any] = {"type": "take_pile", "with": card_texts(with_)}
            data["also"] = new_melds_to_json(also, declared)
            if onto is not None:
                data["onto"] = onto
            return data
        case Meld(new, add, add_to, declared):
            return {"type": "meld", "new": new_melds_to_json(new, declared), "add": additions_to_json(add, add_to)}
        case Combine(melds):
            return {"type": "combine", "melds": list(melds)}
        case Discard(card):
            return {"type": "discard", "card": card.text}
        case AskPartner():
            return {"type": "ask_partner"}
        case Answer(yes):
            return {"type": "answer", "yes": yes}
        case Pass():
            return {"type": "pass"}
        case DeclareSpecial(name, cards):
            written: dict[str, Any] = {"type": "special", "name": name.value}
            if cards is not None:
                written["cards"] = card_texts(cards)
            return written


def action_from_json(data: Any) -> Action:
    """Read an action object. :raises ActionFormatError: naming the field that is wrong."""
    if not isinstance(data, dict):
        raise ActionFormatError("action must be an object")
    kind = data.get("type")
    match kind:
        case "draw":
            keep = data.get("keep_three", False)
            if not isinstance(keep, bool):
                raise ActionFormatError("action.keep_three must be true or false")
            return Draw(keep)
        case "take_pile":
            also, declared = _groups(data.get("also", []), "action.also")
            with_ = _cards(data.get("with", []), "action.with")
            return TakePile(with_, also, _index_or_none(data.get("onto"), "action.onto"), declared)
        case "meld":
            special = _special_meld(data)
            if special is not None:
                return special
            add, add_to = additions_from_json(data.get("add", {}), "action.add")
            new, declared = _groups(data.get("new", []), "action.new")
            return Meld(new, add, add_to, declared)
        case "combine":
            return Combine(_pair(data.get("melds")))
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
        case "special":
            return _special(data)
    raise ActionFormatError(
        f"action.type {kind!r} is not one of draw, take_pile, meld, combine, discard, ask_partner, answer, pass, "
        "special"
    )


_SPECIAL_NAMES = {hand.value: hand for hand in SpecialHand}


def _special(data: dict[str, Any]) -> DeclareSpecial:
    """A special hand declared: its name, and the cards when given."""
    name = data.get("name")
    hand = _SPECIAL_NAMES.get(name) if isinstance(name, str) else None
    if hand is None:
        raise ActionFormatError(f"action.name must be one of {', '.join(_SPECIAL_NAMES)}, not {name!r}")
    cards = data.get("cards")
    return DeclareSpecial(hand, None if cards is None else _cards(cards, "action.cards"))


def _special_meld(data: dict[str, Any]) -> DeclareSpecial | None:
    """A meld action written as the special hand's own meld object (docs/formats.md: a `new` holding only
    `{"kind": "special", "name": ..., "cards": [...]}` and no additions): the same declaration as
    `{"type": "special", ...}`; None for any other meld."""
    new = data.get("new")
    if not isinstance(new, list) or len(new) != 1 or not isinstance(new[0], dict):
        return None
    if new[0].get("kind") != MeldKind.SPECIAL.value:
        return None
    if data.get("add"):
        raise ActionFormatError("action.add: a special hand is the whole hand, laid alone")
    return _special({"name": new[0].get("name"), "cards": new[0].get("cards")})


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


def _groups(raw: Any, where: str) -> tuple[tuple[tuple[Card, ...], ...], Declarations]:
    """New melds, each a list of cards or an object with its `kind` and `cards` (docs/formats.md), and what
    the objects declare (() when none is an object)."""
    if not isinstance(raw, list):
        raise ActionFormatError(f"{where} must be a list of lists of cards")
    read = [_new_meld(group, f"{where}[{index}]") for index, group in enumerate(raw)]
    declared = tuple(declared for _, declared in read)
    return tuple(cards for cards, _ in read), declared if any(declared) else ()


_KINDS = {kind.value: kind for kind in MeldKind if kind is not MeldKind.SPECIAL}  # a special hand is declared


def _new_meld(raw: Any, where: str) -> tuple[tuple[Card, ...], Declared | None]:
    """A new meld's cards, and what it declares when written as an object. Whether the cards make what it
    declares is the rules' to say (a refusal), not the reader's."""
    if not isinstance(raw, dict):
        return _cards(raw, where), None
    written = raw.get("kind")
    kind = _KINDS.get(written) if isinstance(written, str) else None
    if kind is None:
        raise ActionFormatError(f"{where}.kind must be one of {', '.join(_KINDS)}")
    if "rank" in raw and kind is not MeldKind.GROUP:
        raise ActionFormatError(f"{where}: only a group has a rank")
    if "suit" in raw and kind is not MeldKind.SEQUENCE:
        raise ActionFormatError(f"{where}: only a sequence has a suit")
    rank = _group_rank(raw["rank"], f"{where}.rank") if "rank" in raw else None
    suit = _suit(raw["suit"], f"{where}.suit") if "suit" in raw else None
    return _cards(raw.get("cards"), f"{where}.cards"), Declared(kind, rank, suit)


def _group_rank(raw: Any, where: str) -> Rank:
    rank = Rank.parse(raw) if isinstance(raw, str) and raw in _GROUP_RANKS else None
    if rank is None:
        raise ActionFormatError(f"{where} must be a natural rank or 3, not {raw!r}")
    return rank


_GROUP_RANKS = frozenset(rank.value for rank in Rank if not rank.is_wild)


def _suit(raw: Any, where: str) -> Suit:
    suit = next((suit for suit in Suit if suit.value == raw), None)
    if suit is None:
        raise ActionFormatError(f"{where} must be one of C, D, H, S, not {raw!r}")
    return suit


def new_melds_to_json(melds: tuple[tuple[Card, ...], ...], declared: Declarations) -> list[Any]:
    """New melds as JSON: lists of cards, and objects where they were written as objects."""
    written: list[Any] = []
    for index, cards in enumerate(melds):
        said = declared[index] if index < len(declared) else None
        if said is None:
            written.append(card_texts(cards))
            continue
        data: dict[str, Any] = {"kind": said.kind.value, "cards": card_texts(cards)}
        if said.rank is not None:
            data["rank"] = said.rank.value
        if said.suit is not None:
            data["suit"] = said.suit.value
        written.append(data)
    return written


MAX_MELD_INDEX = 9999  # far more melds than any side can hold; a larger number is no meld's index at all


def _index(raw: Any, where: str) -> int:
    if type(raw) is not int or not 0 <= raw <= MAX_MELD_INDEX:
        raise ActionFormatError(f"{where} must be a meld's index, a whole number from 0 to {MAX_MELD_INDEX}")
    return raw


def _index_or_none(raw: Any, where: str) -> int | None:
    return None if raw is None else _index(raw, where)


def _pair(raw: Any) -> tuple[int, int]:
    if not isinstance(raw, list) or len(raw) != 2:
        raise ActionFormatError("action.melds must name two melds by index, such as [1, 4]")
    return _index(raw[0], "action.melds[0]"), _index(raw[1], "action.melds[1]")


Additions = tuple[tuple[tuple[Rank, tuple[Card, ...]], ...], tuple[tuple[int, tuple[Card, ...]], ...]]


def additions_to_json(
    add: tuple[tuple[Rank, tuple[Card, ...]], ...], add_to: tuple[tuple[int, tuple[Card, ...]], ...]
) -> dict[str, Any] | list[dict[str, Any]]:
    """`add` as JSON: an object from rank to cards while every addition names a rank (classic, as always),
    otherwise a list of {"meld": index, "cards": [...]} (and {"rank": ..., "cards": [...]})."""
    if not add_to:
        return {rank.value: card_texts(group) for rank, group in add}
    by_rank = [{"rank": rank.value, "cards": card_texts(group)} for rank, group in add]
    return [*by_rank, *({"meld": index, "cards": card_texts(group)} for index, group in add_to)]


def additions_from_json(raw: Any, where: str) -> Additions:
    """Read `add` in either form. :raises ActionFormatError: naming the field."""
    if isinstance(raw, dict):
        return tuple(_rank_addition(key, group, where) for key, group in raw.items()), ()
    if not isinstance(raw, list):
        raise ActionFormatError(
            f'{where} must be an object from rank to cards, such as {{"K": ["KD"]}}, '
            'or a list of {"meld": index, "cards": [...]}'
        )
    by_rank: list[tuple[Rank, tuple[Card, ...]]] = []
    by_index: list[tuple[int, tuple[Card, ...]]] = []
    for number, entry in enumerate(raw):
        here = f"{where}[{number}]"
        if not isinstance(entry, dict) or ("meld" in entry) == ("rank" in entry):
            raise ActionFormatError(f'{here} must be an object with "meld" (or "rank") and "cards"')
        if "meld" in entry:
            by_index.append((_index(entry["meld"], f"{here}.meld"), _cards(entry.get("cards"), f"{here}.cards")))
        else:
            by_rank.append(_rank_addition(entry["rank"], entry.get("cards"), here))
    return tuple(by_rank), tuple(by_index)


def _rank_addition(key: Any, group: Any, where: str) -> tuple[Rank, tuple[Card, ...]]:
    try:
        rank = Rank.parse(key) if isinstance(key, str) else None
    except ValueError:
        rank = None
    if rank is None:
        raise ActionFormatError(f"{where}: unknown rank {key!r}")
    return rank, _cards(group, f"{where}.cards" if where.endswith("]") else f"{where}[{key!r}]")
