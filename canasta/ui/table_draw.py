"""Drawing the table from the human's view: seats, stock and pile, the card sprites, scores, the marks on the
hand, and the overlays (a banner, a tooltip, the keys)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import pygame

from canasta.cards import Card
from canasta.i18n import _, ngettext
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
from canasta.ui.coach_draw import HINT_MARKER, CoachShown, draw_hint, draw_open_hand
from canasta.ui.help_overlay import draw_banner, draw_help, draw_tooltip
from canasta.ui.layout import Box, TableLayout, back_rects, meld_rects
from canasta.ui.sprites import Area, DrawnCard, threes_of_side
from canasta.ui.theme import Button, Theme

TURN_MARKER = "\u25b6"  # before the name of the seat whose turn it is: a shape, not only a colour


@dataclass(frozen=True, slots=True)
class HandShown:
    """The human's hand as the table shows it: order, selection, keyboard focus, lit drop targets."""

    order: list[Card]
    selected: set[Card]
    focus: int
    targets: set[str]


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


class TableDrawer:
    """Draws one frame of the table; keeps nothing but the theme."""

    def __init__(self, theme: Theme) -> None:
        self.theme = theme

    def draw(self, screen: pygame.Surface, frame: Frame) -> None:
        layout, view, hand = frame.layout, frame.view, frame.hand
        palette = self.theme.palette
        screen.fill(palette.table)
        self._seats(screen, layout, view, frame.incoming or {}, frame.coach.open_hands)
        self._centre(screen, layout, view)
        self._scoreboard(screen, layout, view)
        for button in frame.buttons.values():
            button.draw(screen, self.theme, layout.font_px)
        self._message(screen, layout, frame.message, frame.coach.message_box or layout.message)
        self._cards(screen, layout, frame.cards, hand)
        self._badges(screen, layout, view, frame.cards)
        draw_hint(screen, self.theme, layout, frame.coach.hint, frame.cards)
        self._targets(screen, layout, hand.targets)
        self._overlay(screen, layout, frame.overlay)

    def _message(self, screen: pygame.Surface, layout: TableLayout, message: str, box: Box) -> None:
        """The prompt in the text colour, a hint in the accent colour (after its star), anything else (a refusal,
        a warning) in the warning colour."""
        palette = self.theme.palette
        if message.startswith(TURN_MARKER):
            words, colour = message.removeprefix(TURN_MARKER).lstrip(), palette.text
        else:
            words, colour = message, palette.accent if message.startswith(HINT_MARKER) else palette.warning
        px = layout.font_px
        lines = _two_lines(words) if self.theme.font(px).size(words)[0] > box.w else [words]
        if len(lines) == 1:
            self.theme.text(screen, words, box, px, colour=colour)
            return
        # A long message (a refusal, a hint) takes two lines of a slightly smaller size rather than being cut.
        small, half = max(9, px * 4 // 5), box.h // 2
        for index, line in enumerate(lines):
            self.theme.text(screen, line, Box(box.x, box.y + index * half, box.w, half), small, colour=colour)

    # -- seats --------------------------------------------------------------------------------------------------

    def _seats(
        self, screen: pygame.Surface, layout: TableLayout, view: PlayerView, incoming: Mapping[int, int],
        open_hands: Mapping[int, tuple[Card, ...]],
    ) -> None:  # fmt: skip
        for seat_layout in layout.seats:
            seat = seat_layout.seat
            if seat in open_hands:  # a practice game with open hands: the cards face up instead of backs
                draw_open_hand(screen, self.theme, layout, seat, open_hands[seat])
            elif seat != view.seat:
                count = max(0, view.hand_counts[seat] - incoming.get(seat, 0))
                for box in back_rects(layout, seat, count):
                    screen.blit(self.theme.card("back", (box.w, box.h)), (box.x, box.y))
            self._label(screen, layout, view, seat, seat_layout.label)

    def _label(self, screen: pygame.Surface, layout: TableLayout, view: PlayerView, seat: int, box: Box) -> None:
        palette = self.theme.palette
        turn = view.current == seat and view.phase is not Phase.OVER
        if turn:
            pygame.draw.rect(screen, palette.accent, box.as_tuple(), width=2, border_radius=4)
        count = view.hand_counts[seat]
        name = seat_name(view, seat)
        words = ngettext("{name} \u00b7 {count} card", "{name} \u00b7 {count} cards", count).format(
            name=name, count=count
        )
        marker = f"{TURN_MARKER} " if turn else ""
        inner = Box(box.x + 4, box.y, box.w - 8, box.h)
        colour = palette.accent if turn else palette.text
        px = layout.font_px
        line_h = inner.h // 2
        if self.theme.font(px, turn).size(marker + words)[0] <= inner.w or line_h < px:
            self.theme.text(screen, marker + words, inner, px, bold=turn, colour=colour)
            return
        # Too long for one line (a long name, a long language): the name above, the cards below.
        cards = ngettext("{count} card", "{count} cards", count).format(count=count)
        self.theme.text(screen, marker + name, Box(inner.x, inner.y, inner.w, line_h), px, bold=turn, colour=colour)
        self.theme.text(screen, cards, Box(inner.x, inner.y + line_h, inner.w, line_h), px, bold=turn, colour=colour)

    # -- stock and pile -------------------------------------------------------------------------------------

    def _centre(self, screen: pygame.Surface, layout: TableLayout, view: PlayerView) -> None:
        palette = self.theme.palette
        stock = layout.stock
        if view.stock_count:
            screen.blit(self.theme.card("back", (stock.w, stock.h)), (stock.x, stock.y))
        else:
            pygame.draw.rect(screen, palette.table_dark, stock.as_tuple(), border_radius=6)
        self.theme.text(screen, str(view.stock_count), layout.stock_label, layout.font_px, align="centre")
        frozen = pile_is_frozen(view)
        if frozen and view.pile:
            # Two outlines as well as the colour and the word FROZEN: the state never rests on colour alone.
            pile = layout.pile
            for inset, width in ((-5, 2), (-1, 2)):
                ring = Box(pile.x + inset, pile.y + inset, pile.w - 2 * inset, pile.h - 2 * inset)
                pygame.draw.rect(screen, palette.frozen, ring.as_tuple(), width=width, border_radius=6)
        self.theme.text(screen, pile_words(view, frozen), layout.pile_label, layout.font_px)

    # -- melds --------------------------------------------------------------------------------------------------

    def _badges(
        self, screen: pygame.Surface, layout: TableLayout, view: PlayerView, cards: Sequence[DrawnCard]
    ) -> None:
        """Each meld's card count (and a canasta's kind) on its top card, once no card of it is moving."""
        moving = {drawn.card for drawn in cards if drawn.rest is None or drawn.moving}
        for side in range(len(layout.sides)):
            melds = view.melds[side]
            shapes = [(meld.rank.value, len(meld.cards), meld.is_canasta(view.rules)) for meld in melds]
            for meld, slot in zip(melds, meld_rects(layout, side, shapes), strict=True):
                if moving.intersection(meld.cards):
                    continue
                count = len(meld.cards)
                if slot.is_canasta:
                    natural = _("{count} natural") if meld.wilds == 0 else _("{count} mixed")
                    words = natural.format(count=count)
                else:
                    words = str(count)
                self._badge(screen, slot.badge, words, layout.font_px)

    def _badge(self, screen: pygame.Surface, box: Box, words: str, px: int) -> None:
        palette = self.theme.palette
        font = self.theme.font(max(9, int(px * 0.8)), bold=True)
        rendered = font.render(words, True, palette.badge_text)
        back = pygame.Rect(box.x, box.y, max(box.w, rendered.get_width() + 6), max(box.h, rendered.get_height()))
        pygame.draw.rect(screen, palette.badge, back, border_radius=back.h // 2)
        screen.blit(rendered, (back.x + (back.w - rendered.get_width()) // 2, back.y))

    # -- the cards ----------------------------------------------------------------------------------------------

    def _cards(self, screen: pygame.Surface, layout: TableLayout, cards: Sequence[DrawnCard], hand: HandShown) -> None:
        focused = hand.order[hand.focus] if hand.order and 0 <= hand.focus < len(hand.order) else None
        for drawn in cards:
            box = self._card(screen, layout, drawn)
            if box is None or drawn.rest is None or drawn.rest.area not in (Area.HAND, Area.DRAG):
                continue
            if drawn.card in hand.selected:
                pygame.draw.rect(screen, self.theme.palette.accent, box, width=3, border_radius=6)
            if drawn.card is focused and drawn.rest.area is Area.HAND:
                self._focus(screen, box)

    def _card(self, screen: pygame.Surface, layout: TableLayout, drawn: DrawnCard) -> pygame.Rect | None:
        """Blits one card in its pose; returns where it went (None when it is edge-on or invisible)."""
        pose = drawn.pose
        x, y, w, h = pose.rect
        width, height = max(1, round(w * pose.turn)), max(1, round(h))
        if pose.alpha <= 0.01 or w < 2:
            return None
        name = drawn.card.text if drawn.card is not None and pose.face_up else "back"
        rest = drawn.rest
        if rest is not None and (round(w), height) == (rest.box.w, rest.box.h):
            face = self.theme.card(name, (rest.box.w, rest.box.h))
        else:  # between sizes: scale a cached image quickly rather than cache every in-between size
            face = pygame.transform.scale(self.theme.card(name, layout.card_size), (max(1, round(w)), height))
        if rest is not None and rest.sideways and not drawn.moving:
            face = pygame.transform.smoothscale(pygame.transform.rotate(face, 90), face.get_size())
        if width != face.get_width():
            face = pygame.transform.scale(face, (width, height))
        if pose.alpha < 1:
            face = face.copy()
            face.set_alpha(round(pose.alpha * 255))
        left = round(x + (w - width) / 2)
        screen.blit(face, (left, round(y)))
        return pygame.Rect(left, round(y), width, height)

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


def seat_name(view: PlayerView, seat: int) -> str:
    """How the table names a seat from the human's chair."""
    if seat == view.seat:
        return _("You")
    if partner_to_ask(view.rules, view.seat) == seat:
        return _("Partner")
    if view.rules.players == 6 and (seat - view.seat) % 2 == 0:
        return _("Partner {number}").format(number=seat + 1)
    if (seat - view.seat) % view.rules.players == 1:
        return _("Left")
    if (view.seat - seat) % view.rules.players == 1:
        return _("Right")
    return _("Seat {number}").format(number=seat + 1)


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


def scoreboard_lines(view: PlayerView) -> list[str]:
    """Each side: its total, this hand's points so far on the table, and its first-meld requirement."""
    lines = []
    for side in range(len(view.melds)):
        melds = view.melds[side]
        points = canasta_bonus(view.rules, melds) + sum(meld.points for meld in melds)
        points += red_three_score(view.rules, melds, len(threes_of_side(view, side)))
        seats = [seat for seat in range(view.rules.players) if view.rules.seat_side[seat] == side]
        others = _("Them") if view.rules.players in (4, 6) else seat_name(view, seats[0])
        mine = _("You") if view.rules.players in (2, 3) else _("Us")
        name = mine if side == my_side(view) else others
        score = view.scores[score_index(view.rules, seats[0])]
        lines.append(_("{name}: {score}   this hand {points:+d}").format(name=name, score=score, points=points))
        if side_has_melded(view, side):
            lines.append("    " + _("first meld made"))
        else:
            lines.append("    " + _("first meld needs {minimum}").format(minimum=initial_minimum(view, seats[0])))
    return lines


def _two_lines(words: str) -> list[str]:
    """`words` split at the space nearest the middle (one line when there is no space)."""
    middle = len(words) // 2
    spaces = [index for index, char in enumerate(words) if char == " "]
    if not spaces:
        return [words]
    cut = min(spaces, key=lambda index: abs(index - middle))
    return [words[:cut], words[cut + 1 :]]
