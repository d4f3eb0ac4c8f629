"""A meld's index of thousands of digits, in every place an action names a meld by index: the referee answers
with a request error that names the field (it once formatted the index plus one and answered "internal error")."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from canasta.app.referee import run as run_referee
from tests.rules_family.family import group, position

HUGE = 10**4299  # 4300 digits: the most the JSON reader takes; its successor has one digit too many to print
SAMBA = position("samba", melds={0: [group("K", "KC KD KH")]}, hands={0: "KS 5C 9D"}, phase="play")
ACTIONS: dict[str, dict[str, Any]] = {
    "action.add[0].meld": {"type": "meld", "new": [], "add": [{"meld": HUGE, "cards": ["KS"]}]},
    "action.melds[1]": {"type": "combine", "melds": [0, HUGE]},
    "action.onto": {"type": "take_pile", "with": [], "onto": HUGE},
}


@pytest.mark.parametrize("field", list(ACTIONS))
def test_a_meld_index_of_thousands_of_digits_is_a_request_error_naming_its_field(field: str) -> None:
    line = json.dumps({"position": SAMBA, "action": ACTIONS[field]})
    out = io.StringIO()
    assert run_referee(io.StringIO(line + "\n"), out) == 0
    answer = json.loads(out.getvalue())
    assert "internal error" not in out.getvalue()
    assert field in answer.get("error", ""), answer
