"""Complete Modern American Canasta positions (`canasta-position/2`) from card notation, and the referee round trip.

Cards are written as notation separated by spaces ("QH QS 2C"); the deck is classic's: two packs and four jokers,
108 cards. A test places the cards that matter; every other card goes into the stock after the `stock_top` cards
the test fixes. `stock_count=n` keeps only n cards in the stock and hands the rest to `rest_to` (an opponent of
the current seat by default), whose side lays out the threes among them. Seats a test leaves out get a few dull
filler cards (never an ace, a seven, a three or a wild card, so that no test meets a penalty or a SWAD ban by
accident). Melds are objects with their kind, as version 2 writes them: `group("K", "KC KD KH")`,
`wild("2C 2D JK")`. The position's own fields are the ones docs/formats.md gives the game: `threes` (both colours,
one row per side) instead of `red_threes`, and `bonus_cards` (which sides have taken their bonus cards).
Nothing here knows a rule beyond the deck, the seating and the field names.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from tests.rules.positions import SUITS, CardPool, cards
from tests.rules.positions import deck as classic_deck
from tests.rules.referee_kit import (
    assert_error,
    discard,
    draw,
    handle,
    meld,
    meld_of_rank,
    melds_of,
    pass_,
    refused,
    same,
    score,
    take,
)

# Re-exported for this game's tests: the referee round trip shared with the other newer games.
__all__ = [
    "assert_error",
    "discard",
    "draw",
    "handle",
    "meld",
    "meld_of_rank",
    "melds_of",
    "pass_",
    "refused",
    "same",
    "score",
    "take",
]

Position = dict[str, Any]
Action = dict[str, Any]
Meld = dict[str, Any]

VARIANT = "modern_american"
FORMAT = "canasta-position/2"
PLAYERS = 4
SIDES = ((0, 2), (1, 3))
THREES = frozenset({"3C", "3D", "3H", "3S"})
FILLER_RANKS = ("6", "T", "J", "9", "5", "Q", "8", "4", "K")
FILLER_PER_SEAT = 4


def deck() -> list[str]:
    """The 108 cards: two packs of 52 and four jokers."""
    return classic_deck(4)


def side_of(seat: int) -> int:
    return seat % 2


def is_wild(card: str) -> bool:
    return card == "JK" or card[0] == "2"


# --- melds --------------------------------------------------------------------------------------------------


def group(rank: str, text: str, **markers: Any) -> Meld:
    return {"kind": "group", "rank": rank, "cards": cards(text), **markers}


def wild(text: str, **markers: Any) -> Meld:
    return {"kind": "wild", "cards": cards(text), **markers}


# Melds the tests use often (card values in the comments: A 20, K-8 10, 7-4 5, two 20, joker 50).
NATURAL_KINGS = "KC KD KH KS KD KH KS"  # a natural canasta, 70 (one KC left for a hand)
MIXED_QUEENS = "QC QD QH QS QC 2D JK"  # a mixed canasta, 50 + 20 + 50 = 120
DOWN = "8C 8D 8H"  # a side holding this group has made its initial meld (30); tests keep other eights away


def down() -> Meld:
    return group("8", DOWN)


def two_canastas() -> list[Meld]:
    """Two completed canastas: what a side needs to go out."""
    return [group("K", NATURAL_KINGS), group("Q", MIXED_QUEENS)]


# --- the position builder -----------------------------------------------------------------------------------


def _filler(pool: CardPool, count: int) -> list[str]:
    chosen: list[str] = []
    for rank in FILLER_RANKS:
        for suit in SUITS:
            card = rank + suit
            while pool.left[card] > 0 and len(chosen) < count:
                pool.left[card] -= 1
                chosen.append(card)
    return chosen


def _rest(pool: CardPool) -> list[str]:
    """What is left, in a fixed order: naturals first, then wild cards, threes last."""

    def order(card: str) -> tuple[int, str]:
        return (2 if card in THREES else 1 if is_wild(card) else 0, card)

    out = [card for card in sorted(pool.left, key=order) for _ in range(pool.left[card])]
    pool.left.clear()
    return out


def position(  # noqa: PLR0913 - a builder: every field of a position is an optional keyword
    *,
    hands: Mapping[int, str] | None = None,
    pile: str = "",
    melds: Mapping[int, Sequence[Meld]] | None = None,
    threes: Mapping[int, str] | None = None,
    stock_top: str = "",
    stock_count: int | None = None,
    rest_to: int | None = None,
    current: int = 0,
    phase: str = "draw",
    rules: Mapping[str, Any] | None = None,
    scores: Sequence[int] | None = None,
    melded_this_hand: Sequence[bool] | None = None,
    turn: Mapping[str, Any] | None = None,
    bonus_cards: Sequence[bool] | None = None,
    players: int = PLAYERS,
    **fields: Any,
) -> Position:
    """A complete, valid Modern American position (the whole 108-card deck placed once).

    `hands` by seat, `melds` and `threes` by side; `pile` bottom card first, `stock_top` top card first.
    `stock_count`: the stock holds exactly that many cards (`stock_top` first), the rest goes to `rest_to`
    (default: the seat after the current one), its threes to that seat's side's row. `melded_this_hand`
    defaults to: every seat of a side that has melds; `bonus_cards` to: the sides that have melds; and when both
    sides have melds, `bonus_order` to [0, 1] (side 0 melded first; F5); neither under `bonus_cards: false`. `turn` is
    merged over {"drew_from": "stock" in phase play, "concealed": not melded_this_hand[current]}. Other keywords
    (`out`, `bonus_order`) are copied into the position.
    """
    pool = CardPool(4, deck())
    given = dict(hands or {})
    hand_lists: list[list[str] | None] = [
        pool.take(given[seat], f"hand {seat}") if seat in given else None for seat in range(players)
    ]
    pile_list = pool.take(pile, "pile")
    sides = 2
    meld_lists: list[list[Meld]] = []
    for side in range(sides):
        side_melds = [copy.deepcopy(laid) for laid in (melds or {}).get(side, [])]
        for laid in side_melds:
            pool.take(laid["cards"], f"meld of side {side}")
        meld_lists.append(side_melds)
    three_rows = [pool.take((threes or {}).get(side, ""), f"threes of side {side}") for side in range(sides)]
    stock_list = pool.take(stock_top, "stock_top")
    final_hands = [hand if hand is not None else _filler(pool, FILLER_PER_SEAT) for hand in hand_lists]
    rest = _rest(pool)
    if stock_count is not None or rest_to is not None:
        wanted = len(stock_list) if stock_count is None else stock_count
        keep = max(0, wanted - len(stock_list))
        stock_list += rest[:keep]
        receiver = (current + 1) % players if rest_to is None else rest_to
        final_hands[receiver] += [card for card in rest[keep:] if card not in THREES]
        three_rows[side_of(receiver)] += [card for card in rest[keep:] if card in THREES]
    else:
        stock_list += rest

    if melded_this_hand is None:
        melded_this_hand = [bool(meld_lists[side_of(seat)]) for seat in range(players)]
    talon = (rules or {}).get("bonus_cards", True) is not False
    if bonus_cards is None and talon:
        bonus_cards = [bool(side_melds) for side_melds in meld_lists]
    if talon and all(meld_lists):
        fields.setdefault("bonus_order", [0, 1])
    turn_json: dict[str, Any] = {"concealed": not melded_this_hand[current]}
    if phase == "play":
        turn_json["drew_from"] = "stock"
    turn_json.update(turn or {})
    result: Position = {
        "format": FORMAT,
        "rules": {"players": players, "variant": VARIANT, **(rules or {})},
        "scores": list(scores) if scores is not None else [0, 0],
        "dealer": (current - 1) % players,
        "current": current,
        "phase": phase,
        "hands": final_hands,
        "stock": stock_list,
        "pile": pile_list,
        "melds": meld_lists,
        "threes": three_rows,
        **({"bonus_cards": list(bonus_cards)} if bonus_cards is not None else {}),
        "melded_this_hand": list(melded_this_hand),
        "turn": turn_json,
        **fields,
    }
    assert all_cards(result) == Counter(deck()), "the builder must place the whole deck once"
    return result


def playing(hand: str, **kw: Any) -> Position:
    """Seat 0 to meld or discard, having drawn from the stock, holding `hand`."""
    return position(hands={0: hand}, phase="play", **kw)


def over(melds: Mapping[int, Sequence[Meld]], hands: Mapping[int, str], **kw: Any) -> Position:
    """A hand that is over, seat 0 gone out (or `out=None` for the stock's end); every hand as given, else empty."""
    full = {seat: hands.get(seat, "") for seat in range(PLAYERS)}
    out = kw.pop("out", {"seat": 0, "concealed": False})
    return position(hands=full, melds=melds, phase="over", out=out, turn={"melded": True}, **kw)


def all_cards(pos: Position) -> Counter[str]:
    """Every card a position places, counted: hands, stock, pile, melds and the threes' rows."""
    counted: Counter[str] = Counter()
    for hand in pos["hands"]:
        counted.update(hand)
    counted.update(pos["stock"])
    counted.update(pos["pile"])
    for side in pos["melds"]:
        for laid in side:
            counted.update(laid["cards"] if isinstance(laid, Mapping) else laid)
    for row in pos.get("threes") or []:
        counted.update(row)
    return counted


# --- the referee round trip (the rest in tests.rules.referee_kit) ---------------------------------------


def apply_legal(pos: Position, action: Action) -> tuple[Position, list[dict[str, Any]]]:
    """Apply a legal action; returns the new position (version 2, every card kept) and the events."""
    result = handle({"position": pos, "action": action})
    assert result.get("legal") is True, f"expected {action} to be legal, got {result}"
    new: Position = result["position"]
    assert new["format"] == FORMAT, new["format"]
    assert new["rules"].get("variant") == VARIANT
    assert "threes" in new and "red_threes" not in new, "Modern American writes `threes`, both colours (F5)"
    assert all_cards(new) == all_cards(pos), "the action created or lost cards"
    events: list[dict[str, Any]] = result["events"]
    return new, events


def assert_legal(pos: Position, action: Action) -> Position:
    return apply_legal(pos, action)[0]
