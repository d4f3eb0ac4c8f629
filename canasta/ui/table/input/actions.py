"""Turning what the player selected and where he dropped it into engine actions (no pixels here)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import replace

from canasta.engine.actions import Combine, Meld, TakePile
from canasta.engine.cards import Card, Rank, Suit, sort_key
from canasta.engine.judge import check, legal_actions
from canasta.engine.melds import (
    SEQUENCE_ORDER,
    TableMeld,
    meld_of_rank,
    size_refusal,
    wild_capacity,
    with_top_card_in_sequence,
)
from canasta.engine.pile_rules import top_card_alone_takes
from canasta.engine.playerview import (
    PlayerView,
    my_melds,
    my_side,
    pile_frozen_for,
    side_of,
)
from canasta.engine.refusal_text import card_name, rank_plural
from canasta.engine.rules import MeldKind, Rules
from canasta.i18n import ngettext


def meld_from_selection(
    view: PlayerView, cards: Sequence[Card], onto: int | None = None, *, apart: bool = False
) -> Meld:
    """Selected cards as one meld step; `onto` is the index of the side's meld the cards were dropped on (or
    clicked); `apart`: they were dropped beside the melds. Classic: ranks the side has melded are additions,
    others new melds; wild cards go where a new meld needs them to reach three cards, then to `onto`, then to
    the first group. The family: see `family_meld`."""
    if not view.rules.shape.names_by_rank:
        return family_meld(view, cards, onto, apart=apart)
    melds = my_melds(view)
    return _classic_meld(view, cards, melds[onto].rank if onto is not None and onto < len(melds) else None)


def _classic_meld(view: PlayerView, cards: Sequence[Card], onto: Rank | None) -> Meld:
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
    return _as_one_meld(cards, Meld(new, add))


def _as_one_meld(cards: Sequence[Card], split: Meld) -> Meld:
    """`split`, or all the cards as one new meld where the split leaves a card alone as a meld: the engine then
    says why the cards make no meld together, not that a meld of one card is too small."""
    if len(cards) > 1 and any(len(meld) == 1 for meld in split.new):
        return Meld(new=(tuple(cards),))
    return split


def best_meld_for_wilds(view: PlayerView, count: int) -> Rank | None:
    """Where wild cards alone most likely go: the side's meld nearest to a canasta that has room for them."""
    index = best_index_for_wilds(view, count)
    return None if index is None else my_melds(view)[index].rank


def best_index_for_wilds(view: PlayerView, count: int) -> int | None:
    """The index of the side's meld nearest to a canasta that has room for `count` wild cards (within the
    shape's wild-card limit and its largest meld), or None."""
    rules = view.rules
    melds = my_melds(view)
    roomy = [
        index
        for index, meld in enumerate(melds)
        if meld.kind is not MeldKind.SEQUENCE
        and not meld.is_closed(rules)
        and wild_capacity(rules, meld.naturals, meld.wilds) >= count
        and size_refusal(rules, meld.kind, len(meld.cards) + count) is None
    ]
    if not roomy:
        return None
    unfinished = [index for index in roomy if not melds[index].is_canasta(rules)]
    return max(unfinished or roomy, key=lambda index: len(melds[index].cards))


# --- the family: several groups of a rank, sequences, wild melds -----------------------------------------------


