"""The cards on the table, drawn from their sprites: each in its pose over its shadow, face up or down, lying
across where it froze the pile, scaled between sizes; a card another player has just melded ringed with light;
and the marks on the hand's cards: selected (raised, outlined, ticked), just drawn ("new"), the keyboard focus."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pygame

from canasta.engine.cards import Card, Rank
from canasta.i18n import _
from canasta.ui.look.theme import Colour, Theme, shadow_spread
from canasta.ui.table.drawing.frame import HandShown
from canasta.ui.table.layout.regions import Box, TableLayout
from canasta.ui.table.sprites import Area, DrawnCard

CHECK_MARK = "\u2713"  # on a selected card of the hand
_RINGS_KEPT = 32  # lights round melded cards kept by size


class CardDrawer:
    """Draws the cards and the hand's marks; keeps the rings of light it has made."""

    def __init__(self, theme: Theme) -> None:
        self.theme = theme
        self._rings: dict[tuple[int, int, Colour], pygame.Surface] = {}  # the lights round melded cards, by size

    def draw(
        self,
        screen: pygame.Surface,
        layout: TableLayout,
        cards: Sequence[DrawnCard],
        hand: HandShown,
        marks: Mapping[Rank, str] | None = None,
    ) -> None:
        """Every card, and on the hand's cards their marks; `marks`: ranks whose cards in the hand are dimmed and
        marked with a word (nobody may meld them any more: "dead"; the human may not discard them yet: "locked")."""
        marks = marks or {}
        focused = hand.order[hand.focus] if hand.order and 0 <= hand.focus < len(hand.order) else None
        strips = _hand_strips(cards)
        for drawn in cards:
            box = self._card(screen, layout, drawn)
            if box is not None and drawn.lit > 0:
                self._lit(screen, box, drawn.lit)
            if box is None or drawn.card is None or drawn.rest is None or drawn.rest.area not in (Area.HAND, Area.DRAG):
                continue
            strip = strips.get(drawn.card, box)
            if drawn.card.rank in marks and drawn.rest.area is Area.HAND:
                self._marked(screen, layout, (box, strip), marks[drawn.card.rank])
            if drawn.card in hand.fresh:
                self._fresh(screen, layout, box, strip, drawn.card in hand.selected)
            if drawn.card in hand.selected:
                self._selected(screen, layout, box, strip)
            if drawn.card is focused and drawn.rest.area is Area.HAND:
                self._focus(screen, box)

    def _card(self, screen: pygame.Surface, layout: TableLayout, drawn: DrawnCard) -> pygame.Rect | None:
        """Blits one card in its pose, over its shadow; returns where it went (None when edge-on or invisible)."""
        pose = drawn.pose
        x, y, w, h = pose.rect
        width, height = max(1, round(w * pose.turn)), max(1, round(h))
        if pose.alpha <= 0.01 or w < 2:
            return None
        rest = drawn.rest
        if rest is not None and pose.alpha >= 1 and not rest.sideways and (width, height) == (rest.box.w, rest.box.h):
            name = drawn.card.text if drawn.card is not None and pose.face_up else "back"
            picture, (dx, dy) = self.theme.card_on_shadow(name, (width, height))  # the common case: one blit
            left, top = round(x), round(y)
            screen.blit(picture, (left - dx, top - dy))
            return pygame.Rect(left, top, width, height)
        face = self._face(layout, drawn, (max(1, round(w)), height))
        if width != face.get_width():
            face = pygame.transform.scale(face, (width, height))
        left, top = round(x + (w - width) / 2), round(y)
        if pose.alpha < 1:
            face = face.copy()
            face.set_alpha(round(pose.alpha * 255))
        else:
            screen.blit(self.theme.shadow((width, height)), shadow_at(Box(left, top, width, height)))
        screen.blit(face, (left, top))
        return pygame.Rect(left, top, width, height)

    def _face(self, layout: TableLayout, drawn: DrawnCard, size: tuple[int, int]) -> pygame.Surface:
        """The card's image at `size`: face or back, lying across when it froze the pile."""
        name = drawn.card.text if drawn.card is not None and drawn.pose.face_up else "back"
        rest = drawn.rest
        if rest is not None and rest.sideways and size[0] > size[1]:
            return pygame.transform.rotate(self.theme.card(name, (size[1], size[0])), 90)
        if rest is not None and size == (rest.box.w, rest.box.h):
            return self.theme.card(name, size)
        # Between sizes: scale a cached image quickly rather than cache every in-between size.
        return pygame.transform.scale(self.theme.card(name, layout.card_size), size)

    def _lit(self, screen: pygame.Surface, box: pygame.Rect, strength: float) -> None:
        """A card another player has just melded: a ring of light round it, as bright as `strength` (it fades);
        the cards laid over it hide all but the ring round its visible part."""
        colour = self.theme.palette.accent
        ring = box.inflate(6, 6)
        key = (ring.w, ring.h, colour)
        surface = self._rings.get(key)
        if surface is None:
            if len(self._rings) > _RINGS_KEPT:
                self._rings.clear()
            surface = pygame.Surface(ring.size, pygame.SRCALPHA)
            pygame.draw.rect(surface, (*colour, 255), surface.get_rect(), width=3, border_radius=8)
            self._rings[key] = surface
        surface.set_alpha(round(255 * max(0.0, min(1.0, strength))))
        screen.blit(surface, ring.topleft)

    def _selected(self, screen: pygame.Surface, layout: TableLayout, box: pygame.Rect, strip: pygame.Rect) -> None:
        """A selected card: raised, outlined, and ticked on its visible part (so it differs from the focus)."""
        palette = self.theme.palette
        pygame.draw.rect(screen, palette.accent, box, width=3, border_radius=6)
        tick = self.theme.rendered(CHECK_MARK, layout.small_px, True, palette.badge)
        size = max(tick.get_width(), tick.get_height()) + 4
        centre = (strip.x + max(size // 2 + 3, min(strip.w // 2, size)), box.centery)
        pygame.draw.circle(screen, palette.accent, centre, size // 2 + 1)
        screen.blit(tick, (centre[0] - tick.get_width() // 2, centre[1] - tick.get_height() // 2))

    def _fresh(
        self, screen: pygame.Surface, layout: TableLayout, box: pygame.Rect, strip: pygame.Rect, raised: bool
    ) -> None:
        """The card just drawn: a ring in the frozen-pile colour and, while it rests, the word "new" above it."""
        palette = self.theme.palette
        pygame.draw.rect(screen, palette.frozen, strip.inflate(2, 2), width=2, border_radius=6)
        if raised:
            return
        words = self.theme.rendered(_("new"), layout.small_px, True, palette.badge)
        tag = pygame.Rect(0, 0, words.get_width() + 8, words.get_height())
        tag.midbottom = (strip.centerx, box.y - 1)
        pygame.draw.rect(screen, palette.frozen, tag, border_radius=tag.h // 2)
        screen.blit(words, (tag.x + 4, tag.y))

    def _marked(
        self, screen: pygame.Surface, layout: TableLayout, rects: tuple[pygame.Rect, pygame.Rect], word: str
    ) -> None:
        """A card of a dead rank (or a locked one): dimmed, and the `word` ("dead", "locked") across the foot of its
        visible part."""
        box, strip = rects
        palette = self.theme.palette
        shade = pygame.Surface(strip.size, pygame.SRCALPHA)
        shade.fill((*palette.table_dark, 90))
        screen.blit(shade, strip.topleft)
        words = self.theme.rendered(word, layout.small_px, True, palette.badge)
        tag = pygame.Rect(0, 0, min(strip.w - 2, words.get_width() + 6), words.get_height())
        tag.midbottom = (strip.centerx, box.bottom - 3)
        pygame.draw.rect(screen, palette.dim_text, tag, border_radius=tag.h // 2)
        screen.blit(words, (tag.centerx - words.get_width() // 2, tag.y), area=pygame.Rect(0, 0, tag.w, tag.h))

    def _focus(self, screen: pygame.Surface, box: pygame.Rect) -> None:
        """The keyboard focus: a ring in its own colour and a bar under the card's index, visible on any card."""
        palette = self.theme.palette
        ring = box.inflate(4, 4)
        pygame.draw.rect(screen, palette.badge, ring, width=4, border_radius=7)
        pygame.draw.rect(screen, palette.focus, ring.inflate(-1, -1), width=2, border_radius=7)
        bar = pygame.Rect(box.x + 3, box.bottom - 7, min(box.w - 6, max(8, box.w // 2)), 5)
        pygame.draw.rect(screen, palette.badge, bar.inflate(2, 2))
        pygame.draw.rect(screen, palette.focus, bar)


def _hand_strips(cards: Sequence[DrawnCard]) -> dict[Card, pygame.Rect]:
    """The visible part of each resting hand card: up to where the next card to its right begins."""
    held = sorted(
        (
            (drawn.card, drawn.pose.rect)
            for drawn in cards
            if drawn.card is not None and drawn.rest is not None and drawn.rest.area is Area.HAND
        ),
        key=lambda item: item[1][0],
    )
    strips: dict[Card, pygame.Rect] = {}
    for index, (card, (x, y, w, h)) in enumerate(held):
        following = held[index + 1][1][0] if index + 1 < len(held) else x + w
        strips[card] = pygame.Rect(round(x), round(y), max(6, round(min(w, following - x))), round(h))
    return strips


def shadow_at(box: Box) -> tuple[int, int]:
    """Where a card's shadow goes: a little below and to the right, as if lit from the top left."""
    spread, offset = shadow_spread((box.w, box.h))
    return (box.x - spread + offset, box.y - spread + 2 * offset)
