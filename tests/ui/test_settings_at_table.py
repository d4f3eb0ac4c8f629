"""Settings during a game: the game's menu (Escape) offers them, every change applies to the table at once, and
Back returns to the same table with the game as it was (headless, posted keys and clicks)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from canasta.engine.rules import Rules
from canasta.i18n import set_language
from canasta.storage.keeper import open_keeper
from canasta.storage.paths import StoragePaths
from canasta.storage.settings import CardStyle, Language, TableTheme
from canasta.ui.flow.game import GameFlow
from canasta.ui.kit.app import App
from canasta.ui.look.sound import SoundBoard
from canasta.ui.look.theme import PALETTES, Theme
from canasta.ui.screens.menus import MenuScene
from canasta.ui.screens.settings import ROWS, SettingsScene
from canasta.ui.table.controller import GameSetup, TableController
from canasta.ui.table.scene import TableScene

SCREENSHOTS = Path(__file__).resolve().parents[2] / "screenshots"
ROW = {row[0]: index for index, row in enumerate(ROWS)}  # a setting's row on the settings screen


class Window:
    """The game's window on a folder of its own, a game of four under way."""

    def __init__(self, home: Path, size: tuple[int, int] = (1280, 800)) -> None:
        self.app = App(size)
        self.keeper = open_keeper(StoragePaths(home, home), background=False)
        self.flow = GameFlow(self.app, keeper=self.keeper, sound=SoundBoard(volume=80))
        self.app.on_close = self.flow.leave
        self.flow.start(GameSetup(Rules.for_players(4), ("human", "normal", "normal", "normal"), 31, think_s=0.0))
        for _ in range(400):
            if self.controller.human_to_act() and not self.table.animating:
                break
            self.frame()

    @property
    def controller(self) -> TableController:
        assert self.flow.controller is not None
        return self.flow.controller

    @property
    def table(self) -> TableScene:
        assert self.flow.table is not None
        return self.flow.table

    def frame(self) -> None:
        self.app.frame(0.05)
        time.sleep(0.001)  # as the real loop waits, so the computer players' thread runs

    def key(self, key: int) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
        self.frame()

    def click(self, pos: tuple[int, int]) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        self.frame()

    def change(self, name: str, steps: int = 1) -> None:
        """On the settings screen: up or down to the setting's row, then Right `steps` times."""
        screen = self.app.scenes[-1]
        assert isinstance(screen, SettingsScene)
        for _ in range(len(ROWS)):
            if screen.list.cursor == ROW[name]:
                break
            self.key(pygame.K_DOWN if screen.list.cursor < ROW[name] else pygame.K_UP)
        assert screen.list.cursor == ROW[name]
        for _ in range(steps):
            self.key(pygame.K_RIGHT)

    def save(self, name: str) -> None:
        """The window as it looks now, under the project's screenshots folder (to be looked at)."""
        SCREENSHOTS.mkdir(exist_ok=True)
        pygame.image.save(self.app.screen, str(SCREENSHOTS / f"{name}-{self.app.size[0]}x{self.app.size[1]}.png"))


@pytest.fixture
def window(tmp_path: Path) -> Iterator[Window]:
    window = Window(tmp_path)
    yield window
    window.flow.quit()
    set_language("en")


def test_the_games_menu_offers_the_settings_and_back_returns_to_the_same_table(window: Window) -> None:
    table, controller = window.table, window.controller
    state, record = controller.state, controller.record
    card = next(card.text for card in table.hand.order if card.text[-1] in "CD")  # recoloured
    size = table.layout.card_size
    table.theme.card_on_shadow(card, size)  # as the table draws a card of the hand: on its shadow, kept
    window.key(pygame.K_ESCAPE)
    menu = window.app.scenes[-1]
    assert isinstance(menu, MenuScene) and menu.title == "Leave this game?"
    settings = next(button for button in menu.buttons if button.name == "settings")
    assert settings.label == "Settings" and settings.key_hint == "O"
    window.click(settings.box.centre)
    assert isinstance(window.app.scenes[-1], SettingsScene)
    assert window.app.scenes[0] is table, "the table waits below"
    window.change("card_style")
    window.change("table_theme")
    window.change("think_s", 2)  # 1 s -> 1.5 s -> 2.5 s
    window.change("muted")
    window.change("language", 2)  # as the system -> English -> Italian
    window.save("settings-over-table")
    window.key(pygame.K_ESCAPE)  # Back
    assert window.app.scenes == [table], "back at the very same table"
    assert window.flow.controller is controller and controller.state is state and controller.record is record
    assert table.look.card_style is CardStyle.FOUR_COLOUR and table.theme.style == "four_colour"
    fresh = Theme("four_colour", table.theme.palette).card_on_shadow(card, size)[0]
    shown = table.theme.card_on_shadow(card, size)[0]
    assert pygame.image.tobytes(shown, "RGBA") == pygame.image.tobytes(fresh, "RGBA"), "the cards drawn anew"
    assert table.theme.palette == PALETTES[TableTheme.HIGH_CONTRAST]
    assert controller.setup.think_s == 2.5, "the pace"
    assert window.flow.sound is not None and window.flow.sound.muted
    assert table.buttons["sort"].label == "Ordina", "the language"
    window.save("table-after-settings")
    kept = window.keeper.settings.settings
    assert kept.language is Language.ITALIAN and kept.think_s == 2.5 and kept.card_style is CardStyle.FOUR_COLOUR


def test_the_settings_key_opens_them_from_the_menu(window: Window) -> None:
    table = window.table
    window.key(pygame.K_ESCAPE)
    window.save("game-menu")
    window.key(pygame.K_o)
    assert isinstance(window.app.scenes[-1], SettingsScene)
    window.key(pygame.K_ESCAPE)
    assert window.app.scenes == [table]
