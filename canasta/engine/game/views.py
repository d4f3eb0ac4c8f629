"""`view_for`: what one seat may know of a hand."""

from __future__ import annotations

from canasta.engine.events import Event
from canasta.engine.game.state import GameState
from canasta.engine.memo import MemoBy
from canasta.engine.playerview import PlayerView


def view_for(state: GameState, seat: int, *, with_history: bool = True) -> PlayerView:
    """Everything `seat` may know, nothing more: its own hand, every hand's size, the public table.

    A view is made once per distinct state, seat and choice of history; asking again returns the same view (and
    so whatever has been worked out about it, the player's look and then `apply`'s).
    """
    if not 0 <= seat < state.rules.players:
        raise ValueError(f"seat {seat} is not at a table of {state.rules.players}")
    return _VIEWS(state, seat if with_history else ~seat)


def made_view(state: GameState, seat: int) -> PlayerView | None:
    """The view of `seat` already made of `state` (with its history, else without), if any."""
    made = _VIEWS.known(state)
    return made.get(seat) or made.get(~seat)


def _view_of(state: GameState, key: int) -> PlayerView:
    """The view of seat `key` with its history, or of seat `~key` without."""
    seat = key if key >= 0 else ~key
    return _make_view(state, seat, state.seen[seat] if key >= 0 and state.seen else ())


_VIEWS: MemoBy[GameState, int, PlayerView] = MemoBy(_view_of)


def _make_view(state: GameState, seat: int, history: tuple[Event, ...]) -> PlayerView:
    # Arguments in field order, without keywords (a view is made for every action).
    return PlayerView(
        state.rules, seat, state.hands[seat], tuple(map(len, state.hands)), len(state.stock), state.scores,
        state.dealer, state.current, state.phase, state.pile, state.melds, state.red_threes,
        state.melded_this_hand, state.turn, state.out, state.pile_frozen_from_start, state.lone_hand,
        _foot_counts(state), state.round, state.bonus_taken, state.meld_order, state.asked, state.black_threes,
        state.turns_played, state.packet_due, history,
    )  # fmt: skip


def _foot_counts(state: GameState) -> tuple[int | None, ...]:
    return tuple(None if foot is None else len(foot) for foot in state.feet) if state.feet else ()
