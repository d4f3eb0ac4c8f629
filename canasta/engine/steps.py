"""Meld steps and pile takes worked out on a view: either a refusal or the plan of what they do, by one path for
every game (the shape's data and the small rules it picks say what differs).

`canasta.engine.judge` uses the plans to say yes or no; `canasta.engine` uses the same plans to change the state,
so a rule is decided in exactly one place.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from canasta.engine.actions import Combine, Meld, TakePile
from canasta.engine.cards import Card, Rank, points
from canasta.engine.discard_bans import (
    first_round_no_discard_refusal,
    lone_locked_card_refusal,
    no_legal_discard_refusal,
)
from canasta.engine.going_out_rules import going_out_refusal
from canasta.engine.held import laid_cards, missing_cards_refusal, resolve_meld, resolve_take, take_from_hand
from canasta.engine.meld_limits import dead_ranks, splashes, step_limit_refusal, touched_closed_rank
from canasta.engine.melds import (
    TableMeld,
    count_canastas,
    declared_melds_refusal,
    kinds_to_go_out_refusal,
    rank_name,
)
from canasta.engine.pile_rules import pair_when_frozen_refusal, pile_access_refusal, pile_rule_refusal
from canasta.engine.placing import Placed, Placing, combined, group_of_rank, no_such_meld, place
from canasta.engine.playerview import (
    DrewFrom,
    PlayerView,
    bonus_cards_due,
    initial_minimum,
    my_melds,
    my_side,
    packet_comes_now,
    pile_frozen_for,
)
from canasta.engine.refusals import Code, Refusal
from canasta.engine.rules import ConcealedMinimum, MeldKind, Rules

__all__ = [
    "StepPlan", "going_out_refusal", "pile_access_refusal", "plan_combine", "plan_meld", "plan_take", "take_from_hand",
]  # fmt: skip


@dataclass(frozen=True, slots=True)
class StepPlan:
    """What a legal meld step or pile take does to the player's hand and side."""

    hand: tuple[Card, ...]
    side_melds: tuple[TableMeld, ...]
    red_threes: tuple[Card, ...]
    concealed: bool
    exempt: bool
    placed: Meld | TakePile | Combine  # the action with the physical cards taken from the hand
    pile_left: tuple[Card, ...] = ()  # what a pile take leaves of the pile (Hand and Foot takes the top seven)
    black_threes: tuple[Card, ...] = ()  # black threes a pile take sets aside (Cuban Canasta)

    def __init__(  # noqa: PLR0913, PLR0917  # the dataclass's fields, in order
        self,
        hand: tuple[Card, ...],
        side_melds: tuple[TableMeld, ...],
        red_threes: tuple[Card, ...],
        concealed: bool,
        exempt: bool,
        placed: Meld | TakePile | Combine,
        pile_left: tuple[Card, ...] = (),
        black_threes: tuple[Card, ...] = (),
    ) -> None:
        # Written out: compiled, the fields are set natively (docs/development.md, "The compiled engine").
        object.__setattr__(self, "hand", hand)
        object.__setattr__(self, "side_melds", side_melds)
        object.__setattr__(self, "red_threes", red_threes)
        object.__setattr__(self, "concealed", concealed)
        object.__setattr__(self, "exempt", exempt)
        object.__setattr__(self, "placed", placed)
        object.__setattr__(self, "pile_left", pile_left)
        object.__setattr__(self, "black_threes", black_threes)


def _minimum_refusal(view: PlayerView, counted: int) -> Refusal | None:
    minimum = initial_minimum(view)
    if counted >= minimum:
        return None
    return Refusal(
        Code.INITIAL_MELD_BELOW_MINIMUM,
        f"Your first meld needs {minimum} points; these make {counted}.",
        (("minimum", minimum), ("points", counted)),
    )


