"""The Expert player: the Hard heuristic plus look-ahead on the decisions that matter.

For each such decision it deals the cards it cannot see from its account of the table (`canasta.ai.inference`:
cards a player took from a pile and has not shown stay in his hand, a rank he drew past is dealt him at most once,
ranks he discarded or did not add to his side's meld less often; red threes can only be in the stock), plays each
candidate move forward to the end of the hand with Hard players, and keeps Hard's own choice unless another
candidate is clearly better over the same sampled deals (see `clear_winner`).

This module builds game states, so it imports the engine; it builds them only from the view and the memory
(the import contract names this one exception, and the honesty tests check the decisions are blind).
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from canasta.ai import special
from canasta.ai.base import CardMemory
from canasta.ai.heuristic import HeuristicBot, Weights, take_cost
from canasta.ai.inference import Account, SeatAccount, account_for, deal_hidden
from canasta.ai.knowledge import stock_bottom
from canasta.ai.learned import DiscardModel, MeldModel, hard_player
from canasta.engine.actions import Action, Answer, DeclareSpecial, Discard, Draw, Meld, TakePile
from canasta.engine.cards import Card, make_deck
from canasta.engine.events import Event
from canasta.engine.game.play import HandOptions, HandTooLongError, play_hand
from canasta.engine.game.scoring import score_hand
from canasta.engine.game.state import GameState
from canasta.engine.game.transitions import Transition, apply
from canasta.engine.game.views import view_for
from canasta.engine.judge import check, legal_actions
from canasta.engine.playerview import Phase, PlayerView, pile_is_frozen, score_index

# A candidate replaces Hard's choice only when it gains at least this many points per deal on the same
# sampled deals, and by this many standard errors of the paired differences: the rollouts are a model
# (Hard on every seat, hidden cards dealt at random), so a small edge is as likely the model's as the game's,
# and a decision taken on noise would make the Expert worse than Hard.
MARGIN = 60.0
STANDARD_ERRORS = 2.0
MIN_SAMPLES = 4  # fewer paired differences say nothing of their spread
PRUNE_AFTER = 6  # deals a candidate is always played on before it may be dropped
PRUNE_ERRORS = 3.0  # a candidate this many standard errors short of the margin is played on no more deals
# Winning or losing the game, in points of a deal: a side that reaches the target wins whatever the margin.
GAME_POINTS = 2000.0
MAX_DISCARD_OPTIONS = 2  # discards tried besides Hard's own (the next cheapest, and a wild card to freeze)
SAMPLES_PER_SECOND = 96  # sampled deals a decision may use per second of the Expert's thinking time


@dataclass(frozen=True, slots=True)
class Budget:
    """How much look-ahead a decision gets: at most `samples` deals, and at most `seconds` (None: no clock,
    which makes the decision depend on the seed alone, as tests need); `margin` is the gain in points per
    deal a move needs over Hard's choice; `remembers` has the rollouts' players remember the hand."""

    samples: int = SAMPLES_PER_SECOND  # measured against Hard: 16 deals +16, 48 deals +44 per deal
    seconds: float | None = 1.0
    margin: float = MARGIN
    remembers: bool = False  # whether the rollouts' players keep card memory (see `play_out`)


@dataclass(frozen=True, slots=True)
class Line:
    """A candidate move: its action and, for a meld, whether the player then discards at once (melding
    nothing more this turn, as the plan says) or plays the rest of the turn as Hard would."""

    action: Action
    then_discard: bool = False


def budget_for(seconds: float) -> Budget:
    """The budget of an Expert given `seconds` to think (the setting): more time, more sampled deals."""
    return Budget(samples=max(MIN_SAMPLES, round(SAMPLES_PER_SECOND * seconds)), seconds=seconds)


class ExpertBot:
    """Hard, plus sampled look-ahead on the take-or-draw, freeze, discard, meld-plan, going-out and answer
    decisions; it keeps Hard's choice unless another move is clearly better on the same sampled deals."""

    def __init__(
        self,
        weights: Weights,
        rng: random.Random,
        budget: Budget | None = None,
        model: DiscardModel | None = None,
        meld: MeldModel | None = None,
    ) -> None:
        # Hard as the level plays it (its learned parts, where there are); the rollouts play the heuristic.
        self._hard = hard_player(weights, model, random.Random(rng.random()), meld)
        self._meld = meld
        self._weights = weights
        self._rng = rng
        self.budget = budget or Budget()
        self._holding: tuple[int, tuple[str, ...]] | None = None  # seat and hand that discard next (a plan)

    def choose(self, view: PlayerView, memory: CardMemory) -> Action:
        started = time.perf_counter()
        holding, self._holding = self._holding, None
        if holding == (view.seat, _hand_key(view.hand)) and view.phase is Phase.PLAY:
            return self._hard.discard(view, memory)  # the plan chosen earlier this turn: meld nothing more
        default = self._hard.choose(view, memory)
        if isinstance(default, DeclareSpecial) or special.keeps_special_chance(view):
            return default  # a special hand laid, or one card away and kept: no other move compares
        candidates = self._candidates(view, memory, default)
        if len(candidates) < 2:
            return default
        line = self._best(view, memory, candidates, started)
        if line.then_discard and isinstance(line.action, Meld):
            laid = Counter(line.action.cards())
            self._holding = (view.seat, _hand_key(tuple((Counter(view.hand) - laid).elements())))
        return line.action

    def answer_go_out(self, view: PlayerView, memory: CardMemory) -> bool:
        started = time.perf_counter()
        default = self._hard.answer_go_out(view, memory)
        best = self._best(view, memory, [Line(Answer(default)), Line(Answer(not default))], started).action
        return isinstance(best, Answer) and best.yes

    def _candidates(self, view: PlayerView, memory: CardMemory, default: Action) -> list[Line]:
        """The decisions worth looking ahead on, with the Hard choice first."""
        if view.phase is Phase.ANSWER:
            return [Line(default), Line(Answer(not (isinstance(default, Answer) and default.yes)))]
        legal = legal_actions(view)
        if view.phase is Phase.DRAW:
            takes = [action for action in legal if isinstance(action, TakePile)]
            options: list[Action] = [default]
            if Draw() in legal:
                options.append(Draw())
            if takes:
                options.append(min(takes, key=take_cost))
            return [Line(action) for action in _unique(options)]
        discards = [action for action in legal if isinstance(action, Discard)]
        if isinstance(default, Discard):
            return [
                Line(action) for action in _unique([default, *self._discard_options(view, memory, discards, default)])
            ]
        if isinstance(default, Meld) and discards:
            # Going out (or nearly), or a meld plan: compare with keeping the cards for another turn, and
            # with melding only the natural cards (the wild cards kept back).
            hold = Line(min(discards, key=lambda action: self._hard.discard_cost(view, memory, action.card)))
            plans = [Line(default), hold]
            going_out = view.hand_counts[view.seat] - len(default.cards()) <= 1
            naturals = None if going_out else naturals_only(default)
            if naturals is not None and naturals != default and check(view, naturals) is None:
                plans.append(Line(naturals, then_discard=True))
            return plans
        return [Line(default)]

    def _discard_options(
        self, view: PlayerView, memory: CardMemory, discards: list[Discard], default: Discard
    ) -> list[Action]:
        """The next cheapest discard after Hard's, and the cheapest wild card (freezing the pile)."""
        others = [action for action in discards if action != default]
        ranked = sorted(others, key=lambda action: self._hard.discard_cost(view, memory, action.card))
        options: list[Action] = [*ranked[:1]]
        wilds = [action for action in ranked if action.card.is_wild]
        if wilds and not default.card.is_wild and not pile_is_frozen(view):
            options.append(wilds[0])
        return options[:MAX_DISCARD_OPTIONS]

    def _best(self, view: PlayerView, memory: CardMemory, candidates: list[Line], started: float) -> Line:
        """Hard's choice (the first candidate) unless another is clearly better on the same sampled deals."""
        values = self._sampled_values(view, memory, candidates, started)
        return candidates[clear_winner(values, self.budget.margin)]

    def _sampled_values(
        self, view: PlayerView, memory: CardMemory, candidates: list[Line], started: float
    ) -> list[list[float]]:
        """Each candidate's results on the sampled deals, the deals stopping at the budget's samples or time:
        a deal starts only when it should end in time, judging by the deals so far, and a deal the clock
        cuts short is dropped. Hard's choice is played on every deal; another candidate stops being played
        once it is plainly no match for it (see `hopeless`), so the deals go to the close calls."""
        deadline = math.inf if self.budget.seconds is None else started + self.budget.seconds
        seed = self._rng.getrandbits(32)
        values: list[list[float]] = [[] for _ in candidates]
        live = list(range(len(candidates)))
        first = time.perf_counter()
        account = account_for(view, memory)  # the same for every deal of this decision
        while len(values[0]) < self.budget.samples and len(live) > 1:
            done = len(values[0])
            now = time.perf_counter()
            if done and now + (now - first) / done > deadline:
                break
            world_rng = random.Random(seed + done)
            world = sample_world(view, memory, world_rng, account=account)
            rollout_seed = world_rng.getrandbits(32)
            kept = memory if self.budget.remembers else None
            row = [self._rollout(world, candidates[index], (view.seat, rollout_seed), deadline, kept) for index in live]
            if None in row:
                break
            for index, value in zip(live, [value for value in row if value is not None], strict=True):
                values[index].append(value)
            live = [index for index in live if index == 0 or not hopeless(values[0], values[index], self.budget.margin)]
        return values

    def _rollout(
        self, world: GameState, line: Line, seat_seed: tuple[int, int], deadline: float, memory: CardMemory | None
    ) -> float | None:
        """The worth for the seat of `seat_seed` of playing `line` and then Hard on every seat to the end of the hand,
        their random streams drawn from its seed (None when the deadline passes first); with `memory`, the seats
        remember the hand from it on."""
        seat, seed = seat_seed
        end = play_out(world, line, self._weights, seed, deadline, meld=self._meld, memory=memory)
        return None if end is None else hand_worth(end, seat)


