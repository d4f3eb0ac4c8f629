"""The hint, the reasons and the review in Hand and Foot: melds are books (clean, dirty, of wild cards), an empty
hand leads to the foot (never "go out" while the foot waits), the pile is never frozen and gives its top seven."""

from __future__ import annotations

import random
from typing import Any

import pytest

from canasta.ai.base import CardMemory
from canasta.coach.explain import explain
from canasta.coach.hint import can_hint, hint
from canasta.coach.replay_deal import deal_again
from canasta.coach.review import review_decision
from canasta.coach.undo import Decision
from canasta.engine import check, legal_actions, new_hand, view_for
from canasta.engine.actions import Action, Discard, Meld, TakePile
from canasta.engine.cards import Card
from canasta.engine.playerview import Phase, PlayerView, initial_minimum
from canasta.engine.position import load_position
from canasta.engine.rules import Rules
from canasta.ui.screens.review import action_words
from tests.coach.test_coach_family import family_states
from tests.play import QUICK
from tests.rules_hand_and_foot.hf import book, in_foot, playing, position


def view_of(pos: dict[str, Any]) -> PlayerView:
    return view_for(load_position(pos), 0)


def held(view: PlayerView, text: str) -> tuple[Card, ...]:
    """The viewer's cards written as `text` (the copies the hand holds)."""
    hand = list(view.hand)
    picked = []
    for word in text.split():
        card = next(card for card in hand if card.text == word)
        hand.remove(card)
        picked.append(card)
    return tuple(picked)


def reason(view: PlayerView, action: Action) -> str:
    assert check(view, action) is None, check(view, action)
    return explain(view, CardMemory.from_view(view), action)


def one_liner(text: str) -> bool:
    return bool(text.strip()) and "\n" not in text and "{" not in text and text.rstrip().endswith((".", "!"))


@pytest.mark.parametrize("players", [2, 4])
def test_every_legal_move_has_a_one_line_reason_in_the_words_of_books(players: int) -> None:
    explained = 0
    for state in list(family_states("hand_and_foot", players, 7))[::3]:
        if state.phase is Phase.OVER:
            continue
        view = view_for(state, state.current)
        memory = CardMemory.from_view(view)
        for action in legal_actions(view)[:40]:
            text = explain(view, memory, action)
            assert one_liner(text), (action, text)
            assert "canasta" not in text and "frozen" not in text and "freezes" not in text, text
            explained += 1
    assert explained > 100


def test_a_completed_book_is_named_clean_or_dirty_with_its_bonus() -> None:
    kings = book("K", "KC KD KH KS KC")
    clean = view_of(playing("KD KH 9C 9D 9H 4C", melds={0: [kings]}))
    assert reason(clean, Meld(add_to=((0, held(clean, "KD KH")),))).endswith(
        "It completes a clean book of kings: 500 points."
    )
    dirty = view_of(playing("KD 2C 9C 9D 9H 4C", melds={0: [kings]}))
    assert "It completes a dirty book of kings: 300 points." in reason(dirty, Meld(add_to=((0, held(dirty, "KD 2C")),)))


def test_a_meld_toward_a_book_says_how_many_cards_it_lacks() -> None:
    view = view_of(playing("9C 9D 9H 4C 5D", melds={0: [book("K", "KC KD KH")]}))
    assert reason(view, Meld(new=(held(view, "9C 9D 9H"),))) == "Meld 3 cards. Your nines need 4 more cards for a book."


def test_emptying_the_hand_by_melding_picks_up_the_foot_and_is_no_going_out() -> None:
    view = view_of(playing("9C 9D 9H", melds={0: [book("K", "KC KD KH")]}))
    text = reason(view, Meld(new=(held(view, "9C 9D 9H"),)))
    assert "pick up your foot and play on with its 11 cards" in text and "Go out" not in text


@pytest.mark.parametrize(
    ("timing", "words"), [("next_turn", "play it from your next turn"), ("at_once", "play on at once")]
)
def test_discarding_the_last_card_picks_up_the_foot(timing: str, words: str) -> None:
    view = view_of(playing("8S", melds={0: [book("K", "KC KD KH")]}, rules={"foot_after_discard": timing}))
    text = reason(view, Discard(held(view, "8S")[0]))
    assert text.startswith("Discard the eight of spades, your last card: you pick up your foot") and words in text


