"""Table art: the felt the cards lie on, a tile that repeats without a seam, one per table theme.

Pure functions: `render_felt(TableTheme.GREEN)` returns a `pygame.Surface` (no display needed), and
`generate(out_dir)` writes `felt-<theme>.png` for every theme. The committed images under `assets/table/` are
this module's output (`python -m canasta.ui.look.feltart`); a test regenerates them and compares, so the art changes
only here. The game itself reads the tiles through `canasta.ui.look.felt`, which needs no numpy.

The texture is value noise on periodic lattices (so the tile wraps) plus a fine grain of short fibres, from an
integer hash: no random generator, so the same pixels on every machine and every version of numpy.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import numpy as np
import numpy.typing as npt
import pygame

from canasta.storage.settings import TableTheme
from canasta.ui.look.assets import assets_dir
from canasta.ui.look.felt import felt_path

TILE: Final = 256  # the committed tiles' size in pixels; the table repeats them
Floats = npt.NDArray[np.float64]


@dataclass(frozen=True, slots=True)
class FeltLook:
    """A felt's base colour and how far its texture strays from it (a share of the colour, either way)."""

    base: tuple[int, int, int]
    depth: float


# The base colours are the palettes' table colours (theme.py), so text drawn on the felt keeps its contrast.
FELTS: Final = {
    TableTheme.GREEN: FeltLook((22, 92, 58), 0.09),
    TableTheme.HIGH_CONTRAST: FeltLook((10, 10, 10), 0.35),
}


def _hash(x: npt.NDArray[np.int64], y: npt.NDArray[np.int64], salt: int) -> Floats:
    """A value in [0, 1) for each integer lattice point: a 32-bit integer hash, the same everywhere."""
    h = (x * 374761393 + y * 668265263 + salt * 2246822519) & 0xFFFFFFFF
    h = ((h ^ (h >> 13)) * 1274126177) & 0xFFFFFFFF
    h = h ^ (h >> 16)
    return (h & 0xFFFF).astype(np.float64) / 65536.0


def _value_noise(size: int, cells: int, salt: int) -> Floats:
    """Smooth noise on a `cells` x `cells` lattice that wraps at the tile's edges, in [0, 1]."""
    step = size / cells
    coords = np.arange(size) / step
    base = np.floor(coords).astype(np.int64)
    frac = coords - base
    fade = frac * frac * (3 - 2 * frac)
    x0, x1 = base % cells, (base + 1) % cells
    gx0, gy0 = np.meshgrid(x0, x0, indexing="xy")
    gx1, gy1 = np.meshgrid(x1, x1, indexing="xy")
    fx, fy = np.meshgrid(fade, fade, indexing="xy")
    top = _hash(gx0, gy0, salt) * (1 - fx) + _hash(gx1, gy0, salt) * fx
    bottom = _hash(gx0, gy1, salt) * (1 - fx) + _hash(gx1, gy1, salt) * fx
    noise: Floats = top * (1 - fy) + bottom * fy
    return noise


def _fibres(size: int, salt: int) -> Floats:
    """Fine grain: per-pixel noise smeared along two diagonals, like the fibres of a woven cloth."""
    ys, xs = np.meshgrid(np.arange(size, dtype=np.int64), np.arange(size, dtype=np.int64), indexing="ij")
    grain = _hash(xs, ys, salt)
    smeared = (grain + np.roll(grain, (1, 1), (0, 1)) + np.roll(grain, (2, 2), (0, 1))) / 3
    crossed = (grain + np.roll(grain, (1, -1), (0, 1)) + np.roll(grain, (2, -2), (0, 1))) / 3
    fibres: Floats = (smeared + crossed) / 2
    return fibres


def felt_shade(size: int = TILE) -> Floats:
    """The texture's brightness per pixel, -1 to 1 around the base colour, tileable."""
    cloud = 0.55 * _value_noise(size, 4, 1) + 0.3 * _value_noise(size, 8, 2) + 0.15 * _value_noise(size, 16, 3)
    shade = 0.65 * (cloud * 2 - 1) + 0.35 * (_fibres(size, 4) * 2 - 1)
    result: Floats = np.clip(shade, -1.0, 1.0)
    return result


def render_felt(theme: TableTheme, size: int = TILE) -> pygame.Surface:
    """The felt tile of `theme`, `size` pixels square."""
    look = FELTS[theme]
    shade = felt_shade(size)
    base = np.array(look.base, dtype=np.float64)
    lift = np.maximum(base, 24.0)  # a near-black felt gets its texture from a small lift above black
    rgb = base[None, None, :] + shade[..., None] * look.depth * lift[None, None, :]
    pixels = np.clip(np.rint(rgb), 0, 255).astype(np.uint8)
    return pygame.image.frombytes(np.ascontiguousarray(pixels).tobytes(), (size, size), "RGB")


def felt_extremes(theme: TableTheme) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """The felt's darkest and lightest colours (what text on the table must stand out against)."""
    look = FELTS[theme]
    base = np.array(look.base, dtype=np.float64)
    lift = np.maximum(base, 24.0)
    low = np.clip(np.rint(base - look.depth * lift), 0, 255).astype(int)
    high = np.clip(np.rint(base + look.depth * lift), 0, 255).astype(int)
    return (int(low[0]), int(low[1]), int(low[2])), (int(high[0]), int(high[1]), int(high[2]))


def generate(out_dir: Path, size: int = TILE) -> list[Path]:
    """Write one tile per theme into `out_dir`; returns the files written."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for theme in TableTheme:
        path = felt_path(theme, out_dir)
        pygame.image.save(render_felt(theme, size), str(path))
        written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    """`python -m canasta.ui.look.feltart [--out DIR]`: write the felt tiles (default: the repository's
    assets/table)."""
    parser = argparse.ArgumentParser(prog="python -m canasta.ui.look.feltart", description="Draw the table's felt.")
    parser.add_argument("--out", type=Path, help="folder for the tiles (default: assets/table)")
    args = parser.parse_args(argv)
    folder: Path = args.out if args.out is not None else assets_dir() / "table"
    for path in generate(folder):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
