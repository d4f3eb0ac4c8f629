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

import enum
from dataclasses import dataclass
from typing import assert_never

from canasta.engine.rules import (
    AskPartner,
    AskPartnerTiming,
    BlackThreeDiscard,
    ClosedBooks,
    ConcealedMinimum,
    FootAfterDiscard,
    GameEnd,
    GoingOut,
    LastCardRedThree,
    MeldKind,
    PileRule,
    RedThrees,
    RedThreesNegativeIf,
    Rules,
    StockExhausted,
    Tie,
    UpcardBlackThree,
    UpcardSpecials,
    WildLimit,
    default_target_score,
    option_names,
)
from canasta.engine.rules.catalog import CanastaName, game_facts, plays_rounds
from canasta.i18n import N_, _, ngettext
from canasta.ui.screens.house_rules import (
    default_value,
    listed_options,
    option_label,
    value_label,
    value_meaning,
    variant_name,
)


@dataclass(frozen=True, slots=True)
class Paragraph:
    text: str
    anchor: str = ""  # a place a link can open at (a refused move's rule)
    changed: bool = False  # a house rule of this game that differs from the rule book's usual one


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


def _changed(rules: Rules, option: str) -> bool:
    return bool(getattr(rules, option) != default_value(option, rules.players, rules.variant))


def _option(rules: Rules, option: str, text: str, anchor: str = "") -> Paragraph:
    return Paragraph(text, anchor or option, _changed(rules, option))


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


def rule_sections(rules: Rules) -> tuple[Section, ...]:
    """Every section of the rules, for the game `rules` describes (the same sections, by id, for every game)."""
    return (
        _cards(rules), _players(rules), _deal(rules), _turn(rules), _melds(rules), _canastas(rules), _pile(rules),
        _initial_meld(rules), _going_out(rules), _asking_partner(rules), _stock_end(rules), _scoring(rules),
        _game_end(rules), _house_rules(rules),
    )  # fmt: skip


def _escalera(rules: Rules) -> bool:
    """Whether the game calls a sequence canasta an escalera (Bolivia; else a samba)."""
    return game_facts(rules.variant).sequence_canasta is CanastaName.ESCALERA


def _wild_melds(rules: Rules) -> bool:
    """Whether wild cards make melds of their own (a bolivia), outside Hand and Foot's books."""
    return MeldKind.WILD in rules.shape.meld_kinds and words_of(rules) is not Words.BOOKS


def _one_card(rules: Rules) -> Paragraph:
    return _option(rules, "one_card_pile_restriction", _("Holding exactly one card, you may not take a pile of "
                                                         "exactly one card.")
                   if rules.one_card_pile_restriction
                   else _("You may take a pile of one card even when you hold only one card."), "one_card")  # fmt: skip


def _values() -> Paragraph:
    text = _("Card values: a joker 50; a two or an ace 20; king down to eight 10; seven down to four, and a black "
             "three, 5. A red three has no card value; it scores as a bonus.")  # fmt: skip
    return Paragraph(text, "values")


def _red_three_score(rules: Rules) -> Paragraph:
    table = rules.shape.red_three_bonus
    return Paragraph(_("Red threes score {one} each, and {all} for all {count}.").format(
        one=table[1], all=table[-1], count=len(table) - 1), "red_three_score")  # fmt: skip


def _keep_two() -> Paragraph:
    return Paragraph(_("Until your side may go out, you must keep at least two cards after melding: one to "
                       "discard and one to keep."), "keep_two")  # fmt: skip


# -- the cards and the players ----------------------------------------------------------------------------------


def _cards(rules: Rules) -> Section:
    shape = rules.shape
    words = words_of(rules)
    if words is Words.BOOKS:
        deck = _option(rules, "packs", _("Hand and Foot is played with {packs} packs of 52 cards, each with two "
                                         "jokers: {count} cards.").format(packs=shape.packs, count=shape.deck_size),
                       "cards")  # fmt: skip
        wild = _("Jokers and twos are wild cards. Aces, kings, queens, jacks and the tens down to the fours are "
                 "natural cards: only they form books.")  # fmt: skip
    elif words is Words.SEQUENCES:
        deck = Paragraph(_("{game} is played with three packs of 52 cards and six jokers: {count} cards, each rank "
                           "twelve times.").format(game=variant_name(rules.variant), count=shape.deck_size),
                         "cards")  # fmt: skip
        wild = _("Jokers and twos are wild cards. Aces, kings, queens, jacks and the tens down to the fours are "
                 "natural cards: only they form groups and sequences.")  # fmt: skip
    else:
        deck = Paragraph(_("Canasta is played with two packs of 52 cards and four jokers: 108 cards, each rank eight "
                           "times (with six players, three packs and six jokers)."), "cards")  # fmt: skip
        wild = _("Jokers and twos are wild cards. Aces, kings, queens, jacks and the tens down to the fours are "
                 "natural cards: only they form melds.")  # fmt: skip
    return Section("cards", _("Cards and their values"), (
        deck, Paragraph(wild, "wild"), _threes(rules), _values(),
    ))  # fmt: skip


