"""Games for the storage tests: played by computer players through the engine or through the table controller."""

from __future__ import annotations

import time
from dataclasses import replace

from canasta.ai.base import CardMemory
from canasta.ai.baseline import GreedyBot
from canasta.engine import Transition
from canasta.engine.actions import Action
from canasta.engine.match import Match, finish_hand, new_match, start_hand
from canasta.engine.play import GameOptions, HandOptions, PolicySeat, play_game, play_hand
from canasta.engine.playerview import Phase
from canasta.engine.rules import Rules
from canasta.engine.state import GameState
from canasta.storage.record import GameRecord, new_record
from canasta.storage.seeds import cut_rng, deal_rng
from canasta.ui.table.controller import TableController

MAX_STEPS = 100_000


def played(
    players: int = 4, seed: int = 3, hands: int = 1, extra: int = 10, **options: object
) -> tuple[GameRecord, Match, GameState]:
    """Greedy players through the engine: `hands` finished hands, then `extra` actions into the next one
    (fewer if the game ends first)."""
    rules = Rules.for_players(players, **options)
    record = new_record(rules, seed, ("human", *("greedy",) * (players - 1)))
    bot = GreedyBot()
    seats = [PolicySeat(lambda view: bot.choose(view, CardMemory.from_view(view)), "greedy")] * players
    latest: list[GameState] = []
    actions = 0

    def deal(match: Match) -> GameState:
        nonlocal record
        record = record.with_new_hand()
        latest[:] = [start_hand(match, deal_rng(seed, len(match.hands)))]
        return latest[0]

    def keep(_before: GameState, action: Action, step: Transition) -> None:
        nonlocal record, actions
        record = record.with_action(action)
        latest[:] = [step.state]
        actions += 1

    each_hand = HandOptions(on_step=keep)
    match = play_game(new_match(rules, cut_rng(seed)), lambda _: seats, deal, GameOptions(each_hand, most_hands=hands))
    if not match.over:
        actions = 0
        last = play_hand(deal(match), seats, replace(each_hand, stop=lambda _: actions >= extra)).state
        if last.phase is Phase.OVER:
            match = finish_hand(match, last)
    return record, match, latest[0]


def play_through(controller: TableController, stop: int | None = None) -> None:
    """Play the controller's game to its end (or `stop` human actions), greedy for the human's seat too."""
    bot = GreedyBot()
    done = 0
    for _ in range(MAX_STEPS):
        if stop is not None and done >= stop:
            return
        if controller.hand_over():
            if controller.match.over:
                return
            controller.next_hand()
        elif controller.human_to_act():
            view = controller.human_view()
            assert controller.submit(bot.choose(view, CardMemory.from_view(view))) is None
            done += 1
        else:
            controller.update(0.05)
            time.sleep(0.0005)  # let the computer players' thread answer
    raise AssertionError("the game did not end")
