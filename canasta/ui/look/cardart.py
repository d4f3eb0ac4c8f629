"""Card art: every face and the back, drawn from simple geometry and the bundled DejaVu font.

Pure functions: `render_card("QH", CardStyle.CLASSIC, 200)` returns a `pygame.Surface` (no display needed), and
`generate(out_dir, style, width)` writes one PNG per card plus `back.png`. The committed images under
`assets/cards/<style>/` are this module's output (`python -m canasta.ui.look.cardart`); a test regenerates them and
compares, so the art changes only here.

Everything is drawn at `SUPERSAMPLE` times the size and averaged down in integer arithmetic (numpy), which gives
smooth edges and the same pixels on every run. Nothing depends on time, randomness or the display.
"""

from __future__ import annotations

import argparse
import enum
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pygame

from canasta.engine.cards import SUITED_RANKS, SUITS, Card, Rank, Suit
from canasta.ui.look.assets import assets_dir, fonts_dir

Colour = tuple[int, int, int]
Point = tuple[float, float]


class CardStyle(enum.Enum):
    """A deck's colouring; the value is the folder name under `assets/cards/`."""

    CLASSIC = "classic"  # red hearts and diamonds, black clubs and spades
    FOUR_COLOUR = "four_colour"  # clubs green, diamonds blue, hearts red, spades black


BASE_WIDTH = 200  # the committed images' width in pixels; the game scales them
HEIGHT_RATIO = 1.4
SUPERSAMPLE = 4
MIN_WIDTH = 16  # below this the index no longer fits
BACK_NAME = "back"
JOKER_NAME = "JK"
REGULAR_FONT = "DejaVuSans.ttf"  # in assets/fonts/, with its licence
BOLD_FONT = "DejaVuSans-Bold.ttf"

WHITE: Colour = (255, 255, 255)
BORDER_GREY: Colour = (96, 96, 104)
RED: Colour = (200, 18, 36)
BLACK: Colour = (22, 22, 28)
GREEN: Colour = (0, 128, 52)
BLUE: Colour = (18, 74, 196)
GOLD: Colour = (222, 168, 28)
DARK_GOLD: Colour = (150, 104, 0)
PURPLE: Colour = (112, 38, 156)
NAVY: Colour = (16, 40, 82)
TEAL: Colour = (36, 128, 142)
LIGHT_TEAL: Colour = (108, 196, 200)

SUIT_SYMBOLS = {Suit.CLUBS: "\u2663", Suit.DIAMONDS: "\u2666", Suit.HEARTS: "\u2665", Suit.SPADES: "\u2660"}
RANK_LABELS: dict[Rank, str] = {rank: ("10" if rank is Rank.TEN else rank.value) for rank in SUITED_RANKS}

# Sizes below are fractions of the card's width (x and sizes) or height (the `_H` ones).
CORNER_RADIUS = 0.065
BORDER_WIDTH = 0.01
INDEX_LEFT = 0.035
INDEX_TOP = 0.045
INDEX_WIDTH = 0.21
RANK_CAP = 0.165
RANK_GAP = 0.006  # between the two digits of "10"
INDEX_GAP = 0.04
INDEX_SUIT = 0.14
WILD_MARK = 0.11
PIP_SIZE = 0.16
PIP_SIZE_CROWDED = 0.14  # nine and ten: their middle pips sit close to the side columns
PIP_COLUMNS = (0.365, 0.5, 0.635)
PIP_TOP_H = 0.175
PIP_BOTTOM_H = 0.825
PANEL_LEFT = 0.26
PANEL_TOP_H = 0.12

