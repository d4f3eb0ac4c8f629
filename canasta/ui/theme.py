"""Colours, fonts and card images for the window (one `Theme` per window, made after pygame starts)."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from canasta.ui.assets import cards_dir, fonts_dir
from canasta.ui.layout import Box

Colour = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Palette:
    table: Colour = (22, 92, 58)
    table_dark: Colour = (14, 64, 40)
    text: Colour = (245, 245, 235)
    dim_text: Colour = (190, 210, 195)
    accent: Colour = (250, 205, 70)  # whose turn, selection, legal targets
    warning: Colour = (255, 150, 120)
    button: Colour = (38, 58, 92)
    button_hover: Colour = (58, 86, 132)
    button_disabled: Colour = (60, 70, 75)
    panel: Colour = (16, 40, 30)
    frozen: Colour = (120, 200, 255)


class Theme:
    """Fonts by pixel size and card surfaces by (card, size), made on first use and kept."""

    def __init__(self, style: str = "classic", palette: Palette | None = None) -> None:
        self.style = style
        self.palette = palette or Palette()
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._originals: dict[str, pygame.Surface] = {}
        self._scaled: dict[tuple[str, int, int], pygame.Surface] = {}

    def font(self, px: int, bold: bool = False) -> pygame.font.Font:
        key = (max(8, px), bold)
        if key not in self._fonts:
            name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
            self._fonts[key] = pygame.font.Font(str(fonts_dir() / name), key[0])
        return self._fonts[key]

    def card(self, name: str, size: tuple[int, int]) -> pygame.Surface:
        """The face of `name` ("QH", "JK") or "back", scaled smoothly to `size`."""
        key = (name, size[0], size[1])
        surface = self._scaled.get(key)
        if surface is None:
            if name not in self._originals:
                self._originals[name] = pygame.image.load(str(cards_dir(self.style) / f"{name}.png")).convert_alpha()
            surface = pygame.transform.smoothscale(self._originals[name], size)
            self._scaled[key] = surface
        return surface

    def text(self, screen: pygame.Surface, words: str, box: Box, px: int, **options: object) -> None:
        """Draw `words` in `box`: `colour`, `bold`, `align` ("left", "centre", "right"); cut to fit."""
        colour = options.get("colour", self.palette.text)
        if not isinstance(colour, tuple):
            colour = self.palette.text
        bold = bool(options.get("bold", False))
        font = self.font(px, bold)
        while font.size(words)[0] > box.w and px > 9:  # shrink to fit before cutting anything off
            px -= 1
            font = self.font(px, bold)
        rendered = font.render(words, True, colour)
        if rendered.get_width() > box.w:
            rendered = rendered.subsurface((0, 0, box.w, rendered.get_height()))
        align = options.get("align", "left")
        x = (
            box.x
            if align == "left"
            else (
                box.right - rendered.get_width() if align == "right" else (box.x + (box.w - rendered.get_width()) // 2)
            )
        )
        y = box.y + (box.h - rendered.get_height()) // 2
        screen.blit(rendered, (x, y))


@dataclass(slots=True)
class Button:
    """A labelled button: drawn with its state, hit by position."""

    name: str
    label: str
    box: Box
    enabled: bool = True
    hover: bool = False
    key_hint: str = ""
    extra: dict[str, str] = field(default_factory=dict)

    def draw(self, screen: pygame.Surface, theme: Theme, px: int) -> None:
        palette = theme.palette
        colour = (
            palette.button_disabled if not self.enabled else (palette.button_hover if self.hover else palette.button)
        )
        pygame.draw.rect(screen, colour, self.box.as_tuple(), border_radius=max(3, self.box.h // 5))
        border = palette.accent if self.enabled and self.hover else palette.dim_text
        pygame.draw.rect(screen, border, self.box.as_tuple(), width=1, border_radius=max(3, self.box.h // 5))
        label = self.label if not self.key_hint else f"{self.label} ({self.key_hint})"
        text_colour = palette.text if self.enabled else palette.dim_text
        theme.text(screen, label, self.box, px, colour=text_colour, align="centre")

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.enabled and self.box.contains_point(pos)
