"""`canasta.ui.table.layout.regions`: the table's geometry, checked without a display.

For every player count, several window sizes and both card sizes: every region is on screen, no two named regions
overlap, and the cards placed inside a region (the hand, the pile, melds, red threes, other players' backs) stay
inside it, however many there are. No region is allowed to overlap another: `ALLOWED_OVERLAPS` is empty, since
every label, button and card area has a place of its own (boxes may touch along an edge, which is no overlap).
"""

import dataclasses
import math
from functools import cache
from itertools import combinations, pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from canasta.engine.rules import Rules
from canasta.ui.table.drawing.coach import open_hand_rects
from canasta.ui.table.layout.regions import (
    BACKS_SHOWN,
    BUTTONS,
    CARD_ASPECT,
    DEFAULT_WINDOW,
    MIN_CARD_WIDTH,
    MIN_TEXT_PX,
    MIN_WINDOW,
    OPEN_CARD_LEAST_H,
    OPEN_STEP,
    PILE_FAN_CARDS,
    PLAYER_COUNTS,
    Box,
    MeldShape,
    SeatPosition,
    TableLayout,
    arrange_melds,
    back_rects,
    hand_card_at,
    hand_card_rects,
    hit_test,
    layout_table,
    meld_rects,
    pile_card_rects,
    pile_sideways_rect,
    red_three_rects,
    regions,
    seat_positions,
    seat_sides,
    text_regions,
)

SIZES = ((800, 600), (1024, 768), (1280, 800), (1920, 1080), (2560, 1440), (900, 1200))
CASES = [(players, size, large) for players in PLAYER_COUNTS for size in SIZES for large in (False, True)]
ALLOWED_OVERLAPS: frozenset[frozenset[str]] = frozenset()
RANKS = "AKQJT98765434"


@cache
def _layout(players: int, size: tuple[int, int], large: bool = False, human: int = 0) -> TableLayout:
    return layout_table(size, players, human, large_cards=large)


def _case_id(case: tuple[int, tuple[int, int], bool]) -> str:
    players, (width, height), large = case
    return f"{players}p-{width}x{height}{'-large' if large else ''}"


def _meld_sets() -> list[list[MeldShape]]:
    """Up to 12 melds of up to 12 cards: all long fans, a realistic mix, and all canastas."""
    sets: list[list[MeldShape]] = []
    for count in range(1, 13):
        sets.append([(RANKS[i], 12, False) for i in range(count)])
        sets.append([(RANKS[i], 3 + i % 10, 3 + i % 10 >= 7) for i in range(count)])
        sets.append([(RANKS[i], 7 + i % 6, True) for i in range(count)])
    return sets


def _assert_regions_sound(layout: TableLayout) -> None:
    named = regions(layout)
    assert len({name for name, _ in named}) == len(named)
    for name, box in named:
        assert box.w > 0 and box.h > 0, name
        assert layout.window.contains(box), f"{name} {box} leaves the window {layout.window}"
    for (name_a, a), (name_b, b) in combinations(named, 2):
        if frozenset((name_a, name_b)) not in ALLOWED_OVERLAPS:
            assert not a.overlaps(b), f"{name_a} {a} overlaps {name_b} {b}"


def _assert_hand_inside(layout: TableLayout, counts: range) -> None:
    hand = layout.human.hand
    for count in counts:
        for selected in (frozenset[int](), frozenset(range(count))):
            boxes = hand_card_rects(layout, count, selected)
            assert len(boxes) == count
            assert all(hand.contains(box) and box.w == layout.card_size[0] for box in boxes), (count, boxes)


def _assert_pile_inside(layout: TableLayout, counts: range) -> None:
    for count in counts:
        boxes = pile_card_rects(layout, count)
        assert len(boxes) == count
        assert all(layout.pile.contains(box) for box in boxes), count


def _assert_melds_inside(layout: TableLayout, meld_sets: list[list[MeldShape]]) -> None:
    for side in layout.sides:
        for melds in meld_sets:
            slots = meld_rects(layout, side.side, melds)
            assert [slot.rank for slot in slots] == [rank for rank, _, _ in melds]
            for slot, (_, count, _) in zip(slots, melds, strict=True):
                assert side.meld_area.contains(slot.box), (side.side, melds, slot)
                assert len(slot.cards) == count
                assert all(slot.box.contains(card) for card in slot.cards)
                assert slot.cards[-1].contains(slot.badge)
            for a, b in combinations(slots, 2):
                assert not a.box.overlaps(b.box), (a, b)


