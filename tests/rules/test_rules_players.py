"""docs/rules.md, "Players, sides and seats" and "Three players, cutthroat": two players, three players
(individual and cutthroat), six players.

The deal sizes (15, 13, 13 cards) and the targets (5000, 7500, 10000) belong to the deal and the match, which
the referee does not judge; what a position can express is tested here.
"""

import pytest

from tests.rules.positions import (
    ACES,
    NATURAL_CANASTA,
    assert_error,
    assert_legal,
    assert_refused,
    deck,
    discard,
    draw,
    hand,
    meld,
    position,
    same,
    score,
    side_melds,
    take,
    the_meld,
)

QUEENS = "QC QD QH QS QC QD QH"
SIX_HANDS = {0: "9C", 1: "9D", 2: "9H", 3: "9S", 4: "TC", 5: "TD"}
CUTTHROAT = {"three_player_mode": "cutthroat"}

# --- two players --------------------------------------------------------------------------------------------


def test_two_players_draw_two_cards_from_the_stock() -> None:
    pos = position(2, hands={0: "5C 9H 9D"}, stock_top="7C 8D 9S", pile="TC")
    drew = assert_legal(pos, draw())
    assert same(hand(drew, 0), "5C 9H 9D 7C 8D")
    assert drew["stock"] == pos["stock"][2:]
    assert drew["phase"] == "play"


@pytest.mark.parametrize(
    ("stock_top", "drawn", "laid_out"),
    [("3H 7C 8D 9S", "7C 8D", "3H"), ("7C 3H 8D 9S", "7C 8D", "3H"), ("3H 3D 7C 8D 9S", "7C 8D", "3H 3D")],
)
def test_two_players_replace_each_red_three_among_the_drawn_cards(stock_top: str, drawn: str, laid_out: str) -> None:
    pos = position(2, hands={0: "5C 9H 9D"}, stock_top=stock_top, pile="TC")
    drew = assert_legal(pos, draw())
    assert same(hand(drew, 0), "5C 9H 9D " + drawn)
    assert same(drew["red_threes"][0], laid_out)
    assert drew["stock"][0] == "9S"


def test_two_players_drawing_the_single_last_stock_card_is_a_full_draw() -> None:
    pos = position(2, hands={0: "5C 9H 9D"}, stock_top="7C", pile="TC", rest_to=1)
    drew = assert_legal(pos, draw())
    assert same(hand(drew, 0), "5C 9H 9D 7C")
    assert drew["phase"] == "play"
    assert assert_legal(drew, discard("5C"))["current"] == 1


def test_two_players_a_red_three_among_the_last_two_stock_cards_ends_the_hand() -> None:
    # The second card drawn is the last stock card and a red three: the hand ends at once ("When the stock runs out").
    pos = position(2, hands={0: "5C 9H 9D"}, stock_top="7C 3H", pile="TC", rest_to=1)
    over = assert_legal(pos, draw())
    assert over["phase"] == "over"
    assert over.get("out") is None


def test_two_players_need_two_canastas_to_go_out() -> None:
    pos = position(2, phase="play", hands={0: "5C 5D 5H"}, melds={0: [NATURAL_CANASTA]}, pile="TC")
    assert_refused(pos, meld("5C 5D 5H"), "going_out_needs_canasta")
    two = position(2, phase="play", hands={0: "5C 5D 5H"}, melds={0: [NATURAL_CANASTA, QUEENS]}, pile="TC")
    assert assert_legal(two, meld("5C 5D 5H"))["phase"] == "over"


def test_two_players_with_one_canasta_must_keep_two_cards() -> None:
    pos = position(2, phase="play", hands={0: "5C 5D 5H 9C"}, melds={0: [NATURAL_CANASTA]}, pile="TC")
    assert_refused(pos, meld("5C 5D 5H"), "must_keep_two_cards")


def test_two_players_with_canastas_to_go_out_one() -> None:
    pos = position(
        2, phase="play", hands={0: "5C 5D 5H"}, melds={0: [NATURAL_CANASTA]}, pile="TC", rules={"canastas_to_go_out": 1}
    )
    assert assert_legal(pos, meld("5C 5D 5H"))["phase"] == "over"


