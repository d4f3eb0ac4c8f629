"""The screens around the table, driven by posted-style events: new game (the chosen rules reach the engine),
settings, statistics, score sheet and rules help; every text fits its box in English and in a 40% longer
language; a screenshot of each."""

from __future__ import annotations

import gettext
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from canasta.engine.match import HandResult, Match
from canasta.engine.rules import Rules, ThreePlayerMode, WildLimit
from canasta.engine.scoring import SideScore
from canasta.i18n import install as i18n_install
from canasta.storage.settings import Settings
from canasta.ui.kit.widgets import Choice, PushButton, ScrollList, TextLine
from canasta.ui.look.theme import Theme
from canasta.ui.screens.house_rules import PRESETS, applies, default_value, listed_options, option_choices
from canasta.ui.screens.new_game import COMPUTER_LEVELS, NewGameChoices, NewGameScene, every_games_rules
from canasta.ui.screens.rules_help import RulesHelpScene
from canasta.ui.screens.score_sheet import ScoreSheetScene, SheetNames
from canasta.ui.screens.settings import ROWS, SettingsScene
from canasta.ui.screens.statistics import GroupRecord, StatsFigures, StatsScene
from canasta.ui.table.controller import GameSetup
from canasta.ui.table.layout.regions import MIN_WINDOW, Box
from canasta.ui.table.narration.seats import SEAT_NAMES, seat_label
from tests.ui.textfit import LongTranslations, MeasuringTheme, installed, press, tour

SIZE = (1280, 800)
SCREENSHOTS = Path(__file__).resolve().parents[2] / "screenshots"


@pytest.fixture(autouse=True)
def _fonts() -> Iterator[None]:
    pygame.display.init()
    pygame.font.init()
    yield


class Calls:
    """Records what a screen's callbacks were given."""

    def __init__(self) -> None:
        self.setups: list[GameSetup] = []
        self.backs = 0
        self.settings: list[Settings] = []
        self.resets = 0
        self.exports = 0

    def start(self, setup: GameSetup) -> None:
        self.setups.append(setup)

    def back(self) -> None:
        self.backs += 1

    def changed(self, settings: Settings) -> None:
        self.settings.append(settings)

    def reset(self) -> None:
        self.resets += 1

    def export(self) -> str | None:
        self.exports += 1
        return "Saved to game-1.json"


def click(scene: Any, pos: tuple[int, int], button: int = 1) -> None:
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def wheel(scene: Any, pos: tuple[int, int], dy: int) -> None:
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    scene.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=dy, flipped=False))


def new_game(calls: Calls, choices: NewGameChoices | None = None, theme: Theme | None = None) -> NewGameScene:
    scene = NewGameScene(theme or Theme(), choices or NewGameChoices(), calls.start, calls.back)
    scene.resize(SIZE)
    return scene


def focus_house_rules(scene: NewGameScene) -> ScrollList:
    while scene.ring.focused is not scene.house_rules:
        press(scene, pygame.K_TAB)
    return scene.house_rules


# -- new game ------------------------------------------------------------------------------------------------


def test_every_house_rule_chosen_by_keyboard_reaches_the_rules() -> None:
    calls = Calls()
    scene = new_game(calls)
    rules_list = focus_house_rules(scene)
    expected: dict[str, Any] = {}
    while scene.ring.focused is rules_list:  # Down past the last row leaves the list
        name = listed_options()[rules_list.cursor]
        assert applies(name, 4), "rows that do not apply are skipped"
        press(scene, pygame.K_RIGHT)
        values = option_choices(name)
        expected[name] = values[(values.index(default_value(name, 4)) + 1) % len(values)]
        press(scene, pygame.K_DOWN)
    assert scene.ring.focused is scene.start_button
    press(scene, pygame.K_RETURN)
    rules = calls.setups[-1].rules
    assert len(expected) >= 15
    for name, value in expected.items():
        assert getattr(rules, name) == value != default_value(name, 4), name


