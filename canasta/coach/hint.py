"""The hint: the move the Hard player would make now, with a one-line reason."""

from __future__ import annotations

import random
from dataclasses import dataclass

from canasta.ai.base import CardMemory
from canasta.ai.levels import make_bot
from canasta.coach.explain import explain
from canasta.engine.actions import Action
from canasta.engine.playerview import Phase, PlayerView

HINT_LEVEL = "hard"


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested move and why, in the player's language."""

    action: Action
    reason: str


def can_hint(view: PlayerView) -> bool:
    """Whether the viewing seat has a move to be hinted now (its turn, or its answer, in a hand not over)."""
    return view.phase is not Phase.OVER and view.current == view.seat


def hint(view: PlayerView, memory: CardMemory, seed: int) -> Hint:
    """The Hard player's choice for the viewing seat, with its reason.

    :raises ValueError: when the seat has nothing to do now (see `can_hint`).
    """
    if not can_hint(view):
        raise ValueError(f"seat {view.seat} has no move to hint: it is not its turn, or the hand is over")
    bot = make_bot(HINT_LEVEL, random.Random(seed), view.rules.players)
    action = bot.choose(view, memory)
    return Hint(action, explain(view, memory, action))
