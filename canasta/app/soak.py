"""`canasta soak`: seeded hands over every player count, random house rules and every computer level,
checking the invariants of RULES.md §10 after every action."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from canasta.actions import Action
from canasta.ai.levels import LEVELS
from canasta.ai.lookahead import Budget
from canasta.app.autoplay import make_bot, play_hand
from canasta.engine import Transition, new_hand
from canasta.invariants import violations
from canasta.rules import PLAYER_COUNTS, Rules, option_names, option_values
from canasta.state import GameState


@dataclass(slots=True)
class SoakReport:
    hands: int = 0
    actions: int = 0
    gone_out: int = 0
    failures: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"hands": self.hands, "actions": self.actions, "gone_out": self.gone_out,
                "failures": len(self.failures), "failure_details": self.failures}  # fmt: skip


def random_rules(rng: random.Random) -> Rules:
    """A player count and house rules drawn at random; about a third of the options keep their default."""
    players = rng.choice(PLAYER_COUNTS)
    options: dict[str, Any] = {}
    for name in option_names():
        values = option_values(name)
        if values and rng.random() < 0.66:
            options[name] = values[rng.randrange(len(values))]
    if players != 3:
        options.pop("three_player_mode", None)
    if rng.random() < 0.2:
        options["canastas_to_go_out"] = rng.randint(1, 3)
    if rng.random() < 0.2:
        options["concealed_canasta_bonus"] = 100
    return Rules.for_players(players, **options)


# The Expert plays with a small look-ahead here: the soak is about rules, not strength.
QUICK_EXPERT = Budget(samples=1, seconds=None)
SOAK_LEVELS = tuple(level for level in LEVELS if level != "expert")


def soak_hand(seed: int, levels: tuple[str, ...] = SOAK_LEVELS) -> tuple[int, bool, list[str]]:
    """Play one seeded hand; returns (actions, someone went out, problems found)."""
    rng = random.Random(seed)
    rules = random_rules(rng)
    entries = 3 if rules.players == 3 else len(rules.shape.sides)
    scores = tuple(rng.choice((-300, 0, 800, 1600, 3200, 7600)) for _ in range(entries))
    state = new_hand(rules, scores, rng.randrange(rules.players), rng)
    bots = [make_bot(rng.choice(levels), rng, rules.players, QUICK_EXPERT) for _ in range(rules.players)]
    problems = [f"after the deal: {problem}" for problem in violations(state)]

    def after(before: GameState, action: Action, transition: Transition) -> None:
        problems.extend(f"after {action}: {problem}" for problem in violations(transition.state))

    played = play_hand(state, bots, after)
    return played.actions, played.state.out is not None, problems


def soak(hands: int, seed: int) -> SoakReport:
    """Play `hands` seeded hands; hand i uses seed `seed + i`, so any failure replays alone."""
    report = SoakReport()
    for index in range(hands):
        hand_seed = seed + index
        try:
            actions, out, problems = soak_hand(hand_seed)
        except Exception as error:  # a soak reports every failure and goes on
            report.failures.append(f"seed {hand_seed}: {type(error).__name__}: {error}")
            continue
        report.hands += 1
        report.actions += actions
        report.gone_out += out
        report.failures.extend(f"seed {hand_seed}: {problem}" for problem in problems[:3])
    return report
