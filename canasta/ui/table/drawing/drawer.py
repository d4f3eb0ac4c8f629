"""Drawing the table from the human's view: the felt, each side's panel, the players' plates, stock and pile, the
card sprites with their shadows, the marks on the hand, and what is drawn over the table (talk.py draws
the captions, the move log and the take chooser)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Final

import pygame

from canasta.engine.cards import Card
from canasta.engine.melds import TableMeld
from canasta.engine.playerview import (
    Phase,
    PlayerView,
    initial_minimum,
    pile_is_frozen,
    score_index,
    seats_of_side,
    side_has_melded,
    side_of,
)
from canasta.engine.rules import MeldKind, Variant
from canasta.i18n import _, ngettext
from canasta.ui.kit.widgets import wrap_lines
from canasta.ui.look.theme import Button, Colour, Theme, shadow_spread
from canasta.ui.table.drawing.coach import HINT_MARKER, CoachShown, draw_hint, draw_open_hand
from canasta.ui.table.drawing.help_overlay import draw_banner, draw_help, draw_tooltip
from canasta.ui.table.drawing.meld_badges import (
    badge_span,
    canasta_wordings,
    centred_room,
    closed_sequence_wordings,
    group_numbers,
    sequence_ends,
    wild_meld_wordings,
)
from canasta.ui.table.drawing.meld_words import hidden_rank, ranked
from canasta.ui.table.drawing.talk import TalkShown, draw_talk
from canasta.ui.table.layout.regions import (
    MIN_TEXT_PX,
    Box,
    MeldSlot,
    SeatLayout,
    SideLayout,
    TableLayout,
    back_rects,
    meld_rects,
)
from canasta.ui.table.narration.feet import (
    book_badge_wordings,
    has_feet,
    is_book,
    open_group_wordings,
    progress_wordings,
)
from canasta.ui.table.narration.score_changes import hand_points
from canasta.ui.table.narration.seats import LEVEL_NAMES, seat_name, side_members, side_name
from canasta.ui.table.sprites import Area, DrawnCard

TURN_MARKER = "\u25b6"  # before the name of the seat whose turn it is: a shape, not only a colour
CHECK_MARK = "\u2713"  # on a selected card of the hand
GLOW_PERIOD_S = 1.6  # the turn glow breathes in and out this often
_GROUNDS_KEPT = 32  # translucent panel surfaces kept by size


@dataclass(frozen=True, slots=True)
class BadgeLook:
    """A meld badge's colours (ground, words; None: the usual) and whether it is centred on its card."""

    colours: tuple[Colour, Colour] | None = None
    centred: bool = True


CENTRED: Final = BadgeLook()
MeldPlace = tuple[MeldSlot, tuple[int, int]]  # a meld's slot, and how far across its badge may reach (`badge_span`)


@dataclass(frozen=True, slots=True)
class HandShown:
    """The human's hand as the table shows it: order, selection, keyboard focus, lit drop targets, and the
    cards he has just drawn (marked until his turn ends)."""

    order: list[Card]
    selected: set[Card]
    focus: int
    targets: set[str]
    fresh: frozenset[Card] = frozenset()
    melds: frozenset[int] = frozenset()  # the side's melds marked (by index): picked, or joined by a drag


@dataclass(frozen=True, slots=True)
class Overlay:
    """What is drawn over the table: a banner, a tooltip (words and the point it belongs to), the keys."""

    banner: str = ""
    tooltip: tuple[str, tuple[int, int]] | None = None
    help: bool = False


@dataclass(frozen=True, slots=True)
class Frame:
    """Everything one frame of the table draws."""

    layout: TableLayout
    view: PlayerView
    hand: HandShown
    buttons: Mapping[str, Button]
    message: str
    cards: Sequence[DrawnCard] = ()
    incoming: Mapping[int, int] | None = None  # per seat, card backs still on their way to it
    overlay: Overlay = Overlay()
    coach: CoachShown = field(default_factory=CoachShown)
    talk: TalkShown = field(default_factory=TalkShown)
    levels: tuple[str, ...] = ()  # each seat's computer level ("human" for the human), for the plates
    info: tuple[str, ...] = ()  # the hand's number, the target: beside the stock
    now_s: float = 0.0  # for what breathes (the turn glow)
    stand_in: str | None = None  # who plays the human's seat when he does not (a watched replay)


