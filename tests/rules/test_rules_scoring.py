"""docs/rules.md, "Scoring a hand": per side; golden tables worked out by hand from the card values and that section.

Score entries: canastas, red_threes, going_out, melded, in_hand (negative), total.
"""

from typing import Any

import pytest

from tests.rules.positions import (
    ACES,
    MIXED_CANASTA,
    NATURAL_CANASTA,
    Options,
    Position,
    assert_legal,
    discard,
    draw,
    meld,
    position,
    score,
)

FIELDS = ("canastas", "red_threes", "going_out", "melded", "in_hand", "total")


def ended(
    hands: dict[int, str],
    melds: dict[int, list[Any]],
    red_threes: dict[int, str] | None = None,
    out: int | tuple[int, bool] | None = None,
    rules: Options | None = None,
) -> Position:
    """A hand that is over; `out` is the seat that went out (or None), `concealed` via a (seat, True) pair."""
    out_json: dict[str, Any] | None = None
    if isinstance(out, tuple):
        out_json = {"seat": out[0], "concealed": out[1]}
    elif out is not None:
        out_json = {"seat": out, "concealed": False}
    return position(
        phase="over", hands=hands, melds=melds, red_threes=red_threes or {}, out=out_json, rules=rules or {}
    )


def entry(**values: int) -> dict[str, int]:
    """A full score entry; the total is the sum of the parts."""
    full = {name: values.get(name, 0) for name in FIELDS[:-1]}
    full["total"] = sum(full.values())
    return full


# --- the rule book's example --------------------------------------------------------------------------------


def test_the_rule_books_example_totals_1190() -> None:
    # Natural canasta of seven kings (70), mixed canasta Q Q Q Q Q 2 JK (120), meld 5-5-5 (15), one red three,
    # went out, partner holds 9 and 4: 500 + 300 + 100 + 100 + 205 - 15 = 1190.
    pos = ended(
        hands={0: "", 1: "6C 7C", 2: "9C 4D", 3: "8C"},
        melds={0: [NATURAL_CANASTA, MIXED_CANASTA, "5C 5D 5H"], 1: [ACES]},
        red_threes={0: "3H"},
        out=0,
    )
    side_0, side_1 = score(pos)
    assert side_0 == entry(canastas=800, red_threes=100, going_out=100, melded=205, in_hand=-15)
    assert side_0["total"] == 1190
    assert side_1 == entry(melded=60, in_hand=-20)


# --- card values --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "value"),
    [
        ("JK", 50),
        ("2C", 20),
        ("2H", 20),
        ("AS", 20),
        ("KS", 10),
        ("QD", 10),
        ("JC", 10),
        ("TH", 10),
        ("9S", 10),
        ("8D", 10),
        ("7C", 5),
        ("6H", 5),
        ("5S", 5),
        ("4D", 5),
        ("3C", 5),
        ("3S", 5),
    ],
)
def test_a_card_left_in_hand_costs_its_value(card: str, value: int) -> None:
    pos = ended(hands={0: "", 1: card, 2: "9D", 3: "4C"}, melds={0: [NATURAL_CANASTA], 1: [ACES]}, out=0)
    assert score(pos)[1]["in_hand"] == -(value + 5)


@pytest.mark.parametrize(
    ("cards", "value"),
    [("AC AD JK", 90), ("4C 4D 4H", 15), ("QC QD 2C", 40), ("3C 3S 3C", 15), ("7C 7D 2C 2D JK", 100)],
)
def test_melded_cards_count_their_values(cards: str, value: int) -> None:
    pos = ended(hands={0: "", 1: "9H", 2: "9D", 3: "9S"}, melds={0: [NATURAL_CANASTA, cards], 1: [ACES]}, out=0)
    assert score(pos)[0]["melded"] == 70 + value


def test_cards_left_in_both_partners_hands_count_against_the_side() -> None:
    pos = ended(hands={0: "9C", 1: "5C", 2: "4D JK", 3: "6C"}, melds={0: [ACES], 1: ["KC KD KH"]})
    side_0, side_1 = score(pos)
    assert side_0["in_hand"] == -(10 + 5 + 50)
    assert side_1["in_hand"] == -(5 + 5)


