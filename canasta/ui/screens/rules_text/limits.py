"""Paragraphs for the rules a shape adds on top of the usual ones: threes of both colours, a game with no upcard and
a turn card, bonus cards, an always-frozen pile, groups capped at seven with the rule of five, ranks that take no
wild card, one open wild meld, dead ranks, banned discards, going out only by a discard, scoring by the count of
canastas with its penalties, and special hands (docs/variants.md, "Modern American Canasta"). Each is chosen by the
shape's field that makes it true, never by the game's name; each carries the refusal codes it explains."""

from __future__ import annotations

from canasta.engine.cards import Rank
from canasta.engine.refusals import Code
from canasta.engine.rules import MeldKind, Rules, SpecialHands, option_names
from canasta.i18n import N_, _
from canasta.ui.screens.rules_text.base import Paragraph, by_option, one_card_rule
from canasta.ui.screens.rules_text.closing import (
    black_threes_going_out,
    black_threes_set_aside,
    blocked_top,
    closed_at_seven,
    groups_of_a_rank,
    rank_canasta_types,
    wild_canasta,
)


def caps_groups(rules: Rules) -> bool:
    """Whether groups stop at a canasta's size (three to seven cards): the melds and canastas of such a game are
    written by `group_paragraphs` and `capped_canastas`."""
    shape = rules.shape
    return shape.max_group_size == shape.canasta_size and not shape.books


# -- the deal and a turn ------------------------------------------------------------------------------------------


def both_threes() -> Paragraph:
    return Paragraph(_("Threes of both colours are bonus cards: you lay each one out at once, red or black, and draw "
                       "a card in its place. A three is never held, melded or discarded."), "threes")  # fmt: skip


def deal_without_upcard(rules: Rules) -> tuple[Paragraph, ...]:
    """The deal where no card is turned up (and the stock has a turn card)."""
    shape = rules.shape
    paragraphs = [
        Paragraph(_("The deal passes to the left after each hand; the player on the dealer's left plays first. "
                    "Play goes round to the left."), "seats"),
        by_option(rules, "cards_dealt", _("Each player gets {count} cards. The rest is the stock. No card is turned "
                                          "up: the discard pile starts empty.").format(count=shape.cards_dealt),
                  "deal"),
    ]  # fmt: skip
    if shape.turn_card_depth and shape.bonus_cards:
        paragraphs.append(Paragraph(_("The turn card: the {depth}th card from the bottom of the stock is turned "
                                      "sideways, for all to see. Once it is drawn (the stock then holds {left} "
                                      "cards), nobody takes bonus cards any more.").format(
                                          depth=shape.turn_card_depth, left=shape.turn_card_depth - 1),
                                    "turn_card"))  # fmt: skip
    elif shape.turn_card_depth:
        paragraphs.append(Paragraph(_("The turn card: the {depth}th card from the bottom of the stock is turned "
                                      "sideways, for all to see.").format(depth=shape.turn_card_depth),
                                    "turn_card"))  # fmt: skip
    paragraphs.append(Paragraph(_("Before the first turn, every player lays out his threes, red and black, and draws "
                                  "a card for each."), "red_threes_dealt"))  # fmt: skip
    return tuple(paragraphs)


def banned_discards() -> Paragraph:
    return Paragraph(_("Last, discard one card onto the pile. Never a three. A wild card only as your going-out "
                       "discard, or when you hold nothing but wild cards. And onto an empty pile never a seven, a "
                       "wild card, an ace or a card of a dead rank (SWAD): they would give the next player an easy "
                       "pile. A meld that would leave you no card you may discard is refused."), "discard",
                     codes=(Code.THREE_DISCARD, Code.WILD_DISCARD, Code.DISCARD_ONTO_EMPTY_PILE,
                            Code.NO_LEGAL_DISCARD))  # fmt: skip


def bonus_cards(rules: Rules) -> Paragraph:
    table = rules.shape.bonus_cards
    if table:
        text = _("Bonus cards: the first player of a side to make its initial meld from his hand, before the turn "
                 "card is drawn, takes {first} cards from the stock after his discard ({second} for the second side "
                 "to meld), for his next turn. None when the initial meld takes the pile. He need keep only a card "
                 "to discard.").format(first=table[0], second=table[-1])  # fmt: skip
    else:
        text = _("In this game nobody takes bonus cards.")
    return by_option(rules, "bonus_cards", text, "bonus_cards")


# -- melds and canastas ---------------------------------------------------------------------------------------------


