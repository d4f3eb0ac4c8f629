"""A short celebration at the table: when a side completes a canasta (in Hand and Foot, a book) the new canasta
glows gold, a shine crosses it and suit confetti bursts from it; when someone goes out, confetti fountains up from
the table's lower corners.

About a second, measured in seconds on the table's animation clock (never in frames), and scaled by the player's
animation speed (none at all at the instant speed); drawn over the table and holding nothing up: the going-out
celebration fits in the pause the table already keeps for its banner. Off with reduced motion.

`cheers_for(event, view, layout)` says what an event calls for (pure); `Celebration` hears the table's events as
their animation starts and draws what is playing. Pygame only.
"""

from __future__ import annotations

import enum
import math
import random
from dataclasses import dataclass
from typing import Final

import pygame

from canasta.engine.cards import Card
from canasta.engine.events import CombineEvent, Event, HandOverEvent, MeldEvent, TakePileEvent
from canasta.engine.playerview import PlayerView, side_of
from canasta.ui.kit.animation import SPEED_FACTORS, Timing, ease_in_out_cubic
from canasta.ui.look.theme import Colour, TableLook, Theme
from canasta.ui.table.layout.regions import Box, TableLayout, meld_rects

CANASTA_S: Final = 1.0  # at the normal speed
GOING_OUT_S: Final = 1.2  # within the banner's pause (`Timing.banner_s`): the hand's summary waits for it
FADE_FROM: Final = 0.6  # of its time: when the confetti starts to fade
SUITS: Final = ("\u2660", "\u2665", "\u2666", "\u2663")
RED: Final[Colour] = (226, 46, 66)  # the confetti's colours: they stay the same on either felt
_GOLD: Final[Colour] = (250, 205, 70)
_WHITE: Final[Colour] = (245, 245, 235)
_BURST_PIECES: Final = 22  # from a new canasta
_FOUNTAIN_PIECES: Final = 34  # from each lower corner, going out
_TURNS: Final = 8  # the confetti's slants, each drawn once
_KEPT: Final = 128  # pictures kept for reuse (glyphs, glows)


class CheerKind(enum.Enum):
    CANASTA = "canasta"
    GOING_OUT = "going_out"


@dataclass(frozen=True, slots=True)
class Cheer:
    """What an event calls for: a `kind`, where (the new canasta's place, or the whole window for going out),
    whether the canasta is natural, and how long after the event's animation starts it begins (as the canasta's
    last card lands, while it squares up)."""

    kind: CheerKind
    box: Box
    natural: bool = False
    delay_s: float = 0.0


def cheers_for(event: Event, view: PlayerView, layout: TableLayout, timing: Timing | None = None) -> tuple[Cheer, ...]:
    """The celebrations `event` calls for, seen in `view` (the table once the event's action is done): a
    canasta for each meld it completes, going out for a hand that ends with someone out."""
    match event:
        case HandOverEvent(out=out) if out is not None:
            return (Cheer(CheerKind.GOING_OUT, layout.window),)
        case MeldEvent() | TakePileEvent() | CombineEvent():
            return _canastas(event, view, layout, timing or Timing())
        case _:
            return ()


def laid_cards(event: MeldEvent | TakePileEvent) -> tuple[Card, ...]:
    """The cards `event` lays on the side's melds (a pile taken: its top card, the cards shown with it and the
    groups laid with it; the rest of the pile goes to the hand)."""
    if isinstance(event, MeldEvent):
        laid = [card for group in event.new for card in group]
        laid += [card for _, group in event.add for card in group]
        laid += [card for _, group in event.add_to for card in group]
        return tuple(laid)
    top = event.cards[-1:]
    return (*top, *event.with_, *(card for group in event.also for card in group))


def _canastas(
    event: MeldEvent | TakePileEvent | CombineEvent, view: PlayerView, layout: TableLayout, timing: Timing
) -> tuple[Cheer, ...]:
    """A cheer for each of the acting side's melds that is a canasta now and was not before the event: fewer
    than a canasta's cards were there without the ones it laid. Two groups joined into a canasta count as new
    (the view no longer tells their sizes apart)."""
    side = side_of(view.rules, view.lone_hand, event.seat)
    if side >= len(view.melds) or side >= len(layout.sides):
        return ()
    melds = view.melds[side]
    size = view.rules.shape.canasta_size
    shapes = [(meld.label, len(meld.cards), meld.is_canasta(view.rules)) for meld in melds]
    slots = meld_rects(layout, side, shapes)
    laid = () if isinstance(event, CombineEvent) else laid_cards(event)
    landing = timing.fly_s + timing.stagger(len(laid)) * max(0, len(laid) - 1)  # its chime still rings then
    cheers = []
    for index, (meld, slot) in enumerate(zip(melds, slots, strict=True)):
        if not meld.is_canasta(view.rules):
            continue
        if isinstance(event, CombineEvent):
            completed = index == min(event.melds)
        else:
            completed = len(meld.cards) - sum(1 for card in meld.cards if card in laid) < size
        if completed:
            cheers.append(Cheer(CheerKind.CANASTA, slot.box, meld.wilds == 0, landing))
    return tuple(cheers)


