"""Properties of the engine over positions reached by real play, with random house rules."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from canasta.engine import apply, check, legal_actions, view_for
from canasta.engine.actions import Action, Answer, AskPartner, Discard, Draw, Meld, Pass, TakePile
from canasta.engine.cards import Card, Rank
from canasta.engine.invariants import violations
from canasta.engine.playerview import Phase
from canasta.engine.position import dump_position, load_position
from canasta.engine.refusals import IllegalActionError
from canasta.engine.rules import Variant
from canasta.engine.state import GameState
from tests.play import played_states, reshuffle_unseen

SEEDS = st.integers(min_value=0, max_value=10**9)
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(seed=SEEDS)
def test_every_card_is_in_exactly_one_place_after_every_action(seed: int) -> None:
    for state in played_states(seed):
        assert violations(state) == []


@SETTINGS
@given(seed=SEEDS, pick=st.integers(0, 10**6))
def test_a_view_is_blind_to_what_its_seat_cannot_see(seed: int, pick: int) -> None:
    states = list(played_states(seed))
    assert_blind(states[pick % len(states)], random.Random(pick))


def assert_blind(state: GameState, rng: random.Random) -> None:
    """Every seat's view, and the current player's legal actions, stay the same when what it cannot see is
    dealt anew."""
    for seat in range(state.rules.players):
        shuffled = reshuffle_unseen(state, seat, rng)
        assert view_for(shuffled, seat) == view_for(state, seat)
        if seat == state.current and state.phase is not Phase.OVER:
            assert legal_actions(view_for(shuffled, seat)) == legal_actions(view_for(state, seat))


FAMILY = st.sampled_from([Variant.SAMBA, Variant.BOLIVIA, Variant.HAND_AND_FOOT])


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, pick=st.integers(0, 10**6), variant=FAMILY)
def test_a_view_of_the_family_is_blind_to_hidden_cards_and_the_feet(seed: int, pick: int, variant: Variant) -> None:
    """Samba, Bolivia and Hand and Foot: the other hands, the stock and every foot (its own too) can be dealt
    anew without changing what a seat sees or may do; and every card of the played states stays in one place."""
    states = list(played_states(seed, ("normal", "greedy"), variant))
    assert all(violations(state) == [] for state in states)
    assert_blind(states[pick % len(states)], random.Random(pick))


@SETTINGS
@given(seed=SEEDS, pick=st.integers(0, 10**6))
def test_a_players_own_moves_do_not_depend_on_hidden_cards(seed: int, pick: int) -> None:
    states = [s for s in played_states(seed) if s.phase is Phase.PLAY]
    if not states:
        return
    state = states[pick % len(states)]
    seat = state.current
    shuffled = reshuffle_unseen(state, seat, random.Random(pick))
    for action in legal_actions(view_for(state, seat)):
        if isinstance(action, Draw):
            continue
        assert view_for(apply(shuffled, action).state, seat) == view_for(apply(state, action).state, seat)


def _random_action(rng: random.Random, state: GameState) -> Action:
    """An action that is often illegal: random type, cards from the hand or from anywhere."""
    hand = list(state.hands[state.current])
    anywhere = state.all_cards()

    def some(count: int) -> tuple[Card, ...]:
        source = hand if hand and rng.random() < 0.8 else anywhere
        return tuple(rng.choice(source) for _ in range(count))

    kind = rng.randrange(7)
    if kind == 0:
        return Draw()
    if kind == 1:
        return TakePile(some(rng.randrange(4)), tuple(some(3) for _ in range(rng.randrange(2))))
    if kind == 2:
        rank = rng.choice(list(Rank))
        return Meld(tuple(some(rng.randrange(1, 5)) for _ in range(rng.randrange(3))), ((rank, some(2)),))
    if kind == 3:
        return Discard(some(1)[0])
    if kind == 4:
        return AskPartner()
    if kind == 5:
        return Answer(rng.random() < 0.5)
    return Pass()


@SETTINGS
@given(seed=SEEDS, moves=st.integers(0, 10**6))
def test_a_refused_action_leaves_the_state_unchanged(seed: int, moves: int) -> None:
    rng = random.Random(moves)
    for state in list(played_states(seed))[::5]:
        before = json.dumps(dump_position(state))
        for _ in range(6):
            action = _random_action(rng, state)
            refusal = check(view_for(state, state.current), action)
            try:
                apply(state, action)
            except IllegalActionError as error:
                assert refusal is not None and error.refusal == refusal
                assert refusal.message
            else:
                assert refusal is None
            assert json.dumps(dump_position(state)) == before


@SETTINGS
@given(seed=SEEDS)
def test_every_reachable_position_round_trips_through_json(seed: int) -> None:
    for state in played_states(seed):
        dumped = dump_position(state)
        text = json.dumps(dumped)
        again = load_position(json.loads(text))
        assert dump_position(again) == dumped
        assert again.phase is state.phase and again.turn == state.turn and again.melds == _canonical(state).melds


def _canonical(state: GameState) -> GameState:
    """The state as loading its JSON numbers copies (in order of appearance)."""
    return load_position(dump_position(state))


@SETTINGS
@given(seed=SEEDS)
def test_every_listed_action_is_legal(seed: int) -> None:
    for state in list(played_states(seed))[::3]:
        if state.phase is Phase.OVER:
            continue
        view = view_for(state, state.current)
        actions = legal_actions(view)
        assert actions, "a seat to move always has a legal action"
        for action in actions:
            assert check(view, action) is None
