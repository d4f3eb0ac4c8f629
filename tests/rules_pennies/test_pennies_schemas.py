"""Pennies from Heaven in JSON (F9, F10): every position, view and event of hands played by computer players is
valid against the schemas in docs/schema/ and reads back unchanged; `packet_due` is written under `packet_timing:
next_turn` only, and refused elsewhere by the schema and the program alike."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from jsonschema.exceptions import ValidationError

from canasta.ai.base import CardMemory
from canasta.ai.levels import make_bot
from canasta.ai.seat import BotSeat
from canasta.engine import Transition, new_hand, view_for
from canasta.engine.actions import Action
from canasta.engine.events import event_to_json
from canasta.engine.play import HandOptions, play_hand
from canasta.engine.position import PositionFormatError, dump_position, dump_view, load_position
from canasta.engine.rules import Rules
from canasta.engine.state import GameState
from tests.engine.test_schemas import assert_valid, validator
from tests.play import QUICK


def _json(data: Any) -> Any:
    return json.loads(json.dumps(data))


def _for_schema(document: dict[str, Any]) -> dict[str, Any]:
    """The document with its game's own options left out of `rules`: the schema of `rules` lists classic Canasta's
    options only (docs/formats.md), the program checks the others."""
    checked = copy.deepcopy(document)
    checked["rules"] = {key: checked["rules"][key] for key in ("players", "variant")}
    return checked


@pytest.mark.parametrize("timing", ["at_once", "next_turn"])
def test_f10_every_document_of_a_hand_is_valid_and_reads_back(timing: str) -> None:
    rng = random.Random(4)
    rules = Rules.for_players(6, variant="pennies_from_heaven", packet_timing=timing)
    state = new_hand(rules, (0, 0), 5, rng)
    seats = [BotSeat(make_bot("normal", rng, 6, QUICK), CardMemory(6)) for _ in range(6)]
    seen: dict[str, int] = {"positions": 0, "due": 0}

    def check(_before: GameState, _action: Action, step: Transition) -> None:
        position = _json(dump_position(step.state))
        assert position["format"] == "canasta-position/2" and "round" not in position
        seen["positions"] += 1
        seen["due"] += "packet_due" in position
        if seen["positions"] % 7 == 0:
            assert_valid("position", _for_schema(position))
            assert dump_position(load_position(position)) == position
            view = _json(dump_view(view_for(step.state, (step.state.current + 1) % 6)))
            assert_valid("view", _for_schema(view))
            for seat in range(6):
                for event in step.events_for(seat):
                    assert_valid("event", _json(event_to_json(event)))

    play_hand(state, seats, HandOptions(on_step=check))
    assert seen["positions"] > 50
    assert (seen["due"] > 0) == (timing == "next_turn"), "a packet released for the next turn is written as due"


def test_f10_packet_due_belongs_to_next_turn_only() -> None:
    rules = Rules.for_players(6, variant="pennies_from_heaven", packet_timing="next_turn")
    state = new_hand(rules, (0, 0), 5, random.Random(1))
    position = _json(dump_position(state))
    due = copy.deepcopy(position) | {"packet_due": [2]}
    assert_valid("position", _for_schema(due))
    assert load_position(due).packet_due == (2,)
    at_once = copy.deepcopy(due)
    at_once["rules"].pop("packet_timing")
    with pytest.raises(PositionFormatError, match="packet_due"):
        load_position(at_once)
    classic = _json(dump_position(new_hand(Rules.for_players(4), (0, 0), 3, random.Random(1))))
    with pytest.raises(ValidationError):
        validator("position").validate(classic | {"packet_due": [2]})
