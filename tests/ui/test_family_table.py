"""Samba and Bolivia at the table: each new gesture from a set position (mouse, clicks and keys), what the table
says about the family's melds, and whole games played through the window against computer players."""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from canasta.engine.actions import Combine, Meld, TakePile
from canasta.engine.cards import Card
from canasta.engine.events import CombineEvent, MeldEvent, TakePileEvent
from canasta.engine.judge import check
from canasta.engine.melds import TableMeld
from canasta.engine.play import safe_action
from canasta.engine.playerview import PlayerView, my_side
from canasta.engine.position import load_position
from canasta.engine.refusal_text import refusal_text
from canasta.engine.rules import MeldKind, Rules, Variant
from canasta.engine.state import GameState
from canasta.ui.table.controller import GameSetup
from canasta.ui.table.drawing.meld_badges import group_numbers
from canasta.ui.table.drawing.seats import side_header
from canasta.ui.table.input.actions import family_meld, take_from_selection
from canasta.ui.table.layout.regions import layout_table, regions
from canasta.ui.table.narration.seats import seat_name, side_name
from canasta.ui.table.narration.sentences import narrate
from tests.rules_family.family import aces, group, position, run
from tests.ui.driver import Driver
from tests.ui.family_driver import (
    QUICK,
    meld_point,
    play_family_by_keys,
    play_family_by_mouse,
    play_whole_game,
    start_family,
)

KINGS_A = group("K", "KC KD KH")
KINGS_B = group("K", "KS KC KD")


def at_table(variant: str = "samba", **fields: Any) -> Driver:
    """A table of `variant` showing the position built from `fields` (seat 0, the human, to act)."""
    driver = Driver()
    start_family(driver, Variant(variant), seed=3)
    controller = driver.flow.controller
    assert controller is not None
    controller.state = load_position(position(variant, **fields))
    driver.frame()
    driver.settle()
    return driver


def game_state(driver: Driver) -> GameState:
    controller = driver.flow.controller
    assert controller is not None
    return controller.state


def side_melds(driver: Driver) -> tuple[TableMeld, ...]:
    view = driver.table.ctl.human_view()
    return view.melds[my_side(view)]


def texts(meld: TableMeld) -> list[str]:
    return [card.text for card in meld.cards]


def held(driver: Driver, text: str) -> Card:
    return next(card for card in driver.table.hand.order if card.text == text)


def select(driver: Driver, *names: str) -> None:
    driver.select_by_mouse(tuple(held(driver, name) for name in names))


# --- starting and extending sequences --------------------------------------------------------------------------


def test_three_cards_of_a_suit_in_a_row_start_a_sequence_with_the_meld_button() -> None:
    driver = at_table(hands={0: "7H 5H 6H 9C 9D KS"}, melds={0: [aces()]}, phase="play")
    select(driver, "5H", "6H", "7H")
    driver.click(driver.button_point("meld"))
    melds = side_melds(driver)
    assert len(melds) == 2 and melds[1].kind is MeldKind.SEQUENCE, driver.table.message
    assert texts(melds[1]) == ["5H", "6H", "7H"]


def test_cards_dragged_onto_a_sequence_extend_it_at_either_end() -> None:
    driver = at_table(hands={0: "4H 8H 9C KS QD"}, melds={0: [aces(), run("H", "5H 6H 7H")]}, phase="play")
    driver.drag(driver.card_point(held(driver, "4H")), meld_point(driver, 1))
    assert texts(side_melds(driver)[1]) == ["4H", "5H", "6H", "7H"], driver.table.message
    driver.drag(driver.card_point(held(driver, "8H")), meld_point(driver, 1))
    assert texts(side_melds(driver)[1]) == ["4H", "5H", "6H", "7H", "8H"], driver.table.message


