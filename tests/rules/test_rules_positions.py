"""The test-position builder itself: complete decks, seating, defaults (no engine needed)."""

from collections import Counter

import pytest

from tests.rules.positions import all_cards, deck, position, side_of


@pytest.mark.parametrize(("players", "size"), [(2, 108), (3, 108), (4, 108), (6, 162)])
def test_a_built_position_places_the_whole_deck_once(players: int, size: int) -> None:
    pos = position(players, hands={0: "KH KH"}, pile="5C 8S", melds={1: ["QC QD 2C"]}, stock_top="3H")
    assert len(deck(players)) == size
    assert all_cards(pos) == Counter(deck(players))
    assert pos["stock"][0] == "3H"
    assert len(pos["hands"]) == players


def test_rest_to_empties_the_stock_into_one_hand() -> None:
    pos = position(hands={0: "5C"}, stock_top="7C", rest_to=1)
    assert pos["stock"] == ["7C"]
    assert all_cards(pos) == Counter(deck(4))
    assert not any(c in ("3H", "3D") for c in pos["hands"][1])


def test_a_card_placed_too_often_is_caught_by_the_builder() -> None:
    with pytest.raises(ValueError, match="KH"):
        position(hands={0: "KH KH KH"})


def test_sides_follow_the_seating() -> None:
    assert [side_of(s, 4) for s in range(4)] == [0, 1, 0, 1]
    assert [side_of(s, 6) for s in range(6)] == [0, 1, 0, 1, 0, 1]
    assert [side_of(s, 3) for s in range(3)] == [0, 1, 2]