def _threes(rules: Rules) -> Paragraph:
    if not rules.shape.threes_meld:  # Hand and Foot: threes are never melded, and red threes may be held
        if rules.red_threes is RedThrees.BONUS_100:
            threes = _("Red threes are bonus cards: you lay them out at once and draw a card in their place. Black "
                       "threes are stop cards: discarded, they stop the next player from taking the pile. Threes "
                       "are never melded.")  # fmt: skip
        else:
            threes = _("In this game red threes are never laid out: each one still held when the round ends counts "
                       "500 against its side, so discard them. Black threes stop the next player from taking the "
                       "pile. Threes are never melded.")  # fmt: skip
        return _option(rules, "red_threes", threes, "threes")
    return Paragraph(_("Red threes are bonus cards: you lay them out at once and draw a card in their place. Black "
                       "threes are stop cards: discarded, they stop the next player from taking the pile."),
                     "threes")  # fmt: skip


def _players(rules: Rules) -> Section:
    count = rules.players
    if count == 4:
        text = _("Four players play in two partnerships; partners sit opposite each other.")
    elif words_of(rules) is Words.CANASTAS:
        text = _one_pack_players(rules)
    elif count == 6 and len(rules.shape.sides) == 3:
        text = _("Six players play in three partnerships of two; partners sit opposite each other, with two "
                 "other players between them on either side.")  # fmt: skip
    elif count == 6:
        text = _("Six players play in two sides of three, seated alternately.")
    elif count == 2:
        text = _("Two players play against each other.")
    else:
        text = _("Three players each play alone.")
    seating = {3: "three_player_mode", 6: "six_player_sides"}.get(count)  # the house rule that seats them, if any
    if seating in option_names(rules.variant):
        main = _option(rules, seating, text, "this_game")
    else:
        main = Paragraph(text, "this_game")
    if words_of(rules) is Words.BOOKS:
        partners = _("There is no partner to ask with two or three players; with four or six, your partners share "
                     "your books and your score.")  # fmt: skip
    else:
        partners = _("There is no partner to ask with two or three players; with four or six, your partner sits "
                     "opposite and shares your melds and your score.")  # fmt: skip
    return Section("players", _("Players and partners"), (main, Paragraph(partners, "partners")))


def _one_pack_players(rules: Rules) -> str:
    """Classic's seating, whose draw and packs change with the player count."""
    if rules.players == 6:
        return _("Six players play in two teams of three, seated alternately, with three packs.")
    if rules.players == 2:
        return _("Two players play against each other. A stock draw takes two cards; keep both.")
    if rules.cutthroat:
        return _("Cutthroat: everyone plays alone until someone takes the pile. The first to take it plays alone "
                 "for the rest of the hand; the other two become partners, their melds of a rank combine, and each "
                 "scores the partnership's result plus his own red threes.")  # fmt: skip
    return _("Three players each play alone and draw one card.")


# -- the deal and a turn ------------------------------------------------------------------------------------------


def _deal(rules: Rules) -> Section:
    shape = rules.shape
    if shape.foot_size:
        return Section("deal", _("The deal"), (
            Paragraph(_("A game is four rounds; the deal passes to the left after each. The player on the dealer's "
                        "left plays first, and play goes round to the left."), "seats"),
            _option(rules, "hand_size", _("Each player gets a hand of {count} cards to play first.").format(
                count=shape.cards_dealt), "deal"),
            _option(rules, "foot_size", _("Each player also gets a foot of {count} cards, face down: nobody looks at "
                                          "it until its player picks it up.").format(count=shape.foot_size), "foot"),
            _upcard(rules),
            Paragraph(_("Before the first turn, every player lays out the red threes of his hand and draws a card "
                        "for each."), "red_threes_dealt"),
        ))  # fmt: skip
    return Section("deal", _("The deal"), (
        Paragraph(_("The deal passes to the left after each hand; the player on the dealer's left plays "
                    "first. Play goes round to the left."), "seats"),
        Paragraph(_("Each player gets {count} cards. The rest is the stock; its top card is turned up to start "
                    "the discard pile.").format(count=shape.cards_dealt), "deal"),
        _upcard(rules),
        _option(rules, "upcard_black_three", _upcard_black_three(rules)),
        Paragraph(_("Before the first turn, every player lays out his red threes and draws a card for each."),
                  "red_threes_dealt"),
    ))  # fmt: skip


