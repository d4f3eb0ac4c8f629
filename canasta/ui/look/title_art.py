"""The title screen's art, drawn by the game at the window's size: the felt with a table marking printed on it (a
gold ring with the four suits), a natural canasta laid across the felt on the left, a fanned hand and the stock on
the right, a red three tossed below. The menu's panel is drawn over the middle, so the art keeps to the margins.

`title_art(size)` is the pure geometry (what lies where, for tests); `title_backdrop(theme)` gives the screen's
background function: the felt and the art composed once per window size and look, and kept. Pygame only (the
packaged app carries no numpy), from the committed card images: no picture of its own.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

import pygame

from canasta.ui.look.theme import Theme

Size = tuple[int, int]
Point = tuple[float, float]

CANASTA: Final = ("KC", "KD", "KS", "KH", "KC", "KD", "KH")  # seven kings, squared up under a red one: natural
HAND: Final = ("JK", "2S", "AH", "AD", "7C", "QH")
SUITS: Final = ("\u2660", "\u2665", "\u2663", "\u2666")  # round the ring: top, right, bottom, left
RING_ALPHA: Final = 90  # the printed marking stays faint: it is felt, not a picture
_CARD_H_SHARE: Final = 0.19  # a card's height against the window's
_CASCADE_STEP: Final = 0.2  # of a card's height: how far each card of the laid canasta shows below the one before


@dataclass(frozen=True, slots=True)
class ArtCard:
    """One card of the art: its image name ("KH", "back"), where its middle lies, its turn in degrees
    (anticlockwise, as pygame turns) and its width in pixels."""

    name: str
    centre: Point
    angle: float
    width: int


@dataclass(frozen=True, slots=True)
class Ring:
    """The table marking: an ellipse round the window's middle, and the size of the suit signs on it."""

    centre: Point
    radii: Point
    sign_px: int

    def point(self, turn: float) -> Point:
        """The point of the ring `turn` of the way round (0 at the top, clockwise on the screen)."""
        angle = 2 * math.pi * turn
        return (self.centre[0] + self.radii[0] * math.sin(angle), self.centre[1] - self.radii[1] * math.cos(angle))


@dataclass(frozen=True, slots=True)
class TitleArt:
    """The whole picture for a window: the ring under the cards, the cards in drawing order."""

    ring: Ring
    cards: tuple[ArtCard, ...]


