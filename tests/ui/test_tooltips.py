"""Tooltips at the table: gone once their action was done (a click or a key) until the pointer rests on something
else, never over a refusal on the message line, and never an empty box (headless, posted events)."""

from __future__ import annotations

import pygame
import pytest

from canasta.ui.table.drawing.frame import TURN_MARKER
from canasta.ui.table.drawing.help_overlay import tooltip_box
from canasta.ui.table.scene import TableScene
from tests.ui.driver import Driver


def hover(driver: Driver, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    driver.frame()


def tooltip(table: TableScene) -> str | None:
    """The tooltip's words as the table would draw them now, or None."""
    shown = table._overlay().tooltip
    return None if shown is None else shown[0]


@pytest.fixture
def driver() -> Driver:
    driver = Driver()
    driver.start(players=4, seed=7)
    driver.until_human_turn()
    driver.settle()
    return driver


def test_a_tooltip_goes_once_its_button_was_clicked_until_the_pointer_moves_on(driver: Driver) -> None:
    table = driver.table
    sort = table.buttons["sort"].box.centre
    hover(driver, sort)
    assert tooltip(table) == "Sort your hand (key: S)"
    driver.click(sort)
    assert tooltip(table) is None, "done: the tooltip does not linger"
    hover(driver, (sort[0] + 2, sort[1]))
    assert tooltip(table) is None, "still resting on the button it was for"
    hover(driver, table.layout.stock.centre)
    assert tooltip(table) == "Draw from the stock (key: D)"
    hover(driver, sort)
    assert tooltip(table) == "Sort your hand (key: S)", "back on the button after resting elsewhere"


def test_a_tooltip_goes_once_its_key_was_pressed(driver: Driver) -> None:
    table = driver.table
    hover(driver, table.layout.stock.centre)
    assert tooltip(table) == "Draw from the stock (key: D)"
    driver.key(pygame.K_d)
    assert not table.ctl.human_to_act() or table.ctl.human_view().phase.name != "DRAW", "drawn"
    assert tooltip(table) is None


def test_a_refusal_on_the_message_line_is_never_under_a_tooltip(driver: Driver) -> None:
    table = driver.table
    go_out = table.buttons["go_out"].box
    driver.click(go_out.centre)  # a greyed button clicked says why
    assert table.coach.last_refusal is not None and table.message == table.coach.refusal_words
    hover(driver, table.layout.stock.centre)
    hover(driver, go_out.centre)  # resting on the button anew: its tooltip would lie over the refusal
    words = "Go out (key: G)"
    box = tooltip_box(table.theme.font(table.layout.font_px), words, (go_out.centre[0], go_out.y), table.size)
    assert box.overlaps(table.coach.message_box or table.layout.message)
    assert tooltip(table) is None, "the refusal stays readable"
    hover(driver, table.layout.stock.centre)
    assert tooltip(table) == "Draw from the stock (key: D)", "a tooltip away from the message line still shows"
    driver.key(pygame.K_d)  # a move played: the message line says the turn's words again
    driver.settle()
    assert table.message.startswith(TURN_MARKER)
    hover(driver, go_out.centre)
    assert tooltip(table) == words


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("log", "The move log of the last hands (key: L)"),
        ("pause", "Pause or resume the computer players (key: B)"),
        ("step", "One computer move while they are paused (key: .)"),
    ],
)
def test_the_tools_have_tooltips_and_none_is_an_empty_box(driver: Driver, name: str, words: str) -> None:
    hover(driver, driver.table.buttons[name].box.centre)
    assert tooltip(driver.table) == words
