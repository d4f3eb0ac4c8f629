"""When the table shows a tooltip (no pygame display needed).

A tooltip names what the pointer rests on. Once the player acts (a click or a key), the tooltip shown then goes,
and stays away until the pointer rests on something else: it does not linger over what was just done. And it
never covers the message line while that says something to read (why a move was refused, a warning, a hint).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from canasta.ui.table.drawing.help_overlay import tooltip_box
from canasta.ui.table.layout.regions import Box

Tip = tuple[str, tuple[int, int]]  # the words, and the point they belong to (the tooltip goes just above it)


@dataclass(slots=True)
class TooltipGate:
    """The tooltip dismissed by the player's last action, until the pointer moves on."""

    dismissed: Tip | None = None

    def acted(self, shown: Tip | None) -> None:
        """A click or a key: the tooltip shown now goes, until the pointer rests on something else."""
        self.dismissed = shown

    def shown(self, tip: Tip | None, font: pygame.font.Font, window: tuple[int, int], clear: Box | None) -> Tip | None:
        """`tip` as the table shows it: None while dismissed, when it has no words, or when it would cover `clear`
        (the message line while it says something to read; None when there is nothing to keep clear)."""
        if tip != self.dismissed:
            self.dismissed = None  # the pointer moved on
        if tip is None or not tip[0] or tip == self.dismissed:
            return None
        if clear is not None and tooltip_box(font, tip[0], tip[1], window).overlaps(clear):
            return None
        return tip
