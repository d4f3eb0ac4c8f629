"""The sections of the cards, the players, the deal and a turn."""

from __future__ import annotations

from canasta.engine.rules import (
    FootAfterDiscard,
    RedThrees,
    Rules,
    UpcardBlackThree,
    UpcardSpecials,
    option_names,
)
from canasta.engine.rules.catalog import player_counts
from canasta.i18n import _, ngettext
from canasta.ui.screens.house_rules import (
    variant_name,
)
from canasta.ui.screens.rules_text.base import Paragraph, Section, Words, by_option, card_values, words_of
from canasta.ui.screens.rules_text.closing import (
    discard_limits,
    many_packs,
    packet_deal,
    packet_pickup,
    partners_of_three,
    takes_up_packet,
)
from canasta.ui.screens.rules_text.limits import banned_discards, both_threes, deal_without_upcard


def cards_section(rules: Rules) -> Section:
    shape = rules.shape
    words = words_of(rules)
    if words is Words.BOOKS:
        deck = by_option(rules, "packs", _("Hand and Foot is played with {packs} packs of 52 cards, each with two "
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
        if 6 not in player_counts(rules.variant):
            deck = Paragraph(_("Canasta is played with two packs of 52 cards and four jokers: 108 cards, each rank "
                               "eight times."), "cards")  # fmt: skip
        if shape.packs > 3:
            deck = many_packs(rules)
        wild = _("Jokers and twos are wild cards. Aces, kings, queens, jacks and the tens down to the fours are "
                 "natural cards: only they form melds.")  # fmt: skip
    return Section("cards", _("Cards and their values"), (
        deck, Paragraph(wild, "wild"), _threes(rules), card_values(),
    ))  # fmt: skip


def _threes(rules: Rules) -> Paragraph:
    if rules.shape.lays_out_black_threes:
        return both_threes()
    if not rules.shape.threes_meld:  # Hand and Foot: threes are never melded, and red threes may be held
        if rules.red_threes is RedThrees.BONUS_100:
            threes = _("Red threes are bonus cards: you lay them out at once and draw a card in their place. Black "
                       "threes are stop cards: discarded, they stop the next player from taking the pile. Threes "
                       "are never melded.")  # fmt: skip
        else:
            threes = _("In this game red threes are never laid out: each one still held when the round ends counts "
                       "500 against its side, so discard them. Black threes stop the next player from taking the "
                       "pile. Threes are never melded.")  # fmt: skip
        return by_option(rules, "red_threes", threes, "threes")
    return Paragraph(_("Red threes are bonus cards: you lay them out at once and draw a card in their place. Black "
                       "threes are stop cards: discarded, they stop the next player from taking the pile."),
                     "threes")  # fmt: skip


def players_section(rules: Rules) -> Section:
    count = rules.players
    if count == 4:
        text = _("Four players play in two partnerships; partners sit opposite each other.")
    elif words_of(rules) is Words.CANASTAS and rules.shape.packs <= 3:
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
        main = by_option(rules, seating, text, "this_game")
    else:
        main = Paragraph(text, "this_game")
    if words_of(rules) is Words.BOOKS:
        partners = _("There is no partner to ask with two or three players; with four or six, your partners share "
                     "your books and your score.")  # fmt: skip
    else:
        partners = _("There is no partner to ask with two or three players; with four or six, your partner sits "
                     "opposite and shares your melds and your score.")  # fmt: skip
    if len(rules.shape.sides[0]) == 3 and words_of(rules) is not Words.BOOKS:
        return Section("players", _("Players and partners"), (main, partners_of_three()))
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


def deal_section(rules: Rules) -> Section:
    shape = rules.shape
    if not shape.upcard:
        return Section("deal", _("The deal"), deal_without_upcard(rules))
    if takes_up_packet(rules):
        return Section("deal", _("The deal"), (
            *packet_deal(rules),
            _upcard(rules),
            by_option(rules, "upcard_black_three", _upcard_black_three(rules)),
            Paragraph(_("Before the first turn, every player lays out the red threes of his hand and draws a card "
                        "for each."), "red_threes_dealt"),
        ))  # fmt: skip
    if shape.foot_size:
        return Section("deal", _("The deal"), (
            Paragraph(_("A game is four rounds; the deal passes to the left after each. The player on the dealer's "
                        "left plays first, and play goes round to the left."), "seats"),
            by_option(rules, "hand_size", _("Each player gets a hand of {count} cards to play first.").format(
                count=shape.cards_dealt), "deal"),
            by_option(rules, "foot_size", _("Each player also gets a foot of {count} cards, face down: nobody looks at "
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
        by_option(rules, "upcard_black_three", _upcard_black_three(rules)),
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
    return by_option(rules, "upcard_specials", special, "upcard")


def _upcard_black_three(rules: Rules) -> str:
    if rules.upcard_black_three is UpcardBlackThree.STAYS:
        return _("A black three turned up stays on top: the first player cannot take the pile.")
    if rules.upcard_black_three is UpcardBlackThree.COVER:
        return _("A black three turned up is covered by the next card of the stock.")
    return _("A black three turned up is covered by the next card, and the pile starts frozen.")


def turn_section(rules: Rules) -> Section:
    if rules.shape.foot_size and not takes_up_packet(rules):
        return _turn_with_a_foot(rules)
    draw = ngettext("draw the top card of the stock", "draw the top {count} cards of the stock",
                    rules.shape.draw_count).format(count=rules.shape.draw_count)  # fmt: skip
    return Section("turn", _("A turn"), (
        Paragraph(_("Only the player whose turn it is may play; the hand is over once someone goes out."),
                  "turn_order"),
        by_option(rules, "draw_count", drawn(rules).format(draw=draw), "draw"),
        Paragraph(_("Then you may meld: lay down new melds and add cards to your side's melds, only with "
                    "cards from your hand."), "meld"),
        *((packet_pickup(rules),) if takes_up_packet(rules) else ()),
        banned_discards() if rules.shape.discard_bans else discard_limits(rules),
        Paragraph(_("Melds are never taken back, split or rearranged, and nobody adds to the other side's "
                    "melds.") if rules.shape.groups_per_rank is not None or rules.shape.open_melds_per_rank else
                  _("Melds are never taken back or split (only two groups of a rank may be joined), and nobody "
                    "adds to the other side's melds."), "melds_stay"),
    ))  # fmt: skip


def drawn(rules: Rules) -> str:
    """The turn's draw, with `{draw}` for what is drawn from the stock."""
    if rules.shape.lays_out_black_threes:
        return _("First draw: {draw}, or take the whole discard pile if the rules let you. A three drawn, red or "
                 "black, is laid out and replaced at once.")  # fmt: skip
    return _("First draw: {draw}, or take the whole discard pile if the rules let you. A red three drawn is laid "
             "out and replaced at once.")  # fmt: skip


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
        discard_limits(rules),
        Paragraph(_("Your foot: once your hand is empty, you pick up your foot and it becomes your hand. If you "
                    "emptied your hand by melding, you pick it up at once and go on with your turn. Red threes "
                    "in it are laid out and replaced."), "pick_up_foot"),
        by_option(rules, "foot_after_discard", by_discard, "foot_by_discard"),
        Paragraph(_("Books are never taken back or split, and nobody adds to the other side's books."),
                  "melds_stay"),
    ))  # fmt: skip
