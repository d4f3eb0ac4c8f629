"""Complete `canasta-position/2` test positions of Hand and Foot from card notation, and the referee round trip.

Cards are written as notation separated by spaces ("QH QS 2C"); the deck holds a pack more than the players
(five packs, 270 cards, for four). A test places the cards that matter; every other card goes into the stock after
the `stock_top` cards the test fixes. Seats a test leaves out get a few dull filler cards, and every seat whose
foot the test does not give holds a foot of 11 filler cards (`feet={seat: None}`: picked up). Melds are objects
with their kind: `book("K", "KC KD KH KS KC KD KH")`. Nothing here knows a rule beyond the deck and the seating.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from tests.rules.positions import RANKS, SUITS, act, all_cards, cards
from tests.rules_family.family import Table, build

Position = dict[str, Any]
Action = dict[str, Any]
Meld = dict[str, Any]

FOOT = 11


def deck(players: int = 4, packs: int | None = None) -> list[str]:
    """Every card of Hand and Foot's deck: a pack more than the players (or `packs`), each with two jokers."""
    count = players + 1 if packs is None else packs
    suited = [rank + suit for rank in RANKS for suit in SUITS for _ in range(count)]
    return suited + ["JK"] * (2 * count)


def sides_of(players: int) -> list[list[int]]:
    """One seat each with 2 or 3 players; two sides, partners alternating, with 4 or 6."""
    if players in (2, 3):
        return [[seat] for seat in range(players)]
    return [list(range(0, players, 2)), list(range(1, players, 2))]


def book(rank: str, text: str, **markers: Any) -> Meld:
    """A group (a book once it has seven cards)."""
    return {"kind": "group", "rank": rank, "cards": cards(text), **markers}


def wild_book(text: str) -> Meld:
    return {"kind": "wild", "cards": cards(text)}


CLEAN_KINGS = "KC KD KH KS KC KD KH"  # 70
CLEAN_EIGHTS = "8C 8D 8H 8S 8C 8D 8H"  # 70
DIRTY_FIVES = "5C 5D 5H 5S 5C 2D JK"  # 25 + 20 + 50 = 95
DIRTY_QUEENS = "QC QD QH QS 2C 2D 2H"  # 40 + 60 = 100


def four_books() -> list[Meld]:
    """Two clean and two dirty books: what a side needs to go out by default."""
    return [
        book("K", CLEAN_KINGS),
        book("8", CLEAN_EIGHTS),
        book("5", DIRTY_FIVES),
        book("Q", DIRTY_QUEENS),
    ]


def position(
    players: int = 4,
    *,
    rules: Mapping[str, Any] | None = None,
    round: int = 1,
    **fields: Any,
) -> Position:
    """A complete, valid Hand and Foot `canasta-position/2` dict (the whole deck placed once), built as the
    family's positions are (`tests.rules_family.family.build`: `hands` and `feet` by seat, `melds` and
    `red_threes` by side, `pile` bottom card first, `stock_top` top card first, `rest_to`, `out`, ...)."""
    options = dict(rules or {})
    packs = players + (2 if options.get("packs") == "players_plus_2" else 1)
    table = Table("hand_and_foot", players, sides_of(players), deck(players, packs), foot=FOOT)
    return build(table, rules=options, round=round, **fields)


def playing(hand: str, **kw: Any) -> Position:
    """Seat 0 to meld or discard, having drawn, with `hand` (and whatever else is given)."""
    return position(hands={0: hand}, phase="play", **kw)


def in_foot(hand: str, **kw: Any) -> Position:
    """Seat 0 to meld or discard, his foot already picked up."""
    feet = {0: None, **kw.pop("feet", {})}
    return position(hands={0: hand}, feet=feet, phase="play", **kw)


def over(melds: Mapping[int, Sequence[Meld]], hands: Mapping[int, str], **kw: Any) -> Position:
    """A four-player round that is over, seat 0 gone out (or `out=None` for the stock's end)."""
    full = {seat: hands.get(seat, "") for seat in range(4)}
    out = kw.pop("out", {"seat": 0, "concealed": False})
    feet = {seat: None for seat in range(4)} | dict(kw.pop("feet", {}))
    return position(4, hands=full, feet=feet, melds=melds, phase="over", out=out, turn={"melded": True}, **kw)


# --- actions ------------------------------------------------------------------------------------------------


def take(with_: str = "", also: Sequence[str] = ()) -> Action:
    return {"type": "take_pile", "with": cards(with_), "also": [cards(m) for m in also]}


def take_onto(index: int) -> Action:
    return {"type": "take_pile", "onto": index}


def meld(*new: str, add: Mapping[str, str] | None = None) -> Action:
    """One meld step: new melds, and additions by rank."""
    return {"type": "meld", "new": [cards(m) for m in new], "add": {r: cards(t) for r, t in (add or {}).items()}}


# --- the referee round trip ---------------------------------------------------------------------------------


def apply_legal(pos: Position, action: Action) -> tuple[Position, list[dict[str, Any]]]:
    """Apply a legal action; returns the new position (checked to keep every card) and the events."""
    result = act(pos, action)
    assert result.get("legal") is True, f"expected {action} to be legal, got {result}"
    new: Position = result["position"]
    assert new["format"] == "canasta-position/2"
    assert all_cards(new) == all_cards(pos), "the action created or lost cards"
    return new, result["events"]


def assert_legal(pos: Position, action: Action) -> Position:
    return apply_legal(pos, action)[0]


def same(found: Any, expected: str) -> bool:
    """Equal as multisets of cards."""
    return Counter(found) == Counter(cards(expected))


def melds_of(pos: Position, side: int = 0) -> list[list[str]]:
    return [list(meld["cards"]) for meld in pos["melds"][side]]
