"""The end of a hand: its summary, the final table behind it (Show table: the table undimmed, every hand that was
left face up, and back to the summary), and the review of the hand on the table's felt."""

from __future__ import annotations

import itertools
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
from canasta.engine.cards import sort_key
from canasta.engine.rules import Rules
from canasta.i18n import _
from canasta.storage.settings import AnimationSpeed
from canasta.ui.kit.app import App
from canasta.ui.look.theme import TableLook
from canasta.ui.screens.final_table import SAID, FinalTableScene, laid_out_rects
from canasta.ui.screens.menus import MenuScene
from canasta.ui.screens.review import ReviewScreen
from canasta.ui.table.controller import GameSetup, TableController
from canasta.ui.table.drawing.coach import line_buttons
from canasta.ui.table.layout.regions import Box, back_rects, layout_table
from tests.ui.driver import Driver

INSTANT = TableLook(speed=AnimationSpeed.INSTANT)
MAX_STEPS = 20_000
SIZES = ((800, 600), (1280, 800), (1920, 1080))


def _pixels(surface: pygame.Surface) -> np.ndarray[Any, Any]:
    return pygame.surfarray.array3d(surface).astype(int)


def _hand_over(size: tuple[int, int] = (1280, 800), seed: int = 8) -> tuple[Driver, TableController]:
    """A four-player hand played to its end (greedy choices for the human too), its summary shown."""
    driver = Driver(size, look=INSTANT)
    levels = ("human", "greedy", "greedy", "greedy")
    driver.flow.start(GameSetup(Rules.for_players(4), levels, seed, think_s=0.0))
    driver.table.apply_look(INSTANT)
    controller = driver.flow.controller
    assert controller is not None
    bot = GreedyBot()
    for _step in range(MAX_STEPS):
        if controller.hand_over():
            break
        if controller.human_to_act():
            view = controller.human_view()
            assert controller.submit(bot.choose(view, CardMemory.from_view(view))) is None
        else:
            controller.update(0.05)
            time.sleep(0.0005)  # the computer players think on their own thread
    for _frame in range(200):  # the table notices the end of the hand and the flow shows the summary
        driver.frame()
        if isinstance(driver.app.scenes[-1], MenuScene):
            return driver, controller
    raise AssertionError("the hand's summary never came")


def _same(shown: pygame.Surface, expected: pygame.Surface, box: Box) -> bool:
    """Whether `shown` and `expected` agree in `box`, to within a rounding of the colours."""
    rect = pygame.Rect(box.as_tuple())
    return bool(np.abs(_pixels(shown.subsurface(rect)) - _pixels(expected.subsurface(rect))).max() <= 2)


# -- the final table ----------------------------------------------------------------------------------------------


def test_show_table_lays_every_hand_left_face_up_on_the_table_undimmed() -> None:
    driver, controller = _hand_over()
    summary, table = driver.app.scenes[-1], driver.table
    assert isinstance(summary, MenuScene)
    assert [button.label for button in summary.buttons if button.name == "table"] == ["Show table"]
    driver.key(pygame.K_t)
    assert driver.app.scenes == [table, driver.app.scenes[-1]] and isinstance(driver.app.scenes[-1], FinalTableScene)
    screen, layout = driver.app.screen, table.layout
    alone = pygame.Surface(screen.get_size())
    table.draw(alone)
    for box in (layout.stock, layout.pile, *(side.meld_area for side in layout.sides)):
        assert _same(screen, alone, box), "nothing veils the table"
    left = {seat: hand for seat, hand in enumerate(controller.state.hands) if seat != controller.human and hand}
    assert left, "the deal leaves cards in some hand"
    for seat, hand in left.items():
        ordered = sorted(hand, key=sort_key)
        boxes = laid_out_rects(layout.seats[seat].caption, layout.meld_card_size, len(hand))
        last = boxes[-1]  # the card on top: all of it shows
        face = table.theme.card(ordered[-1].text, (last.w, last.h))
        shown = _pixels(screen.subsurface(pygame.Rect(last.as_tuple())))
        opaque = pygame.surfarray.array_alpha(face) >= 250  # the card's face, not its rounded corners
        assert (np.abs(shown - _pixels(face)).max(axis=2) <= 6)[opaque].mean() > 0.95, (seat, ordered[-1])
        for back in back_rects(layout, seat, len(hand)):
            assert tuple(screen.get_at(back.centre))[:3] == table.theme.palette.plate, "no backs left on the plate"
    driver.flow.quit()


def test_the_toggle_goes_back_to_the_summary_whose_buttons_still_work() -> None:
    driver, controller = _hand_over()
    summary = driver.app.scenes[-1]
    assert isinstance(summary, MenuScene)
    driver.key(pygame.K_t)
    driver.key(pygame.K_t)
    assert driver.app.scenes[-1] is summary, "T again: the same summary"
    driver.click(next(button for button in summary.buttons if button.name == "table").box.centre)
    final = driver.app.scenes[-1]
    assert isinstance(final, FinalTableScene)
    driver.key(pygame.K_ESCAPE)
    assert driver.app.scenes[-1] is summary, "Escape goes back too"
    driver.click(next(button for button in summary.buttons if button.name == "table").box.centre)
    driver.click(final.buttons[0].box.centre)
    assert driver.app.scenes[-1] is summary, "and the button"
    driver.click(next(button for button in summary.buttons if button.name == "next").box.centre)
    assert driver.app.scenes == [driver.table] and controller.hand_number() == 2, "Next hand, as ever"
    driver.flow.quit()


def test_enter_on_the_final_table_does_what_the_summarys_enter_does() -> None:
    driver, controller = _hand_over()
    driver.key(pygame.K_t)
    final = driver.app.scenes[-1]
    assert isinstance(final, FinalTableScene)
    assert [button.label for button in final.buttons] == ["Back to the summary", "Next hand"]
    driver.key(pygame.K_RETURN)
    assert driver.app.scenes == [driver.table] and controller.hand_number() == 2
    driver.flow.quit()


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_the_final_tables_bar_fits_the_message_line(size: tuple[int, int]) -> None:
    driver, _controller = _hand_over(size)
    driver.key(pygame.K_t)
    final = driver.app.scenes[-1]
    assert isinstance(final, FinalTableScene)
    layout, theme = driver.table.layout, driver.table.theme
    room = line_buttons(layout, theme, final.buttons)
    for button in final.buttons:
        assert layout.message.contains(button.box), button.label
        label = f"{button.label} ({button.key_hint})"
        assert theme.fits(label, button.box.w, layout.font_px), label
    assert any(theme.fits(_(words), room.w, layout.font_px) for words in SAID)
    driver.flow.quit()


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_the_hands_left_stay_in_their_seats_caption_room_and_show_every_corner(
    size: tuple[int, int], players: int
) -> None:
    layout = layout_table(size, players, 0)
    for seat in layout.seats[1:]:
        for count in (1, 2, 5, 11, 15, 25):
            boxes = laid_out_rects(seat.caption, layout.meld_card_size, count)
            assert len(boxes) == count and all(seat.caption.contains(box) for box in boxes), (seat.seat, count)
            card_w, card_h = boxes[0].w, boxes[0].h
            assert card_h >= min(24, seat.caption.h) and card_w <= layout.meld_card_size[0]
            rows = sorted({box.y for box in boxes})
            across = [after.x - before.x for before, after in itertools.pairwise(boxes) if before.y == after.y]
            assert all(step >= 0.42 * card_w - 1 for step in across), "each card's corner shows"
            assert all(after - before >= 0.42 * card_h - 1 for before, after in itertools.pairwise(rows)), "row by row"


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