def test_a_card_that_does_not_fit_the_sequence_it_is_dropped_on_is_refused_and_nothing_changes() -> None:
    driver = at_table(hands={0: "9H 8S KS QD"}, melds={0: [aces(), run("H", "5H 6H 7H")]}, phase="play")
    before = game_state(driver)
    view = driver.table.ctl.human_view()
    refusal = check(view, Meld(add_to=((1, (held(driver, "9H"),)),)))
    assert refusal is not None
    driver.drag(driver.card_point(held(driver, "9H")), meld_point(driver, 1))
    assert game_state(driver) is before
    assert refusal_text(refusal) in driver.table.message


# --- two groups of one rank -------------------------------------------------------------------------------------


@pytest.mark.parametrize("target", [1, 2])
def test_a_card_clicked_onto_one_of_two_groups_of_a_rank_goes_to_that_group(target: int) -> None:
    driver = at_table(hands={0: "KH 9C 5S 6D"}, melds={0: [aces(), KINGS_A, KINGS_B]}, phase="play")
    select(driver, "KH")
    driver.click(meld_point(driver, target))
    sizes = [len(meld.cards) for meld in side_melds(driver)]
    assert sizes == [3, 3 + (target == 1), 3 + (target == 2)], driver.table.message


def test_a_card_dragged_onto_the_second_group_of_a_rank_goes_there() -> None:
    driver = at_table(hands={0: "KH 9C 5S 6D"}, melds={0: [aces(), KINGS_A, KINGS_B]}, phase="play")
    driver.drag(driver.card_point(held(driver, "KH")), meld_point(driver, 2))
    assert [len(meld.cards) for meld in side_melds(driver)] == [3, 3, 4], driver.table.message


def test_cards_of_a_rank_held_go_to_its_group_with_the_button_and_make_another_dropped_beside_the_melds() -> None:
    fields: dict[str, Any] = {"hands": {0: "KH KS KD 9C 5S 6D"}, "melds": {0: [aces(), KINGS_A]}, "phase": "play"}
    driver = at_table(**fields)
    select(driver, "KH", "KS", "KD")
    driver.click(driver.button_point("meld"))
    assert [len(meld.cards) for meld in side_melds(driver)] == [3, 6], driver.table.message
    driver = at_table(**fields)
    area = driver.table.layout.sides[0].meld_area
    select(driver, "KH", "KS", "KD")
    driver.drag(driver.card_point(held(driver, "KH")), (area.right - 3, area.bottom - 3))
    assert [len(meld.cards) for meld in side_melds(driver)] == [3, 3, 3], driver.table.message


def test_the_meld_button_with_two_groups_of_the_rank_asks_which_one() -> None:
    driver = at_table(hands={0: "KH 9C 5S 6D"}, melds={0: [aces(), KINGS_A, KINGS_B]}, phase="play")
    before = game_state(driver)
    select(driver, "KH")
    driver.click(driver.button_point("meld"))
    assert game_state(driver) is before
    assert "2 groups of kings" in driver.table.message


def test_the_meld_key_adds_to_the_group_picked_with_tab() -> None:
    driver = at_table(hands={0: "KH 9C 5S 6D"}, melds={0: [aces(), KINGS_A, KINGS_B]}, phase="play")
    driver.key(pygame.K_TAB)
    driver.key(pygame.K_TAB)
    driver.key(pygame.K_TAB)
    assert driver.table.hand.picked == 2
    driver.select_by_keys((held(driver, "KH"),))
    driver.key(pygame.K_m)
    assert [len(meld.cards) for meld in side_melds(driver)] == [3, 3, 4], driver.table.message


def test_dragging_one_group_onto_another_of_its_rank_joins_them() -> None:
    driver = at_table(hands={0: "9C 5S 6D"}, melds={0: [aces(), KINGS_A, KINGS_B]}, phase="play")
    driver.drag(meld_point(driver, 2), meld_point(driver, 1))
    melds = side_melds(driver)
    assert len(melds) == 2 and len(melds[1].cards) == 6, driver.table.message


def test_clicking_two_groups_of_a_rank_one_after_the_other_joins_them() -> None:
    driver = at_table(hands={0: "9C 5S 6D"}, melds={0: [aces(), KINGS_A, KINGS_B]}, phase="play")
    driver.click(meld_point(driver, 1))
    assert driver.table.hand.picked == 1 and len(side_melds(driver)) == 3
    driver.click(meld_point(driver, 2))
    assert [len(meld.cards) for meld in side_melds(driver)] == [3, 6], driver.table.message


