"""Where a step's cards go among a side's melds, in every game: groups of a rank, sequences, wild melds, one group
per rank or several (docs/engine.md, "The family of games").

Melds are named by index as the side's melds stand before the step, or by rank where the rank names the side's
one group of it; new melds are appended after them (docs/formats.md, "Positions of the family"). Where a side holds
one group per rank, a new group of a rank it holds joins that group, and one of a rank the step also makes joins
that one.
"""

from __future__ import annotations

from dataclasses import dataclass

from canasta.engine.cards import Card, Rank
from canasta.engine.melds import (
    TableMeld,
    group_rank,
    kind_of,
    rank_name,
    sequence_cards,
    shape_refusal,
    size_refusal,
    wild_meld_refusal,
)
from canasta.engine.refusals import Code, Refusal
from canasta.engine.rules import MeldKind, Rules


@dataclass(frozen=True, slots=True)
class Placing:
    """What a step puts down: new melds (cards each), additions by rank and by index; for a pile take its top card
    `top`, first in the first new meld, or alone onto the meld `onto`."""

    new: tuple[tuple[Card, ...], ...]
    by_rank: tuple[tuple[Rank, tuple[Card, ...]], ...] = ()
    by_index: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    top: Card | None = None
    onto: int | None = None

    def __init__(
        self,
        new: tuple[tuple[Card, ...], ...],
        by_rank: tuple[tuple[Rank, tuple[Card, ...]], ...] = (),
        by_index: tuple[tuple[int, tuple[Card, ...]], ...] = (),
        top: Card | None = None,
        onto: int | None = None,
    ) -> None:
        # Written out: compiled, the fields are set natively (docs/development.md, "The compiled engine").
        object.__setattr__(self, "new", new)
        object.__setattr__(self, "by_rank", by_rank)
        object.__setattr__(self, "by_index", by_index)
        object.__setattr__(self, "top", top)
        object.__setattr__(self, "onto", onto)


@dataclass(frozen=True, slots=True)
class Placed:
    """The side's melds after the step, and whether every card went into melds made this turn."""

    melds: tuple[TableMeld, ...]
    only_own_new: bool

    def __init__(self, melds: tuple[TableMeld, ...], only_own_new: bool) -> None:
        # Written out: compiled, the fields are set natively (docs/development.md, "The compiled engine").
        object.__setattr__(self, "melds", melds)
        object.__setattr__(self, "only_own_new", only_own_new)


def merges_groups(rules: Rules) -> bool:
    """Whether a new group of a rank the side already holds joins that group (one group per rank; or, where the
    shape has new groups join the side's incomplete group of their rank, that one)."""
    return rules.shape.groups_per_rank == 1 or rules.shape.new_group_joins_open_group


_EXEMPT_LAST_CARD = Refusal(
    Code.EXEMPT_LAST_CARD, "After a concealed meld your last card may only be discarded or added to your own new melds."
)


@dataclass(slots=True)
class _Fresh:
    """A new meld being gathered: a group's rank (None for the other kinds) and its cards."""

    rank: Rank | None
    cards: list[Card]

    def __init__(self, rank: Rank | None, cards: list[Card]) -> None:
        # Written out: compiled, the fields are set natively (docs/development.md, "The compiled engine").
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "cards", cards)


def place(rules: Rules, side: tuple[TableMeld, ...], placing: Placing, *, exempt: bool = False) -> Placed | Refusal:
    """The side's melds with the step's cards placed, or why the step breaks a meld rule; `exempt`: the turn's
    concealed exemption is in force, so nothing may go onto a meld made before this turn."""
    for index, _ in placing.by_index:
        if not 0 <= index < len(side):
            return no_such_meld(index)
    grouped: dict[int, list[Card]] = {}
    if placing.onto is not None and placing.top is not None:
        grouped[placing.onto] = [placing.top]
    fresh = _gather_new(rules, side, placing.new, grouped)
    if isinstance(fresh, Refusal):
        return fresh
    refusal = _gather_additions(rules, side, placing, grouped, fresh)
    if refusal is not None:
        return refusal
    if exempt and any(not side[index].this_turn for index in grouped):
        return _EXEMPT_LAST_CARD
    melds = list(side)
    only_own_new = True
    for index, added in grouped.items():
        grown = grow(rules, side[index], tuple(added))
        if isinstance(grown, Refusal):
            return grown
        melds[index] = grown
        only_own_new = only_own_new and side[index].this_turn
    for meld in _in_table_order(rules, placing, fresh):
        made = make(rules, tuple(meld.cards), meld.rank, placing.top)
        if isinstance(made, Refusal):
            return made
        melds.append(made)
    refusal = _groups_per_rank_refusal(rules, melds)
    return refusal if refusal is not None else Placed(tuple(melds), only_own_new)


