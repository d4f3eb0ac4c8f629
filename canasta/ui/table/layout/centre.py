"""The strip between the sides' panels: the stock and the pile, each with its label, as near the window's middle
as the rest allows; the hand's info on their left and the tools (the move log, pause and step) at the right end.

The labels go under the cards, or beside them (the stock's on its left, the pile's on its right) where the table
wants the strip no taller than a card: with large cards, the line under them is room the sides' melds need. No
display, no pygame.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from canasta.ui.geometry import Box, Size

TOOLS: Final = ("log", "pause", "step")  # beside the stock and pile: the move log, pausing the computer players
PILE_FAN_CARDS: Final = 6  # pile cards shown at the comfortable spacing; more squeeze together
PILE_STEP: Final = 0.26  # pile fan step as a share of the card's width
SIDEWAYS_SHOW: Final = 0.62  # a sideways card under the pile shows this share of its length left of the fan
_INFO_EM, _TOOL_EM = 13, 7  # the info's and the tools' widths, in multiples of the font size
# Labels beside the cards: the stock's holds "Stock 108" (or its words over two lines), the pile's its size and
# marks one to a line ("Pile 12", "FROZEN", "STOP (black three)" over two); the info and the tools keep at least
# `_SIDE_LEAST_EM` each.
_STOCK_LABEL_EM, _PILE_LABEL_EM, _SIDE_LEAST_EM = 5, 6, 6


@dataclass(frozen=True, slots=True)
class StripText:
    """The sizes the strip is laid out with: the font, a line of it, the gap between things, a button's height."""

    font_px: int
    line_h: int
    gap: int
    button_h: int


@dataclass(frozen=True, slots=True)
class Centre:
    """The strip's boxes: the stock and the pile with their labels, the info, and the tools by name."""

    stock: Box
    stock_label: Box
    pile: Box
    pile_label: Box
    info: Box
    tools: tuple[tuple[str, Box], ...]


def pile_width(card: Size) -> int:
    """The pile's area: a card lying across shows its end, then `PILE_FAN_CARDS` fanned cards."""
    return round(card[1] * SIDEWAYS_SHOW) + card[0] + (PILE_FAN_CARDS - 1) * round(card[0] * PILE_STEP)


def strip_height(card: Size, text: StripText, beside: bool) -> int:
    """The strip's height: the cards, and under them a line for their labels unless those go beside them."""
    return card[1] if beside else card[1] + text.gap + text.line_h


def labels_fit_beside(strip_w: int, card: Size, text: StripText) -> bool:
    """Whether a strip `strip_w` wide holds the labels beside the cards, leaving the info and the tools room."""
    least = 2 * _SIDE_LEAST_EM * text.font_px + 4 * text.gap
    return _group_width(card, text, beside=True) + least <= strip_w


def lay_out_centre(strip: Box, middle_x: int, card: Size, text: StripText, beside: bool) -> Centre:
    """The strip's boxes, the stock and pile (with their labels, `beside` them or under them) centred on
    `middle_x` as far as the info on the left and the tools on the right allow."""
    gap = text.gap
    group_w = _group_width(card, text, beside)
    side_room = max(1, (strip.w - group_w) // 2 - 2 * gap)
    tool_w = min(_TOOL_EM * text.font_px, side_room)
    tools_x = strip.right - tool_w
    info_w = min(_INFO_EM * text.font_px, side_room)
    least_x, most_x = strip.x + info_w + 2 * gap, tools_x - 2 * gap - group_w
    x = max(least_x, min(middle_x - group_w // 2, most_x))
    y = strip.y + (strip.h - strip_height(card, text, beside)) // 2
    stock_w, pile_w = (_STOCK_LABEL_EM * text.font_px, _PILE_LABEL_EM * text.font_px) if beside else (0, 0)
    stock = Box(x + (stock_w + 2 * gap if beside else 0), y, card[0], card[1])
    pile = Box(stock.right + 2 * gap, y, pile_width(card), card[1])
    if beside:
        stock_label = Box(x, y, stock_w, card[1])
        pile_label = Box(pile.right + 2 * gap, y, max(1, min(pile_w, tools_x - 4 * gap - pile.right)), card[1])
    else:
        stock_label = Box(stock.x, stock.bottom + gap, card[0], text.line_h)
        pile_label = Box(pile.x, pile.bottom + gap, max(1, tools_x - gap - pile.x), text.line_h)
    tool_h = min(text.button_h, (strip.h - 2 * gap) // len(TOOLS))
    tools = tuple(
        (name, Box(tools_x, strip.y + index * (tool_h + gap), tool_w, tool_h)) for index, name in enumerate(TOOLS)
    )
    return Centre(stock, stock_label, pile, pile_label, Box(strip.x, strip.y, info_w, strip.h), tools)


def _group_width(card: Size, text: StripText, beside: bool) -> int:
    """The stock and the pile side by side; beside them, their labels."""
    group_w = card[0] + 2 * text.gap + pile_width(card)
    if beside:
        group_w += (_STOCK_LABEL_EM + _PILE_LABEL_EM) * text.font_px + 4 * text.gap  # clear of the frozen rings
    return group_w