def _upcard(rules: Rules) -> Paragraph:
    if rules.shape.upcard_to_bottom:
        return Paragraph(_("The rest is the stock; its top card is turned up to start the discard pile. A wild card "
                           "or a three turned up goes to the bottom of the stock and the next card is turned."),
                         "upcard")  # fmt: skip
    if rules.upcard_specials is UpcardSpecials.BURY_IN_PILE:
        special = _("If the upcard is a wild card or a red three, it stays in the pile and the next card is "
                    "turned onto it; the pile is then frozen until someone takes it.")  # fmt: skip
    else:
        special = _("If the upcard is a wild card or a red three, it goes to the bottom of the stock and the "
                    "next card is turned up.")  # fmt: skip
    return _option(rules, "upcard_specials", special, "upcard")


def _upcard_black_three(rules: Rules) -> str:
    if rules.upcard_black_three is UpcardBlackThree.STAYS:
        return _("A black three turned up stays on top: the first player cannot take the pile.")
    if rules.upcard_black_three is UpcardBlackThree.COVER:
        return _("A black three turned up is covered by the next card of the stock.")
    return _("A black three turned up is covered by the next card, and the pile starts frozen.")


def _turn(rules: Rules) -> Section:
    if rules.shape.foot_size:
        return _turn_with_a_foot(rules)
    draw = ngettext("draw the top card of the stock", "draw the top {count} cards of the stock",
                    rules.shape.draw_count).format(count=rules.shape.draw_count)  # fmt: skip
    return Section("turn", _("A turn"), (
        Paragraph(_("Only the player whose turn it is may play; the hand is over once someone goes out."),
                  "turn_order"),
        Paragraph(_("First draw: {draw}, or take the whole discard pile if the rules let you. A red three "
                    "drawn is laid out and replaced at once.").format(draw=draw), "draw"),
        Paragraph(_("Then you may meld: lay down new melds and add cards to your side's melds, only with "
                    "cards from your hand."), "meld"),
        _discard(),
        Paragraph(_("Melds are never taken back, split or rearranged, and nobody adds to the other side's "
                    "melds.") if rules.shape.groups_per_rank is not None else
                  _("Melds are never taken back or split (only two groups of a rank may be joined), and nobody "
                    "adds to the other side's melds."), "melds_stay"),
    ))  # fmt: skip


def _discard() -> Paragraph:
    return Paragraph(
        _("Last, discard one card onto the pile, unless you went out by melding your last card."), "discard"
    )


def _turn_with_a_foot(rules: Rules) -> Section:
    if rules.foot_after_discard is FootAfterDiscard.NEXT_TURN:
        by_discard = _("If you empty your hand by discarding, you pick up your foot and your turn ends; you play "
                       "it from your next turn.")  # fmt: skip
    else:
        by_discard = _("In this game, if you empty your hand by discarding, you pick up your foot at once and play "
                       "on: meld, then discard again.")  # fmt: skip
    return Section("turn", _("A turn"), (
        Paragraph(_("Only the player whose turn it is may play; the round is over once someone goes out."),
                  "turn_order"),
        Paragraph(_("First draw: draw the top two cards of the stock, or take the pile if the rules let you. A "
                    "red three drawn is laid out and replaced at once."), "draw"),
        Paragraph(_("Then you may meld: start books and add cards to your side's books, only with cards from your "
                    "hand."), "meld"),
        _discard(),
        Paragraph(_("Your foot: once your hand is empty, you pick up your foot and it becomes your hand. If you "
                    "emptied your hand by melding, you pick it up at once and go on with your turn. Red threes "
                    "in it are laid out and replaced."), "pick_up_foot"),
        _option(rules, "foot_after_discard", by_discard, "foot_by_discard"),
        Paragraph(_("Books are never taken back or split, and nobody adds to the other side's books."),
                  "melds_stay"),
    ))  # fmt: skip


# -- melds and canastas -----------------------------------------------------------------------------------------


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


def _melds(rules: Rules) -> Section:
    words = words_of(rules)
    limit = _option(rules, "wild_limit", _(_WILD_LIMITS[words, rules.wild_limit]), "wild_limit")
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
    if _wild_melds(rules):
        kinds = _("A meld is a group (three or more cards of one natural rank, wild cards included), a sequence "
                  "(called an escalera) or a wild meld.")  # fmt: skip
    else:
        kinds = _("A meld is a group (three or more cards of one natural rank, wild cards included) or a "
                  "sequence. Wild cards never make a meld of their own.")  # fmt: skip
    paragraphs = [
        Paragraph(kinds, "meld_size"),
        limit,
        _option(rules, "combine_groups", _groups(rules), "groups"),
        Paragraph(_("A sequence is three to seven natural cards of one suit in a row, from the four up to the ace "
                    "(the ace is high only, and nothing goes round the corner). Twos, threes and jokers never go "
                    "into a sequence. Cards are added at either end; at seven cards it is closed. A side may "
                    "hold several sequences, even of one suit, but they are never joined."), "sequences"),
    ]  # fmt: skip
    if _wild_melds(rules):
        paragraphs.append(Paragraph(_("A wild meld is three to seven wild cards alone, twos and jokers mixed. At "
                                      "seven it is closed. Wild melds are never joined."), "wild_melds"))  # fmt: skip
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
                  "meld_size"),
        limit,
        Paragraph(_("Your side has one book per rank: more cards of that rank, from you or your partner, go onto "
                    "it. Both sides may have a book of the same rank."), "one_per_rank"),
        _option(rules, "wild_books", wild, "wild_books"),
        Paragraph(_("Threes are never melded, black or red."), "black_threes"),
    ))  # fmt: skip


