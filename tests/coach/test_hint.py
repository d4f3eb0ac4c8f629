"""The hint is the Hard player's move, always legal, with a one-line reason drawn from the position."""

from __future__ import annotations

import random

import pytest

from canasta.ai.base import CardMemory
from canasta.ai.levels import make_bot
from canasta.coach.explain import explain
from canasta.coach.hint import can_hint, hint
from canasta.engine import check, legal_actions, view_for
from canasta.engine.actions import Answer, Discard, TakePile
from canasta.engine.playerview import Phase
from canasta.engine.position import load_position
from tests.play import played_states
from tests.rules.positions import position

LEVELS = ("random", "greedy", "normal", "hard")


def _one_liner(text: str) -> bool:
    return bool(text.strip()) and "\n" not in text and "{" not in text and text.rstrip().endswith((".", "!"))


@pytest.mark.parametrize("seed", range(8))
def test_the_hint_is_legal_and_is_the_hard_players_move(seed: int) -> None:
    hinted = 0
    for state in played_states(seed, LEVELS):
        if state.phase is Phase.OVER:
            continue
        view = view_for(state, state.current)
        memory = CardMemory.from_view(view)
        given = hint(view, memory, seed)
        hard = make_bot("hard", random.Random(seed), state.rules.players).choose(view, CardMemory.from_view(view))
        assert check(view, given.action) is None, given
        assert given.action == hard
        assert _one_liner(given.reason), given.reason
        if isinstance(given.action, TakePile):
            assert str(len(view.pile)) in given.reason
        hinted += 1
    assert hinted > 10


@pytest.mark.parametrize("seed", range(100, 104))
def test_every_legal_move_has_a_one_line_reason(seed: int) -> None:
    states = [state for state in played_states(seed, LEVELS) if state.phase is not Phase.OVER][::5]
    for state in states:
        view = view_for(state, state.current)
        memory = CardMemory.from_view(view)
        for action in legal_actions(view):
            reason = explain(view, memory, action)
            assert _one_liner(reason), (action, reason)
            if isinstance(action, TakePile):
                assert f"{len(view.pile)} card" in reason


def test_a_big_pile_take_names_its_size_and_the_canasta_it_completes() -> None:
    state = load_position(
        position(
            hands={0: "KC KD 9C 9S 4C 7D JH"},
            pile="5C 6D KH KS 7H 8C TD JS QD 9D",
            melds={0: ["KH KS KC"], 1: []},
        )
    )
    view = view_for(state, 0)
    given = hint(view, CardMemory.from_view(view), 1)
    assert isinstance(given.action, TakePile)
    assert "10 cards" in given.reason and "kings" in given.reason
    assert "frozen for the opponents" in given.reason


def test_a_black_three_discard_says_it_stops_the_next_player() -> None:
    state = load_position(position(hands={0: "3C 9H 9D 9S 4D"}, pile="5C 6D 7H", melds={0: ["KH KS KC"]}, phase="play"))
    view = view_for(state, 0)
    reason = explain(view, CardMemory.from_view(view), Discard(next(c for c in view.hand if c.is_black_three)))
    assert "black three" in reason


def test_no_hint_when_it_is_not_the_seats_turn() -> None:
    state = next(iter(played_states(1)))
    other = (state.current + 1) % state.rules.players
    view = view_for(state, other)
    assert not can_hint(view)
    with pytest.raises(ValueError, match="no move to hint"):
        hint(view, CardMemory.from_view(view), 0)


@pytest.mark.parametrize(
    ("name", "yes"),
    [("42-answer-no-with-a-hand-to-meld", False), ("43-answer-yes-with-singles-that-cannot-meld", True)],
)
def test_the_answer_to_partner_is_explained_as_the_players_weigh_it(name: str, yes: bool) -> None:
    """Classic's players answer by one more round against going out now, and the coach says so."""
    from tests.ai.test_puzzles import PUZZLES, puzzle_view, read

    view, memory = puzzle_view(read(next(path for path in PUZZLES if path.stem == name)))
    said = explain(view, memory, Answer(yes))
    if yes:
        assert said.startswith("Answer yes: going out now is worth more"), said
    else:
        assert said.startswith("Answer no: one more round is worth about") and " 0 points" not in said, said
