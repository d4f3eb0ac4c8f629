"""Limits a whole meld step keeps beyond each meld's own shape, where the game's shape asks for them: dead ranks,
when wild cards may enter a group (the rule of five, ranks that never or only at first take one), one open wild meld
that keeps wild cards from every other meld, and what the side's initial-meld step must hold (a clean triple, no
mixed canasta) (docs/engine.md, "The family of games").

Each check compares the side's melds before and after the step: a meld's identity is its index, and the step's new
melds come after the old ones.
"""

from __future__ import annotations

from collections.abc import Iterable

from canasta.engine.cards import Card, Rank
from canasta.engine.melds import TableMeld, rank_name
from canasta.engine.refusals import Code, Refusal
from canasta.engine.rules import MeldKind, Rules


def dead_ranks(rules: Rules, sides: Iterable[tuple[TableMeld, ...]]) -> frozenset[Rank]:
    """The ranks of which any side has completed a canasta, where the shape makes them dead (else none)."""
    if not rules.shape.dead_ranks:
        return frozenset()
    return frozenset(
        meld.rank
        for side in sides
        for meld in side
        if meld.kind is MeldKind.GROUP and meld.rank is not None and meld.is_canasta(rules)
    )


def dead_rank_refusal(rank: Rank) -> Refusal:
    name = rank_name(rank)
    return Refusal(
        Code.DEAD_RANK,
        f"The {name} are dead: a canasta of {name} is complete, so nobody starts or adds to a meld of them.",
        (("rank", rank),),
    )


def _changed(before: tuple[TableMeld, ...], after: tuple[TableMeld, ...]) -> list[tuple[TableMeld | None, TableMeld]]:
    """The melds the step made or grew, each with what it was before (None for a new one)."""
    pairs: list[tuple[TableMeld | None, TableMeld]] = []
    for index, meld in enumerate(after):
        old = before[index] if index < len(before) else None
        if old is None or len(old.cards) != len(meld.cards):
            pairs.append((old, meld))
    return pairs


def step_limit_refusal(
    rules: Rules,
    before: tuple[TableMeld, ...],
    after: tuple[TableMeld, ...],
    dead: frozenset[Rank],
    top: Card | None = None,
) -> Refusal | None:
    """Why a step that turns the side's `before` melds into `after` breaks the shape's limits on whole steps, or
    None; `dead`: the ranks dead before the step; `top`: a pile take's top card (never part of the clean triple)."""
    shape = rules.shape
    initial = not before
    changed = _changed(before, after)
    wild_to_group = False
    for old, meld in changed:
        if meld.rank is not None and meld.rank in dead:
            return dead_rank_refusal(meld.rank)
        added = meld.wilds - (0 if old is None else old.wilds)
        if meld.kind is not MeldKind.GROUP or added <= 0 or meld.rank is None:
            continue
        wild_to_group = True
        refusal = _wild_entry_refusal(rules, meld, old, initial)
        if refusal is not None:
            return refusal
    if shape.one_open_meld_per_rank:
        refusal = open_melds_refusal(rules, after)
        if refusal is not None:
            return refusal
    if shape.one_open_wild_meld:
        refusal = _open_wild_meld_refusal(rules, after, wild_to_group)
        if refusal is not None:
            return refusal
    if initial:
        return _initial_step_refusal(rules, after, top)
    return None


def _wild_entry_refusal(rules: Rules, meld: TableMeld, old: TableMeld | None, initial: bool) -> Refusal | None:
    """Whether wild cards may enter this group in this step (it gained at least one)."""
    shape = rules.shape
    rank = meld.rank
    assert rank is not None
    if rank in shape.wildless_ranks:
        return Refusal(
            Code.RANK_TAKES_NO_WILD,
            f"A meld of {rank_name(rank)} never takes a wild card.",
            (("variant", "never"), ("rank", rank)),
        )
    if initial:
        return None
    was_mixed = old is not None and old.wilds > 0
    if rank in shape.initial_only_wild_ranks and not was_mixed:
        return Refusal(
            Code.RANK_TAKES_NO_WILD,
            f"A meld of {rank_name(rank)} takes wild cards only in your side's initial meld.",
            (("variant", "initial_only"), ("rank", rank)),
        )
    if shape.rule_of_five and meld.naturals < shape.rule_of_five:
        return Refusal(
            Code.RULE_OF_FIVE,
            f"A wild card joins a meld of {rank_name(rank)} only once it holds {shape.rule_of_five} natural cards "
            f"(outside your side's initial meld); it would hold {meld.naturals}.",
            (("rank", rank), ("needed", shape.rule_of_five), ("naturals", meld.naturals)),
        )
    return None


