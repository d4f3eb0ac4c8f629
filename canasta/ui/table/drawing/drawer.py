"""Drawing the table from the human's view: the felt, stock and pile, the buttons and the message line, and what is
drawn over the table; the sides' panels and the players' plates are `seats`' to draw, the cards and the hand's
marks `cards`', the melds' badges `melds`', the captions, the move log and the take chooser `talk`'s."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pygame

from canasta.engine.playerview import PlayerView, pile_is_frozen
from canasta.i18n import _
from canasta.ui.kit.widgets import wrap_lines
from canasta.ui.look.theme import Theme
from canasta.ui.table.drawing.cards import CardDrawer, shadow_at
from canasta.ui.table.drawing.coach import HINT_MARKER, draw_hint
from canasta.ui.table.drawing.frame import TURN_MARKER, Frame, Overlay
from canasta.ui.table.drawing.help_overlay import draw_banner, draw_help, draw_tooltip, key_rows
from canasta.ui.table.drawing.melds import BadgePainter, MeldDrawer
from canasta.ui.table.drawing.seats import SeatDrawer
from canasta.ui.table.drawing.talk import draw_talk
from canasta.ui.table.layout.regions import MIN_TEXT_PX, Box, TableLayout
from canasta.ui.table.narration.stakes import hand_marks, stock_words, turn_card_waits


class TableDrawer:
    """Draws one frame of the table with its parts (`seats`, `cards`, `melds`), which share one badge painter."""

    def __init__(self, theme: Theme, badges: BadgePainter | None = None) -> None:
        self.theme = theme
        self.badges = badges or BadgePainter(theme)
        self.seats = SeatDrawer(theme, self.badges)
        self.cards = CardDrawer(theme)
        self.melds = MeldDrawer(theme, self.badges)

    def draw(self, screen: pygame.Surface, frame: Frame) -> None:
        layout, view, hand = frame.layout, frame.view, frame.hand
        screen.blit(self.theme.background(screen.get_size()), (0, 0))
        for side in layout.sides:
            self.seats.panel(screen, layout, view, side)
        self.seats.plates(screen, frame)
        self._centre(screen, layout, view, frame.info)
        for button in frame.buttons.values():
            button.draw(screen, self.theme, layout.font_px)
        self._message(screen, layout, frame.message, frame.coach.message_box or layout.message)
        fresh = hand.fresh - frame.coach.hint.cards
        self.cards.draw(screen, layout, frame.cards, replace(hand, fresh=fresh), hand_marks(view))
        self.melds.draw(screen, layout, view, frame.cards, hand.melds)
        self.seats.stakes(screen, layout, view)
        draw_hint(screen, self.theme, layout, frame.coach.hint, frame.cards)
        self._targets(screen, layout, hand.targets)
        draw_talk(screen, self.theme, layout, view, frame.talk)
        self._overlay(screen, layout, view, frame.overlay)

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
        if layout.labels_beside:
            parts = pile_words(view, frozen).split(" \u00b7 ")  # "Pile 8", "FROZEN", "STOP": a line each
            self._label_beside(screen, layout.pile_label, layout.font_px, parts, "left")
        else:
            self.theme.fitted_text(screen, pile_words(view, frozen), layout.pile_label, layout.font_px)
        self._info(screen, layout, info)

    def _label_beside(self, screen: pygame.Surface, box: Box, px: int, parts: Sequence[str], align: str) -> None:
        """The stock's label (aligned right, on its left) or the pile's (aligned left, on its right), beside the
        cards: each part on a line of its own (a part too wide for one, over several), the last at the cards' foot."""
        font = self.theme.font(px)
        lines = [line for part in parts for line in wrap_lines(font, part, box.w)]
        line_h = font.get_linesize()
        y = max(box.y, box.bottom - len(lines) * line_h)
        for line in lines:
            if y + line_h > box.bottom:
                return
            self.theme.fitted_text(screen, line, Box(box.x, y, box.w, line_h), px, align=align)
            y += line_h

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
        if turn_card_waits(view):  # the turn card lies across under the stock, its ends showing
            across = pygame.transform.rotate(self.theme.card("back", (stock.w, stock.h)), 90)
            left, top = stock.centre[0] - across.get_width() // 2, stock.bottom - across.get_height() + stock.h // 8
            screen.blit(across, (left, top))
        if view.stock_count:
            screen.blit(self.theme.shadow((stock.w, stock.h)), shadow_at(stock))
            back = self.theme.card("back", (stock.w, stock.h))
            for depth in range(min(3, view.stock_count - 1), 0, -1):
                screen.blit(back, (stock.x + depth, stock.y + depth))
            screen.blit(back, (stock.x, stock.y))
        else:
            pygame.draw.rect(screen, palette.table_dark, stock.as_tuple(), border_radius=6)
            pygame.draw.rect(screen, palette.dim_text, stock.as_tuple(), width=1, border_radius=6)
        words = stock_words(view)
        if layout.labels_beside:
            self._label_beside(screen, layout.stock_label, layout.font_px, words.split(" \u00b7 "), "right")
            return
        if not self.theme.fits(words, layout.stock_label.w, layout.font_px):
            words = _("Stock {count}").format(count=view.stock_count)  # the turn card shows under the stock
        if self.theme.font(MIN_TEXT_PX).size(words)[0] > layout.stock_label.w:
            words = str(view.stock_count)  # the count alone rather than cut (a stock of 100 cards and more)
        self.theme.fitted_text(screen, words, layout.stock_label, layout.font_px, align="centre")

    # -- over the table ---------------------------------------------------------------------------------------

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

    def _overlay(self, screen: pygame.Surface, layout: TableLayout, view: PlayerView, overlay: Overlay) -> None:
        if overlay.banner:
            draw_banner(screen, self.theme, overlay.banner, round(layout.font_px * 1.6))
        if overlay.tooltip is not None:
            draw_tooltip(screen, self.theme, overlay.tooltip[0], overlay.tooltip[1], layout.font_px)
        if overlay.help:
            draw_help(screen, self.theme, layout.font_px, key_rows(view.rules, view.seat))


def message_fit(theme: Theme, layout: TableLayout, words: str, width: int) -> tuple[int, list[str]]:
    """How the message line shows `words` in `width`: one line at the table's size, or failing that two lines
    of small text (each at the largest size up to that which fits). Returns the size and the lines."""
    if theme.font(layout.font_px).size(words)[0] <= width:
        return layout.font_px, [words]
    lines = _two_lines(words)
    px = min(theme.fitting_px(line, width, layout.small_px) for line in lines)
    return px, lines


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


def _two_lines(words: str) -> list[str]:
    """`words` split at the space nearest the middle (one line when there is no space)."""
    middle = len(words) // 2
    spaces = [index for index, char in enumerate(words) if char == " "]
    if not spaces:
        return [words]
    cut = min(spaces, key=lambda index: abs(index - middle))
    return [words[:cut], words[cut + 1 :]]
