"""Reading the table: what each other player is known or likely to hold, and hidden hands dealt to match.

The account of a seat is read from the events every seat sees (pile takes, draws past a pile, discards, melds)
through the viewer's view and card memory, never from a hidden card: it is the same whatever the unseen cards are
(the honesty tests deal them anew). The Expert's look-ahead deals the cards it cannot see from it
(`deal_hidden`): the known cards with their holder, the excluded pairs kept out where the cards allow, the rest
weighted by what the player's play says of them.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from canasta.ai.base import CardMemory
from canasta.ai.knowledge import known_cards, refused_ranks
from canasta.engine.cards import Card, Rank
from canasta.engine.events import DealEvent, DiscardEvent, LoneHandEvent, MeldEvent, TakePileEvent
from canasta.engine.memo import Memo
from canasta.engine.playerview import PlayerView, side_of
from canasta.engine.rules import Rules
from canasta.engine.rules.catalog import Judgment, game_facts

# How likely a hidden card of a rank is to be in a player's hand, beside a card nothing is known of (1.0), when he
# has discarded that rank, or ended his last turn without adding that rank to his side's meld of it. Measured on
# 300 hands of Hard at four players, classic (docs/computer-players.md, "Reading the table"): such a player held
# 0.40 and 0.26 times the cards of the rank a player of whom nothing is known held, and 0.13 for both (the
# product of the two weights, as `SeatAccount.weight` makes it, is 0.10).
DISCARDED_WEIGHT = 0.4
NOT_ADDED_WEIGHT = 0.25


@dataclass(frozen=True, slots=True)
class SeatAccount:
    """What the viewer knows or guesses of one other player's hand.

    `held`: cards he took from a pile and has neither melded nor discarded since (surely in his hand);
    `at_most_one`: ranks he drew past a pile he could have taken with a natural pair of (he holds at most one
    natural card of each); `discarded`: natural ranks he has thrown this hand; `not_added`: natural ranks his side
    had on the table when he ended his last turn without adding to them. The last two are likelihoods, not
    certainties (`weight`), and count only in the games judged as classic is (`weighs`).
    """

    seat: int
    held: tuple[Card, ...] = ()
    at_most_one: frozenset[Rank] = frozenset()
    discarded: frozenset[Rank] = frozenset()
    not_added: frozenset[Rank] = frozenset()
    weighs: bool = True

    def weight(self, card: Card) -> float:
        """How likely a hidden `card` is to be in this hand, beside a card nothing is known of (1.0)."""
        return self.rank_weight(card.rank) if card.is_natural else 1.0

    def rank_weight(self, rank: Rank) -> float:
        """How likely a hidden natural card of `rank` is to be in this hand, beside a card nothing is known of."""
        if not self.weighs:
            return 1.0
        weight = DISCARDED_WEIGHT if rank in self.discarded else 1.0
        return weight * NOT_ADDED_WEIGHT if rank in self.not_added else weight

    @property
    def weights(self) -> dict[Rank, float]:
        """The natural ranks whose hidden cards are weighted other than 1.0, with their weight."""
        ranks = self.discarded | self.not_added if self.weighs else frozenset()
        return {rank: self.rank_weight(rank) for rank in sorted(ranks, key=_order)}


@dataclass(frozen=True, slots=True)
class Account:
    """The viewer's account of every seat (his own entry says nothing: he sees his hand)."""

    viewer: int
    seats: tuple[SeatAccount, ...] = field(default=())

    def of(self, seat: int) -> SeatAccount:
        return self.seats[seat]


def account_for(view: PlayerView, memory: CardMemory) -> Account:
    """The account `view.seat` keeps of the table, from its view (its history of the hand) and card memory."""
    weighs = game_facts(view.rules.variant).judgment is Judgment.COUNTING
    not_added = _NOT_ADDED(view)
    seats = []
    for seat in range(view.rules.players):
        if seat == view.seat:
            seats.append(SeatAccount(seat))
            continue
        held = tuple(known_cards(memory, seat)[: view.hand_counts[seat]]) if seat < len(memory.taken) else ()
        known = frozenset(card.rank for card in held)
        thrown = memory.discarded[seat] if seat < len(memory.discarded) else Counter()
        discarded = frozenset(rank for text in thrown if (rank := Card.parse(text).rank).is_natural)
        seats.append(
            SeatAccount(
                seat,
                held,
                refused_ranks(view, seat) - known,
                discarded - known,
                not_added.get(seat, frozenset()) - known,
                weighs,
            )
        )
    return Account(view.seat, tuple(seats))


