"""`canasta soak`: seeded hands over every player count, random house rules and every computer level,
checking the invariants of docs/rules.md, "What always holds", after every action.

Every hand's setup (rules, scores, dealer, a level per seat) comes from its seed alone, so a failure replays
with `soak_hand(seed)`. The Expert plays in a small share of hands with a small, clock-free budget: its code
paths are soaked too, and its choices still depend on the seed alone.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

from canasta.ai.levels import LEVELS
from canasta.ai.lookahead import Budget
from canasta.app.autoplay import Guard, make_bot, play_hand
from canasta.engine import Transition, new_hand
from canasta.engine.actions import Action
from canasta.engine.invariants import step_violations, violations
from canasta.engine.rules import ROUNDS, Rules, Variant, option_names, option_values
from canasta.engine.rules.catalog import player_counts
from canasta.engine.state import GameState

# The Expert plays with a small look-ahead here: the soak is about rules, not strength.
QUICK_EXPERT = Budget(samples=2, seconds=None)
EXPERT_SHARE = 0.02  # of hands have one Expert seat (an Expert hand costs about fifty ordinary ones)
FAST_LEVELS = tuple(level for level in LEVELS if level != "expert")
SOAK_DEADLINE_S = 30.0  # a decision that takes longer is a hang: a safe move is played and a failure reported
FAILURES_PER_HAND = 3
_BONUS = "concealed_canasta_bonus"  # a free number in the rules' tables, soaked at its two values


@dataclass(slots=True)
class SoakReport:
    hands: int = 0
    actions: int = 0
    gone_out: int = 0
    seconds: float = 0.0
    failures: list[str] = field(default_factory=list)
    covered: set[str] = field(default_factory=set)
    variant: Variant = Variant.CLASSIC

    def missing(self) -> list[str]:
        """What the hands played did not cover: levels, player counts and house-rule values."""
        return sorted(expected_coverage(self.variant) - self.covered)

    def to_dict(self) -> dict[str, Any]:
        return {
            "hands": self.hands, "actions": self.actions, "gone_out": self.gone_out, "seconds": self.seconds,
            "failures": len(self.failures), "failure_details": self.failures, "not_covered": self.missing(),
        }  # fmt: skip


@dataclass(frozen=True, slots=True)
class HandSetup:
    """Everything a soak hand starts from, drawn from its seed."""

    rules: Rules
    scores: tuple[int, ...]
    dealer: int
    levels: tuple[str, ...]
    round_number: int = 1  # Hand and Foot's round (its first-meld minimum)

    def coverage(self) -> set[str]:
        """The coverage keys this hand touches (see `expected_coverage`)."""
        variant = self.rules.variant
        keys = {f"players:{_table(self.rules)}"} | {f"level:{level}" for level in self.levels}
        for name in option_names(variant):
            if option_values(name, variant):
                keys.add(f"option:{name}={_text(getattr(self.rules, name))}")
        keys.add(f"option:canastas_to_go_out={self.rules.canastas_to_go_out}")
        if _BONUS in option_names(variant):
            keys.add(f"option:{_BONUS}={self.rules.concealed_canasta_bonus}")
        return keys


def expected_coverage(variant: Variant = Variant.CLASSIC) -> frozenset[str]:
    """Every level, every table of the game (its player counts, and three cutthroat where the game has that
    option: classic's 2, 3 individual, 3 cutthroat, 4, 6) and every value of every house rule of the game."""
    keys = {f"level:{level}" for level in LEVELS}
    tables = [str(count) for count in player_counts(variant)]
    if 3 in player_counts(variant) and "three_player_mode" in option_names(variant):
        tables.append("3-cutthroat")
    keys |= {f"players:{table}" for table in tables}
    for name in option_names(variant):
        keys |= {f"option:{name}={_text(value)}" for value in option_values(name, variant)}
    if "canastas_to_go_out" in option_names(variant):
        keys |= {f"option:canastas_to_go_out={count}" for count in (1, 2, 3)}
    if _BONUS in option_names(variant):
        keys |= {f"option:{_BONUS}={bonus}" for bonus in (0, 100)}
    return frozenset(keys)


def _table(rules: Rules) -> str:
    return "3-cutthroat" if rules.cutthroat else str(rules.players)


def _text(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def random_rules(rng: random.Random, variant: Variant = Variant.CLASSIC) -> Rules:
    """A player count and house rules of `variant` drawn at random; about a third of the options keep their
    default. (Classic draws exactly as it always has, so its seeds replay the same hands.)"""
    players = rng.choice(player_counts(variant))
    options: dict[str, Any] = {}
    for name in option_names(variant):
        values = option_values(name, variant)
        if values and rng.random() < 0.66:
            options[name] = values[rng.randrange(len(values))]
    if players != 3:
        options.pop("three_player_mode", None)
    if rng.random() < 0.2 and "canastas_to_go_out" in option_names(variant):
        options["canastas_to_go_out"] = rng.randint(1, 3)
    if rng.random() < 0.2 and _BONUS in option_names(variant):
        options[_BONUS] = 100
    return Rules.for_players(players, variant=variant, **options)


def hand_setup(rng: random.Random, variant: Variant = Variant.CLASSIC) -> HandSetup:
    """A soak hand's rules, scores, dealer and levels (one seat is the Expert in `EXPERT_SHARE` of hands)."""
    rules = random_rules(rng, variant)
    entries = 3 if rules.players == 3 else len(rules.shape.sides)
    scores = tuple(rng.choice((-300, 0, 800, 1600, 3200, 7600)) for _ in range(entries))
    dealer = rng.randrange(rules.players)
    levels = [rng.choice(FAST_LEVELS) for _ in range(rules.players)]
    if rng.random() < EXPERT_SHARE:
        levels[rng.randrange(rules.players)] = "expert"
    round_number = rng.randint(1, ROUNDS) if rules.shape.round_minimums else 1  # drawn last: classic draws as before
    return HandSetup(rules, scores, dealer, tuple(levels), round_number)


def soak_hand(seed: int, guard: Guard | None = None, variant: Variant = Variant.CLASSIC) -> tuple[int, bool, list[str]]:
    """Play one seeded hand; returns (actions, someone went out, problems found)."""
    return play_setup(seed, hand_setup(random.Random(seed), variant), guard)


def play_setup(seed: int, setup: HandSetup, guard: Guard | None) -> tuple[int, bool, list[str]]:
    """Play one hand from its setup (the deal and the bots from `seed`); returns (actions, someone went out,
    problems found)."""
    rng = random.Random(seed ^ 0x5EED)  # the deal and the bots: a stream apart from the setup's
    state = new_hand(setup.rules, setup.scores, setup.dealer, rng, round_number=setup.round_number)
    bots = [make_bot(level, rng, setup.rules.players, QUICK_EXPERT) for level in setup.levels]
    problems = [f"after the deal: {problem}" for problem in violations(state)]

    def after(before: GameState, action: Action, transition: Transition) -> None:
        found = violations(transition.state) + step_violations(before, transition.state)
        problems.extend(f"after {action}: {problem}" for problem in found)

    played = play_hand(state, bots, after, guard)
    problems.extend(f"{', '.join(setup.levels)}: {fallback}" for fallback in played.fallbacks)
    return played.actions, played.state.out is not None, problems


def soak(hands: int, seed: int, variant: Variant = Variant.CLASSIC) -> SoakReport:
    """Play `hands` seeded hands of `variant`; hand i uses seed `seed + i`, so any failure replays alone."""
    report = SoakReport(variant=variant)
    start = time.perf_counter()
    with Guard(SOAK_DEADLINE_S) as guard:
        for index in range(hands):
            _soak_one(report, seed + index, guard)
    report.seconds = round(time.perf_counter() - start, 1)
    return report


def _soak_one(report: SoakReport, hand_seed: int, guard: Guard) -> None:
    setup = hand_setup(random.Random(hand_seed), report.variant)
    try:
        actions, out, problems = play_setup(hand_seed, setup, guard)
    except Exception as error:  # a soak reports every failure and goes on
        report.failures.append(f"seed {hand_seed}: {type(error).__name__}: {error}")
        return
    report.hands += 1
    report.actions += actions
    report.gone_out += out
    report.covered |= setup.coverage()
    report.failures.extend(f"seed {hand_seed}: {problem}" for problem in problems[:FAILURES_PER_HAND])
