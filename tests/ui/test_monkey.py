"""A monkey at the window: tens of thousands of random clicks, drags, keys, wheel turns, resizes and focus
changes over every screen, with the real files (settings, the saved game, statistics) in a folder of the test's
own. Nothing may raise, and a game left in any state must still play to its end."""

from __future__ import annotations

import os
import random
import time
from pathlib import Path

import pygame
import pytest

from canasta.storage.keeper import Keeper, open_keeper
from canasta.storage.paths import StoragePaths
from canasta.ui.flow.game import GameFlow
from canasta.ui.kit.app import App

EVENTS = 50_000
EVENTS_PER_FRAME = 16  # a quick hand's worth of events a frame: the frames (each drawn) are what costs
FRAME_S = 0.05
HELP_CHANCE = 0.3  # when it is the human's turn, how often a frame also plays a legal move (so games move on)
KEYS = (
    *range(pygame.K_a, pygame.K_z + 1), *range(pygame.K_0, pygame.K_9 + 1),
    pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_SPACE, pygame.K_TAB, pygame.K_BACKSPACE, pygame.K_DELETE,
    pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END,
    pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_F1, pygame.K_F2, pygame.K_QUESTION, pygame.K_SLASH,
)  # fmt: skip
MODS = (0, 0, 0, pygame.KMOD_SHIFT, pygame.KMOD_CTRL)


def _point(rng: random.Random, size: tuple[int, int]) -> tuple[int, int]:
    """Anywhere on the window, now and then just outside it (a drag may leave the window)."""
    width, height = size
    return (rng.randint(-20, width + 20), rng.randint(-20, height + 20))


def _random_event(rng: random.Random, size: tuple[int, int]) -> pygame.event.Event:
    roll = rng.random()
    if roll < 0.30:
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=_point(rng, size), button=rng.choice((1, 1, 1, 3)))
    if roll < 0.55:
        return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=_point(rng, size), button=rng.choice((1, 1, 1, 3)))
    if roll < 0.70:
        held = (rng.random() < 0.5, False, False)
        return pygame.event.Event(pygame.MOUSEMOTION, pos=_point(rng, size), rel=(1, 1), buttons=held)
    if roll < 0.92:
        key = rng.choice(KEYS)
        text = chr(key) if 32 <= key < 127 else ""
        kind = pygame.KEYDOWN if rng.random() < 0.85 else pygame.KEYUP
        return pygame.event.Event(kind, key=key, mod=rng.choice(MODS), unicode=text, scancode=0)
    if roll < 0.95:
        return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-3, -1, 1, 3)), flipped=False,
                                  precise_x=0.0, precise_y=0.0)  # fmt: skip
    if roll < 0.97:
        return pygame.event.Event(pygame.TEXTINPUT, text=rng.choice("0123456789abc?/ "))
    if roll < 0.985:
        width, height = rng.randint(200, 1600), rng.randint(150, 1000)
        return pygame.event.Event(pygame.VIDEORESIZE, w=width, h=height, size=(width, height))
    return pygame.event.Event(rng.choice((pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED, pygame.WINDOWLEAVE)))


class Monkey:
    """The window with its files; the flow is opened again whenever the monkey quits the game."""

    def __init__(self, home: Path) -> None:
        self.home = home
        self.app = App((1024, 700))
        self.openings = 0
        self.keeper, self.flow = self._open()

    def _open(self) -> tuple[Keeper, GameFlow]:
        keeper = open_keeper(StoragePaths(self.home, self.home), background=False)
        # Moves are instant and the computer players do not pause, so that games go on quickly.
        keeper.settings.change(animation_speed="instant", think_s=0.0, full_screen=False)
        flow = GameFlow(self.app, keeper=keeper)
        self.app.on_close = flow.leave
        self.app.state.running = True
        flow.title()
        self.openings += 1
        return keeper, flow

    def frame(self) -> None:
        self.app.frame(FRAME_S)
        if not self.app.state.running:  # the monkey chose Quit: start the game again, as a person would
            self.keeper.close()
            self.keeper, self.flow = self._open()

    def help_along(self, rng: random.Random) -> None:
        """Sometimes make a legal move for the human, as a player who knows the game would."""
        controller = self.flow.controller
        if controller is not None and controller.human_to_act() and rng.random() < HELP_CHANCE:
            controller.submit(rng.choice(controller.legal()))


@pytest.mark.soak
def test_fifty_thousand_random_events_break_nothing_and_the_game_still_ends(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The files are written as the game writes them, but not forced to the disk: that the window survives the
    # monkey is tested here, that a save survives a power cut in tests/storage.
    monkeypatch.setattr(os, "fsync", lambda descriptor: None)
    rng = random.Random(2026)
    monkey = Monkey(tmp_path)
    games_seen: set[int] = set()
    screens: set[str] = set()
    for _ in range(EVENTS // EVENTS_PER_FRAME):
        for _ in range(EVENTS_PER_FRAME):
            pygame.event.post(_random_event(rng, monkey.app.size))
        monkey.frame()
        monkey.help_along(rng)
        if monkey.flow.controller is not None:
            games_seen.add(id(monkey.flow.controller))
        screens.add(type(monkey.app.scenes[-1]).__name__)
    assert len(games_seen) >= 2, "the monkey should have started games"
    every_screen = {"MenuScene", "NewGameScene", "TableScene", "SettingsScene", "StatsScene", "RulesHelpScene"}
    assert every_screen <= screens, f"the monkey never reached {sorted(every_screen - screens)}"
    _play_to_the_end(monkey)


def _play_to_the_end(monkey: Monkey) -> None:
    """Whatever the monkey left, a game is played on (or started) and finishes, through the window's flow."""
    flow = monkey.flow
    if flow.controller is None or flow.controller.match.over:
        flow.continue_game() if flow.saved is not None else flow.new_game()
        if flow.controller is None:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
            monkey.frame()
    controller = flow.controller
    assert controller is not None, "a game could be started after the monkey"
    flow.continue_game()
    rng = random.Random(1)
    for _ in range(200_000):
        if controller.match.over:
            return
        if controller.hand_over():
            controller.next_hand()
        elif controller.human_to_act():
            controller.submit(rng.choice(controller.legal()))
        else:
            controller.update(1.0)
            time.sleep(0.0005)  # the computer players think on their own thread
    raise AssertionError("the game did not reach its end")
