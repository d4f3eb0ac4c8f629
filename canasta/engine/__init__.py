"""The rules engine of the Canasta family: pure Python, no window, no computer player, no I/O but JSON.

Its parts show in this folder: `cards`, `rules`, `actions`, `events`, `refusals` (and their words,
`refusal_text`), `melds`, `state`, `playerview` and `views` (what a seat may know), `judge` and `steps` (whether
an action is allowed, and what it does), `going_out`, `transitions` (dealing, and playing an action), `scoring`,
`match`, `position` (the JSON formats) and `invariants`.

The names other parts and outside tools use are here: `new_hand(rules, scores, dealer, rng)`, `view_for(state,
seat)`, `legal_actions(view)`, `check(view, action)` and `apply(state, action) -> Transition`.
"""

from __future__ import annotations

from canasta.engine.judge import check, legal_actions
from canasta.engine.transitions import Transition, apply, new_hand
from canasta.engine.views import view_for

__all__ = ["Transition", "apply", "check", "legal_actions", "new_hand", "view_for"]
