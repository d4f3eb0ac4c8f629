"""The game window's flow: title, new game, the table, hand summaries, game over, leaving a game.

With a `Keeper` (the real window) the game in progress is saved after every action, the title offers it as
"Continue" on the next start, and finished hands and games count in the statistics. Without one (tests)
nothing is kept between runs.
"""

from __future__ import annotations

import logging
import os
import textwrap
from dataclasses import replace
from datetime import datetime
from pathlib import Path

import pygame

from canasta.i18n import _
from canasta.playerview import PlayerView, my_side
from canasta.storage.keeper import Keeper, open_keeper
from canasta.storage.record import export_record
from canasta.storage.saves import AutoSaver, SavedGame
from canasta.storage.settings import Settings
from canasta.storage.stats import StatsBook
from canasta.ui.app import App, Scene
from canasta.ui.controller import GameSetup, TableController
from canasta.ui.menus import MenuScene, NewGameChoices, new_game_scene, summary_rows
from canasta.ui.table_draw import seat_name
from canasta.ui.table_scene import TableScene

LOG = logging.getLogger(__name__)
NOTICE_WIDTH = 60  # characters per line of a message in a menu panel


class GameFlow:
    """Moves between the screens; owns the game in progress (if any) and the saved one."""

    def __init__(self, app: App, choices: NewGameChoices | None = None, keeper: Keeper | None = None) -> None:
        self.app = app
        self.choices = choices or NewGameChoices()
        self.keeper = keeper
        self.controller: TableController | None = None
        self.table: TableScene | None = None
        self.saved: SavedGame | None = None  # the game "Continue" takes up when none is open
        self.notices: list[str] = []  # what went wrong with the files, shown on the title screen
        if keeper is not None:
            keeper.settings.listen(self._settings_changed)
            self.notices.extend(keeper.messages())
            loaded = keeper.saver.load()
            self.saved = loaded.value
            if loaded.message:
                self.notices.append(loaded.message)

    @property
    def settings(self) -> Settings:
        return self.keeper.settings.settings if self.keeper is not None else Settings()

    # -- screens ----------------------------------------------------------------------------------------------

    def title(self) -> None:
        scene = MenuScene(self.app.theme, "Canasta")
        scene.lines = [_("Classic Canasta against computer players.")]
        scene.lines.extend(line for notice in self.notices for line in _wrapped(notice))
        scene.add("new", _("New game"), self.new_game, pygame.K_n, "N")
        scene.add("continue", _("Continue"), self.continue_game, pygame.K_c, "C")
        scene.buttons[-1].enabled = self.controller is not None or self.saved is not None
        scene.add("quit", _("Quit"), self.quit, pygame.K_q, "Q")
        self._show(scene)

    def new_game(self) -> None:
        self._show(new_game_scene(self.app.theme, self.choices, self.start, self.title))

    def start(self, setup: GameSetup) -> None:
        """A new game (it replaces the saved one, if any)."""
        self._end_game()
        self.saved = None
        self.notices.clear()
        setup = replace(setup, think_s=self.settings.think_s) if self.keeper is not None else setup
        self._open(TableController(setup, saver=self._saver(), stats=self._stats()))

    def continue_game(self) -> None:
        """Back to the open game, or take up the saved one."""
        if self.table is not None:
            self._show(self.table)
        elif self.saved is not None:
            saved, self.saved = self.saved, None
            self.notices.clear()
            think_s = self.settings.think_s
            self._open(TableController.resume(saved, think_s, saver=self._saver(), stats=self._stats()))

    def back_to_table(self) -> None:
        """The same as Continue (kept for callers of the first window)."""
        self.continue_game()

    def hand_over(self, notice: str | None = None) -> None:
        controller = self.controller
        assert controller is not None
        match = controller.match
        view = controller.human_view()
        names = [_side_name(view, side) for side in range(len(controller.state.melds))]
        scene = MenuScene(self.app.theme, _hand_title(controller, view))
        scene.dim = True
        scene.rows = summary_rows(match, controller.hand_scores(), names)
        if match.over:
            scene.lines = [_game_over_line(names, match.winners)]
            scene.add("again", _("New game"), self.new_game, pygame.K_RETURN, "Enter")
            if self.keeper is not None:
                scene.add("export", _("Save the game record"), self._export_record, pygame.K_e, "E")
            scene.add("title", _("Title screen"), self._to_title_after_game, pygame.K_ESCAPE, "Esc")
        else:
            scene.lines = [_("Hand {number} of the game to {target}.").format(number=len(match.hands),
                                                                              target=match.target)]  # fmt: skip
            scene.add("next", _("Next hand"), self.next_hand, pygame.K_RETURN, "Enter")
        for extra in (notice, controller.storage_message()):
            scene.lines.extend(_wrapped(extra) if extra else [])
        self.app.push(scene)

    def next_hand(self) -> None:
        self.app.pop()
        if self.controller is not None:
            self.controller.next_hand()

    def leave(self) -> None:
        """Escape or the window's close button: never loses the game without asking."""
        if self.controller is None or self.controller.match.over:
            self.quit() if self.table is None else self.title()
            return
        scene = MenuScene(self.app.theme, _("Leave this game?"))
        scene.dim = True
        scene.lines = _wrapped(self._saved_line())
        scene.add("stay", _("Keep playing"), self.app.pop, pygame.K_ESCAPE, "Esc")
        scene.add("leave", _("Leave the game"), self._abandon, pygame.K_l, "L")
        scene.add("quit", _("Quit Canasta"), self.quit, pygame.K_q, "Q")
        self.app.push(scene)

    def _saved_line(self) -> str:
        controller = self.controller
        if self.keeper is None or controller is None:
            return _("The game in progress is not saved.")
        return controller.storage_message() or _("The game is saved: Continue on the title screen takes it up again.")

    def _abandon(self) -> None:
        """Leave the game for the title; with a keeper it stays saved, and Continue takes it up again."""
        controller = self.controller
        if self.keeper is not None and controller is not None and not controller.match.over:
            self.saved = SavedGame(controller.record, controller.match, controller.state)
        self._end_game()
        self.title()

    def _to_title_after_game(self) -> None:
        self._end_game()
        self.title()

    def quit(self) -> None:
        self._end_game()
        if self.keeper is not None:
            self.keeper.close()
        self.app.quit()

    def _export_record(self) -> None:
        """Write the finished game's record for `canasta replay`, and say where."""
        controller, keeper = self.controller, self.keeper
        assert controller is not None and keeper is not None
        stamp = datetime.now().strftime("%Y-%m-%d-%H%M%S")
        path = keeper.paths.records_folder / f"canasta-{stamp}-{controller.setup.seed}.json"
        try:
            export_record(path, controller.record)
        except OSError as error:
            LOG.warning("cannot export the game record to %s: %s", path, error)
            notice = _("The game record could not be saved ({reason}).").format(reason=error.strerror or error)
        else:
            notice = _("The game record was saved as {path}.").format(path=str(path))
        self.app.pop()
        self.hand_over(notice)

    # -- helpers ----------------------------------------------------------------------------------------------

    def _open(self, controller: TableController) -> None:
        self.controller = controller
        self.table = TableScene(self.app.theme, controller, self.hand_over, self.leave)
        self._show(self.table)

    def _saver(self) -> AutoSaver | None:
        return None if self.keeper is None else self.keeper.saver

    def _stats(self) -> StatsBook | None:
        return None if self.keeper is None else self.keeper.stats

    def _settings_changed(self, settings: Settings) -> None:
        """Settings apply at once: the open game takes the new thinking pause."""
        if self.controller is not None:
            self.controller.set_think_s(settings.think_s)

    def _show(self, scene: Scene) -> None:
        self.app.scenes.clear()
        self.app.push(scene)

    def _end_game(self) -> None:
        if self.controller is not None:
            self.controller.close()
        self.controller = None
        self.table = None


