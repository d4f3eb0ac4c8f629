"""A light process for the kill test: resumes the saved game in HOME (or starts one) and plays on with greedy
players, saving after every step, until it is killed. It imports only the engine, the storage and the greedy
player (no pygame), so it starts quickly.

Usage: python autosave_child.py HOME SEED. Prints "SAVED <game id> <step>" after each completed save, where
step counts the saves the game has had (one per action and one per hand dealt).
"""

from __future__ import annotations

import sys
from pathlib import Path

from canasta.ai.base import CardMemory
from canasta.ai.baseline import GreedyBot
from canasta.engine import apply, view_for
from canasta.engine.match import finish_hand, new_match, start_hand
from canasta.engine.playerview import Phase
from canasta.engine.rules import Rules
from canasta.storage.record import GameRecord, new_record
from canasta.storage.saves import AutoSaver, SavedGame
from canasta.storage.seeds import cut_rng, deal_rng

FRESH_AFTER = 250  # actions: a longer game starts afresh, so that loading stays quick


def step_of(record: GameRecord) -> int:
    return record.action_count + len(record.hands)


def fresh(seed: int) -> SavedGame:
    rules = Rules.for_players(4, target_score=1_000_000)
    record = new_record(rules, seed, ("human", "greedy", "greedy", "greedy")).with_new_hand()
    match = new_match(rules, cut_rng(seed))
    return SavedGame(record, match, start_hand(match, deal_rng(seed, 0)))


def main(home: Path, seed: int) -> int:
    saver = AutoSaver(home / "saved-game.json")
    loaded = saver.load()
    if loaded.message:
        print(f"DAMAGED {loaded.message}", flush=True)
        return 3
    game = loaded.value
    if game is None or game.record.action_count >= FRESH_AFTER:
        game = fresh(seed)
    record, match, state = game.record, game.match, game.state
    print(f"START {record.game_id} {step_of(record)} pygame={'pygame' in sys.modules}", flush=True)
    bot = GreedyBot()
    while True:
        if state.phase is Phase.OVER:
            if len(match.hands) < len(record.hands):  # a resumed game has its finished hand scored already
                match = finish_hand(match, state)
            state = start_hand(match, deal_rng(record.seed, len(match.hands)))
            record = record.with_new_hand()
        else:
            view = view_for(state, state.current)
            action = bot.choose(view, CardMemory.from_view(view))
            state = apply(state, action).state
            record = record.with_action(action)
        saver.save(record, match, state)
        print(f"SAVED {record.game_id} {step_of(record)}", flush=True)


if __name__ == "__main__":
    raise SystemExit(main(Path(sys.argv[1]), int(sys.argv[2])))
