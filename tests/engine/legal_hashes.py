"""The legal-action lists of many seeded views, hashed: a change to how the engine judges or lists moves must leave
every list (its actions and their order) exactly as it was.

Each table below is a game, a player count and a set of house rules (or rules drawn by the soak's `random_rules`
from a seed); its hands are dealt and played by a seeded mix of computer players, and at every state the mover's
`legal_actions`, as JSON in order, go into one digest for the table. `python -m tests.engine.legal_hashes` records
them anew into `legal_hashes.json`; record anew only when the lists are meant to change, and say so in the commit.
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
from canasta.app.soak import random_rules
from canasta.engine import Transition, legal_actions, new_hand, view_for
from canasta.engine.actions import Action, action_to_json
from canasta.engine.rules import Rules, Variant
from canasta.engine.state import GameState

HASHES = Path(__file__).with_name("legal_hashes.json")
HANDS = 20  # hands per table
LEVELS = ("random", "greedy", "random", "normal", "beginner")
SCORES = (-200, 0, 1600, 3100, 7600)

_STRICT = {
    "wild_limit": "not_more_than_naturals", "unfrozen_take_with_wild": False, "pile_take_by_adding_to_meld": False,
    "initial_meld_may_use_pile": False, "ask_partner": "required", "canastas_to_go_out": 2,
    "black_three_discard": "freeze_pile", "stock_exhausted": "end_after_last_discard",
}  # fmt: skip
_LOOSE = {
    "wild_limit": "naturals_majority", "one_card_pile_restriction": False, "concealed_going_out_minimum": "always",
    "ask_partner_timing": "any_time_before_going_out", "last_card_red_three": "end_may_meld",
    "upcard_black_three": "cover_and_freeze", "upcard_specials": "stock_bottom", "concealed_canasta_bonus": 100,
}  # fmt: skip

# name -> (game, players, options); players 0: the rules are drawn by `random_rules` from the hand's seed.
TABLES: dict[str, tuple[Variant, int, dict[str, Any]]] = {
    "classic-2": (Variant.CLASSIC, 2, {}),
    "classic-3": (Variant.CLASSIC, 3, {}),
    "classic-3-cutthroat": (Variant.CLASSIC, 3, {"three_player_mode": "cutthroat"}),
    "classic-4": (Variant.CLASSIC, 4, {}),
    "classic-6": (Variant.CLASSIC, 6, {}),
    "classic-2-strict": (Variant.CLASSIC, 2, _STRICT),
    "classic-4-strict": (Variant.CLASSIC, 4, _STRICT),
    "classic-6-strict": (Variant.CLASSIC, 6, _STRICT),
    "classic-3-loose": (Variant.CLASSIC, 3, _LOOSE),
    "classic-4-loose": (Variant.CLASSIC, 4, _LOOSE),
    "classic-random": (Variant.CLASSIC, 0, {}),
    "samba-2": (Variant.SAMBA, 2, {}),
    "samba-3": (Variant.SAMBA, 3, {}),
    "samba-4": (Variant.SAMBA, 4, {}),
    "samba-6": (Variant.SAMBA, 6, {}),
    "samba-random": (Variant.SAMBA, 0, {}),
    "bolivia-4": (Variant.BOLIVIA, 4, {}),
    "bolivia-random": (Variant.BOLIVIA, 0, {}),
    "hand_and_foot-2": (Variant.HAND_AND_FOOT, 2, {}),
    "hand_and_foot-3": (Variant.HAND_AND_FOOT, 3, {}),
    "hand_and_foot-4": (Variant.HAND_AND_FOOT, 4, {}),
    "hand_and_foot-6": (Variant.HAND_AND_FOOT, 6, {}),
    "hand_and_foot-random": (Variant.HAND_AND_FOOT, 0, {}),
}


def _rules(table: str, rng: random.Random) -> Rules:
    variant, players, options = TABLES[table]
    if not players:
        return random_rules(rng, variant)
    return Rules.for_players(players, variant=variant, **options)


def table_digest(table: str) -> str:
    """The digest of every mover's legal actions over the table's seeded hands."""
    lines: list[str] = []
    for hand in range(HANDS):
        rng = random.Random(f"{table}/{hand}")
        rules = _rules(table, rng)
        entries = 3 if rules.players == 3 else len(rules.shape.sides)
        scores = tuple(rng.choice(SCORES) for _ in range(entries))
        state = new_hand(rules, scores, rng.randrange(rules.players), rng, round_number=1 + hand % 4)
        bots = [make_bot(LEVELS[(hand + seat) % len(LEVELS)], rng, rules.players) for seat in range(rules.players)]
        states = [state]

        def keep(_before: GameState, _action: Action, step: Transition, states: list[GameState] = states) -> None:
            states.append(step.state)

        play_hand(state, bots, keep)
        for reached in states:
            view = view_for(reached, reached.current)
            lines.append(json.dumps([action_to_json(action) for action in legal_actions(view)], sort_keys=True))
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


def record() -> dict[str, str]:
    return {table: table_digest(table) for table in TABLES}


if __name__ == "__main__":
    HASHES.write_text(json.dumps(record(), indent=1) + "\n", "utf-8")
    sys.stdout.write(f"recorded {len(TABLES)} tables in {HASHES}\n")
