"""Dealing a hand, and applying actions to get the next state and what happened.

`check` and `legal_actions` (from `canasta.engine.judge`) judge an action from a seat's view; `apply` runs it.
"""

from __future__ import annotations

import itertools
import operator
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import assert_never

from canasta.engine.actions import (
    Action,
    Answer,
    AskPartner,
    Combine,
    DeclareSpecial,
    Discard,
    Draw,
    Meld,
    Pass,
    TakePile,
)
from canasta.engine.cards import Card, Rank, make_deck
from canasta.engine.events import (
    AnswerEvent,
    AskPartnerEvent,
    BlackThreesAsideEvent,
    BonusCardsEvent,
    CombineEvent,
    DealEvent,
    DiscardEvent,
    DrawEvent,
    Event,
    HandOverEvent,
    LoneHandEvent,
    MeldEvent,
    PassEvent,
    PickUpFootEvent,
    RedThreeEvent,
    SpecialEvent,
    TakePileEvent,
    redact,
    redact_for_each,
)
from canasta.engine.game.state import GameState
from canasta.engine.game.views import made_view, view_for
from canasta.engine.judge import check, combine_plan, meld_plan, take_plan
from canasta.engine.melds import TableMeld, combine_melds, count_canastas, kinds_to_go_out_refusal
from canasta.engine.playerview import (
    DrewFrom,
    Out,
    Phase,
    PlayerView,
    Question,
    TurnState,
    asker_of,
    bonus_count,
    partner_to_ask,
    releases_packet,
    score_index,
    seats_of_side,
    side_of,
)
from canasta.engine.refusals import IllegalActionError
from canasta.engine.rules import (
    FootAfterDiscard,
    LastCardRedThree,
    MeldKind,
    PacketTrigger,
    Rules,
    SpecialHands,
    StockExhausted,
    UpcardBlackThree,
    UpcardSpecials,
)
from canasta.engine.special_hands import SpecialHand
from canasta.engine.steps import StepPlan

__all__ = ["Transition", "apply", "new_hand"]


@dataclass(frozen=True, slots=True)
class Transition:
    """The state after an action and the events it caused (whole; redact per seat with `events_for`)."""

    state: GameState
    events: tuple[Event, ...]

    def __init__(self, state: GameState, events: tuple[Event, ...]) -> None:
        # Written out: compiled, the fields are set natively (docs/development.md, "The compiled engine").
        object.__setattr__(self, "state", state)
        object.__setattr__(self, "events", events)

    def events_for(self, seat: int) -> tuple[Event, ...]:
        return tuple(redact(event, seat) for event in self.events)


def new_hand(
    rules: Rules, scores: tuple[int, ...], dealer: int, rng: random.Random, *, round_number: int = 1
) -> GameState:
    """Shuffle, deal, turn the upcard and lay out dealt red threes (docs/rules.md, "The deal and the upcard");
    in Hand and Foot also a foot per seat, and `round_number` (1 to 4) sets the first-meld minimum."""
    shape = rules.shape
    deck = list(make_deck(shape.packs, shape.jokers_per_pack))
    rng.shuffle(deck)
    players = rules.players
    order = [(dealer + 1 + i) % players for i in range(players)]
    hands: list[list[Card]] = [[] for _ in range(players)]
    for _ in range(shape.cards_dealt):
        for seat in order:
            hands[seat].append(deck.pop())
    feet: list[tuple[Card, ...] | None] = []
    if shape.foot_size:
        feet = [None] * players
        for seat in order:
            feet[seat] = tuple(deck.pop() for _ in range(shape.foot_size))
    stock = deck[::-1]  # top card first
    pile, bottom, frozen = _turn_upcard(rules, stock) if shape.upcard else ([], [], False)
    events: list[Event] = [DealEvent(dealer, tuple(tuple(hand) for hand in hands), tuple(pile), tuple(bottom))]
    slots = len(shape.sides) if players != 3 else 3
    red_threes: list[list[Card]] = [[] for _ in range(slots)]
    for seat in order if rules.lays_out_red_threes else ():
        red_threes[score_index(rules, seat)].extend(_lay_out_dealt_threes(rules, seat, hands[seat], stock, events))
    rows = [_apart(rules, row) for row in red_threes]
    state = GameState(
        rules=rules,
        scores=tuple(scores),
        dealer=dealer,
        current=order[0],
        phase=Phase.DRAW,
        hands=tuple(tuple(hand) for hand in hands),
        stock=tuple(stock),
        pile=tuple(pile),
        melds=tuple(() for _ in range(slots)),
        red_threes=tuple(red for red, _ in rows),
        melded_this_hand=(False,) * players,
        turn=TurnState(concealed=True),
        pile_frozen_from_start=frozen,
        feet=tuple(feet),
        round=round_number,
        bonus_taken=(False,) * slots if shape.bonus_cards else (),
        asked=(False,) * players if rules.ask_partner_once_per_hand else (),
        black_threes=tuple(black for _, black in rows) if shape.black_threes_row else (),
    )
    return _record(state, events)


