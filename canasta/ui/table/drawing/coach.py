"""The coaching marks on the table: the hinted move (its cards and where they go), every hand face up in a
practice game, and the small buttons at the end of the message line (Why?, Undo, Hint)."""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import assert_never

import pygame

from canasta.engine.actions import (
    Action,
    Answer,
    AskPartner,
    Combine,
    DeclareSpecial,
    Discard,
    Draw,
    Meld,
    Pass,
    TakePile,
)
from canasta.engine.cards import Card, sort_key
from canasta.engine.playerview import PlayerView, my_side
from canasta.i18n import _
from canasta.ui.look.theme import Button, Theme
from canasta.ui.table.layout.regions import CARD_ASPECT, OPEN_CARD_LEAST_H, OPEN_STEP, Box, TableLayout
from canasta.ui.table.sprites import Area, DrawnCard

HINT_MARKER = "\u2605"  # a star before a hint on the message line, and on each hinted card
_OPEN_MOST_STEP = 0.6  # open cards lie at most this share of their width apart


@dataclass(frozen=True, slots=True)
class HintMarks:
    """What the hinted move uses: the human's cards, and the places (regions as `layout.regions` names them,
    or "button:<name>") it goes to."""

    cards: frozenset[Card] = frozenset()
    places: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class CoachShown:
    """What the table draws for coaching: the hint's marks, the other hands face up, the message's box."""

    hint: HintMarks = HintMarks()
    open_hands: Mapping[int, tuple[Card, ...]] = field(default_factory=dict)
    message_box: Box | None = None  # the message line, shortened by the buttons at its end


def hint_marks(action: Action, view: PlayerView) -> HintMarks:
    """The cards and places a move uses, to mark on the table."""
    match action:
        case Draw():
            return HintMarks(places=("stock",))
        case TakePile(with_, also):
            return HintMarks(_held((*with_, *(card for group in also for card in group)), view), ("pile",))
        case Meld():
            return HintMarks(_held(action.cards(), view), (f"meld_area:{my_side(view)}",))
        case Combine():
            return HintMarks(places=(f"meld_area:{my_side(view)}",))
        case Discard(card):
            return HintMarks(_held((card,), view), ("pile",))
        case AskPartner():
            return HintMarks(places=("button:ask_partner",))
        case Answer(yes):
            return HintMarks(places=("button:go_out" if yes else "button:pass",))
        case Pass():
            return HintMarks(places=("button:pass",))
        case DeclareSpecial():
            return HintMarks(_held(view.hand, view), ("button:go_out",))
        case _:
            assert_never(action)


def _held(cards: Sequence[Card], view: PlayerView) -> frozenset[Card]:
    """The cards as the hand holds them: a move written with another copy of a card (a prepared lesson's)
    marks the copy in the hand."""
    spare = [card for card in view.hand if card not in cards]
    held = set()
    for card in cards:
        if card in view.hand:
            held.add(card)
            continue
        twin = next((other for other in spare if other.text == card.text), None)
        if twin is not None:
            spare.remove(twin)
            held.add(twin)
    return frozenset(held)


# -- the buttons at the end of the message line -------------------------------------------------------------


def line_buttons(layout: TableLayout, theme: Theme, buttons: Sequence[Button]) -> Box:
    """Place `buttons` side by side at the right end of the message line; returns what is left for the message."""
    line, gap, px = layout.message, layout.gap, layout.font_px
    font = theme.font(px)
    right = line.right
    for button in reversed(buttons):
        width = font.size(f"{button.label} ({button.key_hint})")[0] + px
        button.box = Box(right - width, line.y, width, line.h)
        right -= width + gap
    return Box(line.x, line.y, max(0, right - gap - line.x), line.h)


# -- open hands ---------------------------------------------------------------------------------------------


