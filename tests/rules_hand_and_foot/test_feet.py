"""Hand and Foot's deal, turn and feet (D1, D2, D6, D12, F4, F7): a hand and a foot per seat, the upcard, drawing
two, picking up the foot at once after melding or the turn passing after a discard, red threes, and feet in
positions, views and events."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from canasta.engine import new_hand, view_for
from canasta.engine.events import DealEvent, PickUpFootEvent, event_to_json, redact
from canasta.engine.position import dump_position, dump_view, load_view
from canasta.engine.rules import Rules
from tests.rules.positions import all_cards, assert_error, assert_refused, discard, draw
from tests.rules_hand_and_foot.hf import (
    apply_legal,
    assert_legal,
    book,
    deck,
    in_foot,
    meld,
    playing,
    position,
    same,
)

DOWN = {0: [book("A", "AC AD AH")]}


def dealt(players: int = 4, seed: int = 5, **options: Any) -> dict[str, Any]:
    rules = Rules.for_players(players, variant="hand_and_foot", **options)
    state = new_hand(rules, (0,) * len(rules.shape.sides), 0, random.Random(seed))
    data: dict[str, Any] = json.loads(json.dumps(dump_position(state)))
    return data


# --- D1, D12, F7: the deal ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_d1_f7_every_seat_gets_a_hand_and_a_foot_of_11_from_54_cards_a_player_and_one_pack_more(
    players: int,
) -> None:
    pos = dealt(players)
    assert [len(foot) for foot in pos["feet"]] == [11] * players
    assert all(len(hand) == 11 for hand in pos["hands"])  # red threes laid out are replaced
    assert sum(all_cards(pos).values()) == 54 * (players + 1)
    assert all_cards(pos) == all_cards(position(players))
    assert pos["round"] == 1
    assert_legal(pos, draw())  # the referee judges the dealt round


@pytest.mark.parametrize(("option", "value", "hand", "foot", "cards"), [
    ("hand_size", 13, 13, 11, 270), ("foot_size", 13, 11, 13, 270), ("packs", "players_plus_2", 11, 11, 324),
])  # fmt: skip
def test_d13_hand_and_foot_sizes_and_packs(option: str, value: Any, hand: int, foot: int, cards: int) -> None:
    pos = dealt(4, **{option: value})
    assert {len(f) for f in pos["feet"]} == {foot}
    assert sum(all_cards(pos).values()) == cards
    assert min(len(h) for h in pos["hands"]) == hand


def test_d1_the_upcard_is_never_a_wild_card_or_a_three() -> None:
    buried = 0
    for seed in range(60):
        rules = Rules.for_players(4, variant="hand_and_foot")
        state = new_hand(rules, (0, 0), 0, random.Random(seed))
        deal = state.seen[0][0]
        top = state.pile[-1]
        assert len(state.pile) == 1 and not top.is_wild and top.rank.value != "3"
        assert isinstance(deal, DealEvent)
        bottom = deal.to_stock_bottom
        assert all(card.is_wild or card.rank.value == "3" for card in bottom)
        assert tuple(state.stock[len(state.stock) - len(bottom) :]) == bottom
        buried += len(bottom)
    assert buried > 0  # some seeds turn a wild card or a three first


def test_d1_d6_red_threes_dealt_in_hands_are_laid_out_and_replaced() -> None:
    for seed in range(40):
        pos = dealt(4, seed)
        if any(pos["red_threes"]):
            break
    else:
        pytest.fail("no seed dealt a red three")
    assert not any(card in ("3H", "3D") for hand in pos["hands"] for card in hand)
    assert all(len(hand) == 11 for hand in pos["hands"])  # each red three laid out was replaced


# --- D2: the turn ----------------------------------------------------------------------------------------------


def test_d2_a_player_draws_two() -> None:
    pos = position(hands={0: "9C 9D"}, stock_top="4C 5D 6H")
    new = assert_legal(pos, draw())
    assert same(new["hands"][0], "9C 9D 4C 5D") and new["stock"][0] == "6H"


def test_d9_the_last_card_of_the_stock_is_drawn_alone() -> None:
    pos = position(hands={0: "9C 9D"}, stock_top="4C", rest_to=1)
    new = assert_legal(pos, draw())
    assert same(new["hands"][0], "9C 9D 4C") and new["stock"] == []


def test_d2_emptying_the_hand_by_melding_picks_up_the_foot_at_once() -> None:
    pos = playing("5C 5D 5H", melds=DOWN, feet={0: "KC KD KH 9C 9D 9H 7C 7D 8C 8D 4S"})
    new, events = apply_legal(pos, meld("5C 5D 5H"))
    assert new["feet"][0] is None
    assert same(new["hands"][0], "KC KD KH 9C 9D 9H 7C 7D 8C 8D 4S")
    assert new["phase"] == "play" and new["current"] == 0  # he plays on: meld, then discard
    assert {k: v for k, v in events[-1].items() if k != "cards"} == {"seat": 0, "type": "pick_up_foot", "count": 11}
    newer = assert_legal(new, meld("KC KD KH"))
    assert assert_legal(newer, discard("4S"))["current"] == 1


def test_d2_emptying_the_hand_by_discarding_picks_up_the_foot_and_the_turn_passes() -> None:
    foot = "KC KD KH 9C 9D 9H 7C 7D 8C 8D 4S"
    new, events = apply_legal(playing("5C", melds=DOWN, feet={0: foot}), discard("5C"))
    assert new["feet"][0] is None and same(new["hands"][0], foot)
    assert new["current"] == 1 and new["phase"] == "draw"
    assert [event["type"] for event in events] == ["discard", "pick_up_foot"]


def test_d2_a_player_may_empty_his_hand_without_any_book() -> None:
    assert_legal(playing("5C 5D 5H", melds=DOWN), meld("5C 5D 5H"))
    assert_legal(playing("5C", melds=DOWN), discard("5C"))


def test_d6_red_threes_in_the_foot_are_laid_out_and_replaced_when_it_is_picked_up() -> None:
    foot = "3H 3D KH 9C 9D 9H 7C 7D 8C 8D 4S"
    pos = playing("5C", melds=DOWN, feet={0: foot}, stock_top="6C 6D")
    new, events = apply_legal(pos, discard("5C"))
    assert same(new["red_threes"][0], "3H 3D")
    assert same(new["hands"][0], "KH 9C 9D 9H 7C 7D 8C 8D 4S 6C 6D")
    assert [event["type"] for event in events].count("red_three") == 2


def test_d6_a_red_three_drawn_is_laid_out_and_replaced() -> None:
    new = assert_legal(position(hands={0: "9C"}, stock_top="3H 4C 5C"), draw())
    assert new["red_threes"][0] == ["3H"] and same(new["hands"][0], "9C 4C 5C")


def test_d2_in_his_foot_a_player_whose_side_cannot_go_out_keeps_two_cards() -> None:
    pos = in_foot("5C 5D 5H 9C", melds=DOWN)
    assert_refused(pos, meld("5C 5D 5H"), "going_out_needs_books")
    assert_refused(in_foot("5C 5D 5H", melds=DOWN), meld("5C 5D 5H"), "going_out_needs_books")
    assert_refused(in_foot("5C", melds=DOWN), discard("5C"), "going_out_needs_books")
    assert_legal(in_foot("5C 5D 5H 9C 9D", melds=DOWN), meld("5C 5D 5H"))


def test_d13_books_to_go_out_none_falls_back_to_keeping_two_cards() -> None:
    pos = in_foot("5C 5D 5H 9C", melds=DOWN, rules={"books_to_go_out": [0, 0]})
    assert_refused(pos, meld("5C 5D 5H"), "must_keep_two_cards")


# --- F4: feet in positions, views and events -------------------------------------------------------------------


def test_f4_feet_are_null_once_picked_up_and_never_empty_lists() -> None:
    pos = position(feet={1: None})
    assert pos["feet"][1] is None
    bad = dict(pos, feet=[*pos["feet"][:1], [], *pos["feet"][2:]])
    assert_error({"position": bad, "action": draw()}, "feet[1]", "null")
    assert_error({"position": dict(pos, feet=pos["feet"][:3]), "action": draw()}, "feet")
    assert_error({"position": dict(pos, round=5), "action": draw()}, "round")


def test_f4_a_position_must_place_the_feet_cards() -> None:
    pos = position()
    pos["feet"][2] = pos["feet"][2][:-1]
    assert_error({"position": pos, "action": draw()}, "deck")


def test_f4_a_classic_position_has_no_feet() -> None:
    from tests.rules.positions import position as classic_position

    assert_error({"position": dict(classic_position(), feet=[None] * 4), "action": draw()}, "feet")


def test_f4_the_view_shows_foot_counts_and_no_foot_not_even_ones_own() -> None:
    rules = Rules.for_players(4, variant="hand_and_foot")
    state = new_hand(rules, (0, 0), 0, random.Random(3))
    view = dump_view(view_for(state, 1))
    assert view["format"] == "canasta-view/2" and view["foot_counts"] == [11, 11, 11, 11]
    assert "feet" not in view and view["round"] == 1
    foot_text = " ".join(card.text for card in state.feet[1] or ())
    assert foot_text and json.dumps(view).count('"feet"') == 0
    again = load_view(json.loads(json.dumps(view)))
    assert again.foot_counts == (11, 11, 11, 11) and dump_view(again) == dict(view, history=view["history"])


def test_f4_the_pick_up_foot_event_hides_the_cards_from_other_seats() -> None:
    rules = Rules.for_players(4, variant="hand_and_foot")
    state = new_hand(rules, (0, 0), 0, random.Random(3))
    foot = state.feet[0]
    assert foot is not None
    event = PickUpFootEvent(0, len(foot), foot)
    assert event_to_json(redact(event, 1)) == {"seat": 0, "type": "pick_up_foot", "count": 11}
    assert event_to_json(redact(event, 0))["cards"] == [card.text for card in foot]


def test_f4_deck_of_hand_and_foot_has_54_cards_a_pack() -> None:
    assert len(deck(4)) == 270 and deck(4).count("JK") == 10 and deck(6).count("QH") == 7


def test_d13_foot_after_discard_at_once_plays_the_foot_in_the_same_turn() -> None:
    foot = "KC KD KH 9C 9D 9H 7C 7D 8C 8D 4S"
    pos = playing("5C", melds=DOWN, feet={0: foot}, rules={"foot_after_discard": "at_once"})
    new = assert_legal(pos, discard("5C"))
    assert new["feet"][0] is None and new["current"] == 0 and new["phase"] == "play"
    newer = assert_legal(new, meld("KC KD KH"))
    assert assert_legal(newer, discard("4S"))["current"] == 1
