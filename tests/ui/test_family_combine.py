"""A computer player joins two groups of a rank at the table: its Combine goes through the window's worker and
controller as any other move, instead of being taken for a malformed answer and replaced by the safe move."""

from __future__ import annotations

import logging
import random

import pygame
import pytest

from canasta.ai.base import CardMemory
from canasta.ai.levels import make_bot
from canasta.engine.events import CombineEvent
from canasta.engine.rules import Variant
from canasta.storage.settings import AnimationSpeed
from canasta.ui.look.theme import TableLook
from tests.ui.driver import Driver
from tests.ui.family_driver import play_family_by_mouse, start_family

# A deal of Samba in whose first hand a Normal computer player (seat 2) joins two of its side's groups, with the
# human's seat played by a Normal player through the mouse (found by playing the first hands of many deals).
COMBINING_DEAL = 27
HUMAN = 0
MAX_FRAMES = 20_000
QUICK = TableLook(speed=AnimationSpeed.INSTANT)


def _finish_hand(driver: Driver) -> None:
    """Play the hand to its end, the human's choices made by a Normal player and done with the mouse."""
    controller = driver.flow.controller
    assert controller is not None
    player = make_bot("normal", random.Random(5), 4)
    for _ in range(MAX_FRAMES):
        if controller.hand_over():
            return
        if not controller.human_to_act() or driver.table.animating:
            driver.frame()
            continue
        view = controller.human_view()
        before = controller.state
        play_family_by_mouse(driver, player.choose(view, CardMemory.from_view(view)))
        assert controller.state is not before, f"the human's move was not played: {driver.table.message}"
    raise AssertionError("the hand did not end")


def test_the_window_plays_a_samba_hand_in_which_a_computer_player_combines_groups(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.WARNING)
    driver = Driver(look=QUICK)
    start_family(driver, Variant.SAMBA, seed=COMBINING_DEAL)
    _finish_hand(driver)
    controller = driver.flow.controller
    assert controller is not None
    seen = controller.state.seen[HUMAN]
    joined = [index for index, event in enumerate(seen) if isinstance(event, CombineEvent) and event.seat != HUMAN]
    assert joined, "no computer player joined two groups"
    assert len(seen) > joined[0] + 1, "the hand went on after the groups were joined"
    assert "not a well-formed action" not in caplog.text and "playing a safe move" not in caplog.text
    driver.settle()
    driver.frame()
    driver.key(pygame.K_RETURN)  # the hand's summary: on to the next hand
    for _ in range(50):
        if not controller.hand_over():
            break
        driver.frame()
    assert len(controller.match.hands) == 1 and not controller.hand_over(), "the next hand was dealt"
    controller.close()
