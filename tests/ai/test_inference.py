"""Reading the table (#48): each inference of the account, its blindness to hidden cards, and the Expert's sampled
deals drawn from it."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from canasta.ai.base import CardMemory
from canasta.ai.inference import (
    DISCARDED_WEIGHT,
    NOT_ADDED_WEIGHT,
    Account,
    SeatAccount,
    account_for,
    deal_hidden,
)
from canasta.ai.levels import hard_weights, make_bot
from canasta.ai.lookahead import Budget, Line, play_out, sample_world
from canasta.engine import new_hand, view_for
from canasta.engine.actions import Draw
from canasta.engine.cards import Card, Rank, make_deck
from canasta.engine.events import DealEvent, DiscardEvent, DrawEvent, Event, MeldEvent, TakePileEvent
from canasta.engine.invariants import violations
from canasta.engine.playerview import Phase, PlayerView
from canasta.engine.rules import Rules, Variant
from tests.play import played_states, reshuffle_unseen

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
CLASSIC = Rules.for_players(4)
DEAL = DealEvent(0, (None, None, None, None), (Card.parse("5H"), Card.parse("6D")))


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(part) for part in text.split())


def _view(rules: Rules, events: tuple[Event, ...]) -> PlayerView:
    """Seat 0's view of a fresh hand with `events` as its history."""
    view = view_for(new_hand(rules, (0,) * len(rules.shape.sides), 0, random.Random(1)), 0)
    return replace(view, history=events)


def _account(*events: Event, rules: Rules = CLASSIC) -> Account:
    """Seat 0's account after `events`, its card memory fed with them as the table feeds it."""
    memory = CardMemory(rules.players)
    memory.observe(events)
    return account_for(_view(rules, (DEAL, *events)), memory)


def test_the_cards_taken_with_the_pile_are_held_until_melded_or_discarded() -> None:
    take = TakePileEvent(2, _cards("5H 6D 9C"), _cards("9H 9S"))
    assert sorted(card.text for card in _account(take).of(2).held) == ["5H", "6D"]
    assert [card.text for card in _account(take, DiscardEvent(2, Card.parse("5H"))).of(2).held] == ["6D"]
    assert _account(take, MeldEvent(2, (_cards("6D 6C 6S"),), ())).of(2).held == (Card.parse("5H"),)
    assert _account(take).of(1).held == ()


def test_a_player_who_drew_past_a_pile_he_could_take_with_a_pair_holds_at_most_one_of_its_top_rank() -> None:
    passed = (DiscardEvent(1, Card.parse("9C")), DrawEvent(2, 1, None))
    assert _account(*passed).of(2).at_most_one == {Rank.NINE}
    assert _account(*passed).of(3).at_most_one == frozenset()
    too_small = (DiscardEvent(1, Card.parse("9C")), DrawEvent(2, 1, None))
    small_deal = DealEvent(0, DEAL.hands, ())  # a pile of one card is let go on purpose: it tells nothing
    memory = CardMemory(4)
    assert account_for(_view(CLASSIC, (small_deal, *too_small)), memory).of(2).at_most_one == frozenset()


def test_a_rank_a_player_discarded_is_less_likely_in_his_hand() -> None:
    account = _account(DiscardEvent(1, Card.parse("9C")), DiscardEvent(1, Card.parse("2C"))).of(1)
    assert account.discarded == {Rank.NINE}  # a wild card's rank is no natural rank to weigh
    assert account.weight(Card.parse("9H")) == DISCARDED_WEIGHT
    assert account.weight(Card.parse("KH")) == account.weight(Card.parse("JK")) == 1.0
    assert account.weights == {Rank.NINE: DISCARDED_WEIGHT}


def test_a_rank_on_his_sides_table_that_a_player_did_not_add_to_is_less_likely_in_his_hand() -> None:
    """Partner's melds say what partner holds: a player ending his turn with a meld of kings on his side's table
    and no king added most likely holds none."""
    kings = MeldEvent(0, (_cards("KH KD KS"),), ())
    after = _account(kings, DiscardEvent(1, Card.parse("4C")), DiscardEvent(2, Card.parse("5C")))
    assert after.of(2).not_added == {Rank.KING}
    assert after.of(1).not_added == frozenset()  # the other side's table: nothing to add to
    assert after.of(2).weight(Card.parse("KC")) == NOT_ADDED_WEIGHT
    before = _account(DiscardEvent(2, Card.parse("5C")), kings)
    assert before.of(2).not_added == frozenset()  # the kings came after his last discard
    taken = TakePileEvent(3, _cards("5H 6D QC"), _cards("QH QS"))
    assert _account(taken, DiscardEvent(1, Card.parse("4C"))).of(1).not_added == {Rank.QUEEN}


def test_both_likelihoods_multiply_and_a_known_card_overrides_them() -> None:
    events = (MeldEvent(0, (_cards("KH KD KS"),), ()), DiscardEvent(2, Card.parse("KC")))
    assert _account(*events).of(2).weight(Card.parse("KH")) == DISCARDED_WEIGHT * NOT_ADDED_WEIGHT
    kept = TakePileEvent(2, _cards("5H KD 9C"), _cards("9H 9S"))
    account = _account(*events, DiscardEvent(1, Card.parse("8D")), kept).of(2)
    assert Card.parse("KD") in account.held
    assert Rank.KING not in account.discarded | account.not_added


def test_the_likelihoods_count_only_in_the_games_judged_as_classic() -> None:
    samba = Rules.for_players(4, variant="samba")
    account = _account(DiscardEvent(1, Card.parse("9C")), rules=samba).of(1)
    assert account.discarded == {Rank.NINE}
    assert account.weight(Card.parse("9H")) == 1.0
    assert account.weights == {}


