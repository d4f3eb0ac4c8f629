"""docs/rules.md, "A turn" (keep two cards) and "Going out": concealed going out and its minimum exemption."""

from typing import Any

import pytest

from tests.rules.positions import (
    ACES,
    NATURAL_CANASTA,
    SEVEN_FOURS,
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
)


def playing(hand_cards: str, *side_melds: str, rules: Options | None = None, **kw: Any) -> Position:
    """Seat 0 in phase play (drew from the stock) holding `hand_cards`; side 0 holds `side_melds`."""
    return position(
        phase="play", hands={0: hand_cards}, melds={0: list(side_melds)}, pile="8C", rules=rules or {}, **kw
    )


# --- going out ----------------------------------------------------------------------------------------------


def test_going_out_by_melding_every_card() -> None:
    pos = playing("5C 5D 5H", NATURAL_CANASTA)
    over = assert_legal(pos, meld("5C 5D 5H"))
    assert over["phase"] == "over"
    assert over["out"]["seat"] == 0
    assert over["hands"][0] == []


def test_going_out_by_melding_all_but_one_and_discarding_it() -> None:
    pos = playing("5C 5D 5H 9C", NATURAL_CANASTA)
    after_meld = assert_legal(pos, meld("5C 5D 5H"))
    assert after_meld["phase"] == "play"
    over = assert_legal(after_meld, discard("9C"))
    assert over["phase"] == "over"
    assert over["out"] == {"seat": 0, "concealed": False}
    assert over["pile"][-1] == "9C"


@pytest.mark.parametrize("black_three", ["3C", "3S"])
def test_a_single_black_three_may_be_the_final_discard(black_three: str) -> None:
    pos = playing(black_three, NATURAL_CANASTA)
    over = assert_legal(pos, discard(black_three))
    assert over["phase"] == "over"
    assert over["out"]["seat"] == 0


def test_the_hand_ends_at_once_when_a_player_goes_out() -> None:
    over = assert_legal(playing("5C 5D 5H", NATURAL_CANASTA), meld("5C 5D 5H"))
    for action in (draw(), discard("KS"), meld("KS KS KS"), pass_(), take("")):
        assert_refused(over, action, "hand_over")


def test_going_out_scores_100_for_the_side() -> None:
    over = assert_legal(playing("5C 5D 5H 9C", NATURAL_CANASTA), meld("5C 5D 5H"))
    over = assert_legal(over, discard("9C"))
    side_0, side_1 = score(over)
    assert side_0["going_out"] == 100
    assert side_1["going_out"] == 0


def test_going_out_by_melding_needs_a_canasta() -> None:
    pos = playing("5C 5D 5H", "KC KD KH KS KC KD")
    assert_refused(pos, meld("5C 5D 5H"), "going_out_needs_canasta")


@pytest.mark.parametrize("last", ["9C", "3C"])
def test_going_out_by_discarding_needs_a_canasta(last: str) -> None:
    pos = playing(last, "KC KD KH KS KC KD")
    assert_refused(pos, discard(last), "going_out_needs_canasta")


def test_a_canasta_completed_in_the_going_out_step_counts() -> None:
    pos = playing("KH 5C 5D 5H", "KC KD KH KS KC KD")
    over = assert_legal(pos, meld("5C 5D 5H", add={"K": "KH"}))
    assert over["phase"] == "over"


def test_a_partners_canasta_lets_the_player_go_out() -> None:
    # The canasta is the side's: seat 2 made it.
    pos = playing("9C", NATURAL_CANASTA, melded_this_hand=[False, False, True, False])
    assert assert_legal(pos, discard("9C"))["phase"] == "over"


# --- keeping two cards without the canastas needed ----------------------------------------------------------


def test_without_a_canasta_a_meld_step_may_not_leave_one_card() -> None:
    pos = playing("5C 5D 5H 9C", ACES)
    assert_refused(pos, meld("5C 5D 5H"), "must_keep_two_cards")


def test_without_a_canasta_a_meld_step_may_leave_two_cards() -> None:
    pos = playing("5C 5D 5H 9C 9D", ACES)
    new = assert_legal(pos, meld("5C 5D 5H"))
    assert same(hand(new, 0), "9C 9D")


def test_a_canasta_completed_in_the_same_step_allows_keeping_one_card() -> None:
    pos = playing("KH 5C 5D 5H 9C", "KC KD KH KS KC KD")
    new = assert_legal(pos, meld("5C 5D 5H", add={"K": "KH"}))
    assert len(new["hands"][0]) == 1
    assert assert_legal(new, discard("9C"))["phase"] == "over"


