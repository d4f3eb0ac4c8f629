"""The end of a hand: its summary, the final table behind it (Show table: the table undimmed, every hand that was
left face up, and back to the summary), and the review of the hand on the table's felt."""

from __future__ import annotations

import random
import time
from typing import Any

import numpy as np
import pygame
import pytest

from canasta.ai.base import CardMemory
from canasta.ai.baseline import GreedyBot
from canasta.coach.undo import Decision
from canasta.engine import new_hand
from canasta.engine.actions import Draw
from canasta.engine.cards import Card
from canasta.engine.rules import Rules
from canasta.storage.settings import AnimationSpeed
from canasta.ui.app import App
from canasta.ui.controller import GameSetup, TableController
from canasta.ui.menus import MenuScene
from canasta.ui.review_screen import ReviewScreen
from canasta.ui.theme import TableLook
from tests.ui.driver import Driver

INSTANT = TableLook(speed=AnimationSpeed.INSTANT)
MAX_STEPS = 20_000
SIZES = ((800, 600), (1280, 800), (1920, 1080))


def _pixels(surface: pygame.Surface) -> np.ndarray[Any, Any]:
    return pygame.surfarray.array3d(surface).astype(int)


# -- the review ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_the_review_sits_on_the_tables_felt_not_on_a_black_veil(size: tuple[int, int]) -> None:
    app = App(size)
    state = new_hand(Rules.for_players(4), (0, 0), 3, random.Random(5))
    review = ReviewScreen(app.theme, [Decision(state, Draw())], 1, lambda: None, start=False)
    review.resize(size)
    below = pygame.Surface(size)
    below.fill((200, 40, 40))  # whatever lies below (the summary over the table) does not show through
    review.draw(below)
    felt = app.theme.background(size)
    for point in ((4, size[1] // 2), (size[0] - 5, size[1] // 3), (4, 4), (size[0] // 2, size[1] - 3)):
        assert below.get_at(point) == felt.get_at(point), point
