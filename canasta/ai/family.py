"""How the computer players judge the games of the family (Samba, Bolivia): sequences toward a samba or an
escalera, several groups of a rank, the two-wild limit, the stricter pile, and in Bolivia wild melds toward a
bolivia (docs/computer-players.md, "Samba and Bolivia").

Classic Canasta never comes here: `is_family` is false for its rules, and the heuristic player keeps its own
classic path. Hand and Foot comes here too, but its meld plan is `canasta.ai.hand_foot`'s (books, clean and
dirty, and the foot). Everything here reads the seat's view alone.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from canasta.ai import hand_foot, modern, wild_canastas
from canasta.ai.base import pairs_with_wilds, steps_of_plan
from canasta.ai.knowledge import unseen
from canasta.engine.actions import Combine, Meld, TakePile
from canasta.engine.cards import Card, Rank, Suit
from canasta.engine.melds import (
    SEQUENCE_ORDER,
    TableMeld,
    costly_open_meld,
    count_canastas,
    kind_of,
    kinds_to_go_out_refusal,
    wild_capacity,
)
from canasta.engine.playerview import PlayerView, hand_cards, my_melds, sort_out
from canasta.engine.rules import MeldKind, PileRule, Rules

# Bolivia: wild cards are collected toward a bolivia (seven wild cards, 2500) only while the side can still
# finish one: this many wild cards held or melded in an open wild meld, and this many stock cards left.
BOLIVIA_WILDS_FROM = 4
BOLIVIA_STOCK_FROM = 30
# A wild meld is started with this many wild cards (the partner's wild cards can then join it).
WILD_MELD_FROM = 5
# A sequence this long waits for its last cards: the top card of the pile may go onto it, and the cards that
# extend it are the next player's to fear (a samba or an escalera is worth 1500).
NEAR_SAMBA = 5
# A run of the hand this long is laid as a sequence even when it spends cards a group wants.
LONG_RUN = 5


@dataclass(frozen=True, slots=True)
class Judgment:
    """What the family's meld plan takes from the player's weights and from the state of the race."""

    complete_with_wilds_from: float  # add wild cards to a group of at least this size toward a canasta
    wild_reserve: float  # wild cards kept back from melding pairs
    protect_natural: bool  # six natural cards wait for a natural seventh
    hurried: bool  # no time to wait: the opponents may go out, or the stock is nearly gone
    racing: bool  # the hand is a race to go out


def is_family(rules: Rules) -> bool:
    """Whether the game has melds other than classic's (sequences, wild melds, several groups of a rank)."""
    return not rules.shape.names_by_rank


def may_go_out(melds: tuple[TableMeld, ...], rules: Rules) -> bool:
    """Whether a side with `melds` holds the canastas its game asks for to go out (in Bolivia one of them an
    escalera)."""
    return count_canastas(melds, rules) >= rules.canastas_to_go_out and kinds_to_go_out_refusal(melds, rules) is None


def needs_sequence(view: PlayerView) -> bool:
    """Whether going out still needs a sequence canasta of my side (Bolivia's escalera)."""
    rules = view.rules
    return rules.shape.going_out_needs_sequence and kinds_to_go_out_refusal(my_melds(view), rules) is not None


def _sequence_order(card: Card) -> int | None:
    return SEQUENCE_ORDER.get(card.rank) if card.suit is not None else None


def extends(meld: TableMeld, card: Card, rules: Rules) -> bool:
    """Whether `card` alone extends the open sequence `meld` at either end."""
    if meld.kind is not MeldKind.SEQUENCE or len(meld.cards) >= rules.shape.run_size or card.suit is not meld.suit:
        return False
    order = _sequence_order(card)
    return order is not None and order in (
        SEQUENCE_ORDER[meld.cards[0].rank] - 1,
        SEQUENCE_ORDER[meld.cards[-1].rank] + 1,
    )