@pytest.mark.parametrize(
    ("needed", "canastas", "code"),
    [
        (2, [NATURAL_CANASTA], "going_out_needs_canasta"),
        (2, [NATURAL_CANASTA, "QC QD QH QS QC QD QH"], None),
        (3, [NATURAL_CANASTA, "QC QD QH QS QC QD QH"], "going_out_needs_canasta"),
        (1, [NATURAL_CANASTA], None),
    ],
)
def test_canastas_to_go_out_option(needed: int, canastas: list[str], code: str | None) -> None:
    pos = playing("5C 5D 5H", *canastas, rules={"canastas_to_go_out": needed})
    if code is None:
        assert assert_legal(pos, meld("5C 5D 5H"))["phase"] == "over"
    else:
        assert_refused(pos, meld("5C 5D 5H"), code)


def test_canastas_to_go_out_two_makes_a_one_canasta_side_keep_two_cards() -> None:
    pos = playing("5C 5D 5H 9C", NATURAL_CANASTA, rules={"canastas_to_go_out": 2})
    assert_refused(pos, meld("5C 5D 5H"), "must_keep_two_cards")


# --- concealed going out ------------------------------------------------------------------------------------


def concealed_start(
    hand_cards: str,
    drawn: str,
    *side_melds: str,
    scores: tuple[int, int] = (0, 0),
    rules: Options | None = None,
    **kw: Any,
) -> Position:
    """Seat 0 to draw `drawn` from the stock, holding `hand_cards`; side 0 holds `side_melds`."""
    return position(
        hands={0: hand_cards},
        stock_top=drawn,
        melds={0: list(side_melds)},
        pile="8C",
        scores=list(scores),
        rules=rules or {},
        **kw,
    )


def test_going_out_concealed_scores_200() -> None:
    pos = concealed_start(SEVEN_FOURS + " KS KC KD", "9C", scores=(0, 0))
    drew = assert_legal(pos, draw())
    melded = assert_legal(drew, meld(SEVEN_FOURS, "KS KC KD"))
    over = assert_legal(melded, discard("9C"))
    assert over["out"] == {"seat": 0, "concealed": True}
    assert score(over)[0]["going_out"] == 200


def test_going_out_concealed_by_melding_every_card() -> None:
    pos = concealed_start(SEVEN_FOURS + " KS KC", "KD")
    drew = assert_legal(pos, draw())
    over = assert_legal(drew, meld(SEVEN_FOURS, "KS KC KD"))
    assert over["out"] == {"seat": 0, "concealed": True}


def test_additions_to_his_own_new_melds_keep_the_going_out_concealed() -> None:
    # Six fours and three kings make 60 (the minimum is 50); the seventh four then completes his canasta.
    pos = concealed_start("4C 4D 4H 4S 4C 4D KS KC KD 9C", "4H")
    drew = assert_legal(pos, draw())
    melded = assert_legal(drew, meld("4C 4D 4H 4S 4C 4D", "KS KC KD"))
    completed = assert_legal(melded, meld(add={"4": "4H"}))
    over = assert_legal(completed, discard("9C"))
    assert over["out"] == {"seat": 0, "concealed": True}


def test_going_out_leaves_the_cumulative_scores_as_they_were() -> None:
    pos = playing("5C 5D 5H", NATURAL_CANASTA, scores=[1200, 3400])
    over = assert_legal(pos, meld("5C 5D 5H"))
    assert over["scores"] == [1200, 3400]


def test_a_partners_melds_do_not_spoil_a_concealed_going_out_left_alone() -> None:
    # Concealed is about the player: he melded nothing before; the partner's aces stay untouched.
    pos = concealed_start(SEVEN_FOURS + " KS KC KD", "9C", ACES)
    drew = assert_legal(pos, draw())
    over = assert_legal(assert_legal(drew, meld(SEVEN_FOURS, "KS KC KD")), discard("9C"))
    assert over["out"] == {"seat": 0, "concealed": True}


def test_adding_to_a_partners_meld_loses_the_concealed_bonus() -> None:
    pos = concealed_start(SEVEN_FOURS + " KS", "9C", "KC KD KH")
    drew = assert_legal(pos, draw())
    melded = assert_legal(drew, meld(SEVEN_FOURS, add={"K": "KS"}))
    over = assert_legal(melded, discard("9C"))
    assert over["out"] == {"seat": 0, "concealed": False}
    assert score(over)[0]["going_out"] == 100


def test_new_cards_of_a_rank_the_side_owns_lose_the_concealed_bonus() -> None:
    # Laid as a "new" meld they still go onto the partner's kings: an addition to a meld made before.
    pos = concealed_start(SEVEN_FOURS + " KS KC KD", "9C", "KC KD KH")
    drew = assert_legal(pos, draw())
    over = assert_legal(assert_legal(drew, meld(SEVEN_FOURS, "KS KC KD")), discard("9C"))
    assert over["out"] == {"seat": 0, "concealed": False}