def _exemption_applies(view: PlayerView, melds: tuple[TableMeld, ...], cards_left: int) -> bool:
    """A concealed going out after a stock draw needs no initial minimum (docs/rules.md, "The first meld"), in
    the games that have the exemption (not Samba's, which has no concealed bonus)."""
    rules = view.rules
    return (
        rules.shape.concealed_exemption
        and rules.concealed_going_out_minimum is ConcealedMinimum.EXEMPT_AFTER_STOCK_DRAW
        and view.turn.drew_from is DrewFrom.STOCK
        and view.turn.concealed
        and cards_left <= 1
        and any(meld.this_turn and meld.is_canasta(rules) for meld in melds)
    )


def plan_meld(view: PlayerView, action: Meld) -> StepPlan | Refusal:
    """Work out a meld step in the play phase (phase checks are the caller's)."""
    wanted = laid_cards(action)
    if not wanted:
        return Refusal(Code.EMPTY_MELD_STEP, "Choose cards to meld.")
    split = take_from_hand(view.hand, wanted)
    if split is None:
        return missing_cards_refusal(view.hand, wanted)
    declared = declared_melds_refusal(view.rules, action.new, action.declared) if action.declared else None
    if declared is not None:
        return declared
    remaining, taken = split
    if taken != wanted:
        action = resolve_meld(action, taken)
    side_melds = my_melds(view)
    placing = Placing(action.new, action.add, action.add_to)
    closed = dead_ranks(view.rules, view.melds, my_side(view))
    refusal = touched_closed_rank(view.rules, side_melds, action, closed)
    if refusal is not None:
        return refusal
    placed = place(view.rules, side_melds, placing, exempt=view.turn.exempt)
    if isinstance(placed, Refusal) and placed.code is Code.MELD_TOO_LARGE and len(remaining) <= 1:
        placed = _eighth_card(view.rules, side_melds, placing, placed)
    if isinstance(placed, Refusal):
        return placed
    refusal = step_limit_refusal(view.rules, side_melds, placed.melds, closed)
    if refusal is not None:
        return refusal
    exempt = view.turn.exempt
    if not side_melds and not splashes(view.rules, placed.melds, None):
        refusal = _minimum_refusal(view, points(taken))
        if refusal is not None:
            if not _exemption_applies(view, placed.melds, len(remaining)):
                return refusal
            exempt = True
    plan = StepPlan(remaining, placed.melds, (), view.turn.concealed and placed.only_own_new, exempt, action)
    return _finish(view, plan, _melds_black_threes(taken))


def _eighth_card(rules: Rules, side: tuple[TableMeld, ...], placing: Placing, refusal: Refusal) -> Placed | Refusal:
    """A step before the going-out discard that passes the group's cap, where the shape lets groups pass it then
    (`eighth_card_going_out`); else the refusal."""
    if not rules.shape.eighth_card_going_out:
        return refusal
    uncapped = rules.with_shape(dataclasses.replace(rules.shape, max_group_size=None))
    placed = place(uncapped, side, placing)
    return refusal if isinstance(placed, Refusal) else placed


def _melds_black_threes(laid: tuple[Card, ...]) -> bool:
    return any(card.rank is Rank.THREE for card in laid)


def plan_combine(view: PlayerView, action: Combine) -> StepPlan | Refusal:
    """Work out joining two of the side's groups of one rank (play phase; the caller checks it)."""
    melds = combined(view.rules, my_melds(view), *action.melds)
    if isinstance(melds, Refusal):
        return melds
    turn = view.turn
    return StepPlan(view.hand, melds, (), turn.concealed, turn.exempt, action)