def pile_takers(melds: tuple[TableMeld, ...], rules: Rules) -> tuple[frozenset[Rank], frozenset[str]]:
    """What lets a side with `melds` take an unfrozen pile by its top card alone under Samba's pile rule: the
    ranks of its groups short of a canasta, and the cards (by notation) that extend its open sequences."""
    ranks = frozenset(
        meld.rank
        for meld in melds
        if meld.kind is MeldKind.GROUP and meld.rank is not None and not meld.is_canasta(rules)
    )
    cards: set[str] = set()
    for meld in melds:
        if meld.kind is MeldKind.SEQUENCE and len(meld.cards) < rules.shape.run_size:
            suit = meld.suit
            assert suit is not None  # a sequence has its suit
            low, high = SEQUENCE_ORDER[meld.cards[0].rank] - 1, SEQUENCE_ORDER[meld.cards[-1].rank] + 1
            cards.update(_text_of(order, suit) for order in (low, high) if 0 <= order < len(SEQUENCE_ORDER))
    return ranks, frozenset(cards)


_RANK_AT = {order: rank for rank, order in SEQUENCE_ORDER.items()}


def _text_of(order: int, suit: Suit) -> str:
    return f"{_RANK_AT[order].value}{suit.value}"


def samba_pile(rules: Rules) -> bool:
    """Whether the pile follows Samba's rule (a natural pair, or the top card alone onto a meld)."""
    return rules.shape.pile_rule is PileRule.PAIR_OR_UNFINISHED_MELD


# -- sequences in hand ------------------------------------------------------------------------------------------


def runs_in(cards: list[Card], most: int) -> list[tuple[Card, ...]]:
    """The runs of three or more that `cards` hold, one suit each, the longest first: each card in one run at
    most (a copy of a card already used may start another run). Capped at `most` cards."""
    by_suit: dict[Suit, dict[int, list[Card]]] = {}
    for card in cards:
        order = _sequence_order(card)
        if order is not None and card.suit is not None:
            by_suit.setdefault(card.suit, {}).setdefault(order, []).append(card)
    runs: list[tuple[Card, ...]] = []
    for orders in by_suit.values():
        while True:
            best = _longest_run(orders)
            if len(best) < 3:
                break
            run = tuple(orders[order].pop() for order in best[:most])
            runs.append(run)
            for order in list(orders):
                if not orders[order]:
                    del orders[order]
    return sorted(runs, key=len, reverse=True)


def _longest_run(orders: dict[int, list[Card]]) -> list[int]:
    present = sorted(order for order, held in orders.items() if held)
    best: list[int] = []
    current: list[int] = []
    for order in present:
        current = [*current, order] if current and order == current[-1] + 1 else [order]
        if len(current) > len(best):
            best = current
    return best


def feeds_own_sequence(view: PlayerView, card: Card) -> bool:
    """Whether `card` extends one of my side's open sequences or sits one rank beyond such an end (the card
    after the next one): a card my side's sequence waits for."""
    order = _sequence_order(card)
    if order is None:
        return False
    run_size = view.rules.shape.run_size
    for meld in my_melds(view):
        if meld.kind is MeldKind.SEQUENCE and len(meld.cards) < run_size and card.suit is meld.suit:
            low, high = SEQUENCE_ORDER[meld.cards[0].rank], SEQUENCE_ORDER[meld.cards[-1].rank]
            if order in (low - 1, low - 2, high + 1, high + 2):
                return True
    return False


# -- Bolivia's wild melds ----------------------------------------------------------------------------------


def open_wild_meld(melds: tuple[TableMeld, ...], rules: Rules) -> int | None:
    """The index of the side's open wild meld with the most cards, or None."""
    run_size = rules.shape.run_size
    found = [index for index, meld in enumerate(melds) if meld.kind is MeldKind.WILD and len(meld.cards) < run_size]
    return max(found, key=lambda index: len(melds[index].cards)) if found else None


def collecting_bolivia(view: PlayerView, hurried: bool) -> bool:
    """Whether my side collects wild cards toward a bolivia: the game has wild melds, and enough wild cards
    are held or melded to finish one with time left (enough stock, the opponents not about to go out)."""
    rules = view.rules
    if MeldKind.WILD not in rules.shape.meld_kinds or hurried or view.stock_count < BOLIVIA_STOCK_FROM:
        return False
    melds = my_melds(view)
    index = open_wild_meld(melds, rules)
    tabled = len(melds[index].cards) if index is not None else 0
    # Where an open wild meld is penalised, only a hand near a whole one collects (fewer wild cards are in play).
    least = modern.WILD_MELD_WHOLE - 1 if rules.shape.incomplete_wild_penalty else BOLIVIA_WILDS_FROM
    return tabled + len(hand_cards(view).wilds) >= least


