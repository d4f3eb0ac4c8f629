"""Card and rank names in the player's language, for the coach's sentences.

The tables hold texts marked with `N_`; the functions translate them where they are shown. A sentence that
names one card says it with its article (`card_name_with_article`: "Discard {card}" reads "Discard the seven
of spades", in Italian "Scarta il sette di picche", "Scarta l'asso di picche"); `card_name` is the bare name,
for lists and counts ("2 \u00d7 two of clubs").
"""

from __future__ import annotations

from canasta.engine import refusal_text
from canasta.engine.cards import Card, Rank, Suit
from canasta.i18n import N_, _

_PLURAL = {
    Rank.JOKER: N_("jokers"), Rank.TWO: N_("twos"), Rank.THREE: N_("threes"), Rank.FOUR: N_("fours"),
    Rank.FIVE: N_("fives"), Rank.SIX: N_("sixes"), Rank.SEVEN: N_("sevens"), Rank.EIGHT: N_("eights"),
    Rank.NINE: N_("nines"), Rank.TEN: N_("tens"), Rank.JACK: N_("jacks"), Rank.QUEEN: N_("queens"),
    Rank.KING: N_("kings"), Rank.ACE: N_("aces"),
}  # fmt: skip
_SINGULAR = {
    Rank.JOKER: N_("joker"), Rank.TWO: N_("two"), Rank.THREE: N_("three"), Rank.FOUR: N_("four"),
    Rank.FIVE: N_("five"), Rank.SIX: N_("six"), Rank.SEVEN: N_("seven"), Rank.EIGHT: N_("eight"),
    Rank.NINE: N_("nine"), Rank.TEN: N_("ten"), Rank.JACK: N_("jack"), Rank.QUEEN: N_("queen"),
    Rank.KING: N_("king"), Rank.ACE: N_("ace"),
}  # fmt: skip
_SUITS = {Suit.CLUBS: N_("clubs"), Suit.DIAMONDS: N_("diamonds"), Suit.HEARTS: N_("hearts"), Suit.SPADES: N_("spades")}


def rank_plural(rank: Rank) -> str:
    """The rank's plural name ("kings"), translated."""
    return _(_PLURAL[rank])


def suit_plural(suit: Suit) -> str:
    """The suit's name ("hearts"), translated: a sequence is "of hearts"."""
    return _(_SUITS[suit])


def card_name(card: Card) -> str:
    """The card's name ("seven of spades", "joker"), translated."""
    if card.suit is None:
        return _(_SINGULAR[card.rank])
    return _("{rank} of {suit}").format(rank=_(_SINGULAR[card.rank]), suit=_(_SUITS[card.suit]))


def card_name_with_article(card: Card) -> str:
    """The card with its definite article, as a sentence names it ("the seven of spades", "the joker"; in
    Italian "il sette di picche", "l'asso di picche", "la donna di cuori", "il jolly"), translated.

    The same names as the refusals' (`canasta.engine.refusal_text.card_name`), so a card reads alike everywhere.
    """
    return refusal_text.card_name(card)
