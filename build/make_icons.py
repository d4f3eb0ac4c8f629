"""Make the app's icons from the card art: an ace of spades fanned in front of a joker.

    python build/make_icons.py            # writes build/icons/canasta.{png,ico,icns} and assets/icon.png

The pictures come from `canasta.ui.look.cardart.render_card` (the same drawing as the committed card images), so the
icons change only when the card art does; the output is the same, byte for byte, on every run with the same
pygame. The ICO and ICNS containers are written here: both can hold PNG images as they are, so no image library
beyond pygame is needed. Commit the results; the build uses them as they are.
"""

from __future__ import annotations

import argparse
import io
import os
import struct
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script from a checkout: the package sits beside build/
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402  (after the environment variable above)

from canasta.ui.look.cardart import CardStyle, card_height, render_card  # noqa: E402

ICONS_DIR = ROOT / "build" / "icons"
WINDOW_ICON = ROOT / "assets" / "icon.png"  # the window's own icon while the game runs (pygame.display.set_icon)
MASTER = 1024
CARD_WIDTH = 520
PNG_SIZE = 512  # build/icons/canasta.png: for Linux desktop entries and anything else that wants one picture
WINDOW_ICON_SIZE = 128
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# ICNS entries whose data may be a PNG: type -> pixel size (the "@2x" types are the Retina variants).
ICNS_TYPES = (
    ("ic07", 128), ("ic08", 256), ("ic09", 512), ("ic10", 1024),
    ("ic11", 32), ("ic12", 64), ("ic13", 256), ("ic14", 512),
)  # fmt: skip
FRONT = ("AS", -9.0, 0.17)  # card, degrees anticlockwise, horizontal offset as a fraction of the card width
BACK = ("JK", 14.0, -0.17)
SHADOW_ALPHA = 80


def master_icon() -> pygame.Surface:
    """The icon at `MASTER` pixels square: the two cards fanned, with a soft shadow, fitted with a margin."""
    canvas = pygame.Surface((MASTER * 2, MASTER * 2), pygame.SRCALPHA)
    centre = (MASTER, MASTER)
    for name, degrees, shift in (BACK, FRONT):
        card = render_card(name, CardStyle.CLASSIC, CARD_WIDTH)
        assert card.get_height() == card_height(CARD_WIDTH)
        turned = pygame.transform.rotozoom(card, degrees, 1.0)
        shadow = turned.copy()
        shadow.fill((0, 0, 0, SHADOW_ALPHA), special_flags=pygame.BLEND_RGBA_MULT)
        x = centre[0] + round(shift * CARD_WIDTH) - turned.get_width() // 2
        y = centre[1] - turned.get_height() // 2
        canvas.blit(shadow, (x + CARD_WIDTH // 40, y + CARD_WIDTH // 28))
        canvas.blit(turned, (x, y))
    used = canvas.get_bounding_rect(min_alpha=1)
    margin = MASTER // 32
    scale = (MASTER - 2 * margin) / max(used.w, used.h)
    fitted = pygame.transform.smoothscale(canvas.subsurface(used), (round(used.w * scale), round(used.h * scale)))
    icon = pygame.Surface((MASTER, MASTER), pygame.SRCALPHA)
    icon.blit(fitted, ((MASTER - fitted.get_width()) // 2, (MASTER - fitted.get_height()) // 2))
    return icon


def scaled(master: pygame.Surface, size: int) -> pygame.Surface:
    """`master` at `size` pixels square, halving smoothly first so small sizes stay clean."""
    image = master
    while image.get_width() >= size * 2:
        image = pygame.transform.smoothscale(image, (image.get_width() // 2, image.get_height() // 2))
    return image if image.get_width() == size else pygame.transform.smoothscale(image, (size, size))


def png_bytes(image: pygame.Surface) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(image, buffer, "icon.png")
    return buffer.getvalue()


def ico_bytes(pngs: Sequence[tuple[int, bytes]]) -> bytes:
    """A Windows .ico holding PNG images (Windows Vista and later read them): a directory, then the images."""
    header = struct.pack("<HHH", 0, 1, len(pngs))  # reserved, type 1 = icon, count
    offset = len(header) + 16 * len(pngs)
    entries, images = b"", b""
    for size, data in pngs:
        side = 0 if size >= 256 else size  # 0 means 256
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset + len(images))
        images += data
    return header + entries + images


def icns_bytes(entries: Sequence[tuple[str, bytes]]) -> bytes:
    """A macOS .icns: "icns" and the total length, then (type, length including this 8-byte header, data)."""
    body = b"".join(kind.encode("ascii") + struct.pack(">I", len(data) + 8) + data for kind, data in entries)
    return b"icns" + struct.pack(">I", len(body) + 8) + body


def make_icons(icons_dir: Path = ICONS_DIR, window_icon: Path = WINDOW_ICON) -> list[Path]:
    """Write canasta.png, canasta.ico and canasta.icns into `icons_dir` and the window icon; returns the paths."""
    master = master_icon()
    pngs = {size: png_bytes(scaled(master, size)) for size in {*ICO_SIZES, PNG_SIZE, WINDOW_ICON_SIZE, MASTER}}
    pngs.update({size: png_bytes(scaled(master, size)) for _, size in ICNS_TYPES if size not in pngs})
    icons_dir.mkdir(parents=True, exist_ok=True)
    outputs = {
        icons_dir / "canasta.png": pngs[PNG_SIZE],
        icons_dir / "canasta.ico": ico_bytes([(size, pngs[size]) for size in ICO_SIZES]),
        icons_dir / "canasta.icns": icns_bytes([(kind, pngs[size]) for kind, size in ICNS_TYPES]),
        window_icon: pngs[WINDOW_ICON_SIZE],
    }
    for path, data in outputs.items():
        path.write_bytes(data)
    return list(outputs)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Make the app's icons from the card art.")
    parser.add_argument("--out", type=Path, default=ICONS_DIR, help="folder for canasta.png, .ico and .icns")
    parser.add_argument("--window-icon", type=Path, default=WINDOW_ICON, help="where the window's icon goes")
    args = parser.parse_args(argv)
    for path in make_icons(args.out, args.window_icon):
        print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
