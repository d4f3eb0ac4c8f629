"""The seeded soak: thousands of complete hands over every player count and random house rules."""

from __future__ import annotations

import random

import pytest

from canasta.app.soak import random_rules, soak

SOAK_HANDS = 2000


@pytest.mark.soak
def test_thousands_of_seeded_hands_keep_every_invariant() -> None:
    report = soak(SOAK_HANDS, seed=20261130)
    assert report.failures == []
    assert report.hands == SOAK_HANDS
    assert report.gone_out > SOAK_HANDS // 2, "most hands should end by someone going out"


def test_the_soak_covers_every_player_count_and_option_value() -> None:
    rng = random.Random(20261130)
    drawn = [random_rules(rng) for _ in range(SOAK_HANDS)]
    assert {rules.players for rules in drawn} == {2, 3, 4, 6}
    assert any(rules.cutthroat for rules in drawn)
    assert {rules.wild_limit.value for rules in drawn} == {"max3", "not_more_than_naturals", "naturals_majority"}


def test_a_soak_reports_a_failing_hand_by_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    import canasta.app.soak as module

    monkeypatch.setattr(module, "violations", lambda state: ["planted problem"])
    report = soak(2, seed=5)
    assert report.failures and report.failures[0].startswith("seed 5:")