def _find_not_added(view: PlayerView) -> dict[int, frozenset[Rank]]:
    """For each seat, the natural ranks his side had on the table when he last discarded (read from the history:
    one that holds only the latest events tells less, never wrong)."""
    rules = view.rules
    on_table: dict[int, set[Rank]] = {}
    last: dict[int, frozenset[Rank]] = {}
    lone: int | None = None
    for event in view.history:
        if isinstance(event, DealEvent):
            on_table.clear()
            last.clear()
            lone = None
        elif isinstance(event, LoneHandEvent):
            lone = event.seat
        elif isinstance(event, MeldEvent | TakePileEvent):
            on_table.setdefault(side_of(rules, lone, event.seat), set()).update(_melded_ranks(event))
        elif isinstance(event, DiscardEvent):
            last[event.seat] = frozenset(on_table.get(side_of(rules, lone, event.seat), ()))
    return last


_NOT_ADDED = Memo(_find_not_added)


def _melded_ranks(event: MeldEvent | TakePileEvent) -> set[Rank]:
    """The natural ranks of the melds the event made or added to."""
    if isinstance(event, TakePileEvent):
        groups = (event.cards[-1:] + event.with_, *event.also)
        return {rank for group in groups if (rank := _group_rank(group)) is not None}
    ranks = {rank for group in event.new if (rank := _group_rank(group)) is not None}
    return ranks | {rank for rank, _cards in event.add if rank.is_natural}


def _group_rank(group: tuple[Card, ...]) -> Rank | None:
    return next((card.rank for card in group if card.is_natural), None)


_RANK_ORDER = {rank: index for index, rank in enumerate(Rank)}


def _order(rank: Rank) -> int:
    return _RANK_ORDER[rank]


def deal_hidden(
    pool: list[Card], account: Account, hand_counts: tuple[int, ...], rules: Rules, rng: random.Random
) -> tuple[tuple[Card, ...], ...]:
    """Every other seat's hand dealt from `pool` (the cards the viewer cannot see, taken out of it; what is left
    is in a random order, for the stock): first each player's known cards, then the rest of his hand weighted by
    his account, at most one natural card of a rank he drew past where the pool has others to give him, and no
    three that is laid out as it comes. The viewer's own entry is ()."""
    rng.shuffle(pool)
    hands: list[tuple[Card, ...]] = []
    for seat in range(len(hand_counts)):
        hands.append(() if seat == account.viewer else _place_known(pool, account.of(seat).held, hand_counts[seat]))
    for seat in range(len(hand_counts)):
        if seat != account.viewer:
            fill = _weighted_fill(pool, account.of(seat), hand_counts[seat] - len(hands[seat]), rules, rng)
            taken = set(fill)  # each card of the pool is one physical card (`copy` tells equal ones apart)
            pool[:] = [card for card in pool if card not in taken]
            hands[seat] += tuple(fill)
    return tuple(hands)


def _use(taken: Counter[Card], card: Card) -> bool:
    if taken[card] > 0:
        taken[card] -= 1
        return True
    return False


def _place_known(pool: list[Card], held: tuple[Card, ...], room: int) -> tuple[Card, ...]:
    """The known cards (as far as the pool still has them and the hand has room), taken out of `pool`."""
    placed: list[Card] = []
    for wanted in held:
        card = next((card for card in pool if card.text == wanted.text), None)
        if card is None or len(placed) >= room:
            continue
        pool.remove(card)
        placed.append(card)
    return tuple(placed)


def _weighted_fill(
    pool: list[Card], account: SeatAccount, missing: int, rules: Rules, rng: random.Random
) -> list[Card]:
    """`missing` cards of the shuffled `pool` for the hand, drawn without replacement with the account's weights,
    at most one natural card of each `at_most_one` rank while the pool has others to give; never a three laid out
    as it comes."""
    if missing <= 0:
        return []
    allowed = [card for card in pool if not (card.is_red_three or rules.lays_out(card))]
    weighted = account.weighs and (account.discarded or account.not_added)
    ranked = _by_weighted_keys(allowed, account, rng) if weighted else allowed  # the pool is shuffled already
    fill: list[Card] = []
    held: Counter[Rank] = Counter()
    for card in ranked:
        if len(fill) == missing:
            return fill
        if card.rank in account.at_most_one and card.is_natural and held[card.rank] >= 1:
            continue
        held[card.rank] += 1
        fill.append(card)
    skipped = Counter(ranked) - Counter(fill)  # too few other cards: the exclusion gives way
    fill.extend([card for card in ranked if _use(skipped, card)][: missing - len(fill)])
    return fill


def _by_weighted_keys(cards: list[Card], account: SeatAccount, rng: random.Random) -> list[Card]:
    """`cards` in the order of a weighted draw without replacement: each card's key a uniform number raised to the
    power 1/weight, the highest first."""
    weight = {rank: 1.0 / account.rank_weight(rank) for rank in account.discarded | account.not_added}
    keys = [rng.random() ** weight.get(card.rank, 1.0) if card.is_natural else rng.random() for card in cards]
    return [card for _key, _index, card in sorted(zip(keys, range(len(cards)), cards, strict=True), reverse=True)]
