"""The badges on the melds, and the painter of every badge on the table.

Each meld's card count (and a canasta's kind) on its top card, once no card of it is moving; the family's melds say
more: a sequence its ends, framed as one run; a closed sequence and a closed wild meld their names in colours of
their own; a group of a rank the side holds several of, its number; Hand and Foot's books their ribbons (clean or
dirty, and the bonus). `badge_words` and `meld_words` choose the words; `BadgePainter` draws them, with the
longest wording that fits (the plates' feet are badged by it too)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import pygame

from canasta.engine.game.scoring import wild_canasta_bonus
from canasta.engine.melds import TableMeld
from canasta.engine.playerview import PlayerView, side_of
from canasta.engine.refusal_text import special_hand_name
from canasta.engine.rules import MeldKind
from canasta.engine.rules.catalog import game_facts
from canasta.i18n import _
from canasta.ui.look.theme import Colour, Theme
from canasta.ui.table.drawing.meld_badges import (
    badge_span,
    canasta_wordings,
    centred_room,
    closed_sequence_wordings,
    dead_wordings,
    group_numbers,
    sequence_ends,
    varies_by_make_up,
    wild_meld_wordings,
)
from canasta.ui.table.drawing.meld_words import hidden_rank, ranked
from canasta.ui.table.layout.regions import Box, MeldSlot, TableLayout, meld_rects
from canasta.ui.table.narration.feet import book_badge_wordings, is_book, open_group_wordings
from canasta.ui.table.narration.stakes import dead as stakes_dead
from canasta.ui.table.narration.stakes import risk, risk_wordings
from canasta.ui.table.sprites import DrawnCard


@dataclass(frozen=True, slots=True)
class BadgeLook:
    """A meld badge's colours (ground, words; None: the usual) and whether it is centred on its card."""

    colours: tuple[Colour, Colour] | None = None
    centred: bool = True


CENTRED: Final = BadgeLook()
MeldPlace = tuple[MeldSlot, tuple[int, int]]  # a meld's slot, and how far across its badge may reach (`badge_span`)


