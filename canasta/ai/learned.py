"""Hard's learned parts: linear models fitted to played-out results. The discard model picks among the heuristic's
best discards; the meld model says when to hold a meld step back for a turn.

Each candidate card is described by features of the seat's view and card memory only (what the card is, how
the hand holds it, how likely the next player takes the pile with it, whether the hand is a race). The model's
value of a candidate is the dot product of its features with the fitted coefficients; the candidate with the
highest value is discarded. A meld step is described by features of the view (its size, the hand before and
after it, the pairs it spends, the stock, the pile, both sides' canastas); Hard holds it back when the dot
product is above zero. `canasta learn` fits the coefficients from self-play and writes them, with how they
were obtained, to `weights/discard-N.json` and `weights/meld-N.json`.
"""

from __future__ import annotations

import json
import logging
import math
import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from canasta.ai import family, modern
from canasta.ai.base import CardMemory
from canasta.ai.family import is_family
from canasta.ai.heuristic import (
    STOCK_NEARLY_GONE,
    HeuristicBot,
    Weights,
    card_lead,
    next_player_danger,
    opponents_threaten,
    racing,
)
from canasta.ai.knowledge import discarded_rank, known_in_hand, unseen
from canasta.engine.actions import Action, Combine, Discard, Meld
from canasta.engine.cards import Card, Rank
from canasta.engine.judge import check
from canasta.engine.playerview import (
    PlayerView,
    hand_cards,
    initial_minimum,
    my_canastas,
    my_side,
    pile_is_frozen,
    side_has_melded,
    side_of,
)

LOG = logging.getLogger(__name__)
LOWEST_MINIMUM = 15  # the first meld's minimum below zero: three of the cheapest cards reach it
FEATURES = (
    "black_three",
    "wild",
    "joker",
    "points",
    "points_racing",
    "pair",
    "three_or_more",
    "lone",
    "danger_pile",
    "danger",
    "opponent_meld_pile",
    "opponent_meld",
    "known_in_next_hand",
    "discarded_by_next_pile",
    "unseen",
    "black_three_pile",
    "black_three_racing",
    "wild_unfrozen_pile",
    "wild_racing",
    "wild_frozen",
    "lone_racing",
    "pair_racing",
    "hand_size",
    "stock_tenths",
    "dead",
    "points_stock_low",
    "wild_card_lead",
    "wild_threat",
)
# Hold or meld (`MeldModel`): each a feature of the meld step Hard would make now, from the view alone.
MELD_FEATURES = (
    "constant",
    "initial",
    "cards",
    "wilds",
    "new",
    "adds",
    "hand",
    "hand_after",
    "stock",
    "pile",
    "frozen",
    "canastas",
    "completes",
    "opponent_fewest_cards",
    "opponent_canastas",
    "opponent_melded",
    "racing",
    "threat",
    "pairs_before",
    "pairs_after",
    "points",
)
CANDIDATES = 5  # the heuristic's cheapest discards the model chooses among
# ... and only among those whose heuristic cost is within this much of the cheapest: the model decides the
# close calls, and a discard the heuristic prefers by far (a freeze, a dead rank) stays the heuristic's.
# Measured on 4000 duplicate deals against Hard without the model (four players): within 5, +24.5 per deal;
# 7, +28.8; 10, +28.4 but two puzzles lost (a dead rank, the stock gone); 20, +38.2 and three lost (a freeze).
MARGIN = 7.0


@dataclass(frozen=True, slots=True)
class DiscardModel:
    """The fitted coefficients, one per name of `FEATURES`, how many candidates it chooses among and how far
    their heuristic cost may be from the cheapest."""

    coefficients: tuple[float, ...]
    candidates: int = CANDIDATES
    margin: float = MARGIN

    def value(self, features: tuple[float, ...]) -> float:
        """The model's worth of discarding a card with these features (higher is better)."""
        return math.fsum(c * f for c, f in zip(self.coefficients, features, strict=True))