def test_two_players_score_one_entry_each() -> None:
    pos = position(
        2,
        phase="over",
        hands={0: "", 1: "9C"},
        melds={0: [NATURAL_CANASTA, QUEENS], 1: [ACES]},
        out={"seat": 0, "concealed": False},
    )
    side_0, side_1 = score(pos)
    assert side_0["total"] == 500 + 500 + 100 + 70 + 70
    assert side_1["total"] == 60 - 10


@pytest.mark.parametrize(("reds", "bonus"), [("3H 3D 3H 3D", 800), ("3H 3D 3H", 300)])
def test_two_players_red_threes(reds: str, bonus: int) -> None:
    pos = position(2, phase="over", hands={0: "9C", 1: "9D"}, melds={0: [ACES]}, red_threes={0: reds}, out=None)
    assert score(pos)[0]["red_threes"] == bonus


# --- three players, individual (the default) ----------------------------------------------------------------


def test_three_players_draw_one_card() -> None:
    pos = position(3, hands={0: "5C 9H 9D"}, stock_top="7C 8D", pile="TC")
    assert same(hand(assert_legal(pos, draw()), 0), "5C 9H 9D 7C")


def test_three_players_each_play_alone() -> None:
    pos = position(3, phase="play", hands={0: "KS 9H 9D"}, melds={1: ["KC KD KH"], 0: [ACES]}, pile="TC")
    assert_refused(pos, meld(add={"K": "KS"}), "no_meld_of_rank")


def test_three_players_need_one_canasta_to_go_out() -> None:
    pos = position(3, phase="play", hands={0: "5C 5D 5H"}, melds={0: [NATURAL_CANASTA]}, pile="TC")
    assert assert_legal(pos, meld("5C 5D 5H"))["phase"] == "over"


def test_another_players_canasta_does_not_let_a_three_player_go_out() -> None:
    pos = position(3, phase="play", hands={0: "5C 5D 5H"}, melds={0: [ACES], 2: [NATURAL_CANASTA]}, pile="TC")
    assert_refused(pos, meld("5C 5D 5H"), "going_out_needs_canasta")


def test_three_players_with_canastas_to_go_out_two() -> None:
    pos = position(
        3, phase="play", hands={0: "5C 5D 5H"}, melds={0: [NATURAL_CANASTA]}, pile="TC", rules={"canastas_to_go_out": 2}
    )
    assert_refused(pos, meld("5C 5D 5H"), "going_out_needs_canasta")


def test_three_players_score_one_entry_each() -> None:
    pos = position(
        3,
        phase="over",
        hands={0: "", 1: "9C", 2: "4C JK"},
        melds={0: [NATURAL_CANASTA], 1: [ACES], 2: []},
        red_threes={2: "3H"},
        out={"seat": 0, "concealed": False},
    )
    entries = score(pos)
    assert len(entries) == 3
    assert entries[0]["total"] == 500 + 100 + 70
    assert entries[1]["total"] == 60 - 10
    assert entries[2]["total"] == -100 - 55


# --- three players, cutthroat -------------------------------------------------------------------------------


def test_cutthroat_draws_two_cards() -> None:
    pos = position(3, hands={0: "5C 9H 9D"}, stock_top="7C 8D 9S", pile="TC", rules=CUTTHROAT)
    assert same(hand(assert_legal(pos, draw()), 0), "5C 9H 9D 7C 8D")


def test_cutthroat_before_the_pile_is_taken_everyone_plays_alone() -> None:
    pos = position(
        3,
        current=2,
        phase="play",
        hands={2: "KS 9H 9D"},
        melds={1: ["KC KD KH"], 2: [ACES]},
        pile="TC",
        rules=CUTTHROAT,
    )
    assert_refused(pos, meld(add={"K": "KS"}), "no_meld_of_rank")


