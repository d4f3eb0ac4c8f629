"""docs/rules.md, "The discard pile": taking it, frozen and unfrozen, and the house rules about the pile.

Unless a test is about an unmelded side, side 0 has melded (it holds three aces), so the pile is frozen only
by its own contents and no initial minimum applies.
"""

import pytest

from tests.rules.positions import (
    ACES,
    NATURAL_CANASTA,
    Options,
    Position,
    assert_legal,
    assert_refused,
    discard,
    draw,
    hand,
    meld,
    position,
    same,
    take,
    the_meld,
)


def taker(hand_cards: str, pile: str, *side_melds: str, rules: Options | None = None, melded: bool = True) -> Position:
    """Seat 0 to draw, holding `hand_cards`; side 0 holds aces (when `melded`) plus `side_melds`."""
    melds = ([ACES] if melded else []) + list(side_melds)
    return position(hands={0: hand_cards}, pile=pile, melds={0: melds}, rules=rules or {})


# --- never takeable -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("top", ["3C", "3S"])
def test_the_pile_is_never_takeable_under_a_black_three(top: str) -> None:
    pos = taker("3C 3S 9H 5C", f"9C {top}")
    assert_refused(pos, take("3C 3S"), "pile_blocked_black_three")


@pytest.mark.parametrize("top", ["2D", "JK"])
def test_the_pile_is_never_takeable_under_a_wild_card(top: str) -> None:
    pos = taker("9H 9D 2C 5C", f"9C {top}")
    assert_refused(pos, take("9H 9D"), "pile_top_wild")


def test_an_empty_pile_cannot_be_taken() -> None:
    pos = taker("9H 9D 5C", "")
    assert_refused(pos, take("9H 9D"), "pile_empty")


# --- the three ways to take an unfrozen pile ----------------------------------------------------------------


def test_unfrozen_take_with_a_natural_pair() -> None:
    pos = taker("8H 8D 5C 6C", "9C 8S")
    new = assert_legal(pos, take("8H 8D"))
    assert same(the_meld(new, 0, "8"), "8S 8H 8D")
    assert same(hand(new, 0), "5C 6C 9C")
    assert new["pile"] == []
    assert new["phase"] == "play"
    assert new["turn"]["drew_from"] == "pile"


@pytest.mark.parametrize("with_", ["8H 2C", "8H JK", "8H 2C JK"])
def test_unfrozen_take_with_one_natural_and_wild_cards(with_: str) -> None:
    pos = taker(f"{with_} 5C 6C", "9C 8S")
    new = assert_legal(pos, take(with_))
    assert same(the_meld(new, 0, "8"), f"8S {with_}")


def test_unfrozen_take_with_one_natural_and_too_many_wilds_is_refused() -> None:
    pos = taker("8H 2C 2D 2H JK 5C", "9C 8S")
    assert_refused(pos, take("8H 2C 2D 2H JK"), "meld_too_many_wilds")


def test_unfrozen_take_by_adding_the_top_card_alone_to_the_sides_meld() -> None:
    pos = taker("5C 6C", "9C 8S", "8C 8D 8H")
    new = assert_legal(pos, take(""))
    assert same(the_meld(new, 0, "8"), "8C 8D 8H 8S")
    assert same(hand(new, 0), "5C 6C 9C")


@pytest.mark.parametrize("with_", ["8H", "8H 8D", "2C", "8H JK"])
def test_unfrozen_take_by_adding_the_top_card_with_more_hand_cards(with_: str) -> None:
    pos = taker(f"{with_} 5C 6C", "9C 8S", "8C 8D 8C")
    new = assert_legal(pos, take(with_))
    assert same(the_meld(new, 0, "8"), f"8C 8D 8C 8S {with_}")


def test_taking_by_adding_a_wild_card_obeys_the_wild_limit_of_the_meld() -> None:
    pos = taker("2H 5C 6C", "9C 8S", "8C 8D 2C 2D JK")
    assert_refused(pos, take("2H"), "meld_too_many_wilds")


def test_taking_by_adding_needs_a_meld_of_that_rank() -> None:
    pos = taker("5C 6C", "9C 8S", "KC KD KH")
    assert_refused(pos, take(""), "pile_take_needs_meld")


def test_taking_by_adding_to_the_other_sides_meld_is_refused() -> None:
    pos = position(hands={0: "5C 6C"}, pile="9C 8S", melds={0: [ACES], 1: ["8C 8D 8H"]})
    assert_refused(pos, take(""), "pile_take_needs_meld")


def test_taking_with_cards_of_another_rank_is_refused() -> None:
    pos = taker("9H 9D 5C", "7C 8S")
    assert_refused(pos, take("9H 9D"), "pile_take_wrong_rank")


def test_taking_with_cards_not_in_hand_is_refused() -> None:
    pos = taker("8H 5C 6C", "9C 8S")
    assert_refused(pos, take("8H 8D"), "card_not_in_hand")


