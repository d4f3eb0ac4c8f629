"""The computer players read the house rules: options that change what a move is worth change their play."""

from __future__ import annotations

import random
from dataclasses import replace

from canasta.ai.base import Bot, CardMemory
from canasta.ai.heuristic import LONE_HAND_MIN_PILE, HeuristicBot, Weights
from canasta.ai.knowledge import refused_ranks, side_table_points
from canasta.ai.levels import make_bot
from canasta.engine import legal_actions, new_hand, view_for
from canasta.engine.actions import Action, Draw, TakePile
from canasta.engine.cards import Card, Rank
from canasta.engine.events import DealEvent, DiscardEvent, DrawEvent, Event, MeldEvent
from canasta.engine.melds import TableMeld
from canasta.engine.play import HandOptions, PolicySeat, play_hand
from canasta.engine.playerview import PlayerView
from canasta.engine.rules import Rules


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(part) for part in text.split())


def _recording(bot: Bot, memory: CardMemory, choices: list[tuple[PlayerView, Action]]) -> PolicySeat:
    """A seat played by `bot` that keeps every view it was shown with its choice."""

    def choose(view: PlayerView) -> Action:
        choices.append((view, bot.choose(view, memory)))
        return choices[-1][1]

    return PolicySeat(choose)


def test_a_cutthroat_player_does_not_take_a_small_first_pile_and_become_the_lone_hand() -> None:
    """The first player to take the pile plays alone against two partners who each score their joint result:
    a pile of a few cards does not pay for that, even for the first meld."""
    rules = Rules.for_players(3, three_player_mode="cutthroat")
    declined = 0
    for seed in range(8):
        rng = random.Random(seed)
        bots = [make_bot("normal", rng, 3) for _ in range(3)]
        state = new_hand(rules, (0, 0, 0), seed % 3, random.Random(seed))
        choices: list[tuple[PlayerView, Action]] = []
        seats = [_recording(bot, CardMemory(3), choices) for bot in bots]  # memories told nothing, as ever here
        play_hand(state, seats, HandOptions(stop=lambda state: state.lone_hand is not None))
        for view, action in choices:
            takes = [action for action in legal_actions(view) if isinstance(action, TakePile)]
            if takes and view.stock_count and len(view.pile) < LONE_HAND_MIN_PILE:
                assert action == Draw(), f"seed {seed}: took a pile of {len(view.pile)} cards"
                declined += 1
    assert declined >= 3


def _history_view(rules: Rules, *events: Event) -> PlayerView:
    """Seat 0's view of a fresh hand with `events` as its history."""
    scores = (0,) * len(rules.shape.sides)
    view = view_for(new_hand(rules, scores, 0, random.Random(1)), 0)
    return replace(view, history=events)


def test_drawing_past_the_pile_before_the_initial_meld_is_no_refusal_where_that_side_may_not_take_it() -> None:
    """Under `initial_meld_may_use_pile: no` a side without its initial meld may not take the pile, so its
    drawing past a pile tells nothing of a pair in hand; once the side has melded, it does."""
    deal = DealEvent(0, (None, None, None, None), _cards("5H 6D"))
    past = (deal, DiscardEvent(1, Card.parse("9C")), DrawEvent(2, 1, None))
    strict = Rules.for_players(4, initial_meld_may_use_pile=False)
    assert refused_ranks(_history_view(Rules.for_players(4), *past), 2) == {Rank.NINE}
    assert refused_ranks(_history_view(strict, *past), 2) == frozenset()
    partner_melded = (deal, MeldEvent(0, (_cards("KH KD KS"),), ()), *past[1:])
    assert refused_ranks(_history_view(strict, *partner_melded), 2) == {Rank.NINE}


def test_drawing_past_the_first_pile_in_cutthroat_is_no_refusal() -> None:
    """In cutthroat the first player to take the pile becomes the lone hand, so players draw past it on purpose,
    pair or no pair."""
    deal = DealEvent(0, (None, None, None), _cards("5H 6D"))
    past = (deal, DiscardEvent(1, Card.parse("9C")), DrawEvent(2, 2, None))
    cutthroat = Rules.for_players(3, three_player_mode="cutthroat")
    assert refused_ranks(_history_view(Rules.for_players(3), *past), 2) == {Rank.NINE}
    assert refused_ranks(_history_view(cutthroat, *past), 2) == frozenset()


def test_red_threes_count_against_a_side_without_a_canasta_where_the_house_rules_say_so() -> None:
    """`red_threes_negative_if: no_canasta`: a side that has melded but has no canasta loses its red threes'
    worth (the players' count of the table, which says whether going out ends the game, must agree)."""
    melds = ((TableMeld(Rank.KING, _cards("KH KD KS")),), ())
    threes = (_cards("3H 3D"), ())
    for option, sign in (("no_meld", 1), ("no_canasta", -1)):
        view = view_for(new_hand(Rules.for_players(4, red_threes_negative_if=option), (0, 0), 0, random.Random(1)), 0)
        view = replace(view, melds=melds, red_threes=threes)
        assert side_table_points(view, 0) == 30 + sign * 200


def test_the_heuristic_still_takes_the_first_pile_for_its_initial_meld_outside_cutthroat() -> None:
    """The lone-hand caution is cutthroat's alone: three players each playing alone still take a pile
    that makes the first meld."""
    rules = Rules.for_players(3)
    for seed in range(20):
        state = new_hand(rules, (0, 0, 0), seed % 3, random.Random(seed))
        view = view_for(state, state.current)
        takes = [action for action in legal_actions(view) if isinstance(action, TakePile)]
        if takes:
            assert isinstance(HeuristicBot(Weights()).choose(view, CardMemory(3)), TakePile)
            return
    raise AssertionError("no deal offered a take at the first turn")
