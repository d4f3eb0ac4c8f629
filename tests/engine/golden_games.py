"""Seeded hands whose every action is recorded: the engine's speed work must play them exactly alike.

`python -m tests.engine.golden_games` records them anew into `golden_games.json` (a digest of each hand's
actions, by player count and seed). Record anew only when the games are meant to change (a rule fixed, a move the
players could not see before now listed), and say so in the commit; `test_golden_games.py` checks every other
change against the file.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

from canasta.ai.levels import make_bot
from canasta.app.autoplay import play_hand
from canasta.engine import Transition, new_hand
from canasta.engine.actions import Action, action_to_json
from canasta.engine.rules import Rules, ThreePlayerMode
from canasta.engine.state import GameState

GOLDEN = Path(__file__).with_name("golden_games.json")
PLAYER_COUNTS = (2, 3, 4, 6)
HANDS_PER_COUNT = 75  # 300 hands in all
LEVELS = ("random", "greedy", "beginner", "normal", "hard")
SCORES = (-200, 0, 1600, 3100)


def golden_rules(players: int, seed: int) -> Rules:
    """Each count's usual rules; with three players every other hand is cutthroat."""
    if players == 3 and seed % 2:
        return Rules.for_players(3, three_player_mode=ThreePlayerMode.CUTTHROAT)
    return Rules.for_players(players)


def golden_actions(players: int, seed: int) -> list[Action]:
    """One seeded hand played to its end by a mix of levels, every action in order."""
    rng = random.Random(seed * 10 + players)
    rules = golden_rules(players, seed)
    entries = 3 if players == 3 else len(rules.shape.sides)
    scores = tuple(rng.choice(SCORES) for _ in range(entries))
    state = new_hand(rules, scores, rng.randrange(players), rng)
    bots = [make_bot(LEVELS[(seed + seat) % len(LEVELS)], rng, players) for seat in range(players)]
    actions: list[Action] = []

    def keep(_state: GameState, action: Action, _transition: Transition) -> None:
        actions.append(action)

    play_hand(state, bots, keep)
    return actions


def digest(actions: list[Action]) -> str:
    text = "\n".join(json.dumps(action_to_json(action), sort_keys=True) for action in actions)
    return hashlib.sha256(text.encode()).hexdigest()


def record() -> dict[str, Any]:
    return {
        str(players): [digest(golden_actions(players, seed)) for seed in range(HANDS_PER_COUNT)]
        for players in PLAYER_COUNTS
    }


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps(record(), indent=1) + "\n", "utf-8")
    sys.stdout.write(f"recorded {len(PLAYER_COUNTS) * HANDS_PER_COUNT} hands in {GOLDEN}\n")
