"""The table's keys: the help overlay (F1 or ?) that lists them all, and the tooltips that name a button and
its key."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import pygame

from canasta.engine.judge import asking_barred
from canasta.engine.rules import PileRule, Rules
from canasta.i18n import N_, _
from canasta.ui.look.theme import Theme
from canasta.ui.table.layout.regions import Box


class When(enum.Enum):
    """When a row of the key list applies: always, or as the rules and the game's shape allow."""

    ALWAYS = enum.auto()
    ASKING = enum.auto()  # the human has a partner to ask (and to be asked by), and the rules let them
    JOINING = enum.auto()  # a side may hold two groups of one rank, and join them
    # Tab picks one of the side's melds where keys name them by index (sequences, several groups of a rank, ...):
    # M adds to it always; T takes the pile onto it where the top card may go alone onto a meld; C joins it.
    PICKING = enum.auto()
    PICKING_TAKE = enum.auto()
    PICKING_JOIN = enum.auto()
    PICKING_TAKE_JOIN = enum.auto()


@dataclass(frozen=True, slots=True)
class KeyRow:
    """A row of the key list: the keys, what they do, and when the row applies."""

    keys: str
    meaning: str
    when: When = When.ALWAYS


# Every key of the table, in the order the overlay lists them (each game shows the rows that apply to it).
KEY_HELP: Final = (
    KeyRow(N_("D"), N_("Draw from the stock")),
    KeyRow(N_("T"), N_("Take the pile (with the selected cards)")),
    KeyRow(N_("M or Enter"), N_("Meld the selected cards")),
    KeyRow(N_("X"), N_("Discard the selected card (or the one with the focus)")),
    KeyRow(N_("A"), N_("Ask your partner whether you may go out"), When.ASKING),
    KeyRow(N_("G"), N_("Go out")),
    KeyRow(N_("P"), N_("Pass (when the stock is empty)")),
    KeyRow(N_("Y / N"), N_("Answer your partner: yes or no"), When.ASKING),
    KeyRow(N_("Left / Right"), N_("Move the focus along your hand")),
    KeyRow(N_("Space"), N_("Select or unselect the card with the focus")),
    KeyRow(N_("S"), N_("Sort your hand")),
    KeyRow(N_("Tab"), N_("Pick one of your melds for M"), When.PICKING),
    KeyRow(N_("Tab"), N_("Pick one of your melds for M and T"), When.PICKING_TAKE),
    KeyRow(N_("Tab"), N_("Pick one of your melds for M and C"), When.PICKING_JOIN),
    KeyRow(N_("Tab"), N_("Pick one of your melds for M, T and C"), When.PICKING_TAKE_JOIN),
    KeyRow(N_("C"), N_("Join two of your groups of one rank"), When.JOINING),
    KeyRow(N_("H"), N_("Hint: the move a strong player would make, and why")),
    KeyRow(N_("U / Shift+U"), N_("Practice games: take back your last action / your whole turn")),
    KeyRow(N_("O"), N_("Practice games: show or hide every hand face up")),
    KeyRow(N_("L"), N_("Show or hide the move log")),
    KeyRow(N_("B"), N_("Pause or resume the computer players")),
    KeyRow(N_(". (full stop)"), N_("While they are paused: let one computer move through")),
    KeyRow(N_("F2"), N_("The rule a refused move breaks, in the rules help")),
    KeyRow(N_("Any key or click"), N_("Hurry the cards that are moving")),
    KeyRow(N_("F1 or ?"), N_("Show or hide this list of keys")),
    KeyRow(N_("Esc"), N_("Menu (leave the game)")),
)
_PICKING: Final = {
    (False, False): When.PICKING,
    (True, False): When.PICKING_TAKE,
    (False, True): When.PICKING_JOIN,
    (True, True): When.PICKING_TAKE_JOIN,
}


def key_rows(rules: Rules, seat: int) -> tuple[KeyRow, ...]:
    """The rows of the key list that apply to `seat` in a game of `rules`: asked of the rules and the game's shape
    (a partner to ask, melds to pick, groups to join), never of the game's name."""
    shape = rules.shape
    applies = {When.ALWAYS}
    if asking_barred(rules, seat) is None:
        applies.add(When.ASKING)
    joins = shape.groups_per_rank != 1
    if joins:
        applies.add(When.JOINING)
    if not shape.names_by_rank:
        applies.add(_PICKING[(shape.pile_rule is not PileRule.PAIR_ALWAYS, joins)])
    return tuple(row for row in KEY_HELP if row.when in applies)


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


def draw_help(screen: pygame.Surface, theme: Theme, px: int, keys: Sequence[KeyRow]) -> None:
    """The table's keys (those of `key_rows`) in a panel over it."""
    palette = theme.palette
    window = screen.get_rect()
    line_h = round(px * 1.5)
    rows = len(keys) + 2
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
    for row in keys:
        y += line_h
        theme.text(screen, _(row.keys), Box(inner_x, y, key_w - px, line_h), px, bold=True, colour=palette.accent)
        theme.text(screen, _(row.meaning), Box(inner_x + key_w, y, panel.w - 2 * px - key_w, line_h), px)
    y += line_h
    closing = _("Press F1, ? or Esc to close this list.")
    theme.text(screen, closing, Box(inner_x, y, panel.w - 2 * px, line_h), px, colour=palette.dim_text)
