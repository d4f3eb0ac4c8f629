"""The window with a computer player blocked in every decision where no stop reaches it (a sleep, a lock's wait):
its first decision is abandoned at the deadline, one more thread is tried beside it, and from then on its
decisions are safe moves at once, said once in the log, so two hands leave two threads, not one per decision."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterator

import pytest

from canasta.ai.base import CardMemory
from canasta.ai.baseline import GreedyBot
from canasta.ai.worker import MAX_BLOCKED, THREAD_NAME
from canasta.engine.actions import Action
from canasta.engine.play import safe_action
from canasta.engine.playerview import PlayerView
from canasta.engine.rules import Rules
from canasta.ui.kit.app import App
from canasta.ui.table import computers as computers_module
from canasta.ui.table.controller import GameSetup, TableController
from canasta.ui.table.scene import TableScene

DEADLINE_S = 0.6  # beyond the worker's BLOCKED_AFTER_S, as every level's deadline is
BLOCKED_SEAT = 1
HANDS = 2
FRAME_BOUND_S = 1.0  # generous: only a frame that waited for a thinking thread comes near it
WALL_LIMIT_S = 120.0
THREAD_END_S = 5.0


class BlockedBot(GreedyBot):
    """Blocked in C in every decision until released."""

    def __init__(self, release: threading.Event) -> None:
        self.release = release
        self.calls = 0

    def choose(self, view: PlayerView, memory: CardMemory) -> Action:
        self.calls += 1
        self.release.wait()
        return super().choose(view, memory)


@pytest.fixture
def release() -> Iterator[threading.Event]:
    event = threading.Event()
    yield event
    event.set()


def bot_threads(before: set[threading.Thread]) -> list[threading.Thread]:
    return [thread for thread in threading.enumerate() if thread.name == THREAD_NAME and thread not in before]


def test_two_hands_with_a_blocked_player_leave_two_threads_and_one_warning(
    release: threading.Event, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    caplog.set_level(logging.WARNING, logger="canasta.ai.worker")
    monkeypatch.setattr(computers_module, "deadline_for", lambda bot: DEADLINE_S)
    before = set(threading.enumerate())
    app = App((1280, 800))
    controller = TableController(GameSetup(Rules.for_players(4), ("human", "greedy", "greedy", "greedy"), 5, 0, 0.0))
    blocked = BlockedBot(release)
    controller.computers.bots[BLOCKED_SEAT] = blocked
    app.push(TableScene(app.theme, controller, lambda: None, lambda: None))
    frames: list[float] = []
    most_threads, start = 0, time.monotonic()
    try:
        while len(controller.match.hands) < HANDS:
            assert time.monotonic() - start < WALL_LIMIT_S, "the hands did not finish"
            if controller.hand_over():
                controller.next_hand()
            if controller.human_to_act():
                controller.submit(safe_action(controller.human_view()))
            began = time.perf_counter()
            app.frame(0.25)  # long steps, so the table's animations do not draw the hands out
            frames.append(time.perf_counter() - began)
            most_threads = max(most_threads, len(bot_threads(before)))
            time.sleep(0.001)  # as the real loop waits for the next frame
    finally:
        controller.close()
    warnings = [record.getMessage() for record in caplog.records if "blocked" in record.getMessage()]
    assert blocked.calls == MAX_BLOCKED, "asked once, then once more beside the blocked thread, then no more"
    assert most_threads <= MAX_BLOCKED + 1  # the blocked ones, and the thread of the other seats' decisions
    assert len(warnings) == 1, warnings
    assert max(frames) < FRAME_BOUND_S
    release.set()
    for thread in bot_threads(before):
        thread.join(THREAD_END_S)
    assert not bot_threads(before)