def _apart(rules: Rules, laid: Sequence[Card]) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """Threes laid out, as (the row of `red_threes`, those of `black_threes`): black ones apart where the shape
    keeps them in a row of their own (`black_threes_row`), else all in the first."""
    if not rules.shape.black_threes_row:
        return tuple(laid), ()
    return tuple(card for card in laid if not card.is_black_three), tuple(card for card in laid if card.is_black_three)


def _turn_upcard(rules: Rules, stock: list[Card]) -> tuple[list[Card], list[Card], bool]:
    """Turn cards from `stock` (top first, changed in place) until the pile's top card may stay."""
    pile: list[Card] = []
    bottom: list[Card] = []
    frozen = False
    while stock:
        card = stock.pop(0)
        if card.is_wild or card.is_red_three or (card.is_black_three and rules.shape.upcard_to_bottom):
            if rules.upcard_specials is UpcardSpecials.STOCK_BOTTOM or rules.shape.upcard_to_bottom:
                stock.append(card)
                bottom.append(card)
                continue
            pile.append(card)
            continue
        pile.append(card)
        if card.is_black_three and rules.upcard_black_three is not UpcardBlackThree.STAYS:
            frozen = frozen or rules.upcard_black_three is UpcardBlackThree.COVER_AND_FREEZE
            continue
        break
    return pile, bottom, frozen


def _lay_out_dealt_threes(
    rules: Rules, seat: int, hand: list[Card], stock: list[Card], events: list[Event]
) -> list[Card]:
    """Lay out the threes `seat` holds (red ones; in some games black ones too), drawing a replacement for each;
    returns the threes laid out."""
    laid: list[Card] = []
    while any(rules.lays_out(card) for card in hand):
        card = next(card for card in hand if rules.lays_out(card))
        hand.remove(card)
        laid.append(card)
        events.append(RedThreeEvent(seat, card))
        if stock:
            replacement = stock.pop(0)
            hand.append(replacement)
            events.append(DrawEvent(seat, 1, (replacement,)))
    return laid


def _record(state: GameState, events: list[Event]) -> GameState:
    """Add the deal's events to every seat's history."""
    return _Draft(state).build(tuple(events))


