"""Turning what the player selected and where he dropped it into engine actions (no pixels here)."""

from __future__ import annotations

from collections.abc import Sequence

from canasta.engine.actions import Meld, TakePile
from canasta.engine.cards import Card, Rank, sort_key
from canasta.engine.judge import legal_actions
from canasta.engine.melds import meld_of_rank, wild_capacity
from canasta.engine.playerview import (
    PlayerView,
    my_melds,
    my_side,
    pile_frozen_for,
    side_of,
)
from canasta.engine.refusal_text import card_name, rank_plural
from canasta.i18n import ngettext


def meld_from_selection(view: PlayerView, cards: Sequence[Card], onto: Rank | None = None) -> Meld:
    """Selected cards as one meld step: ranks the side has melded are additions, others new melds; wild cards
    go where a new meld needs them to reach three cards, then to `onto` (a meld chosen by the drop), then to
    the first group."""
    existing = {meld.rank for meld in my_melds(view)}
    if onto is None and cards and all(card.is_wild for card in cards):
        onto = best_meld_for_wilds(view, len(cards))
    groups: dict[Rank, list[Card]] = {}
    for card in sorted(cards, key=sort_key):
        if not card.is_wild:
            groups.setdefault(card.rank, []).append(card)
    wilds = [card for card in cards if card.is_wild]
    if onto is not None:
        groups.setdefault(onto, [])
    for rank, group in groups.items():
        while wilds and rank not in existing and len(group) < 3:
            group.append(wilds.pop())
    if wilds and groups:
        target = onto if onto is not None else next(iter(groups))
        groups[target].extend(wilds)
    elif wilds:
        return Meld(new=(tuple(wilds),))  # only wild cards: the engine says why that is no meld
    new = tuple(tuple(group) for rank, group in groups.items() if rank not in existing and group)
    add = tuple((rank, tuple(group)) for rank, group in groups.items() if rank in existing and group)
    return Meld(new, add)


def best_meld_for_wilds(view: PlayerView, count: int) -> Rank | None:
    """Where wild cards alone most likely go: the side's meld nearest to a canasta that has room for them."""
    rules = view.rules
    roomy = [meld for meld in my_melds(view) if wild_capacity(rules, meld.naturals, meld.wilds) >= count]
    if not roomy:
        return None
    unfinished = [meld for meld in roomy if not meld.is_canasta(rules)]
    return max(unfinished or roomy, key=lambda meld: len(meld.cards)).rank


def take_from_selection(view: PlayerView, cards: Sequence[Card]) -> TakePile:
    """Selected cards with the pile's top card: those of its rank (and the wild cards, when nothing else is
    selected) go with it; other ranks are further melds laid with the take (for an initial meld)."""
    top = view.pile[-1] if view.pile else None
    if top is None:
        return TakePile(tuple(cards))
    with_ = [card for card in cards if card.rank is top.rank]
    others: dict[Rank, list[Card]] = {}
    for card in cards:
        if not card.is_wild and card.rank is not top.rank:
            others.setdefault(card.rank, []).append(card)
    wilds = [card for card in cards if card.is_wild]
    for group in others.values():
        while wilds and len(group) < 3:
            group.append(wilds.pop())
    with_.extend(wilds)
    return TakePile(tuple(with_), tuple(tuple(group) for group in others.values()))


def risky_discard(view: PlayerView, card: Card) -> str | None:
    """A warning when discarding `card` visibly lets the next player take the pile (an opponent whose side has a
    meld of its rank, with the pile not frozen for them); None when nothing on the table says so."""
    rules = view.rules
    following = (view.seat + 1) % rules.players
    side = side_of(rules, view.lone_hand, following)
    if side == my_side(view) or card.is_wild or card.rank is Rank.THREE or not rules.pile_take_by_adding_to_meld:
        return None
    if pile_frozen_for(view, following) or meld_of_rank(view.melds[side], card.rank) is None:
        return None
    count = len(view.pile) + 1
    return ngettext(
        "The next player can add {card} to the meld of {ranks} and take the pile ({count} card). "
        "Discard it again to confirm.",
        "The next player can add {card} to the meld of {ranks} and take the pile ({count} cards). "
        "Discard it again to confirm.",
        count,
    ).format(card=card_name(card), ranks=rank_plural(card.rank), count=count)


# --- taking the pile the obvious way ---------------------------------------------------------------------------


def take_ways(view: PlayerView) -> list[TakePile]:
    """The distinct legal ways to take the pile now, the plainest first: fewest wild cards spent, then fewest
    cards from the hand. Two ways that differ only in which cards of the same ranks they use (the seven of hearts
    or of spades) are one way to the player."""
    seen: set[tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]] = set()
    ways: list[TakePile] = []
    for action in legal_actions(view):
        if not isinstance(action, TakePile):
            continue
        key = (_texts(action.with_), tuple(sorted(_texts(group) for group in action.also)))
        if key not in seen:
            seen.add(key)
            ways.append(action)
    return sorted(ways, key=_plainness)


def obvious_take(ways: Sequence[TakePile]) -> TakePile | None:
    """The one plainest way, when no other way is as plain (ways as `take_ways` orders them); else None."""
    if not ways:
        return None
    plainest = [way for way in ways if _plainness(way) == _plainness(ways[0])]
    return plainest[0] if len(plainest) == 1 else None


def _plainness(way: TakePile) -> tuple[int, int]:
    cards = way.with_ + tuple(card for group in way.also for card in group)
    return (sum(card.is_wild for card in cards), len(cards))


def _texts(cards: Sequence[Card]) -> tuple[str, ...]:
    return tuple(sorted(card.rank.value for card in cards))
