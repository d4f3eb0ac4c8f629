"""docs/rules.md, "Asking partner", and the options `ask_partner` and `ask_partner_timing`."""

from collections.abc import Sequence
from typing import Any

import pytest

from tests.rules.positions import (
    ACES,
    NATURAL_CANASTA,
    SEVEN_FOURS,
    Action,
    Options,
    Position,
    answer,
    ask,
    assert_legal,
    assert_refused,
    discard,
    draw,
    meld,
    pass_,
    position,
    take,
)


def asking(  # noqa: PLR0913 - a test-position helper: every argument is an optional keyword
    players: int = 4,
    current: int = 0,
    *,
    phase: str = "draw",
    hand_cards: str = "5C 5D 5H 9C",
    side_melds: Sequence[str] = (NATURAL_CANASTA,),
    rules: Options | None = None,
    pile: str = "8C",
    **turn: Any,
) -> Position:
    """Seat `current` in `phase`, holding `hand_cards`; his side holds `side_melds`; `turn` fields as given."""
    side = current if players in (2, 3) else current % 2
    return position(
        players,
        current=current,
        phase=phase,
        hands={current: hand_cards},
        melds={side: list(side_melds)},
        pile=pile,
        rules=rules or {},
        turn=turn,
    )


def answering(asker: int = 0, partner: int = 2, drew_from: str | None = None, players: int = 4) -> Position:
    """The partner must answer the asker's question."""
    return position(
        players,
        current=partner,
        phase="answer",
        hands={asker: "5C 5D 5H 9C"},
        melds={asker % 2: [NATURAL_CANASTA]},
        pile="8C",
        turn={"question": "asked", "drew_from": drew_from},
    )


# --- who answers, and play returns --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "asker", "partner"),
    [(4, 0, 2), (4, 1, 3), (4, 2, 0), (4, 3, 1), (6, 0, 2), (6, 1, 3), (6, 3, 5), (6, 4, 0), (6, 5, 1)],
)
def test_the_next_partner_clockwise_answers(players: int, asker: int, partner: int) -> None:
    new = assert_legal(asking(players, current=asker), ask())
    assert new["phase"] == "answer"
    assert new["current"] == partner
    assert new["turn"]["question"] == "asked"


@pytest.mark.parametrize("yes", [True, False])
def test_after_the_answer_play_returns_to_the_draw(yes: bool) -> None:
    new = assert_legal(answering(0, 2), answer(yes))
    assert new["current"] == 0
    assert new["phase"] == "draw"
    assert new["turn"]["question"] == ("yes" if yes else "no")


@pytest.mark.parametrize("yes", [True, False])
def test_asking_after_drawing_returns_play_to_the_play_phase(yes: bool) -> None:
    asked = assert_legal(asking(phase="play"), ask())
    assert asked["current"] == 2
    new = assert_legal(asked, answer(yes))
    assert new["current"] == 0
    assert new["phase"] == "play"
    assert new["turn"]["drew_from"] == "stock"


def test_six_player_answer_returns_to_the_asker() -> None:
    new = assert_legal(answering(asker=5, partner=1, players=6), answer(True))
    assert new["current"] == 5


def test_the_asker_may_draw_after_a_yes() -> None:
    answered = assert_legal(answering(0, 2), answer(True))
    assert assert_legal(answered, draw())["phase"] == "play"


# --- when asking is allowed ---------------------------------------------------------------------------------


def test_asking_after_melding_this_turn_is_refused() -> None:
    pos = asking(phase="play", melded=True)
    assert_refused(pos, ask(), "ask_after_melding")


def test_under_any_time_before_going_out_asking_after_melding_is_allowed() -> None:
    pos = asking(phase="play", melded=True, rules={"ask_partner_timing": "any_time_before_going_out"})
    assert assert_legal(pos, ask())["phase"] == "answer"


