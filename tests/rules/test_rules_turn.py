"""docs/rules.md, "The deal and the upcard" and "A turn", as far as a position can express them.

The deal itself (11/13/15 cards, the dealer's rotation, red threes dealt) happens before any position exists
and is not judged by the referee; the upcard rules show in the piles they leave behind.
"""

import pytest

from tests.rules.positions import (
    ACES,
    answer,
    assert_legal,
    assert_refused,
    discard,
    draw,
    hand,
    meld,
    pass_,
    position,
    same,
    side_of,
    take,
    the_meld,
)

# --- A turn, 1: draw ----------------------------------------------------------------------------------------


def test_a_four_player_stock_draw_takes_the_top_card_only() -> None:
    pos = position(hands={0: "5C 6D 9H"}, stock_top="KS 8D", pile="7C")
    new = assert_legal(pos, draw())
    assert same(hand(new, 0), "5C 6D 9H KS")
    assert new["stock"] == pos["stock"][1:]
    assert new["phase"] == "play"
    assert new["current"] == 0
    assert new["turn"]["drew_from"] == "stock"


@pytest.mark.parametrize(
    ("stock_top", "laid_out", "drawn"),
    [("3H 7C", "3H", "7C"), ("3D 7C", "3D", "7C"), ("3D 3H 7C", "3D 3H", "7C")],
)
def test_a_red_three_drawn_is_laid_out_at_once_and_replaced(stock_top: str, laid_out: str, drawn: str) -> None:
    pos = position(hands={0: "5C 6D 9H"}, stock_top=stock_top, pile="8C")
    new = assert_legal(pos, draw())
    assert same(hand(new, 0), "5C 6D 9H " + drawn)
    assert same(new["red_threes"][0], laid_out)
    assert new["red_threes"][1] == []


def test_a_red_three_drawn_by_the_other_side_goes_to_its_row() -> None:
    pos = position(current=1, hands={1: "5C 6D 9H"}, stock_top="3H 7C", pile="8C")
    new = assert_legal(pos, draw())
    assert same(new["red_threes"][1], "3H")
    assert new["red_threes"][0] == []


def test_drawing_twice_in_one_turn_is_refused() -> None:
    pos = position(phase="play", hands={0: "5C 6D 9H"}, pile="8C")
    assert_refused(pos, draw(), "already_drew")


def test_taking_the_pile_after_drawing_is_refused() -> None:
    pos = position(phase="play", hands={0: "8H 8D 9H"}, pile="5C 8C", melds={0: [ACES]})
    assert_refused(pos, take("8H 8D"), "already_drew")


# --- A turn, 2 meld and 3 discard: in that order ------------------------------------------------------------


def test_melding_before_drawing_is_refused() -> None:
    pos = position(hands={0: "5C 5D 5H 9C 9D"}, melds={0: [ACES]}, pile="8C")
    assert_refused(pos, meld("5C 5D 5H"), "must_draw_first")


def test_discarding_before_drawing_is_refused() -> None:
    pos = position(hands={0: "5C 9C 9D"}, pile="8C")
    assert_refused(pos, discard("5C"), "must_draw_first")


@pytest.mark.parametrize(
    ("players", "current", "following"),
    [(4, 0, 1), (4, 1, 2), (4, 3, 0), (2, 0, 1), (2, 1, 0), (3, 2, 0), (6, 2, 3), (6, 5, 0)],
)
def test_the_discard_ends_the_turn_and_play_moves_clockwise(players: int, current: int, following: int) -> None:
    pos = position(players, current=current, phase="play", hands={current: "5C 9H 9D"}, pile="8C")
    new = assert_legal(pos, discard("5C"))
    assert new["pile"] == ["8C", "5C"]
    assert same(hand(new, current), "9H 9D")
    assert new["current"] == following
    assert new["phase"] == "draw"
    assert new["turn"].get("drew_from") is None
    assert not new["turn"].get("melded") and new["turn"].get("question") is None


def test_discarding_a_card_not_in_hand_is_refused() -> None:
    pos = position(phase="play", hands={0: "5C 9H 9D"}, pile="8C")
    assert_refused(pos, discard("KS"), "card_not_in_hand")


def test_melding_a_card_not_in_hand_is_refused() -> None:
    pos = position(phase="play", hands={0: "5C 5D 9H 9D 7C"}, melds={0: [ACES]}, pile="8C")
    assert_refused(pos, meld("5C 5D 5H"), "card_not_in_hand")


