"""Meld steps and pile takes worked out on a view: either a refusal or the plan of what they do.

`canasta.engine.judge` uses the plans to say yes or no; `canasta.engine` uses the same plans to change the state,
so a rule is decided in exactly one place.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from canasta.engine.actions import Combine, Meld, TakePile
from canasta.engine.cards import RED_THREES, WILD_RANKS, Card, Rank, points
from canasta.engine.melds import (
    TableMeld,
    count_canastas,
    declared_melds_refusal,
    group_rank,
    kinds_to_go_out_refusal,
    rank_name,
    shape_refusal,
    with_top_card_in_sequence,
)
from canasta.engine.placing import Placing, combined, group_of_rank, no_such_meld, place, resolve_additions
from canasta.engine.playerview import (
    DrewFrom,
    PlayerView,
    Question,
    canastas_needed,
    holds_foot,
    initial_minimum,
    my_melds,
    my_seats,
    my_side,
    partner_to_ask,
    pile_frozen_for,
    side_has_melded,
)
from canasta.engine.refusals import Code, Refusal
from canasta.engine.rules import AskPartner, ConcealedMinimum, GoingOut, MeldKind, PileRule, Rules


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


_CLASSIC_KINDS = frozenset({MeldKind.GROUP})


def classic_melds(rules: Rules) -> bool:
    """Whether melds are classic's (one group per rank, found by rank); otherwise `canasta.engine.placing`
    places the cards."""
    shape = rules.shape
    return shape.groups_per_rank == 1 and shape.meld_kinds == _CLASSIC_KINDS and shape.pile_rule is PileRule.CLASSIC


def take_from_hand(hand: tuple[Card, ...], wanted: Iterable[Card]) -> tuple[tuple[Card, ...], tuple[Card, ...]] | None:
    """Split `hand` into (what remains, the cards taken), matching `wanted` by notation; None if missing.

    The very physical card is taken when present, otherwise another copy of the same notation.
    """
    remaining = list(hand)
    wanted = tuple(wanted)
    try:
        # The usual case: every card named is the very card held (cards compare by identity).
        for card in wanted:
            remaining.remove(card)
    except ValueError:
        return _take_by_notation(hand, wanted)
    return tuple(remaining), wanted


def _take_by_notation(
    hand: tuple[Card, ...], wanted: tuple[Card, ...]
) -> tuple[tuple[Card, ...], tuple[Card, ...]] | None:
    remaining = list(hand)
    taken: list[Card] = []
    for card in wanted:
        if card in remaining:
            remaining.remove(card)
            taken.append(card)
            continue
        for index, held in enumerate(remaining):
            if held.text == card.text:
                taken.append(remaining.pop(index))
                break
        else:
            return None
    return tuple(remaining), tuple(taken)


def _regroup(sizes: list[int], cards: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    """Cut `cards` into consecutive groups of the given sizes."""
    groups: list[tuple[Card, ...]] = []
    start = 0
    for size in sizes:
        groups.append(cards[start : start + size])
        start += size
    return tuple(groups)


def _resolve_meld(action: Meld, taken: tuple[Card, ...]) -> Meld:
    """The meld step with the hand's physical cards in place of the cards it named."""
    count = sum(len(group) for group in action.new)
    new = _regroup([len(group) for group in action.new], taken[:count])
    by_rank = sum(len(group) for _, group in action.add)
    added = _regroup([len(group) for _, group in action.add], taken[count : count + by_rank])
    added_to = _regroup([len(group) for _, group in action.add_to], taken[count + by_rank :])
    return Meld(
        new,
        tuple((rank, group) for (rank, _), group in zip(action.add, added, strict=True)),
        tuple((index, group) for (index, _), group in zip(action.add_to, added_to, strict=True)),
        action.declared,
    )


def _resolve_take(action: TakePile, taken: tuple[Card, ...]) -> TakePile:
    """The pile take with the hand's physical cards in place of the cards it named."""
    count = len(action.with_)
    also = _regroup([len(group) for group in action.also], taken[count:])
    return TakePile(taken[:count], also, action.onto, action.declared)


def missing_cards_refusal(hand: tuple[Card, ...], wanted: Iterable[Card]) -> Refusal:
    """The refusal for cards that are not in the hand, naming them."""
    remaining = [card.text for card in hand]
    missing: list[Card] = []
    for card in wanted:
        if card.text in remaining:
            remaining.remove(card.text)
        else:
            missing.append(card)
    texts = ", ".join(card.text for card in missing)
    return Refusal(Code.CARD_NOT_IN_HAND, f"You do not hold {texts}.", (("cards", tuple(missing)),))