def _canastas(rules: Rules) -> Section:
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
            _option(rules, "concealed_canasta_bonus", text, "concealed_bonus"),
        ))  # fmt: skip
    if _escalera(rules):
        sequence = _("A sequence of seven cards is an escalera and earns {bonus}; nothing more goes onto it.")
    else:
        sequence = _("A sequence of seven cards is a samba and earns {bonus}; nothing more goes onto it.")
    paragraphs = [
        Paragraph(_("A canasta is a group of seven cards or more: a natural one (no wild card) earns {natural}, a "
                    "mixed one {mixed}. Once a group is a canasta it takes more natural cards but no more wild "
                    "cards, so a natural canasta stays natural.").format(
                        natural=shape.natural_canasta_bonus, mixed=shape.mixed_canasta_bonus), "canasta"),
        Paragraph(sequence.format(bonus=shape.sequence_bonus), "sequence_canasta"),
    ]  # fmt: skip
    if _wild_melds(rules):
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
        _option(rules, "closed_books", closed, "closed"),
    ]  # fmt: skip
    if rules.wild_books:
        paragraphs.append(_option(rules, "wild_books", _("Seven wild cards make a wild book, which earns "
                                                         "{bonus}.").format(bonus=rules.wild_books),
                                  "wild_canasta"))  # fmt: skip
    paragraphs.append(Paragraph(_("Every book also scores the values of its cards."), "card_values"))
    return Section("canastas", _("Complete books"), tuple(paragraphs))


# -- the discard pile (by the shape's pile rule) ------------------------------------------------------------------


def _blocked() -> Paragraph:
    return Paragraph(_("Nobody may take the pile while its top card is a black three or a wild card."), "blocked")


def _frozen() -> Paragraph:
    return Paragraph(_("The pile is frozen for everyone while it holds a wild card or a red three, and frozen for "
                       "a side that has not made its first meld."), "frozen")  # fmt: skip


def _pile(rules: Rules) -> Section:
    rule = rules.shape.pile_rule
    match rule:
        case PileRule.PAIR_WHEN_FROZEN:
            paragraphs = _pile_when_frozen(rules)
        case PileRule.PAIR_OR_UNFINISHED_MELD:
            paragraphs = _pile_pair_or_unfinished(rules)
        case PileRule.PAIR_ALWAYS:
            paragraphs = _pile_pair_always(rules)
        case _:
            assert_never(rule)
    return Section("pile", _("The discard pile"), paragraphs)


def _pile_when_frozen(rules: Rules) -> tuple[Paragraph, ...]:
    return (
        Paragraph(_("To take the pile you meld its top card at once with cards from your hand; then the whole "
                    "pile goes into your hand. There must be a pile to take."), "taking"),
        _blocked(),
        _frozen(),
        _black_three_discard(rules),
        Paragraph(_("A frozen pile is taken only with two natural cards of the top card's rank from your hand."),
                  "frozen_take"),
        _unfrozen_take(rules),
        _option(rules, "initial_meld_may_use_pile", _("The top card may count toward your side's first meld.")
                if rules.initial_meld_may_use_pile
                else _("A side may not take the pile until it has made its first meld from the hand."),
                "initial_with_pile"),
        _one_card(rules),
        Paragraph(_("The top card is melded first; then the other cards go into your hand, and you meld and "
                    "discard as usual."), "after_take"),
    )  # fmt: skip


def _pile_pair_or_unfinished(rules: Rules) -> tuple[Paragraph, ...]:
    return (
        Paragraph(_("Taking the pile, you meld its top card at once; then the rest of the pile goes into your "
                    "hand and you draw nothing from the stock. There must be a pile to take."), "taking"),
        _blocked(),
        _frozen(),
        _black_three_discard(rules),
        Paragraph(_("A natural pair of the top card's rank from your hand always takes the pile, frozen or not: "
                    "the three cards start a new group, which more cards of that rank and wild cards may join."),
                  "frozen_take"),
        Paragraph(_("While the pile is not frozen, its top card alone may also go onto one of your side's groups "
                    "of its rank, or extend one of your side's sequences, that is not yet a canasta."),
                  "unfrozen_take"),
        Paragraph(_("Never: one natural card with wild cards, the top card starting a sequence, the top card "
                    "with cards from your hand onto a sequence, or the top card onto a canasta."), "never"),
        Paragraph(_("The top card may count toward your side's first meld."), "initial_with_pile"),
        _one_card(rules),
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
        _option(rules, "pile_take_count", moves, "taking"),
        Paragraph(_("Nobody may take the pile while its top card is a black three or a wild card. Otherwise the "
                    "pile is never frozen."), "blocked"),
        _option(rules, "take_with_wild", pair, "pair"),
        _option(rules, "pile_needs_side_down", down, "initial_with_pile"),
    )  # fmt: skip


