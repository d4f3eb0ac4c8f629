"""`view_for`: what one seat may know of a hand."""

from __future__ import annotations

from canasta.playerview import PlayerView
from canasta.state import GameState


def view_for(state: GameState, seat: int, *, with_history: bool = True) -> PlayerView:
    """Everything `seat` may know, nothing more: its own hand, every hand's size, the public table."""
    if not 0 <= seat < state.rules.players:
        raise ValueError(f"seat {seat} is not at a table of {state.rules.players}")
    return PlayerView(
        rules=state.rules,
        seat=seat,
        hand=state.hands[seat],
        hand_counts=tuple(len(hand) for hand in state.hands),
        stock_count=len(state.stock),
        scores=state.scores,
        dealer=state.dealer,
        current=state.current,
        phase=state.phase,
        pile=state.pile,
        melds=state.melds,
        red_threes=state.red_threes,
        melded_this_hand=state.melded_this_hand,
        turn=state.turn,
        out=state.out,
        pile_frozen_from_start=state.pile_frozen_from_start,
        lone_hand=state.lone_hand,
        history=state.seen[seat] if with_history and state.seen else (),
    )
