"""A score far beyond any real game in a seat's view (an outside program may send one to `canasta bot`) is only
a large score: the computer players weigh the end of the game with it and play on, instead of failing on the
float it does not fit in (the safe move held, but every decision logged a traceback)."""

from __future__ import annotations

import random

import pytest

from canasta.ai.knowledge import going_out_ends_game
from canasta.ai.levels import make_bot
from canasta.app.autoplay import play_hand
from canasta.engine import new_hand, view_for
from canasta.engine.rules import Rules

HUGE = 10**400  # past the largest float (about 1.8e308)


def _scores(rules: Rules, first: int, others: int) -> tuple[int, ...]:
    entries = 3 if rules.players == 3 else len(rules.shape.sides)
    return (first,) + (others,) * (entries - 1)


@pytest.mark.parametrize(
    ("mine", "theirs", "wins"),
    [(HUGE, 0, True), (0, HUGE, False), (-HUGE, -HUGE, False)],
    ids=["ours", "theirs", "negative"],
)
def test_going_out_weighs_the_game_with_a_huge_score(mine: int, theirs: int, wins: bool) -> None:
    rules = Rules.for_players(4)
    state = new_hand(rules, (mine, theirs), 1, random.Random(3))
    ends, won = going_out_ends_game(view_for(state, 0), 0)  # the partner's hand guessed: a float, added to the score
    assert ends is (max(mine, theirs) > 0) and won is wins


@pytest.mark.parametrize("variant", ["samba", "hand_and_foot"])
@pytest.mark.parametrize("level", ["beginner", "normal", "hard"])
@pytest.mark.parametrize("huge", [HUGE, -HUGE], ids=["huge", "huge-negative"])
def test_a_hand_with_huge_scores_is_played_without_a_fallback(variant: str, level: str, huge: int) -> None:
    rules = Rules.for_players(4, variant=variant)
    state = new_hand(rules, _scores(rules, huge, huge), 0, random.Random(3))
    players = [make_bot(level, random.Random(seat), 4) for seat in range(4)]
    played = play_hand(state, players)
    assert played.fallbacks == ()
