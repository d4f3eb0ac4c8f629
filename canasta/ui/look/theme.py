"""Colours, fonts and card images for the window (one `Theme` per window, made after pygame starts), and the
table's look: card style, card size, colour theme and motion (`TableLook`)."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field

import pygame

from canasta.storage.settings import AnimationSpeed, CardStyle, TableTheme
from canasta.ui.geometry import MIN_TEXT_PX, Box
from canasta.ui.look.assets import cards_dir, fonts_dir
from canasta.ui.look.felt import felt_path, vignette

Colour = tuple[int, int, int]
_WORDS_KEPT = 600  # rendered words kept for reuse
_SHADOWS_KEPT = 64  # card shadows by size
_SHADOWED_KEPT = 400  # cards drawn on their shadows, by card and size


@dataclass(frozen=True, slots=True)
class Palette:
    """The table's colours. Text colours meet WCAG AA against the backgrounds they are drawn on (the theme
    tests compute the ratios)."""

    table: Colour = (22, 92, 58)
    table_dark: Colour = (14, 64, 40)
    text: Colour = (245, 245, 235)
    dim_text: Colour = (198, 216, 203)
    accent: Colour = (250, 205, 70)  # whose turn, selection, legal targets
    warning: Colour = (255, 196, 176)
    button: Colour = (38, 58, 92)
    button_hover: Colour = (58, 86, 132)
    button_disabled: Colour = (60, 70, 75)
    panel: Colour = (16, 40, 30)
    frozen: Colour = (150, 215, 255)
    focus: Colour = (255, 255, 255)  # the keyboard focus ring
    badge: Colour = (20, 20, 20)
    badge_text: Colour = (255, 255, 255)
    overlay: Colour = (8, 24, 16)  # help, tooltips and banners
    plate: Colour = (12, 34, 26)  # a player's plate and a side's panel header
    ours: Colour = (130, 200, 255)  # the edge of the human's side's panel and plates
    theirs: Colour = (255, 160, 140)  # the edge of the other sides'
    felt: TableTheme = TableTheme.GREEN  # the felt tile drawn under everything (assets/table)


HIGH_CONTRAST = Palette(
    table=(10, 10, 10), table_dark=(48, 48, 48), text=(255, 255, 255), dim_text=(215, 215, 215),
    accent=(255, 230, 0), warning=(255, 170, 170), button=(20, 30, 110), button_hover=(0, 80, 170),
    button_disabled=(50, 50, 50), panel=(0, 0, 0), frozen=(0, 220, 255), focus=(0, 255, 255),
    badge=(0, 0, 0), badge_text=(255, 255, 255), overlay=(0, 0, 0), plate=(0, 0, 0),
    ours=(0, 220, 255), theirs=(255, 150, 150), felt=TableTheme.HIGH_CONTRAST,
)  # fmt: skip
PALETTES = {TableTheme.GREEN: Palette(), TableTheme.HIGH_CONTRAST: HIGH_CONTRAST}


@dataclass(frozen=True, slots=True)
class TableLook:
    """How the table looks and moves; the settings screen makes one and the table takes it (`apply_look`)."""

    card_style: CardStyle = CardStyle.CLASSIC
    large_cards: bool = False
    table_theme: TableTheme = TableTheme.GREEN
    speed: AnimationSpeed = AnimationSpeed.NORMAL
    reduced_motion: bool = False
    confirm_risky_discard: bool = False  # ask before a discard the next player could take the pile with

    @property
    def palette(self) -> Palette:
        return PALETTES[self.table_theme]


def relative_luminance(colour: Colour) -> float:
    """WCAG 2 relative luminance of an sRGB colour, 0 (black) to 1 (white)."""

    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    red, green, blue = (linear(channel) for channel in colour)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast_ratio(first: Colour, second: Colour) -> float:
    """WCAG 2 contrast ratio, 1 to 21: AA asks 4.5 for normal text, 3 for large text and graphics."""
    lighter, darker = sorted((relative_luminance(first), relative_luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


class Theme:
    """Fonts by pixel size, card surfaces by (card, size), rendered words, the felt and card shadows; each made
    on first use and kept."""

    def __init__(self, style: str = "classic", palette: Palette | None = None) -> None:
        """`style` names a folder under `assets/cards/` (a `CardStyle` value)."""
        self.style = style
        self.palette = palette or Palette()
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._originals: dict[str, pygame.Surface] = {}
        self._scaled: dict[tuple[str, int, int], pygame.Surface] = {}
        self._words: OrderedDict[tuple[str, int, bool, Colour], pygame.Surface] = OrderedDict()
        self._backgrounds: dict[tuple[TableTheme, int, int], pygame.Surface] = {}
        self._tiles: dict[TableTheme, pygame.Surface | None] = {}
        self._shadows: dict[tuple[int, int], pygame.Surface] = {}
        self._fitted: dict[tuple[str, int, int, bool], int] = {}
        self._shadowed: dict[tuple[str, int, int], tuple[pygame.Surface, tuple[int, int]]] = {}

    def restyle(self, style: str, palette: Palette) -> None:
        """Another card style and colours for every scene drawn with this theme (cards are loaded again)."""
        if style != self.style:
            self._originals.clear()
            self._scaled.clear()
            self._shadowed.clear()  # a card on its shadow is a picture of the old style's face too
        self.style = style
        self.palette = palette

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

    def rendered(self, words: str, px: int, bold: bool = False, colour: Colour | None = None) -> pygame.Surface:
        """`words` rendered anti-aliased; the last few hundred are kept, since a table draws the same words in
        every frame."""
        key = (words, px, bold, colour or self.palette.text)
        surface = self._words.get(key)
        if surface is None:
            surface = self.font(px, bold).render(words, True, key[3])
            self._words[key] = surface
            if len(self._words) > _WORDS_KEPT:
                self._words.popitem(last=False)
        else:
            self._words.move_to_end(key)
        return surface

    def fitting_px(self, words: str, width: int, px: int, bold: bool = False) -> int:
        """The largest size up to `px` at which `words` fit in `width`, never below `MIN_TEXT_PX`: a long name or a
        long language takes a smaller size rather than being cut. Answers are kept (the table asks every frame)."""
        key = (words, width, px, bold)
        fitted = self._fitted.get(key)
        if fitted is None:
            fitted = max(px, MIN_TEXT_PX)
            while fitted > MIN_TEXT_PX and self.font(fitted, bold).size(words)[0] > width:
                fitted -= 1
            if len(self._fitted) > _WORDS_KEPT:
                self._fitted.clear()
            self._fitted[key] = fitted
        return fitted

    def fits(self, words: str, width: int, px: int, bold: bool = False) -> bool:
        """Whether `words` fit in `width` at some size between `px` and the least (see `fitting_px`)."""
        return self.font(self.fitting_px(words, width, px, bold), bold).size(words)[0] <= width

    def fitted_text(self, screen: pygame.Surface, words: str, box: Box, px: int, **options: object) -> None:
        """`text` at the largest size up to `px` that fits the box (see `fitting_px`)."""
        self.text(screen, words, box, self.fitting_px(words, box.w, px, bool(options.get("bold", False))), **options)

    def text(self, screen: pygame.Surface, words: str, box: Box, px: int, **options: object) -> None:
        """Draw `words` in `box`: `colour`, `bold`, `align` ("left", "centre", "right"), never smaller than
        `MIN_TEXT_PX`. Too long, the words shrink down to that size, then are cut."""
        colour = options.get("colour", self.palette.text)
        if not isinstance(colour, tuple):
            colour = self.palette.text
        bold = bool(options.get("bold", False))
        px = self.fitting_px(words, box.w, px, bold)  # nothing smaller than MIN_TEXT_PX is readable at arm's length
        rendered = self.rendered(words, px, bold, colour)
        if rendered.get_width() > box.w:
            rendered = rendered.subsurface((0, 0, max(0, box.w), rendered.get_height()))
        align = options.get("align", "left")
        width = rendered.get_width()
        x = box.x if align == "left" else (box.right - width if align == "right" else box.x + (box.w - width) // 2)
        screen.blit(rendered, (x, box.y + (box.h - rendered.get_height()) // 2))

    def background(self, size: tuple[int, int]) -> pygame.Surface:
        """The table for a window of `size`: the palette's felt tile repeated, darkened towards the edges."""
        key = (self.palette.felt, size[0], size[1])
        surface = self._backgrounds.get(key)
        if surface is None:
            surface = pygame.Surface(size)
            surface.fill(self.palette.table)
            tile = self._tile(self.palette.felt)
            if tile is not None:
                for x in range(0, size[0], tile.get_width()):
                    for y in range(0, size[1], tile.get_height()):
                        surface.blit(tile, (x, y))
            surface.blit(vignette(size), (0, 0))
            self._backgrounds = {key: surface}  # one window size at a time
        return surface

    def _tile(self, felt: TableTheme) -> pygame.Surface | None:
        """The felt tile of `felt`, read once; None where it cannot be read (a plain table rather than none: the
        felt is decoration)."""
        if felt not in self._tiles:
            try:
                self._tiles[felt] = pygame.image.load(str(felt_path(felt))).convert()
            except (pygame.error, OSError, FileNotFoundError):
                self._tiles[felt] = None
        return self._tiles[felt]

    def card_on_shadow(self, name: str, size: tuple[int, int]) -> tuple[pygame.Surface, tuple[int, int]]:
        """The card `name` at `size` with its soft shadow under it, as one picture (one blit a card rather than
        two), and where its top left lies in that picture."""
        key = (name, size[0], size[1])
        kept = self._shadowed.get(key)
        if kept is None:
            spread, offset = shadow_spread(size)
            shadow = self.shadow(size)
            picture = pygame.Surface((shadow.get_width() + offset, shadow.get_height() + 2 * offset), pygame.SRCALPHA)
            picture.blit(shadow, (offset, 2 * offset))
            picture.blit(self.card(name, size), (spread, spread))
            if len(self._shadowed) > _SHADOWED_KEPT:
                self._shadowed.clear()
            kept = (picture, (spread, spread))
            self._shadowed[key] = kept
        return kept

    def shadow(self, size: tuple[int, int]) -> pygame.Surface:
        """A soft shadow for a card of `size`: a rounded dark shape, blurred, a little larger than the card."""
        surface = self._shadows.get(size)
        if surface is None:
            surface = _soft_shadow(size)
            if len(self._shadows) > _SHADOWS_KEPT:
                self._shadows.clear()
            self._shadows[size] = surface
        return surface


