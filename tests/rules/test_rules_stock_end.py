"""docs/rules.md, "When the stock runs out", and the options `stock_exhausted` and `last_card_red_three`.

`rest_to=1` puts every card a test does not place into seat 1's hand, so the stock holds exactly the
`stock_top` cards the test gives (none, for an empty stock).
"""

from typing import Any

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
    pass_,
    position,
    same,
    score,
    take,
    the_meld,
)


def empty_stock(
    hand_cards: str, pile: str, *side_melds: str, phase: str = "draw", rules: Options | None = None, **kw: Any
) -> Position:
    """Seat 0 to play with an empty stock; side 0 holds `side_melds`."""
    return position(
        phase=phase, hands={0: hand_cards}, pile=pile, melds={0: list(side_melds)}, rest_to=1, rules=rules or {}, **kw
    )


# --- drawing the last card ----------------------------------------------------------------------------------


def test_the_player_who_draws_the_last_card_plays_normally() -> None:
    pos = position(hands={0: "5C 9H 9D"}, pile="8C", melds={0: [ACES]}, stock_top="7C", rest_to=1)
    drew = assert_legal(pos, draw())
    assert drew["stock"] == []
    assert drew["phase"] == "play"
    assert same(hand(drew, 0), "5C 9H 9D 7C")
    after = assert_legal(drew, discard("5C"))
    assert after["phase"] == "draw"
    assert after["current"] == 1


@pytest.mark.parametrize("red_three", ["3H", "3D"])
def test_a_red_three_as_the_last_stock_card_ends_the_hand_at_once(red_three: str) -> None:
    pos = position(hands={0: "5C 5D 5H 9H 9D"}, pile="8C", melds={0: [ACES]}, stock_top=red_three, rest_to=1)
    over = assert_legal(pos, draw())
    assert over["phase"] == "over"
    assert over.get("out") is None
    assert red_three in over["red_threes"][0]
    assert same(hand(over, 0), "5C 5D 5H 9H 9D")
    assert [entry["going_out"] for entry in score(over)] == [0, 0]


def test_under_end_may_meld_a_last_card_red_three_gives_a_final_turn() -> None:
    pos = position(
        hands={0: "5C 5D 5H 9H 9D"},
        pile="8C",
        melds={0: [ACES]},
        stock_top="3H",
        rest_to=1,
        rules={"last_card_red_three": "end_may_meld"},
    )
    final = assert_legal(pos, draw())
    assert final["phase"] == "play"
    assert final["turn"]["final"] is True
    assert "3H" in final["red_threes"][0]


def final_turn(hand_cards: str = "5C 5D 5H 9H 9D") -> Position:
    """A final turn after a last-card red three under `end_may_meld`."""
    return position(
        phase="play",
        hands={0: hand_cards},
        pile="8C",
        melds={0: [ACES]},
        rest_to=1,
        rules={"last_card_red_three": "end_may_meld"},
        turn={"drew_from": "stock", "final": True},
        red_threes={0: "3H"},
    )


def test_in_a_final_turn_the_player_may_meld() -> None:
    new = assert_legal(final_turn(), meld("5C 5D 5H"))
    assert same(the_meld(new, 0, "5"), "5C 5D 5H")


def test_in_a_final_turn_there_is_no_discard() -> None:
    assert_refused(final_turn(), discard("9H"), "final_turn_no_discard")


def test_a_final_turn_ends_with_pass_and_no_going_out_bonus() -> None:
    melded = assert_legal(final_turn(), meld("5C 5D 5H"))
    over = assert_legal(melded, pass_())
    assert over["phase"] == "over"
    assert over.get("out") is None
    assert [entry["going_out"] for entry in score(over)] == [0, 0]


# --- each turn after the stock is gone ----------------------------------------------------------------------


def test_the_player_must_take_a_pile_whose_top_fits_his_sides_meld() -> None:
    pos = empty_stock("9C 4D 4H", "5C 8S", ACES, "8C 8D 8H")
    assert_refused(pos, pass_(), "must_take_pile")
    new = assert_legal(pos, take(""))
    assert same(the_meld(new, 0, "8"), "8C 8D 8H 8S")


def test_drawing_when_the_take_is_forced_is_refused_as_must_take_pile() -> None:
    # The refusal names what the player must do, not merely that the stock is empty.
    pos = empty_stock("9C 4D 4H", "5C 8S", ACES, "8C 8D 8H")
    assert_refused(pos, draw(), "must_take_pile")


def test_after_the_forced_take_the_player_plays_on() -> None:
    pos = empty_stock("9C 4D 4H", "5C 8S", ACES, "8C 8D 8H")
    after_take = assert_legal(pos, take(""))
    after = assert_legal(after_take, discard("9C"))
    assert after["phase"] == "draw"
    assert after["current"] == 1