def _wrapped(text: str) -> list[str]:
    """A long message as lines that fit a menu panel (a menu shows each line as one line)."""
    return textwrap.wrap(text, NOTICE_WIDTH) or [text]


def _hand_title(controller: TableController, view: PlayerView) -> str:
    out = controller.state.out
    if out is None:
        return _("Hand over")
    if out.seat == view.seat:
        return _("You went out concealed") if out.concealed else _("You went out")
    return _("{name} went out").format(name=seat_name(view, out.seat))


def _game_over_line(names: list[str], winners: tuple[int, ...]) -> str:
    if len(winners) == 1:
        return _("Game over: {name} wins.").format(name=names[winners[0]])
    return _("Game over: {names} share the win.").format(names=", ".join(names[index] for index in winners))


def _side_name(view: PlayerView, side: int) -> str:
    if side == my_side(view):
        return _("You") if view.rules.players in (2, 3) else _("Us")
    seats = [seat for seat in range(view.rules.players) if view.rules.seat_side[seat] == side]
    return _("Them") if view.rules.players in (4, 6) else seat_name(view, seats[0])


def run_window(choices: NewGameChoices | None = None, home: Path | None = None) -> int:
    """Open the window on the title screen and play until the player quits.

    The settings, the saved game and the statistics are read from the game's folders (`home` instead, when
    given); the settings are passed on to the flow, which applies what it knows (the thinking pause).
    """
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from canasta.storage.paths import StoragePaths

    keeper = open_keeper(None if home is None else StoragePaths(home, home))
    app = App()
    flow = GameFlow(app, choices, keeper)
    app.on_close = flow.leave
    flow.title()
    try:
        app.run()
    finally:
        keeper.close()
    return 0