def _assert_small_cards_inside(layout: TableLayout) -> None:
    for seat in layout.seats:
        if seat.seat != layout.human_seat:
            for count in range(1, 16):
                boxes = back_rects(layout, seat.seat, count)
                assert len(boxes) == min(count, BACKS_SHOWN)
                assert all(seat.hand.contains(box) for box in boxes)
    for side in layout.sides:
        for count in range(7):
            assert all(side.red_threes.contains(box) for box in red_three_rects(layout, side.side, count))


# --- everything on screen, nothing overlapping --------------------------------------------------------------


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_every_region_is_on_screen_and_no_two_overlap(case: tuple[int, tuple[int, int], bool]) -> None:
    _assert_regions_sound(_layout(*case))


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_cards_stay_inside_their_areas_however_many(case: tuple[int, tuple[int, int], bool]) -> None:
    """1..25 hand cards (raised or not), up to 12 melds of up to 12 cards, a pile of 1..30, 1..15 backs, 0..6
    red threes."""
    layout = _layout(*case)
    _assert_hand_inside(layout, range(1, 26))
    _assert_melds_inside(layout, _meld_sets())
    _assert_pile_inside(layout, range(1, 31))
    _assert_small_cards_inside(layout)


@settings(max_examples=60, deadline=None)
@given(
    width=st.integers(MIN_WINDOW[0], 3000),
    height=st.integers(MIN_WINDOW[1], 2000),
    players=st.sampled_from(PLAYER_COUNTS),
    human=st.integers(0, 5),
    large=st.booleans(),
)
def test_any_window_size_is_laid_out_on_screen_without_overlap(
    width: int, height: int, players: int, human: int, large: bool
) -> None:
    layout = layout_table((width, height), players, human % players, large_cards=large)
    _assert_regions_sound(layout)
    _assert_hand_inside(layout, range(1, 26, 6))
    _assert_pile_inside(layout, range(1, 31, 7))
    _assert_melds_inside(layout, [[(RANKS[i], 12, False) for i in range(12)], [(RANKS[i], 7, True) for i in range(12)]])
    assert layout.card_size[0] >= MIN_CARD_WIDTH


@pytest.mark.parametrize("size", [(640, 480), (400, 300)])
def test_a_window_below_the_minimum_scales_down_but_stays_sound(size: tuple[int, int]) -> None:
    for players in PLAYER_COUNTS:
        layout = layout_table(size, players)
        _assert_regions_sound(layout)
        _assert_hand_inside(layout, range(1, 26, 4))
        _assert_melds_inside(layout, [[(RANKS[i], 6, False) for i in range(11)]])


# --- card sizes ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_cards_are_readable_keep_their_shape_and_melds_keep_one_size(case: tuple[int, tuple[int, int], bool]) -> None:
    layout = _layout(*case)
    width, height = layout.card_size
    assert width >= MIN_CARD_WIDTH
    assert height == round(width * CARD_ASPECT)
    for size in (layout.back_size, layout.meld_card_size):
        assert size[1] == round(size[0] * CARD_ASPECT)
        assert size[0] <= width
    # A busy table (eight melds of six, none a canasta yet; fewer with large cards) is drawn at the layout's meld
    # card size.
    assert layout.meld_room == 8 or (layout.large_cards and 1 <= layout.meld_room < 8)
    melds: list[MeldShape] = [(RANKS[i], 6, False) for i in range(layout.meld_room)]
    for side in layout.sides:
        slots = meld_rects(layout, side.side, melds)
        assert all((slot.cards[0].w, slot.cards[0].h) == layout.meld_card_size for slot in slots)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@pytest.mark.parametrize("large", [False, True])
def test_cards_grow_with_the_window(players: int, large: bool) -> None:
    sizes = [(800, 600), (1024, 768), (1280, 800), (1920, 1080), (2560, 1440)]
    widths = [_layout(players, size, large).card_size[0] for size in sizes]
    assert widths == sorted(widths)
    assert widths[-1] >= 2 * widths[0]


