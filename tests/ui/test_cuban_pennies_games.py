"""Issue #46's "done when": Cuban Canasta and Pennies from Heaven play from the new-game screen's rules to the end
of a game against computer players, every choice of the human's seat made through the window."""

from __future__ import annotations

from canasta.engine.rules import Variant
from tests.ui.driver import Driver
from tests.ui.family_driver import QUICK, play_family_by_keys, play_family_by_mouse, play_whole_game, start_family


def test_a_whole_game_of_cuban_canasta_to_7500_with_the_keyboard_alone() -> None:
    driver = Driver(look=QUICK)
    start_family(driver, Variant.CUBAN, seed=46)
    hands, kinds = play_whole_game(driver, play_family_by_keys)
    controller = driver.flow.controller
    assert controller is not None and controller.match.target == 7500 and max(controller.match.scores) >= 7500
    assert kinds.get("Meld", 0) > 0 and kinds.get("Discard", 0) > 0 and hands >= 2


def test_a_whole_game_of_pennies_from_heaven_for_six_to_20000_with_the_mouse_alone() -> None:
    driver = Driver(look=QUICK)
    start_family(driver, Variant.PENNIES_FROM_HEAVEN, seed=46, players=6)
    hands, kinds = play_whole_game(driver, play_family_by_mouse)
    controller = driver.flow.controller
    assert controller is not None and controller.match.target == 20_000
    assert max(controller.match.scores) >= 20_000 and hands >= 2
    assert kinds.get("Meld", 0) > 0 and kinds.get("Discard", 0) > 0


def test_wild_cards_selected_alone_go_to_a_group_with_room_under_the_seven_card_cap() -> None:
    """Found by the whole game by keys: two wild cards alone went onto six fours, which holds at most seven
    cards, so the engine refused a step it takes when the cards go onto the sixes."""
    from canasta.engine import view_for
    from canasta.engine.cards import Card
    from canasta.engine.judge import check
    from canasta.engine.position import load_position
    from canasta.ui.table.input.actions import meld_from_selection
    from tests.rules_cuban.cuban_positions import group, playing

    fours = group("4", "4C 4D 4H 4S 4C 2C")
    sixes = group("6", "6C 6D 6H 6S")
    kings = group("K", "KC KD KH")
    state = load_position(playing("2H JK 9C 9D KS", melds={0: [fours, sixes, kings]}))
    view = view_for(state, 0)
    step = meld_from_selection(view, [Card.parse("2H"), Card.parse("JK")])
    assert check(view, step) is None, step
    assert [index for index, _ in step.add_to] == [1]