def family_meld(view: PlayerView, cards: Sequence[Card], onto: int | None = None, *, apart: bool = False) -> Meld:
    """Selected cards as one meld step of Samba or Bolivia. Dropped on (or clicked with) a meld, they all go
    to that meld. Otherwise, the first that the engine finds legal: all of them added to the one meld that
    takes them; all of them as one new meld (a group, a sequence of one suit, wild cards alone; this first
    when they were dropped `apart` from the melds, so three kings make a second group of kings); wild cards
    alone onto the meld nearest a canasta. Failing those, the cards split as a player would lay them: runs
    of one suit as sequences, each rank with the side's one group of it (a rank the side holds several groups
    of is named by rank, so the engine asks which) or as a new group, wild cards filling new groups to three
    and then those with room: first the one step among the engine's legal ones with exactly these cards, then
    the split with sequences if the engine takes it, else the split into groups alone."""
    chosen = tuple(cards)
    if onto is not None:
        return Meld(add_to=((onto, chosen),))
    if not chosen:
        return Meld()
    whole = Meld(new=(chosen,))
    if apart and check(view, whole) is None:
        return whole
    melds = my_melds(view)
    additions = [Meld(add_to=((index, chosen),)) for index in range(len(melds))]
    fitting = [meld for meld in additions if check(view, meld) is None]
    if len(fitting) == 1:
        return fitting[0]
    if check(view, whole) is None:
        return whole
    if all(card.is_wild for card in chosen):
        index = best_index_for_wilds(view, len(chosen))
        if index is not None:
            return Meld(add_to=((index, chosen),))
    wanted = sorted(card.text for card in chosen)
    listed = [step for step in legal_actions(view) if isinstance(step, Meld)]
    same = [step for step in listed if sorted(card.text for card in step.cards()) == wanted]
    if len(same) == 1:
        return same[0]  # the one step the engine lists with exactly these cards (a first meld of several melds)
    splits = [_split_meld(view, chosen, with_runs=True), _split_meld(view, chosen, with_runs=False)]
    return next((split for split in splits if check(view, split) is None), _as_one_meld(chosen, splits[0]))


def _split_meld(view: PlayerView, cards: tuple[Card, ...], *, with_runs: bool) -> Meld:
    """The cards split into new melds and additions: `with_runs`, stretches of one suit first as sequences
    (which may take a card a group wanted), else groups alone."""
    melds = my_melds(view)
    runs, rest = _runs_and_rest(view, cards) if with_runs else ([], list(cards))
    groups: dict[Rank, list[Card]] = {}
    for card in sorted(rest, key=sort_key):
        if not card.is_wild:
            groups.setdefault(card.rank, []).append(card)
    wilds = [card for card in rest if card.is_wild]
    new: list[tuple[Card, ...]] = list(runs)
    add: list[tuple[Rank, tuple[Card, ...]]] = []
    add_to: list[tuple[int, tuple[Card, ...]]] = []
    one_per_rank = view.rules.shape.groups_per_rank == 1  # Hand and Foot: three of a held rank join its group
    fresh: list[list[Card]] = []
    for rank, group in groups.items():
        held = _held_groups(melds, rank)
        joins = bool(held) and (len(group) < 3 or one_per_rank)
        if joins and len(held) == 1:
            add_to.append((held[0], tuple(group)))
        elif joins:
            add.append((rank, tuple(group)))  # the engine asks which group
        else:
            while wilds and len(group) < 3:
                group.append(wilds.pop())
            fresh.append(group)
    _spread_wilds(view, fresh, wilds)
    new.extend(tuple(group) for group in fresh)
    plain = Meld(tuple(new), tuple(add), tuple(add_to))
    if not wilds:
        return plain
    usual = _wilds_where_usual(view, plain, wilds, len(runs))
    if check(view, usual) is None:
        return usual
    legal = (step for step in _wild_placements(view, plain, wilds, len(runs)) if check(view, step) is None)
    return next(legal, usual)


def _wilds_where_usual(view: PlayerView, plain: Meld, wilds: list[Card], first_group: int) -> Meld:
    """The wild cards left over all together: onto the side's meld nearest a canasta with room for them, else
    onto the first new group (the engine says if it is too many), else as a new meld of their own."""
    target = best_index_for_wilds(view, len(wilds))
    if target is not None:
        return _with_wilds(plain, first_group, ((("meld", target), tuple(wilds)),))
    if len(plain.new) > first_group and (len(wilds) < 3 or MeldKind.WILD not in view.rules.shape.meld_kinds):
        return _with_wilds(plain, first_group, ((("new", 0), tuple(wilds)),))
    return replace(plain, new=(*plain.new, tuple(wilds)))


_Target = tuple[str, int]  # ("meld", index of the side's meld) or ("new", index among the step's new groups)
MAX_WILD_PLACEMENTS = 64  # enough for three wild cards over four melds; the search stays within a frame


