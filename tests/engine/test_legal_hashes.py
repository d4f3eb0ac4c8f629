"""Every game's legal-action lists over many seeded views are exactly as recorded: a change to how the engine judges
or lists moves (one path for every game's placing and taking, say) keeps each list and its order (see
`legal_hashes.py` for when to record anew)."""

from __future__ import annotations

import json

import pytest

from tests.engine.legal_hashes import HASHES, TABLES, table_digest


@pytest.mark.parametrize("table", sorted(TABLES))
def test_legal_actions_are_listed_exactly_as_recorded(table: str) -> None:
    recorded = json.loads(HASHES.read_text("utf-8"))
    assert sorted(recorded) == sorted(TABLES)
    assert table_digest(table) == recorded[table], f"{table}: the legal actions differ from the recording"
