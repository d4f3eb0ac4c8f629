"""The heuristic computer player: Normal with its default weights (Beginner and Hard reuse it).

It sees only its seat's view and its card memory. Every decision is a small scoring rule over the moves
the engine allows; the weights say how much each consideration counts.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from dataclasses import dataclass
from functools import partial
from operator import attrgetter
from typing import NamedTuple

from canasta.ai import canasta_types, family, hand_foot, modern, special, wild_canastas
from canasta.ai.base import CardMemory, pairs_with_wilds
from canasta.ai.judgment import stay_edge
from canasta.ai.knowledge import (
    discarded_rank,
    going_out_ends_game,
    going_out_if_asked,
    held_chance,
    known_elsewhere,
    known_in_hand,
    refused_ranks,
    unseen,
    wilds_out,
)
from canasta.engine.actions import Action, Answer, AskPartner, Combine, Discard, Meld, Pass, TakePile
from canasta.engine.cards import Card, Rank
from canasta.engine.judge import check, going_out_step, legal_actions
from canasta.engine.melds import TableMeld, groups_by_rank, wild_capacity
from canasta.engine.memo import Memo, MemoBy
from canasta.engine.pile_rules import natural_and_wild_take, top_card_alone_takes
from canasta.engine.playerview import (
    Phase,
    PlayerView,
    foot_refills_hand,
    hand_cards,
    initial_minimum,
    my_melds,
    my_side,
    partner_to_ask,
    pile_frozen_for,
    pile_is_frozen,
    side_has_melded,
    side_meld_of_rank,
    side_of,
)
from canasta.engine.rules import AskPartner as AskOption
from canasta.engine.rules.catalog import Judgment, game_facts
from canasta.engine.steps import pile_access_refusal

STOCK_NEARLY_GONE = 6  # below this many stock cards the hand is nearly over: go out, and let partner go out
# Cutthroat: the first player to take the pile plays alone against two partners who each score their joint
# result. Measured against greedy over 200 duplicate deals: taking as with other counts -88 per deal; taking
# the first pile only from 15 cards +345, from 25 cards +420, never +428.
LONE_HAND_MIN_PILE = 25
IMMINENT_CARDS = 2  # an opponent who may go out holding this few cards goes out all but surely on his next turn
CAUGHT_POINT = 1.0  # then a natural card's points count in full against keeping it
_POINTS = attrgetter("points")
_NO_MELD = Meld()


@dataclass(frozen=True, slots=True)
class Weights:
    """How much each consideration counts (tuned per player count for the Hard level)."""

    # Measured against greedy over 1500 duplicate deals: piles of one or two cards cost more than they bring.
    take_min_pile: float = 3.0  # take a pile of at least this many cards (a smaller one only for the first meld)
    take_min_pile_with_wild: float = 4.0  # ... and of at least this many when the take spends a wild card
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
    ask_when_partner_holds: float = 8.0  # ask partner before going out while he holds at least this many cards
    freeze_card_edge: float = 0.1  # a frozen pile favours the side with more cards: per card of our lead
    refused: float = 0.5  # danger scale for a rank the next player drew past on a pile of three or more
    feed: float = 0.5  # how much of the pile a discard the next player (a partner) can take is worth
    # Once our side may go out, a small pile only fills a nearly empty hand again: drawing keeps us close to
    # going out. Off for Normal (0 cards); see hard-4.json for what it is worth.
    late_hand: float = 0.0  # refuse small piles while holding at most this many cards, our side able to go out
    late_small_pile: float = 4.0  # ... piles of at most this many cards (unless the top card makes a canasta)
    noise: float = 0.0  # random spread on discard scores (Beginner)


class HeuristicBot:
    """The full heuristic player (Normal with default weights)."""

    def __init__(
        self,
        weights: Weights | None = None,
        rng: random.Random | None = None,
        family_weights: family.FamilyWeights | None = None,
        *,
        keeps_special: bool = False,
        fine_types: bool = False,
    ) -> None:
        self.weights = weights or Weights()
        # Hard and Expert: a hand one card from a special hand is kept rather than broken (`canasta.ai.special`).
        self.keeps_special = keeps_special
        # Hard and Expert: wild cards kept for wild canastas where going out needs canasta types (`canasta_types`).
        self.fine_types = fine_types
        self._rng = rng or random.Random(0)
        self.family_weights = family_weights or family.FamilyWeights()
        # Cards a meld step must leave in hand: two (one to discard, one to keep) while this player keeps the
        # hand alive instead of going out (set by `_play` for its meld step only).
        self._keep_cards = 0

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled (for the Expert's own process) as the arguments that make it: compiled, its class cannot be
        filled in field by field as pickle otherwise does."""
        kind = partial(type(self), keeps_special=self.keeps_special, fine_types=self.fine_types)
        return kind, (self.weights, self._rng, self.family_weights)

    def choose(self, view: PlayerView, memory: CardMemory) -> Action:
        if view.phase is Phase.ANSWER:
            return Answer(self.answer_go_out(view, memory))
        if view.phase is Phase.DRAW:
            return self._draw(view)
        laid = special.special_to_lay(view)
        if laid is not None:
            return laid
        if self.keeps_special and special.keeps_special_chance(view):
            kept = special.keeping_discard(view)
            if kept is not None:
                return kept
        return self._play(view, memory)

    def answer_go_out(self, view: PlayerView, memory: CardMemory) -> bool:
        """Yes when going out wins the game or the stock is nearly gone; no when it hands the game to the
        opponents. Otherwise, in classic, yes unless one more round is worth more than going out now
        (`judgment.stay_edge`: what I could meld, against the opponents going out first); in the family, yes when
        the opponents may go out first or while my own hand would cost little."""
        asker = (view.seat - 2) % view.rules.players
        ends, won = going_out_ends_game(view, asker, memory if _classic(view) else None)
        if ends:
            return won or view.stock_count < STOCK_NEARLY_GONE
        if view.stock_count < STOCK_NEARLY_GONE:
            return True
        if _classic(view):
            return stay_edge(view, memory, asker) <= 0
        if opponents_threaten(view, self.weights):
            return True
        held = sum(card.points for card in view.hand) + hand_foot.foot_points(view)
        return held <= self.weights.answer_yes_points

    # -- drawing ------------------------------------------------------------------------------------------

    def _draw(self, view: PlayerView) -> Action:
        takes = [action for action in legal_actions(view) if isinstance(action, TakePile)] if may_take(view) else []
        if self.keeps_special and takes and special.keeps_special_chance(view):
            takes = []  # a take melds: the special hand one card away would be gone
        if not takes:
            return special.draw(view) if view.stock_count else Pass()
        if family.is_family(view.rules):
            takes = [
                take
                for take in takes
                if not modern.take_opens_penalised(view, take) and not canasta_types.spends_wild(view, take)
            ]
            if not takes:
                return special.draw(view) if view.stock_count else Pass()
            best = min(takes, key=lambda take: family.take_rank(view, take))
        else:
            best = min(takes, key=take_cost)
        if self._worth_taking(view, best):
            return best
        return special.draw(view) if view.stock_count else best

    def _worth_taking(self, view: PlayerView, take: TakePile) -> bool:
        """Whether the pile is worth `take`: in cutthroat, the first pile only when it is big; otherwise always
        for the first meld; a small pile only when its top card completes a canasta (and, with a nearly empty hand
        when our side may go out, a pile up to `late_small_pile` too); a pile that costs a wild card from hand
        only when it is big enough to pay for it."""
        size = len(view.pile)
        if makes_lone_hand(view) and size < LONE_HAND_MIN_PILE:
            return False
        if not side_has_melded(view, my_side(view)):
            return not modern.leaves_pile_for_bonus(view)
        if self._hand_nearly_out(view) and size <= self.weights.late_small_pile and not _completes_canasta(view, take):
            return False
        wilds = take_cost(take)[0]
        if size < self.weights.take_min_pile:
            return wilds == 0 and _completes_canasta(view, take)
        return wilds == 0 or size >= self.weights.take_min_pile_with_wild

    def _hand_nearly_out(self, view: PlayerView) -> bool:
        """Whether our side may go out while my hand holds at most `late_hand` cards."""
        mine = view.hand_counts[view.seat]
        return mine <= self.weights.late_hand and family.may_go_out(my_melds(view), view.rules)

    # -- melding and discarding -----------------------------------------------------------------------------

    def _play(self, view: PlayerView, memory: CardMemory) -> Action:
        out = going_out_step(view)
        staying = False
        if going_out_if_asked(view) is not None:
            if self._wants_out(view, memory):
                if self._must_ask(view) or (out is not None and self._should_ask(view)):
                    return AskPartner()
                if out is not None:  # None after a "no", and while the question the house rules require is not asked
                    meld, discard = out
                    action: Action | None = meld if meld is not None else discard
                    if action is not None:
                        return action
            else:
                staying = True
        self._keep_cards = 2 if staying else 0
        try:
            step = self._meld_step(view)
        finally:
            self._keep_cards = 0
        if step is not None:
            return step
        if view.turn.final:
            return Pass()
        return self._discard(view, memory)

    def _wants_out(self, view: PlayerView, memory: CardMemory) -> bool:
        """Go out whenever the side may, unless that ends the game as a loss while the stock still gives us
        turns to catch up (bold when behind), or, in classic, one more round is worth more than going out now
        (`judgment.stay_edge`: partner's cards known from the pile, canastas one card short, the opponents'
        chances)."""
        ends, won = going_out_ends_game(view, view.seat, memory if _classic(view) else None)
        if ends or view.stock_count < STOCK_NEARLY_GONE:
            return won or view.stock_count < STOCK_NEARLY_GONE
        return not _classic(view) or stay_edge(view, memory, view.seat) <= 0

    def _should_ask(self, view: PlayerView) -> bool:
        """Ask first when the partner still holds many cards (they count against us) and the opponents are
        not about to go out; the partner answers from his own hand."""
        partner = partner_to_ask(view.rules, view.seat)
        return (
            partner is not None
            and view.rules.ask_partner is not AskOption.OFF
            and view.turn.question is None
            and view.hand_counts[partner] >= self.weights.ask_when_partner_holds
            and not opponents_threaten(view, self.weights)
            and not going_out_ends_game(view, view.seat)[1]
            and check(view, AskPartner()) is None
        )

    def _must_ask(self, view: PlayerView) -> bool:
        """Under `ask_partner: required` a player asks before going out, once, while he still may."""
        return (
            view.rules.ask_partner is AskOption.REQUIRED
            and view.turn.question is None
            and check(view, AskPartner()) is None
        )

    def _meld_step(self, view: PlayerView) -> Meld | Combine | None:
        if family.is_family(view.rules):
            return self._family_meld_step(view)
        if not side_has_melded(view, my_side(view)):
            return self._initial_meld(view)
        for candidate in self._melding_plan_steps(view):
            laid = candidate.cards()
            if laid and len(view.hand) - len(laid) >= self._keep_cards and check(view, candidate) is None:
                return candidate
        return None

    def _family_meld_step(self, view: PlayerView) -> Meld | Combine | None:
        """Samba's and Bolivia's meld step (`canasta.ai.family`): the first meld (with the hand's sequences where
        going out needs one, or where groups alone do not reach the minimum), or the family's plan, whichever part
        of it is legal first."""
        if not side_has_melded(view, my_side(view)):
            return self._family_first_meld(view)
        w = self.weights
        judgment = family.Judgment(
            complete_with_wilds_from=w.complete_with_wilds_from,
            wild_reserve=w.wild_reserve,
            protect_natural=w.protect_natural > 0,
            hurried=self._hurried(view),
            racing=racing(view, w),
        )
        steps: Iterator[Meld | Combine] = family.plan_steps(view, judgment)
        if canasta_types.needs_types(view.rules):  # going out needs a canasta of each type
            types = canasta_types.TypesJudgment(
                judgment.hurried, judgment.racing, judgment.protect_natural, fine=self.fine_types
            )
            steps = canasta_types.plan_steps(view, types)
        for candidate in steps:
            if check(view, candidate) is None:
                return candidate
        return None

    def _family_first_meld(self, view: PlayerView) -> Meld | None:
        """Classic's first meld of groups where it reaches the minimum, else one with the hand's sequences; in
        Bolivia, while going out needs an escalera, the sequences first. Measured against Greedy over 1000
        duplicate deals (seed 41): sequences first in Samba, +117.8 points per deal at two players and +62.2 at
        four; groups first, +176.0 and +65.8; in Bolivia groups first, +985.8 against +1122.3."""
        if view.rules.shape.initial_clean_triple:
            first = modern.first_meld(view)
            return first if first is not None and check(view, first) is None else None
        if canasta_types.needs_types(view.rules):
            first = canasta_types.first_meld(view, initial_minimum(view))
            if first is not None and check(view, first) is None:
                return first
        classic = None if family.needs_sequence(view) else self._initial_meld(view)
        if classic is not None:
            return classic
        for first in family.initial_steps(view, initial_minimum(view)):
            if check(view, first) is None:
                return first
        return self._initial_meld(view)

    def _initial_meld(self, view: PlayerView) -> Meld | None:
        """The cheapest set of melds that reaches the minimum: natural melds first, then pairs with a wild. In
        classic, where some of the natural melds reach the minimum alone, only the fewest cards that do: the
        rest stay in hand, pairs to take the pile with."""
        minimum = initial_minimum(view)
        by_rank = _naturals_by_rank(view.hand)
        wilds = sorted((card for card in view.hand if card.is_wild), key=lambda card: card.points)
        groups = [tuple(cards) for cards in by_rank.values() if len(cards) >= 3]
        if _classic(view):
            groups = _fewest_reaching(groups, minimum) or groups
        groups.sort(key=lambda group: -sum(card.points for card in group))
        chosen: list[tuple[Card, ...]] = []
        total = 0
        for group in groups:
            chosen.append(group)
            total += sum(card.points for card in group)
        pairs = sorted((cards for cards in by_rank.values() if len(cards) == 2), key=lambda c: -c[0].points)
        made, total = pairs_with_wilds(pairs, wilds, total, minimum)
        chosen.extend(made)
        del wilds[: len(made)]
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
        return list(self._melding_plan_steps(view))

    def _melding_plan_steps(self, view: PlayerView) -> Iterator[Meld]:
        """`_melding_plans` one by one: the parts are only made when the whole is refused (a step with no
        card, the commonest, has no parts)."""
        melds = groups_by_rank(my_melds(view))
        by_rank = {rank: cards for rank, cards in hand_cards(view).by_rank.items() if rank is not Rank.THREE}
        new = [cards for rank, cards in by_rank.items() if rank not in melds and len(cards) >= 3]
        if new and self._keeps_groups(view):
            new = []
        adds: dict[Rank, list[Card]] = {rank: list(cards) for rank, cards in by_rank.items() if rank in melds}
        wilds = sorted(hand_cards(view).wilds, key=_POINTS)
        if wilds and melds:
            self._add_wilds(view, melds, adds, wilds)
        if wilds:
            pairs = [cards for rank, cards in by_rank.items() if rank not in melds and len(cards) == 2]
            # A wild card is kept back for later melds, unless the hand is about to end (a race, or the stock
            # nearly gone): then whatever stays in hand is caught, and every pair goes down with a wild card.
            reserve = 0 if racing(view, self.weights) or self._hurried(view) else self.weights.wild_reserve
            for pair in sorted(pairs, key=lambda cards: -cards[0].points):
                if len(wilds) <= reserve:
                    break
                new.append((*pair, wilds.pop(0)))
            if wilds and view.stock_count < STOCK_NEARLY_GONE:
                self._spill_wilds(view, melds, adds, wilds)  # none is left to be caught in hand
        if not new and not adds:
            yield _NO_MELD  # nothing to put down: every plan is empty
            return
        yield Meld(tuple(new), tuple((rank, tuple(cards)) for rank, cards in adds.items() if cards))
        for group in new:
            yield Meld(new=(group,))
        for rank, cards in adds.items():
            if cards:
                yield Meld(add=((rank, tuple(cards)),))
        for rank, cards in adds.items():
            yield Meld(add=((rank, tuple(c for c in cards if not c.is_wild)),))

    def _keeps_groups(self, view: PlayerView) -> bool:
        """In classic, on the turn of the side's first meld, the hand's other natural groups stay in hand (to
        take the pile with) unless the hand is a race or the stock is nearly gone."""
        melds = my_melds(view)
        return (
            _classic(view)
            and all(meld.this_turn for meld in melds)
            and not racing(view, self.weights)
            and view.stock_count >= STOCK_NEARLY_GONE
        )

    def _add_wilds(
        self, view: PlayerView, melds: dict[Rank, TableMeld], adds: dict[Rank, list[Card]], wilds: list[Card]
    ) -> None:
        """Wild cards onto the side's melds toward canastas (the biggest meld first), taken from `wilds`."""
        size = view.rules.shape.canasta_size
        short = sum(1 for meld in melds.values() if len(meld.cards) >= size) < view.rules.canastas_to_go_out
        for rank, meld in sorted(melds.items(), key=lambda item: -len(item[1].cards)):
            grown = len(meld.cards) + len(adds.get(rank, []))
            gap = size - grown
            room = min(gap, len(wilds), wild_capacity(view.rules, meld.naturals, meld.wilds))
            if room <= 0 or grown < self.weights.complete_with_wilds_from:
                continue
            if short and not (room < gap and view.stock_count < STOCK_NEARLY_GONE):
                # Without the canastas to go out, every step toward the first one counts (while the stock lasts:
                # at its end a wild card goes where it finishes a canasta, else with a pair of the hand).
                count = room
            elif room < gap or (self._protects(view, meld, grown) and not self._hurried(view)):
                continue
            else:
                count = gap
            adds.setdefault(rank, []).extend(wilds[:count])
            del wilds[:count]

    def _spill_wilds(
        self, view: PlayerView, melds: dict[Rank, TableMeld], adds: dict[Rank, list[Card]], wilds: list[Card]
    ) -> None:
        """The wild cards left over at the stock's end onto the side's melds that take them (the biggest first)."""
        for rank, meld in sorted(melds.items(), key=lambda item: -len(item[1].cards)):
            added = adds.get(rank, [])
            extra = sum(1 for card in added if card.is_wild)
            room = min(len(wilds), wild_capacity(view.rules, meld.naturals + len(added) - extra, meld.wilds + extra))
            if room > 0:
                adds.setdefault(rank, []).extend(wilds[:room])
                del wilds[:room]

    def _hurried(self, view: PlayerView) -> bool:
        """No time to wait for a natural card: the opponents may go out, or the stock is nearly gone."""
        return view.stock_count < STOCK_NEARLY_GONE or opponents_threaten(view, self.weights)

    def _protects(self, view: PlayerView, meld: TableMeld, grown: int) -> bool:
        """Six natural cards wait for a natural seventh (a natural canasta is worth 200 more), while a copy of
        the rank is still unseen: with every copy in sight no seventh can come, and the wild card finishes it."""
        return (
            self.weights.protect_natural > 0
            and meld.wilds == 0
            and grown == 6
            and (not _classic(view) or meld.rank is None or unseen(view, meld.rank) > 0)
        )

    def discard(self, view: PlayerView, memory: CardMemory) -> Action:
        """The discard (or, when no discard is legal, the first legal action) this player makes now."""
        return self._discard(view, memory)

    def _discard(self, view: PlayerView, memory: CardMemory) -> Action:
        for card in self._ranked_discards(view, memory):
            if check(view, Discard(card)) is None:
                return Discard(card)
        return legal_actions(view)[0]

    def _ranked_discards(self, view: PlayerView, memory: CardMemory) -> list[Card]:
        """The cards of the hand (the first of each notation), the best discard first (ties in the order held)."""
        chances: dict[Rank, float] = {}
        options = {card.text: card for card in view.hand}
        if self.weights.noise or family.is_family(view.rules):
            # A random spread on each card's score, or the family's judgment of sequences (which depends on the
            # suit): every card is scored on its own.
            return sorted(options.values(), key=lambda card: self._discard_cost(view, memory, card, chances))
        # Without noise a card's score depends on its rank alone (and, for a three, its colour): each is
        # worked out once, as `_discard_cost` does, with what depends on the view alone worked out first.
        w = self.weights
        by_rank = hand_cards(view).by_rank
        pile = len(view.pile) + 1
        per_point: float | None = None
        freeze: float | None = None
        by_kind: dict[Rank | Card, float] = {}
        costs: list[float] = []
        for card in options.values():
            kind: Rank | Card = card if card.rank is Rank.THREE else card.rank
            cost = by_kind.get(kind)
            if cost is None:
                if card.is_black_three:
                    cost = -w.black_three
                elif card.is_wild:
                    if freeze is None:
                        freeze = self._freeze_value(view)
                    cost = (w.keep_joker if card.rank is Rank.JOKER else w.keep_two) - freeze
                else:
                    if per_point is None:
                        per_point = point_value(view, w)
                    keep = card.points * per_point + (w.keep_pair if len(by_rank.get(card.rank, ())) >= 2 else 0.0)
                    chance = next_player_danger(view, memory, card.rank, w)
                    cost = keep + chance * (w.feed if chance < 0 else 1.0) * w.pile_danger * pile
                by_kind[kind] = cost
            costs.append(cost)
        cards = list(options.values())
        return [cards[index] for index in sorted(range(len(cards)), key=costs.__getitem__)]

    def discard_cost(self, view: PlayerView, memory: CardMemory, card: Card) -> float:
        """How bad `card` is as the discard now (lower is better)."""
        return self._discard_cost(view, memory, card, {})

    def _discard_cost(self, view: PlayerView, memory: CardMemory, card: Card, chances: dict[Rank, float]) -> float:
        """Lower is a better discard: what keeping the card is worth plus what the discard may give away.
        `chances` keeps the next player's chance of taking the pile per rank (it depends on the rank alone)
        for the other cards scored on the same view."""
        w = self.weights
        if card.is_black_three:
            return -w.black_three
        if card.is_wild:
            keep = w.keep_joker if card.rank is Rank.JOKER else w.keep_two
            if family.is_family(view.rules):
                keep += self._family_keep(view, card)
            return keep - self._freeze_value(view)
        per_point = point_value(view, w)
        pair = len(hand_cards(view).by_rank.get(card.rank, ())) >= 2
        if family.is_family(view.rules):
            pair = pair and modern.pair_worth(view, card.rank) and card.rank not in wild_canastas.closed_for_me(view)
        keep = card.points * per_point + (w.keep_pair if pair else 0.0)
        if family.is_family(view.rules):
            keep += self._family_keep(view, card) + modern.keep_adjustment(view, card)
            keep += wild_canastas.keep_adjustment(view, card)
            chance = next_player_danger(view, memory, card.rank, w, card)
        else:
            found = chances.get(card.rank)
            chance = chances[card.rank] = next_player_danger(view, memory, card.rank, w) if found is None else found
        danger = chance * (w.feed if chance < 0 else 1.0) * w.pile_danger * (len(view.pile) + 1)
        if w.noise:
            keep += self._rng.uniform(-w.noise, w.noise)
        return keep + danger

    def _family_keep(self, view: PlayerView, card: Card) -> float:
        """Samba's and Bolivia's worth of keeping `card` (sequences, a bolivia), and what a card that extends the
        next player's long sequence gives away."""
        keep = family.keep_value(view, card, self.family_weights, self._hurried(view))
        taker = _next_player(view)
        if not taker.partner and family.feeds_their_samba(view, card, taker.seat, taker.frozen):
            keep += self.family_weights.feed_samba
        return keep

    def _freeze_value(self, view: PlayerView) -> float:
        """How much a wild card on the pile is worth now: it freezes a pile the opponents could take."""
        if pile_is_frozen(view) or not view.pile or hand_foot.is_hand_and_foot(view.rules):
            return 0.0  # (Hand and Foot's pile never freezes: a wild card on top stops one player, then is his)
        edge = max(0.0, card_lead(view)) * self.weights.freeze_card_edge
        return self.weights.pile_danger * len(view.pile) * self.weights.freeze * (1.0 + edge)


