"""The final table of a hand, seen from its summary: "Show table" (T) trades the summary for the table as the hand
ended, undimmed, with every hand that was left face up: each other seat's cards laid out beside its plate, where
its caption was, large enough to read (its backs gone from the plate). A bar on the message line says so and
offers the way back to the summary (T or Escape) and the summary's own Enter (the next hand, or a new game)."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import replace

import pygame

from canasta.engine.cards import Card, sort_key
from canasta.i18n import N_, _
from canasta.ui.kit.app import Scene
from canasta.ui.kit.widgets import NO_BOX
from canasta.ui.look.theme import Button, Theme
from canasta.ui.screens.menus import MenuScene
from canasta.ui.table.drawing.coach import line_buttons
from canasta.ui.table.layout.regions import Box, Size, TableLayout, back_rects
from canasta.ui.table.scene import TableScene

SHOW_KEY = pygame.K_t  # on the summary: show the table; on the table: back to the summary
SHOW_LABEL = (N_("Show table"), N_("T"))
BACK_LABEL = (N_("Back to the summary"), N_("T"))
GO_ON_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
SAID = (
    N_("The final table: every hand that was left is face up."), N_("Every hand left is face up."), N_("Final table"),
)  # fmt: skip  # on the message line, the longest that fits beside the buttons
CORNER_STEP = 0.42  # the least spacing of the laid-out cards that still shows each one's corner, as a share of its size
MOST_STEP = 0.6  # and the most, across
LEAST_CARD_H = 24  # smaller than this, a card's corner cannot be read


def hands_left(hands: tuple[tuple[Card, ...], ...], human: int) -> dict[int, tuple[Card, ...]]:
    """The cards each other seat held when the hand ended (the human's own are in his hand, face up already)."""
    return {seat: hand for seat, hand in enumerate(hands) if seat != human}


def offer_final_table(
    summary: MenuScene, table: TableScene, hands: Mapping[int, tuple[Card, ...]], swap: Callable[[Scene], None]
) -> None:
    """Add "Show table" (T) to the hand's `summary`: it puts the final table in the summary's place (`swap`
    replaces the top scene)."""
    label, hint = SHOW_LABEL
    summary.add("table", _(label), lambda: swap(FinalTableScene(table, summary, hands, swap)), SHOW_KEY, _(hint))


def laid_out_rects(box: Box, largest: Size, count: int) -> tuple[Box, ...]:
    """Where `count` cards lie face up in `box`: in overlapping rows that show each card's corner, at the largest
    size up to `largest` (its shape kept) at which they all fit, from the box's top left."""
    if count <= 0:
        return ()
    width, height = largest
    card_h = min(height, box.h)
    while card_h > LEAST_CARD_H and not _fits(box, (round(card_h * width / height), card_h), count):
        card_h -= 1
    card_w = max(1, round(card_h * width / height))
    cols = _columns(box.w, card_w, count)
    rows = math.ceil(count / cols)
    step_x = 0.0 if cols == 1 else min(card_w * MOST_STEP, (box.w - card_w) / (cols - 1))
    step_y = 0.0 if rows == 1 else max(0.0, min(card_h * MOST_STEP, (box.h - card_h) / (rows - 1)))
    return tuple(
        Box(box.x + math.floor((index % cols) * step_x), box.y + math.floor((index // cols) * step_y), card_w, card_h)
        for index in range(count)
    )


def _columns(width: int, card_w: int, count: int) -> int:
    return max(1, min(count, 1 + int((width - card_w) / max(1.0, card_w * CORNER_STEP))))


def _fits(box: Box, card: Size, count: int) -> bool:
    card_w, card_h = card
    if card_w > box.w:
        return False
    rows = math.ceil(count / _columns(box.w, card_w, count))
    return card_h + (rows - 1) * card_h * CORNER_STEP <= box.h


def draw_hands_left(
    screen: pygame.Surface, theme: Theme, layout: TableLayout, hands: Mapping[int, tuple[Card, ...]]
) -> None:
    """Each seat's cards face up where its caption was (the felt again under them), sorted as the human's are; its
    backs gone from its plate."""
    felt = theme.background(screen.get_size())
    for seat, cards in hands.items():
        place = layout.seats[seat]
        for back in back_rects(layout, seat, len(cards)):
            pygame.draw.rect(screen, theme.palette.plate, back.as_tuple())
        if not cards:
            continue  # the seat that went out: its caption says so
        caption = place.caption
        screen.blit(felt, (caption.x, caption.y), caption.as_tuple())
        ordered = sorted(cards, key=sort_key)
        for card, box in zip(ordered, laid_out_rects(caption, layout.meld_card_size, len(ordered)), strict=True):
            picture, (dx, dy) = theme.card_on_shadow(card.text, (box.w, box.h))
            screen.blit(picture, (box.x - dx, box.y - dy))


class FinalTableScene:
    """The table as the hand ended, in place of its summary: nothing dims it, the other seats' hands lie face up,
    and its message line holds what this is and the buttons back to the summary and on."""

    def __init__(
        self,
        table: TableScene,
        summary: MenuScene,
        hands: Mapping[int, tuple[Card, ...]],
        swap: Callable[[Scene], None],
    ) -> None:
        self.table = table
        self.summary = summary
        self.swap = swap
        label, hint = BACK_LABEL
        self.buttons = [Button("summary", _(label), NO_BOX, key_hint=_(hint))]
        on = summary.keys.get(pygame.K_RETURN)
        self.go_on = next((button for button in summary.buttons if button.name == on and button.enabled), None)
        if self.go_on is not None:
            self.buttons.append(Button(self.go_on.name, self.go_on.label, NO_BOX, key_hint=self.go_on.key_hint))
        self.hands = dict(hands)

    def back(self) -> None:
        """The summary again, as it was."""
        self.swap(self.summary)

    def go_on_as_summary(self) -> None:
        """What Enter does on the summary (the next hand, a new game), from here."""
        self.back()
        if self.go_on is not None:
            self.summary.actions[self.go_on.name]()

    # -- scene protocol -----------------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (SHOW_KEY, pygame.K_ESCAPE):
            self.back()
        elif event.type == pygame.KEYDOWN and event.key in GO_ON_KEYS:
            self.go_on_as_summary()
        elif event.type == pygame.MOUSEMOTION:
            for button in self.buttons:
                button.hover = button.box.contains_point(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = next((button for button in self.buttons if button.hit(event.pos)), None)
            if hit is self.buttons[0]:
                self.back()
            elif hit is not None:
                self.go_on_as_summary()

    def update(self, dt_s: float) -> None:
        return None

    def resize(self, size: tuple[int, int]) -> None:
        return None  # the table below has laid itself out anew; the bar follows its message line as it draws

    def draw(self, screen: pygame.Surface) -> None:
        table = self.table
        theme, layout, px = table.theme, table.layout, table.layout.font_px
        draw_hands_left(screen, theme, layout, self.hands)
        for button in table.buttons.values():  # the table's own buttons wait for the next hand: greyed
            replace(button, enabled=False, hover=False).draw(screen, theme, px)
        line = layout.message
        pygame.draw.rect(screen, theme.palette.panel, line.as_tuple(), border_radius=max(3, line.h // 5))
        room = line_buttons(layout, theme, self.buttons)
        said = next((_(words) for words in SAID if theme.fits(_(words), room.w, px)), _(SAID[-1]))
        theme.fitted_text(screen, said, room, px, colour=theme.palette.accent)
        for button in self.buttons:
            button.draw(screen, theme, px)
