"""`canasta soak --variant hand_and_foot` and the referee while Hand and Foot is refused for play: a clear
message, never a traceback; once it is playable, a report."""

from __future__ import annotations

import json

from canasta.app.referee import handle
from canasta.engine.rules import UNFINISHED, Variant
from tests.engine.test_cli import _canasta


def test_soak_of_hand_and_foot_is_refused_plainly_until_it_is_playable() -> None:
    result = _canasta("soak", "--hands", "3", "--seed", "3", "--variant", "hand_and_foot", "--json")
    if Variant.HAND_AND_FOOT in UNFINISHED:
        assert result.returncode == 2 and "hand_and_foot is not playable yet" in result.stderr
        assert "Traceback" not in result.stderr
    else:
        assert result.returncode == 0, result.stdout + result.stderr
        assert json.loads(result.stdout)["hands"] == 3


def test_the_referee_refuses_a_hand_and_foot_position_plainly_until_it_is_playable() -> None:
    answer = handle({"position": {"format": "canasta-position/2", "rules": {"variant": "hand_and_foot"}}})
    if Variant.HAND_AND_FOOT in UNFINISHED:
        assert answer == {"error": "position: rules: rules.variant hand_and_foot is not playable yet"}
    else:
        assert "error" in answer and "not playable" not in answer["error"]