def may_take(view: PlayerView) -> bool:
    """False where the viewer plainly cannot take the pile now (so `legal_actions` need not be worked out to
    find no take among them): classic melds, and the pile closed to him, or his side has melded and he
    holds no natural pair of the top card's rank, and neither one such card with a wild card nor a meld of
    that rank where the pile is not frozen for him. True where he may."""
    if not view.rules.shape.names_by_rank:
        return True
    if pile_access_refusal(view) is not None:
        return False
    melds = my_melds(view)
    if not melds:
        return True  # the first meld may come with the pile: `legal_actions` says how
    top = view.pile[-1]
    held = hand_cards(view)
    naturals = len(held.by_rank.get(top.rank, ()))
    if naturals >= 2:
        return True
    if pile_frozen_for(view, view.seat):
        return False
    return any(meld.rank is top.rank for meld in melds) or (naturals == 1 and bool(held.wilds))


def _classic(view: PlayerView) -> bool:
    """Whether the game is judged as classic Canasta is (its row of `canasta.engine.rules.catalog` says so): the
    judgment calls of `canasta.ai.judgment` and those below that say classic are classic's; the others keep their
    own."""
    return game_facts(view.rules.variant).judgment is Judgment.COUNTING


def makes_lone_hand(view: PlayerView) -> bool:
    """Whether taking the pile now makes the taker the lone hand (cutthroat, before anyone has taken it)."""
    return view.rules.cutthroat and view.lone_hand is None


