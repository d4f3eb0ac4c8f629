"""Words a new player understands on the table: no abbreviation on a meld's badge at any size ("7 mixed", or
"Mixed", rather than "7 mix."; "Escalera", or its ends, rather than "Esc."; "1 of 3 wild" rather than "3 1/3w"), the
score labelled as one, Hand and Foot's books counted in words, and a tooltip on every meld and side's figures that
says them in full."""

from __future__ import annotations

import re
from typing import Any

import pygame
import pytest

from canasta.engine.position import load_position
from canasta.engine.rules import Rules, Variant
from canasta.ui.look.theme import TableLook, Theme
from canasta.ui.table.controller import GameSetup
from canasta.ui.table.drawing.drawer import TableDrawer
from canasta.ui.table.drawing.meld_badges import badge_span, centred_room
from canasta.ui.table.drawing.melds import BadgeLook, BadgePainter
from canasta.ui.table.drawing.seats import side_header
from canasta.ui.table.layout.regions import Box, MeldSlot, layout_table, meld_rects
from canasta.ui.table.narration.feet import progress_wordings
from tests.rules import positions
from tests.rules_family.family import group, run, wild
from tests.rules_family.family import position as family_position
from tests.rules_hand_and_foot.hf import CLEAN_KINGS, DIRTY_FIVES, book
from tests.rules_hand_and_foot.hf import position as hf_position
from tests.ui.driver import Driver
from tests.ui.family_driver import start_family
from tests.ui.textfit import MeasuringTheme

SIZES = ((800, 600), (1280, 800), (1920, 1080))
# "7 mix.", "Esc.", "Cl.", "3 w." (a word cut short with a full stop), "0/3", "3w" (figures against a limit)
ABBREVIATION = re.compile(r"[A-Za-z]\.$|\d/\d|\dw\b")
HF_MELDS = {
    0: [book("K", CLEAN_KINGS), book("5", DIRTY_FIVES), book("J", "JC JD JH 2S"), book("9", "9C 9D 9H")],
    1: [book("Q", "QC QD QH 2C")],
}
BOLIVIA_MELDS = {
    0: [
        run("H", "4H 5H 6H 7H 8H 9H TH"), wild("2C 2D 2H 2S JK 2C 2D"),
        group("K", "KC KD KH KS KC KD 2H"), group("Q", "QC QD QH QS QC QD QH"),
    ],
    1: [run("S", "5S 6S 7S"), wild("2H 2S JK")],
}  # fmt: skip
SAMBA_MELDS = {
    0: [run("C", "5C 6C 7C 8C 9C TC JC"), group("K", "KC KD KH KS KC KD KH"), group("K", "KS KD 2H")],
    1: [group("8", "8C 8D 8H 8S 8C 8D JK"), group("8", "8H 8S 8D")],
}


class BadgeWords(BadgePainter):
    """The table's badge painter, noting the words it puts on badges and ribbons."""

    def __init__(self, theme: Theme) -> None:
        super().__init__(theme)
        self.words: list[str] = []

    def badge(self, screen: pygame.Surface, box: Box, words: str, px: int, look: BadgeLook | None = None) -> None:
        self.words.append(words)
        super().badge(screen, box, words, px, look)

    def fitting(self, wordings: Any, width: int, px: int) -> str:
        chosen = super().fitting(wordings, width, px)
        self.words.append(chosen)
        return chosen


def _table(variant: str, size: tuple[int, int], melds: dict[int, Any], players: int = 4) -> Driver:
    """A table of `variant` at `size` showing `melds`, the human to play (four players; Hand and Foot also
    `players`)."""
    driver = Driver(size)
    if variant == "hand_and_foot":
        rules = Rules.for_players(players, variant=variant)
        driver.flow.start(GameSetup(rules, ("human", *["normal"] * (players - 1)), 3, think_s=0.0))
        driver.frame()
        position = hf_position(players, hands={0: "9C 9D 5S 7H 7D"}, melds=melds, feet={0: None}, phase="play")
    else:
        start_family(driver, Variant(variant), seed=3)
        position = family_position(variant, hands={0: "9C 9D 5S"}, melds=melds, phase="play")
    controller = driver.flow.controller
    assert controller is not None
    controller.state = load_position(position)
    driver.frame()
    driver.settle()
    return driver


