"""A statistics file that says more games (or hands) were won than played was not written by the game: it is
damaged, set aside with a message, and counting starts again (it showed a win rate of 200%)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from canasta.storage.files import sealed_text, unseal
from canasta.storage.stats import Statistics, StatsBook, Tally
from tests.storage.games import played


@pytest.mark.parametrize(("won", "played_"), [("games_won", "games"), ("hands_won", "hands")])
def test_more_won_than_played_is_damage_and_is_set_aside(tmp_path: Path, won: str, played_: str) -> None:
    record, _, state = played(2, seed=3, hands=0, extra=10_000)
    book = StatsBook(tmp_path / "statistics.json")
    book.count_hand(record, state, 1)
    body = unseal(json.loads(book.path.read_text()))
    table = body["regular"]["tables"][0]
    table[played_], table[won] = 1, 2
    book.path.write_text(sealed_text(body))
    again = StatsBook(book.path)
    assert again.statistics() == Statistics() and again.message and "damaged" in again.message
    assert len(list(tmp_path.glob("statistics.json.damaged-*"))) == 1


def test_as_many_won_as_played_is_kept(tmp_path: Path) -> None:
    record, _, state = played(2, seed=3, hands=0, extra=10_000)
    book = StatsBook(tmp_path / "statistics.json")
    book.count_hand(record, state, 1)
    body = unseal(json.loads(book.path.read_text()))
    body["regular"]["tables"][0].update(games=3, games_won=3, hands=7, hands_won=7)
    book.path.write_text(sealed_text(body))
    again = StatsBook(book.path)
    assert again.message is None and again.statistics().tally() == Tally(3, 3, 7, 7)
