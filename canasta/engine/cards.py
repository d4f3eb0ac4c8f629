"""Cards, ranks, suits, values and decks.

Every physical card is interned: `Card(rank, suit, copy)` always returns the same object for the same three
values, so cards compare and hash by identity (fast), while still reading as plain values.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any


class Rank(enum.Enum):
    """A card's rank; the value is its notation."""

    JOKER = "JK"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "T"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"

    # Members are singletons: hash by identity (Enum's own hash goes through Python code and is slow).
    __hash__ = object.__hash__

    @property
    def is_wild(self) -> bool:
        return self in WILD_RANKS

    @property
    def is_natural(self) -> bool:
        """A rank that forms ordinary melds: A K Q J T 9 8 7 6 5 4."""
        return self in NATURAL_RANKS

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Read a rank's notation ("K", "T", "4"). :raises ValueError: naming the text."""
        rank = _RANK_BY_TEXT.get(text)
        if rank is None:
            raise ValueError(f"unknown rank {text!r}")
        return rank


class Suit(enum.Enum):
    """A card's suit; the value is its notation."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    __hash__ = object.__hash__

    @property
    def is_red(self) -> bool:
        return self is Suit.DIAMONDS or self is Suit.HEARTS


WILD_RANKS = frozenset({Rank.JOKER, Rank.TWO})
NATURAL_RANKS = (
    Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE,
    Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE,
)  # fmt: skip
SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
SUITED_RANKS = tuple(rank for rank in Rank if rank is not Rank.JOKER)
_RANK_BY_TEXT = {rank.value: rank for rank in Rank}
_SUIT_BY_TEXT = {suit.value: suit for suit in Suit}
_RANK_POINTS = {
    Rank.JOKER: 50, Rank.TWO: 20, Rank.ACE: 20,
    Rank.KING: 10, Rank.QUEEN: 10, Rank.JACK: 10, Rank.TEN: 10, Rank.NINE: 10, Rank.EIGHT: 10,
    Rank.SEVEN: 5, Rank.SIX: 5, Rank.FIVE: 5, Rank.FOUR: 5, Rank.THREE: 5,
}  # fmt: skip
RANK_ORDER = {rank: index for index, rank in enumerate(Rank)}
MAX_COPIES = 8  # packs at most: six-player Hand and Foot with its option of two more packs than players


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Card:
    """One physical card; `copy` tells the packs' otherwise equal cards apart.

    Cards are interned, so equality is identity. The derived fields are computed once per physical card.
    """

    rank: Rank
    suit: Suit | None  # None only for a joker
    copy: int = 0
    points: int = field(init=False, repr=False)
    is_wild: bool = field(init=False, repr=False)
    is_red_three: bool = field(init=False, repr=False)
    is_black_three: bool = field(init=False, repr=False)
    is_natural: bool = field(init=False, repr=False)  # of a rank that forms ordinary melds (not wild, not a three)
    text: str = field(init=False, repr=False)

    def __new__(cls, rank: Rank, suit: Suit | None = None, copy: int = 0) -> Card:
        key = (rank, suit, copy)
        card = _INTERNED.get(key)
        if card is None:
            _check_card(rank, suit, copy)
            card = object.__new__(cls)
            _INTERNED[key] = card
        return card

    def __post_init__(self) -> None:
        is_three = self.rank is Rank.THREE
        red = self.suit is not None and self.suit.is_red
        object.__setattr__(self, "points", 0 if is_three and red else _RANK_POINTS[self.rank])
        object.__setattr__(self, "is_wild", self.rank in WILD_RANKS)
        object.__setattr__(self, "is_red_three", is_three and red)
        object.__setattr__(self, "is_black_three", is_three and not red)
        object.__setattr__(self, "is_natural", self.rank not in WILD_RANKS and not is_three)
        suit_text = "" if self.suit is None else self.suit.value
        object.__setattr__(self, "text", self.rank.value + suit_text)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Card, (self.rank, self.suit, self.copy))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card.parse({self.text!r}, {self.copy})" if self.copy else f"Card.parse({self.text!r})"

    @classmethod
    def of(cls, rank: Rank, suit: Suit | None, copy: int = 0) -> Card:
        """The interned card, without running the constructor again when it exists (fast)."""
        card = _INTERNED.get((rank, suit, copy))
        return card if card is not None else cls(rank, suit, copy)

    @classmethod
    def parse(cls, text: str, copy: int = 0) -> Card:
        """Read notation such as "QH", "TD" or "JK". :raises ValueError: naming the text."""
        if text == "JK":
            return cls.of(Rank.JOKER, None, copy)
        if len(text) != 2 or text[0] not in _RANK_BY_TEXT or text[1] not in _SUIT_BY_TEXT:
            raise ValueError(f"unknown card {text!r}")
        return cls.of(_RANK_BY_TEXT[text[0]], _SUIT_BY_TEXT[text[1]], copy)


_INTERNED: dict[tuple[Rank, Suit | None, int], Card] = {}


def _check_card(rank: Rank, suit: Suit | None, copy: int) -> None:
    if (rank is Rank.JOKER) != (suit is None):
        raise ValueError("a joker has no suit and every other card has one")
    if not 0 <= copy < (2 * MAX_COPIES if suit is None else MAX_COPIES):  # two jokers a pack
        raise ValueError(f"copy index {copy} is out of range")


def _every_copy(ranks: Iterable[Rank], suits: Iterable[Suit | None]) -> frozenset[Card]:
    return frozenset(
        Card(rank, suit, copy)
        for rank in ranks
        for suit in suits
        for copy in range(2 * MAX_COPIES if suit is None else MAX_COPIES)
    )


# Every physical card in any copy a deck may hold; those that freeze the discard pile (a wild card or a red
# three); the threes by colour. A pile is checked against these sets in one C-level pass, not card by card.
EVERY_CARD = _every_copy(SUITED_RANKS, SUITS) | _every_copy([Rank.JOKER], [None])
RED_THREES = _every_copy([Rank.THREE], [Suit.DIAMONDS, Suit.HEARTS])
BLACK_THREES = _every_copy([Rank.THREE], [Suit.CLUBS, Suit.SPADES])
PILE_FREEZERS = _every_copy([Rank.JOKER], [None]) | _every_copy([Rank.TWO], SUITS) | RED_THREES


def sort_key(card: Card) -> tuple[int, int, int]:
    """Order for display and canonical output: by rank, then suit, then copy."""
    suit_index = -1 if card.suit is None else SUITS.index(card.suit)
    return (RANK_ORDER[card.rank], suit_index, card.copy)


@functools.cache
def make_deck(packs: int, jokers_per_pack: int = 2) -> tuple[Card, ...]:
    """Every card of `packs` 52-card packs plus their jokers, in a fixed order (made once per size)."""
    cards: list[Card] = []
    for copy in range(packs):
        cards.extend(Card.of(rank, suit, copy) for rank in SUITED_RANKS for suit in SUITS)
        cards.extend(Card.of(Rank.JOKER, None, copy * jokers_per_pack + j) for j in range(jokers_per_pack))
    return tuple(cards)


def parse_cards(texts: Iterable[str]) -> tuple[Card, ...]:
    """Read notation strings, numbering repeated strings as further physical copies."""
    seen: dict[str, int] = {}
    cards: list[Card] = []
    for text in texts:
        copy = seen.get(text, 0)
        seen[text] = copy + 1
        cards.append(Card.parse(text, copy))
    return tuple(cards)


def card_texts(cards: Iterable[Card]) -> list[str]:
    """The notation of each card, in order."""
    return [card.text for card in cards]


def points(cards: Iterable[Card]) -> int:
    """The sum of the cards' values (docs/rules.md, "The cards")."""
    return sum([card.points for card in cards])


def iter_naturals(cards: Iterable[Card]) -> Iterator[Card]:
    """The natural cards among `cards`."""
    return (card for card in cards if card.is_natural)
