"""Driving one table scene headless with posted events (the tutorial's, the replay's), as a person would."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import time
from collections.abc import Callable
from pathlib import Path

import pygame

from canasta.engine.actions import Action, Answer, AskPartner, Discard, Draw, Meld, Pass, TakePile
from canasta.engine.cards import Card, Rank
from canasta.engine.playerview import my_side
from canasta.ui.kit.app import App
from canasta.ui.table.layout.regions import hand_card_rects, meld_rects
from canasta.ui.table.scene import TableScene

FRAME_S = 0.05
SETTLE_FRAMES = 400
SCREENSHOTS = Path(__file__).resolve().parents[2] / "screenshots"
Point = tuple[int, int]


class SceneDriver:
    """An app whose top scene shows a table (or none for now: `table` gives None); `to_window` maps the
    table's points to the window's (a scene may draw the table below a panel)."""

    def __init__(
        self, app: App, table: Callable[[], TableScene | None], to_window: Callable[[Point], Point] = lambda pos: pos
    ) -> None:
        self.app = app
        self.current = table
        self.to_window = to_window

    def table(self) -> TableScene:
        table = self.current()
        assert table is not None, "no table is shown"
        return table

    def frame(self, count: int = 1) -> None:
        for _ in range(count):
            self.app.frame(FRAME_S)
            time.sleep(0.001)

    def settle(self) -> None:
        for _ in range(SETTLE_FRAMES):
            table = self.current()
            if table is None or not table.animating:
                return
            self.frame()
        raise AssertionError("the table's animation never ended")

    def click(self, pos: Point, *, on_table: bool = True) -> None:
        self.settle()
        at = self.to_window(pos) if on_table else pos
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1))
        self.frame()

    def key(self, key: int, mod: int = 0) -> None:
        self.settle()
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
        self.frame()

    def screenshot(self, name: str) -> Path:
        SCREENSHOTS.mkdir(exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        pygame.image.save(self.app.screen, str(path))
        return path

    # -- the human's moves ----------------------------------------------------------------------------------

    def held(self, card: Card) -> Card:
        """The hand's copy of `card` (a lesson names cards without their copy)."""
        order = self.table().hand.order
        return card if card in order else next(held for held in order if held.text == card.text)

    def card_point(self, card: Card) -> Point:
        table = self.table()
        selected = {index for index, held in enumerate(table.hand.order) if held in table.hand.selected}
        box = hand_card_rects(table.layout, len(table.hand.order), selected)[table.hand.order.index(card)]
        return (box.x + 3, box.y + box.h // 3)

    def select(self, cards: tuple[Card, ...]) -> None:
        for card in cards:
            held = self.held(card)
            if held not in self.table().hand.selected:
                self.click(self.card_point(held))

    def meld_point(self, rank: Rank) -> Point:
        table = self.table()
        view = table.ctl.human_view()
        side = my_side(view)
        melds = view.melds[side]
        shapes = [(meld.label, len(meld.cards), meld.is_canasta(view.rules)) for meld in melds]
        slots = meld_rects(table.layout, side, shapes)
        slot = next(slot for meld, slot in zip(melds, slots, strict=True) if meld.rank is rank)
        return (slot.box.x + slot.box.w // 2, slot.box.y + 4)

    def play(self, action: Action) -> None:
        """The human's action with the mouse: clicks on the stock, cards, the pile, melds and buttons."""
        layout = self.table().layout
        match action:
            case Draw():
                self.click(layout.stock.centre)
            case TakePile(with_, also):
                self.select(with_ + tuple(card for group in also for card in group))
                self.click(layout.pile.centre)
            case Meld(new, add):
                self._meld(new, add)
            case Discard(card):
                point = self.card_point(self.held(card))
                self.click(point)
                self.click(point)  # a double click
            case AskPartner():
                self.click(layout.button("ask_partner").centre)
            case Answer(yes):
                self.click(layout.button("go_out" if yes else "pass").centre)
            case Pass():
                self.click(layout.button("pass").centre)

    def _meld(self, new: tuple[tuple[Card, ...], ...], add: tuple[tuple[Rank, tuple[Card, ...]], ...]) -> None:
        plain = tuple(card for group in new for card in group)
        plain += tuple(card for _, group in add if not any(c.is_wild for c in group) for card in group)
        if plain:
            self.select(plain)
            self.click(self.table().layout.button("meld").centre)
        for rank, group in add:
            if any(card.is_wild for card in group):
                self.select(group)
                self.click(self.meld_point(rank))