def play_out(  # noqa: PLR0913  # the line, how the seats play, and the clock
    world: GameState,
    line: Line,
    weights: Weights,
    seed: int,
    deadline: float = math.inf,
    *,
    meld: MeldModel | None = None,
    memory: CardMemory | None = None,
) -> GameState | None:
    """The end of the hand after `line` and then the Hard player (`weights`, holding meld steps back by
    `meld` where given) on every seat, its random streams drawn from `seed` (None when the deadline, a
    `time.perf_counter` reading, passes first); a line that says `then_discard` has the mover meld nothing
    more this turn: Hard only chooses his discard.

    The seats play Hard's weights and hold-or-meld model, with the heuristic's discard; with `memory` (what the
    mover remembers of the hand: pile takes, discards and melds, which every seat saw alike) they share a copy of
    it and remember what happens in the rollout too, as the table's players do; without, no seat remembers.
    On the same duplicate deals (four players, seed 41, 96 deals, no clock, before Hard held melds back),
    neither of the alternatives raised the Expert's margin over Hard: the learned discard here moved it by
    -24.5 [-76.2, +27.2] points per deal over 252 deals, and made a rollout about a quarter slower; every seat
    remembering what the table saw moved it by -7.0 [-53.7, +39.6] over 216.

    :raises IllegalActionError: when the line's action is not legal in `world`.
    """
    mover = world.current
    first = apply(world, line.action)
    state = first.state
    rng = random.Random(seed)
    # Each seat's own random stream; without noise on the discards Hard never draws from it, so the seats share
    # one (seeding a stream costs more than a decision here).
    streams = [random.Random(rng.random()) if weights.noise else rng for _ in range(state.rules.players)]
    bots = [hard_player(weights, None, stream, meld) for stream in streams]
    shared = CardMemory(state.rules.players) if memory is None else _copy_of(memory)
    if memory is not None:
        shared.observe(first.events_for(mover))  # what it remembers is public: any seat's events would do
    if line.then_discard and (held := held_discard(state, mover, bots[mover], shared)) is not None:
        state = held.state
        if memory is not None:
            shared.observe(held.events_for(mover))
    seats = [_Rollout(bot, shared, tells=memory is not None and index == 0) for index, bot in enumerate(bots)]
    options = HandOptions(view_of=_view_without_history, judged=False, told=memory is not None, stop=_past(deadline))
    try:
        end = play_hand(state, seats, options).state
    except HandTooLongError as error:  # a world whose players never end it: scored where it stands
        return error.state
    return end if end.phase is Phase.OVER else None  # not over: stopped by the clock