def _gather_new(
    rules: Rules, side: tuple[TableMeld, ...], new: tuple[tuple[Card, ...], ...], grouped: dict[int, list[Card]]
) -> list[_Fresh] | Refusal:
    """The step's new melds, each group joining the side's group of its rank or an earlier new one where a side
    holds one group per rank (those joining the side's go into `grouped`)."""
    fresh: list[_Fresh] = []
    sequences = MeldKind.SEQUENCE in rules.shape.meld_kinds
    for cards in new:
        kind = kind_of(rules, cards)
        rank = group_rank(cards, or_sequence=sequences) if kind is MeldKind.GROUP else None
        if isinstance(rank, Refusal):
            return rank
        if rank is not None and merges_groups(rules) and _join_same_rank(rules, side, grouped, fresh, rank, cards):
            continue
        fresh.append(_Fresh(rank, list(cards)))
    return fresh


def _gather_additions(
    rules: Rules, side: tuple[TableMeld, ...], placing: Placing, grouped: dict[int, list[Card]], fresh: list[_Fresh]
) -> Refusal | None:
    """Additions into `grouped`: by rank onto the side's one group of the rank (or, one group per rank, the step's
    new group of it), then by index."""
    for rank, cards in placing.by_rank:
        index = group_of_rank(side, rank)
        if isinstance(index, Refusal):
            joined = next((meld for meld in fresh if meld.rank is rank), None) if merges_groups(rules) else None
            if joined is None or index.code is not Code.NO_MELD_OF_RANK:
                return index
            joined.cards.extend(cards)
            continue
        grouped.setdefault(index, []).extend(cards)
    for index, cards in placing.by_index:
        grouped.setdefault(index, []).extend(cards)
    return None


def _in_table_order(rules: Rules, placing: Placing, fresh: list[_Fresh]) -> list[_Fresh]:
    """The new melds in the order they join the table: as written, except that where melds are named by rank a
    pile take's top-card meld goes after the other new melds it shows (in the place of one of its rank)."""
    if placing.top is None or placing.onto is not None or not rules.shape.names_by_rank:
        return fresh
    shown = [rank for rank in map(group_rank, placing.new[1:]) if isinstance(rank, Rank)]  # each a group here

    def place_of(meld: _Fresh) -> int:
        return shown.index(meld.rank) if meld.rank is not None and meld.rank in shown else len(shown)

    return sorted(fresh, key=place_of)


def group_of_rank(melds: tuple[TableMeld, ...], rank: Rank) -> int | Refusal:
    """The index of the side's one group of `rank`, or why there is none to name by rank."""
    if rank.is_wild:
        return Refusal(Code.MELD_WITHOUT_NATURAL_RANK, "Wild cards cannot form a meld of their own.")
    found = [index for index, meld in enumerate(melds) if meld.kind is MeldKind.GROUP and meld.rank is rank]
    if not found:
        return Refusal(
            Code.NO_MELD_OF_RANK, f"Your side has no meld of {rank_name(rank)} to add to.", (("rank", rank),)
        )
    if len(found) > 1:
        return Refusal(
            Code.WHICH_MELD,
            f"Your side holds {len(found)} groups of {rank_name(rank)}: name the one the cards go to.",
            (("rank", rank), ("count", len(found))),
        )
    return found[0]


def no_such_meld(index: int) -> Refusal:
    return Refusal(Code.NO_SUCH_MELD, f"Your side has no meld number {index + 1}.", (("number", index + 1),))


def _join_same_rank(  # noqa: PLR0913, PLR0917 - the step's gathering state, passed along
    rules: Rules,
    side: tuple[TableMeld, ...],
    grouped: dict[int, list[Card]],
    fresh: list[_Fresh],
    rank: Rank,
    cards: tuple[Card, ...],
) -> bool:
    """One group per rank: a new group joins the side's group of its rank (where the side may start another once
    one is a canasta, its incomplete one), or a new one of the same step."""
    complete_stays = rules.shape.new_group_joins_open_group
    for index, meld in enumerate(side):
        if meld.kind is MeldKind.GROUP and meld.rank is rank and not (complete_stays and meld.is_canasta(rules)):
            grouped.setdefault(index, []).extend(cards)
            return True
    for other in fresh:
        if other.rank is rank:
            other.cards.extend(cards)
            return True
    return False


def make(rules: Rules, cards: tuple[Card, ...], rank: Rank | None, from_pile: Card | None) -> TableMeld | Refusal:
    """A new meld of these cards (`rank` for a group), or why it may not stand."""
    whole = (from_pile is None or from_pile not in cards) and len(cards) >= rules.shape.canasta_size
    if rank is not None:
        wilds = sum(1 for card in cards if card.is_wild)
        refusal = shape_refusal(rules, rank, len(cards) - wilds, wilds, True) or size_refusal(
            rules, MeldKind.GROUP, len(cards)
        )
        return refusal or TableMeld(rank, cards, concealed=whole, this_turn=True)
    kind = kind_of(rules, cards)
    if kind is MeldKind.WILD:
        refusal = wild_meld_refusal(rules, cards)
        return refusal or TableMeld(None, cards, concealed=whole, this_turn=True, kind=kind)
    ordered = sequence_cards(rules, cards, inferred=True)
    if isinstance(ordered, Refusal):
        return ordered
    return TableMeld(None, ordered, concealed=whole, this_turn=True, kind=MeldKind.SEQUENCE)


