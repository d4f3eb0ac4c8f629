"""Measuring the text a screen draws: does every text fit its box, in this language?

`MeasuringTheme` is a `Theme` that notes every text drawn wider than its box at the size the screen asked for
(before the theme's shrink-to-fit), or outside the window. `LongTranslations` makes every text 40% longer, like
a wordy language, keeping `{placeholders}`; install it (or a real catalogue) with `languages.installed(...)`.
`tour` drives a screen made of `FocusRing` widgets by keyboard through every widget and every value, drawing
after each key, so texts that show only in one state are measured too.
"""

from __future__ import annotations

import gettext
import math
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Protocol

import pygame

from canasta import i18n
from canasta.ui.kit.widgets import Choice, FocusRing, ScrollList
from canasta.ui.look.theme import Theme
from canasta.ui.table.layout.regions import MIN_TEXT_PX, Box

PLACEHOLDER = re.compile(r"\{[^{}]*\}")


@dataclass(frozen=True, slots=True)
class Overflow:
    words: str
    width: int
    box: Box

    def __str__(self) -> str:
        return f"{self.words!r}: {self.width} px in a box {self.box.w} px wide at x={self.box.x}"


class MeasuringTheme(Theme):
    """A theme that records every text that does not fit where it is drawn."""

    def __init__(self) -> None:
        super().__init__()
        self.overflows: list[Overflow] = []
        self.drawn = 0

    def text(self, screen: pygame.Surface, words: str, box: Box, px: int, **options: object) -> None:
        width = self.font(max(px, MIN_TEXT_PX), bool(options.get("bold", False))).size(words)[0]  # as drawn
        self.drawn += 1
        if words and (width > box.w or box.x < 0 or box.right > screen.get_width()):
            overflow = Overflow(words, width, box)
            if overflow not in self.overflows:
                self.overflows.append(overflow)
        super().text(screen, words, box, px, **options)


def lengthen(text: str) -> str:
    """`text` 40% longer, padded with its own letters (placeholders kept whole and not repeated)."""
    if not text:
        return text
    extra = math.ceil(len(text) * 0.4)
    filler = PLACEHOLDER.sub("", text).replace("{", "").replace("}", "") or "x"
    return text + (" " + filler * (extra // len(filler) + 1))[:extra]


class LongTranslations(gettext.NullTranslations):
    """A fake language whose every text is 40% longer than the English."""

    def gettext(self, message: str) -> str:
        return lengthen(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return lengthen(msgid1 if n == 1 else msgid2)


@contextmanager
def installed(translations: gettext.NullTranslations) -> Iterator[None]:
    """Texts in `translations` inside the block, English again after it."""
    i18n.install(translations)
    try:
        yield
    finally:
        i18n.install(gettext.NullTranslations())


class RingScene(Protocol):
    ring: FocusRing

    def handle_event(self, event: pygame.event.Event) -> None: ...

    def draw(self, screen: pygame.Surface) -> None: ...


def press(scene: RingScene, key: int, text: str = "", mod: int = 0) -> None:
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=text, scancode=0))


def tour(scene: RingScene, screen: pygame.Surface) -> int:
    """Tab through every widget; in lists go down every row; turn every choice through all its values.
    Draws after every key and returns how many draws were made."""
    draws = 0

    def draw() -> None:
        nonlocal draws
        scene.draw(screen)
        draws += 1

    draw()
    for _ in range(len(scene.ring.widgets)):
        widget = scene.ring.focused
        if isinstance(widget, Choice):
            _turn(scene, widget, draw)
        elif isinstance(widget, ScrollList):
            for _row in range(len(widget.items) + 1):
                current = widget.current()
                if isinstance(current, Choice):
                    _turn(scene, current, draw)
                if not widget.key(pygame.K_DOWN, ""):
                    break
                draw()
        press(scene, pygame.K_TAB)
        draw()
    return draws


def _turn(scene: RingScene, choice: Choice[object], draw: Callable[[], None]) -> None:
    for _ in range(len(choice.values)):
        press(scene, pygame.K_RIGHT)
        draw()
