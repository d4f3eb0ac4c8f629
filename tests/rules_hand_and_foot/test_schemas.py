"""Hand and Foot in JSON (F4): every position, view and event of random rounds is valid against the schemas in
docs/schema/, and documents without the game's fields (or with them in another game) are refused by the schema
and by the program alike.

The rules schema names only the games that can be played (tests/engine/test_schemas.py pins it); while Hand and
Foot is still refused for play, these tests read the schemas with `hand_and_foot` added to `rules.variant`, as
they will read once it is playable.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError
from referencing import Registry, Resource

from canasta.engine import Transition, legal_actions, new_hand, view_for
from canasta.engine.actions import Action, Meld, TakePile
from canasta.engine.events import event_to_json, redact
from canasta.engine.play import HandOptions, PolicySeat, play_hand
from canasta.engine.playerview import Phase, PlayerView
from canasta.engine.position import PositionFormatError, dump_position, dump_view, load_position, load_view
from canasta.engine.rules import Rules
from canasta.engine.state import GameState
from tests.engine.test_schemas import SCHEMAS


@cache
def validator(name: str) -> Draft202012Validator:
    resources = []
    for path in sorted(SCHEMAS.glob("*.schema.json")):
        contents = json.loads(path.read_text(encoding="utf-8"))
        if path.name == "common.schema.json":
            variants = contents["$defs"]["rules"]["properties"]["variant"]["enum"]
            if "hand_and_foot" not in variants:
                variants.append("hand_and_foot")
        resources.append((path.name, Resource.from_contents(contents)))
    registry: Registry[Any] = Registry().with_resources(resources)
    return Draft202012Validator({"$ref": f"{name}.schema.json"}, registry=registry)


def assert_valid(name: str, document: Any) -> None:
    errors = sorted(validator(name).iter_errors(document), key=lambda error: list(error.absolute_path))
    assert not errors, f"{name}: {errors[0].message} at {list(errors[0].absolute_path)}"


def _json(data: Any) -> Any:
    return json.loads(json.dumps(data))


@pytest.mark.parametrize("players", [2, 4, 6])
def test_f4_every_document_of_a_round_is_valid(players: int) -> None:
    rng = random.Random(players)
    rules = Rules.for_players(players, variant="hand_and_foot")
    state = new_hand(rules, (0,) * len(rules.shape.sides), 0, rng, round_number=3)
    kinds: set[str] = set()
    steps = 0

    def choose(view: PlayerView) -> Action:
        legal = legal_actions(view)
        melds = [action for action in legal if isinstance(action, Meld | TakePile)]
        return rng.choice(melds) if melds and rng.random() < 0.8 else rng.choice(legal)

    def check(before: GameState, _action: Action, transition: Transition) -> None:
        nonlocal steps
        for event in transition.events:
            for seat in (before.current, (before.current + 1) % players):  # the mover's eyes and another's
                document = _json(event_to_json(redact(event, seat)))
                assert_valid("event", document)
                kinds.add(document["type"])
        state = transition.state
        steps += 1
        if steps % 25 == 0 or state.phase is Phase.OVER:
            assert_valid("position", _json(dump_position(state)))
            assert_valid("view", _json(dump_view(view_for(state, (state.current + 1) % players))))

    options = HandOptions(on_step=check, stop=lambda _: steps >= 600)
    assert play_hand(state, [PolicySeat(choose)] * players, options).fallbacks == ()
    assert "pick_up_foot" in kinds


def _dealt() -> dict[str, Any]:
    rules = Rules.for_players(4, variant="hand_and_foot")
    data: dict[str, Any] = _json(dump_position(new_hand(rules, (0, 0), 0, random.Random(2))))
    return data


Change = Callable[[dict[str, Any]], object]
MALFORMED: list[tuple[str, Change]] = [
    ("no feet", lambda d: d.pop("feet")),
    ("no round", lambda d: d.pop("round")),
    ("an empty foot", lambda d: d["feet"].__setitem__(0, [])),
    ("a sequence", lambda d: d["melds"][0].append({"kind": "sequence", "suit": "H", "cards": ["4H", "5H", "6H"]})),
]


@pytest.mark.parametrize("change", [change for _, change in MALFORMED], ids=[name for name, _ in MALFORMED])
def test_f4_a_malformed_hand_and_foot_position_is_refused_by_the_schema_and_the_program(change: Change) -> None:
    document = _dealt()
    assert_valid("position", document)
    load_position(copy.deepcopy(document))
    change(document)
    with pytest.raises(ValidationError):
        validator("position").validate(document)
    with pytest.raises(PositionFormatError):
        load_position(document)


def test_f4_feet_and_round_belong_to_hand_and_foot_only() -> None:
    from tests.rules.positions import position as classic_position

    for extra in ({"feet": [None, None, None, None]}, {"round": 1}):
        document = dict(classic_position(), **extra)
        with pytest.raises(ValidationError):
            validator("position").validate(document)
        with pytest.raises(PositionFormatError):
            load_position(document)


def test_f4_a_view_without_foot_counts_is_refused() -> None:
    rules = Rules.for_players(4, variant="hand_and_foot")
    view = _json(dump_view(view_for(new_hand(rules, (0, 0), 0, random.Random(2)), 1)))
    assert_valid("view", view)
    view.pop("foot_counts")
    with pytest.raises(ValidationError):
        validator("view").validate(view)
    with pytest.raises(PositionFormatError, match="foot_counts"):
        load_view(view)
