"""`build/smoke.py --engine compiled` fails an app whose smoke run says its engine runs otherwise (the download
workflow asks it of every app it builds)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.build.scripts import build_script

SMOKE_LINE = "smoke ok: one 4-player hand of computer players, 20 actions; 0.3 s; engine: "


@pytest.mark.parametrize(
    ("engine", "asked", "passes"),
    [("compiled (mypyc)", "compiled", True), ("pure Python", "compiled", False), ("pure Python", None, True)],
)
def test_the_smoke_check_holds_the_app_to_the_engine_asked(
    engine: str, asked: str | None, passes: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    smoke = build_script("smoke")
    monkeypatch.setattr(smoke, "run_smoke", lambda program: (True, SMOKE_LINE + engine, 0.5))
    figures = smoke.check(Path("Canasta"), 0, asked)
    assert figures["smoke_ok"] is passes
    assert str(figures["smoke"]).endswith(SMOKE_LINE + engine)
    assert str(figures["smoke"]).startswith("smoke ok") is passes
