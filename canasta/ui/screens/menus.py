"""The screens around the table: title, new game, hand summary, game over, and "leave the game?"."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from canasta.engine.match import Match
from canasta.engine.rules import Rules
from canasta.engine.scoring import SideScore
from canasta.i18n import N_, _
from canasta.ui.geometry import Box
from canasta.ui.kit.widgets import draw_veil, wrap_lines
from canasta.ui.look.theme import Button, Theme
from canasta.ui.screens.new_game import COMPUTER_LEVELS, TARGETS, NewGameChoices, NewGameScene
from canasta.ui.table.controller import GameSetup
from canasta.ui.table.narration.feet import LEFT_IN_HAND, LEFT_IN_HANDS_AND_FEET, left_in_hand_label

__all__ = [
    "COMPUTER_LEVELS", "TARGETS", "MenuScene", "NewGameChoices", "breakdown_lines", "new_game_scene", "summary_rows",
]  # fmt: skip
BREAKDOWN_LINES = (
    ("canastas", N_("Canastas")), ("red_threes", N_("Red threes")), ("going_out", N_("Going out")),
    ("melded", N_("Cards melded")), ("in_hand", LEFT_IN_HAND), ("total", N_("Hand total")),
)  # fmt: skip
HAND_AND_FOOT_BREAKDOWN_LINES = (
    ("canastas", N_("Books")), ("red_threes", N_("Red threes")), ("going_out", N_("Going out")),
    ("melded", N_("Cards melded")), ("in_hand", LEFT_IN_HANDS_AND_FEET), ("total", N_("Round total")),
)  # fmt: skip


# Lines only some games' breakdowns have (Modern American's threes of both colours, penalties, a special hand laid).
OTHER_LINES: dict[str, str] = {"threes": N_("Threes"), "penalties": N_("Penalties"), "special": N_("Special hand")}


def shown_lines(lines: tuple[tuple[str, str], ...], breakdown: Sequence[SideScore | None]) -> list[tuple[str, str]]:
    """The (key, label) lines of `breakdown` in the order its sides write them, labelled by `lines` (else by
    `OTHER_LINES`): a game's own lines (a special hand's, where one was laid) show, classic's as always."""
    labels = {**OTHER_LINES, **dict(lines)}
    keys = dict.fromkeys(key for side in breakdown if side is not None for key in side.to_dict())
    return [(key, labels[key]) for key in keys if key in labels] or list(lines)


def breakdown_lines(rules: Rules) -> tuple[tuple[str, str], ...]:
    """A hand's scoring lines (key, label) in the words of its game (where the sides have feet, Hand and Foot's
    rounds, books and feet)."""
    if rules.shape.books:
        return HAND_AND_FOOT_BREAKDOWN_LINES
    label = left_in_hand_label(rules)  # a packet not taken up counts too (Pennies from Heaven, by its option)
    return tuple((key, label if key == "in_hand" else words) for key, words in BREAKDOWN_LINES)


