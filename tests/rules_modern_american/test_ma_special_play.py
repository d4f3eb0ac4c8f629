"""Modern American Canasta's special hands in play (docs/variants.md C6, C12, F6, G): the action `special` declared
after a stock draw, each refusal with its text, the hand ending at once, scoring both sides, the dream hand winning
the game, the position written and read back (and refused where it breaks F6), the three kept for the Straight, and
a property: every card stays placed once after a declaration."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from canasta.engine import legal_actions
from canasta.engine.actions import DeclareSpecial, Draw
from canasta.engine.cards import NATURAL_RANKS
from canasta.engine.game.invariants import violations
from canasta.engine.game.match import finish_hand, new_match
from canasta.engine.game.transitions import apply
from canasta.engine.position import PositionFormatError, dump_position, load_position
from canasta.engine.refusal_text import refusal_text
from canasta.engine.refusals import Code, Refusal
from canasta.engine.rules import Rules, Variant
from canasta.engine.special_hands import SpecialHand
from canasta.engine.views import view_for
from tests.rules_modern_american.ma_engine_positions import act, after, group, position, refused, score

GARBAGE = "4C 4D 4H 4S 5C 5D 5H 5S 6C 6D 6H 8C 8D 8H"  # two fours-of-a-kind, two triples: 3000 (CLA)
PAIRS = "4C 4D 5C 5D 6C 6D 8C 8D 9C 9D TC TD JC JD"  # seven natural pairs: 2500
QUADS = "AC AD AH AS KC KD KH KS QC QD QH QS 2C 2D"  # three fours and a wild pair: 3500 (CLA only)
DREAM_4 = "AC AD AH AS AC KC KD KH KS KC 2C 2D JK JK"  # two fives and four wild cards: 8500, wins the game
STRAIGHT_BUT_THREE = "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 2C JK"
OTHERS = {1: "9H 9S 7D", 2: "TH TS", 3: "JH JS QD"}


def declare(name: str, cards: str | None = None) -> dict[str, Any]:
    action: dict[str, Any] = {"type": "special", "name": name}
    if cards is not None:
        action["cards"] = cards.split()
    return action


def playing(hand: str, **fields: Any) -> dict[str, Any]:
    """Seat 0 holds `hand` right after a stock draw (the play phase, drawn from the stock)."""
    return position(phase="play", hands={0: hand, **OTHERS}, **fields)


def view_of(pos: dict[str, Any], seat: int = 0) -> Any:
    return view_for(load_position(pos), seat)


# ---- declaring --------------------------------------------------------------------------------------------------


def test_c12_declaring_garbage_ends_the_hand_with_the_cards_as_the_sides_only_meld() -> None:
    result = act(playing(GARBAGE), declare("garbage"))
    assert result["legal"] is True
    new = result["position"]
    assert new["phase"] == "over" and new["hands"][0] == []
    assert new["out"] == {"seat": 0, "concealed": False, "special": "garbage"}
    assert new["melds"][0] == [{"kind": "special", "name": "garbage", "cards": GARBAGE.split()}]
    assert [event["type"] for event in result["events"]] == ["special", "hand_over"]
    assert result["events"][0] == {"seat": 0, "type": "special", "name": "garbage", "cards": GARBAGE.split()}
    assert new["pile"] == [], "no discard"


def test_c12_legal_actions_list_the_special_hand_the_cards_make() -> None:
    assert DeclareSpecial(SpecialHand.GARBAGE) in legal_actions(view_of(playing(GARBAGE)))
    assert not any(isinstance(action, DeclareSpecial) for action in legal_actions(view_of(playing(PAIRS[:-3]))))


def test_c12_the_cards_named_must_be_the_very_hand() -> None:
    assert act(playing(GARBAGE), declare("garbage", GARBAGE))["legal"] is True
    assert refused(playing(GARBAGE), declare("garbage", GARBAGE.replace("8H", "9H")), "card_not_in_hand") == (
        "You do not hold 9H."
    )
    message = refused(playing(GARBAGE), declare("garbage", GARBAGE[:-3]), "special_hand_needs_14_cards")
    assert message == "A special hand is your whole hand of 14 cards; you name 13."


# ---- refusals ---------------------------------------------------------------------------------------------------


def test_c14_no_special_hand_under_special_hands_off() -> None:
    pos = playing(GARBAGE, rules={"special_hands": "off"})
    assert refused(pos, declare("garbage"), "special_hands_off") == "Under the house rules nobody lays a special hand."


@pytest.mark.parametrize(
    "fields",
    [
        {"phase": "draw"},  # before drawing
        {"phase": "play", "turn": {"drew_from": "pile"}},  # after taking the pile
        {"phase": "play", "turn": {"melded": True}},  # after a meld this turn
    ],
    ids=["before_the_draw", "after_taking_the_pile", "after_a_meld"],
)
def test_c12_a_special_hand_is_laid_right_after_a_stock_draw(fields: dict[str, Any]) -> None:
    pos = position(hands={0: GARBAGE, **OTHERS}, **fields)
    message = refused(pos, declare("garbage"), "special_hand_not_now")
    assert message == "A special hand is laid right after drawing from the stock, before any meld this turn."


def test_c12_a_side_that_has_melded_lays_no_special_hand() -> None:
    pos = playing(GARBAGE, melds={0: [group("Q", "QC QD QH")]})
    message = refused(pos, declare("garbage"), "special_hand_side_has_melded")
    assert message == "Your side has melded: only a side that has not melded may lay a special hand."


def test_c12_a_special_hand_is_exactly_14_cards() -> None:
    message = refused(playing(GARBAGE[:-3]), declare("garbage"), "special_hand_needs_14_cards")
    assert message == "A special hand is exactly 14 cards; you hold 13."


def test_c12_cards_that_make_no_special_hand_or_another_are_refused_naming_both() -> None:
    no_hand = GARBAGE.replace("8H", "9H")
    assert refused(playing(no_hand), declare("garbage"), "special_hand_not_made") == (
        "These cards do not make Garbage, nor any other special hand."
    )
    other = refused(playing(GARBAGE), declare("pairs"), "special_hand_not_made")
    assert other == "These cards make Garbage, not Pairs."


def test_c12_pagat_has_no_quads() -> None:
    assert act(playing(QUADS), declare("quads"))["legal"] is True
    pos = playing(QUADS, rules={"special_hands": "pagat"})
    assert refused(pos, declare("quads"), "special_hand_not_made") == (
        "These cards do not make Quads, nor any other special hand."
    )


def test_the_refusal_texts_of_special_hands_are_the_messages() -> None:
    refusal = Refusal(
        Code.SPECIAL_HAND_NOT_MADE,
        "These cards make Garbage, not Dream hand +4.",
        (("variant", "other"), ("made", SpecialHand.GARBAGE), ("name", SpecialHand.DREAM_HAND_4)),
    )
    assert refusal_text(refusal) == refusal.message


# ---- scoring ----------------------------------------------------------------------------------------------------


def test_c12_the_declaring_side_scores_only_the_hands_value() -> None:
    # The partner holds three aces and three sevens (-3000 and their values otherwise), the side two threes.
    hands = {**OTHERS, 0: GARBAGE, 2: "AH AS AD 7C 7D 7H"}
    pos = position(phase="play", hands=hands, threes={0: "3H 3S", 1: "3D"})
    mine, theirs = score(after(pos, declare("garbage")))
    assert mine == {"canastas": 0, "threes": 0, "going_out": 0, "melded": 0, "penalties": 0, "in_hand": 0,
                    "special": 3000, "total": 3000}  # fmt: skip
    assert "special" not in theirs


def test_c12_the_other_side_scores_by_c10_with_no_going_out_bonus() -> None:
    pos = playing(PAIRS, melds={1: [group("K", "KC KD KH KS KC KD KH"), group("Q", "QC QD QH")]}, threes={1: "3D"})
    _, theirs = score(after(pos, declare("pairs")))
    # One canasta: its bonus and melded cards count, its threes 0; the hands of seats 1 and 3 against it.
    assert theirs == {"canastas": 500, "threes": 0, "going_out": 0, "melded": 70 + 30, "penalties": 0,
                      "in_hand": -(5 + 10 + 10 + 10 + 10 + 10), "total": 500 + 100 - 55}  # fmt: skip


def test_c12_a_dream_hand_wins_the_game_whatever_the_totals() -> None:
    rules = Rules.for_players(4, variant=Variant.MODERN_AMERICAN)
    state = apply(load_position(playing(DREAM_4)), DeclareSpecial(SpecialHand.DREAM_HAND_4)).state
    match = replace(new_match(rules, random.Random(1)), scores=(-9000, 8000))
    done = finish_hand(match, state)
    assert done.scores[0] < done.scores[1] and done.winners == (0,)


def test_c12_another_special_hand_ends_no_game_below_the_target() -> None:
    rules = Rules.for_players(4, variant=Variant.MODERN_AMERICAN)
    state = apply(load_position(playing(GARBAGE)), DeclareSpecial(SpecialHand.GARBAGE)).state
    assert finish_hand(new_match(rules, random.Random(1)), state).winners == ()


# ---- the position (F6) and the invariants (G) ------------------------------------------------------------------


def test_f6_a_declared_hand_is_written_and_read_back_alike() -> None:
    state = apply(load_position(playing(GARBAGE)), DeclareSpecial(SpecialHand.GARBAGE)).state
    assert violations(state) == []
    written = dump_position(state)
    assert dump_position(load_position(written)) == written


def _declared(**changes: Any) -> dict[str, Any]:
    written = after(playing(GARBAGE), declare("garbage"))
    written.update(changes)
    return written


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda pos: pos.update(out={"seat": 0, "concealed": False}), "out must be"),
        (lambda pos: pos["out"].update(special="pairs"), "so out must be"),
        (lambda pos: pos["melds"][0][0].update(name="pairs"), "these cards make garbage, not pairs"),
        (lambda pos: pos.update(out={"seat": 1, "special": "garbage"}), "out must be"),
        (lambda pos: pos["rules"].update(special_hands="off"), "without special hands"),
        (lambda pos: pos["melds"][0].append(pos["melds"][0][0] | {"cards": []}), "only meld"),
    ],
    ids=["out_without_special", "out_names_another", "meld_names_another", "out_of_the_other_side", "off", "two_melds"],
)
def test_f6_the_reader_refuses_a_special_hand_that_breaks_the_rules(change: Any, words: str) -> None:
    pos = _declared()
    change(pos)
    with pytest.raises(PositionFormatError, match=words):
        load_position(pos)


def test_f6_a_special_hand_lies_only_in_a_finished_hand() -> None:
    pos = playing("9C 9D TC TD", melds={0: [{"kind": "special", "name": "garbage", "cards": GARBAGE.split()}]})
    with pytest.raises(PositionFormatError, match="phase must be over"):
        load_position(pos)


def test_f6_out_names_no_special_hand_that_is_not_on_the_table() -> None:
    pos = position(phase="over", hands={0: "", **OTHERS}, melds={0: [group("K", "KC KD KH")]},
                   out={"seat": 0, "special": "pairs"}, turn={"melded": True})  # fmt: skip
    with pytest.raises(PositionFormatError, match=r"out\.special is 'pairs'"):
        load_position(pos)


# ---- the three kept for the Straight (C6) ---------------------------------------------------------------------


def test_c6_a_player_of_an_unmelded_side_keeps_a_three_for_the_straight_and_lays_it() -> None:
    pos = position(hands={0: STRAIGHT_BUT_THREE, **OTHERS}, stock_top="3S 8D")
    assert Draw(keep_three=True) in legal_actions(view_of(pos))
    kept = after(pos, {"type": "draw", "keep_three": True})
    assert "3S" in kept["hands"][0] and kept["threes"] == [[], []]
    laid = after(kept, declare("straight"))
    assert laid["out"]["special"] == "straight"
    assert "3S" in laid["melds"][0][0]["cards"]


def test_c6_without_keep_three_a_drawn_three_is_laid_out() -> None:
    drawn = after(position(hands={0: STRAIGHT_BUT_THREE, **OTHERS}, stock_top="3S 8D"), {"type": "draw"})
    assert drawn["threes"][0] == ["3S"] and "8D" in drawn["hands"][0]


def test_c6_one_three_is_kept_at_most_and_only_by_an_unmelded_side_under_special_hands() -> None:
    keep = {"type": "draw", "keep_three": True}
    held = position(hands={0: STRAIGHT_BUT_THREE[:-3] + " 3C", **OTHERS})
    assert refused(held, keep, "three_already_kept") == "You already keep 3C: only one three is kept for the Straight."
    melded = position(hands={0: STRAIGHT_BUT_THREE, **OTHERS}, melds={0: [group("Q", "QD QH QS")]})
    refused(melded, keep, "special_hand_side_has_melded")
    off = position(hands={0: STRAIGHT_BUT_THREE, **OTHERS}, rules={"special_hands": "off"})
    refused(off, keep, "special_hands_off")
    assert Draw(keep_three=True) not in legal_actions(view_of(held))


def test_c6_once_the_side_melds_a_kept_three_is_laid_out_and_replaced() -> None:
    hands = {0: "AC AD AH AS KC KD KH QC QD QH JC 9D", 1: "9H 9S 7D", 2: "3C TH TS", 3: "JH JS QS"}
    pos = position(phase="play", hands=hands, stock_top="8S")
    new = after(pos, {"type": "meld", "new": [["AC", "AD", "AH", "AS"], ["KC", "KD", "KH"], ["QC", "QD", "QH"]]})
    assert new["threes"][0] == ["3C"] and sorted(new["hands"][2]) == ["8S", "TH", "TS"]
    assert load_position(new) is not None


# ---- a property -------------------------------------------------------------------------------------------------

_RANKS = [rank.value for rank in NATURAL_RANKS]
_SUITS = "CDHS"


@settings(max_examples=40, deadline=None)
@given(
    ranks=st.lists(st.sampled_from(_RANKS), min_size=7, max_size=7, unique=True),
    kind=st.sampled_from(["garbage", "pairs"]),
    seat=st.integers(0, 3),
)
def test_every_card_stays_placed_once_after_a_declaration(ranks: list[str], kind: str, seat: int) -> None:
    sizes = (4, 4, 3, 3) if kind == "garbage" else (2,) * 7
    hand = " ".join(f"{rank}{_SUITS[i]}" for rank, size in zip(ranks, sizes, strict=False) for i in range(size))
    others = {other: text for other, text in zip([s for s in range(4) if s != seat], ["7D 7H", "9S", "QS JH"],
                                                 strict=True) if not set(text.split()) & set(hand.split())}  # fmt: skip
    pos = position(phase="play", current=seat, hands={seat: hand, **others})
    state = load_position(pos)
    after_state = apply(state, DeclareSpecial(SpecialHand(kind))).state
    assert Counter(after_state.all_cards()) == Counter(state.all_cards())
    assert violations(after_state) == []
    assert after_state.melds[state.rules.seat_side[seat]][0].cards == state.hands[seat]


def test_c6_the_partners_kept_three_stays_in_his_hand_when_the_special_hand_ends_it() -> None:
    pos = position(phase="play", hands={**OTHERS, 0: GARBAGE, 2: "3C TH TS"})
    state = apply(load_position(pos), DeclareSpecial(SpecialHand.GARBAGE)).state
    assert violations(state) == []
    assert load_position(dump_position(state)).hands[2] == state.hands[2]