@settings(max_examples=40, deadline=None)
@given(
    width=st.integers(MIN_WINDOW[0], 2500),
    height=st.integers(MIN_WINDOW[1], 1600),
    grow_w=st.integers(0, 500),
    grow_h=st.integers(0, 400),
    players=st.sampled_from(PLAYER_COUNTS),
)
def test_a_larger_window_never_gets_smaller_cards(
    width: int, height: int, grow_w: int, grow_h: int, players: int
) -> None:
    small = layout_table((width, height), players)
    large = layout_table((width + grow_w, height + grow_h), players)
    assert small.card_size[0] <= large.card_size[0]


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@pytest.mark.parametrize("size", SIZES)
def test_large_cards_are_larger(players: int, size: tuple[int, int]) -> None:
    assert _layout(players, size, True).card_size[0] > _layout(players, size, False).card_size[0]


# --- seats --------------------------------------------------------------------------------------------------


def _screen_angle(layout: TableLayout, seat: int) -> float:
    """The seat's angle round the window centre, in degrees, growing clockwise on screen (y points down)."""
    x, y = layout.seats[seat].hand.centre
    cx, cy = layout.window.centre
    return math.degrees(math.atan2(y - cy, x - cx)) % 360


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_seats_go_clockwise_from_the_human_at_the_bottom(players: int) -> None:
    for human in range(players):
        layout = _layout(players, DEFAULT_WINDOW, False, human)
        assert layout.human.position is SeatPosition.BOTTOM
        assert layout.human.hand.bottom > max(seat.label.bottom for seat in layout.seats if seat.seat != human)
        base = _screen_angle(layout, human)
        turns = [(_screen_angle(layout, (human + k) % players) - base) % 360 for k in range(players)]
        assert turns == sorted(turns) and len(set(turns)) == players, turns


@pytest.mark.parametrize("human", range(4))
def test_four_players_partner_at_the_top_next_player_on_the_left(human: int) -> None:
    layout = _layout(4, DEFAULT_WINDOW, False, human)
    left, partner, right = (layout.seats[(human + k) % 4] for k in (1, 2, 3))
    assert (left.position, partner.position, right.position) == (
        SeatPosition.LEFT,
        SeatPosition.TOP,
        SeatPosition.RIGHT,
    )
    assert partner.side == layout.human.side != left.side == right.side
    assert partner.hand.bottom < min(left.hand.y, right.hand.y)
    assert left.hand.right < layout.human.hand.centre[0] < right.hand.x


@pytest.mark.parametrize("human", range(6))
def test_six_players_partners_top_left_and_top_right_sides_alternate(human: int) -> None:
    layout = _layout(6, DEFAULT_WINDOW, False, human)
    positions = [layout.seats[(human + k) % 6].position for k in range(6)]
    assert positions == [
        SeatPosition.BOTTOM,
        SeatPosition.LEFT,
        SeatPosition.TOP_LEFT,
        SeatPosition.TOP,
        SeatPosition.TOP_RIGHT,
        SeatPosition.RIGHT,
    ]
    sides = [layout.seats[(human + k) % 6].side for k in range(6)]
    assert sides[0::2] == [sides[0]] * 3 and sides[1::2] == [1 - sides[0]] * 3


def test_two_and_three_players_sit_opposite_or_left_and_right() -> None:
    assert seat_positions(2, 1) == (SeatPosition.TOP, SeatPosition.BOTTOM)
    assert seat_positions(3, 1) == (SeatPosition.RIGHT, SeatPosition.BOTTOM, SeatPosition.LEFT)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_sides_follow_the_rules_seating(players: int) -> None:
    assert seat_sides(players) == Rules.for_players(players).seat_side
    layout = _layout(players, DEFAULT_WINDOW)
    assert [side.side for side in layout.sides] == sorted(set(seat_sides(players)))
    for side in layout.sides:
        assert side.seats == tuple(seat for seat in range(players) if seat_sides(players)[seat] == side.side)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@pytest.mark.parametrize("human", range(2))
def test_the_humans_meld_area_is_nearest_the_human(players: int, human: int) -> None:
    layout = _layout(players, DEFAULT_WINDOW, False, human)
    own = layout.sides[layout.human.side]
    others = [side for side in layout.sides if side is not own]
    assert all(own.meld_area.y > other.meld_area.bottom for other in others)
    assert own.meld_area.bottom <= layout.human.label.y
    for side in layout.sides:
        assert (side.red_threes.y, side.red_threes.h) == (side.meld_area.y, side.meld_area.h)