def _drawn(driver: Driver, theme: Theme | None = None) -> BadgeWords:
    """One frame of the table, with the words of its badges noted (and `theme`'s measures, when given)."""
    table = driver.table
    if theme is not None:
        table.theme = theme
    spy = BadgeWords(table.theme)
    table.drawer = TableDrawer(table.theme, spy)
    driver.frame()
    return spy


CASES = [("hand_and_foot", HF_MELDS), ("bolivia", BOLIVIA_MELDS), ("samba", SAMBA_MELDS)]


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize(("variant", "melds"), CASES, ids=[case[0] for case in CASES])
def test_no_meld_badge_says_an_abbreviation_at_any_size(
    variant: str, melds: dict[int, Any], size: tuple[int, int]
) -> None:
    driver = _table(variant, size, melds)
    words = _drawn(driver).words
    assert words, "the badges were drawn"
    assert not [text for text in words if ABBREVIATION.search(text)], words
    driver.flow.quit()


def test_where_there_is_room_the_badges_say_it_all_in_plain_words() -> None:
    driver = _table("bolivia", (1920, 1080), BOLIVIA_MELDS)
    assert {"Escalera", "Bolivia", "7 mixed", "7 natural", "3 wild"} <= set(_drawn(driver).words)
    driver.flow.quit()
    driver = _table("hand_and_foot", (1280, 800), HF_MELDS)
    words = set(_drawn(driver).words)
    assert {"Clean", "Dirty", "0 of 3 wild"} <= words
    assert {"J 1 of 3 wild", "J \u00b7 1 of 3 wild"} & words, "the jacks' wild card on top: their rank leads the words"
    driver.flow.quit()


@pytest.mark.parametrize(("variant", "melds"), CASES, ids=[case[0] for case in CASES])
def test_the_tables_words_fit_their_boxes_at_800x600(variant: str, melds: dict[int, Any]) -> None:
    driver = _table(variant, (800, 600), melds)
    theme = MeasuringTheme()
    _drawn(driver, theme)
    layout = driver.table.layout
    mine = [side.header for side in layout.sides] + [side.progress for side in layout.sides]
    overflowing = [overflow for overflow in theme.overflows if any(box.contains(overflow.box) for box in mine)]
    assert not overflowing, [str(overflow) for overflow in overflowing]
    driver.flow.quit()


def test_a_sides_score_is_labelled_as_its_score() -> None:
    driver = _table("bolivia", (1280, 800), BOLIVIA_MELDS)
    view = driver.table.ctl.human_view()
    assert side_header(view, 0)[2] == "Score 0 \u00b7 this hand +5170 \u00b7 first meld made"
    driver.flow.quit()


def test_hand_and_foots_books_are_counted_in_words_and_fit_at_800x600() -> None:
    driver = _table("hand_and_foot", (800, 600), HF_MELDS)
    table = driver.table
    view = table.ctl.human_view()
    full = progress_wordings(view, 0)[0]
    assert full == "Clean books 1 of 2 needed \u00b7 dirty books 1 of 2 needed \u00b7 feet picked up 1 of 2"
    assert side_header(view, 0)[2].startswith("Score 0 \u00b7 this round +")
    for side in table.layout.sides:
        assert table.theme.fits(full, side.progress.w, table.layout.small_px), "the whole line shows at 800x600"
    driver.flow.quit()


def _slot(driver: Driver, side: int, index: int) -> MeldSlot:
    view = driver.table.ctl.human_view()
    shapes = [(meld.label, len(meld.cards), meld.is_canasta(view.rules)) for meld in view.melds[side]]
    return meld_rects(driver.table.layout, side, shapes)[index]


def _tip(driver: Driver, pos: tuple[int, int]) -> str | None:
    driver.table.pointer = pos
    tooltip = driver.table._tooltip()
    return None if tooltip is None else tooltip[0]


def test_the_pointer_on_a_meld_says_it_in_full() -> None:
    driver = _table("bolivia", (800, 600), BOLIVIA_MELDS)
    said = [_tip(driver, _slot(driver, 0, index).box.centre) for index in range(4)]
    assert said == [
        "Our sequence of hearts 4 to 10: an escalera, 7 cards",
        "Our bolivia: 7 cards",
        "Our kings: a mixed canasta, 7 cards, 1 wild card",
        "Our queens: a natural canasta, 7 cards, no wild card",
    ]
    assert _tip(driver, _slot(driver, 1, 1).box.centre) == "Their wild meld: 3 cards"
    driver.flow.quit()


