"""The section of the discard pile, by the shape's pile rule."""

from __future__ import annotations

from typing import assert_never

from canasta.engine.refusals import Code
from canasta.engine.rules import (
    PileRule,
    Rules,
)
from canasta.i18n import _
from canasta.ui.screens.rules_text.base import (
    Paragraph,
    Section,
    black_three_discard_rule,
    blocked_rule,
    by_option,
    frozen_rule,
    one_card_rule,
    unfrozen_take_rule,
)
from canasta.ui.screens.rules_text.closing import blocked_top, take_joins_open_group
from canasta.ui.screens.rules_text.limits import always_frozen_pile

# The refusals of a take that needs a pair (or one card and a wild card, by the house rule) wherever the pile lies.
_PAIR_CODES = (
    Code.PILE_FROZEN_NEEDS_NATURAL_PAIR, Code.PILE_TAKE_NEEDS_NATURAL_PAIR, Code.PILE_TAKE_BY_ADDING_NOT_ALLOWED,
    Code.PILE_TAKE_NEEDS_MELD, Code.PILE_TAKE_WRONG_RANK, Code.TAKE_ONTO_NOT_ALONE, Code.PILE_ONTO_CANASTA,
)  # fmt: skip


def pile_section(rules: Rules) -> Section:
    rule = rules.shape.pile_rule
    match rule:
        case PileRule.PAIR_WHEN_FROZEN:
            paragraphs = _pile_when_frozen(rules)
        case PileRule.PAIR_OR_UNFINISHED_MELD:
            paragraphs = _pile_pair_or_unfinished(rules)
        case PileRule.PAIR_ALWAYS:
            paragraphs = _pile_pair_always(rules)
        case PileRule.PAIR_ALWAYS_FROZEN:
            paragraphs = always_frozen_pile(rules)
        case _:
            assert_never(rule)
    return Section("pile", _("The discard pile"), paragraphs)


def _pile_when_frozen(rules: Rules) -> tuple[Paragraph, ...]:
    shape = rules.shape
    return (
        Paragraph(_("To take the pile you meld its top card at once with cards from your hand; then the whole "
                    "pile goes into your hand. There must be a pile to take."), "taking"),
        blocked_top(rules) if shape.pile_top_blocks else blocked_rule(),
        frozen_rule(),
        black_three_discard_rule(rules),
        Paragraph(_("A frozen pile is taken only with two natural cards of the top card's rank from your hand."),
                  "frozen_take"),
        unfrozen_take_rule(rules),
        by_option(rules, "initial_meld_may_use_pile", _("The top card may count toward your side's first meld.")
                if rules.initial_meld_may_use_pile
                else _("A side may not take the pile until it has made its first meld from the hand."),
                "initial_with_pile"),
        one_card_rule(rules),
        take_joins_open_group() if shape.take_joins_open_group else
        Paragraph(_("The top card is melded first; then the other cards go into your hand, and you meld and "
                    "discard as usual."), "after_take"),
    )  # fmt: skip


def _pile_pair_or_unfinished(rules: Rules) -> tuple[Paragraph, ...]:
    return (
        Paragraph(_("Taking the pile, you meld its top card at once; then the rest of the pile goes into your "
                    "hand and you draw nothing from the stock. There must be a pile to take."), "taking"),
        blocked_rule(),
        frozen_rule(),
        black_three_discard_rule(rules),
        Paragraph(_("A natural pair of the top card's rank from your hand always takes the pile, frozen or not: "
                    "the three cards start a new group, which more cards of that rank and wild cards may join."),
                  "frozen_take"),
        Paragraph(_("While the pile is not frozen, its top card alone may also go onto one of your side's groups "
                    "of its rank, or extend one of your side's sequences, that is not yet a canasta."),
                  "unfrozen_take", codes=(Code.TAKE_ONTO_NOT_ALONE,)),
        Paragraph(_("Never: one natural card with wild cards, the top card starting a sequence, the top card "
                    "with cards from your hand onto a sequence, or the top card onto a canasta."), "never",
                  codes=(Code.PILE_ONTO_CANASTA, Code.PILE_TAKE_NEEDS_NATURAL_PAIR)),
        Paragraph(_("The top card may count toward your side's first meld."), "initial_with_pile"),
        one_card_rule(rules),
    )  # fmt: skip


def _pile_pair_always(rules: Rules) -> tuple[Paragraph, ...]:
    count = rules.shape.pile_take_count
    if count == 0:
        moves = _("Taking the pile, you meld its top card at once with your cards; then the rest of the pile goes "
                  "into your hand.")  # fmt: skip
    elif count == 1:
        moves = _("In this game taking the pile takes only its top card, melded at once with your cards.")
    else:
        moves = _("Taking the pile, you meld its top card at once with your cards, and the next {more} cards "
                  "below it go into your hand ({count} in all, or the whole pile if it is smaller).").format(
                      more=count - 1, count=count)  # fmt: skip
    if rules.take_with_wild:
        pair = _("You take it with two natural cards of the top card's rank from your hand, or with one and a "
                 "wild card; they go onto your book of that rank if your side has one.")  # fmt: skip
    else:
        pair = _("You take it only with two natural cards of the top card's rank from your hand; they go onto "
                 "your book of that rank if your side has one.")  # fmt: skip
    if rules.pile_needs_side_down:
        down = _("In this game a side may take the pile only once it has made its first meld of the round.")
    else:
        down = _("Taking the pile may be your side's first meld: the top card and your pair count toward it, the "
                 "cards below them do not.")  # fmt: skip
    return (
        by_option(rules, "pile_take_count", moves, "taking", (Code.PILE_EMPTY, Code.ONE_CARD_PILE)),
        Paragraph(_("Nobody may take the pile while its top card is a black three or a wild card. Otherwise the "
                    "pile is never frozen."), "blocked"),
        by_option(rules, "take_with_wild", pair, "pair", _PAIR_CODES),
        by_option(rules, "pile_needs_side_down", down, "initial_with_pile"),
    )  # fmt: skip
