"""Edge cases of the rule book (docs/rules.md) found in review: each test names the clause it holds the engine to."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from canasta.engine import apply
from canasta.engine.actions import Meld
from canasta.engine.cards import Card, parse_cards
from canasta.engine.invariants import violations
from canasta.engine.position import PositionFormatError, load_position
from tests.rules.positions import act, assert_legal, assert_refused, discard, draw, meld, position, score

ACES_CANASTA = "AH AD AS AH AD AS AC"


def test_after_yes_a_discard_is_refused_when_melding_every_card_goes_out() -> None:
    # "Asking partner": after "yes" he must go out this turn while some legal play would empty his hand.
    pos = position(
        hands={0: "5C 5D 5H 9S 9D 9H"},
        melds={0: [ACES_CANASTA]},
        phase="play",
        turn={"question": "yes", "drew_from": "stock"},
    )
    assert_refused(pos, discard("9H"), "must_go_out")
    after = assert_legal(pos, meld("5C 5D 5H", "9S 9D 9H"))
    assert after["phase"] == "over" and after["out"]["seat"] == 0


def test_melding_out_on_a_last_card_red_three_turn_scores_no_going_out_bonus() -> None:
    # "When the stock runs out": when the hand ends on a last-card red three, nobody scores a going-out bonus.
    pos = position(
        hands={0: "KH KS KD"},
        melds={0: [ACES_CANASTA]},
        stock_top="3H",
        rest_to=1,
        rules={"last_card_red_three": "end_may_meld"},
    )
    after = assert_legal(pos, draw())
    assert after["turn"]["final"] is True
    over = assert_legal(after, meld("KH KS KD"))
    assert over["phase"] == "over" and over["out"] is None
    assert score(over)[0]["going_out"] == 0


def test_a_concealed_player_mid_turn_goes_out_concealed_beside_a_partners_meld() -> None:
    # "Going out" concealed; turn.concealed ("Positions" in the formats): still on course after melding this turn.
    pos = position(
        hands={0: "9D"},
        melds={0: ["QH QD QS", "KH KD KS KC KH KD KS"]},
        phase="play",
        melded_this_hand=[True, False, True, False],
        turn={"drew_from": "stock", "melded": True, "concealed": True},
    )
    over = assert_legal(pos, discard("9D"))
    assert over["out"] == {"seat": 0, "concealed": True}
    assert score(over)[0]["going_out"] == 200


def test_a_meld_uses_the_physical_cards_of_the_hand_whatever_copy_the_action_names() -> None:
    # "What always holds": every card is in exactly one place; the action names cards by notation.
    pos = position(hands={0: "KS 4C 4D", 1: "KH KD KS 9C 9D"}, melds={1: ["QH QD QS"]}, current=1, phase="play")
    state = load_position(pos)
    held = state.hands[1]
    assert Card.parse("KS", 1) in held
    named = parse_cards(["KH", "KD", "KS"])  # copy 0 of KS, which seat 0 holds
    after = apply(state, Meld(new=(named,))).state
    assert violations(after) == []
    assert Card.parse("KS", 0) in after.hands[0]


def test_cutthroat_partners_who_never_took_the_pile_score_their_melds_combined() -> None:
    # "Three players, cutthroat": going out before the pile was taken makes him the lone hand; the other two combine.
    pos = position(
        3,
        hands={0: "", 1: "4C", 2: "4D"},
        melds={0: [ACES_CANASTA], 1: ["KH KD KS KC"], 2: ["KC KD 2C"]},
        rules={"three_player_mode": "cutthroat"},
        phase="over",
        out={"seat": 0, "concealed": False},
        lone_hand=None,
        filler=0,
    )
    partners = score(pos)[1]
    assert partners["canastas"] == 300  # K K K K K K 2: one mixed canasta between them
    assert score(pos)[2]["canastas"] == 300


def test_referee_answers_a_line_nested_too_deeply_with_an_error() -> None:
    line = "[" * 200_000 + "\n" + json.dumps({"position": {}, "score": True}) + "\n"
    done = subprocess.run(
        [sys.executable, "-m", "canasta", "referee"],
        check=False,
        input=line,
        capture_output=True,
        text=True,
        timeout=60,
    )
    answers = [json.loads(text) for text in done.stdout.splitlines()]
    assert done.returncode == 0 and len(answers) == 2
    assert "error" in answers[0] and "error" in answers[1]
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("bad", ["3C 3S", "3C 3S 2C", "3C 3S 3S 4C"])
def test_a_position_with_an_impossible_black_three_meld_is_malformed(bad: str) -> None:
    pos = position(melds={0: [ACES_CANASTA, bad]}, phase="play", turn={"drew_from": "stock"})
    with pytest.raises(PositionFormatError, match=r"melds\[0\]\[1\]"):
        load_position(pos)


def test_phase_answer_without_partners_is_malformed() -> None:
    pos = position(2, phase="answer")
    with pytest.raises(PositionFormatError, match="answer"):
        load_position(pos)


def test_act_gives_a_clear_refusal_for_a_meld_in_the_draw_phase() -> None:
    answer = act(position(hands={0: "KH KD KS"}), meld("KH KD KS"))
    assert answer["legal"] is False and answer["code"] == "must_draw_first"