# -- the first meld and going out ---------------------------------------------------------------------------------


def _initial_meld(rules: Rules) -> Section:
    if plays_rounds(rules.shape):
        return _initial_meld_by_round(rules)
    steps = rules.shape.minimums
    changed = "top_minimum" in listed_options(rules.variant) and _changed(rules, "top_minimum")
    parts = [_("below 0: {minimum}").format(minimum=steps[0][1])]
    for (start, minimum), following in zip(steps[1:], (*steps[2:], None), strict=True):
        if following is None:
            parts.append(_("{start} or more: {minimum}").format(start=start, minimum=minimum))
        else:
            parts.append(_("{start} to {end}: {minimum}").format(start=start, end=following[0] - 5, minimum=minimum))
    return Section("initial_meld", _("The first meld"), (
        Paragraph(_("Your side's first meld of a hand must be worth a minimum, set by your side's score: "
                    "{steps}.").format(steps="; ".join(parts)), "minimum", changed),
        Paragraph(_("Several melds laid down together count together. The cards you meld from hand count, and "
                    "the pile's top card when you take the pile for it; red threes and bonuses do not. Once "
                    "it is made, your side has no minimum for the rest of the hand."), "what_counts"),
    ))  # fmt: skip


def _initial_meld_by_round(rules: Rules) -> Section:
    minimums = rules.shape.round_minimums
    if rules.game_end is GameEnd.TARGET:
        steps = _("below 2500: {first}; 2500 to 4995: {second}; 5000 to 7495: {third}; 7500 or more: {fourth}")
        text = _("Your side's first meld of a round must be worth a minimum, set by your side's score: "
                 "{steps}.")  # fmt: skip
    else:
        steps = _("round one {first}, round two {second}, round three {third}, round four {fourth}")
        text = _("Your side's first meld of a round must be worth a minimum, set by the round: {steps}.")
    filled = steps.format(first=minimums[0], second=minimums[1], third=minimums[2], fourth=minimums[3])
    changed = _changed(rules, "round_minimums") or _changed(rules, "game_end")
    return Section("initial_meld", _("The first meld"), (
        Paragraph(text.format(steps=filled), "minimum", changed),
        Paragraph(_("Only the first player of the side to meld must reach it. The cards melded from hand in that "
                    "step count, and the top card and its pair when you take the pile for it; red threes, "
                    "bonuses and the other pile cards do not."), "what_counts"),
    ))  # fmt: skip


def _going_out(rules: Rules) -> Section:
    shape = rules.shape
    if shape.foot_size:
        return _going_out_from_the_foot(rules)
    count = rules.canastas_to_go_out
    if words_of(rules) is Words.SEQUENCES:
        needs = ngettext("To go out, your side needs {count} canasta of any kind (it may be completed in the same "
                         "turn).",
                         "To go out, your side needs {count} canastas of any kinds (they may be completed in the "
                         "same turn).", count).format(count=count)  # fmt: skip
    else:
        needs = ngettext("To go out, your side needs {count} canasta (it may be completed in the same turn).",
                         "To go out, your side needs {count} canastas (they may be completed in the same turn).",
                         count).format(count=count)  # fmt: skip
    paragraphs = [_option(rules, "canastas_to_go_out", needs, "needs_canasta")]
    if shape.going_out_needs_sequence:
        paragraphs.append(Paragraph(_("One of them must be an escalera (a sequence canasta); a bolivia counts "
                                      "as a canasta."), "needs_sequence"))  # fmt: skip
    if shape.concealed_exemption:  # going out concealed earns more, and may skip the minimum
        paragraphs += _going_out_concealed(rules)
    else:
        paragraphs += [
            Paragraph(_("You go out when your hand is empty: by melding every card, or all but one and discarding "
                        "it. Going out earns {bonus}; going out concealed earns nothing more.").format(
                            bonus=shape.going_out_bonus), "bonus"),
            _keep_two(),
            Paragraph(_("Your side's first meld always needs the minimum, also when you go out with it in one "
                        "turn."), "concealed_minimum"),
        ]  # fmt: skip
    return Section("going_out", _("Going out"), tuple(paragraphs))


