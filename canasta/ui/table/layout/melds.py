"""Where a side's melds lie in its meld area: each in a slot of its own that stays put as the side plays.

The slots are the cells of a grid sized for fans one card short of a canasta (a canasta is seven cards in every
game), filled in the order of the side's melds (a new meld comes last). So a meld keeps its place, its card size
and its fan's spacing as cards are added to it and as other melds are added after it: a card added is laid on
the fan and the others stay where they lie; a meld that becomes a canasta is squared up in its slot. Only when a
side has more melds than its grid has cells does the grid change (smaller cards, more rows, or fans the other
way): it then makes room for half as many melds again at once, so that the next meld does not move them all
again. Past the smallest cards the fans tighten, and at the very last every meld is a squared pile: the melds
never leave their area. No display, no pygame.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from canasta.ui.geometry import CARD_ASPECT, Box, Point, Size, scaled_card

MeldShape = tuple[str, int, bool]  # (rank, card count, is a canasta)

FAN_CARDS: Final = 6  # one card short of a canasta: the longest fan a grid's cells are sized for
MELD_SCALES: Final = (1.0, 0.92, 0.85, 0.78, 0.72, 0.66, 0.6, 0.55, 0.5, 0.45, 0.4, 0.35, 0.3)
# Meld fan steps as a share of the card's height (vertical fans) or width (horizontal ones): the most that is
# wanted, and the least that still shows the rank in the card's corner.
_FAN_MOST_V, _FAN_MOST_H = 0.24, 0.32
_FAN_READABLE_V, _FAN_READABLE_H = 0.17, 0.2
_GROWTH = 1.25  # a side that outgrows its grid gets one with room for this many times as many melds (or one more)


@dataclass(frozen=True, slots=True)
class MeldSlot:
    """Where a meld goes: its footprint, one box per card (bottom card first; a canasta's boxes are all one,
    squared up) and a badge box on the top card for the card count."""

    rank: str
    is_canasta: bool
    box: Box
    cards: tuple[Box, ...]
    badge: Box


@dataclass(frozen=True, slots=True)
class _MeldGrid:
    """Melds in rows of `cols` equal cells, each fanned down its cell (vertical) or across it, `step` apart;
    `cells` is how many melds the grid holds."""

    vertical: bool
    card: Size
    cols: int
    cell_w: float
    cell_h: float
    step: float
    cells: int

    @property
    def readable(self) -> bool:
        if self.vertical:
            return self.step >= self.card[1] * _FAN_READABLE_V
        return self.step >= self.card[0] * _FAN_READABLE_H


def arrange_melds(area: Box, melds: Sequence[MeldShape], largest: Size, gap: int) -> tuple[MeldSlot, ...]:
    """Each meld's slot inside `area`, in the order given, cards at most `largest`, `gap` apart (see the module's
    docstring): the slots of the first melds do not depend on the melds after them, nor on how many cards any
    meld holds, until the side outgrows its grid."""
    if not melds:
        return ()
    grid = _grid_for(area, melds, largest, gap)
    slots = []
    for index, (rank, count, canasta) in enumerate(melds):
        row, col = divmod(index, grid.cols)
        origin = (area.x + math.floor(col * (grid.cell_w + gap)), area.y + math.floor(row * (grid.cell_h + gap)))
        slots.append(_place_meld(grid, origin, rank, count, canasta))
    return tuple(slots)


def meld_card(areas: Iterable[Box], melds: int, largest: Size, gap: int) -> Size:
    """The largest card, at most `largest`, at which each of `areas` holds `melds` readable fans of
    `FAN_CARDS`; in areas too small for that even at the least of `MELD_SCALES`, the card their melds are drawn
    at."""
    boxes = tuple(areas)

    def holds(width: int) -> bool:
        card = scaled_card((width, 0), 1.0)
        return all(_cells(area, card, gap) >= melds for area in boxes)

    low, high = max(1, round(largest[0] * MELD_SCALES[-1])), largest[0]  # a side holds fewer with larger cards
    if not holds(low):
        shapes = [("", FAN_CARDS, False)] * melds
        return min((_crowded_grid(area, shapes, largest, gap).card for area in boxes), key=lambda card: card[0])
    while low < high:
        middle = (low + high + 1) // 2
        low, high = (middle, high) if holds(middle) else (low, middle - 1)
    return scaled_card((low, 0), 1.0)


def _cells(area: Box, card: Size, gap: int) -> int:
    grid = _grid_at(area, card, gap)
    return 0 if grid is None else grid.cells


def _grid_for(area: Box, melds: Sequence[MeldShape], largest: Size, gap: int) -> _MeldGrid:
    """The first of the area's grids that holds every meld; past them all, the roomiest fit for these melds."""
    grid = next((grid for grid in _grids(area, largest, gap) if grid.cells >= len(melds)), None)
    return grid if grid is not None else _crowded_grid(area, melds, largest, gap)


@functools.lru_cache(maxsize=64)
def _grids(area: Box, largest: Size, gap: int) -> tuple[_MeldGrid, ...]:
    """The grids a side goes through as its melds grow in number, largest cards first: each holds at least half
    as many melds again as the one before, and the last the most any card size of `MELD_SCALES` holds."""
    fitted = [grid for scale in MELD_SCALES if (grid := _grid_at(area, scaled_card(largest, scale), gap))]
    grids: list[_MeldGrid] = []
    for grid in fitted:
        if not grids or grid.cells >= math.ceil(grids[-1].cells * _GROWTH):
            grids.append(grid)
    most = max(fitted, key=lambda grid: grid.cells, default=None)
    if most is not None and most.cells > grids[-1].cells:
        grids.append(most)
    return tuple(grids)


