"""The hint, the reasons and the review in Samba and Bolivia: melds are told apart by their place in the side's
list (several groups of a rank, sequences and wild melds have no rank of their own), and the words say which."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from canasta.ai.base import CardMemory
from canasta.ai.levels import make_bot
from canasta.ai.seat import BotSeat
from canasta.coach.explain import explain
from canasta.coach.hint import can_hint, hint
from canasta.coach.review import review_decision
from canasta.coach.undo import Decision
from canasta.engine import check, legal_actions, new_hand, view_for
from canasta.engine.actions import Discard, Meld, TakePile
from canasta.engine.cards import parse_cards
from canasta.engine.play import HandOptions, play_hand
from canasta.engine.playerview import Phase, PlayerView
from canasta.engine.position import load_position
from canasta.engine.rules import Rules
from canasta.engine.state import GameState
from canasta.ui.screens.review import action_words
from tests.play import QUICK
from tests.rules_family.family import group, position, run, wild

FAMILY = [("samba", 2), ("samba", 4), ("samba", 6), ("bolivia", 4), ("cuban", 4), ("pennies_from_heaven", 6)]


def family_states(variant: str, players: int, seed: int) -> Iterator[GameState]:
    """Every state of one hand of `variant`, played by random and greedy players."""
    rng = random.Random(seed)
    rules = Rules.for_players(players, variant=variant)
    state = new_hand(rules, (0,) * len(rules.shape.sides), rng.randrange(players), rng)
    seats = [BotSeat(make_bot(rng.choice(("random", "greedy")), rng, players), CardMemory(players))
             for _ in range(players)]  # fmt: skip
    states = [state]
    play_hand(state, seats, HandOptions(on_step=lambda _before, _action, step: states.append(step.state)))
    yield from states


def _one_liner(text: str) -> bool:
    return bool(text.strip()) and "\n" not in text and "{" not in text and text.rstrip().endswith((".", "!"))


def seat_zero(**kwargs: Any) -> PlayerView:
    return view_for(load_position(position(**kwargs)), 0)


def reason(view: PlayerView, action: Meld | TakePile | Discard) -> str:
    assert check(view, action) is None, check(view, action)
    return explain(view, CardMemory.from_view(view), action)


@pytest.mark.parametrize(("variant", "players"), FAMILY, ids=str)
def test_every_legal_move_of_the_family_has_a_one_line_reason(variant: str, players: int) -> None:
    explained = 0
    for state in list(family_states(variant, players, 11))[::4]:
        if state.phase is Phase.OVER:
            continue
        view = view_for(state, state.current)
        memory = CardMemory.from_view(view)
        for action in legal_actions(view)[:60]:
            text = explain(view, memory, action)
            assert _one_liner(text), (action, text)
            explained += 1
    assert explained > 50


HINTED = [("samba", 4), ("bolivia", 4), ("cuban", 4), ("pennies_from_heaven", 6)]


@pytest.mark.parametrize(("variant", "players"), HINTED, ids=str)
def test_the_hint_is_legal_in_the_family(variant: str, players: int) -> None:
    hinted = 0
    for state in list(family_states(variant, players, 5))[::6]:
        view = view_for(state, state.current)
        if not can_hint(view):
            continue
        given = hint(view, CardMemory.from_view(view), 5)
        assert check(view, given.action) is None, given
        assert _one_liner(given.reason), given.reason
        hinted += 1
    assert hinted > 5


def test_a_card_added_to_a_sequence_is_said_of_the_sequence() -> None:
    view = seat_zero(hands={0: "8H 9C 9D 4S 6C"}, melds={0: [group("K", "KC KD KH"), run("H", "5H 6H 7H")]},
                     phase="play")  # fmt: skip
    text = reason(view, Meld(add_to=((1, parse_cards(["8H"])),)))
    assert "sequence of hearts" in text and "3 more cards" in text, text


def test_the_second_group_of_a_rank_is_the_one_named() -> None:
    melds = [group("K", "KC KD KH KS KC"), run("H", "5H 6H 7H"), group("K", "KD KH KS")]
    view = seat_zero(hands={0: "KC 9C 9D 4S 6C"}, melds={0: melds}, phase="play")
    text = reason(view, Meld(add_to=((2, parse_cards(["KC"])),)))
    assert "kings need 3 more cards" in text, "the group of three grown to four, not the group of five"


@pytest.mark.parametrize(("variant", "name"), [("samba", "samba"), ("bolivia", "escalera")])
def test_completing_a_sequence_names_the_games_canasta(variant: str, name: str) -> None:
    melds = [group("A", "AC AD AH"), run("S", "8S 9S TS JS QS KS")]
    view = seat_zero(variant=variant, hands={0: "AS 9C 9D 4S 6C"}, melds={0: melds}, phase="play")
    text = reason(view, Meld(add_to=((1, parse_cards(["AS"])),)))
    assert f"completes a{'n' if name[0] == 'e' else ''} {name} of spades: 1500 points" in text, text


def test_a_wild_meld_is_said_of_wild_cards_and_a_bolivia() -> None:
    melds = [group("A", "AC AD AH"), wild("JK 2C 2D")]
    view = seat_zero(variant="bolivia", hands={0: "2H 9C 9D 4S 6C"}, melds={0: melds}, phase="play")
    text = reason(view, Meld(add_to=((1, parse_cards(["2H"])),)))
    assert "meld of wild cards needs 3 more cards for a bolivia" in text, text
    full = seat_zero(variant="bolivia", hands={0: "2H 2S 2S 9D 4S 6C"},
                     melds={0: [group("A", "AC AD AH"), wild("JK JK 2C 2D 2C")]}, phase="play")  # fmt: skip
    assert "completes a bolivia: 2500 points" in reason(full, Meld(add_to=((1, parse_cards(["2H", "2S"])),)))


def test_taking_the_pile_onto_a_sequence_says_so() -> None:
    melds = [group("K", "KC KD KH"), run("H", "5H 6H 7H")]
    view = seat_zero(hands={0: "9C 9D 4S 6C QS"}, pile="4D TC 8H", melds={0: melds})
    action = TakePile(onto=1)
    text = reason(view, action)
    assert "3 cards" in text and "sequence of hearts to 4 cards" in text, text
    assert "meld 2" in action_words(action), "the review names the meld the top card goes onto"


def test_a_discard_that_extends_their_sequence_is_said_so() -> None:
    view = seat_zero(hands={0: "8D 9C 9S KC KD QS"}, pile="4D TC", melds={0: [group("A", "AC AD AH")],
                     1: [run("D", "5D 6D 7D")]}, phase="play")  # fmt: skip
    text = reason(view, Discard(parse_cards(["8D"])[0]))
    assert "add it to a sequence" in text, text


def test_the_review_judges_a_family_decision() -> None:
    states = [state for state in family_states("samba", 4, 3) if state.phase is not Phase.OVER]
    reviewed = 0
    for state in states[5:60:11]:
        view = view_for(state, state.current)
        played = legal_actions(view)[-1]
        item = review_decision(Decision(state, played), 0, 3, QUICK)
        if item is not None:
            assert _one_liner(item.reason) and action_words(item.better) and action_words(item.played)
        reviewed += 1
    assert reviewed >= 4
