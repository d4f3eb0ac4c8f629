"""docs/rules.md, "Melds" and "Canastas": the wild-card limit, one meld per rank, black threes, canastas.

Unless a test is about the initial meld, the melding side has already melded (it holds three aces), so no
minimum applies, and the player keeps at least two cards after melding.
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
    hand,
    meld,
    melds_of_rank,
    position,
    same,
    the_meld,
)

KEEP = "6S 6H"  # two cards the player keeps, so no meld step here empties his hand


def melded_side(hand_cards: str, *side_melds: str, rules: Options | None = None, players: int = 4) -> Position:
    """Phase play, the current seat 0 holds `hand_cards`; side 0 holds aces plus `side_melds`."""
    return position(
        players,
        phase="play",
        hands={0: hand_cards},
        melds={0: [ACES, *side_melds]},
        pile="8C",
        rules=rules or {},
    )


# --- what a meld is -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "cards",
    [
        "5C 5D 2C",  # the rule book's example: two naturals and a wild card
        "9C 9D 9H 2C 2D JK",  # the rule book's example: three wilds is the most
        "KC KD KH",
        "7C 7D JK",
        "7C 7D 2C 2H JK",
        "QC QD QH QS QC QD QH",
        "AC AD AH",  # a second meld of aces would merge; these are the side's second copies
    ],
)
def test_a_legal_meld_is_three_or_more_of_one_natural_rank(cards: str) -> None:
    pos = position(phase="play", hands={0: f"{cards} {KEEP}"}, melds={0: ["TC TD TH"]}, pile="8C")
    new = assert_legal(pos, meld(cards))
    rank = cards.split(maxsplit=1)[0][0]
    assert same(the_meld(new, 0, rank), cards)
    assert same(hand(new, 0), KEEP)


@pytest.mark.parametrize(
    ("cards", "code"),
    [
        ("5C 2C 2D", "meld_too_few_naturals"),  # the rule book's `5-2-2`: one natural
        ("9C 9D 2C 2D 2H JK", "meld_too_many_wilds"),  # the rule book's `9-9-2-2-2-JK`: four wilds
        ("9C 9D 9H 9S 2C 2D 2H JK", "meld_too_many_wilds"),  # four wilds even with four naturals
        ("2C 2D JK", "meld_without_natural_rank"),  # wild cards never form a meld of their own
        ("JK JK 2C 2D", "meld_without_natural_rank"),
        ("5C 5D", "meld_too_small"),
        ("5C 5D 6C", "meld_mixed_ranks"),
        ("5C 5D 6C 6D", "meld_mixed_ranks"),
    ],
)
def test_an_illegal_meld_is_refused(cards: str, code: str) -> None:
    pos = melded_side(f"{cards} {KEEP}")
    assert_refused(pos, meld(cards), code)


def test_a_meld_step_with_a_legal_and_an_illegal_meld_is_refused_whole() -> None:
    pos = melded_side(f"KC KD KH 5C 2C 2D {KEEP}")
    assert_refused(pos, meld("KC KD KH", "5C 2C 2D"), "meld_too_few_naturals")


# --- the wild-card limit, at every moment, also as the meld grows -------------------------------------------


@pytest.mark.parametrize(("start", "added"), [("9C 9D 2C", "2D"), ("9C 9D 2C", "2D 2H"), ("9C 9D 9H", "JK")])
def test_wild_cards_may_be_added_up_to_three(start: str, added: str) -> None:
    pos = melded_side(f"{added} {KEEP}", start)
    new = assert_legal(pos, meld(add={"9": added}))
    assert same(the_meld(new, 0, "9"), f"{start} {added}")


@pytest.mark.parametrize(
    ("start", "added"), [("9C 9D 2C 2D 2H", "JK"), ("9C 9D 9H 2C 2D JK", "2H"), ("9C 9D 2C", "2D 2H JK")]
)
def test_a_fourth_wild_card_is_refused_as_the_meld_grows(start: str, added: str) -> None:
    pos = melded_side(f"{added} {KEEP}", start)
    assert_refused(pos, meld(add={"9": added}), "meld_too_many_wilds")


def test_a_fourth_wild_card_is_refused_even_with_more_naturals_in_the_same_step() -> None:
    pos = melded_side(f"9S 2H {KEEP}", "9C 9D 9H 2C 2D JK")
    assert_refused(pos, meld(add={"9": "9S 2H"}), "meld_too_many_wilds")


def test_naturals_may_be_added_to_a_meld_that_holds_three_wilds() -> None:
    pos = melded_side(f"9S 9C {KEEP}", "9C 9D 9H 2C 2D JK")
    new = assert_legal(pos, meld(add={"9": "9S 9C"}))
    assert same(the_meld(new, 0, "9"), "9C 9D 9H 2C 2D JK 9S 9C")


def test_naturals_may_be_added_to_a_canasta_without_limit() -> None:
    pos = melded_side(f"KS {KEEP}", NATURAL_CANASTA)
    new = assert_legal(pos, meld(add={"K": "KS"}))
    assert same(the_meld(new, 0, "K"), NATURAL_CANASTA + " KS")


def test_a_wild_card_may_be_added_to_a_natural_canasta() -> None:
    pos = melded_side(f"2D {KEEP}", NATURAL_CANASTA)
    new = assert_legal(pos, meld(add={"K": "2D"}))
    assert same(the_meld(new, 0, "K"), NATURAL_CANASTA + " 2D")


def test_an_addition_of_another_rank_is_refused() -> None:
    pos = melded_side(f"QH {KEEP}", "KC KD KH")
    assert_refused(pos, meld(add={"K": "QH"}), "meld_mixed_ranks")


def test_adding_to_a_rank_the_side_has_not_melded_is_refused() -> None:
    pos = melded_side(f"QH {KEEP}", "KC KD KH")
    assert_refused(pos, meld(add={"Q": "QH"}), "no_meld_of_rank")


# --- the wild_limit option ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("option", "cards", "code"),
    [
        ("not_more_than_naturals", "9C 9D 2C 2D", None),
        ("not_more_than_naturals", "9C 9D 9H 2C 2D JK", None),
        ("not_more_than_naturals", "9C 9D 2C 2D 2H", "meld_wilds_exceed_naturals"),
        ("not_more_than_naturals", "9C 9D 9H 9S 2C 2D 2H JK", "meld_too_many_wilds"),  # max3 still holds
        ("naturals_majority", "5C 5D 2C", None),
        ("naturals_majority", "9C 9D 9H 2C 2D", None),
        ("naturals_majority", "9C 9D 2C 2D", "meld_wilds_exceed_naturals"),
        ("naturals_majority", "9C 9D 9H 2C 2D JK", "meld_wilds_exceed_naturals"),
        ("naturals_majority", "5C 2C 2D", "meld_too_few_naturals"),  # at least two naturals still holds
        ("max3", "9C 9D 2C 2D 2H", None),
    ],
)
def test_the_wild_limit_option_bounds_a_new_meld(option: str, cards: str, code: str | None) -> None:
    pos = melded_side(f"{cards} {KEEP}", rules={"wild_limit": option})
    if code is None:
        assert_legal(pos, meld(cards))
    else:
        assert_refused(pos, meld(cards), code)


@pytest.mark.parametrize(
    ("option", "start", "added", "code"),
    [
        ("not_more_than_naturals", "9C 9D 2C 2D", "JK", "meld_wilds_exceed_naturals"),
        ("not_more_than_naturals", "9C 9D 2C 2D", "9H JK", None),
        ("naturals_majority", "9C 9D 2C", "2D", "meld_wilds_exceed_naturals"),
        ("naturals_majority", "9C 9D 9H 2C", "2D", None),
        ("naturals_majority", "9C 9D 9H 2C", "9S 2D JK", None),
        ("naturals_majority", "9C 9D 9H 2C", "2D 2H", "meld_wilds_exceed_naturals"),
    ],
)
def test_the_wild_limit_option_holds_after_every_step(option: str, start: str, added: str, code: str | None) -> None:
    pos = melded_side(f"{added} {KEEP}", start, rules={"wild_limit": option})
    if code is None:
        assert_legal(pos, meld(add={"9": added}))
    else:
        assert_refused(pos, meld(add={"9": added}), code)


# --- one meld per rank per side -----------------------------------------------------------------------------


def test_a_new_meld_of_a_rank_the_side_holds_is_an_addition() -> None:
    pos = melded_side(f"KS KC KD {KEEP}", "KC KD KH")
    new = assert_legal(pos, meld("KS KC KD"))
    assert same(the_meld(new, 0, "K"), "KC KD KH KS KC KD")


def test_cards_of_a_melded_rank_laid_down_as_new_are_added_even_if_fewer_than_three() -> None:
    # Reading: "laying down cards of a rank the side already has melded adds them to that meld (it is an
    # addition, not a new meld)", so the three-card minimum of a new meld does not apply to them.
    pos = melded_side(f"KS KC {KEEP}", "KC KD KH")
    new = assert_legal(pos, meld("KS KC"))
    assert same(the_meld(new, 0, "K"), "KC KD KH KS KC")


def test_two_new_melds_of_one_rank_in_one_step_form_one_meld() -> None:
    pos = melded_side(f"KC KD KH KS KC 2D {KEEP}")
    new = assert_legal(pos, meld("KC KD KH", "KS KC 2D"))
    assert same(the_meld(new, 0, "K"), "KC KD KH KS KC 2D")


def test_two_new_melds_of_one_rank_merged_obey_the_wild_limit_together() -> None:
    # Each part alone is legal (two naturals, two wilds); as the one meld they form, four wilds are not.
    pos = melded_side(f"9C 9D 2C 2D 9H 9S 2H JK {KEEP}")
    assert_refused(pos, meld("9C 9D 2C 2D", "9H 9S 2H JK"), "meld_too_many_wilds")


def test_both_sides_may_hold_a_meld_of_the_same_rank() -> None:
    pos = position(phase="play", hands={0: f"KS KC KD {KEEP}"}, melds={0: [ACES], 1: ["KC KD KH"]}, pile="8C")
    new = assert_legal(pos, meld("KS KC KD"))
    assert same(the_meld(new, 0, "K"), "KS KC KD")
    assert same(the_meld(new, 1, "K"), "KC KD KH")


def test_a_partners_cards_of_a_rank_go_onto_the_same_meld() -> None:
    pos = melded_side(f"KS KC KD {KEEP}", "KC KD KH")
    new = assert_legal(pos, meld(add={"K": "KS KC KD"}))
    assert len(melds_of_rank(new, 0, "K")) == 1


# --- black threes -------------------------------------------------------------------------------------------


def test_black_threes_may_not_be_melded_without_going_out() -> None:
    pos = melded_side(f"3C 3S 3C {KEEP}", NATURAL_CANASTA)
    assert_refused(pos, meld("3C 3S 3C"), "black_threes_only_going_out")


def test_black_threes_may_be_melded_leaving_one_card_to_discard_when_going_out() -> None:
    pos = melded_side("3C 3S 3C 9H", NATURAL_CANASTA)
    after_meld = assert_legal(pos, meld("3C 3S 3C"))
    assert same(hand(after_meld, 0), "9H")
    over = assert_legal(after_meld, discard("9H"))
    assert over["phase"] == "over"
    assert over["out"]["seat"] == 0


def test_four_black_threes_may_be_melded_as_the_last_cards() -> None:
    pos = melded_side("3C 3S 3C 3S", NATURAL_CANASTA)
    over = assert_legal(pos, meld("3C 3S 3C 3S"))
    assert over["phase"] == "over"
    assert over["out"]["seat"] == 0


def test_a_black_three_meld_takes_no_wild_card() -> None:
    pos = melded_side("3C 3S 2C", NATURAL_CANASTA)
    assert_refused(pos, meld("3C 3S 2C"), "black_three_meld_with_wild")


def test_a_black_three_meld_needs_three_cards() -> None:
    pos = melded_side("3C 3S", NATURAL_CANASTA)
    assert_refused(pos, meld("3C 3S"), "meld_too_small")


def test_black_threes_need_a_side_allowed_to_go_out() -> None:
    # The rule book names no single code: the step both melds black threes without a legal going out and
    # would leave one card without a canasta.
    pos = melded_side("3C 3S 3C 9H")
    assert_refused(
        pos, meld("3C 3S 3C"), ("going_out_needs_canasta", "black_threes_only_going_out", "must_keep_two_cards")
    )


def test_five_black_threes_may_be_melded_with_three_packs() -> None:
    # Reading: "(4 at most with two packs)" implies the six-player deck's six black threes allow more.
    pos = position(
        6,
        phase="play",
        hands={0: "3C 3C 3C 3S 3S"},
        melds={0: [NATURAL_CANASTA, "QC QD QH QS QC QD QH"]},
        pile="8C",
    )
    over = assert_legal(pos, meld("3C 3C 3C 3S 3S"))
    assert over["phase"] == "over"