@dataclass(frozen=True, slots=True)
class MeldModel:
    """Hold or meld: the fitted coefficients, one per name of `MELD_FEATURES`. The model's value of a meld
    step is what holding its cards for a turn (discarding at once instead) gains over melding them now."""

    coefficients: tuple[float, ...]

    def holds(self, features: tuple[float, ...]) -> bool:
        """Whether holding the step's cards is worth more than melding them."""
        return math.fsum(c * f for c, f in zip(self.coefficients, features, strict=True)) > 0.0


def may_hold(view: PlayerView, step: Meld) -> bool:
    """Whether the mover may keep `step`'s cards and end his turn with a discard instead: not on the final
    turn, not when the step goes out (or nearly), and only with a legal discard in hand."""
    if view.turn.final or view.hand_counts[view.seat] - len(step.cards()) <= 1:
        return False
    return any(check(view, Discard(card)) is None for card in {card.text: card for card in view.hand}.values())


def meld_features(view: PlayerView, step: Meld, weights: Weights) -> tuple[float, ...]:
    """The features of melding `step` now, in the order of `MELD_FEATURES`, from the view only."""
    rules = view.rules
    lone = view.lone_hand
    mine = my_side(view)
    size = rules.shape.canasta_size
    laid = step.cards()
    kept, pairs_after = _hand_after(view, laid)
    completes = sum(1 for group in step.new if len(group) >= size)
    if step.add:
        melds = {meld.rank: meld for meld in view.melds[mine]}
        completes += sum(
            1
            for rank, cards in step.add
            if (meld := melds.get(rank)) is not None and len(meld.cards) < size <= len(meld.cards) + len(cards)
        )
    others = [seat for seat in range(rules.players) if side_of(rules, lone, seat) != mine]
    their_sides = {side_of(rules, lone, seat) for seat in others}
    return (
        1.0,
        0.0 if side_has_melded(view, mine) else 1.0,
        float(len(laid)),
        float(sum(card.is_wild for card in laid)),
        float(len(step.new)),
        float(len(step.add)),
        float(len(view.hand)),
        float(kept),
        float(view.stock_count),
        float(len(view.pile)),
        1.0 if pile_is_frozen(view) else 0.0,
        float(my_canastas(view)),
        float(completes),
        float(min((view.hand_counts[seat] for seat in others), default=0)),
        float(sum(1 for side in their_sides for meld in view.melds[side] if len(meld.cards) >= size)),
        1.0 if any(side_has_melded(view, side) for side in their_sides) else 0.0,
        1.0 if racing(view, weights) else 0.0,
        1.0 if opponents_threaten(view, weights) else 0.0,
        float(_hand_pairs(view)),
        float(pairs_after),
        float(sum(card.points for card in laid)),
    )


def _hand_after(view: PlayerView, laid: tuple[Card, ...]) -> tuple[int, int]:
    """How many cards the hand keeps after `laid` is put down, and how many ranks it still holds two or more
    natural cards of."""
    hand = view.hand
    held, gone = set(hand), set(laid)
    if len(held) == len(hand) and len(gone) == len(laid) and gone <= held:  # the cards laid are cards held
        removed: dict[Rank, int] = {}
        for card in laid:
            if card.is_natural:
                removed[card.rank] = removed.get(card.rank, 0) + 1
        by_rank = hand_cards(view).by_rank
        pairs = sum(
            1 for rank, cards in by_rank.items() if rank is not Rank.THREE and len(cards) - removed.get(rank, 0) >= 2
        )
        return len(hand) - len(laid), pairs
    after = Counter(hand)
    after.subtract(laid)
    kept = list(after.elements())
    return len(kept), _pairs(kept)


def _pairs(cards: Iterable[Card]) -> int:
    """How many ranks the cards hold two or more natural cards of."""
    counts = Counter(card.rank for card in cards if card.is_natural)
    return sum(1 for count in counts.values() if count >= 2)


def _hand_pairs(view: PlayerView) -> int:
    """`_pairs(view.hand)`, from the hand sorted out."""
    return sum(1 for rank, cards in hand_cards(view).by_rank.items() if rank is not Rank.THREE and len(cards) >= 2)


