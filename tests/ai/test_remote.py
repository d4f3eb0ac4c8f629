"""The Expert thinking in a process of its own: the same answers as in this process, failures reported, and a
decision abandoned at its deadline ending its process and its waiting thread."""

from __future__ import annotations

import multiprocessing
import random
import threading
import time

import pytest

from canasta.ai.base import CardMemory
from canasta.ai.baseline import GreedyBot
from canasta.ai.levels import make_bot
from canasta.ai.lookahead import Budget
from canasta.ai.remote import ProcessBot, RemoteBotError, _receive, _send
from canasta.ai.worker import THREAD_NAME, BotWorker
from canasta.engine import apply, legal_actions, new_hand, view_for
from canasta.engine.actions import Action
from canasta.engine.playerview import Phase, PlayerView
from canasta.engine.rules import Rules

QUICK = Budget(samples=4, seconds=None)  # no clock: the answers depend on the seed alone
END_S = 10.0  # generous: a killed process and a stopped thread end within moments


class SleepingBot(GreedyBot):
    """Never answers (in the child process)."""

    def choose(self, view: PlayerView, memory: CardMemory) -> Action:
        time.sleep(3600)
        raise AssertionError("woke up")


class FailingBot(GreedyBot):
    def choose(self, view: PlayerView, memory: CardMemory) -> Action:
        raise ValueError("no idea")


def _first_view() -> PlayerView:
    state = new_hand(Rules.for_players(4), (0, 0), 0, random.Random(2))
    return view_for(state, state.current)


def _until(condition: object, seconds: float = END_S) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if callable(condition) and condition():
            return True
        time.sleep(0.02)
    return False


def test_a_view_crosses_the_pipe_equal_and_without_what_was_worked_out_about_it() -> None:
    view = _first_view()
    legal_actions(view)  # worked out once, kept on the view (`answers`)
    assert view.answers
    mine, theirs = multiprocessing.Pipe()
    _send(mine, ("choose", view, CardMemory(4), QUICK))
    method, received, memory, budget = _receive(theirs)
    assert (method, received, budget) == ("choose", view, QUICK)
    assert received.answers == {}  # the engine's values are built afresh by their constructors
    assert received.hand == view.hand and memory.players == 4
    assert legal_actions(received) == legal_actions(view)


@pytest.mark.parametrize("level", ["normal", "hard", "expert"])
def test_a_player_crosses_the_pipe_as_the_same_player(level: str) -> None:
    """Sent by the arguments that make it (compiled classes cannot be unpickled field by field), a player comes
    out with its weights, models and random stream: it chooses as the original does."""
    here = make_bot(level, random.Random(6), 4, QUICK)
    mine, theirs = multiprocessing.Pipe()
    _send(mine, here)
    there = _receive(theirs)
    assert type(there) is type(here)
    state = new_hand(Rules.for_players(4), (0, 0), 0, random.Random(11))
    for _ in range(12):
        view = view_for(state, state.current)
        chosen = here.choose(view, CardMemory(4))
        assert there.choose(view, CardMemory(4)) == chosen
        state = apply(state, chosen).state


def test_the_expert_in_its_own_process_plays_a_hand_as_it_does_here() -> None:
    here = make_bot("expert", random.Random(4), 4, QUICK)
    there = ProcessBot(make_bot("expert", random.Random(4), 4, QUICK), QUICK)
    others = [make_bot("normal", random.Random(seat), 4) for seat in range(4)]
    memories = [CardMemory(4) for _ in range(4)]
    state = new_hand(Rules.for_players(4), (0, 0), 0, random.Random(9))
    try:
        for _ in range(60):  # the first turns of a hand: seat 1 is the Expert
            if state.phase is Phase.OVER:
                break
            seat = state.current
            view = view_for(state, seat)
            if seat == 1:
                action = here.choose(view, memories[seat])
                assert there.choose(view, memories[seat]) == action
            else:
                action = others[seat].choose(view, memories[seat])
            state = apply(state, action).state
        assert there.running
    finally:
        there.close()
    assert not there.running


def test_a_failure_in_the_process_is_reported_and_the_process_thinks_on() -> None:
    bot = ProcessBot(FailingBot(), QUICK)
    try:
        with pytest.raises(RemoteBotError, match="ValueError: no idea"):
            bot.choose(_first_view(), CardMemory(4))
        assert bot.running, "a player's own error leaves its process running"
    finally:
        bot.close()


def test_a_decision_abandoned_at_its_deadline_leaves_no_thread_and_no_process() -> None:
    bot = ProcessBot(SleepingBot(), QUICK)
    worker = BotWorker(deadline_s=0.3)
    view = _first_view()
    assert worker.request(lambda: bot.choose(view, CardMemory(4)), turn_id=1)
    assert _until(lambda: not worker.busy(1)), "the deadline passed"
    assert worker.poll(1) is None and worker.timed_out(1)
    assert _until(lambda: not bot.running), "the sleeping process was ended"
    assert _until(lambda: not any(t.name == THREAD_NAME and t.is_alive() for t in threading.enumerate()))
    worker.close()