class _Draft:
    """A state being changed by one action: mutable while the action runs, frozen again by `build`."""

    __slots__ = (
        "asked", "black_threes", "bonus_taken", "current", "dealer", "events", "feet", "hands", "keeps_history",
        "lone_hand", "meld_order", "melded_this_hand", "melds", "out", "packet_due", "phase", "pile",
        "pile_frozen_from_start", "red_threes", "round", "rules", "scores", "seen", "stock", "turn", "turns_played",
    )  # fmt: skip

    def __init__(self, state: GameState) -> None:
        self.rules = state.rules
        self.scores = state.scores
        self.dealer = state.dealer
        self.current = state.current
        self.phase = state.phase
        self.hands = list(state.hands)
        self.stock = state.stock
        self.pile = state.pile
        self.melds = list(state.melds)
        self.red_threes = list(state.red_threes)
        self.melded_this_hand = state.melded_this_hand
        self.turn = state.turn
        self.out = state.out
        self.pile_frozen_from_start = state.pile_frozen_from_start
        self.lone_hand = state.lone_hand
        self.feet = state.feet
        self.round = state.round
        self.bonus_taken = state.bonus_taken
        self.meld_order = state.meld_order
        self.asked = state.asked
        self.black_threes = list(state.black_threes)
        self.turns_played = state.turns_played
        self.packet_due = state.packet_due
        self.keeps_history = state.keeps_history
        self.seen = state.seen or (tuple(() for _ in range(state.rules.players)) if state.keeps_history else ())
        self.events: list[Event] = []

    def build(self, events: tuple[Event, ...]) -> GameState:
        """The new state, with `events` (all of this draft's) added to each seat's history (if it keeps one)."""
        seen = self.seen
        if self.keeps_history:
            redacted = redact_for_each(events, len(seen))
            seen = tuple(map(operator.add, seen, redacted))  # each seat's history, grown (map: no Python loop)
        return GameState(
            self.rules, self.scores, self.dealer, self.current, self.phase, tuple(self.hands), self.stock, self.pile,
            tuple(self.melds), tuple(self.red_threes), self.melded_this_hand, self.turn, self.out,
            self.pile_frozen_from_start, self.lone_hand, self.feet, self.round, self.bonus_taken, self.meld_order,
            self.asked, tuple(self.black_threes), self.turns_played, self.packet_due, seen, self.keeps_history,
        )  # fmt: skip

    def mark_melded(self, seat: int) -> None:
        if not self.melded_this_hand[seat]:
            self.melded_this_hand = tuple(True if s == seat else flag for s, flag in enumerate(self.melded_this_hand))


def apply(state: GameState, action: Action, *, trusted: bool = False) -> Transition:
    """Return the next state and the events that happened. :raises IllegalActionError: with the refusal.

    `trusted`: the action is known to be legal (the engine's own players took it from `legal_actions` or
    checked it), so a draw, discard, question, answer or pass is not judged again; a meld step or pile take
    still needs its plan (worked out once per view, so usually already there). A trusted action that is not
    legal leaves a state no rule allows: only the look-ahead and the benchmarks trust their players."""
    draft = _Draft(state)
    match action:
        case TakePile():
            plan = take_plan(_judging_view(state), action)
            if not isinstance(plan, StepPlan):
                raise IllegalActionError(plan)
            _take(draft, plan)
        case Meld():
            plan = meld_plan(_judging_view(state), action)
            if not isinstance(plan, StepPlan):
                raise IllegalActionError(plan)
            _meld(draft, plan)
        case Combine():
            plan = combine_plan(_judging_view(state), action)
            if not isinstance(plan, StepPlan):
                raise IllegalActionError(plan)
            _combine(draft, plan, action)
        case Draw() | Discard() | AskPartner() | Answer() | Pass() | DeclareSpecial():
            if not trusted:
                refusal = check(_judging_view(state), action)
                if refusal is not None:
                    raise IllegalActionError(refusal)
            if isinstance(action, DeclareSpecial):
                _declare(draft, action.name)
            else:
                _simple(draft, action)
        case _:
            assert_never(action)
    events = tuple(draft.events)
    return Transition(draft.build(events), events)


def _judging_view(state: GameState) -> PlayerView:
    """The mover's view to judge an action on: one the player was given, if any, so that what was worked out
    for it (say, checking this very action) is reused; judging never reads the history."""
    view = made_view(state, state.current)
    return view if view is not None else view_for(state, state.current)


