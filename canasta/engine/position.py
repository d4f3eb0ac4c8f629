"""`canasta.engine.game.position` under its old name (kept for one release; import it from there)."""

from __future__ import annotations

from canasta.engine.game.position import (
    FAMILY_POSITION_FORMAT,
    FAMILY_VIEW_FORMAT,
    POSITION_FORMAT,
    VIEW_FORMAT,
    PositionFormatError,
    dump_position,
    dump_view,
    load_position,
    load_view,
)

__all__ = [
    "FAMILY_POSITION_FORMAT",
    "FAMILY_VIEW_FORMAT",
    "POSITION_FORMAT",
    "VIEW_FORMAT",
    "PositionFormatError",
    "dump_position",
    "dump_view",
    "load_position",
    "load_view",
]
