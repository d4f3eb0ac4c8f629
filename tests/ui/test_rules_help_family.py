"""Rules help for Samba and Bolivia: every refusal code opens a rule of that game, the text says the game's own
rules (deck, deal, draw, melds, pile, going out, threes, scoring, target), and each of its house rules changes
what the help says."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from canasta.engine.refusals import Code
from canasta.engine.rules import Rules, Variant
from canasta.ui.kit.widgets import TextLine
from canasta.ui.look.theme import Theme
from canasta.ui.screens.house_rules import default_value, listed_options, option_choices, variant_players
from canasta.ui.screens.rules_help import RulesHelpScene, help_for_refusal, rule_for_refusal
from canasta.ui.screens.rules_text import Section, rule_sections

SIZE = (1280, 800)
FAMILY = (Variant.SAMBA, Variant.BOLIVIA)
GAMES = [Rules.for_players(count, variant=variant) for variant in FAMILY for count in variant_players(variant)]


@pytest.fixture(autouse=True)
def _fonts() -> Iterator[None]:
    pygame.display.init()
    pygame.font.init()
    yield


def sections(rules: Rules) -> dict[str, Section]:
    return {section.id: section for section in rule_sections(rules)}


def text(section: Section) -> str:
    return " ".join(paragraph.text for paragraph in section.paragraphs)


def everything(rules: Rules) -> str:
    return " ".join(text(section) for section in rule_sections(rules) if section.id != "house_rules")


@pytest.mark.parametrize("rules", GAMES, ids=lambda rules: f"{rules.variant.value}-{rules.players}")
def test_every_refusal_code_opens_a_rule_of_that_game(rules: Rules) -> None:
    places = {(section.id, anchor) for section in rule_sections(rules) for anchor in section.anchors()}
    for code in Code:
        ref = rule_for_refusal(code, rules)
        assert (ref.section, ref.anchor) in places, code


def test_the_family_codes_open_the_family_paragraphs() -> None:
    samba, bolivia = Rules.for_players(4, variant=Variant.SAMBA), Rules.for_players(4, variant=Variant.BOLIVIA)
    assert rule_for_refusal(Code.SEQUENCE_ONE_SUIT, samba).anchor == "sequences"
    assert rule_for_refusal(Code.CANNOT_COMBINE, samba).anchor == "groups"
    assert rule_for_refusal(Code.WILD_MELD_WILDS_ONLY, bolivia).anchor == "wild_melds"
    assert rule_for_refusal(Code.GOING_OUT_NEEDS_SEQUENCE, bolivia).anchor == "needs_sequence"
    assert rule_for_refusal(Code.CANNOT_COMBINE) == rule_for_refusal(Code.CANNOT_COMBINE, Rules.for_players(4))
    scene = help_for_refusal(Theme(), Rules.for_players(4, variant="bolivia"), Code.GOING_OUT_NEEDS_SEQUENCE,
                             lambda: None)  # fmt: skip
    scene.resize(SIZE)
    marked = " ".join(cell for item in scene.text.items if isinstance(item, TextLine) and item.highlight
                      for cell in item.cells)  # fmt: skip
    assert scene.shown.id == "going_out" and "escalera" in marked


def test_samba_says_its_own_rules() -> None:
    four = sections(Rules.for_players(4, variant="samba"))
    assert "162 cards" in text(four["cards"]) and "108" not in text(four["cards"])
    assert "15 cards" in text(four["deal"]) and "top 2 cards" in text(four["turn"])
    assert "at most two wild cards" in text(four["melds"]) and "join two of your groups" in text(four["melds"])
    assert "from the four up to the ace" in text(four["melds"]) and "wild meld" not in text(four["melds"])
    assert "samba and earns 1500" in text(four["canastas"]) and "bolivia" not in text(four["canastas"])
    assert "natural pair" in text(four["pile"]) and "not yet a canasta" in text(four["pile"])
    assert "7000 or more: 160" in text(four["initial_meld"])
    assert "2 canastas" in text(four["going_out"]) and "escalera" not in text(four["going_out"])
    assert "100 each, and 1000 for all 6" in text(four["scoring"]) and "two canastas" in text(four["scoring"])
    assert "= 2960" in text(four["scoring"]) and "10000" in text(four["game_end"])
    six = sections(Rules.for_players(6, variant="samba"))
    assert "13 cards" in text(six["deal"]) and "three partnerships of two" in text(six["players"])
    assert "draw one" not in text(sections(Rules.for_players(3, variant="samba"))["players"])


def test_bolivia_says_its_own_rules() -> None:
    four = sections(Rules.for_players(4, variant="bolivia"))
    assert "wild meld" in text(four["melds"]) and "bolivia, which earns 2500" in text(four["canastas"])
    assert "escalera and earns 1500" in text(four["canastas"])
    assert "7000 or more: 150" in text(four["initial_meld"])
    assert "must be an escalera" in text(four["going_out"])
    assert "counts 100 against its side" in text(four["scoring"]) and "= 4490" in text(four["scoring"])
    assert "15000" in text(four["game_end"])


@pytest.mark.parametrize(
    ("variant", "name"), [(variant, name) for variant in FAMILY for name in listed_options(variant)],
    ids=lambda item: getattr(item, "value", item),
)  # fmt: skip
def test_each_house_rule_of_the_family_changes_what_the_help_says(variant: Variant, name: str) -> None:
    texts = {}
    for value in option_choices(name, variant):
        rules = Rules.for_players(4, variant=variant, **{name: value})
        made = rule_sections(rules)
        house = next(section for section in made if section.id == "house_rules")
        paragraph = next(paragraph for paragraph in house.paragraphs if paragraph.anchor == name)
        assert paragraph.changed == (value != default_value(name, 4, variant))
        texts[value] = everything(rules)
        if value != default_value(name, 4, variant) and name not in ("ask_partner_timing", "first_dealer"):
            flagged = [p for s in made if s.id != "house_rules" for p in s.paragraphs if p.changed]
            assert flagged, f"{variant.value} {name}={value}: no rule paragraph says it applies"
    assert len(set(texts.values())) == len(texts), f"the rules text of {name} is the same for every value"


def test_the_help_scene_shows_each_game() -> None:
    for rules in GAMES:
        scene = RulesHelpScene(Theme(), rules, lambda: None)
        scene.resize(SIZE)
        scene.draw(pygame.Surface(SIZE))
        assert [section.id for section in scene.sections] == [section.id for section in rule_sections(Rules())]
