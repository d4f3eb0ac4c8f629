"""Samba's rules A3 and A4 with H1: groups (at most two wild cards at every moment), several groups of a rank and
combining them, sequences (one suit, 4 low, ace high, no wrap, no wild card, two or three, closed at seven,
added only at the ends), black threes, and what a canasta still takes.

Side 0 holds three aces unless a test says otherwise, so no first-meld minimum applies; seat 0 is in the play
phase, having drawn.
"""

import pytest

from tests.rules.positions import assert_refused, score
from tests.rules_family.family import (
    Meld,
    Position,
    aces,
    assert_legal,
    combine,
    group,
    hand,
    kinds_of,
    meld,
    melds_of,
    mixed_canasta,
    natural_canasta,
    position,
    run,
    samba,
    same,
)

SPARE = "8S 8D"  # two cards kept back, so that no step empties the hand


def player(hand_cards: str, *side_melds: Meld, rules: dict[str, object] | None = None) -> Position:
    """Seat 0 to meld with `hand_cards` (plus two spare cards); side 0 holds aces and `side_melds`."""
    return position(
        hands={0: f"{hand_cards} {SPARE}"}, melds={0: [aces(), *side_melds]}, phase="play", rules=rules or {}
    )


# --- A3 groups: at least two naturals, at most two wild cards ------------------------------------------------


@pytest.mark.parametrize("laid", ["5C 5D 2C", "9C 9D 9S 2C JK", "5C 5D 2C 2D", "KC KD KH KS"])
def test_a3_groups_within_two_wild_cards_are_laid(laid: str) -> None:
    new = assert_legal(player(laid), meld(laid))
    assert melds_of(new)[1] == laid.split() and kinds_of(new) == ["group", "group"]
    assert new["melds"][0][1]["rank"] == laid[0]
    assert same(hand(new), SPARE)


@pytest.mark.parametrize(
    ("laid", "code"),
    [
        ("9C 9D 9S 2C 2D JK", "meld_too_many_wilds"),  # the rules' own example: three wild cards
        ("5C 5D 2C 2D JK", "meld_too_many_wilds"),
        ("5C 2C 2D", "meld_too_few_naturals"),
        ("5C 5D", "meld_too_small"),
        ("5C 5D 6C", "sequence_one_suit"),  # naturals of two ranks, no wild card: read as a sequence
    ],
)
def test_a3_groups_breaking_the_limits_are_refused(laid: str, code: str) -> None:
    assert_refused(player(laid), meld(laid), code)


def test_a3_h1_a_wild_card_beyond_two_is_refused_while_the_group_grows() -> None:
    pos = player("2C", group("9", "9H 9H 2S JK"))
    assert_refused(pos, meld(add=[(1, "2C")]), "meld_too_many_wilds")
    pos = player("2C JK", group("9", "9H 9H 9C 2S"))
    assert_refused(pos, meld(add=[(1, "2C JK")]), "meld_too_many_wilds")


def test_a3_a_group_with_one_wild_card_takes_a_second() -> None:
    new = assert_legal(player("2C", group("9", "9H 9H 9C 2S")), meld(add=[(1, "2C")]))
    assert melds_of(new)[1] == ["9H", "9H", "9C", "2S", "2C"]


def test_a3_wild_cards_never_form_a_meld_of_their_own_in_samba() -> None:
    assert_refused(player("JK 2C 2D"), meld("JK 2C 2D"), "meld_without_natural_rank")


# --- A3 several groups of a rank, combining -----------------------------------------------------------------


def test_a3_a_new_group_of_a_rank_held_is_a_group_of_its_own() -> None:
    new = assert_legal(player("AS AS AD"), meld("AS AS AD"))
    assert melds_of(new) == [["AC", "AD", "AH"], ["AS", "AS", "AD"]]


def test_a3_adding_by_rank_with_two_groups_of_that_rank_must_name_one() -> None:
    pos = player("AS", group("A", "AS AS AD"))
    assert_refused(pos, meld(by_rank={"A": "AS"}), "which_meld")
    new = assert_legal(pos, meld(add=[(1, "AS")]))
    assert melds_of(new) == [["AC", "AD", "AH"], ["AS", "AS", "AD", "AS"]]


def test_a3_two_groups_of_a_rank_combine_into_one_meld_at_the_lower_index() -> None:
    pos = player("", group("A", "AS AS AD 2C"))
    new = assert_legal(pos, combine(0, 1))
    assert melds_of(new) == [["AC", "AD", "AH", "AS", "AS", "AD", "2C"]]
    assert same(hand(new), SPARE)