def _wild_placements(view: PlayerView, plain: Meld, wilds: list[Card], first_group: int) -> Iterator[Meld]:
    """The ways to share the wild cards out among the melds the step already touches and the side's other open
    groups, the melds the step adds to first (where the player's cards go, the wild cards most likely go too):
    so that a selection spanning several melds puts each wild card where the engine takes it."""
    targets = _wild_targets(view, plain, first_group)
    seen: set[tuple[tuple[_Target, str], ...]] = set()
    for count, chosen in enumerate(itertools.product(targets, repeat=len(wilds))):
        if count >= MAX_WILD_PLACEMENTS:
            return
        key = tuple(sorted(zip(chosen, (card.rank.value for card in wilds), strict=True)))
        if key in seen:
            continue  # the same wild ranks on the same melds: one way to the engine
        seen.add(key)
        shares: dict[_Target, list[Card]] = {}
        for target, card in zip(chosen, wilds, strict=True):
            shares.setdefault(target, []).append(card)
        yield _with_wilds(plain, first_group, tuple((target, tuple(cards)) for target, cards in shares.items()))


def _wild_targets(view: PlayerView, plain: Meld, first_group: int) -> list[_Target]:
    rules = view.rules
    touched: list[_Target] = [("meld", index) for index, _ in plain.add_to]
    touched += [("new", index) for index in range(len(plain.new) - first_group)]
    others: list[_Target] = [
        ("meld", index)
        for index, meld in enumerate(my_melds(view))
        if meld.kind is MeldKind.GROUP and not meld.is_closed(rules) and ("meld", index) not in touched
    ]
    return touched + others


def _with_wilds(plain: Meld, first_group: int, shares: tuple[tuple[_Target, tuple[Card, ...]], ...]) -> Meld:
    """`plain` with each share of wild cards put on its target (see `_Target`)."""
    new = list(plain.new)
    add_to = dict(plain.add_to)
    for (kind, index), cards in shares:
        if kind == "new":
            new[first_group + index] = (*new[first_group + index], *cards)
        else:
            add_to[index] = (*add_to.get(index, ()), *cards)
    return Meld(tuple(new), plain.add, tuple(add_to.items()))


def _held_groups(melds: Sequence[TableMeld], rank: Rank) -> list[int]:
    return [index for index, meld in enumerate(melds) if meld.kind is MeldKind.GROUP and meld.rank is rank]


def _spread_wilds(view: PlayerView, groups: list[list[Card]], wilds: list[Card]) -> None:
    """Wild cards left over after each new group has three cards go to the new groups that have room for them,
    in turn (taken from `wilds`)."""
    for group in groups:
        naturals = sum(1 for card in group if not card.is_wild)
        while wilds and wild_capacity(view.rules, naturals, len(group) - naturals) > 0:
            group.append(wilds.pop())


def _runs_and_rest(view: PlayerView, cards: Sequence[Card]) -> tuple[list[tuple[Card, ...]], list[Card]]:
    """Where the game has sequences: in each suit, every stretch of three or more consecutive ranks (one card
    each) of the cards, low to high; and the cards left over."""
    if MeldKind.SEQUENCE not in view.rules.shape.meld_kinds:
        return [], list(cards)
    by_suit: dict[Suit, dict[int, Card]] = {}
    for card in cards:
        order = SEQUENCE_ORDER.get(card.rank)
        if order is not None and card.suit is not None:
            by_suit.setdefault(card.suit, {}).setdefault(order, card)
    runs: list[tuple[Card, ...]] = []
    for in_suit in by_suit.values():
        orders = sorted(in_suit)
        start = 0
        for end in range(1, len(orders) + 1):
            if end == len(orders) or orders[end] != orders[end - 1] + 1:
                if end - start >= 3:
                    runs.append(tuple(in_suit[order] for order in orders[start:end]))
                start = end
    used = {card for run in runs for card in run}
    return runs, [card for card in cards if card not in used]


