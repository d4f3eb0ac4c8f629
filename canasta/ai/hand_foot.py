"""How the computer players judge Hand and Foot: books toward the going-out requirement (clean books kept clean,
dirty books made with wild cards, at most three and fewer than the naturals), emptying the hand to reach the foot,
the pile that only a natural pair takes, and a foot that counts against its side until it is played
(docs/computer-players.md, "Hand and Foot").

Everything here reads the seat's view alone: no seat sees a foot, its own included, until it is picked up
(`PlayerView.foot_counts` gives the sizes only).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from canasta.ai.base import steps_of_plan
from canasta.engine.actions import Meld
from canasta.engine.cards import Card, Rank
from canasta.engine.melds import TableMeld, wild_capacity
from canasta.engine.playerview import PlayerView, hand_cards, holds_foot, my_melds
from canasta.engine.rules import MeldKind, Rules

# What an unplayed foot is reckoned to cost its side per card when the hand ends (the mean card value of the
# deck: 4-7 at 5, 8-K at 10, aces and twos 20, jokers 50, threes aside).
FOOT_CARD_POINTS = 11.0
# A group of at least this many cards takes wild cards toward a dirty book while the side lacks dirty books.
DIRTY_FROM = 4


def is_hand_and_foot(rules: Rules) -> bool:
    """Whether the game deals each player a foot (Hand and Foot)."""
    return rules.shape.foot_size > 0


def books(melds: tuple[TableMeld, ...], rules: Rules) -> tuple[int, int]:
    """The side's clean and dirty books (groups of seven or more cards, without and with a wild card)."""
    done = [meld for meld in melds if meld.kind is MeldKind.GROUP and meld.is_canasta(rules)]
    clean = sum(1 for meld in done if meld.wilds == 0)
    return clean, len(done) - clean


def books_short(melds: tuple[TableMeld, ...], rules: Rules) -> tuple[int, int]:
    """How many clean and dirty books the side still lacks to go out."""
    clean, dirty = books(melds, rules)
    clean_needed, dirty_needed = rules.shape.books_to_go_out
    return max(0, clean_needed - clean), max(0, dirty_needed - dirty)


def foot_points(view: PlayerView) -> float:
    """What my unplayed foot is reckoned to cost my side if the hand ends now (0 once picked up, or in the other
    games)."""
    if not holds_foot(view):
        return 0.0
    count = view.foot_counts[view.seat] or 0
    return count * FOOT_CARD_POINTS


def reaching_foot(view: PlayerView) -> bool:
    """Whether I still hold my foot: every card melded brings the foot's 11 fresh cards nearer."""
    return holds_foot(view)


# -- the meld plan ------------------------------------------------------------------------------------------------


@dataclass(slots=True)
class _Group:
    """A group of the plan: an existing meld (by index) or a new one, with the cards it will hold."""

    index: int | None  # the side's meld index, None for a new group
    naturals: int
    wilds: int
    added: list[Card] = field(default_factory=list)

    @property
    def size(self) -> int:
        return self.naturals + self.wilds


def plan_steps(view: PlayerView, *, racing: bool, wild_reserve: float) -> Iterator[Meld]:
    """Hand and Foot's meld steps for a side that has melded, the whole plan first and then its parts (in case
    the whole is refused, for example for keeping two cards in the foot): every natural card onto the side's
    book or group of its rank (a closed book takes naturals only), three or more of a rank as a new group, then
    the wild cards: onto dirty groups toward a dirty book, never onto the clean groups the side needs for its
    clean books, onto another clean group only while the side lacks dirty books, and with a natural pair as a new
    dirty group; all of it more eagerly while the foot waits (`reaching_foot`) or the hand is a race."""
    groups, pairs = _natural_groups(view)
    wilds = sorted(hand_cards(view).wilds, key=lambda card: card.points)
    eager = racing or reaching_foot(view)
    protected = _place_wilds(view, groups, wilds, eager)
    # A natural pair with a wild card starts a dirty group, keeping `wild_reserve` wild cards back unless eager.
    keep = 0 if eager else wild_reserve
    for pair in sorted(pairs, key=lambda cards: -cards[0].points):
        if len(wilds) <= keep:
            break
        groups.append(_Group(None, 2, 1, [*pair, wilds.pop(0)]))
    if eager:
        _spend_the_rest(view, groups, wilds, protected)
    yield from _steps(groups)