class TableDrawer:
    """Draws one frame of the table; keeps the theme and the translucent grounds it has made."""

    def __init__(self, theme: Theme) -> None:
        self.theme = theme
        self._grounds: dict[tuple[int, int, Colour, int], pygame.Surface] = {}
        self._rings: dict[tuple[int, int, Colour], pygame.Surface] = {}  # the lights round melded cards, by size

    def draw(self, screen: pygame.Surface, frame: Frame) -> None:
        layout, view, hand = frame.layout, frame.view, frame.hand
        screen.blit(self.theme.background(screen.get_size()), (0, 0))
        for side in layout.sides:
            self._panel(screen, layout, view, side)
        self._plates(screen, frame)
        self._centre(screen, layout, view, frame.info)
        for button in frame.buttons.values():
            button.draw(screen, self.theme, layout.font_px)
        self._message(screen, layout, frame.message, frame.coach.message_box or layout.message)
        self._cards(screen, layout, frame.cards, replace(hand, fresh=hand.fresh - frame.coach.hint.cards))
        self._badges(screen, layout, view, frame.cards, hand.melds)
        draw_hint(screen, self.theme, layout, frame.coach.hint, frame.cards)
        self._targets(screen, layout, hand.targets)
        draw_talk(screen, self.theme, layout, view, frame.talk)
        self._overlay(screen, layout, frame.overlay)

    def _translucent(self, screen: pygame.Surface, box: Box, colour: Colour, alpha: int, radius: int) -> None:
        """A rounded box of `colour` at `alpha` over what is already drawn (its surface is kept for later
        frames: only its opacity changes)."""
        if box.w <= 0 or box.h <= 0:
            return
        key = (box.w, box.h, colour, radius)
        surface = self._grounds.get(key)
        if surface is None:
            if len(self._grounds) > _GROUNDS_KEPT:
                self._grounds.clear()
            surface = pygame.Surface((box.w, box.h), pygame.SRCALPHA)
            pygame.draw.rect(surface, (*colour, 255), surface.get_rect(), border_radius=radius)
            self._grounds[key] = surface
        surface.set_alpha(max(0, min(255, alpha)))
        screen.blit(surface, (box.x, box.y))

    def _message(self, screen: pygame.Surface, layout: TableLayout, message: str, box: Box) -> None:
        """The prompt in the text colour, a hint in the accent colour (after its star), anything else (a refusal,
        a warning) in the warning colour; a long message takes two lines of small text rather than being cut."""
        palette = self.theme.palette
        if message.startswith(TURN_MARKER):
            words, colour = message.removeprefix(TURN_MARKER).lstrip(), palette.text
        else:
            words, colour = message, palette.accent if message.startswith(HINT_MARKER) else palette.warning
        px, lines = message_fit(self.theme, layout, words, box.w)
        line_h = box.h // len(lines)
        for index, line in enumerate(lines):
            self.theme.text(screen, line, Box(box.x, box.y + index * line_h, box.w, line_h), px, colour=colour)

    # -- the sides' panels --------------------------------------------------------------------------------------

    def _panel(self, screen: pygame.Surface, layout: TableLayout, view: PlayerView, side: SideLayout) -> None:
        """A side's panel: a translucent ground edged in the side's colour, its header over its melds."""
        palette = self.theme.palette
        ours = side.side == side_of(view.rules, view.lone_hand, view.seat)
        edge = palette.ours if ours else palette.theirs
        radius = max(4, layout.gap * 2)
        self._translucent(screen, side.panel, palette.panel, 150, radius)
        pygame.draw.rect(screen, edge, side.panel.as_tuple(), width=2, border_radius=radius)
        self._header(screen, layout, side.header, side_header(view, side.side), edge)
        if side.progress.h and has_feet(view.rules):
            self._progress(screen, layout, side.progress, progress_wordings(view, side.side))

    def _progress(self, screen: pygame.Surface, layout: TableLayout, box: Box, wordings: Sequence[str]) -> None:
        """Hand and Foot: the side's books toward going out and its feet, the longest wording that fits."""
        px = layout.small_px
        words = next((text for text in wordings if self.theme.fits(text, box.w, px)), wordings[-1])
        self.theme.fitted_text(screen, words, box, px, colour=self.theme.palette.dim_text)

    def _header(
        self, screen: pygame.Surface, layout: TableLayout, box: Box, words: tuple[str, str, str], edge: Colour
    ) -> None:
        """The side's name in its colour, who plays for it, and its figures at the right: the longest wording of
        the figures that fits, and the members only where there is room left."""
        name, members, _figures = words
        theme, px, gap = self.theme, layout.font_px, layout.gap
        name_px = theme.fitting_px(name, box.w // 3, px, bold=True)
        name_w = theme.font(name_px, True).size(name)[0]
        theme.text(screen, name, Box(box.x, box.y, min(name_w, box.w // 3), box.h), name_px, bold=True, colour=edge)
        room = box.w - name_w - 2 * gap
        figures = next((text for text in self._figures_wordings(words) if theme.fits(text, room, px)), "")
        figures_px = theme.fitting_px(figures, room, px)
        figures_w = theme.font(figures_px).size(figures)[0]
        theme.text(screen, figures, Box(box.right - figures_w, box.y, figures_w, box.h), figures_px, align="right")
        rest = room - figures_w - gap
        if members and theme.font(layout.small_px).size(members)[0] <= rest:
            member_box = Box(box.x + name_w + gap, box.y, rest, box.h)
            theme.text(screen, members, member_box, layout.small_px, colour=self.theme.palette.dim_text)

    @staticmethod
    def _figures_wordings(words: tuple[str, str, str]) -> tuple[str, ...]:
        """The figures in full, then shorter: the header picks the first that fits its line."""
        full = words[2]
        parts = full.split(" \u00b7 ")
        return (full, " \u00b7 ".join(parts[:2]), parts[0]) if len(parts) == 3 else (full,)

    # -- the players' plates ---------------------------------------------------------------------------------

    def _plates(self, screen: pygame.Surface, frame: Frame) -> None:
        layout, view = frame.layout, frame.view
        incoming = frame.incoming or {}
        for seat_layout in layout.seats:
            seat = seat_layout.seat
            self._plate_ground(screen, view, seat_layout, frame.now_s)
            if seat in frame.coach.open_hands and seat_layout.open_hand.w:  # practice: the cards face up instead
                draw_open_hand(screen, self.theme, layout, seat, frame.coach.open_hands[seat])
            elif seat != view.seat:
                count = max(0, view.hand_counts[seat] - incoming.get(seat, 0))
                for box in back_rects(layout, seat, count):
                    screen.blit(self.theme.card("back", (box.w, box.h)), (box.x, box.y))
            self._foot(screen, layout, view, seat_layout)
            level = frame.levels[seat] if seat < len(frame.levels) else ""
            name = frame.stand_in if seat == view.seat and frame.stand_in else seat_name(view, seat)
            self._plate_words(screen, layout, view, seat_layout, (name, level))

    def _foot(self, screen: pygame.Surface, layout: TableLayout, view: PlayerView, place: SeatLayout) -> None:
        """Hand and Foot: the seat's foot face down beside its hand, a squared stack with its count on it (the
        human's says "Foot" too); nothing once it is picked up."""
        box, seat = place.foot, place.seat
        count = foot_count(view, seat)
        if count is None or box.w < 2 or box.h < 2:
            return
        back = self.theme.card("back", (box.w, box.h))
        for depth in range(min(3, count - 1), 0, -1):
            screen.blit(back, (box.x - depth, box.y - depth))
        screen.blit(back, (box.x, box.y))
        px = layout.small_px
        wordings = (_("Foot {count}").format(count=count), str(count)) if seat == view.seat else (str(count),)
        words = self._fitting(wordings, box.w + layout.gap, px)
        badge_h = self.theme.font(px, True).get_linesize()
        self._badge(screen, Box(box.x, box.bottom - badge_h - 2, box.w, badge_h), words, px, CENTRED)

    def _plate_ground(self, screen: pygame.Surface, view: PlayerView, place: SeatLayout, now_s: float) -> None:
        """The plate: dark, edged in its side's colour; whose turn it is glows (and is outlined and marked)."""
        palette = self.theme.palette
        box, seat = place.plate, place.seat
        turn = view.current == seat and view.phase is not Phase.OVER
        radius = max(4, box.h // 5)
        if turn:
            breath = 0.5 + 0.5 * math.sin(2 * math.pi * now_s / GLOW_PERIOD_S)
            for spread, alpha in ((9, 45), (5, 80), (2, 120)):
                glow = Box(box.x - spread, box.y - spread, box.w + 2 * spread, box.h + 2 * spread)
                self._translucent(screen, glow, palette.accent, round(alpha * (0.5 + 0.5 * breath)), radius + spread)
        pygame.draw.rect(screen, palette.plate, box.as_tuple(), border_radius=radius)
        ours = side_of(view.rules, view.lone_hand, seat) == side_of(view.rules, view.lone_hand, view.seat)
        edge = palette.accent if turn else (palette.ours if ours else palette.theirs)
        pygame.draw.rect(screen, edge, box.as_tuple(), width=2 if turn else 1, border_radius=radius)

    def _plate_words(
        self, screen: pygame.Surface, layout: TableLayout, view: PlayerView, place: SeatLayout, who: tuple[str, str]
    ) -> None:
        """Two lines: the name (marked when it is his turn), then the level and the cards held; the human's plate
        has one line."""
        palette = self.theme.palette
        box, seat = place.label, place.seat
        turn = view.current == seat and view.phase is not Phase.OVER
        marker = f"{TURN_MARKER} " if turn else ""
        colour = palette.accent if turn else palette.text
        count = view.hand_counts[seat]
        cards = ngettext("{count} card", "{count} cards", count).format(count=count)
        name, level = who
        inner = Box(box.x + 4, box.y, max(1, box.w - 8), box.h)
        px = layout.font_px
        if seat == view.seat:
            words = f"{marker}{name} \u00b7 {cards}"
            fitted = self.theme.fitting_px(words, inner.w, px, bold=True)
            self.theme.text(screen, words, inner, fitted, bold=True, colour=colour)
            return
        half = inner.h // 2
        top = Box(inner.x, inner.y, inner.w, half)
        if not self.theme.fits(marker + name, inner.w, px, bold=True):
            marker = ""  # the glow and the outline still mark the turn
        fitted = self.theme.fitting_px(marker + name, inner.w, px, bold=True)
        self.theme.text(screen, marker + name, top, fitted, bold=True, colour=colour)
        detail = f"{_(LEVEL_NAMES[level])} \u00b7 {cards}" if level in LEVEL_NAMES else cards
        detail_px = self.theme.fitting_px(detail, inner.w, layout.small_px)
        self.theme.text(screen, detail, Box(inner.x, inner.y + half, inner.w, inner.h - half), detail_px)

    # -- stock and pile -------------------------------------------------------------------------------------

    def _centre(self, screen: pygame.Surface, layout: TableLayout, view: PlayerView, info: Sequence[str]) -> None:
        self._stock(screen, layout, view)
        palette = self.theme.palette
        frozen = pile_is_frozen(view)
        if not view.pile:
            pygame.draw.rect(screen, palette.dim_text, layout.pile.as_tuple(), width=1, border_radius=6)
        if frozen and view.pile:
            # Two outlines as well as the colour and the word FROZEN: the state never rests on colour alone.
            pile = layout.pile
            for inset, width in ((-5, 2), (-1, 2)):
                ring = Box(pile.x + inset, pile.y + inset, pile.w - 2 * inset, pile.h - 2 * inset)
                pygame.draw.rect(screen, palette.frozen, ring.as_tuple(), width=width, border_radius=6)
        self.theme.fitted_text(screen, pile_words(view, frozen), layout.pile_label, layout.font_px)
        self._info(screen, layout, info)

    def _info(self, screen: pygame.Surface, layout: TableLayout, info: Sequence[str]) -> None:
        """The hand, the target and who dealt, beside the stock; a line too long for the box wraps."""
        box, palette = layout.info, self.theme.palette
        font = self.theme.font(layout.small_px)
        line_h = font.get_linesize()
        y = box.y
        for index, line in enumerate(info):
            for part in wrap_lines(font, line, box.w):
                if y + line_h > box.bottom:
                    return
                colour = palette.dim_text if index else palette.text
                self.theme.fitted_text(screen, part, Box(box.x, y, box.w, line_h), layout.small_px, colour=colour)
                y += line_h

    def _stock(self, screen: pygame.Surface, layout: TableLayout, view: PlayerView) -> None:
        """The stock: a stack of backs (a few edges show below the top one), its count under it."""
        palette = self.theme.palette
        stock = layout.stock
        if view.stock_count:
            screen.blit(self.theme.shadow((stock.w, stock.h)), _shadow_at(stock))
            back = self.theme.card("back", (stock.w, stock.h))
            for depth in range(min(3, view.stock_count - 1), 0, -1):
                screen.blit(back, (stock.x + depth, stock.y + depth))
            screen.blit(back, (stock.x, stock.y))
        else:
            pygame.draw.rect(screen, palette.table_dark, stock.as_tuple(), border_radius=6)
            pygame.draw.rect(screen, palette.dim_text, stock.as_tuple(), width=1, border_radius=6)
        words = _("Stock {count}").format(count=view.stock_count)
        if self.theme.font(MIN_TEXT_PX).size(words)[0] > layout.stock_label.w:
            words = str(view.stock_count)  # the count alone rather than cut (a stock of 100 cards and more)
        self.theme.fitted_text(screen, words, layout.stock_label, layout.font_px, align="centre")

    # -- melds --------------------------------------------------------------------------------------------------

    def _badges(
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
                if meld.kind is MeldKind.GROUP and has_feet(view.rules):
                    self._book_badge(screen, layout, view, meld, (slot, span))
                elif meld.kind is MeldKind.GROUP:
                    words = self._badge_words(len(meld.cards), slot.is_canasta, meld.wilds == 0, width, layout.small_px)
                    if index in numbers:
                        words = self._numbered(words, numbers[index], width, layout.small_px)
                    words = self._fitting(ranked((words,), hidden_rank(meld, slot.is_canasta)), width, layout.small_px)
                    self._badge(screen, slot.badge, words, layout.small_px, CENTRED if index in numbers else None)
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
            self._badge(screen, middle, self._fitting(wordings, fan_room, px), px, CENTRED)
            return
        if meld.wilds == 0:
            self._ring(screen, slot.box, palette.accent, 2)
            ground, ink = palette.accent, palette.badge
        else:
            self._ring(screen, slot.box, palette.badge, 1)
            ground, ink = palette.badge, palette.badge_text
        name, bonus = book_badge_wordings(meld, view.rules)
        ribbon = book_ribbon(self.theme, layout, slot.box)
        if ribbon is None:  # a small card: the name alone on the badge (the bonus where the name does not fit)
            self._badge(screen, slot.badge, self._fitting((name, bonus), room, px), px, BadgeLook((ground, ink)))
            return
        line_h = ribbon.h // 2
        pygame.draw.rect(screen, ground, ribbon.as_tuple(), border_radius=line_h // 2)
        # The ribbon's words are drawn 4 px narrower than it; `_fitting` keeps 6 px: the room is the same.
        for index, words in enumerate((self._fitting((name, bonus), ribbon.w + 2, px), bonus)):
            fitted = self.theme.fitting_px(words, ribbon.w - 4, px, bold=True)
            line = Box(ribbon.x, ribbon.y + index * line_h, ribbon.w, line_h)
            self.theme.text(screen, words, line, fitted, bold=True, colour=ink, align="centre")

    def _numbered(self, words: str, number: int, width: int, px: int) -> str:
        """A group's badge with its number among the side's groups of its rank ("#2 · 5"), shorter if need be."""
        for wording in (_("#{number} · {words}"), _("#{number} {words}")):
            numbered = wording.format(number=number, words=words)
            if self.theme.font(px, True).size(numbered)[0] + 6 <= width:
                return numbered
        return _("#{number} {words}").format(number=number, words=words.split(" ", maxsplit=1)[0])

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
        if meld.kind is MeldKind.SEQUENCE:
            ends = sequence_ends(meld)
            if closed:
                self._ring(screen, slot.box, palette.accent, 1)
                name = self._fitting(closed_sequence_wordings(view.rules, ends), room, px)
                self._badge(screen, slot.badge, name, px, BadgeLook((palette.accent, palette.badge)))
                return
            frame = Box(slot.box.x - 2, slot.box.y - 2, slot.box.w + 4, slot.box.h + 4)
            pygame.draw.rect(screen, palette.dim_text, frame.as_tuple(), width=1, border_radius=6)
            self._badge(screen, slot.badge, ends, px, CENTRED)
            return
        if closed:
            self._ring(screen, slot.box, palette.frozen, 2)
            name = self._fitting(wild_meld_wordings(len(meld.cards), closed=True), room, px)
            self._badge(screen, slot.badge, name, px, BadgeLook((palette.frozen, palette.badge)))
            return
        words = self._fitting(wild_meld_wordings(len(meld.cards), closed=False), room, px)
        self._badge(screen, slot.badge, words, px, CENTRED)

    def _fitting(self, wordings: Sequence[str], width: int, px: int) -> str:
        """The first wording that fits a badge `width` wide (the last when none does)."""
        font = self.theme.font(px, True)
        return next((words for words in wordings if font.size(words)[0] + 6 <= width), wordings[-1])

    @staticmethod
    def _ring(screen: pygame.Surface, box: Box, colour: Colour, rings: int) -> None:
        for ring in range(rings):
            spread = 2 + 3 * ring
            outline = Box(box.x - spread, box.y - spread, box.w + 2 * spread, box.h + 2 * spread)
            pygame.draw.rect(screen, colour, outline.as_tuple(), width=2, border_radius=6 + spread)

    def _badge_words(self, count: int, canasta: bool, natural: bool, width: int, px: int) -> str:
        """A meld's card count; on a canasta its kind too where there is room, else the kind or the count alone."""
        if not canasta:
            return str(count)
        return self._fitting(canasta_wordings(count, natural), width, px)

    def _badge(self, screen: pygame.Surface, box: Box, words: str, px: int, look: BadgeLook | None = None) -> None:
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

    # -- the cards ----------------------------------------------------------------------------------------------

    def _cards(self, screen: pygame.Surface, layout: TableLayout, cards: Sequence[DrawnCard], hand: HandShown) -> None:
        focused = hand.order[hand.focus] if hand.order and 0 <= hand.focus < len(hand.order) else None
        strips = _hand_strips(cards)
        for drawn in cards:
            box = self._card(screen, layout, drawn)
            if box is not None and drawn.lit > 0:
                self._lit(screen, box, drawn.lit)
            if box is None or drawn.card is None or drawn.rest is None or drawn.rest.area not in (Area.HAND, Area.DRAG):
                continue
            strip = strips.get(drawn.card, box)
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
            screen.blit(self.theme.shadow((width, height)), _shadow_at(Box(left, top, width, height)))
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
            if len(self._rings) > _GROUNDS_KEPT:
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

    def _focus(self, screen: pygame.Surface, box: pygame.Rect) -> None:
        """The keyboard focus: a ring in its own colour and a bar under the card's index, visible on any card."""
        palette = self.theme.palette
        ring = box.inflate(4, 4)
        pygame.draw.rect(screen, palette.badge, ring, width=4, border_radius=7)
        pygame.draw.rect(screen, palette.focus, ring.inflate(-1, -1), width=2, border_radius=7)
        bar = pygame.Rect(box.x + 3, box.bottom - 7, min(box.w - 6, max(8, box.w // 2)), 5)
        pygame.draw.rect(screen, palette.badge, bar.inflate(2, 2))
        pygame.draw.rect(screen, palette.focus, bar)

    def _targets(self, screen: pygame.Surface, layout: TableLayout, targets: set[str]) -> None:
        """Legal drop targets: an outline and the words "Drop here", never the colour alone."""
        palette = self.theme.palette
        boxes = {"pile": layout.pile, f"hand:{layout.human_seat}": layout.human.hand}
        boxes.update({f"meld_area:{side.side}": side.meld_area for side in layout.sides})
        for name in sorted(targets):
            box = boxes.get(name)
            if box is None:
                continue
            pygame.draw.rect(screen, palette.accent, box.as_tuple(), width=3, border_radius=8)
            words = _("\u2193 Drop here")
            font = self.theme.font(layout.font_px, bold=True)
            tag = Box(box.x + 4, box.y + 4, font.size(words)[0] + 12, layout.line_h)
            pygame.draw.rect(screen, palette.accent, tag.as_tuple(), border_radius=4)
            self.theme.text(screen, words, tag, layout.font_px, bold=True, colour=palette.badge, align="centre")

    def _overlay(self, screen: pygame.Surface, layout: TableLayout, overlay: Overlay) -> None:
        if overlay.banner:
            draw_banner(screen, self.theme, overlay.banner, round(layout.font_px * 1.6))
        if overlay.tooltip is not None:
            draw_tooltip(screen, self.theme, overlay.tooltip[0], overlay.tooltip[1], layout.font_px)
        if overlay.help:
            draw_help(screen, self.theme, layout.font_px)


def message_fit(theme: Theme, layout: TableLayout, words: str, width: int) -> tuple[int, list[str]]:
    """How the message line shows `words` in `width`: one line at the table's size, or failing that two lines
    of small text (each at the largest size up to that which fits). Returns the size and the lines."""
    if theme.font(layout.font_px).size(words)[0] <= width:
        return layout.font_px, [words]
    lines = _two_lines(words)
    px = min(theme.fitting_px(line, width, layout.small_px) for line in lines)
    return px, lines


def side_header(view: PlayerView, side: int) -> tuple[str, str, str]:
    """A side's panel header: its name, who plays for it, and its figures (total, this hand, first meld)."""
    points = hand_points(view, side)
    seats = seats_of_side(view.rules, view.lone_hand, side) or (side,)
    score = view.scores[score_index(view.rules, seats[0])]
    if side_has_melded(view, side):
        meld = _("first meld made")
    else:
        meld = _("first meld needs {minimum}").format(minimum=initial_minimum(view, seats[0]))
    if view.rules.variant is Variant.HAND_AND_FOOT:
        words = _("Score {score} \u00b7 this round {points:+d} \u00b7 {meld}")
    else:
        words = _("Score {score} \u00b7 this hand {points:+d} \u00b7 {meld}")
    figures = words.format(score=score, points=points, meld=meld)
    return side_name(view, side), side_members(view, side), figures


def book_ribbon(theme: Theme, layout: TableLayout, box: Box) -> Box | None:
    """Hand and Foot: the ribbon across a closed book's lower part (two lines: clean or dirty, and the bonus),
    reaching a little beyond the card on each side (less than halfway to the next meld); None where the card is
    too small for two lines and the badge says it."""
    line_h = theme.font(layout.small_px, True).get_linesize()
    if box.h < 3 * line_h:
        return None
    reach = layout.gap // 2
    return Box(box.x - reach, box.bottom - 2 * line_h - 2, box.w + 2 * reach, 2 * line_h)


def foot_count(view: PlayerView, seat: int) -> int | None:
    """Hand and Foot: the cards of the seat's foot while it lies beside the hand, else None."""
    if seat >= len(view.foot_counts):
        return None
    return view.foot_counts[seat]


def pile_words(view: PlayerView, frozen: bool) -> str:
    """The pile's label: its size, FROZEN, and the stop of a black three on top, in words."""
    stopped = bool(view.pile) and view.pile[-1].is_black_three
    if frozen and stopped:
        words = _("Pile {count} \u00b7 FROZEN \u00b7 STOP")
    elif frozen:
        words = _("Pile {count} \u00b7 FROZEN")
    elif stopped:
        words = _("Pile {count} \u00b7 STOP (black three)")
    else:
        words = _("Pile {count}")
    return words.format(count=len(view.pile))


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


def _shadow_at(box: Box) -> tuple[int, int]:
    """Where a card's shadow goes: a little below and to the right, as if lit from the top left."""
    spread, offset = shadow_spread((box.w, box.h))
    return (box.x - spread + offset, box.y - spread + 2 * offset)


def _two_lines(words: str) -> list[str]:
    """`words` split at the space nearest the middle (one line when there is no space)."""
    middle = len(words) // 2
    spaces = [index for index, char in enumerate(words) if char == " "]
    if not spaces:
        return [words]
    cut = min(spaces, key=lambda index: abs(index - middle))
    return [words[:cut], words[cut + 1 :]]
