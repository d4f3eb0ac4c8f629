"""The Expert player: the Hard heuristic plus look-ahead on the decisions that matter.

For each such decision it deals the cards it cannot see at random, consistently with its view and its card
memory (cards an opponent took from a pile and has not shown stay in that opponent's hand; red threes can
only be in the stock), plays each candidate move forward to the end of the hand with Hard players, and picks
the candidate with the best average result over the same sampled deals.

This module builds game states, so it imports the engine; it builds them only from the view and the memory
(the import contract names this one exception, and the honesty tests check the decisions are blind).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass

from canasta.actions import Action, Answer, Discard, Draw, Meld, TakePile
from canasta.ai.base import Bot, CardMemory
from canasta.ai.heuristic import HeuristicBot, Weights
from canasta.cards import Card, make_deck
from canasta.engine import apply, legal_actions, view_for
from canasta.playerview import Phase, PlayerView, score_index
from canasta.scoring import score_hand
from canasta.state import GameState

MAX_ROLLOUT_ACTIONS = 600


@dataclass(frozen=True, slots=True)
class Budget:
    """How much look-ahead a decision gets: at most `samples` deals, and at most `seconds` (None: no clock,
    which makes the decision depend on the seed alone, as tests need)."""

    samples: int = 24
    seconds: float | None = 1.0


class ExpertBot:
    """Hard, plus sampled look-ahead on the take-or-draw, going-out, discard and answer decisions."""

    def __init__(self, weights: Weights, rng: random.Random, budget: Budget | None = None) -> None:
        self._hard = HeuristicBot(weights, random.Random(rng.random()))
        self._weights = weights
        self._rng = rng
        self.budget = budget or Budget()

    def choose(self, view: PlayerView, memory: CardMemory) -> Action:
        default = self._hard.choose(view, memory)
        candidates = self._candidates(view, memory, default)
        if len(candidates) < 2:
            return default
        return self._best(view, memory, candidates)

    def answer_go_out(self, view: PlayerView, memory: CardMemory) -> bool:
        best = self._best(view, memory, [Answer(True), Answer(False)])
        return isinstance(best, Answer) and best.yes

    def _candidates(self, view: PlayerView, memory: CardMemory, default: Action) -> list[Action]:
        """The decisions worth looking ahead on, with the Hard choice first."""
        if view.phase is Phase.ANSWER:
            return [Answer(True), Answer(False)]
        legal = legal_actions(view)
        if view.phase is Phase.DRAW:
            takes = [action for action in legal if isinstance(action, TakePile)]
            options: list[Action] = [default]
            if Draw() in legal and default != Draw():
                options.append(Draw())
            if takes and not isinstance(default, TakePile):
                options.append(takes[0])
            return options
        if isinstance(default, Discard):
            discards = [action for action in legal if isinstance(action, Discard)]
            ranked = sorted(discards, key=lambda action: self._hard.discard_cost(view, memory, action.card))
            return _unique([default, *ranked[:2]])
        if isinstance(default, Meld) and view.hand_counts[view.seat] - len(default.cards()) <= 1:
            # Going out (or nearly): compare with keeping the cards for another turn.
            discards = [action for action in legal if isinstance(action, Discard)]
            if discards:
                cheapest = min(discards, key=lambda action: self._hard.discard_cost(view, memory, action.card))
                return [default, cheapest]
        return [default]

    def _best(self, view: PlayerView, memory: CardMemory, candidates: list[Action]) -> Action:
        totals = [0.0] * len(candidates)
        deadline = None if self.budget.seconds is None else time.perf_counter() + self.budget.seconds
        seed = self._rng.getrandbits(32)
        samples = 0
        while samples < self.budget.samples:
            if deadline is not None and samples >= 2 and time.perf_counter() > deadline:
                break
            world_rng = random.Random(seed + samples)
            world = sample_world(view, memory, world_rng)
            for index, action in enumerate(candidates):
                totals[index] += self._rollout(world, action, view.seat, world_rng.getrandbits(32))
            samples += 1
        best = max(range(len(candidates)), key=lambda index: (totals[index], -index))
        return candidates[best]

    def _rollout(self, world: GameState, action: Action, seat: int, seed: int) -> float:
        """My side's points minus the others' (on average) after playing `action` and then Hard to the end."""
        state = apply(world, action).state
        rng = random.Random(seed)
        bots: list[Bot] = [HeuristicBot(self._weights, random.Random(rng.random())) for _ in range(state.rules.players)]
        memories = [CardMemory(state.rules.players) for _ in bots]
        steps = 0
        while state.phase is not Phase.OVER and steps < MAX_ROLLOUT_ACTIONS:
            mover = state.current
            state = apply(state, bots[mover].choose(view_for(state, mover, with_history=False), memories[mover])).state
            steps += 1
        totals = [side.total for side in score_hand(state)]
        mine = score_index(state.rules, seat)
        others = [total for index, total in enumerate(totals) if index != mine]
        return totals[mine] - sum(others) / max(1, len(others))


def _unique(actions: list[Action]) -> list[Action]:
    seen: list[Action] = []
    for action in actions:
        if action not in seen:
            seen.append(action)
    return seen


def sample_world(view: PlayerView, memory: CardMemory, rng: random.Random) -> GameState:
    """A whole state consistent with what `view.seat` knows: the hidden cards dealt at random, cards known to
    be in a hand kept there, red threes only in the stock."""
    rules = view.rules
    shape = rules.shape
    hidden = Counter(make_deck(shape.packs, shape.jokers_per_pack))
    visible = list(view.hand) + list(view.pile)
    visible += [card for side in view.melds for meld in side for card in meld.cards]
    visible += [card for row in view.red_threes for card in row]
    hidden.subtract(visible)
    pool = [card for card in hidden.elements()]
    pool.sort(key=lambda card: (card.text, card.copy))
    rng.shuffle(pool)
    hands: list[tuple[Card, ...]] = []
    for seat in range(rules.players):
        if seat == view.seat:
            hands.append(view.hand)
            continue
        known = _take_known(pool, memory, seat, view.hand_counts[seat])
        hands.append(tuple(known))
    for seat in range(rules.players):
        if seat == view.seat:
            continue
        missing = view.hand_counts[seat] - len(hands[seat])
        fill = [card for card in pool if not card.is_red_three][:missing]
        for card in fill:
            pool.remove(card)
        hands[seat] = hands[seat] + tuple(fill)
    return GameState(
        rules=rules,
        scores=view.scores,
        dealer=view.dealer,
        current=view.current,
        phase=view.phase,
        hands=tuple(hands),
        stock=tuple(pool[: view.stock_count]),
        pile=view.pile,
        melds=view.melds,
        red_threes=view.red_threes,
        melded_this_hand=view.melded_this_hand,
        turn=view.turn,
        out=view.out,
        pile_frozen_from_start=view.pile_frozen_from_start,
        lone_hand=view.lone_hand,
        seen=tuple(() for _ in range(rules.players)),
    )


def _take_known(pool: list[Card], memory: CardMemory, seat: int, room: int) -> list[Card]:
    """Cards `seat` took from piles and has not shown since, as far as the pool still has them."""
    if not memory.taken or seat >= len(memory.taken):
        return []
    still = Counter(memory.taken[seat]) - Counter(memory.discarded[seat])
    melded = Counter(memory.melded[seat])
    known: list[Card] = []
    for text, count in sorted(still.items()):
        for _ in range(count):
            card = next((c for c in pool if c.text == text), None)
            if card is None or len(known) >= room:
                break
            if melded[card.rank] > 0:
                melded[card.rank] -= 1
                continue
            pool.remove(card)
            known.append(card)
    return known