def test_a_meld_then_an_ask_within_one_turn_follows_the_timing_option() -> None:
    start = asking(phase="play", hand_cards="5C 5D 5H 9C 9D 7C")
    melded = assert_legal(start, meld("5C 5D 5H"))
    assert_refused(melded, ask(), "ask_after_melding")
    late = asking(
        phase="play", hand_cards="5C 5D 5H 9C 9D 7C", rules={"ask_partner_timing": "any_time_before_going_out"}
    )
    assert assert_legal(assert_legal(late, meld("5C 5D 5H")), ask())["current"] == 2


def test_taking_the_pile_melds_its_top_card_so_asking_afterwards_is_too_late() -> None:
    # Reading: the take melds the top card at once ("The discard pile", "In what order"), so the player "has
    # melded" this turn.
    pos = asking(hand_cards="9H 9D 5C 5D 5H 7C", pile="4C 9S")
    took = assert_legal(pos, take("9H 9D"))
    assert_refused(took, ask(), "ask_after_melding")


@pytest.mark.parametrize("question", ["yes", "no"])
def test_a_player_asks_at_most_once_per_turn(question: str) -> None:
    pos = asking(phase="play", question=question)
    assert_refused(pos, ask(), "already_asked")


def test_a_player_asks_at_most_once_per_turn_also_across_the_draw() -> None:
    answered = assert_legal(answering(0, 2), answer(False))
    drew = assert_legal(answered, draw())
    assert_refused(drew, ask(), "already_asked")


@pytest.mark.parametrize("players", [2, 3])
def test_with_two_or_three_players_there_is_no_partner_to_ask(players: int) -> None:
    assert_refused(asking(players), ask(), "no_partner")


def test_under_ask_partner_off_nobody_asks() -> None:
    assert_refused(asking(rules={"ask_partner": "off"}), ask(), "ask_partner_off")


# --- the answer phase ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "action", [draw(), discard("9C"), meld("5C 5D 5H"), ask(), pass_()], ids=["draw", "discard", "meld", "ask", "pass"]
)
def test_while_a_question_is_open_only_the_answer_is_allowed(action: Action) -> None:
    assert_refused(answering(0, 2), action, "must_answer")


def test_an_answer_outside_the_answer_phase_is_refused() -> None:
    assert_refused(asking(phase="play"), answer(True), "not_asked")


# --- the answer binds ---------------------------------------------------------------------------------------


def test_after_no_the_player_may_not_go_out_by_melding() -> None:
    pos = asking(phase="play", hand_cards="5C 5D 5H", question="no")
    assert_refused(pos, meld("5C 5D 5H"), "partner_said_no")


def test_after_no_the_player_may_not_go_out_by_discarding() -> None:
    pos = asking(phase="play", hand_cards="9C", question="no")
    assert_refused(pos, discard("9C"), "partner_said_no")


def test_after_no_the_player_plays_on() -> None:
    pos = asking(phase="play", hand_cards="5C 5D 5H 9C 9D 7C", question="no")
    melded = assert_legal(pos, meld("5C 5D 5H"))
    assert assert_legal(melded, discard("7C"))["current"] == 1


def test_after_yes_a_discard_that_keeps_cards_is_refused_while_going_out_is_possible() -> None:
    pos = asking(phase="play", hand_cards="5C 5D 5H 9C", question="yes")
    assert_refused(pos, discard("9C"), "must_go_out")


@pytest.mark.parametrize(
    ("hand_cards", "discarded"),
    [
        ("KS 9C", "9C"),  # KS could go onto the kings, then 9C out
        ("5C 5D 2C 9C", "5D"),  # 5-5-2 could be melded, then 9C out
        ("5C 5D 5H 5S 9C 9D 9H", "5C"),  # two melds could take every card
    ],
)
def test_after_yes_every_discard_that_keeps_cards_is_refused(hand_cards: str, discarded: str) -> None:
    pos = asking(phase="play", hand_cards=hand_cards, question="yes")
    assert_refused(pos, discard(discarded), "must_go_out")


