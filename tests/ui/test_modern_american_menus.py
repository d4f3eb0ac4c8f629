"""Modern American Canasta in the menus: the new-game screen offers it (four players, its targets, its presets and
every house rule of it explained), its statistics have a row, and its rules help says its own rules, each refusal
opening the paragraph that explains it (docs/variants.md, "Modern American Canasta")."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from canasta.engine.refusals import Code
from canasta.engine.rules import Rules, Variant, option_names
from canasta.engine.rules.catalog import Figure, game_facts
from canasta.ui.screens.house_rules import (
    VARIANTS,
    listed_options,
    option_choices,
    preset,
    presets_of,
    value_label,
    value_meaning,
    variant_meaning,
    variant_name,
    variant_players,
)
from canasta.ui.screens.new_game import NewGameChoices
from canasta.ui.screens.presets import PresetKey
from canasta.ui.screens.rules_help import rule_for_refusal
from canasta.ui.screens.rules_text import rule_sections
from canasta.ui.screens.statistics import StatsFigures, summary_lines

MA = Variant.MODERN_AMERICAN
# The refusals only Modern American's rules give, and the paragraph of its rules help each opens.
OWN_PARAGRAPHS = {
    Code.DEAD_RANK: ("melds", "dead_ranks"),
    Code.RANK_TAKES_NO_WILD: ("melds", "sevens_aces"),
    Code.RULE_OF_FIVE: ("melds", "rule_of_five"),
    Code.ONE_OPEN_WILD_MELD: ("melds", "wild_melds"),
    Code.WILD_MELD_OPEN: ("melds", "wild_melds"),
    Code.INITIAL_MIXED_CANASTA: ("initial_meld", "initial_canasta"),
    Code.INITIAL_MELD_NEEDS_CLEAN_TRIPLE: ("initial_meld", "clean_triple"),
    Code.PILE_TOP_DEAD_RANK: ("pile", "blocked"),
    Code.PILE_MELD_FULL: ("pile", "pile_meld"),
    Code.THREE_DISCARD: ("turn", "discard"),
    Code.WILD_DISCARD: ("turn", "discard"),
    Code.DISCARD_ONTO_EMPTY_PILE: ("turn", "discard"),
    Code.NO_LEGAL_DISCARD: ("turn", "discard"),
    Code.GOING_OUT_OPEN_MELD: ("going_out", "open_melds"),
    Code.ASKED_THIS_HAND: ("asking_partner", "once_a_hand"),
    Code.CANNOT_MELD_EVERYTHING: ("going_out", "bonus"),
    Code.FINAL_TURN_NO_DISCARD: ("stock_end", "last_red_three"),
    Code.SPECIAL_HAND_NOT_MADE: ("going_out", "special_hands"),
    Code.SPECIAL_HAND_SIDE_HAS_MELDED: ("going_out", "special_hands"),
    Code.THREE_ALREADY_KEPT: ("going_out", "special_hands"),
}


@pytest.fixture(autouse=True)
def _fonts() -> Iterator[None]:
    pygame.display.init()
    pygame.font.init()
    yield


def everything(rules: Rules) -> str:
    return " ".join(paragraph.text for section in rule_sections(rules) for paragraph in section.paragraphs
                    if section.id != "house_rules")  # fmt: skip


def test_the_new_game_screen_offers_it_for_four_players_with_its_targets() -> None:
    assert MA in VARIANTS and variant_name(MA) == "Modern American" and "8500" in variant_meaning(MA)
    assert variant_players(MA) == (4,)
    choices = NewGameChoices(players=2)
    choices.set_variant(MA)
    assert choices.players == 4 and choices.targets() == (0, 5000, 10_000)
    rules = choices.rules()
    assert rules.variant is MA and rules.target_score == 8500


def test_its_presets_set_what_they_say() -> None:
    assert [item.key for item in presets_of(MA)] == [
        PresetKey.MODERN_AMERICAN,
        PresetKey.MODERN_AMERICAN_PAGAT,
        PresetKey.MODERN_AMERICAN_SHORT,
    ]
    choices = NewGameChoices()
    choices.apply_preset(preset(PresetKey.MODERN_AMERICAN_PAGAT))
    rules = choices.rules()
    assert rules.variant is MA and not rules.rule_of_five and rules.splash
    assert rules.special_hands.value == "pagat" and rules.incomplete_wild_meld_four_jokers == 2500
    assert rules.initial_meld_needs.value == "clean_triple_or_wild_meld"
    assert choices.preset() is PresetKey.MODERN_AMERICAN_PAGAT
    choices.apply_preset(preset(PresetKey.MODERN_AMERICAN_SHORT))
    assert choices.rules().target_score == 5000 and choices.preset() is PresetKey.MODERN_AMERICAN_SHORT
    choices.apply_preset(preset(PresetKey.MODERN_AMERICAN))
    assert choices.rules() == Rules.for_players(4, variant=MA)


@pytest.mark.parametrize("name", listed_options(MA))
def test_every_house_rule_of_it_has_each_value_explained(name: str) -> None:
    assert name in option_names(MA)
    values = option_choices(name, MA)
    assert len(values) >= 2
    labels = {value_label(name, value) for value in values}
    meanings = {value_meaning(name, value) for value in values}
    assert len(labels) == len(values) and len(meanings) == len(values) and "" not in meanings


def test_its_statistics_have_a_row_with_wild_canastas() -> None:
    assert Figure.WILD_CANASTAS in game_facts(MA).figures
    lines = dict(summary_lines(StatsFigures(wild_canastas=2), MA))
    assert lines["Wild canastas made"] == "2" and "Bolivias made" not in lines


def test_its_rules_help_says_its_own_rules() -> None:
    text = everything(Rules.for_players(4, variant=MA))
    for words in ("No card is turned up", "turn card", "Threes of both colours", "4 cards from the stock",
                  "always frozen", "rule of five", "Sevens never take a wild card", "wild meld", "Dead ranks",
                  "SWAD", "clean triple", "below 3000: 125", "only by a discard", "2 canastas", "4040",
                  "\u22122085", "2500", "special hand", "8500", "once a hand"):  # fmt: skip
        assert words in text, words
    for words in ("turned up to start the discard pile", "A red three drawn", "below 0", "at most three wild"):
        assert words not in text, words


def test_its_house_rules_change_what_the_help_says() -> None:
    usual = everything(Rules.for_players(4, variant=MA))
    pagat = everything(Rules.for_players(4, variant=MA, rule_of_five=False, splash=True, special_hands="pagat",
                                         incomplete_wild_meld_four_jokers=2500, bonus_cards=False,
                                         initial_meld_needs="clean_triple_or_wild_meld"))  # fmt: skip
    for words in ("at any time, within the limit", "the Splash", "four hands count", "2500 when it holds all four",
                  "or in this game a wild meld", "In this game nobody takes bonus cards"):  # fmt: skip
        assert words in pagat and words not in usual, words


@pytest.mark.parametrize("code", list(OWN_PARAGRAPHS))
def test_each_of_its_refusals_opens_the_paragraph_that_explains_it(code: Code) -> None:
    ref = rule_for_refusal(code, Rules.for_players(4, variant=MA))
    assert (ref.section, ref.anchor) == OWN_PARAGRAPHS[code]


def test_every_refusal_opens_a_paragraph_of_its_rules() -> None:
    rules = Rules.for_players(4, variant=MA)
    places = {(section.id, anchor) for section in rule_sections(rules) for anchor in section.anchors()}
    for code in Code:
        ref = rule_for_refusal(code, rules)
        assert (ref.section, ref.anchor) in places, code
