"""The games of the family other than classic Canasta in JSON: positions and views written as `canasta-position/2`
and `canasta-view/2`, with melds as objects of a kind, and the actions and events of sequences, additions by
index, taking the pile onto a meld and combining (docs/formats.md, "Positions of the family").

Hands of Samba (2, 3, 4 and 6 players) and Bolivia are played from seeded deals by a random player that likes
meld steps; every position, view, action and event met on the way is validated against the schemas in
docs/schema/, and positions and views must read back as written. Malformed documents of the family must be
refused by the schema and by the program alike. An exported Samba game record is validated too.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from jsonschema.exceptions import ValidationError

from canasta.ai.baseline import RandomBot
from canasta.app.autoplay import play_hand
from canasta.engine import view_for
from canasta.engine.actions import Action, ActionFormatError, Combine, Meld, TakePile, action_from_json, action_to_json
from canasta.engine.events import event_to_json
from canasta.engine.judge import legal_actions
from canasta.engine.match import new_match, start_hand
from canasta.engine.play import HandOptions, PolicySeat
from canasta.engine.play import play_hand as play_seats
from canasta.engine.playerview import Phase, PlayerView
from canasta.engine.position import PositionFormatError, dump_position, dump_view, load_position, load_view
from canasta.engine.rules import Rules
from canasta.engine.state import GameState
from canasta.engine.transitions import Transition, new_hand
from canasta.storage.record import export_record, new_record, read_record_file, record_to_json
from canasta.storage.seeds import cut_rng, deal_rng
from tests.engine.test_schemas import assert_valid, validator

GAMES: list[tuple[str, str, int]] = [
    ("samba-two", "samba", 2),
    ("samba-three", "samba", 3),
    ("samba-four", "samba", 4),
    ("samba-six", "samba", 6),
    ("bolivia", "bolivia", 4),
]
GAME_IDS = [name for name, _, _ in GAMES]
SEEDS = (3, 4)
SAMBA_FOUR, SAMBA_THREE, SAMBA_SIX, BOLIVIA = 2, 1, 3, 4


# --- hands played for real ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Played:
    states: list[GameState]
    actions: list[Action]
    events: list[dict[str, Any]]  # every event as JSON, in the eyes of each seat


@cache
def played(game: int, seed: int) -> Played:
    """One hand of GAMES[game] from a seeded deal: each seat combines and lays a meld of wild cards whenever it
    may, and otherwise mostly takes a meld step or the pile when one is legal, so that every kind of meld,
    additions by index and takes onto a meld all come up."""
    _, variant, players = GAMES[game]
    rules = Rules.for_players(players, variant=variant)
    rng = random.Random(seed * 10 + game)
    scores = tuple(rng.choice((0, 1500, 3000, 7000)) for _ in rules.shape.sides)
    state = new_hand(rules, scores, rng.randrange(players), rng)
    states: list[GameState] = [state]
    actions: list[Action] = []
    events = [event_to_json(event) for seat in range(players) for event in state.seen[seat]]

    def keep(_before: GameState, action: Action, transition: Transition) -> None:
        events.extend(event_to_json(event) for seat in range(players) for event in transition.events_for(seat))
        states.append(transition.state)
        actions.append(action)

    seats = [PolicySeat(lambda view: _choose(legal_actions(view), rng))] * players
    options = HandOptions(view_of=_without_history, on_step=keep)
    assert play_seats(state, seats, options).fallbacks == ()  # and it ends (within `MOVE_CAP` actions)
    return Played(states, actions, events)


def _without_history(state: GameState, seat: int) -> PlayerView:
    return view_for(state, seat, with_history=False)


def _choose(legal: list[Action], rng: random.Random) -> Action:
    rare = [action for action in legal if isinstance(action, Combine) or _lays_wild_meld(action)]
    steps = [action for action in legal if isinstance(action, Meld | TakePile)]
    if rare:
        return rng.choice(rare)
    return rng.choice(steps if steps and rng.random() < 0.8 else legal)


def _lays_wild_meld(action: Action) -> bool:
    return isinstance(action, Meld) and any(all(card.is_wild for card in group) for group in action.new)


def hands_of(game: int) -> Iterator[Played]:
    for seed in SEEDS:
        yield played(game, seed)


def _json(data: dict[str, Any]) -> dict[str, Any]:
    """`data` as it comes back from a JSON file."""
    copied: dict[str, Any] = json.loads(json.dumps(data))
    return copied


# --- positions and views --------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", range(len(GAMES)), ids=GAME_IDS)
def test_a_family_position_is_version_2_valid_and_reads_back_as_written(game: int) -> None:
    variant = GAMES[game][1]
    melds_seen = 0
    for hand in hands_of(game):
        for state in [*hand.states[::10], hand.states[-1]]:
            data = _json(dump_position(state))
            assert data["format"] == "canasta-position/2"
            assert data["rules"]["variant"] == variant
            for meld in (meld for side in data["melds"] for meld in side):
                melds_seen += 1
                assert isinstance(meld, dict) and meld["kind"] in ("group", "sequence", "wild"), meld
                assert ("rank" in meld) == (meld["kind"] == "group") and ("suit" in meld) == (
                    meld["kind"] == "sequence"
                )
            assert_valid("position", data)
            assert dump_position(load_position(data)) == data
    assert melds_seen, "the hands should have put melds on the table"


@pytest.mark.parametrize("game", range(len(GAMES)), ids=GAME_IDS)
def test_a_family_view_is_version_2_valid_and_reads_back_as_written(game: int) -> None:
    for hand in hands_of(game):
        for state in [*hand.states[::25], hand.states[-1]]:
            for seat in {state.current, (state.current + 1) % state.rules.players}:
                data = _json(dump_view(view_for(state, seat)))
                assert data["format"] == "canasta-view/2"
                assert dump_view(load_view(data)) == data
                # The events are all validated below; a view may hold only the latest ones.
                assert_valid("view", {**data, "history": data["history"][-3:]})
        assert_valid("view", _json(dump_view(view_for(hand.states[-1], 0))))  # the whole hand's history


def test_a_classic_position_keeps_version_1() -> None:
    data = dump_position(new_hand(Rules.for_players(4), (0, 0), 0, random.Random(3)))
    assert data["format"] == "canasta-position/1"
    assert "variant" not in data["rules"]


def test_the_hands_lay_every_kind_of_meld_their_game_has() -> None:
    def kinds(game: int) -> set[str]:
        return {
            meld["kind"]
            for hand in hands_of(game)
            for state in hand.states
            for side in dump_position(state)["melds"]
            for meld in side
        }

    for game in (SAMBA_FOUR, SAMBA_SIX):
        assert kinds(game) == {"group", "sequence"}, GAMES[game][0]
    assert kinds(BOLIVIA) == {"group", "sequence", "wild"}


# --- actions and events ---------------------------------------------------------------------------------------


def test_every_action_and_event_of_family_play_is_valid() -> None:
    actions: dict[str, dict[str, Any]] = {}  # each distinct one once
    events: dict[str, dict[str, Any]] = {}
    for game in range(len(GAMES)):
        for hand in hands_of(game):
            met = list(hand.actions)
            for state in hand.states[::3]:
                if state.phase is not Phase.OVER:
                    met.extend(legal_actions(view_for(state, state.current, with_history=False)))
            for action in met:
                data = action_to_json(action)
                actions.setdefault(json.dumps(data, sort_keys=True), data)
            for data in hand.events:
                events.setdefault(json.dumps(data, sort_keys=True), data)
    for data in actions.values():
        assert_valid("action", data)
        assert action_to_json(action_from_json(data)) == data
    for data in events.values():
        assert_valid("event", data)
    for found in (actions.values(), events.values()):
        assert any(data["type"] == "combine" for data in found)
        assert any(data["type"] == "take_pile" and "onto" in data for data in found)
        assert any(data["type"] == "meld" and isinstance(data["add"], list) for data in found)
        assert any(data["type"] == "meld" and data["add"] == {} for data in found)


FAMILY_ACTIONS: list[dict[str, Any]] = [
    {"type": "take_pile", "onto": 2},
    {
        "type": "take_pile",
        "with": ["8H", "8S"],
        "also": [{"kind": "sequence", "suit": "H", "cards": ["5H", "6H", "7H"]}],
    },
    {"type": "meld", "add": [{"meld": 0, "cards": ["KD"]}, {"rank": "Q", "cards": ["QH", "2C"]}]},
    {"type": "meld", "add": []},
    {
        "type": "meld",
        "new": [
            ["8H", "8S", "8D"],
            {"kind": "sequence", "cards": ["9S", "TS", "JS", "QS"]},
            {"kind": "group", "rank": "K", "cards": ["KH", "KS", "2C"]},
            {"kind": "wild", "cards": ["2D", "JK", "JK"]},
        ],
        "add": [{"meld": 3, "cards": ["4C"]}],
    },
    {"type": "combine", "melds": [4, 1]},
]


@pytest.mark.parametrize("document", FAMILY_ACTIONS, ids=[json.dumps(action) for action in FAMILY_ACTIONS])
def test_the_family_forms_of_an_action_are_valid_and_read(document: dict[str, Any]) -> None:
    assert_valid("action", document)
    written = action_to_json(action_from_json(document))
    assert_valid("action", written)
    assert action_to_json(action_from_json(written)) == written


MALFORMED_ACTIONS: list[dict[str, Any]] = [
    {"type": "combine"},
    {"type": "combine", "melds": [1]},
    {"type": "combine", "melds": [1, 2, 3]},
    {"type": "combine", "melds": [1, -2]},
    {"type": "combine", "melds": [True, 1]},
    {"type": "take_pile", "onto": -1},
    {"type": "take_pile", "onto": "K"},
    {"type": "meld", "add": [{"meld": 0}]},
    {"type": "meld", "add": [{"meld": 1.5, "cards": ["KD"]}]},
    {"type": "meld", "add": [{"meld": 0, "rank": "K", "cards": ["KD"]}]},
    {"type": "meld", "add": [["KD"]]},
    {"type": "meld", "add": [{"rank": "king", "cards": ["KD"]}]},
    {"type": "meld", "new": [{"cards": ["5H", "6H", "7H"]}]},
    {"type": "meld", "new": [{"kind": "run", "cards": ["5H", "6H", "7H"]}]},
    {"type": "meld", "new": [{"kind": "sequence", "cards": "5H 6H 7H"}]},
]


@pytest.mark.parametrize("document", MALFORMED_ACTIONS, ids=[json.dumps(action) for action in MALFORMED_ACTIONS])
def test_a_malformed_family_action_is_rejected_by_the_schema_and_the_program(document: dict[str, Any]) -> None:
    with pytest.raises(ValidationError):
        validator("action").validate(document)
    with pytest.raises(ActionFormatError):
        action_from_json(document)


def test_the_action_schema_keeps_a_new_melds_rank_to_groups_and_its_suit_to_sequences() -> None:
    for wrong in ({"kind": "sequence", "rank": "5", "cards": ["5H", "6H", "7H"]}, {"kind": "group", "suit": "H"}):
        with pytest.raises(ValidationError):
            validator("action").validate({"type": "meld", "new": [{"cards": ["5H", "6H", "7H"], **wrong}]})


# --- malformed positions and views, and a game record --------------------------------------------------------


def _base(game: int, wanted: frozenset[str] = frozenset()) -> dict[str, Any]:
    """A position of GAMES[game] reached in play, the first whose melds include the `wanted` kinds."""
    for hand in hands_of(game):
        for state in hand.states:
            data = dump_position(state)
            if wanted <= {meld["kind"] for side in data["melds"] for meld in side}:
                return _json(data)
    raise AssertionError(f"no position of {GAMES[game][0]} has melds of {sorted(wanted)}")


def _first(data: dict[str, Any], kind: str) -> dict[str, Any]:
    """The first meld of `kind` in a position or view."""
    meld: dict[str, Any] = next(meld for side in data["melds"] for meld in side if meld["kind"] == kind)
    return meld


Change = Callable[[dict[str, Any]], object]


def _unwrap_a_meld(data: dict[str, Any]) -> None:
    side = next(side for side in data["melds"] if side)
    side[0] = side[0]["cards"]


def _set(field: str, value: object, kind: str) -> Change:
    return lambda data: _first(data, kind).update({field: value})


def _other_rank(data: dict[str, Any]) -> None:
    group = _first(data, "group")
    group["rank"] = "4" if group["rank"] != "4" else "5"


def _other_suit(data: dict[str, Any]) -> None:
    sequence = _first(data, "sequence")
    sequence["suit"] = "C" if sequence["suit"] != "C" else "D"


GROUP_AND_SEQUENCE = frozenset({"group", "sequence"})
MALFORMED_POSITIONS: list[tuple[str, int, frozenset[str], Change]] = [
    ("a bare list of cards as a meld", SAMBA_FOUR, GROUP_AND_SEQUENCE, _unwrap_a_meld),
    (
        "a sequence written high to low",
        SAMBA_FOUR,
        GROUP_AND_SEQUENCE,
        lambda d: _first(d, "sequence")["cards"].reverse(),
    ),
    ("a group whose rank is not its cards'", SAMBA_FOUR, GROUP_AND_SEQUENCE, _other_rank),
    ("a sequence whose suit is not its cards'", SAMBA_FOUR, GROUP_AND_SEQUENCE, _other_suit),
    ("a meld of an unknown kind", SAMBA_FOUR, GROUP_AND_SEQUENCE, _set("kind", "run", "group")),
    ("a meld without its cards", SAMBA_FOUR, GROUP_AND_SEQUENCE, lambda d: _first(d, "group").pop("cards")),
    ("format 1 for Samba", SAMBA_FOUR, frozenset(), lambda d: d.update(format="canasta-position/1")),
    ("no format for Samba", SAMBA_FOUR, frozenset(), lambda d: d.pop("format")),
    ("a wild meld in Samba", BOLIVIA, frozenset({"wild"}), lambda d: d["rules"].update(variant="samba")),
    ("a game still to come", SAMBA_FOUR, frozenset(), lambda d: d["rules"].update(variant="hand_and_foot")),
    ("Bolivia with six players", SAMBA_SIX, frozenset(), lambda d: d["rules"].update(variant="bolivia")),
    ("Samba cutthroat", SAMBA_THREE, frozenset(), lambda d: d["rules"].update(three_player_mode="cutthroat")),
    ("two sides in Samba with six", SAMBA_SIX, frozenset(), lambda d: d["scores"].pop()),
]


@pytest.mark.parametrize(
    ("game", "wanted", "change"),
    [(game, wanted, change) for _, game, wanted, change in MALFORMED_POSITIONS],
    ids=[name for name, _, _, _ in MALFORMED_POSITIONS],
)
def test_a_malformed_family_position_is_rejected_by_the_schema_and_the_program(
    game: int, wanted: frozenset[str], change: Change
) -> None:
    document = _base(game, wanted)
    assert_valid("position", document)
    load_position(copy.deepcopy(document))
    change(document)
    with pytest.raises(ValidationError):
        validator("position").validate(document)
    with pytest.raises(PositionFormatError):
        load_position(document)


def test_a_classic_position_written_as_version_2_is_rejected_by_the_schema() -> None:
    rules = Rules.for_players(4)
    data = _json(dump_position(new_hand(rules, (0, 0), 0, random.Random(3))))
    data["format"] = "canasta-position/2"
    with pytest.raises(ValidationError):
        validator("position").validate(data)


def _view() -> dict[str, Any]:
    position = _base(SAMBA_FOUR, GROUP_AND_SEQUENCE)
    state = load_position(position)
    return _json(dump_view(view_for(state, state.current)))


MALFORMED_VIEWS: list[tuple[str, Change]] = [
    ("format 1 for Samba", lambda d: d.update(format="canasta-view/1")),
    ("a position's format", lambda d: d.update(format="canasta-position/2")),
    ("a bare list of cards as a meld", _unwrap_a_meld),
    ("a group whose rank is not its cards'", _other_rank),
    ("a combine of one meld", lambda d: d["history"].append({"type": "combine", "seat": 0, "melds": [1]})),
]


@pytest.mark.parametrize("change", [change for _, change in MALFORMED_VIEWS], ids=[name for name, _ in MALFORMED_VIEWS])
def test_a_malformed_family_view_is_rejected_by_the_schema_and_the_program(change: Change) -> None:
    document = _view()
    assert_valid("view", document)
    change(document)
    with pytest.raises(ValidationError):
        validator("view").validate(document)
    with pytest.raises(PositionFormatError):
        load_view(document)


def test_an_exported_samba_record_is_valid(tmp_path: Path) -> None:
    rules = Rules.for_players(6, variant="samba")
    record = new_record(rules, 9, ("human", "normal", "hard", "expert", "normal", "hard"), human=0)
    state = start_hand(new_match(rules, cut_rng(9)), deal_rng(9, 0))
    actions: list[Action] = []
    play_hand(state, [RandomBot(random.Random(9)) for _ in range(6)], lambda _, action, __: actions.append(action))
    record = record.with_new_hand()
    for action in actions:
        record = record.with_action(action)
    path = tmp_path / "game.json"
    export_record(path, record)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["rules"] == {"players": 6, "variant": "samba"}
    assert_valid("record", data)
    assert record_to_json(read_record_file(path)) == record_to_json(record)
