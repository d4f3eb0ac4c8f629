"""The JSON Schemas in docs/schema/ against what the program really writes and reads (docs/formats.md).

Positions and views come from seeded hands played at 2, 3, 4 and 6 players under several house rules
(`dump_position`, and `dump_view`, whose output is what the `bot` command reads); every legal action met on
the way, every event, referee and bot answers and an exported game record are validated too. The schemas list
the rules' options, the refusal codes and the action types: those lists are held to the code here, and a few
malformed documents must be rejected by the schema and by the program alike. The games of the family other than
classic (`canasta-position/2`) are checked in tests/engine/test_schemas_family.py.
"""

from __future__ import annotations

import json
import random
import typing
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError
from referencing import Registry, Resource

from canasta.ai.baseline import GreedyBot, RandomBot
from canasta.app.autoplay import play_hand
from canasta.app.botcmd import answer as bot_answer
from canasta.app.referee import handle
from canasta.engine import Transition, legal_actions, new_hand, view_for
from canasta.engine.actions import (
    Action,
    ActionFormatError,
    Answer,
    AskPartner,
    Combine,
    DeclareSpecial,
    Discard,
    Draw,
    Meld,
    Pass,
    TakePile,
    action_from_json,
    action_to_json,
)
from canasta.engine.cards import Card, Rank
from canasta.engine.events import Event, event_to_json
from canasta.engine.match import new_match, start_hand
from canasta.engine.playerview import Phase
from canasta.engine.position import PositionFormatError, dump_position, dump_view, load_position, load_view
from canasta.engine.refusals import Code
from canasta.engine.rules import Rules, Variant, option_names, option_values
from canasta.engine.special_hands import SpecialHand
from canasta.engine.state import GameState
from canasta.storage.record import GameRecord, export_record, new_record, read_record_file, record_to_json
from canasta.storage.seeds import cut_rng, deal_rng

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = ROOT / "docs" / "schema"
DOCS = ROOT / "docs"

# Each player count, and house rules that change what a position holds (frozen piles, lone hands, targets).
FROZEN = {
    "upcard_black_three": "cover_and_freeze", "black_three_discard": "freeze_pile", "ask_partner": "required",
    "red_threes_negative_if": "no_canasta",
}  # fmt: skip
CASUAL = {
    "upcard_specials": "stock_bottom", "last_card_red_three": "end_may_meld", "tie": "shared_win",
    "ask_partner_timing": "any_time_before_going_out", "target_score": 3000,
}  # fmt: skip
STRICT = {"canastas_to_go_out": 3, "unfrozen_take_with_wild": False, "pile_take_by_adding_to_meld": False}
CONFIGS: list[tuple[str, Rules]] = [
    ("two", Rules.for_players(2)),
    ("two-strict", Rules.for_players(2, wild_limit="naturals_majority", stock_exhausted="end_after_last_discard")),
    ("three", Rules.for_players(3, first_dealer="cut_low")),
    ("cutthroat", Rules.for_players(3, three_player_mode="cutthroat", concealed_canasta_bonus=100)),
    ("four", Rules.for_players(4)),
    ("four-frozen", Rules.for_players(4, **FROZEN)),
    ("four-casual", Rules.for_players(4, **CASUAL)),
    ("six", Rules.for_players(6)),
    ("six-strict", Rules.for_players(6, **STRICT)),
]
SEEDS = (11, 12)


# --- the schemas, with their references between files ---------------------------------------------------------


@cache
def _registry() -> Registry[Any]:
    resources = [
        (path.name, Resource.from_contents(json.loads(path.read_text(encoding="utf-8"))))
        for path in sorted(SCHEMAS.glob("*.schema.json"))
    ]
    return Registry().with_resources(resources)


@cache
def validator(name: str, definition: str | None = None) -> Draft202012Validator:
    """The validator of `docs/schema/NAME.schema.json`, or of one of its `$defs`."""
    schema: dict[str, Any] = {"$ref": f"{name}.schema.json" + ("" if definition is None else f"#/$defs/{definition}")}
    return Draft202012Validator(schema, registry=_registry())


