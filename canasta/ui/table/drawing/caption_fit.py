"""A seat's turn fitted into its caption bubble, never a sentence cut: every action in whole sentences, each from
a new line, where they fit; else in the caption's short words ("Drew 2 cards.", "Melded 9♠ 9♥ 9♦."), each from a
new line, then run together; else the least telling actions are left out (the draw first, then the discard) and
counted at the end: "+2 more", which opens the move log where they are in full."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from canasta.i18n import ngettext
from canasta.ui.kit.widgets import wrap_lines
from canasta.ui.table.narration.talk import Said

NO_BREAK = "\u00a0"  # "+2 more" stays on one line


@dataclass(frozen=True, slots=True)
class Caption:
    """A caption as drawn: its lines, how many of the last ones the newest action takes (drawn brighter; 0 when
    the actions run together), and how many actions it leaves out (its last line then ends with `more_words`)."""

    lines: tuple[str, ...] = ()
    newest: int = 0
    more: int = 0


def more_words(count: int) -> str:
    """The end of a caption that leaves out `count` actions: "+2 more"."""
    words = ngettext("+{count} more", "+{count} more", count).format(count=count)
    return words.replace(" ", NO_BREAK)


def fit_caption(font: pygame.font.Font, said: Sequence[Said], width: int, room: int) -> Caption:
    """`said` (a turn's actions, oldest first) in at most `room` lines of `font` no wider than `width`."""
    if not said:
        return Caption()
    for texts in ([part.full for part in said], [part.short for part in said]):
        wrapped = [wrap_lines(font, text, width) for text in texts]
        if sum(len(lines) for lines in wrapped) <= room:
            return Caption(tuple(line for lines in wrapped for line in lines), len(wrapped[-1]))
    for kept in _fewer(said):
        left_out = len(said) - len(kept)
        words = [part.short for part in kept] + ([more_words(left_out)] if left_out else [])
        lines = wrap_lines(font, " ".join(words), width)
        if len(lines) <= room:
            return Caption(tuple(lines), 0, left_out)
    return Caption((more_words(len(said)),), 0, len(said))


def _fewer(said: Sequence[Said]) -> list[list[Said]]:
    """`said` whole, then with one action fewer at a time, the least telling (and of those the oldest) left out
    first, the rest in their order; down to the most telling action alone."""
    order = sorted(range(len(said)), key=lambda index: (said[index].weight, index))
    return [[part for index, part in enumerate(said) if index not in order[:drop]] for drop in range(len(said))]
