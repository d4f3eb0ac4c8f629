"""The game record: JSON both ways, exact replay, and deals that computer players cannot change."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest

from canasta.engine.actions import Answer, Draw
from canasta.engine.position import dump_position
from canasta.engine.rules import Rules
from canasta.storage.files import DocumentError
from canasta.storage.record import (
    export_record,
    new_record,
    read_record_file,
    record_from_json,
    record_to_json,
    replay,
)
from canasta.storage.saves import comparable
from canasta.storage.seeds import bot_rng, cut_rng, deal_rng
from canasta.ui.table.controller import GameSetup, TableController
from tests.storage.games import play_through, played


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_a_record_reads_back_from_json_and_replays_to_the_same_position(players: int) -> None:
    record, match, state = played(players, seed=players, hands=1, extra=25)
    again = record_from_json(json.loads(json.dumps(record_to_json(record))))
    assert record_to_json(again) == record_to_json(record)  # copies of equal cards may be numbered differently
    replayed = replay(again)
    assert comparable(dump_position(replayed.state)) == comparable(dump_position(state))
    assert replayed.match == match


def test_the_derived_streams_differ_by_use_and_repeat_by_seed() -> None:
    draws = {
        name: rng.random()
        for name, rng in {
            "cut": cut_rng(5),
            "hand0": deal_rng(5, 0),
            "hand1": deal_rng(5, 1),
            "bot": bot_rng(5, 1),
        }.items()
    }
    assert len(set(draws.values())) == 4
    assert deal_rng(5, 1).random() == draws["hand1"] and cut_rng(5).random() == draws["cut"]


def test_computer_players_randomness_never_changes_a_deal() -> None:
    """Two tables with the same seed but computer players of different levels (different random use) are dealt
    the same hands, hand after hand."""
    rules = Rules.for_players(4, target_score=20_000)
    deals: list[list[object]] = []
    for level in ("random", "beginner"):
        controller = TableController(GameSetup(rules, ("human", level, level, level), seed=77, think_s=0.0))
        seen = [_dealt(controller)]
        for _ in range(2):
            _finish_hand(controller)
            controller.next_hand()
            seen.append(_dealt(controller))
        controller.close()
        deals.append(seen)
    assert deals[0] == deals[1] and len(deals[0]) == 3


def _dealt(controller: TableController) -> object:
    """The cards of the deal (the scores differ between the two tables, the cards may not)."""
    position = dump_position(controller.state)
    return [position[key] for key in ("dealer", "hands", "stock", "pile", "red_threes")]


def _finish_hand(controller: TableController) -> None:
    from canasta.engine.play import safe_action

    while not controller.hand_over():
        if controller.human_to_act():
            controller.submit(safe_action(controller.human_view()))
        else:
            controller.update(1.0)
            controller.computers.worker.poll(-1)


def test_a_whole_game_played_at_the_table_replays_without_any_computer_player() -> None:
    rules = Rules.for_players(2, target_score=1500)
    controller = TableController(GameSetup(rules, ("human", "beginner"), seed=12, think_s=0.0))
    play_through(controller)
    controller.close()
    replayed = replay(controller.record)
    assert replayed.match.over and replayed.match == controller.match
    assert len(controller.record.hands) == len(controller.match.hands)


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d.update(seed="7"), "record.seed"),
        (lambda d: d.update(levels=["human"]), "record.levels"),
        (lambda d: d.update(human=9), "record.human"),
        (lambda d: d.update(practice="no"), "record.practice"),
        (lambda d: d["rules"].update(wild_limit="lots"), "record.rules"),
        (lambda d: d["hands"][0].append({"type": "fly"}), "record.hands[0][10]"),
        (lambda d: d.update(hands={}), "record.hands"),
    ],
)
def test_a_malformed_record_is_refused_naming_the_field(change: object, field: str) -> None:
    record, _, _ = played(4, seed=1, hands=0, extra=10)
    data = record_to_json(record)
    assert callable(change)
    change(data)
    with pytest.raises(DocumentError) as raised:
        record_from_json(data)
    assert str(raised.value).startswith(field)


def test_an_illegal_or_misplaced_action_stops_the_replay() -> None:
    record, _, _ = played(4, seed=2, hands=0, extra=4)
    illegal = replace(record, hands=((*record.hands[0], Answer(True)),))  # nobody asked
    with pytest.raises(DocumentError, match=r"record.hands\[0\]\[4\]"):
        replay(illegal)
    other_seed = replace(record, seed=record.seed + 1)
    with pytest.raises(DocumentError):
        for step in range(1, 40):  # the same actions on another deal fail sooner or later
            replay(replace(other_seed, hands=(record.hands[0] + (Draw(),) * step,)))
    with pytest.raises(DocumentError, match="no hand"):
        replay(replace(record, hands=()))


def test_a_hand_left_unfinished_before_another_is_refused() -> None:
    record, _, _ = played(4, seed=2, hands=0, extra=4)
    with pytest.raises(DocumentError, match="not over"):
        replay(record.with_new_hand())


def test_an_exported_record_reads_back(tmp_path: Path) -> None:
    record, _, _ = played(3, seed=9, hands=1, extra=3)
    path = tmp_path / "records" / "game.json"
    export_record(path, record.as_practice())
    assert record_to_json(read_record_file(path)) == record_to_json(record.as_practice())


def test_new_records_have_distinct_ids() -> None:
    rules = Rules.for_players(2)
    ids = {new_record(rules, 1, ("human", "normal")).game_id for _ in range(20)}
    assert len(ids) == 20


def test_the_random_module_is_not_used_for_deals() -> None:
    """The deal of hand 0 depends on the seed alone, not on the global random state."""
    rules = Rules.for_players(4)
    random.seed(1)
    first = TableController(GameSetup(rules, ("human", "random", "random", "random"), seed=3, think_s=0.0))
    random.seed(2)
    second = TableController(GameSetup(rules, ("human", "random", "random", "random"), seed=3, think_s=0.0))
    assert dump_position(first.state) == dump_position(second.state)
    first.close()
    second.close()
