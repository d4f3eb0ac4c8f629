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

Every player has a plate (name, level, cards held, a few card backs) and a caption box beside it, where the
table says in words what that player just did. Every side (docs/rules.md: two sides for 2, 4 and 6 players, one
per player for 3) has a panel: a header (whose side, its score, its points this hand) over its red threes and
melds. The human's side is the band just above the hand; the other side's panel is the upper band, between the
players of that side (the left and right columns flank it), and with three players the upper band is split
between the left player (left half) and the right player (right half); so it is with six players in three partnerships
(Samba), between the side of the left player and that of the right player. The stock and the pile sit in the
middle.

From the bottom up: the hand, the row of buttons, the human's plate with the message line, the human's side's
panel, the stock and pile, the other panels, and the row of top seats.

Rectangles are `Box` (canasta.ui.geometry), a frozen dataclass, not `pygame.Rect`: a layout of them is frozen
and needs no pygame. A side's melds are placed by canasta.ui.table.layout.melds, each in a slot that stays put. Sizes
are drawable pixels: on a high-DPI screen pass the drawable size, so cards are drawn at their real size and stay
crisp. In any window of at least `MIN_WINDOW` every region is on screen, none overlap, and no text is smaller
than `MIN_TEXT_PX`.
"""

from __future__ import annotations

import enum
import functools
import math
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Final

from canasta.ui.geometry import (
    CARD_ASPECT,
    DEFAULT_WINDOW,
    MIN_TEXT_PX,
    MIN_WINDOW,
    NO_BOX,
    Box,
    Point,
    Size,
    scaled_card,
)
from canasta.ui.table.layout.centre import (
    PILE_FAN_CARDS,
    PILE_STEP,
    SIDEWAYS_SHOW,
    TOOLS,
    StripText,
    labels_fit_beside,
    lay_out_centre,
    pile_width,
    strip_height,
)
from canasta.ui.table.layout.melds import MeldShape, MeldSlot, arrange_melds, meld_card

__all__ = [
    "BACKS_SHOWN", "BUTTONS", "CAPTION_LINES", "CARD_ASPECT", "DEFAULT_WINDOW", "MIN_CARD_WIDTH", "MIN_TEXT_PX",
    "MIN_WINDOW", "NO_BOX", "OPEN_CARD_LEAST_H", "OPEN_STEP", "PILE_FAN_CARDS", "PLAYER_COUNTS", "TOOLS", "Box",
    "MeldShape", "MeldSlot", "Point", "SeatLayout", "SeatPosition", "SideLayout", "Size", "TableLayout",
    "arrange_melds", "back_rects", "hand_card_at", "hand_card_rects", "hit_test", "layout_table", "meld_rects",
    "pile_card_rects", "pile_sideways_rect", "red_three_rects", "regions", "seat_positions", "seat_sides",
    "text_regions",
]  # fmt: skip  # the geometry values and melds' slots are given from here too, where the table takes them

PLAYER_COUNTS: Final = (2, 3, 4, 6)
MIN_CARD_WIDTH: Final = 42
BUTTONS: Final = ("meld", "discard", "take_pile", "ask_partner", "go_out", "pass", "sort", "menu")
BACKS_SHOWN: Final = 5  # card backs fanned on another player's plate (its words give the count)
CAPTION_LINES: Final = 3  # a caption box holds this many lines of small text
OPEN_CARD_LEAST_H: Final = 48  # open hands' cards are never shorter in a window of at least MIN_WINDOW

_CARD_HEIGHT_SHARE = 0.145  # the hand's cards are this share of the window's height...
_CARD_WIDTH_SHARE = 1 / 9.5  # ... unless the window is narrow: then this share of its width
# Large cards: the hand's, stock's and pile's, the first that leaves room for eight melds a side no smaller than
# without (failing that, for as many as it can: in a short, wide window the panels have little height to give).
_LARGE_FACTORS = (1.2, 1.175, 1.15, 1.125, 1.1, 1.075, 1.05)
_MELD_MAX_SCALE = 0.9
_HAND_SHARE = 0.9  # the hand spreads over up to this share of the width before its cards overlap
_HAND_GAP = 0.06  # cards lying side by side keep this share of their width between them
_LIFT = 0.16  # a selected hand card rises by this share of the card's height
_BACK_STEP = 0.22  # plate backs' fan step as a share of their width
_RED_THREE_STEP = 0.3  # ... and of a red three's height
_TYPICAL_MELDS = 8  # each side's first grid holds eight melds of six (layout/melds.py): a busier side shrinks them
_UPPER_SHARES = (
    0.45,
    0.5,
    0.55,
    0.6,
    0.65,
    0.7,
)  # the upper band's share of the two bands: whichever gives the larger melds
# Text-driven widths, in multiples of the font size.
_PLATE_EM, _HUMAN_PLATE_EM, _BUTTON_EM, _CAPTION_EM = 10, 13, 8, 10
_SMALL_SHARE = 0.82  # small text (captions, badges) as a share of the font size
_OPEN_SHARE = 0.5  # open hands' cards are this share of the hand's cards' height (at least OPEN_CARD_LEAST_H)
OPEN_STEP: Final = 0.42  # the least spacing of open cards across, and of their rows down, that shows each corner
_OPEN_CARDS = 15  # a side seat's open hand has rows for this many cards (the deal of Samba, or Canasta for two)


class SeatPosition(enum.StrEnum):
    BOTTOM = "bottom"
    LEFT = "left"
    TOP_LEFT = "top_left"
    TOP = "top"
    TOP_RIGHT = "top_right"
    RIGHT = "right"


_TOP_ROW: Final = (SeatPosition.TOP_LEFT, SeatPosition.TOP, SeatPosition.TOP_RIGHT)
_COLUMNS: Final = (SeatPosition.LEFT, SeatPosition.RIGHT)


@dataclass(frozen=True, slots=True)
class SeatLayout:
    """A seat: its `plate` (the panel drawn behind its backs and words), its `hand` (the human's fan area, or the
    backs on another player's plate), its `label` (name, level and cards held), and its `caption` box (what it
    just did, in words; the human's actions are said on the message line, so his caption box is empty). In Hand
    and Foot, `foot` is where the seat's foot lies face down beside its hand until it is picked up. With open hands
    (practice games), `open_hand` is where another player's cards lie face up: beside or under his plate."""

    seat: int
    position: SeatPosition
    side: int
    plate: Box
    hand: Box
    label: Box
    caption: Box
    foot: Box = NO_BOX
    open_hand: Box = NO_BOX


@dataclass(frozen=True, slots=True)
class SideLayout:
    """A scoring side: its panel, the panel's header (whose side, its score, its points this hand), the area for
    its melds (also the drop target for a new meld) and the column for its red threes; in Hand and Foot, a
    `progress` line under the header (its books toward going out, its feet)."""

    side: int
    seats: tuple[int, ...]
    panel: Box
    header: Box
    meld_area: Box
    red_threes: Box
    progress: Box = NO_BOX


@dataclass(frozen=True, slots=True)
class TableLayout:
    """Every region of the table for one window size. `seats` is indexed by seat, `sides` by side."""

    window: Box
    players: int
    human_seat: int
    large_cards: bool
    card_size: Size  # the human's hand, the stock and the pile
    back_size: Size  # the backs on other players' plates
    meld_card_size: Size  # the largest meld card; `meld_rects` shrinks it only for a side of over `meld_room` melds
    meld_room: int  # how many melds of six each side holds at `meld_card_size` (at least)
    font_px: int
    small_px: int  # captions, badges and other secondary words
    line_h: int
    gap: int
    hand_lift: int
    seats: tuple[SeatLayout, ...]
    sides: tuple[SideLayout, ...]
    stock: Box
    stock_label: Box
    pile: Box
    pile_label: Box  # the pile's size, the frozen marker and the black-three stop
    info: Box  # the hand's number and the game's target, beside the stock
    buttons: tuple[tuple[str, Box], ...]
    tools: tuple[tuple[str, Box], ...]  # the move log and the pause, beside the pile
    message: Box
    log_panel: Box  # the move log when it is open: drawn over the table, so not one of `regions`
    open_card_size: Size = (0, 0)  # the cards of the other hands face up (`SeatLayout.open_hand`), if shown
    labels_beside: bool = False  # the stock's and pile's labels beside them (large cards), not under them

    @property
    def human(self) -> SeatLayout:
        return self.seats[self.human_seat]

    @property
    def open_hands(self) -> bool:
        """Whether the table makes room for the other players' hands face up."""
        return any(seat.open_hand.w for seat in self.seats)

    @property
    def feet(self) -> bool:
        """Whether the table has Hand and Foot's feet (and so its rounds)."""
        return any(seat.foot.w for seat in self.seats)

    @property
    def sideways(self) -> Size:
        """A card lying across (the wild card that froze the pile)."""
        return (self.card_size[1], self.card_size[0])

    def button(self, name: str) -> Box:
        """The box of the named button (one of `BUTTONS` or `TOOLS`)."""
        return next(box for button_name, box in (*self.buttons, *self.tools) if button_name == name)


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
    """The scoring side of each seat (docs/rules.md): each alone with three players, else alternate seats (the
    game's rules may say otherwise: Samba's six play in three partnerships, see `layout_table`'s `sides`)."""
    return tuple(range(3)) if players == 3 else tuple(seat % 2 for seat in range(players))


# --- the layout ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Request:
    size: Size
    players: int
    human_seat: int
    large_cards: bool
    seat_side: tuple[int, ...]
    feet: bool = False
    open_hands: bool = False
    factor: float = 1.0  # the hand's, stock's and pile's cards, times their usual size
    least_meld: int = 0  # large cards: the meld card width without them, the least the melds may have

    @property
    def positions(self) -> tuple[SeatPosition, ...]:
        return seat_positions(self.players, self.human_seat)


@dataclass(frozen=True, slots=True)
class _Metrics:
    """Sizes that follow the window and its text, not the cards."""

    font_px: int
    small_px: int
    line_h: int
    small_line_h: int
    gap: int
    pad: int
    button_h: int
    card_w: int

    @property
    def plate_h(self) -> int:
        """A plate: two lines of words inside a small margin."""
        return 2 * self.line_h + 2 * self.gap

    @property
    def caption_h(self) -> int:
        return CAPTION_LINES * self.small_line_h + self.gap


@dataclass(frozen=True, slots=True)
class _Frame:
    """The coarse split of the window: the bottom strips, the top row, the side columns and the middle."""

    hand: Box
    buttons: Box
    info: Box
    top: Box
    left: Box
    right: Box
    middle: Box


def layout_table(  # noqa: PLR0913  # the card size, sides and feet are keywords beside the three every table has
    size: Size,
    players: int,
    human_seat: int = 0,
    *,
    large_cards: bool = False,
    sides: Sequence[int] | None = None,
    feet: bool = False,
    open_hands: bool = False,
) -> TableLayout:
    """The table for a window of `size` drawable pixels. Cards scale with the window, never below
    `MIN_CARD_WIDTH` wide in a window of at least `MIN_WINDOW` (a smaller window scales everything down). The
    proportions are chosen so that everything fits at every size: the tests check it over the whole range.
    `sides` gives each seat's side where the game's are not `seat_sides` (the rules' `seat_side`); `feet` makes
    room for Hand and Foot's feet beside each hand and a progress line in each side's panel; `open_hands` for the
    other players' hands face up (a practice game's open hands), each in a box of its own beside its plate."""
    seat_side = tuple(sides) if sides is not None else seat_sides(players) if players in PLAYER_COUNTS else ()
    if (
        players not in PLAYER_COUNTS
        or not 0 <= human_seat < players
        or min(size) <= 0
        or len(seat_side) != players
        or sorted(set(seat_side)) != list(range(len(set(seat_side))))
        or len(set(seat_side)) > 3
    ):
        raise ValueError(f"no table for {players} players, human seat {human_seat}, window {size}, sides {sides}")
    request = _Request((int(size[0]), int(size[1])), players, human_seat, large_cards, seat_side, feet, open_hands)
    plain = _build(request, _metrics(request))
    if not large_cards:
        return plain
    least = plain.meld_card_size[0]
    built = []
    for factor in _LARGE_FACTORS:  # every card larger, and the melds as large, for as many as without large cards
        larger = replace(request, factor=factor, least_meld=least)
        layout = _build(larger, _metrics(larger))
        if layout.meld_room == plain.meld_room and layout.meld_card_size[0] >= least:
            return layout
        built.append(layout)
    # Where no size leaves room for as many melds (a short window), the least enlargement, whose busy side shrinks
    # its melds least, with the melds as large for as many as it holds.
    return next((layout for layout in reversed(built) if layout.meld_card_size[0] >= least), plain)


def _metrics(request: _Request) -> _Metrics:
    width, height = request.size
    shrink = min(1.0, width / MIN_WINDOW[0], height / MIN_WINDOW[1])  # below the minimum window, all scales down
    least = max(1, round(MIN_TEXT_PX * shrink))
    font = min(26, max(round(13 * shrink), round(min(width / 62, height / 48))))
    small = max(least, round(font * _SMALL_SHARE))
    gap = max(2, round(min(width, height) / 220))
    card_w = min(height * _CARD_HEIGHT_SHARE / CARD_ASPECT, width * _CARD_WIDTH_SHARE)
    card_w *= request.factor
    return _Metrics(
        font_px=font,
        small_px=small,
        line_h=round(font * 1.35),
        small_line_h=round(small * 1.3),
        gap=gap,
        pad=2 * gap,
        button_h=round(font * 1.9),
        card_w=max(round(MIN_CARD_WIDTH * shrink), int(card_w)),
    )


def _build(request: _Request, metrics: _Metrics) -> TableLayout:
    card = (metrics.card_w, round(metrics.card_w * CARD_ASPECT))
    lift, gap = round(card[1] * _LIFT), metrics.gap
    back = scaled_card((max(3, round(1.6 * metrics.line_h / CARD_ASPECT)), 0), 1.0)
    frame = _frame(request, metrics, card[1] + lift, card)
    open_card = _open_card(request, card)
    text = StripText(metrics.font_px, metrics.line_h, gap, metrics.button_h)
    # Cards larger than usual: the stock's and pile's labels beside them where they fit, leaving the melds room.
    beside = request.factor > 1 and labels_fit_beside(frame.right.x - frame.left.right - 2 * gap, card, text)
    centre_h = strip_height(card, text, beside)
    centre, sides, meld_card, meld_room = _middle(request, frame, metrics, centre_h, card)
    # The side columns reach down to the stock and pile; the human's side's panel below spans the window.
    column_h = max(1, centre.bottom - frame.left.y)
    frame = replace(frame, left=replace(frame.left, h=column_h), right=replace(frame.right, h=column_h))
    seats = _seats(request, frame, metrics, (back, card, open_card))
    strip = lay_out_centre(centre, request.size[0] // 2, card, text, beside)
    plate = seats[request.human_seat].plate
    message = Box(plate.right + 2 * gap, frame.info.y, frame.info.right - plate.right - 2 * gap, frame.info.h)
    return TableLayout(
        window=Box(0, 0, *request.size),
        players=request.players,
        human_seat=request.human_seat,
        large_cards=request.large_cards,
        card_size=card,
        back_size=back,
        meld_card_size=meld_card,
        meld_room=meld_room,
        font_px=metrics.font_px,
        small_px=metrics.small_px,
        line_h=metrics.line_h,
        gap=gap,
        hand_lift=lift,
        seats=seats,
        sides=sides,
        stock=strip.stock,
        stock_label=strip.stock_label,
        pile=strip.pile,
        pile_label=strip.pile_label,
        info=strip.info,
        buttons=_buttons(frame.buttons, metrics),
        tools=strip.tools,
        message=message,
        log_panel=_log_panel(frame, metrics),
        open_card_size=open_card,
        labels_beside=beside,
    )


def _frame(request: _Request, metrics: _Metrics, hand_h: int, card: Size) -> _Frame:
    """From the bottom: the hand, the buttons, the info line (the human's plate and the message); the top row
    for top seats; side columns for left and right seats; the middle for the panels, stock and pile."""
    pad, gap = metrics.pad, metrics.gap
    inner = Box(pad, pad, request.size[0] - 2 * pad, request.size[1] - 2 * pad)
    hand = Box(inner.x, inner.bottom - hand_h, inner.w, hand_h)
    buttons = Box(inner.x, hand.y - gap - metrics.button_h, inner.w, metrics.button_h)
    info_h = max(metrics.line_h, 2 * metrics.small_line_h)  # a long message takes two lines of small text
    info = Box(inner.x, buttons.y - gap - info_h, inner.w, info_h)
    positions = set(request.positions)
    top_h = 0
    if positions & set(_TOP_ROW):
        below = _captions_below(_split(inner, _top_slots(request), 2 * gap)[0].w, metrics, _top_slots(request) == 1)
        top_h = metrics.plate_h + gap + metrics.caption_h if below else max(metrics.plate_h, metrics.caption_h)
        open_h = _open_card(request, card)[1]
        if open_h:  # open hands: under the plates, or beside a plate alone in the row
            slot_w = _split(inner, _top_slots(request), 2 * gap)[0].w
            top_h = top_h + gap + open_h if _open_below(request, metrics, slot_w) else max(top_h, open_h)
    top = Box(inner.x, inner.y, inner.w, top_h)
    mid_y = top.bottom + pad if top_h else inner.y
    middle = Box(inner.x, mid_y, inner.w, info.y - pad - mid_y)
    col_w = _column_width(request, metrics, card) if SeatPosition.LEFT in positions else 0
    left = Box(inner.x, mid_y, col_w, middle.h)
    right = Box(inner.right - col_w, mid_y, col_w, middle.h)
    return _Frame(hand, buttons, info, top, left, right, middle)


def _column_width(request: _Request, metrics: _Metrics, card: Size) -> int:
    """Wide enough for a plate's words, and for a caption of a few words a line; never so wide that the stock
    and pile between the columns would not fit."""
    wanted = max((_PLATE_EM + 1) * metrics.font_px, round(request.size[0] * 0.15))
    centre_needs = card[0] + pile_width(card) + 6 * metrics.gap
    return max(1, min(wanted, (request.size[0] - 2 * metrics.pad - centre_needs) // 2))


def _seats(
    request: _Request, frame: _Frame, metrics: _Metrics, sizes: tuple[Size, Size, Size]
) -> tuple[SeatLayout, ...]:
    """Each seat's plate and boxes; `sizes` are the card backs on the plates, the hand's cards and the cards of
    open hands (none without them)."""
    back, card, open_card = sizes
    sides = request.seat_side
    positions = request.positions
    top_slots = _split(frame.top, _top_slots(request), 2 * metrics.gap)
    seats = []
    for seat, position in enumerate(positions):
        if position is SeatPosition.BOTTOM:
            plate = Box(
                frame.info.x, frame.info.y, min(_HUMAN_PLATE_EM * metrics.font_px, frame.info.w // 3), frame.info.h
            )
            hand, foot = _human_foot(frame.hand, card, metrics.gap) if request.feet else (frame.hand, NO_BOX)
            caption = Box(plate.x, plate.y, 0, 0)
            seats.append(SeatLayout(seat, position, sides[seat], plate, hand, plate, caption, foot))
            continue
        if position in _COLUMNS:
            column = frame.left if position is SeatPosition.LEFT else frame.right
            plate, hand, label, caption = _column_seat(column, metrics, back)
            foot = _column_foot(plate, hand, back, metrics.gap) if request.feet else NO_BOX
            caption, open_hand = _column_open(caption, open_card, metrics) if open_card[1] else (caption, NO_BOX)
        else:
            slot = top_slots[_TOP_ROW.index(position) if len(top_slots) == 3 else 0]
            slot, open_hand = _top_open(request, metrics, slot, open_card[1])
            plate, hand, label, caption = _top_seat(slot, metrics, back, (len(top_slots) == 1, request.feet))
            if open_card[1] and not open_hand.w:  # beside a plate alone in the row, from the row's start
                open_hand = Box(slot.x, slot.y, max(1, plate.x - 2 * metrics.gap - slot.x), slot.h)
            foot = NO_BOX
            if request.feet:  # the foot after the backs, the words after the foot
                foot = Box(hand.right + metrics.gap, hand.y, min(back[0], max(0, label.w // 3)), hand.h)
                label = Box(foot.right + metrics.gap, label.y, max(1, label.right - foot.right - metrics.gap), label.h)
        seats.append(SeatLayout(seat, position, sides[seat], plate, hand, label, caption, foot, open_hand))
    return tuple(seats)


def _open_card(request: _Request, card: Size) -> Size:
    """The cards of open hands: `_OPEN_SHARE` of the hand's, never shorter than `OPEN_CARD_LEAST_H` (scaled down
    with a window below `MIN_WINDOW`); none without open hands."""
    if not request.open_hands:
        return (0, 0)
    width, height = request.size
    shrink = min(1.0, width / MIN_WINDOW[0], height / MIN_WINDOW[1])
    tall = max(round(OPEN_CARD_LEAST_H * shrink), round(card[1] * _OPEN_SHARE))
    return (round(tall / CARD_ASPECT), tall)


def _open_below(request: _Request, metrics: _Metrics, slot_w: int) -> bool:
    """Whether the top seats' open hands lie in a strip under their plates and captions: where the row has
    three seats, or a seat alone has its caption under its plate; else the open hand lies beside the plate."""
    slots = _top_slots(request)
    return slots > 1 or _captions_below(slot_w, metrics, True)


def _top_open(request: _Request, metrics: _Metrics, slot: Box, open_h: int) -> tuple[Box, Box]:
    """A top seat's slot for its plate and caption, and the strip under them for its open hand where it goes
    there (else none: see `_open_below`)."""
    if not open_h or not _open_below(request, metrics, slot.w):
        return slot, NO_BOX
    strip = Box(slot.x, slot.bottom - open_h, slot.w, open_h)
    return Box(slot.x, slot.y, slot.w, max(1, slot.h - open_h - metrics.gap)), strip


def _column_open(caption: Box, card: Size, metrics: _Metrics) -> tuple[Box, Box]:
    """A side seat's open hand just under its plate, with rows for `_OPEN_CARDS` cards at the spacing that shows
    each corner, the caption under it keeping its lines; where the column is short, rows for them at the least
    card size, the caption keeping a line."""
    room = caption.h - metrics.gap
    height = min(_open_rows_h(caption.w, card), room - metrics.caption_h)
    least = _open_rows_h(caption.w, (round(OPEN_CARD_LEAST_H / CARD_ASPECT), OPEN_CARD_LEAST_H))
    if height < least:
        height = min(least, room - metrics.small_line_h - metrics.gap)
    hand = Box(caption.x, caption.y, caption.w, max(card[1], height))
    rest = hand.bottom + metrics.gap
    return Box(caption.x, rest, caption.w, max(1, caption.bottom - rest)), hand


def _open_rows_h(width: int, card: Size) -> int:
    """The height of rows of `_OPEN_CARDS` cards at the spacing that shows each corner, `width` wide."""
    per_row = 1 + max(0, math.floor((width - card[0]) / (card[0] * OPEN_STEP)))
    rows = math.ceil(_OPEN_CARDS / per_row)
    return card[1] + math.ceil((rows - 1) * card[1] * OPEN_STEP)


def _human_foot(hand: Box, card: Size, gap: int) -> tuple[Box, Box]:
    """Hand and Foot: the human's foot, a card's size, at the right end of the hand's strip; the hand keeps the rest."""
    foot = Box(hand.right - card[0], hand.bottom - card[1], card[0], card[1])
    return Box(hand.x, hand.y, max(1, hand.w - card[0] - 2 * gap), hand.h), foot


def _column_foot(plate: Box, hand: Box, back: Size, gap: int) -> Box:
    """Hand and Foot: a side seat's foot right of its backs, on its plate (none where the plate has no room)."""
    x = hand.right + 2 * gap
    width = min(back[0], plate.right - gap - x)
    return Box(x, hand.y, width, hand.h) if width > 0 else NO_BOX


def _column_seat(column: Box, metrics: _Metrics, back: Size) -> tuple[Box, Box, Box, Box]:
    """A side seat: at the top of its column a plate with a row of backs over two lines of words; the caption
    box below it, down to the column's end."""
    gap = metrics.gap
    plate = Box(column.x, column.y, column.w, back[1] + metrics.plate_h + gap)
    inner = plate.inset(gap)
    hand = Box(inner.x, inner.y, min(_back_fan_w(back), inner.w), back[1])
    label = Box(inner.x, hand.bottom + gap, inner.w, max(1, inner.bottom - hand.bottom - gap))
    caption_y = plate.bottom + gap
    caption = Box(column.x, caption_y, column.w, max(1, column.bottom - caption_y))
    return plate, hand, label, caption


def _top_slots(request: _Request) -> int:
    """How many seats sit in the top row: three with six players, else one (or none, see the positions)."""
    return 3 if SeatPosition.TOP_LEFT in request.positions else 1


def _plate_width(metrics: _Metrics) -> int:
    """A top plate: its two lines of words (a long name in a long language fits at a smaller size) and one back."""
    return _PLATE_EM * metrics.font_px + 3 * metrics.gap


def _captions_below(slot_w: int, metrics: _Metrics, alone: bool) -> bool:
    """Whether a top seat's caption goes under its plate: where beside it there would be no room for a sentence."""
    room = slot_w // 2 if alone else slot_w
    return room - _plate_width(metrics) < _CAPTION_EM * metrics.font_px


def _top_seat(slot: Box, metrics: _Metrics, back: Size, kind: tuple[bool, bool]) -> tuple[Box, Box, Box, Box]:
    """A top seat: the plate (backs on the left of two lines of words) with the caption box on its right, or
    under it where the row is narrow; alone in the row, the plate is centred. `kind`: whether the seat is alone
    in the row, and whether the plate makes room for a foot (a back and a gap wider)."""
    alone, feet = kind
    gap = metrics.gap
    below = _captions_below(slot.w, metrics, alone)
    room = slot.w // 2 if alone else slot.w
    fan_w = min(_back_fan_w(back), max(back[0], room - _plate_width(metrics) - _CAPTION_EM * metrics.font_px))
    plate_w = min(_plate_width(metrics) + (back[0] if below else fan_w) + (back[0] + gap if feet else 0), slot.w)
    x = slot.x + (slot.w // 2 - plate_w // 2 if alone else 0)
    plate_y = slot.y if below else slot.y + (slot.h - metrics.plate_h) // 2
    plate = Box(x, plate_y, plate_w, metrics.plate_h)
    inner = plate.inset(gap)
    hand = Box(inner.x, inner.y + (inner.h - back[1]) // 2, min(fan_w, inner.w // 3), min(back[1], inner.h))
    label = Box(hand.right + gap, inner.y, max(1, inner.right - hand.right - gap), inner.h)
    if below:
        caption = Box(slot.x, plate.bottom + gap, slot.w, max(1, slot.bottom - plate.bottom - gap))
        return plate, hand, label, caption
    caption_x = plate.right + gap
    caption_w = min(slot.right - caption_x, max(plate_w, slot.w // 3)) if alone else slot.right - caption_x
    return plate, hand, label, Box(caption_x, slot.y, max(1, caption_w), slot.h)


def _middle(
    request: _Request, frame: _Frame, metrics: _Metrics, centre_h: int, card: Size
) -> tuple[Box, tuple[SideLayout, ...], Size, int]:
    """The strip for the stock and pile, the sides' panels above and below it, the meld card size and how many
    melds of six each side holds at that size. The upper band takes whichever share of the height gives the
    largest meld cards at which each side holds eight. With large cards (their larger hand, stock and pile take
    room from the panels) each side holds fewer where it must, for meld cards at least `least_meld` wide; of the
    shares that allow that, the one with the largest cards for eight, so that a busy side shrinks least."""
    splits = [_split_middle(request, frame, metrics, (centre_h, card), share) for share in _UPPER_SHARES]
    largest, gap = scaled_card(card, _MELD_MAX_SCALE), _meld_gap(metrics.gap)
    busy = [_meld_card_size(sides, largest, gap, _TYPICAL_MELDS)[0] for _, sides in splits]
    for melds in range(_TYPICAL_MELDS, 0, -1):
        sizes = [_meld_card_size(sides, largest, gap, melds) for _, sides in splits]
        fitting = [index for index, size in enumerate(sizes) if size[0] >= request.least_meld]
        if fitting or melds == 1:
            best = max(fitting or range(len(splits)), key=lambda index: (busy[index], sizes[index][0]))
            return (*splits[best], sizes[best], melds)
    raise AssertionError("unreachable: one meld always has a size")


def _split_middle(
    request: _Request, frame: _Frame, metrics: _Metrics, centre: tuple[int, Size], share: float
) -> tuple[Box, tuple[SideLayout, ...]]:
    """The strip for the stock and pile and the sides' panels, the upper band taking `share` of the height the
    two bands have; `centre`: the strip's height and the hand's card."""
    middle, gap = frame.middle, metrics.gap
    centre_h, card = centre
    upper_h = int((middle.h - centre_h - 2 * gap) * share)
    strip = Box(frame.left.right + gap, middle.y + upper_h + gap, frame.right.x - frame.left.right - 2 * gap, centre_h)
    lower = Box(middle.x, strip.bottom + gap, middle.w, middle.bottom - strip.bottom - gap)
    upper_x = frame.left.right + (gap if frame.left.w else 0)
    upper_right = frame.right.x - (gap if frame.right.w else 0)
    upper = Box(upper_x, middle.y, upper_right - upper_x, upper_h)
    return strip, _sides(request, upper, lower, metrics, card)


def _sides(request: _Request, upper: Box, lower: Box, metrics: _Metrics, card: Size) -> tuple[SideLayout, ...]:
    """Each side's panel: the human's below the stock and pile, the others above."""
    players, human = request.players, request.human_seat
    side_of = request.seat_side
    bands = {side_of[human]: lower}
    others = sorted(set(side_of) - {side_of[human]})
    if len(others) == 2:  # the left player's side on the left, the right player's on the right
        left, right = side_of[(human + 1) % players], side_of[(human - 1) % players]
        bands[left], bands[right] = _split(upper, 2, 2 * metrics.gap)
    else:
        bands[others[0]] = upper
    three_w = scaled_card(card, 0.6)[0]
    result = []
    for side in range(len(bands)):
        panel = bands[side]
        seats = tuple(seat for seat in range(players) if side_of[seat] == side)
        result.append(_side_panel(side, seats, panel, metrics, (three_w, request.feet)))
    return tuple(result)


def _side_panel(
    side: int, seats: tuple[int, ...], panel: Box, metrics: _Metrics, columns: tuple[int, bool]
) -> SideLayout:
    """A panel: its header line across the top (in Hand and Foot, the progress line under it), the red threes
    down its left, the melds in the rest. `columns`: the red threes' width, and whether there are feet."""
    three_w, feet = columns
    gap = metrics.gap
    inner = panel.inset(gap)
    header = Box(inner.x, inner.y, inner.w, min(metrics.line_h, inner.h))
    progress = NO_BOX
    if feet:
        progress = Box(inner.x, header.bottom, inner.w, max(0, min(metrics.small_line_h, inner.bottom - header.bottom)))
    body_y = max(header.bottom, progress.bottom) + gap
    body = Box(inner.x, body_y, inner.w, max(1, inner.bottom - body_y))
    threes = Box(body.x, body.y, min(three_w, body.w // 4), body.h)
    melds = Box(threes.right + gap, body.y, max(1, body.right - threes.right - gap), body.h)
    return SideLayout(side, seats, panel, header, melds, threes, progress)


def _buttons(row: Box, metrics: _Metrics) -> tuple[tuple[str, Box], ...]:
    """One row of equal buttons, centred."""
    count, gap = len(BUTTONS), metrics.gap
    width = min(_BUTTON_EM * metrics.font_px, (row.w - (count - 1) * gap) // count)
    x = row.x + (row.w - count * width - (count - 1) * gap) // 2
    return tuple((name, Box(x + i * (width + gap), row.y, width, row.h)) for i, name in enumerate(BUTTONS))


def _log_panel(frame: _Frame, metrics: _Metrics) -> Box:
    """The open move log: the right part of the table from the top down to the message line."""
    width = min(frame.middle.w, max(frame.middle.w * 2 // 5, 30 * metrics.font_px))
    top = frame.top.y
    return Box(frame.middle.right - width, top, width, frame.info.y - metrics.gap - top)


def _meld_card_size(sides: tuple[SideLayout, ...], largest: Size, gap: int, melds: int) -> Size:
    """The largest meld card at which every meld area holds `melds` melds of six, readable."""
    return meld_card((side.meld_area for side in sides), melds, largest, gap)


# --- regions and hit testing --------------------------------------------------------------------------------


def regions(layout: TableLayout) -> tuple[tuple[str, Box], ...]:
    """Every named region ("hand:0", "seat_label:1", "caption:1", "side_header:0", "meld_area:0", "red_threes:1",
    "stock", "stock_label", "pile", "pile_label", "info", "message", "button:meld", "tool:log", "open_hand:1",
    ...); no two overlap. The plates and panels hold some of these, so they are not regions of their own."""
    return tuple(_region_items(layout))


def text_regions(layout: TableLayout) -> tuple[tuple[str, Box], ...]:
    """The regions that hold words: labels, captions, headers, the info, the message, the buttons."""
    words = (
        "seat_label", "caption", "side_header", "side_progress", "stock_label", "pile_label", "info", "message",
        "button", "tool",
    )  # fmt: skip
    return tuple((name, box) for name, box in _region_items(layout) if name.split(":")[0] in words)


def _region_items(layout: TableLayout) -> Iterator[tuple[str, Box]]:
    for seat in layout.seats:
        if seat.seat == layout.human_seat:
            yield f"hand:{seat.seat}", seat.hand
            yield f"seat_label:{seat.seat}", seat.label
            continue
        yield f"hand:{seat.seat}", seat.hand
        yield f"seat_label:{seat.seat}", seat.label
        yield f"caption:{seat.seat}", seat.caption
    for seat in layout.seats:
        if seat.foot.w:
            yield f"foot:{seat.seat}", seat.foot
        if seat.open_hand.w:
            yield f"open_hand:{seat.seat}", seat.open_hand
    for side in layout.sides:
        yield f"side_header:{side.side}", side.header
        if side.progress.h:
            yield f"side_progress:{side.side}", side.progress
        yield f"meld_area:{side.side}", side.meld_area
        yield f"red_threes:{side.side}", side.red_threes
    yield from (("stock", layout.stock), ("stock_label", layout.stock_label), ("pile", layout.pile))
    yield from (("pile_label", layout.pile_label), ("info", layout.info), ("message", layout.message))
    for name, box in layout.buttons:
        yield f"button:{name}", box
    for name, box in layout.tools:
        yield f"tool:{name}", box


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
    """The human's cards left to right and centred: side by side while they fit in 90% of the width, then
    overlapping, tightening as cards come, never leaving the hand area. Selected cards (by index) are raised by
    `hand_lift`, still inside the area."""
    hand, lift = layout.human.hand, layout.hand_lift
    spread = min(hand.w, round(layout.window.w * _HAND_SHARE))
    resting = Box(hand.x + (hand.w - spread) // 2, hand.y + lift, spread, hand.h - lift)
    step = layout.card_size[0] * (1 + _HAND_GAP)
    boxes = _fan(resting, layout.card_size, count, _FanStyle(step))
    return tuple(Box(b.x, b.y - lift, b.w, b.h) if i in selected else b for i, b in enumerate(boxes))


def hand_card_at(layout: TableLayout, count: int, pos: Point, selected: Collection[int] = ()) -> int | None:
    """The index of the topmost hand card under `pos` (later cards lie on top), or None."""
    boxes = hand_card_rects(layout, count, selected)
    return next((index for index in reversed(range(count)) if boxes[index].contains_point(pos)), None)


def back_rects(layout: TableLayout, seat: int, count: int) -> tuple[Box, ...]:
    """Card backs on another seat's plate: at most `BACKS_SHOWN` of them, fanned from the plate's left."""
    back = layout.back_size
    style = _FanStyle(back[0] * _BACK_STEP, centred=False)
    return _fan(layout.seats[seat].hand, back, min(count, BACKS_SHOWN), style)


def pile_card_rects(layout: TableLayout, count: int, across: bool = True) -> tuple[Box, ...]:
    """The top `count` pile cards fanned left to right, the last box the top card; with a card lying `across`
    (`pile_sideways_rect`) the fan starts where its shown part ends. At most `PILE_FAN_CARDS` get the comfortable
    spacing; any count stays inside the pile area."""
    card = layout.card_size
    pile = layout.pile
    start = pile.x + (round(card[1] * SIDEWAYS_SHOW) if across else 0)
    fan = Box(start, pile.y, pile.right - start, pile.h)
    return _fan(fan, card, count, _FanStyle(card[0] * PILE_STEP, centred=False))


def pile_sideways_rect(layout: TableLayout) -> Box:
    """Where the wild card that froze the pile lies across, under the fan: its left part shows."""
    width, height = layout.sideways
    pile = layout.pile
    return Box(pile.x, pile.y + (pile.h - height) // 2, width, height)


def red_three_rects(layout: TableLayout, side: int, count: int) -> tuple[Box, ...]:
    """A side's red threes fanned downwards from the top of its red-three column."""
    column = layout.sides[side].red_threes
    card = scaled_card(layout.meld_card_size, 1.0)
    card = _fit(card, column)
    return _fan(column, card, count, _FanStyle(card[1] * _RED_THREE_STEP, vertical=True, centred=False))


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


def meld_rects(layout: TableLayout, side: int, melds: Sequence[MeldShape]) -> tuple[MeldSlot, ...]:
    """Where each of a side's melds goes, in the order given (the side's melds in order: a new one last), one
    entry per meld, (rank, card count, is a canasta). A meld's slot stays put as cards and melds are added, until
    the side outgrows its grid (see `canasta.ui.table.layout.melds`); the answer for a table is kept, since every frame
    asks it again."""
    return _arranged(layout.sides[side].meld_area, tuple(melds), layout.meld_card_size, _meld_gap(layout.gap))


@functools.lru_cache(maxsize=64)
def _arranged(area: Box, melds: tuple[MeldShape, ...], largest: Size, gap: int) -> tuple[MeldSlot, ...]:
    return arrange_melds(area, melds, largest, gap)


# --- small geometry -----------------------------------------------------------------------------------------


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
