"""`positional_maker` makes the same objects as the dataclasses' own constructors."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from canasta.engine import new_hand, view_for
from canasta.engine.frozen import positional_maker
from canasta.engine.playerview import PlayerView
from canasta.engine.rules import Rules
from canasta.engine.state import GameState


def _values(obj: GameState | PlayerView) -> list[Any]:
    return [getattr(obj, field.name) for field in dataclasses.fields(obj) if field.init]


def test_a_state_and_a_view_made_slot_by_slot_equal_those_made_by_their_constructors() -> None:
    state = new_hand(Rules.for_players(4), (0, 0), 1, random.Random(3))
    view = view_for(state, 2)
    assert positional_maker(GameState)(*_values(state)) == GameState(*_values(state)) == state
    assert positional_maker(PlayerView)(*_values(view)) == PlayerView(*_values(view)) == view
    assert _values(positional_maker(GameState)(*_values(state))) == _values(state)
    assert _values(positional_maker(PlayerView)(*_values(view))) == _values(view)
    # Nothing worked out about a state or a view travels with it: both are their fields and nothing more.
    assert all(field.init for field in dataclasses.fields(GameState))
    assert all(field.init for field in dataclasses.fields(PlayerView))


def test_only_slotted_dataclasses_with_factories_for_their_other_fields_are_made() -> None:
    @dataclasses.dataclass(frozen=True)
    class Plain:
        a: int

    @dataclasses.dataclass(frozen=True, slots=True)
    class Derived:
        a: int
        b: int = dataclasses.field(init=False, default=0)

    with pytest.raises(TypeError, match="slotted"):
        positional_maker(Plain)
    with pytest.raises(TypeError, match="default_factory"):
        positional_maker(Derived)
