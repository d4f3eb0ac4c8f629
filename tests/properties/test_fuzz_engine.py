"""Fuzzing the engine: random actions in positions reached by play, and well-formed positions that play
could not reach (any phase, any turn flags, any seat to move, cards moved about), which the referee must
judge all the same (docs/formats.md). An illegal action is refused with a reason and changes nothing; nothing
raises anything else.

The examples tried are counted and printed (`pytest -s`) and written to `fuzz-counts.json` in the pytest
temporary directory. `CANASTA_FUZZ_SCALE=20` multiplies every example budget, for a longer one-off run.
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from canasta.app.referee import handle
from canasta.engine import apply, check, legal_actions, view_for
from canasta.engine.actions import Action, Answer, AskPartner, Discard, Draw, Meld, Pass, TakePile, action_to_json
from canasta.engine.cards import Card, Rank
from canasta.engine.invariants import violations
from canasta.engine.playerview import Phase
from canasta.engine.position import PositionFormatError, dump_position, load_position
from canasta.engine.refusals import IllegalActionError
from canasta.engine.scoring import score_hand
from canasta.engine.state import GameState
from tests.play import played_states

FUZZ_SCALE = int(os.environ.get("CANASTA_FUZZ_SCALE", "1"))
LEVELS = ("random", "greedy", "beginner", "normal")
STRANGERS = tuple(Card.parse(text, 2) for text in ("QH", "7S", "JK", "3D"))  # copies only six players have


def examples(count: int) -> settings:
    return settings(max_examples=count * FUZZ_SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.fixture(scope="module")
def tried(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Counter[str]]:
    """Inputs tried per test, reported when the module is done."""
    counts: Counter[str] = Counter()
    yield counts
    path = tmp_path_factory.mktemp("fuzz") / "fuzz-counts.json"
    path.write_text(json.dumps({**counts, "total": sum(counts.values())}, indent=2), encoding="utf-8")
    print(f"\nengine fuzzing: {sum(counts.values())} inputs tried {dict(counts)} ({path})")


@cache
def positions() -> tuple[str, ...]:
    """Positions reached by play of every quick level with random rules (every fifth state), as JSON text."""
    found: list[str] = []
    for seed in range(12):
        states = list(played_states(seed, LEVELS))[::5]
        found.extend(json.dumps(dump_position(state)) for state in states)
    return tuple(found)


def a_state(pick: int) -> GameState:
    chosen = positions()
    return load_position(json.loads(chosen[pick % len(chosen)]))


@st.composite
def actions(draw: st.DrawFn, state: GameState) -> Action:
    """An action that is often illegal: any type, cards from the mover's hand, from the table, or unknown."""
    hand = list(state.hands[state.current])
    table = list(state.all_cards())

    def cards(most: int) -> tuple[Card, ...]:
        from_hand: bool = bool(hand) and draw(st.booleans())
        source = hand if from_hand else [*table, *STRANGERS]
        picked: list[Card] = draw(st.lists(st.sampled_from(source), max_size=most))
        return tuple(picked)

    kind = draw(st.sampled_from(("draw", "take", "meld", "discard", "ask", "answer", "pass")))
    if kind == "take":
        return TakePile(cards(4), tuple(cards(4) for _ in range(draw(st.integers(0, 2)))))
    if kind == "meld":
        new = tuple(cards(5) for _ in range(draw(st.integers(0, 3))))
        add = tuple((draw(st.sampled_from(list(Rank))), cards(3)) for _ in range(draw(st.integers(0, 2))))
        return Meld(new, add)
    if kind == "discard":
        return Discard(draw(st.sampled_from(hand or table)))
    singles: dict[str, Action] = {"draw": Draw(), "ask": AskPartner(), "pass": Pass()}
    return singles.get(kind) or Answer(draw(st.booleans()))


def assert_judged(state: GameState, action: Action) -> GameState | None:
    """`check` and `apply` agree; a refusal has a reason and leaves the state as it was. The new state or None."""
    before = json.dumps(dump_position(state))
    refusal = check(view_for(state, state.current), action)
    try:
        after = apply(state, action).state
    except IllegalActionError as error:
        assert refusal is not None and error.refusal == refusal, (action, refusal, error.refusal)
        assert refusal.message and refusal.code
        assert json.dumps(dump_position(state)) == before
        return None
    assert refusal is None, (action, refusal)
    return after