def grow(rules: Rules, meld: TableMeld, cards: tuple[Card, ...]) -> TableMeld | Refusal:
    """`meld` with `cards` added, or why they may not go onto it."""
    if meld.kind is MeldKind.SEQUENCE:
        ordered = sequence_cards(rules, meld.cards + cards, cards)
        if isinstance(ordered, Refusal):
            return ordered
        return TableMeld(None, ordered, meld.concealed, meld.this_turn, meld.kind)
    if meld.kind is MeldKind.WILD:
        refusal = wild_meld_refusal(rules, meld.cards + cards)
        return refusal or TableMeld(None, meld.cards + cards, meld.concealed, meld.this_turn, meld.kind)
    rank = meld.rank
    assert rank is not None  # a group always has its rank
    if any(not card.is_wild and card.rank is not rank for card in cards):
        return Refusal(
            Code.MELD_MIXED_RANKS,
            f"Only {rank_name(rank)} and wild cards go onto the {rank_name(rank)}.",
            (("variant", "addition"), ("rank", rank)),
        )
    return _grown_group(rules, meld, rank, cards)


def _grown_group(rules: Rules, meld: TableMeld, rank: Rank, cards: tuple[Card, ...]) -> TableMeld | Refusal:
    added = sum(1 for card in cards if card.is_wild)
    # Where a canasta takes no wild card, the wild cards of a step go first and only while the group is short of
    # a canasta: a group of six takes one, then natural cards (Samba's limit of wild cards).
    room = max(0, rules.shape.canasta_size - len(meld.cards))
    if added > room and not rules.shape.wilds_after_canasta:
        return _wilds_on_canasta(rules)
    combined = meld.cards + cards
    wilds = meld.wilds + added
    refusal = shape_refusal(rules, rank, len(combined) - wilds, wilds, added > 0) or size_refusal(
        rules, MeldKind.GROUP, len(combined)
    )
    return refusal or TableMeld(rank, combined, meld.concealed, meld.this_turn, meld.kind)


def combined(rules: Rules, side: tuple[TableMeld, ...], first: int, second: int) -> tuple[TableMeld, ...] | Refusal:
    """The side's melds with groups `first` and `second` joined at the lower index (Samba's combining)."""
    for index in (first, second):
        if not 0 <= index < len(side):
            return no_such_meld(index)
    low, high = sorted((first, second))
    keep, join = side[low], side[high]
    groups = keep.kind is MeldKind.GROUP and join.kind is MeldKind.GROUP
    if merges_groups(rules) or low == high or not groups or keep.rank is not join.rank:
        return Refusal(Code.CANNOT_COMBINE, "Only two different groups of one rank can be combined.")
    rank = keep.rank
    assert rank is not None
    if not rules.shape.wilds_after_canasta and (
        (keep.is_canasta(rules) and join.wilds) or (join.is_canasta(rules) and keep.wilds)
    ):
        return _wilds_on_canasta(rules)
    cards = keep.cards + join.cards
    wilds = keep.wilds + join.wilds
    refusal = shape_refusal(rules, rank, len(cards) - wilds, wilds, True) or size_refusal(
        rules, MeldKind.GROUP, len(cards)
    )
    if refusal is not None:
        return refusal
    joined = TableMeld(rank, cards, keep.concealed or join.concealed, keep.this_turn and join.this_turn)
    return (*side[:low], joined, *side[low + 1 : high], *side[high + 1 :])


def _wilds_on_canasta(rules: Rules) -> Refusal:
    books = rules.shape.books  # Hand and Foot says books
    return Refusal(
        Code.WILDS_ON_CANASTA,
        "A complete book takes no more wild cards." if books else "A completed canasta takes no more wild cards.",
        (("variant", "books" if books else ""),),
    )


def _groups_per_rank_refusal(rules: Rules, melds: list[TableMeld]) -> Refusal | None:
    most = rules.shape.groups_per_rank
    if most is None or most == 1:  # one per rank: new groups joined the old ones above
        return None
    counts: dict[Rank, int] = {}
    for meld in melds:
        if meld.rank is not None:
            counts[meld.rank] = counts.get(meld.rank, 0) + 1
            if counts[meld.rank] > most:
                return Refusal(
                    Code.TOO_MANY_GROUPS,
                    f"Your side may hold at most {most} groups of {rank_name(meld.rank)}.",
                    (("most", most), ("rank", meld.rank)),
                )
    return None