class _Rollout:
    """A rollout's seat: Hard, trusted to answer legally, with the card memory every seat shares (the public
    events are the same for all); one seat (`tells`) feeds it, or none when no seat remembers."""

    name = "rollout"

    def __init__(self, bot: HeuristicBot, memory: CardMemory, *, tells: bool) -> None:
        self.bot, self.memory, self.tells = bot, memory, tells

    def act(self, view: PlayerView) -> object:
        return self.bot.choose(view, self.memory)

    def see(self, events: tuple[Event, ...]) -> None:
        if self.tells:
            self.memory.observe(events)


def _copy_of(memory: CardMemory) -> CardMemory:
    """A memory holding what `memory` holds, to feed without changing it."""
    copy = CardMemory(memory.players)
    copy.taken = [Counter(counts) for counts in memory.taken]
    copy.discarded = [Counter(counts) for counts in memory.discarded]
    copy.melded = [Counter(counts) for counts in memory.melded]
    copy.melded_wilds = [Counter(counts) for counts in memory.melded_wilds]
    return copy


def _view_without_history(state: GameState, seat: int) -> PlayerView:
    return view_for(state, seat, with_history=False)


def _past(deadline: float) -> Callable[[GameState], bool]:
    """Whether the clock (a `time.perf_counter` reading) has passed `deadline`."""
    return lambda _state: time.perf_counter() > deadline


