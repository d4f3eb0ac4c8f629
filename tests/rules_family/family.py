"""Complete `canasta-position/2` test positions of Samba and Bolivia from card notation, and the referee round trip.

Cards are written as notation separated by spaces ("QH QS 2C"); three packs hold every card three times and six
jokers. A test places the cards that matter; every other card of the 162 goes into the stock after the
`stock_top` cards the test fixes. Seats a test leaves out get a few dull filler cards so that no hand is empty by
accident. Melds are objects with their kind, as version 2 writes them: `group("K", "KC KD KH")`,
`run("H", "5H 6H 7H")`, `wild("JK 2C 2D")`. Nothing here knows a rule beyond the deck and the seating.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tests.rules.positions import FILLER_PER_SEAT, RED_THREES, CardPool, act, all_cards, cards
from tests.rules.positions import deck as classic_deck

Position = dict[str, Any]
Action = dict[str, Any]
Meld = dict[str, Any]


def deck() -> list[str]:
    """The 162 cards of Samba and Bolivia: three packs of 52 and six jokers (classic's six-player deck)."""
    return classic_deck(6)


def sides_of(variant: str, players: int) -> list[list[int]]:
    """The seats of each scoring side: one seat each with 2 or 3 players, partners opposite with four, three
    pairs (partners three seats apart) in six-player Samba."""
    if players in (2, 3):
        return [[seat] for seat in range(players)]
    if players == 6:
        return [[0, 3], [1, 4], [2, 5]]
    return [[0, 2], [1, 3]]


# --- melds --------------------------------------------------------------------------------------------------


def group(rank: str, text: str, **markers: Any) -> Meld:
    return {"kind": "group", "rank": rank, "cards": cards(text), **markers}


def run(suit: str, text: str, **markers: Any) -> Meld:
    return {"kind": "sequence", "suit": suit, "cards": cards(text), **markers}


def wild(text: str, **markers: Any) -> Meld:
    return {"kind": "wild", "cards": cards(text), **markers}


# melds the tests use often (values in the comments)
KINGS7 = "KC KD KH KS KC KD KH"  # a natural canasta, 70
QUEENS_MIXED7 = "QC QD QH QS QC 2D JK"  # a mixed canasta, 50 + 20 + 50 = 120
SAMBA_HEARTS = "5H 6H 7H 8H 9H TH JH"  # a samba (escalera), 55
ACES = "AC AD AH"  # 60: a side holding it has made its first meld


def natural_canasta() -> Meld:
    return group("K", KINGS7)


def mixed_canasta() -> Meld:
    return group("Q", QUEENS_MIXED7)


def samba() -> Meld:
    return run("H", SAMBA_HEARTS)


def aces() -> Meld:
    return group("A", ACES)


# --- the position builder -----------------------------------------------------------------------------------


def position(variant: str = "samba", players: int = 4, **fields: Any) -> Position:
    """A complete, valid `canasta-position/2` dict of `variant` (the whole 162-card deck placed once).

    `hands` by seat, `melds` and `red_threes` by side; `pile` bottom card first, `stock_top` top card first.
    `melded_this_hand` defaults to: every seat of a side that has melds. `turn` is merged over
    {"drew_from": "stock" in phase play, "concealed": not melded_this_hand[current]}. `rest_to=seat` puts every
    unplaced card into that seat's hand (red threes into its side's row), so the stock is exactly `stock_top`.
    Other keywords (`out`) are copied into the position.
    """
    return build(Table(variant, players, sides_of(variant, players), deck()), **fields)


@dataclass(frozen=True)
class Table:
    """What a builder needs to know of a game: its name, seats, sides and deck, and (Hand and Foot) the size of
    the feet dealt to the seats a test does not give one (0: the game has no feet)."""

    variant: str
    players: int
    sides: list[list[int]]
    deck: list[str]
    foot: int = 0


def build(  # noqa: PLR0913 - a builder: every field of a position is an optional keyword
    table: Table,
    *,
    hands: Mapping[int, str] | None = None,
    feet: Mapping[int, str | None] | None = None,
    pile: str = "",
    melds: Mapping[int, Sequence[Meld]] | None = None,
    red_threes: Mapping[int, str] | None = None,
    stock_top: str = "",
    current: int = 0,
    phase: str = "draw",
    rules: Mapping[str, Any] | None = None,
    scores: Sequence[int] | None = None,
    melded_this_hand: Sequence[bool] | None = None,
    turn: Mapping[str, Any] | None = None,
    rest_to: int | None = None,
    **fields: Any,
) -> Position:
    """The position `position` describes, for any game of the family `table` describes; with feet when it has them
    (`feet` by seat; a seat not given holds a foot of filler cards, None: picked up)."""
    players, sides = table.players, table.sides
    pool = CardPool(4, table.deck)
    given = dict(hands or {})
    hand_lists: list[list[str] | None] = [
        pool.take(given[seat], f"hand {seat}") if seat in given else None for seat in range(players)
    ]
    given_feet = dict(feet or {})
    foot_lists: list[list[str] | None] = [
        pool.take(given_feet[seat], f"foot {seat}") if given_feet.get(seat) is not None else None
        for seat in range(players)
    ]
    pile_list = pool.take(pile, "pile")
    meld_lists: list[list[Meld]] = []
    for side in range(len(sides)):
        side_melds = [copy.deepcopy(meld) for meld in (melds or {}).get(side, [])]
        for meld in side_melds:
            pool.take(meld["cards"], f"meld of side {side}")
        meld_lists.append(side_melds)
    red_lists = [pool.take((red_threes or {}).get(side, ""), f"red threes {side}") for side in range(len(sides))]
    stock_list = pool.take(stock_top, "stock_top")
    final_hands = [hand if hand is not None else pool.filler(FILLER_PER_SEAT) for hand in hand_lists]
    if table.foot:
        foot_lists = [pool.filler(table.foot) if seat not in given_feet else foot
                      for seat, foot in enumerate(foot_lists)]  # fmt: skip
    rest = pool.rest()
    if rest_to is None:
        stock_list += rest
    else:
        final_hands[rest_to] += [card for card in rest if card not in RED_THREES]
        red_lists[_side_of(sides, rest_to)] += [card for card in rest if card in RED_THREES]

    if melded_this_hand is None:
        melded_this_hand = [bool(meld_lists[_side_of(sides, seat)]) for seat in range(players)]
    turn_json: dict[str, Any] = {"concealed": not melded_this_hand[current]}
    if phase == "play":
        turn_json["drew_from"] = "stock"
    turn_json.update(turn or {})
    result: Position = {
        "format": "canasta-position/2",
        "rules": {"players": players, "variant": table.variant, **(rules or {})},
        "scores": list(scores) if scores is not None else [0] * len(sides),
        "dealer": (current - 1) % players,
        "current": current,
        "phase": phase,
        "hands": final_hands,
        **({"feet": foot_lists} if table.foot else {}),
        "stock": stock_list,
        "pile": pile_list,
        "melds": meld_lists,
        "red_threes": red_lists,
        "melded_this_hand": list(melded_this_hand),
        "turn": turn_json,
        **fields,
    }
    assert all_cards(result) == Counter(table.deck), "the builder must place the whole deck once"
    return result


def _side_of(sides: list[list[int]], seat: int) -> int:
    return next(index for index, seats in enumerate(sides) if seat in seats)


def over(variant: str, melds: Mapping[int, Sequence[Meld]], hands: Mapping[int, str], **kw: Any) -> Position:
    """A four-player hand that is over, seat 0 gone out (or `out=None` for the stock's end); every seat's hand
    is as given (empty where not given)."""
    full = {seat: hands.get(seat, "") for seat in range(kw.pop("players", 4))}
    out = kw.pop("out", {"seat": 0, "concealed": False})
    return position(variant, len(full), hands=full, melds=melds, phase="over", out=out, turn={"melded": True}, **kw)


# --- actions ------------------------------------------------------------------------------------------------


def take(with_: str = "", also: Sequence[str] = ()) -> Action:
    """Take the pile with hand cards melded with the top card (as a new group), and more new melds."""
    return {"type": "take_pile", "with": cards(with_), "also": [cards(m) for m in also]}


def take_onto(index: int) -> Action:
    """Take the pile, its top card alone onto the side's meld at `index`."""
    return {"type": "take_pile", "onto": index}


def meld(*new: str, add: Sequence[tuple[int, str]] = (), by_rank: Mapping[str, str] | None = None) -> Action:
    """One meld step: new melds (notation) and additions by index [(meld, cards)] (or by rank)."""
    action: Action = {"type": "meld", "new": [cards(m) for m in new]}
    if by_rank is not None:
        action["add"] = {rank: cards(text) for rank, text in by_rank.items()}
    else:
        action["add"] = [{"meld": index, "cards": cards(text)} for index, text in add]
    return action


def combine(first: int, second: int) -> Action:
    return {"type": "combine", "melds": [first, second]}


# --- the referee round trip ---------------------------------------------------------------------------------


def assert_legal(pos: Position, action: Action) -> Position:
    """Apply a legal action; returns the new position (checked to keep every card of the deck)."""
    result = act(pos, action)
    assert result.get("legal") is True, f"expected {action} to be legal, got {result}"
    new: Position = result["position"]
    assert new["format"] == "canasta-position/2"
    assert all_cards(new) == all_cards(pos), "the action created or lost cards"
    return new


# --- reading positions --------------------------------------------------------------------------------------


def hand(pos: Position, seat: int = 0) -> Counter[str]:
    return Counter(pos["hands"][seat])


def same(found: Any, expected: str) -> bool:
    """Equal as multisets of cards."""
    return Counter(found) == Counter(cards(expected))


def melds_of(pos: Position, side: int = 0) -> list[list[str]]:
    """A side's melds as card lists, in the position's order."""
    return [list(meld["cards"]) for meld in pos["melds"][side]]


def kinds_of(pos: Position, side: int = 0) -> list[str]:
    return [meld["kind"] for meld in pos["melds"][side]]