def combine_groups(first: int, second: int) -> Combine:
    """Joining two of the side's melds by index (the engine says whether they may join)."""
    return Combine((min(first, second), max(first, second)))


def legal_combines(view: PlayerView, meld: int | None = None) -> list[Combine]:
    """The legal joins of two groups of one rank now (those of `meld` only, when given)."""
    return [
        action
        for action in legal_actions(view)
        if isinstance(action, Combine) and (meld is None or meld in action.melds)
    ]


def take_from_selection(view: PlayerView, cards: Sequence[Card], onto: int | None = None) -> TakePile:
    """Selected cards with the pile's top card: those of its rank (and the wild cards, when nothing else is
    selected) go with it; other ranks are further melds laid with the take (for an initial meld). In the
    family, the top card alone onto meld `onto` when nothing is selected; runs of one suit among the other
    cards are sequences laid with the take."""
    top = view.pile[-1] if view.pile else None
    if not view.rules.shape.names_by_rank:
        if not cards and onto is not None:
            return TakePile(onto=onto)
        if top is not None and cards:
            return _family_take(view, top, cards)
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


def _family_take(view: PlayerView, top: Card, cards: Sequence[Card]) -> TakePile:
    """A take of the family with selected cards: the legal way that uses exactly these cards if there is one,
    else the top card's rank (and the wild cards) with it and the rest split into sequences and groups (or, if
    the engine takes only that, into groups alone)."""
    wanted = sorted(card.text for card in cards)
    for way in take_ways(view):
        if sorted(card.text for card in (*way.with_, *(card for group in way.also for card in group))) == wanted:
            return way
    splits = [_split_take(view, top, cards, with_runs=True), _split_take(view, top, cards, with_runs=False)]
    legal = next((split for split in splits if check(view, split) is None), None)
    if legal is None and with_top_card_in_sequence(view.rules, top, tuple(cards)):
        return TakePile(tuple(cards))  # cards that would run with the top card: the engine says sequences never take
    return legal or splits[0]


def _split_take(view: PlayerView, top: Card, cards: Sequence[Card], *, with_runs: bool) -> TakePile:
    with_ = [card for card in cards if not card.is_wild and card.rank is top.rank]
    left = [card for card in cards if card not in with_]
    runs, rest = _runs_and_rest(view, left) if with_runs else ([], left)
    others: dict[Rank, list[Card]] = {}
    for card in rest:
        if not card.is_wild:
            others.setdefault(card.rank, []).append(card)
    wilds = [card for card in rest if card.is_wild]
    for group in others.values():
        while wilds and len(group) < 3:
            group.append(wilds.pop())
    with_.extend(wilds)
    return TakePile(tuple(with_), (*runs, *(tuple(group) for group in others.values())))


def risky_discard(view: PlayerView, card: Card) -> str | None:
    """A warning when discarding `card` visibly lets the next player take the pile (an opponent whose side has a
    meld of its rank, with the pile not frozen for them, where the rules let the top card alone onto a meld);
    None when nothing on the table says so. It counts the cards such a take moves."""
    rules = view.rules
    following = (view.seat + 1) % rules.players
    side = side_of(rules, view.lone_hand, following)
    if side == my_side(view) or card.is_wild or card.rank is Rank.THREE or not top_card_alone_takes(rules):
        return None
    if pile_frozen_for(view, following) or meld_of_rank(view.melds[side], card.rank) is None:
        return None
    count = cards_a_take_moves(rules, len(view.pile) + 1)
    return ngettext(
        "The next player can add {card} to the meld of {ranks} and take the pile ({count} card). "
        "Discard it again to confirm.",
        "The next player can add {card} to the meld of {ranks} and take the pile ({count} cards). "
        "Discard it again to confirm.",
        count,
    ).format(card=card_name(card), ranks=rank_plural(card.rank), count=count)


def cards_a_take_moves(rules: Rules, pile_size: int) -> int:
    """How many cards a take of a pile of `pile_size` moves: the whole pile, or the shape's top cards (Hand and
    Foot's seven, by default)."""
    most = rules.shape.pile_take_count
    return min(pile_size, most) if most else pile_size


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