def _grid_at(area: Box, card: Size, gap: int) -> _MeldGrid | None:
    """The grid with the most cells for readable fans of `FAN_CARDS` with cards of `card` (vertical fans where
    the two ways hold as many), or None where not one such fan fits."""
    grids = [grid for vertical in (True, False) if (grid := _fitted(area, card, gap, vertical)) is not None]
    return max(grids, key=lambda grid: grid.cells, default=None)


def _fitted(area: Box, card: Size, gap: int, vertical: bool) -> _MeldGrid | None:
    """As many cells as fit for fans of `FAN_CARDS` at the readable spacing, each fan then spaced as widely as its
    cell allows (up to the most wanted); the cells only as large as the fans need, so that the melds sit
    together from the area's top left."""
    width, height = card
    least = height * _FAN_READABLE_V if vertical else width * _FAN_READABLE_H
    span = (FAN_CARDS - 1) * least
    cols = math.floor((area.w + gap) / (width + (0 if vertical else span) + gap))
    rows = math.floor((area.h + gap) / (height + (span if vertical else 0) + gap))
    if cols < 1 or rows < 1:
        return None
    room = (area.h + gap) / rows - gap - height if vertical else (area.w + gap) / cols - gap - width
    step = math.floor(min(_fan_most(card, vertical), room / (FAN_CARDS - 1)))  # whole pixels: cards stay put
    fan = step * (FAN_CARDS - 1)
    cell = (width + (0 if vertical else fan), height + (fan if vertical else 0))
    return _MeldGrid(vertical, card, cols, *cell, step, cols * rows)


def _crowded_grid(area: Box, melds: Sequence[MeldShape], largest: Size, gap: int) -> _MeldGrid:
    """More melds than any grid of readable fans holds: the largest cards whose fans of these melds stay
    readable; failing that, the widest fan spacing at any size; at the last, squared piles."""
    melds_n = len(melds)
    longest = max(_visible(count, canasta) for _, count, canasta in melds)
    fallback: _MeldGrid | None = None
    for scale in MELD_SCALES:
        for vertical in (True, False):
            grid = _meld_grid(area, (melds_n, longest, gap), scaled_card(largest, scale), vertical)
            if grid is not None and grid.readable:
                return grid
            if grid is not None and (fallback is None or grid.step > fallback.step):
                fallback = grid
    return fallback if fallback is not None else _squared_grid(area, melds_n, gap)


def _meld_grid(area: Box, task: tuple[int, int, int], card: Size, vertical: bool) -> _MeldGrid | None:
    """The row count that gives the longest fan the most room, or None if the cards do not fit at all. `task`:
    how many melds, the longest fan, the gap."""
    melds, longest, gap = task
    most = _fan_most(card, vertical)
    best: _MeldGrid | None = None
    for rows in range(1, melds + 1):
        cols = math.ceil(melds / rows)
        cell_w = (area.w - (cols - 1) * gap) / cols
        cell_h = (area.h - (rows - 1) * gap) / rows
        if cell_w < card[0] or cell_h < card[1]:
            continue
        room = cell_h - card[1] if vertical else cell_w - card[0]
        step = most if longest == 1 else min(most, room / (longest - 1))
        fan = step * (longest - 1)
        cell = (min(cell_w, card[0] + (0 if vertical else fan)), min(cell_h, card[1] + (fan if vertical else 0)))
        if best is None or step > best.step:
            best = _MeldGrid(vertical, card, cols, *cell, step, cols * rows)
    return best


def _squared_grid(area: Box, melds: int, gap: int) -> _MeldGrid:
    """The last resort for a tiny area: every meld a squared pile, cards as large as the cells allow."""
    best = (0.0, 1)
    for rows in range(1, melds + 1):
        cols = math.ceil(melds / rows)
        width = min((area.w - (cols - 1) * gap) / cols, (area.h - (rows - 1) * gap) / rows / CARD_ASPECT)
        best = max(best, (width, cols))
    width, cols = best
    card = (max(0, math.floor(width)), max(0, math.floor(width * CARD_ASPECT)))
    return _MeldGrid(True, card, cols, float(card[0]), float(card[1]), 0.0, melds)


def _place_meld(grid: _MeldGrid, origin: Point, rank: str, count: int, canasta: bool) -> MeldSlot:
    """A meld in its cell: fanned at the grid's spacing (tighter only for a fan longer than the cell was made
    for), or squared up if it is a canasta."""
    card_w, card_h = grid.card
    visible = _visible(count, canasta)
    room = grid.cell_h - card_h if grid.vertical else grid.cell_w - card_w
    step = 0.0 if visible == 1 else max(0.0, min(grid.step, room / (visible - 1)))
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


def _visible(count: int, canasta: bool) -> int:
    """How many cards of a meld are fanned: a canasta is one squared-up pile."""
    return 1 if canasta else max(1, count)


def _fan_most(card: Size, vertical: bool) -> float:
    return card[1] * _FAN_MOST_V if vertical else card[0] * _FAN_MOST_H
