"""`canasta.engine.game.match` under its old name (kept for one release; import it from there)."""

from __future__ import annotations

from canasta.engine.game.match import (
    HandResult,
    Match,
    finish_hand,
    first_dealer,
    hand_rules,
    new_match,
    start_hand,
)

__all__ = ["HandResult", "Match", "finish_hand", "first_dealer", "hand_rules", "new_match", "start_hand"]
