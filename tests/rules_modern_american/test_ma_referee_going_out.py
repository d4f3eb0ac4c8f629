"""Modern American Canasta (docs/variants.md) through the referee: discards (C2: threes, wild cards, SWAD, a meld that
would leave no legal discard), going out (C8) and the end of the stock (C9)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.rules_modern_american.ma_positions import (
    apply_legal,
    assert_legal,
    discard,
    down,
    draw,
    group,
    meld,
    pass_,
    playing,
    position,
    refused,
    same,
    score,
    take,
    two_canastas,
    wild,
)

# --- discards ------------------------------------------------------------------------------------------------


def test_c2_c6_a_three_is_never_discarded() -> None:
    pos = playing("3C 9S 6S", pile="5C")  # a side not down may keep one three (for the Straight, C6)
    refused(pos, discard("3C"), "three_discard", "3C")


@pytest.mark.parametrize("card", ["2C", "JK"])
def test_c2_a_wild_card_is_not_discarded_while_the_hand_holds_a_natural_card(card: str) -> None:
    pos = playing(f"{card} 9S 6S", pile="5C", melds={0: [down()]})
    refused(pos, discard(card), "wild_discard", card)


def test_c2_a_hand_of_wild_cards_only_may_discard_one() -> None:
    new = assert_legal(playing("2C JK", pile="5C", melds={0: [down()]}), discard("2C"))
    assert new["pile"][-1] == "2C" and same(new["hands"][0], "JK")
    assert new["phase"] == "draw" and new["current"] == 1


def test_c2_c8_a_wild_card_may_be_the_going_out_discard() -> None:
    new = assert_legal(playing("JK", pile="5C", melds={0: two_canastas()}), discard("JK"))
    assert new["phase"] == "over" and new["out"]["seat"] == 0
    assert new["pile"][-1] == "JK"


@pytest.mark.parametrize("card", ["7S", "AS"])
def test_c2_swad_no_seven_or_ace_onto_an_empty_pile(card: str) -> None:
    refused(playing(f"{card} 9S 6S", melds={0: [down()]}), discard(card), "discard_onto_empty_pile", card)


def test_c2_swad_no_card_of_a_dead_rank_onto_an_empty_pile() -> None:
    pos = playing("9D 5S 6S", melds={0: [down()], 1: [group("9", "9C 9C 9H 9S 9D 2C 2D")]})
    refused(pos, discard("9D"), "discard_onto_empty_pile", "9D")


@pytest.mark.parametrize("card", ["7S", "AS", "9D"])
def test_c2_swad_those_cards_go_onto_a_pile_that_is_not_empty(card: str) -> None:
    pos = playing(f"{card} 5S 6S", pile="5C", melds={0: [down()], 1: [group("9", "9C 9C 9H 9S 9D 2C 2D")]})
    new = assert_legal(pos, discard(card))
    assert new["pile"] == ["5C", card]


def test_c2_an_ordinary_card_goes_onto_an_empty_pile() -> None:
    new = assert_legal(playing("5S 9S 6S", melds={0: [down()]}), discard("5S"))
    assert new["pile"] == ["5S"]


def test_c2_a_meld_that_would_leave_no_legal_discard_is_refused() -> None:
    pos = playing("KC KD KH AS 7S", melds={0: [down()]})
    refused(pos, meld("KC KD KH"), "no_legal_discard", "AS", "7S")


def test_c2_the_same_meld_is_legal_when_the_pile_is_not_empty() -> None:
    new = assert_legal(playing("KC KD KH AS 7S", pile="5C", melds={0: [down()]}), meld("KC KD KH"))
    assert same(new["hands"][0], "AS 7S")


# --- going out -----------------------------------------------------------------------------------------------


def test_c8_two_canastas_go_out_by_a_discard_with_a_bonus_of_100() -> None:
    pos = playing("9C 9D 9H 5S", pile="6C", melds={0: two_canastas()})
    after = assert_legal(pos, meld("9C 9D 9H"))
    new, events = apply_legal(after, discard("5S"))
    assert new["phase"] == "over" and new["out"]["seat"] == 0
    assert new["hands"][0] == []
    assert any(event.get("type") == "hand_over" for event in events)
    mine = score(new)[0]
    assert mine["going_out"] == 100
    assert mine["canastas"] == 800 and mine["melded"] == 70 + 120 + 30


def test_c8_one_canasta_does_not_go_out() -> None:
    pos = playing("5S", pile="6C", melds={0: [group("K", "KC KD KH KS KD KH KS"), down()]})
    refused(pos, discard("5S"), "going_out_needs_canasta", "2")


@pytest.mark.parametrize(
    ("open_meld", "named"),
    [(group("A", "AC AD AH"), "aces"), (group("7", "7C 7D 7H 7S"), "sevens"), (wild("2C 2H JK"), "wild meld")],
)
def test_c8_no_going_out_with_an_open_ace_sevens_or_wild_meld(open_meld: dict[str, Any], named: str) -> None:
    pos = playing("5S", pile="6C", melds={0: [*two_canastas(), open_meld]})
    refused(pos, discard("5S"), "going_out_open_meld", named)


def test_c8_going_out_is_always_by_a_discard_never_by_melding_the_last_card() -> None:
    pos = playing("9C 9D 9H", pile="6C", melds={0: two_canastas()})
    refused(pos, meld("9C 9D 9H"), "must_keep_two_cards", "discard")


def test_c8_a_completed_ace_canasta_lets_the_side_go_out() -> None:
    melds = [*two_canastas(), group("A", "AC AD AH AS AC AD AH")]
    new = assert_legal(playing("5S", pile="6C", melds={0: melds}), discard("5S"))
    assert new["phase"] == "over"


def test_c8_no_bonus_for_a_concealed_going_out() -> None:
    pos = position(hands={s: "" for s in range(4)}, melds={0: two_canastas()}, phase="over",
                   out={"seat": 0, "concealed": True}, turn={"melded": True})  # fmt: skip
    assert score(pos)[0]["going_out"] == 100


def test_c14_ask_partner_off() -> None:
    pos = playing("5S", pile="6C", melds={0: two_canastas()}, rules={"ask_partner": "off"})
    refused(pos, {"type": "ask_partner"}, "ask_partner_off")


def test_c14_ask_partner_required() -> None:
    pos = playing("5S", pile="6C", melds={0: two_canastas()}, rules={"ask_partner": "required"})
    refused(pos, discard("5S"), "must_ask_partner")


def test_c8_ask_partner_is_optional_by_default() -> None:
    pos = playing("9S 5S", pile="6C", melds={0: two_canastas()})
    asked = assert_legal(pos, {"type": "ask_partner"})
    assert asked["phase"] == "answer" and asked["current"] == 2


EIGHT_NINES = (group("9", "9C 9D 9H 9S 9C 9D"), "9H 9S 5S")


def test_c3_no_eighth_card_by_default_even_going_out() -> None:
    nines, hand = EIGHT_NINES
    pos = playing(hand, pile="6C", melds={0: [*two_canastas(), nines]})
    refused(pos, meld(add={"9": "9H 9S"}), "meld_too_large", "7")


def test_c14_eighth_card_going_out() -> None:
    nines, hand = EIGHT_NINES
    pos = playing(hand, pile="6C", melds={0: [*two_canastas(), nines]}, rules={"eighth_card_going_out": True})
    after = assert_legal(pos, meld(add={"9": "9H 9S"}))
    new = assert_legal(after, discard("5S"))
    assert new["phase"] == "over" and new["out"]["seat"] == 0


# --- the end of the stock ------------------------------------------------------------------------------------


def test_c9_a_three_as_the_last_stock_card_stays_in_hand_and_ends_the_hand() -> None:
    pos = position(hands={0: "9C 6S", 2: "4C"}, stock_top="3S", stock_count=1)
    new = assert_legal(pos, draw())
    assert new["stock"] == [] and new["phase"] == "over" and new["out"] is None
    assert same(new["hands"][0], "9C 6S 3S")
    assert score(new)[0]["in_hand"] == -(10 + 5 + 5 + 5), "the three in hand costs 5 (C6)"


def test_c9_the_last_ordinary_card_is_played_normally() -> None:
    pos = position(hands={0: "9C 6S"}, stock_top="5C", stock_count=1, pile="4D")
    drawn = assert_legal(pos, draw())
    assert drawn["stock"] == [] and drawn["phase"] == "play"
    new = assert_legal(drawn, discard("5C"))
    assert new["phase"] == "draw" and new["current"] == 1


def empty_stock(**kw: Any) -> dict[str, Any]:
    return position(hands={0: "KC KD 6S"}, stock_count=0, melds={0: [down()]}, **kw)


def test_c9_no_draw_from_an_empty_stock() -> None:
    refused(empty_stock(pile="5C KH"), draw(), "stock_empty")


def test_c9_with_the_stock_empty_the_pile_may_be_taken() -> None:
    new = assert_legal(empty_stock(pile="5C KH"), take("KC KD"))
    assert new["phase"] == "play" and same(new["hands"][0], "6S 5C")


def test_c9_with_the_stock_empty_a_pass_ends_the_hand_without_going_out() -> None:
    new = assert_legal(empty_stock(pile="5C KH"), pass_())
    assert new["phase"] == "over" and new["out"] is None
    assert score(new)[0]["going_out"] == 0
