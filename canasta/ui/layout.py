"""Table geometry: where each part of the card table goes for a window size; no display, no pygame.

`layout_table(size, players, human_seat)` returns a frozen `TableLayout`, computed anew on every resize. The
helpers after it place cards inside its regions (the human's hand, the pile, a side's melds, red threes, other
players' backs) and name the region under a point. Seats go clockwise, which on screen runs from the bottom to
the left, the top and the right, so seat human+1 sits on the human's left:

    players  human+1  human+2             human+3  human+4              human+5
    2        top
    3        left     right
    4        left     top (partner)       right
    6        left     top-left (partner)  top      top-right (partner)  right

Melds go per side (RULES.md §8: two sides for 2, 4 and 6 players, one per player for 3): the human's side in the
band above the hand, the other side's in the band above the stock and pile, which with three players is split
between the left player (left half) and the right player (right half).

Rectangles are `Box`, a frozen dataclass, not `pygame.Rect`: a Rect is mutable and unhashable, so a layout of
Rects would not be frozen, and geometry needs no pygame; `Box.as_tuple()` goes into any pygame call that takes a
rect. Sizes are drawable pixels: on a high-DPI screen pass the drawable size, so cards are drawn at their real
size and stay crisp. In any window of at least `MIN_WINDOW` every region is on screen and none overlap.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass
from typing import Final

MIN_WINDOW: Final = (800, 600)
DEFAULT_WINDOW: Final = (1280, 800)
PLAYER_COUNTS: Final = (2, 3, 4, 6)
MIN_CARD_WIDTH: Final = 42
CARD_ASPECT: Final = 1.4
BUTTONS: Final = ("meld", "discard", "take_pile", "ask_partner", "go_out", "pass", "sort", "menu")
PILE_FAN_CARDS: Final = 6  # pile cards shown at the comfortable spacing; more squeeze together
BACKS_SHOWN: Final = 5  # card backs fanned for another player's hand (its label gives the count)

_LARGE_FACTOR = 1.25
_BACK_SCALE = 0.7
_MELD_MAX_SCALE = 0.9
_LIFT = 0.16  # a selected hand card rises by this share of the card's height
_HAND_STEP, _PILE_STEP, _BACK_STEP = 0.6, 0.26, 0.18  # fan steps as a share of the card's width
_RED_THREE_STEP = 0.3  # ... and of its height
# Meld fan steps as a share of the card's height (vertical fans) or width (horizontal ones): the most that is
# wanted, and the least that still shows the rank in the card's corner.
_FAN_MOST_V, _FAN_MOST_H = 0.24, 0.32
_FAN_READABLE_V, _FAN_READABLE_H = 0.17, 0.2
_MELD_SCALES = (1.0, 0.92, 0.85, 0.78, 0.72, 0.66, 0.6, 0.55, 0.5, 0.45, 0.4, 0.35, 0.3)
_TYPICAL_TABLE = (11, 6)  # every meldable rank down, none a canasta yet: the meld card size is chosen for it
_UPPER_SHARES_3P = (0.5, 0.56, 0.62, 0.68)  # with three players two meld areas share the upper band
# Text-driven widths, in multiples of the font size.
_LABEL_EM, _HUMAN_LABEL_EM, _SCORE_EM, _BUTTON_EM = 9, 13, 14, 8

Size = tuple[int, int]
Point = tuple[int, int]
MeldShape = tuple[str, int, bool]  # (rank, card count, is a canasta)


@dataclass(frozen=True, slots=True)
class Box:
    """An axis-aligned rectangle in pixels; like pygame.Rect, it holds x <= px < x + w."""

    x: int
    y: int
    w: int
    h: int

    @property
    def right(self) -> int:
        return self.x + self.w

    @property
    def bottom(self) -> int:
        return self.y + self.h

    @property
    def centre(self) -> Point:
        return (self.x + self.w // 2, self.y + self.h // 2)

    def as_tuple(self) -> tuple[int, int, int, int]:
        return (self.x, self.y, self.w, self.h)

    def contains_point(self, pos: Point) -> bool:
        return self.x <= pos[0] < self.right and self.y <= pos[1] < self.bottom

    def contains(self, other: Box) -> bool:
        """Whether `other` lies wholly inside this box (edges may coincide)."""
        return self.x <= other.x and self.y <= other.y and other.right <= self.right and other.bottom <= self.bottom

    def overlaps(self, other: Box) -> bool:
        """Whether the boxes share a pixel; boxes that only touch along an edge do not."""
        return self.x < other.right and other.x < self.right and self.y < other.bottom and other.y < self.bottom


class SeatPosition(enum.StrEnum):
    BOTTOM = "bottom"
    LEFT = "left"
    TOP_LEFT = "top_left"
    TOP = "top"
    TOP_RIGHT = "top_right"
    RIGHT = "right"


_TOP_ROW: Final = (SeatPosition.TOP_LEFT, SeatPosition.TOP, SeatPosition.TOP_RIGHT)


@dataclass(frozen=True, slots=True)
class SeatLayout:
    """A seat: its hand (the human's fan area, or a compact area for card backs) and its label box (name,
    cards left, whose turn)."""

    seat: int
    position: SeatPosition
    side: int
    hand: Box
    label: Box


@dataclass(frozen=True, slots=True)
class SideLayout:
    """A scoring side: the area for its melds (also the drop target for a new meld) and for its red threes."""

    side: int
    seats: tuple[int, ...]
    meld_area: Box
    red_threes: Box


@dataclass(frozen=True, slots=True)
class TableLayout:
    """Every region of the table for one window size. `seats` is indexed by seat, `sides` by side."""

    window: Box
    players: int
    human_seat: int
    large_cards: bool
    card_size: Size  # the human's hand, the stock and the pile
    back_size: Size  # other players' card backs and the red threes
    meld_card_size: Size  # the largest meld card; `meld_rects` shrinks it only for an unusually crowded side
    font_px: int
    line_h: int
    gap: int
    hand_lift: int
    seats: tuple[SeatLayout, ...]
    sides: tuple[SideLayout, ...]
    stock: Box
    stock_label: Box
    pile: Box
    pile_label: Box  # the pile's size, the frozen marker and the black-three stop
    scoreboard: Box
    buttons: tuple[tuple[str, Box], ...]
    message: Box

    @property
    def human(self) -> SeatLayout:
        return self.seats[self.human_seat]

    def button(self, name: str) -> Box:
        """The box of the named button (one of `BUTTONS`)."""
        return next(box for button_name, box in self.buttons if button_name == name)


@dataclass(frozen=True, slots=True)
class MeldSlot:
    """Where a meld goes: its footprint, one box per card (bottom card first; a canasta's boxes are all one,
    squared up) and a badge box on the top card for the card count."""

    rank: str
    is_canasta: bool
    box: Box
    cards: tuple[Box, ...]
    badge: Box


def seat_positions(players: int, human_seat: int) -> tuple[SeatPosition, ...]:
    """Where each seat sits on screen, by seat: the human at the bottom, then clockwise (left, top, right)."""
    match players:
        case 2:
            order: tuple[SeatPosition, ...] = (SeatPosition.BOTTOM, SeatPosition.TOP)
        case 3:
            order = (SeatPosition.BOTTOM, SeatPosition.LEFT, SeatPosition.RIGHT)
        case 4:
            order = (SeatPosition.BOTTOM, SeatPosition.LEFT, SeatPosition.TOP, SeatPosition.RIGHT)
        case 6:
            order = tuple(SeatPosition)
        case _:
            raise ValueError(f"players must be one of {PLAYER_COUNTS}, not {players}")
    return tuple(order[(seat - human_seat) % players] for seat in range(players))


def seat_sides(players: int) -> tuple[int, ...]:
    """The scoring side of each seat (RULES.md §8): each alone with three players, else alternate seats."""
    return tuple(range(3)) if players == 3 else tuple(seat % 2 for seat in range(players))


# --- the layout ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Request:
    size: Size
    players: int
    human_seat: int
    large_cards: bool


@dataclass(frozen=True, slots=True)
class _Metrics:
    """Sizes that follow the window and its text, not the cards."""

    font_px: int
    line_h: int
    gap: int
    pad: int
    button_h: int
    card_w: int


@dataclass(frozen=True, slots=True)
class _Frame:
    """The coarse split of the window: the bottom strips, the top band, the side columns and the middle."""

    hand: Box
    buttons: Box
    info: Box
    top: Box
    left: Box
    right: Box
    middle: Box


def layout_table(size: Size, players: int, human_seat: int = 0, *, large_cards: bool = False) -> TableLayout:
    """The table for a window of `size` drawable pixels. Cards scale with the window, never below
    `MIN_CARD_WIDTH` wide in a window of at least `MIN_WINDOW` (a smaller window scales everything down). The
    proportions are chosen so that everything fits at every size: the tests check it over the whole range."""
    if players not in PLAYER_COUNTS or not 0 <= human_seat < players or min(size) <= 0:
        raise ValueError(f"no table for {players} players, human seat {human_seat}, window {size}")
    request = _Request((int(size[0]), int(size[1])), players, human_seat, large_cards)
    return _build(request, _metrics(request))


def _metrics(request: _Request) -> _Metrics:
    width, height = request.size
    shrink = min(1.0, width / MIN_WINDOW[0], height / MIN_WINDOW[1])  # below the minimum window, all scales down
    font = min(30, max(round(13 * shrink), round(min(width / 70, height / 50))))
    gap = max(2, round(min(width, height) / 220))
    # The height bounds the card: the hand, the stock and pile and two meld bands are stacked up the window.
    card_w = min(width / 13, height / 11) * (_LARGE_FACTOR if request.large_cards else 1.0)
    return _Metrics(
        font, round(font * 1.35), gap, 2 * gap, round(font * 1.9), max(round(MIN_CARD_WIDTH * shrink), int(card_w))
    )


def _build(request: _Request, metrics: _Metrics) -> TableLayout:
    card = (metrics.card_w, round(metrics.card_w * CARD_ASPECT))
    back, lift, gap = _scaled(card, _BACK_SCALE), round(card[1] * _LIFT), metrics.gap
    frame = _frame(request, metrics, card[1] + lift, back)
    seats = _seats(request, frame, metrics, back)
    centre_h = max(card[1] + gap + metrics.line_h, _score_h(request.players, metrics))
    centre, sides, meld_card = _middle(request, frame.middle, centre_h, card, gap)
    stock, stock_label, pile, pile_label, scoreboard = _centre(request, centre, metrics, card)
    message_x = seats[request.human_seat].label.right + 2 * gap
    return TableLayout(
        window=Box(0, 0, *request.size),
        players=request.players,
        human_seat=request.human_seat,
        large_cards=request.large_cards,
        card_size=card,
        back_size=back,
        meld_card_size=meld_card,
        font_px=metrics.font_px,
        line_h=metrics.line_h,
        gap=gap,
        hand_lift=lift,
        seats=seats,
        sides=sides,
        stock=stock,
        stock_label=stock_label,
        pile=pile,
        pile_label=pile_label,
        scoreboard=scoreboard,
        buttons=_buttons(frame.buttons, metrics),
        message=Box(message_x, frame.info.y, frame.info.right - message_x, frame.info.h),
    )


def _frame(request: _Request, metrics: _Metrics, hand_h: int, back: Size) -> _Frame:
    """From the bottom: the hand, the buttons, the info line (the human's label and the message); the top band
    for top seats; side columns for left and right seats; the middle for the melds, stock and pile."""
    pad, gap = metrics.pad, metrics.gap
    inner = Box(pad, pad, request.size[0] - 2 * pad, request.size[1] - 2 * pad)
    hand = Box(inner.x, inner.bottom - hand_h, inner.w, hand_h)
    buttons = Box(inner.x, hand.y - gap - metrics.button_h, inner.w, metrics.button_h)
    info = Box(inner.x, buttons.y - gap - metrics.line_h, inner.w, metrics.line_h)
    positions = set(seat_positions(request.players, request.human_seat))
    top_h = max(back[1], 2 * metrics.line_h) if positions & set(_TOP_ROW) else 0
    top = Box(inner.x, inner.y, inner.w, top_h)
    mid_y = top.bottom + pad if top_h else inner.y
    mid_h = info.y - pad - mid_y
    col_w = max(_back_fan_w(back), _LABEL_EM * metrics.font_px) if SeatPosition.LEFT in positions else 0
    left = Box(inner.x, mid_y, col_w, mid_h)
    right = Box(inner.right - col_w, mid_y, col_w, mid_h)
    mid_x = left.right + pad if col_w else inner.x
    mid_right = right.x - pad if col_w else inner.right
    return _Frame(hand, buttons, info, top, left, right, Box(mid_x, mid_y, mid_right - mid_x, mid_h))


def _seats(request: _Request, frame: _Frame, metrics: _Metrics, back: Size) -> tuple[SeatLayout, ...]:
    positions = seat_positions(request.players, request.human_seat)
    sides = seat_sides(request.players)
    top_slots = _split(frame.top, 3 if SeatPosition.TOP_LEFT in positions else 1, 0)
    seats = []
    for seat, position in enumerate(positions):
        if position is SeatPosition.BOTTOM:
            label_w = min(_HUMAN_LABEL_EM * metrics.font_px, frame.info.w // 3)
            hand, label = frame.hand, Box(frame.info.x, frame.info.y, label_w, frame.info.h)
        elif position in (SeatPosition.LEFT, SeatPosition.RIGHT):
            hand, label = _column_seat(frame.left if position is SeatPosition.LEFT else frame.right, metrics, back)
        else:
            hand, label = _top_seat(top_slots[_TOP_ROW.index(position) if len(top_slots) == 3 else 0], metrics, back)
        seats.append(SeatLayout(seat, position, sides[seat], hand, label))
    return tuple(seats)


def _column_seat(column: Box, metrics: _Metrics, back: Size) -> tuple[Box, Box]:
    """A side seat: the backs above a two-line label, centred in the column."""
    fan_w, label_h = _back_fan_w(back), 2 * metrics.line_h
    y = column.y + (column.h - back[1] - metrics.gap - label_h) // 2
    hand = Box(column.x + (column.w - fan_w) // 2, y, fan_w, back[1])
    return hand, Box(column.x, hand.bottom + metrics.gap, column.w, label_h)


def _top_seat(slot: Box, metrics: _Metrics, back: Size) -> tuple[Box, Box]:
    """A top seat: the backs with a two-line label on their right, centred in the slot."""
    fan_w, label_w, label_h = _back_fan_w(back), _LABEL_EM * metrics.font_px, 2 * metrics.line_h
    x = slot.x + (slot.w - fan_w - metrics.gap - label_w) // 2
    hand = Box(x, slot.y + (slot.h - back[1]) // 2, fan_w, back[1])
    return hand, Box(hand.right + metrics.gap, slot.y + (slot.h - label_h) // 2, label_w, label_h)


def _middle(
    request: _Request, middle: Box, centre_h: int, card: Size, gap: int
) -> tuple[Box, tuple[SideLayout, ...], Size]:
    """The strip for the stock and pile, the sides' areas above and below it and the meld card size. With three
    players the upper band holds two meld areas side by side, so it may take more of the height: whichever
    share gives the largest meld cards."""
    best: tuple[Box, tuple[SideLayout, ...], Size] | None = None
    for share in _UPPER_SHARES_3P if request.players == 3 else (0.5,):
        bands = middle.h - centre_h - 2 * gap
        upper = Box(middle.x, middle.y, middle.w, int(bands * share))
        centre = Box(middle.x, upper.bottom + gap, middle.w, centre_h)
        lower = Box(middle.x, centre.bottom + gap, middle.w, middle.bottom - centre.bottom - gap)
        sides = _sides(request, upper, lower, _scaled(card, _BACK_SCALE)[0], gap)
        meld_card = _meld_card_size(sides, _scaled(card, _MELD_MAX_SCALE), _meld_gap(gap))
        if best is None or meld_card[0] > best[2][0]:
            best = (centre, sides, meld_card)
    assert best is not None
    return best


def _sides(request: _Request, upper: Box, lower: Box, back_w: int, gap: int) -> tuple[SideLayout, ...]:
    """Each side's band: the human's below the stock and pile, the others above; red threes at its left."""
    players, human = request.players, request.human_seat
    side_of = seat_sides(players)
    bands = {side_of[human]: lower}
    if players == 3:
        bands[side_of[(human + 1) % 3]], bands[side_of[(human + 2) % 3]] = _split(upper, 2, 2 * gap)
    else:
        bands[1 - side_of[human]] = upper
    result = []
    for side in range(len(bands)):
        band = bands[side]
        red_threes = Box(band.x, band.y, back_w, band.h)
        meld_area = Box(red_threes.right + gap, band.y, band.w - back_w - gap, band.h)
        seats = tuple(seat for seat in range(players) if side_of[seat] == side)
        result.append(SideLayout(side, seats, meld_area, red_threes))
    return tuple(result)


def _centre(request: _Request, centre: Box, metrics: _Metrics, card: Size) -> tuple[Box, Box, Box, Box, Box]:
    """The stock and the pile, each with its label below, and the scoreboard at the strip's right end."""
    gap, line_h, score_w = metrics.gap, metrics.line_h, _SCORE_EM * metrics.font_px
    score_h = _score_h(request.players, metrics)
    scoreboard = Box(centre.right - score_w, centre.y + (centre.h - score_h) // 2, score_w, score_h)
    pile_w = card[0] + (PILE_FAN_CARDS - 1) * round(card[0] * _PILE_STEP)
    group_w = card[0] + 2 * gap + pile_w
    # Centred on the window where the scoreboard leaves room, else as near the centre as it does.
    x = min(max(request.size[0] // 2 - group_w // 2, centre.x), scoreboard.x - 2 * gap - group_w)
    y = centre.y + (centre.h - card[1] - gap - line_h) // 2
    stock = Box(x, y, card[0], card[1])
    pile = Box(stock.right + 2 * gap, y, pile_w, card[1])
    stock_label = Box(x, stock.bottom + gap, card[0], line_h)
    pile_label = Box(pile.x, pile.bottom + gap, scoreboard.x - gap - pile.x, line_h)
    return stock, stock_label, pile, pile_label, scoreboard


def _buttons(row: Box, metrics: _Metrics) -> tuple[tuple[str, Box], ...]:
    """One row of equal buttons, centred."""
    count, gap = len(BUTTONS), metrics.gap
    width = min(_BUTTON_EM * metrics.font_px, (row.w - (count - 1) * gap) // count)
    x = row.x + (row.w - count * width - (count - 1) * gap) // 2
    return tuple((name, Box(x + i * (width + gap), row.y, width, row.h)) for i, name in enumerate(BUTTONS))


def _score_h(players: int, metrics: _Metrics) -> int:
    """A heading line and a line per side."""
    return (len(set(seat_sides(players))) + 1) * metrics.line_h + 2 * metrics.gap


def _meld_card_size(sides: tuple[SideLayout, ...], largest: Size, gap: int) -> Size:
    """The largest meld card that keeps a full table readable in every meld area."""
    melds, longest = _TYPICAL_TABLE
    cards = (_choose_grid(_MeldTask(side.meld_area, melds, longest, gap), largest).card for side in sides)
    return min(cards, key=lambda card: card[0])


# --- regions and hit testing --------------------------------------------------------------------------------


def regions(layout: TableLayout) -> tuple[tuple[str, Box], ...]:
    """Every named region ("hand:0", "seat_label:1", "meld_area:0", "red_threes:1", "stock", "stock_label",
    "pile", "pile_label", "scoreboard", "message", "button:meld", ...); no two overlap."""
    return tuple(_region_items(layout))


def _region_items(layout: TableLayout) -> Iterator[tuple[str, Box]]:
    for seat in layout.seats:
        yield f"hand:{seat.seat}", seat.hand
        yield f"seat_label:{seat.seat}", seat.label
    for side in layout.sides:
        yield f"meld_area:{side.side}", side.meld_area
        yield f"red_threes:{side.side}", side.red_threes
    yield from (("stock", layout.stock), ("stock_label", layout.stock_label), ("pile", layout.pile))
    yield from (("pile_label", layout.pile_label), ("scoreboard", layout.scoreboard), ("message", layout.message))
    for name, box in layout.buttons:
        yield f"button:{name}", box


def hit_test(layout: TableLayout, pos: Point) -> str | None:
    """The name of the region under `pos` (as in `regions`), or None."""
    return next((name for name, box in _region_items(layout) if box.contains_point(pos)), None)


# --- cards inside the regions -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _FanStyle:
    """Overlapping cards at most `max_step` apart, down or across, centred or from the region's start."""

    max_step: float
    vertical: bool = False
    centred: bool = True


def hand_card_rects(layout: TableLayout, count: int, selected: Collection[int] = ()) -> tuple[Box, ...]:
    """The human's cards fanned left to right and centred; the fan tightens as cards come and never leaves the
    hand area. Selected cards (by index) are raised by `hand_lift`, still inside the area."""
    hand, lift = layout.human.hand, layout.hand_lift
    resting = Box(hand.x, hand.y + lift, hand.w, hand.h - lift)
    boxes = _fan(resting, layout.card_size, count, _FanStyle(layout.card_size[0] * _HAND_STEP))
    return tuple(Box(b.x, b.y - lift, b.w, b.h) if i in selected else b for i, b in enumerate(boxes))


def hand_card_at(layout: TableLayout, count: int, pos: Point, selected: Collection[int] = ()) -> int | None:
    """The index of the topmost hand card under `pos` (later cards lie on top), or None."""
    boxes = hand_card_rects(layout, count, selected)
    return next((index for index in reversed(range(count)) if boxes[index].contains_point(pos)), None)


def back_rects(layout: TableLayout, seat: int, count: int) -> tuple[Box, ...]:
    """Card backs for another seat's hand: at most `BACKS_SHOWN` of them, fanned and centred."""
    back = layout.back_size
    return _fan(layout.seats[seat].hand, back, min(count, BACKS_SHOWN), _FanStyle(back[0] * _BACK_STEP))


def pile_card_rects(layout: TableLayout, count: int) -> tuple[Box, ...]:
    """The top `count` pile cards fanned left to right, the last box the top card. At most `PILE_FAN_CARDS`
    get the comfortable spacing; any count stays inside the pile area."""
    card = layout.card_size
    return _fan(layout.pile, card, count, _FanStyle(card[0] * _PILE_STEP, centred=False))


def red_three_rects(layout: TableLayout, side: int, count: int) -> tuple[Box, ...]:
    """A side's red threes fanned downwards from the top of its red-three column."""
    back = layout.back_size
    column = layout.sides[side].red_threes
    return _fan(column, back, count, _FanStyle(back[1] * _RED_THREE_STEP, vertical=True, centred=False))


def _fan(region: Box, card: Size, count: int, style: _FanStyle) -> tuple[Box, ...]:
    """`count` overlapping cards inside `region`, the spacing (and in a region smaller than a card, the card)
    shrunk to stay inside. Across the fan, cards sit at the bottom (horizontal) or in the middle (vertical)."""
    if count <= 0:
        return ()
    card_w, card_h = _fit(card, region)
    length, size = (region.h, card_h) if style.vertical else (region.w, card_w)
    step = style.max_step if count == 1 else max(0.0, min(style.max_step, (length - size) / (count - 1)))
    start = max(0.0, (length - size - step * (count - 1)) / 2) if style.centred else 0.0
    offsets = [math.floor(start + i * step) for i in range(count)]
    if style.vertical:
        x = region.x + (region.w - card_w) // 2
        return tuple(Box(x, region.y + offset, card_w, card_h) for offset in offsets)
    return tuple(Box(region.x + offset, region.bottom - card_h, card_w, card_h) for offset in offsets)


# --- melds --------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _MeldTask:
    """What a meld grid must hold: `melds` melds, the longest fan `longest` cards, `gap` apart in `area`."""

    area: Box
    melds: int
    longest: int
    gap: int


@dataclass(frozen=True, slots=True)
class _MeldGrid:
    """Melds in rows of equal cells, each fanned down its cell (vertical) or across it; `step` is the spacing
    the longest fan gets."""

    vertical: bool
    card: Size
    cols: int
    cell_w: float
    cell_h: float
    step: float

    @property
    def readable(self) -> bool:
        if self.vertical:
            return self.step >= self.card[1] * _FAN_READABLE_V
        return self.step >= self.card[0] * _FAN_READABLE_H


def meld_rects(layout: TableLayout, side: int, melds: Sequence[MeldShape]) -> tuple[MeldSlot, ...]:
    """Where each of a side's melds goes, in the order given: one entry per rank, (rank, card count, is a
    canasta), sorted as they should read. See `arrange_melds`."""
    return arrange_melds(layout.sides[side].meld_area, melds, layout.meld_card_size, _meld_gap(layout.gap))


def arrange_melds(area: Box, melds: Sequence[MeldShape], largest: Size, gap: int) -> tuple[MeldSlot, ...]:
    """Melds in rows inside `area`, each fanned with overlap (down, or across where that reads better), canastas
    squared up. A crowded area tightens the fans, wraps to more rows, then shrinks the cards below `largest`:
    the melds never leave the area."""
    if not melds:
        return ()
    longest = max(_visible(count, canasta) for _, count, canasta in melds)
    grid = _choose_grid(_MeldTask(area, len(melds), longest, gap), largest)
    slots = []
    for index, (rank, count, canasta) in enumerate(melds):
        row, col = divmod(index, grid.cols)
        origin = (area.x + math.floor(col * (grid.cell_w + gap)), area.y + math.floor(row * (grid.cell_h + gap)))
        slots.append(_place_meld(grid, origin, rank, count, canasta))
    return tuple(slots)


def _visible(count: int, canasta: bool) -> int:
    """How many cards of a meld are fanned: a canasta is one squared-up pile."""
    return 1 if canasta else max(1, count)


def _choose_grid(task: _MeldTask, largest: Size) -> _MeldGrid:
    """The largest cards whose fans stay readable; failing that, the widest fan spacing at any size."""
    fallback: _MeldGrid | None = None
    for scale in _MELD_SCALES:
        for vertical in (True, False):
            grid = _meld_grid(task, _scaled(largest, scale), vertical)
            if grid is not None and grid.readable:
                return grid
            if grid is not None and (fallback is None or grid.step > fallback.step):
                fallback = grid
    return fallback if fallback is not None else _squared_grid(task)


def _meld_grid(task: _MeldTask, card: Size, vertical: bool) -> _MeldGrid | None:
    """The row count that gives the longest fan the most room, or None if the cards do not fit at all."""
    area, longest, gap = task.area, task.longest, task.gap
    most = _fan_most(card, vertical)
    best: _MeldGrid | None = None
    for rows in range(1, task.melds + 1):
        cols = math.ceil(task.melds / rows)
        cell_w = (area.w - (cols - 1) * gap) / cols
        cell_h = (area.h - (rows - 1) * gap) / rows
        if cell_w < card[0] or cell_h < card[1]:
            continue
        room = cell_h - card[1] if vertical else cell_w - card[0]
        step = most if longest == 1 else min(most, room / (longest - 1))
        # Cells only as large as the fans need, so the melds sit together from the area's top left.
        fan = step * (longest - 1)
        cell = (min(cell_w, card[0] + (0 if vertical else fan)), min(cell_h, card[1] + (fan if vertical else 0)))
        if best is None or step > best.step:
            best = _MeldGrid(vertical, card, cols, *cell, step)
    return best


def _squared_grid(task: _MeldTask) -> _MeldGrid:
    """The last resort for a tiny area: every meld a squared pile, cards as large as the cells allow."""
    area, gap = task.area, task.gap
    best = (0.0, 1)
    for rows in range(1, task.melds + 1):
        cols = math.ceil(task.melds / rows)
        width = min((area.w - (cols - 1) * gap) / cols, (area.h - (rows - 1) * gap) / rows / CARD_ASPECT)
        best = max(best, (width, cols))
    width, cols = best
    card = (max(0, math.floor(width)), max(0, math.floor(width * CARD_ASPECT)))
    return _MeldGrid(True, card, cols, float(card[0]), float(card[1]), 0.0)


def _place_meld(grid: _MeldGrid, origin: Point, rank: str, count: int, canasta: bool) -> MeldSlot:
    card_w, card_h = grid.card
    visible = _visible(count, canasta)
    room = grid.cell_h - card_h if grid.vertical else grid.cell_w - card_w
    step = 0.0 if visible == 1 else max(0.0, min(_fan_most(grid.card, grid.vertical), room / (visible - 1)))
    offsets = [0] * count if canasta else [math.floor(i * step) for i in range(count)]
    x, y = origin
    cards = tuple(
        Box(x, y + offset, card_w, card_h) if grid.vertical else Box(x + offset, y, card_w, card_h)
        for offset in offsets
    )
    top = cards[-1] if cards else Box(x, y, card_w, card_h)
    badge_h = max(1, card_h // 4)
    footprint = Box(x, y, top.right - x, top.bottom - y)
    return MeldSlot(rank, canasta, footprint, cards, Box(top.x, top.bottom - badge_h, top.w, badge_h))


# --- small geometry -----------------------------------------------------------------------------------------


def _fan_most(card: Size, vertical: bool) -> float:
    return card[1] * _FAN_MOST_V if vertical else card[0] * _FAN_MOST_H


def _scaled(card: Size, scale: float) -> Size:
    width = max(1, round(card[0] * scale))
    return (width, round(width * CARD_ASPECT))


def _fit(card: Size, region: Box) -> Size:
    """The card, shrunk keeping its shape if the region is smaller."""
    scale = min(1.0, region.w / card[0], region.h / card[1]) if card[0] and card[1] else 1.0
    return (max(0, math.floor(card[0] * scale)), max(0, math.floor(card[1] * scale)))


def _meld_gap(gap: int) -> int:
    """Melds stand further apart than other things, so each reads as one group."""
    return 2 * gap


def _back_fan_w(back: Size) -> int:
    return back[0] + (BACKS_SHOWN - 1) * math.ceil(back[0] * _BACK_STEP)


def _split(box: Box, parts: int, gap: int) -> tuple[Box, ...]:
    """`box` cut into `parts` equal columns with `gap` between them."""
    width = (box.w - (parts - 1) * gap) // parts
    return tuple(Box(box.x + i * (width + gap), box.y, width, box.h) for i in range(parts))
