"""The rules engine: deal a hand, and apply actions to get the next state and what happened.

`check` and `legal_actions` (from `canasta.judge`) judge an action from a seat's view; `apply` runs it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import assert_never

from canasta.actions import Action, Answer, AskPartner, Discard, Draw, Meld, Pass, TakePile
from canasta.cards import Card, make_deck
from canasta.events import (
    AnswerEvent,
    AskPartnerEvent,
    DealEvent,
    DiscardEvent,
    DrawEvent,
    Event,
    HandOverEvent,
    LoneHandEvent,
    MeldEvent,
    PassEvent,
    RedThreeEvent,
    TakePileEvent,
    redact,
)
from canasta.judge import check, legal_actions, meld_plan, take_plan
from canasta.melds import TableMeld
from canasta.playerview import DrewFrom, Out, Phase, Question, TurnState, partner_to_ask, score_index, side_of
from canasta.refusals import IllegalActionError
from canasta.rules import LastCardRedThree, Rules, StockExhausted, UpcardBlackThree, UpcardSpecials
from canasta.state import GameState
from canasta.steps import StepPlan
from canasta.views import view_for

__all__ = ["Transition", "apply", "check", "legal_actions", "new_hand", "view_for"]


@dataclass(frozen=True, slots=True)
class Transition:
    """The state after an action and the events it caused (whole; redact per seat with `events_for`)."""

    state: GameState
    events: tuple[Event, ...]

    def events_for(self, seat: int) -> tuple[Event, ...]:
        return tuple(redact(event, seat) for event in self.events)


def new_hand(rules: Rules, scores: tuple[int, ...], dealer: int, rng: random.Random) -> GameState:
    """Shuffle, deal, turn the upcard and lay out dealt red threes (RULES.md §2)."""
    shape = rules.shape
    deck = list(make_deck(shape.packs, shape.jokers_per_pack))
    rng.shuffle(deck)
    players = rules.players
    order = [(dealer + 1 + i) % players for i in range(players)]
    hands: list[list[Card]] = [[] for _ in range(players)]
    for _ in range(shape.cards_dealt):
        for seat in order:
            hands[seat].append(deck.pop())
    stock = deck[::-1]  # top card first
    pile, bottom, frozen = _turn_upcard(rules, stock)
    events: list[Event] = [DealEvent(dealer, tuple(tuple(hand) for hand in hands), tuple(pile), tuple(bottom))]
    slots = len(shape.sides) if players != 3 else 3
    red_threes: list[list[Card]] = [[] for _ in range(slots)]
    for seat in order:
        _lay_out_dealt_threes(rules, seat, hands[seat], stock, red_threes, events)
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
        red_threes=tuple(tuple(row) for row in red_threes),
        melded_this_hand=(False,) * players,
        turn=TurnState(concealed=True),
        pile_frozen_from_start=frozen,
    )
    return _record(state, events)


def _turn_upcard(rules: Rules, stock: list[Card]) -> tuple[list[Card], list[Card], bool]:
    """Turn cards from `stock` (top first, changed in place) until the pile's top card may stay."""
    pile: list[Card] = []
    bottom: list[Card] = []
    frozen = False
    while stock:
        card = stock.pop(0)
        if card.is_wild or card.is_red_three:
            if rules.upcard_specials is UpcardSpecials.STOCK_BOTTOM:
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
    rules: Rules, seat: int, hand: list[Card], stock: list[Card], red_threes: list[list[Card]], events: list[Event]
) -> None:
    slot = score_index(rules, seat)
    while any(card.is_red_three for card in hand):
        card = next(card for card in hand if card.is_red_three)
        hand.remove(card)
        red_threes[slot].append(card)
        events.append(RedThreeEvent(seat, card))
        if stock:
            replacement = stock.pop(0)
            hand.append(replacement)
            events.append(DrawEvent(seat, 1, (replacement,)))


def _record(state: GameState, events: list[Event]) -> GameState:
    """Add events to every seat's history, each redacted for its seat."""
    seen = state.seen or tuple(() for _ in range(state.rules.players))
    return replace(
        state, seen=tuple(history + tuple(redact(event, seat) for event in events) for seat, history in enumerate(seen))
    )


