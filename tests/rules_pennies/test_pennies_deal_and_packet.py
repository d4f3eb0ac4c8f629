"""Pennies from Heaven (docs/variants.md), rule-sheet clauses E1, E2, E12 and E13 and clarifications H8 and H9: the
deal of 13 and a packet of 11, six players in two sides of three (or three of two), drawing two, the packet taken
up with the player's own first canasta (at once, or next turn), and the options with their defaults."""

from __future__ import annotations

import random
from typing import Any

import pytest

from canasta.engine import new_hand
from canasta.engine.playerview import partner_to_ask
from canasta.engine.rules import Rules, option_names
from tests.rules_pennies.pennies import after, discard, draw, event_types, group, meld, position, refused, take

PACKET = "4C 4D 4H 4S 5D 5H 5S 6C 6S 8C 8D"


def _rules(**options: str | bool) -> Rules:
    return Rules.for_players(6, variant="pennies_from_heaven", **options)


def test_e1_216_cards_13_dealt_and_a_packet_of_11_the_stock_has_the_rest() -> None:
    state = new_hand(_rules(), (0, 0), 5, random.Random(3))
    assert state.rules.shape.deck_size == 216 and len(state.all_cards()) == 216
    assert all(len(hand) == 13 for hand in state.hands)
    assert all(foot is not None and len(foot) == 11 for foot in state.feet)
    laid_out = sum(len(row) for row in state.red_threes)
    assert len(state.stock) + len(state.pile) + laid_out == 72


@pytest.mark.parametrize(
    ("sides", "seats", "partner"),
    [("2x3", ((0, 2, 4), (1, 3, 5)), 2), ("3x2", ((0, 3), (1, 4), (2, 5)), 3)],
)
def test_e12_six_players_in_two_sides_of_three_or_three_of_two(
    sides: str, seats: tuple[tuple[int, ...], ...], partner: int
) -> None:
    rules = _rules(six_player_sides=sides)
    assert rules.shape.sides == seats
    assert partner_to_ask(rules, 0) == partner  # asking partner: seat s+2, or s+3 under 3x2


@pytest.mark.parametrize("players", [2, 3, 4])
def test_e12_six_players_only(players: int) -> None:
    with pytest.raises(ValueError, match="played by 6 players"):
        Rules.for_players(players, variant="pennies_from_heaven")


def test_e13_every_option_with_its_default() -> None:
    rules = _rules()
    names = option_names(rules.variant)
    for name in ("six_player_sides", "packet_timing", "sevens_wild", "sevens_unlock", "new_meld_after_canasta",
                 "minimums", "unplayed_packet", "unfrozen_take_with_wild", "pile_take_by_adding_to_meld",
                 "wild_limit", "ask_partner", "stock_exhausted", "target_score"):  # fmt: skip
        assert name in names, name
    assert "canastas_to_go_out" not in names and "red_threes_negative_if" not in names  # replaced (E6, E8)
    assert rules.to_dict() == {"players": 6, "variant": "pennies_from_heaven"}
    assert (rules.six_player_sides.value, rules.packet_timing.value, rules.sevens_wild.value,
            rules.sevens_unlock.value, rules.new_meld_after_canasta, str(rules.minimums),
            rules.unplayed_packet.value) == ("two_of_three", "at_once", "allowed", "every_side", True, "pennies",
                                             "minus")  # fmt: skip


def test_e2_a_turn_draws_two_cards() -> None:
    pos = position(hands={0: "9C 9D 5C"}, stock_top="KC QD")
    hand = after(pos, draw())["position"]["hands"][0]
    assert sorted(hand) == sorted(["9C", "9D", "5C", "KC", "QD"])


def _about_to_complete(**fields: Any) -> dict[str, Any]:
    fields.setdefault("feet", {0: PACKET})
    return position(phase="play", hands={0: "KC KD 9H 9S 5C"}, melds={0: [group("K", "KC KD KH KS KC")]}, **fields)


def test_e2_h8_his_own_first_canasta_puts_his_packet_into_his_hand_in_the_same_step() -> None:
    result = after(_about_to_complete(), meld(add=[(0, "KC KD")]))
    new = result["position"]
    assert new["feet"][0] is None and len(new["hands"][0]) == 3 + 11
    assert event_types(result) == ["meld", "pick_up_foot"]
    assert new["phase"] == "play", "he melds on, then discards"