def test_the_c_key_joins_the_one_pair_of_groups_and_offers_a_choice_of_several() -> None:
    driver = at_table(hands={0: "9C 5S 6D"}, melds={0: [aces(), KINGS_A, KINGS_B]}, phase="play")
    driver.key(pygame.K_c)
    assert [len(meld.cards) for meld in side_melds(driver)] == [3, 6], driver.table.message
    queens = (group("Q", "QC QD QH"), group("Q", "QS QC QD"))
    driver = at_table(hands={0: "9C 5S 6D"}, melds={0: [aces(), KINGS_A, KINGS_B, *queens]}, phase="play")
    driver.key(pygame.K_c)
    assert driver.table.aside.ways == [Combine((1, 2)), Combine((3, 4))]
    driver.key(pygame.K_2)
    assert [len(meld.cards) for meld in side_melds(driver)] == [3, 3, 3, 6], driver.table.message


def test_dragging_a_group_onto_a_group_of_another_rank_is_refused_and_nothing_changes() -> None:
    driver = at_table(hands={0: "9C 5S 6D"}, melds={0: [aces(), KINGS_A, KINGS_B]}, phase="play")
    before = game_state(driver)
    refusal = check(driver.table.ctl.human_view(), Combine((0, 1)))
    assert refusal is not None
    driver.drag(meld_point(driver, 1), meld_point(driver, 0))
    assert game_state(driver) is before and refusal_text(refusal) in driver.table.message


# --- the pile onto a meld ----------------------------------------------------------------------------------------


def test_the_pile_dropped_on_a_sequence_puts_its_top_card_there() -> None:
    driver = at_table(hands={0: "9C 5S 6D QD"}, pile="4C 8D 9H", melds={0: [aces(), run("H", "5H 6H 7H 8H")]})
    driver.drag(driver.table.layout.pile.centre, meld_point(driver, 1))
    view = driver.table.ctl.human_view()
    assert texts(side_melds(driver)[1]) == ["5H", "6H", "7H", "8H", "9H"], driver.table.message
    assert not view.pile and len(view.hand) == 6


def test_the_pile_dropped_on_the_second_group_of_a_rank_goes_to_that_group() -> None:
    driver = at_table(hands={0: "9C 5S 6D QD"}, pile="4C 8D KD", melds={0: [aces(), KINGS_A, KINGS_B]})
    driver.drag(driver.table.layout.pile.centre, meld_point(driver, 2))
    assert [len(meld.cards) for meld in side_melds(driver)] == [3, 3, 4], driver.table.message


def test_the_take_key_puts_the_pile_onto_the_meld_picked_with_tab() -> None:
    driver = at_table(hands={0: "9C 5S 6D QD"}, pile="4C 8D KD", melds={0: [aces(), KINGS_A, KINGS_B]})
    driver.key(pygame.K_TAB)
    driver.key(pygame.K_TAB)
    driver.key(pygame.K_t)
    assert [len(meld.cards) for meld in side_melds(driver)] == [3, 4, 3], driver.table.message


def test_the_pile_dropped_on_a_meld_of_another_rank_is_refused_with_the_engines_words() -> None:
    driver = at_table(hands={0: "9C 5S 6D QD"}, pile="4C 8D KD", melds={0: [aces(), KINGS_A]})
    before = game_state(driver)
    refusal = check(driver.table.ctl.human_view(), TakePile(onto=0))
    assert refusal is not None
    driver.drag(driver.table.layout.pile.centre, meld_point(driver, 0))
    assert game_state(driver) is before and refusal_text(refusal) in driver.table.message


# --- Bolivia's wild melds -----------------------------------------------------------------------------------------


