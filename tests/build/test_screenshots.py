"""The README's screenshots: one command draws them, a game under way at the size and with the look asked for."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pygame

ROOT = Path(__file__).resolve().parents[2]


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_screenshots", ROOT / "build" / "make_screenshots.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["make_screenshots"] = module
    spec.loader.exec_module(module)
    return module


def test_the_command_draws_a_game_under_way_at_each_size_and_look(tmp_path: Path) -> None:
    script = _script()
    assert (
        script.main(["--out", str(tmp_path), "--sizes", "800x600", "--players", "4", "--themes", "high_contrast"]) == 0
    )
    (shot,) = tmp_path.iterdir()
    assert shot.name == "table-4p-800x600-high_contrast.png"
    image = pygame.image.load(str(shot))
    assert image.get_size() == (800, 600)
    colours = {image.get_at((x, y))[:3] for x in range(0, 800, 10) for y in range(0, 600, 10)}
    assert len(colours) > 50, "cards, words and the felt, not an empty window"


def test_every_committed_screenshot_is_one_the_command_makes() -> None:
    script = _script()
    made = {
        script.shot_name(players, size, theme)
        for players in script.PLAYERS
        for size in script.SIZES
        for theme in script.TableTheme
    } | {script.LOG_SHOT, script.SETTINGS_SHOT, script.FINAL_SHOT, *script.TURN_SHOTS.values()}
    committed = {path.name for path in (ROOT / "docs" / "screenshots").glob("*.png")}
    assert committed == made
    readme = (ROOT / "README.md").read_text("utf-8")
    assert all(f"docs/screenshots/{name}" in readme for name in ("table-4p-1280x800-green.png", script.LOG_SHOT))
