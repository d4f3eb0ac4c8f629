"""The candidate steps of a game whose melds are named by index (`Shape.names_by_rank` false): additions by index,
sequences, wild melds, combining two groups, taking the pile onto a meld, for `legal_actions` to check and list.

The candidates of every game (new groups, first melds, additions by rank, going out) come from
`canasta.engine.candidates`; these are the moves a shape with other meld kinds, or several groups of a rank, or
melds named by index adds. Nothing here is judged: the judge keeps the legal ones.
"""

from __future__ import annotations

from canasta.engine.actions import Combine, Meld, TakePile
from canasta.engine.cards import Card, Suit, points
from canasta.engine.first_meld import fewest_wild_groups
from canasta.engine.melds import SEQUENCE_ORDER, TableMeld
from canasta.engine.playerview import PlayerView, initial_minimum, my_melds, sort_out
from canasta.engine.rules import MeldKind
from canasta.engine.steps import pile_access_refusal


def index_melds(view: PlayerView) -> list[Meld | Combine]:
    """Additions by index, new sequences and wild melds, and combinations of two groups of one rank."""
    melds = my_melds(view)
    hand = view.hand
    steps: list[Meld | Combine] = [Meld(add_to=((index, cards),)) for index, cards in _additions(melds, hand)]
    kinds = view.rules.shape.meld_kinds
    if MeldKind.SEQUENCE in kinds:
        steps.extend(Meld(new=(run,)) for run in _runs(hand, view.rules.shape.run_size))
    if MeldKind.WILD in kinds:
        wilds = [card for card in hand if card.is_wild]
        if len(wilds) >= 3:
            steps.append(Meld(new=(tuple(wilds[:3]),)))
    steps.extend(Combine((first, second)) for first, second in _same_rank_pairs(melds))
    if not melds:
        steps.extend(_first_melds(view, [step.new[0] for step in steps if isinstance(step, Meld) and step.new]))
    return steps


_FIRST_MELD_BASES = 8  # runs and wild melds tried as the start of a first meld


def _first_melds(view: PlayerView, bases: list[tuple[Card, ...]]) -> list[Meld]:
    """First melds that reach the minimum with a sequence or a wild meld (one or two of them) and the groups
    that spend the fewest wild cards on the rest (`canasta.engine.candidates` lists groups alone)."""
    minimum = initial_minimum(view)
    hand = view.hand
    rules = view.rules
    found: list[Meld] = []
    starts: list[tuple[tuple[Card, ...], ...]] = [(base,) for base in bases[:_FIRST_MELD_BASES]]
    starts += [
        (first, second)
        for index, first in enumerate(bases[:_FIRST_MELD_BASES])
        for second in bases[index + 1 : _FIRST_MELD_BASES]
        if not set(first) & set(second)
    ]
    for start in starts:
        laid = [card for meld in start for card in meld]
        rest = list(hand)
        for card in laid:
            rest.remove(card)
        missing = minimum - points(laid)
        if missing <= 0:
            found.append(Meld(new=start))
            continue
        for groups in fewest_wild_groups(rules, sort_out(rest), missing, len(hand) - 2 - len(laid)):
            found.append(Meld(new=(*start, *groups)))
            break
    return found


def index_takes(view: PlayerView) -> list[TakePile]:
    """The pile's top card alone onto each of the side's melds, and before the side's first meld a natural pair
    with sequences or wild melds (and the cheapest groups) that reach the minimum (the judge keeps the legal)."""
    if pile_access_refusal(view) is not None:
        return []
    melds = my_melds(view)
    if melds:
        return [TakePile(onto=index) for index in range(len(melds))]
    return _first_takes(view)


def _first_takes(view: PlayerView) -> list[TakePile]:
    top = view.pile[-1]
    pair = [card for card in view.hand if not card.is_wild and card.rank is top.rank][:2]
    if len(pair) < 2:
        return []
    rest = list(view.hand)
    for card in pair:
        rest.remove(card)
    kinds = view.rules.shape.meld_kinds
    bases = _runs(tuple(rest), view.rules.shape.run_size) if MeldKind.SEQUENCE in kinds else []
    wilds = [card for card in rest if card.is_wild]
    if MeldKind.WILD in kinds and len(wilds) >= 3:
        bases.append(tuple(wilds[:3]))
    minimum = initial_minimum(view) - top.points - points(pair)
    takes: list[TakePile] = []
    for base in bases[:_FIRST_MELD_BASES]:
        left = list(rest)
        for card in base:
            left.remove(card)
        missing = minimum - points(base)
        if missing <= 0:
            takes.append(TakePile(tuple(pair), (base,)))
            continue
        most = len(view.hand) + len(view.pile) - 3 - len(base)
        for groups in fewest_wild_groups(view.rules, sort_out(left), missing, most):
            takes.append(TakePile(tuple(pair), (base, *groups)))
            break
    return takes


def _additions(melds: tuple[TableMeld, ...], hand: tuple[Card, ...]) -> list[tuple[int, tuple[Card, ...]]]:
    """Onto each meld: its rank's natural cards (all, and one), one wild card of each kind, or a card that
    extends a sequence at either end."""
    wilds = list({card.rank: card for card in hand if card.is_wild}.values())
    moves: list[tuple[int, tuple[Card, ...]]] = []
    for index, meld in enumerate(melds):
        if meld.kind is MeldKind.GROUP:
            naturals = tuple(card for card in hand if not card.is_wild and card.rank is meld.rank)
            if naturals:
                moves.append((index, naturals))
                if len(naturals) > 1:
                    moves.append((index, naturals[:1]))
            moves.extend((index, (wild,)) for wild in wilds)
        elif meld.kind is MeldKind.WILD:
            moves.extend((index, (wild,)) for wild in wilds)
        else:
            moves.extend((index, (card,)) for card in _ends(meld, hand))
    return moves


def _ends(meld: TableMeld, hand: tuple[Card, ...]) -> list[Card]:
    low = SEQUENCE_ORDER[meld.cards[0].rank]
    high = SEQUENCE_ORDER[meld.cards[-1].rank]
    fitting: dict[str, Card] = {}
    for card in hand:
        order = SEQUENCE_ORDER.get(card.rank)
        if card.suit is meld.suit and order in (low - 1, high + 1):
            fitting.setdefault(card.text, card)
    return list(fitting.values())


def _runs(hand: tuple[Card, ...], most: int) -> list[tuple[Card, ...]]:
    """In each suit, every longest run of the hand's natural cards (capped at `most`) and its first three."""
    runs: list[tuple[Card, ...]] = []
    by_suit: dict[Suit, dict[int, Card]] = {}
    for card in hand:
        order = SEQUENCE_ORDER.get(card.rank)
        if order is not None and card.suit is not None:
            by_suit.setdefault(card.suit, {}).setdefault(order, card)
    for cards in by_suit.values():
        orders = sorted(cards)
        start = 0
        for end in range(1, len(orders) + 1):
            if end == len(orders) or orders[end] != orders[end - 1] + 1:
                run = tuple(cards[order] for order in orders[start:end])
                if len(run) >= 3:
                    runs.append(run[:most])
                    if len(run) > 3:
                        runs.append(run[:3])
                start = end
    return runs


def _same_rank_pairs(melds: tuple[TableMeld, ...]) -> list[tuple[int, int]]:
    pairs: list[tuple[int, int]] = []
    for first, meld in enumerate(melds):
        for second in range(first + 1, len(melds)):
            other = melds[second]
            if meld.kind is MeldKind.GROUP and other.kind is MeldKind.GROUP and meld.rank is other.rank:
                pairs.append((first, second))
    return pairs