# Classic pip positions: (column 0-2, row from 0 at the top to 1 at the bottom); the lower half is drawn upside down.
PIP_LAYOUTS: dict[Rank, tuple[tuple[int, float], ...]] = {
    Rank.TWO: ((1, 0), (1, 1)),
    Rank.THREE: ((1, 0), (1, 0.5), (1, 1)),
    Rank.FOUR: ((0, 0), (2, 0), (0, 1), (2, 1)),
    Rank.FIVE: ((0, 0), (2, 0), (1, 0.5), (0, 1), (2, 1)),
    Rank.SIX: ((0, 0), (2, 0), (0, 0.5), (2, 0.5), (0, 1), (2, 1)),
    Rank.SEVEN: ((0, 0), (2, 0), (1, 0.25), (0, 0.5), (2, 0.5), (0, 1), (2, 1)),
    Rank.EIGHT: ((0, 0), (2, 0), (1, 0.25), (0, 0.5), (2, 0.5), (1, 0.75), (0, 1), (2, 1)),
    Rank.NINE: ((0, 0), (2, 0), (0, 1 / 3), (2, 1 / 3), (1, 0.5), (0, 2 / 3), (2, 2 / 3), (0, 1), (2, 1)),
    Rank.TEN: ((0, 0), (2, 0), (1, 1 / 6), (0, 1 / 3), (2, 1 / 3), (0, 2 / 3), (2, 2 / 3), (1, 5 / 6), (0, 1), (2, 1)),
}


@dataclass(frozen=True, slots=True)
class _Canvas:
    """A supersampled card being drawn, with its size and fonts."""

    surface: pygame.Surface
    regular_font: Path
    bold_font: Path

    @property
    def width(self) -> int:
        return self.surface.get_width()

    @property
    def height(self) -> int:
        return self.surface.get_height()

    def x(self, fraction: float) -> int:
        """A length or x position given as a fraction of the card's width, in supersampled pixels."""
        return round(fraction * self.width)

    def y(self, fraction: float) -> int:
        """A y position given as a fraction of the card's height, in supersampled pixels."""
        return round(fraction * self.height)

    def points(self, shape: Sequence[Point], centre: tuple[int, int], size: int) -> list[tuple[int, int]]:
        """A shape given in a unit box centred on (0, 0), placed at `centre` and scaled to `size` pixels."""
        return [(centre[0] + round(px * size), centre[1] + round(py * size)) for px, py in shape]


# --- names and colours ----------------------------------------------------------------------------------------


def card_names() -> tuple[str, ...]:
    """Every face's notation, which is also its file stem: "AC", "AD", ..., "KS", then "JK"."""
    return (*(rank.value + suit.value for rank in SUITED_RANKS for suit in SUITS), JOKER_NAME)


def asset_names() -> tuple[str, ...]:
    """Every image `generate` writes, without the ".png"."""
    return (*card_names(), BACK_NAME)


def card_height(width: int) -> int:
    """The height of a card `width` pixels wide."""
    return round(width * HEIGHT_RATIO)


def suit_colour(suit: Suit, style: CardStyle) -> Colour:
    """The ink of a suit in a style."""
    if style is CardStyle.FOUR_COLOUR and suit is Suit.CLUBS:
        return GREEN
    if style is CardStyle.FOUR_COLOUR and suit is Suit.DIAMONDS:
        return BLUE
    return RED if suit.is_red else BLACK


def _tint(colour: Colour, amount: float) -> Colour:
    """`colour` mixed with white; `amount` 0 keeps the colour, 1 gives white."""
    r, g, b = (round(channel + (255 - channel) * amount) for channel in colour)
    return (r, g, b)


# --- public rendering -----------------------------------------------------------------------------------------


def render_card(name: str, style: CardStyle, width: int = BASE_WIDTH) -> pygame.Surface:
    """Draw one card ("QH", "TD", "JK" or "back") `width` pixels wide, with transparent rounded corners."""
    if not pygame.font.get_init():
        pygame.font.init()
    size = (width * SUPERSAMPLE, card_height(width) * SUPERSAMPLE)
    canvas = _Canvas(pygame.Surface(size, pygame.SRCALPHA), fonts_dir() / REGULAR_FONT, fonts_dir() / BOLD_FONT)
    if name == BACK_NAME:
        _draw_back(canvas)
    elif name == JOKER_NAME:
        _draw_joker(canvas)
    else:
        card = Card.parse(name)  # raises ValueError naming an unknown card
        assert card.suit is not None  # only the joker has no suit
        _draw_suited_face(canvas, card.rank, card.suit, style)
    return _downsample(canvas.surface, SUPERSAMPLE)


