"""What one seat may know, and the public facts that follow from it.

This module never sees the whole state: computer players import it (and `canasta.engine.judge`) and nothing
omniscient. `canasta.engine.game.views.view_for` makes a `PlayerView` from a `GameState`.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from canasta.engine.cards import BLACK_THREES, PILE_FREEZERS, Card, Rank
from canasta.engine.events import Event
from canasta.engine.melds import TableMeld, count_canastas, meld_of_rank
from canasta.engine.memo import Memo
from canasta.engine.rules import BlackThreeDiscard, GameEnd, PacketTrigger, PileRule, Rules
from canasta.engine.special_hands import SpecialHand


class Phase(enum.StrEnum):
    DRAW = "draw"
    PLAY = "play"
    ANSWER = "answer"
    OVER = "over"


class DrewFrom(enum.StrEnum):
    STOCK = "stock"
    PILE = "pile"


class Question(enum.StrEnum):
    ASKED = "asked"
    YES = "yes"
    NO = "no"


@dataclass(frozen=True, slots=True)
class TurnState:
    """The facts of the turn in progress (`turn` in docs/formats.md, "Positions")."""

    drew_from: DrewFrom | None = None
    question: Question | None = None
    melded: bool = False
    concealed: bool = False
    exempt: bool = False
    final: bool = False

    def __init__(  # noqa: PLR0913, PLR0917  # the dataclass's fields, in order
        self,
        drew_from: DrewFrom | None = None,
        question: Question | None = None,
        melded: bool = False,
        concealed: bool = False,
        exempt: bool = False,
        final: bool = False,
    ) -> None:
        # Written out: compiled, the fields are set natively (docs/development.md, "The compiled engine").
        object.__setattr__(self, "drew_from", drew_from)
        object.__setattr__(self, "question", question)
        object.__setattr__(self, "melded", melded)
        object.__setattr__(self, "concealed", concealed)
        object.__setattr__(self, "exempt", exempt)
        object.__setattr__(self, "final", final)


@dataclass(frozen=True, slots=True)
class Out:
    """Who went out, and whether concealed; or who ended the hand by laying the special hand `special`."""

    seat: int
    concealed: bool
    special: SpecialHand | None = None

    def __init__(self, seat: int, concealed: bool, special: SpecialHand | None = None) -> None:
        # Written out: compiled, the fields are set natively (docs/development.md, "The compiled engine").
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "concealed", concealed)
        object.__setattr__(self, "special", special)


@dataclass(frozen=True, slots=True)
class PlayerView:
    """Everything `seat` may know, nothing more. A plain value: what is worked out about it is kept on this very
    object, no part of its value (`answers`, `canasta.engine.memo`), and a copy made with `dataclasses.replace`
    starts with none, so it never sees a stale answer."""

    rules: Rules
    seat: int
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    stock_count: int
    scores: tuple[int, ...]
    dealer: int
    current: int
    phase: Phase
    pile: tuple[Card, ...]
    melds: tuple[tuple[TableMeld, ...], ...]
    red_threes: tuple[tuple[Card, ...], ...]
    melded_this_hand: tuple[bool, ...]
    turn: TurnState
    out: Out | None = None
    pile_frozen_from_start: bool = False
    lone_hand: int | None = None
    # Hand and Foot: each seat's foot size, None once picked up (no seat sees a foot, its own included); the round.
    foot_counts: tuple[int | None, ...] = ()
    round: int = 1
    # Bonus cards taken by side, the sides in the order they made their initial meld, seats that asked partner.
    bonus_taken: tuple[bool, ...] = ()
    meld_order: tuple[int, ...] = ()
    asked: tuple[bool, ...] = ()
    # Cuban Canasta: each side's black threes set aside (or laid out), and the turns over while the first round lasts.
    black_threes: tuple[tuple[Card, ...], ...] = ()
    turns_played: int = 0
    # Seats whose packet (foot) is released but not yet taken up (Pennies from Heaven under `packet_timing:
    # next_turn`).
    packet_due: tuple[int, ...] = ()
    history: tuple[Event, ...] = ()
    # What is worked out about this very object (`canasta.engine.memo`): no part of its value (not compared, hashed
    # or shown), and never copied (`dataclasses.replace` makes a new object, which starts with none).
    answers: dict[object, Any] = field(default_factory=dict, init=False, compare=False, repr=False)

    def __init__(  # noqa: PLR0913, PLR0917  # the dataclass's fields, in order
        self,
        rules: Rules,
        seat: int,
        hand: tuple[Card, ...],
        hand_counts: tuple[int, ...],
        stock_count: int,
        scores: tuple[int, ...],
        dealer: int,
        current: int,
        phase: Phase,
        pile: tuple[Card, ...],
        melds: tuple[tuple[TableMeld, ...], ...],
        red_threes: tuple[tuple[Card, ...], ...],
        melded_this_hand: tuple[bool, ...],
        turn: TurnState,
        out: Out | None = None,
        pile_frozen_from_start: bool = False,
        lone_hand: int | None = None,
        foot_counts: tuple[int | None, ...] = (),
        round: int = 1,
        bonus_taken: tuple[bool, ...] = (),
        meld_order: tuple[int, ...] = (),
        asked: tuple[bool, ...] = (),
        black_threes: tuple[tuple[Card, ...], ...] = (),
        turns_played: int = 0,
        packet_due: tuple[int, ...] = (),
        history: tuple[Event, ...] = (),
    ) -> None:
        # Written out: compiled, the fields are set natively (docs/development.md, "The compiled engine").
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "hand", hand)
        object.__setattr__(self, "hand_counts", hand_counts)
        object.__setattr__(self, "stock_count", stock_count)
        object.__setattr__(self, "scores", scores)
        object.__setattr__(self, "dealer", dealer)
        object.__setattr__(self, "current", current)
        object.__setattr__(self, "phase", phase)
        object.__setattr__(self, "pile", pile)
        object.__setattr__(self, "melds", melds)
        object.__setattr__(self, "red_threes", red_threes)
        object.__setattr__(self, "melded_this_hand", melded_this_hand)
        object.__setattr__(self, "turn", turn)
        object.__setattr__(self, "out", out)
        object.__setattr__(self, "pile_frozen_from_start", pile_frozen_from_start)
        object.__setattr__(self, "lone_hand", lone_hand)
        object.__setattr__(self, "foot_counts", foot_counts)
        object.__setattr__(self, "round", round)
        object.__setattr__(self, "bonus_taken", bonus_taken)
        object.__setattr__(self, "meld_order", meld_order)
        object.__setattr__(self, "asked", asked)
        object.__setattr__(self, "black_threes", black_threes)
        object.__setattr__(self, "turns_played", turns_played)
        object.__setattr__(self, "packet_due", packet_due)
        object.__setattr__(self, "history", history)
        object.__setattr__(self, "answers", {})

    def __hash__(self) -> int:
        # A few fields that tell most views apart, cheap to hash (equal views agree on them): answers about a view
        # are looked up by its value many times per decision.
        return hash(
            (self.seat, self.current, self.phase, self.hand, self.stock_count, len(self.pile), len(self.history))
        )


@dataclass(frozen=True, slots=True)
class HandCards:
    """Cards sorted out by kind: the non-wild cards by rank, and the wild cards, each in the order held."""

    by_rank: Mapping[Rank, tuple[Card, ...]]
    wilds: tuple[Card, ...]

    def __init__(self, by_rank: Mapping[Rank, tuple[Card, ...]], wilds: tuple[Card, ...]) -> None:
        # Written out: compiled, the fields are set natively (docs/development.md, "The compiled engine").
        object.__setattr__(self, "by_rank", by_rank)
        object.__setattr__(self, "wilds", wilds)


def sort_out(cards: Iterable[Card]) -> HandCards:
    """`cards` by rank, with the wild cards apart."""
    lists: dict[Rank, list[Card]] = {}
    wilds: list[Card] = []
    for card in cards:
        if card.is_wild:
            wilds.append(card)
        else:
            held = lists.get(card.rank)
            if held is None:
                lists[card.rank] = [card]
            else:
                held.append(card)
    by_rank = {rank: tuple(held) for rank, held in lists.items()}
    return HandCards(by_rank, tuple(wilds))


def hand_cards(view: PlayerView) -> HandCards:
    """The viewer's hand sorted out (once per distinct view: the rules and the players all start from it)."""
    return _HAND_CARDS(view)


