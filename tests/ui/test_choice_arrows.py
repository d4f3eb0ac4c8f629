"""The arrows of a choice row do what they show, on every screen that has such rows: a click on the left arrow
(where it is drawn) goes back one value, on the right arrow forward one, and the other arrow undoes it; Left and
Right do the same by keyboard. A click on the row's label only gives the row the focus."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Protocol

import pygame
import pytest

from canasta.engine.rules import Rules, Variant
from canasta.engine.rules.catalog import player_counts
from canasta.i18n import set_language
from canasta.storage.settings import Settings
from canasta.ui.kit.widgets import Choice, FocusRing, ScrollList, Widget
from canasta.ui.look.theme import Theme
from canasta.ui.screens.house_rules import VARIANTS
from canasta.ui.screens.new_game import NewGameChoices, NewGameScene
from canasta.ui.screens.rules_help import RulesHelpScene
from canasta.ui.screens.settings import SettingsScene
from canasta.ui.screens.statistics import StatsFigures, StatsScene
from canasta.ui.table.layout.regions import Box
from tests.ui.textfit import press

LEFT, RIGHT = "\u2039", "\u203a"
SIZES = [(1280, 800), (800, 600)]
Point = tuple[int, int]
RowPath = tuple[int, ...]  # the row's place in the focus ring, and in its list when it is in one


@pytest.fixture(autouse=True)
def _fonts() -> Iterator[None]:
    pygame.display.init()
    pygame.font.init()
    set_language("en")
    yield
    set_language("en")  # the settings screen's Language row installs other catalogues


class RingScreen(Protocol):
    ring: FocusRing

    def handle_event(self, event: pygame.event.Event) -> None: ...

    def resize(self, size: tuple[int, int]) -> None: ...

    def draw(self, screen: pygame.Surface) -> None: ...


@dataclass(frozen=True, slots=True)
class Drawn:
    """An arrow as drawn: where its glyph lies."""

    words: str
    centre: Point


class ArrowTheme(Theme):
    """A theme that notes where each arrow glyph is drawn (its box, alignment and width as rendered)."""

    def __init__(self) -> None:
        super().__init__()
        self.arrows: list[Drawn] = []

    def text(self, screen: pygame.Surface, words: str, box: Box, px: int, **options: object) -> None:
        if words in (LEFT, RIGHT):
            bold = bool(options.get("bold", False))
            width = self.font(self.fitting_px(words, box.w, px, bold), bold).size(words)[0]
            align = options.get("align", "left")
            x = box.x if align == "left" else (box.right - width if align == "right" else box.x + (box.w - width) // 2)
            self.arrows.append(Drawn(words, (x + width // 2, box.y + box.h // 2)))
        super().text(screen, words, box, px, **options)


def click(scene: RingScreen, pos: Point, button: int = 1) -> None:
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def row_paths(scene: RingScreen) -> list[RowPath]:
    """Every choice row of the screen, by its place."""
    paths: list[RowPath] = []
    for index, widget in enumerate(scene.ring.widgets):
        if isinstance(widget, Choice):
            paths.append((index,))
        elif isinstance(widget, ScrollList):
            paths += [(index, item) for item, row in enumerate(widget.items) if isinstance(row, Choice)]
    return paths


def row_at(scene: RingScreen, path: RowPath) -> Choice[Any]:
    widget: Widget = scene.ring.widgets[path[0]]
    if len(path) == 2:
        assert isinstance(widget, ScrollList)
        widget = widget.items[path[1]]
    assert isinstance(widget, Choice)
    return widget


def show(scene: RingScreen, path: RowPath) -> None:
    """Scroll the row's list (if any) so the row is in view."""
    if len(path) == 2:
        holder = scene.ring.widgets[path[0]]
        assert isinstance(holder, ScrollList)
        holder.scroll_to(path[1])


def arrows_of(scene: RingScreen, theme: ArrowTheme, path: RowPath, size: tuple[int, int]) -> dict[str, Point]:
    """Draw the screen with the row in view; where its arrows are (none for a row that cannot change)."""
    show(scene, path)
    theme.arrows.clear()
    scene.draw(pygame.Surface(size))
    box = row_at(scene, path).box
    return {drawn.words: drawn.centre for drawn in theme.arrows if box.contains_point(drawn.centre)}


def index_of(scene: RingScreen, path: RowPath) -> int:
    row = row_at(scene, path)
    return row.values.index(row.get())


def focus(scene: RingScreen, path: RowPath) -> None:
    holder = scene.ring.widgets[path[0]]
    scene.ring.focus(holder)
    if isinstance(holder, ScrollList):
        holder.cursor = path[1]
        holder.scroll_to(path[1])


def new_game(theme: Theme, variant: Variant) -> RingScreen:
    return NewGameScene(theme, NewGameChoices(variant=variant), lambda setup: None, lambda: None)