def test_the_pointer_on_a_book_or_a_group_says_it_in_full_in_hand_and_foot() -> None:
    driver = _table("hand_and_foot", (800, 600), HF_MELDS)
    said = [_tip(driver, _slot(driver, 0, index).box.centre) for index in range(3)]
    assert said == [
        "Our kings: a clean book worth 500, 7 cards, no wild card",
        "Our fives: a dirty book worth 300, 7 cards, 2 wild cards",
        "Our jacks: 4 cards, 1 wild card, at most 3 wild",
    ]
    driver.flow.quit()


def test_where_a_narrow_panel_shortens_a_sides_figures_the_pointer_on_them_says_them_in_full() -> None:
    melds = {0: HF_MELDS[0], 1: HF_MELDS[1]}
    driver = _table("hand_and_foot", (800, 600), melds, players=3)
    table = driver.table
    view = table.ctl.human_view()
    mine, narrow = table.layout.sides[0], min(table.layout.sides, key=lambda side: side.progress.w)
    full = progress_wordings(view, narrow.side)[0]
    assert not table.theme.fits(full, narrow.progress.w, table.layout.small_px), "the panel shortens the line"
    assert _tip(driver, narrow.progress.centre) == full
    assert _tip(driver, (narrow.header.right - 3, narrow.header.centre[1])) == side_header(view, narrow.side)[2]
    assert _tip(driver, mine.progress.centre) is None, "the whole line shows: nothing to add"
    driver.flow.quit()


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_badges_room_reaches_halfway_to_its_neighbours_and_never_over_them(
    size: tuple[int, int], players: int
) -> None:
    layout = layout_table(size, players, 0)
    shapes = [("K", 7, True), ("Q", 3, False), ("J", 8, True), ("9", 4, False), ("8", 7, True)]
    slots = meld_rects(layout, 0, shapes)
    area, gap = layout.sides[0].meld_area, layout.gap
    for index, slot in enumerate(slots):
        left, right = badge_span(slots, index, area, gap)
        assert left <= slot.box.x and right >= slot.box.right
        for other in slots[index + 1 :]:
            if other.box.y < slot.box.bottom and other.box.bottom > slot.box.y and other.box.x >= slot.box.right:
                assert right <= other.box.x, "short of the next meld"
        assert centred_room(slot.badge, (left, right)) >= slot.badge.w


class TextBoxes(Theme):
    """A theme that notes each text it draws, with its box."""

    def __init__(self) -> None:
        super().__init__()
        self.drawn: list[tuple[str, Box]] = []

    def text(self, screen: pygame.Surface, words: str, box: Box, px: int, **options: object) -> None:
        self.drawn.append((words, box))
        super().text(screen, words, box, px, **options)


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)], ids=lambda size: f"{size[0]}x{size[1]}")
def test_with_large_cards_the_stock_and_pile_labels_beside_them_are_drawn_whole(size: tuple[int, int]) -> None:
    driver = Driver(size, TableLook(large_cards=True))
    driver.start(players=4, seed=3)
    controller = driver.flow.controller
    assert controller is not None
    text = positions.position(hands={0: "9C 9D 5S"}, pile="4C 2D 8S 3C", melds={0: [["KH", "KS", "KD"]]}, phase="play")
    controller.state = load_position(text)  # frozen by the two, stopped by the black three on top
    driver.frame()
    driver.settle()
    theme = TextBoxes()
    _drawn(driver, theme)
    layout = driver.table.layout
    assert layout.labels_beside
    fits = driver.table.theme.fits
    for label, words in ((layout.stock_label, ("Stock",)), (layout.pile_label, ("Pile 4", "FROZEN", "STOP"))):
        lines = [(said, box) for said, box in theme.drawn if label.contains(box)]
        for word in words:
            assert any(word in said for said, _ in lines), (word, lines)
        assert all(fits(said, box.w, layout.font_px) for said, box in lines), lines
    driver.flow.quit()