def group_paragraphs(rules: Rules) -> tuple[Paragraph, ...]:
    """A game whose groups stop at seven: their size, wild cards, one per rank, the rule of five, ranks without wild
    cards, wild melds, dead ranks."""
    shape = rules.shape
    if shape.eighth_card_going_out:
        size = _("A group is three to seven cards of one natural rank; in this game it may take an eighth card in "
                 "the turn you go out.")  # fmt: skip
    else:
        size = _("A group is three to seven cards of one natural rank, never more.")
    one_per_rank = Paragraph(_("Your side has one group per rank: more cards of that rank, from you or your "
                               "partner, go onto it. Both sides may have a group of the same rank."),
                             "one_per_rank")  # fmt: skip
    if shape.closed_ranks or shape.wild_melds_per_side is not None or shape.open_melds_per_rank is not None:
        one_per_rank = groups_of_a_rank(rules)
    paragraphs = [
        closed_at_seven() if shape.melds_close_at_canasta else by_option(rules, "eighth_card_going_out", size,
                                                                         "meld_size"),
        Paragraph(_("A group holds at least two natural cards and at most {most} wild cards.").format(
            most=shape.max_wilds), "wild_limit"),
        one_per_rank,
    ]  # fmt: skip
    if shape.rule_of_five or "rule_of_five" in option_names(rules.variant):
        paragraphs.append(_rule_of_five(rules))
    if shape.wildless_ranks or shape.initial_only_wild_ranks:
        paragraphs.append(_ranks_without_wilds(rules))
    if MeldKind.WILD in shape.meld_kinds:
        paragraphs.append(_wild_melds(rules))
    if shape.dead_ranks:
        paragraphs.append(Paragraph(_("Dead ranks: once any side completes a canasta of a rank, neither side may "
                                      "start or add to a meld of that rank, and nobody takes the pile with it on "
                                      "top. The table marks a dead rank on its canasta and on your cards of it."),
                                    "dead_ranks", codes=(Code.DEAD_RANK,)))  # fmt: skip
    if shape.threes_meld:
        paragraphs.append(black_threes_going_out(rules))
    else:
        paragraphs.append(Paragraph(_("Threes are never melded."), "black_threes"))
    return tuple(paragraphs)


def _rule_of_five(rules: Rules) -> Paragraph:
    five = rules.shape.rule_of_five
    if five:
        text = _(
            "The rule of five: in your side's initial meld any group may take wild cards; after it, a wild "
            "card joins a group only once the group holds {five} natural cards."
        ).format(five=five)
    else:
        text = _("In this game a wild card may join a group at any time, within the limit of wild cards.")
    return by_option(rules, "rule_of_five", text, "rule_of_five", (Code.RULE_OF_FIVE,))


def _ranks_without_wilds(rules: Rules) -> Paragraph:
    shape = rules.shape
    never = Rank.SEVEN in shape.wildless_ranks
    first = Rank.ACE in shape.initial_only_wild_ranks
    if never and first:
        text = _(
            "Sevens never take a wild card. Aces take wild cards only in your side's initial meld; such a "
            "mixed group of aces is an ordinary group (a mixed canasta, no special bonus or penalty)."
        )
    elif never:
        text = _("In this game sevens never take a wild card.")
    else:
        text = _("Some ranks never take a wild card.")
    return Paragraph(text, "sevens_aces", codes=(Code.RANK_TAKES_NO_WILD,))  # fmt: skip


def _wild_melds(rules: Rules) -> Paragraph:
    if rules.shape.one_open_wild_meld:
        text = _(
            "A wild meld is three to seven twos and jokers alone. Your side has one at a time, and while it "
            "is incomplete no wild card goes into any other meld."
        )
    else:
        text = _("A wild meld is three to seven twos and jokers alone.")
    return Paragraph(text, "wild_melds", codes=(Code.WILD_MELD_WILDS_ONLY, Code.ONE_OPEN_WILD_MELD,
                                                Code.WILD_MELD_OPEN))  # fmt: skip


def capped_canastas(rules: Rules) -> tuple[Paragraph, ...]:
    """Canastas of exactly seven cards, with the bonuses of their ranks and of wild canastas."""
    shape = rules.shape
    ranks = dict(shape.rank_canasta_bonus)
    paragraphs = [
        Paragraph(_("A canasta is a meld of exactly seven cards; nothing more goes onto it. A mixed canasta earns "
                    "{mixed}, a natural one {natural}.").format(mixed=shape.mixed_canasta_bonus,
                                                                natural=shape.natural_canasta_bonus), "canasta",
                  codes=(Code.WILDS_ON_CANASTA, Code.PILE_ONTO_CANASTA)),
    ]  # fmt: skip
    if Rank.ACE in ranks and Rank.SEVEN in ranks:
        paragraphs.append(Paragraph(_("A natural canasta of aces earns {aces}, a canasta of sevens {sevens}.").format(
            aces=ranks[Rank.ACE], sevens=ranks[Rank.SEVEN]), "rank_canastas"))  # fmt: skip
    paragraphs += rank_canasta_types(rules)
    if MeldKind.WILD in shape.meld_kinds:
        paragraphs.append(wild_canasta(rules))
    paragraphs.append(Paragraph(_("Every canasta also scores the values of its cards."), "card_values"))
    return tuple(paragraphs)


