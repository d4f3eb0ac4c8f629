"""The rules help of Cuban Canasta and Pennies from Heaven says their own rules (docs/variants.md, parts E and E'),
and each refusal only these games give opens a paragraph of their own that names it (the paragraph carries the
code), never the nearest shared place."""

from __future__ import annotations

import pytest

from canasta.engine.refusals import Code
from canasta.engine.rules import Rules
from canasta.ui.screens.rules_help import rule_for_refusal
from canasta.ui.screens.rules_text import rule_sections

CUBAN = Rules.for_players(4, variant="cuban")
PENNIES = Rules.for_players(6, variant="pennies_from_heaven")
# The refusals each game gives that no other game gives, and the paragraph (section, anchor) each opens.
OWN = {
    "cuban": (CUBAN, {
        Code.CLOSED_RANK: ("melds", "one_per_rank"),
        Code.ONE_WILD_MELD: ("melds", "one_per_rank"),
        Code.PILE_TOP_CLOSED_RANK: ("pile", "blocked"),
        Code.BLACK_THREE_FIRST_ROUND: ("turn", "discard"),
        Code.NO_LEGAL_DISCARD: ("turn", "discard"),
        Code.BLACK_THREES_ONLY_GOING_OUT: ("melds", "black_threes"),
    }),
    "pennies": (PENNIES, {
        Code.MELD_OVER_SEVEN_CARDS: ("melds", "meld_size"),
        Code.ONE_OPEN_MELD_PER_RANK: ("melds", "one_per_rank"),
        Code.PILE_TOP_BLOCKED: ("pile", "blocked"),
        Code.PILE_MELD_FULL: ("pile", "after_take"),
        Code.GOING_OUT_NEEDS_CANASTA_TYPES: ("going_out", "needs_canasta"),
        Code.SEVEN_DISCARD_LOCKED: ("turn", "discard"),
        Code.SEVEN_GOING_OUT_DISCARD: ("turn", "discard"),
        Code.MUST_KEEP_TWO_CARDS: ("going_out", "keep_two"),
    }),
}  # fmt: skip
CASES = [(game, code) for game, (_rules, codes) in OWN.items() for code in codes]


def everything(rules: Rules) -> str:
    return " ".join(paragraph.text for section in rule_sections(rules) for paragraph in section.paragraphs
                    if section.id != "house_rules")  # fmt: skip


@pytest.mark.parametrize(("game", "code"), CASES, ids=str)
def test_each_refusal_of_the_game_opens_its_own_paragraph_naming_it(game: str, code: Code) -> None:
    rules, codes = OWN[game]
    ref = rule_for_refusal(code, rules)
    assert (ref.section, ref.anchor) == codes[code]
    section = next(section for section in rule_sections(rules) if section.id == ref.section)
    paragraph = next(paragraph for paragraph in section.paragraphs if paragraph.anchor == ref.anchor)
    assert code in paragraph.codes


def test_cuban_says_its_own_rules() -> None:
    text = everything(CUBAN)
    for words in ("always frozen", "first round", "black three", "set aside", "100 if your side sets aside all four",
                  "seven twos earn 4000, four jokers and three twos 3000, any other mix 2000",
                  "one 100, two 300, three 500, all four 1000", "closed for your side", "one wild meld a hand",
                  "5000 or more: 150", "three or four of them", "= 5225", "7500"):  # fmt: skip
        assert words in text, words
    for words in ("Threes are never melded", "1000 for all 4", "nobody takes bonus cards", "clean triple", "dead rank"):
        assert words not in text, words


def test_pennies_says_its_own_rules() -> None:
    text = everything(PENNIES)
    for words in ("4 packs", "216 cards", "packet of 11 cards, face down", "your packet joins your hand at once",
                  "Sevens are locked", "until every side has completed a canasta of sevens",
                  "a natural, a mixed, a sevens and a wild canasta", "earns 1500", "which earns 1000",
                  "two sides of three", "Left partner and Right partner", "no sevens canasta", "= 4160",
                  "packet still face down", "20000"):  # fmt: skip
        assert words in text, words
    for words in ("foot", "book", "four rounds", "three packs", "sits opposite", "only two groups of a rank"):
        assert words not in text, words


def test_their_house_rules_change_what_the_help_says() -> None:
    options = {"packet_timing": "next_turn", "sevens_unlock": "own_side", "sevens_wild": "none",
               "unplayed_packet": "zero"}  # fmt: skip
    later = everything(Rules.for_players(6, variant="pennies_from_heaven", **options))
    for words in ("as your next turn begins", "your own side has completed", "never with a wild card",
                  "counts nothing", "sevens never take a wild card"):  # fmt: skip
        assert words in later and words not in everything(PENNIES), words
    joker = everything(Rules.for_players(4, variant="cuban", black_threes="bonus"))
    assert "Threes of both colours" in joker and "first round" not in joker and "set aside" not in joker


@pytest.mark.parametrize("rules", [CUBAN, PENNIES], ids=["cuban", "pennies"])
def test_every_refusal_opens_a_paragraph_of_its_rules(rules: Rules) -> None:
    places = {(section.id, anchor) for section in rule_sections(rules) for anchor in section.anchors()}
    for code in Code:
        ref = rule_for_refusal(code, rules)
        assert (ref.section, ref.anchor) in places, code