def test_three_players_each_have_melds_on_their_own_side_of_the_table() -> None:
    layout = _layout(3, DEFAULT_WINDOW, False, 1)
    left, right = layout.seats[2], layout.seats[0]
    assert (left.position, right.position) == (SeatPosition.LEFT, SeatPosition.RIGHT)
    assert layout.sides[left.side].meld_area.right < layout.sides[right.side].meld_area.x


# --- the centre, the buttons and the message line -----------------------------------------------------------


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_stock_and_pile_near_the_centre_buttons_in_a_row_above_the_hand(
    case: tuple[int, tuple[int, int], bool],
) -> None:
    layout = _layout(*case)
    width, height = layout.window.w, layout.window.h
    for box in (layout.stock, layout.pile):
        assert abs(box.centre[0] - width / 2) < width / 4 and abs(box.centre[1] - height / 2) < height / 4
    assert layout.stock.right < layout.pile.x and layout.stock.y == layout.pile.y
    if layout.labels_beside:  # large cards: the stock's label on its left, the pile's on its right
        assert layout.stock_label.right <= layout.stock.x and layout.pile_label.x >= layout.pile.right
        for label, cards in ((layout.stock_label, layout.stock), (layout.pile_label, layout.pile)):
            assert (label.y, label.bottom) == (cards.y, cards.bottom)
    else:
        assert layout.stock_label.y >= layout.stock.bottom and layout.pile_label.y >= layout.pile.bottom
    assert layout.pile.w >= layout.card_size[0] * 2
    assert [name for name, _ in layout.buttons] == list(BUTTONS)
    boxes = [box for _, box in layout.buttons]
    assert len({box.y for box in boxes}) == 1
    assert all(a.right < b.x for a, b in pairwise(boxes))
    assert 0 <= layout.human.hand.y - boxes[0].bottom <= layout.gap * 2
    assert layout.button("ask_partner") == boxes[BUTTONS.index("ask_partner")]
    assert layout.message.bottom <= boxes[0].y and layout.message.w > width // 2


# --- placing cards ------------------------------------------------------------------------------------------


def test_the_hand_fans_left_to_right_and_tightens_as_it_grows() -> None:
    layout = _layout(4, MIN_WINDOW)
    steps = []
    for count in (2, 11, 25):
        boxes = hand_card_rects(layout, count)
        xs = [box.x for box in boxes]
        assert xs == sorted(xs) and len(set(xs)) == count
        steps.append(min(b - a for a, b in pairwise(xs)))
    assert steps[0] >= steps[1] > steps[2]
    raised = hand_card_rects(layout, 5, {2})
    assert raised[2].y == raised[1].y - layout.hand_lift


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
def test_the_hand_spreads_over_nine_tenths_of_the_width_before_its_cards_overlap(
    players: int, size: tuple[int, int]
) -> None:
    layout = _layout(players, size)
    width = layout.card_size[0]
    for count in range(1, 26):
        boxes = hand_card_rects(layout, count)
        overlap = any(a.right > b.x for a, b in pairwise(boxes))
        assert overlap == (count * width > size[0] * 0.9), (count, boxes)
        assert boxes[-1].right - boxes[0].x <= size[0] * 0.9


def test_hand_card_at_picks_the_topmost_card() -> None:
    layout = _layout(4, DEFAULT_WINDOW)
    boxes = hand_card_rects(layout, 11)
    overlap = (boxes[1].x + 1, boxes[1].centre[1])
    assert hand_card_at(layout, 11, overlap) == 1
    assert hand_card_at(layout, 11, boxes[10].centre) == 10
    assert hand_card_at(layout, 11, (0, 0)) is None


def test_the_pile_fans_with_its_top_card_on_the_right_of_the_card_that_froze_it() -> None:
    layout = _layout(4, DEFAULT_WINDOW)
    boxes = pile_card_rects(layout, PILE_FAN_CARDS)
    across = pile_sideways_rect(layout)
    assert across.x == layout.pile.x and layout.pile.contains(across) and (across.w, across.h) == layout.sideways
    assert boxes[0].x > across.x + across.w // 2, "the card lying across shows its left half, index and all"
    assert boxes[-1].right <= layout.pile.right
    assert [box.x for box in boxes] == sorted(box.x for box in boxes)
    assert pile_card_rects(layout, 0) == ()
    assert pile_card_rects(layout, 3, across=False)[0].x == layout.pile.x, "no card across: the fan starts at once"