def test_e2_h8_a_take_that_completes_his_first_canasta_releases_it_once_the_pile_is_in_hand() -> None:
    pos = position(hands={0: "KC KD 9H 9S 5C"}, melds={0: [group("K", "KC KD KH KS")]}, pile="6D KH",
                   feet={0: PACKET})  # fmt: skip
    result = after(pos, take("KC KD"))
    assert event_types(result) == ["take_pile", "pick_up_foot"]
    assert result["position"]["feet"][0] is None and len(result["position"]["hands"][0]) == 3 + 1 + 11


def test_e2_h8_a_partners_canasta_releases_no_packet() -> None:
    result = after(_about_to_complete(feet={0: None, 2: PACKET}), meld(add=[(0, "KC KD")]))
    assert result["position"]["feet"][2] is not None and "pick_up_foot" not in event_types(result)


def test_e2_h8_one_packet_however_many_canastas() -> None:
    pos = position(phase="play", hands={0: "KC KD 9H 9S 5C 9D"},
                   melds={0: [group("A", "AC AD AH AS AC AD AH"), group("K", "KC KD KH KS KC")]}, feet={0: PACKET},
                   turn={"melded": True})  # fmt: skip
    first = after(pos, meld(add=[(1, "KC KD")]))  # his first canasta (the aces were a partner's): the packet
    assert event_types(first) == ["meld", "pick_up_foot"]
    later = position(phase="play", hands={0: "KC KD 9H 9S 5C"}, melds={0: [group("K", "KC KD KH KS KC")]},
                     feet={0: None})  # fmt: skip
    assert event_types(after(later, meld(add=[(0, "KC KD")]))) == ["meld"], "a later canasta releases nothing"


def test_e2_red_threes_in_the_packet_are_laid_out_and_replaced() -> None:
    pos = _about_to_complete(feet={0: "3H 4D 4H 4S 5D 5H 5S 6C 6S 8C 8D"}, stock_top="QS")
    result = after(pos, meld(add=[(0, "KC KD")]))
    assert event_types(result) == ["meld", "pick_up_foot", "red_three", "draw"]
    new = result["position"]
    assert new["red_threes"][0] == ["3H"] and "QS" in new["hands"][0] and "3H" not in new["hands"][0]


def test_h9_a_step_that_melds_his_whole_hand_into_his_first_canasta_goes_on_with_the_packet() -> None:
    pos = position(phase="play", hands={0: "KC KD"}, melds={0: [group("K", "KC KD KH KS KC")]}, feet={0: PACKET})
    new = after(pos, meld(add=[(0, "KC KD")]))["position"]
    assert new["phase"] == "play" and sorted(new["hands"][0]) == sorted(PACKET.split())


def test_h9_under_next_turn_the_same_step_is_refused() -> None:
    pos = position(phase="play", hands={0: "KC KD"}, melds={0: [group("K", "KC KD KH KS KC")]}, feet={0: PACKET},
                   rules={"packet_timing": "next_turn"})  # fmt: skip
    refused(pos, meld(add=[(0, "KC KD")]), "going_out_needs_canasta_types", "mixed", "sevens", "wild")


def test_e2_without_the_four_types_a_step_keeps_two_cards() -> None:
    pos = position(phase="play", hands={0: "KC KD 9C"}, melds={0: [group("K", "KC KD KH")]}, feet={0: None})
    refused(pos, meld(add=[(0, "KC KD")]), "must_keep_two_cards", "natural", "mixed", "sevens", "wild")


def test_e13_packet_timing_next_turn_marks_it_due_and_he_takes_it_up_as_his_next_turn_begins() -> None:
    pos = _about_to_complete(rules={"packet_timing": "next_turn"})
    result = after(pos, meld(add=[(0, "KC KD")]))
    new = result["position"]
    assert new["packet_due"] == [0] and new["feet"][0] is not None and "pick_up_foot" not in event_types(result)
    assert len(new["hands"][0]) == 3
    waiting = position(phase="play", current=5, hands={5: "9C 9D 5C", 0: "QC QD"}, feet={0: PACKET},
                       packet_due=[0], rules={"packet_timing": "next_turn"})  # fmt: skip
    turned = after(waiting, discard("5C"))
    assert event_types(turned) == ["discard", "pick_up_foot"]
    begun = turned["position"]
    assert begun["current"] == 0 and begun["feet"][0] is None and len(begun["hands"][0]) == 2 + 11
    assert "packet_due" not in begun