# -- the pile ---------------------------------------------------------------------------------------------------


def always_frozen_pile(rules: Rules) -> tuple[Paragraph, ...]:
    limit = rules.shape.canasta_size
    return (
        Paragraph(_("The pile is always frozen. You take it only with two natural cards of the top card's rank from "
                    "your hand, melded with it at once; then the rest of the pile goes into your hand. There must "
                    "be a pile to take."), "taking",
                  codes=(Code.PILE_EMPTY, Code.PILE_FROZEN_NEEDS_NATURAL_PAIR, Code.PILE_TAKE_NEEDS_NATURAL_PAIR,
                         Code.PILE_TAKE_BY_ADDING_NOT_ALLOWED, Code.PILE_TAKE_NEEDS_MELD, Code.PILE_TAKE_WRONG_RANK,
                         Code.TAKE_ONTO_NOT_ALONE)),
        Paragraph(_("If your side has a group of that rank with three or four cards, the three cards go onto it; "
                    "with five or more the pile cannot be taken, as the group would pass {limit}.").format(
                        limit=limit), "pile_meld", codes=(Code.PILE_MELD_FULL,)),
        blocked_top(rules) if rules.shape.closed_ranks else
        Paragraph(_("Nobody takes the pile with a three, a wild card or a card of a dead rank on top."), "blocked",
                  codes=(Code.PILE_BLOCKED_BLACK_THREE, Code.PILE_TOP_WILD, Code.PILE_TOP_DEAD_RANK)),
        Paragraph(_("Before your side's initial meld you may take the pile for it: the top card and your pair count "
                    "toward the minimum, with the melds you lay from your hand."), "initial_with_pile",
                  codes=(Code.PILE_NEEDS_INITIAL_MELD,)) if rules.shape.top_card_counts_for_minimum else
        Paragraph(_("Before your side's initial meld, you make it from your hand with the pair: the top card counts "
                    "neither toward the minimum nor toward the clean triple. A meld made by taking the pile earns "
                    "no bonus cards."), "initial_with_pile", codes=(Code.PILE_NEEDS_INITIAL_MELD,)),
        one_card_rule(rules),
        *black_threes_set_aside(rules),
    )  # fmt: skip


# -- the initial meld and going out ---------------------------------------------------------------------------------


def clean_triple(rules: Rules) -> tuple[Paragraph, ...]:
    """What the initial-meld step must hold besides the minimum, and what it may not complete."""
    shape = rules.shape
    paragraphs: list[Paragraph] = []
    if shape.initial_clean_triple:
        if shape.initial_wild_meld_for_triple:
            text = _("Your side's initial meld must include a clean triple (three or more natural cards of one live "
                     "rank, no wild card), or in this game a wild meld of three or more. Other melds laid with it "
                     "count toward the minimum.")  # fmt: skip
        else:
            text = _("Your side's initial meld must include a clean triple: three or more natural cards of one "
                     "live rank, no wild card. Other melds laid with it count toward the minimum.")  # fmt: skip
        paragraphs.append(by_option(rules, "initial_meld_needs", text, "clean_triple",
                                    (Code.INITIAL_MELD_NEEDS_CLEAN_TRIPLE,)))  # fmt: skip
    if shape.initial_mixed_canasta_barred:
        paragraphs.append(Paragraph(_("The initial meld may complete a natural canasta, never a mixed one."),
                                    "initial_canasta", codes=(Code.INITIAL_MIXED_CANASTA,)))  # fmt: skip
    if "splash" in option_names(rules.variant):
        if shape.splash:
            splash = _("In this game a natural or wild canasta laid whole from your hand as the initial meld needs "
                       "no minimum (the Splash).")  # fmt: skip
        else:
            splash = _("A canasta laid whole from your hand as the initial meld still needs the minimum.")
        paragraphs.append(by_option(rules, "splash", splash, "splash"))
    if "bonus_cards" in option_names(rules.variant):
        paragraphs.append(bonus_cards(rules))
    return tuple(paragraphs)


def out_by_discard(rules: Rules) -> tuple[Paragraph, ...]:
    """Going out only by a discard, never with an open meld the shape penalises."""
    return (
        Paragraph(_("You go out only by a discard: after your last meld you keep one card and discard it (it may "
                    "be a wild card, never a three). A hand that could only be emptied by melding cannot go out. "
                    "Going out earns {bonus}; going out concealed earns nothing more.").format(
                        bonus=rules.shape.going_out_bonus), "bonus", codes=(Code.CANNOT_MELD_EVERYTHING,)),
        Paragraph(_("Your side may not go out while it has an incomplete meld of natural aces, of sevens, or an "
                    "incomplete wild meld."), "open_melds", codes=(Code.GOING_OUT_OPEN_MELD,)),
    )  # fmt: skip


