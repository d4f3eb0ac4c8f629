"""`canasta --smoke` fails for a computer player's problems that the game itself survives: a shipped weights file
missing or unusable, and a computer player that fell back to a safe move. The game still plays without the
file, logging an error."""

from __future__ import annotations

import logging
import random
import shutil
from pathlib import Path

import pytest

from canasta.ai import levels
from canasta.ai.base import Bot, CardMemory
from canasta.ai.levels import SHIPPED_WEIGHTS, make_bot
from canasta.app import cli, smoke
from canasta.app.smoke import SmokeFailure, play_one_hand
from canasta.engine.actions import Action, Discard
from canasta.engine.playerview import PlayerView


def _weights_without(tmp_path: Path, *missing: str) -> Path:
    """A copy of the shipped weights folder without the files named."""
    folder = tmp_path / "weights"
    shutil.copytree(levels.WEIGHTS, folder)
    for name in missing:
        (folder / name).unlink()
    return folder


def test_every_weights_file_in_the_folder_is_a_shipped_one_and_the_other_way_round() -> None:
    assert sorted(path.name for path in levels.WEIGHTS.glob("*.json")) == sorted(SHIPPED_WEIGHTS)


@pytest.mark.parametrize("name", ["meld-4.json", "hard-4.json", "discard-4.json"])
def test_smoke_fails_naming_a_missing_weights_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    monkeypatch.setattr(levels, "WEIGHTS", _weights_without(tmp_path, name))
    assert cli.run(["--smoke"]) == 1
    error = capsys.readouterr().err
    assert error.startswith("canasta --smoke: failed: computer players' weights under"), error
    assert f"{name} is missing" in error


def test_smoke_fails_naming_an_unusable_weights_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _weights_without(tmp_path)
    (folder / "meld-2.json").write_text('{"coefficients": {}}', encoding="utf-8")
    monkeypatch.setattr(levels, "WEIGHTS", folder)
    assert cli.run(["--smoke"]) == 1
    assert "meld-2.json is unusable" in capsys.readouterr().err


def test_without_its_weights_the_game_still_plays_and_logs_an_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(levels, "WEIGHTS", _weights_without(tmp_path, "hard-4.json", "discard-4.json", "meld-4.json"))
    with caplog.at_level(logging.ERROR, logger="canasta.ai"):
        bots = [make_bot("hard", random.Random(seat), 4) for seat in range(4)]
    assert {"hard-4.json", "discard-4.json", "meld-4.json"} <= {
        name for record in caplog.records if record.levelno == logging.ERROR for name in SHIPPED_WEIGHTS
        if name in record.getMessage()
    }  # fmt: skip
    assert len(bots) == 4


class _FailingBot:
    """A computer player that raises on every decision (the game plays a safe move for it)."""

    def choose(self, view: PlayerView, memory: CardMemory) -> Action:
        raise RuntimeError("the weights were all wrong")

    def answer_go_out(self, view: PlayerView, memory: CardMemory) -> bool:
        raise RuntimeError("the weights were all wrong")


class _IllegalBot:
    """A computer player that discards before drawing (the rules refuse it; the game plays a safe move)."""

    def choose(self, view: PlayerView, memory: CardMemory) -> Action:
        return Discard(view.hand[0])

    def answer_go_out(self, view: PlayerView, memory: CardMemory) -> bool:
        return False


@pytest.mark.parametrize("failing", [_FailingBot, _IllegalBot], ids=["raises", "illegal"])
def test_smoke_fails_when_a_computer_player_falls_back_to_a_safe_move(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], failing: type[Bot]
) -> None:
    def made(level: str, rng: random.Random, players: int = 4) -> Bot:
        return failing() if level == "greedy" else make_bot(level, rng, players)

    monkeypatch.setattr(smoke, "make_bot", made)
    with pytest.raises(SmokeFailure, match=r"a computer player fell back to a safe move: seat 1 "):
        play_one_hand(seed=1)
    assert cli.run(["--smoke"]) == 1
    assert "fell back to a safe move" in capsys.readouterr().err
