"""The sections of the melds and the canastas."""

from __future__ import annotations

from canasta.engine.refusals import Code
from canasta.engine.rules import (
    ClosedBooks,
    Rules,
    WildLimit,
)
from canasta.i18n import N_, _
from canasta.ui.screens.rules_text.base import (
    Paragraph,
    Section,
    Words,
    by_option,
    calls_escalera,
    has_wild_melds,
    words_of,
)
from canasta.ui.screens.rules_text.limits import capped_canastas, caps_groups, group_paragraphs

# The refusals the paragraphs of groups and sequences explain, in games that hold several groups of a rank.
_GROUP_CODES = (
    Code.NO_MELD_OF_RANK, Code.MELD_TOO_LARGE, Code.NO_SUCH_MELD, Code.WHICH_MELD, Code.TOO_MANY_GROUPS,
    Code.CANNOT_COMBINE, Code.GROUP_RANK_MISMATCH,
)  # fmt: skip
_SEQUENCE_CODES = (Code.SEQUENCE_NATURALS_ONLY, Code.SEQUENCE_ONE_SUIT, Code.SEQUENCE_NOT_RUN,
                   Code.SEQUENCE_SUIT_MISMATCH)  # fmt: skip

_WILD_LIMITS = {
    (Words.CANASTAS, WildLimit.MAX3): N_("A meld holds at least two natural cards and at most three wild cards, at "
                                         "every moment as it grows: 5-5-2 is a meld, 5-2-2 is not."),
    (Words.CANASTAS, WildLimit.NOT_MORE_THAN_NATURALS): N_("A meld holds at least two natural cards, at most three "
                                                           "wild cards, and never more wild cards than natural "
                                                           "cards."),
    (Words.CANASTAS, WildLimit.NATURALS_MAJORITY): N_("A meld holds at least two natural cards, at most three wild "
                                                      "cards, and always more natural cards than wild cards."),
    (Words.SEQUENCES, WildLimit.MAX2): N_("A group holds at least two natural cards and at most two wild cards, at "
                                          "every moment as it grows: 9-9-9-2-JK is a group, 9-9-9-2-2-JK is not."),
    (Words.SEQUENCES, WildLimit.TWICE_NATURALS): N_("In this game a group holds at most two wild cards and at least "
                                                    "twice as many natural cards as wild cards: 5-5-5-5-2-2 is a "
                                                    "group, 5-5-2-2 is not."),
    (Words.SEQUENCES, WildLimit.UNLIMITED): N_("In this game a group needs two natural cards and may hold any number "
                                               "of wild cards."),
    (Words.BOOKS, WildLimit.NATURALS_MAJORITY): N_("A book always holds more natural cards than wild cards, and at "
                                                   "most three wild cards: 5-5-2 is a book, 5-5-2-2 is not."),
    (Words.BOOKS, WildLimit.NOT_MORE_THAN_NATURALS): N_("In this game a book never holds more wild cards than "
                                                        "natural cards, and at most three: 5-5-2-2 is a book, "
                                                        "5-2-2 is not."),
}  # fmt: skip


def melds_section(rules: Rules) -> Section:
    if caps_groups(rules):
        return Section("melds", _("Melds"), group_paragraphs(rules))
    words = words_of(rules)
    limit = by_option(rules, "wild_limit", _(_WILD_LIMITS[words, rules.wild_limit]), "wild_limit")
    if words is Words.BOOKS:
        return _books(rules, limit)
    if words is Words.CANASTAS:
        return Section("melds", _("Melds"), (
            Paragraph(_("A meld is three or more cards of one natural rank, wild cards included. Wild cards never "
                        "make a meld of their own."), "meld_size"),
            limit,
            Paragraph(_("Your side has one meld per rank: more cards of that rank, from you or your partner, go "
                        "onto it. Both sides may have a meld of the same rank."), "one_per_rank"),
            Paragraph(_("Black threes may be melded only when you go out: three or four of them, with no wild "
                        "card, leaving you at most one card to discard."), "black_threes"),
        ))  # fmt: skip
    if has_wild_melds(rules):
        kinds = _("A meld is a group (three or more cards of one natural rank, wild cards included), a sequence "
                  "(called an escalera) or a wild meld.")  # fmt: skip
    else:
        kinds = _("A meld is a group (three or more cards of one natural rank, wild cards included) or a "
                  "sequence. Wild cards never make a meld of their own.")  # fmt: skip
    paragraphs = [
        Paragraph(kinds, "meld_size", codes=() if has_wild_melds(rules) else (Code.WILD_MELD_WILDS_ONLY,)),
        limit,
        by_option(rules, "combine_groups", _groups(rules), "groups", _GROUP_CODES),
        Paragraph(_("A sequence is three to seven natural cards of one suit in a row, from the four up to the ace "
                    "(the ace is high only, and nothing goes round the corner). Twos, threes and jokers never go "
                    "into a sequence. Cards are added at either end; at seven cards it is closed. A side may "
                    "hold several sequences, even of one suit, but they are never joined."), "sequences",
                  codes=_SEQUENCE_CODES),
    ]  # fmt: skip
    if has_wild_melds(rules):
        paragraphs.append(Paragraph(_("A wild meld is three to seven wild cards alone, twos and jokers mixed. At "
                                      "seven it is closed. Wild melds are never joined."), "wild_melds",
                                    codes=(Code.WILD_MELD_WILDS_ONLY,)))  # fmt: skip
    paragraphs.append(Paragraph(_("Black threes may be melded only when you go out: three to six of them, with no "
                                  "wild card, leaving you at most one card to discard."), "black_threes"))  # fmt: skip
    return Section("melds", _("Melds"), tuple(paragraphs))