def test_the_deal_number_levels_and_target_reach_the_game() -> None:
    calls = Calls()
    scene = new_game(calls)
    press(scene, pygame.K_DOWN)  # the preset
    press(scene, pygame.K_DOWN)  # players
    press(scene, pygame.K_RIGHT)  # 4 -> 6
    for seat in range(1, 6):
        press(scene, pygame.K_DOWN)
        for _ in range(seat % len(COMPUTER_LEVELS)):
            press(scene, pygame.K_RIGHT)
    press(scene, pygame.K_DOWN)  # the target
    press(scene, pygame.K_RIGHT)
    press(scene, pygame.K_DOWN)  # a practice game
    press(scene, pygame.K_RIGHT)
    press(scene, pygame.K_DOWN)  # the deal number
    for digit in "40x2-7":
        press(scene, pygame.K_0, digit)  # letters and signs are not typed
    press(scene, pygame.K_BACKSPACE)
    press(scene, pygame.K_RETURN)
    setup = calls.setups[-1]
    assert setup.rules.players == 6 and setup.seed == 402
    assert setup.levels[1:] == tuple(COMPUTER_LEVELS[(1 + seat) % len(COMPUTER_LEVELS)] for seat in range(1, 6)), (
        "each seat started at normal and moved on by its number"
    )
    assert setup.rules.target_score == 1000
    assert setup.practice, "the practice choice reaches the game"
    again = new_game(calls, scene.choices)
    press(again, pygame.K_RETURN)
    assert calls.setups[-1].seed == 402, "the same deal number gives the same shuffles"


def test_three_players_can_play_cutthroat_and_partner_rules_do_not_apply() -> None:
    calls = Calls()
    scene = new_game(calls, NewGameChoices(players=3))
    rules_list = focus_house_rules(scene)
    rows = {name: row for name, row in zip(listed_options(), rules_list.items, strict=True)}
    assert isinstance(rows["ask_partner"], Choice) and not rows["ask_partner"].enabled
    while rules_list.current() is not rows["three_player_mode"]:
        press(scene, pygame.K_DOWN)
    press(scene, pygame.K_LEFT)
    press(scene, pygame.K_RETURN)
    rules = calls.setups[-1].rules
    assert rules.cutthroat and rules.target_score == 7500


@pytest.mark.parametrize("item", PRESETS, ids=lambda item: item.key.value)
def test_each_preset_sets_its_rules(item: Any) -> None:
    calls = Calls()
    scene = new_game(calls, NewGameChoices(variant=item.variant))
    press(scene, pygame.K_DOWN)  # the game row has the focus first, the preset row is next
    while scene.choices.preset() is not item.key:
        press(scene, pygame.K_RIGHT)
    press(scene, pygame.K_RETURN)
    rules = calls.setups[-1].rules
    for name, value in item.options:
        if applies(name, rules.players):
            assert getattr(rules, name) == value
    if item.players is not None:
        assert rules.players == item.players
    if item.target:
        assert rules.target_score == item.target
    assert rules.variant is item.variant
    changed = {name for name in listed_options(item.variant)
               if getattr(rules, name) != default_value(name, rules.players, item.variant)}  # fmt: skip
    assert changed <= {name for name, _value in item.options}


def test_new_game_by_mouse_and_back() -> None:
    calls = Calls()
    scene = new_game(calls)
    first = scene.house_rules.items[0]
    assert isinstance(first, Choice)
    before = first.get()
    back, forward = first.arrow_boxes()
    click(scene, first.box.centre)
    assert first.get() == before, "a click on the label only gives the row the focus"
    click(scene, forward.centre)
    assert first.get() != before
    click(scene, back.centre)
    assert first.get() == before
    click(scene, forward.centre, button=3)
    assert first.get() != before, "a right-click goes back"
    wheel(scene, scene.house_rules.box.centre, -3)
    assert scene.house_rules.offset > 0
    players = scene.left[2]
    click(scene, (players.box.right - 20, players.box.centre[1]))
    assert scene.choices.players == 6
    click(scene, scene.back_button.box.centre)
    assert calls.backs == 1
    click(scene, scene.start_button.box.centre)
    assert calls.setups[-1].rules.players == 6
    press(scene, pygame.K_ESCAPE)
    assert calls.backs == 2


def test_seat_rows_follow_the_player_count() -> None:
    for players in (2, 3, 4, 6):
        scene = new_game(Calls(), NewGameChoices(players=players))
        # The seats come after the game, the preset and the players, before the target and the practice choice.
        labels = [widget.label for widget in scene.left if isinstance(widget, Choice)][3:-2]
        assert labels == list(SEAT_NAMES[players])
        # The table calls each seat by the very same name (no "Seat 4").
        assert labels == [seat_label(players, 0, seat) for seat in range(1, players)]


# -- settings, statistics, score sheet --------------------------------------------------------------------------


def settings_scene(calls: Calls, theme: Theme | None = None) -> SettingsScene:
    scene = SettingsScene(theme or Theme(), Settings(), calls.changed, calls.back)
    scene.resize(SIZE)
    return scene


