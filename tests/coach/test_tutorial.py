"""The guided first game can be played through: every step's move and every scripted move is legal, and the
newcomer's side goes out."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from canasta.coach.tutorial import HUMAN_SEAT, Topic, TutorialError, TutorialRun, load_tutorial_deal, tutorial_steps
from canasta.engine import check, view_for
from canasta.engine.actions import Discard, Draw
from canasta.engine.cards import Card
from canasta.engine.playerview import Phase, side_of
from canasta.engine.position import dump_position


def test_the_tutorial_plays_through_to_the_newcomers_side_going_out() -> None:
    run = TutorialRun()
    seen_topics: set[Topic] = set()
    while run.step is not None:
        step = run.step
        assert run.state.current == HUMAN_SEAT
        assert check(view_for(run.state, HUMAN_SEAT), step.expected) is None, step.topic
        assert step.message() and "\n" not in step.message()
        assert run.submit(step.expected).accepted
        seen_topics.add(step.topic)
        while run.computer_to_move():
            mover = run.state.current
            assert mover != HUMAN_SEAT
            scripted = run.next_scripted
            assert scripted is not None and check(view_for(run.state, mover), scripted) is None
            run.play_next_scripted()
    assert run.finished and run.state.phase is Phase.OVER
    assert run.state.out is not None
    rules = run.state.rules
    assert side_of(rules, None, run.state.out.seat) == side_of(rules, None, HUMAN_SEAT)
    assert seen_topics == set(Topic)
    assert run.events  # the window has something to animate


def test_a_move_off_the_script_is_refused_and_changes_nothing() -> None:
    run = TutorialRun()
    before = dump_position(run.state)
    feedback = run.submit(Discard(Card.parse("5C")))
    assert not feedback.accepted and feedback.text
    assert dump_position(run.state) == before and run.index == 0
    assert run.submit(Draw()).accepted
    feedback = run.submit(Discard(Card.parse("KS")))  # legal, but not the lesson
    assert not feedback.accepted and run.index == 1


def _topic(run: TutorialRun) -> Topic | None:
    step = run.step
    return None if step is None else step.topic


def test_while_the_others_play_the_newcomer_waits() -> None:
    run = TutorialRun()
    for step in tutorial_steps()[:3]:
        assert run.submit(step.expected).accepted
    assert run.computer_to_move() and _topic(run) is None
    assert not run.submit(Draw()).accepted
    run.play_scripted()
    assert _topic(run) is Topic.TAKE_PILE


def test_a_damaged_deal_file_gives_a_clear_error(tmp_path: Path) -> None:
    broken = tmp_path / "first_game.json"
    broken.write_text(json.dumps({"format": "canasta-position/1", "hands": []}), encoding="utf-8")
    with pytest.raises(TutorialError, match=r"first_game\.json"):
        load_tutorial_deal(broken)
    with pytest.raises(TutorialError, match="cannot be read"):
        load_tutorial_deal(tmp_path / "missing.json")
