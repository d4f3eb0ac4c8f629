"""What is worked out about a view or a state is kept on it, no part of its value: an equal copy works the same answers
out afresh, a value changed by `dataclasses.replace` never sees an old one, and a made-up shape is part of the rules'
value."""

from __future__ import annotations

import dataclasses
import random

from canasta.engine import legal_actions, new_hand, view_for
from canasta.engine.actions import Discard, Meld
from canasta.engine.match import hand_rules, new_match
from canasta.engine.plans import planned
from canasta.engine.playerview import Phase, PlayerView, hand_cards, sort_out
from canasta.engine.rules import Rules
from canasta.engine.state import GameState
from tests.play import played_states


def _play_view(seed: int) -> PlayerView:
    """The mover's view at the first play phase of a seeded hand in which he holds at least three cards."""
    for state in played_states(seed):
        if state.phase is Phase.PLAY and len(state.hands[state.current]) >= 3:
            return view_for(state, state.current)
    raise AssertionError("no play phase")


def test_a_view_changed_by_replace_never_sees_the_answers_about_the_old_one() -> None:
    view = _play_view(3)
    assert legal_actions(view) and hand_cards(view) == sort_out(view.hand)
    changed = dataclasses.replace(view, hand=view.hand[1:])
    discarded = {action.card.text for action in legal_actions(changed) if isinstance(action, Discard)}
    assert discarded == {card.text for card in changed.hand}
    assert hand_cards(changed) == sort_out(changed.hand)


def test_an_equal_copy_of_a_view_works_out_the_same_answers_afresh() -> None:
    view, step = next(
        (view_for(state, state.current), action)
        for state in played_states(5)
        for action in legal_actions(view_for(state, state.current))
        if isinstance(action, Meld)
    )
    twin = PlayerView(*[getattr(view, field.name) for field in dataclasses.fields(PlayerView) if field.init])
    assert twin == view and twin is not view and hash(twin) == hash(view)
    assert view.answers and not twin.answers  # nothing travels to an equal copy
    assert planned(twin, step) == planned(view, step)


def test_what_is_worked_out_is_no_part_of_a_state_or_a_view() -> None:
    # Their answers are not compared, hashed, shown nor copied: the fields alone make the value.
    for cls in (GameState, PlayerView):
        answers = next(field for field in dataclasses.fields(cls) if field.name == "answers")
        assert not (answers.init or answers.compare or answers.repr), cls
        assert [field.name for field in dataclasses.fields(cls) if not field.init] == ["answers"], cls
    state = new_hand(Rules.for_players(4), (0, 0), 1, random.Random(8))
    view = view_for(state, 2)
    assert legal_actions(view) and state.answers and view.answers
    assert "answers" not in repr(view) and dataclasses.replace(view).answers == {}


def test_equal_states_show_equal_views() -> None:
    state = new_hand(Rules.for_players(4), (0, 0), 1, random.Random(8))
    twin = GameState(*[getattr(state, field.name) for field in dataclasses.fields(GameState) if field.init])
    assert twin == state and view_for(twin, 2) == view_for(state, 2)
    assert view_for(state, 2) is view_for(state, 2)  # once per state object


def test_a_made_up_shape_stays_when_the_rules_are_replaced() -> None:
    classic = Rules.for_players(4)
    made_up = classic.with_shape(dataclasses.replace(classic.shape, max_group_size=6))
    assert dataclasses.replace(made_up, target_score=7000).shape.max_group_size == 6
    assert made_up != classic
    # A tie that raises the target plays the next hand under the same made-up shape.
    match = dataclasses.replace(new_match(made_up, random.Random(1)), target=made_up.target_score + 500)
    assert hand_rules(match).shape == made_up.shape