_SPECIAL_HANDS = {
    SpecialHands.CLA: N_(
        "Special hands: a player whose side has not melded may lay down all 14 of his cards (his 13 and the card "
        "he drew) at once as a special hand. It ends the hand; his side scores only its value, the other side "
        "scores as usual. The League's hands: the Straight (ace to king, a three, a two and a joker) 3000; Pairs "
        "(seven natural pairs) 2500; Wild pairs 2000; Garbage (two fours and two threes of a kind) 3000; Miami "
        "pairs 2500; Zip code 2500; Blast off 3000; Triples 3500; Quads 3500; and the Dream hands, 8500, which "
        "win the game."
    ),
    SpecialHands.PAGAT: N_(
        "Special hands: a player whose side has not melded may lay down all 14 of his cards (his 13 and the card "
        "he drew) at once as a special hand. It ends the hand; his side scores only its value, the other side "
        "scores as usual. In this game four hands count: the Straight (ace to king, a three, a two and a joker) "
        "3000, Pairs (seven natural pairs) 2500, Wild pairs 2000 and Garbage (two fours and two threes of a kind) "
        "2000."
    ),
    SpecialHands.OFF: N_("In this game there are no special hands: every hand is played out."),
}


def special_hands(rules: Rules) -> tuple[Paragraph, ...]:
    """The special hands of the house rule in force, where the game has them."""
    if "special_hands" not in option_names(rules.variant):
        return ()
    codes = (Code.SPECIAL_HANDS_OFF, Code.SPECIAL_HAND_NOT_NOW, Code.SPECIAL_HAND_SIDE_HAS_MELDED,
             Code.SPECIAL_HAND_NEEDS_14_CARDS, Code.SPECIAL_HAND_NOT_MADE, Code.THREE_ALREADY_KEPT)  # fmt: skip
    return (by_option(rules, "special_hands", _(_SPECIAL_HANDS[rules.special_hands]), "special_hands", codes),)


# -- scoring ----------------------------------------------------------------------------------------------------------


def canasta_count_scoring(rules: Rules) -> tuple[Paragraph, ...]:
    """Scoring by the side's completed canastas, its threes by colour, its penalties, and the worked example."""
    shape = rules.shape
    table = shape.red_three_bonus
    wild = shape.incomplete_wild_penalty
    jokers = shape.incomplete_wild_jokers_penalty
    if jokers != wild:
        open_wild = _("an incomplete wild meld {wild} ({jokers} when it holds all four jokers)").format(
            wild=wild, jokers=jokers)  # fmt: skip
    else:
        open_wild = _("an incomplete wild meld {wild}").format(wild=wild)
    ranks = dict(shape.incomplete_rank_penalty)
    held = dict(shape.held_rank_penalty)
    return (
        Paragraph(_("A side's score depends on how many canastas it completed. With two or more, it scores its "
                    "canasta bonuses, the going-out bonus, its threes and the values of its melded cards. With one, "
                    "the same, but its threes count 0. With none, it scores no bonus, and its melded cards and its "
                    "threes count against it."), "lines"),
        Paragraph(_("Threes score by colour: one {one}, two {two}, three {three}, all four {four}; the red and the "
                    "black ones are counted apart and added. A three left in hand (drawn as the last card) counts "
                    "{held} against its side.").format(one=table[1], two=table[2], three=table[3], four=table[4],
                                                        held=shape.held_red_three), "red_three_score"),
        by_option(rules, "incomplete_wild_meld_four_jokers", _(
            "Always against the side, whatever its canastas: the cards left in its hands; an incomplete meld of "
            "natural aces {aces}, of sevens {sevens}; {open_wild}; and each player holding three or more aces, or "
            "three or more sevens, {held} (those cards count their values too).").format(
                aces=ranks.get(Rank.ACE, 0), sevens=ranks.get(Rank.SEVEN, 0), open_wild=open_wild,
                held=held.get(Rank.ACE, 0)), "penalties"),
        Paragraph(_("Example: a side that went out with natural kings, mixed queens, sevens and three eights, two "
                    "red threes and a black one, and a nine and a four left in partner's hand, makes 3300 + 100 + "
                    "400 + 255 \u2212 15 = 4040. The other side, with one mixed canasta of jacks, three natural aces "
                    "and five cards left in hand, makes 300 + 150 + 0 \u2212 2500 \u2212 35 = \u22122085."),
                  "example"),
    )  # fmt: skip
