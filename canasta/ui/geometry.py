"""The window's geometry values: a rectangle (`Box`), sizes and points, a card's shape, the least and the usual
window and the least text size; no display, no pygame.

Rectangles are `Box`, a frozen dataclass, not `pygame.Rect`: a Rect is mutable and unhashable, so a layout of
Rects would not be frozen, and geometry needs no pygame; `Box.as_tuple()` goes into any pygame call that takes a
rect. `canasta.ui.table.layout.regions` places the table's regions with these, `canasta.ui.table.layout.melds` a
side's melds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

CARD_ASPECT: Final = 1.4
MIN_WINDOW: Final = (800, 600)
DEFAULT_WINDOW: Final = (1280, 800)
MIN_TEXT_PX: Final = 12  # no text is drawn smaller in a window of at least MIN_WINDOW

Size = tuple[int, int]
Point = tuple[int, int]


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

    def inset(self, by: int) -> Box:
        """The box shrunk by `by` pixels on every edge (never below zero size)."""
        return Box(self.x + by, self.y + by, max(0, self.w - 2 * by), max(0, self.h - 2 * by))


NO_BOX: Final = Box(0, 0, 0, 0)  # a region a table does not have (a foot outside Hand and Foot)


def scaled_card(card: Size, scale: float) -> Size:
    """A card `scale` times as wide as `card`, in the card's shape."""
    width = max(1, round(card[0] * scale))
    return (width, round(width * CARD_ASPECT))
