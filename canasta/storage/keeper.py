"""Everything the game keeps between runs, opened together at start-up: settings, the saved game, statistics.

One copy of the game keeps the files at a time (`canasta.storage.lock`). A copy started while another holds
them runs read-only: it reads the settings and statistics, offers no saved game, writes nothing, and its title
screen says so. The copy that keeps them checks before each write that it still holds the lock (its file may
have been deleted meanwhile): one that lost it to another copy writes nothing more, and says so.
"""

from __future__ import annotations

from dataclasses import dataclass

from canasta.i18n import N_, _
from canasta.storage.lock import Lock, hold_lock, keeps_lock
from canasta.storage.paths import StoragePaths, storage_paths
from canasta.storage.saves import AutoSaver
from canasta.storage.settings import SettingsStore
from canasta.storage.stats import StatsBook

_READ_ONLY = N_(
    "Canasta is already open in another window, so this one saves nothing: games, settings and statistics are "
    "kept by the other."
)


@dataclass(slots=True)
class Keeper:
    """The game's files: `settings` (read and change), `saver` (the game in progress), `stats`.

    `read_only`: another copy of the game keeps the files, and this one writes nothing.
    """

    paths: StoragePaths
    settings: SettingsStore
    saver: AutoSaver
    stats: StatsBook
    read_only: bool = False

    def messages(self) -> list[str]:
        """What went wrong reading the settings or the statistics at start-up, for the title screen; first,
        when another copy keeps the files, that this one saves nothing."""
        found = [message for message in (self.paths.problem, self.settings.message, self.stats.message) if message]
        return [_(_READ_ONLY), *found] if self.read_only else found

    def close(self) -> None:
        """Finish writing the saved game."""
        self.saver.close()


def open_keeper(paths: StoragePaths | None = None, *, background: bool = True) -> Keeper:
    """Take the game's lock and read the settings and statistics (setting aside damaged files); the save is read
    by `saver.load()`. Without the lock (another copy holds it) everything is opened read-only."""
    paths = paths or storage_paths()
    lock = hold_lock(paths.data)
    read_only = lock is Lock.TAKEN
    data = paths.data
    keeps = (lambda: keeps_lock(data)) if lock is Lock.HELD else None  # asked before each write
    return Keeper(
        paths,
        SettingsStore(paths.settings_file, read_only=read_only, keeps=keeps),
        AutoSaver(paths.save_file, background=background, read_only=read_only, keeps=keeps),
        StatsBook(paths.statistics_file, read_only=read_only, keeps=keeps),
        read_only,
    )