def generate(out_dir: Path, style: CardStyle, width: int = BASE_WIDTH) -> list[Path]:
    """Write every card of `style` as `<name>.png` into `out_dir` (made if missing); returns the paths."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for name in asset_names():
        path = out_dir / f"{name}.png"
        pygame.image.save(render_card(name, style, width), str(path))
        written.append(path)
    return written


# --- pixels ---------------------------------------------------------------------------------------------------


def _downsample(surface: pygame.Surface, factor: int) -> pygame.Surface:
    """Average each `factor` x `factor` block (alpha-weighted, rounded, integers only) into one pixel."""
    width, height = surface.get_size()
    rgba = np.frombuffer(pygame.image.tobytes(surface, "RGBA"), dtype=np.uint8).reshape(height, width, 4)
    wide = rgba.astype(np.int64)
    alpha = wide[..., 3:4]
    alpha_sum = _block_sum(alpha, factor)
    colour_sum = _block_sum(wide[..., :3] * alpha, factor)
    count = factor * factor
    out_alpha = (alpha_sum + count // 2) // count
    out_colour = np.where(alpha_sum > 0, (colour_sum + alpha_sum // 2) // np.maximum(alpha_sum, 1), 0)
    out = np.concatenate([out_colour, out_alpha], axis=-1).astype(np.uint8)
    return pygame.image.frombytes(out.tobytes(), (width // factor, height // factor), "RGBA")


def _block_sum(values: npt.NDArray[np.int64], factor: int) -> npt.NDArray[np.int64]:
    """Sum the `factor` x `factor` blocks of an (height, width, channels) array."""
    height, width, channels = values.shape
    blocks = values.reshape(height // factor, factor, width // factor, factor, channels)
    summed: npt.NDArray[np.int64] = blocks.sum(axis=(1, 3))
    return summed


def _upside_down(surface: pygame.Surface) -> pygame.Surface:
    """Turned half a turn (a flip on both axes, which is exact, unlike a rotation)."""
    return pygame.transform.flip(surface, True, True)


def _blit_centred(canvas: _Canvas, image: pygame.Surface, centre: tuple[int, int]) -> None:
    canvas.surface.blit(image, image.get_rect(center=centre))


# --- glyphs ---------------------------------------------------------------------------------------------------


def _render(font_path: Path, size: int, text: str, colour: Colour) -> pygame.Surface:
    """The text drawn antialiased on a transparent surface as tall as the font's line."""
    return pygame.font.Font(str(font_path), max(1, size)).render(text, True, colour)


def _fitted_glyph(font_path: Path, text: str, box: tuple[int, int], colour: Colour) -> pygame.Surface:
    """The text's ink, as large as fits in `box` (width, height), cropped to the ink."""
    reference_size = 400
    ink = _render(font_path, reference_size, text, colour).get_bounding_rect()
    scale = min(box[0] / max(1, ink.width), box[1] / max(1, ink.height))
    image = _render(font_path, math.floor(reference_size * scale), text, colour)
    return image.subsurface(image.get_bounding_rect()).copy()


def _suit_glyph(canvas: _Canvas, suit: Suit, size: int, colour: Colour) -> pygame.Surface:
    return _fitted_glyph(canvas.regular_font, SUIT_SYMBOLS[suit], (size, size), colour)


def _rank_glyphs(canvas: _Canvas, label: str, cap_height: int, colour: Colour) -> pygame.Surface:
    """The rank label in bold, its capitals `cap_height` tall, characters set close, no wider than the index.

    The surface spans from the cap line to a little below the baseline, so every rank lines up the same.
    """
    reference = _render(canvas.bold_font, 400, "H", colour).get_bounding_rect()
    size = round(400 * cap_height / reference.height)
    cap_rect = _render(canvas.bold_font, size, "H", colour).get_bounding_rect()
    descent = round(cap_height * 0.3)
    pieces = []
    for char in label:
        image = _render(canvas.bold_font, size, char, colour)
        ink = image.get_bounding_rect()
        area = pygame.Rect(ink.x, cap_rect.top, ink.width, cap_rect.height + descent).clip(image.get_rect())
        pieces.append(image.subsurface(area))
    gap = canvas.x(RANK_GAP)
    joined = pygame.Surface(
        (sum(p.get_width() for p in pieces) + gap * (len(pieces) - 1), cap_rect.height + descent), pygame.SRCALPHA
    )
    left = 0
    for piece in pieces:
        joined.blit(piece, (left, 0))
        left += piece.get_width() + gap
    limit = canvas.x(INDEX_WIDTH)
    if joined.get_width() > limit:  # "10": narrow it rather than shrink it, so it stays as tall as the rest
        joined = pygame.transform.scale(joined, (limit, joined.get_height()))
    return joined


