"""The moves `legal_actions` tries in every game: takes of the pile with natural cards of the top card's rank (and
wild cards), new groups, first melds that reach the minimum (the fewest wild cards first), additions by rank
where melds are named so, and the step that goes out. The moves that name melds by index, and the melds of other
kinds, come from `canasta.engine.index_moves`."""

from __future__ import annotations

from collections.abc import Sequence

from canasta.engine.actions import Meld, TakePile
from canasta.engine.cards import Card, Rank, points
from canasta.engine.first_meld import fewest_wild_groups
from canasta.engine.held import take_from_hand
from canasta.engine.melds import TableMeld, most_wilds, wild_capacity
from canasta.engine.pile_rules import pile_access_refusal
from canasta.engine.plans import planned
from canasta.engine.playerview import (
    HandCards,
    PlayerView,
    hand_cards,
    initial_minimum,
    my_melds,
    pile_frozen_for,
    sort_out,
)
from canasta.engine.rules import Rules
from canasta.engine.steps import StepPlan
from canasta.engine.way_out import distinct, going_out_step


def counts_settle(rules: Rules) -> bool:
    """Whether a meld's counts alone (`shape_refusal`) say if cards may go onto it or make it: melds named by
    rank, no cap on a group, wild cards welcome on a canasta."""
    shape = rules.shape
    return shape.names_by_rank and shape.max_group_size is None and shape.wilds_after_canasta


def _wild_choices(wilds: Sequence[Card]) -> list[tuple[Card, ...]]:
    """A representative choice of wild cards to add: none, one two, one joker."""
    first: dict[Rank, Card] = {}
    for card in wilds:
        first.setdefault(card.rank, card)
    return [(), *[(first[rank],) for rank in (Rank.TWO, Rank.JOKER) if rank in first]]


def take_candidates(view: PlayerView) -> list[TakePile]:
    if pile_access_refusal(view) is not None:
        return []
    top = view.pile[-1]  # never a wild card here
    cards = hand_cards(view)
    naturals = cards.by_rank.get(top.rank, ())
    wilds = cards.wilds
    melds = my_melds(view)
    has_meld = any([meld.rank is top.rank for meld in melds])
    withs: list[tuple[Card, ...]] = [naturals[:2], naturals] if len(naturals) >= 2 else []
    if not pile_frozen_for(view, view.seat):
        if has_meld:
            withs.extend([(), naturals[:1]])
        if naturals:
            withs.extend(naturals[:1] + chosen for chosen in _wild_choices(wilds)[1:])
    if melds:
        return [TakePile(with_, (), None, ()) for with_ in dict.fromkeys(withs)]
    minimum = initial_minimum(view)
    if _first_meld_reach(cards, top) < minimum:
        return []  # every take listed below falls short of the minimum
    # Before the initial meld, wild cards with the top card and other melds count toward the minimum: one
    # wild card of each kind, or (after those) the two or three dearest.
    bases = list(withs)
    withs.extend([base + chosen for base in bases for chosen in _wild_choices(wilds)[1:]])
    withs.extend([base + chosen for base in bases for chosen in _dearest_wilds(wilds)])
    combined: list[TakePile] = []
    for with_ in dict.fromkeys(withs):
        rest_split = take_from_hand(view.hand, with_)
        assert rest_split is not None
        base = top.points + points(with_)
        combined.extend(TakePile(with_, also) for also in _initial_groups(view.rules, rest_split[0], minimum - base))
    cheapest = _cheapest_first_take(view, cards, top)
    return combined if cheapest is None or cheapest in combined else [*combined, cheapest]


def _first_meld_reach(cards: HandCards, top: Card | None) -> int:
    """An upper bound on the points of the first melds `_initial_groups` and `fewest_wild_groups` can offer from
    `cards` (with `top`, a pile take's: its points and every natural card of its rank held): every wild card and
    the natural cards of each rank held at least twice (threes aside). Below the minimum, none is worth
    working out."""
    reach = points(cards.wilds)
    if top is not None:
        reach += top.points
    for rank, held in cards.by_rank.items():
        if (len(held) >= 2 and rank is not Rank.THREE) or (top is not None and rank is top.rank):
            reach += held[0].points * len(held)
    return reach