def _sort_out_hand(view: PlayerView) -> HandCards:
    return sort_out(view.hand)


_HAND_CARDS = Memo(_sort_out_hand)


def side_of(rules: Rules, lone_hand: int | None, seat: int) -> int:
    """The index of the meld area (side) that `seat` melds into."""
    if lone_hand is not None and rules.players == 3 and seat != lone_hand:
        return (lone_hand + 1) % 3
    return rules.seat_side[seat]


def seats_of_side(rules: Rules, lone_hand: int | None, side: int) -> tuple[int, ...]:
    """The seats that meld into meld area `side` (three players: one seat, or two partners in cutthroat)."""
    return tuple(seat for seat in range(rules.players) if side_of(rules, lone_hand, seat) == side)


def score_index(rules: Rules, seat: int) -> int:
    """Which entry of `scores` belongs to `seat` (its side, or itself with three players)."""
    return rules.seat_side[seat]


def partner_to_ask(rules: Rules, seat: int) -> int | None:
    """The partner who answers "may I go out?": the next partner clockwise, or None without partners."""
    key = (rules.seat_side, seat)
    try:
        return _PARTNERS[key]
    except KeyError:
        pass
    partner: int | None = None
    if rules.has_partners:
        side = rules.seat_side[seat]
        players = rules.players
        partner = next(other for step in range(1, players) if rules.seat_side[other := (seat + step) % players] == side)
    _PARTNERS[key] = partner
    return partner