def test_a_player_may_take_a_pile_that_does_not_fit_a_meld_if_a_take_is_legal() -> None:
    pos = empty_stock("9H 9D 4H", "5C 9S", ACES)
    new = assert_legal(pos, take("9H 9D"))
    assert same(the_meld(new, 0, "9"), "9S 9H 9D")


def test_a_player_may_decline_a_pile_that_does_not_fit_a_meld_and_the_hand_ends() -> None:
    pos = empty_stock("9H 9D 4H", "5C 9S", ACES)
    over = assert_legal(pos, pass_())
    assert over["phase"] == "over"
    assert over.get("out") is None
    assert [entry["going_out"] for entry in score(over)] == [0, 0]


def test_a_player_who_cannot_take_ends_the_hand_by_passing() -> None:
    pos = empty_stock("4H 6D", "5C 9S", ACES)
    assert_refused(pos, take(""), "pile_take_needs_meld")
    assert assert_legal(pos, pass_())["phase"] == "over"


def test_drawing_from_an_empty_stock_is_refused() -> None:
    pos = empty_stock("4H 6D", "5C 9S", ACES)
    assert_refused(pos, draw(), "stock_empty")


def test_an_empty_pile_and_an_empty_stock_end_the_hand_by_passing() -> None:
    pos = empty_stock("4H 6D", "", ACES)
    assert assert_legal(pos, pass_())["phase"] == "over"


@pytest.mark.parametrize(
    ("pile", "why"),
    [
        ("JK 5C 8S", "frozen by a wild card"),
        ("3D 5C 8S", "frozen by a buried red three"),
    ],
)
def test_a_take_is_not_forced_when_the_pile_is_frozen(pile: str, why: str) -> None:
    pos = empty_stock("8H 8D 4H", pile, ACES, "8C 8D 8C")
    assert assert_legal(pos, pass_())["phase"] == "over", why
    assert_legal(pos, take("8H 8D"))  # the take stays allowed


def test_a_take_is_not_forced_when_a_buried_black_three_freezes_the_pile() -> None:
    pos = empty_stock("4H 6D", "3C 5C 8S", ACES, "8C 8D 8H", rules={"black_three_discard": "freeze_pile"})
    assert assert_legal(pos, pass_())["phase"] == "over"


def test_a_buried_black_three_does_not_stop_a_forced_take_by_default() -> None:
    pos = empty_stock("4H 6D", "3C 5C 8S", ACES, "8C 8D 8H")
    assert_refused(pos, pass_(), "must_take_pile")


def test_a_take_is_not_forced_when_the_pile_top_is_a_black_three() -> None:
    pos = empty_stock("4H 6D", "8S 3C", ACES, "8C 8D 8H")
    assert assert_legal(pos, pass_())["phase"] == "over"


def test_a_take_is_not_forced_when_the_one_card_pile_rule_forbids_it() -> None:
    pos = empty_stock("4H", "8S", NATURAL_CANASTA, "8C 8D 8H")
    assert assert_legal(pos, pass_())["phase"] == "over"


def test_the_one_card_pile_take_is_forced_when_the_option_is_off() -> None:
    pos = empty_stock("4H", "8S", NATURAL_CANASTA, "8C 8D 8H", rules={"one_card_pile_restriction": False})
    assert_refused(pos, pass_(), "must_take_pile")


def test_a_take_is_not_forced_when_taking_by_adding_is_not_allowed() -> None:
    pos = empty_stock("4H 6D", "5C 8S", ACES, "8C 8D 8H", rules={"pile_take_by_adding_to_meld": False})
    assert assert_legal(pos, pass_())["phase"] == "over"


def test_a_take_is_not_forced_for_the_side_that_lacks_the_meld() -> None:
    # The other side's meld of eights does not force seat 0.
    pos = position(hands={0: "4H 6D"}, pile="5C 8S", melds={0: [ACES], 1: ["8C 8D 8H"]}, rest_to=1)
    assert assert_legal(pos, pass_())["phase"] == "over"


def test_a_player_who_goes_out_after_the_stock_is_empty_scores_the_bonus() -> None:
    pos = empty_stock("5C 5D 5H", "8S", NATURAL_CANASTA, phase="play")
    over = assert_legal(pos, meld("5C 5D 5H"))
    assert over["out"]["seat"] == 0
    assert score(over)[0]["going_out"] == 100


def test_by_default_the_last_discard_does_not_end_the_hand() -> None:
    pos = empty_stock("5C 9H 9D", "8S", ACES, phase="play")
    after = assert_legal(pos, discard("5C"))
    assert after["phase"] == "draw"
    assert after["current"] == 1


def test_under_end_after_last_discard_the_discard_after_the_last_draw_ends_the_hand() -> None:
    pos = empty_stock("5C 9H 9D", "8S", ACES, phase="play", rules={"stock_exhausted": "end_after_last_discard"})
    over = assert_legal(pos, discard("5C"))
    assert over["phase"] == "over"
    assert over.get("out") is None
    assert [entry["going_out"] for entry in score(over)] == [0, 0]
