"""`view_for`: what one seat may know of a hand."""

from __future__ import annotations

from canasta.engine.events import Event
from canasta.engine.frozen import positional_maker
from canasta.engine.playerview import PlayerView
from canasta.engine.state import GameState

_make_player_view = positional_maker(PlayerView)


def view_for(state: GameState, seat: int, *, with_history: bool = True) -> PlayerView:
    """Everything `seat` may know, nothing more: its own hand, every hand's size, the public table.

    A view is made once per state, seat and choice of history; asking again returns the same view.
    """
    if not 0 <= seat < state.rules.players:
        raise ValueError(f"seat {seat} is not at a table of {state.rules.players}")
    key = seat if with_history else ~seat  # `view_key`
    view = state.views.get(key)
    if view is None:
        view = _make_view(state, seat, state.seen[seat] if with_history and state.seen else ())
        state.views[key] = view
    return view


def view_key(seat: int, with_history: bool) -> int:
    """Where `GameState.views` keeps a seat's view: under the seat with history, under ~seat without."""
    return seat if with_history else ~seat


def _make_view(state: GameState, seat: int, history: tuple[Event, ...]) -> PlayerView:
    # Arguments in field order, without keywords, and set slot by slot: a view is made for every action.
    return _make_player_view(
        state.rules, seat, state.hands[seat], tuple(map(len, state.hands)), len(state.stock), state.scores,
        state.dealer, state.current, state.phase, state.pile, state.melds, state.red_threes,
        state.melded_this_hand, state.turn, state.out, state.pile_frozen_from_start, state.lone_hand,
        _foot_counts(state), state.round, history,
    )  # fmt: skip


def _foot_counts(state: GameState) -> tuple[int | None, ...]:
    return tuple(None if foot is None else len(foot) for foot in state.feet) if state.feet else ()