@dataclass(frozen=True, slots=True)
class Piece:
    """One piece of confetti: a suit sign flying from `origin` at `velocity` (pixels a second), slowed by the air
    and pulled down, turning over `flips` times a second; launched `delay_s` after its celebration starts."""

    symbol: str
    colour: Colour
    px: int
    origin: tuple[float, float]
    velocity: tuple[float, float]
    gravity: float
    flips: float
    slant: int  # which of the `_TURNS` slants it is drawn at
    delay_s: float = 0.0

    def at(self, elapsed_s: float) -> tuple[float, float]:
        """Where the piece is `elapsed_s` after its celebration starts."""
        t = max(0.0, elapsed_s - self.delay_s)
        drag = 1.0  # per second: the air slows it
        carried = (1 - math.exp(-drag * t)) / drag
        return (
            self.origin[0] + self.velocity[0] * carried,
            self.origin[1] + self.velocity[1] * carried + 0.5 * self.gravity * t * t,
        )

    def width_share(self, elapsed_s: float) -> float:
        """How wide it shows as it turns over (1 flat to the eye, near 0 edge-on)."""
        return max(0.3, abs(math.cos(math.pi * self.flips * max(0.0, elapsed_s - self.delay_s))))


@dataclass(frozen=True, slots=True)
class Playing:
    """A celebration under way: its cheer, when it starts on the table's clock, how long it lasts, its confetti."""

    cheer: Cheer
    start_s: float
    duration_s: float
    pieces: tuple[Piece, ...]

    @property
    def end_s(self) -> float:
        return self.start_s + self.duration_s

    def progress(self, now_s: float) -> float:
        """0 at the start (and before), 1 at the end."""
        return min(1.0, max(0.0, (now_s - self.start_s) / self.duration_s))