def apply(state: GameState, action: Action) -> Transition:
    """Return the next state and the events that happened. :raises IllegalActionError: with the refusal."""
    view = view_for(state, state.current, with_history=False)
    match action:
        case TakePile():
            plan = take_plan(view, action)
            if not isinstance(plan, StepPlan):
                raise IllegalActionError(plan)
            next_state, events = _take(state, action, plan)
        case Meld():
            plan = meld_plan(view, action)
            if not isinstance(plan, StepPlan):
                raise IllegalActionError(plan)
            next_state, events = _meld(state, action, plan)
        case Draw() | Discard() | AskPartner() | Answer() | Pass():
            refusal = check(view, action)
            if refusal is not None:
                raise IllegalActionError(refusal)
            next_state, events = _simple(state, action)
        case _:
            assert_never(action)
    return Transition(_record(next_state, events), tuple(events))


def _simple(state: GameState, action: Draw | Discard | AskPartner | Answer | Pass) -> tuple[GameState, list[Event]]:
    match action:
        case Draw():
            return _draw(state)
        case Discard(card):
            return _discard(state, card)
        case AskPartner():
            return _ask(state)
        case Answer(yes):
            return _answer(state, yes)
        case Pass():
            return _end_hand(state, [PassEvent(state.current)], None)
        case _:
            assert_never(action)


