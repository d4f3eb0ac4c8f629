"""How the engine runs, in words: pure Python, compiled, or compiled from sources that changed since (a build that
would play the old code, which the log, `--smoke` and the test suite then name)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from canasta.engine import compiled
from canasta.engine_build import engine_build, stale_sources


def _made_at(path: Path, when: int) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("", encoding="utf-8")
    os.utime(path, (when, when))


def test_a_compiled_build_older_than_a_source_names_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    engine, players = tmp_path / "canasta" / "engine", tmp_path / "canasta" / "ai"
    built = engine / "compiled.cpython-311-x86_64-linux-gnu.so"
    for path, when in [
        (built, 1000),
        (engine / "cards.py", 900),
        (engine / "cards.cpython-311-x86_64-linux-gnu.so", 1000),
        (engine / "game" / "play.py", 1100),  # changed since
        (engine / "game" / "play.cpython-311-x86_64-linux-gnu.so", 1000),
        (engine / "game" / "notes.txt", 1200),  # not a source
        (players / "judgment.py", 1100),  # changed since
        (players / "judgment.cp311-win_amd64.pyd", 1000),
        (players / "worker.py", 1300),  # not compiled: it runs as it is
    ]:
        _made_at(path, when)
    monkeypatch.setattr(compiled, "__file__", str(built))
    monkeypatch.setattr(compiled, "engine_compiled", lambda: True)
    assert stale_sources() == ["ai/judgment.py", "engine/game/play.py"]
    assert engine_build() == (
        "compiled (mypyc) but older than ai/judgment.py, engine/game/play.py: run make compiled again, or make clean"
    )
    for path in (engine / "game" / "play.py", players / "judgment.py"):
        os.utime(path, (1000, 1000))
    assert stale_sources() == []
    assert engine_build() == "compiled (mypyc)"


def test_the_pure_engine_is_never_older_than_itself(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _made_at(tmp_path / "compiled.py", 1000)
    _made_at(tmp_path / "cards.py", 2000)
    monkeypatch.setattr(compiled, "__file__", str(tmp_path / "compiled.py"))
    monkeypatch.setattr(compiled, "engine_compiled", lambda: False)
    assert stale_sources() == []
    assert engine_build() == "pure Python"
