"""Whether the discard pile may be taken, and with which cards: the pile's access (the same in every game), and the
rule of the take the shape picks (`Shape.pile_rule`), one small function each (docs/rules.md, "Taking the discard
pile"; docs/engine.md, "The family of games")."""

from __future__ import annotations

from typing import assert_never

from canasta.engine.actions import TakePile
from canasta.engine.cards import Card, Rank
from canasta.engine.meld_limits import dead_ranks
from canasta.engine.melds import TableMeld, rank_name, with_top_card_in_sequence
from canasta.engine.playerview import PlayerView, my_side, pile_frozen_for, side_has_melded
from canasta.engine.refusals import Code, Refusal
from canasta.engine.rules import MeldKind, PileRule, Rules

# Refusals met on most turns when looking at the pile, made once (a refusal is an immutable value).
_PILE_EMPTY = Refusal(Code.PILE_EMPTY, "The discard pile is empty.")
_PILE_BLOCKED = Refusal(Code.PILE_BLOCKED_BLACK_THREE, "A black three on top stops you from taking the pile.")
_PILE_TOP_WILD = Refusal(Code.PILE_TOP_WILD, "The pile cannot be taken while a wild card is on top.")


def pile_access_refusal(view: PlayerView) -> Refusal | None:
    """Whether the pile can be taken at all by the viewer now, whatever cards go with it."""
    if not view.pile:
        return _PILE_EMPTY
    top = view.pile[-1]
    if (top.is_black_three or top.is_wild) and view.rules.shape.pile_top_blocks:
        return Refusal(
            Code.PILE_TOP_BLOCKED,
            f"The pile cannot be taken while {top.text} is on top: a wild card or a black three blocks it.",
            (("card", top),),
        )
    if top.is_black_three:
        return _PILE_BLOCKED
    if top.is_wild:
        return _PILE_TOP_WILD
    if view.rules.one_card_pile_restriction and len(view.hand) == 1 and len(view.pile) == 1:
        return Refusal(Code.ONE_CARD_PILE, "Holding one card, you may not take a pile of one card.")
    if not view.rules.initial_meld_may_use_pile and not side_has_melded(view, my_side(view)):
        return Refusal(
            Code.PILE_NEEDS_INITIAL_MELD,
            "Under the house rules your side must make its first meld before taking the pile.",
        )
    return None


def pile_rule_refusal(
    view: PlayerView, action: TakePile, top: Card, side_melds: tuple[TableMeld, ...], onto: int | Refusal | None
) -> Refusal | None:
    """Whether the shape's pile rule lets `action` take the pile; `onto`: the side's meld the top card goes onto
    alone (named, or the one group of its rank), if any, or why the rank names none of several."""
    rule = view.rules.shape.pile_rule
    match rule:
        case PileRule.PAIR_WHEN_FROZEN:
            has_meld = onto is not None or any(
                meld.kind is MeldKind.GROUP and meld.rank is top.rank for meld in side_melds
            )
            return pair_when_frozen_refusal(view, action, top, pile_frozen_for(view, view.seat), has_meld)
        case PileRule.PAIR_OR_UNFINISHED_MELD:
            target = side_melds[onto] if isinstance(onto, int) else None
            return pair_or_unfinished_meld_refusal(view, action, top, onto is not None, target)
        case PileRule.PAIR_ALWAYS:
            return pair_always_refusal(view, action, top)
        case PileRule.PAIR_ALWAYS_FROZEN:
            return pair_always_frozen_refusal(view, action, top, side_melds)
        case _:
            assert_never(rule)


_PAIR_ONLY = frozenset({PileRule.PAIR_OR_UNFINISHED_MELD, PileRule.PAIR_ALWAYS_FROZEN})


def natural_and_wild_take(rules: Rules) -> bool:
    """Whether one natural card of the top card's rank with wild cards takes an open pile (the house rule
    `unfrozen_take_with_wild`; never under `pair_or_unfinished_meld`)."""
    return rules.unfrozen_take_with_wild and rules.shape.pile_rule not in _PAIR_ONLY


