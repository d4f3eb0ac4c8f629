"""Modern American Canasta (docs/variants.md), rule-sheet clauses C3, C4 (sizes) and C5: groups, wild cards, wild
melds, dead ranks and the always-frozen pile, as the referee judges them."""

from __future__ import annotations

from typing import Any

import pytest

from tests.rules_modern_american.ma_engine_positions import (
    after,
    group,
    meld,
    position,
    refused,
    take,
    wild,
)

OPENED = group("J", "JC JD JH")  # side 0 has made its initial meld


def _play(hand: str, melds: list[dict[str, Any]] | None = None, **fields: Any) -> dict[str, Any]:
    return position(phase="play", hands={0: hand}, melds={0: melds or [OPENED]}, **fields)


def _draw(hand: str, pile: str, melds: list[dict[str, Any]] | None = None, **fields: Any) -> dict[str, Any]:
    return position(phase="draw", hands={0: hand}, pile=pile, melds={0: melds or [OPENED]}, **fields)


def test_c3_a_group_holds_seven_cards_at_most() -> None:
    pos = _play("KC 9S 6C 8D", [OPENED, group("K", "KC KD KH KS KD KH KS")])
    refused(pos, meld(add=[(1, "KC")]), "meld_too_large")


def test_c14_eighth_card_going_out_lets_a_group_pass_seven_before_the_last_discard() -> None:
    canastas = [group("Q", "QC QD QH QS QC QD QH"), group("K", "KC KD KH KS KD KH")]
    pos = _play("KC KS 6C", canastas, rules={"eighth_card_going_out": True})  # (a canasta's rank is dead: 6 + 2)
    new = after(pos, meld(add=[(1, "KC KS")]))
    assert len(new["melds"][0][1]["cards"]) == 8
    done = after(new, {"type": "discard", "card": "6C"})
    assert done["phase"] == "over" and done["out"]["seat"] == 0


def test_c14_eighth_card_going_out_no_keeps_seven() -> None:
    canastas = [group("Q", "QC QD QH QS QC QD QH"), group("K", "KC KD KH KS KD KH")]
    refused(_play("KC KS 6C", canastas), meld(add=[(1, "KC KS")]), "meld_too_large")


def test_c3_one_meld_per_rank_per_side_a_new_group_joins_the_old() -> None:
    new = after(_play("JS JC JD 9S 6C"), meld("JS JC JD"))
    assert len(new["melds"][0]) == 1 and len(new["melds"][0][0]["cards"]) == 6


def test_c3_at_most_two_wild_cards() -> None:
    pos = position(phase="play", hands={0: "KC KD KH 2C 2D JK AC AD AS AH 9S 6C"})
    refused(pos, meld("KC KD KH 2C 2D JK", "AC AD AS AH"), "meld_too_many_wilds")


def test_c3_at_least_two_natural_cards() -> None:
    refused(_play("KC 2C JK 9S 6C"), meld("KC 2C JK"), "meld_too_few_naturals")


@pytest.mark.parametrize("rule_of_five", [True, False])
def test_c3_c14_the_rule_of_five(rule_of_five: bool) -> None:
    pos = _play("2C 9S 6C 8D", [OPENED, group("K", "KC KD KH KS")], rules={"rule_of_five": rule_of_five})
    action = meld(add=[(1, "2C")])
    if rule_of_five:
        message = refused(pos, action, "rule_of_five")
        assert "5 natural cards" in message and "would hold 4" in message
    else:
        after(pos, action)


def test_c3_a_group_of_five_naturals_takes_a_wild_card() -> None:
    after(_play("2C 9S 6C 8D", [OPENED, group("K", "KC KD KH KS KD")]), meld(add=[(1, "2C")]))


def test_c3_a_wild_card_enters_any_group_in_the_initial_meld_step() -> None:
    pos = position(phase="play", hands={0: "KC KD 2C QC QD QH AC AD AS 9S 6C"})
    after(pos, meld("KC KD 2C", "QC QD QH", "AC AD AS"))  # 40 + 30 + 60 = 130


def test_c3_sevens_never_take_a_wild_card() -> None:
    pos = position(phase="play", hands={0: "7C 7D 2C QC QD QH AC AD AS 9S 6C"})
    message = refused(pos, meld("7C 7D 2C", "QC QD QH", "AC AD AS"), "rank_takes_no_wild")
    assert "sevens" in message


def test_c3_aces_take_a_wild_card_only_in_the_initial_meld_step() -> None:
    pos = _play("2C 9S 6C 8D", [OPENED, group("A", "AC AD AH AS AC")])
    refused(pos, meld(add=[(1, "2C")]), "rank_takes_no_wild")
    opening = position(phase="play", hands={0: "AC AD 2C QC QD QH QS KC KD KH 9S 6C"})
    after(opening, meld("AC AD 2C", "QC QD QH QS", "KC KD KH"))  # 60 + 40 + 30 = 130: a mixed ace group, allowed