def open_hand_rects(layout: TableLayout, seat: int, count: int) -> tuple[Box, ...]:
    """Where another seat's cards go face up: in its open-hand box (a layout made with `open_hands`; none in
    another), in rows that show each card's corner, the cards at the layout's open card size or smaller where
    that lets them show their corners (never below `OPEN_CARD_LEAST_H` in a window of at least the smallest);
    only a hand longer than the box has room for at that size lies tighter. Beside a plate they lie toward it;
    under one, from its top."""
    region = layout.seats[seat].open_hand
    if count <= 0 or region.w <= 0 or region.h <= 0:
        return ()
    least = min(OPEN_CARD_LEAST_H, layout.open_card_size[1])
    (card_w, card_h), rows = _open_grid(region, (layout.open_card_size[1], least), count)
    cols = math.ceil(count / rows)
    step_x = 0.0 if cols == 1 else min(card_w * _OPEN_MOST_STEP, (region.w - card_w) / (cols - 1))
    step_y = 0.0 if rows == 1 else max(0.0, min(card_h * OPEN_STEP, (region.h - card_h) / (rows - 1)))
    width = card_w + step_x * (cols - 1)
    plate = layout.seats[seat].plate
    x0 = region.right - width if region.right <= plate.x else region.x + (region.w - width) / 2
    y0 = region.y if region.y >= plate.bottom else region.y + (region.h - card_h - step_y * (rows - 1)) / 2
    x0, y0 = max(float(region.x), x0), max(float(region.y), y0)  # a full box: no rounding past its edge
    return tuple(
        Box(math.floor(x0 + (index % cols) * step_x), math.floor(y0 + (index // cols) * step_y), card_w, card_h)
        for index in range(count)
    )


@functools.lru_cache(maxsize=32)
def _open_grid(region: Box, heights: tuple[int, int], count: int) -> tuple[tuple[int, int], int]:
    """The tallest card from `heights` (the most, the least) whose `count` cards fit `region` in rows at the
    spacing that shows each corner, and how many rows; failing that, the least card in as many rows as fit."""
    most, least = heights
    for tall in range(most, least - 1, -1):
        card = _fitted((round(tall / CARD_ASPECT), tall), region)
        per_row = 1 + max(0, math.floor((region.w - card[0]) / max(1.0, card[0] * OPEN_STEP)))
        fit_rows = 1 + max(0, math.floor((region.h - card[1]) / max(1.0, card[1] * OPEN_STEP)))
        rows = max(1, min(fit_rows, math.ceil(count / per_row)))
        if rows * per_row >= count or tall == least:
            return card, rows
    raise AssertionError("unreachable: the least height ends the search")


def _fitted(card: tuple[int, int], region: Box) -> tuple[int, int]:
    """The card, shrunk keeping its shape only if the region is smaller."""
    scale = min(1.0, region.w / max(1, card[0]), region.h / max(1, card[1]))
    return max(1, math.floor(card[0] * scale)), max(1, math.floor(card[1] * scale))


def draw_open_hand(screen: pygame.Surface, theme: Theme, layout: TableLayout, seat: int, cards: Sequence[Card]) -> None:
    """Another seat's hand face up, sorted as the human's is."""
    ordered = sorted(cards, key=sort_key)
    for card, box in zip(ordered, open_hand_rects(layout, seat, len(ordered)), strict=True):
        screen.blit(theme.card(card.text, (box.w, box.h)), (box.x, box.y))


# -- the hint's marks -----------------------------------------------------------------------------------------


def draw_hint(
    screen: pygame.Surface, theme: Theme, layout: TableLayout, marks: HintMarks, cards: Sequence[DrawnCard]
) -> None:
    """A star and a ring on the visible part of each hinted card of the hand; a frame and the words "Hint" on
    each place."""
    palette = theme.palette
    held = sorted(
        (drawn.pose.rect for drawn in cards if drawn.rest is not None and drawn.rest.area is Area.HAND),
        key=lambda rect: rect[0],
    )
    for drawn in cards:
        if drawn.card not in marks.cards or drawn.rest is None or drawn.rest.area not in (Area.HAND, Area.DRAG):
            continue
        x, y, w, h = drawn.pose.rect
        # Cards to the right lie over this one: only the strip up to the next card shows.
        strip = min([w, *(other[0] - x for other in held if other[0] > x + 1)])
        box = pygame.Rect(round(x), round(y), max(4, round(strip)), round(h)).inflate(4, 4)
        pygame.draw.rect(screen, palette.badge, box, width=4, border_radius=6)
        pygame.draw.rect(screen, palette.focus, box.inflate(-2, -2), width=2, border_radius=6)
        radius = max(7, layout.font_px * 3 // 5)
        # Above the card, so its corner stays clear; a raised card has no room above it in the hand's area (the
        # buttons are there), so its star sits on the card's top edge instead.
        top = max(box.y - radius + 1, layout.human.hand.y + radius + 2)
        _star(screen, theme, (box.centerx, top), radius)
    for place in marks.places:
        target = place_box(layout, place)
        if target is not None:
            _framed(screen, theme, layout, target)


def place_box(layout: TableLayout, place: str) -> Box | None:
    """The box of a place a hint names (a region, or "button:<name>")."""
    if place.startswith("button:"):
        name = place.removeprefix("button:")
        return next((box for button, box in layout.buttons if button == name), None)
    boxes = {"stock": layout.stock, "pile": layout.pile}
    boxes.update({f"meld_area:{side.side}": side.meld_area for side in layout.sides})
    return boxes.get(place)


def _framed(screen: pygame.Surface, theme: Theme, layout: TableLayout, box: Box) -> None:
    palette = theme.palette
    ring = pygame.Rect(box.as_tuple()).inflate(8, 8)
    pygame.draw.rect(screen, palette.badge, ring, width=5, border_radius=9)
    pygame.draw.rect(screen, palette.focus, ring.inflate(-2, -2), width=2, border_radius=9)
    words = _("{star} Hint").format(star=HINT_MARKER)
    font = theme.font(layout.font_px, bold=True)
    tag_w, tag_h = font.size(words)[0] + 12, layout.line_h
    # Inside the frame, at its bottom right: above it lie other words (a panel's header, a button's label).
    tag = Box(ring.right - tag_w - 4, ring.bottom - tag_h - 4, tag_w, tag_h)
    pygame.draw.rect(screen, palette.badge, tag.as_tuple(), border_radius=4)
    pygame.draw.rect(screen, palette.focus, tag.as_tuple(), width=1, border_radius=4)
    theme.text(screen, words, tag, layout.font_px, bold=True, colour=palette.focus, align="centre")


def _star(screen: pygame.Surface, theme: Theme, centre: tuple[int, int], radius: int) -> None:
    """A five-pointed star in a dark disc: the hint's mark, a shape as well as a colour."""
    palette = theme.palette
    pygame.draw.circle(screen, palette.badge, centre, radius + 2)
    points = [
        (
            centre[0] + (radius if k % 2 == 0 else radius * 0.45) * math.sin(k * math.pi / 5),
            centre[1] - (radius if k % 2 == 0 else radius * 0.45) * math.cos(k * math.pi / 5),
        )
        for k in range(10)
    ]
    pygame.draw.polygon(screen, palette.accent, points)