def test_a_player_who_melded_earlier_in_the_hand_does_not_go_out_concealed() -> None:
    pos = concealed_start(SEVEN_FOURS + " KS KC KD", "9C", ACES, melded_this_hand=[True, False, False, False])
    drew = assert_legal(pos, draw())
    over = assert_legal(assert_legal(drew, meld(SEVEN_FOURS, "KS KC KD")), discard("9C"))
    assert over["out"] == {"seat": 0, "concealed": False}


def test_laying_out_red_threes_does_not_count_as_melding_before() -> None:
    pos = concealed_start(SEVEN_FOURS + " KS KC KD", "9C", red_threes={0: "3H"})
    drew = assert_legal(pos, draw())
    over = assert_legal(assert_legal(drew, meld(SEVEN_FOURS, "KS KC KD")), discard("9C"))
    assert over["out"] == {"seat": 0, "concealed": True}


def test_a_concealed_going_out_needs_a_canasta_of_his_own() -> None:
    # The side's canasta is the partner's; the player's own melds hold none.
    pos = concealed_start("5C 5D 5H 7C 7D 7H", "9C", NATURAL_CANASTA)
    drew = assert_legal(pos, draw())
    over = assert_legal(assert_legal(drew, meld("5C 5D 5H", "7C 7D 7H")), discard("9C"))
    assert over["out"] == {"seat": 0, "concealed": False}


# --- the minimum for a concealed going out ------------------------------------------------------------------


def test_after_a_stock_draw_a_concealed_step_needs_no_initial_minimum() -> None:
    # Seven fours make 35 points; the side needs 120. The step leaves one card and holds a canasta.
    pos = concealed_start(SEVEN_FOURS, "KS", scores=(3000, 0))
    drew = assert_legal(pos, draw())
    melded = assert_legal(drew, meld(SEVEN_FOURS))
    assert melded["turn"]["exempt"] is True
    over = assert_legal(melded, discard("KS"))
    assert over["out"] == {"seat": 0, "concealed": True}


def test_the_exemption_also_covers_a_step_that_melds_every_card() -> None:
    pos = concealed_start(SEVEN_FOURS, "4S", scores=(3000, 0))
    drew = assert_legal(pos, draw())
    over = assert_legal(drew, meld(SEVEN_FOURS + " 4S"))
    assert over["out"] == {"seat": 0, "concealed": True}


def test_after_the_exempt_step_the_last_card_may_go_onto_his_own_new_meld() -> None:
    pos = concealed_start(SEVEN_FOURS, "4S", scores=(3000, 0))
    drew = assert_legal(pos, draw())
    melded = assert_legal(drew, meld(SEVEN_FOURS))
    over = assert_legal(melded, meld(add={"4": "4S"}))
    assert over["out"] == {"seat": 0, "concealed": True}


def test_the_exemption_needs_the_step_to_leave_at_most_one_card() -> None:
    pos = concealed_start(SEVEN_FOURS + " 9C", "KS", scores=(3000, 0))
    drew = assert_legal(pos, draw())
    assert_refused(drew, meld(SEVEN_FOURS), "initial_meld_below_minimum")


def test_under_always_a_concealed_going_out_needs_the_minimum() -> None:
    pos = concealed_start(SEVEN_FOURS, "KS", scores=(3000, 0), rules={"concealed_going_out_minimum": "always"})
    drew = assert_legal(pos, draw())
    assert_refused(drew, meld(SEVEN_FOURS), "initial_meld_below_minimum")


def test_under_always_a_concealed_going_out_meeting_the_minimum_is_legal() -> None:
    pos = concealed_start("AC AD AH AS AC AD 2C", "KS", rules={"concealed_going_out_minimum": "always"})
    drew = assert_legal(pos, draw())
    melded = assert_legal(drew, meld("AC AD AH AS AC AD 2C"))
    assert assert_legal(melded, discard("KS"))["out"] == {"seat": 0, "concealed": True}


def test_a_pile_take_gets_no_concealed_exemption() -> None:
    # Six fours from hand and the top four make a canasta worth 35: the take itself needs the 50.
    pos = position(hands={0: "4C 4D 4H 4S 4C 4D"}, pile="7C 4H", scores=[0, 0])
    assert_refused(pos, take("4C 4D 4H 4S 4C 4D"), "initial_meld_below_minimum")


def test_after_the_exempt_step_the_last_card_may_not_go_onto_an_older_meld() -> None:
    # Built by hand (play does not reach it): the exempt step is recorded, and the side also holds a meld of
    # kings from before this turn. The last card may only be discarded or added to his own new melds.
    pos = position(
        phase="play",
        hands={0: "KS"},
        melds={0: [{"cards": SEVEN_FOURS, "this_turn": True}, "KC KD KH"]},
        melded_this_hand=[True, False, True, False],
        turn={"drew_from": "stock", "melded": True, "concealed": True, "exempt": True},
        pile="8C",
    )
    assert_refused(pos, meld(add={"K": "KS"}), "exempt_last_card")
    assert assert_legal(pos, discard("KS"))["phase"] == "over"
