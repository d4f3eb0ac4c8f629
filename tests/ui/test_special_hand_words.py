"""Modern American's special hands at the table (docs/variants.md C12): the Go out button lays the special hand the
cards make, the move log says it by name, the review names the move, the coach says why and marks the hand."""

from __future__ import annotations

import random
from typing import Any

from canasta.ai.base import CardMemory
from canasta.coach.explain import explain
from canasta.engine.actions import DeclareSpecial
from canasta.engine.events import HandOverEvent, SpecialEvent
from canasta.engine.game.match import finish_hand, new_match
from canasta.engine.game.scoring import SideScore
from canasta.engine.game.transitions import apply
from canasta.engine.playerview import PlayerView
from canasta.engine.position import load_position
from canasta.engine.rules import Rules
from canasta.engine.special_hands import SpecialHand
from canasta.engine.views import view_for
from canasta.ui.screens.menus import breakdown_lines, shown_lines, summary_rows
from canasta.ui.screens.review import action_words
from canasta.ui.table.drawing.coach import hint_marks
from canasta.ui.table.input.hand import HandInput
from canasta.ui.table.narration.score_changes import hand_points
from canasta.ui.table.narration.sentences import narrate
from tests.rules_modern_american.ma_engine_positions import position

GARBAGE = "4C 4D 4H 4S 5C 5D 5H 5S 6C 6D 6H 8C 8D 8H"
DREAM_4 = "AC AD AH AS AC KC KD KH KS KC 2C 2D JK JK"
OTHERS = {1: "9H 9S 7D", 2: "TH TS", 3: "JH JS QD"}


def view_with(hand: str, seat: int = 0, **fields: Any) -> PlayerView:
    return view_for(load_position(position(phase="play", hands={0: hand, **OTHERS}, **fields)), seat)


class _Sight:
    def __init__(self, view: PlayerView) -> None:
        self.view = view

    def human_view(self) -> PlayerView:
        return self.view

    def human_to_act(self) -> bool:
        return True


def test_the_go_out_button_lays_the_special_hand_the_cards_make() -> None:
    view = view_with(GARBAGE)
    hand = HandInput(lambda: None, _Sight(view))  # type: ignore[arg-type,return-value]  # no layout needed
    assert hand.button_action("go_out", view) == DeclareSpecial(SpecialHand.GARBAGE)


def test_the_move_log_names_the_special_hand_and_says_the_hand_ends() -> None:
    view = view_with(GARBAGE)
    cards = view.hand
    assert narrate(SpecialEvent(0, SpecialHand.GARBAGE, cards), view).text == (
        "You laid down a special hand, Garbage: the hand ends."
    )
    assert narrate(SpecialEvent(1, SpecialHand.DREAM_HAND_4, cards), view).text.endswith(
        "laid down a special hand, Dream hand +4: the hand ends."
    )
    assert narrate(SpecialEvent(1, SpecialHand.ZIP_CODE, cards), view, short=True).text == "Laid down Zip code."


def test_after_a_special_hand_nobody_is_said_to_have_gone_out() -> None:
    state = apply(
        load_position(position(phase="play", hands={0: GARBAGE, **OTHERS})), DeclareSpecial(SpecialHand.GARBAGE)
    )
    over = view_for(state.state, 0)
    assert narrate(HandOverEvent(0, False), over).text == "The hand is over."


def test_the_review_and_the_coach_name_the_special_hand() -> None:
    assert action_words(DeclareSpecial(SpecialHand.MIAMI_PAIRS)) == "Lay down the special hand Miami pairs"
    view = view_with(DREAM_4)
    why = explain(view, CardMemory(4), DeclareSpecial(SpecialHand.DREAM_HAND_4))
    assert why == (
        "Your 14 cards make Dream hand +4: laid down, they score 8500 and end the hand at once. "
        "A dream hand wins the game outright, whatever the scores."
    )
    marks = hint_marks(DeclareSpecial(SpecialHand.DREAM_HAND_4), view)
    assert marks.places == ("button:go_out",) and len(marks.cards) == len(set(view.hand))


def test_the_sides_figure_for_the_hand_is_the_special_hands_value() -> None:
    start = load_position(position(phase="play", hands={0: GARBAGE, **OTHERS}))
    over = view_for(apply(start, DeclareSpecial(SpecialHand.GARBAGE)).state, 0)
    assert hand_points(over, 0) == 3000


def test_the_hands_summary_shows_the_special_hand_line_and_classic_keeps_its_lines() -> None:
    start = load_position(position(phase="play", hands={0: GARBAGE, **OTHERS}))
    state = apply(start, DeclareSpecial(SpecialHand.GARBAGE)).state
    match = finish_hand(new_match(state.rules, random.Random(2)), state)
    rows = summary_rows(match, match.hands[0].breakdown, ["Us", "Them"])
    assert ["Special hand", "+3000", "+0"] in rows and ["Threes", "+0", "+0"] in rows
    classic = Rules.for_players(4)
    lines = breakdown_lines(classic)
    assert shown_lines(lines, score_of_classic()) == list(lines)


def score_of_classic() -> tuple[SideScore, ...]:
    return (SideScore(300, 100, 100, 120, -15), SideScore(0, 0, 0, 50, -40))