def _finish(view: PlayerView, plan: StepPlan, black_threes: bool) -> StepPlan | Refusal:
    """The checks on what the step leaves in hand: black threes only going out, the going-out rules."""
    hand = plan.hand
    if black_threes and (len(hand) > 1 or (view.turn.final and hand)):
        return Refusal(Code.BLACK_THREES_ONLY_GOING_OUT, "Black threes may be melded only when you go out.")
    melds, rules = plan.side_melds, view.rules
    if packet_comes_now(view, my_melds(view), melds):
        return plan  # his packet refills his hand in this step: he keeps cards to play, whatever the step left
    lone = lone_locked_card_refusal(rules, hand)
    if lone is not None:
        return lone
    if rules.shape.discard_bans:
        sides = tuple(melds if index == my_side(view) else side for index, side in enumerate(view.melds))
        pile_empty = not view.pile or (isinstance(plan.placed, TakePile) and not plan.pile_left)
        refusal = no_legal_discard_refusal(rules, hand, pile_empty, sides)
        if refusal is not None:
            return refusal
    refusal = first_round_no_discard_refusal(rules, hand, view.turns_played)
    if refusal is not None:
        return refusal
    if len(hand) >= 2:
        return plan  # the going-out rules start at one card left (and counting canastas costs)
    if hand and rules.shape.bonus_cards and bonus_cards_due(view, melds):
        return plan  # a card to discard is enough: the bonus cards follow the discard
    refusal = going_out_refusal(view, len(hand), count_canastas(melds, rules), kinds_to_go_out_refusal(melds, rules))
    return refusal if refusal is not None else plan


def plan_take(view: PlayerView, action: TakePile) -> StepPlan | Refusal:
    """Work out a pile take in the draw phase (phase checks are the caller's)."""
    refusal = pile_access_refusal(view)
    if refusal is not None:
        return refusal
    top = view.pile[-1]
    wanted = action.with_ + tuple(card for group in action.also for card in group) if action.also else action.with_
    split = take_from_hand(view.hand, wanted)
    if split is None:
        return missing_cards_refusal(view.hand, wanted)
    declared = declared_melds_refusal(view.rules, action.also, action.declared) if action.declared else None
    if declared is not None:
        return declared
    remaining, taken = split
    if taken != wanted:
        action = resolve_take(action, taken)
    side_melds = my_melds(view)
    placed = _take(view, action, top, side_melds)
    if not isinstance(placed, Refusal) and action.also:
        closed = dead_ranks(view.rules, view.melds, my_side(view))
        placed = touched_closed_rank(view.rules, side_melds, Meld(new=action.also), closed) or placed
    if isinstance(placed, Refusal):
        return placed
    rules = view.rules
    closed = dead_ranks(rules, view.melds, my_side(view))
    refusal = step_limit_refusal(rules, side_melds, placed.melds, closed, top)
    if refusal is not None:
        return refusal
    if not side_melds:
        counted = top.points if rules.shape.top_card_counts_for_minimum else 0
        refusal = _minimum_refusal(view, counted + points(taken))
        if refusal is not None:
            return refusal
    count = view.rules.shape.pile_take_count
    left = view.pile[:-count] if count else ()
    below = view.pile[len(left) : -1]
    buried_threes: tuple[Card, ...] = ()
    if view.rules.lays_out_red_threes and any(rules.lays_out(card) for card in below):  # rare: buried by the upcard
        buried_threes = tuple(card for card in below if rules.lays_out(card))
        below = tuple(card for card in below if not rules.lays_out(card))
    aside: tuple[Card, ...] = ()
    if rules.shape.black_threes_aside:  # out of play before the rest enters the hand
        aside = tuple(card for card in below if card.is_black_three)
        below = tuple(card for card in below if not card.is_black_three)
    hand = remaining + below
    concealed = view.turn.concealed and placed.only_own_new
    plan = StepPlan(hand, placed.melds, buried_threes, concealed, view.turn.exempt, action, left, aside)
    return _finish(view, plan, _melds_black_threes(taken))


_TAKE_ONTO_NOT_ALONE = Refusal(
    Code.TAKE_ONTO_NOT_ALONE,
    "Taking the pile onto a meld moves the top card alone: meld cards from your hand afterwards.",
)