def hold_rest_of_turn(state: GameState, seat: int, bot: HeuristicBot, memory: CardMemory) -> GameState:
    """`seat`, still to play, ends his turn with Hard's discard (melding nothing more); any other state is
    returned as it is."""
    held = held_discard(state, seat, bot, memory)
    return state if held is None else held.state


def held_discard(state: GameState, seat: int, bot: HeuristicBot, memory: CardMemory) -> Transition | None:
    """Hard's discard for `seat` when he is still to play his turn (None otherwise): the rest of a turn in which
    he melds nothing more."""
    if state.phase is not Phase.PLAY or state.current != seat or state.turn.final:
        return None
    return apply(state, bot.discard(view_for(state, seat, with_history=False), memory))


def hand_worth(state: GameState, seat: int) -> float:
    """My side's hand score minus the others' (on average); or, when the hand ends the game, the game's
    worth: a won game is won whatever the margin."""
    rules = state.rules
    hand = [side.total for side in score_hand(state)]
    mine = score_index(rules, seat)
    others = [total for index, total in enumerate(hand) if index != mine]
    totals = [score + points for score, points in zip(state.scores, hand, strict=True)]
    best = max(totals)
    if best >= rules.target_score:
        leaders = [index for index, total in enumerate(totals) if total == best]
        if mine not in leaders:
            return -GAME_POINTS
        if len(leaders) == 1:
            return GAME_POINTS
    return hand[mine] - sum(others) / max(1, len(others))


def naturals_only(meld: Meld) -> Meld | None:
    """`meld` without its wild cards: the new melds that still hold three natural cards, and the natural
    cards of the additions (None when nothing is left)."""
    new = tuple(naturals for group in meld.new if len(naturals := tuple(c for c in group if not c.is_wild)) >= 3)
    add = tuple((rank, naturals) for rank, group in meld.add if (naturals := tuple(c for c in group if not c.is_wild)))
    return Meld(new, add) if new or add else None


def clear_winner(values: list[list[float]], margin: float) -> int:
    """The index of the candidate to play: 0 (Hard's) unless another beats it on the paired samples by more
    than `margin` points and more than STANDARD_ERRORS standard errors (the biggest such gain wins).

    `values[i]` holds candidate i's results on the first sampled deals; Hard's (`values[0]`) on every one.
    """
    best, best_gain = 0, 0.0
    for index in range(1, len(values)):
        gains = _gains(values[0], values[index])
        if len(gains) < MIN_SAMPLES:
            continue
        mean = statistics.fmean(gains)
        error = statistics.stdev(gains) / math.sqrt(len(gains))
        if mean > margin and mean > _student(len(gains) - 1) * error and mean > best_gain:
            best, best_gain = index, mean
    return best


