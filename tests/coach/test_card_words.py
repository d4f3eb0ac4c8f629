"""The coach names a card with its article where the sentence needs one, in English and in Italian:
"Discard the seven of diamonds", "Scarta il sette di quadri", "Scarta l'asso di picche", "Scarta il jolly"."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from canasta.ai.base import CardMemory
from canasta.coach.explain import explain
from canasta.coach.names import card_name_with_article
from canasta.engine import view_for
from canasta.engine.actions import Discard
from canasta.engine.cards import Card
from canasta.engine.position import load_position
from canasta.i18n import LOCALE_DIR, Language, catalogue_path, parse_po, set_language
from tests.rules.positions import position

COACH_FILES = ("canasta/coach/", "canasta/ui/screens/review.py")
ITALIAN_ARTICLE_BEFORE_CARD = re.compile(r"\b(il|lo|la|l'|i|gli|le|del|della|dell')\s*\{card\}", re.IGNORECASE)


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")


@pytest.mark.parametrize(
    ("text", "english", "italian"),
    [
        ("7S", "the seven of spades", "il sette di picche"),
        ("AS", "the ace of spades", "l'asso di picche"),
        ("8D", "the eight of diamonds", "l'otto di quadri"),
        ("JC", "the jack of clubs", "il fante di fiori"),
        ("QH", "the queen of hearts", "la donna di cuori"),
        ("KD", "the king of diamonds", "il re di quadri"),
        ("2H", "the two of hearts", "il due di cuori"),
        ("JK", "the joker", "il jolly"),
    ],
)
def test_a_card_with_its_article(text: str, english: str, italian: str) -> None:
    card = Card.parse(text)
    assert card_name_with_article(card) == english
    set_language("it")
    assert card_name_with_article(card) == italian


def _discard_reason(hand: str, discard: str) -> str:
    state = load_position(position(hands={0: hand}, pile="5C 6D 7H", melds={0: ["KH KS KC"]}, phase="play"))
    view = view_for(state, 0)
    card = next(held for held in view.hand if held.text == discard)
    return explain(view, CardMemory.from_view(view), Discard(card))


@pytest.mark.parametrize(
    ("hand", "discard", "english", "italian"),
    [
        ("7D 9H 9D 9S 4C", "7D", "Discard the seven of diamonds: ", "Scarta il sette di quadri: "),
        ("AS 9H 9D 9S 4C", "AS", "Discard the ace of spades: ", "Scarta l'asso di picche: "),
        ("QH 9H 9D 9S 4C", "QH", "Discard the queen of hearts: ", "Scarta la donna di cuori: "),
        ("JK 9H 9D 9S 4C", "JK", "Discard the joker: ", "Scarta il jolly: "),
        ("2H 9H 9D 9S 4C", "2H", "Discard the two of hearts: ", "Scarta il due di cuori: "),
        ("3C 9H 9D 9S 4D", "3C", "Discard the three of clubs: ", "Scarta il tre di fiori: "),
    ],
)
def test_a_discard_hint_names_the_card_with_its_article(hand: str, discard: str, english: str, italian: str) -> None:
    assert _discard_reason(hand, discard).startswith(english)
    set_language("it")
    reason = _discard_reason(hand, discard)
    assert reason.startswith(italian), reason
    assert "{" not in reason and "Scarta sette" not in reason


def test_no_coach_sentence_puts_a_second_article_before_the_card() -> None:
    """The name brings its article: "Discard {card}", never "Discard the {card}" ("Scarta il il sette")."""
    entries = parse_po(catalogue_path(Language.ITALIAN, ".po", LOCALE_DIR).read_text("utf-8"))
    checked = 0
    for entry in entries:
        if "{card}" not in entry.msgid or not any(ref.startswith(COACH_FILES) for ref in entry.references):
            continue
        checked += 1
        assert "the {card}" not in entry.msgid.lower(), entry.msgid
        for text in entry.msgstr:
            assert not ITALIAN_ARTICLE_BEFORE_CARD.search(text), text
    assert checked >= 13
