"""What every computer player offers, and the card memory built from a seat's redacted events."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Protocol

from canasta.actions import Action
from canasta.events import DiscardEvent, TakePileEvent
from canasta.playerview import PlayerView


@dataclass(frozen=True, slots=True)
class CardMemory:
    """What a seat remembers of the hand, built only from the events as redacted for that seat.

    `taken[s]` counts the cards (by notation) seat s took into its hand from piles; `discarded[s]` counts
    what seat s discarded.
    """

    taken: tuple[Counter[str], ...]
    discarded: tuple[Counter[str], ...]

    @classmethod
    def from_view(cls, view: PlayerView) -> CardMemory:
        players = view.rules.players
        taken: list[Counter[str]] = [Counter() for _ in range(players)]
        discarded: list[Counter[str]] = [Counter() for _ in range(players)]
        for event in view.history:
            if isinstance(event, DiscardEvent):
                discarded[event.seat][event.card.text] += 1
            elif isinstance(event, TakePileEvent):
                taken[event.seat].update(card.text for card in event.cards[:-1] if not card.is_red_three)
        return cls(tuple(taken), tuple(discarded))


class Bot(Protocol):
    """A computer player: picks the next action for its seat, and answers "Partner, may I go out?"."""

    def choose(self, view: PlayerView, memory: CardMemory) -> Action: ...

    def answer_go_out(self, view: PlayerView, memory: CardMemory) -> bool: ...