def test_settings_apply_at_once_by_keyboard_and_mouse() -> None:
    calls = Calls()
    scene = settings_scene(calls)
    for name, *_rest in ROWS:
        before = getattr(scene.settings, name)
        press(scene, pygame.K_RIGHT)
        assert getattr(calls.settings[-1], name) != before, name
        press(scene, pygame.K_DOWN)
    row = scene.list.items[2]
    assert isinstance(row, Choice)
    click(scene, row.arrow_boxes()[1].centre)
    assert calls.settings[-1].reduced_motion is False, "a click turns it back"
    press(scene, pygame.K_ESCAPE)
    click(scene, scene.back_button.box.centre)
    assert calls.backs == 2


def stats_figures() -> StatsFigures:
    groups = tuple(
        GroupRecord(players, level, 4 + index, index, 30 + index, 12)
        for index, (players, level) in enumerate([(4, "normal"), (2, "expert"), (6, "beginner"), (3, "hard")])
    )
    return StatsFigures(groups, 2, 5, 9876, 2315, 14, 9, 11, 2)


def asking(scene: StatsScene) -> bool:
    return scene.confirming


def test_statistics_reset_asks_first() -> None:
    calls = Calls()
    scene = StatsScene(Theme(), stats_figures(), calls.reset, calls.back)
    scene.resize(SIZE)
    texts = [" ".join(item.cells) for item in scene.list.items if isinstance(item, TextLine)]
    assert any("2315" in text for text in texts) and any("4 players, Normal" in text for text in texts)
    press(scene, pygame.K_r)
    assert asking(scene)
    press(scene, pygame.K_ESCAPE)
    assert not asking(scene) and calls.resets == 0 and calls.backs == 0
    press(scene, pygame.K_r)
    press(scene, pygame.K_RETURN)  # the focus starts on "Keep them"
    assert calls.resets == 0 and not asking(scene)
    click(scene, scene.reset_button.box.centre)
    click(scene, scene.yes_button.box.centre)
    assert calls.resets == 1 and scene.figures == StatsFigures()
    press(scene, pygame.K_ESCAPE)
    assert calls.backs == 1


def a_match() -> Match:
    rules = Rules.for_players(4)
    hands, totals = [], (0, 0)
    for number in range(6):
        breakdown = (SideScore(800, 100, 100, 205 + number, -15), SideScore(300, -100, 0, 90, -120 - number))
        totals = (totals[0] + breakdown[0].total, totals[1] + breakdown[1].total)
        hands.append(HandResult(number % 4, breakdown, totals, number % 4 if number != 3 else None))
    return Match(rules, totals, 2, 5000, tuple(hands))


def score_sheet(calls: Calls, theme: Theme | None = None, export: Callable[[], str | None] | None = None) -> Any:
    names = SheetNames(("Us", "Them"), ("You", "Left", "Partner", "Right"))
    scene = ScoreSheetScene(theme or Theme(), a_match(), names, export or calls.export, calls.back)
    scene.resize(SIZE)
    return scene


def test_the_score_sheet_lists_every_hand_and_exports() -> None:
    calls = Calls()
    scene = score_sheet(calls)
    match = a_match()
    texts = [" ".join(item.cells) for item in scene.list.items if isinstance(item, TextLine)]
    for total in (str(value) for hand in match.hands for value in hand.totals):
        assert any(text.endswith(total) or f" {total} " in text for text in texts)
    assert sum("Hand total" in text for text in texts) == len(match.hands)
    assert any("nobody went out" in text for text in texts)
    bottom = scene.list.offset
    wheel(scene, scene.list.box.centre, 2)
    assert scene.list.offset < bottom
    press(scene, pygame.K_e)
    click(scene, scene.export_button.box.centre)
    assert calls.exports == 2 and "game-1.json" in scene.message
    press(scene, pygame.K_ESCAPE)
    assert calls.backs == 1


def test_a_failed_export_is_said_not_raised() -> None:
    def broken() -> str | None:
        raise OSError("disk full")

    scene = score_sheet(Calls(), export=broken)
    press(scene, pygame.K_e)
    assert "disk full" in scene.message


# -- every text fits, in English and in a longer language -------------------------------------------------------