def test_the_last_card_of_the_foot_goes_out() -> None:
    melds = [book("K", "KC KD KH KS KC KD KH"), book("8", "8C 8D 8H 8S 8C 8D 8H"),
             book("5", "5C 5D 5H 5S 5C 2D JK"), book("Q", "QC QD QH QS 2C 2D 2H")]  # fmt: skip
    view = view_of(in_foot("9S", melds={0: melds}, players=2))
    assert reason(view, Discard(held(view, "9S")[0])).startswith("Go out now: your side scores 100 for going out")


def test_a_wild_discard_blocks_the_next_take_without_freezing() -> None:
    view = view_of(playing("JK 9C 9D 4H", melds={0: [book("K", "KC KD KH")]}, pile="6C 6D"))
    text = reason(view, Discard(held(view, "JK")[0]))
    assert text == "Discard the joker: with a wild card on top the next player cannot take the pile."


def test_the_take_counts_the_seven_cards_it_moves() -> None:
    pile = "4C 4D 5C 5D 6C 6D 7C 7D 8C 8D 9C"
    view = view_of(position(hands={0: "QC QD 4H 5H 6H"}, pile=pile + " QH", melds={0: [book("K", "KC KD KH")]}))
    take = TakePile(held(view, "QC QD"))
    assert reason(view, take).startswith("Take the pile: 7 cards.")


def test_the_stock_beats_a_pile_without_a_natural_pair() -> None:
    view = view_of(position(hands={0: "QC 2D 4H 5H 6H"}, pile="4C 9D QH", melds={0: [book("K", "KC KD KH")]}))
    draws = [action for action in legal_actions(view) if not isinstance(action, TakePile)]
    assert draws and reason(view, draws[0]) == "Draw from the stock: taking the pile needs two natural queens."


def test_the_hint_and_the_review_play_hand_and_foot() -> None:
    hinted = reviewed = 0
    states = [state for state in family_states("hand_and_foot", 4, 5) if state.phase is not Phase.OVER]
    for state in states[::12]:
        view = view_for(state, state.current)
        if not can_hint(view):
            continue
        given = hint(view, CardMemory.from_view(view), 3)
        assert check(view, given.action) is None and one_liner(given.reason)
        hinted += 1
    rng = random.Random(2)
    for state in rng.sample(states, 4):
        view = view_for(state, state.current)
        actions = legal_actions(view)
        played = actions[-1]
        item = review_decision(Decision(state, played), 0, 3, QUICK)
        if item is not None:
            assert one_liner(item.reason) and action_words(item.better)
        reviewed += 1
    assert hinted > 3 and reviewed == 4


def test_a_round_dealt_again_is_the_same_round_with_the_same_feet() -> None:
    rules = Rules.for_players(4, variant="hand_and_foot")
    first = new_hand(rules, (300, 900), 2, random.Random(31), round_number=3)
    again = deal_again(rules, (300, 900), 2, 31, round_number=3)
    assert again == first and again.round == 3 and all(foot is not None for foot in again.feet)
    view = view_for(again, again.current)
    assert initial_minimum(view) == 120, "the third round's first meld"
    assert deal_again(rules, (300, 900), 2, 31).round == 1


def test_going_out_counts_the_opponents_feet_still_down() -> None:
    melds = [book("K", "KC KD KH KS KC KD KH"), book("8", "8C 8D 8H 8S 8C 8D 8H"),
             book("5", "5C 5D 5H 5S 5C 2D JK"), book("Q", "QC QD QH QS 2C 2D 2H")]  # fmt: skip
    pos = position(2, hands={0: "9S", 1: "4C 4D 6H"}, feet={0: None}, melds={0: melds}, phase="play")
    view = view_of(pos)
    text = reason(view, Discard(held(view, "9S")[0]))
    assert text.endswith("the opponents are caught with 14 cards."), "three in hand and a foot of 11"
