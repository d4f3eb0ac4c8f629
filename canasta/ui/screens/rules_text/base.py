"""The rules help's paragraphs and sections, the words a game's rules are written in (`Words`), and the paragraphs
several sections share."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from canasta.engine.refusals import Code
from canasta.engine.rules import (
    BlackThreeDiscard,
    MeldKind,
    Rules,
)
from canasta.engine.rules.catalog import CanastaName, game_facts
from canasta.i18n import _
from canasta.ui.screens.house_rules import (
    default_value,
)


@dataclass(frozen=True, slots=True)
class Paragraph:
    """One paragraph; `codes` are the refusals it explains in this game (the help opens there for them, before the
    place every game shares, `rules_help.RULE_FOR_CODE`)."""

    text: str
    anchor: str = ""  # a place a link can open at (a refused move's rule)
    changed: bool = False  # a house rule of this game that differs from the rule book's usual one
    codes: tuple[Code, ...] = ()


@dataclass(frozen=True, slots=True)
class Section:
    id: str
    title: str
    paragraphs: tuple[Paragraph, ...]

    def anchors(self) -> frozenset[str]:
        return frozenset(paragraph.anchor for paragraph in self.paragraphs if paragraph.anchor)

    def matches(self, query: str) -> bool:
        """Whether every word of `query` is in the title or the text (ignoring case)."""
        words = query.casefold().split()
        text = " ".join([self.title, *(paragraph.text for paragraph in self.paragraphs)]).casefold()
        return all(word in text for word in words)


def is_changed(rules: Rules, option: str) -> bool:
    return bool(getattr(rules, option) != default_value(option, rules.players, rules.variant))


def by_option(rules: Rules, option: str, text: str, anchor: str = "", codes: tuple[Code, ...] = ()) -> Paragraph:
    """A paragraph a house rule decides, marked when that rule is not at its usual value."""
    return Paragraph(text, anchor or option, is_changed(rules, option), codes)


class Words(enum.Enum):
    """The words a game's rules are written in, from its shape: canastas of groups (classic), groups and
    sequences (Samba, Bolivia), or books, with a hand and a foot (Hand and Foot)."""

    CANASTAS = "canastas"
    SEQUENCES = "sequences"
    BOOKS = "books"


def words_of(rules: Rules) -> Words:
    shape = rules.shape
    if shape.books:
        return Words.BOOKS
    return Words.SEQUENCES if MeldKind.SEQUENCE in shape.meld_kinds else Words.CANASTAS


def calls_escalera(rules: Rules) -> bool:
    """Whether the game calls a sequence canasta an escalera (Bolivia; else a samba)."""
    return game_facts(rules.variant).sequence_canasta is CanastaName.ESCALERA


def has_wild_melds(rules: Rules) -> bool:
    """Whether wild cards make melds of their own (a bolivia), outside Hand and Foot's books."""
    return MeldKind.WILD in rules.shape.meld_kinds and words_of(rules) is not Words.BOOKS


def one_card_rule(rules: Rules) -> Paragraph:
    return by_option(rules, "one_card_pile_restriction", _("Holding exactly one card, you may not take a pile of "
                                                         "exactly one card.")
                   if rules.one_card_pile_restriction
                   else _("You may take a pile of one card even when you hold only one card."), "one_card")  # fmt: skip


def card_values() -> Paragraph:
    text = _("Card values: a joker 50; a two or an ace 20; king down to eight 10; seven down to four, and a black "
             "three, 5. A red three has no card value; it scores as a bonus.")  # fmt: skip
    return Paragraph(text, "values")


def red_three_score(rules: Rules) -> Paragraph:
    table = rules.shape.red_three_bonus
    return Paragraph(_("Red threes score {one} each, and {all} for all {count}.").format(
        one=table[1], all=table[-1], count=len(table) - 1), "red_three_score")  # fmt: skip


def keep_two() -> Paragraph:
    return Paragraph(_("Until your side may go out, you must keep at least two cards after melding: one to "
                       "discard and one to keep."), "keep_two")  # fmt: skip


def discard_rule() -> Paragraph:
    return Paragraph(
        _("Last, discard one card onto the pile, unless you went out by melding your last card."), "discard"
    )


def blocked_rule() -> Paragraph:
    return Paragraph(_("Nobody may take the pile while its top card is a black three or a wild card."), "blocked")


def frozen_rule() -> Paragraph:
    return Paragraph(_("The pile is frozen for everyone while it holds a wild card or a red three, and frozen for "
                       "a side that has not made its first meld."), "frozen")  # fmt: skip


def black_three_discard_rule(rules: Rules) -> Paragraph:
    if rules.black_three_discard is BlackThreeDiscard.STOP_NEXT_PLAYER:
        text = _("A discarded black three stops only the next player from taking the pile; it does not "
                 "freeze it.")  # fmt: skip
    else:
        text = _("In this game a black three under the top card freezes the pile until someone takes it.")
    return by_option(rules, "black_three_discard", text, "black_three_discard")


def unfrozen_take_rule(rules: Rules) -> Paragraph:
    ways = [_("with a natural pair of the top card's rank")]
    if rules.unfrozen_take_with_wild:
        ways.append(_("with one natural card of that rank and wild cards"))
    if rules.pile_take_by_adding_to_meld:
        ways.append(_("by adding the top card to your side's meld of its rank"))
    text = _("An unfrozen pile may be taken: {ways}.").format(ways="; ".join(ways))
    changed = is_changed(rules, "unfrozen_take_with_wild") or is_changed(rules, "pile_take_by_adding_to_meld")
    return Paragraph(text, "unfrozen_take", changed)
