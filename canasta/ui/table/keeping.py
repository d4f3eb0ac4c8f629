"""What a game at the table keeps between runs, where it is given the means: the game saved after every action
(cleared once the game is over, so a finished game is not offered again) and the finished hands and games counted
in the statistics. Without a saver or a statistics book (tests, the bench) nothing is kept."""

from __future__ import annotations

from canasta.engine.match import Match
from canasta.engine.state import GameState
from canasta.storage.record import GameRecord
from canasta.storage.saves import AutoSaver
from canasta.storage.stats import StatsBook


class GameKeeping:
    """The saver and the statistics book of one game (either may be None)."""

    def __init__(self, saver: AutoSaver | None, stats: StatsBook | None) -> None:
        self.saver = saver
        self.stats = stats

    def save(self, record: GameRecord, match: Match, state: GameState) -> None:
        """Save the game as it stands now; a finished game is cleared instead."""
        if self.saver is None:
            return
        if match.over:
            self.saver.clear()  # a finished game is not offered again
        else:
            self.saver.save(record, match, state)

    def count(self, record: GameRecord, state: GameState, match: Match) -> None:
        """Count the hand just finished (and the game, when it is over) in the statistics."""
        if self.stats is None:
            return
        self.stats.count_hand(record, state, len(match.hands))
        if match.over:
            self.stats.count_game(record, match)

    def message(self) -> str | None:
        """What went wrong saving the game or the statistics, for the window to show; None when all is well."""
        for keeper in (self.saver, self.stats):
            if keeper is not None and keeper.message:
                return keeper.message
        return None