def point_value(view: PlayerView, weights: Weights) -> float:
    """What a point of a natural card counts toward keeping it: `keep_point` in a quiet hand; in a race a
    dear card is a dear loss (`race_point`, negative); and in classic, once an opponent who may go out holds
    `IMMINENT_CARDS` or fewer, every point counts in full: the card is all but sure to be caught in hand."""
    if not racing(view, weights):
        return weights.keep_point
    if _classic(view) and opponents_within(view, IMMINENT_CARDS):
        return -max(weights.race_point, CAUGHT_POINT)
    return -weights.race_point


def racing(view: PlayerView, weights: Weights) -> bool:
    """Whether the hand is a race to go out: my side may go out now, or an opponent's side may and one of
    them holds few cards (worked out once per distinct view and `race_opponent_cards`, all of the weights it
    reads: a number is quicker to look up than the whole weights)."""
    return _RACING(view, weights.race_opponent_cards)


def _racing(view: PlayerView, race_opponent_cards: float) -> bool:
    mine = family.may_go_out(my_melds(view), view.rules)
    # With the stock gone the hand ends as soon as a player cannot take the pile: every card held counts.
    return mine or view.stock_count == 0 or opponents_within(view, race_opponent_cards)


_RACING: MemoBy[PlayerView, float, bool] = MemoBy(_racing)


