"""Pennies from Heaven's judgment (`canasta.ai.canasta_types`): what Hard weighs beyond Normal, and the opponents'
threat while their packets are still face down. The puzzles `pNN-pennies-*.json` cover the rest."""

from __future__ import annotations

import random
from typing import Any

from canasta.ai.base import CardMemory
from canasta.ai.heuristic import HeuristicBot, opponents_threaten
from canasta.ai.levels import make_bot
from canasta.engine import view_for
from canasta.engine.actions import Meld
from canasta.engine.playerview import PlayerView
from canasta.engine.position import load_position
from tests.rules_pennies.pennies import group, position, wild

SEVENS = group("7", "7C 7D 7H 7S 7C 7D 7H")
KINGS = group("K", "KC KD KH KS KC KD KH")
WILDS = wild("JK JK 2C 2D 2H 2S 2C")


def _view(**fields: Any) -> PlayerView:
    fields.setdefault("feet", {0: None})
    state = load_position(position(phase="play", **fields))
    return view_for(state, state.current)


def _step(level: str, view: PlayerView) -> Meld:
    bot = make_bot(level, random.Random(1), view.rules.players)
    assert isinstance(bot, HeuristicBot)
    action = bot.choose(view, CardMemory(view.rules.players))
    assert isinstance(action, Meld), action
    return action


def _wilds_onto(step: Meld, index: int) -> int:
    return sum(1 for meld, cards in step.add_to if meld == index for card in cards if card.is_wild)


def test_hard_spends_no_two_wild_cards_on_a_mixed_canasta() -> None:
    """Five queens and two twos make the mixed canasta the side lacks: Normal lays them; Hard keeps the wild cards
    for the wild meld (seven of them are 1000) and waits for a queen."""
    view = _view(
        hands={0: "2C 2D 9S 5D 8C"}, melds={0: [SEVENS, KINGS, group("Q", "QC QD QH QS QC"), wild("JK 2H 2S")]}
    )
    assert _wilds_onto(_step("normal", view), 2) == 2
    hard = _step("hard", view)
    assert _wilds_onto(hard, 2) == 0 and _wilds_onto(hard, 3) == 2


def test_hard_starts_a_second_wild_canasta() -> None:
    """With the wild canasta made, Hard lays three more wild cards as a new wild meld toward a second one (1000);
    Normal spreads them over its groups."""
    view = _view(hands={0: "2C 2D JK 9S 5D 8C"}, melds={0: [SEVENS, WILDS, group("Q", "QC QD QH QS QC")]})
    assert not any(all(card.is_wild for card in cards) for cards in _step("normal", view).new)
    assert any(len(cards) == 3 and all(card.is_wild for card in cards) for cards in _step("hard", view).new)


def test_an_opponent_holding_his_packet_may_still_go_out() -> None:
    """A packet face down does not stop its holder going out (unlike Hand and Foot's foot): an opponent of a side
    with the four types who holds two cards is about to go out."""
    theirs = [SEVENS, WILDS, KINGS, group("Q", "QC QD QH QS QC 2D JK")]
    view = _view(hands={0: "9S 5D 8C", 1: "4H 4D"}, melds={0: [group("T", "TC TD TH")], 1: theirs}, feet={0: None})
    assert view.foot_counts[1] is not None
    assert opponents_threaten(view, HeuristicBot().weights)
