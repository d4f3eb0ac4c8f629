"""The computer players' pace at the table, on a fake clock: frames of a fixed length and computer players that
decide at once on the test's own thread, so nothing sleeps and only the frames set the pace. B and "." are
answered at once even while cards move; each computer move stays on screen at least its reading time, and the
default pace gives each move at least its thinking pause."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Callable
from itertools import pairwise
from typing import Any

import pygame
import pytest

from canasta.ai.worker import BotWorker
from canasta.engine.actions import Action
from canasta.engine.rules import Rules
from canasta.storage.settings import AnimationSpeed, Settings
from canasta.ui.flow.game import GameFlow
from canasta.ui.kit.animation import Timing
from canasta.ui.kit.app import App
from canasta.ui.look.theme import TableLook
from canasta.ui.table.controller import GameSetup, TableController
from canasta.ui.table.narration.talk import LogEntry, Pace
from canasta.ui.table.pace import READING_WORDS_PER_S, ReadingHold, reading_s
from canasta.ui.table.scene import TableScene

FRAME_S = 0.05  # one frame of the fake clock
SLACK_S = FRAME_S + 1e-9  # the game counts the frame a wait ends in as waited
HUMAN = 0
LEVELS = ("human", "normal", "normal", "normal")


class AtOnce(BotWorker):
    """A worker that decides on the caller's thread as soon as asked: the computer players are always ready, so
    the table's pace alone decides when they move."""

    def __init__(self) -> None:
        super().__init__()
        self._ready: tuple[int, Action] | None = None

    def request(self, decide: Callable[[], Action], turn_id: int, deadline_s: float | None = None) -> bool:
        self._ready = (turn_id, decide())
        return True

    def busy(self, turn_id: int) -> bool:
        return self._ready is not None and self._ready[0] == turn_id

    def poll(self, turn_id: int) -> Action | None:
        ready, self._ready = self._ready, None
        return ready[1] if ready is not None and ready[0] == turn_id else None

    def close(self) -> None:
        self._ready = None


class Table:
    """The window on a game of four at `think_s`, driven frame by frame; it notes when each line was said."""

    def __init__(self, think_s: float, seed: int = 18, look: TableLook | None = None) -> None:
        self.app = App((1280, 800))
        self.flow = GameFlow(self.app)
        self.flow.start(GameSetup(Rules.for_players(4), LEVELS, seed, think_s=think_s))
        self.controller.computers.worker.close()
        self.controller.computers.worker = AtOnce()
        if look is not None:
            self.scene.apply_look(look)
        self.now_s = 0.0
        self.said: list[tuple[float, LogEntry]] = []

    @property
    def controller(self) -> TableController:
        assert self.flow.controller is not None
        return self.flow.controller

    @property
    def scene(self) -> TableScene:
        assert self.flow.table is not None
        return self.flow.table

    def moves(self) -> int:
        return len(self.controller.record.hands[-1])

    def frame(self, count: int = 1) -> None:
        for _ in range(count):
            before = len(self.scene.aside.talk.log)
            self.app.frame(FRAME_S)
            self.now_s += FRAME_S
            self.said.extend((self.now_s, entry) for entry in self.scene.aside.talk.log[before:])

    def until(self, done: Callable[[], bool], most_s: float = 120.0) -> None:
        for _ in range(round(most_s / FRAME_S)):
            if done():
                return
            self.frame()
        raise AssertionError("it never happened")

    def key(self, key: int) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
        self.frame()

    def click(self, pos: tuple[int, int]) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        self.frame()

    def play_the_humans_turn(self) -> None:
        """The human plays the hint's moves until his turn is over, waiting for the cards each time."""
        self.until(self.controller.human_to_act)
        while self.controller.human_to_act():
            self.until(lambda: not self.scene.animating)
            hint = self.controller.hint()
            assert hint is not None
            self.scene.act(hint.action)
            self.frame()

    def computer_move_flying(self) -> int:
        """Frames until a computer move's cards are flying; the number of moves played then."""
        played = self.moves()
        self.until(lambda: self.moves() > played and self.scene.animating)
        return self.moves()

    def close(self) -> None:
        self.flow.quit()


@pytest.fixture
def table() -> Table:
    return Table(think_s=Settings().think_s)