def top_card_alone_takes(rules: Rules) -> bool:
    """Whether the top card alone onto the side's meld takes an open pile (by the house rule
    `pile_take_by_adding_to_meld` under `pair_when_frozen`; always under `pair_or_unfinished_meld`; never under
    `pair_always`)."""
    rule = rules.shape.pile_rule
    match rule:
        case PileRule.PAIR_WHEN_FROZEN:
            return rules.pile_take_by_adding_to_meld
        case PileRule.PAIR_OR_UNFINISHED_MELD:
            return True
        case PileRule.PAIR_ALWAYS | PileRule.PAIR_ALWAYS_FROZEN:
            return False
        case _:
            assert_never(rule)


def _wrong_rank(top: Card) -> Refusal:
    return Refusal(
        Code.PILE_TAKE_WRONG_RANK,
        f"Only {rank_name(top.rank)} and wild cards go with the top card {top.text}.",
        (("rank", top.rank), ("card", top)),
    )


def pair_when_frozen_refusal(
    view: PlayerView, action: TakePile, top: Card, frozen: bool, has_meld: bool
) -> Refusal | None:
    """`PileRule.PAIR_WHEN_FROZEN`: a frozen pile needs a natural pair; an open one also one natural card with wild
    cards, or the top card alone onto the side's group of its rank, as the house rules allow."""
    natural_cards = [card for card in action.with_ if not card.is_wild]
    naturals = len(natural_cards)
    wilds = len(action.with_) - naturals
    if any([card.rank is not top.rank for card in natural_cards]):
        return _wrong_rank(top)
    name = rank_name(top.rank)
    args: tuple[tuple[str, Rank], ...] = (("rank", top.rank),)  # what the player's text names
    if frozen:
        if naturals < 2:
            return Refusal(
                Code.PILE_FROZEN_NEEDS_NATURAL_PAIR,
                f"The pile is frozen for you: show two natural {name} from your hand to take it.",
                args,
            )
        return None
    rules = view.rules
    if not action.with_ and not has_meld:
        return Refusal(Code.PILE_TAKE_NEEDS_MELD, f"Your side has no meld of {name} for the top card.", args)
    pair = naturals >= 2
    natural_and_wild = naturals == 1 and wilds >= 1
    if (
        natural_and_wild
        and not pair
        and not rules.unfrozen_take_with_wild
        and not (has_meld and rules.pile_take_by_adding_to_meld)
    ):
        return Refusal(
            Code.PILE_TAKE_NEEDS_NATURAL_PAIR,
            f"Under the house rules you need two natural {name} to take the pile.",
            args,
        )
    if (
        has_meld
        and not rules.pile_take_by_adding_to_meld
        and not pair
        and not (natural_and_wild and rules.unfrozen_take_with_wild)
    ):
        return Refusal(
            Code.PILE_TAKE_BY_ADDING_NOT_ALLOWED,
            f"Under the house rules the top card may not just be added to your {name}: show a natural pair.",
            args,
        )
    return None


def pair_or_unfinished_meld_refusal(
    view: PlayerView, action: TakePile, top: Card, has_meld: bool, target: TableMeld | None
) -> Refusal | None:
    """`PileRule.PAIR_OR_UNFINISHED_MELD`: a natural pair of the top card's rank starts a new group, frozen or not;
    otherwise the top card alone goes onto one of the side's groups or sequences that is not yet a canasta, while
    the pile is not frozen. One natural with wild cards never takes, nor cards that make a sequence with it."""
    natural_cards = [card for card in action.with_ if not card.is_wild]
    if with_top_card_in_sequence(view.rules, top, action.with_):
        return Refusal(
            Code.PILE_TAKE_WRONG_RANK,
            f"A sequence never takes the pile: {top.text} goes with two natural {rank_name(top.rank)} from your hand, "
            f"or alone onto a meld, never with {' '.join(card.text for card in action.with_)}.",
            (("variant", "sequence"), ("top", (top,)), ("rank", top.rank), ("meld", action.with_)),
        )
    if any([card.rank is not top.rank for card in natural_cards]):
        return _wrong_rank(top)
    name = rank_name(top.rank)
    if action.with_:
        if len(natural_cards) < 2:
            return Refusal(
                Code.PILE_TAKE_NEEDS_NATURAL_PAIR,
                f"You need two natural {name} to take the pile.",
                (("variant", "always_pair"), ("rank", top.rank)),
            )
        return None
    if pile_frozen_for(view, view.seat):
        return Refusal(
            Code.PILE_FROZEN_NEEDS_NATURAL_PAIR,
            f"The pile is frozen for you: show two natural {name} from your hand to take it.",
            (("rank", top.rank),),
        )
    if not has_meld:
        return Refusal(
            Code.PILE_TAKE_NEEDS_MELD, f"Your side has no meld of {name} for the top card.", (("rank", top.rank),)
        )
    if target is not None and target.is_canasta(view.rules):
        return Refusal(Code.PILE_ONTO_CANASTA, "The top card of the pile may not go onto a completed canasta.")
    return None