def _spend_the_rest(view: PlayerView, groups: list[_Group], wilds: list[Card], protected: set[int]) -> None:
    """While the foot waits or the hand is a race, the wild cards left over go onto any group that takes them
    (dirty ones first, then clean ones no clean book needs): a wild card melded counts for us, one held or
    thrown does not. The clean groups the side needs take them only when that empties the hand, which brings
    the foot at once (or goes out)."""
    rules = view.rules
    in_order = sorted(groups, key=lambda group: (group.wilds == 0, -group.size))
    for group in in_order:
        if wilds and id(group) not in protected:
            _fill(group, wilds, rules, complete_only=False)
    placed = sum(len(group.added) for group in groups)
    if wilds and placed + len(wilds) == len(view.hand):
        for group in in_order:
            _fill(group, wilds, rules, complete_only=False)


def _natural_groups(view: PlayerView) -> tuple[list[_Group], list[tuple[Card, ...]]]:
    """The side's open groups with the hand's naturals of their rank, new groups of three or more naturals, and
    the hand's natural pairs of ranks the side has no group of."""
    rules = view.rules
    melds = my_melds(view)
    held = hand_cards(view).by_rank
    index_of = {meld.rank: index for index, meld in enumerate(melds) if meld.kind is MeldKind.GROUP}
    groups: list[_Group] = []
    pairs: list[tuple[Card, ...]] = []
    for rank, cards in held.items():
        index = index_of.get(rank)
        if rank is Rank.THREE or (index is not None and melds[index].is_closed(rules)):
            continue
        if index is not None:
            groups.append(_Group(index, melds[index].naturals + len(cards), melds[index].wilds, list(cards)))
        elif len(cards) >= 3:
            groups.append(_Group(None, len(cards), 0, list(cards)))
        elif len(cards) == 2:
            pairs.append(cards)
    for index, meld in enumerate(melds):
        if meld.kind is MeldKind.GROUP and meld.rank not in held and not meld.is_canasta(rules):
            groups.append(_Group(index, meld.naturals, meld.wilds))
    return groups, pairs


def _steps(groups: list[_Group]) -> Iterator[Meld]:
    """The plan as one step, then its parts: each new group, each addition, each addition's natural cards."""
    new = tuple(tuple(group.added) for group in groups if group.index is None)
    additions = sorted((group.index, tuple(group.added)) for group in groups if group.index is not None and group.added)
    return steps_of_plan(new, tuple(additions))


def _place_wilds(view: PlayerView, groups: list[_Group], wilds: list[Card], eager: bool) -> set[int]:
    """The wild cards of the plan onto `groups`, cheapest first; returns the clean groups kept clean for the
    clean books the side lacks (by `id`)."""
    rules = view.rules
    size = rules.shape.canasta_size
    clean_short, dirty_short = books_short(my_melds(view), rules)
    open_groups = [group for group in groups if group.size < size]
    clean = sorted((group for group in open_groups if group.wilds == 0), key=lambda group: -group.size)
    protected = {id(group) for group in clean[:clean_short]}
    dirty = sorted((group for group in open_groups if group.wilds > 0), key=lambda group: -group.size)
    # Dirty groups toward a book, the nearest first: a wild card that completes a book always; while the side
    # lacks dirty books (or the foot waits) every wild card that fits.
    for group in dirty:
        _fill(group, wilds, rules, complete_only=not (dirty_short or eager) or group.size < DIRTY_FROM)
    # A clean group no clean book needs becomes dirty when the side lacks dirty books.
    wanted = dirty_short - sum(1 for group in dirty if group.size >= DIRTY_FROM)
    for group in clean:
        if not wilds or wanted <= 0:
            break
        if id(group) in protected or group.size < DIRTY_FROM:
            continue
        _fill(group, wilds, rules, complete_only=False)
        wanted -= 1 if group.wilds else 0
    return protected


def _fill(group: _Group, wilds: list[Card], rules: Rules, *, complete_only: bool) -> None:
    """Wild cards onto `group` within the wild-card limit and short of seven cards; with `complete_only`, only
    when they make it a book."""
    gap = rules.shape.canasta_size - group.size
    room = min(gap, len(wilds), wild_capacity(rules, group.naturals, group.wilds))
    if room <= 0 or (complete_only and room < gap):
        return
    group.added.extend(wilds[:room])
    group.wilds += room
    del wilds[:room]
