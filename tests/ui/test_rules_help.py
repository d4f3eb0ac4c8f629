"""Rules help: every refusal code opens a rule that exists, the text follows the house rules in force, the search
finds sections, and the screen works by keyboard and by mouse."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from canasta.engine.refusals import Code
from canasta.engine.rules import Rules, ThreePlayerMode, WildLimit
from canasta.ui.kit.widgets import TextLine
from canasta.ui.look.theme import Theme
from canasta.ui.screens.house_rules import default_value, listed_options, option_choices
from canasta.ui.screens.rules_help import (
    RULE_FOR_CODE,
    RulesHelpScene,
    SectionEntry,
    help_for_refusal,
    rule_for_refusal,
)
from canasta.ui.screens.rules_text import rule_sections
from tests.ui.textfit import press

SIZE = (1280, 800)
GAMES = [Rules.for_players(count) for count in (2, 3, 4, 6)] + [
    Rules.for_players(3, three_player_mode=ThreePlayerMode.CUTTHROAT)
]


@pytest.fixture(autouse=True)
def _fonts() -> Iterator[None]:
    pygame.display.init()
    pygame.font.init()
    yield


def shown_text(scene: RulesHelpScene) -> str:
    return " ".join(" ".join(item.cells) for item in scene.text.items if isinstance(item, TextLine))


@pytest.mark.parametrize("rules", GAMES, ids=lambda rules: f"{rules.players}-{rules.three_player_mode.value}")
def test_every_refusal_code_opens_a_rule_that_exists(rules: Rules) -> None:
    assert set(RULE_FOR_CODE) == set(Code)
    places = {(section.id, anchor) for section in rule_sections(rules) for anchor in section.anchors()}
    for code in Code:
        ref = rule_for_refusal(code)
        assert (ref.section, ref.anchor) in places, code


def test_help_for_a_refusal_opens_at_its_paragraph() -> None:
    back = []
    scene = help_for_refusal(Theme(), Rules.for_players(4), Code.INITIAL_MELD_BELOW_MINIMUM, lambda: back.append(1))
    scene.resize(SIZE)
    assert scene.shown.id == "initial_meld" and scene.ring.focused is scene.text
    marked = [item for item in scene.text.items if isinstance(item, TextLine) and item.highlight]
    assert marked and all(scene.text.box.y <= item.box.y < scene.text.box.bottom for item in marked)
    assert "minimum" in " ".join(cell for item in marked for cell in item.cells)
    press(scene, pygame.K_ESCAPE)
    assert back == [1]


@pytest.mark.parametrize("name", listed_options())
def test_each_house_rule_changes_what_the_help_says(name: str) -> None:
    players = 3 if name == "three_player_mode" else 4
    texts = {}
    for value in option_choices(name):
        rules = Rules.for_players(players, **{name: value})
        sections = rule_sections(rules)
        house = next(section for section in sections if section.id == "house_rules")
        paragraph = next(paragraph for paragraph in house.paragraphs if paragraph.anchor == name)
        assert paragraph.changed == (value != default_value(name, players))
        texts[value] = " ".join(
            p.text for section in sections if section.id != "house_rules" for p in section.paragraphs
        )
        if value != default_value(name, players) and name not in ("ask_partner_timing",):
            flagged = [p for s in sections if s.id != "house_rules" for p in s.paragraphs if p.changed]
            assert flagged or name == "first_dealer", f"{name}={value}: no rule paragraph says it applies"
    assert len(set(texts.values())) == len(texts), f"the rules text of {name} is the same for every value"


def test_the_text_follows_the_player_count() -> None:
    two = {section.id: section for section in rule_sections(Rules.for_players(2))}
    six = {section.id: section for section in rule_sections(Rules.for_players(6))}
    assert "15 cards" in two["deal"].paragraphs[1].text and "13 cards" in six["deal"].paragraphs[1].text
    assert "2 canastas" in two["going_out"].paragraphs[0].text
    assert "7500 or more: 150" in six["initial_meld"].paragraphs[0].text


def test_search_finds_sections_and_says_when_nothing_matches() -> None:
    scene = RulesHelpScene(Theme(), Rules.for_players(4, wild_limit=WildLimit.NATURALS_MAJORITY), lambda: None)
    scene.resize(SIZE)
    press(scene, pygame.K_f, "f", pygame.KMOD_CTRL)
    assert scene.ring.focused is scene.search
    for letter in "frozen":
        press(scene, pygame.K_a, letter)
    titles = [item.section.id for item in scene.index.items if isinstance(item, SectionEntry)]
    assert "pile" in titles and "cards" not in titles
    assert scene.shown.id in titles
    assert any(item.highlight for item in scene.text.items if isinstance(item, TextLine))
    for _ in "frozen":
        press(scene, pygame.K_BACKSPACE)
    for letter in "outnumber":
        press(scene, pygame.K_a, letter)
    assert scene.found() and all(section.id in ("melds", "house_rules") for section in scene.found())
    for letter in "zzq":
        press(scene, pygame.K_a, letter)
    assert not scene.found() and "zzq" in shown_text(scene)


def test_sections_by_keyboard_and_mouse() -> None:
    scene = RulesHelpScene(Theme(), Rules.for_players(4), lambda: None)
    scene.resize(SIZE)
    assert scene.ring.focused is scene.index
    press(scene, pygame.K_DOWN)
    press(scene, pygame.K_DOWN)
    assert scene.shown.id == "deal" and "Each player gets 11 cards" in shown_text(scene)
    entry = next(item for item in scene.index.items if isinstance(item, SectionEntry) and item.section.id == "scoring")
    pos = entry.box.centre
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    assert scene.shown.id == "scoring" and "1190" in shown_text(scene)
    house = next(i for i in scene.index.items if isinstance(i, SectionEntry) and i.section.id == "house_rules")
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=house.box.centre, button=1))
    press(scene, pygame.K_TAB)
    assert scene.ring.focused is scene.text
    pos = scene.text.box.centre
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    scene.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False))
    assert scene.text.offset > 0, "the wheel scrolls a long section"
    press(scene, pygame.K_HOME)
    assert scene.text.offset == 0
    press(scene, pygame.K_PAGEDOWN)
    assert scene.text.offset > 0, "so does Page Down"
    backs = []
    scene.back = lambda: backs.append(1)
    scene.back_button.action = scene.back
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=scene.back_button.box.centre, button=1))
    assert backs == [1]
