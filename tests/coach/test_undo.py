"""Taking moves back restores the very earlier state, and the card memories can be rebuilt for it."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from canasta.ai.base import CardMemory
from canasta.ai.levels import make_bot
from canasta.ai.seat import BotSeat
from canasta.coach.undo import UndoHistory, memories_at, turn_owner
from canasta.engine import Transition, new_hand
from canasta.engine.actions import Action, Discard
from canasta.engine.play import HandOptions, play_hand
from canasta.engine.playerview import Phase
from canasta.engine.position import dump_position
from canasta.engine.rules import Rules
from canasta.engine.state import GameState

HUMAN = 0
Snapshot = list[tuple[list[Counter[str]], list[Counter[str]], list[Counter[object]]]]


def _snapshot(memories: list[CardMemory]) -> Snapshot:
    return [([Counter(c) for c in m.taken], [Counter(c) for c in m.discarded], [Counter(c) for c in m.melded])
            for m in memories]  # fmt: skip


def _play_hand(seed: int) -> tuple[UndoHistory, list[GameState], list[Action | None], list[Snapshot]]:
    """One hand of computer players, seat 0 standing in for the human; every state pushed as play goes."""
    rng = random.Random(seed)
    rules = Rules.for_players(4)
    state = new_hand(rules, (0, 0), rng.randrange(4), rng)
    bots = [make_bot(level, rng, 4) for level in ("normal", "hard", "greedy", "hard")]
    memories = memories_at(state)
    history = UndoHistory(HUMAN)
    history.push(state)
    states: list[GameState] = [state]
    actions: list[Action | None] = [None]
    snapshots = [_snapshot(memories)]
    seats = [BotSeat(bot, memory) for bot, memory in zip(bots, memories, strict=True)]

    def kept(_before: GameState, action: Action, transition: Transition) -> None:
        history.push(transition.state, action)
        states.append(transition.state)
        actions.append(action)
        snapshots.append(_snapshot(memories))

    play_hand(state, seats, HandOptions(on_step=kept))
    return history, states, actions, snapshots


def _replay(states: list[GameState], actions: list[Action | None], upto: int) -> UndoHistory:
    history = UndoHistory(HUMAN)
    for index in range(upto + 1):
        history.push(states[index], actions[index])
    return history


@pytest.mark.parametrize("seed", range(4))
def test_undo_action_goes_back_to_the_exact_state_before_the_humans_last_action(seed: int) -> None:
    checked = 0
    for hand in range(seed, seed + 40, 4):  # a short hand gives few undos to check: play another
        checked += _check_undo_action(hand)
        if checked > 3:
            break
    assert checked > 3


def _check_undo_action(seed: int) -> int:
    """Undo the human's last action at every point of hand `seed`; the number of undos checked."""
    _history, states, actions, snapshots = _play_hand(seed)
    checked = 0
    for point in range(1, len(states)):
        history = _replay(states, actions, point)
        if not history.can_undo_action():
            assert history.undo_action() is None
            continue
        restored = history.undo_action()
        assert restored is not None
        target = max(i for i in range(point) if states[i].current == HUMAN)
        assert restored is states[target] and restored == states[target]
        assert dump_position(restored) == dump_position(states[target])
        assert _snapshot(memories_at(restored)) == snapshots[target]
        assert history.current is restored and history.undos == 1
        assert all(turn_owner(state) == HUMAN or state.phase is Phase.OVER for state in states[target : point + 1])
        checked += 1
    return checked


def _starts_human_turn(state: GameState) -> bool:
    fresh = state.turn.drew_from is None and state.turn.question is None
    return state.current == HUMAN and state.phase is Phase.DRAW and fresh


@pytest.mark.parametrize("seed", range(4))
def test_undo_turn_goes_back_to_the_start_of_a_human_turn_skipping_the_computers(seed: int) -> None:
    _history, states, actions, snapshots = _play_hand(seed)
    starts = [i for i, state in enumerate(states) if _starts_human_turn(state)]
    checked = 0
    for point in range(1, len(states)):
        history = _replay(states, actions, point)
        earlier = [i for i in starts if i < point]
        assert history.can_undo_turn() == bool(earlier)
        restored = history.undo_turn()
        if not earlier:
            assert restored is None
            continue
        assert restored is states[earlier[-1]]
        assert _snapshot(memories_at(restored)) == snapshots[earlier[-1]]
        assert len(history.states) == earlier[-1] + 1
        checked += 1
    assert checked > 3


def test_no_action_undo_once_the_turn_has_passed_and_undos_mark_practice() -> None:
    _history, states, actions, _snapshots = _play_hand(11)
    discard = next(i for i, a in enumerate(actions) if isinstance(a, Discard) and states[i - 1].current == HUMAN)
    history = _replay(states, actions, discard)
    assert states[discard].current != HUMAN
    assert not history.can_undo_action()
    assert history.undos == 0
    assert history.undo_turn() is not None
    assert history.undos == 1


def test_decisions_are_the_humans_moves_that_still_stand() -> None:
    _history, states, actions, _snapshots = _play_hand(5)
    history = _replay(states, actions, len(states) - 1)
    decisions = history.decisions()
    assert decisions and all(decision.state.current == HUMAN for decision in decisions)
    assert [d.action for d in decisions] == [a for i, a in enumerate(actions) if i and states[i - 1].current == HUMAN]
    history.undo_turn()
    assert len(history.decisions()) < len(decisions)


def test_a_new_deal_starts_the_history_afresh() -> None:
    history, states, _actions, _snapshots = _play_hand(3)
    fresh = new_hand(states[0].rules, (0, 0), 1, random.Random(99))
    history.push(fresh)
    assert history.states == (fresh,)
    assert not history.can_undo_action() and not history.can_undo_turn()