def _additions_by_rank(
    new: tuple[tuple[Card, ...], ...], add: tuple[tuple[Rank, tuple[Card, ...]], ...]
) -> tuple[dict[Rank, list[Card]], set[Rank]] | Refusal:
    contributions: dict[Rank, list[Card]] = {}
    new_ranks: set[Rank] = set()
    for group in new:
        rank = group_rank(group)
        if isinstance(rank, Refusal):
            return rank
        new_ranks.add(rank)
        contributions.setdefault(rank, []).extend(group)
    for rank, group in add:
        if rank in WILD_RANKS:
            return Refusal(Code.MELD_WITHOUT_NATURAL_RANK, "Wild cards cannot form a meld of their own.")
        if any([not card.is_wild and card.rank is not rank for card in group]):
            return Refusal(
                Code.MELD_MIXED_RANKS,
                f"Only {rank_name(rank)} and wild cards go onto the {rank_name(rank)}.",
                (("variant", "addition"), ("rank", rank)),
            )
        contributions.setdefault(rank, []).extend(group)
    return contributions, new_ranks


def _merge(
    rules: Rules,
    side_melds: tuple[TableMeld, ...],
    contributions: dict[Rank, list[Card]],
    new_ranks: set[Rank],
    from_pile: Card | None,
) -> tuple[tuple[TableMeld, ...], bool] | Refusal:
    """The side's melds after the step, and whether everything went into melds made this turn."""
    melds = list(side_melds)
    by_rank = {meld.rank: index for index, meld in enumerate(melds)}
    only_own_new = True
    for rank, cards in contributions.items():
        index = by_rank.get(rank)
        if index is None and rank not in new_ranks:
            return Refusal(
                Code.NO_MELD_OF_RANK, f"Your side has no meld of {rank_name(rank)} to add to.", (("rank", rank),)
            )
        wilds_added = len([card for card in cards if card.is_wild])
        if index is None:
            combined, wilds = tuple(cards), wilds_added
        else:
            combined, wilds = melds[index].cards + tuple(cards), melds[index].wilds + wilds_added
        refusal = shape_refusal(rules, rank, len(combined) - wilds, wilds, index is None or wilds_added > 0)
        if refusal is not None:
            return refusal
        if index is None:
            whole = (from_pile is None or from_pile.rank is not rank) and len(combined) >= rules.shape.canasta_size
            melds.append(TableMeld(rank, combined, concealed=whole, this_turn=True))
        else:
            existing = melds[index]
            only_own_new = only_own_new and existing.this_turn
            melds[index] = TableMeld(rank, combined, existing.concealed, existing.this_turn)
    return tuple(melds), only_own_new


_PARTNER_IN_HAND = Refusal(
    Code.GOING_OUT_NEEDS_BOOKS,
    "Under the house rules your side goes out only once each of its players has picked up his foot.",
    (("variant", "all_in_foot"),),
)


def going_out_refusal(
    view: PlayerView, cards_left: int, canastas: int, kinds: Refusal | None = None, *, by_discard: bool = False
) -> Refusal | None:
    """Whether the player may be left with `cards_left` (0: out now; 1: out by the coming discard);
    `kinds`: why the side lacks the kinds of canasta some games ask for (`kinds_to_go_out_refusal`), if it does;
    `by_discard`: the hand is emptied by discarding its last card."""
    if cards_left >= 2 or (cards_left == 1 and view.turn.final) or holds_foot(view):
        return None  # (in Hand and Foot a player who empties his hand takes up his foot)
    if kinds is not None and any(view.rules.shape.books_to_go_out):
        return kinds  # the books say it all (and with numbers)
    if view.rules.all_in_foot and any(holds_foot(view, seat) for seat in my_seats(view)):
        return _PARTNER_IN_HAND
    needed = canastas_needed(view)
    if canastas < needed:
        books = view.rules.shape.books  # Hand and Foot says books
        plural = ("book" if books else "canasta") + ("" if needed == 1 else "s")
        if cards_left == 1:
            return Refusal(
                Code.MUST_KEEP_TWO_CARDS,
                f"Keep at least two cards: your side needs {needed} {plural} to go out and has {canastas}.",
                (("variant", "books" if books else ""), ("needed", needed), ("canastas", canastas)),
            )
        return Refusal(
            Code.GOING_OUT_NEEDS_CANASTA,
            f"Your side needs {needed} {plural} to go out; it has {canastas}.",
            (("variant", "books" if books else ""), ("needed", needed), ("canastas", canastas)),
        )
    if kinds is not None:
        return kinds
    question = view.turn.question
    if question is Question.NO:
        return Refusal(Code.PARTNER_SAID_NO, "Your partner said no: you may not go out this turn.")
    required = view.rules.ask_partner is AskPartner.REQUIRED and partner_to_ask(view.rules, view.seat) is not None
    if required and question is not Question.YES:
        return Refusal(Code.MUST_ASK_PARTNER, "Under the house rules you must ask your partner before going out.")
    return _way_out_refusal(view.rules.going_out, cards_left, by_discard)


