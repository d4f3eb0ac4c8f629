"""docs/rules.md, "The first meld": the minimum, by the side's cumulative score, and what counts toward it."""

import re

import pytest

from tests.rules.positions import (
    ACES,
    Position,
    assert_legal,
    assert_refused,
    meld,
    position,
    same,
    side_melds,
    take,
    the_meld,
)

KEEP = "6S 6H"


def first_meld(groups: list[str], score: int, players: int = 4, current: int = 0) -> Position:
    """Seat `current` in phase play, his side unmelded with `score`, holding the groups and two more cards."""
    hand_cards = " ".join(groups) + " " + KEEP
    scores = [0] * (3 if players == 3 else 2)
    side = current if players in (2, 3) else current % 2
    scores[side] = score
    return position(players, current=current, phase="play", hands={current: hand_cards}, pile="8C", scores=scores)


# Card values: A and 2 are 20, K..8 are 10, 7..4 are 5, a joker 50.
TABLE = [
    # (cumulative score, melds, their points, legal?)
    (-5, ["4C 4D 4H"], 15, True),
    (-1500, ["4C 4D 4H"], 15, True),
    (0, ["4C 4D 4H"], 15, False),
    (0, ["KC KD KH", "7C 7D 7H"], 45, False),
    (0, ["KC KD KH 2C"], 50, True),
    (1495, ["KC KD KH 2C"], 50, True),
    (1500, ["KC KD KH 2C"], 50, False),
    (1500, ["AC AD AH", "5C 5D 5H"], 75, False),
    (1500, ["AC AD AH", "KC KD KH"], 90, True),
    (2995, ["AC AD AH", "KC KD KH"], 90, True),
    (3000, ["AC AD AH", "KC KD KH"], 90, False),
    (3000, ["AC AD AH AS", "KC KD KH"], 110, False),
    (3000, ["AC AD AH AS", "KC KD KH KS"], 120, True),
    (7500, ["AC AD AH AS", "KC KD KH KS"], 120, True),  # 150 is for six players only
]


@pytest.mark.parametrize(("score", "groups", "points", "legal"), TABLE)
def test_the_initial_meld_minimum_follows_the_cumulative_score(
    score: int, groups: list[str], points: int, legal: bool
) -> None:
    pos = first_meld(groups, score)
    if legal:
        new = assert_legal(pos, meld(*groups))
        assert sum(len(m) for m in side_melds(new, 0)) == sum(len(g.split()) for g in groups)
    else:
        assert_refused(pos, meld(*groups), "initial_meld_below_minimum")


@pytest.mark.parametrize(
    ("score", "groups", "legal"),
    [
        (7500, ["JK 9C 9D", "AC AD AH AS"], True),  # 150
        (7500, ["AC AD AH AS", "KC KD KH", "QC QD QH"], False),  # 140
        (7499, ["AC AD AH AS", "KC KD KH", "QC QD QH"], True),  # 140 >= 120
        (3000, ["AC AD AH AS", "KC KD KH"], False),  # 110 < 120
        (1500, ["AC AD AH", "KC KD KH"], True),  # 90
        (0, ["KC KD KH 2C"], True),  # 50
    ],
)
def test_six_players_need_150_once_a_side_has_7500(score: int, groups: list[str], legal: bool) -> None:
    pos = first_meld(groups, score, players=6)
    if legal:
        assert_legal(pos, meld(*groups))
    else:
        assert_refused(pos, meld(*groups), "initial_meld_below_minimum")


def test_the_refusal_message_gives_both_numbers() -> None:
    message = assert_refused(
        first_meld(["KC KD KH KS", "JC JD JH"], 1500), meld("KC KD KH KS", "JC JD JH"), "initial_meld_below_minimum"
    )
    numbers = re.findall(r"\d+", message)
    assert "90" in numbers and "70" in numbers, message


def test_several_melds_laid_together_count_together() -> None:
    # 60 + 30 = 90: neither meld alone reaches 90.
    pos = first_meld(["AC AD AH", "KC KD KH"], 1500)
    assert_refused(pos, meld("AC AD AH"), "initial_meld_below_minimum")
    assert_legal(pos, meld("AC AD AH", "KC KD KH"))


def test_red_threes_never_count_toward_the_initial_meld() -> None:
    pos = position(phase="play", hands={0: f"KC KD KH KS {KEEP}"}, red_threes={0: "3H 3D"}, pile="8C")
    assert_refused(pos, meld("KC KD KH KS"), "initial_meld_below_minimum")


