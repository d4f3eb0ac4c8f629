"""SIGTERM (a logout, a shutdown, `kill`) and Ctrl-C close the window at once, the game in progress kept for
Continue and no question left open on the screen; the program's exit status is then 0 (SIGTERM) or 130 (Ctrl-C,
with one line saying so, and no traceback)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import signal
import sys
from pathlib import Path

import pygame
import pytest

from canasta.engine.rules import Rules
from canasta.storage.paths import StoragePaths
from canasta.storage.saves import AutoSaver
from canasta.ui.kit.app import App
from canasta.ui.main import run_window
from canasta.ui.screens.menus import MenuScene
from canasta.ui.table.controller import GameSetup, TableController

CONTINUE_AT = 3  # frames: the title is up, Continue (C) takes up the saved game
TERMINATE_AT = 12
GIVE_UP_AT = 300  # far more frames than closing needs: the window has kept running


def _saved_game(home: Path) -> None:
    """A game in progress saved in `home`, as a previous run would have left it."""
    saver = AutoSaver(StoragePaths(home, home).save_file)
    levels = ("human", "normal", "normal", "normal")
    TableController(GameSetup(Rules.for_players(4), levels, seed=5, think_s=0.0), saver=saver).close()


@pytest.mark.skipif(sys.platform == "win32", reason="a process cannot send itself SIGTERM on Windows")
@pytest.mark.parametrize(("signum", "status"), [(signal.SIGTERM, 0), (signal.SIGINT, 130)], ids=["SIGTERM", "Ctrl-C"])
def test_a_signal_closes_the_window_keeping_the_game_without_asking(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], signum: int, status: int
) -> None:
    _saved_game(tmp_path)
    titles: list[str] = []
    frames = 0
    real_frame = App.frame

    def frame(app: App, dt_s: float) -> None:
        nonlocal frames
        frames += 1
        if frames == CONTINUE_AT:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_c, mod=0, unicode="c", scancode=0))
        if frames == TERMINATE_AT:
            os.kill(os.getpid(), signum)
        assert frames < GIVE_UP_AT, f"the window did not close; on top: {titles[-1:]}"
        real_frame(app, dt_s)
        top = app.scenes[-1] if app.scenes else None
        titles.append(top.title if isinstance(top, MenuScene) else type(top).__name__)

    monkeypatch.setattr(App, "frame", frame)
    before = AutoSaver(StoragePaths(tmp_path, tmp_path).save_file).load().value
    assert before is not None
    assert run_window(home=tmp_path) == status
    said = capsys.readouterr().err
    assert "Traceback" not in said and said.count("\n") == (1 if signum == signal.SIGINT else 0), said
    assert "TableScene" in titles, "the saved game was taken up"
    assert "Leave this game?" not in titles
    kept = AutoSaver(StoragePaths(tmp_path, tmp_path).save_file).load().value
    assert kept is not None, "the game in progress is kept for Continue"
    assert kept.record.game_id == before.record.game_id
    assert kept.record.action_count >= before.record.action_count
