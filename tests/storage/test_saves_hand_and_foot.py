"""A Hand and Foot game saved mid-round resumes as it was: the round, every foot (still down or picked up), the
books and the house rules come back, and a save whose feet were tampered with is set aside."""

from __future__ import annotations

import json
from pathlib import Path

from canasta.engine.playerview import Phase
from canasta.engine.position import dump_position
from canasta.engine.rules import GameEnd, Rules, Variant
from canasta.engine.state import GameState
from canasta.storage.files import sealed_text, unseal
from canasta.storage.record import record_to_json
from canasta.storage.saves import AutoSaver, comparable
from canasta.ui.table.controller import GameSetup, TableController
from tests.storage.games import play_through, played


def feet(state: GameState) -> list[list[str] | None]:
    return [None if foot is None else [card.text for card in foot] for foot in state.feet]


def test_a_hand_and_foot_game_saved_in_its_second_round_resumes_with_its_feet(tmp_path: Path) -> None:
    record, match, state = played(4, seed=21, hands=1, extra=40, variant="hand_and_foot")
    assert state.phase is not Phase.OVER and len(match.hands) == 1 and state.round == 2
    assert any(foot is not None for foot in state.feet), "some feet are still down"
    saver = AutoSaver(tmp_path / "saved-game.json")
    saver.save(record, match, state)
    loaded = saver.load()
    assert loaded.message is None and loaded.value is not None
    again = loaded.value.state
    assert again.rules.variant is Variant.HAND_AND_FOOT and again.round == 2
    assert feet(again) == feet(state), "each foot keeps its cards in order, or stays picked up"
    assert loaded.value.match == match and record_to_json(loaded.value.record) == record_to_json(record)
    assert comparable(dump_position(again)) == comparable(dump_position(state))


def test_a_foot_picked_up_stays_picked_up(tmp_path: Path) -> None:
    for extra in range(40, 400, 20):
        record, match, state = played(2, seed=4, hands=0, extra=extra, variant="hand_and_foot")
        if state.phase is not Phase.OVER and None in state.feet:
            break
    else:
        raise AssertionError("no foot was picked up in the first round")
    saver = AutoSaver(tmp_path / "saved-game.json")
    saver.save(record, match, state)
    loaded = saver.load().value
    assert loaded is not None and feet(loaded.state) == feet(state) and None in feet(loaded.state)
    assert [len(hand) for hand in loaded.state.hands] == [len(hand) for hand in state.hands]


def test_the_house_rules_and_the_game_end_come_back(tmp_path: Path) -> None:
    options = {"game_end": "target", "target_score": 20_000, "foot_size": 13, "books_to_go_out": [1, 1]}
    record, match, state = played(4, seed=6, hands=0, extra=30, variant="hand_and_foot", **options)
    saver = AutoSaver(tmp_path / "saved-game.json")
    saver.save(record, match, state)
    loaded = saver.load().value
    assert loaded is not None and loaded.record.rules == record.rules
    rules = loaded.state.rules
    assert rules.game_end is GameEnd.TARGET and rules.target_score == 20_000 and rules.shape.foot_size == 13
    assert rules.shape.books_to_go_out == (1, 1)


def test_a_save_with_a_card_missing_from_a_foot_is_set_aside(tmp_path: Path) -> None:
    record, match, state = played(4, seed=21, hands=0, extra=10, variant="hand_and_foot")
    saver = AutoSaver(tmp_path / "saved-game.json")
    saver.save(record, match, state)
    body = unseal(json.loads(saver.path.read_text()))
    foot = next(foot for foot in body["position"]["feet"] if foot)
    foot.pop()
    saver.path.write_text(sealed_text(body))
    loaded = saver.load()
    assert loaded.value is None and loaded.message and loaded.set_aside is not None


def test_the_table_takes_up_a_saved_hand_and_foot_game(tmp_path: Path) -> None:
    saver = AutoSaver(tmp_path / "saved-game.json")
    rules = Rules.for_players(2, variant="hand_and_foot", foot_after_discard="at_once")
    controller = TableController(GameSetup(rules, ("human", "greedy"), 8, think_s=0.0), saver=saver)
    play_through(controller, stop=12)
    controller.close()
    saver.flush()
    loaded = saver.load().value
    assert loaded is not None
    again = TableController.resume(loaded, 0.0)
    assert again.setup.rules == rules and again.state.rules.variant is Variant.HAND_AND_FOOT
    assert feet(again.state) == feet(controller.state) and again.state.round == controller.state.round
    assert again.record.action_count == controller.record.action_count
    again.close()