# --- canastas -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("meld_cards", "bonus"),
    [
        (NATURAL_CANASTA, 500),
        ("KC KD KH KS KC KD KH KS", 500),
        (MIXED_CANASTA, 300),
        ("KC KD KH KS KC KD 2C", 300),
        ("KC KD KH KS KC KD KH 2C", 300),  # a wild card added to a natural canasta makes it mixed
        ("KC KD KH KS KC KD KH KS 2C 2D JK", 300),  # eleven cards: one canasta, one bonus
        ("KC KD KH KS KC KD", 0),  # six cards are no canasta
        ("KC KD KH KS 2C 2D JK", 300),
    ],
)
def test_canasta_bonuses(meld_cards: str, bonus: int) -> None:
    pos = ended(hands={0: "9C", 1: "9H", 2: "9D", 3: "9S"}, melds={0: [meld_cards], 1: [ACES]})
    assert score(pos)[0]["canastas"] == bonus


def test_a_natural_and_a_mixed_canasta_make_800() -> None:
    pos = ended(hands={0: "9C", 1: "9H", 2: "9D", 3: "9S"}, melds={0: [NATURAL_CANASTA, MIXED_CANASTA]})
    assert score(pos)[0]["canastas"] == 800


def test_a_wild_card_added_to_a_natural_canasta_makes_it_mixed_for_good() -> None:
    pos = position(phase="play", hands={0: "2D 9H 9D"}, melds={0: [NATURAL_CANASTA]}, pile="8C")
    assert score(pos)[0]["canastas"] == 500
    new = assert_legal(pos, meld(add={"K": "2D"}))
    assert score(new)[0]["canastas"] == 300


# --- red threes ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("reds", "bonus"), [("3H", 100), ("3H 3D", 200), ("3H 3D 3H", 300), ("3H 3D 3H 3D", 800), ("", 0)]
)
def test_red_threes_count_for_a_side_that_melded(reds: str, bonus: int) -> None:
    pos = ended(hands={0: "9C", 1: "9H", 2: "9D", 3: "9S"}, melds={0: ["5C 5D 5H"], 1: [ACES]}, red_threes={0: reds})
    assert score(pos)[0]["red_threes"] == bonus


@pytest.mark.parametrize(("reds", "penalty"), [("3H", -100), ("3H 3D", -200), ("3H 3D 3H 3D", -800)])
def test_red_threes_count_against_a_side_that_made_no_meld(reds: str, penalty: int) -> None:
    pos = ended(
        hands={0: "9C", 1: "9H", 2: "9D", 3: "9S"}, melds={1: [NATURAL_CANASTA]}, red_threes={0: reds}, out=None
    )
    side_0 = score(pos)[0]
    assert side_0 == entry(red_threes=penalty, in_hand=-20)


@pytest.mark.parametrize(
    ("side_melds", "reds", "expected"),
    [
        (["5C 5D 5H"], "3H", -100),  # melded, but no canasta
        (["5C 5D 5H"], "3H 3D 3H 3D", -800),
        ([NATURAL_CANASTA], "3H", 100),
        ([], "3H", -100),
    ],
)
def test_under_no_canasta_red_threes_count_against_a_side_without_a_canasta(
    side_melds: list[str], reds: str, expected: int
) -> None:
    pos = ended(
        hands={0: "9C", 1: "9H", 2: "9D", 3: "9S"},
        melds={0: side_melds, 1: [ACES]},
        red_threes={0: reds},
        rules={"red_threes_negative_if": "no_canasta"},
    )
    assert score(pos)[0]["red_threes"] == expected


def test_by_default_a_side_that_melded_without_a_canasta_scores_its_red_threes() -> None:
    pos = ended(hands={0: "9C", 1: "9H", 2: "9D", 3: "9S"}, melds={0: ["5C 5D 5H"], 1: [ACES]}, red_threes={0: "3H"})
    assert score(pos)[0]["red_threes"] == 100