def test_after_yes_a_concealed_going_out_counts_as_a_way_out() -> None:
    # The side has not melded and needs 120; seven fours after a stock draw need no minimum ("The first meld").
    pos = position(
        phase="play",
        hands={0: SEVEN_FOURS + " 9C"},
        pile="8C",
        scores=[3000, 0],
        turn={"drew_from": "stock", "question": "yes"},
    )
    assert_refused(pos, discard("9C"), "must_go_out")


def test_after_yes_a_discard_is_legal_when_no_play_empties_the_hand() -> None:
    # Melding the fives leaves 9C 9D: one discard would still leave a card.
    pos = asking(phase="play", hand_cards="5C 5D 5H 9C 9D", question="yes")
    assert assert_legal(pos, discard("9C"))["current"] == 1


def test_after_yes_the_player_goes_out() -> None:
    pos = asking(phase="play", hand_cards="5C 5D 5H 9C", question="yes")
    melded = assert_legal(pos, meld("5C 5D 5H"))
    over = assert_legal(melded, discard("9C"))
    assert over["phase"] == "over"
    assert over["out"]["seat"] == 0


def test_a_yes_before_drawing_binds_after_the_draw() -> None:
    start = position(
        phase="answer",
        current=2,
        hands={0: "5C 5D 9C"},
        melds={0: [NATURAL_CANASTA]},
        pile="8C",
        stock_top="5H",
        turn={"question": "asked"},
    )
    drew = assert_legal(assert_legal(start, answer(True)), draw())
    assert_refused(drew, discard("9C"), "must_go_out")
    over = assert_legal(assert_legal(drew, meld("5C 5D 5H")), discard("9C"))
    assert over["out"]["seat"] == 0


def test_after_yes_with_no_way_out_the_player_plays_on_normally() -> None:
    pos = asking(phase="play", hand_cards="5C 9D 7H", question="yes")
    assert assert_legal(pos, discard("7H"))["current"] == 1


def test_after_yes_without_the_canastas_needed_the_player_plays_on_normally() -> None:
    pos = asking(phase="play", hand_cards="5C 5D 5H 9C 9D", question="yes", side_melds=(ACES,))
    assert assert_legal(pos, discard("9C"))["current"] == 1


# --- ask_partner: required ----------------------------------------------------------------------------------


REQUIRED = {"ask_partner": "required"}


def test_under_required_going_out_by_melding_without_asking_is_refused() -> None:
    pos = asking(phase="play", hand_cards="5C 5D 5H", rules=REQUIRED)
    assert_refused(pos, meld("5C 5D 5H"), "must_ask_partner")


def test_under_required_going_out_by_discarding_without_asking_is_refused() -> None:
    pos = asking(phase="play", hand_cards="9C", rules=REQUIRED)
    assert_refused(pos, discard("9C"), "must_ask_partner")


def test_under_required_going_out_after_yes_is_legal() -> None:
    pos = asking(phase="play", hand_cards="5C 5D 5H", rules=REQUIRED, question="yes")
    assert assert_legal(pos, meld("5C 5D 5H"))["phase"] == "over"


def test_under_required_play_that_does_not_go_out_needs_no_question() -> None:
    pos = asking(phase="play", hand_cards="5C 5D 5H 9C 9D", rules=REQUIRED)
    assert_legal(assert_legal(pos, meld("5C 5D 5H")), discard("9C"))


def test_optional_is_the_default_going_out_without_asking_is_legal() -> None:
    pos = asking(phase="play", hand_cards="5C 5D 5H")
    assert assert_legal(pos, meld("5C 5D 5H"))["phase"] == "over"


@pytest.mark.parametrize("players", [2, 3])
def test_required_does_not_apply_without_a_partner(players: int) -> None:
    canastas = (NATURAL_CANASTA, "QC QD QH QS QC QD QH") if players == 2 else (NATURAL_CANASTA,)
    pos = asking(players, phase="play", hand_cards="5C 5D 5H", side_melds=canastas, rules=REQUIRED)
    assert assert_legal(pos, meld("5C 5D 5H"))["phase"] == "over"