_OUT_BY_DISCARD = Refusal(
    Code.MUST_KEEP_TWO_CARDS,
    "Under the house rules you go out by discarding your last card: keep a card to discard.",
    (("variant", "must_discard"),),
)
_OUT_BY_MELDING = Refusal(
    Code.MUST_KEEP_TWO_CARDS,
    "Under the house rules you go out by melding every card, not by a discard: keep two cards or meld all.",
    (("variant", "must_meld"),),
)


def _way_out_refusal(rule: GoingOut, cards_left: int, by_discard: bool) -> Refusal | None:
    """Hand and Foot's option `going_out`: out by melding everything, or by a last discard, or either."""
    if rule is GoingOut.MUST_DISCARD and cards_left == 0 and not by_discard:
        return _OUT_BY_DISCARD
    if rule is GoingOut.MUST_MELD and (cards_left == 1 or by_discard):
        return _OUT_BY_MELDING
    return None


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


def _laid_cards(action: Meld) -> tuple[Card, ...]:
    """`action.cards()`, built without generators (half the time; a step is planned on most turns)."""
    cards = [card for group in action.new for card in group]
    for _, group in action.add:
        cards.extend(group)
    for _, group in action.add_to:
        cards.extend(group)
    return tuple(cards)


def plan_meld(view: PlayerView, action: Meld) -> StepPlan | Refusal:
    """Work out a meld step in the play phase (phase checks are the caller's)."""
    wanted = _laid_cards(action)
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
        action = _resolve_meld(action, taken)
    side_melds = my_melds(view)
    placed = _place_classic(view, action, side_melds) if classic_melds(view.rules) else _place(view, action, side_melds)
    if isinstance(placed, Refusal):
        return placed
    melds, only_own_new, black_threes = placed
    exempt = view.turn.exempt
    if not side_melds:
        refusal = _minimum_refusal(view, points(taken))
        if refusal is not None:
            if not _exemption_applies(view, melds, len(remaining)):
                return refusal
            exempt = True
    plan = StepPlan(remaining, melds, (), view.turn.concealed and only_own_new, exempt, action)
    return _finish(view, plan, black_threes)


_Placed = tuple[tuple[TableMeld, ...], bool, bool]  # the side's melds, all in own new melds, black threes melded
_EXEMPT_LAST_CARD = Refusal(
    Code.EXEMPT_LAST_CARD, "After a concealed meld your last card may only be discarded or added to your own new melds."
)


def _place_classic(view: PlayerView, action: Meld, side_melds: tuple[TableMeld, ...]) -> _Placed | Refusal:
    """Classic Canasta's placing: one group per rank, named by rank (an index names its group's rank)."""
    add = action.add
    if action.add_to:
        named: list[tuple[Rank, tuple[Card, ...]]] = list(add)
        for index, group in action.add_to:
            rank = side_melds[index].rank if 0 <= index < len(side_melds) else None
            if rank is None:
                return no_such_meld(index)
            named.append((rank, group))
        add = tuple(named)
    grouped = _additions_by_rank(action.new, add)
    if isinstance(grouped, Refusal):
        return grouped
    contributions, new_ranks = grouped
    if view.turn.exempt and any(meld.rank in contributions and not meld.this_turn for meld in side_melds):
        return _EXEMPT_LAST_CARD
    merged = _merge(view.rules, side_melds, contributions, new_ranks, None)
    if isinstance(merged, Refusal):
        return merged
    return merged[0], merged[1], Rank.THREE in contributions