def _going_out_concealed(rules: Rules) -> list[Paragraph]:
    if rules.concealed_going_out_minimum is ConcealedMinimum.EXEMPT_AFTER_STOCK_DRAW:
        minimum = _("After a stock draw, a concealed going out needs no first-meld minimum; your last card may "
                    "then only be discarded or added to a meld you made this turn.")  # fmt: skip
    else:
        minimum = _("In this game a concealed going out needs the first-meld minimum like any first meld.")
    return [
        Paragraph(_("You go out when your hand is empty: by melding every card, or all but one and "
                    "discarding it. Going out earns {bonus}.").format(bonus=rules.shape.going_out_bonus), "bonus"),
        _keep_two(),
        Paragraph(_("Going out concealed means melding your whole hand in one turn, with a canasta, having "
                    "melded nothing before. It earns {bonus} instead.").format(
                        bonus=rules.shape.concealed_going_out_bonus), "concealed"),
        _option(rules, "concealed_going_out_minimum", minimum, "concealed_minimum"),
    ]  # fmt: skip


def _going_out_from_the_foot(rules: Rules) -> Section:
    clean, dirty = rules.shape.books_to_go_out
    books = ngettext("{count} clean book", "{count} clean books", clean).format(count=clean)
    dirties = ngettext("{count} dirty book", "{count} dirty books", dirty).format(count=dirty)
    how = {
        GoingOut.EITHER: _("You go out by melding every card, or all but one and discarding it."),
        GoingOut.MUST_DISCARD: _("In this game you go out only by discarding your last card."),
        GoingOut.MUST_MELD: _("In this game you go out only by melding every card: no discard."),
    }[rules.going_out]
    if rules.all_in_foot:
        everyone = _("In this game your side goes out only once each of its players has picked up his foot.")
    else:
        everyone = _("Your partners need not have picked up their feet.")
    return Section("going_out", _("Going out"), (
        _option(rules, "books_to_go_out", _("To go out, you must have picked up and played your foot, and your side "
                                            "needs {clean} and {dirty} (they may be completed in the same "
                                            "turn).").format(clean=books, dirty=dirties), "needs_canasta"),
        _option(rules, "going_out", how, "how"),
        Paragraph(_("Going out ends the round and earns {bonus}.").format(bonus=rules.shape.going_out_bonus),
                  "bonus"),
        Paragraph(_("Your hand may always be emptied while your foot waits. Once in your foot, until your side "
                    "may go out, you must keep at least two cards after melding: one to discard and one to "
                    "keep."), "keep_two"),
        _option(rules, "all_in_foot", everyone, "all_in_foot"),
    ))  # fmt: skip


# -- the end of a hand, scoring and the end of the game -------------------------------------------------------------


def _stock_end(rules: Rules) -> Section:
    if plays_rounds(rules.shape):
        return Section("stock_end", _("When the stock runs out"), (
            Paragraph(_("If only one card is left when you must draw two, you draw it. Nobody may draw from an "
                        "empty stock."), "stock_end"),
            Paragraph(_("If the stock is empty at the start of your turn, you may take the pile if you can; if you "
                        "do not, the round ends."), "forced_take"),
            Paragraph(_("A round that ends this way gives nobody a going-out bonus."), "no_bonus"),
        ))  # fmt: skip
    if rules.stock_exhausted is StockExhausted.CONTINUE_FORCED_TAKE:
        forced = _("When the stock is empty, each player in turn must take the pile if its top card fits one of "
                   "his side's melds and the take is allowed; he may take it otherwise if he can. If he does "
                   "not take it, the hand ends.")  # fmt: skip
    else:
        forced = _("In this game the hand ends with the discard of the player who drew the last card.")
    if rules.last_card_red_three is LastCardRedThree.END_NO_MELD:
        red = _("If the last stock card is a red three, the hand ends at once: no meld, no discard.")
    else:
        red = _("If the last stock card is a red three, that player may still meld, then the hand ends.")
    return Section("stock_end", _("When the stock runs out"), (
        Paragraph(_("The player who draws the last card plays normally. Nobody may draw from an empty stock."),
                  "stock_end"),
        _option(rules, "stock_exhausted", forced, "forced_take"),
        _option(rules, "last_card_red_three", red, "last_red_three"),
        Paragraph(_("A hand that ends this way gives nobody a going-out bonus."), "no_bonus"),
    ))  # fmt: skip


