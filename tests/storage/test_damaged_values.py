"""Values JSON can spell but the game never writes (NaN, Infinity, 1e999, a lone surrogate escape) in a file
that carries its checksum: the file is damaged, set aside with a message, and the game goes on; `replay`
refuses such a record in one line."""

from __future__ import annotations

import hashlib
import io
import json
from pathlib import Path

import pytest

from canasta.app.replay import run_replay
from canasta.engine.rules import Rules
from canasta.storage.record import RECORD_FORMAT, RECORD_VERSION, new_record, record_to_json
from canasta.storage.settings import SETTINGS_FORMAT, SETTINGS_VERSION, load_settings
from canasta.storage.stats import STATS_FORMAT, STATS_VERSION, Statistics, StatsBook, statistics_to_json

# Each spelled as someone editing the file would type it; `json` reads every one of them.
ODD_VALUES = ["NaN", "Infinity", "-Infinity", "1e999", '"\\ud800"']
PLACE = "@VALUE@"


def _reseal(body: dict[str, object], key: str, value: str) -> str:
    """The document with `body[key]` spelled `value`, under a checksum made the way the game makes it (allowing
    what the game would not write), as someone re-sealing an edited file would."""
    canonical = json.dumps({**body, key: PLACE}, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    canonical = canonical.replace(json.dumps(PLACE), value)
    parsed = json.loads(canonical)
    digest_source = json.dumps(parsed, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    digest = hashlib.sha256(digest_source.encode("utf-8", "surrogatepass")).hexdigest()
    return f'{{"checksum":"sha256:{digest}",{canonical[1:]}\n'


def _settings_body() -> dict[str, object]:
    return {"format": SETTINGS_FORMAT, "version": SETTINGS_VERSION, "volume": 50}


def _stats_body() -> dict[str, object]:
    return {
        "format": STATS_FORMAT,
        "version": STATS_VERSION,
        "regular": statistics_to_json(Statistics()),
        "practice": statistics_to_json(Statistics()),
        "counted": {"game_id": "", "hands": 0, "game": False},
    }


def _assert_set_aside(path: Path, text: str, message: str | None) -> None:
    assert message and "damaged" in message
    asides = list(path.parent.glob(f"{path.name}.damaged-*"))
    assert not path.exists() and len(asides) == 1, "moved aside, never deleted"
    assert asides[0].read_text(encoding="utf-8", errors="surrogatepass") == text
    assert asides[0].name in message


@pytest.mark.parametrize("value", ODD_VALUES)
def test_settings_holding_an_odd_value_under_their_checksum_are_set_aside(tmp_path: Path, value: str) -> None:
    path = tmp_path / "settings.json"
    text = _reseal(_settings_body(), "volume", value)
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    loaded = load_settings(path)
    assert loaded.value is not None and loaded.value.volume == 80, "the usual settings"
    _assert_set_aside(path, text, loaded.message)


@pytest.mark.parametrize("value", ODD_VALUES)
def test_statistics_holding_an_odd_value_under_their_checksum_are_set_aside(tmp_path: Path, value: str) -> None:
    path = tmp_path / "statistics.json"
    text = _reseal(_stats_body(), "note", value)
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    book = StatsBook(path)
    assert book.statistics() == Statistics(), "statistics start again from zero"
    _assert_set_aside(path, text, book.message)


@pytest.mark.parametrize("value", ODD_VALUES)
def test_replay_refuses_a_record_holding_an_odd_value_in_one_line(tmp_path: Path, value: str) -> None:
    record = new_record(Rules.for_players(2), 5, ("human", "greedy")).with_new_hand()
    body = {"format": RECORD_FORMAT, "version": RECORD_VERSION, **record_to_json(record)}
    path = tmp_path / "game.json"
    path.write_text(_reseal(body, "seed", value), encoding="utf-8", errors="surrogatepass")
    out, err = io.StringIO(), io.StringIO()
    assert run_replay(path, out, err) == 1
    assert out.getvalue() == ""
    assert len(err.getvalue().splitlines()) == 1 and "is damaged or is not a game record" in err.getvalue()
    assert path.exists(), "the player's own record file is left where it is"