# `partner_to_ask` by the seats' sides and the seat: the sides say everything it depends on (a side of more than
# one seat is what `has_partners` looks for), and it is asked on every turn.
_PARTNERS: dict[tuple[tuple[int, ...], int], int | None] = {}


def asker_of(rules: Rules, partner: int) -> int:
    """The seat whose `partner_to_ask` is `partner`: the previous partner clockwise."""
    side = rules.seat_side[partner]
    players = rules.players
    return next(other for step in range(1, players) if rules.seat_side[other := (partner - step) % players] == side)


def my_side(view: PlayerView) -> int:
    return side_of(view.rules, view.lone_hand, view.seat)


def my_seats(view: PlayerView) -> tuple[int, ...]:
    """The seats of the viewer's side, his own included."""
    return seats_of_side(view.rules, view.lone_hand, my_side(view))


def my_melds(view: PlayerView) -> tuple[TableMeld, ...]:
    return view.melds[side_of(view.rules, view.lone_hand, view.seat)]


def side_has_melded(view: PlayerView, side: int) -> bool:
    return bool(view.melds[side])


def initial_minimum(view: PlayerView, seat: int | None = None) -> int:
    """The initial-meld minimum of `seat` (the viewer by default), from its score at the start of the hand (in
    Hand and Foot, from the round)."""
    who = view.seat if seat is None else seat
    score = view.scores[score_index(view.rules, who)]
    if view.rules.shape.round_minimums:
        return round_minimum(view.rules, view.round, score)
    return view.rules.minimum_for(score)


_SCORE_STEPS = (0, 2500, 5000, 7500)  # Hand and Foot played to a target: the round's minimum by score


def round_minimum(rules: Rules, round_number: int, score: int) -> int:
    """Hand and Foot's first-meld minimum: by round, or by score in a game played to a target."""
    minimums = rules.shape.round_minimums
    if rules.game_end is GameEnd.TARGET:
        step = sum(1 for threshold in _SCORE_STEPS[1:] if score >= threshold)
    else:
        step = round_number - 1
    return minimums[max(0, min(step, len(minimums) - 1))]


def holds_foot(view: PlayerView, seat: int | None = None) -> bool:
    """Whether `seat` (the viewer by default) has yet to pick up its foot (Hand and Foot)."""
    who = view.seat if seat is None else seat
    return bool(view.foot_counts) and view.foot_counts[who] is not None


def foot_refills_hand(view: PlayerView, seat: int | None = None) -> bool:
    """Whether an empty hand of `seat` (the viewer by default) would be refilled by its foot: it holds one, and the
    game takes a foot up once the hand is empty (Hand and Foot)."""
    return view.rules.shape.packet_trigger is PacketTrigger.HAND_EMPTY and holds_foot(view, seat)