class MenuScene:
    """A panel of text lines and buttons; buttons answer clicks and their keys (shown on the button). A line too
    wide for the panel is wrapped; a disabled button answers neither its click nor its key."""

    def __init__(self, theme: Theme, title: str) -> None:
        self.theme = theme
        self.title = title
        self.lines: list[str] = []
        self.rows: list[list[str]] = []  # a table drawn in columns under the lines
        self.buttons: list[Button] = []
        self.actions: dict[str, Callable[[], None]] = {}
        self.keys: dict[int, str] = {}
        self.size = (1280, 800)
        self.focus = 0
        self.dim = False  # drawn over another scene
        self.rows_at: Callable[[float], list[list[str]]] | None = None  # rows that change as time passes
        self.elapsed_s = 0.0
        self.backdrop: Callable[[tuple[int, int]], pygame.Surface] = theme.background  # under the panel

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.layout()

    def layout(self) -> None:
        width, height = self.size
        px = self.font_px
        button_w, button_h = max(200, width // 5), int(px * 2.2)
        top = height // 2 - (len(self.buttons) * (button_h + px)) // 2 + len(self.lines) * px
        for index, button in enumerate(self.buttons):
            button.box = Box((width - button_w) // 2, top + index * (button_h + px // 2), button_w, button_h)

    @property
    def font_px(self) -> int:
        return max(14, min(self.size) // 36)

    def add(self, name: str, label: str, action: Callable[[], None], key: int | None = None, hint: str = "") -> None:
        self.buttons.append(Button(name, label, Box(0, 0, 10, 10), key_hint=hint))
        self.actions[name] = action
        if key is not None:
            self.keys[key] = name

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for button in self.buttons:
                if button.hit(event.pos):
                    self.actions[button.name]()
                    return
        elif event.type == pygame.MOUSEMOTION:
            for button in self.buttons:
                button.hover = button.box.contains_point(event.pos)
        elif event.type == pygame.KEYDOWN:
            self._key(event.key)

    def _key(self, key: int) -> None:
        enabled = [button for button in self.buttons if button.enabled]
        if key in self.keys:
            if any(button.name == self.keys[key] for button in enabled):
                self.actions[self.keys[key]]()
        elif key in (pygame.K_DOWN, pygame.K_TAB, pygame.K_UP) and enabled:
            self.focus = (self.focus + (-1 if key == pygame.K_UP else 1)) % len(enabled)
            for button in self.buttons:
                button.hover = button is enabled[self.focus]
        elif key in (pygame.K_RETURN, pygame.K_SPACE) and enabled:
            self.actions[enabled[self.focus % len(enabled)].name]()

    def update(self, dt_s: float) -> None:
        self.elapsed_s += dt_s
        if self.rows_at is not None:
            self.rows = self.rows_at(self.elapsed_s)

    def draw(self, screen: pygame.Surface) -> None:
        palette = self.theme.palette
        width, height = self.size
        px = self.font_px
        if self.dim:
            draw_veil(screen, (width, height))
        else:
            screen.blit(self.backdrop((width, height)), (0, 0))
        panel_w = min(width - 40, max(520, width // 2))
        lines = self._wrapped_lines(panel_w - 2 * px)
        # The title band, the lines and rows, then the buttons (as `_place_buttons` lays them out) and a margin.
        text_h = px * 5 // 2 + (len(lines) + len(self.rows)) * int(px * 1.4) + px
        panel_h = min(height - 40, text_h + len(self.buttons) * (int(px * 2.4) + px // 2) + px)
        panel = Box((width - panel_w) // 2, (height - panel_h) // 2, panel_w, panel_h)
        pygame.draw.rect(screen, palette.panel, panel.as_tuple(), border_radius=12)
        self.theme.text(
            screen, self.title, Box(panel.x, panel.y + px // 2, panel.w, px * 2), px * 3 // 2, bold=True, align="centre"
        )
        for index, line in enumerate(lines):
            row = Box(panel.x + px, panel.y + px * 5 // 2 + index * int(px * 1.4), panel.w - 2 * px, int(px * 1.4))
            self.theme.text(screen, line, row, px)
        self._draw_rows(screen, panel, len(lines))
        self._place_buttons(panel, len(lines))
        for button in self.buttons:
            button.draw(screen, self.theme, px)

    def _wrapped_lines(self, width: int) -> list[str]:
        """The lines as drawn: each wrapped to `width`."""
        font = self.theme.font(self.font_px)
        return [part for line in self.lines for part in wrap_lines(font, line, width)]

    def _draw_rows(self, screen: pygame.Surface, panel: Box, lines: int) -> None:
        px = self.font_px
        line_h = int(px * 1.4)
        top = panel.y + px * 5 // 2 + lines * line_h
        for index, row in enumerate(self.rows):
            cells = len(row)
            first_w = (panel.w - 2 * px) * 2 // (cells + 1)
            other_w = ((panel.w - 2 * px) - first_w) // max(1, cells - 1)
            x = panel.x + px
            for column, cell in enumerate(row):
                width = first_w if column == 0 else other_w
                align = "left" if column == 0 else "right"
                bold = index == 0 or index == len(self.rows) - 1
                self.theme.text(screen, cell, Box(x, top + index * line_h, width, line_h), px, align=align, bold=bold)
                x += width

    def _place_buttons(self, panel: Box, lines: int) -> None:
        px = self.font_px
        button_h = int(px * 2.4)
        top = panel.y + px * 5 // 2 + (lines + len(self.rows)) * int(px * 1.4) + px
        button_w = panel.w - 4 * px
        for index, button in enumerate(self.buttons):
            button.box = Box(panel.x + 2 * px, top + index * (button_h + px // 2), button_w, button_h)


def new_game_scene(
    theme: Theme, choices: NewGameChoices, start: Callable[[GameSetup], None], back: Callable[[], None]
) -> NewGameScene:
    """The game of the family, players, each computer seat's level, the target, the deal number and the house
    rules (`new_game.py`)."""
    return NewGameScene(theme, choices, start, back)


def summary_rows(
    match: Match, breakdown: tuple[SideScore, ...], names: list[str], shown: Callable[[int], int] | None = None
) -> list[list[str]]:
    """The hand's scoring line by line per side (docs/rules.md), then the running totals (which include the
    hand). `shown` gives how far each of the hand's numbers has counted up (all the way when None)."""
    show = shown or (lambda number: number)
    rows = [["", *names]]
    for key, label in shown_lines(breakdown_lines(match.rules), breakdown):
        rows.append([_(label), *(f"{show(side.to_dict().get(key, 0)):+d}" for side in breakdown)])
    before = [score - side.total for score, side in zip(match.scores, breakdown, strict=False)]
    rows.append(
        [_("Game totals"), *(str(start + show(side.total)) for start, side in zip(before, breakdown, strict=False))]
    )
    return rows