def _simple(draft: _Draft, action: Draw | Discard | AskPartner | Answer | Pass) -> None:
    match action:
        case Discard(card):
            _discard(draft, card)
        case Draw(keep_three):
            _draw(draft, keep_three)
        case AskPartner():
            _ask(draft)
        case Answer(yes):
            _answer(draft, yes)
        case Pass():
            draft.events.append(PassEvent(draft.current))
            _end_hand(draft, None)
        case _:
            assert_never(action)


def _declare(draft: _Draft, name: SpecialHand) -> None:
    """Modern American: the whole hand laid down as a special hand, its side's only meld; the hand ends at once,
    with no discard and no going-out bonus (docs/variants.md, "Special hands")."""
    seat = draft.current
    cards = draft.hands[seat]
    draft.hands[seat] = ()
    laid = TableMeld(None, cards, kind=MeldKind.SPECIAL, special=name)
    _set_side_melds(draft, side_of(draft.rules, draft.lone_hand, seat), (laid,))
    draft.mark_melded(seat)
    draft.events.append(SpecialEvent(seat, name, cards))
    _end_hand(draft, Out(seat, False, name))


def _draw(draft: _Draft, keep_three: bool = False) -> None:
    """Draw from the stock, laying out the threes drawn and replacing them; `keep_three`: the first three drawn
    stays in hand (kept for the Straight, a special hand)."""
    seat, rules = draft.current, draft.rules
    count = min(rules.shape.draw_count, len(draft.stock))
    drawn, stock = draft.stock[:count], draft.stock[count:]
    draft.events.append(DrawEvent(seat, count, drawn))
    hand = list(draft.hands[seat])
    slot = score_index(rules, seat)
    threes = list(draft.red_threes[slot])
    last = drawn[-1]
    pending = list(drawn)
    keeps = not rules.lays_out_red_threes  # Hand and Foot's penalty_500: a red three is kept like any card
    kept_last_three = False
    while pending:
        card = pending.pop(0)
        if keeps or not rules.lays_out(card):
            hand.append(card)
            continue
        if card is last and not stock and rules.shape.last_three_kept:
            hand.append(card)  # the last stock card, a three: it stays in hand and the hand ends
            kept_last_three = True
            continue
        if keep_three:
            hand.append(card)  # kept for the Straight; any other three is laid out
            keep_three = False
            continue
        threes.append(card)
        draft.events.append(RedThreeEvent(seat, card))
        if stock:
            last, stock = stock[0], stock[1:]
            pending.append(last)
            draft.events.append(DrawEvent(seat, 1, (last,)))
    draft.hands[seat] = tuple(hand)
    draft.stock = stock
    draft.red_threes[slot], black = _apart(rules, threes)
    if black:
        draft.black_threes[slot] = draft.black_threes[slot] + black
    draft.phase = Phase.PLAY
    final = not stock and rules.lays_out(last) and not keeps and not kept_last_three
    turn = draft.turn
    draft.turn = _TURN_STATES[(DrewFrom.STOCK, turn.question, turn.melded, turn.concealed, turn.exempt, final)]
    if kept_last_three or (final and rules.last_card_red_three is LastCardRedThree.END_NO_MELD):
        _end_hand(draft, None)


# Every turn state there can be (3 x 4 x 2^4 = 192), made once, by its fields in order: the turn changes on most
# actions, and a look-up costs a fifth of making a frozen dataclass (which sets each field through a call).
_TURN_STATES = {
    (turn.drew_from, turn.question, turn.melded, turn.concealed, turn.exempt, turn.final): turn
    for turn in itertools.starmap(
        TurnState, itertools.product((None, *DrewFrom), (None, *Question), *[(False, True)] * 4)
    )
}


def _stepped(turn: TurnState, drew_from: DrewFrom | None, plan: StepPlan) -> TurnState:
    """The turn after a meld step or a pile take: melded, with the plan's concealed and exempt marks."""
    return _TURN_STATES[(drew_from, turn.question, True, plan.concealed, plan.exempt, turn.final)]


