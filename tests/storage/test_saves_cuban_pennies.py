"""Cuban Canasta and Pennies from Heaven games are saved and resumed mid-hand as they were: the game, the melds, the
packets still face down, the black threes set aside and how far the first round has gone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from canasta.engine.cards import Card
from canasta.engine.playerview import Phase
from canasta.engine.position import dump_position
from canasta.engine.rules import Variant
from canasta.storage.record import record_to_json
from canasta.storage.saves import AutoSaver, comparable
from tests.storage.games import played


@pytest.mark.parametrize(("variant", "players"), [("cuban", 4), ("pennies_from_heaven", 6)], ids=str)
def test_a_game_saved_mid_hand_resumes_as_it_was(tmp_path: Path, variant: str, players: int) -> None:
    record, match, state = played(players, seed=21, hands=1, extra=24, variant=variant)
    assert state.phase is not Phase.OVER and len(match.hands) == 1, "the second hand is under way"
    saver = AutoSaver(tmp_path / "saved-game.json")
    saver.save(record, match, state)
    assert json.loads(saver.path.read_text())["record"]["rules"]["variant"] == variant
    loaded = saver.load()
    assert loaded.message is None and loaded.value is not None
    again = loaded.value.state
    assert again.rules.variant is Variant(variant) and loaded.value.record.rules == record.rules
    assert record_to_json(loaded.value.record) == record_to_json(record) and loaded.value.match == match
    assert comparable(dump_position(again)) == comparable(dump_position(state))
    assert (texts(again.feet), again.packet_due, texts(again.black_threes), again.turns_played) == (
        texts(state.feet), state.packet_due, texts(state.black_threes), state.turns_played)  # fmt: skip
    assert texts(again.hands) == texts(state.hands)


def texts(rows: tuple[tuple[Card, ...] | None, ...]) -> list[list[str] | None]:
    """Each row's cards by notation (a save names cards so, not by copy); None stays None (a packet taken up)."""
    return [None if row is None else [card.text for card in row] for row in rows]
