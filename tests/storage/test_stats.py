"""Statistics add up over games played at the table by computer players; the file survives; counting is once."""

from __future__ import annotations

import json
from pathlib import Path

from canasta.engine.playerview import Phase, side_of
from canasta.engine.rules import Rules
from canasta.engine.state import GameState
from canasta.storage.files import sealed_text, unseal
from canasta.storage.stats import Statistics, StatsBook, Tally, opponent_level
from canasta.ui.table.controller import GameSetup, TableController
from tests.storage.games import play_through, played


class _Watcher:
    """Figures worked out on the side from every finished hand the test sees, to compare with the book."""

    def __init__(self) -> None:
        self.hands = self.hands_won = self.points = self.natural = self.mixed = self.out = self.concealed = 0
        self.best: int | None = None

    def hand(self, state: GameState, human: int, totals: tuple[int, ...]) -> None:
        side = state.rules.seat_side[human]
        mine = totals[side]
        self.hands += 1
        self.hands_won += all(mine > total for index, total in enumerate(totals) if index != side)
        self.points += mine
        self.best = mine if self.best is None else max(self.best, mine)
        size = state.rules.shape.canasta_size
        for meld in state.melds[side_of(state.rules, state.lone_hand, human)]:
            if len(meld.cards) >= size:
                natural = not any(card.is_wild for card in meld.cards)
                self.natural += natural
                self.mixed += not natural
        if state.out is not None and state.out.seat == human:
            self.out += 1
            self.concealed += state.out.concealed


def _play_games(book: StatsBook, players: int, level: str, seeds: range, watcher: _Watcher) -> list[bool]:
    results: list[bool] = []
    rules = Rules.for_players(players, target_score=1500)
    for seed in seeds:
        levels = ("human", *(level,) * (players - 1))
        controller = TableController(GameSetup(rules, levels, seed, think_s=0.0), stats=book)
        while not controller.match.over:
            play_through(controller, stop=None)
            if controller.state.phase is Phase.OVER and not controller.match.over:
                controller.next_hand()
        controller.close()
        for number, result in enumerate(controller.match.hands):
            state = _final_state(controller, number)
            watcher.hand(state, controller.human, tuple(side.total for side in result.breakdown))
        results.append(rules.seat_side[0] in controller.match.winners)
    return results


def _final_state(controller: TableController, number: int) -> GameState:
    from dataclasses import replace

    from canasta.storage.record import replay

    record = controller.record
    return replay(replace(record, hands=record.hands[: number + 1])).state


def test_statistics_add_up_over_games_played_at_the_table(tmp_path: Path) -> None:
    book = StatsBook(tmp_path / "statistics.json")
    watcher = _Watcher()
    two = _play_games(book, 2, "greedy", range(1, 4), watcher)
    four = _play_games(book, 4, "random", range(5, 7), watcher)
    stats = book.statistics()
    assert stats.tally(2, "greedy").games == 3 and stats.tally(4, "random").games == 2
    assert stats.tally(2, "greedy").games_won == sum(two) and stats.tally(4, "random").games_won == sum(four)
    total = stats.tally()
    assert (total.hands, total.hands_won) == (watcher.hands, watcher.hands_won)
    assert (stats.points, stats.best_hand) == (watcher.points, watcher.best)
    assert (stats.natural_canastas, stats.mixed_canastas) == (watcher.natural, watcher.mixed)
    assert (stats.gone_out, stats.gone_out_concealed) == (watcher.out, watcher.concealed)
    assert stats.average_points_per_hand == watcher.points / watcher.hands
    outcomes = two + four
    streaks = [0]
    for won in outcomes:
        streaks.append(streaks[-1] + 1 if won else 0)
    assert (stats.current_streak, stats.best_streak) == (streaks[-1], max(streaks))
    assert StatsBook(book.path).statistics() == stats, "the statistics survive a restart"
    assert book.statistics(practice=True) == Statistics()


def test_a_hand_is_counted_once_even_when_told_twice(tmp_path: Path) -> None:
    record = played(4, seed=8, hands=1, extra=0)[0]
    book = StatsBook(tmp_path / "statistics.json")
    hand_one = played(4, seed=8, hands=0, extra=10_000)[2]
    book.count_hand(record, hand_one, 1)
    first = book.statistics()
    book.count_hand(record, hand_one, 1)
    assert StatsBook(book.path).statistics() == first == book.statistics()
    assert first.tally().hands == 1


def test_practice_games_are_kept_apart_and_each_resets_alone(tmp_path: Path) -> None:
    record, _, state = played(2, seed=3, hands=0, extra=10_000)
    book = StatsBook(tmp_path / "statistics.json")
    book.count_hand(record.as_practice(), state, 1)
    assert book.statistics().tally().hands == 0 and book.statistics(practice=True).tally().hands == 1
    other, _, _ = played(2, seed=3, hands=0, extra=10_000)
    book.count_hand(other, state, 1)
    book.reset(practice=True)
    assert book.statistics(practice=True) == Statistics() and book.statistics().tally().hands == 1
    book.reset()
    assert StatsBook(book.path).statistics() == Statistics()


def test_a_damaged_statistics_file_is_set_aside_and_counting_starts_again(tmp_path: Path) -> None:
    record, _, state = played(2, seed=3, hands=0, extra=10_000)
    book = StatsBook(tmp_path / "statistics.json")
    book.count_hand(record, state, 1)
    body = unseal(json.loads(book.path.read_text()))
    body["regular"]["tables"][0]["hands"] = -4
    book.path.write_text(sealed_text(body))
    again = StatsBook(book.path)
    assert again.statistics() == Statistics() and again.message
    assert len(list(tmp_path.glob("statistics.json.damaged-*"))) == 1


def test_the_opponent_level_is_mixed_when_opponents_differ() -> None:
    record, _, _ = played(4, seed=1, hands=0, extra=1)
    from dataclasses import replace

    assert opponent_level(record) == "greedy"
    assert opponent_level(replace(record, levels=("human", "normal", "beginner", "hard"))) == "mixed"
    assert Tally(1, 1, 2, 0) + Tally(0, 0, 3, 3) == Tally(1, 1, 5, 3)


def test_a_game_marked_practice_at_the_table_counts_apart(tmp_path: Path) -> None:
    book = StatsBook(tmp_path / "statistics.json")
    rules = Rules.for_players(2, target_score=1000)
    controller = TableController(GameSetup(rules, ("human", "greedy"), 4, think_s=0.0), stats=book)
    controller.mark_practice()
    play_through(controller)
    controller.close()
    assert book.statistics() == Statistics()
    practice = book.statistics(practice=True).tally(2, "greedy")
    assert practice.games == 1 and practice.hands == len(controller.match.hands)
