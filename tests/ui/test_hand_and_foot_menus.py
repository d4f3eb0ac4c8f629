"""Hand and Foot in the menus: the new-game screen offers it with its player counts, four rounds or a target, every
house rule named and explained and its presets; the rules help says its rules (hand and foot, books, its pile,
going out, scoring a round) and opens a refused move's rule in its words."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from canasta.ai.base import CardMemory
from canasta.ai.baseline import GreedyBot
from canasta.engine.match import Match
from canasta.engine.refusals import Code
from canasta.engine.rules import GameEnd, Rules, SixPlayerSides, Variant, option_names, option_values
from canasta.engine.scoring import SideScore
from canasta.ui.kit.widgets import Choice, TextLine
from canasta.ui.look.theme import Theme
from canasta.ui.screens.house_rules import (
    NOT_LISTED,
    VARIANTS,
    applies,
    default_value,
    listed_options,
    option_choices,
    presets_of,
    value_label,
    variant_players,
)
from canasta.ui.screens.menus import MenuScene, breakdown_lines, summary_rows
from canasta.ui.screens.new_game import NewGameChoices, NewGameScene
from canasta.ui.screens.rules_help import RulesHelpScene, help_for_refusal, rule_for_refusal
from canasta.ui.screens.rules_text import Section, rule_sections
from canasta.ui.table.controller import GameSetup
from tests.ui.driver import Driver
from tests.ui.test_new_game_family import label_of
from tests.ui.textfit import press

HF = Variant.HAND_AND_FOOT
SIZE = (1280, 800)


@pytest.fixture(autouse=True)
def _fonts() -> Iterator[None]:
    pygame.display.init()
    pygame.font.init()
    yield


def scene_for(choices: NewGameChoices) -> tuple[NewGameScene, list[Any]]:
    started: list[Any] = []
    scene = NewGameScene(Theme(), choices, started.append, lambda: None)
    scene.resize(SIZE)
    return scene, started


def row(scene: NewGameScene, label: str) -> Choice[Any]:
    found: Choice[Any] = next(w for w in scene.left if isinstance(w, Choice) and w.label == label)
    return found


def house_row(scene: NewGameScene, label: str) -> Choice[Any]:
    found: Choice[Any] = next(w for w in scene.house_rules.items if isinstance(w, Choice) and w.label == label)
    return found


def sections(rules: Rules) -> dict[str, Section]:
    return {section.id: section for section in rule_sections(rules)}


def text(section: Section) -> str:
    return " ".join(paragraph.text for paragraph in section.paragraphs)


def test_hand_and_foot_is_offered_with_its_player_counts_and_four_rounds() -> None:
    assert HF in VARIANTS and variant_players(HF) == (2, 3, 4, 6)
    scene, started = scene_for(NewGameChoices())
    for _ in range(3):
        press(scene, pygame.K_RIGHT)  # classic -> Samba -> Bolivia -> Hand and Foot
    assert scene.choices.variant is HF and row(scene, "Game").value_text() == "Hand and Foot"
    assert "foot" in " ".join(scene.game_lines)
    assert row(scene, "Players").values == (2, 3, 4, 6)
    assert row(scene, "Game to").values == (0, 10_000, 20_000)
    assert row(scene, "Game to").value_text() == "Four rounds"
    press(scene, pygame.K_RETURN)
    rules = started[-1].rules
    assert rules == Rules.for_players(4, variant=HF) and rules.game_end is GameEnd.ROUNDS_4


@pytest.mark.parametrize("target", [10_000, 20_000])
def test_a_target_instead_of_four_rounds(target: int) -> None:
    choices = NewGameChoices(variant=HF, target=target)
    rules = choices.rules()
    assert rules.game_end is GameEnd.TARGET and rules.target_score == target
    choices.set_variant(Variant.SAMBA)
    assert choices.rules().game_end is GameEnd.TARGET, "Samba always plays to a target"
    choices.set_variant(HF)
    assert choices.target in (0, target)


def test_every_option_of_the_game_is_listed_with_every_value_the_engine_takes() -> None:
    assert set(listed_options(HF)) == set(option_names(HF)) - NOT_LISTED
    for name in listed_options(HF):
        engine_values = option_values(name, HF)
        assert set(engine_values) <= set(option_choices(name, HF)), name
        assert default_value(name, 4, HF) in option_choices(name, HF), name
        for value in option_choices(name, HF):
            Rules.for_players(4, variant=HF, **{name: value})  # the engine takes every value offered
            assert value_label(name, value) != str(value) or name in ("hand_size", "foot_size"), (name, value)


def test_the_seat_options_apply_to_their_player_counts() -> None:
    assert applies("six_player_sides", 6) and not applies("six_player_sides", 4)
    assert applies("all_in_foot", 4) and not applies("all_in_foot", 2)
    scene, _started = scene_for(NewGameChoices(players=6, variant=HF))
    names = [label_of(row) for row in scene.level_rows.values()]
    assert names == ["Left", "Left partner", "Opposite", "Right partner", "Right"]
    sides_row = house_row(scene, "Six players")
    assert sides_row.enabled
    sides_row.put(SixPlayerSides.THREE_OF_TWO)
    names = [label_of(row) for row in scene.level_rows.values()]
    assert names == ["Left", "Top left", "Partner", "Top right", "Right"], "three sides of two: partner opposite"
    assert scene.choices.is_partner(3) and not scene.choices.is_partner(2)
    four, _started = scene_for(NewGameChoices(players=4, variant=HF))
    sides_four = house_row(four, "Six players")
    assert not sides_four.enabled and sides_four.note == "Only for games of six players."


def test_the_presets_set_its_rules() -> None:
    presets = presets_of(HF)
    assert len(presets) >= 4
    for item in presets:
        choices = NewGameChoices()
        choices.apply_preset(item)
        assert choices.variant is HF and choices.preset() is item.key, item.key
        rules = choices.rules()
        for name, value in item.options:
            assert getattr(rules, name) == value, (item.key, name)
        assert (rules.game_end is GameEnd.TARGET) == bool(item.target)
    strict = next(item for item in presets if item.key == "hand_and_foot_strict")
    assert dict(strict.options)["all_in_foot"] is True


# -- the rules help ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_every_refusal_code_opens_a_rule_of_hand_and_foot(players: int) -> None:
    for options in ({}, {"wild_books": 1000, "game_end": "target"}):
        rules = Rules.for_players(players, variant=HF, **options)
        places = {(section.id, anchor) for section in rule_sections(rules) for anchor in section.anchors()}
        for code in Code:
            ref = rule_for_refusal(code, rules)
            assert (ref.section, ref.anchor) in places, code


def test_its_refusals_open_its_own_paragraphs() -> None:
    hf = Rules.for_players(4, variant=HF)
    assert rule_for_refusal(Code.GOING_OUT_NEEDS_BOOKS, hf) == rule_for_refusal(Code.GOING_OUT_NEEDS_CANASTA, hf)
    assert rule_for_refusal(Code.PILE_TAKE_NEEDS_NATURAL_PAIR, hf).anchor == "pair"
    assert rule_for_refusal(Code.MELD_TOO_LARGE, hf).anchor == "closed"
    assert rule_for_refusal(Code.BLACK_THREES_ONLY_GOING_OUT, hf).anchor == "black_threes"
    scene = help_for_refusal(Theme(), Rules.for_players(4, variant=HF), Code.GOING_OUT_NEEDS_BOOKS, lambda: None)
    scene.resize(SIZE)
    marked = " ".join(cell for item in scene.text.items if isinstance(item, TextLine) and item.highlight
                      for cell in item.cells)  # fmt: skip
    assert scene.shown.id == "going_out" and "2 clean books and 2 dirty books" in marked and "foot" in marked


def test_hand_and_foot_says_its_own_rules() -> None:
    four = sections(Rules.for_players(4, variant=HF))
    assert "5 packs" in text(four["cards"]) and "270 cards" in text(four["cards"])
    assert "hand of 11" in text(four["deal"]) and "foot of 11" in text(four["deal"])
    assert "pick up your foot" in text(four["turn"]) and "top two cards" in text(four["turn"])
    assert "5-5-2 is a book" in text(four["melds"]) and "never make a book" in text(four["melds"])
    assert "clean book" in text(four["canastas"]) and "500" in text(four["canastas"])
    assert "next 6 cards" in text(four["pile"]) and "never frozen" in text(four["pile"])
    assert "round one 50" in text(four["initial_meld"]) and "round four 150" in text(four["initial_meld"])
    assert "2 clean books and 2 dirty books" in text(four["going_out"])
    assert "= 2275" in text(four["scoring"]) and "feet not yet picked up" in text(four["scoring"])
    assert "fourth round" in text(four["game_end"])
    assert "canasta" not in " ".join(text(section) for section in four.values()).casefold()
    two = sections(Rules.for_players(2, variant=HF))
    assert "3 packs" in text(two["cards"]) and "against each other" in text(two["players"])
    six = sections(Rules.for_players(6, variant=HF, six_player_sides="three_of_two"))
    assert "three partnerships of two" in text(six["players"]) and "7 packs" in text(six["cards"])


def everything(rules: Rules) -> str:
    return " ".join(text(section) for section in rule_sections(rules) if section.id != "house_rules")


@pytest.mark.parametrize("name", sorted([*listed_options(HF), "game_end"]))
def test_each_house_rule_changes_what_the_help_says(name: str) -> None:
    players = 6 if name == "six_player_sides" else 4
    values = option_choices(name, HF) if name != "game_end" else option_values(name, HF)
    texts = {}
    for value in values:
        rules = Rules.for_players(players, variant=HF, **{name: value})
        made = rule_sections(rules)
        texts[value] = everything(rules)
        if value != default_value(name, players, HF):
            flagged = [p for s in made if s.id != "house_rules" for p in s.paragraphs if p.changed]
            assert flagged, f"{name}={value}: no rule paragraph says it applies"
    assert len(set(texts.values())) == len(texts), f"the rules text of {name} is the same for every value"


def test_a_rounds_score_reads_in_books_and_feet() -> None:
    rules = Rules.for_players(4, variant=HF)
    words = dict(breakdown_lines(rules))
    assert words["canastas"] == "Books" and words["in_hand"] == "Cards left in hands and feet"
    samba = Rules.for_players(4, variant=Variant.SAMBA)
    assert words["total"] == "Round total" and dict(breakdown_lines(samba))["canastas"] == "Canastas"
    breakdown = (SideScore(1000, 200, 100, 395, -20), SideScore(300, 100, 0, 125, -115))
    match = Match(rules, (1675, 410), 0, rules.target_score)
    rows = summary_rows(match, breakdown, ["Us", "Them"])
    assert rows[1] == ["Books", "+1000", "+300"] and rows[5] == ["Cards left in hands and feet", "-20", "-115"]
    assert rows[6] == ["Round total", "+1675", "+410"] and rows[7] == ["Game totals", "1675", "410"]


def test_hand_and_foot_starts_from_the_title_and_its_rules_open_there() -> None:
    driver = Driver()
    driver.key(pygame.K_n)
    for _ in range(3):
        driver.key(pygame.K_RIGHT)  # classic -> Samba -> Bolivia -> Hand and Foot
    driver.key(pygame.K_RETURN)
    controller = driver.flow.controller
    assert controller is not None and controller.setup.rules.variant is HF
    assert controller.state.round == 1 and [len(foot or ()) for foot in controller.state.feet] == [11] * 4
    driver.flow.quit()
    title = Driver()
    title.key(pygame.K_n)
    for _ in range(3):
        title.key(pygame.K_RIGHT)
    title.key(pygame.K_ESCAPE)
    title.key(pygame.K_r)
    shown = title.app.scenes[-1]
    assert isinstance(shown, RulesHelpScene) and shown.rules.variant is HF
    assert any(paragraph.anchor == "pick_up_foot" for section in shown.sections for paragraph in section.paragraphs)
    title.flow.quit()


def test_after_a_round_the_summary_says_which_round_of_four() -> None:
    driver = Driver()
    rules = Rules.for_players(2, variant=HF)
    driver.flow.start(GameSetup(rules, ("human", "greedy"), 12, think_s=0.0))
    controller = driver.flow.controller
    assert controller is not None
    bot = GreedyBot()
    for _ in range(20_000):
        if controller.hand_over():
            break
        if controller.human_to_act():
            view = controller.human_view()
            assert controller.submit(bot.choose(view, CardMemory.from_view(view))) is None
        else:
            controller.update(0.05)
            time.sleep(0.0005)  # the computer player thinks on its own thread
    assert controller.hand_over() and not controller.match.over
    driver.flow.after_hand.hand_over()
    scene = driver.app.scenes[-1]
    assert isinstance(scene, MenuScene) and scene.lines[0] == "Round 1 of 4."
    assert scene.buttons[0].label == "Next round"
    assert [button.label for button in scene.buttons[1:3]] == ["Review this round", "Replay this round"]
    assert scene.rows[1][0] == "Books" and scene.rows[6][0] == "Round total"
    driver.flow.quit()