def _with_hand(state: GameState, seat: int, hand: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    return tuple(hand if s == seat else held for s, held in enumerate(state.hands))


def _draw(state: GameState) -> tuple[GameState, list[Event]]:
    seat, rules = state.current, state.rules
    stock = list(state.stock)
    count = min(rules.shape.draw_count, len(stock))
    drawn = stock[:count]
    del stock[:count]
    events: list[Event] = [DrawEvent(seat, count, tuple(drawn))]
    hand = list(state.hands[seat])
    threes = list(state.red_threes[score_index(rules, seat)])
    last = drawn[-1]
    pending = list(drawn)
    while pending:
        card = pending.pop(0)
        if not card.is_red_three:
            hand.append(card)
            continue
        threes.append(card)
        events.append(RedThreeEvent(seat, card))
        if stock:
            last = stock.pop(0)
            pending.append(last)
            events.append(DrawEvent(seat, 1, (last,)))
    state = replace(
        state,
        hands=_with_hand(state, seat, tuple(hand)),
        stock=tuple(stock),
        red_threes=_with_row(state.red_threes, score_index(rules, seat), tuple(threes)),
        phase=Phase.PLAY,
        turn=replace(state.turn, drew_from=DrewFrom.STOCK),
    )
    if not stock and last.is_red_three:
        if rules.last_card_red_three is LastCardRedThree.END_NO_MELD:
            return _end_hand(state, events, None)
        state = replace(state, turn=replace(state.turn, final=True))
    return state, events


def _with_row(rows: tuple[tuple[Card, ...], ...], index: int, row: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    return tuple(row if i == index else old for i, old in enumerate(rows))


def _with_side(state: GameState, side: int, melds: tuple[TableMeld, ...]) -> tuple[tuple[TableMeld, ...], ...]:
    return tuple(melds if i == side else old for i, old in enumerate(state.melds))


def _take(state: GameState, action: TakePile, plan: StepPlan) -> tuple[GameState, list[Event]]:
    seat, rules = state.current, state.rules
    side = side_of(rules, state.lone_hand, seat)
    slot = score_index(rules, seat)
    events: list[Event] = [TakePileEvent(seat, state.pile, action.with_, action.also)]
    events.extend(RedThreeEvent(seat, card) for card in plan.red_threes)
    state = replace(
        state,
        hands=_with_hand(state, seat, plan.hand),
        pile=(),
        pile_frozen_from_start=False,
        melds=_with_side(state, side, plan.side_melds),
        red_threes=_with_row(state.red_threes, slot, state.red_threes[slot] + plan.red_threes),
        melded_this_hand=_with_flag(state.melded_this_hand, seat),
        turn=replace(state.turn, drew_from=DrewFrom.PILE, melded=True, concealed=plan.concealed, exempt=plan.exempt),
        phase=Phase.PLAY,
    )
    if rules.cutthroat and state.lone_hand is None:
        state = _form_lone_hand(state, seat)
        events.append(LoneHandEvent(seat))
    if not plan.hand:
        return _go_out(state, events)
    return state, events


def _with_flag(flags: tuple[bool, ...], seat: int) -> tuple[bool, ...]:
    return tuple(True if s == seat else flag for s, flag in enumerate(flags))


def _form_lone_hand(state: GameState, lone: int) -> GameState:
    """Cutthroat: `lone` plays alone; the other two's melds of one rank combine (RULES.md §8)."""
    keeper = (lone + 1) % 3
    other = (lone + 2) % 3
    combined = list(state.melds[keeper])
    for meld in state.melds[other]:
        index = next((i for i, m in enumerate(combined) if m.rank is meld.rank), None)
        if index is None:
            combined.append(replace(meld, concealed=meld.concealed))
        else:
            kept = combined[index]
            combined[index] = TableMeld(kept.rank, kept.cards + meld.cards, False, kept.this_turn or meld.this_turn)
    melds = tuple(
        tuple(combined) if i == keeper else (() if i == other else side) for i, side in enumerate(state.melds)
    )
    return replace(state, lone_hand=lone, melds=melds)


def _meld(state: GameState, action: Meld, plan: StepPlan) -> tuple[GameState, list[Event]]:
    seat = state.current
    side = side_of(state.rules, state.lone_hand, seat)
    state = replace(
        state,
        hands=_with_hand(state, seat, plan.hand),
        melds=_with_side(state, side, plan.side_melds),
        melded_this_hand=_with_flag(state.melded_this_hand, seat),
        turn=replace(state.turn, melded=True, concealed=plan.concealed, exempt=plan.exempt),
    )
    events: list[Event] = [MeldEvent(seat, action.new, action.add)]
    if not plan.hand:
        return _go_out(state, events)
    return state, events


def _discard(state: GameState, card: Card) -> tuple[GameState, list[Event]]:
    seat, rules = state.current, state.rules
    hand = list(state.hands[seat])
    held = card if card in hand else next(c for c in hand if c.text == card.text)
    hand.remove(held)
    state = replace(state, hands=_with_hand(state, seat, tuple(hand)), pile=(*state.pile, held))
    events: list[Event] = [DiscardEvent(seat, held)]
    if not hand:
        return _go_out(state, events)
    if not state.stock and rules.stock_exhausted is StockExhausted.END_AFTER_LAST_DISCARD:
        return _end_hand(state, events, None)
    return _next_turn(state), events


def _next_turn(state: GameState) -> GameState:
    following = (state.current + 1) % state.rules.players
    melds = state.melds
    if any(meld.this_turn for side in melds for meld in side):
        melds = tuple(tuple(replace(meld, this_turn=False) for meld in side) for side in melds)
    return replace(
        state,
        current=following,
        phase=Phase.DRAW,
        melds=melds,
        turn=TurnState(concealed=not state.melded_this_hand[following]),
    )


def _go_out(state: GameState, events: list[Event]) -> tuple[GameState, list[Event]]:
    seat, rules = state.current, state.rules
    if rules.cutthroat and state.lone_hand is None:
        state = _form_lone_hand(state, seat)
        events.append(LoneHandEvent(seat))
    own = state.melds[side_of(rules, state.lone_hand, seat)]
    concealed = state.turn.concealed and any(meld.this_turn and meld.is_canasta(rules) for meld in own)
    return _end_hand(state, events, Out(seat, concealed))


def _end_hand(state: GameState, events: list[Event], out: Out | None) -> tuple[GameState, list[Event]]:
    events.append(HandOverEvent(None if out is None else out.seat, out is not None and out.concealed))
    return replace(state, phase=Phase.OVER, out=out), events


def _ask(state: GameState) -> tuple[GameState, list[Event]]:
    partner = partner_to_ask(state.rules, state.current)
    assert partner is not None
    events: list[Event] = [AskPartnerEvent(state.current)]
    return replace(state, phase=Phase.ANSWER, current=partner, turn=replace(state.turn, question=Question.ASKED)), events


def _answer(state: GameState, yes: bool) -> tuple[GameState, list[Event]]:
    asker = (state.current - 2) % state.rules.players
    phase = Phase.DRAW if state.turn.drew_from is None else Phase.PLAY
    question = Question.YES if yes else Question.NO
    events: list[Event] = [AnswerEvent(state.current, yes)]
    return replace(state, phase=phase, current=asker, turn=replace(state.turn, question=question)), events