# -- the meld plan ------------------------------------------------------------------------------------------------


def plan_steps(view: PlayerView, judgment: Judgment) -> Iterator[Meld | Combine]:
    """The family's meld steps for a side that has melded, the whole plan first and then its parts (in case the
    whole is refused, for example for keeping two cards): a combination of two groups that makes a canasta,
    cards that extend the side's sequences, new sequences (before groups: a samba or escalera is worth more),
    natural cards onto the groups of their rank short of a canasta, new groups, wild cards toward canastas
    within the two-wild limit, pairs with a wild card, and in Bolivia wild cards toward a bolivia."""
    rules = view.rules
    if hand_foot.is_hand_and_foot(rules):
        yield from hand_foot.plan_steps(view, racing=judgment.racing, wild_reserve=judgment.wild_reserve)
        return
    melds = my_melds(view)
    combine = _combine(melds, rules)
    if combine is not None:
        yield combine
    plan = _Plan(list(view.hand), {}, [])
    _extend_sequences(melds, plan, rules)
    if MeldKind.SEQUENCE in rules.shape.meld_kinds:
        _new_sequences(view, melds, plan)
    _place_naturals(view, melds, plan, judgment)
    wilds = sorted((card for card in plan.pool if card.is_wild), key=lambda card: card.points)
    collect = collecting_bolivia(view, judgment.hurried)
    if wilds:
        _wild_meld(view, melds, wilds, plan, collect)
    if wilds and not collect:
        _add_wilds(view, melds, plan.adds, wilds, judgment)
        _pairs_with_wilds(rules, melds, plan, wilds, judgment)
    adds, new = plan.adds, plan.new
    additions = tuple((index, tuple(cards)) for index, cards in sorted(adds.items()) if cards)
    yield from steps_of_plan(tuple(new), additions)


@dataclass(slots=True)
class _Plan:
    """A meld plan being made: the cards of the hand not yet placed, additions by meld index, new melds."""

    pool: list[Card]
    adds: dict[int, list[Card]]
    new: list[tuple[Card, ...]]

    def lay(self, cards: tuple[Card, ...]) -> None:
        """`cards` as a new meld."""
        self.new.append(cards)
        self.take(cards)

    def add(self, index: int, cards: tuple[Card, ...] | list[Card]) -> None:
        """`cards` onto meld `index`."""
        self.adds.setdefault(index, []).extend(cards)
        self.take(cards)

    def take(self, cards: tuple[Card, ...] | list[Card]) -> None:
        for card in cards:
            if card in self.pool:
                self.pool.remove(card)


def _new_sequences(view: PlayerView, melds: tuple[TableMeld, ...], plan: _Plan) -> None:
    """The hand's runs laid as new sequences: any run while going out still needs a sequence canasta (Bolivia's
    escalera), a long one always, and a short one only when it spends no card a group wants (a natural pair or
    more of its rank in hand, or a group of its rank short of a canasta on the table). Measured in Samba
    against greedy over 1000 duplicate deals (seed 7): every short run laid, -10.3 per deal; runs of five or
    more only, +67.4; short runs only without such cards, +56.6."""
    rules = view.rules
    eager = needs_sequence(view)
    by_rank = hand_cards(view).by_rank
    wanted = {meld.rank for meld in melds if meld.kind is MeldKind.GROUP and not meld.is_canasta(rules)}
    for run in runs_in(plan.pool, rules.shape.run_size):
        free = not any(len(by_rank.get(card.rank, ())) >= 2 or card.rank in wanted for card in run)
        if eager or free or len(run) >= LONG_RUN:
            plan.lay(run)


