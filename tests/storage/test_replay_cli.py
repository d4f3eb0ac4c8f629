"""`canasta replay FILE`: an exported record plays back hand by hand; a damaged one is refused."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from canasta.app.replay import run_replay, side_name
from canasta.engine.rules import Rules
from canasta.storage.files import sealed_text, unseal
from canasta.storage.record import export_record
from canasta.ui.table.controller import GameSetup, TableController
from tests.storage.games import play_through

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, TableController]:
    """A whole two-player game played at the table, exported."""
    controller = TableController(GameSetup(Rules.for_players(2, target_score=2000), ("human", "beginner"), 21,
                                           think_s=0.0))  # fmt: skip
    play_through(controller)
    controller.close()
    path = tmp_path_factory.mktemp("records") / "game.json"
    export_record(path, controller.record)
    return path, controller


def _run(path: Path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = run_replay(path, out, err)
    return status, out.getvalue(), err.getvalue()


def test_an_exported_game_plays_back_hand_by_hand(finished: tuple[Path, TableController]) -> None:
    path, controller = finished
    status, out, err = _run(path)
    assert status == 0 and err == ""
    lines = out.splitlines()
    match = controller.match
    assert len(lines) == len(match.hands) + 2
    for number, hand in enumerate(match.hands, start=1):
        assert lines[number].startswith(f"Hand {number}: ")
        assert f"(total {hand.totals[0]})" in lines[number]
    rules = controller.setup.rules
    final = ", ".join(f"{side_name(rules, index)} {score}" for index, score in enumerate(match.scores))
    assert lines[-1].startswith(f"Final scores: {final}.")


def test_the_command_line_runs_it(finished: tuple[Path, TableController]) -> None:
    path, controller = finished
    result = subprocess.run([sys.executable, "-m", "canasta", "replay", str(path)], capture_output=True, text=True,
                            cwd=ROOT, check=False)  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "Final scores" in result.stdout and result.stdout.count("\nHand ") == len(controller.match.hands)


def test_a_damaged_record_is_refused_with_a_message(finished: tuple[Path, TableController], tmp_path: Path) -> None:
    path, _ = finished
    whole = path.read_bytes()
    truncated = tmp_path / "truncated.json"
    truncated.write_bytes(whole[: len(whole) // 2])
    flipped = tmp_path / "flipped.json"
    flipped.write_bytes(whole.replace(b'"draw"', b'"drew"', 1))
    illegal = tmp_path / "illegal.json"
    body = unseal(json.loads(whole))
    body["hands"][0].insert(0, {"type": "discard", "card": "JK"})
    illegal.write_text(sealed_text(body))
    other = tmp_path / "other.json"
    other.write_text(sealed_text(dict(body, version=7)))
    for bad in (truncated, flipped, illegal, other, tmp_path / "missing.json", tmp_path):
        status, out, err = _run(bad)
        assert status == 1 and out == "" and err.startswith("canasta replay: "), bad.name
    result = subprocess.run([sys.executable, "-m", "canasta", "replay", str(truncated)], capture_output=True,
                            text=True, cwd=ROOT, check=False)  # fmt: skip
    assert result.returncode == 1 and "damaged" in result.stderr and "Traceback" not in result.stderr