def opponents_threaten(view: PlayerView, weights: Weights) -> bool:
    """Whether an opponent's side may go out and one of them holds few cards (`race_opponent_cards`)."""
    return opponents_within(view, weights.race_opponent_cards)


def opponents_within(view: PlayerView, cards: float) -> bool:
    """Whether an opponent's side may go out and one of them holds at most `cards` cards (worked out once per
    view and number of cards)."""
    return _WITHIN(view, cards)


def _opponents_within(view: PlayerView, cards: float) -> bool:
    side = my_side(view)
    for seat in range(view.rules.players):
        their = side_of(view.rules, view.lone_hand, seat)
        near = their != side and view.hand_counts[seat] <= cards
        if near and family.may_go_out(view.melds[their], view.rules) and not foot_refills_hand(view, seat):
            return True
    return False


_WITHIN: MemoBy[PlayerView, float, bool] = MemoBy(_opponents_within)


def card_lead(view: PlayerView) -> float:
    """How many more cards my side's players hold than the opponents', per player."""
    side = my_side(view)
    ours = [n for seat, n in enumerate(view.hand_counts) if side_of(view.rules, view.lone_hand, seat) == side]
    theirs = [n for seat, n in enumerate(view.hand_counts) if side_of(view.rules, view.lone_hand, seat) != side]
    if not theirs:
        return 0.0
    return sum(ours) / len(ours) - sum(theirs) / len(theirs)


