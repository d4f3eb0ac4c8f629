"""Drawing the table from the human's view: seats, stock and pile, melds, red threes, scores, the hand."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import pygame

from canasta.cards import Card
from canasta.melds import TableMeld
from canasta.playerview import (
    Phase,
    PlayerView,
    initial_minimum,
    my_side,
    partner_to_ask,
    pile_is_frozen,
    score_index,
    side_has_melded,
)
from canasta.scoring import canasta_bonus, red_three_score
from canasta.ui.layout import (
    Box,
    TableLayout,
    back_rects,
    hand_card_rects,
    meld_rects,
    pile_card_rects,
    red_three_rects,
)
from canasta.ui.theme import Button, Theme

PILE_SHOWN = 8  # the pile's top cards drawn fanned


@dataclass(frozen=True, slots=True)
class HandShown:
    """The human's hand as the table shows it: order, selection, keyboard focus, a drag, lit targets."""

    order: list[Card]
    selected: set[Card]
    focus: int
    drag: Any  # the table scene's Drag, or None
    targets: set[str]


@dataclass(frozen=True, slots=True)
class Frame:
    """Everything one frame of the table draws."""

    layout: TableLayout
    view: PlayerView
    hand: HandShown
    buttons: Mapping[str, Button]
    message: str


class TableDrawer:
    """Draws one frame of the table; keeps nothing but the theme."""

    def __init__(self, theme: Theme) -> None:
        self.theme = theme

    def draw(self, screen: pygame.Surface, frame: Frame) -> None:
        layout, view, hand, message = frame.layout, frame.view, frame.hand, frame.message
        palette = self.theme.palette
        screen.fill(palette.table)
        targets = hand.targets
        self._seats(screen, layout, view)
        self._centre(screen, layout, view, targets)
        for side in range(len(layout.sides)):
            self._melds(screen, layout, view, side, f"meld_area:{side}" in targets)
            self._red_threes(screen, layout, view, side)
        self._scoreboard(screen, layout, view)
        for button in frame.buttons.values():
            button.draw(screen, self.theme, layout.font_px)
        colour = palette.text if message.startswith("\u25b6") else palette.warning
        self.theme.text(screen, message.lstrip("\u25b6 "), layout.message, layout.font_px, colour=colour)
        self._hand(screen, layout, hand, f"hand:{layout.human_seat}" in targets)

    # -- seats --------------------------------------------------------------------------------------------------

    def _seats(self, screen: pygame.Surface, layout: TableLayout, view: PlayerView) -> None:
        for seat_layout in layout.seats:
            seat = seat_layout.seat
            if seat != view.seat:
                for box in back_rects(layout, seat, view.hand_counts[seat]):
                    screen.blit(self.theme.card("back", (box.w, box.h)), (box.x, box.y))
            self._label(screen, layout, view, seat, seat_layout.label)

    def _label(self, screen: pygame.Surface, layout: TableLayout, view: PlayerView, seat: int, box: Box) -> None:
        palette = self.theme.palette
        turn = view.current == seat and view.phase is not Phase.OVER
        if turn:
            pygame.draw.rect(screen, palette.accent, box.as_tuple(), width=2, border_radius=4)
        marker = "\u25b6 " if turn else ""
        count = view.hand_counts[seat]
        words = f"{marker}{seat_name(view, seat)} \u00b7 {count} card{'' if count == 1 else 's'}"
        inner = Box(box.x + 4, box.y, box.w - 8, box.h)
        self.theme.text(
            screen, words, inner, layout.font_px, bold=turn, colour=palette.accent if turn else palette.text
        )

    # -- stock and pile -------------------------------------------------------------------------------------

    def _centre(self, screen: pygame.Surface, layout: TableLayout, view: PlayerView, targets: set[str]) -> None:
        palette = self.theme.palette
        stock = layout.stock
        if view.stock_count:
            screen.blit(self.theme.card("back", (stock.w, stock.h)), (stock.x, stock.y))
        else:
            pygame.draw.rect(screen, palette.table_dark, stock.as_tuple(), border_radius=6)
        self.theme.text(screen, str(view.stock_count), layout.stock_label, layout.font_px, align="centre")
        shown = view.pile[-PILE_SHOWN:]
        boxes = pile_card_rects(layout, len(shown))
        for card, box in zip(shown, boxes, strict=True):
            face = self.theme.card(card.text, (box.w, box.h))
            if card.is_wild and card is not view.pile[-1]:
                face = pygame.transform.rotate(face, 90)  # the freezing wild card lies sideways
                face = pygame.transform.smoothscale(face, (box.w, box.h))
            screen.blit(face, (box.x, box.y))
        frozen = pile_is_frozen(view)
        if frozen and boxes:
            outline = Box(boxes[0].x - 3, boxes[0].y - 3, boxes[-1].right - boxes[0].x + 6, boxes[0].h + 6)
            pygame.draw.rect(screen, palette.frozen, outline.as_tuple(), width=3, border_radius=6)
        if "pile" in targets:
            pygame.draw.rect(screen, palette.accent, layout.pile.as_tuple(), width=3, border_radius=6)
        self.theme.text(screen, pile_words(view, frozen), layout.pile_label, layout.font_px)

    # -- melds and red threes ---------------------------------------------------------------------------------

    def _melds(self, screen: pygame.Surface, layout: TableLayout, view: PlayerView, side: int, target: bool) -> None:
        palette = self.theme.palette
        area = layout.sides[side].meld_area
        if target:
            pygame.draw.rect(screen, palette.accent, area.as_tuple(), width=3, border_radius=8)
        melds = view.melds[side]
        shapes = [(meld.rank.value, len(meld.cards), meld.is_canasta(view.rules)) for meld in melds]
        for meld, slot in zip(melds, meld_rects(layout, side, shapes), strict=True):
            if slot.is_canasta:
                top = canasta_top(meld)
                screen.blit(self.theme.card(top.text, (slot.box.w, slot.box.h)), (slot.box.x, slot.box.y))
                kind = "natural" if meld.wilds == 0 else "mixed"
                self._badge(screen, slot.badge, f"{len(meld.cards)} {kind}", layout.font_px)
                continue
            for card, box in zip(meld.cards, slot.cards, strict=True):
                screen.blit(self.theme.card(card.text, (box.w, box.h)), (box.x, box.y))
            self._badge(screen, slot.badge, str(len(meld.cards)), layout.font_px)

    def _badge(self, screen: pygame.Surface, box: Box, words: str, px: int) -> None:
        font = self.theme.font(max(9, int(px * 0.8)), bold=True)
        rendered = font.render(words, True, (255, 255, 255))
        back = pygame.Rect(box.x, box.y, max(box.w, rendered.get_width() + 6), max(box.h, rendered.get_height()))
        pygame.draw.rect(screen, (20, 20, 20), back, border_radius=back.h // 2)
        screen.blit(rendered, (back.x + (back.w - rendered.get_width()) // 2, back.y))

    def _red_threes(self, screen: pygame.Surface, layout: TableLayout, view: PlayerView, side: int) -> None:
        threes = _threes_of_side(view, side)
        for card, box in zip(threes, red_three_rects(layout, side, len(threes)), strict=True):
            screen.blit(self.theme.card(card.text, (box.w, box.h)), (box.x, box.y))

    # -- scores ---------------------------------------------------------------------------------------------

    def _scoreboard(self, screen: pygame.Surface, layout: TableLayout, view: PlayerView) -> None:
        palette = self.theme.palette
        box = layout.scoreboard
        pygame.draw.rect(screen, palette.panel, box.as_tuple(), border_radius=6)
        lines = scoreboard_lines(view)
        line_h = max(1, min(layout.line_h, box.h // max(1, len(lines))))
        for index, line in enumerate(lines):
            row = Box(box.x + 6, box.y + index * line_h, box.w - 12, line_h)
            self.theme.text(screen, line, row, min(layout.font_px, int(line_h * 0.75)))

    # -- the human's hand ---------------------------------------------------------------------------------------

    def _hand(self, screen: pygame.Surface, layout: TableLayout, hand: HandShown, target: bool) -> None:
        palette = self.theme.palette
        order, selected, drag = hand.order, hand.selected, hand.drag
        dragging = set(drag.cards) if drag is not None and drag.active else set()
        indices = {i for i, card in enumerate(order) if card in selected}
        boxes = hand_card_rects(layout, len(order), indices)
        if target:
            pygame.draw.rect(screen, palette.accent, layout.human.hand.as_tuple(), width=3, border_radius=8)
        for index, (card, box) in enumerate(zip(order, boxes, strict=True)):
            if card in dragging:
                continue
            screen.blit(self.theme.card(card.text, (box.w, box.h)), (box.x, box.y))
            if card in selected:
                pygame.draw.rect(screen, palette.accent, box.as_tuple(), width=3, border_radius=6)
            if index == hand.focus:
                focus = Box(box.x + 2, box.bottom - 6, min(box.w - 4, layout.card_size[0] // 2), 4)
                pygame.draw.rect(screen, palette.accent, focus.as_tuple())
        if dragging:
            width, height = layout.card_size
            for offset, card in enumerate(drag.cards):
                x = drag.pos[0] - width // 2 + offset * width // 4
                screen.blit(self.theme.card(card.text, (width, height)), (x, drag.pos[1] - height // 2))


def seat_name(view: PlayerView, seat: int) -> str:
    """How the table names a seat from the human's chair."""
    if seat == view.seat:
        return "You"
    if partner_to_ask(view.rules, view.seat) == seat:
        return "Partner"
    if view.rules.players == 6 and (seat - view.seat) % 2 == 0:
        return f"Partner (seat {seat + 1})"
    if (seat - view.seat) % view.rules.players == 1:
        return "Left"
    if (view.seat - seat) % view.rules.players == 1:
        return "Right"
    return f"Seat {seat + 1}"


def pile_words(view: PlayerView, frozen: bool) -> str:
    words = f"Pile {len(view.pile)}"
    if frozen:
        words += " \u00b7 FROZEN"
    if view.pile and view.pile[-1].is_black_three:
        words += " \u00b7 STOP (black three)"
    return words


def canasta_top(meld: TableMeld) -> Card:
    """The card shown on a squared-up canasta: a red one for a natural canasta, a black one for a mixed."""
    naturals = [card for card in meld.cards if not card.is_wild]
    red = [card for card in naturals if card.suit is not None and card.suit.is_red]
    black = [card for card in naturals if card not in red]
    preferred = red if meld.wilds == 0 else black
    return (preferred or naturals)[0]


def _threes_of_side(view: PlayerView, side: int) -> tuple[Card, ...]:
    if view.rules.players == 3:
        return view.red_threes[side]
    return view.red_threes[side] if side < len(view.red_threes) else ()


def scoreboard_lines(view: PlayerView) -> list[str]:
    """Each side: its total, this hand's points so far on the table, and its first-meld requirement."""
    lines = []
    for side in range(len(view.melds)):
        melds = view.melds[side]
        points = canasta_bonus(view.rules, melds) + sum(meld.points for meld in melds)
        points += red_three_score(view.rules, melds, len(_threes_of_side(view, side)))
        seats = [seat for seat in range(view.rules.players) if view.rules.seat_side[seat] == side]
        name = "Us" if side == my_side(view) else ("Them" if view.rules.players == 4 else seat_name(view, seats[0]))
        met = (
            "first meld made" if side_has_melded(view, side) else f"first meld needs {initial_minimum(view, seats[0])}"
        )
        lines.append(f"{name}: {view.scores[score_index(view.rules, seats[0])]}   this hand {points:+d}")
        lines.append(f"    {met}")
    return lines
