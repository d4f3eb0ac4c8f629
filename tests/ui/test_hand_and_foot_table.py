"""Hand and Foot at the table: the feet beside the hands (and their pick-up), clean and dirty books, each side's
progress toward going out, the round and its minimum, the words said of its moves, and the score sheet by rounds."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pygame
import pytest

from canasta.ai.base import CardMemory
from canasta.ai.levels import make_bot
from canasta.engine.cards import Card
from canasta.engine.events import DrawEvent, PickUpFootEvent, TakePileEvent
from canasta.engine.judge import check
from canasta.engine.match import HandResult, Match
from canasta.engine.playerview import PlayerView
from canasta.engine.position import load_position
from canasta.engine.rules import ROUNDS, Rules, Variant
from canasta.engine.scoring import SideScore
from canasta.engine.views import view_for
from canasta.storage.settings import AnimationSpeed
from canasta.ui.kit.animation import Timing
from canasta.ui.look.theme import TableLook
from canasta.ui.screens.new_game import NewGameScene
from canasta.ui.screens.score_sheet import sheet_lines, standing_line
from canasta.ui.table.controller import GameSetup, HandDeal
from canasta.ui.table.drawing.melds import book_ribbon
from canasta.ui.table.drawing.seats import side_header
from canasta.ui.table.drawing.talk import log_rows
from canasta.ui.table.input.actions import meld_from_selection
from canasta.ui.table.layout.regions import MIN_WINDOW, PLAYER_COUNTS, layout_table, meld_rects, regions
from canasta.ui.table.narration.feet import open_group_wordings, progress_wordings, round_line, side_books
from canasta.ui.table.narration.sentences import narrate
from canasta.ui.table.sprites import choreograph
from tests.rules_hand_and_foot.hf import CLEAN_KINGS, DIRTY_FIVES, book, position
from tests.ui.driver import Driver
from tests.ui.family_driver import meld_point, play_family_by_keys
from tests.ui.test_layout import _assert_hand_inside, _assert_regions_sound, _assert_small_cards_inside

SIZES = ((800, 600), (1280, 800), (1920, 1080))
OPEN_JACKS = "JC JD JH 2S"


def hf_view(players: int = 4, seat: int = 0, **fields: Any) -> PlayerView:
    return view_for(load_position(position(players, **fields)), seat)


def hf_table(size: tuple[int, int] = (1280, 800), **fields: Any) -> Driver:
    """A four-player Hand and Foot table showing the position built from `fields` (seat 0, the human)."""
    driver = Driver(size)
    rules = Rules.for_players(4, variant="hand_and_foot")
    driver.flow.start(GameSetup(rules, ("human", "normal", "normal", "normal"), 3, think_s=0.0))
    driver.frame()
    controller = driver.flow.controller
    assert controller is not None
    controller.state = load_position(position(**fields))
    driver.frame()
    driver.settle()
    return driver


def _pixels(surface: pygame.Surface) -> np.ndarray[Any, Any]:
    return pygame.surfarray.array3d(surface).astype(int)


def shows_back(driver: Driver, seat: int) -> bool:
    """Whether the seat's foot box shows a card back (its upper half, where no count is written)."""
    box = driver.table.layout.seats[seat].foot
    half = pygame.Rect(box.x, box.y, box.w, box.h // 2)
    back = driver.table.theme.card("back", (box.w, box.h)).subsurface(pygame.Rect(0, 0, box.w, box.h // 2))
    shown = _pixels(driver.app.screen.subsurface(half))
    same = np.all(np.abs(shown - _pixels(back)) <= 2, axis=2)
    return bool(same.mean() > 0.8)


# --- the feet -------------------------------------------------------------------------------------------------


def test_every_seats_foot_lies_face_down_beside_its_hand_until_it_is_picked_up() -> None:
    driver = hf_table(hands={0: "9C 9D 5S"}, phase="play")
    assert all(shows_back(driver, seat) for seat in range(4)), "the human's foot too, though he cannot see it"
    driver = hf_table(hands={0: "9C 9D 5S"}, feet={0: None, 1: None}, phase="play")
    assert [shows_back(driver, seat) for seat in range(4)] == [False, False, True, True]


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@pytest.mark.parametrize("size", [*SIZES, (1024, 768), (900, 1200)])
@pytest.mark.parametrize("large", [False, True])
def test_a_table_with_feet_keeps_every_region_on_screen_apart_and_a_foot_beside_each_hand(
    players: int, size: tuple[int, int], large: bool
) -> None:
    layout = layout_table(size, players, 0, large_cards=large, feet=True)
    _assert_regions_sound(layout)
    _assert_hand_inside(layout, range(0, 30, 3))
    _assert_small_cards_inside(layout)
    names = dict(regions(layout))
    for seat in layout.seats:
        foot = names[f"foot:{seat.seat}"]
        assert foot.w >= 8 and foot.h >= 8, (seat.seat, foot)
        if seat.seat == layout.human_seat:
            assert foot.x >= seat.hand.right and foot.y >= seat.hand.y, "the human's foot right of his hand"
        else:
            assert seat.plate.contains(foot), "another seat's foot on its plate, beside its backs"
            assert foot.x >= seat.hand.right, seat.seat
    for side in layout.sides:
        assert names[f"side_progress:{side.side}"].y >= side.header.bottom


@pytest.mark.parametrize("size", SIZES)
def test_six_players_in_three_sides_of_two_get_feet_and_three_progress_lines(size: tuple[int, int]) -> None:
    rules = Rules.for_players(6, variant="hand_and_foot", six_player_sides="three_of_two")
    layout = layout_table(size, 6, 0, sides=rules.seat_side, feet=True)
    _assert_regions_sound(layout)
    names = {name for name, _ in regions(layout)}
    assert {f"foot:{seat}" for seat in range(6)} <= names
    assert {f"side_progress:{side}" for side in range(3)} <= names


def test_a_table_without_feet_has_no_foot_and_no_progress_line() -> None:
    names = [name for name, _ in regions(layout_table(MIN_WINDOW, 4, 0))]
    assert not any(name.startswith(("foot:", "side_progress:")) for name in names)


def test_a_foot_picked_up_is_said_in_its_own_words_not_as_a_draw() -> None:
    view = hf_view(hands={0: "9C 9D 5S"}, phase="play")
    theirs = narrate(PickUpFootEvent(1, 11, None), view).text
    assert theirs == "Left picked up their foot (11 cards)."
    mine = narrate(PickUpFootEvent(0, 11, tuple(view.hand)), view).text
    assert mine == "You picked up your foot (11 cards)."
    assert "drew" in narrate(DrawEvent(1, 2, None), view).text


def test_a_foot_picked_up_flies_from_where_it_lay_and_a_draw_from_the_stock() -> None:
    view = hf_view(hands={0: "9C 9D 5S"}, feet={0: None, 1: None}, phase="play")
    layout = layout_table((1280, 800), 4, 0, feet=True)
    timing = Timing()
    theirs = choreograph([PickUpFootEvent(1, 11, None)], layout, view, timing)
    foot = layout.seats[1].foot
    assert len(theirs.ghosts) == 11
    assert all(ghost.start.rect == (foot.x, foot.y, foot.w, foot.h) for ghost in theirs.ghosts)
    drawn = choreograph([DrawEvent(1, 2, None)], layout, view, timing)
    assert all(ghost.start.rect[:2] == (layout.stock.x, layout.stock.y) for ghost in drawn.ghosts)
    mine = choreograph([PickUpFootEvent(0, 3, tuple(view.hand))], layout, view, timing)
    human_foot = layout.seats[0].foot
    assert {pose.rect[:2] for pose in mine.origins.values()} == {(human_foot.x, human_foot.y)}


def test_a_foot_picked_up_does_not_mark_the_whole_new_hand_as_fresh() -> None:
    driver = hf_table(hands={0: "9C 9D 5S"}, feet={0: None}, phase="play")
    view = driver.table.ctl.human_view()
    driver.table.aside.hear([PickUpFootEvent(0, 3, tuple(view.hand))], view)
    assert driver.table.aside.fresh == frozenset()
    driver.table.aside.hear([DrawEvent(0, 2, tuple(view.hand[:2]))], view)
    assert driver.table.aside.fresh == frozenset(view.hand[:2])


# --- books and the way to going out ---------------------------------------------------------------------------


def test_clean_and_dirty_books_wear_ribbons_of_their_own_colours() -> None:
    melds = {0: [book("K", CLEAN_KINGS), book("5", DIRTY_FIVES), book("J", OPEN_JACKS)]}
    driver = hf_table(hands={0: "9C 9D 5S"}, melds=melds, phase="play")
    table, view = driver.table, driver.table.ctl.human_view()
    shapes = [(meld.label, len(meld.cards), meld.is_canasta(view.rules)) for meld in view.melds[0]]
    slots = meld_rects(table.layout, 0, shapes)
    palette = table.theme.palette
    colours = []
    for slot in slots:
        ribbon = book_ribbon(table.theme, table.layout, slot.box)
        assert ribbon is not None
        colours.append(tuple(driver.app.screen.get_at((ribbon.x + 1, ribbon.centre[1])))[:3])
    assert colours[0] == palette.accent, "a clean book's ribbon is gold"
    assert colours[1] == palette.badge, "a dirty book's is black"
    assert colours[2] not in (palette.accent, palette.badge), "an open group has no ribbon"


def test_an_open_group_shows_its_wild_cards_against_the_limit() -> None:
    view = hf_view(melds={0: [book("J", OPEN_JACKS)]}, phase="play")
    assert open_group_wordings(view.melds[0][0], view.rules)[0] == "4 cards, 1 of 3 wild"


def progress_line(view: PlayerView, side: int) -> str:
    """The progress line as a wide panel shows it."""
    return progress_wordings(view, side)[0]


def test_each_sides_progress_line_counts_its_books_against_the_requirement_and_its_feet() -> None:
    melds = {0: [book("K", CLEAN_KINGS), book("5", DIRTY_FIVES), book("J", OPEN_JACKS)]}
    view = hf_view(melds=melds, feet={0: None}, phase="play")
    assert progress_line(view, 0) == (
        "Clean books 1 of 2 needed \u00b7 dirty books 1 of 2 needed \u00b7 feet picked up 1 of 2"
    )
    assert progress_line(view, 1) == (
        "Clean books 0 of 2 needed \u00b7 dirty books 0 of 2 needed \u00b7 feet picked up 0 of 2"
    )
    stricter = hf_view(rules={"books_to_go_out": [3, 1]}, melds=melds, phase="play")
    books = side_books(stricter.melds[0], stricter.rules)
    assert (books.clean, books.dirty, books.clean_needed, books.dirty_needed) == (1, 1, 3, 1)
    assert not books.enough
    alone = hf_view(players=2, feet={1: None}, phase="play")
    assert progress_line(alone, 0).endswith("foot not picked up")
    assert progress_line(alone, 1).endswith("foot picked up")


def test_the_progress_line_is_drawn_and_changes_with_the_books() -> None:
    shown = []
    for melds in ({0: [book("J", OPEN_JACKS)]}, {0: [book("K", CLEAN_KINGS)]}):
        driver = hf_table(hands={0: "9C 9D 5S"}, melds=melds, phase="play")
        box = driver.table.layout.sides[0].progress
        shown.append(_pixels(driver.app.screen.subsurface(pygame.Rect(box.as_tuple()))))
    felt = shown[0][0, 0]
    assert (np.abs(shown[0] - felt).sum(axis=2) > 60).any(), "words on the line"
    assert not np.array_equal(shown[0], shown[1]), "clean 0/2 became clean 1/2"


def test_the_round_and_its_minimum_are_shown_beside_the_stock() -> None:
    driver = hf_table(round=2, hands={0: "9C 9D 5S"}, phase="play")
    info = driver.table._info()
    assert info[0] == "Round 2 of 4 \u00b7 first meld 90"
    assert "Out with 2 clean and 2 dirty books" in info
    assert not any(line.startswith(("Game to", "Hand ")) for line in info)
    assert round_line(hf_view(round=4)) == "Round 4 of 4 \u00b7 first meld 150"
    to_target = hf_view(rules={"game_end": "target"}, round=3, scores=[2600, 0])
    assert round_line(to_target) == "Round 3 \u00b7 first meld 90", "played to a target: the minimum by score"


def test_a_take_of_the_piles_top_cards_says_how_many_were_taken() -> None:
    view = hf_view(hands={0: "9C 9D 5S"}, phase="play")
    cards = tuple(Card.parse(text) for text in ("4C", "8D", "9H"))
    pair = (Card.parse("9C"), Card.parse("9D"))
    assert narrate(TakePileEvent(1, cards, pair), view).text == "Left took 3 cards from the pile with 9♣ 9♦."


# --- the score sheet --------------------------------------------------------------------------------------------


def test_the_score_sheet_lists_the_rounds_and_calls_canastas_books() -> None:
    rules = Rules.for_players(4, variant="hand_and_foot")
    side = SideScore(800, 0, 100, 400, -50)
    hands = (HandResult(0, (side, side), (1250, 1250), 0), HandResult(1, (side, side), (2500, 2500), None))
    match = Match(rules, (2500, 2500), 2, rules.target_score, hands)
    texts = [" | ".join(line.cells) for line in sheet_lines(match, ("You", "Left", "Partner", "Right"))]
    assert texts[0] == "Round 1 of 4 \u00b7 You dealt \u00b7 You went out"
    assert "Round 2 of 4 \u00b7 Left dealt \u00b7 nobody went out" in texts
    assert "Book bonuses | +800 | +800" in texts and "Round total | +1250 | +1250" in texts
    assert texts[-1] == "2 of 4 rounds played: after the last, the higher total wins"
    classic = sheet_lines(Match(Rules.for_players(4), (0, 0), 0, 5000, hands), ("You", "Left", "Partner", "Right"))
    assert classic[0].cells[0].startswith("Hand 1")


# --- a whole game ---------------------------------------------------------------------------------------------

MAX_STEPS = 20_000
# A deal in which the greedy player's steps put naturals and wild cards on several books at once: the table once put
# all the wild cards on one book and the engine refused (the deal that a random one found about one run in three).
DEAL = 249523


def type_the_deal_number(driver: Driver, deal: int) -> None:
    """On the new-game screen, Tab to the deal number and type it."""
    new_game = driver.app.scenes[-1]
    assert isinstance(new_game, NewGameScene)
    for _ in range(30):
        if new_game.ring.focused is new_game.deal:
            break
        driver.key(pygame.K_TAB)
    driver.type(str(deal))


def test_a_whole_game_of_four_rounds_with_the_keyboard_alone_ends_with_the_matchs_result() -> None:
    """The game is chosen on the new-game screen (Hand and Foot, its Quick preset: a clean and a dirty book go
    out) against Normal computer players; a Greedy player chooses for the human and each choice is typed; the cards
    move at once, so that four rounds play in seconds."""
    driver = Driver((800, 600))
    driver.key(pygame.K_n)
    for key in (pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_DOWN, pygame.K_RIGHT, pygame.K_RIGHT):
        driver.key(key)  # Game: classic -> Samba -> Bolivia -> Hand and Foot; Preset: the usual -> Strict -> Quick
    type_the_deal_number(driver, DEAL)  # a fixed deal: the same game every run
    driver.key(pygame.K_RETURN)
    assert driver.flow.controller is not None, "the new-game screen started the game"
    assert driver.flow.controller.setup.seed == DEAL, "the deal number typed is the game's"
    rules = driver.flow.controller.match.rules
    assert rules.variant is Variant.HAND_AND_FOOT and rules.books_to_go_out == (1, 1), rules
    driver.flow.controller.set_think_s(0.0)  # as the settings' "computer players' pause: none" does
    driver.table.apply_look(TableLook(speed=AnimationSpeed.INSTANT))
    driver.frame()
    bot = make_bot("greedy", random.Random(5), 4)
    controller = driver.flow.controller
    assert controller is not None
    rounds_seen: list[str] = []
    feet_said = 0
    for _ in range(MAX_STEPS):
        if controller.match.over:
            break
        if controller.hand_over():
            driver.settle()
            driver.frame()
            if len(driver.app.scenes) > 1:
                feet_said += sum("picked up" in entry.text for entry in driver.table.aside.talk.log)
                rounds_seen.append(driver.table._info()[0])
                driver.key(pygame.K_RETURN)  # the round's summary: on to the next round
            continue
        if not controller.human_to_act() or driver.table.animating:
            driver.frame()
            continue
        view = controller.human_view()
        before = controller.state
        action = bot.choose(view, CardMemory.from_view(view))
        play_family_by_keys(driver, action)
        assert controller.state is not before, f"{action} was not played: {driver.table.message}"
    match = controller.match
    assert match.over and len(match.hands) == ROUNDS
    assert match.winners == tuple(i for i, score in enumerate(match.scores) if score == max(match.scores))
    assert [line.split(" \u00b7 ")[0] for line in rounds_seen[:3]] == ["Round 1 of 4", "Round 2 of 4", "Round 3 of 4"]
    assert feet_said > 0, "feet were picked up and said so"
    driver.settle()
    driver.frame()
    sheet = [" | ".join(line.cells) for line in sheet_lines(match, ("You", "Left", "Partner", "Right"))]
    assert sum(line.startswith("Round ") and " dealt " in line for line in sheet) == ROUNDS
    assert sheet[-1] == "4 of 4 rounds played: after the last, the higher total wins"


def test_three_cards_of_a_rank_the_side_holds_a_book_of_join_it_and_the_wild_card_goes_to_an_open_group() -> None:
    fives = "5S 5S 2S 5C 5D 5H 2C 5C"
    view = hf_view(hands={0: "5D 5C 5H 2D 9S KH"}, melds={0: [book("5", fives), book("J", OPEN_JACKS)]}, phase="play")
    chosen = [card for card in view.hand if card.text in ("5D", "5C", "5H", "2D")]
    step = meld_from_selection(view, chosen)
    assert check(view, step) is None, step
    placed = {index: sorted(card.text for card in cards) for index, cards in step.add_to}
    assert not step.new and placed == {0: ["5C", "5D", "5H"], 1: ["2D"]}, "the fives to their book, 2♦ to the jacks"


def test_wild_cards_selected_with_naturals_of_several_books_go_where_the_engine_takes_them() -> None:
    """The keyboard's whole-selection meld of a greedy player's step (found by the keyboard game): naturals for
    five groups and three wild cards; all three on the one roomiest group would pass seven cards and be refused,
    so the table shares them out as the engine takes them."""
    melds = [
        book("J", "JC JC JC JH JS"),
        book("K", "KS KS KS KH KD"),
        book("7", "7H 7S 7S 7C 7H"),
        book("A", "AC AS 2C AC AD AH"),
    ]
    view = hf_view(hands={0: "JK 2H 2S KS 7H AD JD 9C"}, melds={0: melds}, phase="play")
    chosen = [card for card in view.hand if card.text in ("JK", "2H", "2S", "KS", "7H", "AD")]
    step = meld_from_selection(view, chosen)
    assert check(view, step) is None, step
    placed = sorted(sorted(card.text for card in cards) for _, cards in step.add_to)
    assert sorted(card.text for card in step.cards()) == sorted(card.text for card in chosen)
    assert not step.new and len(placed) == 3, placed  # the kings, the sevens and the aces; no wild card alone


def test_the_summary_line_and_the_move_log_speak_of_rounds() -> None:
    rules = Rules.for_players(4, variant="hand_and_foot")
    side = SideScore(800, 0, 100, 400, -50)
    hands = (HandResult(0, (side, side), (1250, 1250), 0),)
    assert standing_line(Match(rules, (1250, 1250), 1, rules.target_score, hands)) == "Round 1 of 4."
    to_target = Rules.for_players(4, variant="hand_and_foot", game_end="target")
    assert standing_line(Match(to_target, (1250, 1250), 1, 10_000, hands)) == "Round 1 of the game to 10000."
    classic = Rules.for_players(4)
    assert standing_line(Match(classic, (1250, 1250), 1, 5000, hands)) == "Hand 1 of the game to 5000."
    driver = hf_table(hands={0: "9C 9D 5S"}, phase="play")
    driver.table.aside.hear([DrawEvent(1, 2, None)], driver.table.ctl.human_view())
    rows = driver.table.aside.log_rows(driver.table.theme, driver.table.layout)  # the table's own rows
    assert rows[0] == ("Round 1", True)
    classic_layout = layout_table((1280, 800), 4, 0)
    assert log_rows(driver.table.theme, classic_layout, driver.table.aside.talk.log)[0] == ("Hand 1", True)


def test_a_click_on_a_meld_picks_it_for_the_meld_key_and_never_offers_to_join_groups() -> None:
    melds = {0: [book("K", "KC KD KH"), book("J", OPEN_JACKS)]}
    driver = hf_table(hands={0: "JS 9C 9D 5S"}, melds=melds, phase="play")
    before = driver.flow.controller.state if driver.flow.controller else None
    driver.click(meld_point(driver, 0))
    driver.click(meld_point(driver, 1))
    assert driver.table.hand.picked == 1, "the second click picks the other meld: Hand and Foot joins no groups"
    assert driver.table.message.startswith("Picked our jacks: M adds"), driver.table.message
    assert driver.flow.controller is not None and driver.flow.controller.state is before
    driver.select_by_keys(tuple(card for card in driver.table.hand.order if card.text == "JS"))
    driver.key(pygame.K_m)
    assert len(driver.table.ctl.human_view().melds[0][1].cards) == 5, driver.table.message
    driver.key(pygame.K_c)
    assert driver.table.message == "In this game a side holds one group per rank: there are no groups to join."


def test_the_pointer_on_a_foot_says_whose_it_is_and_when_it_is_picked_up() -> None:
    driver = hf_table(hands={0: "9C 9D 5S"}, feet={3: None}, phase="play")
    table = driver.table
    for seat, words in ((0, "Your foot: 11 cards face down"), (1, "Left's foot: 11 cards face down")):
        table.pointer = table.layout.seats[seat].foot.centre
        tooltip = table._tooltip()
        assert tooltip is not None and tooltip[0].startswith(words), tooltip
    table.pointer = table.layout.seats[3].foot.centre
    assert table._tooltip() is None, "a foot picked up is no longer there"


@pytest.mark.parametrize("number", [0, 2])
def test_replaying_a_round_deals_it_again_as_the_same_round_with_its_minimum(number: int) -> None:
    rules = Rules.for_players(4, variant="hand_and_foot")
    played = HandDeal(rules, ("human", "normal", "normal", "normal"), 0, (0, 0), 1, 2026, number, 0)
    again = played.deal()
    assert again.round == number + 1
    assert again == played.deal(), "the same shuffle every time"


def test_a_sides_header_counts_this_rounds_points() -> None:
    view = hf_view(hands={0: "5D 9S KH"}, melds={0: [book("K", CLEAN_KINGS)]}, phase="play")
    figures = side_header(view, 0)[2]
    assert "this round +" in figures and "this hand" not in figures, figures
