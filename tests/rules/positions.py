"""Complete `canasta-position/1` test positions from card notation, and the referee round trip.

Cards are written as notation separated by spaces ("QH QS 2C"). A test places the cards that matter; every
other card of the deck goes into the stock, after the `stock_top` cards the test fixes (or, with `rest_to`,
into one seat's hand and that seat's red-three row, which empties the stock). Seats a test leaves out get a
few dull filler cards so that no hand is empty by accident. Nothing here knows a rule beyond the deck and
the seating of docs/rules.md ("The cards", "Players, sides and seats").
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

Position = dict[str, Any]
Action = dict[str, Any]
Options = Mapping[str, Any]
CardsText = str | Sequence[str] | None

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K")
SUITS = ("C", "D", "H", "S")
RED_THREES = frozenset({"3H", "3D"})
BLACK_THREES = frozenset({"3C", "3S"})
NATURAL_RANKS = ("A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4")
# Filler for seats a test does not fill: ranks the tests rarely meld, so a test never needs to think of them.
_FILLER_RANKS = ("6", "7", "T", "J", "9", "5", "Q", "8", "4", "K", "A")
FILLER_PER_SEAT = 4

DEFAULT_TURN: dict[str, Any] = {
    "drew_from": None,
    "question": None,
    "melded": False,
    "concealed": False,
    "exempt": False,
    "final": False,
}


# --- cards and seating --------------------------------------------------------------------------------------


def cards(text: CardsText) -> list[str]:
    """A card list from notation: "QH QS 2C", an existing list, or None (no cards)."""
    if text is None:
        return []
    if isinstance(text, str):
        return text.split()
    return list(text)


def packs(players: int) -> int:
    """Two packs, three with six players ("The cards")."""
    return 3 if players == 6 else 2


def deck(players: int = 4) -> list[str]:
    """Every card of the rules' deck: 108 cards, 162 with six players."""
    n = packs(players)
    suited = [rank + suit for rank in RANKS for suit in SUITS for _ in range(n)]
    return suited + ["JK"] * (2 * n)


def side_count(players: int) -> int:
    """Entries of `scores`, `melds` and `red_threes`: one per player with 2 or 3 players, else two sides."""
    return players if players in (2, 3) else 2


def side_of(seat: int, players: int = 4) -> int:
    """The side a seat plays for: partners sit opposite (four players), alternately (six players)."""
    return seat if players in (2, 3) else seat % 2


def seats_of(side: int, players: int = 4) -> list[int]:
    """The seats of one side."""
    return [seat for seat in range(players) if side_of(seat, players) == side]


def rank_of(card: str) -> str:
    """ "QH" -> "Q"; a joker is "JK"."""
    return "JK" if card == "JK" else card[0]


def is_wild(card: str) -> bool:
    return card == "JK" or card[0] == "2"


# --- the position builder -----------------------------------------------------------------------------------


def _per_index(value: Mapping[int, Any] | Sequence[Any] | None, count: int, default: Any) -> list[Any]:
    """Spread a {index: value} mapping or a full list over `count` entries, `default` where absent."""
    result = [copy.deepcopy(default) for _ in range(count)]
    if value is None:
        return result
    items = value.items() if isinstance(value, Mapping) else enumerate(value)
    for index, item in items:
        if not 0 <= index < count:
            raise ValueError(f"index {index} out of range for {count} entries")
        result[index] = item
    return result


def _meld_json(spec: Any) -> Any:
    """A meld as notation ("KH KS KD") or as {"cards": "...", **markers}; returns the position's JSON."""
    if isinstance(spec, Mapping):
        out = dict(spec)
        out["cards"] = cards(out["cards"])
        return out
    return cards(spec)


def meld_cards(meld: Any) -> list[str]:
    """The cards of a meld as the position writes it (a list, or an object with "cards")."""
    return list(meld["cards"]) if isinstance(meld, Mapping) else list(meld)


class CardPool:
    """The cards of the deck not yet placed (classic's deck for `players`, or the cards given)."""

    def __init__(self, players: int, deck_cards: Sequence[str] | None = None) -> None:
        self.left = Counter(deck(players) if deck_cards is None else deck_cards)
        self.known = set(self.left)

    def take(self, text: CardsText, where: str) -> list[str]:
        taken = cards(text)
        for card in taken:
            if card not in self.known:
                raise ValueError(f"{where}: {card!r} is not a card")
            if self.left[card] <= 0:
                raise ValueError(f"{where}: {card} placed more often than the deck holds it")
            self.left[card] -= 1
        return taken

    def filler(self, count: int) -> list[str]:
        chosen: list[str] = []
        for rank in _FILLER_RANKS:
            for suit in SUITS:
                card = rank + suit
                while self.left[card] > 0 and len(chosen) < count:
                    self.left[card] -= 1
                    chosen.append(card)
        return chosen

    def rest(self) -> list[str]:
        """What is left, in a fixed order: naturals, black threes, wild cards, red threes last."""

        def order(card: str) -> tuple[int, str]:
            if card in RED_THREES:
                return (3, card)
            if is_wild(card):
                return (2, card)
            if card in BLACK_THREES:
                return (1, card)
            return (0, card)

        out = [card for card in sorted(self.left, key=order) for _ in range(self.left[card])]
        self.left.clear()
        return out


