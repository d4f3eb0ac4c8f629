"""Limits a whole meld step keeps beyond each meld's own shape, where the game's shape asks for them: dead ranks,
when wild cards may enter a group (the rule of five, ranks that never or only at first take one), one open wild meld
that keeps wild cards from every other meld, and what the side's initial-meld step must hold (a clean triple, no
mixed canasta) (docs/engine.md, "The family of games").

Each check compares the side's melds before and after the step: a meld's identity is its index, and the step's new
melds come after the old ones.
"""

from __future__ import annotations

from collections.abc import Iterable

from canasta.engine.actions import Meld
from canasta.engine.cards import Card, Rank
from canasta.engine.melds import TableMeld, rank_name
from canasta.engine.refusals import Code, Refusal
from canasta.engine.rules import MeldKind, Rules


def dead_ranks(rules: Rules, sides: Iterable[tuple[TableMeld, ...]], side: int | None = None) -> frozenset[Rank]:
    """The ranks closed to `side` (or, with no side named, to every side): those of which any side has completed a
    canasta where the shape makes them dead for all (`dead_ranks`), or those of which `side` itself has where it
    closes them for their side alone (`closed_ranks`); else none."""
    shape = rules.shape
    if shape.dead_ranks:
        chosen = tuple(sides)
    elif shape.closed_ranks and side is not None:
        chosen = (tuple(sides)[side],)
    else:
        return frozenset()
    return frozenset(
        meld.rank
        for melds in chosen
        for meld in melds
        if meld.kind is MeldKind.GROUP and meld.rank is not None and meld.is_canasta(rules)
    )


def closed_rank_refusal(rules: Rules, rank: Rank) -> Refusal:
    """The refusal of a step that adds to or starts a meld of a rank closed to the side (dead for every side, or
    closed for this one by its own canasta)."""
    if rules.shape.dead_ranks:
        return dead_rank_refusal(rank)
    name = rank_name(rank)
    return Refusal(
        Code.CLOSED_RANK,
        f"Your side's canasta of {name} is complete: your side adds no card to it and starts no other meld of {name}.",
        (("rank", rank),),
    )


def touched_closed_rank(
    rules: Rules, side: tuple[TableMeld, ...], step: Meld, closed: frozenset[Rank]
) -> Refusal | None:
    """Why a meld `step` (its new melds, additions by rank and by index) touches a rank in `closed`, or None: where
    the shape closes ranks for their own side, before any meld is placed (dead ranks are judged on the melds placed)."""
    if not closed or not rules.shape.closed_ranks:
        return None
    ranks: list[Rank | None] = [card.rank for group in step.new for card in group if not card.is_wild]
    ranks += [rank for rank, _ in step.add]
    ranks += [side[index].rank for index, _ in step.add_to if 0 <= index < len(side)]
    rank = next((rank for rank in ranks if rank is not None and rank in closed), None)
    return None if rank is None else closed_rank_refusal(rules, rank)


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
            return closed_rank_refusal(rules, meld.rank)
        added = meld.wilds - (0 if old is None else old.wilds)
        if meld.kind is not MeldKind.GROUP or added <= 0 or meld.rank is None:
            continue
        wild_to_group = True
        refusal = _wild_entry_refusal(rules, meld, old, initial)
        if refusal is not None:
            return refusal
    if shape.one_open_wild_meld:
        refusal = _open_wild_meld_refusal(rules, after, wild_to_group)
        if refusal is not None:
            return refusal
    refusal = meld_count_refusal(rules, after)
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


def meld_count_refusal(rules: Rules, after: tuple[TableMeld, ...]) -> Refusal | None:
    """The shape's caps on a side's melds (`after`, at the end of a step): wild melds per hand
    (`wild_melds_per_side`), and incomplete groups of one rank, or incomplete wild melds, at once
    (`open_melds_per_rank`)."""
    shape = rules.shape
    wild = [meld for meld in after if meld.kind is MeldKind.WILD]
    most = shape.wild_melds_per_side
    if most is not None and len(wild) > most:
        return Refusal(Code.ONE_WILD_MELD, "Your side may make only one meld of wild cards in a hand.")
    most = shape.open_melds_per_rank
    if most is None:
        return None
    open_melds = [
        (meld.kind, meld.rank) for meld in after if meld.kind is not MeldKind.SEQUENCE and not meld.is_canasta(rules)
    ]
    for kind, rank in dict.fromkeys(open_melds):  # in the side's order, the first meld of each kind and rank
        if open_melds.count((kind, rank)) > most:
            if rank is None:
                return Refusal(Code.ONE_OPEN_WILD_MELD, "Your side may have only one incomplete wild meld at a time.")
            name = rank_name(rank)
            return Refusal(
                Code.ONE_OPEN_MELD_PER_RANK,
                f"Your side may have only one incomplete meld of {name} at a time.",
                (("rank", rank),),
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


_SIX_WORDS = "Your side's initial meld needs a clean triple"
_NATURALS = "(three or more natural cards of one rank, no wild card)"


def _needs_clean_triple(wild_meld_counts: bool, take: bool) -> Refusal:
    """The refusal of an initial-meld step without a clean triple (or a wild meld where the option accepts one)."""
    if wild_meld_counts and take:
        words = (
            f"{_SIX_WORDS} (three natural cards of a rank, no wild card) or a wild meld of three, from your hand: the "
            "pile's top card does not count."
        )
        return Refusal(Code.INITIAL_MELD_NEEDS_CLEAN_TRIPLE, words, (("variant", "wild_take"),))
    if wild_meld_counts:
        return Refusal(
            Code.INITIAL_MELD_NEEDS_CLEAN_TRIPLE,
            f"{_SIX_WORDS} {_NATURALS} or a wild meld of three or more.",
            (("variant", "wild"),),
        )
    if take:
        words = f"{_SIX_WORDS} {_NATURALS} from your hand: the pile's top card does not count."
        return Refusal(Code.INITIAL_MELD_NEEDS_CLEAN_TRIPLE, words, (("variant", "take"),))
    return Refusal(
        Code.INITIAL_MELD_NEEDS_CLEAN_TRIPLE, f"{_SIX_WORDS}: three or more natural cards of one rank, no wild card."
    )


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