@pytest.mark.parametrize(
    ("scores", "current", "legal"),
    [([1500, 0], 1, True), ([0, 1500], 0, True), ([1500, 0], 0, False), ([0, 1500], 1, False)],
)
def test_the_minimum_comes_from_the_melding_sides_own_score(scores: list[int], current: int, legal: bool) -> None:
    # Three aces make 60: enough for 50, not for 90.
    pos = position(current=current, phase="play", hands={current: f"AC AD AH {KEEP}"}, pile="8C", scores=scores)
    if legal:
        assert_legal(pos, meld(ACES))
    else:
        assert_refused(pos, meld(ACES), "initial_meld_below_minimum")


def test_a_partners_initial_meld_frees_the_whole_side_from_the_minimum() -> None:
    pos = position(phase="play", hands={0: f"4C 4D 4H {KEEP}"}, melds={0: [ACES]}, pile="8C", scores=[3000, 0])
    assert_legal(pos, meld("4C 4D 4H"))


def test_after_the_initial_step_further_melds_in_the_same_turn_are_free() -> None:
    pos = first_meld(["AC AD AH", "KC KD KH", "4C 4D 4H"], 1500)
    after_initial = assert_legal(pos, meld("AC AD AH", "KC KD KH"))
    assert_legal(after_initial, meld("4C 4D 4H"))


def test_the_initial_meld_is_one_step_not_the_sum_of_two() -> None:
    pos = first_meld(["AC AD AH", "KC KD KH"], 1500)
    assert_refused(pos, meld("KC KD KH"), "initial_meld_below_minimum")


def test_three_players_each_have_the_minimum_of_their_own_score() -> None:
    scores = [0, 3000, -100]
    ninety = "AC AD AH KC KD KH " + KEEP
    pos_1 = position(3, current=1, phase="play", hands={1: ninety}, pile="8C", scores=scores)
    assert_refused(pos_1, meld("AC AD AH", "KC KD KH"), "initial_meld_below_minimum")
    pos_2 = position(3, current=2, phase="play", hands={2: f"4C 4D 4H {KEEP}"}, pile="8C", scores=scores)
    assert_legal(pos_2, meld("4C 4D 4H"))
    pos_0 = position(3, current=0, phase="play", hands={0: ninety}, pile="8C", scores=scores)
    assert_legal(pos_0, meld("AC AD AH", "KC KD KH"))


# --- the initial meld by taking the pile --------------------------------------------------------------------


def test_the_pile_top_card_counts_toward_the_initial_meld() -> None:
    # 5H 5D make 10 from hand; with the top 5S they make 15, the minimum below zero.
    pos = position(hands={0: "5H 5D 9C"}, pile="KC 5S", scores=[-5, 0])
    new = assert_legal(pos, take("5H 5D"))
    assert same(the_meld(new, 0, "5"), "5S 5H 5D")


def test_pile_cards_other_than_the_top_card_do_not_count() -> None:
    # The pile holds 70 points of aces and a king under the top nine: they do not help.
    pos = position(hands={0: "9H 9D QC QD QH 5C"}, pile="AC AD AH KC 9S", scores=[0, 0])
    message = assert_refused(pos, take("9H 9D"), "initial_meld_below_minimum")
    numbers = re.findall(r"\d+", message)
    assert "50" in numbers and "30" in numbers, message


def test_other_melds_laid_from_hand_with_the_take_count_toward_the_minimum() -> None:
    pos = position(hands={0: "9H 9D QC QD QH 5C"}, pile="AC AD AH KC 9S", scores=[0, 0])
    new = assert_legal(pos, take("9H 9D", also=["QC QD QH"]))
    assert same(the_meld(new, 0, "9"), "9S 9H 9D")
    assert same(the_meld(new, 0, "Q"), "QC QD QH")


def test_after_a_take_that_meets_the_minimum_pile_cards_meld_freely() -> None:
    pos = position(hands={0: "9H 9D QC QD QH 5C 6C"}, pile="4C 4D 4H 9S", scores=[0, 0])
    after_take = assert_legal(pos, take("9H 9D", also=["QC QD QH"]))
    new = assert_legal(after_take, meld("4C 4D 4H"))
    assert same(the_meld(new, 0, "4"), "4C 4D 4H")


def test_a_take_that_misses_the_minimum_is_refused_even_when_the_hand_could_meet_it_later() -> None:
    pos = position(hands={0: "9H 9D AC AD AH 5C"}, pile="KC 9S", scores=[1500, 0])
    # 9S 9H 9D = 30 < 90; the aces count only if laid in the same step.
    assert_refused(pos, take("9H 9D"), "initial_meld_below_minimum")
    assert_legal(pos, take("9H 9D", also=["AC AD AH"]))
