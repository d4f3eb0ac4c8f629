"""The rules engine of the Canasta family: pure Python, no window, no computer player, no I/O but JSON. Every game,
classic included, is one `Shape` (in `rules`: data, and a few small rules it picks by what they do); one path
places, takes, goes out and scores for all of them, and no part but `rules` names a game.

Its parts show in this folder:
* values: `cards`, `rules` (a package: the options, the shape, each game's shape), `actions`, `events`,
  `refusals` (and their words, `refusal_text`), `melds` and `playerview` (what a seat may know);
* judging and doing, on a seat's view (all a computer player may use): `judge` (`check`, `legal_actions`),
  `candidates` and `index_moves` (the moves it tries), `plans` and `steps` (what a meld step or a take does),
  `held` (the cards named, found in hand), `placing` (where cards go among a side's melds), `pile_rules` (taking
  the pile), `first_meld`, `way_out`, `going_out_rules` and `going_out` (going out), `memo` (answers kept on
  the values) and `compiled` (whether the engine runs as C extensions mypyc built: `make compiled`);
* the whole game, in the package `canasta.engine.game`: `state`, `transitions` (dealing, and applying an action),
  `views`, `scoring`, `match`, `play` (the one hand loop and the one game loop), `position` (the JSON formats) and
  `invariants`. Their old names (`canasta.engine.state`, ...) still import them, for one release.

The names other parts and outside tools use are here: `new_hand(rules, scores, dealer, rng)`, `view_for(state,
seat)`, `legal_actions(view)`, `check(view, action)` and `apply(state, action) -> Transition`.
"""

from __future__ import annotations

from canasta.engine.game.transitions import Transition, apply, new_hand
from canasta.engine.game.views import view_for
from canasta.engine.judge import check, legal_actions

__all__ = ["Transition", "apply", "check", "legal_actions", "new_hand", "view_for"]