def position(  # noqa: PLR0913 - a builder: every field of a position is an optional keyword
    players: int = 4,
    *,
    hands: Mapping[int, CardsText] | Sequence[CardsText] | None = None,
    pile: CardsText = "",
    melds: Mapping[int, Iterable[Any]] | Sequence[Iterable[Any]] | None = None,
    red_threes: Mapping[int, CardsText] | Sequence[CardsText] | None = None,
    stock_top: CardsText = "",
    rest_to: int | None = None,
    current: int = 0,
    phase: str = "draw",
    rules: Mapping[str, Any] | None = None,
    scores: Sequence[int] | None = None,
    dealer: int | None = None,
    melded_this_hand: Sequence[bool] | None = None,
    turn: Mapping[str, Any] | None = None,
    filler: int = FILLER_PER_SEAT,
    **fields: Any,
) -> Position:
    """A complete, valid `canasta-position/1` dict.

    `hands`, `melds`, `red_threes`: {index: cards} or a full list (index = seat for hands, side otherwise).
    `pile` lists the bottom card first, `stock_top` the top card first. `rest_to=seat` puts every unplaced card
    into that seat's hand (red threes into its side's row), so the stock is exactly `stock_top`.
    `melded_this_hand` defaults to: the seats of a side that has melds, other than the current seat (or the
    current seat itself when it is the side's only seat). `turn` is merged over the defaults; its `concealed`
    defaults to "the current seat has not melded this hand", and `drew_from` to "stock" in phase play.
    Any other keyword (`out`, `lone_hand`, `pile_frozen_from_start`) is copied into the position.
    """
    n_sides = side_count(players)
    pool = CardPool(players)

    given_hands = _per_index(hands, players, None)
    hand_lists = [pool.take(h, f"hand {seat}") if h is not None else None for seat, h in enumerate(given_hands)]
    pile_list = pool.take(pile, "pile")
    meld_specs = _per_index(melds, n_sides, [])
    meld_lists = []
    for side, specs in enumerate(meld_specs):
        side_melds = [_meld_json(spec) for spec in specs]
        for meld in side_melds:
            pool.take(meld_cards(meld), f"meld of side {side}")
        meld_lists.append(side_melds)
    red_lists = [
        pool.take(r, f"red threes of side {side}") for side, r in enumerate(_per_index(red_threes, n_sides, ""))
    ]
    stock_list = pool.take(stock_top, "stock_top")

    for seat, hand in enumerate(hand_lists):
        if hand is None:
            hand_lists[seat] = pool.filler(filler)

    rest = pool.rest()
    if rest_to is None:
        stock_list += rest
    else:
        hand_lists[rest_to] = list(hand_lists[rest_to] or []) + [c for c in rest if c not in RED_THREES]
        red_lists[side_of(rest_to, players)] += [c for c in rest if c in RED_THREES]

    if melded_this_hand is None:
        flags = [False] * players
        for side, side_melds in enumerate(meld_lists):
            if not side_melds:
                continue
            seats = seats_of(side, players)
            for seat in seats:
                if seat != current or len(seats) == 1:
                    flags[seat] = True
        melded_this_hand = flags

    turn_json = dict(DEFAULT_TURN)
    turn_json["concealed"] = not melded_this_hand[current]
    if phase == "play":
        turn_json["drew_from"] = "stock"
    turn_json.update(turn or {})

    rules_json: dict[str, Any] = {"players": players}
    rules_json.update(rules or {})
    if rules_json.get("three_player_mode") == "cutthroat":
        fields.setdefault("lone_hand", None)

    result: Position = {
        "format": "canasta-position/1",
        "rules": rules_json,
        "scores": list(scores) if scores is not None else [0] * n_sides,
        "dealer": dealer if dealer is not None else (current - 1) % players,
        "current": current,
        "phase": phase,
        "hands": hand_lists,
        "stock": stock_list,
        "pile": pile_list,
        "melds": meld_lists,
        "red_threes": red_lists,
        "melded_this_hand": list(melded_this_hand),
        "turn": turn_json,
    }
    result.update(fields)
    assert all_cards(result) == Counter(deck(players)), "the builder must place the whole deck once"
    return result


def all_cards(pos: Position) -> Counter[str]:
    """Every card a position places, counted (for conservation checks); Hand and Foot's feet included."""
    counted: Counter[str] = Counter()
    for hand in pos["hands"]:
        counted.update(hand)
    for foot in pos.get("feet") or []:
        counted.update(foot or [])
    counted.update(pos["stock"])
    counted.update(pos["pile"])
    for side in pos["melds"]:
        for meld in side:
            counted.update(meld_cards(meld))
    for row in pos["red_threes"]:
        counted.update(row)
    return counted


