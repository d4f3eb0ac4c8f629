"""The game window's flow: title, new game, the table, leaving a game; the panels after a hand are `after_hand`'s,
the settings applied at once `settings`'.

With a `Keeper` (the real window) the game in progress is saved after every action, the title offers it as
"Continue" on the next start, and finished hands and games count in the statistics. Without one (tests)
nothing is kept between runs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial

import pygame

from canasta.engine.refusal_text import list_words
from canasta.engine.refusals import Code
from canasta.engine.rules import Rules
from canasta.engine.rules.catalog import DEFAULT_GAME
from canasta.i18n import _
from canasta.storage.keeper import Keeper
from canasta.storage.saves import AutoSaver, SavedGame
from canasta.storage.settings import Settings
from canasta.storage.stats import StatsBook
from canasta.ui.flow.after_hand import AfterHand, summary_side_name, wrapped
from canasta.ui.flow.settings import SettingsInForce, table_look
from canasta.ui.kit.app import App, Scene
from canasta.ui.look.sound import SoundBoard
from canasta.ui.look.title_art import title_backdrop
from canasta.ui.screens.house_rules import VARIANTS, variant_name
from canasta.ui.screens.menus import MenuScene, NewGameChoices, new_game_scene
from canasta.ui.screens.new_game import every_games_rules
from canasta.ui.screens.rules_help import RulesHelpScene, help_for_refusal
from canasta.ui.screens.score_sheet import ScoreSheetScene, SheetNames
from canasta.ui.screens.settings import SettingsScene, settings_over_table
from canasta.ui.screens.statistics import StatsFigures, StatsScene, figures_by_game
from canasta.ui.screens.tutorial import TutorialScene
from canasta.ui.table.controller import GameSetup, TableController
from canasta.ui.table.narration.seats import seat_name
from canasta.ui.table.scene import TableScene


class GameFlow:
    """Moves between the screens; owns the game in progress (if any) and the saved one."""

    def __init__(
        self, app: App, choices: NewGameChoices | None = None, keeper: Keeper | None = None,
        sound: SoundBoard | None = None,
    ) -> None:  # fmt: skip
        self.app = app
        self.choices = choices or NewGameChoices()
        self.keeper = keeper
        self.sound = sound
        self.controller: TableController | None = None
        self.table: TableScene | None = None
        self.saved: SavedGame | None = None  # the game "Continue" takes up when none is open
        self.notices: list[str] = []  # what went wrong with the files, shown on the title screen
        self.live = SettingsInForce(app, keeper, sound, self)  # with a keeper, its changes apply at once
        self.after_hand = AfterHand(self)
        if keeper is not None:
            self.notices.extend(keeper.messages())
            loaded = keeper.saver.load()
            self.saved = loaded.value
            if loaded.message:
                self.notices.append(loaded.message)
        self.live.apply(self.settings)

    @property
    def settings(self) -> Settings:
        return self.live.now

    # -- screens ----------------------------------------------------------------------------------------------

    def title(self) -> None:
        scene = MenuScene(self.app.theme, "Canasta")
        scene.lines = [_("{games} against computer players.").format(games=_games_line())]
        scene.lines.extend(line for notice in self.notices for line in wrapped(notice))
        scene.add("new", _("New game"), self.new_game, pygame.K_n, "N")
        scene.add("learn", _("Learn to play"), self.learn, pygame.K_l, "L")
        scene.add("continue", _("Continue"), self.continue_game, pygame.K_c, "C")
        scene.buttons[-1].enabled = self.controller is not None or self.saved is not None
        scene.add("settings", _("Settings"), self.settings_screen, pygame.K_s, "S")
        scene.add("statistics", _("Statistics"), self.statistics, pygame.K_t, "T")
        scene.add("rules", _("Rules"), self.rules, pygame.K_r, "R")
        scene.add("quit", _("Quit"), self.quit, pygame.K_q, "Q")
        scene.backdrop = title_backdrop(self.app.theme)  # the felt with the title's art
        self._show(scene)

    def learn(self) -> None:
        """The guided first game, on the lesson's four-player table."""
        rules = Rules.for_players(4)
        self._show(
            TutorialScene(
                self.app.theme, self.title, self.title, look=table_look(self.settings), sound=self.sound,
                on_rule_help=lambda code: self.app.push(help_for_refusal(self.app.theme, rules, code, self.app.pop)),
            )
        )  # fmt: skip

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
        scene.lines = wrapped(self._saved_line())
        scene.add("stay", _("Keep playing"), self.app.pop, pygame.K_ESCAPE, _("Esc"))
        scene.add("sheet", _("Score sheet"), self._from_menu(self.score_sheet), pygame.K_s, "S")
        scene.add("rules", _("Rules"), self._from_menu(self.rules_at_table), pygame.K_r, "R")
        over_table = partial(settings_over_table, self.app, self.settings, self.live.choose)
        scene.add("settings", _("Settings"), self._from_menu(over_table), pygame.K_o, "O")
        scene.add("leave", _("Leave the game"), self._abandon, pygame.K_l, "L")
        scene.add("quit", _("Quit Canasta"), self.quit, pygame.K_q, "Q")
        self.app.push(scene)

    def _saved_line(self) -> str:
        controller = self.controller
        if self.keeper is None or controller is None:
            return _("The game in progress is not saved.")
        return controller.keeping.message() or _("The game is saved: Continue on the title screen takes it up again.")

    def _abandon(self) -> None:
        """Leave the game for the title; with a keeper it stays saved, and Continue takes it up again."""
        controller = self.controller
        if self.keeper is not None and controller is not None and not controller.match.over:
            self.saved = SavedGame(controller.record, controller.match, controller.state)
        self._end_game()
        self.title()

    def title_after_game(self) -> None:
        """The game over, back to the title."""
        self._end_game()
        self.title()

    def quit(self) -> None:
        self._end_game()
        if self.keeper is not None:
            self.keeper.close()
        self.app.quit()

    # -- settings, statistics, rules, the score sheet ---------------------------------------------------------

    def settings_screen(self) -> None:
        self._show(SettingsScene(self.app.theme, self.settings, self.live.choose, self.title))

    def statistics(self) -> None:
        book = None if self.keeper is None else self.keeper.stats
        if book is None:
            games = dict.fromkeys(VARIANTS, StatsFigures())
        else:
            games = figures_by_game(lambda game: book.statistics(variant=game), VARIANTS)
        first = games.pop(DEFAULT_GAME)
        self._show(StatsScene(self.app.theme, first, self._reset_statistics, self.title, games))

    def _reset_statistics(self) -> None:
        if self.keeper is not None:
            self.keeper.stats.reset()

    def rules(self) -> None:
        """From the title: every game's rules, open at the game the new-game screen has chosen."""
        games = every_games_rules(self.choices)
        chosen = next(rules for rules in games if rules.variant is self.choices.variant)
        self._show(RulesHelpScene(self.app.theme, chosen, self.title, games=games))

    def rules_at_table(self, code: Code | None = None) -> None:
        """Over the table; at the rule a refused move broke when `code` is given."""
        if self.controller is None:
            return
        rules = self.controller.setup.rules
        if code is None:
            self.app.push(RulesHelpScene(self.app.theme, rules, self.app.pop))
        else:
            self.app.push(help_for_refusal(self.app.theme, rules, code, self.app.pop))

    def score_sheet(self) -> None:
        controller = self.controller
        if controller is None:
            return
        view = controller.human_view()
        names = SheetNames(
            tuple(summary_side_name(view, side) for side in range(len(controller.match.scores))),
            tuple(seat_name(view, seat) for seat in range(view.rules.players)),
        )
        sheet = ScoreSheetScene(self.app.theme, controller.match, names, self.after_hand.write_record, self.app.pop)
        self.app.push(sheet)

    def _from_menu(self, show: Callable[[], None]) -> Callable[[], None]:
        def open_it() -> None:
            self.app.pop()  # the "Leave this game?" panel
            show()

        return open_it

    # -- helpers ----------------------------------------------------------------------------------------------

    def _open(self, controller: TableController) -> None:
        self.controller = controller
        controller.set_expert_s(self.settings.expert_s)
        self.table = TableScene(
            self.app.theme, controller, self.after_hand.hand_over, self.leave, look=table_look(self.settings),
            sound=self.sound, on_rule_help=self.rules_at_table,
        )  # fmt: skip
        if self.sound is not None:
            self.sound.follow(controller.human_view())
        self._show(self.table)

    def _saver(self) -> AutoSaver | None:
        return None if self.keeper is None else self.keeper.saver

    def _stats(self) -> StatsBook | None:
        return None if self.keeper is None else self.keeper.stats

    def _show(self, scene: Scene) -> None:
        self.app.scenes.clear()
        self.app.push(scene)

    def _end_game(self) -> None:
        if self.controller is not None:
            self.controller.close()
        self.controller = None
        self.table = None


def _games_line() -> str:
    """Every game the window plays, by name: "Classic Canasta, Samba, Bolivia and Hand and Foot"."""
    return list_words([variant_name(variant) for variant in VARIANTS])
