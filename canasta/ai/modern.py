"""How the computer players judge a game whose shape penalises some melds and hands, kills ranks and keeps the pile
always frozen (Modern American's shape, docs/computer-players.md "Penalised melds, dead ranks and the bonus cards").

Every answer here asks the shape, never the game's name: its penalty tables (`incomplete_rank_penalty`,
`incomplete_wild_penalty`, `held_rank_penalty`), its dead ranks, its pile rule, its rule of five, its bonus cards.
Where a shape has none of them, every function answers as if the rule were not there, so the other games play as
before. Everything reads the seat's view alone.
"""

from __future__ import annotations

from collections.abc import Iterable

from canasta.ai.knowledge import unseen
from canasta.engine.actions import Meld, TakePile
from canasta.engine.cards import Card, Rank
from canasta.engine.meld_limits import dead_ranks
from canasta.engine.melds import TableMeld
from canasta.engine.memo import Memo
from canasta.engine.playerview import (
    PlayerView,
    hand_cards,
    initial_minimum,
    my_melds,
    my_side,
    side_has_melded,
    sort_out,
    turn_card_drawn,
)
from canasta.engine.rules import MeldKind, PileRule, Rules

# A natural group of a penalised rank (aces, sevens: -2500 unless it becomes a canasta) is started only with this
# many cards of the rank in my hand (and my side's group), and only while enough copies are still to be had for
# seven: of eight copies at most one may be lost. Normal against itself with another figure, 400 duplicate deals
# (points per deal of the other figure, 95% interval): 4, -110.4 (-186.0 to -34.8) against 5 (seed 7); 6, +56.8
# (6.1 to 107.6) against 5 (seed 7); 7, -177.3 (-259.0 to -95.7) against 6 (seed 11).
OPEN_PENALISED_FROM = 6
# What a card beyond the most a hand may hold of a rank (two aces, two sevens: -1500 for three) costs to keep: it
# goes first, while the pile lets it. Without it (0), -96.6 per deal (-190.4 to -2.8; 400 deals, seed 7).
EXCESS_HELD = 60.0
# A dead rank's card (nobody melds it nor takes the pile with it on top) onto a pile of at least this many cards is
# the safe discard, whatever Hard's discard model (fitted on classic hands) says.
SAFE_STOP_PILE = 8
# The bonus cards are worth more than a small pile: while they can still be had and the hand can make the initial
# meld alone, a pile of fewer cards than this is left for a draw. Never leaving one (0): -36.6 per deal (-70.0 to
# -3.3; 400 deals, seed 11), +30.4 (-13.6 to 74.4) on seed 7.
BONUS_PILE = 8
# A wild meld is started only with this many wild cards in hand (seven: a wild canasta at once); open, it takes every
# wild card (an open one costs its side 2000). Six instead: +5.1 (-10.9 to 21.1; 400 deals, seed 11).
WILD_MELD_WHOLE = 7


def penalised_ranks(rules: Rules) -> frozenset[Rank]:
    """The ranks whose natural group short of a canasta costs its side at the end (aces and sevens), or none."""
    return frozenset(rank for rank, _ in rules.shape.incomplete_rank_penalty)


def held_limit_ranks(rules: Rules) -> frozenset[Rank]:
    """The ranks of which a hand holding three or more at the end costs its side (aces and sevens), or none."""
    return frozenset(rank for rank, _ in rules.shape.held_rank_penalty)


def always_frozen(rules: Rules) -> bool:
    """Whether the pile is always frozen: only a natural pair of the top card's rank from hand takes it."""
    return rules.shape.pile_rule is PileRule.PAIR_ALWAYS_FROZEN


def dead(view: PlayerView) -> frozenset[Rank]:
    """The ranks nobody may meld nor take the pile with (once per distinct view)."""
    return _DEAD(view)


def _dead_ranks(view: PlayerView) -> frozenset[Rank]:
    return dead_ranks(view.rules, view.melds)


_DEAD: Memo[PlayerView, frozenset[Rank]] = Memo(_dead_ranks)


def group_of(melds: tuple[TableMeld, ...], rank: Rank) -> TableMeld | None:
    """The side's group of `rank`, or None."""
    return next((meld for meld in melds if meld.kind is MeldKind.GROUP and meld.rank is rank), None)


def reachable(view: PlayerView, rank: Rank) -> int:
    """How many natural cards of `rank` my side could still gather: in its group, in my hand, and those unseen (in
    the stock or another hand; the pile's copies only come with a take)."""
    group = group_of(my_melds(view), rank)
    in_group = group.naturals if group is not None else 0
    return in_group + len(hand_cards(view).by_rank.get(rank, ())) + unseen(view, rank)


