"""The heuristic computer player: Normal with its default weights (Beginner and Hard reuse it).

It sees only its seat's view and its card memory. Every decision is a small scoring rule over the moves
the engine allows; the weights say how much each consideration counts.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from canasta.actions import Action, Answer, AskPartner, Discard, Draw, Meld, Pass, TakePile
from canasta.ai.base import CardMemory
from canasta.ai.knowledge import known_in_hand, seen_counts, unseen
from canasta.cards import Card, Rank
from canasta.judge import check, going_out_step, legal_actions
from canasta.melds import TableMeld, wild_capacity
from canasta.playerview import (
    Phase,
    PlayerView,
    Question,
    initial_minimum,
    my_melds,
    my_side,
    pile_frozen_for,
    pile_is_frozen,
    side_has_melded,
    side_of,
)
from canasta.rules import AskPartner as AskOption


@dataclass(frozen=True, slots=True)
class Weights:
    """How much each consideration counts (tuned per player count for the Hard level)."""

    # Measured against greedy over 1500 duplicate deals: piles of one or two cards cost more than they bring.
    take_min_pile: float = 3.0  # take a pile of at least this many cards (a smaller one only for the first meld)
    keep_pair: float = 14.0  # keeping a card that pairs another (to capture the pile, to meld)
    keep_two: float = 45.0  # keeping a two
    keep_joker: float = 80.0  # keeping a joker
    keep_point: float = 0.15  # per point of the card: a dear card is a dear loss if caught in hand
    pile_danger: float = 10.0  # per card of the pile handed to the next player
    black_three: float = 25.0  # preference for a black three as the discard (it stops the next player)
    discarded_by_next: float = 0.5  # danger scale for a rank the next player let go of before
    complete_with_wilds_from: float = 4.0  # add wild cards to a meld of at least this size toward a canasta
    protect_natural: float = 1.0  # 1: never spoil six natural cards with a wild unless going out needs it
    wild_reserve: float = 1.0  # wild cards kept back from melding pairs (pairs with a spare wild are melded)
    race_opponent_cards: float = 6.0  # race to shed cards once an opponent who may go out holds this few
    race_point: float = 0.6  # in a race, per point of the card: shed the dear cards first
    freeze: float = 0.6  # how much of the pile's danger a wild discard (freezing it) is worth
    answer_yes_points: float = 90.0  # answer yes while my hand is worth at most this
    noise: float = 0.0  # random spread on discard scores (Beginner)


class HeuristicBot:
    """The full heuristic player (Normal with default weights)."""

    def __init__(self, weights: Weights | None = None, rng: random.Random | None = None) -> None:
        self.weights = weights or Weights()
        self._rng = rng or random.Random(0)

    def choose(self, view: PlayerView, memory: CardMemory) -> Action:
        if view.phase is Phase.ANSWER:
            return Answer(self.answer_go_out(view, memory))
        if view.phase is Phase.DRAW:
            return self._draw(view)
        return self._play(view, memory)

    def answer_go_out(self, view: PlayerView, memory: CardMemory) -> bool:
        """Yes while my own hand would cost little, or when the stock is nearly gone."""
        held = sum(card.points for card in view.hand)
        return held <= self.weights.answer_yes_points or view.stock_count < 6

    # -- drawing ------------------------------------------------------------------------------------------

    def _draw(self, view: PlayerView) -> Action:
        takes = [action for action in legal_actions(view) if isinstance(action, TakePile)]
        worth = len(view.pile) >= self.weights.take_min_pile or not side_has_melded(view, my_side(view))
        if takes and (worth or not view.stock_count):
            return min(takes, key=_take_cost)
        return Draw() if view.stock_count else Pass()

    # -- melding and discarding -----------------------------------------------------------------------------

    def _play(self, view: PlayerView, memory: CardMemory) -> Action:
        out = going_out_step(view)
        if out is not None:
            if self._must_ask(view):
                return AskPartner()
            if view.turn.question is not Question.NO:
                meld, discard = out
                action: Action | None = meld if meld is not None else discard
                if action is not None:
                    return action
        step = self._meld_step(view)
        if step is not None:
            return step
        if view.turn.final:
            return Pass()
        return self._discard(view, memory)

    def _must_ask(self, view: PlayerView) -> bool:
        """Under `ask_partner: required` a player asks before going out, once, while he still may."""
        return (
            view.rules.ask_partner is AskOption.REQUIRED
            and view.turn.question is None
            and check(view, AskPartner()) is None
        )

    def _meld_step(self, view: PlayerView) -> Meld | None:
        if not side_has_melded(view, my_side(view)):
            return self._initial_meld(view)
        candidates = self._melding_plans(view)
        for candidate in candidates:
            if candidate.cards() and check(view, candidate) is None:
                return candidate
        return None

    def _initial_meld(self, view: PlayerView) -> Meld | None:
        """The cheapest set of melds that reaches the minimum: natural melds first, then pairs with a wild."""
        minimum = initial_minimum(view)
        by_rank = _naturals_by_rank(view.hand)
        wilds = sorted((card for card in view.hand if card.is_wild), key=lambda card: card.points)
        groups = [tuple(cards) for cards in by_rank.values() if len(cards) >= 3]
        groups.sort(key=lambda group: -sum(card.points for card in group))
        chosen: list[tuple[Card, ...]] = []
        total = 0
        for group in groups:
            chosen.append(group)
            total += sum(card.points for card in group)
        pairs = sorted((cards for cards in by_rank.values() if len(cards) == 2), key=lambda c: -c[0].points)
        for pair in pairs:
            if total >= minimum or not wilds:
                break
            wild = wilds.pop(0)
            chosen.append((*pair, wild))
            total += pair[0].points * 2 + wild.points
        while total < minimum and wilds and chosen:
            group = chosen[-1]
            wild = wilds.pop(0)
            chosen[-1] = (*group, wild)
            total += wild.points
        if total < minimum or not chosen:
            return None
        step = Meld(new=tuple(chosen))
        return step if check(view, step) is None else None

    def _melding_plans(self, view: PlayerView) -> list[Meld]:
        """The whole step first (new natural melds, every addition, wild cards that finish canastas), then
        smaller parts of it in case the whole is refused (for example for keeping two cards)."""
        melds = {meld.rank: meld for meld in my_melds(view)}
        by_rank = _naturals_by_rank(view.hand)
        new = [tuple(cards) for rank, cards in by_rank.items() if rank not in melds and len(cards) >= 3]
        adds: dict[Rank, list[Card]] = {rank: list(cards) for rank, cards in by_rank.items() if rank in melds}
        wilds = sorted((card for card in view.hand if card.is_wild), key=lambda card: card.points)
        size = view.rules.shape.canasta_size
        short = sum(1 for meld in melds.values() if len(meld.cards) >= size) < view.rules.canastas_to_go_out
        for meld in sorted(melds.values(), key=lambda m: -len(m.cards)):
            grown = len(meld.cards) + len(adds.get(meld.rank, []))
            gap = size - grown
            room = min(gap, len(wilds), wild_capacity(view.rules, meld.naturals, meld.wilds))
            if room <= 0 or grown < self.weights.complete_with_wilds_from:
                continue
            if short:
                # Without the canastas to go out, every step toward the first one counts.
                count = room
            elif room < gap or (self._protects(meld, grown) and not racing(view, self.weights)):
                continue
            else:
                count = gap
            adds.setdefault(meld.rank, []).extend(wilds[:count])
            del wilds[:count]
        pairs = [cards for rank, cards in by_rank.items() if rank not in melds and len(cards) == 2]
        for pair in sorted(pairs, key=lambda cards: -cards[0].points):
            if len(wilds) <= (0 if racing(view, self.weights) else self.weights.wild_reserve):
                break
            new.append((*pair, wilds.pop(0)))
        whole = Meld(tuple(new), tuple((rank, tuple(cards)) for rank, cards in adds.items() if cards))
        parts = [Meld(new=(group,)) for group in new]
        parts.extend(Meld(add=((rank, tuple(cards)),)) for rank, cards in adds.items() if cards)
        naturals_only = [Meld(add=((rank, tuple(c for c in cards if not c.is_wild)),)) for rank, cards in adds.items()]
        return [whole, *parts, *naturals_only]

    def _protects(self, meld: TableMeld, grown: int) -> bool:
        """Six or more natural cards wait for a natural seventh: a natural canasta is worth 200 more."""
        return self.weights.protect_natural > 0 and meld.wilds == 0 and grown == 6

    def _discard(self, view: PlayerView, memory: CardMemory) -> Action:
        seen = seen_counts(view)
        counts = Counter(card.rank for card in view.hand)
        options = {card.text: card for card in view.hand}
        scored = sorted(options.values(), key=lambda card: self._discard_cost(view, memory, card, counts, seen))
        for card in scored:
            if check(view, Discard(card)) is None:
                return Discard(card)
        return legal_actions(view)[0]

    def discard_cost(self, view: PlayerView, memory: CardMemory, card: Card) -> float:
        """How bad `card` is as the discard now (lower is better)."""
        return self._discard_cost(view, memory, card, Counter(c.rank for c in view.hand), seen_counts(view))

    def _discard_cost(
        self, view: PlayerView, memory: CardMemory, card: Card, counts: Counter[Rank], seen: Counter[Rank]
    ) -> float:
        """Lower is a better discard: what keeping the card is worth plus what the discard may give away."""
        w = self.weights
        if card.is_black_three:
            return -w.black_three
        if card.is_wild:
            keep = w.keep_joker if card.rank is Rank.JOKER else w.keep_two
            return keep - self._freeze_value(view)
        per_point = -w.race_point if racing(view, w) else w.keep_point
        keep = card.points * per_point + (w.keep_pair if counts[card.rank] >= 2 else 0.0)
        danger = _next_player_danger(view, memory, card, seen) * w.pile_danger * (len(view.pile) + 1)
        if w.noise:
            keep += self._rng.uniform(-w.noise, w.noise)
        return keep + danger

    def _freeze_value(self, view: PlayerView) -> float:
        """How much a wild card on the pile is worth now: it freezes a pile the opponents could take."""
        if pile_is_frozen(view) or not view.pile:
            return 0.0
        return self.weights.pile_danger * len(view.pile) * self.weights.freeze


def racing(view: PlayerView, weights: Weights) -> bool:
    """Whether the hand is a race to go out: my side may go out now, or an opponent's side may and one of
    them holds few cards."""
    if "racing" not in view.memo:
        needed = view.rules.canastas_to_go_out
        size = view.rules.shape.canasta_size
        mine = sum(1 for meld in my_melds(view) if len(meld.cards) >= size)
        side = my_side(view)
        threat = False
        for seat in range(view.rules.players):
            their = side_of(view.rules, view.lone_hand, seat)
            if their == side:
                continue
            theirs = sum(1 for meld in view.melds[their] if len(meld.cards) >= size)
            threat = threat or (theirs >= needed and view.hand_counts[seat] <= weights.race_opponent_cards)
        view.memo["racing"] = mine >= needed or threat
    result: bool = view.memo["racing"]
    return result


def _take_cost(take: TakePile) -> tuple[int, int]:
    """Prefer takes that use fewer wild cards, then fewer cards from hand."""
    used = take.with_ + tuple(card for group in take.also for card in group)
    return (sum(1 for card in used if card.is_wild), len(used))


def _naturals_by_rank(hand: tuple[Card, ...]) -> dict[Rank, list[Card]]:
    by_rank: dict[Rank, list[Card]] = {}
    for card in hand:
        if card.is_natural:
            by_rank.setdefault(card.rank, []).append(card)
    return by_rank


def _next_player_danger(view: PlayerView, memory: CardMemory, card: Card, seen: Counter[Rank]) -> float:
    """The chance that the next player can take the pile if `card` goes on top (0 to 1)."""
    rules = view.rules
    following = (view.seat + 1) % rules.players
    their_side = side_of(rules, view.lone_hand, following)
    if their_side == my_side(view):
        return 0.0
    rank = card.rank
    frozen = pile_frozen_for(view, following)
    if not frozen and rules.pile_take_by_adding_to_meld and any(m.rank is rank for m in view.melds[their_side]):
        return 1.0
    held = known_in_hand(memory, following, rank)
    if held >= 2:
        return 0.95
    hidden = unseen(view, rank, seen) - held
    hand_size = view.hand_counts[following]
    pool = view.stock_count + sum(count for seat, count in enumerate(view.hand_counts) if seat != view.seat)
    share = min(1.0, hand_size / max(1, pool))
    pair = _at_least(2 - held, hidden, share)
    if not frozen and rules.unfrozen_take_with_wild:
        pair = max(pair, 0.6 * _at_least(1 - held, hidden, share))
    if memory.discarded[following][card.text]:
        pair *= 0.5
    return pair


def _at_least(needed: int, copies: int, share: float) -> float:
    """The chance of holding at least `needed` of `copies` hidden cards, each held with chance `share`."""
    if needed <= 0:
        return 1.0
    if copies < needed:
        return 0.0
    none = (1 - share) ** copies
    if needed == 1:
        return 1 - none
    one = copies * share * (1 - share) ** (copies - 1)
    return max(0.0, 1 - none - one)
