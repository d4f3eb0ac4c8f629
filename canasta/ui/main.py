"""The game window: opened on the title screen, it plays until the player quits (`canasta` with no command)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from canasta.storage.keeper import open_keeper
from canasta.ui.flow.game import GameFlow
from canasta.ui.kit.app import INTERRUPTED, App
from canasta.ui.look.sound import SoundBoard
from canasta.ui.screens.menus import NewGameChoices


def run_window(choices: NewGameChoices | None = None, home: Path | None = None) -> int:
    """Open the window on the title screen and play until the player quits.

    The settings, the saved game and the statistics are read from the game's folders (`home` instead, when
    given); the settings are passed on to the flow, which applies what it knows (the thinking pause).
    """
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from canasta.storage.paths import StoragePaths

    keeper = open_keeper(None if home is None else StoragePaths(home, home))
    app = App()
    settings = keeper.settings.settings
    flow = GameFlow(app, choices, keeper, SoundBoard(volume=settings.volume, muted=settings.muted))
    app.on_close = flow.leave
    app.on_terminate = flow.quit  # the game in progress stays saved for Continue; the exit status is 0
    flow.title()
    try:
        app.run()
    finally:
        keeper.close()
    if app.state.interrupted:  # Ctrl-C: closed as by the close button, the game kept; one line, as every command
        print("canasta: interrupted; the game in progress is saved", file=sys.stderr)
        return INTERRUPTED
    return 0
