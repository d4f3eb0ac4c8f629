"""Widgets shared by the screens around the table: buttons, option rows, text fields and scrolling lists.

Every widget has a `box`, draws itself (with a visible mark when it has the keyboard focus), and answers keys,
clicks and the mouse wheel; a `FocusRing` passes events to the widget that has the focus (Tab and the arrows
move it) or to the one under the pointer. All text is drawn through `Theme.text`, so a test can measure it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

import pygame

from canasta.i18n import Language, _, current_language
from canasta.ui.geometry import MIN_TEXT_PX, Box
from canasta.ui.look.theme import Button, Theme

T = TypeVar("T")
Point = tuple[int, int]
NO_BOX = Box(0, 0, 0, 0)
ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


# The key that answers yes in a language whose "yes" does not start with Y, and the letter shown for it; Y answers
# yes in every language (Italian: S for "sì").
OWN_YES_KEYS = {Language.ITALIAN: ("S", pygame.K_s)}


def yes_keys() -> tuple[int, ...]:
    """The keys that answer a yes-or-no question with yes: Y, and S as well in Italian."""
    own = OWN_YES_KEYS.get(current_language())
    return (pygame.K_y,) if own is None else (pygame.K_y, own[1])


def yes_key_hint() -> str:
    """The key shown beside a yes: "Y", in Italian "S" (Y answers there too)."""
    own = OWN_YES_KEYS.get(current_language())
    return "Y" if own is None else own[0]


def ui_px(size: tuple[int, int]) -> int:
    """The body text size of the screens around the table for a window size."""
    return max(12, min(size[1] // 44, size[0] // 70))


@dataclass(frozen=True, slots=True)
class ScreenFrame:
    """The usual screen around the table: a title band, a centred panel, one or two buttons along the bottom."""

    px: int
    panel: Box
    buttons: tuple[Box, ...]

    @property
    def inner(self) -> Box:
        """The panel less its margin: where its list goes."""
        px, panel = self.px, self.panel
        return Box(panel.x + px // 2, panel.y + px // 2, panel.w - px, panel.h - px)


def screen_frame(size: tuple[int, int], panel_em: int, buttons: int = 1, top_em: float = 3.2) -> ScreenFrame:
    """Where a screen's panel (`panel_em` body-text sizes wide at most) and its bottom buttons go."""
    px = ui_px(size)
    width, height = size
    panel_w = min(width - 2 * px, px * panel_em)
    button_w, button_h = min(px * 16, (width - 3 * px) // 2 if buttons > 1 else width - 2 * px), int(px * 2.4)
    y = height - px - button_h
    boxes: tuple[Box, ...]
    if buttons > 1:
        boxes = (
            Box(width // 2 - button_w - px // 2, y, button_w, button_h),
            Box(width // 2 + px // 2, y, button_w, button_h),
        )
    else:
        boxes = (Box((width - button_w) // 2, y, button_w, button_h),)
    top = int(px * top_em)
    return ScreenFrame(px, Box((width - panel_w) // 2, top, panel_w, y - px - top), boxes)


def draw_backdrop(screen: pygame.Surface, theme: Theme, title: str, size: tuple[int, int], dim: bool = False) -> None:
    """A screen's background (the table colour, or a veil over the scene below when `dim`) and its title."""
    width, px = size[0], ui_px(size)
    if dim:
        draw_veil(screen, size)
        # The title on a band of its own: under it lie the table's words, however darkened.
        band = pygame.Rect(0, 0, width, px // 2 + int(px * 2.4))
        screen.fill(theme.palette.panel, band)
    else:
        screen.blit(theme.background(size), (0, 0))
    theme.text(screen, title, Box(px, px // 2, width - 2 * px, int(px * 2.4)), px * 3 // 2, bold=True, align="centre")


VEIL_ALPHA = 232  # a screen over the table darkens it so far that no word of the table shows through its own


def draw_veil(screen: pygame.Surface, size: tuple[int, int]) -> None:
    """Darken what is drawn below a screen shown over another (the table) until only its shapes show."""
    veil = pygame.Surface(size, pygame.SRCALPHA)
    veil.fill((0, 0, 0, VEIL_ALPHA))
    screen.blit(veil, (0, 0))


def wrap_lines(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """`text` broken at spaces into lines no wider than `width`; a word wider than a line on its own (a long path,
    whose spaces do not break) is broken after its folder separators, or failing those between its letters."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if line and font.size(candidate)[0] > width:
                lines.append(line)
                line = word
            else:
                line = candidate
            if font.size(line)[0] > width:
                *whole, line = _broken_word(font, line, width)
                lines.extend(whole)
        lines.append(line)
    return lines


def _broken_word(font: pygame.font.Font, word: str, width: int) -> list[str]:
    """`word` in pieces no wider than `width`: cut after a folder separator where one fits, else between letters."""
    pieces: list[str] = []
    while font.size(word)[0] > width and len(word) > 1:
        fits = max(1, next(cut for cut in range(len(word), 0, -1) if font.size(word[:cut])[0] <= width or cut == 1))
        separators = [index + 1 for index in range(fits) if word[index] in "/\\"]
        cut = separators[-1] if separators and separators[-1] < len(word) else fits
        pieces.append(word[:cut])
        word = word[cut:]
    return [*pieces, word]


def draw_panel(screen: pygame.Surface, theme: Theme, box: Box) -> None:
    pygame.draw.rect(screen, theme.palette.panel, box.as_tuple(), border_radius=12)


def draw_focus(screen: pygame.Surface, theme: Theme, box: Box) -> None:
    """The keyboard focus: a thick accent frame just outside the box."""
    frame = Box(box.x - 3, box.y - 3, box.w + 6, box.h + 6)
    pygame.draw.rect(screen, theme.palette.accent, frame.as_tuple(), width=3, border_radius=8)


class Widget:
    """A part of a screen; the default answers nothing and cannot take the focus."""

    def __init__(self) -> None:
        self.box = NO_BOX
        self.hover = False

    def focusable(self) -> bool:
        return False

    def height(self, px: int, width: int, theme: Theme) -> int:
        """How tall the widget wants to be at text size `px` in a column `width` wide."""
        return int(px * 2.2)

    def draw(self, screen: pygame.Surface, theme: Theme, px: int, focused: bool) -> None:
        return None

    def key(self, key: int, text: str) -> bool:
        """Answer a key press (`text` is what it types); False when the key means nothing here."""
        return False

    def click(self, pos: Point, button: int) -> bool:
        return False

    def wheel(self, dy: int) -> bool:
        return False


class PushButton(Widget):
    """A button: Enter or Space when it has the focus, a click, or its own key (shown on it) presses it."""

    def __init__(self, label: str, action: Callable[[], None], hint: str = "", enabled: bool = True) -> None:
        super().__init__()
        self.label = label
        self.action = action
        self.hint = hint
        self.enabled = enabled

    def focusable(self) -> bool:
        return self.enabled

    def draw(self, screen: pygame.Surface, theme: Theme, px: int, focused: bool) -> None:
        button = Button("", self.label, self.box, self.enabled, self.hover or focused, self.hint)
        button.draw(screen, theme, px)
        if focused:
            draw_focus(screen, theme, self.box)

    def key(self, key: int, text: str) -> bool:
        if key in ACTIVATE_KEYS and self.enabled:
            self.action()
            return True
        return False

    def click(self, pos: Point, button: int) -> bool:
        if button == 1 and self.enabled and self.box.contains_point(pos):
            self.action()
            return True
        return False


class Choice(Widget, Generic[T]):
    """A setting that cycles through its values: Left/Right change it, and so does a click on an arrow (the left
    one goes back, the right one forward), on the value (forward; a right-click back); a click on the label only
    gives the row the focus.

    The model stays the truth: `get` reads the value, `put` writes it. `explain` gives the lines under the row
    (the chosen value's meaning); `default` is marked there. A disabled row shows `note` instead and ignores
    input. The value sits beside the label when both fit the row, under it otherwise.
    """

    def __init__(
        self, label: str, values: Sequence[T], get: Callable[[], T], put: Callable[[T], None], name: Callable[[T], str]
    ) -> None:
        super().__init__()
        self.label = label
        self.values = tuple(values)
        self.get = get
        self.put = put
        self.name = name
        self.explain: Callable[[T], str] | None = None  # set for a row with a line of explanation
        self.default: T | None = None  # marked in the explanation line
        self.enabled = True
        self.note = ""
        self._stacked = False
        self._value_w = 0  # 0 until measured: then the value takes the right 45% of the row
        self._px = 0  # the text size it was measured at (0 until then)

    def focusable(self) -> bool:
        return self.enabled

    def height(self, px: int, width: int, theme: Theme) -> int:
        self._px = px
        bold = theme.font(px, bold=True)
        needed = max((bold.size(self.name(value))[0] for value in self.values), default=0) + 2 * px + 16
        label_w = theme.font(px).size(self.label)[0] + 24
        self._stacked = label_w + needed > width
        # Values line up in a column of 40% of the row where the labels leave room for it.
        self._value_w = max(needed, min(width * 2 // 5, width - label_w))
        lines = len(self._explanation_lines(theme, px, width)) if self.explain is not None else 0
        return int(px * 2.2) * (2 if self._stacked else 1) + lines * _small_line(px) + (px // 2 if lines else 0)

    def value_text(self) -> str:
        return self.name(self.get())

    def explanation(self) -> str:
        """What the chosen value means, and which value is the usual one."""
        if not self.enabled or self.explain is None:
            return self.note
        value = self.get()
        meaning = self.explain(value)
        if self.default is None or len(self.values) < 2:
            return meaning
        if value == self.default:
            return _("{meaning} (The usual rule.)").format(meaning=meaning)
        return _("{meaning} (Usual rule: {value}.)").format(meaning=meaning, value=self.name(self.default))

    def _explanation_lines(self, theme: Theme, px: int, width: int) -> list[str]:
        return wrap_lines(theme.font(_small_px(px)), self.explanation(), width - 16)[:3]

    def step(self, by: int) -> None:
        if not self.enabled or not self.values:
            return
        current = self.get()
        index = self.values.index(current) if current in self.values else -by
        self.put(self.values[(index + by) % len(self.values)])

    def key(self, key: int, text: str) -> bool:
        if key in (pygame.K_RIGHT, pygame.K_SPACE, pygame.K_KP_PLUS):
            self.step(1)
        elif key in (pygame.K_LEFT, pygame.K_KP_MINUS):
            self.step(-1)
        else:
            return False
        return True

    def click(self, pos: Point, button: int) -> bool:
        if not self.box.contains_point(pos) or button not in (1, 3):
            return False
        back, forward = self.arrow_boxes()
        if back.contains_point(pos) or (button == 3 and self._value_box(back.h).contains_point(pos)):
            self.step(-1)
        elif forward.contains_point(pos) or self._value_box(back.h).contains_point(pos):
            self.step(1)
        return True

    def arrow_boxes(self) -> tuple[Box, Box]:
        """Where a click goes back and where it goes forward: each arrow, with the room up to the value's text."""
        line_h = int(self._px * 2.2) or self.box.h
        value, reach = self._value_box(line_h), self._px + 8
        return Box(value.x - 8, value.y, reach + 8, line_h), Box(value.right - reach, value.y, reach + 8, line_h)

    def _value_box(self, line_h: int) -> Box:
        if self._stacked:
            return Box(self.box.x + 8, self.box.y + line_h, self.box.w - 16, line_h)
        value_w = self._value_w or self.box.w * 9 // 20
        return Box(self.box.right - value_w - 8, self.box.y, value_w, line_h)

    def draw(self, screen: pygame.Surface, theme: Theme, px: int, focused: bool) -> None:
        palette = theme.palette
        line_h = int(px * 2.2)
        if focused or self.hover:
            colour = palette.button_hover if focused else palette.button
            pygame.draw.rect(screen, colour, self.box.as_tuple(), border_radius=6)
        if focused:
            draw_focus(screen, theme, self.box)
        colour = palette.text if self.enabled else palette.dim_text
        value = self._value_box(line_h)
        label_w = self.box.w - 16 if self._stacked else value.x - self.box.x - 16
        theme.text(screen, self.label, Box(self.box.x + 8, self.box.y, label_w, line_h), px, colour=colour)
        arrows = self.enabled and len(self.values) > 1
        theme.text(screen, "\u2039" if arrows else "", Box(value.x, value.y, px, line_h), px, colour=palette.accent)
        right = Box(value.right - px, value.y, px, line_h)
        theme.text(screen, "\u203a" if arrows else "", right, px, colour=palette.accent, align="right")
        inner = Box(value.x + px + 8, value.y, value.w - 2 * px - 16, line_h)
        theme.text(screen, self.value_text(), inner, px, colour=colour, bold=focused, align="centre")
        small = _small_px(px)
        top = value.bottom - px // 4
        for index, line in enumerate(self._explanation_lines(theme, px, self.box.w) if self.explain else []):
            row = Box(self.box.x + 8, top + index * _small_line(px), self.box.w - 16, _small_line(px))
            theme.text(screen, line, row, small, colour=palette.dim_text)


def _small_px(px: int) -> int:
    return max(MIN_TEXT_PX, px * 4 // 5)


def _small_line(px: int) -> int:
    return int(_small_px(px) * 1.25)


class LiveNote(Widget):
    """Small lines of text that follow the screen's state: `text()` is asked at every draw, so what it says
    changes with the focus or the pointer without a new layout. It is as tall as the longest of `texts()`
    needs (at most `max_lines` lines), so the rows below it never move when it changes."""

    def __init__(self, text: Callable[[], str], texts: Callable[[], Sequence[str]], max_lines: int = 6) -> None:
        super().__init__()
        self.text = text
        self.texts = texts
        self.max_lines = max_lines

    def height(self, px: int, width: int, theme: Theme) -> int:
        font = theme.font(_small_px(px))
        lines = max((len(wrap_lines(font, words, width - 16)) for words in self.texts()), default=1)
        return min(lines, self.max_lines) * _small_line(px) + px // 4

    def lines(self, theme: Theme, px: int) -> list[str]:
        """What it says now, wrapped to its box."""
        return wrap_lines(theme.font(_small_px(px)), self.text(), self.box.w - 16)[: self.max_lines]

    def draw(self, screen: pygame.Surface, theme: Theme, px: int, focused: bool) -> None:
        line_h = _small_line(px)
        for index, line in enumerate(self.lines(theme, px)):
            row = Box(self.box.x + 8, self.box.y + index * line_h, self.box.w - 16, line_h)
            theme.text(screen, line, row, _small_px(px), colour=theme.palette.dim_text)


class TextField(Widget):
    """A one-line text entry: printable keys that `accept` allows are typed, Backspace deletes."""

    def __init__(self, label: str, on_change: Callable[[str], None], accept: Callable[[str], bool],
                 max_len: int = 40, placeholder: str = "") -> None:  # fmt: skip
        super().__init__()
        self.label = label
        self.text = ""
        self.on_change = on_change
        self.accept = accept
        self.max_len = max_len
        self.placeholder = placeholder

    def focusable(self) -> bool:
        return True

    def key(self, key: int, text: str) -> bool:
        if key == pygame.K_BACKSPACE:
            self.set_text(self.text[:-1])
            return True
        if key == pygame.K_DELETE:
            self.set_text("")
            return True
        if text and text.isprintable() and key not in ACTIVATE_KEYS[:2] and key != pygame.K_TAB:
            if self.accept(text) and len(self.text) < self.max_len:
                self.set_text(self.text + text)
            return True
        return False

    def set_text(self, text: str) -> None:
        self.text = text
        self.on_change(text)

    def click(self, pos: Point, button: int) -> bool:
        return self.box.contains_point(pos)

    def draw(self, screen: pygame.Surface, theme: Theme, px: int, focused: bool) -> None:
        palette = theme.palette
        line_h = self.box.h
        label_w = self.box.w * 11 // 20 if self.label else 0
        if self.label:
            theme.text(screen, self.label, Box(self.box.x + 8, self.box.y, label_w - 16, line_h), px)
        field = Box(self.box.x + label_w, self.box.y + 4, self.box.w - label_w - 8, line_h - 8)
        pygame.draw.rect(screen, palette.table_dark, field.as_tuple(), border_radius=4)
        pygame.draw.rect(screen, palette.accent if focused else palette.dim_text, field.as_tuple(), width=1,
                         border_radius=4)  # fmt: skip
        inner = Box(field.x + px // 2, field.y, field.w - px, field.h)
        if self.text:
            caret = "|" if focused else ""
            theme.text(screen, self.text + caret, inner, px)
        else:
            theme.text(screen, ("|" if focused else "") + self.placeholder, inner, px, colour=palette.dim_text)
        if focused:
            draw_focus(screen, theme, self.box)


class TextLine(Widget):
    """A line of text in a list: a cell per column (the first on the left, the others right-aligned)."""

    def __init__(self, cells: Sequence[str], bold: bool = False, dim: bool = False, scale: float = 1.0) -> None:
        super().__init__()
        self.cells = tuple(cells)
        self.bold = bold
        self.dim = dim
        self.scale = scale
        self.highlight = False
        self.first_share = 0.0  # the first cell's share of the width (0: twice any other cell's)

    def height(self, px: int, width: int, theme: Theme) -> int:
        return int(px * 1.5 * self.scale)

    def draw(self, screen: pygame.Surface, theme: Theme, px: int, focused: bool) -> None:
        palette = theme.palette
        if self.highlight:
            pygame.draw.rect(screen, palette.accent, (self.box.x, self.box.y, 4, self.box.h))
        size = int(px * self.scale)
        colour = palette.dim_text if self.dim else palette.text
        boxes = column_boxes(self.box, len(self.cells), self.first_share)
        for index, (cell, box) in enumerate(zip(self.cells, boxes, strict=True)):
            align = "left" if index == 0 else "right"
            theme.text(screen, cell, box, size, bold=self.bold, colour=colour, align=align)


def column_boxes(box: Box, cells: int, first_share: float = 0.0) -> list[Box]:
    """A row cut into cells: the first takes `first_share` of the width (by default twice the share of each
    other cell), the others share the rest; 8 pixels of margin each side."""
    inner_w = box.w - 16
    if cells == 1:
        return [Box(box.x + 8, box.y, inner_w, box.h)]
    first = int(inner_w * first_share) if first_share else inner_w * 2 // (cells + 1)
    other = (inner_w - first) // (cells - 1)
    boxes = [Box(box.x + 8, box.y, first - 8, box.h)]
    boxes += [Box(box.x + 8 + first + index * other, box.y, other, box.h) for index in range(cells - 1)]
    return boxes


class ScrollList(Widget):
    """A column of widgets taller than its box: the wheel, Up/Down, Page Up/Down, Home and End scroll it.

    With focusable items, Up/Down move a cursor along them (the list scrolls to keep it in view) and other
    keys and clicks go to the item under the cursor; past either end the focus leaves the list.
    """

    def __init__(self, items: Sequence[Widget] = ()) -> None:
        super().__init__()
        self.items: list[Widget] = list(items)
        self.offset = 0
        self.cursor = 0
        self.px = 16
        self.theme: Theme | None = None  # known from the first layout
        self._tops: list[int] = []
        self._heights: list[int] = []
        self._content_h = 0

    def set_items(self, items: Sequence[Widget]) -> None:
        self.items = list(items)
        self.cursor = min(self.cursor, max(0, len(self.items) - 1))
        self.relayout()

    def relayout(self) -> None:
        """Measure the items again (after one of them changed what it shows)."""
        if self.theme is not None:
            self.layout(self.box, self.px, self.theme)

    def focusable(self) -> bool:
        return bool(self.items)

    def _selectable(self) -> list[int]:
        return [index for index, item in enumerate(self.items) if item.focusable()]

    def layout(self, box: Box, px: int, theme: Theme) -> None:
        self.box, self.px, self.theme = box, px, theme
        self._heights = [item.height(px, box.w - px, theme) for item in self.items]
        self._tops, top = [], 0
        for height in self._heights:
            self._tops.append(top)
            top += height
        self._content_h = top
        self._clamp()
        self._place()

    def _place(self) -> None:
        width = self.box.w - self.px
        for item, top, height in zip(self.items, self._tops, self._heights, strict=True):
            item.box = Box(self.box.x, self.box.y + top - self.offset, width, height)

    def _clamp(self) -> None:
        self.offset = max(0, min(self.offset, self._content_h - self.box.h))

    def scroll(self, by: int) -> None:
        self.offset += by
        self._clamp()
        self._place()

    def scroll_to(self, index: int) -> None:
        """Scroll so item `index` is in view (at the top when it must move)."""
        if not 0 <= index < len(self.items):
            return
        top, height = self._tops[index], self._heights[index]
        if top < self.offset or top + height > self.offset + self.box.h:
            self.offset = top if top < self.offset or height > self.box.h else top + height - self.box.h
        self._clamp()
        self._place()

    def current(self) -> Widget | None:
        selectable = self._selectable()
        return self.items[self.cursor] if selectable and self.cursor in selectable else None

    def key(self, key: int, text: str) -> bool:
        selectable = self._selectable()
        if key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.scroll((self.box.h * 9 // 10) * (1 if key == pygame.K_PAGEDOWN else -1))
            self._cursor_into_view(selectable)
            return True
        if key in (pygame.K_HOME, pygame.K_END):
            self.scroll(10**9 if key == pygame.K_END else -(10**9))
            self._cursor_into_view(selectable)
            return True
        if key in (pygame.K_UP, pygame.K_DOWN):
            return self._move(selectable, -1 if key == pygame.K_UP else 1)
        item = self.current()
        if item is None or not item.key(key, text):
            return False
        self.relayout()
        return True

    def _move(self, selectable: list[int], by: int) -> bool:
        if not selectable:  # text only: scroll a line, and leave at the ends
            before = self.offset
            self.scroll(by * int(self.px * 1.5))
            return self.offset != before
        position = selectable.index(self.cursor) if self.cursor in selectable else 0
        if not 0 <= position + by < len(selectable):
            return False
        self.cursor = selectable[position + by]
        self.scroll_to(self.cursor)
        return True

    def _cursor_into_view(self, selectable: list[int]) -> None:
        visible = [i for i in selectable if self.box.y <= self.items[i].box.y < self.box.bottom]
        if visible and self.cursor not in visible:
            self.cursor = visible[0]

    def enter_from(self, forward: bool) -> None:
        """The focus arrives by Tab or the arrows: the cursor goes to the first (or last) item in view."""
        selectable = self._selectable()
        visible = [
            i for i in selectable if self.items[i].box.y >= self.box.y and self.items[i].box.bottom <= self.box.bottom
        ]
        pool = visible or selectable
        if pool and self.cursor not in pool:
            self.cursor = pool[0] if forward else pool[-1]
        self.scroll_to(self.cursor)

    def click(self, pos: Point, button: int) -> bool:
        if not self.box.contains_point(pos) or button not in (1, 3):
            return False
        for index, item in enumerate(self.items):
            if item.box.contains_point(pos) and item.focusable():
                self.cursor = index
                item.click(pos, button)
                self.relayout()
                self.scroll_to(index)
                return True
        return True

    def wheel(self, dy: int) -> bool:
        self.scroll(-dy * int(self.px * 3))
        return True

    def hover_at(self, pos: Point | None) -> None:
        for item in self.items:
            item.hover = pos is not None and self.box.contains_point(pos) and item.box.contains_point(pos)

    def draw(self, screen: pygame.Surface, theme: Theme, px: int, focused: bool) -> None:
        clip = screen.get_clip()
        screen.set_clip(pygame.Rect(self.box.as_tuple()))
        cursor = self.current()
        for item in self.items:
            if item.box.bottom > self.box.y and item.box.y < self.box.bottom:
                item.draw(screen, theme, self.px, focused and item is cursor)
        screen.set_clip(clip)
        if focused and cursor is None:
            draw_focus(screen, theme, self.box)
        self._draw_bar(screen, theme)

    def _draw_bar(self, screen: pygame.Surface, theme: Theme) -> None:
        if self._content_h <= self.box.h:
            return
        track = Box(self.box.right - self.px // 2, self.box.y, self.px // 3, self.box.h)
        pygame.draw.rect(screen, theme.palette.table_dark, track.as_tuple(), border_radius=3)
        thumb_h = max(self.px, track.h * self.box.h // self._content_h)
        thumb_y = track.y + (track.h - thumb_h) * self.offset // max(1, self._content_h - self.box.h)
        pygame.draw.rect(screen, theme.palette.dim_text, (track.x, thumb_y, track.w, thumb_h), border_radius=3)


class FocusRing:
    """The widgets of a screen in keyboard order; one of them has the focus.

    Tab and Shift+Tab move the focus; the focused widget gets the keys first, and Up/Down it does not use
    move the focus too. A click goes to the widget under the pointer (and gives it the focus); the wheel to
    the widget under the pointer, else the focused one.
    """

    def __init__(self, widgets: Sequence[Widget] = ()) -> None:
        self.widgets: list[Widget] = list(widgets)
        self.index = 0
        self.pointer: Point | None = None
        self._first()

    def set_widgets(self, widgets: Sequence[Widget], keep: Widget | None = None) -> None:
        self.widgets = list(widgets)
        self.index = self.widgets.index(keep) if keep in self.widgets else 0
        if not self.widgets or not self.widgets[self.index].focusable():
            self._first()

    def _first(self) -> None:
        self.index = next((i for i, widget in enumerate(self.widgets) if widget.focusable()), 0)

    @property
    def focused(self) -> Widget | None:
        return self.widgets[self.index] if self.widgets and self.widgets[self.index].focusable() else None

    def focus(self, widget: Widget) -> None:
        if widget in self.widgets and widget.focusable():
            self.index = self.widgets.index(widget)

    def move(self, by: int) -> None:
        count = len(self.widgets)
        for step in range(1, count + 1):
            index = (self.index + by * step) % count
            if self.widgets[index].focusable():
                self.index = index
                widget = self.widgets[index]
                if isinstance(widget, ScrollList):
                    widget.enter_from(by > 0)
                return

    def handle(self, event: pygame.event.Event) -> bool:
        """Give `event` to the right widget; True when something used it."""
        if event.type == pygame.KEYDOWN:
            return self._key(
                event.key, getattr(event, "unicode", "") or "", bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
            )
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            self._hover(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            self.pointer = event.pos
            return self._click(event.pos, event.button)
        if event.type == pygame.MOUSEWHEEL:
            return self._wheel(int(event.y))
        return False

    def _key(self, key: int, text: str, shift: bool) -> bool:
        if key == pygame.K_TAB:
            self.move(-1 if shift else 1)
            return True
        widget = self.focused
        if widget is not None and widget.key(key, text):
            return True
        if key in (pygame.K_UP, pygame.K_DOWN):
            self.move(-1 if key == pygame.K_UP else 1)
            return True
        return False

    def _click(self, pos: Point, button: int) -> bool:
        for widget in self.widgets:
            if widget.box.contains_point(pos):
                self.focus(widget)
                widget.click(pos, button)
                return True
        return False

    def _wheel(self, dy: int) -> bool:
        under = [w for w in self.widgets if self.pointer is not None and w.box.contains_point(self.pointer)]
        lists = [w for w in self.widgets if isinstance(w, ScrollList)]
        target = under[0] if under else (self.focused if isinstance(self.focused, ScrollList) else None)
        target = target or (lists[0] if lists else None)
        return target.wheel(dy) if target is not None else False

    def _hover(self, pos: Point) -> None:
        for widget in self.widgets:
            widget.hover = widget.box.contains_point(pos)
            if isinstance(widget, ScrollList):
                widget.hover_at(pos)

    def draw(self, screen: pygame.Surface, theme: Theme, px: int) -> None:
        focused = self.focused
        for widget in self.widgets:
            widget.draw(screen, theme, px, widget is focused)
