"""Modern American Canasta's special hands (VARIANTS C12): which 14 cards make one, what each is worth under the
table's option `special_hands` (`Rules.special_hands`), and which drawn card would complete one.

A special hand is exactly 14 cards (the 13 of a hand plus the turn's draw), laid at once by a player whose side has
not melded. Only the ranks of the cards matter, never their suits, so every check works on rank counts.

How this module reads C12's table (the choices are the engine's; each says why):

* **Sets.** A set is cards of one natural rank (4 to ace), possibly with wild cards (twos, jokers) standing in.
  The sets of one hand are of **different ranks**: C3 allows one meld per rank, so "two fours-of-a-kind" never
  means eight cards of one rank, and a "pair" of a rank already in a triple would be a fifth card of that rank.
* **"Matching wilds allowed"** (Zip code, Blast off): a set may hold wild cards, at most as many as its naturals
  and so at least one natural (a pair may be a natural and a wild; a four may be two naturals and two wilds).
  Where the table does not say it, sets are natural: the wild cards a hand may hold are the ones it names.
* **Wild pair**: any two wild cards, two twos, two jokers or a two and a joker (C3's wild meld mixes them too).
* **Threes**: none, except the Straight's one three (C12 "no three may be in it except in the Straight").
* **Aces and sevens** take wild cards in a set like any rank: a special hand is no meld, so C3's limits on
  melds of aces and sevens do not apply to it.
* **One composition per hand.** The option picks which hands count and what they are worth, never what they
  are (Pagat's "pairs with twos, sevens and aces" is read as the Wild pairs below).

The compositions, 14 cards each, in C12's order:

* **Straight**: one each of A K Q J T 9 8 7 6 5 4 (11 cards), one three, one two and one joker. C12's "one card of
  each rank A…K plus a 3 and both wild kinds" counts the same 14 cards either way: the 13 ranks A, 2, 3 … K plus
  a joker.
* **Pairs**: seven natural pairs of seven different ranks, no wild card.
* **Wild pairs**: six natural pairs of different ranks, among them aces and sevens, plus a wild pair.
* **Garbage**: two natural fours-of-a-kind and two natural threes-of-a-kind of four different ranks, no wild card.
* **Miami pairs**: five natural pairs of different ranks, among them aces and sevens, plus two twos and two jokers.
* **Zip code**: two pairs, two triples and a four of five different ranks, matching wilds allowed.
* **Blast off**: a five, a four, a triple and a pair of four different ranks, matching wilds allowed.
* **Triples**: four natural triples of different ranks plus a wild pair.
* **Quads**: three natural fours of different ranks plus a wild pair.
* **Dream hand +4**: two natural fives of different ranks plus four wild cards.
* **Dream hand +5**: a natural five and a natural four of different ranks plus five wild cards.

Two hands can fit the same 14 cards only as Miami pairs and Zip code (`AA 77 KK QQ JJ 22 JK JK`: the twos and
jokers stand in for a four and two triples). The more valuable hand is named; on equal values, the one listed
first above (here Miami pairs).
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Final, assert_never

from canasta.engine.cards import NATURAL_RANKS, Card, Rank
from canasta.engine.rules.options import SpecialHands

HAND_SIZE: Final = 14  # 13 dealt + the draw (C12)


class SpecialHand(enum.StrEnum):
    """A special hand of C12; the value is its name in positions and actions (VARIANTS F6)."""

    STRAIGHT = "straight"
    PAIRS = "pairs"
    WILD_PAIRS = "wild_pairs"
    GARBAGE = "garbage"
    MIAMI_PAIRS = "miami_pairs"
    ZIP_CODE = "zip_code"
    BLAST_OFF = "blast_off"
    TRIPLES = "triples"
    QUADS = "quads"
    DREAM_HAND_4 = "dream_hand_4"
    DREAM_HAND_5 = "dream_hand_5"


VALUES: Final[Mapping[SpecialHands, Mapping[SpecialHand, int]]] = MappingProxyType({
    SpecialHands.CLA: MappingProxyType({
        SpecialHand.STRAIGHT: 3000,
        SpecialHand.PAIRS: 2500,
        SpecialHand.WILD_PAIRS: 2000,
        SpecialHand.GARBAGE: 3000,
        SpecialHand.MIAMI_PAIRS: 2500,
        SpecialHand.ZIP_CODE: 2500,
        SpecialHand.BLAST_OFF: 3000,
        SpecialHand.TRIPLES: 3500,
        SpecialHand.QUADS: 3500,
        SpecialHand.DREAM_HAND_4: 8500,
        SpecialHand.DREAM_HAND_5: 8500,
    }),
    SpecialHands.PAGAT: MappingProxyType({
        SpecialHand.STRAIGHT: 3000,
        SpecialHand.PAIRS: 2500,
        SpecialHand.WILD_PAIRS: 2000,
        SpecialHand.GARBAGE: 2000,
    }),
    SpecialHands.OFF: MappingProxyType({}),
})  # fmt: skip
"""What each hand scores under each table (C12: CLA's list and values; Pagat's four)."""

WINS_THE_GAME: Final = frozenset({SpecialHand.DREAM_HAND_4, SpecialHand.DREAM_HAND_5})
"""The hands that win the game outright, whatever the scores (C12: "8500, wins the game")."""

_ORDER: Final = {hand: index for index, hand in enumerate(SpecialHand)}  # C12's table order breaks ties
_NATURALS_AND_WILDS: Final = (*NATURAL_RANKS, Rank.TWO, Rank.JOKER)
_DRAWABLE: Final = (*_NATURALS_AND_WILDS, Rank.THREE)


def hands_of(table: SpecialHands) -> tuple[SpecialHand, ...]:
    """The hands that count under `table`, in C12's order (none when it is off)."""
    return tuple(hand for hand in SpecialHand if hand in VALUES[table])