def test_cutthroat_the_first_to_take_the_pile_becomes_the_lone_hand() -> None:
    pos = position(
        3, hands={0: "8H 8D AC AD AH 5C"}, pile="9C 8S", rules=CUTTHROAT, melds={1: ["KC KD KH"], 2: ["KS KC 2D"]}
    )
    new = assert_legal(pos, take("8H 8D", also=["AC AD AH"]))
    assert new["lone_hand"] == 0
    # The partners' kings combine into one meld, kept in the entry of seat 1 (after the lone hand, clockwise).
    assert same(the_meld(new, 1, "K"), "KC KD KH KS KC 2D")
    assert side_melds(new, 2) == []


@pytest.mark.parametrize(("taker", "keeper", "other"), [(0, 1, 2), (1, 2, 0), (2, 0, 1)])
def test_cutthroat_combined_melds_go_to_the_partner_after_the_lone_hand(taker: int, keeper: int, other: int) -> None:
    pos = position(
        3,
        current=taker,
        hands={taker: "8H 8D AC AD AH 5C"},
        pile="9C 8S",
        rules=CUTTHROAT,
        melds={keeper: ["QC QD QH"], other: ["QS QC 2D"]},
    )
    new = assert_legal(pos, take("8H 8D", also=["AC AD AH"]))
    assert new["lone_hand"] == taker
    assert same(the_meld(new, keeper, "Q"), "QC QD QH QS QC 2D")
    assert side_melds(new, other) == []


def test_cutthroat_partners_add_to_each_others_melds() -> None:
    pos = position(
        3,
        current=2,
        phase="play",
        hands={2: "KS 9H 9D"},
        melds={1: ["KC KD KH"]},
        pile="TC",
        rules=CUTTHROAT,
        lone_hand=0,
        melded_this_hand=[False, True, False],
    )
    new = assert_legal(pos, meld(add={"K": "KS"}))
    assert same(the_meld(new, 1, "K"), "KC KD KH KS")


def test_cutthroat_a_combined_meld_keeps_four_wilds_but_takes_no_more() -> None:
    combined = "KC KD KH KS 2C 2D 2H JK"
    pos = position(
        3,
        current=2,
        phase="play",
        hands={2: "KC 2S 9H 9D"},
        melds={1: [combined]},
        pile="TC",
        rules=CUTTHROAT,
        lone_hand=0,
        melded_this_hand=[False, True, True],
    )
    assert_refused(pos, meld(add={"K": "2S"}), "meld_too_many_wilds")
    new = assert_legal(pos, meld(add={"K": "KC"}))
    assert same(the_meld(new, 1, "K"), combined + " KC")


def test_cutthroat_one_canasta_between_the_partners_lets_either_go_out() -> None:
    pos = position(
        3,
        current=2,
        phase="play",
        hands={2: "9C"},
        melds={1: [NATURAL_CANASTA]},
        pile="TC",
        rules=CUTTHROAT,
        lone_hand=0,
        melded_this_hand=[False, True, False],
    )
    over = assert_legal(pos, discard("9C"))
    assert over["phase"] == "over"
    assert over["out"]["seat"] == 2


def test_cutthroat_the_lone_hand_needs_his_own_canasta() -> None:
    pos = position(
        3,
        current=0,
        phase="play",
        hands={0: "9C"},
        melds={0: [ACES], 1: [NATURAL_CANASTA]},
        pile="TC",
        rules=CUTTHROAT,
        lone_hand=0,
    )
    assert_refused(pos, discard("9C"), "going_out_needs_canasta")


def test_cutthroat_going_out_before_the_pile_was_taken_makes_the_lone_hand() -> None:
    pos = position(
        3, current=1, phase="play", hands={1: "5C 5D 5H"}, melds={1: [NATURAL_CANASTA]}, pile="TC", rules=CUTTHROAT
    )
    over = assert_legal(pos, meld("5C 5D 5H"))
    assert over["phase"] == "over"
    assert over["lone_hand"] == 1


def test_cutthroat_after_an_early_going_out_the_other_two_score_as_partners() -> None:
    # Reading: once seat 1 is the lone hand, seats 0 and 2 each score the partnership's result (their melds
    # and both hands together): 60 + 30 - 5 - 10 = 75 each, neither having red threes.
    pos = position(
        3,
        current=1,
        phase="play",
        hands={0: "5C", 1: "5D 5H 5S", 2: "9C"},
        melds={0: [ACES], 1: [NATURAL_CANASTA], 2: ["QC QD QH"]},
        pile="TC",
        rules=CUTTHROAT,
    )
    over = assert_legal(pos, meld("5D 5H 5S"))
    first, lone, second = score(over)
    assert lone["total"] == 500 + 100 + 70 + 15
    assert first["total"] == second["total"] == 75


