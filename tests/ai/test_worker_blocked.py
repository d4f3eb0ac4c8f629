"""A computer player blocked where a stop cannot reach it (a call into C: a sleep, a lock) costs at most two
threads: its first blocked decision is abandoned, one more thread is tried beside it, and while both stay
blocked every later decision of that worker is the safe move at once, said once in the log. A decision that is
only slow once holds nothing up: the next ones are thought over as usual."""

from __future__ import annotations

import logging
import random
import threading
import time

import pytest

from canasta.ai.base import CardMemory
from canasta.ai.baseline import GreedyBot
from canasta.ai.worker import MAX_BLOCKED, THREAD_NAME, BotWorker
from canasta.app.autoplay import Guard, play_hand
from canasta.engine import apply, new_hand, view_for
from canasta.engine.actions import Action, Draw
from canasta.engine.playerview import Phase, PlayerView
from canasta.engine.rules import Rules

WORKER_LOG = "canasta.ai.worker"
DEADLINE_S = 0.6  # beyond the worker's BLOCKED_AFTER_S: the thread abandoned before is blocked by then
SLEEP_S = 3.0  # each decision of the sleeping player: long beside the deadline, short for the test
THREAD_END_S = 15.0
SLEEPER = 1


class SleepingBot(GreedyBot):
    """Sleeps in every decision, for longer than its deadline (time.sleep never lets a stop in)."""

    def __init__(self) -> None:
        self.calls = 0

    def choose(self, view: PlayerView, memory: CardMemory) -> Action:
        self.calls += 1
        time.sleep(SLEEP_S)
        return super().choose(view, memory)


class OnceBlockedBot(GreedyBot):
    """Blocked on its first decision until released (a lock's wait, in C); quick on every later one."""

    def __init__(self, release: threading.Event) -> None:
        self.release = release
        self.calls = 0

    def choose(self, view: PlayerView, memory: CardMemory) -> Action:
        self.calls += 1
        if self.calls == 1:
            self.release.wait()
        return super().choose(view, memory)


def a_view() -> PlayerView:
    """The mover's view after the first draw of a hand (so a discard is a move)."""
    state = apply(new_hand(Rules.for_players(4), (0, 0), 0, random.Random(3)), Draw()).state
    return view_for(state, state.current)


def bot_threads(before: set[threading.Thread]) -> list[threading.Thread]:
    return [thread for thread in threading.enumerate() if thread.name == THREAD_NAME and thread not in before]


def blocked_warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [
        record.getMessage()
        for record in caplog.records
        if record.name == WORKER_LOG and "blocked" in record.getMessage()
    ]


def test_a_player_asleep_in_every_decision_leaves_two_threads_and_one_warning(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING)
    before = set(threading.enumerate())
    sleeper = SleepingBot()
    players = [GreedyBot() for _ in range(4)]
    players[SLEEPER] = sleeper
    state = new_hand(Rules.for_players(4), (0, 0), 0, random.Random(4))
    with Guard(deadline_s=DEADLINE_S) as guard:
        played = play_hand(state, players, guard=guard)
        threads = bot_threads(before)
    assert played.state.phase is Phase.OVER, "the hand was played to its end"
    assert len(played.fallbacks) > MAX_BLOCKED, "the sleeper's turns were safe moves"
    assert sleeper.calls == MAX_BLOCKED, "asked once, then once more beside the blocked thread, then no more"
    assert len(threads) <= MAX_BLOCKED + 1  # the blocked ones, and the thread of the other seats' decisions
    assert len(blocked_warnings(caplog)) == 1
    for thread in bot_threads(before):
        thread.join(THREAD_END_S)  # each ends when its sleep does: the stop lands then
    assert not bot_threads(before)


def test_a_worker_goes_on_as_usual_once_the_blocked_threads_return(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING)
    before = set(threading.enumerate())
    release = threading.Event()
    blocked = OnceBlockedBot(release)
    view = a_view()
    worker = BotWorker(deadline_s=DEADLINE_S)
    try:
        answers = []
        for turn in range(1, 11):
            worker.request(lambda: blocked.choose(view, CardMemory(4)), turn)
            answers.append(worker.wait(turn))
        assert answers[0] is None and worker.timed_out(1), "the blocked decision was abandoned"
        assert all(answer is not None for answer in answers[1:]), "every later decision was the player's own"
        assert blocked.calls == 10 and not blocked_warnings(caplog)
    finally:
        release.set()
    for thread in [thread for thread in bot_threads(before) if thread is not worker._thinker]:
        thread.join(THREAD_END_S)
    worker.close()
