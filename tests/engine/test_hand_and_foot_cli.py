"""`canasta soak --variant hand_and_foot` and the referee play Hand and Foot: a report, and a position judged."""

from __future__ import annotations

import json

from canasta.app.referee import handle
from tests.engine.test_cli import _canasta
from tests.rules_hand_and_foot.hf import playing


def test_soak_plays_hand_and_foot() -> None:
    result = _canasta("soak", "--hands", "3", "--seed", "3", "--variant", "hand_and_foot", "--json")
    assert result.returncode == 0, result.stdout + result.stderr
    report = json.loads(result.stdout)
    assert report["hands"] == 3 and report["failures"] == 0


def test_the_referee_judges_a_hand_and_foot_position() -> None:
    answer = handle({"position": playing("KC KD KH 5S"), "action": {"type": "discard", "card": "5S"}})
    assert answer.get("legal") is True, answer
    assert answer["position"]["format"] == "canasta-position/2" and "feet" in answer["position"]
    broken = handle({"position": {"format": "canasta-position/2", "rules": {"variant": "hand_and_foot"}}})
    assert "error" in broken and "Traceback" not in broken["error"]
