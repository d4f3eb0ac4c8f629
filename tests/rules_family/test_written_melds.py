"""New melds written as objects (docs/formats.md, "Actions"): the referee reads a well-formed object whatever its
cards, and the rules judge whether the cards make what it says. A sequence that is no run of one suit, a meld of
wild cards holding a natural card, a group of another rank: a verdict with a code and the cards, never a request
error; only an object that cannot be read is one."""

from __future__ import annotations

from typing import Any

import pytest

from tests.rules.positions import act, assert_error, assert_refused
from tests.rules.positions import position as classic_position
from tests.rules_family.family import Position, aces, assert_legal, kinds_of, melds_of, position, take


def player(hand: str, variant: str = "samba") -> Position:
    """Seat 0 to meld, his side down with three aces, holding `hand` and a few spare cards."""
    return position(variant, hands={0: hand + " 9D TS 4C"}, melds={0: [aces()]}, phase="play")


def written(*new: dict[str, Any]) -> dict[str, Any]:
    return {"type": "meld", "new": list(new)}


def sequence(text: str, **named: str) -> dict[str, Any]:
    return {"kind": "sequence", "cards": text.split(), **named}


def group(text: str, **named: str) -> dict[str, Any]:
    return {"kind": "group", "cards": text.split(), **named}


def wild(text: str) -> dict[str, Any]:
    return {"kind": "wild", "cards": text.split()}


@pytest.mark.parametrize(
    ("hand", "meld", "code", "message"),
    [
        (
            "QH QS QD",
            sequence("QH QS QD", suit="H"),
            "sequence_one_suit",
            "No sequence: QH QS QD. A sequence holds cards of one suit.",
        ),
        (
            "7S 8C 9C",
            sequence("7S 8C 9C"),
            "sequence_one_suit",
            "No sequence: 7S 8C 9C. A sequence holds cards of one suit.",
        ),
        (
            "5H 6H 2C",
            sequence("5H 6H 2C"),
            "sequence_naturals_only",
            "No sequence: 5H 6H 2C. A sequence holds natural cards from 4 to ace only, never a wild card, two or "
            "three.",
        ),
        (
            "5H 6H 8H",
            sequence("5H 6H 8H"),
            "sequence_not_run",
            "No sequence: 5H 6H 8H. A sequence runs in rank order without gaps or repeated ranks.",
        ),
        (
            "5H 6H 7H",
            sequence("5H 6H 7H", suit="S"),
            "sequence_suit_mismatch",
            "No sequence of spades: 5H 6H 7H. Its cards are hearts.",
        ),
        (
            "QH QS QD",
            group("QH QS QD", rank="K"),
            "group_rank_mismatch",
            "No group of kings: QH QS QD. Its natural cards are queens.",
        ),
        (
            "5C 6C 7C",
            group("5C 6C 7C"),
            "meld_mixed_ranks",
            "A meld holds one rank only, not fives, sevens and sixes.",
        ),
        ("JK 2C 2D", group("JK 2C 2D"), "meld_without_natural_rank", "Wild cards cannot form a meld of their own."),
        (
            "JK 2C 2D",
            wild("JK 2C 2D"),
            "meld_kind_not_in_game",
            "This game has no melds of wild cards: JK 2C 2D cannot be one.",
        ),
    ],
)
def test_a_samba_meld_that_is_not_what_it_is_written_as_gets_a_verdict(
    hand: str, meld: dict[str, Any], code: str, message: str
) -> None:
    assert assert_refused(player(hand), written(meld), code) == message


def test_a_bolivia_meld_of_wild_cards_holding_a_natural_card_names_it() -> None:
    message = assert_refused(player("JK 2C KS", "bolivia"), written(wild("JK 2C KS")), "wild_meld_wilds_only")
    assert message == "A meld of wild cards holds wild cards only, not KS."


def test_a_classic_sequence_is_a_kind_the_game_does_not_have() -> None:
    pos = classic_position(hands={0: "5H 6H 7H 9C 9D"}, melds={0: ["AH AS AD"]}, phase="play")
    message = assert_refused(pos, written(sequence("5H 6H 7H")), "meld_kind_not_in_game")
    assert message == "This game has no sequences: 5H 6H 7H cannot be one."


def test_a_more_meld_laid_with_a_pile_take_is_judged_as_written() -> None:
    pos = position("samba", hands={0: "KS KS 5H 6S 7H 4C"}, pile="4D KD", melds={0: [aces()]})
    action = take("KS KS")
    action["also"] = [sequence("5H 6S 7H")]
    assert_refused(pos, action, "sequence_one_suit")


@pytest.mark.parametrize(
    "meld",
    [sequence("7H 5H 6H", suit="H"), sequence("5H 6H 7H"), group("KH KS 2C", rank="K"), group("KH KS KD")],
)
def test_a_meld_that_is_what_it_is_written_as_is_laid(meld: dict[str, Any]) -> None:
    new = assert_legal(player("5H 6H 7H KH KS KD 2C"), written(meld))
    assert sorted(melds_of(new)[1]) == sorted(meld["cards"])
    assert kinds_of(new)[1] == meld["kind"]


def test_a_bolivia_meld_of_wild_cards_as_written_is_laid() -> None:
    new = assert_legal(player("JK 2C 2D", "bolivia"), written(wild("JK 2C 2D")))
    assert kinds_of(new)[1] == "wild"


@pytest.mark.parametrize(
    ("meld", "named"),
    [
        ({"kind": "run", "cards": ["5H", "6H", "7H"]}, "kind"),
        (sequence("5H 6H 7H", rank="5"), "rank"),
        (group("5H 5S 5D", suit="H"), "suit"),
        (group("5H 5S 5D", rank="JK"), "rank"),
    ],
)
def test_only_an_object_that_cannot_be_read_is_a_request_error(meld: dict[str, Any], named: str) -> None:
    pos = player("5H 6H 7H 5S 5D")
    assert_error({"position": pos, "action": written(meld)}, "action.new[0]", named)
    assert "legal" not in act(pos, written(meld))
