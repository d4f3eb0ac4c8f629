"""Where the game's bundled files live: card art, sounds and fonts (the translations
live beside `canasta/i18n.py`).

Every lookup goes through `assets_dir()`, so the same code finds them in the source tree (the repository's
top-level `assets/`) and in a packaged app: PyInstaller unpacks or lays out the bundle in `sys._MEIPASS`, and
`build/canasta.spec` puts the `assets/` folder there under the same name.
"""

from __future__ import annotations

import sys
from pathlib import Path


def bundle_dir() -> Path | None:
    """The packaged app's data folder when running from a PyInstaller bundle, else None."""
    if not getattr(sys, "frozen", False):
        return None
    bundle = getattr(sys, "_MEIPASS", None)
    return Path(bundle) if bundle else Path(sys.executable).resolve().parent


def assets_dir() -> Path:
    """The `assets/` folder: inside the bundle when packaged, else the repository's (above the package)."""
    bundle = bundle_dir()
    if bundle is not None:
        return bundle / "assets"
    return Path(__file__).resolve().parents[3] / "assets"


def fonts_dir() -> Path:
    """The bundled fonts and their licences."""
    return assets_dir() / "fonts"


def cards_dir(style_name: str) -> Path:
    """The generated card images of one style, e.g. `cards_dir("classic") / "QH.png"`."""
    return assets_dir() / "cards" / style_name
