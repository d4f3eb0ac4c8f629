"""A clause-by-clause audit of the rule book (docs/rules.md): tests for clauses the other rule tests did not hold
the engine to.

Each test names the clause it checks. Side 0 holds three aces (its initial meld) unless a test says otherwise.
"""

from __future__ import annotations

import pytest

from canasta.engine.rules import Rules
from tests.rules.positions import (
    ACES,
    NATURAL_CANASTA,
    SEVEN_FOURS,
    assert_legal,
    assert_refused,
    discard,
    meld,
    position,
    same,
    score,
    take,
    the_meld,
)

# --- The first meld: the minimum ----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 6])
@pytest.mark.parametrize("cumulative", [-5, -4_995, -1_000_000_000, -1_000_000_005, -(10**15)])
def test_every_score_below_zero_needs_15(players: int, cumulative: int) -> None:
    """The first meld's table: "below 0 | 15", however far below zero the side's score has gone."""
    assert Rules.for_players(players).minimum_for(cumulative) == 15


# --- The discard pile and Going out: going out by taking the pile -------------------------------------------


def test_a_take_that_melds_the_whole_hand_goes_out() -> None:
    """The pile's order and going out: a one-card pile taken with the last two cards empties the hand, which
    ends the hand at once with the going-out bonus (the player melded before this hand: no concealed bonus)."""
    pos = position(hands={0: "8H 8D"}, pile="8S", melds={0: [ACES, NATURAL_CANASTA]})
    over = assert_legal(pos, take("8H 8D"))
    assert over["phase"] == "over"
    assert over["out"] == {"seat": 0, "concealed": False}
    assert same(the_meld(over, 0, "8"), "8S 8H 8D")
    assert score(over)[0]["going_out"] == 100


def test_a_take_that_would_empty_the_hand_needs_a_canasta() -> None:
    """Keep two cards ("A turn"): without a canasta, a take may not leave the hand empty."""
    pos = position(hands={0: "8H 8D"}, pile="8S", melds={0: [ACES]})
    assert_refused(pos, take("8H 8D"), "going_out_needs_canasta")


def test_a_concealed_going_out_may_start_with_a_pile_take() -> None:
    """Going out concealed (every card into melds he made this turn) and its minimum ("if he took the
    pile, the normal minimum applies to the take"): a take that meets the minimum, then melding every card with
    a canasta of his own, scores 200."""
    pos = position(hands={0: "KH KD KC KH KD QC QD QH 9C"}, pile="KS KC", melds={})
    taken = assert_legal(pos, take("KH KD", also=["QC QD QH"]))  # 30 + 30 points: the top king counts
    assert taken["phase"] == "play" and taken["turn"]["concealed"] is True
    melded = assert_legal(taken, meld(add={"K": "KC KH KD KS"}))  # the pile's KS among them
    assert same(the_meld(melded, 0, "K"), "KC KH KD KC KH KD KS")
    over = assert_legal(melded, discard("9C"))
    assert over["out"] == {"seat": 0, "concealed": True}
    assert score(over)[0]["going_out"] == 200


def test_a_one_card_hand_may_not_take_a_one_card_pile_even_to_go_out() -> None:
    """The discard pile: "A player holding exactly one card may not take a pile of exactly one card", even when adding
    the top card to his side's meld would be a legal take otherwise."""
    pos = position(hands={0: "8H"}, pile="8S", melds={0: [ACES, NATURAL_CANASTA, "8C 8D 8C"]})
    assert_refused(pos, take(""), "one_card_pile")
    assert_refused(pos, take("8H"), "one_card_pile")


# --- Asking partner: the answer binds the pile take too ------------------------------------------------------


def test_after_no_a_take_that_empties_the_hand_is_refused() -> None:
    """Asking partner: after "no" he may not go out this turn, also not by taking the pile with his last cards."""
    pos = position(hands={0: "8H 8D"}, pile="8S", melds={0: [ACES, NATURAL_CANASTA]}, turn={"question": "no"})
    assert_refused(pos, take("8H 8D"), "partner_said_no")


def test_under_required_a_take_that_empties_the_hand_needs_the_question() -> None:
    """Asking partner, `ask_partner: required`: going out by a pile take without asking is refused; after
    "yes" it is legal."""
    rules = {"ask_partner": "required"}
    pos = position(hands={0: "8H 8D"}, pile="8S", melds={0: [ACES, NATURAL_CANASTA]}, rules=rules)
    assert_refused(pos, take("8H 8D"), "must_ask_partner")
    asked = position(
        hands={0: "8H 8D"}, pile="8S", melds={0: [ACES, NATURAL_CANASTA]}, rules=rules, turn={"question": "yes"}
    )
    over = assert_legal(asked, take("8H 8D"))
    assert over["out"] == {"seat": 0, "concealed": False}


# --- The first meld: the concealed exemption from the minimum -------------------------------------------------


def test_an_exempt_concealed_step_below_the_minimum_goes_out_with_the_discard() -> None:
    """The first meld: after a stock draw, seven fours (35, below 50) laid as a canasta leaving one card need no
    minimum; the discard then goes out concealed, and the hand scores 500 + 35 + 200 for the melder's side."""
    pos = position(phase="play", hands={0: f"{SEVEN_FOURS} 9C"}, melds={}, pile="8C")
    step = assert_legal(pos, meld(SEVEN_FOURS))
    assert step["turn"]["exempt"] is True
    over = assert_legal(step, discard("9C"))
    assert over["out"] == {"seat": 0, "concealed": True}
    side = score(over)[0]
    assert (side["canastas"], side["melded"], side["going_out"]) == (500, 35, 200)