@pytest.mark.parametrize("variant", [Variant.CLASSIC, Variant.SAMBA, Variant.HAND_AND_FOOT, Variant.CUBAN])
@SETTINGS
@given(seed=st.integers(0, 10**9), pick=st.integers(0, 10**6))
def test_the_account_is_the_same_whatever_the_unseen_cards_are(variant: Variant, seed: int, pick: int) -> None:
    states = [state for state in played_states(seed, ("normal", "hard"), variant) if state.phase is not Phase.OVER]
    state = states[pick % len(states)]
    seat = state.current
    accounts = []
    for position in (state, reshuffle_unseen(state, seat, random.Random(pick))):
        view = view_for(position, seat)
        accounts.append(account_for(view, CardMemory.from_view(view)))
    assert accounts[0] == accounts[1]


def test_a_hand_is_dealt_fewer_cards_of_a_rank_its_player_is_unlikely_to_hold() -> None:
    pool = [card for card in make_deck(2, 2) if card.rank in (Rank.NINE, Rank.KING)]  # 8 nines, 8 kings
    discarded = Account(0, (SeatAccount(0), SeatAccount(1, discarded=frozenset({Rank.NINE}))))
    nothing = Account(0, (SeatAccount(0), SeatAccount(1)))
    nines = []
    for account in (discarded, nothing):
        dealt = [deal_hidden(list(pool), account, (0, 4), CLASSIC, random.Random(n))[1] for n in range(400)]
        nines.append(sum(card.rank is Rank.NINE for hand in dealt for card in hand) / len(dealt))
    assert 1.8 < nines[1] < 2.2  # half the pool: two of four cards
    assert nines[0] < 0.7 * nines[1]


def test_a_dealt_hand_holds_its_known_cards_and_at_most_one_of_an_excluded_rank_while_others_are_there() -> None:
    pool = list(_cards("9C 9D 9H 9S KC KD KH QS QD"))
    account = Account(0, (SeatAccount(0), SeatAccount(1, held=_cards("QS"), at_most_one=frozenset({Rank.NINE}))))
    for n in range(50):
        rest = list(pool)
        hands = deal_hidden(rest, account, (0, 5), CLASSIC, random.Random(n))
        assert Card.parse("QS") in hands[1]
        assert sum(card.rank is Rank.NINE for card in hands[1]) <= 1
        assert Counter(hands[1]) + Counter(rest) == Counter(pool)
    crowded = deal_hidden(list(_cards("9C 9D 9H KC")), account, (0, 4), CLASSIC, random.Random(0))
    assert sum(card.rank is Rank.NINE for card in crowded[1]) == 3  # too few other cards: the exclusion gives way


def test_a_sampled_deal_follows_the_account_and_keeps_every_card() -> None:
    checked = 0
    for seed in range(25):
        for state in list(played_states(seed, ("hard",)))[::5]:
            if state.phase is Phase.OVER:
                continue
            view = view_for(state, state.current)
            memory = CardMemory.from_view(view)
            account = account_for(view, memory)
            world = sample_world(view, memory, random.Random(seed))
            assert violations(world) == []
            assert world == sample_world(view, memory, random.Random(seed))  # the same seed, the same deal
            for seat in range(view.rules.players):
                if seat == view.seat:
                    continue
                assert not Counter(card.text for card in account.of(seat).held) - Counter(
                    card.text for card in world.hands[seat]
                )
                checked += 1
    assert checked >= 100


def _memory_copy(memory: CardMemory) -> list[object]:
    return [list(map(dict, part)) for part in (memory.taken, memory.discarded, memory.melded, memory.melded_wilds)]


def test_rollouts_that_remember_start_from_the_players_memory_and_leave_it_as_it_was() -> None:
    """The look-ahead's players keep card memory from one simulated decision to the next: their play differs from
    players who remember nothing, the same seed plays the same, and the Expert's own memory is not touched."""
    weights = hard_weights(4)
    differ = 0
    for seed in range(12):
        for state in list(played_states(seed, ("hard",)))[5::10]:
            if state.phase is not Phase.DRAW or state.rules.players != 4:
                continue
            view = view_for(state, state.current)
            memory = CardMemory.from_view(view)
            before = _memory_copy(memory)
            world = sample_world(view, memory, random.Random(seed))
            remembering = play_out(world, Line(Draw()), weights, seed, memory=memory)
            assert remembering == play_out(world, Line(Draw()), weights, seed, memory=memory)
            assert _memory_copy(memory) == before
            differ += remembering != play_out(world, Line(Draw()), weights, seed)
    assert differ >= 1


@settings(SETTINGS, max_examples=5)
@given(seed=st.integers(0, 10**9), pick=st.integers(0, 10**6))
def test_an_expert_whose_rollouts_remember_is_still_blind_to_hidden_cards(seed: int, pick: int) -> None:
    states = [state for state in played_states(seed, ("hard",)) if state.phase is Phase.PLAY]
    if not states:
        return
    state = states[pick % len(states)]
    seat = state.current
    budget = Budget(samples=8, seconds=None, margin=0.0, remembers=True)  # enough to overrule Hard at times
    decisions = []
    for position in (state, reshuffle_unseen(state, seat, random.Random(pick))):
        view = view_for(position, seat)
        bot = make_bot("expert", random.Random(seed), state.rules.players, budget)
        decisions.append(bot.choose(view, CardMemory.from_view(view)))
    assert decisions[0] == decisions[1]
