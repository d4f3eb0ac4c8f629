"""Rigged deals for `canasta.engine.new_hand`: a `random.Random` whose `shuffle` puts a chosen deck order.

`new_hand` shuffles the fresh deck in place, deals one card at a time from the end of the shuffled list
(starting with the seat left of the dealer, going clockwise, round after round) and keeps what is left as the
stock, whose top card is the last element left in the list. `rigged_order` inverts that, so a test names the
hands dealt and the top of the stock (upcard first) and gets the list the shuffle must produce.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, MutableSequence, Sequence
from typing import Any

from canasta.engine.cards import Card, make_deck, sort_key
from canasta.engine.rules import Rules

# Dull filler for hands a test leaves open: naturals only, never a three, a wild card or an ace.
FILLER_RANKS = ("6", "9", "T", "J", "Q", "K", "8", "5", "4", "7")


class RiggedRandom(random.Random):
    """A seeded `random.Random` whose `shuffle` replaces the list's contents with a fixed order."""

    def __init__(self, order: Sequence[Card], seed: int = 0) -> None:
        super().__init__(seed)
        self.order = list(order)

    def shuffle(self, x: MutableSequence[Any]) -> None:
        assert sorted(x, key=sort_key) == sorted(self.order, key=sort_key), "the rigged order must permute the deck"
        x[:] = self.order


class _Pool:
    """The cards of the deck not yet placed, taken by notation (first free copy)."""

    def __init__(self, rules: Rules) -> None:
        shape = rules.shape
        self.left = list(make_deck(shape.packs, shape.jokers_per_pack))

    def take(self, text: str) -> Card:
        for index, card in enumerate(self.left):
            if card.text == text:
                return self.left.pop(index)
        raise ValueError(f"no {text} left in the deck")

    def filler(self, count: int) -> list[Card]:
        chosen: list[Card] = []
        for rank in FILLER_RANKS:
            for card in [card for card in self.left if card.text[0] == rank and card.text != "JK"]:
                if len(chosen) == count:
                    return chosen
                self.left.remove(card)
                chosen.append(card)
        if len(chosen) < count:
            raise ValueError("not enough filler cards")
        return chosen

    def rest(self) -> list[Card]:
        """What is left: naturals first, then black threes, wild cards, and red threes last."""

        def order(card: Card) -> int:
            if card.is_red_three:
                return 3
            if card.is_wild:
                return 2
            return 1 if card.is_black_three else 0

        rest = sorted(self.left, key=order)
        self.left = []
        return rest


def rigged_order(rules: Rules, dealer: int, hands: Mapping[int, str] | None = None, stock_top: str = "") -> list[Card]:
    """The shuffled deck that makes `new_hand(rules, _, dealer, rng)` deal `hands` (seat -> cards, filled up
    with dull naturals) and leave `stock_top` (top card first: the upcard, then further cards) on the stock."""
    pool = _Pool(rules)
    dealt = rules.shape.cards_dealt
    given = {seat: [pool.take(text) for text in cards.split()] for seat, cards in (hands or {}).items()}
    stock = [pool.take(text) for text in stock_top.split()]
    full: dict[int, list[Card]] = {}
    for seat in range(rules.players):
        cards = given.get(seat, [])
        if len(cards) > dealt:
            raise ValueError(f"seat {seat} is dealt only {dealt} cards")
        full[seat] = cards + pool.filler(dealt - len(cards))
    stock += pool.rest()
    order = [(dealer + 1 + i) % rules.players for i in range(rules.players)]
    sequence = [full[seat][round_] for round_ in range(dealt) for seat in order]
    return stock[::-1] + sequence[::-1]


def rigged(rules: Rules, dealer: int, hands: Mapping[int, str] | None = None, stock_top: str = "") -> RiggedRandom:
    """A `RiggedRandom` for `rigged_order(rules, dealer, hands, stock_top)`."""
    return RiggedRandom(rigged_order(rules, dealer, hands, stock_top))


def texts(cards: Sequence[Card]) -> list[str]:
    """The notation of each card, in order."""
    return [card.text for card in cards]
