"""The rules of docs/rules.md (and of Samba, Bolivia and Hand and Foot, docs/variants.md) written for players, as
data: sections with ids, titles and paragraphs.

`rule_sections(rules)` says the rules of one game, written once for every game: the game's shape decides the
sections' words (`Words`: canastas of groups, groups and sequences, or Hand and Foot's books) and which paragraphs
apply (its pile rule, its kinds of meld, feet, rounds), numbers follow its player count and shape, and where a
house rule decides a point, the paragraph is the one for the option in force (marked `changed` when that is not
the rule book's usual choice). Every paragraph goes through `_` when the sections are made, so they are in the
player's language.
"""

from __future__ import annotations

from canasta.engine.rules import Rules
from canasta.ui.screens.rules_text.base import Paragraph, Section, Words, words_of
from canasta.ui.screens.rules_text.deal import cards_section, deal_section, players_section, turn_section
from canasta.ui.screens.rules_text.going_out import asking_partner_section, going_out_section, initial_meld_section
from canasta.ui.screens.rules_text.melds import canastas_section, melds_section
from canasta.ui.screens.rules_text.pile import pile_section
from canasta.ui.screens.rules_text.scoring import (
    game_end_section,
    house_rules_section,
    scoring_section,
    stock_end_section,
)

__all__ = ["Paragraph", "Section", "Words", "rule_sections", "words_of"]


def rule_sections(rules: Rules) -> tuple[Section, ...]:
    """Every section of the rules, for the game `rules` describes (the same sections, by id, for every game)."""
    builders = (
        cards_section, players_section, deal_section, turn_section, melds_section, canastas_section, pile_section,
        initial_meld_section, going_out_section, asking_partner_section, stock_end_section, scoring_section,
        game_end_section, house_rules_section,
    )  # fmt: skip
    return tuple(build(rules) for build in builders)
