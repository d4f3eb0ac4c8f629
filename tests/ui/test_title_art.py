"""The title screen's art: drawn by the game beside the menu at every window size, never under the menu's
panel (which stays as readable as on the plain felt), and composed once per window size."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import numpy as np
import pygame
import pytest

from canasta.ui.flow.game import GameFlow
from canasta.ui.kit.app import App
from canasta.ui.look.theme import HIGH_CONTRAST
from canasta.ui.look.title_art import menu_margin, title_art, title_backdrop
from canasta.ui.screens.menus import MenuScene
from canasta.ui.table.layout.regions import Box

SIZES = ((800, 600), (1280, 800), (1920, 1080))


def _title(size: tuple[int, int]) -> tuple[App, MenuScene]:
    app = App(size)
    GameFlow(app).title()
    scene = app.scenes[-1]
    assert isinstance(scene, MenuScene)
    return app, scene


def _drawn(app: App, scene: MenuScene) -> np.ndarray:
    scene.draw(app.screen)
    return pygame.surfarray.array3d(app.screen).astype(int)


def _panel_inside(scene: MenuScene) -> Box:
    """Where the menu's buttons lie (inside its panel): the span from the first to the last."""
    first, last = scene.buttons[0].box, scene.buttons[-1].box
    return Box(first.x, first.y, first.w, last.bottom - first.y)


@pytest.mark.parametrize("size", SIZES)
def test_the_title_shows_art_on_both_sides_of_the_menu_and_none_under_it(size: tuple[int, int]) -> None:
    app, scene = _title(size)
    with_art = _drawn(app, scene)
    scene.backdrop = scene.theme.background
    plain = _drawn(app, scene)
    panel = _panel_inside(scene)
    changed = np.any(with_art != plain, axis=2)
    assert not changed[panel.x : panel.right, panel.y : panel.bottom].any(), "the menu reads as on the plain felt"
    margin = max(1, min(panel.x, menu_margin(size[0])))
    left, right = changed[:margin, :], changed[size[0] - margin :, :]
    assert left.mean() > 0.15 and right.mean() > 0.15, "cards lie on the felt at either side"
    pygame.quit()


@pytest.mark.parametrize("size", SIZES)
def test_every_card_of_the_art_lies_in_the_window(size: tuple[int, int]) -> None:
    width, height = size
    art = title_art(size)
    assert len(art.cards) >= 10
    for card in art.cards:
        assert 0 <= card.centre[0] <= width and 0 <= card.centre[1] <= height, card
    ring = art.ring
    assert ring.radii[0] < width / 2 and ring.radii[1] + ring.sign_px < height / 2


def test_the_backdrop_is_composed_once_per_window_size_and_look() -> None:
    app = App((800, 600))
    backdrop = title_backdrop(app.theme)
    first = backdrop((800, 600))
    assert backdrop((800, 600)) is first, "a frame only blits what was composed"
    larger = backdrop((1280, 800))
    assert larger.get_size() == (1280, 800) and larger is not first
    app.theme.restyle("four_colour", HIGH_CONTRAST)
    assert backdrop((1280, 800)) is not larger, "another look is composed again"
    pygame.quit()
