"""How the computer players judge a game whose going out needs one canasta of each type: natural, mixed, a rank of
its own (sevens) and wild (Pennies from Heaven's shape, docs/computer-players.md "Pennies from Heaven").

A good player builds toward the four types rather than piling up canastas of one: the sevens canasta first (its
rank is locked as a discard until every side has one, and the side's red threes count against it without one),
wild cards held toward the wild canasta (seven wild cards alone, 1000) instead of spread over groups, and wild cards
onto a group only where they finish a canasta of a type the side still lacks. While he still holds his packet, a
canasta he finishes himself brings its eleven cards at once, so he finishes one sooner.

Every answer asks the shape (`canasta_types_to_go_out`, `rank_canasta_types`, `discard_locked_rank`), never the
game's name; where a shape has none of them nothing here is asked. Everything reads the seat's view alone.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from canasta.ai.base import steps_of_plan
from canasta.ai.knowledge import unseen, wilds_out
from canasta.engine.actions import Meld, TakePile
from canasta.engine.cards import Card, Rank
from canasta.engine.melds import CanastaType, TableMeld, missing_canasta_types, wild_capacity
from canasta.engine.playerview import PlayerView, hand_cards, holds_foot, my_melds
from canasta.engine.rules import MeldKind, Rules

# A wild meld is laid with this many wild cards (the fewest a meld holds); partners add theirs to it.
WILD_MELD_FROM = 3
# While a player still holds his packet, wild cards finish a group of any type for it if this few are enough: the
# canasta brings eleven fresh cards at once.
PACKET_GAP = 2
# A pile taken with a wild card from hand while the side lacks its wild canasta: only one of this many cards.
WILD_TAKE_PILE = 10


def needs_types(rules: Rules) -> bool:
    """Whether going out needs one canasta of each type (natural, mixed, each rank of its own, wild)."""
    return rules.shape.canasta_types_to_go_out


def type_ranks(rules: Rules) -> frozenset[Rank]:
    """The ranks whose canastas are a type of their own (sevens)."""
    return frozenset(rank for rank, _ in rules.shape.rank_canasta_types)


def missing(melds: tuple[TableMeld, ...], rules: Rules) -> frozenset[CanastaType]:
    """The canasta types a side with `melds` still lacks (a rank of its own as `RANK`)."""
    lacks = missing_canasta_types(melds, rules)
    kinds = {CanastaType(item) for item in lacks if isinstance(item, str)}
    if any(isinstance(item, Rank) for item in lacks):
        kinds.add(CanastaType.RANK)
    return frozenset(kinds)


def wild_canasta_reachable(view: PlayerView, tabled: int, held: int) -> bool:
    """Whether my side can still hope for a wild canasta: the wild cards of its open wild meld, those I hold and those
    not yet seen (in the stock and the other hands) make seven."""
    return tabled + held + wilds_out(view) >= view.rules.shape.canasta_size


@dataclass(slots=True)
class _Open:
    """A meld of the plan short of a canasta: an existing one (by index) or a new one, with the cards it gains."""

    index: int | None
    rank: Rank | None  # None: a wild meld
    naturals: int
    wilds: int
    added: list[Card] = field(default_factory=list)

    @property
    def size(self) -> int:
        return self.naturals + self.wilds


@dataclass(frozen=True, slots=True)
class TypesJudgment:
    """What the plan takes from the player's judgment and the state of the race."""

    hurried: bool  # no time to wait: the opponents may go out, or the stock is nearly gone
    racing: bool  # the hand is a race to go out
    protect_natural: bool  # six natural cards wait for a natural seventh while the side lacks its natural canasta
    # Hard and Expert: wild cards are worth a wild canasta (1000 for seven) wherever one can still be made: onto a
    # group only one at a time (a mixed canasta or the packet one card short), and toward a second wild canasta once
    # the first is made. Hard against Normal, 300 duplicate deals (seed 41): +166.1 per deal (56.1 to 276.1).
    fine: bool = False


def plan_steps(view: PlayerView, judgment: TypesJudgment) -> Iterator[Meld]:
    """The meld steps of a side that has melded, the whole plan first and then its parts: natural cards onto the
    side's open group of their rank (three or more of a rank without one as a new group), then the wild cards: a
    canasta of a type the side lacks finished now (the sevens first), a pair of sevens made a group, the rest
    toward the wild canasta (onto the open wild meld, or a new one from three), and only once the side has its wild
    canasta (or cannot hope for one) onto the groups toward canastas."""
    melds = my_melds(view)
    groups = _natural_plan(view, melds)
    wilds = sorted(hand_cards(view).wilds, key=lambda card: card.points)
    if wilds:
        _place_wilds(view, melds, groups, wilds, judgment)
    new = tuple(tuple(group.added) for group in groups if group.index is None and len(group.added) >= 3)
    additions = tuple(
        sorted((group.index, tuple(group.added)) for group in groups if group.index is not None and group.added)
    )
    yield from steps_of_plan(new, additions)


