"""The game record: what a game is made of (rules, seed, who sits where, every action of every hand).

A record replays exactly: each hand is dealt from `seeds.deal_rng(seed, hand)` and the first dealer is cut
from `seeds.cut_rng(seed)`, so no computer player is needed to play it back. The same record, exported with
a checksum, is the file `python -m canasta replay FILE` reads.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from canasta.engine.actions import Action, ActionFormatError, action_from_json, action_to_json
from canasta.engine.match import Match, finish_hand, new_match, start_hand
from canasta.engine.play import ReplayError
from canasta.engine.play import replay as replay_actions
from canasta.engine.playerview import Phase
from canasta.engine.rules import Rules
from canasta.engine.state import GameState
from canasta.storage.files import DocumentError, check_document, parse_json, read_file_bytes, unseal, write_sealed
from canasta.storage.seeds import cut_rng, deal_rng

RECORD_FORMAT = "canasta-record"
RECORD_VERSION = 1
HUMAN = "human"  # the level entry of the person's seat


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game as played. `hands[i]` are the actions of hand i in order; the last may be in progress.

    `practice` marks a game played with help (undo, open hands): its statistics are kept apart.
    `game_id` tells games apart even when two share a seed.
    """

    game_id: str
    rules: Rules
    seed: int
    levels: tuple[str, ...]  # one per seat; the human's seat says "human"
    human: int = 0
    practice: bool = False
    hands: tuple[tuple[Action, ...], ...] = ()

    @property
    def action_count(self) -> int:
        return sum(len(hand) for hand in self.hands)

    def with_action(self, action: Action) -> GameRecord:
        """The record with `action` added to the hand in progress."""
        if not self.hands:
            raise ValueError("no hand has been dealt")
        return replace(self, hands=(*self.hands[:-1], (*self.hands[-1], action)))

    def with_new_hand(self) -> GameRecord:
        """The record with the next hand dealt (no actions yet)."""
        return replace(self, hands=(*self.hands, ()))

    def as_practice(self) -> GameRecord:
        return replace(self, practice=True)


def new_record(rules: Rules, seed: int, levels: tuple[str, ...], human: int = 0, practice: bool = False) -> GameRecord:
    """The record of a game about to start (no hand dealt yet)."""
    return GameRecord(uuid.uuid4().hex, rules, seed, levels, human, practice)


# -- JSON ------------------------------------------------------------------------------------------------------


def record_to_json(record: GameRecord) -> dict[str, Any]:
    """The record as a JSON-ready dict (without format and version: the file around it adds those)."""
    return {
        "game_id": record.game_id,
        "rules": record.rules.to_dict(),
        "seed": record.seed,
        "levels": list(record.levels),
        "human": record.human,
        "practice": record.practice,
        "hands": [[action_to_json(action) for action in hand] for hand in record.hands],
    }


def record_from_json(data: Any) -> GameRecord:
    """Read a record. :raises DocumentError: naming the field that is wrong."""
    if not isinstance(data, dict):
        raise DocumentError("record must be an object")
    if not isinstance(data.get("rules"), dict):
        raise DocumentError("record.rules must be an object")
    try:
        rules = Rules.from_dict(data["rules"])
    except ValueError as error:
        raise DocumentError(f"record.rules: {error}") from None
    seed, human, game_id = data.get("seed"), data.get("human"), data.get("game_id")
    if type(seed) is not int:
        raise DocumentError("record.seed must be a whole number")
    if not isinstance(game_id, str) or not game_id:
        raise DocumentError("record.game_id must be a text")
    if type(human) is not int or not 0 <= human < rules.players:
        raise DocumentError(f"record.human must be a seat from 0 to {rules.players - 1}")
    if not isinstance(data.get("practice"), bool):
        raise DocumentError("record.practice must be true or false")
    return GameRecord(game_id, rules, seed, _levels(data.get("levels"), rules), human, data["practice"],
                      _hands(data.get("hands")))  # fmt: skip


def _levels(raw: Any, rules: Rules) -> tuple[str, ...]:
    if not isinstance(raw, list) or len(raw) != rules.players or not all(isinstance(level, str) for level in raw):
        raise DocumentError(f"record.levels must list a level for each of the {rules.players} seats")
    return tuple(raw)


def _hands(raw: Any) -> tuple[tuple[Action, ...], ...]:
    if not isinstance(raw, list) or not all(isinstance(hand, list) for hand in raw):
        raise DocumentError("record.hands must be a list of lists of actions")
    hands: list[tuple[Action, ...]] = []
    for number, hand in enumerate(raw):
        actions: list[Action] = []
        for index, item in enumerate(hand):
            try:
                actions.append(action_from_json(item))
            except ActionFormatError as error:
                raise DocumentError(f"record.hands[{number}][{index}]: {error}") from None
        hands.append(tuple(actions))
    return tuple(hands)


# -- playing a record back ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Replayed:
    """Where a record leads: the game with every finished hand scored, and the last hand dealt as it stands."""

    match: Match
    state: GameState


def replay(record: GameRecord) -> Replayed:
    """Deal and play every hand of the record again. :raises DocumentError: at the first thing that is wrong."""
    if not record.hands:
        raise DocumentError("record.hands: no hand was dealt")
    match = new_match(record.rules, cut_rng(record.seed))
    state: GameState | None = None
    for number, actions in enumerate(record.hands):
        if match.over:
            raise DocumentError(f"record.hands[{number}]: the game was already over")
        state = _replay_hand(start_hand(match, deal_rng(record.seed, number)), actions, number)
        if state.phase is Phase.OVER:
            match = finish_hand(match, state)
        elif number < len(record.hands) - 1:
            raise DocumentError(f"record.hands[{number}]: the hand is not over, yet another was dealt")
    assert state is not None
    return Replayed(match, state)


def _replay_hand(state: GameState, actions: tuple[Action, ...], number: int) -> GameState:
    try:
        return replay_actions(state, actions)[-1]
    except ReplayError as error:
        raise DocumentError(f"record.hands[{number}][{error.index}]: {error.reason}") from None


# -- exported records -----------------------------------------------------------------------------------------


def export_record(path: Path, record: GameRecord) -> None:
    """Write the record to `path` for `canasta replay` (atomically, with a checksum). :raises OSError:"""
    write_sealed(path, {"format": RECORD_FORMAT, "version": RECORD_VERSION, **record_to_json(record)})


def read_record_file(path: Path) -> GameRecord:
    """Read an exported record. :raises OSError: when unreadable; :raises DocumentError: when damaged
    (`NotAFileError` when `path` is a pipe or a device, or far too large)."""
    body = check_document(unseal(parse_json(read_file_bytes(path))), RECORD_FORMAT, RECORD_VERSION)
    return record_from_json(body)