def _scoring(rules: Rules) -> Section:
    words = words_of(rules)
    if words is Words.BOOKS:
        return Section("scoring", _("Scoring a round"), _book_scoring(rules))
    if words is Words.SEQUENCES:
        return Section("scoring", _("Scoring a hand"), _sequence_scoring(rules))
    if rules.red_threes_negative_if is RedThreesNegativeIf.NO_MELD:
        against = _("Red threes count against a side that made no meld this hand.")
    else:
        against = _("In this game red threes count against a side that made no canasta this hand.")
    return Section("scoring", _("Scoring a hand"), (
        Paragraph(_("Each side scores its canasta bonuses, its red threes, the going-out bonus, and the "
                    "values of all its melded cards, minus the values of the cards left in its players' "
                    "hands."), "lines"),
        _red_three_score(rules),
        _option(rules, "red_threes_negative_if", against, "red_threes_against"),
        Paragraph(_("Example: a natural canasta of kings, a mixed canasta of queens, a meld of three fives, one "
                    "red three, going out, and a nine and a four left in partner's hand make 500 + 300 + 100 + "
                    "100 + 205 \u2212 15 = 1190."), "example"),
    ))  # fmt: skip


def _sequence_scoring(rules: Rules) -> tuple[Paragraph, ...]:
    shape = rules.shape
    wild = _wild_melds(rules)
    if wild:
        lines = _(
            "Each side scores its bolivias ({wild}), escaleras ({sequence}), natural canastas ({natural}) "
            "and mixed canastas ({mixed}), its red threes, the going-out bonus, and the values of all its "
            "melded cards, minus the values of the cards left in its players' hands."
        )
    else:
        lines = _(
            "Each side scores its sambas ({sequence}), natural canastas ({natural}) and mixed canastas "
            "({mixed}), its red threes, the going-out bonus, and the values of all its melded cards, minus "
            "the values of the cards left in its players' hands."
        )
    if rules.red_threes_negative_if is RedThreesNegativeIf.FEWER_THAN_2_CANASTAS:
        against = _("Red threes count against a side that has not made two canastas this hand.")
    else:
        against = _("In this game red threes count against a side only if it made no meld this hand.")
    paragraphs = [
        Paragraph(lines.format(wild=shape.wild_canasta_bonus, sequence=shape.sequence_bonus,
                               natural=shape.natural_canasta_bonus, mixed=shape.mixed_canasta_bonus), "lines"),
        _red_three_score(rules),
        _option(rules, "red_threes_negative_if", against, "red_threes_against"),
    ]  # fmt: skip
    if "black_three_in_hand" in option_names(rules.variant):  # a black three left in hand counts more than 5
        paragraphs += _black_threes_in_hand(rules)
    if wild:
        example = _(
            "Example: an escalera of clubs (80), a bolivia of two jokers and five twos (200), a group of "
            "three sixes (15), one red three and going out, with a black three and a five left in "
            "partner's hand, make 1500 + 2500 + 200 + 100 + 295 \u2212 105 = 4490."
        )
    else:
        example = _(
            "Example: a samba of hearts from five to jack (55), a natural canasta of kings (70), a mixed "
            "canasta of queens with two twos (90), three aces (60), two red threes and going out, with a "
            "nine and a four left in partner's hand, make 1500 + 500 + 300 + 200 + 200 + 275 \u2212 15 = "
            "2960."
        )
    paragraphs.append(Paragraph(example, "example"))
    return tuple(paragraphs)


def _book_scoring(rules: Rules) -> tuple[Paragraph, ...]:
    shape = rules.shape
    if rules.red_threes is RedThrees.BONUS_100:
        threes = _("Red threes laid out score 100 each; a red three still in a hand or an unplayed foot counts "
                   "500 against its side.")  # fmt: skip
    else:
        threes = _("In this game each red three still in a hand or an unplayed foot counts 500 against its side.")
    if rules.black_three_in_hand:
        black = _("A black three left in a hand or foot counts {points} against its side.").format(
            points=rules.black_three_in_hand
        )
    else:
        black = _("In this game a black three left in a hand or foot counts nothing.")
    return (
        Paragraph(_("Each side scores {clean} for each clean book and {dirty} for each dirty book, its red "
                    "threes, {bonus} for going out, and the values of all its melded cards, minus the values of "
                    "the cards left in its players' hands and in the feet not yet picked up.").format(
                        clean=shape.natural_canasta_bonus, dirty=shape.mixed_canasta_bonus,
                        bonus=shape.going_out_bonus), "lines"),
        _option(rules, "red_threes", threes, "red_three_score"),
        _option(rules, "black_three_in_hand", black, "black_three_in_hand"),
        Paragraph(_("Example: clean books of kings (70) and eights (70), dirty books of fives (95) and queens "
                    "(100), three aces (60), two red threes and going out, with two nines left in partner's "
                    "hand, make 500 + 500 + 300 + 300 + 200 + 100 + 395 \u2212 20 = 2275."), "example"),
    )  # fmt: skip


