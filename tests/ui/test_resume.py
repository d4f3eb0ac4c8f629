"""The saved game in the window: Continue after a restart, a damaged save on the title, leaving says the game is
kept, finishing clears it, the thinking pause comes from the settings (headless, posted keys)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import time
from pathlib import Path

import pygame

from canasta.engine.play import safe_action
from canasta.engine.position import dump_position
from canasta.engine.rules import Rules
from canasta.storage.keeper import Keeper, open_keeper
from canasta.storage.paths import StoragePaths
from canasta.storage.record import record_to_json
from canasta.storage.saves import comparable
from canasta.ui.flow.game import GameFlow
from canasta.ui.kit.app import App
from canasta.ui.screens.menus import MenuScene
from canasta.ui.table.controller import GameSetup, TableController

SCREENSHOTS = Path(__file__).resolve().parents[2] / "screenshots"


class _Window:
    """A fresh start of the program on the folder `home`: a window, the keeper, the flow on the title."""

    def __init__(self, home: Path) -> None:
        self.app = App((1280, 800))
        self.keeper: Keeper = open_keeper(StoragePaths(home, home))
        self.flow = GameFlow(self.app, keeper=self.keeper)
        self.app.on_close = self.flow.leave
        self.flow.title()
        self.frame()

    def frame(self, count: int = 1) -> None:
        for _ in range(count):
            self.app.frame(0.05)
            time.sleep(0.001)  # as the real loop waits, so the computer players' thread runs

    def key(self, key: int) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
        self.frame()

    def menu(self) -> MenuScene:
        scene = self.app.scenes[-1]
        assert isinstance(scene, MenuScene)
        return scene

    def button_enabled(self, name: str) -> bool:
        return next(button.enabled for button in self.menu().buttons if button.name == name)

    def controller(self) -> TableController:
        assert self.flow.controller is not None
        return self.flow.controller

    def play(self, human_actions: int) -> None:
        """Frames until the human has played `human_actions` safe moves (the computer players play theirs)."""
        done = 0
        for _ in range(20_000):
            controller = self.controller()
            if done >= human_actions or controller.hand_over():
                return
            if controller.human_to_act():
                assert controller.submit(safe_action(controller.human_view())) is None
                done += 1
            self.frame()
        raise AssertionError("the game did not move")

    def stop_without_quitting(self) -> None:
        """As if the program were killed: no goodbye, only what is already written survives."""
        self.keeper.saver.flush()
        if self.flow.controller is not None:
            self.flow.controller.close()


def _start(window: _Window, players: int = 4, target: int | None = None) -> None:
    options = {} if target is None else {"target_score": target}
    levels = ("human", *("normal",) * (players - 1))
    window.flow.start(GameSetup(Rules.for_players(players, **options), levels, seed=41, think_s=0.0))
    window.frame()


def test_continue_after_a_restart_takes_up_the_game_where_it_stood(tmp_path: Path) -> None:
    first = _Window(tmp_path)
    assert not first.button_enabled("continue"), "nothing to continue on a first start"
    _start(first)
    first.play(6)
    before = first.controller()
    state, record, match = before.state, before.record, before.match
    first.stop_without_quitting()

    second = _Window(tmp_path)
    assert second.button_enabled("continue")
    second.key(pygame.K_c)
    resumed = second.controller()
    assert second.app.scenes[-1] is second.flow.table
    assert record_to_json(resumed.record) == record_to_json(record) and resumed.match == match
    assert comparable(dump_position(resumed.state)) == comparable(dump_position(state))
    for seat, memory in enumerate(resumed.computers.memories):
        assert (memory.discarded, memory.taken, memory.melded) == (
            before.computers.memories[seat].discarded,
            before.computers.memories[seat].taken,
            before.computers.memories[seat].melded,
        ), "each computer player's card memory is rebuilt from the hand's events"
    second.play(3)
    assert resumed.record.action_count > record.action_count, "play goes on"
    second.stop_without_quitting()


def test_a_damaged_save_shows_its_message_on_the_title_and_the_game_starts_normally(tmp_path: Path) -> None:
    first = _Window(tmp_path)
    _start(first)
    first.play(2)
    first.stop_without_quitting()
    save = tmp_path / "saved-game.json"
    save.write_bytes(save.read_bytes()[:-40])

    second = _Window(tmp_path)
    lines = " ".join(second.menu().lines)
    assert "damaged" in lines and "saved-game.json.damaged-" in lines
    assert not second.button_enabled("continue")
    assert len(list(tmp_path.glob("saved-game.json.damaged-*"))) == 1
    SCREENSHOTS.mkdir(exist_ok=True)
    pygame.image.save(second.app.screen, str(SCREENSHOTS / "title-damaged-save.png"))
    _start(second)
    second.play(1)
    assert save.exists(), "the new game is saved again"
    second.stop_without_quitting()


def test_leaving_says_the_game_is_saved_and_continue_takes_it_up(tmp_path: Path) -> None:
    window = _Window(tmp_path)
    _start(window)
    window.play(2)
    actions = window.controller().record.action_count
    window.key(pygame.K_ESCAPE)
    assert "saved" in " ".join(window.menu().lines)
    SCREENSHOTS.mkdir(exist_ok=True)
    pygame.image.save(window.app.screen, str(SCREENSHOTS / "leave-game-saved.png"))
    window.key(pygame.K_l)
    assert window.flow.controller is None and window.button_enabled("continue")
    window.key(pygame.K_c)
    assert window.controller().record.action_count == actions
    window.stop_without_quitting()


def test_finishing_a_game_clears_the_save_and_counts_it(tmp_path: Path) -> None:
    window = _Window(tmp_path)
    _start(window, players=2, target=500)
    save = tmp_path / "saved-game.json"
    for _ in range(40):
        window.play(10_000)  # to the end of the hand
        controller = window.controller()
        if controller.match.over:
            break
        window.keeper.saver.flush()
        assert save.exists(), "between hands the game is saved"
        window.flow.next_hand()
        window.frame()
    assert window.controller().match.over
    window.keeper.saver.flush()
    assert not save.exists()
    assert window.keeper.stats.statistics().tally(2, "normal").games == 1
    window.stop_without_quitting()
    assert not _Window(tmp_path).button_enabled("continue")


def test_the_thinking_pause_comes_from_the_settings_and_follows_them(tmp_path: Path) -> None:
    window = _Window(tmp_path)
    window.keeper.settings.change(think_s=1.5)
    _start(window)
    assert window.controller().setup.think_s == 1.5
    window.keeper.settings.change(think_s=0.3)
    assert window.controller().setup.think_s == 0.3
    window.stop_without_quitting()


def test_an_unusable_folder_is_reported_and_the_game_goes_on(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.write_text("a file where the game's folder should be")
    window = _Window(home)
    assert not window.button_enabled("continue")
    _start(window)
    window.play(2)
    window.keeper.saver.flush()
    message = window.controller().keeping.message()
    assert message is not None and "could not be saved" in message
    window.key(pygame.K_ESCAPE)
    assert "could not be saved" in " ".join(window.menu().lines), "leaving does not pretend the game is saved"
    window.stop_without_quitting()