def may_open(view: PlayerView, rank: Rank, count: int) -> bool:
    """Whether my side may start (or, by a pile take, make) a natural group of `rank` that holds or will hold
    `count` cards of it, laid and kept: any rank the shape does not penalise; a penalised one only with
    `OPEN_PENALISED_FROM` cards and enough copies still to be had for a canasta."""
    if rank not in penalised_ranks(view.rules):
        return True
    size = view.rules.shape.canasta_size
    return count >= OPEN_PENALISED_FROM and reachable(view, rank) >= size


def pile_takeable_with(view: PlayerView, side: int, rank: Rank) -> bool:
    """Whether a player of `side` could take the pile with a card of `rank` on top at all (a pair in hand aside):
    never a dead rank; never onto the side's group whose cards, with the top card and a pair, would pass the
    shape's cap."""
    if rank in dead(view):
        return False
    cap = view.rules.shape.max_group_size
    group = group_of(view.melds[side], rank)
    return cap is None or group is None or len(group.cards) + 3 <= cap


# -- melding --------------------------------------------------------------------------------------------------------


def takes_wild(rules: Rules, melds: tuple[TableMeld, ...], meld: TableMeld, naturals_added: int) -> bool:
    """Whether a wild card may join the side's group `meld` after its initial meld, `naturals_added` natural cards
    going onto it in the same step: never a rank that takes none, one that takes them only in the initial step
    unless it holds one, one short of the rule of five, or while the side's wild meld is open."""
    shape = rules.shape
    rank = meld.rank
    if rank is None or rank in shape.wildless_ranks:
        return False
    if rank in shape.initial_only_wild_ranks and not meld.wilds:
        return False
    if shape.rule_of_five and meld.naturals + naturals_added < shape.rule_of_five:
        return False
    return not (shape.one_open_wild_meld and open_wild_meld(melds, rules))


def open_wild_meld(melds: tuple[TableMeld, ...], rules: Rules) -> bool:
    """Whether the side holds a wild meld short of a canasta."""
    return any(meld.kind is MeldKind.WILD and not meld.is_canasta(rules) for meld in melds)


def pair_for_the_pile(view: PlayerView, meld: TableMeld, cards: tuple[Card, ...], racing: bool) -> bool:
    """Whether a natural pair of the rank of my side's `meld` stays in hand instead of joining it: the pile is
    always frozen, and with the pair a meld of three or four takes it (the top card and the pair onto it), while a
    meld grown past that never can. Not in a race, and not where the pair finishes a canasta. Laying the pair
    instead: -117.8 per deal (-256.8 to 21.2; Normal against itself, 400 duplicate deals, seed 11)."""
    if not always_frozen(view.rules) or racing or len(cards) != 2 or meld.rank is None:
        return False
    cap = view.rules.shape.max_group_size
    size = view.rules.shape.canasta_size
    if meld.rank in penalised_ranks(view.rules) or len(meld.cards) + 2 >= size:
        return False
    return cap is not None and len(meld.cards) + 3 <= cap


def new_group_allowed(view: PlayerView, rank: Rank, cards: tuple[Card, ...]) -> bool:
    """Whether the hand's natural `cards` of `rank` may go down as a new group: not a dead rank, and a penalised
    rank only where it can be finished."""
    return rank not in dead(view) and may_open(view, rank, len(cards))


def lays_wild_meld(rules: Rules, wilds: int) -> bool:
    """Whether a new wild meld goes down with `wilds` wild cards: where an open one is penalised, only whole."""
    return not rules.shape.incomplete_wild_penalty or wilds >= WILD_MELD_WHOLE


def first_meld(view: PlayerView) -> Meld | None:
    """The side's initial meld for a shape that asks a clean triple: the hand's natural groups that may go down
    (the dearest first) until the minimum; then natural pairs (aces among them: with a wild card they make an
    ordinary group, where the shape allows aces a wild card only in this step), each with a wild card; then wild
    cards onto groups other than the clean triple. None where the hand does not reach the minimum with a clean
    triple."""
    rules = view.rules
    minimum = initial_minimum(view)
    held = hand_cards(view)
    live = {rank: cards for rank, cards in held.by_rank.items() if rank is not Rank.THREE and rank not in dead(view)}
    triples = [cards for rank, cards in live.items() if len(cards) >= 3 and may_open(view, rank, len(cards))]
    if not triples:
        return None
    triples.sort(key=lambda cards: -sum(card.points for card in cards))
    chosen: list[list[Card]] = [list(triples[0])]
    total = _points(chosen)
    for cards in triples[1:]:
        if total >= minimum:
            break
        chosen.append(list(cards))
        total = _points(chosen)
    wilds = sorted(held.wilds, key=lambda card: card.points)
    used = {cards[0].rank for cards in chosen}
    pairs = [cards for rank, cards in live.items() if rank not in used and len(cards) >= 2 and _wild_pair(rules, rank)]
    pairs.sort(key=lambda cards: -sum(card.points for card in cards))
    for cards in pairs:
        if total >= minimum or not wilds:
            break
        chosen.append([*cards[: rules.shape.canasta_size - 2], wilds.pop(0)])
        total = _points(chosen)
    for group in chosen[1:]:
        while total < minimum and wilds and _takes_more(rules, group):
            group.append(wilds.pop(0))
            total = _points(chosen)
    if total < minimum:
        return None
    return Meld(new=tuple(tuple(group) for group in chosen))


