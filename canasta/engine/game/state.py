"""The whole, omniscient state of a hand: immutable, and only the engine and the table's owner hold it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from canasta.engine.cards import Card
from canasta.engine.events import Event
from canasta.engine.melds import TableMeld
from canasta.engine.playerview import Out, Phase, TurnState
from canasta.engine.rules import Rules


@dataclass(frozen=True, slots=True)
class GameState:
    """One hand in progress (docs/formats.md, "Positions"). `seen[s]` is the hand's events as seat s saw them.

    A plain value: the views made of it are kept on it, no part of its value (`answers`, `canasta.engine.memo`)."""

    rules: Rules
    scores: tuple[int, ...]
    dealer: int
    current: int
    phase: Phase
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]  # top card first
    pile: tuple[Card, ...]  # bottom card first
    melds: tuple[tuple[TableMeld, ...], ...]
    red_threes: tuple[tuple[Card, ...], ...]
    melded_this_hand: tuple[bool, ...]
    turn: TurnState
    out: Out | None = None
    pile_frozen_from_start: bool = False
    lone_hand: int | None = None
    # Hand and Foot: each seat's foot (top card first), None once picked up; and the round (1 to 4).
    feet: tuple[tuple[Card, ...] | None, ...] = ()
    round: int = 1
    # Games with bonus cards: whether each side has taken them, and the sides in the order they made their initial
    # meld; games that let each player ask partner once per hand: whether each seat has asked.
    bonus_taken: tuple[bool, ...] = ()
    meld_order: tuple[int, ...] = ()
    asked: tuple[bool, ...] = ()
    # Cuban Canasta: each side's black threes set aside from taken piles (or laid out, by its option); and how many
    # turns of the hand are over, while the first round lasts (its black-three ban; never above the player count).
    black_threes: tuple[tuple[Card, ...], ...] = ()
    turns_played: int = 0
    # Seats whose packet is released but not yet taken up (Pennies from Heaven under `packet_timing: next_turn`).
    packet_due: tuple[int, ...] = ()
    seen: tuple[tuple[Event, ...], ...] = ()
    # Whether the states that follow from this one add their events to `seen`: a state dealt for the look-ahead's
    # rollouts, whose players are shown no history, keeps none (and saves redacting and copying it every action).
    # Not part of the state's value.
    keeps_history: bool = field(default=True, compare=False, repr=False)
    # What is worked out about this very object (`canasta.engine.memo`): no part of its value (not compared, hashed
    # or shown), and never copied (`dataclasses.replace` makes a new object, which starts with none).
    answers: dict[object, Any] = field(default_factory=dict, init=False, compare=False, repr=False)

    def __init__(  # noqa: PLR0913, PLR0917  # the dataclass's fields, in order
        self,
        rules: Rules,
        scores: tuple[int, ...],
        dealer: int,
        current: int,
        phase: Phase,
        hands: tuple[tuple[Card, ...], ...],
        stock: tuple[Card, ...],
        pile: tuple[Card, ...],
        melds: tuple[tuple[TableMeld, ...], ...],
        red_threes: tuple[tuple[Card, ...], ...],
        melded_this_hand: tuple[bool, ...],
        turn: TurnState,
        out: Out | None = None,
        pile_frozen_from_start: bool = False,
        lone_hand: int | None = None,
        feet: tuple[tuple[Card, ...] | None, ...] = (),
        round: int = 1,
        bonus_taken: tuple[bool, ...] = (),
        meld_order: tuple[int, ...] = (),
        asked: tuple[bool, ...] = (),
        black_threes: tuple[tuple[Card, ...], ...] = (),
        turns_played: int = 0,
        packet_due: tuple[int, ...] = (),
        seen: tuple[tuple[Event, ...], ...] = (),
        keeps_history: bool = True,
    ) -> None:
        # Written out: compiled, the fields are set natively (docs/development.md, "The compiled engine").
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "scores", scores)
        object.__setattr__(self, "dealer", dealer)
        object.__setattr__(self, "current", current)
        object.__setattr__(self, "phase", phase)
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "stock", stock)
        object.__setattr__(self, "pile", pile)
        object.__setattr__(self, "melds", melds)
        object.__setattr__(self, "red_threes", red_threes)
        object.__setattr__(self, "melded_this_hand", melded_this_hand)
        object.__setattr__(self, "turn", turn)
        object.__setattr__(self, "out", out)
        object.__setattr__(self, "pile_frozen_from_start", pile_frozen_from_start)
        object.__setattr__(self, "lone_hand", lone_hand)
        object.__setattr__(self, "feet", feet)
        object.__setattr__(self, "round", round)
        object.__setattr__(self, "bonus_taken", bonus_taken)
        object.__setattr__(self, "meld_order", meld_order)
        object.__setattr__(self, "asked", asked)
        object.__setattr__(self, "black_threes", black_threes)
        object.__setattr__(self, "turns_played", turns_played)
        object.__setattr__(self, "packet_due", packet_due)
        object.__setattr__(self, "seen", seen)
        object.__setattr__(self, "keeps_history", keeps_history)
        object.__setattr__(self, "answers", {})

    def __hash__(self) -> int:
        # A few fields that tell most states apart, cheap to hash (equal states agree on them).
        return hash((self.current, self.phase, self.hands, len(self.stock), len(self.pile), self.round))

    def all_cards(self) -> list[Card]:
        """Every card of the hand, wherever it is (for the conservation invariant)."""
        cards: list[Card] = [card for hand in self.hands for card in hand]
        cards.extend(self.stock)
        cards.extend(self.pile)
        cards.extend(card for side in self.melds for meld in side for card in meld.cards)
        cards.extend(card for row in self.red_threes for card in row)
        cards.extend(card for foot in self.feet if foot is not None for card in foot)
        cards.extend(card for row in self.black_threes for card in row)
        return cards