# --- actions ------------------------------------------------------------------------------------------------


def draw() -> Action:
    return {"type": "draw"}


def take(with_: CardsText = "", also: Iterable[CardsText] = ()) -> Action:
    """Take the pile: `with_` the hand cards melded with the top card, `also` more new melds from hand."""
    return {"type": "take_pile", "with": cards(with_), "also": [cards(m) for m in also]}


def meld(*new: CardsText, add: Mapping[str, CardsText] | None = None) -> Action:
    """One meld step: new melds (each a notation string) and additions {rank: cards}."""
    return {
        "type": "meld",
        "new": [cards(m) for m in new],
        "add": {rank: cards(c) for rank, c in (add or {}).items()},
    }


def discard(card: str) -> Action:
    return {"type": "discard", "card": card}


def ask() -> Action:
    return {"type": "ask_partner"}


def answer(yes: bool) -> Action:
    return {"type": "answer", "yes": yes}


def pass_() -> Action:
    return {"type": "pass"}


# --- the referee round trip ---------------------------------------------------------------------------------


def handle(request: Any) -> dict[str, Any]:
    """One referee line (docs/formats.md, "The referee"); imported late so the suite collects before the engine
    exists."""
    from canasta.app.referee import handle as referee_handle

    reply: dict[str, Any] = referee_handle(copy.deepcopy(request))
    return reply


def act(pos: Position, action: Action) -> dict[str, Any]:
    return handle({"position": pos, "action": action})


def assert_legal(pos: Position, action: Action) -> Position:
    """Apply a legal action; returns the new position (checked to keep every card of the deck)."""
    result = act(pos, action)
    assert result.get("legal") is True, f"expected {action} to be legal, got {result}"
    new: Position = result["position"]
    assert all_cards(new) == all_cards(pos), "the action created or lost cards"
    return new


def assert_refused(pos: Position, action: Action, code: str | tuple[str, ...]) -> str:
    """Assert the referee refuses `action` with `code` (or one of several codes); returns the message."""
    result = act(pos, action)
    codes = (code,) if isinstance(code, str) else code
    assert result.get("legal") is False, f"expected {action} to be refused with {codes}, got {result}"
    assert result.get("code") in codes, f"expected refusal code {codes}, got {result}"
    message = result.get("message")
    assert isinstance(message, str) and message, "a refusal needs a message"
    return message


def assert_error(request: Any, *names: str) -> str:
    """Assert malformed input gets {"error": ...} whose text names each of `names`; returns the text."""
    result = handle(request)
    assert "error" in result, f"expected an error, got {result}"
    text = str(result["error"])
    for name in names:
        assert name.lower() in text.lower(), f"error {text!r} should name {name!r}"
    return text


def score(pos: Position) -> list[dict[str, int]]:
    """The referee's score breakdown, one entry per side (per player with three players)."""
    result = handle({"position": pos, "score": True})
    assert "score" in result, f"expected a score, got {result}"
    entries: list[dict[str, int]] = result["score"]
    return entries


# --- reading positions --------------------------------------------------------------------------------------


def hand(pos: Position, seat: int | None = None) -> Counter[str]:
    """A seat's hand as a multiset (the current seat by default)."""
    return Counter(pos["hands"][pos["current"] if seat is None else seat])


def same(found: Counter[str] | Iterable[str], expected: CardsText) -> bool:
    """Equal as multisets of cards."""
    return Counter(found) == Counter(cards(expected))


def side_melds(pos: Position, side: int) -> list[list[str]]:
    return [meld_cards(m) for m in pos["melds"][side]]


def meld_rank(meld: Sequence[str]) -> str:
    """The natural rank of a meld ("3" for black threes)."""
    ranks = {rank_of(c) for c in meld if not is_wild(c)}
    assert len(ranks) == 1, f"a meld of one natural rank expected, got {meld}"
    return ranks.pop()


def melds_of_rank(pos: Position, side: int, rank: str) -> list[list[str]]:
    return [m for m in side_melds(pos, side) if meld_rank(m) == rank]


def the_meld(pos: Position, side: int, rank: str) -> Counter[str]:
    """The one meld of `rank` a side holds (asserting there is exactly one)."""
    found = melds_of_rank(pos, side, rank)
    assert len(found) == 1, f"side {side} should hold one meld of {rank}, holds {found}"
    return Counter(found[0])


def pile_top(pos: Position) -> str | None:
    return pos["pile"][-1] if pos["pile"] else None


# --- melds the tests use often ------------------------------------------------------------------------------

NATURAL_CANASTA = "KC KD KH KS KC KD KH"  # seven kings: 70 points, natural
MIXED_CANASTA = "QC QD QH QS QC 2C JK"  # five queens, a two, a joker: 120 points, mixed
SEVEN_FOURS = "4C 4D 4H 4S 4C 4D 4H"  # a natural canasta worth only 35 points
ACES = "AC AD AH"  # 60 points: any side that holds it has made its initial meld