def _asked(turn: TurnState, question: Question) -> TurnState:
    """The turn with the partner asked, or answered."""
    return _TURN_STATES[(turn.drew_from, question, turn.melded, turn.concealed, turn.exempt, turn.final)]


def _take(draft: _Draft, plan: StepPlan) -> None:
    seat, rules = draft.current, draft.rules
    action = plan.placed
    assert isinstance(action, TakePile)
    slot = score_index(rules, seat)
    left = plan.pile_left
    draft.events.append(TakePileEvent(seat, draft.pile[len(left) :], action.with_, action.also, action.onto))
    if plan.black_threes:  # set aside before the rest of the pile enters the hand
        draft.events.append(BlackThreesAsideEvent(seat, plan.black_threes))
    draft.events.extend(RedThreeEvent(seat, card) for card in plan.red_threes)
    draft.hands[seat] = plan.hand
    draft.pile = left
    draft.pile_frozen_from_start = False
    side = side_of(rules, draft.lone_hand, seat)
    before = draft.melds[side]
    _set_side_melds(draft, side, plan.side_melds)
    red, black = _apart(rules, plan.red_threes)
    draft.red_threes[slot] = draft.red_threes[slot] + red
    if plan.black_threes or black:
        draft.black_threes[slot] = draft.black_threes[slot] + plan.black_threes + black
    draft.mark_melded(seat)
    draft.turn = _stepped(draft.turn, DrewFrom.PILE, plan)
    draft.phase = Phase.PLAY
    if rules.cutthroat and draft.lone_hand is None:
        _form_lone_hand(draft, seat)
    _after_step(draft, before)


def _after_step(draft: _Draft, before: tuple[TableMeld, ...]) -> None:
    """After a meld step or a take: a three kept for the Straight is laid out once the side has melded; the packet
    his own first canasta released (taken up now, or marked due for his next turn); then an empty hand takes up his
    foot or goes out."""
    seat, rules = draft.current, draft.rules
    side = side_of(rules, draft.lone_hand, seat)
    _lay_out_kept_threes(draft, side)
    holds = bool(draft.feet) and draft.feet[seat] is not None and seat not in draft.packet_due
    if releases_packet(rules, holds, before, draft.melds[side]):
        if rules.shape.packet_next_turn:
            draft.packet_due = tuple(sorted((*draft.packet_due, seat)))
        else:
            _pick_up_foot(draft)
    if not draft.hands[seat]:
        _hand_emptied(draft)


def _hand_emptied(draft: _Draft) -> None:
    """The current player's hand is empty after a meld step or a take: he takes up his foot and plays on (where
    an empty hand does that), or he goes out."""
    if _foot_refills(draft, draft.current):
        _pick_up_foot(draft)
    else:
        _go_out(draft)


def _foot_refills(draft: _Draft, seat: int) -> bool:
    """Whether `seat` holds a foot that an empty hand takes up (Hand and Foot; never Pennies' packet)."""
    return (
        draft.rules.shape.packet_trigger is PacketTrigger.HAND_EMPTY
        and bool(draft.feet)
        and draft.feet[seat] is not None
    )


def _pick_up_foot(draft: _Draft) -> None:
    """The current player's foot (packet) joins his hand (in Hand and Foot, his empty hand); its red threes are
    laid out and replaced."""
    seat = draft.current
    foot = draft.feet[seat]
    assert foot is not None
    feet = list(draft.feet)
    feet[seat] = None
    draft.feet = tuple(feet)
    draft.packet_due = tuple(due for due in draft.packet_due if due != seat)
    draft.events.append(PickUpFootEvent(seat, len(foot), foot))
    hand = [*draft.hands[seat], *foot]
    stock = list(draft.stock)
    threes = (
        _lay_out_dealt_threes(draft.rules, seat, hand, stock, draft.events) if draft.rules.lays_out_red_threes else []
    )
    if threes:
        slot = score_index(draft.rules, seat)
        draft.red_threes[slot] = draft.red_threes[slot] + tuple(threes)
        draft.stock = tuple(stock)
    draft.hands[seat] = tuple(hand)


