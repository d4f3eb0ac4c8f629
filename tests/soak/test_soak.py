"""The seeded soak: thousands of complete hands over every player count and random house rules."""

from __future__ import annotations

import random

import pytest

from canasta.app.soak import random_rules, soak
from canasta.engine.rules import Variant

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


@pytest.mark.soak
@pytest.mark.parametrize(
    "variant", [Variant.SAMBA, Variant.BOLIVIA, Variant.HAND_AND_FOOT, Variant.MODERN_AMERICAN, Variant.CUBAN]
)
def test_seeded_hands_of_the_family_keep_every_invariant(variant: Variant) -> None:
    report = soak(150, seed=20261205, variant=variant)
    assert report.failures == []
    assert report.hands == 150
    assert report.missing() == [], "every level, player count and option value of the game is played"


def test_a_variants_rules_are_drawn_from_its_own_options_and_tables() -> None:
    rng = random.Random(7)
    drawn = [random_rules(rng, Variant.SAMBA) for _ in range(300)]
    assert {rules.players for rules in drawn} == {2, 3, 4, 6}
    assert {rules.wild_limit.value for rules in drawn} == {"max2", "twice_naturals"}
    assert {rules.top_minimum for rules in drawn} == {150, 160}
    bolivia = [random_rules(rng, Variant.BOLIVIA) for _ in range(100)]
    assert {rules.players for rules in bolivia} == {4}
    assert {rules.black_three_in_hand for rules in bolivia} == {5, 100}
    cuban = [random_rules(rng, Variant.CUBAN) for _ in range(100)]
    assert {rules.canastas_to_go_out for rules in cuban} == {1, 2}, "only the counts Cuban lists"
    assert {rules.minimums for rules in cuban} == {"cuban", "joker"}, "only Cuban's own tables"