def take_cost(take: TakePile) -> tuple[int, int]:
    """Prefer takes that use fewer wild cards, then fewer cards from hand."""
    used = take.with_ + tuple(card for group in take.also for card in group)
    return (sum(1 for card in used if card.is_wild), len(used))


def _completes_canasta(view: PlayerView, take: TakePile) -> bool:
    """Whether the take's top card (with the cards shown with it) makes a canasta of a meld of ours."""
    top = view.pile[-1]
    meld = side_meld_of_rank(view, top.rank)
    grown = (len(meld.cards) if meld is not None else 0) + 1 + len(take.with_)
    size = view.rules.shape.canasta_size
    return grown >= size and (meld is None or len(meld.cards) < size)


def _fewest_reaching(groups: list[tuple[Card, ...]], minimum: int) -> list[tuple[Card, ...]]:
    """The groups, of those given, that reach `minimum` with the fewest cards (then the fewest points); empty when
    all of them together fall short."""
    best: tuple[int, int] | None = None
    chosen: list[tuple[Card, ...]] = []
    for size in range(1, len(groups) + 1):
        for subset in itertools.combinations(groups, size):
            total = sum(card.points for group in subset for card in group)
            key = (sum(map(len, subset)), total)
            if total >= minimum and (best is None or key < best):
                best, chosen = key, list(subset)
    return chosen