def _form_lone_hand(draft: _Draft, lone: int) -> None:
    """Cutthroat: `lone` plays alone; the other two's melds of one rank combine (docs/rules.md, "Three players,
    cutthroat")."""
    keeper = (lone + 1) % 3
    other = (lone + 2) % 3
    combined = combine_melds(draft.melds[keeper], draft.melds[other])
    draft.melds[keeper] = combined
    draft.melds[other] = ()
    draft.lone_hand = lone
    draft.events.append(LoneHandEvent(lone))


def _meld(draft: _Draft, plan: StepPlan) -> None:
    seat = draft.current
    action = plan.placed
    assert isinstance(action, Meld)
    draft.hands[seat] = plan.hand
    side = side_of(draft.rules, draft.lone_hand, seat)
    before = draft.melds[side]
    _set_side_melds(draft, side, plan.side_melds)
    draft.mark_melded(seat)
    draft.turn = _stepped(draft.turn, draft.turn.drew_from, plan)
    draft.events.append(MeldEvent(seat, action.new, action.add, action.add_to))
    _after_step(draft, before)


def _lay_out_kept_threes(draft: _Draft, side: int) -> None:
    """Once a side has melded, a three its players kept for the Straight is laid out and replaced, as any three is
    (special hands are for a side with no meld)."""
    rules = draft.rules
    if rules.special_hands is SpecialHands.OFF or not draft.stock:
        return  # (with the stock empty a three stays where it is: the last stock card's rule)
    for seat in seats_of_side(rules, draft.lone_hand, side):
        if not any(card.rank is Rank.THREE for card in draft.hands[seat]):
            continue
        hand, stock = list(draft.hands[seat]), list(draft.stock)
        laid = _lay_out_dealt_threes(rules, seat, hand, stock, draft.events)
        slot = score_index(rules, seat)
        draft.red_threes[slot] = draft.red_threes[slot] + tuple(laid)
        draft.hands[seat], draft.stock = tuple(hand), tuple(stock)


def _set_side_melds(draft: _Draft, side: int, melds: tuple[TableMeld, ...]) -> None:
    """A side's melds after a step; in games with bonus cards, a side's first melds put it in the melding order."""
    if not draft.melds[side] and melds and draft.rules.shape.bonus_cards:
        draft.meld_order = (*draft.meld_order, side)
    draft.melds[side] = melds


def _combine(draft: _Draft, plan: StepPlan, action: Combine) -> None:
    seat = draft.current
    draft.melds[side_of(draft.rules, draft.lone_hand, seat)] = plan.side_melds
    draft.events.append(CombineEvent(seat, (min(action.melds), max(action.melds))))


def _discard(draft: _Draft, card: Card) -> None:
    seat, rules = draft.current, draft.rules
    side = side_of(rules, draft.lone_hand, seat)
    bonus = bonus_count(rules, side, tuple(draft.melds), draft.turn.drew_from, len(draft.stock))
    if bonus and draft.bonus_taken and draft.bonus_taken[side]:
        bonus = 0
    hand = list(draft.hands[seat])
    held = card if card in hand else next(c for c in hand if c.text == card.text)
    hand.remove(held)
    draft.hands[seat] = tuple(hand)
    draft.pile = (*draft.pile, held)
    draft.events.append(DiscardEvent(seat, held))
    if not hand and not _foot_refills(draft, seat) and not (bonus and not _may_go_out(draft)):
        _go_out(draft)
        return
    if bonus:
        _take_bonus_cards(draft, side, bonus)
    elif not hand:
        _pick_up_foot(draft)  # emptied by discarding: he plays his foot from his next turn, or by option at once
        if rules.foot_after_discard is FootAfterDiscard.AT_ONCE and draft.hands[seat]:
            return
    if not draft.stock and rules.stock_exhausted is StockExhausted.END_AFTER_LAST_DISCARD:
        _end_hand(draft, None)
    else:
        _next_turn(draft)