def hopeless(default: list[float], other: list[float], margin: float) -> bool:
    """Whether a candidate is plainly no match for Hard's choice on the deals so far: even its gain plus
    PRUNE_ERRORS standard errors stays below `margin`. Measured on Expert-against-Hard decisions: dropping such
    candidates from the rest of the deals halves the rollouts and leaves the choices made as they were."""
    gains = _gains(default, other)
    if len(gains) < PRUNE_AFTER:
        return False
    error = statistics.stdev(gains) / math.sqrt(len(gains))
    return statistics.fmean(gains) + PRUNE_ERRORS * error < margin


def _gains(default: list[float], other: list[float]) -> list[float]:
    """A candidate's gain over Hard's choice on each deal both were played on."""
    return [mine - hard for hard, mine in zip(default, other, strict=False)]


def _student(freedom: int) -> float:
    """STANDARD_ERRORS widened for a spread estimated from few samples (Student's t, by the Cornish-Fisher
    expansion): six samples need about 2.6 standard errors, many about 2."""
    z = STANDARD_ERRORS
    return z + (z**3 + z) / (4 * freedom) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * freedom**2)


def _hand_key(hand: tuple[Card, ...]) -> tuple[str, ...]:
    return tuple(sorted(card.text for card in hand))


def _unique(actions: list[Action]) -> list[Action]:
    seen: list[Action] = []
    for action in actions:
        if action not in seen:
            seen.append(action)
    return seen


def sample_world(
    view: PlayerView, memory: CardMemory, rng: random.Random, inference: bool = True, account: Account | None = None
) -> GameState:
    """A whole state consistent with what `view.seat` knows: cards known to be in a hand kept there, cards known
    to lie at the bottom of the stock left there, red threes only in the stock, the other hidden cards dealt at
    random; with `inference`, dealt by the seat's account of the table (`deal_hidden`): at most one card of a rank
    a player drew past (as far as the other cards allow), fewer of the ranks he is unlikely to hold. A caller
    dealing many worlds from one view passes its `account_for(view, memory)` once as `account`."""
    rules = view.rules
    shape = rules.shape
    hidden = Counter(make_deck(shape.packs, shape.jokers_per_pack))
    visible = list(view.hand) + list(view.pile)
    visible += [card for side in view.melds for meld in side for card in meld.cards]
    visible += [card for row in view.red_threes for card in row]
    visible += [card for row in view.black_threes for card in row]
    hidden.subtract(visible)
    bottom = stock_bottom(view)
    hidden.subtract(bottom)  # seen going to the bottom of the stock, and still there
    pool = [card for card in hidden.elements()]
    pool.sort(key=lambda card: (card.text, card.copy))
    account = account_for(view, memory) if account is None else account
    account = account if inference else _known_only(account)
    dealt = deal_hidden(pool, account, view.hand_counts, rules, rng)
    hands = tuple(view.hand if seat == view.seat else hand for seat, hand in enumerate(dealt))
    feet = _feet_for(pool, view.foot_counts)
    return GameState(
        rules=rules,
        scores=view.scores,
        dealer=view.dealer,
        current=view.current,
        phase=view.phase,
        hands=hands,
        stock=(*pool[: view.stock_count - len(bottom)], *bottom),
        pile=view.pile,
        melds=view.melds,
        red_threes=view.red_threes,
        melded_this_hand=view.melded_this_hand,
        turn=view.turn,
        out=view.out,
        pile_frozen_from_start=view.pile_frozen_from_start,
        lone_hand=view.lone_hand,
        feet=feet,
        round=view.round,
        bonus_taken=view.bonus_taken,
        meld_order=view.meld_order,
        asked=view.asked,
        black_threes=view.black_threes,
        turns_played=view.turns_played,
        keeps_history=False,  # the rollouts' players are shown no history
    )


def _known_only(account: Account) -> Account:
    """The account without its inferences: the known cards alone."""
    return Account(account.viewer, tuple(SeatAccount(entry.seat, entry.held) for entry in account.seats))


def _feet_for(pool: list[Card], foot_counts: tuple[int | None, ...]) -> tuple[tuple[Card, ...] | None, ...]:
    """Hand and Foot: a foot of the shuffled pool's next cards for each seat still holding one (nobody has seen
    a foot, its own player included), taken out of `pool`; () in the games without feet."""
    feet: list[tuple[Card, ...] | None] = []
    for count in foot_counts:
        if count is None:
            feet.append(None)
            continue
        feet.append(tuple(pool[:count]))
        del pool[:count]
    return tuple(feet)