def _natural_plan(view: PlayerView, melds: tuple[TableMeld, ...]) -> list[_Open]:
    """The side's open melds with the hand's natural cards of their rank, and new groups of three or more."""
    rules = view.rules
    size = rules.shape.canasta_size
    held = hand_cards(view).by_rank
    opened: list[_Open] = []
    open_ranks: set[Rank | None] = set()
    for index, meld in enumerate(melds):
        if meld.is_canasta(rules) or meld.kind not in (MeldKind.GROUP, MeldKind.WILD):
            continue
        rank = meld.rank if meld.kind is MeldKind.GROUP else None
        opened.append(_Open(index, rank, meld.naturals, meld.wilds))
        open_ranks.add(rank)
    for group in opened:
        if group.rank is None:
            continue
        naturals = held.get(group.rank, ())
        room = size - group.size
        group.added.extend(naturals[:room])
        group.naturals += min(room, len(naturals))
    for rank, cards in held.items():
        if rank is Rank.THREE or rank in open_ranks:
            continue
        if len(cards) >= 3:
            laid = list(cards[:size])
            opened.append(_Open(None, rank, len(laid), 0, laid))
    return opened


def _place_wilds(
    view: PlayerView, melds: tuple[TableMeld, ...], groups: list[_Open], wilds: list[Card], judgment: TypesJudgment
) -> None:
    """The hand's wild cards (cheapest first) placed by the plan's order of need (see `plan_steps`)."""
    rules = view.rules
    lacks = missing(melds, rules)
    _finish_missing(view, groups, wilds, lacks, judgment)
    if not wilds:
        return
    collects = CanastaType.WILD in lacks or judgment.fine  # Hard: a second wild canasta too
    if collects and _collect_wild(view, groups, wilds) and not judgment.hurried:
        return
    if not lacks:
        _shed(view, groups, wilds)  # every type made: a race to go out
        return
    # What is left onto the groups toward canastas, the nearest first.
    for group in sorted((group for group in groups if group.rank is not None), key=lambda group: -group.size):
        if wilds and group.size >= 4 and not _protected(view, group, lacks, judgment):
            _finish(group, wilds, rules, whole=not (judgment.racing or judgment.hurried))


def _finish_missing(
    view: PlayerView, groups: list[_Open], wilds: list[Card], lacks: frozenset[CanastaType], judgment: TypesJudgment
) -> None:
    """Wild cards that finish a canasta now: of the rank of its own type (sevens) while the side lacks it, or a
    pair of that rank made a group; a mixed canasta while the side lacks one; and, while I hold my packet, any
    canasta `PACKET_GAP` cards short (it brings the packet at once)."""
    rules = view.rules
    sevens = type_ranks(rules)
    if CanastaType.RANK in lacks:
        for group in groups:
            if group.rank in sevens:
                _finish(group, wilds, rules)
        _pair_of(view, groups, wilds, sevens)
    by_size = sorted((group for group in groups if group.rank is not None), key=lambda group: -group.size)
    if CanastaType.MIXED in lacks:
        for group in (group for group in by_size if group.rank not in sevens):
            if judgment.fine and rules.shape.canasta_size - group.size > 1:
                continue  # Hard: a mixed canasta for one wild card only
            if not _protected(view, group, lacks, judgment) and _finish(group, wilds, rules):
                break
    packet_gap = 1 if judgment.fine else PACKET_GAP
    if holds_foot(view):
        for group in by_size:
            gap = rules.shape.canasta_size - group.size
            if gap <= packet_gap and not _protected(view, group, lacks, judgment) and _finish(group, wilds, rules):
                break


def _collect_wild(view: PlayerView, groups: list[_Open], wilds: list[Card]) -> bool:
    """The wild cards toward the side's wild canasta while it can still hope for one: onto its open wild meld, or
    `WILD_MELD_FROM` or more as a new one (fewer wait in hand). Whether they are collected."""
    size = view.rules.shape.canasta_size
    wild_meld = next((group for group in groups if group.rank is None), None)
    tabled = wild_meld.size if wild_meld is not None else 0
    if not wild_canasta_reachable(view, tabled, len(wilds)):
        return False
    if wild_meld is not None:
        _fill_wild_meld(wild_meld, wilds, size)
    elif len(wilds) >= WILD_MELD_FROM:
        count = min(size, len(wilds))
        groups.append(_Open(None, None, 0, count, list(wilds[:count])))
        del wilds[:count]
    return True


