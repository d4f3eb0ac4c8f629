"""Cuban Canasta and Pennies from Heaven in the menus: their presets on the new-game screen set what they say, every
target offered is one the rules take, and the three-partnerships preset names the seats as the table does
(docs/variants.md, parts E and E')."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from canasta.engine.rules import MinimumTable, Rules, Variant
from canasta.ui.kit.widgets import Choice
from canasta.ui.look.theme import Theme
from canasta.ui.screens.house_rules import VARIANTS, preset, presets_of
from canasta.ui.screens.new_game import NewGameChoices, NewGameScene
from canasta.ui.screens.presets import PresetKey
from canasta.ui.screens.statistics import StatsFigures, summary_lines

CUBAN, PENNIES = Variant.CUBAN, Variant.PENNIES_FROM_HEAVEN
PRESETS = {
    CUBAN: [PresetKey.CUBAN, PresetKey.CUBAN_JOKER, PresetKey.CUBAN_CONCEALED],
    PENNIES: [PresetKey.PENNIES, PresetKey.PENNIES_OWN_SEVENS, PresetKey.PENNIES_NEXT_TURN, PresetKey.PENNIES_PAIRS,
              PresetKey.PENNIES_SHORT],
}  # fmt: skip


@pytest.fixture(autouse=True)
def _fonts() -> Iterator[None]:
    pygame.display.init()
    pygame.font.init()
    yield


def scene_for(choices: NewGameChoices) -> NewGameScene:
    scene = NewGameScene(Theme(), choices, lambda setup: None, lambda: None)
    scene.resize((1280, 800))
    return scene


def row(scene: NewGameScene, label: str) -> Choice[Any]:
    return next(widget for widget in scene.left if isinstance(widget, Choice) and widget.label == label)


@pytest.mark.parametrize("variant", [CUBAN, PENNIES], ids=str)
def test_each_preset_sets_its_rules_and_is_recognised(variant: Variant) -> None:
    assert [item.key for item in presets_of(variant)] == PRESETS[variant]
    for item in presets_of(variant):
        assert item.name and item.description and item.variant is variant
        choices = NewGameChoices()
        choices.apply_preset(item)
        rules = choices.rules()
        assert rules.variant is variant and choices.preset() is item.key
        for name, value in item.options:
            assert getattr(rules, name) == value, (item.key, name)
        assert rules.target_score == (item.target or Rules.for_players(rules.players, variant=variant).target_score)
    scene = scene_for(NewGameChoices(variant=variant))
    assert row(scene, "Preset").values == tuple(PRESETS[variant])
    assert row(scene, "Preset").value_text() == preset(PRESETS[variant][0]).name


def test_the_presets_say_the_rule_sheets_choices() -> None:
    joker = NewGameChoices()
    joker.apply_preset(preset(PresetKey.CUBAN_JOKER))
    rules = joker.rules()
    assert rules.target_score == 8500 and rules.canastas_to_go_out == 2 and rules.black_threes.value == "bonus"
    assert isinstance(rules.minimums, MinimumTable) and rules.minimums.value == "joker"
    usual = NewGameChoices()
    usual.apply_preset(preset(PresetKey.PENNIES))
    assert usual.rules() == Rules.for_players(6, variant=PENNIES)
    short = NewGameChoices()
    short.apply_preset(preset(PresetKey.PENNIES_SHORT))
    assert short.rules().target_score == 10_000
    later = NewGameChoices()
    later.apply_preset(preset(PresetKey.PENNIES_NEXT_TURN))
    assert later.rules().shape.packet_next_turn


@pytest.mark.parametrize("variant", VARIANTS, ids=str)
def test_every_target_offered_is_one_the_rules_take(variant: Variant) -> None:
    choices = NewGameChoices()
    choices.set_variant(variant)
    for target in choices.targets():
        choices.target = target
        assert choices.rules().target_score >= 1000, (variant, target)


def test_the_three_partnerships_preset_names_the_seats_as_it_seats_them() -> None:
    scene = scene_for(NewGameChoices(variant=PENNIES))
    assert [r.label for r in scene.level_rows.values() if isinstance(r, Choice)] == [
        "Left", "Left partner", "Opposite", "Right partner", "Right"]  # fmt: skip
    row(scene, "Preset").put(PresetKey.PENNIES_PAIRS)
    assert [r.label for r in scene.level_rows.values() if isinstance(r, Choice)] == [
        "Left", "Top left", "Partner", "Top right", "Right"]  # fmt: skip


@pytest.mark.parametrize("variant", [CUBAN, PENNIES], ids=str)
def test_their_statistics_count_wild_canastas_by_that_name(variant: Variant) -> None:
    lines = dict(summary_lines(StatsFigures(wild_canastas=2), variant))
    assert lines["Wild canastas made"] == "2"
    assert not any(label.startswith(("Sambas", "Escaleras", "Bolivias", "Books")) for label in lines), lines