def test_melding_one_held_card_twice_is_refused() -> None:
    # Two copies of 5C exist; holding one, the player cannot meld it twice.
    pos = position(phase="play", hands={0: "5C 5D 2C 9H 9D"}, melds={0: [ACES]}, pile="8C")
    assert_refused(pos, meld("5C 5C 5D"), "card_not_in_hand")


def test_a_meld_step_with_nothing_in_it_is_refused() -> None:
    pos = position(phase="play", hands={0: "5C 5D 9H 9D"}, melds={0: [ACES]}, pile="8C")
    assert_refused(pos, meld(), "empty_meld_step")


def test_pass_is_refused_while_the_stock_has_cards() -> None:
    pos = position(hands={0: "5C 9H 9D"}, pile="8C")
    assert_refused(pos, pass_(), "cannot_pass")


def test_pass_is_refused_in_an_ordinary_play_phase() -> None:
    pos = position(phase="play", hands={0: "5C 9H 9D"}, pile="8C")
    assert_refused(pos, pass_(), "cannot_pass")


def test_an_answer_nobody_asked_for_is_refused() -> None:
    pos = position(hands={0: "5C 9H 9D"}, pile="8C")
    assert_refused(pos, answer(True), "not_asked")


# --- A turn, what never happens: the sides' melds -----------------------------------------------------------


def test_partners_add_to_their_sides_melds() -> None:
    # Seat 2 made the kings; seat 0 adds to them.
    pos = position(phase="play", hands={0: "KS 9H 9D"}, melds={0: ["KC KD KH"]}, pile="8C")
    new = assert_legal(pos, meld(add={"K": "KS"}))
    assert same(the_meld(new, 0, "K"), "KC KD KH KS")


def test_nobody_adds_to_the_other_sides_melds() -> None:
    pos = position(phase="play", hands={0: "KS 9H 9D"}, melds={0: [ACES], 1: ["KC KD KH"]}, pile="8C")
    assert_refused(pos, meld(add={"K": "KS"}), "no_meld_of_rank")


def test_partners_are_the_seats_opposite() -> None:
    assert side_of(0) == side_of(2) and side_of(1) == side_of(3) and side_of(0) != side_of(1)


# --- The deal and the upcard, as the pile shows it ----------------------------------------------------------


@pytest.mark.parametrize("black_three", ["3C", "3S"])
def test_a_black_three_upcard_stays_on_top_and_the_first_player_cannot_take(black_three: str) -> None:
    pos = position(hands={0: "3C 3S 9H 9D"}, pile=black_three)
    assert_refused(pos, take("3C 3S"), "pile_blocked_black_three")


@pytest.mark.parametrize("buried", ["2C", "JK", "3H"])
def test_an_upcard_wild_or_red_three_buried_at_the_deal_freezes_the_pile(buried: str) -> None:
    pos = position(hands={0: "9H 2D 5C 6C"}, pile=f"{buried} 9C", melds={0: [ACES]})
    assert_refused(pos, take("9H 2D"), "pile_frozen_needs_natural_pair")


def test_a_red_three_buried_at_the_upcard_goes_to_the_taker_without_replacement() -> None:
    pos = position(hands={0: "9H 9D 5C 6C"}, pile="3H 9C", melds={0: [ACES]})
    new = assert_legal(pos, take("9H 9D"))
    assert same(new["red_threes"][0], "3H")
    assert same(hand(new, 0), "5C 6C")
    assert new["stock"] == pos["stock"]
    assert new["pile"] == []


def test_a_pile_frozen_from_the_start_needs_a_natural_pair() -> None:
    # cover_and_freeze: the pile's contents do not show the freeze; the position records it.
    pos = position(
        hands={0: "9H 9D 2D 5C"},
        pile="3S 9C",
        melds={0: [ACES]},
        rules={"upcard_black_three": "cover_and_freeze"},
        pile_frozen_from_start=True,
    )
    assert_refused(pos, take("9H 2D"), "pile_frozen_needs_natural_pair")
    new = assert_legal(pos, take("9H 9D"))
    assert not new.get("pile_frozen_from_start")


def test_a_covered_black_three_upcard_does_not_freeze_the_pile() -> None:
    pos = position(hands={0: "9H 2D 5C 6C"}, pile="3S 9C", melds={0: [ACES]}, rules={"upcard_black_three": "cover"})
    new = assert_legal(pos, take("9H 2D"))
    assert same(the_meld(new, 0, "9"), "9C 9H 2D")
