"""The words around the table that a person reads to follow it: the review's moves with their articles, in
English and in Italian."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from canasta.actions import Discard, Meld, TakePile
from canasta.cards import Card, parse_cards
from canasta.i18n import set_language
from canasta.ui.review_screen import action_words, cards_words


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    pygame.display.init()
    pygame.font.init()
    set_language("en")
    yield
    set_language("en")


def _cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text.split())


# -- the review's moves ---------------------------------------------------------------------------------------


def test_the_review_names_single_cards_with_their_article_and_counts_the_rest() -> None:
    cards = _cards("KH KS KC 2C JK")
    assert cards_words(cards) == "3 kings, the two of clubs and the joker"
    assert action_words(Discard(Card.parse("7D"))) == "Discard the seven of diamonds"
    assert action_words(Meld(new=(cards,))) == "Meld 3 kings, the two of clubs and the joker"
    set_language("it")
    assert cards_words(cards) == "3 re, il due di fiori e il jolly"
    assert action_words(Discard(Card.parse("7D"))) == "Scarta il sette di quadri"
    assert action_words(Discard(Card.parse("AS"))) == "Scarta l'asso di picche"
    assert action_words(Discard(Card.parse("JK"))) == "Scarta il jolly"
    assert action_words(TakePile(with_=_cards("QH QD"))) == "Prendi il pozzo con 2 donne"


def test_a_rank_held_twice_is_counted_once_where_it_first_appears() -> None:
    assert cards_words(_cards("5H 2C 5S 2D")) == "2 fives and 2 twos"
    assert cards_words(_cards("AH")) == "the ace of hearts" and cards_words(()) == ""