def assert_valid(name: str, document: Any, definition: str | None = None) -> None:
    errors = sorted(validator(name, definition).iter_errors(document), key=lambda error: list(error.absolute_path))
    assert not errors, f"{name}: {errors[0].message} at {list(errors[0].absolute_path)}"


def schema_json(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((SCHEMAS / f"{name}.schema.json").read_text(encoding="utf-8"))
    return data


def test_every_schema_is_a_valid_2020_12_schema() -> None:
    names = sorted(path.name for path in SCHEMAS.glob("*.schema.json"))
    assert names == [f"{name}.schema.json" for name in sorted(SCHEMA_NAMES)]
    for name in SCHEMA_NAMES:
        document = schema_json(name)
        Draft202012Validator.check_schema(document)
        assert document["$id"] == f"{name}.schema.json", "each file's $id is its name, so relative references work"


SCHEMA_NAMES = ("common", "position", "view", "action", "event", "record", "referee", "bot")


# --- hands played for real ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Played:
    states: list[GameState]
    transitions: list[Transition]


@cache
def played(config: int, seed: int) -> Played:
    """One hand under CONFIGS[config], a greedy and a random player in turn, from a seeded deal and scores."""
    rules = CONFIGS[config][1]
    rng = random.Random(seed * 100 + config)
    entries = 3 if rules.players == 3 else len(rules.shape.sides)
    scores = tuple(rng.choice((-150, 0, 1500, 3000, 7600)) for _ in range(entries))
    state = new_hand(rules, scores, rng.randrange(rules.players), rng)
    bots = [GreedyBot() if seat % 2 else RandomBot(random.Random(seed + seat)) for seat in range(rules.players)]
    states, transitions = [state], []

    def keep(before: GameState, action: Action, transition: Transition) -> None:
        states.append(transition.state)
        transitions.append(transition)

    play_hand(state, bots, keep)
    return Played(states, transitions)


def every_hand() -> Iterator[tuple[str, Played]]:
    for index, (name, _) in enumerate(CONFIGS):
        for seed in SEEDS:
            yield name, played(index, seed)


@pytest.mark.parametrize("config", range(len(CONFIGS)), ids=[name for name, _ in CONFIGS])
def test_every_position_reached_in_play_is_valid(config: int) -> None:
    for seed in SEEDS:
        states = played(config, seed).states
        for state in [*states[::5], states[-1]]:
            assert_valid("position", dump_position(state))


@pytest.mark.parametrize("config", range(len(CONFIGS)), ids=[name for name, _ in CONFIGS])
def test_every_seats_view_is_valid_and_is_what_the_bot_reads(config: int) -> None:
    for seed in SEEDS:
        states = played(config, seed).states
        for state in states[::10]:
            for seat in {state.current, (state.current + 1) % state.rules.players}:
                data = dump_view(view_for(state, seat))
                assert load_view(json.loads(json.dumps(data))).seat == seat
                # A view may hold only the latest events; the events themselves are all checked below.
                assert_valid("view", {**data, "history": data["history"][-3:]})
        assert_valid("view", dump_view(view_for(states[-1], states[-1].current)))  # the whole hand's history


def test_positions_cover_every_phase_and_the_optional_fields() -> None:
    phases: set[str] = set()
    keys: set[str] = set()
    for _, hand in every_hand():
        for state in hand.states:
            data = dump_position(state)
            phases.add(data["phase"])
            keys.update(data)
    assert {"draw", "play", "over"} <= phases
    assert {"out", "lone_hand"} <= keys


def test_every_legal_action_met_in_play_is_valid() -> None:
    met: dict[str, dict[str, Any]] = {}  # each distinct action once
    for _, hand in every_hand():
        for state in hand.states[::2]:
            if state.phase is not Phase.OVER:
                for action in legal_actions(view_for(state, state.current, with_history=False)):
                    data = action_to_json(action)
                    met.setdefault(json.dumps(data, sort_keys=True), data)
    for data in met.values():
        assert_valid("action", data)
    assert {"draw", "take_pile", "meld", "discard", "ask_partner"} <= {data["type"] for data in met.values()}


STRAIGHT = "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C JK"
ONE_OF_EACH_ACTION: list[Action] = [
    Draw(),
    Draw(keep_three=True),
    TakePile((Card.parse("8H"), Card.parse("2C")), ((Card.parse("KH"), Card.parse("KS"), Card.parse("KD")),)),
    TakePile(),
    Meld(((Card.parse("QH"), Card.parse("QS"), Card.parse("JK")),), ((Rank.KING, (Card.parse("KD"),)),)),
    Meld(add=((Rank.THREE, (Card.parse("3C"), Card.parse("3S"), Card.parse("3C", 1))),)),
    Meld(add_to=((0, (Card.parse("KD"),)), (3, (Card.parse("5H"), Card.parse("JK"))))),
    Meld(
        ((Card.parse("5H"), Card.parse("6H"), Card.parse("7H")),),
        ((Rank.QUEEN, (Card.parse("QD"),)),),
        ((2, (Card.parse("2C"),)),),
    ),
    Combine((1, 4)),
    TakePile(onto=2),
    Discard(Card.parse("7S")),
    AskPartner(),
    Answer(yes=True),
    Answer(yes=False),
    Pass(),
    DeclareSpecial(SpecialHand.GARBAGE),
    DeclareSpecial(SpecialHand.STRAIGHT, tuple(map(Card.parse, STRAIGHT.split()))),
]


def test_one_action_of_every_kind_is_valid_and_reads_back() -> None:
    assert {type(action) for action in ONE_OF_EACH_ACTION} == set(typing.get_args(Action))
    for action in ONE_OF_EACH_ACTION:
        data = action_to_json(action)
        assert_valid("action", data)
        assert action_to_json(action_from_json(data)) == data


def test_every_event_of_play_is_valid_in_every_seats_eyes() -> None:
    met: dict[str, dict[str, Any]] = {}  # each distinct event once
    for _, hand in every_hand():
        events = [event for seat in range(hand.states[0].rules.players) for event in hand.states[0].seen[seat]]
        for transition in hand.transitions:
            players = transition.state.rules.players
            # Events differ between seats only where cards are hidden: the drawer's eyes and the next seat's.
            for seat in {transition.state.current, (transition.state.current + 1) % players}:
                events.extend(transition.events_for(seat))
        for event in events:
            data = event_to_json(event)
            met.setdefault(json.dumps(data, sort_keys=True), data)
    for data in met.values():
        assert_valid("event", data)
    assert {"deal", "draw", "red_three", "take_pile", "meld", "discard", "hand_over"} <= {
        data["type"] for data in met.values()
    }
    assert set(schema_json("event")["$defs"]) == {name for name in _event_names()}


def _event_names() -> Iterator[str]:
    """The `type` of every kind of event, from the code's own union."""
    for kind in typing.get_args(Event):
        yield {
            "DealEvent": "deal", "DrawEvent": "draw", "RedThreeEvent": "red_three", "TakePileEvent": "take_pile",
            "MeldEvent": "meld", "CombineEvent": "combine", "DiscardEvent": "discard", "AskPartnerEvent": "ask_partner",
            "AnswerEvent": "answer", "LoneHandEvent": "lone_hand", "PassEvent": "pass", "SpecialEvent": "special",
            "HandOverEvent": "hand_over",
            "BlackThreesAsideEvent": "black_threes_aside",
        }[kind.__name__]  # fmt: skip


# --- the commands' lines and the game record ------------------------------------------------------------------


def test_referee_requests_and_answers_are_valid() -> None:
    hand = played(4, SEEDS[0])
    answers: list[dict[str, Any]] = []
    for state in hand.states[:12]:
        position = dump_position(state)
        if state.phase is Phase.OVER:
            continue
        for action in legal_actions(view_for(state, state.current, with_history=False))[:3]:
            request = {"position": position, "action": action_to_json(action)}
            assert_valid("referee", request, "request")
            answers.append(handle(request))
        answers.append(handle({"position": position, "action": {"type": "pass"}}))  # mostly refused
    answers.append(handle({"position": dump_position(hand.states[-1]), "score": True}))
    answers.append(handle({"position": {"format": "canasta-position/1"}, "action": {"type": "draw"}}))
    for answer in answers:
        assert_valid("referee", answer, "answer")
    assert {"legal" in answer and answer["legal"] for answer in answers} >= {True, False}
    assert any("score" in answer for answer in answers) and any("error" in answer for answer in answers)


def test_bot_requests_and_answers_are_valid() -> None:
    for config in (0, 3, 4, 7):
        for state in played(config, SEEDS[1]).states[:40:8]:
            if state.phase is Phase.OVER:
                continue
            request = {"view": dump_view(view_for(state, state.current)), "id": 7}
            assert_valid("bot", request, "request")
            assert_valid("bot", bot_answer(GreedyBot(), request), "answer")
    assert_valid("bot", bot_answer(GreedyBot(), {"view": {"format": "canasta-view/1"}}), "answer")


def test_an_exported_game_record_is_valid(tmp_path: Path) -> None:
    rules = CONFIGS[5][1]
    record = new_record(rules, 5, ("human", "normal", "hard", "expert"), human=0)
    rng = random.Random(5)
    state = start_hand(new_match(rules, cut_rng(5)), deal_rng(5, 0))
    record = record.with_new_hand()
    bots = [RandomBot(rng) for _ in range(4)]
    record = _play_into(record, state, bots)
    path = tmp_path / "game.json"
    export_record(path, record)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert_valid("record", data)
    assert record_to_json(read_record_file(path)) == record_to_json(record)


def _play_into(record: GameRecord, state: GameState, bots: list[RandomBot]) -> GameRecord:
    actions: list[Action] = []
    play_hand(state, bots, lambda before, action, transition: actions.append(action))
    for action in actions:
        record = record.with_action(action)
    return record


# --- the schemas name what the code knows ---------------------------------------------------------------------


def test_the_rules_schema_lists_every_option_with_its_values() -> None:
    properties = schema_json("common")["$defs"]["rules"]["properties"]
    assert list(properties) == ["players", "variant", *option_names()]
    assert properties["variant"]["enum"] == [variant.value for variant in Variant if _playable(variant)]
    for name in option_names():
        values = option_values(name)
        if values and isinstance(values[0], bool):
            assert properties[name] == {"type": "boolean"}, name
        elif values:
            assert properties[name]["enum"] == [value.value for value in values], name
    assert properties["concealed_canasta_bonus"]["enum"] == [0, 100]
    assert properties["canastas_to_go_out"] == {"type": "integer", "minimum": 1, "maximum": 3}


def _playable(variant: Variant) -> bool:
    """Whether some player count plays `variant` (a variant still to come is refused by the program)."""
    for players in (2, 3, 4, 6):
        try:
            Rules.for_players(players, variant=variant)
        except ValueError:
            continue
        return True
    return False


def test_the_referee_schema_lists_every_refusal_code() -> None:
    assert schema_json("referee")["$defs"]["code"]["enum"] == [code.value for code in Code]


def test_the_phases_and_action_types_are_the_codes() -> None:
    table = schema_json("common")["$defs"]["table"]["properties"]
    assert table["phase"]["enum"] == [phase.value for phase in Phase]
    kinds = list(dict.fromkeys(action_to_json(action)["type"] for action in ONE_OF_EACH_ACTION))
    assert schema_json("action")["properties"]["type"]["enum"] == kinds
    assert list(schema_json("action")["$defs"]) == kinds


def test_the_docs_name_every_option_its_default_and_every_refusal_code() -> None:
    rules_doc = (DOCS / "rules.md").read_text(encoding="utf-8")
    formats_doc = (DOCS / "formats.md").read_text(encoding="utf-8")
    default = Rules.for_players(4)
    for name in option_names():
        row = next((line for line in rules_doc.splitlines() if line.startswith(f"| `{name}` |")), None)
        assert row is not None, f"docs/rules.md has no row for {name}"
        value = getattr(default, name)
        if name in ("canastas_to_go_out", "target_score"):
            continue  # by player count, said in words
        shown = ("yes" if value else "no") if isinstance(value, bool) else getattr(value, "value", value)
        assert f"**`{shown}`**" in row or f"**{shown}**" in row, f"docs/rules.md does not give {name}'s default"
        for other in option_values(name):
            text = ("yes" if other else "no") if isinstance(other, bool) else other.value
            assert text in row, f"docs/rules.md does not name {name}: {text}"
    for code in Code:
        assert f"`{code.value}`" in formats_doc, f"docs/formats.md does not list the refusal code {code.value}"


# --- malformed documents --------------------------------------------------------------------------------------


def _position() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(json.dumps(dump_position(played(4, SEEDS[0]).states[6])))
    return data


def _view() -> dict[str, Any]:
    state = played(4, SEEDS[0]).states[6]
    data: dict[str, Any] = json.loads(json.dumps(dump_view(view_for(state, state.current))))
    return data


Change = Callable[[dict[str, Any]], object]
MALFORMED_POSITIONS: list[tuple[str, Change]] = [
    ("no hands", lambda d: d.pop("hands")),
    ("a card that is no card", lambda d: d["hands"][0].append("1H")),
    ("a red three held", lambda d: d["hands"][0].append("3H")),
    ("three hands for four players", lambda d: d["hands"].pop()),
    ("an unknown house rule", lambda d: d["rules"].update(jokers_wild=True)),
    ("cutthroat with four players", lambda d: d["rules"].update(three_player_mode="cutthroat")),
    ("a seat beyond the table", lambda d: d.update(current=4)),
    ("out before the hand is over", lambda d: d.update(out={"seat": 1})),
    ("a phase that does not exist", lambda d: d.update(phase="discard")),
    ("a meld of two cards", lambda d: d["melds"][0].append(["KH", "KS"])),
    ("a score with decimals", lambda d: d["scores"].__setitem__(0, 10.5)),
]
POSITION_IDS = [name for name, _ in MALFORMED_POSITIONS]


@pytest.mark.parametrize("change", [change for _, change in MALFORMED_POSITIONS], ids=POSITION_IDS)
def test_a_malformed_position_is_rejected_by_the_schema_and_the_program(change: Change) -> None:
    document = _position()
    change(document)
    with pytest.raises(ValidationError):
        validator("position").validate(document)
    with pytest.raises(PositionFormatError):
        load_position(document)


def test_a_view_field_in_a_position_is_rejected_by_the_schema() -> None:
    with pytest.raises(ValidationError):
        validator("position").validate({**_position(), "stock_count": 3})


def test_the_unmodified_documents_pass() -> None:
    assert_valid("position", _position())
    assert_valid("view", _view())


MALFORMED_VIEWS: list[tuple[str, Change]] = [
    ("no seat", lambda d: d.pop("seat")),
    ("the whole stock", lambda d: d.update(stock=["4C"])),
    ("a position's format", lambda d: d.update(format="canasta-position/1")),
    ("an event of no kind", lambda d: d["history"].append({"type": "shuffle", "seat": 0})),
    ("a draw event without its count", lambda d: d["history"].append({"type": "draw", "seat": 0})),
]


@pytest.mark.parametrize("change", [change for _, change in MALFORMED_VIEWS], ids=[name for name, _ in MALFORMED_VIEWS])
def test_a_malformed_view_is_rejected_by_the_schema(change: Change) -> None:
    document = _view()
    change(document)
    with pytest.raises(ValidationError):
        validator("view").validate(document)


MALFORMED_ACTIONS: list[dict[str, Any]] = [
    {"type": "steal"},
    {},
    {"type": "discard"},
    {"type": "discard", "card": "7"},
    {"type": "answer", "yes": "yes"},
    {"type": "meld", "new": ["QH", "QS", "QD"]},
    {"type": "meld", "add": {"king": ["KD"]}},
    {"type": "take_pile", "with": "8H 8S"},
]


@pytest.mark.parametrize("document", MALFORMED_ACTIONS, ids=[json.dumps(action) for action in MALFORMED_ACTIONS])
def test_a_malformed_action_is_rejected_by_the_schema_and_the_program(document: dict[str, Any]) -> None:
    with pytest.raises(ValidationError):
        validator("action").validate(document)
    with pytest.raises(ActionFormatError):
        action_from_json(document)