def open_melds_refusal(rules: Rules, melds: tuple[TableMeld, ...]) -> Refusal | None:
    """At the end of a step a side holds at most one incomplete group of each rank and one incomplete wild meld
    (where a side holds one group per rank, one wild meld at all)."""
    seen: set[Rank | None] = set()
    for meld in melds:
        if meld.kind is MeldKind.SEQUENCE or meld.is_canasta(rules):
            continue
        if meld.rank in seen:
            if meld.rank is None:
                return Refusal(Code.ONE_OPEN_WILD_MELD, "Your side may have only one incomplete wild meld at a time.")
            name = rank_name(meld.rank)
            return Refusal(
                Code.ONE_OPEN_MELD_PER_RANK,
                f"Your side may hold only one incomplete meld of {name}: add to it, or complete it first.",
                (("rank", meld.rank),),
            )
        seen.add(meld.rank)
    wild_melds = sum(1 for meld in melds if meld.kind is MeldKind.WILD)
    if rules.shape.groups_per_rank == 1 and wild_melds > 1:
        return Refusal(
            Code.ONE_OPEN_WILD_MELD,
            "Under the house rules your side holds one meld of wild cards in a hand, and it has one.",
            (("variant", "one"),),
        )
    return None


def _open_wild_meld_refusal(rules: Rules, after: tuple[TableMeld, ...], wild_to_group: bool) -> Refusal | None:
    """One incomplete wild meld per side at a time, and while it is open no wild card goes into a group."""
    open_melds = [meld for meld in after if meld.kind is MeldKind.WILD and not meld.is_canasta(rules)]
    if len(open_melds) > 1:
        return Refusal(Code.ONE_OPEN_WILD_MELD, "Your side may have only one incomplete wild meld at a time.")
    if open_melds and wild_to_group:
        size = len(open_melds[0].cards)
        return Refusal(
            Code.WILD_MELD_OPEN,
            f"While your side's wild meld is incomplete ({size} of {rules.shape.canasta_size} cards), wild cards "
            "go into no other meld.",
            (("size", size), ("canasta", rules.shape.canasta_size)),
        )
    return None


def _initial_step_refusal(rules: Rules, after: tuple[TableMeld, ...], top: Card | None) -> Refusal | None:
    """The side's initial-meld step: a clean triple (or a wild meld, by option) and no mixed canasta."""
    shape = rules.shape
    if shape.initial_mixed_canasta_barred:
        for meld in after:
            if meld.kind is MeldKind.GROUP and meld.wilds and meld.is_canasta(rules):
                return Refusal(
                    Code.INITIAL_MIXED_CANASTA,
                    f"Your side's initial meld may complete a natural canasta, not a mixed one: {_texts(meld.cards)}.",
                    (("meld", meld.cards),),
                )
    triple = any(_clean_triple(rules, meld, top) for meld in after) or splashes(rules, after, top)
    if shape.initial_clean_triple and not triple:
        return _needs_clean_triple(shape.initial_wild_meld_for_triple, top is not None)
    return None


_TRIPLE = (
    "Your side's initial meld needs a clean triple: a meld of three or more natural cards of one rank and no wild card"
)
_OR_WILD = " (or a meld of three or more wild cards)"
_NOT_TOP = " The pile's top card does not count toward it."


def _needs_clean_triple(wild_meld_counts: bool, take: bool) -> Refusal:
    """The refusal of an initial-meld step without a clean triple (or a wild meld where the option accepts one)."""
    if wild_meld_counts and take:
        return Refusal(
            Code.INITIAL_MELD_NEEDS_CLEAN_TRIPLE, f"{_TRIPLE}{_OR_WILD}.{_NOT_TOP}", (("variant", "wild_take"),)
        )
    if wild_meld_counts:
        return Refusal(Code.INITIAL_MELD_NEEDS_CLEAN_TRIPLE, f"{_TRIPLE}{_OR_WILD}.", (("variant", "wild"),))
    if take:
        return Refusal(Code.INITIAL_MELD_NEEDS_CLEAN_TRIPLE, f"{_TRIPLE}.{_NOT_TOP}", (("variant", "take"),))
    return Refusal(Code.INITIAL_MELD_NEEDS_CLEAN_TRIPLE, f"{_TRIPLE}.")


def _clean_triple(rules: Rules, meld: TableMeld, top: Card | None) -> bool:
    """Three or more natural cards from hand with no wild card (the pile's top card aside), or a wild meld of
    three or more where the option accepts one instead."""
    if meld.kind is MeldKind.WILD:
        return rules.shape.initial_wild_meld_for_triple and len(meld.cards) >= 3
    if meld.kind is not MeldKind.GROUP or meld.wilds:
        return False
    from_hand = meld.naturals - (1 if top is not None and top in meld.cards else 0)
    return from_hand >= 3


def _texts(cards: tuple[Card, ...]) -> str:
    return " ".join(card.text for card in cards)


def splashes(rules: Rules, after: tuple[TableMeld, ...], top: Card | None) -> bool:
    """Whether an initial step lays a natural or wild canasta whole from hand (the Splash: no minimum), where the
    shape has it."""
    if not rules.shape.splash or top is not None:
        return False
    return any(
        meld.is_canasta(rules) and (meld.kind is MeldKind.WILD or (meld.kind is MeldKind.GROUP and not meld.wilds))
        for meld in after
    )