def _may_go_out(draft: _Draft) -> bool:
    """Whether the current player's side has what going out needs (the canastas, and the kinds its game asks)."""
    rules = draft.rules
    own = draft.melds[side_of(rules, draft.lone_hand, draft.current)]
    return count_canastas(own, rules) >= rules.canastas_to_go_out and kinds_to_go_out_refusal(own, rules) is None


def _take_bonus_cards(draft: _Draft, side: int, count: int) -> None:
    """The bonus cards after the discard: `count` cards from the stock into the player's hand, for his next turn;
    threes among them are laid out and replaced."""
    seat = draft.current
    drawn, draft.stock = draft.stock[:count], draft.stock[count:]
    draft.events.append(BonusCardsEvent(seat, len(drawn), drawn))
    hand = [*draft.hands[seat], *drawn]
    stock = list(draft.stock)
    threes = _lay_out_dealt_threes(draft.rules, seat, hand, stock, draft.events)
    if threes:
        slot = score_index(draft.rules, seat)
        draft.red_threes[slot] = draft.red_threes[slot] + tuple(threes)
        draft.stock = tuple(stock)
    draft.hands[seat] = tuple(hand)
    taken = draft.bonus_taken or (False,) * len(draft.melds)
    draft.bonus_taken = tuple(True if index == side else flag for index, flag in enumerate(taken))


def _next_turn(draft: _Draft) -> None:
    following = (draft.current + 1) % draft.rules.players
    if draft.rules.shape.first_round_black_three_ban and draft.turns_played < draft.rules.players:
        draft.turns_played += 1  # the first round's turns, counted while it lasts
    for index, side in enumerate(draft.melds):
        if any([meld.this_turn for meld in side]):
            draft.melds[index] = tuple(meld.with_turn_over() if meld.this_turn else meld for meld in side)
    draft.current = following
    draft.phase = Phase.DRAW
    draft.turn = _TURN_STATES[(None, None, False, not draft.melded_this_hand[following], False, False)]
    if following in draft.packet_due:
        _pick_up_foot(draft)  # released in his last turn: he takes it up as his turn begins


def _go_out(draft: _Draft) -> None:
    seat, rules = draft.current, draft.rules
    if rules.cutthroat and draft.lone_hand is None:
        _form_lone_hand(draft, seat)
    if draft.turn.final:
        # The hand ends on the last-card red three: nobody scores a going-out bonus (docs/rules.md, "When the stock
        # runs out").
        _end_hand(draft, None)
        return
    own = draft.melds[side_of(rules, draft.lone_hand, seat)]
    concealed = draft.turn.concealed and any(meld.this_turn and meld.is_canasta(rules) for meld in own)
    _end_hand(draft, Out(seat, concealed))


def _end_hand(draft: _Draft, out: Out | None) -> None:
    draft.events.append(HandOverEvent(None if out is None else out.seat, out is not None and out.concealed))
    draft.phase = Phase.OVER
    draft.out = out


def _ask(draft: _Draft) -> None:
    partner = partner_to_ask(draft.rules, draft.current)
    assert partner is not None
    draft.events.append(AskPartnerEvent(draft.current))
    if draft.asked:
        draft.asked = tuple(True if seat == draft.current else asked for seat, asked in enumerate(draft.asked))
    draft.phase = Phase.ANSWER
    draft.current = partner
    draft.turn = _asked(draft.turn, Question.ASKED)


def _answer(draft: _Draft, yes: bool) -> None:
    draft.events.append(AnswerEvent(draft.current, yes))
    draft.current = asker_of(draft.rules, draft.current)
    draft.phase = Phase.DRAW if draft.turn.drew_from is None else Phase.PLAY
    draft.turn = _asked(draft.turn, Question.YES if yes else Question.NO)
