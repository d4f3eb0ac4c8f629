"""Modern American Canasta (docs/variants.md), rule-sheet clauses C2 (discards), C7 (the initial meld) and C8 (going
out), as the referee judges them."""

from __future__ import annotations

from typing import Any

import pytest

from tests.rules_modern_american.ma_engine_positions import after, discard, group, meld, position, refused, wild

OPENED = group("J", "JC JD JH")
TWO = [group("K", "KC KD KH KS KD KH KS"), group("Q", "QC QD QH QS QC QD QH")]  # two canastas


def _play(hand: str, melds: list[dict[str, Any]] | None = None, **fields: Any) -> dict[str, Any]:
    return position(phase="play", hands={0: hand}, melds={0: [OPENED] if melds is None else melds}, **fields)


@pytest.mark.parametrize(("score", "minimum"), [(-500, 125), (2995, 125), (3000, 155), (4995, 155), (5000, 180)])
def test_c7_the_minimum_by_score(score: int, minimum: int) -> None:
    pos = position(phase="play", hands={0: "KC KD KH 9S 6C"}, scores=[score, 0])
    assert f"needs {minimum} points" in refused(pos, meld("KC KD KH"), "initial_meld_below_minimum")


def test_c14_minimums_125_155_150() -> None:
    pos = position(phase="play", hands={0: "KC KD KH 9S 6C"}, scores=[5000, 0], rules={"minimums": [125, 155, 150]})
    assert "needs 150 points" in refused(pos, meld("KC KD KH"), "initial_meld_below_minimum")


def test_c7_the_initial_meld_needs_a_clean_triple() -> None:
    pos = position(phase="play", hands={0: "AC AD 2C KC KD JK QC QD 2D 9S 6C"})
    refused(pos, meld("AC AD 2C", "KC KD JK", "QC QD 2D"), "initial_meld_needs_clean_triple")


@pytest.mark.parametrize("needs", ["clean_triple", "clean_triple_or_wild_meld"])
def test_c14_initial_meld_needs(needs: str) -> None:
    pos = position(phase="play", hands={0: "JK JK JK JK 2C 2D 2H 9S 6C"}, rules={"initial_meld_needs": needs})
    action = meld("JK JK JK JK 2C 2D 2H")  # a wild canasta (260), and no clean triple
    if needs == "clean_triple":
        refused(pos, action, "initial_meld_needs_clean_triple")
    else:
        after(pos, action)


def test_c7_the_initial_meld_may_complete_a_natural_canasta_not_a_mixed_one() -> None:
    natural = position(phase="play", hands={0: "KC KD KH KS KC KD KH AC AD AS 9S 6C"})
    after(natural, meld("KC KD KH KS KC KD KH", "AC AD AS"))  # 70 + 60
    mixed = position(phase="play", hands={0: "KC KD KH KS KC 2C JK AC AD AS 9S 6C"})
    refused(mixed, meld("KC KD KH KS KC 2C JK", "AC AD AS"), "initial_mixed_canasta")


@pytest.mark.parametrize("splash", [False, True])
def test_c14_the_splash(splash: bool) -> None:
    pos = position(phase="play", hands={0: "6C 6D 6H 6S 6C 6D 6H 9S 8C"}, rules={"splash": splash})
    action = meld("6C 6D 6H 6S 6C 6D 6H")  # 35 points: below 125, but a natural canasta laid whole
    if splash:
        after(pos, action)
    else:
        refused(pos, action, "initial_meld_below_minimum")


# --- going out (C8) -----------------------------------------------------------------------------------------


def test_c8_going_out_needs_two_canastas() -> None:
    one = _play("6C", [TWO[0], OPENED])
    refused(one, discard("6C"), "going_out_needs_canasta")


def test_c8_going_out_is_always_by_a_discard() -> None:
    pos = _play("JS JC", [*TWO, OPENED])
    message = refused(pos, meld(add=[(2, "JS JC")]), "must_keep_two_cards")
    assert "discard" in message
    done = after(_play("JS 6C", [*TWO, OPENED]), meld(add=[(2, "JS")]))
    out = after(done, discard("6C"))
    assert out["phase"] == "over" and out["out"]["seat"] == 0


@pytest.mark.parametrize("open_meld", [group("A", "AC AD AS"), group("7", "7C 7D 7S"), wild("2C 2D JK")])
def test_c8_no_going_out_with_open_aces_sevens_or_wild_meld(open_meld: dict[str, Any]) -> None:
    refused(_play("6C", [*TWO, open_meld]), discard("6C"), "going_out_open_meld")


@pytest.mark.parametrize("once", [True, False])
def test_c8_c14_ask_partner_once_per_hand(once: bool) -> None:
    pos = position(phase="draw", hands={0: "9S 6C 8D"}, melds={0: TWO}, rules={"ask_partner_once_per_hand": once})
    if once:
        pos["asked_partner"] = [True, False, False, False]
        refused(pos, {"type": "ask_partner"}, "asked_this_hand")
    else:
        after(pos, {"type": "ask_partner"})


@pytest.mark.parametrize("value", ["optional", "off", "required"])
def test_c14_ask_partner(value: str) -> None:
    pos = position(phase="draw", hands={0: "9S 6C 8D"}, melds={0: TWO}, rules={"ask_partner": value})
    if value == "off":
        refused(pos, {"type": "ask_partner"}, "ask_partner_off")
    else:
        assert after(pos, {"type": "ask_partner"})["phase"] == "answer"


# --- discards (C2) ------------------------------------------------------------------------------------------


def test_c2_a_wild_card_is_discarded_only_going_out_or_from_a_hand_of_wild_cards() -> None:
    assert "2C" in refused(_play("2C 9S 6C", pile="5D"), discard("2C"), "wild_discard")
    after(_play("2C JK", pile="5D"), discard("2C"))


@pytest.mark.parametrize(("card", "hand"), [("7S", "7S 9S 6C"), ("AS", "AS 9S 6C")])
def test_c2_swad_never_onto_an_empty_pile(card: str, hand: str) -> None:
    refused(_play(hand), discard(card), "discard_onto_empty_pile")


def test_c2_c8_a_wild_card_as_the_going_out_discard_never_onto_an_empty_pile() -> None:
    refused(_play("JS 2C", [*TWO, OPENED]), meld(add=[(2, "JS")]), "no_legal_discard")
    after(_play("JS 2C", [*TWO, OPENED], pile="5D"), meld(add=[(2, "JS")]))


def test_c2_a_dead_rank_never_onto_an_empty_pile_but_onto_a_pile() -> None:
    melds = {0: [OPENED], 1: [group("K", "KC KD KH KS KC 2C JK")]}
    pos = position(phase="play", hands={0: "KD 9S 6C"}, melds=melds)
    assert "kings are dead" in refused(pos, discard("KD"), "discard_onto_empty_pile")
    after(position(phase="play", hands={0: "KD 9S 6C"}, melds=melds, pile="5D"), discard("KD"))


def test_c2_a_meld_that_leaves_no_legal_discard_is_refused() -> None:
    refused(_play("JS JC 7S AS"), meld(add=[(0, "JS JC")]), "no_legal_discard")