# --- going out ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("out", "side_0_bonus", "side_1_bonus"), [(0, 100, 0), (2, 100, 0), ((0, True), 200, 0), (None, 0, 0)]
)
def test_the_going_out_bonus(out: int | tuple[int, bool] | None, side_0_bonus: int, side_1_bonus: int) -> None:
    out_seat = out[0] if isinstance(out, tuple) else out
    hands = {0: "9C", 1: "9H", 2: "9D", 3: "9S"}
    if out_seat is not None:
        hands[out_seat] = ""
    pos = ended(hands=hands, melds={0: [NATURAL_CANASTA], 1: [ACES]}, out=out)
    side_0, side_1 = score(pos)
    assert side_0["going_out"] == side_0_bonus
    assert side_1["going_out"] == side_1_bonus


def test_the_other_side_going_out_gives_it_the_bonus() -> None:
    pos = ended(hands={0: "9C", 1: "", 2: "9D", 3: "9S"}, melds={0: [ACES], 1: [NATURAL_CANASTA]}, out=1)
    side_0, side_1 = score(pos)
    assert side_0 == entry(melded=60, in_hand=-20)
    assert side_1 == entry(canastas=500, going_out=100, melded=70, in_hand=-10)


# --- golden table -------------------------------------------------------------------------------------------


def test_golden_a_side_with_everything() -> None:
    # Side 1 went out concealed: natural canasta of kings (70), mixed canasta of queens (120), four red threes,
    # partner holds JK and 7C. Side 0 has no meld, holds aces and a four, and no red three.
    pos = ended(
        hands={0: "AC AD", 1: "", 2: "4H", 3: "JK 7C"},
        melds={1: [NATURAL_CANASTA, MIXED_CANASTA]},
        red_threes={1: "3H 3D 3H 3D"},
        out=(1, True),
    )
    side_0, side_1 = score(pos)
    assert side_1 == entry(canastas=800, red_threes=800, going_out=200, melded=190, in_hand=-55)
    assert side_1["total"] == 1935
    assert side_0 == entry(in_hand=-45)


def test_a_score_is_asked_for_a_hand_in_progress_without_a_going_out_bonus() -> None:
    pos = position(phase="play", hands={0: "9C 4D", 1: "5C", 2: "QH", 3: "6C"}, melds={0: [NATURAL_CANASTA]}, pile="8C")
    side_0, side_1 = score(pos)
    assert side_0 == entry(canastas=500, melded=70, in_hand=-25)
    assert side_1 == entry(in_hand=-10)


# --- concealed_canasta_bonus --------------------------------------------------------------------------------


@pytest.mark.parametrize(("option", "bonus"), [(0, 500), (100, 600)])
def test_a_canasta_laid_whole_from_hand_earns_the_concealed_canasta_bonus(option: int, bonus: int) -> None:
    pos = ended(
        hands={0: "9C", 1: "9H", 2: "9D", 3: "9S"},
        melds={0: [{"cards": NATURAL_CANASTA, "concealed": True}], 1: [ACES]},
        rules={"concealed_canasta_bonus": option},
    )
    assert score(pos)[0]["canastas"] == bonus


def test_a_canasta_built_in_steps_earns_no_concealed_canasta_bonus() -> None:
    pos = ended(
        hands={0: "9C", 1: "9H", 2: "9D", 3: "9S"},
        melds={0: [NATURAL_CANASTA], 1: [ACES]},
        rules={"concealed_canasta_bonus": 100},
    )
    assert score(pos)[0]["canastas"] == 500


def test_laying_a_canasta_whole_from_hand_in_play_earns_the_bonus() -> None:
    rules = {"concealed_canasta_bonus": 100}
    pos = position(hands={0: NATURAL_CANASTA + " 9C 9D"}, stock_top="5C", melds={0: [ACES]}, pile="8C", rules=rules)
    melded = assert_legal(assert_legal(pos, draw()), meld(NATURAL_CANASTA))
    assert score(melded)[0]["canastas"] == 600


def test_completing_a_canasta_by_adding_earns_no_concealed_canasta_bonus() -> None:
    rules = {"concealed_canasta_bonus": 100}
    pos = position(phase="play", hands={0: "KD KH KS 9C 9D"}, melds={0: ["KC KD KH KC"]}, pile="8C", rules=rules)
    melded = assert_legal(pos, meld(add={"K": "KD KH KS"}))
    assert score(melded)[0]["canastas"] == 500
    assert assert_legal(melded, discard("9C"))["current"] == 1