def test_bolivia_three_wild_cards_make_a_wild_meld_and_a_fourth_joins_it_by_a_click() -> None:
    driver = at_table("bolivia", hands={0: "JK 2C 2D 2H 9C 5S"}, melds={0: [aces()]}, phase="play")
    select(driver, "JK", "2C", "2D")
    driver.click(driver.button_point("meld"))
    melds = side_melds(driver)
    assert len(melds) == 2 and melds[1].kind is MeldKind.WILD, driver.table.message
    select(driver, "2H")
    driver.click(meld_point(driver, 1))
    assert len(side_melds(driver)[1].cards) == 4, driver.table.message


# --- choosing the step from the selection (no window) ----------------------------------------------------------------


def _view(variant: str = "samba", **fields: Any) -> PlayerView:
    from canasta.engine.views import view_for

    state = load_position(position(variant, **fields))
    return view_for(state, 0)


def _cards(view: PlayerView, names: str) -> tuple[Card, ...]:
    pool = list(view.hand)
    chosen = []
    for name in names.split():
        card = next(card for card in pool if card.text == name)
        pool.remove(card)
        chosen.append(card)
    return tuple(chosen)


def test_a_first_meld_of_a_sequence_and_a_group_is_split_as_laid() -> None:
    view = _view(hands={0: "5H 6H 7H 8H KC KD KS 2C 9D"}, phase="play", scores=[0, 0])
    step = family_meld(view, _cards(view, "5H 6H 7H 8H KC KD KS"))
    assert sorted(sorted(card.text for card in group) for group in step.new) == [
        ["5H", "6H", "7H", "8H"],
        ["KC", "KD", "KS"],
    ]
    assert check(view, step) is None


def test_a_first_meld_of_three_groups_and_four_wild_cards_spreads_the_wild_cards_over_the_groups() -> None:
    view = _view("bolivia", hands={0: "AD AC 2C JD JS 2S 6D 6C 2D JK 9H 5S"}, phase="play", scores=[0, 0])
    step = family_meld(view, _cards(view, "AD AC 2C JD JS 2S 6D 6C 2D JK"))
    assert len(step.new) == 3 and all(len(group) >= 3 for group in step.new)
    assert check(view, step) is None


def test_a_first_meld_of_groups_whose_cards_also_run_in_a_suit_is_laid_as_groups() -> None:
    view = _view(hands={0: "JH JS JD KD KS 2S QS QH 2C 7C 7S 2C 9H 5D"}, phase="play", scores=[0, 0])
    step = family_meld(view, _cards(view, "JH JS JD KD KS 2S QS QH 2C 7C 7S 2C"))
    assert check(view, step) is None, "J, Q and K of spades are no sequence here: each goes to its group"
    assert sorted(len(group) for group in step.new) == [3, 3, 3, 3]


def test_a_take_with_a_pair_and_a_sequence_lays_the_sequence_with_it() -> None:
    view = _view(hands={0: "9C 9D 5H 6H 7H 8H 4S"}, pile="KS 9S", scores=[0, 0])
    take = take_from_selection(view, _cards(view, "9C 9D 5H 6H 7H 8H"))
    assert sorted(card.text for card in take.with_) == ["9C", "9D"]
    assert [sorted(card.text for card in group) for group in take.also] == [["5H", "6H", "7H", "8H"]]


# --- what the table says -------------------------------------------------------------------------------------------


def test_the_family_events_are_said_in_words() -> None:
    view = _view(
        hands={0: "9C 5S 6D QD"}, melds={0: [aces(), run("H", "5H 6H 7H 8H 9H"), KINGS_A], 1: [KINGS_B]}, phase="play"
    )
    sequence, kings = view.melds[0][1], view.melds[0][2]
    line = narrate(MeldEvent(2, (), (), ((1, (sequence.cards[-1],)),)), view).text
    assert line == "Partner added 9♥ to our sequence of hearts 5 to 8.", "the sequence as it was before"
    onto = narrate(TakePileEvent(2, (sequence.cards[0],), (), (), 1), view).text
    assert onto == "Partner took the pile (1 card) onto our sequence of hearts 6 to 9."
    took = narrate(TakePileEvent(0, (kings.cards[-1],), (), (), 2), view).text
    assert took == "You took the pile (1 card) onto our kings."
    joined = narrate(CombineEvent(1, (0, 1)), view).text
    assert "joined two groups of kings" in joined
    new = narrate(MeldEvent(0, (sequence.cards[:3],), ()), view).text
    assert new == "You melded a sequence of hearts 5 to 7."


