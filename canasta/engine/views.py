"""`canasta.engine.game.views` under its old name (kept for one release; import it from there)."""

from __future__ import annotations

from canasta.engine.game.views import (
    made_view,
    view_for,
)

__all__ = ["made_view", "view_for"]
