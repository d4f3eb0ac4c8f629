"""Modern American Canasta (docs/variants.md), rule-sheet clauses C1, C2, C6 and C9: the deal, the turn, the threes,
the turn card, the bonus cards and the end of the stock, as the engine plays them."""

from __future__ import annotations

import random
from typing import Any

import pytest

from canasta.engine import apply, new_hand, view_for
from canasta.engine.actions import Discard, Draw
from canasta.engine.cards import Card
from canasta.engine.events import BonusCardsEvent
from canasta.engine.game.position import load_position
from canasta.engine.playerview import turn_card_drawn
from canasta.engine.rules import Rules
from canasta.engine.state import GameState
from tests.rules_modern_american.ma_engine_positions import (
    after,
    discard,
    draw,
    group,
    meld,
    position,
    refused,
    take,
)

MA = {"variant": "modern_american"}


def _deal(seed: int = 3, **options: Any) -> tuple[Rules, GameState]:
    rules = Rules.for_players(4, **MA, **options)
    return rules, new_hand(rules, (0, 0), 3, random.Random(seed))


def test_c1_two_packs_and_four_jokers_thirteen_cards_each_no_upcard() -> None:
    rules, state = _deal()
    assert rules.shape.deck_size == 108
    assert [len(hand) for hand in state.hands] == [13, 13, 13, 13]
    assert state.pile == ()


def test_c13_four_players_only() -> None:
    for players in (2, 3, 6):
        with pytest.raises(ValueError, match="modern_american is played by 4 players"):
            Rules.for_players(players, **MA)


@pytest.mark.parametrize("dealt", [13, 15])
def test_c14_cards_dealt(dealt: int) -> None:
    _, state = _deal(cards_dealt=dealt)
    assert {len(hand) for hand in state.hands} == {dealt}


def test_c1_c6_dealt_threes_of_both_colours_are_laid_out_and_replaced() -> None:
    for seed in range(20):
        _, state = _deal(seed)
        assert not any(card.rank.value == "3" for hand in state.hands for card in hand)
        assert all(len(hand) == 13 for hand in state.hands)
        if any(card.is_black_three for row in state.red_threes for card in row):
            return
    raise AssertionError("no deal laid out a black three")


@pytest.mark.parametrize("count", [1, 2])
def test_c2_draw_count(count: int) -> None:
    _, state = _deal(draw_count=count)
    seat = state.current
    threes = sum(map(len, state.red_threes))
    drawn = apply(state, Draw()).state
    laid = sum(map(len, drawn.red_threes)) - threes
    assert len(drawn.hands[seat]) == 13 + count
    assert len(state.stock) - len(drawn.stock) == count + laid


def test_c2_a_three_drawn_is_laid_out_at_once_and_replaced() -> None:
    pos = position(phase="draw", hands={0: "4C 4D 5C 5D"}, stock_top="3S 9H")
    new = after(pos, draw())
    assert new["threes"][0] == ["3S"] and "9H" in new["hands"][0]


def test_c9_a_three_that_is_the_last_stock_card_stays_in_hand_and_ends_the_hand() -> None:
    pos = position(phase="draw", hands={0: "4C 4D 5C 5D", 2: "4H 4S 5H 5S"}, stock_top="3S", rest_to=1)
    moved = [card for card in pos["hands"][1] if card[0] == "3"]  # the other threes: laid out by side 1
    pos["hands"][1] = [card for card in pos["hands"][1] if card[0] != "3"]
    pos["threes"][1] += moved
    assert pos["stock"] == ["3S"]
    new = after(pos, draw())
    assert "3S" in new["hands"][0] and new["phase"] == "over" and new["out"] is None
    state = load_position(new)
    from canasta.engine.game.scoring import score_hand

    assert score_hand(state)[0].in_hand == -(4 * 5 + 5) - 4 * 5  # the kept three counts 5, as the fours and fives


def test_c9_with_the_stock_empty_the_player_may_pass_and_the_hand_ends_without_a_bonus() -> None:
    pos = position(phase="draw", hands={0: "4C 4D 5C 5D"}, pile="9S 8H", rest_to=1)
    pos["threes"][1] += [card for card in pos["hands"][1] if card[0] == "3"]
    pos["hands"][1] = [card for card in pos["hands"][1] if card[0] != "3"]
    pos["stock"] = []
    new = after(pos, {"type": "pass"})
    assert new["phase"] == "over" and new["out"] is None