def _place(view: PlayerView, action: Meld, side_melds: tuple[TableMeld, ...]) -> _Placed | Refusal:
    """The family's placing (`canasta.engine.placing`): melds named by index, kinds from the cards."""
    rules = view.rules
    additions = resolve_additions(rules, side_melds, action.add, action.add_to)
    if isinstance(additions, Refusal):
        return additions
    if view.turn.exempt and any(not side_melds[index].this_turn for index, _ in additions):
        return _EXEMPT_LAST_CARD
    placed = place(rules, side_melds, Placing(additions, action.new), None)
    if isinstance(placed, Refusal):
        return placed
    return placed.melds, placed.only_own_new, _melds_black_threes(action)


def _melds_black_threes(action: Meld | TakePile) -> bool:
    cards = _laid_cards(action) if isinstance(action, Meld) else action.with_ + sum(action.also, ())
    return any(card.rank is Rank.THREE for card in cards)


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
    if len(hand) >= 2:
        return plan  # the going-out rules start at one card left (and counting canastas costs)
    melds, rules = plan.side_melds, view.rules
    refusal = going_out_refusal(view, len(hand), count_canastas(melds, rules), kinds_to_go_out_refusal(melds, rules))
    return refusal if refusal is not None else plan


def _wrong_rank(top: Card) -> Refusal:
    return Refusal(
        Code.PILE_TAKE_WRONG_RANK,
        f"Only {rank_name(top.rank)} and wild cards go with the top card {top.text}.",
        (("rank", top.rank), ("card", top)),
    )


def take_refusal(view: PlayerView, action: TakePile, top: Card, frozen: bool, has_meld: bool) -> Refusal | None:
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


def samba_take_refusal(
    view: PlayerView, action: TakePile, top: Card, has_meld: bool, target: TableMeld | None
) -> Refusal | None:
    """Samba's ways to take the pile (docs/engine.md, "The family of games"): a natural pair of the top card's rank
    starts a new group, frozen or not; otherwise the top card alone goes onto one of the side's groups or
    sequences that is not yet a canasta, while the pile is not frozen. One natural with wild cards never takes."""
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
                (("variant", "samba"), ("rank", top.rank)),
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


def hand_and_foot_take_refusal(view: PlayerView, action: TakePile, top: Card) -> Refusal | None:
    """Hand and Foot's way to take the pile (docs/engine.md, "The family of games"): never frozen, always two
    natural cards of the top card's rank from hand melded with it (one natural and a wild card, by option)."""
    natural_cards = [card for card in action.with_ if not card.is_wild]
    if any([card.rank is not top.rank for card in natural_cards]):
        return _wrong_rank(top)
    naturals = len(natural_cards)
    with_wild = view.rules.take_with_wild and naturals == 1 and len(action.with_) > 1
    if action.onto is not None or (naturals < 2 and not with_wild):
        return Refusal(
            Code.PILE_TAKE_NEEDS_NATURAL_PAIR,
            f"You need two natural {rank_name(top.rank)} to take the pile.",
            (("variant", "samba"), ("rank", top.rank)),
        )
    return None


# Refusals met on most turns when looking at the pile, made once (a refusal is an immutable value).
_PILE_EMPTY = Refusal(Code.PILE_EMPTY, "The discard pile is empty.")
_PILE_BLOCKED = Refusal(Code.PILE_BLOCKED_BLACK_THREE, "A black three on top stops you from taking the pile.")
_PILE_TOP_WILD = Refusal(Code.PILE_TOP_WILD, "The pile cannot be taken while a wild card is on top.")