class Celebration:
    """The table's celebrations: started by the events as their animation starts (`hear`), drawn over the table
    at the table's clock time (`draw`). Its confetti comes from its own seeded generator, the same every game."""

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)
        self.playing: list[Playing] = []
        self._pictures: dict[tuple[object, ...], pygame.Surface] = {}

    def active(self, now_s: float) -> bool:
        """Whether a celebration is playing, or waiting for its cards to land, at `now_s`."""
        return any(playing.end_s > now_s for playing in self.playing)

    def hear(self, event: Event, at_s: float, view: PlayerView, layout: TableLayout, look: TableLook) -> None:
        """Start what `event` calls for, at `at_s` on the table's clock (when its animation starts); nothing with
        reduced motion or at the instant speed."""
        factor = SPEED_FACTORS[look.speed]
        if look.reduced_motion or factor <= 0:
            return
        self.playing = [playing for playing in self.playing if playing.end_s > at_s]
        for cheer in cheers_for(event, view, layout, Timing().scaled(look.speed)):
            self.start(cheer, at_s + cheer.delay_s, factor, layout.window.h)

    def start(self, cheer: Cheer, start_s: float, factor: float = 1.0, window_h: int = 800) -> None:
        """Play `cheer` from `start_s`, `factor` times as long as at the normal speed."""
        if cheer.kind is CheerKind.CANASTA:
            pieces, duration = self._burst(cheer, window_h), CANASTA_S * factor
        else:
            pieces, duration = self._fountains(cheer.box), GOING_OUT_S * factor
        self.playing.append(Playing(cheer, start_s, duration, pieces))

    # -- the confetti ---------------------------------------------------------------------------------------------

    def _burst(self, cheer: Cheer, window_h: int) -> tuple[Piece, ...]:
        """Suit signs thrown up and out from the canasta: red suits for a natural one, black for a mixed one."""
        rng, box = self._rng, cheer.box
        colours = (RED, RED, _GOLD) if cheer.natural else (_WHITE, _WHITE, _GOLD)
        symbols = SUITS[1:3] if cheer.natural else SUITS[0::3]
        px = max(14, min(box.w // 2, window_h // 26))
        pieces = []
        for _ in range(_BURST_PIECES):
            angle = rng.uniform(-math.pi, 0.0)  # upwards, all round
            speed = window_h * rng.uniform(0.35, 0.75)
            pieces.append(
                Piece(
                    rng.choice(symbols), rng.choice(colours), px, box.centre,
                    (speed * math.cos(angle), speed * math.sin(angle)), window_h * 0.9,
                    rng.uniform(0.5, 1.4), rng.randrange(_TURNS), rng.uniform(0.0, 0.08),
                )
            )  # fmt: skip
        return tuple(pieces)

    def _fountains(self, window: Box) -> tuple[Piece, ...]:
        """Two fountains of every suit, from the lower corners up towards the middle of the table."""
        rng = self._rng
        height = window.h
        px = max(16, height // 28)
        pieces = []
        for corner in (0, 1):
            x = window.x + (window.w * 0.06 if corner == 0 else window.w * 0.94)
            inward = 1 if corner == 0 else -1
            for _ in range(_FOUNTAIN_PIECES):
                angle = math.radians(rng.uniform(50, 80))
                speed = height * rng.uniform(1.3, 2.0)
                velocity = (inward * speed * math.cos(angle), -speed * math.sin(angle))
                symbol = rng.choice(SUITS)
                colour = rng.choice((RED, _GOLD)) if symbol in SUITS[1:3] else rng.choice((_WHITE, _GOLD))
                pieces.append(
                    Piece(
                        symbol, colour, px, (x, window.bottom), velocity,
                        height * 1.2, rng.uniform(0.5, 1.5), rng.randrange(_TURNS), rng.uniform(0.0, 0.2),
                    )
                )  # fmt: skip
        return tuple(pieces)

    # -- drawing ---------------------------------------------------------------------------------------------------

    def draw(self, screen: pygame.Surface, theme: Theme, now_s: float) -> None:
        """Everything playing at `now_s`, over what is drawn."""
        for playing in self.playing:
            if not playing.start_s <= now_s < playing.end_s:
                continue
            progress = playing.progress(now_s)
            if playing.cheer.kind is CheerKind.CANASTA:
                self._draw_glow(screen, theme, playing.cheer.box, progress)
            elapsed = now_s - playing.start_s
            fade = 1.0 if progress < FADE_FROM else (1 - progress) / (1 - FADE_FROM)
            for piece in playing.pieces:
                self._draw_piece(screen, theme, piece, elapsed, fade)

    def _draw_piece(self, screen: pygame.Surface, theme: Theme, piece: Piece, elapsed_s: float, fade: float) -> None:
        if elapsed_s < piece.delay_s:
            return
        glyph = self._glyph(theme, piece)
        width = max(1, round(glyph.get_width() * piece.width_share(elapsed_s)))
        shown = pygame.transform.scale(glyph, (width, glyph.get_height()))
        shown.set_alpha(round(255 * fade))
        x, y = piece.at(elapsed_s)
        screen.blit(shown, (round(x - width / 2), round(y - glyph.get_height() / 2)))

    def _glyph(self, theme: Theme, piece: Piece) -> pygame.Surface:
        key: tuple[object, ...] = ("glyph", piece.symbol, piece.colour, piece.px, piece.slant)
        glyph = self._pictures.get(key)
        if glyph is None:
            flat = theme.font(piece.px, bold=True).render(piece.symbol, True, piece.colour)
            glyph = pygame.transform.rotate(flat, piece.slant * 360 / _TURNS)
            self._keep(key, glyph)
        return glyph

    def _draw_glow(self, screen: pygame.Surface, theme: Theme, box: Box, progress: float) -> None:
        """A gold halo round the canasta, swelling and fading, and a shine crossing it once."""
        strength = math.sin(math.pi * progress)
        halo, spread = self._halo(theme, box)
        halo.set_alpha(round(255 * strength))
        screen.blit(halo, (box.x - spread, box.y - spread))
        crossing = ease_in_out_cubic(min(1.0, progress / 0.5))
        if crossing < 1:
            shine = self._shine(box)
            x = box.x - shine.get_width() + crossing * (box.w + shine.get_width())
            clip = screen.get_clip()
            screen.set_clip(clip.clip(pygame.Rect(box.as_tuple())))
            screen.blit(shine, (round(x), box.y + (box.h - shine.get_height()) // 2))
            screen.set_clip(clip)

    def _halo(self, theme: Theme, box: Box) -> tuple[pygame.Surface, int]:
        spread = max(6, box.w // 5)
        key: tuple[object, ...] = ("halo", box.w, box.h, theme.palette.accent)
        halo = self._pictures.get(key)
        if halo is None:
            shape = pygame.Surface((box.w + 2 * spread, box.h + 2 * spread), pygame.SRCALPHA)
            ring = pygame.Rect(spread // 2, spread // 2, box.w + spread, box.h + spread)
            pygame.draw.rect(shape, (*theme.palette.accent, 255), ring, width=spread, border_radius=spread)
            small = (max(1, shape.get_width() // 3), max(1, shape.get_height() // 3))
            halo = pygame.transform.smoothscale(pygame.transform.smoothscale(shape, small), shape.get_size())
            self._keep(key, halo)
        return halo, spread

    def _shine(self, box: Box) -> pygame.Surface:
        key: tuple[object, ...] = ("shine", box.w, box.h)
        shine = self._pictures.get(key)
        if shine is None:
            band_w = max(4, box.w // 2)
            band = pygame.Surface((band_w, box.h * 2), pygame.SRCALPHA)
            for column in range(band_w):
                lift = math.sin(math.pi * (column + 0.5) / band_w) ** 2
                pygame.draw.line(band, (255, 250, 220, round(140 * lift)), (column, 0), (column, band.get_height()))
            shine = pygame.transform.rotate(band, -20)
            self._keep(key, shine)
        return shine

    def _keep(self, key: tuple[object, ...], picture: pygame.Surface) -> None:
        if len(self._pictures) >= _KEPT:
            self._pictures.clear()
        self._pictures[key] = picture