def _combine(melds: tuple[TableMeld, ...], rules: Rules) -> Combine | None:
    """Two groups of one rank, neither a canasta, whose cards together make one within the wild-card limit."""
    size = rules.shape.canasta_size
    for first, meld in enumerate(melds):
        if meld.kind is not MeldKind.GROUP or meld.is_canasta(rules):
            continue
        for second in range(first + 1, len(melds)):
            other = melds[second]
            if other.kind is not MeldKind.GROUP or other.rank is not meld.rank or other.is_canasta(rules):
                continue
            fits = wild_capacity(rules, meld.naturals + other.naturals, 0) >= meld.wilds + other.wilds
            if fits and len(meld.cards) + len(other.cards) >= size:
                return Combine((first, second))
    return None


def _extend_sequences(melds: tuple[TableMeld, ...], plan: _Plan, rules: Rules) -> None:
    """The hand's cards that extend the side's open sequences, end by end, the longest sequence first."""
    run_size = rules.shape.run_size
    order = sorted(range(len(melds)), key=lambda index: -len(melds[index].cards))
    for index in order:
        meld = melds[index]
        if meld.kind is not MeldKind.SEQUENCE:
            continue
        suit = meld.suit
        low, high = SEQUENCE_ORDER[meld.cards[0].rank], SEQUENCE_ORDER[meld.cards[-1].rank]
        added: list[Card] = []
        while len(meld.cards) + len(added) < run_size:
            card = _card_at(plan.pool, suit, high + 1) or _card_at(plan.pool, suit, low - 1)
            if card is None:
                break
            order_of = SEQUENCE_ORDER[card.rank]
            low, high = min(low, order_of), max(high, order_of)
            plan.add(index, [card])
            added.append(card)


def _card_at(pool: list[Card], suit: Suit | None, order: int) -> Card | None:
    for card in pool:
        if card.suit is suit and _sequence_order(card) == order:
            return card
    return None


def _place_naturals(view: PlayerView, melds: tuple[TableMeld, ...], plan: _Plan, judgment: Judgment) -> None:
    """Natural cards onto the side's group of their rank nearest a canasta; three or more of a rank whose groups
    are all canastas (or that has none) make a new group; a pair of a rank whose groups are all canastas stays
    in hand to take the pile with (only a natural pair takes a frozen pile), a single goes onto the canasta.
    Where the shape says so (`canasta.ai.modern`): nothing of a dead rank, no group past the cap, a pair kept for
    an always-frozen pile, and no new group of a penalised rank that cannot be finished; nothing of a rank the side
    has closed (`canasta.ai.wild_canastas`)."""
    rules = view.rules
    by_rank = sort_out(plan.pool).by_rank
    dead = modern.dead(view) | wild_canastas.closed_for_me(view)
    cap = rules.shape.max_group_size
    for rank, cards in by_rank.items():
        if rank is Rank.THREE or rank in dead:
            continue
        groups = [index for index, meld in enumerate(melds) if meld.kind is MeldKind.GROUP and meld.rank is rank]
        short = [index for index in groups if not melds[index].is_canasta(rules)]
        if short:
            index = max(short, key=lambda index: len(melds[index].cards))
            if modern.pair_for_the_pile(view, melds[index], cards, judgment.racing):
                continue
            room = len(cards) if cap is None else cap - len(melds[index].cards)
            if room > 0:
                plan.add(index, cards[:room])
        elif len(cards) >= 3:
            if modern.new_group_allowed(view, rank, cards):
                plan.lay(cards[:cap] if cap is not None else cards)
        elif groups and (len(cards) == 1 or judgment.racing):
            plan.add(groups[0], cards)


def _wild_meld(view: PlayerView, melds: tuple[TableMeld, ...], wilds: list[Card], plan: _Plan, collect: bool) -> None:
    """Bolivia: wild cards onto the side's open wild meld while collecting (or when they finish a bolivia), and
    a new wild meld when enough are held to start one the partner can help finish."""
    rules = view.rules
    if MeldKind.WILD not in rules.shape.meld_kinds:
        return
    run_size = rules.shape.run_size
    index = open_wild_meld(melds, rules)
    fit = wild_canastas.wilds_for_meld(view, melds[index] if index is not None else None, wilds)
    if index is not None:
        room = run_size - len(melds[index].cards)
        if collect or len(fit) >= room or rules.shape.incomplete_wild_penalty:
            plan.add(index, _spend(wilds, fit[:room]))
        return
    if not modern.lays_wild_meld(rules, len(fit)):
        return
    if len(fit) >= run_size or (collect and len(fit) >= WILD_MELD_FROM):
        plan.lay(tuple(_spend(wilds, fit[:run_size])))