# --- shapes ---------------------------------------------------------------------------------------------------


def _star_shape(spikes: int, inner: float) -> list[Point]:
    """A star in a unit box centred on (0, 0), one spike pointing up; `inner` is the inner radius (outer 0.5)."""
    shape: list[Point] = []
    for index in range(2 * spikes):
        radius = 0.5 if index % 2 == 0 else inner
        angle = math.pi * index / spikes - math.pi / 2
        shape.append((radius * math.cos(angle), radius * math.sin(angle)))
    return shape


def _shape_image(shape: Sequence[Point], size: int, fill: Colour, outline: Colour) -> pygame.Surface:
    """A polygon given in a unit box, drawn filled and outlined on a transparent square `size` pixels wide."""
    image = pygame.Surface((size, size), pygame.SRCALPHA)
    points = [(round(size / 2 + px * size), round(size / 2 + py * size)) for px, py in shape]
    pygame.draw.polygon(image, fill, points)
    pygame.draw.polygon(image, outline, points, max(1, size // 14))
    return image


def _wild_mark(canvas: _Canvas) -> pygame.Surface:
    """The small gold sparkle that marks a wild card (twos and jokers) under its index."""
    return _shape_image(_star_shape(4, 0.16), canvas.x(WILD_MARK), GOLD, DARK_GOLD)


def _blank_card(canvas: _Canvas, face: Colour) -> None:
    """The card's rounded shape: a thin grey border around `face`."""
    radius = canvas.x(CORNER_RADIUS)
    border = canvas.x(BORDER_WIDTH)
    outer = canvas.surface.get_rect()
    pygame.draw.rect(canvas.surface, BORDER_GREY, outer, border_radius=radius)
    pygame.draw.rect(canvas.surface, face, outer.inflate(-2 * border, -2 * border), border_radius=radius - border)


# --- the index in the corners ---------------------------------------------------------------------------------


def _draw_indices(canvas: _Canvas, rank_image: pygame.Surface, symbol: pygame.Surface, wild: bool) -> None:
    """The index (rank over suit, then the wild mark) at the top left and, turned over, at the bottom right."""
    parts = [rank_image, symbol, *([_wild_mark(canvas)] if wild else [])]
    gap = canvas.x(INDEX_GAP)
    column = pygame.Surface(
        (canvas.x(INDEX_WIDTH), sum(p.get_height() for p in parts) + gap * (len(parts) - 1)), pygame.SRCALPHA
    )
    top = 0
    for part in parts:
        column.blit(part, part.get_rect(midtop=(column.get_width() // 2, top)))
        top += part.get_height() + gap
    left, upper = canvas.x(INDEX_LEFT), canvas.x(INDEX_TOP)
    canvas.surface.blit(column, (left, upper))
    turned = _upside_down(column)
    canvas.surface.blit(turned, turned.get_rect(bottomright=(canvas.width - left, canvas.height - upper)))


# --- suited faces ---------------------------------------------------------------------------------------------


def _draw_suited_face(canvas: _Canvas, rank: Rank, suit: Suit, style: CardStyle) -> None:
    """A suited card: the indices, then pips (2-10), one big symbol (ace) or a court panel (J, Q, K)."""
    colour = suit_colour(suit, style)
    _blank_card(canvas, WHITE)
    rank_image = _rank_glyphs(canvas, RANK_LABELS[rank], canvas.x(RANK_CAP), colour)
    _draw_indices(canvas, rank_image, _suit_glyph(canvas, suit, canvas.x(INDEX_SUIT), colour), rank.is_wild)
    if rank in PIP_LAYOUTS:
        pip_size = PIP_SIZE_CROWDED if len(PIP_LAYOUTS[rank]) > 8 else PIP_SIZE
        _draw_pips(canvas, PIP_LAYOUTS[rank], _suit_glyph(canvas, suit, canvas.x(pip_size), colour))
    elif rank is Rank.ACE:
        _draw_ace(canvas, suit, colour)
    else:
        _draw_court(canvas, rank, suit, colour)


def _draw_pips(canvas: _Canvas, layout: Sequence[tuple[int, float]], pip: pygame.Surface) -> None:
    """The suit symbols of a number card at the classic positions, the lower half upside down."""
    turned = _upside_down(pip)
    for column, row in layout:
        y = PIP_TOP_H + (PIP_BOTTOM_H - PIP_TOP_H) * row
        centre = (canvas.x(PIP_COLUMNS[column]), canvas.y(y))
        _blit_centred(canvas, turned if row > 0.5 else pip, centre)


def _draw_ace(canvas: _Canvas, suit: Suit, colour: Colour) -> None:
    """One large suit symbol inside a thin double ring."""
    centre = (canvas.width // 2, canvas.height // 2)
    radius = canvas.x(0.29)
    pygame.draw.circle(canvas.surface, _tint(colour, 0.9), centre, radius)
    pygame.draw.circle(canvas.surface, colour, centre, radius, canvas.x(0.012))
    pygame.draw.circle(canvas.surface, GOLD, centre, radius - canvas.x(0.03), canvas.x(0.01))
    _blit_centred(canvas, _suit_glyph(canvas, suit, canvas.x(0.34), colour), centre)


def _draw_panel(canvas: _Canvas, fill: Colour, frame: Colour) -> pygame.Rect:
    """A framed panel in the middle of the card (for courts and the joker); returns its rectangle."""
    left, top = canvas.x(PANEL_LEFT), canvas.y(PANEL_TOP_H)
    rect = pygame.Rect(left, top, canvas.width - 2 * left, canvas.height - 2 * top)
    radius = canvas.x(0.03)
    pygame.draw.rect(canvas.surface, fill, rect, border_radius=radius)
    pygame.draw.rect(canvas.surface, frame, rect, canvas.x(0.012), border_radius=radius)
    inset = canvas.x(0.03)
    pygame.draw.rect(canvas.surface, GOLD, rect.inflate(-2 * inset, -2 * inset), canvas.x(0.008), border_radius=radius)
    return rect


# Headdresses above a court's letter, in a unit box centred on (0, 0).
KING_CROWN: tuple[Point, ...] = (
    (-0.5, 0.35), (-0.5, -0.3), (-0.25, 0.05), (0.0, -0.5), (0.25, 0.05), (0.5, -0.3), (0.5, 0.35),
)  # fmt: skip
KING_JEWELS: tuple[Point, ...] = ((0.0, -0.5), (-0.5, -0.3), (0.5, -0.3))
QUEEN_CORONET: tuple[Point, ...] = (
    (-0.5, 0.35), (-0.5, 0.05), (-0.4, -0.15), (-0.3, 0.05), (-0.2, -0.3), (-0.1, 0.05), (0.0, -0.45),
    (0.1, 0.05), (0.2, -0.3), (0.3, 0.05), (0.4, -0.15), (0.5, 0.05), (0.5, 0.35),
)  # fmt: skip
QUEEN_PEARLS: tuple[Point, ...] = ((-0.4, -0.15), (-0.2, -0.3), (0.0, -0.45), (0.2, -0.3), (0.4, -0.15))
JACK_PLUME: tuple[Point, ...] = (
    (0.0, 0.0), (0.1, -0.35), (0.3, -0.6), (0.55, -0.7), (0.42, -0.45), (0.3, -0.2), (0.2, 0.05),
)  # fmt: skip


def _arch(steps: int, half_width: float, rise: float, base: float) -> list[Point]:
    """Points along the upper half of an ellipse, left to right, standing on the line y = `base`."""
    return [
        (-half_width * math.cos(math.pi * i / steps), base - rise * math.sin(math.pi * i / steps))
        for i in range(steps + 1)
    ]


def _draw_headdress(canvas: _Canvas, rank: Rank, centre: tuple[int, int], colour: Colour) -> None:
    """A court's headdress: a pointed crown (king), a jewelled tiara (queen) or a plumed cap (jack)."""
    size = canvas.x(0.3)
    outline = canvas.x(0.01)
    pearls: list[Point] = []
    if rank is Rank.KING:
        shape, jewels = list(KING_CROWN), list(KING_JEWELS)
    elif rank is Rank.QUEEN:
        shape, jewels, pearls = list(QUEEN_CORONET), [(0.0, 0.2)], list(QUEEN_PEARLS)
    else:
        pygame.draw.polygon(canvas.surface, colour, canvas.points(JACK_PLUME, centre, size))
        shape, jewels = [*_arch(16, 0.42, 0.5, 0.2), (0.5, 0.2), (0.5, 0.35), (-0.5, 0.35), (-0.5, 0.2)], [(0.0, 0.0)]
    points = canvas.points(shape, centre, size)
    pygame.draw.polygon(canvas.surface, GOLD, points)
    pygame.draw.polygon(canvas.surface, DARK_GOLD, points, outline)
    band = canvas.points(((-0.5, 0.2), (0.5, 0.2)), centre, size)
    pygame.draw.line(canvas.surface, DARK_GOLD, band[0], band[1], outline)
    for pearl in canvas.points(pearls, centre, size):
        pygame.draw.circle(canvas.surface, WHITE, pearl, canvas.x(0.022))
        pygame.draw.circle(canvas.surface, DARK_GOLD, pearl, canvas.x(0.022), canvas.x(0.006))
    for jewel in canvas.points(jewels, centre, size):
        pygame.draw.circle(canvas.surface, colour, jewel, canvas.x(0.025))


def _draw_court(canvas: _Canvas, rank: Rank, suit: Suit, colour: Colour) -> None:
    """Jack, queen or king: a framed panel with a headdress, the big letter and the suit."""
    rect = _draw_panel(canvas, _tint(colour, 0.88), colour)
    _draw_headdress(canvas, rank, (rect.centerx, rect.top + round(rect.height * 0.22)), colour)
    letter = _fitted_glyph(canvas.bold_font, rank.value, (canvas.x(0.34), canvas.x(0.34)), colour)
    _blit_centred(canvas, letter, (rect.centerx, rect.top + round(rect.height * 0.52)))
    suit_centre = (rect.centerx, rect.top + round(rect.height * 0.8))
    _blit_centred(canvas, _suit_glyph(canvas, suit, canvas.x(0.16), colour), suit_centre)


# --- the joker ------------------------------------------------------------------------------------------------

JESTER_FLAPS: tuple[tuple[Point, ...], ...] = (
    ((-0.5, 0.35), (-0.45, -0.35), (-0.1, 0.35)),
    ((-0.25, 0.35), (0.0, -0.5), (0.25, 0.35)),
    ((0.1, 0.35), (0.45, -0.35), (0.5, 0.35)),
)
JESTER_BELLS: tuple[Point, ...] = ((-0.45, -0.35), (0.0, -0.5), (0.45, -0.35))
FIVE_POINTED_STAR = _star_shape(5, 0.2)


def _draw_joker(canvas: _Canvas) -> None:
    """The joker: a jester's cap over a star in a purple panel, the word JOKER, a star as its index."""
    _blank_card(canvas, WHITE)
    star = _shape_image(FIVE_POINTED_STAR, canvas.x(INDEX_SUIT * 1.25), PURPLE, PURPLE)
    label = _fitted_glyph(canvas.bold_font, "JK", (canvas.x(INDEX_WIDTH), canvas.x(RANK_CAP)), PURPLE)
    _draw_indices(canvas, label, star, True)
    rect = _draw_panel(canvas, _tint(PURPLE, 0.88), PURPLE)
    cap_centre = (rect.centerx, rect.top + round(rect.height * 0.3))
    cap_size = canvas.x(0.34)
    for flap, fill in zip(JESTER_FLAPS, (RED, PURPLE, GREEN), strict=True):
        pygame.draw.polygon(canvas.surface, fill, canvas.points(flap, cap_centre, cap_size))
    band = pygame.Rect(0, 0, cap_size, canvas.x(0.06))
    band.midtop = (cap_centre[0], cap_centre[1] + round(0.33 * cap_size))
    pygame.draw.rect(canvas.surface, GOLD, band, border_radius=canvas.x(0.02))
    for bell in canvas.points(JESTER_BELLS, cap_centre, cap_size):
        pygame.draw.circle(canvas.surface, GOLD, bell, canvas.x(0.035))
        pygame.draw.circle(canvas.surface, DARK_GOLD, bell, canvas.x(0.035), canvas.x(0.008))
    big_star = _shape_image(FIVE_POINTED_STAR, canvas.x(0.2), GOLD, DARK_GOLD)
    _blit_centred(canvas, big_star, (rect.centerx, rect.top + round(rect.height * 0.6)))
    word = _fitted_glyph(canvas.bold_font, "JOKER", (rect.width - canvas.x(0.1), canvas.x(0.1)), PURPLE)
    _blit_centred(canvas, word, (rect.centerx, rect.top + round(rect.height * 0.82)))


# --- the back -------------------------------------------------------------------------------------------------


def _draw_back(canvas: _Canvas) -> None:
    """A teal lattice on dark blue inside a white margin, with a framed diamond in the middle."""
    _blank_card(canvas, WHITE)
    margin = canvas.x(0.05)
    inner = canvas.surface.get_rect().inflate(-2 * margin, -2 * margin)
    field = pygame.Surface(inner.size, pygame.SRCALPHA)
    field.fill(NAVY)
    _draw_lattice(field, canvas.x(0.1), canvas.x(0.012))
    _round_corners(field, canvas.x(0.035))
    canvas.surface.blit(field, inner)
    frame = inner.inflate(-2 * canvas.x(0.025), -2 * canvas.x(0.025))
    pygame.draw.rect(canvas.surface, LIGHT_TEAL, frame, canvas.x(0.01), border_radius=canvas.x(0.02))
    _draw_medallion(canvas, (canvas.width // 2, canvas.height // 2), canvas.x(0.36))


def _draw_lattice(field: pygame.Surface, spacing: int, line_width: int) -> None:
    """Diagonal lines both ways, every `spacing` pixels, with a small diamond where they cross."""
    width, height = field.get_size()
    for offset in range(-height, width + height, spacing):
        pygame.draw.line(field, TEAL, (offset, 0), (offset + height, height), line_width)
        pygame.draw.line(field, TEAL, (offset, 0), (offset - height, height), line_width)
    knot = spacing // 6
    for x in range(0, width + spacing, spacing):
        for y in range(0, height + spacing, spacing):
            for cx, cy in ((x, y), (x + spacing // 2, y + spacing // 2)):
                diamond = [(cx, cy - knot), (cx + knot, cy), (cx, cy + knot), (cx - knot, cy)]
                pygame.draw.polygon(field, LIGHT_TEAL, diamond)


def _round_corners(image: pygame.Surface, radius: int) -> None:
    """Make the corners outside a rounded rectangle transparent."""
    mask = pygame.Surface(image.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    image.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)


def _draw_medallion(canvas: _Canvas, centre: tuple[int, int], size: int) -> None:
    """A navy diamond framed in light teal and gold with a four-pointed star inside."""
    cx, cy = centre
    half = size // 2
    outer = [(cx, cy - half), (cx + half, cy), (cx, cy + half), (cx - half, cy)]
    pygame.draw.polygon(canvas.surface, NAVY, outer)
    pygame.draw.polygon(canvas.surface, LIGHT_TEAL, outer, canvas.x(0.014))
    inset = canvas.x(0.04)
    inner = [(cx, cy - half + inset), (cx + half - inset, cy), (cx, cy + half - inset), (cx - half + inset, cy)]
    pygame.draw.polygon(canvas.surface, GOLD, inner, canvas.x(0.008))
    star = canvas.points(_star_shape(4, 0.14), centre, round(size * 0.5))
    pygame.draw.polygon(canvas.surface, GOLD, star)


# --- command line ---------------------------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    """`python -m canasta.ui.look.cardart [--out DIR] [--style STYLE] [--width PX]`: write the card images.

    Each style goes into its own subfolder of DIR (default: the repository's `assets/cards/`).
    """
    parser = argparse.ArgumentParser(prog="python -m canasta.ui.look.cardart", description="Draw the card images.")
    parser.add_argument("--out", type=Path, help="folder holding one subfolder per style (default: assets/cards)")
    parser.add_argument("--style", choices=[style.value for style in CardStyle], help="only this style")
    parser.add_argument("--width", type=int, default=BASE_WIDTH, help=f"card width in pixels (default {BASE_WIDTH})")
    args = parser.parse_args(argv)
    if args.width < MIN_WIDTH:
        parser.error(f"--width must be at least {MIN_WIDTH}")
    root: Path = args.out if args.out is not None else assets_dir() / "cards"
    styles = [CardStyle(args.style)] if args.style else list(CardStyle)
    for style in styles:
        written = generate(root / style.value, style, args.width)
        print(f"{style.value}: {len(written)} images in {root / style.value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