def drawn_words(scene: TableScene, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the table draws in one frame."""
    words: list[str] = []
    theme = scene.drawer.theme
    text = theme.text

    def keep(screen: pygame.Surface, said: str, *args: Any, **options: Any) -> None:
        words.append(said)
        text(screen, said, *args, **options)

    monkeypatch.setattr(theme, "text", keep)
    scene.draw(pygame.Surface(scene.size))
    monkeypatch.undo()
    return words


def test_b_pauses_before_the_next_computer_move_even_while_cards_fly(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    table.play_the_humans_turn()
    moves = table.computer_move_flying()
    table.key(pygame.K_b)
    scene = table.scene
    assert scene.aside.pace.paused, "B pauses at once (it used to only hurry the flying cards)"
    table.frame(round(30 / FRAME_S))
    assert table.moves() == moves, "paused: the move in flight lands and no other comes"
    assert scene.buttons["pause"].label == "Resume" and "paused" in scene.message
    assert "Paused" in drawn_words(scene, monkeypatch), "the table shows that it is paused"
    table.key(pygame.K_b)
    table.until(lambda: table.moves() > moves)
    table.close()


def test_the_pause_button_is_answered_while_cards_fly(table: Table) -> None:
    table.play_the_humans_turn()
    moves = table.computer_move_flying()
    table.click(table.scene.buttons["pause"].box.centre)
    assert table.scene.aside.pace.paused
    table.frame(round(20 / FRAME_S))
    assert table.moves() == moves
    table.close()


def test_a_step_while_cards_fly_lets_exactly_one_more_move_through(table: Table) -> None:
    table.play_the_humans_turn()
    moves = table.computer_move_flying()
    table.key(pygame.K_b)
    table.key(pygame.K_PERIOD)  # the paused move's cards still fly
    table.frame(round(20 / FRAME_S))
    assert table.moves() == moves + 1, "one step, one move, then paused again"
    assert table.scene.aside.pace.paused
    table.close()


def computer_gaps(table: Table) -> list[tuple[float, str]]:
    """For each computer move said after another computer move: the time between the two, and the earlier words."""
    said = [(at_s, entry) for at_s, entry in table.said if entry.seat not in (None, HUMAN)]
    return [
        (later_s - at_s, entry.text)
        for (at_s, entry), (later_s, _) in pairwise(said)
        if not any(at_s < human_s < later_s for human_s, other in table.said if other.seat in (None, HUMAN))
    ]


def test_each_computer_move_stays_on_screen_its_reading_time_at_the_default_pace(table: Table) -> None:
    for _ in range(3):
        table.play_the_humans_turn()
    table.until(table.controller.human_to_act)
    gaps = computer_gaps(table)
    assert len(gaps) >= 12
    think_s = Settings().think_s
    least_s = think_s + Timing().fly_s  # a card's flight, then the thinking pause
    for gap_s, words in gaps:
        assert gap_s >= max(reading_s(words), least_s) - SLACK_S, (gap_s, words)
    draws = [gap_s for gap_s, words in gaps if words.endswith("drew a card from the stock.")]
    assert draws and min(draws) >= 7 / READING_WORDS_PER_S - SLACK_S, "seven words: two seconds"
    assert min(gap_s for gap_s, _ in gaps) >= 1.0 + Timing().fly_s - SLACK_S, "the default pace's least"
    table.close()


def test_without_flights_the_default_pace_still_gives_each_move_its_thinking_pause() -> None:
    table = Table(think_s=Settings().think_s, look=TableLook(speed=AnimationSpeed.INSTANT))
    for _ in range(3):
        table.play_the_humans_turn()
    table.until(table.controller.human_to_act)
    gaps = computer_gaps(table)
    assert gaps and min(gap_s for gap_s, _ in gaps) >= 1.0 - SLACK_S
    table.close()


def test_no_pause_means_no_waiting_for_the_reading_either() -> None:
    table = Table(think_s=0.0, look=TableLook(speed=AnimationSpeed.INSTANT))
    table.play_the_humans_turn()
    table.until(table.controller.human_to_act, most_s=1.0)
    table.close()


def test_reading_time_counts_words_at_a_speed_in_proportion_to_the_pause() -> None:
    draw = "Left drew a card from the stock."
    assert reading_s(draw) == pytest.approx(7 / READING_WORDS_PER_S) == pytest.approx(2.0)
    assert reading_s("Right discarded 7♦.") == pytest.approx(3 / 3.5)
    assert reading_s(draw, think_s=0.5) == pytest.approx(1.0) and reading_s(draw, think_s=2.0) == pytest.approx(4.0)
    assert reading_s(draw, think_s=0.0) == 0.0, "no pause, no reading time"


def test_the_thinking_pause_counts_towards_the_reading_time() -> None:
    hold = ReadingHold()
    hold.said(["Left drew a card from the stock."])
    assert hold.holds(1.0) and not hold.holds(0.0)
    hold.advance(0.9, 1.0)
    assert hold.holds(1.0)
    hold.advance(0.2, 1.0)
    assert not hold.holds(1.0) and hold.reading(1.0), "the last second is the thinking pause's"
    hold.advance(1.0, 1.0)
    assert not hold.reading(1.0)


def test_a_step_does_not_wait_for_the_reading() -> None:
    from canasta.ui.table.pace import computers_may_move

    hold = ReadingHold()
    hold.said(["Partner melded 7♦ 7♥ 7♥ and added 6♦, 6♠ and 2♥ to our sixes."])
    pace = Pace()
    assert not computers_may_move(pace, hold, busy=False, think_s=1.0)
    pace.toggle()
    pace.step()
    assert computers_may_move(pace, hold, busy=False, think_s=1.0)
    assert not computers_may_move(pace, hold, busy=True, think_s=1.0), "never while cards fly"
