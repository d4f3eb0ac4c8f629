"""The felt the table is drawn on, at run time: the committed tile of the theme (drawn by `canasta.ui.look.feltart`)
and a vignette that darkens the window's edges. Pygame alone: the packaged app carries no numpy."""

from __future__ import annotations

import math
from functools import lru_cache
from pathlib import Path

import pygame

from canasta.storage.settings import TableTheme
from canasta.ui.look.assets import assets_dir

VIGNETTE_STEPS = 48  # the vignette is worked out on a small grid, then smoothed up to the window's size


def felt_path(theme: TableTheme, folder: Path | None = None) -> Path:
    """Where the tile of `theme` is kept (the repository's `assets/table/`, or `folder`)."""
    return (folder if folder is not None else assets_dir() / "table") / f"felt-{theme.value}.png"


def vignette_alpha(x: float, y: float, strength: float) -> int:
    """The vignette's opacity at a point given from -1 to 1 across the window: nothing in the middle, growing
    towards the corners to `strength`."""
    distance = math.hypot(x, y) / math.sqrt(2)
    share: float = max(0.0, min(1.0, distance - 0.35)) / 0.65
    opacity: float = 255 * strength * math.pow(share, 1.6)
    return round(opacity)


def vignette(size: tuple[int, int], strength: float = 0.35) -> pygame.Surface:
    """A black overlay of `size` whose opacity grows from nothing in the middle to `strength` in the corners."""
    return pygame.transform.smoothscale(_vignette_grid(strength), (max(1, size[0]), max(1, size[1])))


@lru_cache(maxsize=4)
def _vignette_grid(strength: float) -> pygame.Surface:
    """The vignette on its small grid, worked out once per strength (a resized window only smooths it up again);
    never drawn on, only scaled."""
    steps = VIGNETTE_STEPS
    grid = pygame.Surface((steps, steps), pygame.SRCALPHA)
    for row in range(steps):
        for col in range(steps):
            x, y = (2 * col + 1) / steps - 1, (2 * row + 1) / steps - 1
            grid.set_at((col, row), (0, 0, 0, vignette_alpha(x, y, strength)))
    return grid