def _spend(wilds: list[Card], chosen: list[Card]) -> list[Card]:
    """`chosen`, taken out of `wilds`."""
    for card in chosen:
        wilds.remove(card)
    return chosen


def _add_wilds(
    view: PlayerView, melds: tuple[TableMeld, ...], adds: dict[int, list[Card]], wilds: list[Card], judgment: Judgment
) -> None:
    """Wild cards onto the side's groups toward canastas (the biggest first), within the wild-card limit and
    only while a group is short of a canasta: every step counts while the side lacks the canastas to go out;
    otherwise only a wild card that completes a canasta, and not onto six natural cards unless hurried."""
    rules = view.rules
    size = rules.shape.canasta_size
    short = count_canastas(melds, rules) < rules.canastas_to_go_out
    groups = [index for index, meld in enumerate(melds) if meld.kind is MeldKind.GROUP and not meld.is_canasta(rules)]
    for index in sorted(groups, key=lambda index: -(len(melds[index].cards) + len(adds.get(index, [])))):
        meld = melds[index]
        naturals = [card for card in adds.get(index, []) if not card.is_wild]
        grown = len(meld.cards) + len(adds.get(index, []))
        gap = size - grown
        room = min(gap, len(wilds), wild_capacity(rules, meld.naturals + len(naturals), meld.wilds))
        if room <= 0 or grown < judgment.complete_with_wilds_from:
            continue
        if not modern.takes_wild(rules, melds, meld, len(naturals)):
            continue
        # Six natural cards wait for a natural seventh, while one may still come: with every copy in sight the wild
        # card finishes the canasta now.
        protects = judgment.protect_natural and meld.wilds == 0 and grown == size - 1
        protects = protects and (meld.rank is None or unseen(view, meld.rank) > 0)
        if short:
            count = room
        elif room < gap or (protects and not judgment.hurried):
            continue
        else:
            count = gap
        adds.setdefault(index, []).extend(wilds[:count])
        del wilds[:count]


def _pairs_with_wilds(
    rules: Rules, melds: tuple[TableMeld, ...], plan: _Plan, wilds: list[Card], judgment: Judgment
) -> None:
    """Natural pairs of ranks the side holds no group of, each with a wild card, keeping `wild_reserve` back
    (none when racing); never where the rule of five keeps wild cards from a new group after the initial meld."""
    if rules.shape.rule_of_five:
        return
    held = {meld.rank for meld in melds if meld.kind is MeldKind.GROUP}
    pairs = [
        cards for rank, cards in sort_out(plan.pool).by_rank.items() if rank is not Rank.THREE and rank not in held
    ]
    for pair in sorted((cards for cards in pairs if len(cards) == 2), key=lambda cards: -cards[0].points):
        if len(wilds) <= (0 if judgment.racing else judgment.wild_reserve):
            break
        plan.lay((*pair, wilds.pop(0)))


def initial_steps(view: PlayerView, minimum: int) -> Iterator[Meld]:
    """First melds that reach `minimum`: the hand's sequences and natural groups, then pairs with a wild card,
    then wild cards onto the groups, within the wild-card limit."""
    rules = view.rules
    pool = list(view.hand)
    chosen: list[tuple[Card, ...]] = []
    if MeldKind.SEQUENCE in rules.shape.meld_kinds:
        for run in runs_in(pool, rules.shape.run_size):
            chosen.append(run)
            for card in run:
                pool.remove(card)
    by_rank = sort_out(pool).by_rank
    groups = sorted(
        (cards for rank, cards in by_rank.items() if rank is not Rank.THREE and len(cards) >= 3),
        key=lambda cards: -sum(card.points for card in cards),
    )
    chosen.extend(groups)
    wilds = sorted(sort_out(pool).wilds, key=lambda card: card.points)
    total = sum(card.points for meld in chosen for card in meld)
    pairs = sorted(
        (cards for rank, cards in by_rank.items() if rank is not Rank.THREE and len(cards) == 2),
        key=lambda cards: -cards[0].points,
    )
    made, total = pairs_with_wilds(pairs, wilds, total, minimum)
    chosen.extend(made)
    del wilds[: len(made)]
    for index, laid in enumerate(chosen):
        if total >= minimum or not wilds:
            break
        if kind_is_group(laid):
            naturals = sum(1 for card in laid if not card.is_wild)
            extra: list[Card] = []
            while len(extra) < wild_capacity(rules, naturals, len(laid) - naturals) and wilds and total < minimum:
                extra.append(wilds.pop(0))
                total += extra[-1].points
            chosen[index] = (*laid, *extra)
    if chosen and total >= minimum:
        yield Meld(new=tuple(chosen))
        yield Meld(new=tuple(meld for meld in chosen if kind_is_group(meld)) or tuple(chosen))