def test_cutthroat_minimum_comes_from_each_players_own_score() -> None:
    pos = position(
        3,
        current=1,
        phase="play",
        hands={1: "AC AD AH KC KD KH 6S 6H"},
        pile="TC",
        rules=CUTTHROAT,
        scores=[0, 3000, 0],
    )
    assert_refused(pos, meld("AC AD AH", "KC KD KH"), "initial_meld_below_minimum")


def test_cutthroat_scoring_lone_hand_and_partners() -> None:
    # Lone hand 0: aces (60), holds 5C. Partners 1 and 2: seven kings and three queens in seat 1's entry,
    # seat 1 went out, seat 2 holds 9C; seat 1 has one red three, seat 2 two.
    pos = position(
        3,
        phase="over",
        rules=CUTTHROAT,
        lone_hand=0,
        hands={0: "5C", 1: "", 2: "9C"},
        melds={0: [ACES], 1: [NATURAL_CANASTA, "QC QD QH"], 2: []},
        red_threes={1: "3H", 2: "3D 3D"},
        out={"seat": 1, "concealed": False},
    )
    lone, first, second = score(pos)
    assert lone["total"] == 60 - 5
    partnership = 500 + 100 + 70 + 30 - 10
    assert first["total"] == partnership + 100
    assert second["total"] == partnership + 200
    assert first["red_threes"] == 100 and second["red_threes"] == 200


# --- six players --------------------------------------------------------------------------------------------


def test_six_players_use_three_packs() -> None:
    assert len(deck(6)) == 162
    pos = position(6, hands={0: "5C 9H 9D"}, stock_top="7C 8D", pile="TC")
    assert same(hand(assert_legal(pos, draw()), 0), "5C 9H 9D 7C")


def test_a_six_player_position_with_a_108_card_deck_is_malformed() -> None:
    pos = position(4, hands={0: "5C 9H 9D"}, pile="TC")
    pos["rules"] = {"players": 6}
    pos["hands"] += [["6C"], ["6D"]]  # six hands, but the cards of only two packs
    assert_error({"position": pos, "action": draw()})


def test_six_players_sides_alternate_and_share_melds() -> None:
    # Seat 4 adds to the kings of side 0 (seats 0, 2, 4).
    pos = position(6, current=4, phase="play", hands={4: "KS 9H 9D"}, melds={0: ["KC KD KH"]}, pile="TC")
    new = assert_legal(pos, meld(add={"K": "KS"}))
    assert same(the_meld(new, 0, "K"), "KC KD KH KS")


def test_six_players_need_two_canastas_to_go_out() -> None:
    pos = position(6, phase="play", hands={0: "5C 5D 5H"}, melds={0: [NATURAL_CANASTA]}, pile="TC")
    assert_refused(pos, meld("5C 5D 5H"), "going_out_needs_canasta")
    two = position(6, phase="play", hands={0: "5C 5D 5H"}, melds={0: [NATURAL_CANASTA, QUEENS]}, pile="TC")
    assert assert_legal(two, meld("5C 5D 5H"))["phase"] == "over"


@pytest.mark.parametrize(("count", "bonus"), [(1, 100), (4, 400), (5, 1000), (6, 1200)])
def test_six_player_red_threes(count: int, bonus: int) -> None:
    reds = " ".join(["3H", "3D"] * 3)[: 3 * count - 1]
    pos = position(6, phase="over", hands=SIX_HANDS, melds={0: [ACES]}, red_threes={0: reds}, out=None)
    assert score(pos)[0]["red_threes"] == bonus


def test_six_player_red_threes_count_against_a_side_without_melds() -> None:
    pos = position(6, phase="over", hands=SIX_HANDS, melds={1: [ACES]}, red_threes={0: "3H 3D 3H 3D 3H 3D"}, out=None)
    assert score(pos)[0]["red_threes"] == -1200
