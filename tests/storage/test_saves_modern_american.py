"""A Modern American game saved mid-hand resumes as it was (its threes of both colours, bonus cards, house rules),
and a finished game counts in Modern American's own statistics, shown under its name with its wild canastas."""

from __future__ import annotations

from pathlib import Path

from canasta.engine.playerview import Phase
from canasta.engine.position import dump_position
from canasta.engine.rules import Variant
from canasta.storage.record import record_to_json
from canasta.storage.saves import AutoSaver, comparable
from canasta.ui.screens.statistics import StatsFigures, summary_lines
from tests.storage.games import played


def test_a_modern_american_game_saved_mid_hand_resumes_as_it_was(tmp_path: Path) -> None:
    options = {"splash": True, "special_hands": "pagat", "target_score": 5000}
    record, match, state = played(4, seed=9, hands=1, extra=30, variant="modern_american", **options)
    assert state.phase is not Phase.OVER and len(match.hands) == 1
    saver = AutoSaver(tmp_path / "saved-game.json")
    saver.save(record, match, state)
    loaded = saver.load()
    assert loaded.message is None and loaded.value is not None
    again = loaded.value.state
    assert again.rules.variant is Variant.MODERN_AMERICAN and again.rules == state.rules
    assert again.red_threes == state.red_threes and again.bonus_taken == state.bonus_taken
    assert loaded.value.match == match and record_to_json(loaded.value.record) == record_to_json(record)
    assert comparable(dump_position(again)) == comparable(dump_position(state))


def test_its_statistics_lines_name_its_wild_canastas() -> None:
    lines = [what for what, _count in summary_lines(StatsFigures(), Variant.MODERN_AMERICAN)]
    assert "Wild canastas made" in lines and "Times gone out" in lines
    assert not any("Samba" in line or "Bolivia" in line or "book" in line for line in lines)