def discard_features(view: PlayerView, memory: CardMemory, card: Card, weights: Weights) -> tuple[float, ...]:
    """The features of discarding `card` now, in the order of `FEATURES`, from the view and memory only."""
    held = len(hand_cards(view).by_rank.get(card.rank, ()))
    pile = len(view.pile) + 1  # the pile the next player would take, this card on top
    race = 1.0 if racing(view, weights) else 0.0
    black = 1.0 if card.is_black_three else 0.0
    wild = 1.0 if card.is_wild else 0.0
    natural = 1.0 - black - wild
    frozen = 1.0 if pile_is_frozen(view) else 0.0
    danger = opponent_meld = known = discarded = hidden = 0.0
    if natural:
        following = (view.seat + 1) % view.rules.players
        danger = max(0.0, next_player_danger(view, memory, card.rank, weights))
        their = side_of(view.rules, view.lone_hand, following)
        opponent_meld = 1.0 if any(meld.rank is card.rank for meld in view.melds[their]) else 0.0
        known = float(known_in_hand(memory, following, card.rank))
        discarded = 1.0 if discarded_rank(memory, following, card.rank) else 0.0
        hidden = float(unseen(view, card.rank))
    pair = natural * (held >= 2)
    lone = natural * (held == 1)
    low = 1.0 if view.stock_count < STOCK_NEARLY_GONE else 0.0
    threat = 1.0 if wild and opponents_threaten(view, weights) else 0.0  # only a wild card's features use it
    return (
        black,
        wild,
        1.0 if card.rank is Rank.JOKER else 0.0,
        natural * card.points,
        natural * card.points * race,
        pair,
        natural * (held >= 3),
        lone,
        danger * pile,
        danger,
        opponent_meld * pile,
        opponent_meld,
        known,
        discarded * pile,
        natural * hidden,
        black * pile,
        black * race,
        wild * pile * (1.0 - frozen),
        wild * race,
        wild * frozen,
        lone * race,
        pair * race,
        natural * len(view.hand),
        natural * view.stock_count / 10,
        natural * (hidden < 2),  # no natural pair of the rank can be held
        natural * card.points * low,
        max(0.0, card_lead(view)) * (1.0 - frozen) if wild else 0.0,
        wild * threat * (1.0 - frozen),
    )


def discard_candidates(bot: HeuristicBot, view: PlayerView, memory: CardMemory, count: int) -> list[Card]:
    """The `count` legal discards the heuristic rates best, best first (one card per notation)."""
    return [card for _, card in _costed_candidates(bot, view, memory, count)]


def _costed_candidates(bot: HeuristicBot, view: PlayerView, memory: CardMemory, count: int) -> list[tuple[float, Card]]:
    """`discard_candidates` with the heuristic's cost of each, cheapest first."""
    options = {card.text: card for card in view.hand}  # as the heuristic's own discard picks among them
    legal = [card for card in options.values() if check(view, Discard(card)) is None]
    costed = [(bot.discard_cost(view, memory, card), card) for card in legal]
    return sorted(costed, key=lambda pair: pair[0])[:count]


def hard_player(
    weights: Weights, model: DiscardModel | None, rng: random.Random, meld: MeldModel | None = None
) -> HeuristicBot:
    """Hard as the level plays it: the heuristic, discarding by `model` and holding melds back by `meld`
    where there are such models."""
    if model is None and meld is None:
        return HeuristicBot(weights, rng, keeps_special=True, fine_types=True)
    return LearnedBot(weights, model, rng, meld)


