"""What the table writes beside the cards: the scoreboard's side names."""

from __future__ import annotations

import random

import pytest

from canasta.engine import new_hand, view_for
from canasta.rules import Rules
from canasta.ui.table_draw import scoreboard_lines


@pytest.mark.parametrize("players", [4, 6])
def test_with_partners_the_scoreboard_names_the_sides_us_and_them(players: int) -> None:
    rules = Rules.for_players(players)
    state = new_hand(rules, (0, 0), 0, random.Random(3))
    names = [line.split(":")[0] for line in scoreboard_lines(view_for(state, 0)) if not line.startswith(" ")]
    assert names == ["Us", "Them"]


def test_without_partners_the_scoreboard_names_each_player() -> None:
    state = new_hand(Rules.for_players(3), (0, 0, 0), 0, random.Random(3))
    names = [line.split(":")[0] for line in scoreboard_lines(view_for(state, 0)) if not line.startswith(" ")]
    assert names == ["You", "Left", "Right"]