# --- a frozen pile ------------------------------------------------------------------------------------------


FROZEN_PILES = {
    "a wild card inside": "5C JK 9C 8S",
    "a discarded two inside": "2C 9C 8S",
    "a buried red three": "3D 9C 8S",
}


@pytest.mark.parametrize("pile", FROZEN_PILES.values(), ids=FROZEN_PILES.keys())
def test_a_frozen_pile_refuses_a_natural_and_a_wild(pile: str) -> None:
    pos = taker("8H 2D 5C 6C", pile)
    assert_refused(pos, take("8H 2D"), "pile_frozen_needs_natural_pair")


@pytest.mark.parametrize("pile", FROZEN_PILES.values(), ids=FROZEN_PILES.keys())
def test_a_frozen_pile_is_taken_with_two_naturals_of_the_top_rank(pile: str) -> None:
    pos = taker("8H 8D 5C 6C", pile)
    new = assert_legal(pos, take("8H 8D"))
    assert same(the_meld(new, 0, "8"), "8S 8H 8D")


@pytest.mark.parametrize("pile", FROZEN_PILES.values(), ids=FROZEN_PILES.keys())
def test_a_frozen_pile_cannot_be_taken_by_adding_to_a_meld(pile: str) -> None:
    pos = taker("5C 6C", pile, "8C 8D 8H")
    assert_refused(pos, take(""), "pile_frozen_needs_natural_pair")


def test_a_frozen_pile_cannot_be_taken_with_one_natural_onto_a_meld() -> None:
    pos = taker("8D 5C 6C", "JK 9C 8S", "8C 8D 8H")
    assert_refused(pos, take("8D"), "pile_frozen_needs_natural_pair")


def test_a_frozen_take_may_add_more_hand_cards_within_the_wild_limit() -> None:
    pos = taker("8H 8D 8C 2C JK 5C", "JK 9C 8S")
    new = assert_legal(pos, take("8H 8D 8C 2C JK"))
    assert same(the_meld(new, 0, "8"), "8S 8H 8D 8C 2C JK")


def test_a_frozen_take_beyond_the_wild_limit_is_refused() -> None:
    pos = taker("8H 8D 2C 2D 2H JK 5C", "3D 9C 8S")
    assert_refused(pos, take("8H 8D 2C 2D 2H JK"), "meld_too_many_wilds")


def test_a_frozen_take_goes_onto_the_sides_meld_of_that_rank() -> None:
    pos = taker("8H 8D 5C 6C", "JK 9C 8S", "8C 8D 8C")
    new = assert_legal(pos, take("8H 8D"))
    assert same(the_meld(new, 0, "8"), "8C 8D 8C 8S 8H 8D")


def test_the_pile_is_frozen_for_a_side_without_its_initial_meld() -> None:
    # With three aces beside, the take would meet the minimum: only the freeze refuses it.
    pos = taker("8H 2C AC AD AH 5C", "9C 8S", melded=False)
    assert_refused(pos, take("8H 2C", also=["AC AD AH"]), "pile_frozen_needs_natural_pair")


def test_a_side_without_its_initial_meld_takes_with_a_natural_pair() -> None:
    pos = taker("8H 8D AC AD AH 5C", "9C 8S", melded=False)
    new = assert_legal(pos, take("8H 8D", also=["AC AD AH"]))
    assert same(the_meld(new, 0, "8"), "8S 8H 8D")
    assert same(the_meld(new, 0, "A"), "AC AD AH")
    assert same(hand(new, 0), "5C 9C")


def test_the_other_sides_missing_initial_meld_does_not_freeze_the_pile_for_us() -> None:
    pos = position(hands={0: "8H 2C 5C 6C"}, pile="9C 8S", melds={0: [ACES], 1: []})
    assert_legal(pos, take("8H 2C"))


# --- the order of a take ------------------------------------------------------------------------------------


def test_a_take_melds_the_top_card_and_puts_the_rest_of_the_pile_into_the_hand() -> None:
    pos = taker("8H 8D 5C", "KC QD 7H 9C 8S")
    new = assert_legal(pos, take("8H 8D"))
    assert same(hand(new, 0), "5C KC QD 7H 9C")
    assert same(the_meld(new, 0, "8"), "8S 8H 8D")
    assert new["pile"] == []
    assert new["stock"] == pos["stock"]


def test_a_red_three_buried_in_the_pile_is_laid_out_for_the_taker_and_not_replaced() -> None:
    pos = taker("8H 8D 5C", "KC 3H 7H 8S")
    new = assert_legal(pos, take("8H 8D"))
    assert same(new["red_threes"][0], "3H")
    assert same(hand(new, 0), "5C KC 7H")
    assert new["stock"] == pos["stock"]


