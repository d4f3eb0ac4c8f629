"""Computer players and Modern American's special hands (docs/variants.md C6, C12): every level lays a special hand
its cards make and keeps a three drawn while near the Straight; Hard and Expert keep a hand one card from a special
hand rather than break it (no meld, no pile, the discard that keeps it)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from canasta.ai import special
from canasta.ai.base import CardMemory
from canasta.ai.levels import make_bot
from canasta.engine.actions import Action, DeclareSpecial, Discard, Draw
from canasta.engine.cards import Card
from canasta.engine.playerview import PlayerView
from canasta.engine.position import load_position
from canasta.engine.special_hands import SpecialHand, completing_draws
from canasta.engine.views import view_for
from tests.play import QUICK
from tests.rules_modern_american.ma_engine_positions import position

LEVELS = ("beginner", "normal", "hard", "expert")
OTHERS = {1: "9H 9S 7D", 2: "TH TS", 3: "JH JS 8D"}
GARBAGE = "4C 4D 4H 4S 5C 5D 5H 5S 6C 6D 6H 8C 8D 8H"
# One card from Garbage (a jack makes it), and a first meld of 150 as it stands: aces, kings and queens.
NEAR_GARBAGE = "AC AD AH AS KC KD KH KS QC QD QH JC JD 9C"
STRAIGHT_BUT_THREE = "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 2C JK"


def view_of(**fields: Any) -> PlayerView:
    return view_for(load_position(position(**fields)), 0)


def choice(level: str, view: PlayerView) -> Action:
    return make_bot(level, random.Random(3), 4, QUICK).choose(view, CardMemory.from_view(view))


@pytest.mark.parametrize("level", LEVELS)
def test_c12_every_level_lays_the_special_hand_its_cards_make(level: str) -> None:
    view = view_of(phase="play", hands={0: GARBAGE, **OTHERS})
    assert choice(level, view) == DeclareSpecial(SpecialHand.GARBAGE)


@pytest.mark.parametrize("level", LEVELS)
def test_c6_every_level_keeps_a_three_drawn_near_the_straight(level: str) -> None:
    view = view_of(hands={0: STRAIGHT_BUT_THREE, **OTHERS})
    assert choice(level, view) == Draw(keep_three=True)


def test_c6_far_from_the_straight_a_three_is_laid_out() -> None:
    assert special.draw(view_of(hands={0: NEAR_GARBAGE[:-3], **OTHERS})) == Draw()


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_c12_hard_and_expert_keep_a_hand_one_card_from_a_special_hand(level: str) -> None:
    view = view_of(phase="play", hands={0: NEAR_GARBAGE, **OTHERS})
    assert choice(level, view) == Discard(Card.parse("9C")), "the discard that keeps Garbage one jack away"


# Two kings from Garbage's fours and threes it could still make: Hard keeps the kings (a jack makes Garbage); Normal,
# which keeps no special hand, throws a five, and no single draw completes a special hand after it.
NEAR_GARBAGE_FIVES = "KC KD KH KS QC QD QH QS 5C 5D 5H JC JD AC"


def test_c12_normal_breaks_such_a_hand() -> None:
    view = view_of(phase="play", hands={0: NEAR_GARBAGE_FIVES, **OTHERS})
    normal, hard = choice("normal", view), choice("hard", view)
    assert isinstance(normal, Discard) and isinstance(hard, Discard)
    table = view.rules.special_hands
    assert not completing_draws(tuple(card for card in view.hand if card != normal.card), table)
    assert completing_draws(tuple(card for card in view.hand if card != hard.card), table)


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_c12_hard_and_expert_draw_rather_than_take_the_pile_one_card_away(level: str) -> None:
    hand = NEAR_GARBAGE.replace(" 9C", "")  # 13 cards: a jack makes Garbage
    view = view_of(hands={0: hand, 1: "9H 9S", 2: "TH TS", 3: "8S 8H"}, pile="5C 5D 6S 9D KS")
    assert special.keeps_special_chance(view)
    assert choice(level, view) == Draw()


def test_no_chance_is_kept_once_every_completing_card_is_seen() -> None:
    near_pairs = "4C 4D 5C 5D 6C 6D 8C 8D 9C 9D TC TD JC"  # only a jack makes Pairs
    hands = {0: near_pairs, 1: "9H 9S", 2: "TH TS", 3: "8S 8H"}
    assert special.keeps_special_chance(view_of(hands=hands, pile="JD JH JS JC JD JH"))
    assert not special.keeps_special_chance(view_of(hands=hands, pile="JD JH JS JC JD JH JS"))  # all eight seen
