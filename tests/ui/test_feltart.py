"""The table's felt: the committed tiles are exactly what the generator draws, they repeat without a seam, and
the game reads them without numpy."""

from __future__ import annotations

import ast
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pygame
import pytest

from canasta.storage.settings import TableTheme
from canasta.ui.look.felt import felt_path, vignette, vignette_alpha
from canasta.ui.look.feltart import TILE, generate, main, render_felt

Pixels = npt.NDArray[np.int16]
ROOT = Path(__file__).resolve().parents[2]


def _pixels(image: Path | pygame.Surface) -> Pixels:
    surface = pygame.image.load(str(image)) if isinstance(image, Path) else image
    width, height = surface.get_size()
    raw = np.frombuffer(pygame.image.tobytes(surface, "RGB"), dtype=np.uint8).reshape(height, width, 3)
    return raw.astype(np.int16)


@pytest.mark.parametrize("theme", list(TableTheme), ids=lambda theme: theme.value)
def test_the_committed_tile_is_what_the_generator_draws(theme: TableTheme, tmp_path: Path) -> None:
    written = generate(tmp_path)
    assert sorted(path.name for path in written) == sorted(felt_path(each).name for each in TableTheme)
    fresh, committed = _pixels(felt_path(theme, tmp_path)), _pixels(felt_path(theme))
    assert committed.shape == (TILE, TILE, 3)
    assert np.array_equal(fresh, committed), "run python -m canasta.ui.look.feltart after changing the felt"


def test_drawing_is_deterministic() -> None:
    assert np.array_equal(_pixels(render_felt(TableTheme.GREEN, 64)), _pixels(render_felt(TableTheme.GREEN, 64)))


@pytest.mark.parametrize("theme", list(TableTheme), ids=lambda theme: theme.value)
def test_the_tile_repeats_without_a_seam_and_is_textured(theme: TableTheme) -> None:
    pixels = _pixels(felt_path(theme))
    inside = np.abs(np.diff(pixels, axis=1)).mean()  # neighbouring columns inside the tile
    seam = np.abs(pixels[:, 0] - pixels[:, -1]).mean()  # the last column beside the next tile's first
    seam_rows = np.abs(pixels[0] - pixels[-1]).mean()
    assert inside > 0 and seam <= 2 * inside and seam_rows <= 2 * inside, (inside, seam, seam_rows)
    assert len(np.unique(pixels.reshape(-1, 3), axis=0)) > 8, "a texture, not a flat colour"


def test_the_vignette_darkens_the_edges_only() -> None:
    assert vignette_alpha(0.0, 0.0, 0.35) == 0 and vignette_alpha(0.3, 0.2, 0.35) == 0
    assert vignette_alpha(1.0, 1.0, 0.35) == round(255 * 0.35)
    shade = vignette((200, 100))
    assert shade.get_size() == (200, 100)
    assert shade.get_at((100, 50))[3] == 0 and shade.get_at((1, 1))[3] > 60


def test_the_game_reads_the_felt_without_numpy() -> None:
    tree = ast.parse((ROOT / "canasta" / "ui" / "look" / "felt.py").read_text("utf-8"))
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    imported |= {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert not any(name.split(".")[0] == "numpy" or name == "canasta.ui.look.feltart" for name in imported)
    theme = (ROOT / "canasta" / "ui" / "look" / "theme.py").read_text("utf-8")
    assert "feltart" not in theme and "numpy" not in theme


def test_command_line_writes_every_tile(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--out", str(tmp_path)]) == 0
    assert sorted(path.name for path in tmp_path.iterdir()) == ["felt-green.png", "felt-high_contrast.png"]
    assert "felt-green.png" in capsys.readouterr().out