def _naturals_by_rank(hand: tuple[Card, ...]) -> dict[Rank, list[Card]]:
    by_rank: dict[Rank, list[Card]] = {}
    for card in hand:
        if card.is_natural:
            by_rank.setdefault(card.rank, []).append(card)
    return by_rank


class _NextPlayer(NamedTuple):
    """What the discard scoring needs to know of the next player, worked out once per view (a named tuple:
    one is made for every discard of the look-ahead, and a tuple is quick to make)."""

    seat: int
    side: int
    partner: bool
    frozen: bool  # the pile is frozen for him
    share: float  # the chance that a given unseen card is in his hand
    wild: float  # the chance that he holds a wild card (0 when a wild card would not help him take)
    adds_to: frozenset[Rank]  # ranks he may take the pile with by adding its top card to his side's meld
    extends: frozenset[str]  # cards (by notation) he may take the pile with by extending his side's sequence
    refused: frozenset[Rank]  # ranks he drew past (see `refused_ranks`)


def _next_player(view: PlayerView) -> _NextPlayer:
    """The next player's threat to take the pile (once per distinct view)."""
    return _NEXT_PLAYER(view)


def _work_out_next_player(view: PlayerView) -> _NextPlayer:
    rules = view.rules
    following = (view.seat + 1) % rules.players
    frozen = pile_frozen_for(view, following)
    pool = view.stock_count + sum(view.hand_counts) - view.hand_counts[view.seat]
    side = side_of(rules, view.lone_hand, following)
    share = min(1.0, view.hand_counts[following] / max(1, pool))
    if family.samba_pile(rules):
        ranks, cards = family.pile_takers(view.melds[side], rules) if not frozen else (frozenset(), frozenset())
        return _NextPlayer(
            seat=following,
            side=side,
            partner=side == my_side(view),
            frozen=frozen,
            share=share,
            wild=0.0,  # one natural card with a wild card never takes Samba's pile
            adds_to=ranks,
            extends=cards,
            refused=refused_ranks(view, following),
        )
    return _NextPlayer(
        seat=following,
        side=side,
        partner=side == my_side(view),
        frozen=frozen,
        share=share,
        wild=held_chance(share, wilds_out(view)) if not frozen and natural_and_wild_take(rules) else 0.0,
        adds_to=(
            frozenset(meld.rank for meld in view.melds[side] if meld.rank is not None)
            if not frozen and top_card_alone_takes(rules)
            else frozenset()
        ),
        extends=frozenset(),
        refused=refused_ranks(view, following),
    )


