"""Classic's judgment calls (`canasta.ai.judgment`, and the parts of the heuristic they feed): what a seat knows of
the other hands, what one more round is worth against going out now, the safe discard by counting, the first meld
with the fewest cards, and the points of a hand about to be caught. The positions are the puzzles of
`tests/ai/puzzles` (39 upward), read with their history."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

from canasta.ai.base import CardMemory
from canasta.ai.heuristic import (
    CAUGHT_POINT,
    HeuristicBot,
    Weights,
    _fewest_reaching,
    next_player_danger,
    point_value,
)
from canasta.ai.judgment import meldable_points, stay_edge
from canasta.ai.knowledge import (
    CARD_GUESS,
    going_out_ends_game,
    hand_cards_known,
    hand_guess,
    known_cards,
    known_elsewhere,
    refused_ranks,
)
from canasta.engine import apply, new_hand, view_for
from canasta.engine.actions import Discard, Meld
from canasta.engine.cards import Card, Rank
from canasta.engine.events import DealEvent, DiscardEvent, DrawEvent, Event, MeldEvent, TakePileEvent
from canasta.engine.playerview import PlayerView
from canasta.engine.position import load_position
from canasta.engine.rules import Rules
from tests.ai.test_puzzles import puzzle_view, read

PUZZLES = Path(__file__).parent / "puzzles"


def position(stem: str) -> tuple[PlayerView, CardMemory]:
    (path,) = PUZZLES.glob(f"{stem}-*.json")
    return puzzle_view(read(path))


def cards(*texts: str) -> tuple[Card, ...]:
    return tuple(Card.parse(text) for text in texts)


def test_known_cards_are_those_taken_and_neither_discarded_nor_melded() -> None:
    memory = CardMemory(4)
    memory.observe(
        [
            TakePileEvent(seat=2, cards=cards("JK", "9C", "9D", "AH", "5S", "6H"), with_=cards("6C", "6D")),
            DiscardEvent(seat=2, card=Card.parse("5S")),
            MeldEvent(seat=2, new=(cards("9C", "9D", "9S"),), add=()),
        ]
    )
    assert sorted(card.text for card in known_cards(memory, 2)) == ["AH", "JK"]
    assert known_cards(memory, 1) == []
    memory.observe([MeldEvent(seat=2, new=(), add=((Rank.NINE, cards("JK")),))])
    assert [card.text for card in known_cards(memory, 2)] == ["AH"]  # the joker taken is on the table now


def test_a_hand_is_guessed_from_its_known_cards_and_a_guess_per_hidden_card() -> None:
    view, memory = position("41")
    known, hidden = hand_cards_known(view, memory, 2)
    assert sorted(card.text for card in known) == ["2C", "2D", "AD", "AH", "JK", "JK"]
    assert hidden == view.hand_counts[2] - 6
    assert hand_guess(view, memory, 2) == 180 + CARD_GUESS * hidden
    assert hand_guess(view, memory, view.seat) == sum(card.points for card in view.hand)
    assert hand_guess(view, CardMemory(4), 1) == CARD_GUESS * view.hand_counts[1]


def test_the_game_score_counts_the_wild_cards_partner_is_known_to_hold() -> None:
    """Counted at a guess per card, going out wins the game; counted with partner's jokers, it loses it."""
    view, memory = position("41")
    assert going_out_ends_game(view, view.seat) == (True, True)
    assert going_out_ends_game(view, view.seat, memory) == (True, False)


def test_one_more_round_is_worth_more_while_partner_holds_the_piles_wild_cards() -> None:
    view, memory = position("39")
    assert meldable_points(view, memory, 2) >= 120  # two jokers and a two, known from the take
    assert stay_edge(view, memory, view.seat) > 0
    # Without the memory of the take, partner's sixteen cards are a guess: going out is worth more.
    assert stay_edge(view, CardMemory(4), view.seat) < 0


def test_the_answer_weighs_what_my_hand_melds_next_turn() -> None:
    bot = HeuristicBot()
    meld_view, meld_memory = position("42")
    singles_view, singles_memory = position("43")
    queen_view, queen_memory = position("44")
    assert not bot.answer_go_out(meld_view, meld_memory)
    assert bot.answer_go_out(singles_view, singles_memory)
    assert not bot.answer_go_out(queen_view, queen_memory)
    # The opponents one card from going out outweigh what my hand melds next turn.
    threatened = replace(meld_view, hand_counts=(10, 1, 3, 1))
    assert bot.answer_go_out(threatened, meld_memory)


def test_cards_known_in_other_hands_make_a_rank_safe() -> None:
    view, memory = position("48")
    assert known_elsewhere(view, memory, 1, Rank.NINE) == 2
    assert next_player_danger(view, memory, Rank.NINE, Weights()) == 0.0
    assert next_player_danger(view, CardMemory(4), Rank.NINE, Weights()) > 0.0
    assert next_player_danger(view, memory, Rank.FOUR, Weights()) > 0.0


def test_the_first_meld_uses_the_fewest_cards_that_reach_the_minimum() -> None:
    aces, kings, fours = cards("AH", "AD", "AS"), cards("KH", "KD", "KC"), cards("4C", "4D", "4H")
    assert _fewest_reaching([kings, aces, fours], 50) == [aces]
    assert _fewest_reaching([kings, aces, fours], 15) == [fours]
    assert sorted(_fewest_reaching([kings, aces, fours], 90), key=str) == sorted([kings, aces], key=str)
    assert _fewest_reaching([kings, fours], 50) == []


def test_the_turn_of_the_first_meld_keeps_the_other_groups() -> None:
    """After the aces open the side, the kings stay in hand for the pile: the turn goes on with a discard."""
    data = read(next(PUZZLES.glob("50-*.json")))
    state = load_position({key: value for key, value in data.items() if key not in ("puzzle", "history")})
    bot = HeuristicBot()
    memory = CardMemory(4)
    first = bot.choose(view_for(state, 0), memory)
    assert isinstance(first, Meld) and {card.text for card in first.cards()} == {"AH", "AD", "AS"}
    after = apply(state, first).state
    second = bot.choose(view_for(after, 0), memory)
    assert isinstance(second, Discard) and second.card.rank is not Rank.KING


def test_every_point_counts_once_the_opponents_are_one_turn_from_out() -> None:
    view, _ = position("57")
    weights = Weights()
    assert point_value(view, weights) == -max(weights.race_point, CAUGHT_POINT)
    calm = replace(view, hand_counts=(5, 5, 7, 5))
    assert point_value(calm, weights) == -weights.race_point  # still a race, but they may not go out at once


def test_a_side_that_needs_120_tells_nothing_by_drawing_past_a_pair() -> None:
    """A side below 120 draws past a pile of nines whatever it holds: no refusal; once it has melded, it does."""
    deal = DealEvent(0, (None, None, None, None), cards("5H", "6D"))
    past = (deal, DiscardEvent(1, Card.parse("9C")), DrawEvent(2, 1, None))
    rules = Rules.for_players(4)

    def refusals(scores: tuple[int, int], *events: Event) -> frozenset[Rank]:
        view = view_for(new_hand(rules, scores, 0, random.Random(1)), 0)
        return refused_ranks(replace(view, history=events), 2)

    assert refusals((3100, 3100), *past) == frozenset()
    assert refusals((0, 0), *past) == {Rank.NINE}
    melded = (deal, MeldEvent(0, (cards("KH", "KD", "KS"),), ()), *past[1:])
    assert refusals((3100, 3100), *melded) == {Rank.NINE}
