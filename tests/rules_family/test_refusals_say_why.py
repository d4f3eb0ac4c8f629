"""Refusals of Samba and Bolivia that say what is wrong with the very cards (A3, A5, B5): cards that are neither
a group nor a sequence are told so, with the cards named; a card that does not fit a sequence is named; cards that
would run with the pile's top card hear that a sequence never takes the pile. Codes as ever; the words are new."""

from __future__ import annotations

from typing import Any

import pytest

from canasta.engine import check, view_for
from canasta.engine.actions import action_from_json
from canasta.engine.position import load_position
from canasta.engine.refusal_text import refusal_text
from tests.rules.positions import assert_refused
from tests.rules_family.family import Position, aces, meld, position, run, take


def player(hand: str, *melds: dict[str, Any], variant: str = "samba") -> Position:
    """Seat 0 to meld, his side down with three aces (and `melds`), holding `hand` and a few spare cards."""
    return position(variant, hands={0: hand + " 9D TS"}, melds={0: [aces(), *melds]}, phase="play")


def player_text(pos: Position, action: dict[str, Any]) -> str:
    """What the player reads for a refused action."""
    state = load_position(pos)
    made = check(view_for(state, state.current), action_from_json(action))
    assert made is not None
    return refusal_text(made)


@pytest.mark.parametrize("variant", ["samba", "bolivia"])
def test_a3_cards_of_several_ranks_and_suits_are_neither_a_group_nor_a_sequence(variant: str) -> None:
    pos = player("7S 8C 9C", variant=variant)
    message = assert_refused(pos, meld("7S 8C 9C"), "sequence_one_suit")
    assert message == "Neither a group nor a sequence: 7S 8C 9C. A sequence holds cards of one suit."
    assert player_text(pos, meld("7S 8C 9C")) == (
        "Neither a group nor a sequence: 7\u2660\u00a08\u2663\u00a09\u2663. A sequence holds cards of one suit."
    )


@pytest.mark.parametrize(
    ("laid", "code", "why"),
    [
        ("4D 5D KD", "sequence_not_run", "A sequence runs in rank order without gaps or repeated ranks."),
        ("3S 4S 5S", "sequence_naturals_only", "A sequence holds natural cards from 4 to ace only"),
        ("4S 5S JK", "meld_mixed_ranks", "A group holds one rank, and a sequence no wild card."),
    ],
)
def test_a3_each_way_cards_make_no_meld_names_the_cards_and_the_rule(laid: str, code: str, why: str) -> None:
    message = assert_refused(player(laid), meld(laid), code)
    assert message.startswith(f"Neither a group nor a sequence: {laid}. {why}")


@pytest.mark.parametrize(
    ("added", "code"),
    [("9H", "sequence_one_suit"), ("TS", "sequence_not_run"), ("2S", "sequence_naturals_only")],
)
def test_a3_a_card_a_sequence_cannot_take_is_named(added: str, code: str) -> None:
    pos = player(added, run("S", "6S 7S 8S"))
    message = assert_refused(pos, meld(add=[(1, added)]), code)
    assert message.startswith(f"Your sequence cannot take {added}. A sequence ")


@pytest.mark.parametrize("variant", ["samba", "bolivia"])
@pytest.mark.parametrize("with_", ["5H 6H", "6H", "8H 9H"])
def test_a5_b5_cards_that_would_run_with_the_top_card_hear_that_a_sequence_never_takes_the_pile(
    variant: str, with_: str
) -> None:
    pos = position(variant, hands={0: "5H 6H 8H 9H 4C"}, pile="4D 7H", melds={0: [aces(), run("H", "TH JH QH")]})
    message = assert_refused(pos, take(with_), "pile_take_wrong_rank")
    assert message == (
        f"A sequence never takes the pile: 7H goes with two natural sevens from your hand, or alone onto a meld, "
        f"never with {with_}."
    )


def test_a5_other_cards_with_the_top_card_are_still_told_which_ranks_go_with_it() -> None:
    pos = position("samba", hands={0: "5H 5S KC 4C"}, pile="4D 7H", melds={0: [aces()]})
    message = assert_refused(pos, take("5H 5S"), "pile_take_wrong_rank")
    assert message == "Only sevens and wild cards go with the top card 7H."
