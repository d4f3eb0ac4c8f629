"""Driving the game window headless with posted events, as a person would with mouse or keyboard."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import time
from pathlib import Path

import pygame

from canasta.engine.actions import Action, Answer, AskPartner, DeclareSpecial, Discard, Draw, Meld, Pass, TakePile
from canasta.engine.cards import Card, Rank
from canasta.engine.playerview import my_side
from canasta.engine.rules import Rules
from canasta.ui.flow.game import GameFlow
from canasta.ui.kit.app import App
from canasta.ui.look.theme import TableLook
from canasta.ui.table.controller import GameSetup
from canasta.ui.table.layout.regions import hand_card_rects, meld_rects
from canasta.ui.table.scene import TableScene

FRAME_S = 0.05
SETTLE_FRAMES = 400  # far more than the slowest animation of one action needs
SCREENSHOTS = Path(__file__).resolve().parents[2] / "screenshots"


class Driver:
    """A window with the game flow, and hands that post events to it."""

    def __init__(self, size: tuple[int, int] = (1280, 800), look: TableLook | None = None) -> None:
        self.look = look
        self.app = App(size)
        self.flow = GameFlow(self.app)
        self.app.on_close = self.flow.leave
        self.flow.title()
        self.frame()

    # -- low level ------------------------------------------------------------------------------------------------

    def frame(self, count: int = 1) -> None:
        for _ in range(count):
            self.app.frame(FRAME_S)
            # The real loop waits for the next frame here (clock.tick), which lets the computer players'
            # thread run; a test loop that never waits could starve it.
            time.sleep(0.001)

    def until_human_turn(self, frames: int = 2000) -> None:
        """Frames until the human is to act (the computer players before him have played)."""
        for _ in range(frames):
            if self.table.ctl.human_to_act():
                return
            self.frame()
        raise AssertionError("the human's turn never came")

    def settle(self) -> None:
        """Let the table's moving cards arrive (as a person waits for them before the next click)."""
        for _ in range(SETTLE_FRAMES):
            table = self.flow.table
            if table is None or not table.animating or self.app.scenes[-1] is not table:
                return
            self.frame()
        raise AssertionError("the table's animation never ended")

    def click(self, pos: tuple[int, int]) -> None:
        self.settle()
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        self.frame()

    def drag(self, start: tuple[int, int], end: tuple[int, int], steps: int = 4) -> None:
        self.settle()
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        for step in range(1, steps + 1):
            pos = (start[0] + (end[0] - start[0]) * step // steps, start[1] + (end[1] - start[1]) * step // steps)
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
            self.frame()
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
        self.frame()

    def key(self, key: int) -> None:
        self.settle()
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
        self.frame()

    def type(self, text: str) -> None:
        """Type `text` one key at a time, as a keyboard does (each key with the character it gives)."""
        for char in text:
            self.settle()
            key = pygame.key.key_code(char)
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=char, scancode=0))
            self.frame()

    def screenshot(self, name: str) -> Path:
        SCREENSHOTS.mkdir(exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        pygame.image.save(self.app.screen, str(path))
        return path

    # -- the game -------------------------------------------------------------------------------------------------

    def start(self, players: int = 4, seed: int = 7, levels: tuple[str, ...] | None = None) -> TableScene:
        rules = Rules.for_players(players)
        chosen = levels or tuple("human" if seat == 0 else "normal" for seat in range(players))
        self.flow.start(GameSetup(rules, chosen, seed, think_s=0.0))
        if self.look is not None:
            self.table.apply_look(self.look)
        self.frame()
        assert self.flow.table is not None
        return self.flow.table

    @property
    def table(self) -> TableScene:
        assert self.flow.table is not None
        return self.flow.table

    def card_point(self, card: Card) -> tuple[int, int]:
        """A point that lies on `card` in the human's fanned hand (its left edge is never covered)."""
        table = self.table
        selected = {index for index, held in enumerate(table.hand.order) if held in table.hand.selected}
        boxes = hand_card_rects(table.layout, len(table.hand.order), selected)
        box = boxes[table.hand.order.index(card)]
        return (box.x + 3, box.y + box.h // 3)

    def button_point(self, name: str) -> tuple[int, int]:
        return self.table.layout.button(name).centre

    def select_by_mouse(self, cards: tuple[Card, ...]) -> None:
        for card in cards:
            held = self._held(card)
            if held not in self.table.hand.selected:
                self.click(self.card_point(held))

    def select_by_keys(self, cards: tuple[Card, ...]) -> None:
        for card in cards:
            held = self._held(card)
            if held in self.table.hand.selected:
                continue
            target = self.table.hand.order.index(held)
            while self.table.hand.focus != target:
                self.key(pygame.K_RIGHT if self.table.hand.focus < target else pygame.K_LEFT)
            self.key(pygame.K_SPACE)

    def _held(self, card: Card) -> Card:
        order = self.table.hand.order
        return card if card in order else next(held for held in order if held.text == card.text)

    def play_by_mouse(self, action: Action) -> None:
        """The human's action done with the mouse alone."""
        table = self.table
        match action:
            case Draw():
                self.click(table.layout.stock.centre)
            case TakePile(with_, also):
                self.select_by_mouse(with_ + tuple(card for group in also for card in group))
                self.click(table.layout.pile.centre)
            case Meld(new, add):
                self._meld_by_mouse(new, add)
            case Discard(card):
                point = self.card_point(self._held(card))
                self.click(point)
                self.click(point)  # a double click
            case AskPartner():
                self.click(self.button_point("ask_partner"))
            case Answer(yes):
                self.click(self.button_point("go_out" if yes else "pass"))
            case Pass():
                self.click(self.button_point("pass"))

    def _meld_by_mouse(self, new: tuple[tuple[Card, ...], ...], add: tuple[tuple[Rank, tuple[Card, ...]], ...]) -> None:
        """New melds and additions of natural cards with the Meld button; wild cards onto the meld they join
        by clicking that meld."""
        plain = tuple(card for group in new for card in group)
        plain += tuple(card for _, group in add if not any(c.is_wild for c in group) for card in group)
        if plain:
            self.select_by_mouse(plain)
            self.click(self.button_point("meld"))
        for rank, group in add:
            if any(card.is_wild for card in group):
                self.select_by_mouse(group)
                self.click(self.meld_point(rank))

    def meld_point(self, rank: Rank) -> tuple[int, int]:
        """A point on the human side's meld of `rank`."""
        view = self.table.ctl.human_view()
        side = my_side(view)
        melds = view.melds[side]
        shapes = [(meld.label, len(meld.cards), meld.is_canasta(view.rules)) for meld in melds]
        slots = meld_rects(self.table.layout, side, shapes)
        slot = next(slot for meld, slot in zip(melds, slots, strict=True) if meld.rank is rank)
        return (slot.box.x + slot.box.w // 2, slot.box.y + 4)

    def play_by_keys(self, action: Action) -> None:
        """The human's action done with the keyboard alone."""
        match action:
            case Draw(keep_three=True):
                self.key(pygame.K_k)
            case Draw():
                self.key(pygame.K_d)
            case DeclareSpecial():
                self.key(pygame.K_g)
            case TakePile(with_, also):
                self.select_by_keys(with_ + tuple(card for group in also for card in group))
                self.key(pygame.K_t)
            case Meld():
                self.select_by_keys(action.cards())
                self.key(pygame.K_m)
            case Discard(card):
                self.select_by_keys((card,))
                self.key(pygame.K_x)
            case AskPartner():
                self.key(pygame.K_a)
            case Answer(yes):
                self.key(pygame.K_y if yes else pygame.K_n)
            case Pass():
                self.key(pygame.K_p)
