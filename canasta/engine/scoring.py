"""`canasta.engine.game.scoring` under its old name (kept for one release; import it from there)."""

from __future__ import annotations

from canasta.engine.game.scoring import (
    SideScore,
    canasta_bonus,
    red_three_score,
    score_hand,
)

__all__ = ["SideScore", "canasta_bonus", "red_three_score", "score_hand"]