_NEXT_PLAYER = Memo(_work_out_next_player)


def next_player_danger(
    view: PlayerView, memory: CardMemory, rank: Rank, weights: Weights, card: Card | None = None
) -> float:
    """The chance that the next player can take the pile if a natural card of `rank` (not a black three) goes
    on top (0 to 1); negative when the next player is a partner who can take it. `card`, where given, is the
    very card (in Samba and Bolivia a card of the right suit extends a sequence)."""
    taker = _next_player(view)
    if not modern.pile_takeable_with(view, taker.side, rank):
        return 0.0
    if taker.partner:
        return -_partner_can_take(view, memory, rank, taker, card)
    if rank in taker.adds_to or (card is not None and card.text in taker.extends):
        return 1.0
    held = known_in_hand(memory, taker.seat, rank) if memory.taken[taker.seat] else 0  # nothing taken: none known
    if held >= 2:
        return 0.95
    elsewhere = known_elsewhere(view, memory, taker.seat, rank) if _classic(view) else 0
    hidden = max(0, unseen(view, rank) - held - elsewhere)
    pair = _at_least(2 - held, hidden, taker.share)
    if taker.wild:
        # One natural and a wild card: counting the wild cards still out says how likely he holds one.
        pair = max(pair, taker.wild * _at_least(1 - held, hidden, taker.share))
    if memory.discarded[taker.seat] and discarded_rank(memory, taker.seat, rank):
        pair *= weights.discarded_by_next
    if held < 2 and rank in taker.refused:
        pair *= weights.refused
    return pair


def _partner_can_take(
    view: PlayerView, memory: CardMemory, rank: Rank, partner: _NextPlayer, card: Card | None = None
) -> float:
    """The chance that the next player, a partner, can take the pile with a natural card of `rank` on top
    (feeding him)."""
    if partner.frozen:
        return 0.0
    if family.samba_pile(view.rules):
        if rank in partner.adds_to or (card is not None and card.text in partner.extends):
            return 1.0
        return 0.9 if known_in_hand(memory, partner.seat, rank) >= 2 else 0.0
    if top_card_alone_takes(view.rules) and side_meld_of_rank(view, rank) is not None:
        return 1.0
    return 0.9 if known_in_hand(memory, partner.seat, rank) >= 2 else 0.0


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