def test_canastas_are_squared_up_and_a_short_meld_fans_as_it_will_at_six_cards() -> None:
    layout = _layout(4, DEFAULT_WINDOW)
    slots = meld_rects(layout, 0, [("K", 8, True), ("7", 3, False)])
    canasta, meld = slots
    assert len(set(canasta.cards)) == 1 and canasta.box == canasta.cards[0]
    down, across = [card.y for card in meld.cards], [card.x for card in meld.cards]
    assert down == sorted(down) and across == sorted(across)
    # Each card's corner shows (the spacing in whole pixels: the least readable share, rounded down).
    card = meld.cards[0]
    assert down[1] - down[0] >= math.floor(0.17 * card.h) or across[1] - across[0] >= math.floor(0.2 * card.w)
    assert canasta.box.x == layout.sides[0].meld_area.x and canasta.box.y == layout.sides[0].meld_area.y
    grown = meld_rects(layout, 0, [("K", 8, True), ("7", 6, False)])[1]
    assert grown.cards[:3] == meld.cards, "the cards added lie on the fan; those there do not move"


def test_melds_shrink_rather_than_leave_a_tiny_area() -> None:
    area = Box(10, 20, 90, 60)
    slots = arrange_melds(area, [(RANKS[i], 12, False) for i in range(12)], (60, 84), 4)
    assert all(area.contains(slot.box) for slot in slots)
    assert arrange_melds(area, [], (60, 84), 4) == ()


# --- regions, hit testing and the values themselves ---------------------------------------------------------


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_hit_test_names_the_region_under_a_point(players: int) -> None:
    layout = _layout(players, DEFAULT_WINDOW)
    for name, box in regions(layout):
        assert hit_test(layout, box.centre) == name
    assert hit_test(layout, (0, 0)) is None


def test_boxes_that_touch_do_not_overlap() -> None:
    a = Box(0, 0, 10, 10)
    assert not a.overlaps(Box(10, 0, 5, 5)) and not a.overlaps(Box(0, 10, 5, 5))
    assert a.overlaps(Box(9, 9, 5, 5)) and a.contains(Box(0, 0, 10, 10)) and not a.contains(Box(1, 1, 10, 2))
    assert a.contains_point((9, 9)) and not a.contains_point((10, 0))
    assert a.as_tuple() == (0, 0, 10, 10) and a.centre == (5, 5)


def test_the_layout_is_a_frozen_value_recomputed_for_each_size() -> None:
    layout = layout_table(DEFAULT_WINDOW, 4)
    assert layout == layout_table(DEFAULT_WINDOW, 4) and hash(layout) == hash(layout_table(DEFAULT_WINDOW, 4))
    assert layout != layout_table((1024, 768), 4)
    with pytest.raises(dataclasses.FrozenInstanceError):
        layout.stock = Box(0, 0, 1, 1)  # type: ignore[misc]  # the assignment a frozen layout must refuse


@pytest.mark.parametrize(
    ("size", "players", "human"), [(DEFAULT_WINDOW, 5, 0), (DEFAULT_WINDOW, 4, 4), ((0, 600), 4, 0)]
)
def test_impossible_tables_are_refused(size: tuple[int, int], players: int, human: int) -> None:
    with pytest.raises(ValueError, match="no table"):
        layout_table(size, players, human)


# --- the table a person can follow: sides, plates, sizes (the three window sizes people use most) -----------------

COMMON_SIZES = ((800, 600), (1280, 800), (1920, 1080))
LEAST_CARD_HEIGHT = {(800, 600): 80, (1280, 800): 110, (1920, 1080): 150}


def _vertical_overlap(a: Box, b: Box) -> bool:
    return a.y < b.bottom and b.y < a.bottom


