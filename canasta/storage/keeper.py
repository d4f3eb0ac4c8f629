"""Everything the game keeps between runs, opened together at start-up: settings, the saved game, statistics."""

from __future__ import annotations

from dataclasses import dataclass

from canasta.storage.paths import StoragePaths, storage_paths
from canasta.storage.saves import AutoSaver
from canasta.storage.settings import SettingsStore
from canasta.storage.stats import StatsBook


@dataclass(slots=True)
class Keeper:
    """The game's files: `settings` (read and change), `saver` (the game in progress), `stats`."""

    paths: StoragePaths
    settings: SettingsStore
    saver: AutoSaver
    stats: StatsBook

    def messages(self) -> list[str]:
        """What went wrong reading the settings or the statistics at start-up, for the title screen."""
        return [message for message in (self.settings.message, self.stats.message) if message]

    def close(self) -> None:
        """Finish writing the saved game."""
        self.saver.close()


def open_keeper(paths: StoragePaths | None = None, *, background: bool = True) -> Keeper:
    """Read the settings and statistics (setting aside damaged files); the save is read by `saver.load()`."""
    paths = paths or storage_paths()
    return Keeper(
        paths, SettingsStore(paths.settings_file), AutoSaver(paths.save_file, background=background),
        StatsBook(paths.statistics_file),
    )  # fmt: skip