def releases_packet(
    rules: Rules, holds_packet: bool, before: tuple[TableMeld, ...], after: tuple[TableMeld, ...]
) -> bool:
    """Whether a step by a player who still `holds_packet` (face down, not yet released), turning his side's melds
    from `before` into `after`, releases it: the game gives the packet with the player's own first canasta, and
    the step completed one (docs/variants.md, "Pennies from Heaven")."""
    if rules.shape.packet_trigger is not PacketTrigger.OWN_FIRST_CANASTA or not holds_packet:
        return False
    return count_canastas(after, rules) > count_canastas(before, rules)


def packet_comes_now(view: PlayerView, before: tuple[TableMeld, ...], after: tuple[TableMeld, ...]) -> bool:
    """Whether the viewer takes up his packet at the end of a step turning his side's melds from `before` into
    `after` (released by it, and taken up at once rather than next turn): his hand is then refilled."""
    holds = holds_foot(view) and view.seat not in view.packet_due
    return not view.rules.shape.packet_next_turn and releases_packet(view.rules, holds, before, after)


def canastas_needed(view: PlayerView) -> int:
    return view.rules.canastas_to_go_out


def my_canastas(view: PlayerView) -> int:
    return count_canastas(my_melds(view), view.rules)


def pile_top(view: PlayerView) -> Card | None:
    return view.pile[-1] if view.pile else None


def pile_is_frozen(view: PlayerView) -> bool:
    """Frozen for everyone: a wild card or red three in it, the upcard froze it, or (option) a black three
    below the top card."""
    return pile_frozen_for_all(view.rules, view.pile, view.pile_frozen_from_start)


def pile_frozen_for_all(rules: Rules, pile: tuple[Card, ...], frozen_from_start: bool) -> bool:
    if rules.shape.pile_rule is PileRule.PAIR_ALWAYS_FROZEN:
        return True
    if frozen_from_start or not PILE_FREEZERS.isdisjoint(pile):
        return True
    if rules.black_three_discard is BlackThreeDiscard.FREEZE_PILE:
        return not BLACK_THREES.isdisjoint(pile[:-1])
    return False


def pile_frozen_for(view: PlayerView, seat: int) -> bool:
    """Frozen against `seat`: for everyone, or for a side that has not made its initial meld."""
    return (
        pile_frozen_for_all(view.rules, view.pile, view.pile_frozen_from_start)
        or not view.melds[side_of(view.rules, view.lone_hand, seat)]
    )


def pile_blocked(view: PlayerView) -> bool:
    """Never takeable now: the top card is a black three or a wild card (or there is no pile)."""
    top = pile_top(view)
    return top is None or top.is_black_three or top.is_wild


def side_meld_of_rank(view: PlayerView, rank: Rank) -> TableMeld | None:
    return meld_of_rank(my_melds(view), rank)


def turn_card_drawn(view: PlayerView) -> bool:
    """Whether the stock's turn card has been drawn (the shape's `turn_card_depth` from the bottom: the stock then
    holds fewer cards than that); always, in games without one."""
    return view.stock_count < view.rules.shape.turn_card_depth or not view.rules.shape.turn_card_depth


def bonus_cards_due(view: PlayerView, side_melds: tuple[TableMeld, ...] | None = None) -> int:
    """How many bonus cards the viewer takes after his discard this turn (0: none); `side_melds`: his side's melds
    after a step being planned (else as they stand). See `bonus_count`."""
    if view.phase is not Phase.PLAY or view.seat != view.current:
        return 0
    side = my_side(view)
    melds = (
        view.melds
        if side_melds is None
        else tuple(side_melds if index == side else other for index, other in enumerate(view.melds))
    )
    return bonus_count(view.rules, side, melds, view.turn.drew_from, view.stock_count)


def bonus_count(
    rules: Rules, side: int, melds: tuple[tuple[TableMeld, ...], ...], drew_from: DrewFrom | None, stock_count: int
) -> int:
    """How many bonus cards a player of `side` takes after his discard (0: none): he made his side's initial meld
    this turn from his hand (every meld of the side made this turn), not by taking the pile, while the turn card was
    not yet drawn; the first side to meld takes the shape's first figure, the second side the second."""
    table = rules.shape.bonus_cards
    own = melds[side]
    if not table or not own or drew_from is not DrewFrom.STOCK or stock_count < rules.shape.turn_card_depth:
        return 0
    if not all(meld.this_turn for meld in own):
        return 0  # the side had melded before this turn
    others_melded = sum(1 for index, other in enumerate(melds) if index != side and other)
    return table[min(others_melded, len(table) - 1)]