def _take(view: PlayerView, action: TakePile, top: Card, side_melds: tuple[TableMeld, ...]) -> Placed | Refusal:
    """The take's melds: the top card alone onto a meld named by index (or the one group of its rank), or with the
    cards shown as a new group (which joins the old one where a side holds one per rank), and the `also` melds.
    Where melds are named by rank, an index names the group of the top card's rank or no meld at all."""
    if view.rules.shape.take_joins_open_group:
        return _take_into_open_group(view, action, top, side_melds)
    onto: int | Refusal | None = action.onto
    if action.onto is not None:
        if action.with_ or action.also:
            return _TAKE_ONTO_NOT_ALONE
        if not 0 <= action.onto < len(side_melds):
            return no_such_meld(action.onto)
        if view.rules.shape.names_by_rank and side_melds[action.onto].rank is not top.rank:
            return no_such_meld(action.onto)
    elif not action.with_:
        onto = group_of_rank(side_melds, top.rank)
        if isinstance(onto, Refusal) and onto.code is Code.NO_MELD_OF_RANK:
            onto = None
    refusal = pile_rule_refusal(view, action, top, side_melds, onto)
    if refusal is not None:
        return refusal
    if isinstance(onto, Refusal):
        return onto
    if onto is not None:
        return place(view.rules, side_melds, Placing(action.also, top=top, onto=onto))
    return place(view.rules, side_melds, Placing(((top, *action.with_), *action.also), top=top))


def _take_into_open_group(
    view: PlayerView, action: TakePile, top: Card, side_melds: tuple[TableMeld, ...]
) -> Placed | Refusal:
    """`Shape.take_joins_open_group`: the top card and the cards shown join the side's incomplete group of the top
    card's rank if they fit within the cap, else start a group where the side has no incomplete one (a named
    `onto` must be that group); a completed canasta never takes the top card."""
    rules = view.rules
    groups = [index for index, meld in enumerate(side_melds) if meld.kind is MeldKind.GROUP and meld.rank is top.rank]
    target = next((index for index in groups if not side_melds[index].is_canasta(rules)), None)
    if action.onto is not None and action.onto != target:
        if 0 <= action.onto < len(side_melds) and action.onto in groups:
            return _pile_meld_full(rules, top, side_melds[action.onto], len(action.with_))
        return no_such_meld(action.onto)
    if target is None and groups and not action.with_:
        return _pile_meld_full(rules, top, side_melds[groups[0]], 0)
    refusal = pair_when_frozen_refusal(view, action, top, pile_frozen_for(view, view.seat), target is not None)
    if refusal is not None:
        return refusal
    if target is None:
        return place(rules, side_melds, Placing(((top, *action.with_), *action.also), top=top))
    cap = rules.shape.max_group_size or rules.shape.canasta_size
    if len(side_melds[target].cards) + 1 + len(action.with_) > cap:
        return _pile_meld_full(rules, top, side_melds[target], len(action.with_))
    return place(rules, side_melds, Placing(action.also, by_index=((target, (top, *action.with_)),), top=top))


def _pile_meld_full(rules: Rules, top: Card, group: TableMeld, shown: int) -> Refusal:
    """The refusal of a take whose cards would pass the cap of the side's group of the top card's rank."""
    cap = rules.shape.max_group_size or rules.shape.canasta_size
    size = len(group.cards)
    if group.is_canasta(rules) and not shown:
        return Refusal(
            Code.PILE_MELD_FULL,
            f"Your side's {rank_name(top.rank)} are a completed canasta of {size} cards: the top card {top.text} "
            "cannot go onto it.",
            (("variant", "closed"), ("rank", top.rank), ("size", size), ("card", top)),
        )
    return Refusal(
        Code.PILE_MELD_FULL,
        f"Your side's {rank_name(top.rank)} hold {size} cards: with the top card and your {shown} they would pass "
        f"{cap}, so the pile cannot be taken.",
        (("rank", top.rank), ("size", size), ("shown", shown), ("most", cap)),
    )
