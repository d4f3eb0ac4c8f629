"""The window: one event poll per frame and a stack of scenes (docs/development.md, Project layout)."""

from __future__ import annotations

import logging
import os
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from types import FrameType
from typing import Protocol

import pygame

from canasta.ui.geometry import DEFAULT_WINDOW, MIN_WINDOW
from canasta.ui.look.assets import assets_dir
from canasta.ui.look.theme import Theme

LOG = logging.getLogger(__name__)
FPS = 60


class Scene(Protocol):
    """One screen: it reads events (positions from `event.pos`), advances with time, and draws."""

    def handle_event(self, event: pygame.event.Event) -> None: ...

    def update(self, dt_s: float) -> None: ...

    def draw(self, screen: pygame.Surface) -> None: ...

    def resize(self, size: tuple[int, int]) -> None: ...


INTERRUPTED = 128 + signal.SIGINT  # the exit status of a program stopped by Ctrl-C, as shells report it (130)


@dataclass(slots=True)
class AppState:
    running: bool = True
    terminating: bool = False  # the system asked the program to stop (SIGTERM): no question, save and close
    interrupted: bool = False  # it was Ctrl-C (SIGINT): the same, and the program's exit status says so
    full_screen: bool = False
    windowed_size: tuple[int, int] = DEFAULT_WINDOW  # the window's size to go back to from full screen


def _set_window_icon() -> None:
    """The game's icon (`assets/icon.png`, made by `build/make_icons.py`) for the title bar and task bar;
    it must be set before the window opens. Without it pygame shows its own."""
    path = assets_dir() / "icon.png"
    try:
        pygame.display.set_icon(pygame.image.load(str(path)))
    except (pygame.error, OSError):
        LOG.warning("no window icon at %s", path)


class App:
    """Owns the window, the theme and the scene stack; the top scene gets the events."""

    def __init__(self, size: tuple[int, int] = DEFAULT_WINDOW, style: str = "classic") -> None:
        # Crisp on high-DPI screens: ask Windows for per-monitor awareness (macOS and X11 need no hint here).
        os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")
        # Only what the window needs: sound comes later, and must not fail where there is no audio device.
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption("Canasta")
        _set_window_icon()
        flags = pygame.RESIZABLE
        self.screen = pygame.display.set_mode(size, flags)
        self.theme = Theme(style)
        self.scenes: list[Scene] = []
        self.state = AppState()
        self.clock = pygame.time.Clock()
        self.on_close: Callable[[], None] = self.quit  # the window's close button
        self.on_terminate: Callable[[], None] = self.quit  # SIGTERM (a logout, a shutdown, `kill`)

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)
        scene.resize(self.size)

    def pop(self) -> None:
        if self.scenes:
            self.scenes.pop()
        if not self.scenes:
            self.state.running = False

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop()
        self.push(scene)

    def quit(self) -> None:
        self.state.running = False

    def set_full_screen(self, full: bool) -> None:
        """Full screen at the desktop's size, or back to a resizable window of the size it had."""
        if full == self.state.full_screen:
            return
        if full:
            self.state.windowed_size = self.size
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self.screen = pygame.display.set_mode(self.state.windowed_size, pygame.RESIZABLE)
        self.state.full_screen = full
        for scene in self.scenes:
            scene.resize(self.size)

    def frame(self, dt_s: float) -> None:
        """One frame: every pending event to the top scene, then update and draw the whole stack."""
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                self.on_close()
                continue
            if event.type == pygame.VIDEORESIZE:
                self._resize((max(event.w, MIN_WINDOW[0] // 2), max(event.h, MIN_WINDOW[1] // 2)))
                continue
            if self.scenes:
                self.scenes[-1].handle_event(event)
        if self.scenes:
            self.scenes[-1].update(dt_s)
        for scene in self.scenes:
            scene.draw(self.screen)
        pygame.display.flip()

    def _resize(self, size: tuple[int, int]) -> None:
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        for scene in self.scenes:
            scene.resize(size)

    def run(self) -> None:
        """Frames until the window is closed. SIGTERM and Ctrl-C close it through `on_terminate` between two frames,
        asking nothing (SDL would turn SIGTERM into the close button's question, which nobody is there to answer,
        and Ctrl-C would end the program in the middle of a frame)."""
        # For measuring start-up time: the bench starts the game with this set and times the first frame.
        exit_after_first = os.environ.get("CANASTA_EXIT_AFTER_FIRST_FRAME") == "1"
        with _stopped_by_signals(self.state):
            while self.state.running:
                if self.state.terminating:
                    LOG.info("asked to stop (%s): closing without a question", _signal_name(self.state))
                    self.state.terminating = False
                    self.on_terminate()
                    continue
                dt_s = self.clock.tick(FPS) / 1000
                self.frame(min(dt_s, 0.1))
                if exit_after_first:
                    self.state.running = False
        pygame.quit()


def _signal_name(state: AppState) -> str:
    return "Ctrl-C" if state.interrupted else "SIGTERM"


@contextmanager
def _stopped_by_signals(state: AppState) -> Iterator[None]:
    """While the window runs, SIGTERM and SIGINT (Ctrl-C) only mark `state` (the frame loop acts on it, never the
    handler, which may come between any two lines); the handlers before are put back after. Only the main thread
    may set one."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def mark(signum: int, _frame: FrameType | None) -> None:
        state.terminating = True
        state.interrupted = state.interrupted or signum == signal.SIGINT

    before = {number: signal.signal(number, mark) for number in (signal.SIGTERM, signal.SIGINT)}
    try:
        yield
    finally:
        for number, handler in before.items():
            signal.signal(number, signal.SIG_DFL if handler is None else handler)
