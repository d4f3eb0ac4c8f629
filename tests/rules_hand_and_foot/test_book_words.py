"""Hand and Foot calls its canastas books, and so do its refusals: the referee's English message and the text the
player reads, in every refusal the game can give that counts or names them (D3, D4, D8)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from canasta.engine import check, legal_actions, view_for
from canasta.engine.actions import Action, Meld, action_from_json
from canasta.engine.position import load_position
from canasta.engine.refusal_text import refusal_text
from canasta.engine.refusals import Refusal
from canasta.engine.rules import Variant
from canasta.engine.state import GameState
from canasta.i18n import set_language
from tests.i18n.test_refusal_text import _random_action
from tests.play import played_states
from tests.rules.positions import act
from tests.rules_hand_and_foot.hf import (
    CLEAN_KINGS,
    DIRTY_FIVES,
    DIRTY_QUEENS,
    Position,
    book,
    in_foot,
    meld,
    playing,
)

DOWN = [book("A", "AC AD AH")]  # the side has melded: no first-meld minimum


def refused(pos: Position, action: dict[str, Any], code: str) -> tuple[str, str]:
    """The referee's message for a refused action, and the player's text of the same refusal."""
    answer = act(pos, action)
    assert answer.get("legal") is False and answer.get("code") == code, answer
    state = load_position(pos)
    made = check(view_for(state, state.current), action_from_json(action))
    assert made is not None and made.code.value == code
    return answer["message"], refusal_text(made)


def test_d8_the_books_to_go_out_are_counted_as_books() -> None:
    books = [book("K", CLEAN_KINGS), book("5", DIRTY_FIVES), book("Q", DIRTY_QUEENS)]
    pos = in_foot("9C 9D 9H", melds={0: books}, rules={"ask_partner": "optional"})
    message, text = refused(pos, meld("9C 9D 9H"), "going_out_needs_books")
    expected = "Your side needs 2 clean and 2 dirty books to go out; it has 1 and 2."
    assert message == expected and text == expected


def test_d4_a_complete_book_takes_no_more_wild_cards_in_its_own_words() -> None:
    pos = playing("2C 9H 9S", melds={0: [*DOWN, book("K", CLEAN_KINGS)]})
    message, text = refused(pos, meld(add={"K": "2C"}), "wilds_on_canasta")
    assert message == text == "A complete book takes no more wild cards."


@pytest.mark.parametrize(
    ("hand", "laid", "code", "expected"),
    [
        ("9C 9D 9H", "9C 9D 9H", "going_out_needs_canasta", "Your side needs 1 book to go out; it has 0."),
        (
            "9C 9D 9H 4S",
            "9C 9D 9H",
            "must_keep_two_cards",
            "Keep at least two cards: your side needs 1 book to go out and has 0.",
        ),
    ],
)
def test_d13_without_books_to_go_out_the_one_canasta_needed_is_a_book(
    hand: str, laid: str, code: str, expected: str
) -> None:
    rules = {"ask_partner": "optional", "books_to_go_out": [0, 0]}
    pos = in_foot(hand, melds={0: DOWN}, rules=rules)
    message, text = refused(pos, meld(laid), code)
    assert message == text == expected


def test_in_italian_too_the_books_are_no_canastas() -> None:
    state = load_position(playing("2C 9H 9S", melds={0: [*DOWN, book("K", CLEAN_KINGS)]}))
    made = check(view_for(state, 0), action_from_json(meld(add={"K": "2C"})))
    assert made is not None
    set_language("it")
    assert "canast" not in refusal_text(made).lower()


def test_no_refusal_of_played_rounds_says_canasta() -> None:
    met: set[str] = set()
    for seed in range(4):
        rng = random.Random(seed)
        for state in list(played_states(seed, variant=Variant.HAND_AND_FOOT))[::3]:
            for made in _refusals(state, rng):
                met.add(made.code.value)
                for words in (made.message, refusal_text(made)):
                    assert "canasta" not in words.lower(), f"{made.code}: {words}"
    assert {"wilds_on_canasta", "going_out_needs_books"} <= met, "the rounds met no refusal that counts books"


def _refusals(state: GameState, rng: random.Random) -> list[Refusal]:
    """The refusals of random actions (some onto each of the side's melds) and of a few legal ones, seen from
    the seat to move."""
    view = view_for(state, state.current)
    side = view.melds[view.rules.shape.seat_side[view.seat]]
    actions: list[Action] = [_random_action(rng, state) for _ in range(6)] + legal_actions(view)[:2]
    for index in range(len(side)):  # wild cards and other cards onto each of the side's melds
        actions.append(Meld(add_to=((index, tuple(rng.sample(view.hand, min(2, len(view.hand))))),)))
    return [made for action in actions if (made := check(view, action)) is not None]