def shadow_spread(size: tuple[int, int]) -> tuple[int, int]:
    """How far a card's shadow spreads round it, and how far it falls right (and twice that down)."""
    return max(2, size[0] // 14), max(1, size[0] // 30)


def _soft_shadow(size: tuple[int, int]) -> pygame.Surface:
    """A card's shadow: its rounded outline in translucent black, blurred by scaling down and up smoothly."""
    width, height = max(1, size[0]), max(1, size[1])
    spread = shadow_spread(size)[0]
    shape = pygame.Surface((width + 2 * spread, height + 2 * spread), pygame.SRCALPHA)
    radius = max(2, width // 12)
    pygame.draw.rect(shape, (0, 0, 0, 110), (spread, spread, width, height), border_radius=radius)
    small = pygame.transform.smoothscale(shape, (max(1, shape.get_width() // 4), max(1, shape.get_height() // 4)))
    return pygame.transform.smoothscale(small, shape.get_size())


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
        lit = self.enabled and self.hover
        border = palette.accent if lit else palette.dim_text
        # Hover is shown by a thicker border too, not by colour alone.
        width = 3 if lit else 1
        pygame.draw.rect(screen, border, self.box.as_tuple(), width=width, border_radius=max(3, self.box.h // 5))
        label = self.label if not self.key_hint else f"{self.label} ({self.key_hint})"
        text_colour = palette.text if self.enabled else palette.dim_text
        theme.text(screen, label, self.box, px, colour=text_colour, align="centre")

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.enabled and self.box.contains_point(pos)