def _wild_pair(rules: Rules, rank: Rank) -> bool:
    """Whether a natural pair of `rank` may make an initial group with a wild card."""
    shape = rules.shape
    return rank not in shape.wildless_ranks and rank not in penalised_ranks(rules) - shape.initial_only_wild_ranks


def _takes_more(rules: Rules, group: list[Card]) -> bool:
    """Whether an initial group may take one more wild card (within the limit, never a mixed canasta)."""
    wilds = sum(1 for card in group if card.is_wild)
    naturals = len(group) - wilds
    rank = next(card.rank for card in group if not card.is_wild)
    shape = rules.shape
    return (
        rank not in shape.wildless_ranks
        and wilds < shape.max_wilds
        and naturals >= 2
        and len(group) + 1 < shape.canasta_size
    )


def _points(groups: Iterable[Iterable[Card]]) -> int:
    return sum(card.points for group in groups for card in group)


def bonus_cards_ahead(view: PlayerView) -> bool:
    """Whether my side can still earn bonus cards by an initial meld from hand (it has not melded, the turn card is
    not drawn)."""
    rules = view.rules
    return bool(rules.shape.bonus_cards) and not side_has_melded(view, my_side(view)) and not turn_card_drawn(view)


def leaves_pile_for_bonus(view: PlayerView) -> bool:
    """Whether a player who could take the pile for his side's initial meld draws instead: the bonus cards are still
    to be had, the pile is small, and the hand makes the initial meld alone (with the drawn card to come)."""
    return bonus_cards_ahead(view) and len(view.pile) < BONUS_PILE and first_meld(view) is not None


def take_opens_penalised(view: PlayerView, take: TakePile) -> bool:
    """Whether `take` starts or grows a natural group of a penalised rank that my side cannot hope to finish."""
    top = view.pile[-1]
    if top.rank not in penalised_ranks(view.rules):
        return False
    group = group_of(my_melds(view), top.rank)
    gained = sum(1 for card in view.pile if card.rank is top.rank)
    held = len(hand_cards(view).by_rank.get(top.rank, ()))
    count = (group.naturals if group is not None else 0) + held + gained
    if group is not None and group.wilds:
        return False  # a mixed group of the rank is an ordinary one
    return not may_open(view, top.rank, count)


# -- discarding --------------------------------------------------------------------------------------------------


def keep_adjustment(view: PlayerView, card: Card) -> float:
    """What keeping the natural `card` is worth beyond the heuristic's terms: a card beyond the two of a rank the
    shape penalises in hand (and that my side will not meld) is to go."""
    rank = card.rank
    if rank in held_limit_ranks(view.rules) and _excess(view, rank):
        return -EXCESS_HELD
    return 0.0


def safe_stop(view: PlayerView, card: Card) -> bool:
    """Whether `card`, of a dead rank, goes onto a pile big enough to guard (nobody can take it from under it)."""
    return not card.is_wild and card.rank in dead(view) and len(view.pile) >= SAFE_STOP_PILE


def _excess(view: PlayerView, rank: Rank) -> bool:
    """Whether my hand holds three or more cards of `rank` that my side will not meld."""
    count = len(hand_cards(view).by_rank.get(rank, ()))
    if count < 3:
        return False
    group = group_of(my_melds(view), rank)
    if group is not None:
        return False  # they go onto it
    return not may_open(view, rank, count)


def pair_worth(view: PlayerView, rank: Rank) -> bool:
    """Whether a natural pair of `rank` is worth keeping as a pair: not of a dead rank, nor one whose take would
    start a penalised group my side cannot finish."""
    if rank in dead(view):
        return False
    if rank in penalised_ranks(view.rules) and group_of(my_melds(view), rank) is None:
        return may_open(view, rank, 3)
    return True


def hand_naturals(cards: Iterable[Card]) -> dict[Rank, tuple[Card, ...]]:
    """Natural cards by rank (threes aside)."""
    return {rank: held for rank, held in sort_out(cards).by_rank.items() if rank is not Rank.THREE}