def test_c3_a_mixed_ace_group_from_the_initial_step_is_an_ordinary_group() -> None:
    pos = _play("2D 9S 6C 8D", [OPENED, group("A", "AC AD AH AS AC 2C")])
    after(pos, meld(add=[(1, "2D")]))


def test_c3_a_wild_meld_of_three_to_seven_twos_and_jokers() -> None:
    new = after(_play("2C 2D JK 9S 6C"), meld("2C 2D JK"))
    assert new["melds"][0][1]["kind"] == "wild"


def test_c3_one_incomplete_wild_meld_at_a_time() -> None:
    pos = _play("2C 2D JK 9S 6C", [OPENED, wild("2H 2S JK")])
    refused(pos, meld("2C 2D JK"), "one_open_wild_meld")


def test_c3_while_a_wild_meld_is_incomplete_no_wild_card_goes_elsewhere() -> None:
    pos = _play("2C 9S 6C 8D", [OPENED, wild("2H 2S JK"), group("K", "KC KD KH KS KD")])
    refused(pos, meld(add=[(2, "2C")]), "wild_meld_open")


def test_c3_a_dead_rank_takes_nothing_on_either_side() -> None:
    kings = group("K", "KC KD KH KS KC 2C JK")  # side 1's canasta of kings: the kings are dead
    pos = position(phase="play", hands={0: "2D 9S 6C 8D"}, melds={0: [OPENED, group("K", "KD KH KS")], 1: [kings]})
    message = refused(pos, meld(add=[(1, "2D")]), "dead_rank")
    assert "kings are dead" in message


def test_c3_threes_are_never_melded_nor_held() -> None:
    from canasta.engine.cards import Rank
    from canasta.engine.melds import shape_refusal
    from canasta.engine.rules import Rules

    refusal = shape_refusal(Rules.for_players(4, variant="modern_american"), Rank.THREE, 3, 0, False)
    assert refusal is not None and refusal.message == "Threes are never melded in this game."


# --- the pile (C5) ------------------------------------------------------------------------------------------


def test_c5_the_pile_is_always_frozen_a_natural_pair_takes_it() -> None:
    new = after(_draw("9S 9H 6C 8D", "5C 9D"), take("9S 9H"))
    assert new["melds"][0][1]["cards"] == ["9D", "9S", "9H"] and new["pile"] == []


def test_c5_the_top_card_alone_never_takes_it() -> None:
    pos = _draw("9S 6C 8D 8C", "5C JD")
    refused(pos, {"type": "take_pile", "with": []}, "pile_frozen_needs_natural_pair")


def test_c5_the_pair_and_top_card_go_onto_a_meld_of_three_or_four() -> None:
    pos = _draw("JS JC 6C 8D 8C", "5C JH")
    new = after(pos, take("JS JC"))
    assert len(new["melds"][0]) == 1 and len(new["melds"][0][0]["cards"]) == 6


def test_c5_never_onto_a_meld_of_five_or_more() -> None:
    pos = _draw("KS KC 6C 8D", "5C KH", [OPENED, group("K", "KC KD KH KS KD")])
    message = refused(pos, take("KS KC"), "pile_meld_full")
    assert "5 cards" in message


def test_c5_never_with_a_wild_card_on_top() -> None:
    refused(_draw("9S 9H 6C 8D", "5C JK"), take("9S 9H"), "pile_top_wild")


def test_c2_c5_a_three_is_never_in_the_pile() -> None:
    from tests.rules.positions import handle

    answer = handle({"position": _draw("9S 9H 6C 8D", "5C 3S"), "action": {"type": "draw"}})
    assert "a three is never discarded" in answer["error"]


def test_c5_never_with_a_dead_rank_on_top() -> None:
    pos = position(phase="draw", hands={0: "QS QC 6C 8D"}, pile="5C QH",
                   melds={0: [OPENED], 1: [group("Q", "QC QD QH QS QD 2C JK")]})  # fmt: skip
    refused(pos, take("QS QC"), "pile_top_dead_rank")


def test_c5_before_the_initial_meld_the_top_card_counts_neither_toward_the_minimum_nor_the_triple() -> None:
    hand = "KC KD QC QD QH AC AD AS 9S 6C"
    pos = position(phase="draw", hands={0: hand}, pile="5C KH")
    message = refused(pos, take("KC KD", ["QC QD QH", "AC AD AS"]), "initial_meld_below_minimum")
    assert "these make 110" in message  # 20 + 30 + 60: the top king's 10 is not counted
    triple = position(phase="draw", hands={0: "KC KD 2C AC AD 2D 9S 6C"}, pile="5C KH")
    refused(triple, take("KC KD 2C", ["AC AD 2D"]), "initial_meld_needs_clean_triple")