def pair_always_refusal(view: PlayerView, action: TakePile, top: Card) -> Refusal | None:
    """`PileRule.PAIR_ALWAYS`: the pile is never frozen; two natural cards of the top card's rank from hand are
    always melded with it (one natural and a wild card, under `unfrozen_take_with_wild`, which Hand and Foot
    calls `take_with_wild`)."""
    natural_cards = [card for card in action.with_ if not card.is_wild]
    if any([card.rank is not top.rank for card in natural_cards]):
        return _wrong_rank(top)
    naturals = len(natural_cards)
    with_wild = view.rules.unfrozen_take_with_wild and naturals == 1 and len(action.with_) > 1
    if action.onto is not None or (naturals < 2 and not with_wild):
        return Refusal(
            Code.PILE_TAKE_NEEDS_NATURAL_PAIR,
            f"You need two natural {rank_name(top.rank)} to take the pile.",
            (("variant", "always_pair"), ("rank", top.rank)),
        )
    return None


def pair_always_frozen_refusal(
    view: PlayerView, action: TakePile, top: Card, side_melds: tuple[TableMeld, ...]
) -> Refusal | None:
    """`PileRule.PAIR_ALWAYS_FROZEN`: the pile is always frozen; two natural cards of the top card's rank from hand
    are always melded with it, onto the side's group of its rank if the three fit within the group's cap (never
    with a dead rank on top)."""
    rules = view.rules
    if top.rank in dead_ranks(rules, view.melds, my_side(view)):
        name = rank_name(top.rank)
        if not rules.shape.dead_ranks:  # closed for this side alone, by its own canasta
            return Refusal(
                Code.PILE_TOP_CLOSED_RANK,
                f"Your side's canasta of {name} is complete: it cannot take the pile with {top.text} on top.",
                (("rank", top.rank), ("card", top)),
            )
        return Refusal(
            Code.PILE_TOP_DEAD_RANK,
            f"The {name} are dead (a canasta of them is complete): the pile cannot be taken with {top.text} on top.",
            (("rank", top.rank), ("card", top)),
        )
    natural_cards = [card for card in action.with_ if not card.is_wild]
    if any([card.rank is not top.rank for card in natural_cards]):
        return _wrong_rank(top)
    if action.onto is not None or len(natural_cards) < 2:
        return Refusal(
            Code.PILE_FROZEN_NEEDS_NATURAL_PAIR,
            f"The pile is always frozen: show two natural {rank_name(top.rank)} from your hand to take it.",
            (("variant", "always"), ("rank", top.rank)),
        )
    cap = rules.shape.max_group_size
    complete_stays = rules.shape.new_group_joins_open_group  # a full group stays; the take joins the incomplete one
    group = next(
        (
            meld
            for meld in side_melds
            if meld.kind is MeldKind.GROUP and meld.rank is top.rank and not (complete_stays and meld.is_canasta(rules))
        ),
        None,
    )
    if cap is not None and group is not None and len(group.cards) + len(action.with_) + 1 > cap:
        return Refusal(
            Code.PILE_MELD_FULL,
            f"Your side's {rank_name(top.rank)} hold {len(group.cards)} cards: with the top card and your "
            f"{len(action.with_)} they would pass {cap}, so the pile cannot be taken.",
            (("rank", top.rank), ("size", len(group.cards)), ("shown", len(action.with_)), ("most", cap)),
        )
    return None