def test_groups_of_a_rank_held_more_than_once_are_numbered() -> None:
    view = _view(melds={0: [aces(), KINGS_A, run("H", "5H 6H 7H"), KINGS_B]}, phase="play")
    assert group_numbers(view.melds[0]) == {1: 1, 3: 2}


def test_the_info_shows_the_canastas_to_go_out_and_the_target_of_the_variant() -> None:
    driver = Driver()
    start_family(driver, Variant.BOLIVIA, seed=4)
    info = driver.table._info()
    assert "Game to 15000" in info and "Out with 2 canastas, one an escalera" in info
    driver.start(players=4, seed=4)
    assert not any(line.startswith("Out with") for line in driver.table._info())


# --- whole games --------------------------------------------------------------------------------------------------


def test_a_whole_game_of_samba_with_the_mouse_alone() -> None:
    driver = Driver(look=QUICK)
    start_family(driver, Variant.SAMBA, seed=21)
    hands, kinds = play_whole_game(driver, play_family_by_mouse)
    controller = driver.flow.controller
    assert controller is not None and controller.match.target == 10_000
    assert max(controller.match.scores) >= 10_000 and hands >= 1
    assert kinds.get("Meld", 0) > 0 and kinds.get("Discard", 0) > 0


def test_a_whole_game_of_bolivia_with_the_keyboard_alone() -> None:
    driver = Driver(look=QUICK)
    start_family(driver, Variant.BOLIVIA, seed=22)
    hands, kinds = play_whole_game(driver, play_family_by_keys)
    controller = driver.flow.controller
    assert controller is not None and controller.match.target == 15_000 and max(controller.match.scores) >= 15_000
    assert kinds.get("Meld", 0) > 0 and hands >= 1


# --- six players in three partnerships (Samba) ---------------------------------------------------------------------


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
def test_six_players_of_samba_get_a_panel_for_each_of_their_three_sides(size: tuple[int, int]) -> None:
    rules = Rules.for_players(6, variant="samba")
    layout = layout_table(size, 6, 0, sides=rules.seat_side)
    assert [side.seats for side in layout.sides] == [(0, 3), (1, 4), (2, 5)]
    named = regions(layout)
    for index, (name, box) in enumerate(named):
        assert layout.window.contains(box), name
        assert not any(box.overlaps(other) for _, other in named[index + 1 :]), name
    ours, left, right = (side.panel for side in layout.sides)
    assert left.right <= right.x and left.bottom <= ours.y, "the left player's side on the left, above ours"


def test_a_table_with_sides_that_do_not_fit_its_players_is_refused() -> None:
    with pytest.raises(ValueError, match="no table"):
        layout_table((1280, 800), 6, 0, sides=(0, 1, 2, 3, 0, 1))
    with pytest.raises(ValueError, match="no table"):
        layout_table((1280, 800), 4, 0, sides=(0, 1, 0))


def test_six_players_of_samba_are_named_by_where_they_sit_and_their_sides_apart() -> None:
    view = _view(players=6, phase="play")
    names = [seat_name(view, seat) for seat in range(6)]
    assert names == ["You", "Left", "Top left", "Partner", "Top right", "Right"]
    assert [side_name(view, side) for side in range(3)] == ["Us", "Left's side", "Right's side"]


def test_the_table_of_six_samba_players_draws_three_panels() -> None:
    driver = Driver()
    driver.flow.start(GameSetup(Rules.for_players(6, variant="samba"), ("human",) + ("normal",) * 5, 8, think_s=0))
    driver.frame(3)
    assert len(driver.table.layout.sides) == 3


def _table_only(driver: Driver, variant: Variant, seed: int) -> None:
    """A family table whose menu and rules help stay shut: the monkey plays the table alone."""
    table = start_family(driver, variant, seed)
    table.on_menu = lambda: None
    table.coach.on_rule_help = None


