"""Asking partner "may I go out?" at the table: offered only where someone can be asked, said in words that read
naturally, and a "yes" the cards cannot follow says so and what to do instead."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pygame
import pytest

from canasta.engine import new_hand, view_for
from canasta.engine.actions import Discard
from canasta.engine.events import AskPartnerEvent
from canasta.engine.playerview import Phase
from canasta.engine.position import load_position
from canasta.engine.rules import Rules
from canasta.ui.table.controller import GameSetup, TableController
from canasta.ui.table.narration.sentences import narrate
from canasta.ui.table.scene import TableScene
from tests.rules.positions import NATURAL_CANASTA, position
from tests.ui.driver import Driver


def _controller(driver: Driver) -> TableController:
    controller = driver.flow.controller
    assert controller is not None
    return controller


def _start(driver: Driver, players: int, **options: Any) -> TableScene:
    levels = ("human", *("normal",) * (players - 1))
    driver.flow.start(GameSetup(Rules.for_players(players, **options), levels, seed=7, think_s=0.0))
    driver.frame()
    return driver.table


# -- a. nobody to ask: no button, and the key says why ------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "options", "why"),
    [
        (2, {}, "You have no partner to ask."),
        (3, {}, "You have no partner to ask."),
        (4, {"ask_partner": "off"}, "Under the house rules nobody asks partner."),
    ],
)
def test_where_nobody_asks_partner_the_table_offers_no_ask_button_and_the_key_says_why(
    players: int, options: dict[str, str], why: str
) -> None:
    driver = Driver()
    table = _start(driver, players, **options)
    assert "ask_partner" not in table.buttons
    assert "ask_partner" not in dict(table.layout.buttons)
    driver.key(pygame.K_a)  # while the others play, too: not "wait for your turn", as if it could come
    assert table.message == why
    driver.until_human_turn()
    driver.settle()
    before = _controller(driver).state
    driver.key(pygame.K_a)
    assert table.message == why
    assert _controller(driver).state is before


@pytest.mark.parametrize("size", [(1280, 800), (800, 600), (1920, 1080)])
def test_without_the_ask_button_the_others_share_the_same_row_without_gaps(size: tuple[int, int]) -> None:
    with_partner = Driver(size)
    full = dict(_start(with_partner, 4).layout.buttons)
    alone = Driver(size)
    row = [box for _, box in _start(alone, 2).layout.buttons]
    assert [name for name, _ in alone.table.layout.buttons] == [name for name in full if name != "ask_partner"]
    assert row[0].x == full["meld"].x and row[-1].right == full["menu"].right, "the row keeps its place"
    gaps = {second.x - first.right for first, second in itertools.pairwise(row)}
    assert len({box.w for box in row}) == 1 and max(gaps) - min(gaps) <= 1 and min(gaps) > 0
    assert all(box.y == full["meld"].y and box.h == full["meld"].h for box in row)


def test_with_a_partner_the_ask_button_is_offered() -> None:
    driver = Driver()
    table = _start(driver, 4)
    assert "ask_partner" in table.buttons


# -- b. the question in words ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "asker", "words"),
    [
        (4, 0, "You asked Partner: may I go out?"),
        (4, 2, "Partner asked you: may I go out?"),
        (4, 1, "Left asked Right: may I go out?"),
        (4, 3, "Right asked Left: may I go out?"),
        (6, 0, "You asked Left partner: may I go out?"),
        (6, 4, "Right partner asked you: may I go out?"),
    ],
)
def test_the_question_names_who_asks_whom_without_saying_partner_twice(players: int, asker: int, words: str) -> None:
    view = view_for(new_hand(Rules.for_players(players), (0, 0), 0, random.Random(3)), 0)
    assert narrate(AskPartnerEvent(asker), view).text == words


# -- c. a yes the cards cannot follow -------------------------------------------------------------------------------


def _table_at(driver: Driver, text: dict[str, object]) -> TableScene:
    table = _start(driver, 4)
    driver.settle()
    _controller(driver).state = load_position(text)
    driver.frame(4)
    driver.settle()
    return table


def _after_yes(hand: str) -> dict[str, object]:
    """The human has drawn, asked, and partner said yes."""
    return position(
        4, hands={0: hand}, melds={0: [NATURAL_CANASTA]}, pile="4C", current=0, phase="play",
        turn={"drew_from": "stock", "question": "yes"},
    )  # fmt: skip


def test_a_yes_the_cards_cannot_follow_says_so_and_what_to_do_now() -> None:
    driver = Driver()
    table = _table_at(driver, _after_yes("5C 9D 8H JS"))  # four lone cards: no way to meld them all
    view = _controller(driver).human_view()
    assert view.phase is Phase.PLAY and view.current == 0
    assert "Partner said yes, but you cannot go out this turn (G says why): play on." in table.message
    assert "Meld (M) or discard one card" in table.message
    assert "go out this turn." not in table.message.replace("cannot go out this turn", "")
    driver.key(pygame.K_g)
    assert table.message.startswith("You cannot go out now"), "G says why"
    assert table.act(Discard(table.hand.order[0])), "a discard that leaves cards is played: the yes cannot bind"


def test_a_yes_the_cards_can_follow_still_says_go_out() -> None:
    driver = Driver()
    table = _table_at(driver, _after_yes("5C 5D 5H 9C"))  # fives melded, the nine discarded: out
    assert "Partner said yes: go out this turn." in table.message
