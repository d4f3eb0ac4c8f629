"""The window keeps answering while a computer player hangs: its worker gives up at the deadline, the table
plays a safe move for it, and no frame waits for the thinking thread."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterator

import pytest

from canasta.ai.base import CardMemory
from canasta.ai.baseline import GreedyBot
from canasta.ai.worker import BotWorker
from canasta.engine.actions import Action, Meld
from canasta.engine.cards import Card
from canasta.engine.play import safe_action
from canasta.engine.playerview import PlayerView
from canasta.engine.rules import Rules
from canasta.ui.kit.app import App
from canasta.ui.table.controller import GameSetup, TableController
from canasta.ui.table.scene import TableScene

HANG_SEAT, RAISE_SEAT, ILLEGAL_SEAT = 1, 2, 3
FRAME_BOUND_S = 1.0  # generous: a frame that waited for the hanging thread would block for good
WALL_LIMIT_S = 30.0


class HangingBot(GreedyBot):
    """Its first decision hangs until released (blocked in C, where no stop reaches it); the others are quick. A
    player that hangs in every decision is held to two threads: tests/ui/test_bot_blocked.py."""

    def __init__(self, release: threading.Event) -> None:
        self.release = release
        self.calls = 0

    def choose(self, view: PlayerView, memory: CardMemory) -> Action:
        self.calls += 1
        if self.calls == 1:
            self.release.wait()
        return super().choose(view, memory)


class RaisingBot(GreedyBot):
    def choose(self, view: PlayerView, memory: CardMemory) -> Action:
        raise ZeroDivisionError("planted failure")


class IllegalBot(GreedyBot):
    def choose(self, view: PlayerView, memory: CardMemory) -> Action:
        return Meld(new=((Card.parse("KH"),),))  # one card is never a meld


@pytest.fixture
def release() -> Iterator[threading.Event]:
    event = threading.Event()
    yield event
    event.set()


def test_frames_stay_short_while_a_computer_player_hangs(
    release: threading.Event, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    app = App((1280, 800))
    setup = GameSetup(Rules.for_players(4), ("human", "greedy", "greedy", "greedy"), seed=5, think_s=0.05)
    controller = TableController(setup)
    controller.computers.worker.close()
    controller.computers.worker = BotWorker(deadline_s=0.3)
    hanging = HangingBot(release)
    controller.computers.bots[HANG_SEAT] = hanging
    controller.computers.bots[RAISE_SEAT] = RaisingBot()
    controller.computers.bots[ILLEGAL_SEAT] = IllegalBot()
    app.push(TableScene(app.theme, controller, lambda: None, lambda: None))
    frames: list[float] = []
    moves_by_hanging_seat = 0
    start = time.perf_counter()
    while moves_by_hanging_seat < 2 and time.perf_counter() - start < WALL_LIMIT_S:
        if controller.hand_over():
            controller.next_hand()
        if controller.human_to_act():
            controller.submit(safe_action(controller.human_view()))
        was_hanging_turn = controller.state.current == HANG_SEAT and not controller.hand_over()
        began = time.perf_counter()
        app.frame(1 / 60)
        frames.append(time.perf_counter() - began)
        moves_by_hanging_seat += was_hanging_turn and controller.state.current != HANG_SEAT
        time.sleep(1 / 120)  # as the real loop waits for the next frame
    controller.close()
    print(f"\n{len(frames)} frames while a computer player hung; longest {max(frames) * 1000:.1f} ms")
    assert moves_by_hanging_seat >= 2, "the game did not move on past the hanging computer player"
    assert hanging.calls >= 4  # a draw and a play for each of its turns
    assert max(frames) < FRAME_BOUND_S
    messages = caplog.text
    assert "did not answer within its deadline" in messages
    assert "failed while thinking" in messages
    assert "illegal move" in messages