@pytest.mark.parametrize("variant", [Variant.SAMBA, Variant.BOLIVIA])
def test_a_monkey_cannot_break_the_family_table(variant: Variant) -> None:
    driver = Driver()
    rng = random.Random(77)
    width, height = driver.app.size
    keys = [pygame.K_d, pygame.K_t, pygame.K_m, pygame.K_x, pygame.K_c, pygame.K_TAB, pygame.K_SPACE,
            pygame.K_LEFT, pygame.K_RIGHT, pygame.K_1, pygame.K_2, pygame.K_ESCAPE]  # fmt: skip
    _table_only(driver, variant, seed=9)
    played = 0
    for step in range(800):
        controller = driver.flow.controller
        if controller is None or len(driver.app.scenes) != 1 or driver.flow.table is None:
            driver = Driver()  # the hand ended: its summary is over the table
            _table_only(driver, variant, seed=10 + step)
            continue
        pos = (rng.randrange(width), rng.randrange(height))
        kind = rng.random()
        if kind < 0.4:
            driver.click(pos)
        elif kind < 0.65:
            driver.drag(pos, (rng.randrange(width), rng.randrange(height)), steps=2)
        else:
            driver.key(rng.choice(keys))
        if step % 20 == 0 and controller.human_to_act() and driver.flow.table is not None:
            driver.table.act(safe_action(controller.human_view()))  # the game must go on
            played += 1
    assert played >= 5


def test_while_dragging_the_meld_under_the_pointer_is_outlined_where_the_drop_is_legal() -> None:
    driver = at_table(hands={0: "KH 9C 5S 6D"}, melds={0: [aces(), KINGS_A, KINGS_B]}, phase="play")
    start = driver.card_point(held(driver, "KH"))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    outlined = []
    for index in (2, 0):
        pos = meld_point(driver, index)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
        driver.frame()
        outlined.append(driver.table._hand_state().melds)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=meld_point(driver, 0), button=1))
    driver.frame()
    assert outlined == [frozenset({2}), frozenset()], "a king may go to the kings, not to the aces"


def test_while_dragging_a_card_one_of_the_melds_takes_the_sides_area_lights_up() -> None:
    driver = at_table(hands={0: "KH 9C 5S 6D"}, melds={0: [aces(), KINGS_A, KINGS_B]}, phase="play")
    start = driver.card_point(held(driver, "KH"))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    lifted = (start[0], start[1] - 40)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=lifted, rel=(0, 0), buttons=(1, 0, 0)))
    driver.frame()
    lit = driver.table._hand_state().targets
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=start, button=1))
    driver.frame()
    assert "meld_area:0" in lit and "pile" in lit


def test_the_hand_summary_names_samba_s_three_sides_apart() -> None:
    from canasta.ui.flow.after_hand import summary_side_name

    view = _view(players=6, phase="play")
    assert [summary_side_name(view, side) for side in range(3)] == ["Us", "Left's side", "Right's side"]


@pytest.mark.parametrize(("variant", "minimum"), [("samba", 160), ("bolivia", 150)])
def test_the_side_header_shows_the_variants_first_meld_minimum(variant: str, minimum: int) -> None:
    view = _view(variant, hands={0: "9C 5S 6D QD"}, scores=[7200, 0])
    assert side_header(view, 0)[2].endswith(f"first meld needs {minimum}")


def test_a_whole_game_of_modern_american_to_8500_with_the_keyboard_alone() -> None:
    """Issue #45's "done when": the game plays from the new-game screen's rules to its 8,500 against computer
    players, every choice of the human's seat made with the keys (K keeps a three, G lays a special hand)."""
    driver = Driver(look=QUICK)
    start_family(driver, Variant.MODERN_AMERICAN, seed=45)
    hands, kinds = play_whole_game(driver, play_family_by_keys)
    controller = driver.flow.controller
    assert controller is not None and controller.match.target == 8500 and max(controller.match.scores) >= 8500
    assert kinds.get("Discard", 0) > 0 and hands >= 1