def _groups(rules: Rules) -> str:
    if rules.combine_groups:
        return _("Your side may hold several groups of one rank: cards of that rank go onto the group you choose, "
                 "or start a new one. In your turn you may join two of your groups of a rank into one if the result "
                 "keeps the wild-card limit; it is then one meld, with one canasta bonus at most.")  # fmt: skip
    return _("In this game your side has one group per rank: more cards of that rank, from you or your partner, go "
             "onto it.")  # fmt: skip


def _books(rules: Rules, limit: Paragraph) -> Section:
    if rules.wild_books:
        wild = _("In this game wild cards may also make a book of their own: three to seven twos and jokers, "
                 "closed at seven.")  # fmt: skip
    else:
        wild = _("Wild cards never make a book of their own.")
    return Section("melds", _("Books"), (
        Paragraph(_("Melds are called books: three or more cards of one natural rank, wild cards included."),
                  "meld_size", codes=_SEQUENCE_CODES),
        limit,
        Paragraph(_("Your side has one book per rank: more cards of that rank, from you or your partner, go onto "
                    "it. Both sides may have a book of the same rank."), "one_per_rank",
                  codes=(Code.TOO_MANY_GROUPS, Code.CANNOT_COMBINE)),
        by_option(rules, "wild_books", wild, "wild_books", (Code.WILD_MELD_WILDS_ONLY, Code.MELD_WITHOUT_NATURAL_RANK)),
        Paragraph(_("Threes are never melded, black or red."), "black_threes"),
    ))  # fmt: skip


def canastas_section(rules: Rules) -> Section:
    if caps_groups(rules):
        return Section("canastas", _("Canastas"), capped_canastas(rules))
    shape = rules.shape
    words = words_of(rules)
    if words is Words.BOOKS:
        return _complete_books(rules)
    if words is Words.CANASTAS:
        if rules.concealed_canasta_bonus:
            text = _("In this game a canasta laid down whole from your hand in one go earns {bonus} more.").format(
                bonus=rules.concealed_canasta_bonus
            )
        else:
            text = _("A canasta earns the same bonus however it was built.")
        return Section("canastas", _("Canastas"), (
            Paragraph(_("A canasta is a meld of seven cards or more. A natural canasta (no wild card) earns "
                        "{natural}; a mixed one earns {mixed}. A wild card added to a natural canasta makes it "
                        "mixed.").format(natural=shape.natural_canasta_bonus, mixed=shape.mixed_canasta_bonus),
                      "canasta"),
            by_option(rules, "concealed_canasta_bonus", text, "concealed_bonus"),
        ))  # fmt: skip
    if calls_escalera(rules):
        sequence = _("A sequence of seven cards is an escalera and earns {bonus}; nothing more goes onto it.")
    else:
        sequence = _("A sequence of seven cards is a samba and earns {bonus}; nothing more goes onto it.")
    paragraphs = [
        Paragraph(_("A canasta is a group of seven cards or more: a natural one (no wild card) earns {natural}, a "
                    "mixed one {mixed}. Once a group is a canasta it takes more natural cards but no more wild "
                    "cards, so a natural canasta stays natural.").format(
                        natural=shape.natural_canasta_bonus, mixed=shape.mixed_canasta_bonus), "canasta",
                  codes=(Code.WILDS_ON_CANASTA,)),
        Paragraph(sequence.format(bonus=shape.sequence_bonus), "sequence_canasta"),
    ]  # fmt: skip
    if has_wild_melds(rules):
        paragraphs.append(Paragraph(_("Seven wild cards make a bolivia, which earns {bonus}; nothing more goes onto "
                                      "it.").format(bonus=shape.wild_canasta_bonus), "wild_canasta"))  # fmt: skip
    paragraphs.append(Paragraph(_("Every canasta also scores the values of its cards."), "card_values"))
    return Section("canastas", _("Canastas"), tuple(paragraphs))


def _complete_books(rules: Rules) -> Section:
    shape = rules.shape
    if rules.closed_books is ClosedBooks.NATURALS_ONLY:
        closed = _("A complete book takes more natural cards but never a wild card, so a clean book stays clean.")
    else:
        closed = _("In this game a complete book is closed at seven cards: nothing more goes onto it.")
    paragraphs = [
        Paragraph(_("A book of seven cards or more is complete. A clean book (no wild card) earns {clean}; a "
                    "dirty book (with wild cards) earns {dirty}.").format(
                        clean=shape.natural_canasta_bonus, dirty=shape.mixed_canasta_bonus), "canasta"),
        by_option(rules, "closed_books", closed, "closed", (Code.WILDS_ON_CANASTA, Code.MELD_TOO_LARGE)),
    ]  # fmt: skip
    if rules.wild_books:
        paragraphs.append(by_option(rules, "wild_books", _("Seven wild cards make a wild book, which earns "
                                                         "{bonus}.").format(bonus=rules.wild_books),
                                  "wild_canasta"))  # fmt: skip
    paragraphs.append(Paragraph(_("Every book also scores the values of its cards."), "card_values"))
    return Section("canastas", _("Complete books"), tuple(paragraphs))