def _fill_wild_meld(meld: _Open, wilds: list[Card], size: int) -> None:
    room = min(size - meld.size, len(wilds))
    meld.added.extend(wilds[:room])
    meld.wilds += room
    del wilds[:room]


def _finish(group: _Open, wilds: list[Card], rules: Rules, *, whole: bool = True) -> bool:
    """Wild cards onto `group` within the wild-card limit; with `whole`, only when they make it a canasta. Whether
    it is now a canasta."""
    gap = rules.shape.canasta_size - group.size
    room = min(gap, len(wilds), wild_capacity(rules, group.naturals, group.wilds))
    if room <= 0 or (whole and room < gap):
        return False
    group.added.extend(wilds[:room])
    group.wilds += room
    del wilds[:room]
    return room == gap


def _pair_of(view: PlayerView, groups: list[_Open], wilds: list[Card], ranks: frozenset[Rank]) -> None:
    """A natural pair of a rank of its own type (sevens) with no group yet, laid with a wild card: such cards are
    locked in hand, and every one melded brings the type nearer."""
    held = hand_cards(view).by_rank
    have = {group.rank for group in groups}
    for rank in ranks:
        cards = list(held.get(rank, ()))
        if rank not in have and len(cards) == 2 and wilds:
            groups.append(_Open(None, rank, 2, 1, [*cards, wilds.pop(0)]))


def _protected(view: PlayerView, group: _Open, lacks: frozenset[CanastaType], judgment: TypesJudgment) -> bool:
    """Whether `group` waits for natural cards: six natural cards while the side lacks its natural canasta and a
    copy of the rank is unseen, unless hurried."""
    if not judgment.protect_natural or judgment.hurried or group.wilds or CanastaType.NATURAL not in lacks:
        return False
    size = view.rules.shape.canasta_size
    return group.rank is not None and group.naturals == size - 1 and unseen(view, group.rank) > 0


def _shed(view: PlayerView, groups: list[_Open], wilds: list[Card]) -> None:
    """A side with every type races to go out: wild cards onto its open wild meld and groups, then natural pairs
    of ranks without an open group, each with a wild card."""
    rules = view.rules
    for group in sorted(groups, key=lambda group: (group.rank is None, -group.size)):
        if not wilds:
            return
        if group.rank is None:
            _fill_wild_meld(group, wilds, rules.shape.canasta_size)
        else:
            _finish(group, wilds, rules, whole=False)
    have = {group.rank for group in groups}
    for rank, cards in hand_cards(view).by_rank.items():
        if rank is not Rank.THREE and rank not in have and len(cards) == 2 and wilds:
            groups.append(_Open(None, rank, 2, 1, [*cards, wilds.pop(0)]))


def first_meld(view: PlayerView, minimum: int) -> Meld | None:
    """The side's initial meld: the hand's natural groups of three or more, the wild cards as a wild meld where
    three or more are held (it counts its cards' values) and a pair of sevens with a wild card; then, while short
    of `minimum`, natural pairs with a wild card each. None where the hand does not reach it."""
    rules = view.rules
    size = rules.shape.canasta_size
    held = hand_cards(view)
    wilds = sorted(held.wilds, key=lambda card: -card.points)  # the dearest count most toward the minimum
    chosen: list[tuple[Card, ...]] = [
        tuple(cards[:size]) for rank, cards in held.by_rank.items() if rank is not Rank.THREE and len(cards) >= 3
    ]
    if len(wilds) >= WILD_MELD_FROM:
        chosen.append(tuple(wilds[:size]))
        del wilds[:size]
    pairs = sorted(
        (cards for rank, cards in held.by_rank.items() if rank is not Rank.THREE and len(cards) == 2),
        key=lambda cards: (cards[0].rank not in type_ranks(rules), -cards[0].points),
    )
    total = sum(card.points for meld in chosen for card in meld)
    for pair in pairs:
        if not wilds or (total >= minimum and pair[0].rank not in type_ranks(rules)):
            break
        chosen.append((*pair, wilds.pop()))
        total += sum(card.points for card in chosen[-1])
    if not chosen or total < minimum:
        return None
    return Meld(new=tuple(chosen))


def spends_wild(view: PlayerView, take: TakePile) -> bool:
    """Whether `take` uses a wild card from hand while my side still lacks its wild canasta (each wild card is
    wanted there) and the pile is smaller than `WILD_TAKE_PILE`."""
    if not needs_types(view.rules):
        return False
    used = take.with_ + tuple(card for group in take.also for card in group)
    if not any(card.is_wild for card in used) or len(view.pile) >= WILD_TAKE_PILE:
        return False
    return CanastaType.WILD in missing(my_melds(view), view.rules)
