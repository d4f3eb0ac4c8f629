"""The app's icons: well-formed .ico and .icns containers of PNG images, drawn by build/make_icons.py from the
card art. Quick: no PyInstaller needed."""

from __future__ import annotations

import io
import struct
from pathlib import Path
from types import ModuleType

import pygame
import pytest

from tests.build.scripts import build_script

ROOT = Path(__file__).resolve().parents[2]
ICONS = ROOT / "build" / "icons"
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def _make_icons() -> ModuleType:
    return build_script("make_icons")


def _png_size(data: bytes) -> tuple[int, int]:
    assert data.startswith(PNG_MAGIC)
    image = pygame.image.load(io.BytesIO(data), "icon.png")
    size: tuple[int, int] = image.get_size()
    return size


def _ico_images(data: bytes) -> list[tuple[int, bytes]]:
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind) == (0, 1)
    images = []
    for index in range(count):
        width, height, colours, _, planes, bits, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * index)
        assert width == height and colours == 0 and planes == 1 and bits == 32
        images.append((width or 256, data[offset : offset + length]))
    return images


def _icns_entries(data: bytes) -> list[tuple[str, bytes]]:
    assert data[:4] == b"icns"
    assert struct.unpack_from(">I", data, 4)[0] == len(data)
    entries, at = [], 8
    while at < len(data):
        kind, length = data[at : at + 4].decode("ascii"), struct.unpack_from(">I", data, at + 4)[0]
        entries.append((kind, data[at + 8 : at + length]))
        at += length
    assert at == len(data)
    return entries


def test_the_ico_holds_each_windows_size_as_a_png() -> None:
    module = _make_icons()
    images = _ico_images((ICONS / "canasta.ico").read_bytes())
    assert [size for size, _ in images] == list(module.ICO_SIZES)
    for size, data in images:
        assert _png_size(data) == (size, size)


def test_the_icns_holds_the_png_types_with_their_sizes() -> None:
    module = _make_icons()
    entries = _icns_entries((ICONS / "canasta.icns").read_bytes())
    assert [kind for kind, _ in entries] == [kind for kind, _ in module.ICNS_TYPES]
    for (kind, data), (_, size) in zip(entries, module.ICNS_TYPES, strict=True):
        assert _png_size(data) == (size, size), kind


def test_the_pngs_are_square_and_not_blank() -> None:
    for path, size in ((ICONS / "canasta.png", 512), (ROOT / "assets" / "icon.png", 128)):
        image = pygame.image.load(str(path))
        assert image.get_size() == (size, size)
        centre = image.get_at((size // 2, size // 2))
        corner = image.get_at((0, 0))
        assert centre.a == 255 and corner.a == 0, "cards in the middle, transparent around them"


def test_the_committed_icons_are_what_the_script_draws(tmp_path: Path) -> None:
    """Regenerated from the card art, the icons match the committed ones (pixels within a rounding step, so
    another pygame build's smoothing cannot fail this); run `make icons` after changing the card art."""
    written = _make_icons().make_icons(tmp_path / "icons", tmp_path / "icon.png")
    assert sorted(path.name for path in written) == ["canasta.icns", "canasta.ico", "canasta.png", "icon.png"]
    for fresh, committed in ((tmp_path / "icons" / "canasta.png", ICONS / "canasta.png"),
                             (tmp_path / "icon.png", ROOT / "assets" / "icon.png")):  # fmt: skip
        new, old = pygame.image.load(str(fresh)), pygame.image.load(str(committed))
        assert new.get_size() == old.get_size()
        a, b = pygame.image.tobytes(new, "RGBA"), pygame.image.tobytes(old, "RGBA")
        worst = max(abs(x - y) for x, y in zip(a, b, strict=True))
        assert worst <= 8, f"{committed.name} differs from what build/make_icons.py draws (by {worst}); run make icons"


@pytest.mark.parametrize("name", ["canasta.png", "canasta.ico", "canasta.icns"])
def test_the_icons_are_small(name: str) -> None:
    assert (ICONS / name).stat().st_size < 1_000_000