class LearnedBot(HeuristicBot):
    """The heuristic player with Hard's learned parts: its discard is the model's pick among the heuristic's
    best candidates, and it holds a meld step back for a turn when the meld model says holding gains."""

    def __init__(
        self,
        weights: Weights,
        model: DiscardModel | None,
        rng: random.Random | None = None,
        meld: MeldModel | None = None,
    ) -> None:
        super().__init__(weights, rng, keeps_special=True, fine_types=True)
        self.model = model
        self.meld = meld

    def __reduce__(self) -> tuple[object, ...]:
        return LearnedBot, (self.weights, self.model, self._rng, self.meld)

    def _meld_step(self, view: PlayerView) -> Meld | Combine | None:
        step = super()._meld_step(view)
        # The hold-or-meld model was fitted on classic hands: in Samba and Bolivia it may hold a step back, but
        # never one that makes a canasta, lays a long run or extends a sequence (it knows nothing of sequences).
        # Hard against Normal, Samba, 1000 duplicate deals: the model left out, +15.0 per deal (seed 7) and +65.9
        # (seed 41); kept for every step, a samba's seventh card was held back; kept so, +48.3 and +133.6 (and
        # +41.1 and +88.9 once Samba's first meld took classic's groups first, as it does now).
        if isinstance(step, Meld) and is_family(view.rules) and family.step_matters(view, step):
            return step
        if not isinstance(step, Meld) or self.meld is None or not may_hold(view, step):
            return step
        if view.stock_count < STOCK_NEARLY_GONE:
            return step  # the hand is about to end: a card held back is a card caught in hand
        if not side_has_melded(view, my_side(view)) and initial_minimum(view) <= LOWEST_MINIMUM:
            return step  # below zero the first meld costs a group at most, and it opens the pile to the side
        return None if self.meld.holds(meld_features(view, step, self.weights)) else step

    def _discard(self, view: PlayerView, memory: CardMemory) -> Action:
        if self.model is None:
            return super()._discard(view, memory)
        costed = _costed_candidates(self, view, memory, self.model.candidates)
        if not costed:
            return super()._discard(view, memory)
        cheapest = costed[0][0]
        if modern.safe_stop(view, costed[0][1]):
            return Discard(costed[0][1])  # the model knows nothing of dead ranks: the safe card guards the pile
        cards = [card for cost, card in costed if cost <= cheapest + self.model.margin]
        values = [self.model.value(discard_features(view, memory, card, self.weights)) for card in cards]
        return Discard(cards[values.index(max(values))])


def load_discard_model(path: Path) -> DiscardModel | None:
    """The model in `path`, or None when there is none; a file that cannot be read or does not hold one
    finite coefficient per feature is logged as an error and left out (the heuristic's own discard is used)."""
    if not path.exists():
        return None
    try:
        return read_discard_model(path)
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
        LOG.error("Hard discards by its heuristic: %s is unusable (%s)", path.name, error)
        return None


def read_discard_model(path: Path) -> DiscardModel:
    """The discard model in `path`. :raises OSError, ValueError, KeyError, TypeError, AttributeError:"""
    data = json.loads(path.read_text(encoding="utf-8"))
    named = data["coefficients"]
    if set(named) != set(FEATURES):
        raise ValueError(f"the features are not {', '.join(FEATURES)}")
    coefficients = tuple(float(named[name]) for name in FEATURES)
    if not all(math.isfinite(value) for value in coefficients):
        raise ValueError("a coefficient is not a finite number")
    candidates = int(data.get("candidates", CANDIDATES))
    margin = float(data.get("margin", MARGIN))
    if candidates < 1 or not margin >= 0 or not math.isfinite(margin):
        raise ValueError("candidates must be at least 1 and the margin a number from 0")
    return DiscardModel(coefficients, candidates, margin)


def load_meld_model(path: Path) -> MeldModel | None:
    """The hold-or-meld model in `path`, or None when there is none; a file that cannot be read or does not
    hold one finite coefficient per feature is logged as an error and left out (Hard melds as the heuristic
    does)."""
    if not path.exists():
        return None
    try:
        return read_meld_model(path)
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
        LOG.error("Hard melds by its heuristic: %s is unusable (%s)", path.name, error)
        return None


def read_meld_model(path: Path) -> MeldModel:
    """The hold-or-meld model in `path`. :raises OSError, ValueError, KeyError, TypeError, AttributeError:"""
    named = json.loads(path.read_text(encoding="utf-8"))["coefficients"]
    if set(named) != set(MELD_FEATURES):
        raise ValueError(f"the features are not {', '.join(MELD_FEATURES)}")
    coefficients = tuple(float(named[name]) for name in MELD_FEATURES)
    if not all(math.isfinite(value) for value in coefficients):
        raise ValueError("a coefficient is not a finite number")
    return MeldModel(coefficients)
