"""`canasta.engine.game.state` under its old name (kept for one release; import it from there)."""

from __future__ import annotations

from canasta.engine.game.state import (
    GameState,
)

__all__ = ["GameState"]
