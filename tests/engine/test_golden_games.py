"""300 seeded hands at 2, 3, 4 and 6 players play exactly as recorded: a change that only makes the engine or the
players faster leaves every action of every hand as it was (see `golden_games.py` for when to record anew)."""

from __future__ import annotations

import json

import pytest

from tests.engine.golden_games import GOLDEN, HANDS_PER_COUNT, PLAYER_COUNTS, digest, golden_actions


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_seeded_hands_play_exactly_as_recorded(players: int) -> None:
    recorded = json.loads(GOLDEN.read_text("utf-8"))[str(players)]
    assert len(recorded) == HANDS_PER_COUNT
    differ = [seed for seed in range(HANDS_PER_COUNT) if digest(golden_actions(players, seed)) != recorded[seed]]
    assert differ == [], f"{players} players: hands {differ} no longer play as recorded"