def _horizontal_overlap(a: Box, b: Box) -> bool:
    return a.x < b.right and b.x < a.right


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@pytest.mark.parametrize("size", COMMON_SIZES)
def test_each_side_has_a_labelled_panel_beside_its_own_players(players: int, size: tuple[int, int]) -> None:
    layout = _layout(players, size)
    assert [side.side for side in layout.sides] == sorted(set(seat_sides(players)))
    for side in layout.sides:
        for part in (side.header, side.meld_area, side.red_threes):
            assert side.panel.contains(part), (side.side, part)
        assert side.header.bottom <= side.meld_area.y and side.header.h >= layout.font_px
        assert side.header.w >= 12 * layout.font_px, "room for the side's name and its points"
    own = layout.sides[layout.human.side]
    assert all(own.panel.y > other.panel.bottom for other in layout.sides if other is not own)
    assert own.panel.bottom <= layout.human.plate.y, "the human's side is just above the human"
    pad = 3 * layout.gap
    for seat in layout.seats:
        if seat.side == layout.human.side:
            continue
        panel = layout.sides[seat.side].panel
        if seat.position in (SeatPosition.LEFT, SeatPosition.RIGHT):
            assert _vertical_overlap(seat.plate, panel), seat
            assert min(abs(seat.plate.right - panel.x), abs(panel.right - seat.plate.x)) <= pad, seat
        else:  # a top seat: its panel is the next thing below its plate (and the caption under it, if any)
            above = max(seat.plate.bottom, seat.caption.bottom)
            assert _horizontal_overlap(seat.plate, panel) and 0 <= panel.y - above <= 3 * pad, seat


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@pytest.mark.parametrize("size", COMMON_SIZES)
def test_every_plate_is_visible_and_no_two_words_boxes_overlap(players: int, size: tuple[int, int]) -> None:
    layout = _layout(players, size)
    for seat in layout.seats:
        assert layout.window.contains(seat.plate) and seat.plate.contains(seat.label)
        assert seat.seat == layout.human_seat or seat.plate.contains(seat.hand)
        assert seat.label.w >= 6 * layout.font_px and seat.label.h >= layout.line_h
        if seat.seat != layout.human_seat:
            assert seat.caption.w >= 8 * layout.small_px and seat.caption.h >= 2 * layout.small_px, seat
            assert seat.label.h >= 2 * layout.small_px
    plates = [seat.plate for seat in layout.seats]
    for a, b in combinations(plates, 2):
        assert not a.overlaps(b)
    words = text_regions(layout)
    assert {name.split(":")[0] for name, _ in words} >= {"seat_label", "side_header", "message", "button", "tool"}
    for (name_a, a), (name_b, b) in combinations(words, 2):
        assert not a.overlaps(b), f"{name_a} {a} overlaps {name_b} {b}"


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@pytest.mark.parametrize("size", COMMON_SIZES)
@pytest.mark.parametrize("large", [False, True])
def test_hand_cards_are_large_enough_to_read_across_the_room(players: int, size: tuple[int, int], large: bool) -> None:
    layout = _layout(players, size, large)
    assert layout.card_size[1] >= LEAST_CARD_HEIGHT[size]
    # Melds grow with the window too; large hand cards take some of their room.
    assert layout.meld_card_size[1] >= layout.card_size[1] * (0.35 if large else 0.5)


@settings(max_examples=60, deadline=None)
@given(
    width=st.integers(MIN_WINDOW[0], 3000),
    height=st.integers(MIN_WINDOW[1], 2000),
    players=st.sampled_from(PLAYER_COUNTS),
)
def test_no_text_is_smaller_than_twelve_pixels(width: int, height: int, players: int) -> None:
    layout = layout_table((width, height), players)
    assert min(layout.font_px, layout.small_px) >= MIN_TEXT_PX == 12


# --- large cards: every card larger, the melds never smaller -------------------------------------------------


def _first_meld_card(layout: TableLayout, side: int, melds: int) -> tuple[int, int]:
    slot = meld_rects(layout, side, [(RANKS[i], 6, False) for i in range(melds)])[0]
    return (slot.cards[0].w, slot.cards[0].h)


def _assert_large_cards_larger(plain: TableLayout, large: TableLayout) -> None:
    assert large.card_size[0] > plain.card_size[0], "the hand's cards"
    for ours, theirs in ((large.stock, plain.stock), (large.pile, plain.pile)):
        assert ours.w >= theirs.w and ours.h >= theirs.h, "the stock and the pile"
    assert large.meld_card_size[0] >= plain.meld_card_size[0], "the melds' cards"
    assert 1 <= large.meld_room <= plain.meld_room == 8
    for side in range(len(large.sides)):  # as many melds as a side holds at its size: drawn no smaller
        assert _first_meld_card(large, side, large.meld_room) >= _first_meld_card(plain, side, large.meld_room)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@pytest.mark.parametrize("size", SIZES)