def test_a3_a_combined_meld_is_one_canasta_with_one_bonus() -> None:
    pos = position(hands={0: SPARE}, melds={0: [group("A", "AC AD AH AS"), group("A", "AS AS AD 2C")]}, phase="play")
    new = assert_legal(pos, combine(0, 1))
    assert len(new["melds"][0]) == 1
    new["phase"], new["out"] = "over", None
    assert score(new)[0]["canastas"] == 300  # one mixed canasta of eight cards


@pytest.mark.parametrize(
    ("first", "second", "code"),
    [
        (group("A", "AC AD 2H 2C"), group("A", "AS AS AD 2D"), "meld_too_many_wilds"),  # two and one
        (group("A", "AC AD 2H JK"), group("A", "AS AS 2D JK"), "meld_too_many_wilds"),  # two and two: never
        (group("A", "AC AD AH AS AC AD AH"), group("A", "AS AS 2C"), "wilds_on_canasta"),
        (group("A", "AC AD AH"), group("K", "KS KS KD"), "cannot_combine"),
        (group("A", "AC AD AH"), run("S", "4S 5S 6S"), "cannot_combine"),
    ],
)
def test_a3_combining_is_refused_where_the_result_breaks_the_wild_limit_or_the_ranks_differ(
    first: Meld, second: Meld, code: str
) -> None:
    pos = position(hands={0: SPARE}, melds={0: [first, second]}, phase="play")
    assert_refused(pos, combine(0, 1), code)


def test_a3_combining_two_groups_with_one_wild_card_each_stays_within_two() -> None:
    pos = position(hands={0: SPARE}, melds={0: [group("A", "AC AD AH 2C"), group("A", "AS AS AD JK")]}, phase="play")
    new = assert_legal(pos, combine(0, 1))
    assert melds_of(new) == [["AC", "AD", "AH", "2C", "AS", "AS", "AD", "JK"]]


def test_a3_a_group_and_itself_do_not_combine() -> None:
    assert_refused(player("", group("A", "AS AS AD")), combine(1, 1), "cannot_combine")


def test_a3_combining_waits_for_the_draw() -> None:
    pos = position(hands={0: SPARE}, melds={0: [aces(), group("A", "AS AS AD")]})
    assert_refused(pos, combine(0, 1), "must_draw_first")


# --- A3 sequences ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("laid", "written"),
    [
        ("4S 5S 6S", ["4S", "5S", "6S"]),  # the lowest
        ("QS KS AS", ["QS", "KS", "AS"]),  # the highest: ace high
        ("6S 4S 5S", ["4S", "5S", "6S"]),  # kept low to high
        ("4S 5S 6S 7S 8S 9S TS", ["4S", "5S", "6S", "7S", "8S", "9S", "TS"]),  # seven at once: a samba
    ],
)
def test_a3_a_run_of_one_suit_is_a_sequence_written_low_to_high(laid: str, written: list[str]) -> None:
    new = assert_legal(player(laid), meld(laid))
    laid_meld = new["melds"][0][1]
    assert (laid_meld["kind"], laid_meld["suit"], laid_meld["cards"]) == ("sequence", "S", written)


@pytest.mark.parametrize(
    ("laid", "code"),
    [
        ("KS AS 4S", "sequence_not_run"),  # nothing wraps
        ("3S 4S 5S", "sequence_naturals_only"),  # a three never belongs to a sequence
        ("4S 5S 6H", "sequence_one_suit"),
        ("4S 5S 7S", "sequence_not_run"),
        ("4S 5S 5S", "sequence_not_run"),
        ("4S 5S 6S 7S 8S 9S TS JS", "meld_too_large"),
        ("4S 5S JK", "meld_mixed_ranks"),  # with a wild card it is no sequence, and as a group it mixes ranks
        ("4S 5S 2S", "meld_mixed_ranks"),
    ],
)
def test_a3_what_is_no_sequence_is_refused(laid: str, code: str) -> None:
    assert_refused(player(laid), meld(laid), code)


@pytest.mark.parametrize(
    ("added", "result"),
    [
        ("5S", "5S 6S 7S 8S"),
        ("9S", "6S 7S 8S 9S"),
        ("5S 9S", "5S 6S 7S 8S 9S"),
        ("4S 5S", "4S 5S 6S 7S 8S"),
    ],
)
def test_a3_a_sequence_grows_at_either_end(added: str, result: str) -> None:
    new = assert_legal(player(added, run("S", "6S 7S 8S")), meld(add=[(1, added)]))
    assert melds_of(new)[1] == result.split()


@pytest.mark.parametrize(
    ("added", "code"),
    [
        ("7S", "sequence_not_run"),  # only at the ends: a card of a rank it holds
        ("TS", "sequence_not_run"),  # a gap
        ("2S", "sequence_naturals_only"),
        ("JK", "sequence_naturals_only"),
        ("9H", "sequence_one_suit"),
    ],
)
def test_a3_a_sequence_takes_no_card_but_the_next_one_at_an_end(added: str, code: str) -> None:
    assert_refused(player(added, run("S", "6S 7S 8S")), meld(add=[(1, added)]), code)


