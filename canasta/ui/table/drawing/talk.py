"""What the table says, drawn: each seat's caption beside its plate (caption_fit.py fits a turn into it), the move
log when it is open, the chooser of ways to take the pile, and the note that the computer players are paused."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import pygame

from canasta.engine.playerview import PlayerView
from canasta.i18n import _
from canasta.ui.kit.widgets import wrap_lines
from canasta.ui.look.theme import Button, Theme
from canasta.ui.table.drawing.caption_fit import Caption, fit_caption, more_words
from canasta.ui.table.layout.regions import Box, SeatLayout, SeatPosition, TableLayout
from canasta.ui.table.narration.talk import LogEntry, Said


@dataclass(frozen=True, slots=True)
class LogShown:
    """The open move log: its rows as drawn (`log_rows`), oldest first, and how many it is scrolled up from the
    newest."""

    rows: Sequence[tuple[str, bool]]
    scroll: int = 0


@dataclass(frozen=True, slots=True)
class ChooserShown:
    """The ways to take the pile, offered when there are several: a title, the panel and one button each."""

    title: str
    panel: Box
    buttons: Sequence[Button]


@dataclass(frozen=True, slots=True)
class TalkShown:
    """Captions by seat (oldest line first), the log when open, the chooser when open, the pause."""

    captions: Mapping[int, Caption] = field(default_factory=dict)
    log: LogShown | None = None
    chooser: ChooserShown | None = None
    paused: bool = False


def draw_talk(screen: pygame.Surface, theme: Theme, layout: TableLayout, view: PlayerView, talk: TalkShown) -> None:
    """The captions and the pause, then the log and the chooser over everything else on the table."""
    for seat in layout.seats:
        caption = talk.captions.get(seat.seat)
        if seat.seat != view.seat and caption is not None:
            draw_caption(screen, theme, layout, seat, caption)
    if talk.paused:
        draw_paused(screen, theme, layout)
    if talk.log is not None:
        draw_log(screen, theme, layout, talk.log)
    if talk.chooser is not None:
        _draw_chooser(screen, theme, layout, talk.chooser)


def caption_lines(theme: Theme, layout: TableLayout, box: Box, said: Sequence[Said]) -> Caption:
    """A seat's turn fitted into its caption `box` (see `fit_caption`): as many lines as the box holds, as wide."""
    font = theme.font(layout.small_px)
    room = max(1, (box.h - 2 * _padding(layout)) // max(1, font.get_linesize()))
    return fit_caption(font, said, max(1, box.w - 4 * layout.gap), room)


def _padding(layout: TableLayout) -> int:
    """The room above and below a caption's lines in its bubble (a caption beside a plate has three lines)."""
    return max(2, layout.gap // 2)


def caption_bubble(theme: Theme, layout: TableLayout, box: Box, caption: Caption) -> Box | None:
    """Where the speech bubble of `caption` lies in its caption `box`: at its top left, as wide and as tall as its
    lines need; None when there is nothing to say or no room."""
    if not caption.lines or box.w < 8 or box.h < 8:
        return None
    font = theme.font(layout.small_px)
    width = min(box.w, max(font.size(line)[0] for line in caption.lines) + 4 * layout.gap)
    return Box(box.x, box.y, width, min(box.h, len(caption.lines) * font.get_linesize() + 2 * _padding(layout)))


def draw_caption(screen: pygame.Surface, theme: Theme, layout: TableLayout, place: SeatLayout, said: Caption) -> None:
    """A speech bubble in the seat's caption box, pointing at its plate (above it, or on its left): the lines as
    `caption_lines` fitted them, the newest action's brighter, and "+2 more" (it opens the log) in the accent."""
    bubble = caption_bubble(theme, layout, place.caption, said)
    if bubble is None:
        return
    line_h, gap = theme.font(layout.small_px).get_linesize(), layout.gap
    palette = theme.palette
    pygame.draw.rect(screen, palette.overlay, bubble.as_tuple(), border_radius=6)
    pygame.draw.rect(screen, palette.dim_text, bubble.as_tuple(), width=1, border_radius=6)
    _pointer(screen, theme, bubble, place.position in (SeatPosition.LEFT, SeatPosition.RIGHT))
    lines = said.lines
    for index, line in enumerate(lines):
        row = Box(bubble.x + 2 * gap, bubble.y + _padding(layout) + index * line_h, bubble.w - 4 * gap, line_h)
        newest = said.newest == 0 or index >= len(lines) - said.newest
        if said.more and index == len(lines) - 1:
            _more_line(screen, theme, layout.small_px, row, said)
        else:
            theme.text(screen, line, row, layout.small_px, colour=palette.text if newest else palette.dim_text)


def _more_line(screen: pygame.Surface, theme: Theme, px: int, row: Box, said: Caption) -> None:
    """A caption's last line in `row`: its words, then "+2 more" underlined in the accent colour."""
    more = more_words(said.more)
    head = said.lines[-1].removesuffix(more).rstrip()
    font = theme.font(px)
    if head:
        theme.text(screen, head, row, px)
    x = row.x + (font.size(head + " ")[0] if head else 0)
    width = font.size(more)[0]
    theme.text(screen, more, Box(x, row.y, max(1, row.right - x), row.h), px, colour=theme.palette.accent)
    base = row.y + font.get_ascent() + 2
    pygame.draw.line(screen, theme.palette.accent, (x, base), (min(row.right, x + width), base))


def draw_paused(screen: pygame.Surface, theme: Theme, layout: TableLayout) -> None:
    """The computer players are paused: "Paused" in the accent colour on a plate just left of the Resume button."""
    tool, gap, px = layout.button("pause"), layout.gap, layout.font_px
    words = _("Paused")
    width = theme.font(px, bold=True).size(words)[0] + 4 * gap
    plate = Box(tool.x - width - gap, tool.y, width, tool.h)
    palette = theme.palette
    pygame.draw.rect(screen, palette.overlay, plate.as_tuple(), border_radius=6)
    pygame.draw.rect(screen, palette.accent, plate.as_tuple(), width=2, border_radius=6)
    theme.text(screen, words, plate, px, bold=True, align="centre", colour=palette.accent)


def _pointer(screen: pygame.Surface, theme: Theme, bubble: Box, upward: bool) -> None:
    """The bubble's little point towards its plate: up for a seat whose caption is below its plate, else left."""
    size = 6
    if upward:
        x, y = bubble.x + 3 * size, bubble.y
        points = [(x - size, y), (x + size, y), (x, y - size)]
    else:
        x, y = bubble.x, bubble.y + 3 * size
        points = [(x, y - size), (x, y + size), (x - size, y)]
    pygame.draw.polygon(screen, theme.palette.overlay, points)


def log_rows(
    theme: Theme, layout: TableLayout, entries: Sequence[LogEntry], rounds: bool = False
) -> list[tuple[str, bool]]:
    """The log as drawn rows: a heading for each hand (each round where the game plays `rounds`), then its
    sentences wrapped to the panel's width."""
    font = theme.font(layout.small_px)
    width = max(1, layout.log_panel.w - 4 * layout.gap)
    rows: list[tuple[str, bool]] = []
    hand: int | None = None
    for entry in entries:
        if entry.hand != hand:
            hand = entry.hand
            heading = _("Round {number}") if rounds else _("Hand {number}")
            rows.append((heading.format(number=hand), True))
        rows.extend((line, False) for line in wrap_lines(font, entry.text, width))
    return rows


def log_page(theme: Theme, layout: TableLayout) -> int:
    """How many rows of the log the open panel shows at once (below its title and its keys)."""
    line_h = theme.font(layout.small_px).get_linesize()
    room = layout.log_panel.h - layout.line_h - (len(_log_keys(theme, layout)) + 1) * line_h - 3 * layout.gap
    return max(1, room // max(1, line_h))


def _log_keys(theme: Theme, layout: TableLayout) -> list[str]:
    """The open log's keys, wrapped to its width."""
    words = _("L or Esc closes it; the wheel, the arrows or Page Up and Down scroll it.")
    return wrap_lines(theme.font(layout.small_px), words, layout.log_panel.w - 4 * layout.gap)


def draw_log(screen: pygame.Surface, theme: Theme, layout: TableLayout, log: LogShown) -> None:
    """The move log over the right of the table: a title, the rows ending `scroll` rows above the newest."""
    palette, panel, gap = theme.palette, layout.log_panel, layout.gap
    pygame.draw.rect(screen, palette.overlay, panel.as_tuple(), border_radius=8)
    pygame.draw.rect(screen, palette.text, panel.as_tuple(), width=2, border_radius=8)
    title = Box(panel.x + 2 * gap, panel.y + gap, panel.w - 4 * gap, layout.line_h)
    theme.text(screen, _("Move log"), title, layout.font_px, bold=True)
    line_h = theme.font(layout.small_px).get_linesize()
    keys = _log_keys(theme, layout)
    for index, line in enumerate(keys):
        row = Box(title.x, title.bottom + index * line_h, title.w, line_h)
        theme.text(screen, line, row, layout.small_px, colour=palette.dim_text)
    rows = log.rows
    page = log_page(theme, layout)
    end = max(0, len(rows) - max(0, log.scroll))
    shown = rows[max(0, end - page) : end]
    top = title.bottom + len(keys) * line_h + gap
    if not rows:
        theme.text(screen, _("Nothing has been played yet."), Box(title.x, top, title.w, line_h), layout.small_px)
    for index, (words, heading) in enumerate(shown):
        row = Box(title.x, top + index * line_h, title.w, line_h)
        colour = palette.accent if heading else palette.text
        theme.text(screen, words, row, layout.small_px, bold=heading, colour=colour)


def chooser_rects(layout: TableLayout, count: int) -> tuple[Box, tuple[Box, ...]]:
    """The chooser's panel, just above the pile (or below it when there is no room), and one row per way."""
    gap, row_h = layout.gap, layout.line_h + 2 * layout.gap
    width = min(layout.window.w - 2 * gap, max(layout.pile.w, 24 * layout.font_px))
    height = (count + 1) * (row_h + gap) + gap
    x = max(gap, min(layout.pile.x, layout.window.w - width - gap))
    y = layout.pile.y - height - gap if layout.pile.y - height - gap >= gap else layout.pile.bottom + gap
    panel = Box(x, max(gap, y), width, height)
    rows = tuple(
        Box(panel.x + gap, panel.y + (index + 1) * (row_h + gap), panel.w - 2 * gap, row_h) for index in range(count)
    )
    return panel, rows


def _draw_chooser(screen: pygame.Surface, theme: Theme, layout: TableLayout, chooser: ChooserShown) -> None:
    palette, panel = theme.palette, chooser.panel
    pygame.draw.rect(screen, palette.overlay, panel.as_tuple(), border_radius=8)
    pygame.draw.rect(screen, palette.accent, panel.as_tuple(), width=2, border_radius=8)
    title = Box(panel.x + layout.gap, panel.y + layout.gap, panel.w - 2 * layout.gap, layout.line_h + layout.gap)
    theme.text(screen, chooser.title, title, layout.font_px, bold=True)
    for button in chooser.buttons:
        button.draw(screen, theme, layout.font_px)