def test_after_a_take_the_player_melds_freely_and_discards() -> None:
    pos = taker("8H 8D 5C", "KC KD KH 9C 8S")
    after_take = assert_legal(pos, take("8H 8D"))
    after_meld = assert_legal(after_take, meld("KC KD KH"))
    after_discard = assert_legal(after_meld, discard("9C"))
    assert after_discard["current"] == 1
    assert after_discard["pile"] == ["9C"]


def test_a_take_may_not_leave_a_single_card_without_a_canasta() -> None:
    # "A turn": after melding he must still hold two cards; the take melds 8S 8H 8D and leaves 5C alone.
    pos = taker("8H 8D 5C", "8S")
    assert_refused(pos, take("8H 8D"), "must_keep_two_cards")


# --- the one-card pile --------------------------------------------------------------------------------------


# The side holds a canasta, so keeping a single card after the take is no problem of its own.


def test_a_player_holding_one_card_may_not_take_a_pile_of_one_card() -> None:
    pos = taker("5C", "8S", NATURAL_CANASTA, "8C 8D 8H")
    assert_refused(pos, take(""), "one_card_pile")


@pytest.mark.parametrize(("hand_cards", "pile"), [("5C", "9C 8S"), ("5C 6C", "8S")])
def test_the_one_card_pile_restriction_needs_both_one_card_hand_and_pile(hand_cards: str, pile: str) -> None:
    pos = taker(hand_cards, pile, NATURAL_CANASTA, "8C 8D 8H")
    assert_legal(pos, take(""))


def test_the_one_card_pile_restriction_is_an_option() -> None:
    pos = taker("5C", "8S", NATURAL_CANASTA, "8C 8D 8H", rules={"one_card_pile_restriction": False})
    assert_legal(pos, take(""))


# --- black threes: they stop only the next player -----------------------------------------------------------


def test_a_black_three_below_the_top_does_not_freeze_the_pile() -> None:
    pos = taker("8H 2C 5C 6C", "9C 3C 8S")
    new = assert_legal(pos, take("8H 2C"))
    assert same(hand(new, 0), "5C 6C 9C 3C")


def test_a_discarded_black_three_stops_the_next_player_only() -> None:
    start = position(
        phase="play",
        hands={0: "3C 5C 6C", 1: "9D 9S 4D 7D", 2: "9H 2C 5D 6D"},
        pile="TC",
        melds={0: [ACES], 1: [ACES]},
        stock_top="KS",
    )
    after_black_three = assert_legal(start, discard("3C"))
    assert_refused(after_black_three, take("9D 9S"), "pile_blocked_black_three")  # seat 1 is stopped
    seat_1_drew = assert_legal(after_black_three, draw())
    after_cover = assert_legal(seat_1_drew, discard("9D"))
    assert after_cover["current"] == 2
    new = assert_legal(after_cover, take("9H 2C"))  # seat 2 takes, pile not frozen
    assert same(the_meld(new, 0, "9"), "9D 9H 2C")


def test_under_freeze_pile_a_black_three_below_the_top_freezes_the_pile() -> None:
    pos = taker("8H 2C 8D 5C", "9C 3S 8S", rules={"black_three_discard": "freeze_pile"})
    assert_refused(pos, take("8H 2C"), "pile_frozen_needs_natural_pair")
    assert_legal(pos, take("8H 8D"))


# --- options about taking -----------------------------------------------------------------------------------


def test_without_unfrozen_take_with_wild_an_unfrozen_take_needs_a_natural_pair() -> None:
    pos = taker("8H 8D 2C 5C", "9C 8S", rules={"unfrozen_take_with_wild": False})
    assert_refused(pos, take("8H 2C"), "pile_take_needs_natural_pair")
    assert_legal(pos, take("8H 8D"))


def test_without_pile_take_by_adding_to_meld_the_top_card_alone_is_refused() -> None:
    pos = taker("8H 8D 5C", "9C 8S", "8C 8D 8C", rules={"pile_take_by_adding_to_meld": False})
    assert_refused(pos, take(""), "pile_take_by_adding_not_allowed")


def test_without_pile_take_by_adding_to_meld_a_natural_pair_still_takes() -> None:
    pos = taker("8H 8D 5C", "9C 8S", "8C 8D 8C", rules={"pile_take_by_adding_to_meld": False})
    new = assert_legal(pos, take("8H 8D"))
    assert same(the_meld(new, 0, "8"), "8C 8D 8C 8S 8H 8D")


def test_without_initial_meld_may_use_pile_an_unmelded_side_may_not_take() -> None:
    pos = taker("8H 8D AC AD AH 5C", "9C 8S", melded=False, rules={"initial_meld_may_use_pile": False})
    assert_refused(pos, take("8H 8D", also=["AC AD AH"]), "pile_needs_initial_meld")


def test_without_initial_meld_may_use_pile_a_melded_side_still_takes() -> None:
    pos = taker("8H 8D 5C", "9C 8S", rules={"initial_meld_may_use_pile": False})
    assert_legal(pos, take("8H 8D"))