class BadgePainter:
    """Draws the table's badges in the theme's colours, each with the longest of its wordings that fits."""

    def __init__(self, theme: Theme) -> None:
        self.theme = theme

    def badge(self, screen: pygame.Surface, box: Box, words: str, px: int, look: BadgeLook | None = None) -> None:
        """A badge on a meld's top card; one wider than the card reaches out to the right, or (centred) to
        both sides alike, so that it stays within the space between two melds."""
        palette = self.theme.palette
        look = look or BadgeLook(centred=False)
        ground, ink = look.colours or (palette.badge, palette.badge_text)
        centred = look.centred
        rendered = self.theme.rendered(words, px, True, ink)
        width = max(box.w, rendered.get_width() + 6)
        left = box.x - (width - box.w) // 2 if centred else box.x
        back = pygame.Rect(left, box.y, width, max(box.h, rendered.get_height()))
        pygame.draw.rect(screen, ground, back, border_radius=back.h // 2)
        left, top = back.x + (back.w - rendered.get_width()) // 2, back.y + (back.h - rendered.get_height()) // 2
        screen.blit(rendered, (left, top))

    def stacked_badge(self, screen: pygame.Surface, box: Box, lines: Sequence[str], px: int, look: BadgeLook) -> None:
        """A badge of several lines filling `box`, each line centred in it."""
        ground, ink = look.colours or (self.theme.palette.badge, self.theme.palette.badge_text)
        pygame.draw.rect(screen, ground, box.as_tuple(), border_radius=max(2, min(box.w, box.h) // 3))
        line_h = box.h // max(1, len(lines))
        for number, line in enumerate(lines):
            rendered = self.theme.rendered(line, px, True, ink)
            left = box.x + (box.w - rendered.get_width()) // 2
            screen.blit(rendered, (left, box.y + number * line_h + (line_h - rendered.get_height()) // 2))

    def fitting(self, wordings: Sequence[str], width: int, px: int) -> str:
        """The first wording that fits a badge `width` wide (the last when none does)."""
        font = self.theme.font(px, True)
        return next((words for words in wordings if font.size(words)[0] + 6 <= width), wordings[-1])

    @staticmethod
    def ring(screen: pygame.Surface, box: Box, colour: Colour, rings: int) -> None:
        for ring in range(rings):
            spread = 2 + 3 * ring
            outline = Box(box.x - spread, box.y - spread, box.w + 2 * spread, box.h + 2 * spread)
            pygame.draw.rect(screen, colour, outline.as_tuple(), width=2, border_radius=6 + spread)

    def badge_words(self, count: int, canasta: bool, natural: bool, width: int, px: int) -> str:
        """A meld's card count; on a canasta its kind too where there is room, else the kind or the count alone."""
        if not canasta:
            return str(count)
        return self.fitting(canasta_wordings(count, natural), width, px)

    def numbered(self, words: str, number: int, width: int, px: int) -> str:
        """A group's badge with its number among the side's groups of its rank ("#2 · 5"), shorter if need be."""
        for wording in (_("#{number} · {words}"), _("#{number} {words}")):
            numbered = wording.format(number=number, words=words)
            if self.theme.font(px, True).size(numbered)[0] + 6 <= width:
                return numbered
        return _("#{number} {words}").format(number=number, words=words.split(" ", maxsplit=1)[0])


class MeldDrawer:
    """Draws the badges of every side's melds (and the outlines of the melds marked), with `badges`."""

    def __init__(self, theme: Theme, badges: BadgePainter) -> None:
        self.theme = theme
        self.badges = badges

    def draw(
        self,
        screen: pygame.Surface,
        layout: TableLayout,
        view: PlayerView,
        cards: Sequence[DrawnCard],
        marked: frozenset[int] = frozenset(),
    ) -> None:
        """Each meld's card count (and a canasta's kind) on its top card, once no card of it is moving. The
        family's melds say more: a sequence its ends, and is framed as one run; a closed sequence and a closed
        wild meld their names (a samba or escalera, a bolivia) in colours of their own; a group of a rank the
        side holds several of, its number. The melds marked (picked to join) are outlined."""
        moving = {drawn.card for drawn in cards if drawn.rest is None or drawn.moving}
        mine = side_of(view.rules, view.lone_hand, view.seat)
        badges, px = self.badges, layout.small_px
        dead = stakes_dead(view)
        for side in range(len(layout.sides)):
            melds = view.melds[side]
            shapes = [(meld.label, len(meld.cards), meld.is_canasta(view.rules)) for meld in melds]
            numbers = group_numbers(melds)
            slots = meld_rects(layout, side, shapes)
            for index, (meld, slot) in enumerate(zip(melds, slots, strict=True)):
                if side == mine and index in marked:
                    ring = Box(slot.box.x - 4, slot.box.y - 4, slot.box.w + 8, slot.box.h + 8)
                    pygame.draw.rect(screen, self.theme.palette.accent, ring.as_tuple(), width=3, border_radius=8)
                if moving.intersection(meld.cards):
                    continue
                span = badge_span(slots, index, layout.sides[side].meld_area, layout.gap)  # halfway to the next
                width = centred_room(slot.badge, span) if index in numbers else span[1] - slot.badge.x
                if meld.kind is MeldKind.GROUP and view.rules.shape.books:
                    self._book_badge(screen, layout, view, meld, (slot, span))
                elif meld.kind is MeldKind.GROUP and risk(view, meld):
                    self._risk_badge(screen, layout, meld, (slot, span), risk(view, meld))
                elif meld.kind is MeldKind.GROUP and meld.rank in dead:
                    wordings = dead_wordings(canasta_wordings(len(meld.cards), meld.wilds == 0))
                    look = BadgeLook((self.theme.palette.dim_text, self.theme.palette.badge), centred=False)
                    badges.badge(screen, slot.badge, badges.fitting(wordings, width, px), px, look)
                elif meld.kind is MeldKind.GROUP:
                    words = badges.badge_words(len(meld.cards), slot.is_canasta, meld.wilds == 0, width, px)
                    if index in numbers:
                        words = badges.numbered(words, numbers[index], width, px)
                    words = badges.fitting(ranked((words,), hidden_rank(meld, slot.is_canasta)), width, px)
                    badges.badge(screen, slot.badge, words, px, CENTRED if index in numbers else None)
                else:
                    self._family_badge(screen, layout, view, meld, (slot, span))

    def _book_badge(
        self, screen: pygame.Surface, layout: TableLayout, view: PlayerView, meld: TableMeld, place: MeldPlace
    ) -> None:
        """Hand and Foot: a closed book says at a glance whether it is clean (a gold ribbon, "Clean 500") or dirty
        (black, "Dirty 300"), in words as well as colours; an open group its cards and wild cards against the limit,
        across the foot of its fan."""
        palette, px = self.theme.palette, layout.small_px
        slot, span = place
        room = centred_room(slot.badge, span)
        if not is_book(meld, view.rules):
            fan = Box(slot.box.x, slot.badge.y, slot.box.w, slot.badge.h)
            fan_room = min(centred_room(fan, span), fan.w + 2 * layout.gap)  # no further than a gap beyond its fan
            wordings = ranked(open_group_wordings(meld, view.rules), hidden_rank(meld, False))
            middle = Box(fan.centre[0] - slot.badge.w // 2, fan.y, slot.badge.w, fan.h)  # centred under the fan
            self.badges.badge(screen, middle, self.badges.fitting(wordings, fan_room, px), px, CENTRED)
            return
        if meld.wilds == 0:
            self.badges.ring(screen, slot.box, palette.accent, 2)
            ground, ink = palette.accent, palette.badge
        else:
            self.badges.ring(screen, slot.box, palette.badge, 1)
            ground, ink = palette.badge, palette.badge_text
        name, bonus = book_badge_wordings(meld, view.rules)
        ribbon = book_ribbon(self.theme, layout, slot.box)
        if ribbon is None:  # a small card: the name alone on the badge (the bonus where the name does not fit)
            words = self.badges.fitting((name, bonus), room, px)
            self.badges.badge(screen, slot.badge, words, px, BadgeLook((ground, ink)))
            return
        line_h = ribbon.h // 2
        pygame.draw.rect(screen, ground, ribbon.as_tuple(), border_radius=line_h // 2)
        # The ribbon's words are drawn 4 px narrower than it; `_fitting` keeps 6 px: the room is the same.
        for index, words in enumerate((self.badges.fitting((name, bonus), ribbon.w + 2, px), bonus)):
            fitted = self.theme.fitting_px(words, ribbon.w - 4, px, bold=True)
            line = Box(ribbon.x, ribbon.y + index * line_h, ribbon.w, line_h)
            self.theme.text(screen, words, line, fitted, bold=True, colour=ink, align="centre")

    def _family_badge(
        self, screen: pygame.Surface, layout: TableLayout, view: PlayerView, meld: TableMeld, place: MeldPlace
    ) -> None:
        """A sequence or a wild meld: a sequence framed as one run with its ends on the badge ("5-9", with a
        dash); closed, a samba or escalera (in the accent colour), a bolivia (in the frozen colour, ringed
        twice)."""
        palette = self.theme.palette
        closed = meld.is_canasta(view.rules)
        px = layout.small_px
        slot, span = place
        room = centred_room(slot.badge, span)  # a centred badge may reach halfway to the melds beside it
        if meld.special is not None:  # a special hand laid down: its name, ringed in the accent colour
            self.badges.ring(screen, slot.box, palette.accent, 2)
            name = self.badges.fitting((special_hand_name(meld.special), str(len(meld.cards))), room, px)
            self.badges.badge(screen, slot.badge, name, px, BadgeLook((palette.accent, palette.badge)))
            return
        if meld.kind is MeldKind.SEQUENCE:
            ends = sequence_ends(meld)
            if closed:
                self.badges.ring(screen, slot.box, palette.accent, 1)
                name = self.badges.fitting(closed_sequence_wordings(view.rules, ends), room, px)
                self.badges.badge(screen, slot.badge, name, px, BadgeLook((palette.accent, palette.badge)))
                return
            frame = Box(slot.box.x - 2, slot.box.y - 2, slot.box.w + 4, slot.box.h + 4)
            pygame.draw.rect(screen, palette.dim_text, frame.as_tuple(), width=1, border_radius=6)
            self.badges.badge(screen, slot.badge, ends, px, CENTRED)
            return
        if closed:
            self.badges.ring(screen, slot.box, palette.frozen, 2)
            named = game_facts(view.rules.variant).wild_canasta
            bonus = wild_canasta_bonus(view.rules, meld) if varies_by_make_up(view.rules) else 0
            name = self.badges.fitting(wild_meld_wordings(len(meld.cards), True, named, bonus), room, px)
            self.badges.badge(screen, slot.badge, name, px, BadgeLook((palette.frozen, palette.badge)))
            return
        if risk(view, meld):
            self._risk_badge(screen, layout, meld, place, risk(view, meld))
            return
        words = self.badges.fitting(wild_meld_wordings(len(meld.cards), closed=False), room, px)
        self.badges.badge(screen, slot.badge, words, px, CENTRED)

    def _risk_badge(
        self, screen: pygame.Surface, layout: TableLayout, meld: TableMeld, place: MeldPlace, points: int
    ) -> None:
        """An open meld the shape penalises (natural aces or sevens, a wild meld): outlined, its badge in the warning
        colour with what it costs if the hand ends before it is a canasta ("5 · -2500")."""
        palette, px = self.theme.palette, layout.small_px
        slot, span = place
        frame = Box(slot.box.x - 2, slot.box.y - 2, slot.box.w + 4, slot.box.h + 4)
        pygame.draw.rect(screen, palette.warning, frame.as_tuple(), width=2, border_radius=6)
        words = self.badges.fitting(risk_wordings(len(meld.cards), points), centred_room(slot.badge, span), px)
        self.badges.badge(screen, slot.badge, words, px, BadgeLook((palette.warning, palette.badge)))


def book_ribbon(theme: Theme, layout: TableLayout, box: Box) -> Box | None:
    """Hand and Foot: the ribbon across a closed book's lower part (two lines: clean or dirty, and the bonus),
    reaching a little beyond the card on each side (less than halfway to the next meld); None where the card is
    too small for two lines and the badge says it."""
    line_h = theme.font(layout.small_px, True).get_linesize()
    if box.h < 3 * line_h:
        return None
    reach = layout.gap // 2
    return Box(box.x - reach, box.bottom - 2 * line_h - 2, box.w + 2 * reach, 2 * line_h)