def test_large_cards_make_the_melds_no_smaller_and_the_rest_larger(players: int, size: tuple[int, int]) -> None:
    _assert_large_cards_larger(_layout(players, size), _layout(players, size, True))


@settings(max_examples=60, deadline=None)
@given(
    width=st.integers(MIN_WINDOW[0], 3000),
    height=st.integers(MIN_WINDOW[1], 2000),
    players=st.sampled_from(PLAYER_COUNTS),
)
def test_large_cards_never_shrink_the_melds_at_any_window_size(width: int, height: int, players: int) -> None:
    plain = layout_table((width, height), players)
    large = layout_table((width, height), players, large_cards=True)
    _assert_large_cards_larger(plain, large)
    _assert_regions_sound(large)


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080), (800, 600)], ids=lambda size: f"{size[0]}x{size[1]}")
def test_with_large_cards_a_busy_side_keeps_melds_of_the_usual_size(size: tuple[int, int]) -> None:
    """Four players, eight melds of six a side: with large cards every meld is drawn at least as tall as without
    them (the stock's and pile's labels beside them where they fit, the cards only as much larger as leaves that
    room), and nothing overlaps."""
    plain, large = _layout(4, size), _layout(4, size, True)
    assert large.card_size[0] > plain.card_size[0]
    busy: list[MeldShape] = [(RANKS[i], 6, False) for i in range(8)]
    for side in large.sides:
        slots = meld_rects(large, side.side, busy)
        usual = meld_rects(plain, side.side, busy)[0].cards[0].h
        assert all(card.h >= usual for slot in slots for card in slot.cards), (side.side, slots[0].cards[0], usual)
        assert all(side.meld_area.contains(slot.box) for slot in slots)
        assert not any(a.box.overlaps(b.box) for a, b in combinations(slots, 2))
    _assert_regions_sound(large)


# --- open hands (practice games): readable cards in a place of their own --------------------------------------


def _assert_open_hands_readable(layout: TableLayout) -> None:
    _assert_regions_sound(layout)  # the open hands' boxes are regions: they overlap nothing else
    plates = [seat.plate for seat in layout.seats]
    for seat in layout.seats:
        if seat.seat == layout.human_seat:
            assert not seat.open_hand.w
            continue
        assert seat.open_hand.w and not any(seat.open_hand.overlaps(plate) for plate in plates), seat
        for count in (1, 11, 15, 22, 30):
            boxes = open_hand_rects(layout, seat.seat, count)
            assert len(boxes) == count and all(seat.open_hand.contains(box) for box in boxes), (seat, count)
            assert all(box.h >= OPEN_CARD_LEAST_H and box.w >= OPEN_CARD_LEAST_H / CARD_ASPECT - 1 for box in boxes)
        # A hand of fifteen shows each card's corner: its cards lie at least the readable step apart.
        boxes = open_hand_rects(layout, seat.seat, 15)
        corners = {(box.x, box.y) for box in boxes}
        assert len(corners) == 15
        for a, b in combinations(boxes, 2):
            if a.y == b.y:
                assert abs(a.x - b.x) >= math.floor(OPEN_STEP * a.w), (seat, a, b)
            else:
                assert abs(a.y - b.y) >= math.floor(OPEN_STEP * a.h), (seat, a, b)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@pytest.mark.parametrize("size", COMMON_SIZES)
@pytest.mark.parametrize("large", [False, True])
def test_open_hands_are_readable_cards_apart_from_plates(players: int, size: tuple[int, int], large: bool) -> None:
    layout = layout_table(size, players, large_cards=large, open_hands=True)
    assert layout.open_hands and not _layout(players, size, large).open_hands
    _assert_open_hands_readable(layout)
    for seat in layout.seats:  # the captions keep room for a sentence
        if seat.seat != layout.human_seat:
            assert seat.caption.h >= 2 * layout.small_px + layout.gap and seat.caption.w >= 8 * layout.small_px


@settings(max_examples=40, deadline=None)
@given(
    width=st.integers(MIN_WINDOW[0], 3000),
    height=st.integers(MIN_WINDOW[1], 2000),
    players=st.sampled_from(PLAYER_COUNTS),
    large=st.booleans(),
)
def test_open_hands_fit_any_window_size(width: int, height: int, players: int, large: bool) -> None:
    _assert_open_hands_readable(layout_table((width, height), players, large_cards=large, open_hands=True))
