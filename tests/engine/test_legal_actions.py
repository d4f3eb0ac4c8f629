"""`legal_actions` lists the initial meld a hand can make even when it needs two or three wild cards in one meld.

Every listed action passes `check`; these positions have a legal initial meld (or a take of the pile for it)
only with more than one wild card in a meld, which a representative choice of one wild card per meld misses.
"""

from __future__ import annotations

from typing import Any

import pytest

from canasta.engine import check, legal_actions, view_for
from canasta.engine.actions import Meld, TakePile, action_from_json
from canasta.engine.cards import parse_cards, sort_key
from canasta.engine.playerview import PlayerView
from canasta.engine.position import load_position
from tests.rules.positions import position


def _view(**fields: Any) -> PlayerView:
    return view_for(load_position(position(**fields)), 0)


def _melds(view: PlayerView) -> list[Meld]:
    listed = [action for action in legal_actions(view) if isinstance(action, Meld)]
    assert all(check(view, action) is None for action in listed)
    return listed


def _takes(view: PlayerView) -> list[TakePile]:
    listed = [action for action in legal_actions(view) if isinstance(action, TakePile)]
    assert all(check(view, action) is None for action in listed)
    return listed


def test_an_initial_meld_of_a_pair_and_two_twos_is_listed() -> None:
    # 5 + 5 + 20 + 20 = 50, the minimum at a score of 0; with one two it makes 30.
    view = _view(phase="play", hands={0: "5C 5D 2C 2D 9H 6S"}, pile="7C")
    step = Meld(new=(tuple(parse_cards(["5C", "5D", "2C", "2D"])),))
    assert check(view, step) is None
    assert [sorted(meld.cards(), key=sort_key) for meld in _melds(view)] == [sorted(step.cards(), key=sort_key)]


def test_a_meld_short_of_the_minimum_takes_the_spare_wild_cards_it_needs() -> None:
    # Kings with a joker (80) and sevens with a two (30) make 110; the 120 minimum needs the second two.
    view = _view(phase="play", hands={0: "KC KD KH JK 7C 7D 2C 2D 9S 6H"}, pile="4C", scores=[3000, 0])
    listed = _melds(view)
    assert listed
    assert all(sum(card.points for card in meld.cards()) >= 120 for meld in listed)


def test_a_frozen_pile_is_listed_as_taken_with_two_twos_for_the_minimum() -> None:
    # The pile is frozen (a joker in it). Three fours and the top four make 20; two twos make it 60.
    view = _view(hands={0: "4C 4H 4S 2H 2C 5S 9D"}, pile="TD JK 4D")
    takes = _takes(view)
    assert takes
    assert all(sum(1 for card in take.with_ if card.is_wild) == 2 for take in takes)


@pytest.mark.parametrize(
    ("wild_limit", "hand", "wilds_in_meld"),
    [
        ("max3", "5C 5D 2C 2D 9H 6S", 2),
        ("not_more_than_naturals", "5C 5D 2C 2D 9H 6S", 2),
        # Naturals must outnumber wild cards: two twos need three fives (5 * 3 + 40 = 55).
        ("naturals_majority", "5C 5D 5H 2C 2D 9H 6S", 2),
    ],
)
def test_the_topped_up_initial_meld_keeps_the_wild_limit_in_force(
    wild_limit: str, hand: str, wilds_in_meld: int
) -> None:
    view = _view(phase="play", hands={0: hand}, pile="7C", rules={"wild_limit": wild_limit})
    listed = _melds(view)
    assert [sum(1 for card in meld.cards() if card.is_wild) for meld in listed] == [wilds_in_meld]


def test_a_pair_with_two_twos_is_not_listed_when_naturals_must_outnumber_them() -> None:
    view = _view(phase="play", hands={0: "5C 5D 2C 2D 9H 6S"}, pile="7C", rules={"wild_limit": "naturals_majority"})
    assert check(view, action_from_json({"type": "meld", "new": [["5C", "5D", "2C", "2D"]]})) is not None
    assert _melds(view) == []


def test_only_the_melds_the_minimum_needs_are_topped_up_so_two_cards_stay_in_hand() -> None:
    # Kings with both jokers make 120 alone; kings and fives with a joker each (135) would leave one card.
    view = _view(phase="play", hands={0: "KC KD JK JK 5C 5D 5H 9S"}, pile="4C", scores=[3000, 0])
    wanted = parse_cards(["KC", "KD", "JK", "JK"])
    assert [sorted(meld.cards(), key=sort_key) for meld in _melds(view)] == [sorted(wanted, key=sort_key)]


def test_a_wild_card_goes_only_onto_a_meld_with_room_for_it_under_the_wild_limit() -> None:
    # Naturals must outnumber wild cards: K-K-JK takes no more, so the second two goes onto the fives (125).
    view = _view(
        phase="play",
        hands={0: "KC KD JK 5C 5D 5H 2C 2D 9S 8H"},
        pile="4C",
        scores=[3000, 0],
        rules={"wild_limit": "naturals_majority"},
    )
    listed = _melds(view)
    assert listed
    assert all(sum(card.points for card in meld.cards()) >= 120 for meld in listed)


def test_two_pairs_each_with_a_two_are_listed_as_one_initial_meld() -> None:
    # A-A-2 (60) and K-K-2 (40) make 100; the minimum at 1500 is 90, and each pair needs its own two.
    view = _view(phase="play", hands={0: "AH AS KD KS 2C 2D 9H 6S"}, pile="7C", scores=[1500, 0])
    listed = _melds(view)
    assert [sorted(card.text for card in meld.cards()) for meld in listed] == [
        sorted(["AH", "AS", "2C", "KD", "KS", "2D"])
    ]
