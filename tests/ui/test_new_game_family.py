"""The new-game screen offers the game of the family: Samba's and Bolivia's player counts, targets, presets and
house rules (each value explained) reach the game; switching game drops what is not the new game's; the choice
is remembered like the others."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from canasta.engine.rules import AskPartner, Rules, ThreePlayerMode, Tie, Variant, WildLimit, option_names
from canasta.i18n import set_language
from canasta.ui.kit.widgets import Choice, Widget
from canasta.ui.look.theme import Theme
from canasta.ui.screens.house_rules import (
    VARIANTS,
    applies,
    default_value,
    listed_options,
    option_choices,
    option_label,
    presets_of,
    value_label,
    value_meaning,
    variant_meaning,
    variant_players,
)
from canasta.ui.screens.new_game import NewGameChoices, NewGameScene
from canasta.ui.screens.rules_help import RulesHelpScene
from canasta.ui.table.controller import GameSetup
from tests.ui.driver import Driver
from tests.ui.textfit import press

SIZE = (1280, 800)
FAMILY = (Variant.SAMBA, Variant.BOLIVIA)


@pytest.fixture(autouse=True)
def _fonts() -> Iterator[None]:
    pygame.display.init()
    pygame.font.init()
    yield


class Started:
    def __init__(self) -> None:
        self.setups: list[GameSetup] = []

    def __call__(self, setup: GameSetup) -> None:
        self.setups.append(setup)


def scene_for(choices: NewGameChoices | None = None) -> tuple[NewGameScene, Started]:
    started = Started()
    scene = NewGameScene(Theme(), choices or NewGameChoices(), started, lambda: None)
    scene.resize(SIZE)
    return scene, started


def row(scene: NewGameScene, label: str) -> Choice[Any]:
    found = next(widget for widget in scene.left if isinstance(widget, Choice) and widget.label == label)
    return found


def label_of(widget: Widget) -> str:
    assert isinstance(widget, Choice)
    return widget.label


def choose_game(scene: NewGameScene, variant: Variant) -> None:
    """From the Game row (the focus starts there), Right until `variant` is chosen."""
    assert scene.ring.focused is row(scene, "Game")
    for _ in VARIANTS:
        if scene.choices.variant is variant:
            return
        press(scene, pygame.K_RIGHT)
    raise AssertionError(f"{variant} is not offered")


def test_the_games_offered_and_their_player_counts() -> None:
    assert VARIANTS == (
        Variant.CLASSIC, Variant.SAMBA, Variant.BOLIVIA, Variant.HAND_AND_FOOT, Variant.MODERN_AMERICAN, Variant.CUBAN,
        Variant.PENNIES_FROM_HEAVEN,
    )  # fmt: skip
    assert variant_players(Variant.CUBAN) == (4,)
    assert variant_players(Variant.PENNIES_FROM_HEAVEN) == (6,)
    assert variant_players(Variant.CLASSIC) == (2, 3, 4, 6)
    assert variant_players(Variant.SAMBA) == (2, 3, 4, 6)
    assert variant_players(Variant.BOLIVIA) == (4,)
    scene, _started = scene_for(NewGameChoices(players=6))
    choose_game(scene, Variant.BOLIVIA)
    assert scene.choices.players == 4, "Bolivia is played by four"
    assert row(scene, "Players").values == (4,)
    assert "4 players only" in row(scene, "Players").explanation()
    assert "escalera" in " ".join(scene.game_lines), "what the game is, said beside its house rules"


@pytest.mark.parametrize(("variant", "usual"), [(Variant.SAMBA, 10_000), (Variant.BOLIVIA, 15_000)])
def test_a_family_game_starts_with_its_variant_and_usual_target(variant: Variant, usual: int) -> None:
    scene, started = scene_for()
    choose_game(scene, variant)
    assert row(scene, "Game to").value_text() == f"Usual ({usual})"
    press(scene, pygame.K_RETURN)
    rules = started.setups[-1].rules
    assert rules.variant is variant and rules.target_score == usual
    assert rules == Rules.for_players(4, variant=variant)


@pytest.mark.parametrize("variant", FAMILY, ids=str)
def test_every_house_rule_of_the_game_chosen_by_keyboard_reaches_the_rules(variant: Variant) -> None:
    scene, started = scene_for()
    choose_game(scene, variant)
    labels = [item.label for item in scene.house_rules.items if isinstance(item, Choice)]
    assert labels == [option_label(name) for name in listed_options(variant)]
    while scene.ring.focused is not scene.house_rules:
        press(scene, pygame.K_TAB)
    expected: dict[str, Any] = {}
    while scene.ring.focused is scene.house_rules:
        name = listed_options(variant)[scene.house_rules.cursor]
        press(scene, pygame.K_RIGHT)
        values = option_choices(name, variant)
        expected[name] = values[(values.index(default_value(name, 4, variant)) + 1) % len(values)]
        press(scene, pygame.K_DOWN)
    press(scene, pygame.K_RETURN)
    rules = started.setups[-1].rules
    assert rules.variant is variant and len(expected) == len(listed_options(variant))
    for name, value in expected.items():
        assert getattr(rules, name) == value != default_value(name, 4, variant), name


@pytest.mark.parametrize("variant", VARIANTS, ids=str)
def test_every_value_of_every_house_rule_has_a_name_and_a_meaning(variant: Variant) -> None:
    assert variant_meaning(variant)
    for name in listed_options(variant):
        assert name in option_names(variant)
        values = option_choices(name, variant)
        assert len(values) >= 2, name
        labels = [value_label(name, value) for value in values]
        meanings = [value_meaning(name, value) for value in values]
        assert len(set(labels)) == len(labels) and all(meanings), (name, labels, meanings)
        assert len(set(meanings)) == len(meanings), name


def test_switching_game_drops_what_is_not_the_new_games() -> None:
    choices = NewGameChoices(players=3, target=2000)
    choices.set_option("three_player_mode", ThreePlayerMode.CUTTHROAT)
    choices.set_option("wild_limit", WildLimit.NATURALS_MAJORITY)
    choices.set_option("tie", Tie.SHARED_WIN)
    choices.set_option("unfrozen_take_with_wild", False)
    choices.set_variant(Variant.SAMBA)
    assert choices.players == 3 and choices.target == 0, "2000 is no Samba target: the usual one instead"
    assert choices.options == {"tie": Tie.SHARED_WIN}, "only the rule Samba shares with classic stays"
    assert choices.option("wild_limit") is WildLimit.MAX2
    assert choices.rules().variant is Variant.SAMBA
    choices.set_option("top_minimum", 150)
    choices.set_option("wild_limit", WildLimit.TWICE_NATURALS)
    choices.set_variant(Variant.BOLIVIA)
    assert choices.players == 4 and "top_minimum" not in choices.options and "wild_limit" not in choices.options
    choices.set_variant(Variant.CLASSIC)
    assert choices.rules() == Rules.for_players(4, tie="shared_win")


def test_the_partner_level_follows_the_games_partnerships() -> None:
    choices = NewGameChoices(players=6, level="beginner", partner_level="expert")
    assert [choices.level_for(seat) for seat in range(1, 6)] == ["beginner", "expert", "beginner", "expert",
                                                                 "beginner"]  # fmt: skip
    choices.set_variant(Variant.SAMBA)  # three partnerships: the partner sits three seats on
    assert [choices.level_for(seat) for seat in range(1, 6)] == ["beginner", "beginner", "expert", "beginner",
                                                                 "beginner"]  # fmt: skip


def test_six_player_sambas_seats_are_named_as_the_table_names_them() -> None:
    """Three partnerships: the one opposite is the partner, the others are named where they sit."""
    scene, _started = scene_for(NewGameChoices(players=6, variant=Variant.SAMBA))
    assert [label_of(r) for r in scene.level_rows.values()] == ["Left", "Top left", "Partner", "Top right", "Right"]
    scene, _started = scene_for(NewGameChoices(players=6))
    assert [label_of(r) for r in scene.level_rows.values()] == ["Left", "Left partner", "Opposite", "Right partner",
                                                            "Right"]  # fmt: skip


@pytest.mark.parametrize("variant", FAMILY, ids=str)
def test_the_games_presets_set_its_rules(variant: Variant) -> None:
    presets = presets_of(variant)
    assert len(presets) >= 2
    for item in presets:
        choices = NewGameChoices()
        choices.apply_preset(item)
        assert choices.variant is variant and choices.preset() is item.key
        rules = choices.rules()
        for name, value in item.options:
            assert getattr(rules, name) == value
        if item.target:
            assert rules.target_score == item.target
    scene, _started = scene_for(NewGameChoices(variant=variant))
    assert row(scene, "Preset").values == tuple(item.key for item in presets)


def test_the_chosen_game_is_remembered_when_the_screen_opens_again() -> None:
    driver = Driver()
    driver.key(pygame.K_n)
    scene = driver.app.scenes[-1]
    assert isinstance(scene, NewGameScene)
    driver.key(pygame.K_RIGHT)  # classic -> Samba
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_n)
    again = driver.app.scenes[-1]
    assert isinstance(again, NewGameScene) and again is not scene
    assert again.choices.variant is Variant.SAMBA and row(again, "Game").value_text() == "Samba"
    driver.key(pygame.K_RETURN)
    controller = driver.flow.controller
    assert controller is not None and controller.setup.rules.variant is Variant.SAMBA
    driver.flow.quit()


def test_a_house_rule_that_does_not_apply_is_not_sent() -> None:
    choices = NewGameChoices(players=2)
    choices.set_variant(Variant.SAMBA)
    choices.set_option("ask_partner", AskPartner.REQUIRED)
    assert not applies("ask_partner", 2)
    rules = choices.rules()
    assert rules.variant is Variant.SAMBA and rules.ask_partner is AskPartner.OPTIONAL, "not sent with two players"


def test_the_title_screens_rules_are_the_chosen_games() -> None:
    driver = Driver()
    driver.key(pygame.K_n)
    for _ in range(2):
        driver.key(pygame.K_RIGHT)  # classic -> Samba -> Bolivia
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_r)
    shown = driver.app.scenes[-1]
    assert isinstance(shown, RulesHelpScene) and shown.rules.variant is Variant.BOLIVIA
    assert any(paragraph.anchor == "wild_melds" for section in shown.sections for paragraph in section.paragraphs)
    driver.flow.quit()


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)], ids=lambda size: f"{size[0]}x{size[1]}")
def test_every_games_choices_fit_their_panel(language: str, size: tuple[int, int]) -> None:
    set_language(language)
    try:
        for variant in VARIANTS:
            for players in variant_players(variant):
                choices = NewGameChoices(players=players)
                choices.set_variant(variant)
                scene, _started = scene_for(choices)
                scene.resize(size)
                scene.draw(pygame.Surface(size))
                assert scene.left[-1].box.bottom <= scene.left_panel.bottom, (variant, players)
                assert scene.game_lines and scene.house_rules.box.y > scene.right_panel.y
    finally:
        set_language("en")
