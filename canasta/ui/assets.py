"""Where the game's bundled files live: card art, sounds and fonts.

Every lookup goes through `assets_dir()`, so a packaged app (PyInstaller) can point it elsewhere in one place.
"""

from __future__ import annotations

from pathlib import Path


def assets_dir() -> Path:
    """The repository's `assets/` folder (two levels above the `canasta` package)."""
    return Path(__file__).resolve().parents[2] / "assets"


def fonts_dir() -> Path:
    """The bundled fonts and their licences."""
    return assets_dir() / "fonts"


def cards_dir(style_name: str) -> Path:
    """The generated card images of one style, e.g. `cards_dir("classic") / "QH.png"`."""
    return assets_dir() / "cards" / style_name