def settings(theme: Theme) -> RingScreen:
    return SettingsScene(theme, Settings(), lambda settings: None, lambda: None)


def statistics(theme: Theme) -> RingScreen:
    games: dict[Variant, StatsFigures] = {game: StatsFigures() for game in VARIANTS if game is not Variant.CLASSIC}
    return StatsScene(theme, StatsFigures(), lambda: None, lambda: None, games)


def usual_players(game: Variant) -> int:
    """Four players where the game is played by four, else its largest table (six for Pennies from Heaven)."""
    counts = player_counts(game)
    return 4 if 4 in counts else counts[-1]


def rules_help(theme: Theme) -> RingScreen:
    games = tuple(Rules.for_players(usual_players(game), variant=game) for game in VARIANTS)
    return RulesHelpScene(theme, games[0], lambda: None, games=games)


def new_game_of(game: Variant) -> Callable[[Theme], RingScreen]:
    return lambda theme: new_game(theme, game)


SCREENS: dict[str, Callable[[Theme], RingScreen]] = {
    **{f"new-game-{game.value}": new_game_of(game) for game in VARIANTS},
    "settings": settings,
    "statistics": statistics,
    "rules-help": rules_help,
}


def opened(name: str, size: tuple[int, int]) -> tuple[RingScreen, ArrowTheme]:
    theme = ArrowTheme()
    scene = SCREENS[name](theme)
    scene.resize(size)
    return scene, theme


def changeable(scene: RingScreen, path: RowPath) -> bool:
    row = row_at(scene, path)
    return row.enabled and len(row.values) > 1


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("name", SCREENS)
def test_a_click_on_each_arrow_of_each_row_moves_that_way(name: str, size: tuple[int, int]) -> None:
    scene, theme = opened(name, size)
    tried = 0
    for path in row_paths(scene):
        scene, theme = opened(name, size)  # afresh: a game passed over on the way (six players only) moves the rows
        if not changeable(scene, path):
            assert not arrows_of(scene, theme, path, size), "no arrows on a row that cannot change"
            continue
        label, count, start = row_at(scene, path).label, len(row_at(scene, path).values), index_of(scene, path)
        for first, second, by in ((RIGHT, LEFT, 1), (LEFT, RIGHT, -1)):
            click(scene, arrows_of(scene, theme, path, size)[first])
            assert row_at(scene, path).label == label
            assert index_of(scene, path) == (start + by) % count, f"{label}: {first} moved it the wrong way"
            click(scene, arrows_of(scene, theme, path, size)[second])
            assert index_of(scene, path) == start, f"{label}: {second} did not undo {first}"
        tried += 1
    assert tried >= (1 if name in ("statistics", "rules-help") else 5), "the screen's rows were tried"


@pytest.mark.parametrize("name", SCREENS)
def test_left_and_right_keys_move_each_row_back_and_forward(name: str) -> None:
    scene, _theme = opened(name, (1280, 800))
    for path in row_paths(scene):
        scene, _theme = opened(name, (1280, 800))  # afresh: a game passed over on the way moves the rows
        if not changeable(scene, path):
            continue
        label, count, start = row_at(scene, path).label, len(row_at(scene, path).values), index_of(scene, path)
        for first, second, by in ((pygame.K_RIGHT, pygame.K_LEFT, 1), (pygame.K_LEFT, pygame.K_RIGHT, -1)):
            focus(scene, path)
            press(scene, first)
            assert index_of(scene, path) == (start + by) % count, label
            focus(scene, path)
            press(scene, second)
            assert index_of(scene, path) == start, label


@pytest.mark.parametrize("name", SCREENS)
def test_a_click_on_a_rows_label_only_focuses_it(name: str) -> None:
    scene, theme = opened(name, (1280, 800))
    for path in row_paths(scene):
        if not changeable(scene, path):
            continue
        arrows_of(scene, theme, path, (1280, 800))  # laid out and in view
        row = row_at(scene, path)
        start = index_of(scene, path)
        click(scene, (row.box.x + 12, row.box.y + 6))
        assert index_of(scene, path) == start, f"{row.label}: a click on its label changed it"
        holder = scene.ring.widgets[path[0]]
        assert scene.ring.focused is holder
        assert not isinstance(holder, ScrollList) or holder.current() is row


def test_a_click_on_the_value_moves_forward_and_a_right_click_back() -> None:
    scene, theme = opened("settings", (1280, 800))
    path = row_paths(scene)[1]  # animation speed: four values
    arrows = arrows_of(scene, theme, path, (1280, 800))
    between = ((arrows[LEFT][0] + arrows[RIGHT][0]) // 2, arrows[LEFT][1])
    start = index_of(scene, path)
    click(scene, between)
    assert index_of(scene, path) == start + 1
    click(scene, between, button=3)
    assert index_of(scene, path) == start
