"""What a seat can work out about the cards it cannot see, from its view and its card memory only."""

from __future__ import annotations

from collections import Counter

from canasta.ai.base import CardMemory
from canasta.cards import Card, Rank
from canasta.playerview import PlayerView, my_side, side_of

WILDS_IN_TWO_PACKS = 12  # 4 jokers and 8 twos


def copies_per_rank(view: PlayerView) -> int:
    """How many cards of one suited rank the deck holds (8 with two packs)."""
    return 4 * view.rules.shape.packs


def seen_counts(view: PlayerView) -> Counter[Rank]:
    """Cards of each rank the seat can see: its hand, every meld, the pile."""
    counts: Counter[Rank] = Counter(card.rank for card in view.hand)
    counts.update(card.rank for side in view.melds for meld in side for card in meld.cards)
    counts.update(card.rank for card in view.pile)
    return counts


def unseen(view: PlayerView, rank: Rank, seen: Counter[Rank] | None = None) -> int:
    """Cards of `rank` the seat cannot see (in other hands or the stock)."""
    counts = seen if seen is not None else seen_counts(view)
    total = 2 * view.rules.shape.packs if rank is Rank.JOKER else copies_per_rank(view)
    return max(0, total - counts[rank])


def wilds_out(view: PlayerView) -> int:
    """Wild cards not yet seen by this seat (12 in all with two packs)."""
    seen = seen_counts(view)
    total = view.rules.shape.packs * (view.rules.shape.jokers_per_pack + 4)
    return max(0, total - seen[Rank.JOKER] - seen[Rank.TWO])


def known_in_hand(memory: CardMemory, seat: int, rank: Rank) -> int:
    """Cards of `rank` that `seat` took from piles and has not shown since (a lower bound on what it holds)."""
    taken = sum(count for text, count in memory.taken[seat].items() if _rank_of(text) is rank)
    let_go = sum(count for text, count in memory.discarded[seat].items() if _rank_of(text) is rank)
    return max(0, taken - let_go - memory.melded[seat][rank])


def _rank_of(text: str) -> Rank:
    return Card.parse(text).rank


def opponents_of(view: PlayerView) -> tuple[int, ...]:
    side = my_side(view)
    return tuple(seat for seat in range(view.rules.players) if side_of(view.rules, view.lone_hand, seat) != side)


def partners_of(view: PlayerView) -> tuple[int, ...]:
    side = my_side(view)
    return tuple(
        seat
        for seat in range(view.rules.players)
        if seat != view.seat and side_of(view.rules, view.lone_hand, seat) == side
    )
