"""Whole hands played through the window with posted events: mouse only, keyboard only; screenshots; a monkey."""

from __future__ import annotations

import random
from collections.abc import Callable

import pygame
import pytest

from canasta.ai.base import CardMemory
from canasta.ai.baseline import GreedyBot
from canasta.engine.actions import Action
from canasta.engine.play import safe_action
from canasta.engine.playerview import Phase
from tests.ui.driver import Driver

MAX_STEPS = 3000
# The table's own monkey: clicks, drags and keys aimed at the table (tests/ui/test_monkey.py sends fifty thousand
# events over every screen).
MONKEY_STEPS = 1500


def _play_hand(driver: Driver, play: Callable[[Action], None]) -> int:
    """Let a greedy player choose for the human and do each choice through the window; returns the actions."""
    bot = GreedyBot()
    controller = driver.flow.controller
    assert controller is not None
    done = 0
    for _ in range(MAX_STEPS):
        if controller.hand_over():
            driver.settle()  # the going-out moment plays before the summary
            driver.frame()
            return done
        if not controller.human_to_act() or driver.table.animating:
            driver.frame()
            continue
        view = controller.human_view()
        action = bot.choose(view, CardMemory.from_view(view))
        before = controller.state
        play(action)
        assert controller.state is not before, f"{action} was not played: {driver.table.message}"
        done += 1
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize("players", [4, 2])
def test_a_whole_hand_with_the_mouse_alone(players: int) -> None:
    driver = Driver()
    driver.start(players=players, seed=11)
    played = _play_hand(driver, driver.play_by_mouse)
    assert played > 5
    assert len(driver.app.scenes) == 2, "the hand summary is shown over the table"
    controller = driver.flow.controller
    assert controller is not None
    finished = controller.state
    driver.key(pygame.K_RETURN)
    assert len(controller.match.hands) == 1
    # The next hand is dealt and under way: the computer players after the dealer may already have moved (they
    # think on their own thread), so its phase is a draw or a play, and it has seen far less than the last hand.
    assert controller.state.phase in (Phase.DRAW, Phase.PLAY), "the next hand is dealt"
    assert len(controller.state.seen[0]) < len(finished.seen[0]) // 2


def test_a_whole_hand_with_the_keyboard_alone() -> None:
    driver = Driver()
    driver.start(players=4, seed=12)
    assert _play_hand(driver, driver.play_by_keys) > 5


def test_dragging_a_card_onto_the_pile_discards_it() -> None:
    driver = Driver()
    driver.start(players=4, seed=13)
    controller = driver.flow.controller
    assert controller is not None
    while not controller.human_to_act():
        driver.frame()
    driver.key(pygame.K_d)
    card = driver.table.hand.order[0]
    driver.drag(driver.card_point(card), driver.table.layout.pile.centre)
    assert controller.human_view().pile[-1] is card or controller.state.current != 0


def test_an_illegal_drop_is_refused_with_the_engines_message() -> None:
    driver = Driver()
    driver.start(players=4, seed=14)
    controller = driver.flow.controller
    assert controller is not None
    while not controller.human_to_act():
        driver.frame()
    hand_before = controller.human_view().hand
    card = driver.table.hand.order[0]
    driver.drag(driver.card_point(card), driver.table.layout.sides[0].meld_area.centre)  # before drawing
    assert "Draw first" in driver.table.message
    assert controller.human_view().hand == hand_before


def test_escape_asks_before_leaving_a_game() -> None:
    driver = Driver()
    driver.start(players=4, seed=15)
    driver.key(pygame.K_ESCAPE)
    assert len(driver.app.scenes) == 2, "a question, over the table"
    driver.key(pygame.K_ESCAPE)
    assert driver.flow.controller is not None and len(driver.app.scenes) == 1, "Keep playing"
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    driver.frame()
    assert driver.app.state.running and len(driver.app.scenes) == 2, "closing the window asks too"


def test_screenshots_of_the_key_screens() -> None:
    driver = Driver()
    driver.screenshot("title")
    driver.flow.new_game()
    driver.frame()
    driver.screenshot("new-game")
    for players in (2, 3, 4, 6):
        driver.start(players=players, seed=20 + players)
        driver.frame(20)
        driver.screenshot(f"table-{players}-players")
    driver.start(players=4, seed=31)
    _play_hand(driver, driver.play_by_mouse)
    driver.frame()
    path = driver.screenshot("hand-summary")
    assert path.stat().st_size > 10_000


def test_a_monkey_cannot_break_the_window() -> None:
    driver = Driver()
    rng = random.Random(2026)
    width, height = driver.app.size
    keys = [pygame.K_d, pygame.K_t, pygame.K_m, pygame.K_x, pygame.K_a, pygame.K_g, pygame.K_p, pygame.K_s,
            pygame.K_y, pygame.K_n, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_SPACE, pygame.K_RETURN,
            pygame.K_ESCAPE, pygame.K_TAB, pygame.K_c, pygame.K_l, pygame.K_q]  # fmt: skip
    driver.start(players=4, seed=40)
    actions_seen = 0
    for step in range(MONKEY_STEPS):
        kind = rng.random()
        pos = (rng.randrange(width), rng.randrange(height))
        if kind < 0.45:
            driver.click(pos)
        elif kind < 0.6:
            driver.drag(pos, (rng.randrange(width), rng.randrange(height)), steps=2)
        elif kind < 0.9:
            driver.key(rng.choice(keys))
        elif kind < 0.95:
            size = (rng.randrange(700, 2000), rng.randrange(500, 1300))
            pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
            driver.frame()
            width, height = driver.app.size
        else:
            pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
            driver.frame()
        if not driver.app.state.running:  # the monkey found Quit: start again
            driver = Driver()
            driver.start(players=4, seed=41 + step)
        controller = driver.flow.controller
        if controller is None:
            driver.start(players=4, seed=41 + step)
            continue
        if step % 25 == 0 and controller.human_to_act():
            driver.table.act(safe_action(controller.human_view()))  # the game must go on
            actions_seen += 1
    assert actions_seen > 20, actions_seen


def test_the_ui_benchmark_reports_its_figures() -> None:
    from canasta.app.bench import bench_ui

    figures = bench_ui(frames=20, seed=3)
    assert set(figures) >= {"frame_ms_p50", "frame_ms_p95", "frame_ms_p99", "first_frame_s"}
    assert 0 < figures["frame_ms_p50"] <= figures["frame_ms_p95"] <= figures["frame_ms_p99"]
    assert figures["first_frame_s"] > 0


def test_the_human_answers_a_computer_partner_with_the_mouse() -> None:
    from canasta.engine.position import load_position
    from tests.rules.positions import position

    driver = Driver()
    driver.start(players=4, seed=16)
    controller = driver.flow.controller
    assert controller is not None
    asked = position(hands={0: "4C 4D 9H", 2: "KH KD"}, current=0, phase="answer", turn={"question": "asked"})
    controller.state = load_position(asked)
    driver.frame()
    assert driver.table.buttons["go_out"].enabled and driver.table.buttons["go_out"].label.startswith("Yes")
    driver.click(driver.button_point("go_out"))
    assert controller.state.turn.question is not None and controller.state.turn.question.value == "yes"
    assert controller.state.current == 2, "play returns to the partner who asked"
