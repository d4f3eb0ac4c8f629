"""What the table says when selected cards make no meld or cannot take the pile: the rule those very cards
break, never that a meld of one card is too small (the window's side of the refusals that say why)."""

from __future__ import annotations

from typing import Any

import pytest

from canasta.engine.cards import Card
from canasta.engine.judge import check
from canasta.engine.position import load_position
from canasta.engine.refusal_text import refusal_text
from canasta.engine.rules import Variant
from canasta.engine.state import GameState
from canasta.engine.views import view_for
from canasta.ui.table.input.actions import meld_from_selection
from tests.rules.positions import position as classic_position
from tests.rules_family.family import aces, position
from tests.ui.driver import Driver
from tests.ui.family_driver import start_family

TOO_SMALL = "needs at least 3 cards"


def at_table(variant: str, pos: dict[str, Any]) -> Driver:
    """A table of `variant` (the human at seat 0, to act) showing `pos`."""
    driver = Driver()
    if variant == "classic":
        driver.start(seed=3)
    else:
        start_family(driver, Variant(variant), seed=3)
    controller = driver.flow.controller
    assert controller is not None
    controller.state = load_position(pos)
    driver.frame()
    driver.settle()
    return driver


def game_state(driver: Driver) -> GameState:
    controller = driver.flow.controller
    assert controller is not None
    return controller.state


def select(driver: Driver, *names: str) -> None:
    driver.select_by_mouse(tuple(next(card for card in driver.table.hand.order if card.text == name) for name in names))


@pytest.mark.parametrize("variant", ["samba", "bolivia"])
def test_seven_eight_nine_of_two_suits_with_the_meld_button_are_neither_a_group_nor_a_sequence(variant: str) -> None:
    driver = at_table(variant, position(variant, hands={0: "7S 8C 9C KH 4D"}, melds={0: [aces()]}, phase="play"))
    before = game_state(driver)
    select(driver, "7S", "8C", "9C")
    driver.click(driver.button_point("meld"))
    assert game_state(driver) is before
    message = driver.table.message
    assert (
        message
        == "Neither a group nor a sequence: 7\u2660\u00a08\u2663\u00a09\u2663. A sequence holds cards of one suit."
    )


def test_cards_that_would_run_with_the_top_card_are_told_a_sequence_never_takes_the_pile() -> None:
    pos = position("samba", hands={0: "5H 6H KS 4C"}, pile="4D 7H", melds={0: [aces()]})
    driver = at_table("samba", pos)
    before = game_state(driver)
    select(driver, "5H", "6H")
    driver.click(driver.table.layout.pile.centre)
    assert game_state(driver) is before
    assert driver.table.message == (
        "A sequence never takes the pile: 7\u2665 goes with two natural sevens from your hand, or alone onto a meld, "
        "never with 5\u2665\u00a06\u2665."
    )


def test_in_classic_cards_of_three_ranks_are_told_a_meld_holds_one_rank() -> None:
    pos = classic_position(hands={0: "7S 8C 9C KH 4D"}, melds={0: ["AH AS AD"]}, phase="play")
    driver = at_table("classic", pos)
    select(driver, "7S", "8C", "9C")
    driver.click(driver.button_point("meld"))
    assert driver.table.message == "A meld holds one rank only, not eights, nines and sevens."


def _chosen(state: GameState, text: str) -> list[Card]:
    pool = list(state.hands[state.current])
    chosen = []
    for name in text.split():
        card = next(card for card in pool if card.text == name)
        pool.remove(card)
        chosen.append(card)
    return chosen


@pytest.mark.parametrize(
    ("variant", "hand", "selected"),
    [
        ("samba", "7S 8C 9C KH KS KD 4D", "KH KS KD 4D"),
        ("samba", "7S 8C 9C KH KS KD 4D", "7S 8C 9C 4D"),
        ("bolivia", "4D 5D KD 9C", "4D 5D KD"),
        ("classic", "7S 8C 9C KH KS KD 4D", "KH KS KD 4D"),
    ],
)
def test_no_selection_that_leaves_a_card_alone_is_refused_as_a_meld_of_one_card(
    variant: str, hand: str, selected: str
) -> None:
    if variant == "classic":
        pos = classic_position(hands={0: hand}, melds={0: ["AH AS AD"]}, phase="play")
    else:
        pos = position(variant, hands={0: hand}, melds={0: [aces()]}, phase="play")
    state = load_position(pos)
    view = view_for(state, 0)
    refusal = check(view, meld_from_selection(view, _chosen(state, selected)))
    assert refusal is not None and TOO_SMALL not in refusal_text(refusal)


def test_a_selection_one_card_short_of_a_meld_is_still_told_it_is_too_small() -> None:
    state = load_position(position("samba", hands={0: "KH KS 4D 9C"}, melds={0: [aces()]}, phase="play"))
    view = view_for(state, 0)
    refusal = check(view, meld_from_selection(view, _chosen(state, "KH KS")))
    assert refusal is not None and refusal_text(refusal) == "A meld needs at least 3 cards; this one has 2."