def _cheapest_first_meld(view: PlayerView, cards: HandCards) -> Meld | None:
    """The legal first meld step that spends the fewest wild cards (then lays the fewest cards), if any."""
    for groups in fewest_wild_groups(view.rules, cards, initial_minimum(view), len(view.hand) - 2):
        meld = Meld(new=groups)
        if isinstance(planned(view, meld), StepPlan):
            return meld
    return None


def _cheapest_first_take(view: PlayerView, cards: HandCards, top: Card) -> TakePile | None:
    """The legal first-meld take of the pile that spends the fewest wild cards (then lays the fewest), if any."""
    most_laid = len(view.hand) + len(view.pile) - 3  # the pile below the top card joins the hand
    for groups in fewest_wild_groups(view.rules, cards, initial_minimum(view), most_laid, top):
        take = TakePile(groups[0], groups[1:])
        if isinstance(planned(view, take), StepPlan):
            return take
    return None


def _dearest_wilds(wilds: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Choices of two or three wild cards for one meld: the two dearest held, and the three dearest."""
    dearest = sorted(wilds, key=lambda card: -card.points)
    return [tuple(dearest[:count]) for count in range(2, min(3, len(dearest)) + 1)]


def _initial_groups(rules: Rules, cards: tuple[Card, ...], missing: int) -> list[tuple[tuple[Card, ...], ...]]:
    """Ways (a handful) to add new melds from `cards` worth at least `missing` points; () when none needed.

    The dearest melds with at most one wild card each, taken until they reach it; then the fewest of them that
    reach it with the other wild cards added (the dearest wild card first, each onto the meld with the most room
    for it), when that differs."""
    options: list[tuple[tuple[Card, ...], ...]] = [()]
    if missing <= 0:
        return options
    groups = sorted(_single_groups(sort_out(cards)), key=lambda group: -points(group))
    chosen: list[tuple[Card, ...]] = []
    used: set[Card] = set()
    total = 0
    for listed in groups:
        group = _fresh_wilds(listed, cards, used)
        if group is None or any(g[0].rank is group[0].rank for g in chosen):
            continue
        chosen.append(group)
        used.update(group)
        total += points(group)
        if total >= missing:
            options.append(tuple(chosen))
            break
    # Also the fewest leading melds that reach it, topped up with the wild cards they leave: that keeps more
    # cards in hand (a step must leave two) when the melds above use too many or fall short.
    wilds = [card for card in cards if card.is_wild]
    for count in range(1, len(chosen) + 1):
        lead = chosen[:count]
        held = {card for group in lead for card in group}
        spare = [card for card in wilds if card not in held]
        topped = _top_up(rules, lead, spare, missing - sum(points(group) for group in lead))
        if topped is not None:
            return options if topped in options else [*options, topped]
    return options


def _fresh_wilds(group: tuple[Card, ...], cards: tuple[Card, ...], used: set[Card]) -> tuple[Card, ...] | None:
    """`group` with each wild card already `used` by another meld swapped for an unused one of the same rank
    (two pairs may each take a two), or None when its natural cards are used or no such wild card is left."""
    fresh = [card for card in cards if card.is_wild and card not in used and card not in group]
    swapped: list[Card] = []
    for card in group:
        if card in used:
            if not card.is_wild:
                return None
            same = next((other for other in fresh if other.rank is card.rank), None)
            if same is None:
                return None
            fresh.remove(same)
            swapped.append(same)
        else:
            swapped.append(card)
    return tuple(swapped)


def _top_up(
    rules: Rules, groups: list[tuple[Card, ...]], wilds: list[Card], missing: int
) -> tuple[tuple[Card, ...], ...] | None:
    """`groups` (at least one) with wild cards from `wilds` added (the dearest first, each onto the group with
    the most room for it) until they gain `missing` points, or None when the wild cards or the room run out."""
    grown = [list(group) for group in groups]
    for wild in sorted(wilds, key=lambda card: -card.points):
        if missing <= 0:
            break
        room = [_room(rules, group) for group in grown]
        if max(room) <= 0:
            return None
        grown[room.index(max(room))].append(wild)
        missing -= wild.points
    return tuple(tuple(group) for group in grown) if missing <= 0 else None


def _room(rules: Rules, group: list[Card]) -> int:
    """How many more wild cards the meld `group` may take under the rules' wild limit."""
    wilds = sum(1 for card in group if card.is_wild)
    return wild_capacity(rules, len(group) - wilds, wilds)


def _single_groups(cards: HandCards) -> list[tuple[Card, ...]]:
    """New melds that could be laid from `cards`: each rank's naturals with a few wild-card choices."""
    choices = _wild_choices(cards.wilds)
    groups: list[tuple[Card, ...]] = []
    for rank, naturals in cards.by_rank.items():
        if len(naturals) >= 2 and rank is not Rank.THREE:
            groups.extend([naturals + chosen for chosen in choices if len(naturals) + len(chosen) >= 3])
    return groups


def legal_melds(view: PlayerView) -> list[Meld]:
    """The legal meld steps: new melds, additions, a step that goes out; each checked unless it is plainly
    legal (it leaves two cards in hand, with no exemption in force, on a side that has melded)."""
    melds = my_melds(view)
    hand = view.hand
    by_rank = view.rules.shape.names_by_rank  # else `canasta.engine.index_moves` lists them, by index
    # How many cards a step may put down and still leave two in hand (none while an exemption is in force, nor
    # where the counts do not settle a meld's shape, or a meld takes no wild card: then every step is checked).
    plain = counts_settle(view.rules) and most_wilds(view.rules) != 0 and not view.turn.exempt
    spare = len(hand) - 2 if plain else -1
    cards = hand_cards(view)
    legal: list[Meld] = []
    if melds:
        # Natural cards of a rank the side has not melded, with at most one wild card: any shape rule holds.
        existing = {meld.rank for meld in melds} if view.rules.shape.groups_per_rank == 1 else set()
        for group in _single_groups(cards):
            if group[0].rank not in existing:
                _keep_if_legal(view, Meld((group,), (), (), ()), len(group) <= spare, legal)
    elif _first_meld_reach(cards, None) >= initial_minimum(view):  # else no first meld reaches the minimum
        for option in _initial_groups(view.rules, hand, initial_minimum(view))[1:]:
            _keep_if_legal(view, Meld(new=option), False, legal)
        cheapest = _cheapest_first_meld(view, cards)
        if cheapest is not None and cheapest not in legal:
            legal.append(cheapest)
    sure: list[Meld] = []
    for rank, added in _additions(view, melds, cards) if by_rank else ():
        # Natural cards may go onto any meld without limit, and a wild card within the meld's room.
        addition = Meld((), ((rank, added),), (), ())
        if len(added) <= spare:
            sure.append(addition)
        else:
            _keep_if_legal(view, addition, False, legal)
    out = going_out_step(view)
    if out is not None and out[0] is not None:
        _keep_if_legal(view, out[0], False, legal)
    return legal + sure


def _keep_if_legal(view: PlayerView, meld: Meld, plainly_legal: bool, legal: list[Meld]) -> None:
    if plainly_legal or isinstance(planned(view, meld), StepPlan):
        legal.append(meld)


def _additions(view: PlayerView, melds: tuple[TableMeld, ...], cards: HandCards) -> list[tuple[Rank, tuple[Card, ...]]]:
    """One or all naturals of a rank onto its meld, or one wild card (of each kind) where the meld has room."""
    distinct_wilds = distinct(cards.wilds)
    moves: list[tuple[Rank, tuple[Card, ...]]] = []
    for meld in melds:
        if meld.rank is None:
            continue
        naturals = cards.by_rank.get(meld.rank)
        if naturals:
            moves.append((meld.rank, naturals))
            if len(naturals) > 1:
                moves.append((meld.rank, (naturals[0],)))
        if distinct_wilds and wild_capacity(view.rules, meld.naturals, meld.wilds) > 0:
            moves.extend([(meld.rank, (wild,)) for wild in distinct_wilds])
    return moves
