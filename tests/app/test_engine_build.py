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
    built = tmp_path / "compiled.so"
    _made_at(built, 1000)
    _made_at(tmp_path / "cards.py", 900)
    _made_at(tmp_path / "game" / "play.py", 1100)
    _made_at(tmp_path / "game" / "notes.txt", 1200)  # not a source
    monkeypatch.setattr(compiled, "__file__", str(built))
    monkeypatch.setattr(compiled, "engine_compiled", lambda: True)
    assert stale_sources() == ["game/play.py"]
    assert engine_build() == "compiled (mypyc) but older than game/play.py: run make compiled again, or make clean"
    os.utime(tmp_path / "game" / "play.py", (1000, 1000))
    assert stale_sources() == []
    assert engine_build() == "compiled (mypyc)"


def test_the_pure_engine_is_never_older_than_itself(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _made_at(tmp_path / "compiled.py", 1000)
    _made_at(tmp_path / "cards.py", 2000)
    monkeypatch.setattr(compiled, "__file__", str(tmp_path / "compiled.py"))
    monkeypatch.setattr(compiled, "engine_compiled", lambda: False)
    assert stale_sources() == []
    assert engine_build() == "pure Python"
