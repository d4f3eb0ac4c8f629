"""The worked scoring examples of Samba and Bolivia, through the referee as outside programs ask it."""

from __future__ import annotations

from collections import Counter
from typing import Any

from canasta.app.referee import handle
from canasta.engine.cards import make_deck

FOUR = ("0", "1", "2", "3")


def _position(variant: str, melds: list[list[dict[str, Any]]], hands: list[str], threes: list[str]) -> dict[str, Any]:
    """A four-player hand of `variant` over, seat 0 gone out: the given melds, hands and red threes, and every
    other card of the 162 in the stock."""
    placed = Counter(
        [card for side in melds for meld in side for card in meld["cards"]]
        + [card for hand in hands for card in hand.split()]
        + [card for row in threes for card in row.split()]
    )
    stock: list[str] = []
    for card in make_deck(3, 2):
        if placed[card.text]:
            placed[card.text] -= 1
        else:
            stock.append(card.text)
    assert not +placed, f"more copies than the deck has: {+placed}"
    return {
        "format": "canasta-position/2", "rules": {"players": 4, "variant": variant}, "scores": [0, 0],
        "dealer": 3, "current": 0, "phase": "over", "hands": [hand.split() for hand in hands], "stock": stock,
        "pile": [], "melds": melds, "red_threes": [row.split() for row in threes],
        "melded_this_hand": [True, True, True, True], "out": {"seat": 0, "concealed": False},
        "turn": {"melded": True},
    }  # fmt: skip


def _group(rank: str, cards: str) -> dict[str, Any]:
    return {"kind": "group", "rank": rank, "cards": cards.split()}


def _run(suit: str, cards: str) -> dict[str, Any]:
    return {"kind": "sequence", "suit": suit, "cards": cards.split()}


def test_the_samba_example_scores_2960_and_290() -> None:
    side_a = [
        _run("H", "5H 6H 7H 8H 9H TH JH"), _group("K", "KC KD KH KS KC KD KH"),
        _group("Q", "QC QD QH QS QC 2D 2S"), _group("A", "AH AS AD"),
    ]  # fmt: skip
    side_b = [_group("8", "8C 8C 8D 8H 8S 8S JK"), _group("9", "9D 9S 2C"), _run("S", "4S 5S 6S")]
    position = _position("samba", [side_a, side_b], ["", "KC KD", "9C 4D", "7S JK"], ["3H 3D", "3H"])
    answer = handle({"position": position, "score": True})
    assert answer["score"] == [
        {"canastas": 2300, "red_threes": 200, "going_out": 200, "melded": 275, "in_hand": -15, "total": 2960},
        {"canastas": 300, "red_threes": -100, "going_out": 0, "melded": 165, "in_hand": -75, "total": 290},
    ]


def test_the_bolivia_example_scores_4490_with_a_black_three_in_hand_at_minus_100() -> None:
    side_a = [
        _run("C", "8C 9C TC JC QC KC AC"), {"kind": "wild", "cards": ["JK", "JK", "2C", "2D", "2H", "2S", "2C"]},
        _group("6", "6D 6H 6S"),
    ]  # fmt: skip
    position = _position("bolivia", [side_a, []], ["", "4C 4D", "3S 5D", "4H 4S"], ["3H", ""])
    answer = handle({"position": position, "score": True})
    assert answer["score"][0] == {
        "canastas": 4000, "red_threes": 100, "going_out": 200, "melded": 295, "in_hand": -105, "total": 4490,
    }  # fmt: skip
    card_value = handle(
        {"position": {**position, "rules": {**position["rules"], "black_three_in_hand": 5}}, "score": True}
    )
    assert card_value["score"][0]["in_hand"] == -10
