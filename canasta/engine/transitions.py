"""`canasta.engine.game.transitions` under its old name (kept for one release; import it from there)."""

from __future__ import annotations

from canasta.engine.game.transitions import (
    Transition,
    apply,
    new_hand,
)

__all__ = ["Transition", "apply", "new_hand"]
