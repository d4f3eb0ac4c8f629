"""The judgment themes of tests/ai/themes.py: every generated position is legal, and Normal and Hard make the good
move in each (a rule tuned to one position is not judgment)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from canasta.engine.actions import action_to_json
from canasta.engine.playerview import Phase
from tests.ai.test_puzzles import CONDITIONS, puzzle_view, solved
from tests.ai.themes import LEVELS, THEMES, theme_positions

POSITIONS = list(theme_positions())
IDS = [f"{name.replace(' ', '-')}-{index:02d}" for name, index, _ in POSITIONS]
MIN_PER_THEME = 10


def test_every_theme_has_ten_varied_positions() -> None:
    counts = Counter(name for name, _, _ in POSITIONS)
    assert set(counts) == {theme.name for theme in THEMES}
    assert min(counts.values()) >= MIN_PER_THEME, counts
    for theme in THEMES:
        players = {pos["rules"]["players"] for name, _, pos in POSITIONS if name == theme.name}
        assert len(players) >= 2, theme.name


@pytest.mark.parametrize(("name", "index", "pos"), POSITIONS, ids=IDS)
def test_the_position_is_legal_and_well_formed(name: str, index: int, pos: dict[str, Any]) -> None:
    view, _ = puzzle_view(pos)
    assert view.phase in (Phase.DRAW, Phase.PLAY, Phase.ANSWER)
    expect = pos["puzzle"]["expect"]
    assert expect and set(expect) <= CONDITIONS
    assert pos["puzzle"]["why"]


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("name", "index", "pos"), POSITIONS, ids=IDS)
def test_the_level_makes_the_good_move(name: str, index: int, pos: dict[str, Any], level: str) -> None:
    good, action = solved(level, pos)
    assert good, f"{level} chose {action_to_json(action)}: {pos['puzzle']['why']}"
