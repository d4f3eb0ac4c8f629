"""The warning before a risky discard, in the games whose pile is taken otherwise than classic's: it says only what
the rules let the next player do, and counts the cards a take moves."""

from __future__ import annotations

from typing import Any

import pytest

from canasta.engine import apply, view_for
from canasta.engine.actions import TakePile
from canasta.engine.cards import Card
from canasta.engine.position import load_position
from canasta.engine.rules import Rules
from canasta.ui.table.input.actions import cards_a_take_moves, risky_discard
from tests.rules_hand_and_foot.hf import book
from tests.rules_hand_and_foot.hf import position as hand_and_foot

PILE = "4C 4D 4H 4S 5C 5D 5H 5S 6C 6D 9C 9D 8S 8D"  # fourteen cards


def _discarding(**rules: Any) -> dict[str, Any]:
    """Seat 0 to discard in Hand and Foot; the next player's side has an open group of sevens."""
    melds = {0: [book("A", "AC AD AH")], 1: [book("7", "7C 7S 7D")]}
    return hand_and_foot(hands={0: "7H KC QS 5D"}, pile=PILE, melds=melds, phase="play", rules=rules)


def test_in_hand_and_foot_a_card_of_the_next_sides_meld_is_not_called_a_take_the_rules_forbid() -> None:
    """Hand and Foot's pile always needs a natural pair from hand: the top card never goes alone onto a meld,
    so nothing on the table says the next player can take the pile with it."""
    view = view_for(load_position(_discarding()), 0)
    assert risky_discard(view, Card.parse("7H")) is None


@pytest.mark.parametrize("count", [7, 5, 3, 1, 0])
@pytest.mark.parametrize("below", [2, 14])
def test_a_take_moves_what_the_engine_moves(count: int, below: int) -> None:
    """What the warning counts is what a take of the pile really moves: the shape's top cards or the pile."""
    pile = " ".join(PILE.split()[:below])
    text = hand_and_foot(
        hands={0: "KC KD 8C"}, pile=f"{pile} KH", melds={0: [book("A", "AC AD AH")]}, rules={"pile_take_count": count}
    )
    state = load_position(text)
    pair = tuple(card for card in state.hands[0] if card.text in ("KC", "KD"))
    taken = apply(state, TakePile(pair, ())).state
    moved = len(state.pile) - len(taken.pile)
    assert cards_a_take_moves(state.rules, len(state.pile)) == moved


def test_in_classic_a_take_moves_the_whole_pile() -> None:
    assert cards_a_take_moves(Rules.for_players(4), 23) == 23


def test_the_warning_follows_the_engines_pile_rule_not_a_house_rule_it_ignores() -> None:
    """Under a pile rule where the top card alone always goes onto an unfinished meld, the house rule
    `pile_take_by_adding_to_meld: no` changes nothing (the engine says so): the discard is still risky."""
    from dataclasses import replace

    from canasta.engine.pile_rules import top_card_alone_takes
    from canasta.engine.rules import PileRule
    from tests.rules.positions import position as classic

    melds = {0: [["AH", "AS", "AD"]], 1: [["7C", "7S", "7C"]]}
    view = view_for(load_position(classic(hands={0: "7H 7D KC QS 5D"}, pile="4C 9D", melds=melds, phase="play")), 0)
    plain = Rules.for_players(4, pile_take_by_adding_to_meld=False)
    rules = plain.with_shape(replace(plain.shape, pile_rule=PileRule.PAIR_OR_UNFINISHED_MELD))
    assert top_card_alone_takes(rules)
    warning = risky_discard(replace(view, rules=rules), Card.parse("7H"))
    assert warning is not None and "sevens" in warning
