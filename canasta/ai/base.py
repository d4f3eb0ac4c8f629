"""What every computer player offers, and the card memory built from a seat's redacted events."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import Protocol

from canasta.engine.actions import Action, Meld
from canasta.engine.cards import Card, Rank
from canasta.engine.events import DealEvent, DiscardEvent, Event, MeldEvent, TakePileEvent
from canasta.engine.playerview import PlayerView


class CardMemory:
    """What one seat remembers of the hand, fed only with the events as redacted for that seat.

    `taken[s]` counts the cards (by notation) that seat s took into its hand from piles; `discarded[s]`
    counts what seat s discarded; `melded[s]` counts the natural cards of each rank that seat s put down
    from its hand, `melded_wilds[s]` the wild cards (jokers and twos, by rank). A new deal clears it.
    """

    def __init__(self, players: int) -> None:
        self.players = players
        self.taken: list[Counter[str]] = []
        self.discarded: list[Counter[str]] = []
        self.melded: list[Counter[Rank]] = []
        self.melded_wilds: list[Counter[Rank]] = []
        self.clear()

    def clear(self) -> None:
        self.taken = [Counter() for _ in range(self.players)]
        self.discarded = [Counter() for _ in range(self.players)]
        self.melded = [Counter() for _ in range(self.players)]
        self.melded_wilds = [Counter() for _ in range(self.players)]

    @classmethod
    def from_view(cls, view: PlayerView) -> CardMemory:
        """A memory built from the view's own history (which may hold only the latest events)."""
        memory = cls(view.rules.players)
        memory.observe(view.history)
        return memory

    def observe(self, events: Iterable[Event]) -> None:
        for event in events:
            if isinstance(event, DealEvent):
                self.clear()
            elif isinstance(event, DiscardEvent):
                self.discarded[event.seat][event.card.text] += 1
            elif isinstance(event, TakePileEvent):
                self.taken[event.seat].update(card.text for card in event.cards[:-1] if not card.is_red_three)
                shown = event.with_ + tuple(card for group in event.also for card in group)
                self._shown(event.seat, shown)
            elif isinstance(event, MeldEvent):
                shown = tuple(card for group in event.new for card in group)
                shown += tuple(card for _, group in event.add for card in group)
                self._shown(event.seat, shown)

    def _shown(self, seat: int, shown: tuple[Card, ...]) -> None:
        self.melded[seat].update(card.rank for card in shown if not card.is_wild)
        self.melded_wilds[seat].update(card.rank for card in shown if card.is_wild)


class Bot(Protocol):
    """A computer player: picks the next action for its seat, and answers "Partner, may I go out?"."""

    def choose(self, view: PlayerView, memory: CardMemory) -> Action: ...

    def answer_go_out(self, view: PlayerView, memory: CardMemory) -> bool: ...


def pairs_with_wilds(
    pairs: Iterable[Sequence[Card]], wilds: Iterable[Card], total: int, minimum: int
) -> tuple[list[tuple[Card, ...]], int]:
    """A first meld's pairs made melds with a wild card each (pairs and wild cards in the order given) until the
    melds' `total` reaches `minimum` or the wild cards run out: the melds made and the new total."""
    made: list[tuple[Card, ...]] = []
    for pair, wild in zip(pairs, wilds, strict=False):
        if total >= minimum:
            break
        made.append((*pair, wild))
        total += pair[0].points * 2 + wild.points
    return made, total


def steps_of_plan(
    new: tuple[tuple[Card, ...], ...], additions: tuple[tuple[int, tuple[Card, ...]], ...]
) -> Iterator[Meld]:
    """A meld plan (new melds, additions by meld index) as one step, then its parts: each new meld, each addition,
    each addition's natural cards alone (a player tries the whole plan first, then what of it the rules allow)."""
    if not new and not additions:
        return
    yield Meld(new=new, add_to=additions)
    for cards in new:
        yield Meld(new=(cards,))
    for index, cards in additions:
        yield Meld(add_to=((index, cards),))
    for index, cards in additions:
        naturals = tuple(card for card in cards if not card.is_wild)
        if naturals and naturals != cards:
            yield Meld(add_to=((index, naturals),))