def test_a3_nothing_follows_the_ace_and_nothing_precedes_the_four() -> None:
    assert_refused(player("4S", run("S", "QS KS AS")), meld(add=[(1, "4S")]), "sequence_not_run")
    assert_refused(player("3S", run("S", "4S 5S 6S")), meld(add=[(1, "3S")]), "sequence_naturals_only")


@pytest.mark.parametrize("added", ["4H", "QH"])
def test_a4_a_samba_is_closed(added: str) -> None:
    assert_refused(player(added, samba()), meld(add=[(1, added)]), "meld_too_large")


def test_a3_a_sequence_closes_at_seven_cards_in_one_step() -> None:
    pos = player("4S 9S TS", run("S", "5S 6S 7S 8S"))
    new = assert_legal(pos, meld(add=[(1, "4S 9S TS")]))
    assert melds_of(new)[1] == ["4S", "5S", "6S", "7S", "8S", "9S", "TS"]
    assert_refused(player("4S 9S TS JS", run("S", "5S 6S 7S 8S")), meld(add=[(1, "4S 9S TS JS")]), "meld_too_large")


def test_a3_two_sequences_of_one_suit_stand_apart() -> None:
    new = assert_legal(player("6S 7S 8S", run("S", "6S 7S 8S")), meld("6S 7S 8S"))
    assert kinds_of(new) == ["group", "sequence", "sequence"]


# --- A3 black threes --------------------------------------------------------------------------------------------


def test_a3_black_threes_are_melded_only_when_going_out() -> None:
    assert_refused(player("3C 3S 3C"), meld("3C 3S 3C"), "black_threes_only_going_out")


def test_a3_black_threes_meld_going_out_with_two_canastas() -> None:
    pos = position(hands={0: "3C 3S 3C"}, melds={0: [natural_canasta(), samba()]}, phase="play")
    new = assert_legal(pos, meld("3C 3S 3C"))
    assert new["phase"] == "over" and new["out"]["seat"] == 0
    threes = new["melds"][0][2]
    assert (threes["kind"], threes["rank"], threes["cards"]) == ("group", "3", ["3C", "3S", "3C"])


def test_a3_black_threes_take_no_wild_card() -> None:
    pos = position(hands={0: "3C 3S 2C"}, melds={0: [natural_canasta(), samba()]}, phase="play")
    assert_refused(pos, meld("3C 3S 2C"), "black_three_meld_with_wild")


def test_a3_all_six_black_threes_make_one_meld_going_out() -> None:
    pos = position(hands={0: "3C 3C 3C 3S 3S 3S"}, melds={0: [natural_canasta(), samba()]}, phase="play")
    new = assert_legal(pos, meld("3C 3C 3C 3S 3S 3S"))
    assert new["phase"] == "over" and len(melds_of(new)[2]) == 6


# --- A4 canastas ---------------------------------------------------------------------------------------------


def test_a4_a_group_canasta_takes_natural_cards_without_limit() -> None:
    new = assert_legal(player("KC KD", natural_canasta()), meld(add=[(1, "KC KD")]))
    assert len(melds_of(new)[1]) == 9


@pytest.mark.parametrize(("canasta", "wild_card"), [(natural_canasta(), "JK"), (mixed_canasta(), "2C")])
def test_a4_h1_a_group_canasta_takes_no_wild_card(canasta: Meld, wild_card: str) -> None:
    assert_refused(player(wild_card, canasta), meld(add=[(1, wild_card)]), "wilds_on_canasta")


def test_h1_a_mixed_canasta_with_one_wild_card_cannot_take_a_second() -> None:
    pos = player("2C", group("9", "9H 9H 9C 9C 9D 9D 2S"))
    assert_refused(pos, meld(add=[(1, "2C")]), "wilds_on_canasta")


def test_h1_a_group_that_reaches_seven_with_one_wild_card_takes_a_natural_in_the_same_step() -> None:
    # 2C first makes a mixed canasta of seven, then 9C is a natural card onto it: legal in that order
    new = assert_legal(player("9C 2C", group("9", "9H 9H 9C 9D 9D 9S")), meld(add=[(1, "9C 2C")]))
    assert len(melds_of(new)[1]) == 8


def test_h1_a_group_of_six_takes_only_one_wild_card_the_second_would_go_onto_a_canasta() -> None:
    pos = player("2C JK", group("9", "9H 9H 9C 9D 9D 9S"))
    assert_refused(pos, meld(add=[(1, "2C JK")]), "wilds_on_canasta")
