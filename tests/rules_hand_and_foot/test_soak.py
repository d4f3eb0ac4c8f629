"""Hand and Foot soaked with the computer players (G): seeded rounds over the game's tables and options, every
invariant checked after every action. The Expert is left out here: its look-ahead rebuilds a round from a view
without the feet, which the computer players' side of the project has still to give it."""

from __future__ import annotations

import dataclasses
import random

from canasta.app.soak import FAST_LEVELS, hand_setup, play_setup
from canasta.engine.rules import Variant

HANDS = 24


def test_g_soaked_rounds_keep_every_invariant_with_every_level_but_the_expert() -> None:
    problems: list[str] = []
    gone_out = 0
    levels: set[str] = set()
    for seed in range(100, 100 + HANDS):
        setup = hand_setup(random.Random(seed), Variant.HAND_AND_FOOT)
        playing = tuple(level if level in FAST_LEVELS else FAST_LEVELS[0] for level in setup.levels)
        _, out, found = play_setup(seed, dataclasses.replace(setup, levels=playing), None)
        problems.extend(f"seed {seed}: {problem}" for problem in found)
        gone_out += out
        levels.update(playing)
    assert problems == []
    assert gone_out > 0 and levels == set(FAST_LEVELS)
