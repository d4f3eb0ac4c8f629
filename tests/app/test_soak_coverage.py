"""The soak covers every computer level (the Expert too, with a small budget), every table (2, 3 individual,
3 cutthroat, 4 and 6 players) and every value of every house rule; and it reports what it finds."""

from __future__ import annotations

import random

import pytest

from canasta.ai.base import Bot, CardMemory
from canasta.ai.baseline import GreedyBot
from canasta.ai.levels import LEVELS, make_bot
from canasta.ai.lookahead import Budget
from canasta.app import soak as module
from canasta.app.soak import EXPERT_SHARE, expected_coverage, hand_setup, soak, soak_hand
from canasta.engine.actions import Action
from canasta.engine.playerview import PlayerView
from canasta.engine.rules import option_names, option_values

SETUPS = 3000
HANDS = 150


def test_the_expected_coverage_names_every_level_table_and_option_value() -> None:
    expected = expected_coverage()
    assert {key for key in expected if key.startswith("level:")} == {f"level:{level}" for level in LEVELS}
    assert {key for key in expected if key.startswith("players:")} == {
        "players:2", "players:3", "players:3-cutthroat", "players:4", "players:6",
    }  # fmt: skip
    for name in option_names():
        for value in option_values(name):
            assert any(key.startswith(f"option:{name}=") for key in expected), (name, value)


def test_hand_setups_cover_everything_and_give_the_expert_a_small_share() -> None:
    setups = [hand_setup(random.Random(seed)) for seed in range(SETUPS)]
    covered = set().union(*(setup.coverage() for setup in setups))
    assert covered == expected_coverage()
    experts = sum("expert" in setup.levels for setup in setups)
    assert 0 < experts < 3 * EXPERT_SHARE * SETUPS
    assert all(setup.levels.count("expert") <= 1 for setup in setups)


def test_a_short_soak_plays_every_level_and_table_and_reports_no_gaps() -> None:
    report = soak(HANDS, seed=77)
    assert report.failures == []
    assert report.hands == HANDS
    assert report.missing() == []
    assert {key for key in report.covered if key.startswith("level:")} == {f"level:{level}" for level in LEVELS}


def test_a_hand_replays_alike_from_its_seed() -> None:
    seed = next(seed for seed in range(1000) if "expert" in hand_setup(random.Random(seed)).levels)
    assert soak_hand(seed) == soak_hand(seed)


class RaisingBot(GreedyBot):
    def choose(self, view: PlayerView, memory: CardMemory) -> Action:
        raise ZeroDivisionError("planted failure")


def test_a_bot_failure_in_the_soak_is_reported_with_its_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    def failing(level: str, rng: random.Random, players: int = 4, budget: Budget | None = None) -> Bot:
        return RaisingBot() if level == "greedy" else make_bot(level, rng, players, budget)

    monkeypatch.setattr(module, "make_bot", failing)
    seed = next(seed for seed in range(100) if "greedy" in hand_setup(random.Random(seed)).levels)
    report = soak(1, seed)
    assert report.failures and report.failures[0].startswith(f"seed {seed}:")
    assert "raised an error" in report.failures[0] and "ZeroDivisionError" in report.failures[0]
