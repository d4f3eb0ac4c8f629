"""`canasta.engine.game.invariants` under its old name (kept for one release; import it from there)."""

from __future__ import annotations

from canasta.engine.game.invariants import (
    step_violations,
    violations,
)

__all__ = ["step_violations", "violations"]
