"""What the command line says: `--terminal` promises nothing that is not coming and counts its hands in the
singular or plural, and `--smoke`'s help names every game whose hand it plays."""

from __future__ import annotations

import pytest

from canasta.app.cli import _parser, run
from canasta.app.smoke import FAMILY_SMOKE


def test_the_terminal_game_makes_no_promise_and_counts_one_hand_in_the_singular(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert run(["--terminal", "--seed", "1", "--target", "50"]) == 0  # a game that one hand ends
    out = capsys.readouterr().out
    assert "lands" not in out and "until the game window" not in out
    assert "Game over after 1 hand: " in out


def test_the_smoke_help_names_every_game_it_plays_a_hand_of() -> None:
    smoke = next(action for action in _parser()._actions if "--smoke" in action.option_strings)
    help_text = " ".join((smoke.help or "").lower().split())
    for variant in FAMILY_SMOKE:
        assert variant.value.replace("_", " ") in help_text
