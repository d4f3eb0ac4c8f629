"""A save whose position holds something other than a card's text where a card belongs (a number, null, a list)
is damaged like any save that does not add up: set aside with the usual message, and logged as damage, not as
an unexpected error with a traceback."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import pytest

from canasta.storage.files import sealed_text, unseal
from canasta.storage.saves import AutoSaver
from tests.storage.games import played


@pytest.mark.parametrize(
    "card", [5, None, ["QH"], {"card": "QH"}, 2.5], ids=["number", "null", "list", "object", "float"]
)
def test_a_save_with_a_card_that_is_not_text_is_set_aside_as_damaged(
    tmp_path: Path, card: Any, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    record, match, state = played(hands=1, extra=8)
    saver = AutoSaver(tmp_path / "saved-game.json")
    saver.save(record, match, state)
    body = unseal(json.loads(saver.path.read_text()))
    body["position"]["hands"][1][0] = card
    saver.path.write_text(sealed_text(body))
    loaded = saver.load()
    assert loaded.value is None and loaded.set_aside is not None and loaded.message and "damaged" in loaded.message
    assert "unexpected error" not in caplog.text and "Traceback" not in caplog.text
    assert "the saved position does not follow from the record" in caplog.text
