"""Hand and Foot is refused for play until its engine is complete; its own rule tests lift that refusal."""

from __future__ import annotations

import pytest

import canasta.engine.rules as rules_module


@pytest.fixture(autouse=True)
def hand_and_foot_playable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rules_module, "UNFINISHED", frozenset())