def menu_margin(width: int) -> int:
    """How much of the window shows beside the title's panel on either side (the panel is half the window,
    and never narrower than 520 pixels: `MenuScene.draw`)."""
    return max(0, (width - max(520, width // 2)) // 2)


def title_art(size: Size) -> TitleArt:
    """What the art holds at a window of `size`, and where: all of it scales with the window's height and keeps
    to the margins beside the menu's panel, leaning in under it where the margins are narrow."""
    width, height = size
    card_w = max(24, round(height * _CARD_H_SHARE / 1.4))
    margin = menu_margin(width)
    left = max(card_w * 0.45, margin * 0.5)
    right = width - left
    ring = Ring((width / 2, height / 2), (width * 0.47, height * 0.44), max(12, height // 22))
    cards = (
        *_stock((left + card_w * 0.1, height * 0.17), card_w),
        *_canasta((left, height * 0.5), card_w),
        *_fan((min(right, width - _fan_reach(card_w)), height * 0.36), card_w),
        ArtCard("3H", (right - card_w * 0.1, height * 0.82), -18.0, card_w),
    )
    return TitleArt(ring, cards)


def _stock(centre: Point, card_w: int) -> tuple[ArtCard, ...]:
    """Three backs squared up a little carelessly: the stock."""
    x, y = centre
    return tuple(ArtCard("back", (x + k * 2, y - k * 3), 8.0 - k * 5, card_w) for k in range(3))


def _canasta(centre: Point, card_w: int) -> tuple[ArtCard, ...]:
    """The seven kings cascading down a slant, each showing its corner above the next, as melded at the table."""
    card_h = card_w * 1.4
    step = card_h * _CASCADE_STEP
    lean = 12.0
    across, down = math.sin(math.radians(lean)), math.cos(math.radians(lean))
    middle = (len(CANASTA) - 1) / 2
    return tuple(
        ArtCard(name, (centre[0] - (k - middle) * step * across, centre[1] + (k - middle) * step * down), lean, card_w)
        for k, name in enumerate(CANASTA)
    )


_FAN_SPREAD: Final = 12.0  # degrees between two cards of the hand
_FAN_TILT: Final = 5.0  # degrees the whole hand leans towards the middle
_FAN_RADIUS: Final = 1.0  # of a card's height: how far below the cards they spread round


def _fan_reach(card_w: int) -> float:
    """How far the hand reaches right of its middle (its last card's outer corner), so that it stays on screen."""
    turn = math.radians((len(HAND) - 1) / 2 * _FAN_SPREAD - _FAN_TILT)
    return card_w * 1.4 * _FAN_RADIUS * math.sin(turn) + card_w * 0.7


def _fan(centre: Point, card_w: int) -> tuple[ArtCard, ...]:
    """A hand held up: the cards spread round a point below them, tilted towards the middle of the window."""
    card_h = card_w * 1.4
    count = len(HAND)
    spread, tilt = _FAN_SPREAD, _FAN_TILT
    radius = card_h * _FAN_RADIUS
    cards = []
    for k, name in enumerate(HAND):
        angle = tilt - (k - (count - 1) / 2) * spread  # pygame turns anticlockwise: the first card leans left
        turn = math.radians(angle)
        x = centre[0] - radius * math.sin(turn)
        y = centre[1] + radius * (1 - math.cos(turn))
        cards.append(ArtCard(name, (x, y), angle, card_w))
    return tuple(cards)


# -- drawing -----------------------------------------------------------------------------------------------------


def compose(theme: Theme, size: Size) -> pygame.Surface:
    """The felt of `theme` at `size` with the art drawn on it (a new surface)."""
    surface = theme.background(size).copy()
    art = title_art(size)
    _draw_ring(surface, theme, art.ring)
    for card in art.cards:
        _draw_card(surface, theme, card)
    return surface


def _draw_ring(surface: pygame.Surface, theme: Theme, ring: Ring) -> None:
    """A double gold line round the table with a suit sign in a small disc at each quarter, printed faintly (the
    lines in gold mixed into the felt's colour, the discs see-through: no window-sized layer to blend)."""
    palette = theme.palette
    share = RING_ALPHA / 255
    faint = tuple(round(a * share + b * (1 - share)) for a, b in zip(palette.accent, palette.table, strict=True))
    steps = 180
    gap = max(3.0, ring.sign_px * 0.35)
    for inset in (0.0, gap):
        inner = Ring(ring.centre, (ring.radii[0] - inset, ring.radii[1] - inset), ring.sign_px)
        pygame.draw.aalines(surface, faint, True, [inner.point(k / steps) for k in range(steps)])
    disc = ring.sign_px
    for index, sign in enumerate(SUITS):
        mark = pygame.Surface((2 * disc + 2, 2 * disc + 2), pygame.SRCALPHA)
        middle = (disc + 1, disc + 1)
        pygame.draw.circle(mark, palette.panel, middle, disc)
        pygame.draw.circle(mark, palette.accent, middle, disc, width=max(1, disc // 10))
        glyph = theme.font(round(disc * 1.15)).render(sign, True, palette.accent)
        mark.blit(glyph, glyph.get_rect(center=(middle[0], middle[1] + disc // 12)))
        mark.set_alpha(RING_ALPHA)
        x, y = ring.point(index / 4)
        surface.blit(mark, mark.get_rect(center=(round(x), round(y))))


def _draw_card(surface: pygame.Surface, theme: Theme, card: ArtCard) -> None:
    """One card on its soft shadow, turned and centred where the art puts it."""
    picture, _ = theme.card_on_shadow(card.name, (card.width, round(card.width * 1.4)))
    turned = pygame.transform.rotozoom(picture, card.angle, 1.0)
    surface.blit(turned, turned.get_rect(center=(round(card.centre[0]), round(card.centre[1]))))


# -- kept between frames -----------------------------------------------------------------------------------------

_LookKey = tuple[str, str, int, int]
_kept: weakref.WeakKeyDictionary[Theme, tuple[_LookKey, pygame.Surface]] = weakref.WeakKeyDictionary()


def title_backdrop(theme: Theme) -> Callable[[Size], pygame.Surface]:
    """The title screen's background at a window's size: composed on first use for each size, card style and
    colours, then kept (one at a time, beside the theme), so a frame only blits it."""

    def backdrop(size: Size) -> pygame.Surface:
        key = (theme.style, theme.palette.felt.value, size[0], size[1])
        kept = _kept.get(theme)
        if kept is None or kept[0] != key:
            kept = (key, compose(theme, size))
            _kept[theme] = kept
        return kept[1]

    return backdrop
