"""Whether a hand is a race depends on the player's weights: the answer is worked out per view and weights, so a
second player asking about the same view (Hard after Normal, the coach after the table's player) gets its own."""

from __future__ import annotations

import dataclasses
import random

from canasta.ai.heuristic import Weights, racing
from canasta.engine import new_hand, view_for
from canasta.engine.melds import TableMeld
from canasta.engine.rules import Rules


def test_racing_is_answered_for_each_players_weights() -> None:
    state = new_hand(Rules.for_players(4), (0, 0), 3, random.Random(2))
    canasta = TableMeld(state.hands[1][0].rank, state.stock[:7])  # any seven cards: a canasta by its size
    hands = (state.hands[0], state.hands[1][:8], *state.hands[2:])
    state = dataclasses.replace(state, melds=((), (canasta,)), hands=hands)  # seat 1 may go out, holding 8
    view = view_for(state, 0)
    normal, wary = Weights(), dataclasses.replace(Weights(), race_opponent_cards=9.0)
    assert normal.race_opponent_cards < 8 < wary.race_opponent_cards
    assert racing(view, normal) is False
    assert racing(view, wary) is True
    assert racing(view, normal) is False
