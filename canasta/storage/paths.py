"""Where the game keeps its files: the platform's data and config folders for the app "Canasta", and the game
records the player exports in a folder he can find, "Canasta records" in his documents folder.

`CANASTA_HOME`, when set, replaces all of them, so tests and portable installs keep a folder of their own.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from canasta.i18n import _

LOG = logging.getLogger(__name__)
APP_NAME = "Canasta"
HOME_VARIABLE = "CANASTA_HOME"
SETTINGS_NAME = "settings.json"
SAVE_NAME = "saved-game.json"
STATISTICS_NAME = "statistics.json"
RECORDS_FOLDER = "records"  # under CANASTA_HOME
DOCUMENTS_RECORDS_FOLDER = f"{APP_NAME} records"  # in the documents folder: not the app's own folder's name


@dataclass(frozen=True, slots=True)
class StoragePaths:
    """The folders of the game's files; only the game's lock (`canasta.storage.lock`) is made at start, the
    rest when something is written."""

    data: Path
    config: Path
    records: Path | None = None  # exported game records (None: `records` in the data folder)
    problem: str | None = None  # what was wrong with `CANASTA_HOME`, for the title screen; its default folders are used

    @property
    def settings_file(self) -> Path:
        return self.config / SETTINGS_NAME

    @property
    def save_file(self) -> Path:
        return self.data / SAVE_NAME

    @property
    def statistics_file(self) -> Path:
        return self.data / STATISTICS_NAME

    @property
    def records_folder(self) -> Path:
        """Where exported game records go by default."""
        return self.data / RECORDS_FOLDER if self.records is None else self.records


def storage_paths(environ: Mapping[str, str] | None = None) -> StoragePaths:
    """The folders from `CANASTA_HOME` when it is set (and not empty), else from platformdirs (the records in the
    user's documents folder)."""
    home = (os.environ if environ is None else environ).get(HOME_VARIABLE, "")
    problem = None
    if home:
        try:
            folder = Path(home).expanduser()
        except RuntimeError:  # "~nosuchuser/x": a user this system does not know
            LOG.warning("%s=%r names a home folder that does not exist; using the usual folders", HOME_VARIABLE, home)
            problem = _("{variable} is set to {value}, whose home folder does not exist; the usual folders are "
                        "used.").format(variable=HOME_VARIABLE, value=home)  # fmt: skip
        else:
            return StoragePaths(folder, folder)
    import platformdirs  # only here: a portable install or a test never needs it

    return StoragePaths(
        Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)),
        Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)),
        Path(platformdirs.user_documents_dir()) / DOCUMENTS_RECORDS_FOLDER,
        problem,
    )
