"""The table's keys: the help overlay (F1 or ?) that lists them all, and the tooltips that name a button and
its key."""

from __future__ import annotations

from typing import Final

import pygame

from canasta.i18n import N_, _
from canasta.ui.look.theme import Theme
from canasta.ui.table.layout.regions import Box

# Every key of the table, in the order the overlay lists them: (key, what it does).
KEY_HELP: Final = (
    (N_("D"), N_("Draw from the stock")),
    (N_("T"), N_("Take the pile (with the selected cards)")),
    (N_("M or Enter"), N_("Meld the selected cards")),
    (N_("X"), N_("Discard the selected card (or the one with the focus)")),
    (N_("A"), N_("Ask your partner whether you may go out")),
    (N_("K"), N_("Modern American: draw, keeping a three you draw for the Straight")),
    (N_("G"), N_("Go out (Modern American: or lay down the special hand your cards make)")),
    (N_("P"), N_("Pass (when the stock is empty)")),
    (N_("Y / N"), N_("Answer your partner: yes or no")),
    (N_("Left / Right"), N_("Move the focus along your hand")),
    (N_("Space"), N_("Select or unselect the card with the focus")),
    (N_("S"), N_("Sort your hand")),
    (N_("Tab"), N_("Samba, Bolivia: pick one of your melds for M, T and C")),
    (N_("C"), N_("Samba, Bolivia: join two groups of one rank")),
    (N_("H"), N_("Hint: the move a strong player would make, and why")),
    (N_("U / Shift+U"), N_("Practice games: take back your last action / your whole turn")),
    (N_("O"), N_("Practice games: show or hide every hand face up")),
    (N_("L"), N_("Show or hide the move log")),
    (N_("B"), N_("Pause or resume the computer players")),
    (N_(". (full stop)"), N_("While they are paused: let one computer move through")),
    (N_("F2"), N_("The rule a refused move breaks, in the rules help")),
    (N_("Any key or click"), N_("Hurry the cards that are moving")),
    (N_("F1 or ?"), N_("Show or hide this list of keys")),
    (N_("Esc"), N_("Menu (leave the game)")),
)

# What each button and table place does, for its tooltip: (name, key).
TOOLTIPS: Final = {
    "meld": (N_("Meld the selected cards"), N_("M")),
    "discard": (N_("Discard the selected card"), N_("X")),
    "take_pile": (N_("Take the discard pile"), N_("T")),
    "ask_partner": (N_("Ask your partner whether you may go out"), N_("A")),
    "go_out": (N_("Go out"), N_("G")),
    "pass": (N_("Pass"), N_("P")),
    "sort": (N_("Sort your hand"), N_("S")),
    "menu": (N_("Menu"), N_("Esc")),
    "hint": (N_("Hint: the move a strong player would make"), N_("H")),
    "undo": (N_("Take back your last action (Shift+U: the whole turn)"), N_("U")),
    "why": (N_("The rule this move breaks"), N_("F2")),
    "log": (N_("The move log of the last hands"), N_("L")),
    "pause": (N_("Pause or resume the computer players"), N_("B")),
    "step": (N_("One computer move while they are paused"), N_(".")),
    "stock": (N_("Draw from the stock"), N_("D")),
    "pile": (N_("Take the discard pile"), N_("T")),
}


def tooltip_text(name: str) -> str:
    """The tooltip of a button or place by name ("meld", "stock"), or "" when it has none."""
    entry = TOOLTIPS.get(name)
    if entry is None:
        return ""
    return _("{action} (key: {key})").format(action=_(entry[0]), key=_(entry[1]))


def tooltip_box(font: pygame.font.Font, words: str, anchor: tuple[int, int], window: tuple[int, int]) -> Box:
    """Where the tooltip with `words` goes: just above `anchor`, kept inside the window."""
    width, height = font.size(words)
    box = Box(anchor[0] - width // 2 - 8, anchor[1] - height - 16, width + 16, height + 8)
    return Box(min(max(box.x, 2), window[0] - box.w - 2), max(box.y, 2), box.w, box.h)


def draw_tooltip(screen: pygame.Surface, theme: Theme, words: str, anchor: tuple[int, int], px: int) -> None:
    """A small box with `words` just above `anchor`, kept inside the window."""
    box = tooltip_box(theme.font(px), words, anchor, screen.get_size())
    palette = theme.palette
    pygame.draw.rect(screen, palette.overlay, box.as_tuple(), border_radius=4)
    pygame.draw.rect(screen, palette.text, box.as_tuple(), width=1, border_radius=4)
    theme.text(screen, words, box, px, align="centre")


def draw_banner(screen: pygame.Surface, theme: Theme, words: str, px: int) -> None:
    """A message across the middle of the table (going out, the hand over)."""
    font = theme.font(px, bold=True)
    width, height = font.size(words)
    window = screen.get_rect()
    box = Box((window.w - width) // 2 - 24, window.h // 2 - height, width + 48, 2 * height)
    palette = theme.palette
    pygame.draw.rect(screen, palette.overlay, box.as_tuple(), border_radius=10)
    pygame.draw.rect(screen, palette.accent, box.as_tuple(), width=3, border_radius=10)
    theme.text(screen, words, box, px, bold=True, align="centre", colour=palette.accent)


def draw_help(screen: pygame.Surface, theme: Theme, px: int) -> None:
    """Every key of the table in a panel over it."""
    palette = theme.palette
    window = screen.get_rect()
    line_h = round(px * 1.5)
    rows = len(KEY_HELP) + 2
    width, height = min(window.w - 40, 46 * px), min(window.h - 40, rows * line_h + 2 * px)
    panel = Box((window.w - width) // 2, (window.h - height) // 2, width, height)
    shade = pygame.Surface(window.size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, 150))
    screen.blit(shade, (0, 0))
    pygame.draw.rect(screen, palette.overlay, panel.as_tuple(), border_radius=10)
    pygame.draw.rect(screen, palette.text, panel.as_tuple(), width=2, border_radius=10)
    inner_x, y = panel.x + px, panel.y + px
    theme.text(screen, _("Keys"), Box(inner_x, y, panel.w - 2 * px, line_h), round(px * 1.2), bold=True)
    key_w = round((panel.w - 2 * px) * 0.3)
    for key, meaning in KEY_HELP:
        y += line_h
        theme.text(screen, _(key), Box(inner_x, y, key_w - px, line_h), px, bold=True, colour=palette.accent)
        theme.text(screen, _(meaning), Box(inner_x + key_w, y, panel.w - 2 * px - key_w, line_h), px)
    y += line_h
    closing = _("Press F1, ? or Esc to close this list.")
    theme.text(screen, closing, Box(inner_x, y, panel.w - 2 * px, line_h), px, colour=palette.dim_text)