@examples(250)
@given(data=st.data(), pick=st.integers(0, 10**6))
def test_random_actions_in_reached_positions_are_judged(data: st.DataObject, pick: int, tried: Counter[str]) -> None:
    state = a_state(pick)
    if state.phase is Phase.OVER:
        return
    for _ in range(4):
        action = data.draw(actions(state))
        tried["actions in reached positions"] += 1
        after = assert_judged(state, action)
        if after is not None:
            assert violations(after) == []
        reply = handle({"position": dump_position(state), "action": action_to_json(action)})
        assert reply.get("legal") is (after is not None), reply


@st.composite
def unreachable(draw: st.DrawFn, state: GameState) -> dict[str, Any]:
    """A well-formed position made from `state` with public fields set at random and cards moved about."""
    data = dump_position(state)
    players = state.rules.players
    data["phase"] = draw(st.sampled_from([phase.value for phase in Phase]))
    data["current"] = draw(st.integers(0, players - 1))
    flags = ("melded", "concealed", "exempt", "final")
    data["turn"] = {flag: draw(st.booleans()) for flag in flags}
    data["turn"]["drew_from"] = draw(st.sampled_from((None, "stock", "pile")))
    data["turn"]["question"] = draw(st.sampled_from((None, "asked", "yes", "no")))
    data["melded_this_hand"] = [draw(st.booleans()) for _ in range(players)]
    data["pile_frozen_from_start"] = draw(st.booleans())
    if data["phase"] == "over":
        data["out"] = draw(
            st.none() | st.fixed_dictionaries({"seat": st.integers(0, players - 1), "concealed": st.booleans()})
        )
    if state.rules.cutthroat:
        data["lone_hand"] = draw(st.none() | st.integers(0, 2))
        if data["lone_hand"] is not None:
            _keep_partners_melds(data, data["lone_hand"])
    _move_cards(data, draw(st.integers(0, 10**6)), draw(st.integers(0, 12)))
    return data


def _keep_partners_melds(data: dict[str, Any], lone: int) -> None:
    """Put the cutthroat partners' melds where a position keeps them (the entry of the seat after the lone hand);
    a meld of a rank already there goes back to the stock, so every card stays somewhere."""
    keeper, other = data["melds"][(lone + 1) % 3], data["melds"][(lone + 2) % 3]
    kept = {_meld_rank(meld) for meld in keeper}
    for meld in other:
        if _meld_rank(meld) in kept:
            data["stock"].extend(meld["cards"] if isinstance(meld, dict) else meld)
        else:
            keeper.append(meld)
    other.clear()


def _meld_rank(meld: list[str] | dict[str, Any]) -> str:
    cards = meld["cards"] if isinstance(meld, dict) else meld
    return next(card[0] for card in cards if card != "JK" and card[0] != "2")


def _move_cards(data: dict[str, Any], seed: int, moves: int) -> None:
    """Move `moves` cards between the hands, the stock and the pile (red threes stay out of hands)."""
    rng = random.Random(seed)
    places = [*data["hands"], data["stock"], data["pile"]]
    for _ in range(moves):
        source = rng.choice(places)
        if source:
            card = source.pop(rng.randrange(len(source)))
            target = rng.choice(places) if card not in ("3H", "3D") else data["stock"]
            target.insert(rng.randrange(len(target) + 1), card)


@examples(250)
@given(data=st.data(), pick=st.integers(0, 10**6))
def test_unreachable_wellformed_positions_are_judged_without_errors(
    data: st.DataObject, pick: int, tried: Counter[str]
) -> None:
    position = data.draw(unreachable(a_state(pick)))
    tried["unreachable positions"] += 1
    try:
        state = load_position(position)
    except PositionFormatError as error:
        assert str(error)
        return
    tried["unreachable positions judged"] += 1
    assert load_position(dump_position(state)) is not None
    score_hand(state)
    assert "score" in handle({"position": position, "score": True})
    if state.phase is Phase.OVER:
        return
    view = view_for(state, state.current)
    for action in legal_actions(view):
        assert check(view, action) is None, action
        apply(state, action)
    for _ in range(3):
        tried["actions in unreachable positions"] += 1
        assert_judged(state, data.draw(actions(state)))
