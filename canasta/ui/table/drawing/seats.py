"""The sides' panels and the players' plates.

A side's panel: a translucent ground edged in the side's colour, its header (its name, who plays for it, its
figures, the longest wording that fits) over its melds, and in Hand and Foot its books toward going out. A plate:
the seat's name (marked, and glowing, when it is his turn), its level and the cards held; the backs of another
seat's hand (in a practice game with open hands, its cards face up), and in Hand and Foot the foot beside it."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from canasta.engine.playerview import (
    Phase,
    PlayerView,
    initial_minimum,
    score_index,
    seats_of_side,
    side_has_melded,
    side_of,
)
from canasta.engine.rules.catalog import plays_rounds
from canasta.i18n import _, ngettext
from canasta.ui.look.theme import Colour, Theme
from canasta.ui.table.drawing.coach import draw_open_hand
from canasta.ui.table.drawing.frame import TURN_MARKER, Frame
from canasta.ui.table.drawing.melds import CENTRED, BadgeLook, BadgePainter
from canasta.ui.table.layout.regions import Box, SeatLayout, SideLayout, TableLayout, back_rects, red_three_rects
from canasta.ui.table.narration.feet import foot_badge_wordings, has_feet, progress_wordings
from canasta.ui.table.narration.score_changes import hand_points
from canasta.ui.table.narration.seats import LEVEL_NAMES, seat_name, side_members, side_name
from canasta.ui.table.narration.stakes import (
    MINUS,
    black_threes_aside_wordings,
    bonus_cards_taken,
    needs_words,
    threes_wordings,
)


@dataclass(frozen=True, slots=True)
class StakeBadge:
    """A badge under a side's threes: where it is drawn (the badge's whole ground), its lines, and whether minus."""

    box: Box
    lines: tuple[str, ...]
    minus: bool


GLOW_PERIOD_S = 1.6  # the turn glow breathes in and out this often
_GROUNDS_KEPT = 32  # translucent panel surfaces kept by size


class SeatDrawer:
    """Draws the panels and the plates; keeps the translucent grounds it has made. A foot is badged by `badges`."""

    def __init__(self, theme: Theme, badges: BadgePainter) -> None:
        self.theme = theme
        self.badges = badges
        self._grounds: dict[tuple[int, int, Colour, int], pygame.Surface] = {}

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

    # -- the sides' panels --------------------------------------------------------------------------------------

    def panel(self, screen: pygame.Surface, layout: TableLayout, view: PlayerView, side: SideLayout) -> None:
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

    def stakes(self, screen: pygame.Surface, layout: TableLayout, view: PlayerView) -> None:
        """Under each side's threes, in a game that lays out both colours: what they count now, with its sign
        ("Threes +400", in the warning colour while minus), and the bonus cards the side took ("Bonus 4"); where
        black threes are set aside from taken piles, their count and points."""
        palette, px = self.theme.palette, layout.small_px
        for badge in self.stake_badges(layout, view):
            look = BadgeLook((palette.warning, palette.badge)) if badge.minus else CENTRED
            if len(badge.lines) == 1:
                self.badges.badge(screen, badge.box, badge.lines[0], px, look)
            else:
                self.badges.stacked_badge(screen, badge.box, badge.lines, px, look)

    def stake_badges(self, layout: TableLayout, view: PlayerView) -> list[StakeBadge]:
        """Where each side's stakes badges go, with their words: over the foot of the side's last three (as a
        meld's badge on its top card), each next one above. The black threes' badge keeps within the column, on
        two lines if one does not fit (the threes' and bonus cards' may reach a gap beyond it)."""
        px = layout.small_px
        font = self.theme.font(px, True)
        line_h = font.get_linesize()
        placed: list[StakeBadge] = []
        for side in layout.sides:
            column = side.red_threes
            laid = view.red_threes[side.side] if side.side < len(view.red_threes) else ()
            cards = red_three_rects(layout, side.side, len(laid))
            bottom = (cards[-1].bottom if cards else column.y + 2 * line_h) - 3
            for wordings, minus, strict in self._stakes_badges(view, side.side):
                room = column.w if strict else column.w + layout.gap
                lines: tuple[str, ...] = (self.badges.fitting(wordings, room, px),)
                if strict and font.size(lines[0])[0] + 6 > room:  # the shortest wording, parted on two lines
                    lines = tuple(wordings[-1].split(" ", maxsplit=1))
                height = line_h * len(lines)
                top = max(column.y, bottom - height)
                width = column.w if strict else max(column.w, max(font.size(line)[0] for line in lines) + 6)
                placed.append(StakeBadge(Box(column.x + (column.w - width) // 2, top, width, height), lines, minus))
                bottom = top - 2
        return placed

    @staticmethod
    def _stakes_badges(view: PlayerView, side: int) -> list[tuple[tuple[str, ...], bool, bool]]:
        """Each badge's wordings, whether it is minus, and whether it must keep within the threes' column."""
        badges: list[tuple[tuple[str, ...], bool, bool]] = []
        threes = threes_wordings(view, side)
        if threes:
            badges.append((threes, threes[-1].startswith(MINUS), False))
        aside = black_threes_aside_wordings(view, side)
        if aside:
            badges.append((aside, False, True))
        bonus = bonus_cards_taken(view, side)
        if bonus:
            badges.append(((_("Bonus {count}").format(count=bonus), f"+{bonus}"), False, False))
        return badges

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

    def plates(self, screen: pygame.Surface, frame: Frame) -> None:
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
        human's says "Foot", or "Packet", too); nothing once it is picked up."""
        box, seat = place.foot, place.seat
        count = foot_count(view, seat)
        if count is None or box.w < 2 or box.h < 2:
            return
        back = self.theme.card("back", (box.w, box.h))
        for depth in range(min(3, count - 1), 0, -1):
            screen.blit(back, (box.x - depth, box.y - depth))
        screen.blit(back, (box.x, box.y))
        px = layout.small_px
        words = self.badges.fitting(foot_badge_wordings(view, seat, count), box.w + layout.gap, px)
        badge_h = self.theme.font(px, True).get_linesize()
        self.badges.badge(screen, Box(box.x, box.bottom - badge_h - 2, box.w, badge_h), words, px, CENTRED)

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


def side_header(view: PlayerView, side: int) -> tuple[str, str, str]:
    """A side's panel header: its name, who plays for it, and its figures (total, this hand, first meld)."""
    points = hand_points(view, side)
    seats = seats_of_side(view.rules, view.lone_hand, side) or (side,)
    score = view.scores[score_index(view.rules, seats[0])]
    if view.rules.shape.initial_clean_triple:  # a first meld that needs more than points, and two canastas to go out
        meld = needs_words(view, side, initial_minimum(view, seats[0]))
    elif side_has_melded(view, side):
        meld = _("first meld made")
    else:
        meld = _("first meld needs {minimum}").format(minimum=initial_minimum(view, seats[0]))
    if plays_rounds(view.rules.shape):
        words = _("Score {score} \u00b7 this round {points:+d} \u00b7 {meld}")
    else:
        words = _("Score {score} \u00b7 this hand {points:+d} \u00b7 {meld}")
    figures = words.format(score=score, points=points, meld=meld)
    return side_name(view, side), side_members(view, side), figures


def foot_count(view: PlayerView, seat: int) -> int | None:
    """Hand and Foot: the cards of the seat's foot while it lies beside the hand, else None."""
    if seat >= len(view.foot_counts):
        return None
    return view.foot_counts[seat]