def _game_end(rules: Rules) -> Section:
    if "game_end" in option_names(rules.variant):  # the game may end after its rounds
        if rules.game_end is GameEnd.ROUNDS_4:
            text = _("The game ends after the fourth round; the higher total wins, and a tie is shared.")
        else:
            text = _("In this game rounds go on until a side reaches {target} at the end of a round; the higher "
                     "total wins, and on an exact tie another round is played.").format(
                         target=rules.target_score)  # fmt: skip
        return Section("game_end", _("End of the game"), (_option(rules, "game_end", text, "target"),))
    ties = {
        Tie.PLAY_ANOTHER_HAND: _("On an exact tie, another hand is played."),
        Tie.RAISE_TARGET_500: _("In this game a tie raises the target by 500 and play goes on."),
        Tie.SHARED_WIN: _("In this game a tie is a shared win."),
    }  # fmt: skip
    target = _("The game ends after a hand in which a side reaches {target}; the higher total wins.").format(
        target=rules.target_score
    )
    return Section("game_end", _("End of the game"), (
        Paragraph(target, "target", rules.target_score != default_target_score(rules.players, rules.three_player_mode,
                                                                               rules.variant)),
        _option(rules, "tie", ties[rules.tie], "tie"),
        _option(rules, "first_dealer", value_meaning("first_dealer", rules.first_dealer), "first_dealer"),
    ))  # fmt: skip


def _black_three_discard(rules: Rules) -> Paragraph:
    if rules.black_three_discard is BlackThreeDiscard.STOP_NEXT_PLAYER:
        text = _("A discarded black three stops only the next player from taking the pile; it does not "
                 "freeze it.")  # fmt: skip
    else:
        text = _("In this game a black three under the top card freezes the pile until someone takes it.")
    return _option(rules, "black_three_discard", text, "black_three_discard")


def _unfrozen_take(rules: Rules) -> Paragraph:
    ways = [_("with a natural pair of the top card's rank")]
    if rules.unfrozen_take_with_wild:
        ways.append(_("with one natural card of that rank and wild cards"))
    if rules.pile_take_by_adding_to_meld:
        ways.append(_("by adding the top card to your side's meld of its rank"))
    text = _("An unfrozen pile may be taken: {ways}.").format(ways="; ".join(ways))
    changed = _changed(rules, "unfrozen_take_with_wild") or _changed(rules, "pile_take_by_adding_to_meld")
    return Paragraph(text, "unfrozen_take", changed)


def _asking_partner(rules: Rules) -> Section:
    asking = {
        AskPartner.OPTIONAL: _("You may ask \u201cPartner, may I go out?\u201d once per turn. You need not ask."),
        AskPartner.OFF: _("In this game nobody asks partner: you go out whenever you can."),
        AskPartner.REQUIRED: _("In this game you must ask \u201cPartner, may I go out?\u201d before you go out."),
    }[rules.ask_partner]  # fmt: skip
    timing = (_("Ask before you meld anything in that turn (taking the pile counts as melding).")
              if rules.ask_partner_timing is AskPartnerTiming.BEFORE_FIRST_MELD_OF_TURN
              else _("In this game you may ask at any point of your turn before going out."))  # fmt: skip
    return Section("asking_partner", _("Asking partner"), (
        _option(rules, "ask_partner", asking, "asking"),
        _option(rules, "ask_partner_timing", timing, "timing"),
        Paragraph(_("The answer binds: after \u201cno\u201d you may not go out this turn; after \u201cyes\u201d "
                    "you must go out this turn if any play lets you. The partner asked must answer first."),
                  "answer"),
        Paragraph(_("With two or three players there is no partner, so nobody asks."), "no_partner"),
    ))  # fmt: skip


def _house_rules(rules: Rules) -> Section:
    paragraphs = [Paragraph(_("Every house rule of this game, with what it means:"), "house_rules")]
    for name in listed_options(rules.variant):
        value = getattr(rules, name)
        text = _("{option}: {value}. {meaning}").format(
            option=option_label(name), value=value_label(name, value), meaning=value_meaning(name, value)
        )
        paragraphs.append(_option(rules, name, text, name))
    return Section("house_rules", _("House rules of this game"), tuple(paragraphs))


def _black_threes_in_hand(rules: Rules) -> list[Paragraph]:
    if rules.black_three_in_hand == 5:
        in_hand = _("In this game a black three left in a hand counts only its card value, 5.")
    else:
        in_hand = _(
            "Each black three left in a hand counts {points} against its side; melded when going out, it counts 5."
        ).format(points=rules.black_three_in_hand)
    if rules.black_three_penalty_on_stock_end:
        stock_end = _("That count holds also when the stock ends the hand.")
    else:
        stock_end = _("In this game, when the stock ends the hand, black threes left in hand count only 5.")
    return [
        _option(rules, "black_three_in_hand", in_hand, "black_three_in_hand"),
        _option(rules, "black_three_penalty_on_stock_end", stock_end, "black_three_on_stock_end"),
    ]