def _screens(calls: Calls, theme: MeasuringTheme) -> list[tuple[str, Any]]:
    figures = stats_figures()
    return [
        *((f"new-game-{players}", new_game(calls, NewGameChoices(players=players), theme)) for players in (2, 3, 4, 6)),
        ("settings", settings_scene(calls, theme)),
        ("statistics", StatsScene(theme, figures, calls.reset, calls.back)),
        ("score-sheet", score_sheet(calls, theme)),
        ("rules-help", RulesHelpScene(theme, Rules.for_players(3, three_player_mode=ThreePlayerMode.CUTTHROAT,
                                                                wild_limit=WildLimit.NATURALS_MAJORITY), calls.back)),
        ("rules-help-every-game", RulesHelpScene(theme, Rules.for_players(4), calls.back,
                                                 games=every_games_rules(NewGameChoices()))),
    ]  # fmt: skip


@pytest.mark.parametrize("size", [SIZE, MIN_WINDOW], ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("language", ["english", "long"])
def test_every_text_fits_its_box(language: str, size: tuple[int, int]) -> None:
    translations = LongTranslations() if language == "long" else gettext.NullTranslations()
    screen = pygame.Surface(size)
    theme = MeasuringTheme()
    with installed(translations):
        for name, scene in _screens(Calls(), theme):
            scene.resize(size)
            draws = tour(scene, screen)
            if isinstance(scene, RulesHelpScene):
                draws += _read_every_section(scene, screen)
            if isinstance(scene, StatsScene):
                press(scene, pygame.K_r)
                scene.draw(screen)
            assert draws > 3, name
    assert theme.drawn > 1000
    assert not theme.overflows, "\n".join(str(overflow) for overflow in theme.overflows[:20])


def _read_every_section(scene: RulesHelpScene, screen: pygame.Surface) -> int:
    draws = 0
    for section in scene.sections:
        scene.show(section)
        while True:
            scene.draw(screen)
            draws += 1
            before = scene.text.offset
            scene.text.key(pygame.K_PAGEDOWN, "")
            if scene.text.offset == before:
                break
    return draws


def test_the_measure_catches_an_overflow() -> None:
    theme = MeasuringTheme()
    screen = pygame.Surface(SIZE)
    button = PushButton("A label far too long for its little button", lambda: None)
    button.box = Box(10, 10, 60, 30)
    button.draw(screen, theme, 18, False)
    assert len(theme.overflows) == 1 and theme.overflows[0].words.startswith("A label")


# -- screenshots ----------------------------------------------------------------------------------------------


def test_screenshots_of_every_screen() -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    screen = pygame.Surface(SIZE)
    calls = Calls()
    for name, scene in _screens(calls, MeasuringTheme()):
        if name.startswith("new-game") and name != "new-game-4":
            continue
        scene.resize(SIZE)
        if isinstance(scene, ScoreSheetScene):
            scene.dim = False
        press(scene, pygame.K_TAB)
        scene.draw(screen)
        path = SCREENSHOTS / f"screen-{name}.png"
        pygame.image.save(screen, str(path))
        assert path.stat().st_size > 10_000
    with installed(LongTranslations()):
        for name, scene in _screens(calls, MeasuringTheme()):
            if name in ("new-game-6", "rules-help", "statistics"):
                scene.resize(SIZE)
                scene.draw(screen)
                pygame.image.save(screen, str(SCREENSHOTS / f"screen-{name}-long-language.png"))


def test_changing_the_language_says_the_settings_again_in_it() -> None:
    seen: list[Settings] = []

    def changed(settings: Settings) -> None:
        seen.append(settings)
        i18n_install(LongTranslations() if settings.language == "en" else gettext.NullTranslations())

    scene = SettingsScene(Theme(), Settings(), changed, lambda: None)
    scene.resize(SIZE)
    try:
        press(scene, pygame.K_RIGHT)
        labels = [item.label for item in scene.list.items if isinstance(item, Choice)]
        assert seen[-1].language == "en" and labels[0].startswith("Language ") and len(labels[0]) > len("Language")
    finally:
        i18n_install(gettext.NullTranslations())


def test_the_title_screen_opens_the_new_game_screen_and_enter_starts() -> None:
    from tests.ui.driver import Driver

    def on_new_game(driver: Driver) -> bool:
        return isinstance(driver.app.scenes[-1], NewGameScene)

    driver = Driver()
    driver.key(pygame.K_n)
    assert on_new_game(driver)
    driver.key(pygame.K_ESCAPE)
    assert not on_new_game(driver), "Esc goes back to the title"
    driver.key(pygame.K_n)
    driver.key(pygame.K_DOWN)  # the preset
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_LEFT)  # players: 4 -> 3
    driver.key(pygame.K_RETURN)
    controller = driver.flow.controller
    assert controller is not None and controller.setup.rules.players == 3
    driver.flow.quit()
