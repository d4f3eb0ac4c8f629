"""An exported game record goes to a folder the player can find (the documents folder, not the game's hidden data
folder) and the table says where, the folder and the file name whole, at every window size."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import time
from pathlib import Path

import platformdirs
import pygame
import pytest

from canasta.engine.rules import Rules
from canasta.storage.keeper import open_keeper
from canasta.storage.paths import HOME_VARIABLE, StoragePaths, storage_paths
from canasta.ui.flow.game import GameFlow
from canasta.ui.kit.app import App
from canasta.ui.screens.score_sheet import ScoreSheetScene
from canasta.ui.table.controller import GameSetup

NBSP = "\u00a0"  # a space inside a path: the line never breaks there


def test_records_go_to_the_documents_folder_and_the_rest_stays_in_the_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(platformdirs, "user_documents_dir", lambda: str(tmp_path / "Documents"))
    paths = storage_paths({})
    assert paths.records_folder == tmp_path / "Documents" / "Canasta records"
    assert paths.data not in paths.records_folder.parents


def test_with_the_home_variable_records_stay_in_that_one_folder(tmp_path: Path) -> None:
    assert storage_paths({HOME_VARIABLE: str(tmp_path)}).records_folder == tmp_path / "records"


LONGER_THAN_A_LINE = "a user name longer than a line of the score sheet holds at any size of the window, however wide"


def _frames(app: App, count: int) -> None:
    for _ in range(count):
        app.frame(0.05)
        time.sleep(0.001)


@pytest.mark.parametrize("size", [(1280, 800), (800, 600), (1920, 1080)])
@pytest.mark.parametrize("user", ["a rather long user name", LONGER_THAN_A_LINE])
def test_the_score_sheet_says_the_whole_folder_and_file_name_of_the_export(
    tmp_path: Path, size: tuple[int, int], user: str
) -> None:
    """Whatever the folder's length (the test's own temporary folder's varies from run to run), every line is drawn
    whole: a folder wider than a line breaks after a separator."""
    home = tmp_path / "home"
    documents = tmp_path / user / "My Documents" / "Canasta records"
    app = App(size)
    keeper = open_keeper(StoragePaths(home, home, documents), background=False)
    flow = GameFlow(app, keeper=keeper)
    flow.start(GameSetup(Rules.for_players(4), ("human", "normal", "normal", "normal"), seed=3, think_s=0.0))
    _frames(app, 2)
    flow.score_sheet()
    _frames(app, 1)
    sheet = app.scenes[-1]
    assert isinstance(sheet, ScoreSheetScene)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_e, mod=0, unicode="e", scancode=0))
    _frames(app, 1)
    (record,) = documents.iterdir()
    assert str(documents).replace(" ", NBSP) in sheet.message and record.name in sheet.message
    lines, px, width = sheet.message_lines()
    font = app.theme.font(px)
    assert len(lines) > 1 or font.size(sheet.message)[0] <= width
    assert all(font.size(line)[0] <= width for line in lines), "every line is drawn whole, none cut"
    assert "".join(lines).replace(" ", "") == sheet.message.replace(" ", ""), "every character is drawn"
    folder = str(documents).replace(" ", NBSP)
    assert any(folder in line for line in lines) or font.size(folder)[0] > width, "the folder on one line"
    flow.quit()