def test_c1_the_turn_card_is_drawn_once_the_stock_holds_eight_cards_or_fewer() -> None:
    _, state = _deal()
    view = view_for(state, state.current)
    assert not turn_card_drawn(view)
    from dataclasses import replace

    assert not turn_card_drawn(replace(view, stock_count=9))
    assert turn_card_drawn(replace(view, stock_count=8))


# --- bonus cards (C2) ---------------------------------------------------------------------------------------

_OPENING = ("KC KD KH", "AC AD AS AH")  # a clean triple of kings (30) and four aces (80): 110 ... with queens
_FIRST = ("KC KD KH", "QC QD QH", "AC AD AS AH")  # 30 + 30 + 80 = 140, at least 125


def _melding_turn(**fields: Any) -> dict[str, Any]:
    hand = "KC KD KH QC QD QH AC AD AS AH 9S 9H 6C"
    return position(phase="play", hands={0: hand}, **fields)


def test_c2_the_first_side_to_meld_takes_four_bonus_cards_after_its_discard() -> None:
    pos = after(_melding_turn(), meld(*_FIRST))  # 30 + 60 + ... = 90 + 60 = 150 >= 125
    hand_before = len(pos["hands"][0])
    new = after(pos, discard("6C"))
    assert len(new["hands"][0]) == hand_before - 1 + 4
    assert new["bonus_cards"] == [True, False] and new["current"] == 1


def test_c2_the_second_side_to_meld_takes_three() -> None:
    pos = position(
        phase="play", current=1, hands={1: "KC KD KH QC QD QH AC AD AS AH 9S 9H 6C"},
        melds={0: [group("J", "JC JD JH")]}, bonus_cards=[True, False],
    )  # fmt: skip
    pos = after(pos, meld(*_FIRST))
    new = after(pos, discard("6C"))
    assert len(new["hands"][1]) == 3 - 1 + 3 and new["bonus_cards"] == [True, True]
    assert new["bonus_order"] == [0, 1]


def test_c2_no_bonus_cards_once_the_turn_card_is_drawn() -> None:
    pos = _melding_turn(rest_to=2)
    pos["hands"][2] = pos["hands"][2] + pos["stock"][8:]
    pos["stock"] = pos["stock"][:8]
    pos = after(pos, meld(*_FIRST))
    new = after(pos, discard("6C"))
    assert len(new["hands"][0]) == 2 and new["bonus_cards"] == [False, False]


def test_c2_no_bonus_cards_when_the_initial_meld_takes_the_pile() -> None:
    pos = position(phase="draw", hands={0: "KC KD KH QC QD QH AC AD AS AH 9S 6C"}, pile="5H KS")
    pos = after(pos, take("KC KD KH", ["QC QD QH", "AC AD AS AH"]))  # 140 from hand (the top card counts nothing)
    new = after(pos, discard("6C"))
    assert new["bonus_cards"] == [False, False]


def test_c14_bonus_cards_off() -> None:
    pos = after(_melding_turn(rules={"bonus_cards": False}), meld(*_FIRST))
    assert "bonus_cards" not in pos
    new = after(pos, discard("6C"))
    assert len(new["hands"][0]) == 2


def test_c2_a_player_taking_bonus_cards_needs_only_a_card_to_discard() -> None:
    pos = position(phase="play", hands={0: "KC KD KH QC QD QH AC AD AS AH 6C"})
    pos = after(pos, meld(*_FIRST))
    assert pos["hands"][0] == ["6C"]
    new = after(pos, discard("6C"))
    assert len(new["hands"][0]) == 4 and new["phase"] == "draw" and new["current"] == 1


def test_c2_the_bonus_cards_are_a_draw_hidden_from_the_other_seats() -> None:
    rules, _state = _deal(seed=11)
    event = BonusCardsEvent(0, 4, tuple(Card.parse(text) for text in ("4C", "5C", "6C", "8C")))
    from canasta.engine.events import event_to_json, redact

    assert event_to_json(redact(event, 1)) == {"seat": 0, "type": "bonus_cards", "count": 4}
    assert rules.shape.bonus_cards == (4, 3) and isinstance(Discard, type)


def test_c2_taking_the_pile_without_a_natural_pair_is_refused() -> None:
    pos = position(phase="draw", hands={0: "KC 2C 9S 6C"}, pile="5H KS", melds={0: [group("K", "KD KH KS")]})
    refused(pos, take("KC 2C"), "pile_frozen_needs_natural_pair")