def kind_is_group(cards: tuple[Card, ...]) -> bool:
    """Whether new cards make a group (one natural rank), not a sequence."""
    return len({card.rank for card in cards if not card.is_wild}) == 1


# -- taking the pile ---------------------------------------------------------------------------------------------


def take_rank(view: PlayerView, take: TakePile) -> tuple[int, int, int]:
    """Lower is the better way to take the pile: onto a sequence first (it grows toward a samba), then onto a
    group (the pair stays in hand), then with a natural pair; fewer cards from hand first."""
    used = take.with_ + tuple(card for group in take.also for card in group)
    wilds = sum(1 for card in used if card.is_wild)
    if take.onto is not None:
        meld = my_melds(view)[take.onto]
        return (wilds, 0 if meld.kind is MeldKind.SEQUENCE else 1, len(used))
    return (wilds, 2, len(used))


# -- discarding -----------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FamilyWeights:
    """How much the family's own considerations count in a discard (on top of the player's `Weights`)."""

    keep_sequence_card: float = 30.0  # a card my side's open sequence waits for
    keep_bolivia_wild: float = 60.0  # a wild card while my side collects toward a bolivia
    feed_samba: float = 60.0  # a card that lets the next player (an opponent) take the pile onto a long sequence


def keep_value(view: PlayerView, card: Card, weights: FamilyWeights, hurried: bool) -> float:
    """What keeping the natural or wild `card` is worth in the family's terms, beyond classic's."""
    if card.is_wild:
        return weights.keep_bolivia_wild if collecting_bolivia(view, hurried) else 0.0
    value = 0.0
    if MeldKind.SEQUENCE in view.rules.shape.meld_kinds and feeds_own_sequence(view, card):
        value += weights.keep_sequence_card
    return value


def feeds_their_samba(view: PlayerView, card: Card, seat: int, frozen: bool) -> bool:
    """Whether `card` on the pile lets `seat` take it by extending one of his side's sequences of `NEAR_SAMBA`
    cards or more (toward a samba or escalera)."""
    if frozen or card.suit is None:
        return False
    rules = view.rules
    side = rules.seat_side[seat] if view.lone_hand is None else None
    if side is None:
        return False
    return any(len(meld.cards) >= NEAR_SAMBA and extends(meld, card, rules) for meld in view.melds[side])


def step_matters(view: PlayerView, step: Meld) -> bool:
    """Whether `step` makes a canasta of any kind for my side, lays a run of `LONG_RUN` cards or more, or extends a
    sequence, makes the side's initial meld while it earns bonus cards, or adds to a meld that costs the side
    while it is short (`canasta.ai.modern`), or gathers wild cards toward a wild canasta worth its make-up
    (`canasta.ai.wild_canastas`): a step not to hold back."""
    if modern.bonus_cards_ahead(view) or wild_canastas.gathers_wilds(view, step):
        return True
    melds = my_melds(view)
    if any(costly_open_meld(melds[index], view.rules) for index, _ in step.add_to):
        return True
    if any(melds[index].kind is MeldKind.SEQUENCE for index, _ in step.add_to):
        return True
    if any(len(cards) >= LONG_RUN and kind_of(view.rules, cards) is MeldKind.SEQUENCE for cards in step.new):
        return True
    size = view.rules.shape.canasta_size
    if any(len(cards) >= size for cards in step.new):
        return True
    return any(len(melds[index].cards) < size <= len(melds[index].cards) + len(cards) for index, cards in step.add_to)
