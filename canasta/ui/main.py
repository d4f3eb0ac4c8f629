"""The game window's flow: title, new game, the table, hand summaries, game over, leaving a game."""

from __future__ import annotations

import os

import pygame

from canasta.ui.app import App, Scene
from canasta.ui.controller import GameSetup, TableController
from canasta.ui.menus import MenuScene, NewGameChoices, new_game_scene, summary_rows
from canasta.ui.table_draw import seat_name
from canasta.ui.table_scene import TableScene


class GameFlow:
    """Moves between the screens; owns the game in progress (if any)."""

    def __init__(self, app: App, choices: NewGameChoices | None = None) -> None:
        self.app = app
        self.choices = choices or NewGameChoices()
        self.controller: TableController | None = None
        self.table: TableScene | None = None

    # -- screens ----------------------------------------------------------------------------------------------

    def title(self) -> None:
        scene = MenuScene(self.app.theme, "Canasta")
        scene.lines = ["Classic Canasta against computer players."]
        scene.add("new", "New game", self.new_game, pygame.K_n, "N")
        scene.add("continue", "Continue", self.back_to_table, pygame.K_c, "C")
        scene.buttons[-1].enabled = self.controller is not None
        scene.add("quit", "Quit", self.quit, pygame.K_q, "Q")
        self._show(scene)

    def new_game(self) -> None:
        self._show(new_game_scene(self.app.theme, self.choices, self.start, self.title))

    def start(self, setup: GameSetup) -> None:
        self._end_game()
        self.controller = TableController(setup)
        self.table = TableScene(self.app.theme, self.controller, self.hand_over, self.leave)
        self._show(self.table)

    def back_to_table(self) -> None:
        if self.table is not None:
            self._show(self.table)

    def hand_over(self) -> None:
        controller = self.controller
        assert controller is not None
        match = controller.match
        view = controller.human_view()
        names = [_side_name(view, side) for side in range(len(controller.state.melds))]
        out = controller.state.out
        title = "Hand over" if out is None else f"{seat_name(view, out.seat)} went out"
        if out is not None and out.seat == view.seat:
            title = "You went out" + (" concealed" if out.concealed else "")
        scene = MenuScene(self.app.theme, title)
        scene.dim = True
        scene.rows = summary_rows(match, controller.hand_scores(), names)
        if match.over:
            winners = " and ".join(names[index] for index in match.winners)
            scene.lines = [f"Game over: {winners} {'wins' if len(match.winners) == 1 else 'share the win'}."]
            scene.add("again", "New game", self.new_game, pygame.K_RETURN, "Enter")
            scene.add("title", "Title screen", self._to_title_after_game, pygame.K_ESCAPE, "Esc")
        else:
            scene.lines = [f"Hand {len(match.hands)} of the game to {match.target}."]
            scene.add("next", "Next hand", self.next_hand, pygame.K_RETURN, "Enter")
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
        scene = MenuScene(self.app.theme, "Leave this game?")
        scene.dim = True
        scene.lines = ["The game in progress is not saved yet."]
        scene.add("stay", "Keep playing", self.app.pop, pygame.K_ESCAPE, "Esc")
        scene.add("leave", "Leave the game", self._abandon, pygame.K_l, "L")
        scene.add("quit", "Quit Canasta", self.quit, pygame.K_q, "Q")
        self.app.push(scene)

    def _abandon(self) -> None:
        self._end_game()
        self.title()

    def _to_title_after_game(self) -> None:
        self._end_game()
        self.title()

    def quit(self) -> None:
        self._end_game()
        self.app.quit()

    # -- helpers ----------------------------------------------------------------------------------------------

    def _show(self, scene: Scene) -> None:
        self.app.scenes.clear()
        self.app.push(scene)

    def _end_game(self) -> None:
        if self.controller is not None:
            self.controller.close()
        self.controller = None
        self.table = None


def _side_name(view: object, side: int) -> str:
    from canasta.playerview import PlayerView, my_side

    assert isinstance(view, PlayerView)
    if side == my_side(view):
        return "You" if view.rules.players in (2, 3) else "Us"
    seats = [seat for seat in range(view.rules.players) if view.rules.seat_side[seat] == side]
    return "Them" if view.rules.players in (4, 6) else seat_name(view, seats[0])


def run_window(choices: NewGameChoices | None = None) -> int:
    """Open the window on the title screen and play until the player quits."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    app = App()
    flow = GameFlow(app, choices)
    app.on_close = flow.leave
    flow.title()
    app.run()
    return 0