def pile_access_refusal(view: PlayerView) -> Refusal | None:
    """Whether the pile can be taken at all by the viewer now, whatever cards go with it."""
    if not view.pile:
        return _PILE_EMPTY
    top = view.pile[-1]
    if top.is_black_three:
        return _PILE_BLOCKED
    if top.is_wild:
        return _PILE_TOP_WILD
    if view.rules.one_card_pile_restriction and len(view.hand) == 1 and len(view.pile) == 1:
        return Refusal(Code.ONE_CARD_PILE, "Holding one card, you may not take a pile of one card.")
    rules = view.rules
    if (not rules.initial_meld_may_use_pile or rules.pile_needs_side_down) and not side_has_melded(view, my_side(view)):
        return Refusal(
            Code.PILE_NEEDS_INITIAL_MELD,
            "Under the house rules your side must make its first meld before taking the pile.",
        )
    return None


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
        action = _resolve_take(action, taken)
    side_melds = my_melds(view)
    if classic_melds(view.rules):
        placed = _take_classic(view, action, top, side_melds)
    else:
        placed = _take_family(view, action, top, side_melds)
    if isinstance(placed, Refusal):
        return placed
    melds, only_own_new, black_threes = placed
    if not side_melds:
        refusal = _minimum_refusal(view, top.points + points(taken))
        if refusal is not None:
            return refusal
    count = view.rules.shape.pile_take_count
    left = view.pile[:-count] if count else ()
    below = view.pile[len(left) : -1]
    buried_threes: tuple[Card, ...] = ()
    if view.rules.lays_out_red_threes and not RED_THREES.isdisjoint(below):  # rare: buried by the upcard
        buried_threes = tuple(card for card in below if card.is_red_three)
        below = tuple(card for card in below if not card.is_red_three)
    hand = remaining + below
    concealed = view.turn.concealed and only_own_new
    plan = StepPlan(hand, melds, buried_threes, concealed, view.turn.exempt, action, left)
    return _finish(view, plan, black_threes)


def _take_classic(
    view: PlayerView, action: TakePile, top: Card, side_melds: tuple[TableMeld, ...]
) -> _Placed | Refusal:
    """Classic's take: the top card with the cards shown joins the side's group of its rank, or starts one."""
    if action.onto is not None:
        if action.with_ or action.also:
            return _TAKE_ONTO_NOT_ALONE
        if not 0 <= action.onto < len(side_melds) or side_melds[action.onto].rank is not top.rank:
            return no_such_meld(action.onto)
    has_meld = any([meld.rank is top.rank for meld in side_melds])
    refusal = take_refusal(view, action, top, pile_frozen_for(view, view.seat), has_meld)
    if refusal is not None:
        return refusal
    grouped = _additions_by_rank(action.also, ())
    if isinstance(grouped, Refusal):
        return grouped
    contributions, new_ranks = grouped
    contributions.setdefault(top.rank, [])[:0] = (top, *action.with_)
    new_ranks.add(top.rank)
    merged = _merge(view.rules, side_melds, contributions, new_ranks, top)
    if isinstance(merged, Refusal):
        return merged
    return merged[0], merged[1], Rank.THREE in contributions


_TAKE_ONTO_NOT_ALONE = Refusal(
    Code.TAKE_ONTO_NOT_ALONE,
    "Taking the pile onto a meld moves the top card alone: meld cards from your hand afterwards.",
)


def _take_family(view: PlayerView, action: TakePile, top: Card, side_melds: tuple[TableMeld, ...]) -> _Placed | Refusal:
    """The family's take: the top card alone onto a meld named by index (or the one group of its rank), or
    with the cards shown as a new group (which joins the old one only where a side holds one per rank)."""
    onto: int | Refusal | None = action.onto
    if action.onto is not None:
        if action.with_ or action.also:
            return _TAKE_ONTO_NOT_ALONE
        if not 0 <= action.onto < len(side_melds):
            return no_such_meld(action.onto)
    elif not action.with_:
        onto = group_of_rank(side_melds, top.rank)
        if isinstance(onto, Refusal) and onto.code is Code.NO_MELD_OF_RANK:
            onto = None
    pile_rule = view.rules.shape.pile_rule
    if pile_rule is PileRule.SAMBA:
        target = side_melds[onto] if isinstance(onto, int) else None
        refusal = samba_take_refusal(view, action, top, onto is not None, target)
    elif pile_rule is PileRule.HAND_AND_FOOT:
        refusal = hand_and_foot_take_refusal(view, action, top)
    else:
        refusal = take_refusal(view, action, top, pile_frozen_for(view, view.seat), onto is not None)
    if refusal is not None:
        return refusal
    if isinstance(onto, Refusal):
        return onto
    if onto is not None:
        placing = Placing(((onto, (top,)),), action.also)
    else:
        placing = Placing((), ((top, *action.with_), *action.also))
    placed = place(view.rules, side_melds, placing, top)
    if isinstance(placed, Refusal):
        return placed
    return placed.melds, placed.only_own_new, _melds_black_threes(action)