def value_of(hand: SpecialHand, table: SpecialHands) -> int:
    """What `hand` scores under `table`. :raises ValueError: when the table has no such hand."""
    value = VALUES[table].get(hand)
    if value is None:
        raise ValueError(f"the special hands table {table.value!r} has no {hand.value!r}")
    return value


def wins_the_game(hand: SpecialHand) -> bool:
    """Whether laying `hand` wins the game outright (the dream hands)."""
    return hand in WINS_THE_GAME


def special_hand(cards: Sequence[Card], table: SpecialHands) -> SpecialHand | None:
    """The special hand these 14 cards make under `table`: the most valuable when several fit, the earlier in C12's
    table on equal values; None when they make none or the table is off.

    :raises ValueError: unless there are exactly 14 cards.
    """
    if len(cards) != HAND_SIZE:
        raise ValueError(f"a special hand is exactly {HAND_SIZE} cards, not {len(cards)}")
    return _best(rank_counts(cards), table)


def completing_draws(cards: Sequence[Card], table: SpecialHands) -> dict[Rank, SpecialHand]:
    """For a 13-card hand, each rank whose draw would make a special hand, with the hand it would make.

    Works on counts only: it does not ask whether a card of that rank is still unseen (the caller knows).
    :raises ValueError: unless there are exactly 13 cards.
    """
    if len(cards) != HAND_SIZE - 1:
        raise ValueError(f"a hand one card away from a special hand has {HAND_SIZE - 1} cards, not {len(cards)}")
    if not VALUES[table]:
        return {}
    counts = rank_counts(cards)
    found: dict[Rank, SpecialHand] = {}
    for rank in _DRAWABLE:
        counts[rank] += 1
        hand = _best(counts, table)
        counts[rank] -= 1
        if hand is not None:
            found[rank] = hand
    return found


def _best(counts: Mapping[Rank, int], table: SpecialHands) -> SpecialHand | None:
    values = VALUES[table]
    fitting = [hand for hand in values if _fits(hand, counts)]
    if not fitting:
        return None
    return max(fitting, key=lambda hand: (values[hand], -_ORDER[hand]))


def _fits(hand: SpecialHand, counts: Mapping[Rank, int]) -> bool:
    """Whether 14 cards with these rank counts make `hand` (the module's docstring gives each reading)."""
    threes, twos, jokers = counts.get(Rank.THREE, 0), counts.get(Rank.TWO, 0), counts.get(Rank.JOKER, 0)
    if threes and hand is not SpecialHand.STRAIGHT:
        return False
    naturals = sorted(counts[rank] for rank in NATURAL_RANKS if counts.get(rank, 0))
    wilds = twos + jokers
    match hand:
        case SpecialHand.STRAIGHT:
            return threes == 1 and twos == 1 and jokers == 1 and naturals == [1] * len(NATURAL_RANKS)
        case SpecialHand.PAIRS:
            return wilds == 0 and naturals == [2] * 7
        case SpecialHand.WILD_PAIRS:
            return wilds == 2 and naturals == [2] * 6 and _has_aces_and_sevens(counts)
        case SpecialHand.MIAMI_PAIRS:
            return twos == 2 and jokers == 2 and naturals == [2] * 5 and _has_aces_and_sevens(counts)
        case SpecialHand.GARBAGE:
            return wilds == 0 and naturals == [3, 3, 4, 4]
        case SpecialHand.ZIP_CODE:
            return _sets_with_matching_wilds(naturals, (2, 2, 3, 3, 4))
        case SpecialHand.BLAST_OFF:
            return _sets_with_matching_wilds(naturals, (2, 3, 4, 5))
        case SpecialHand.TRIPLES:
            return wilds == 2 and naturals == [3] * 4
        case SpecialHand.QUADS:
            return wilds == 2 and naturals == [4] * 3
        case SpecialHand.DREAM_HAND_4:
            return wilds == 4 and naturals == [5, 5]
        case SpecialHand.DREAM_HAND_5:
            return wilds == 5 and naturals == [4, 5]
        case _:
            assert_never(hand)


def _has_aces_and_sevens(counts: Mapping[Rank, int]) -> bool:
    return counts.get(Rank.ACE, 0) == 2 and counts.get(Rank.SEVEN, 0) == 2


def _sets_with_matching_wilds(naturals: list[int], sizes: tuple[int, ...]) -> bool:
    """Whether natural ranks with these (ascending) counts, one rank a set, fill sets of these (ascending) sizes,
    each set topped up with wild cards to at most as many as its naturals; the wild cards fill the rest of the 14.

    A rank with n naturals fits a set of size s when n <= s <= 2n. Both bounds grow with n, so if any pairing of
    ranks to sets works, pairing them in ascending order works too.
    """
    return len(naturals) == len(sizes) and all(
        count <= size <= 2 * count for count, size in zip(naturals, sizes, strict=True)
    )


def rank_counts(cards: Iterable[Card]) -> Counter[Rank]:
    """How many cards of each rank (what every check here reads)."""
    return Counter(card.rank for card in cards)
