"""Games for the storage tests: played by computer players through the engine or through the table controller."""

from __future__ import annotations

import time

from canasta.ai.base import CardMemory
from canasta.ai.baseline import GreedyBot
from canasta.engine import apply, view_for
from canasta.engine.match import Match, finish_hand, new_match, start_hand
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
    match = new_match(rules, cut_rng(seed))
    bot = GreedyBot()
    state: GameState | None = None
    while not match.over:
        record = record.with_new_hand()
        state = start_hand(match, deal_rng(seed, len(match.hands)))
        limit = extra if len(match.hands) == hands else MAX_STEPS
        for _ in range(limit):
            if state.phase is Phase.OVER:
                break
            view = view_for(state, state.current)
            action = bot.choose(view, CardMemory.from_view(view))
            state = apply(state, action).state
            record = record.with_action(action)
        if state.phase is not Phase.OVER:
            break
        match = finish_hand(match, state)
        if len(match.hands) > hands:
            break
    assert state is not None
    return record, match, state


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
