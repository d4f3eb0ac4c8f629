"""What the packaged app relies on, checked from the source tree: `--smoke`, finding the assets in a bundle,
the log file when there is no console, and the crash screen instead of a vanishing window."""

from __future__ import annotations

import logging
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from canasta.__main__ import main
from canasta.app import cli, logs
from canasta.app.smoke import asset_names as smoke_asset_names
from canasta.app.smoke import play_one_hand
from canasta.engine.rules import Variant
from canasta.engine_build import engine_build
from canasta.ui.look import assets
from canasta.ui.look.cardart import asset_names
from canasta.ui.screens.crash import TITLE, crash_lines, show_crash


@pytest.fixture
def fresh_logging(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    """Logging not yet configured, with the log folder in `tmp_path / "log"`; the root logger restored after."""
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    monkeypatch.setattr(logs, "_CONFIGURED", logs._Configured())
    monkeypatch.setattr(logs, "log_dir", lambda: tmp_path / "log")
    yield tmp_path / "log" / logs.LOG_NAME
    for handler in root.handlers:
        if handler not in handlers:
            handler.close()
    root.handlers[:] = handlers
    root.setLevel(level)


def test_smoke_command_plays_a_hand_and_draws_the_table() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "canasta", "--smoke", "--seed", "3"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("smoke ok: one 4-player hand"), done.stdout
    assert "1280x800 frame" in done.stdout
    assert "one hand of samba" in done.stdout and "one hand of bolivia" in done.stdout, done.stdout
    assert done.stdout.rstrip().endswith(f"; engine: {engine_build()}"), done.stdout  # compiled or pure Python


@pytest.mark.parametrize("variant", [Variant.SAMBA, Variant.BOLIVIA])
def test_smoke_plays_a_hand_of_each_game_of_the_family(variant: Variant) -> None:
    actions, out = play_one_hand(seed=5, variant=variant)
    assert actions > 0
    assert out is None or 0 <= out < 4


@pytest.mark.parametrize("players", [2, 3, 6])
def test_smoke_hand_ends_for_every_table_size(players: int) -> None:
    actions, out = play_one_hand(seed=players, players=players)
    assert actions > 0
    assert out is None or 0 <= out < players


def test_smoke_fails_with_the_reason_when_assets_are_missing(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(assets, "assets_dir", lambda: tmp_path / "nothing-here")
    assert cli.run(["--smoke"]) == 1
    error = capsys.readouterr().err
    assert error.startswith("canasta --smoke: failed: missing assets under"), error
    assert "56 of 56 files (cards/classic/2C.png" in error


def test_smoke_checks_the_same_card_images_the_art_generator_writes() -> None:
    assert smoke_asset_names() == asset_names()


def test_assets_are_found_in_the_source_tree_and_in_a_bundle(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    source = assets.assets_dir()
    assert (source / "cards" / "classic" / "AS.png").is_file()
    assert (source / "fonts" / "DejaVuSans.ttf").is_file()
    assert (source / "icon.png").is_file(), "build/make_icons.py writes the window's icon"
    assert (source / "sounds" / "deal.wav").is_file(), "canasta/ui/look/soundgen.py writes the sounds"

    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert assets.assets_dir() == tmp_path / "assets"
    assert assets.cards_dir("classic") == tmp_path / "assets" / "cards" / "classic"
    assert assets.fonts_dir() == tmp_path / "assets" / "fonts"


def test_packaged_app_logs_to_a_file_in_the_log_folder(monkeypatch: pytest.MonkeyPatch, fresh_logging: Path) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert logs.setup_logging() == fresh_logging
    logging.getLogger("canasta.test").info("written where a player can find it")
    assert "written where a player can find it" in fresh_logging.read_text(encoding="utf-8")
    assert logs.setup_logging() == fresh_logging  # once only


def test_the_log_says_whether_the_engine_runs_compiled(monkeypatch: pytest.MonkeyPatch, fresh_logging: Path) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    with pytest.raises(SystemExit):  # the first line is written before the arguments are read
        main(["--no-such-option"])
    first = fresh_logging.read_text(encoding="utf-8").splitlines()[0]
    assert f"engine {engine_build()};" in first, first


def test_from_a_console_only_warnings_go_to_standard_error(fresh_logging: Path) -> None:
    assert logs.setup_logging() is None
    assert not fresh_logging.exists()


def test_the_log_folder_is_the_platforms() -> None:
    import platformdirs

    assert logs.log_dir() == Path(platformdirs.user_log_dir("Canasta", appauthor=False))


def test_a_crash_in_the_window_is_logged_and_shown_with_the_log_file(
    monkeypatch: pytest.MonkeyPatch, fresh_logging: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import canasta.ui.main
    import canasta.ui.screens.crash

    def broken(choices: object) -> int:
        raise RuntimeError("the table fell over")

    shown: list[tuple[str, str | None]] = []

    def show(detail: str, path: str | None) -> bool:
        shown.append((detail, path))
        return True

    monkeypatch.setattr(canasta.ui.main, "run_window", broken)
    monkeypatch.setattr(canasta.ui.screens.crash, "show_crash", show)
    assert cli.run([]) == 1
    assert shown == [("RuntimeError: the table fell over", str(fresh_logging))]
    text = fresh_logging.read_text(encoding="utf-8")
    assert "the game stopped because of an error" in text
    assert "Traceback" in text and "RuntimeError: the table fell over" in text
    assert str(fresh_logging) in capsys.readouterr().err


def test_crash_screen_draws_its_message_and_the_log_path(tmp_path: Path) -> None:
    import pygame

    log_path = str(tmp_path / "a very long folder name" / "that needs wrapping" / "canasta.log")
    lines = crash_lines("RuntimeError: the table fell over", log_path)
    assert log_path in lines and lines[-1] == "Press any key to close."
    assert "because of an error" in TITLE
    assert show_crash("RuntimeError: the table fell over", log_path, wait=False)
    assert not pygame.display.get_init(), "the crash screen closes the window system when done"
    assert "terminal" in " ".join(crash_lines("boom", None))


@pytest.mark.parametrize(("command", "module"), [("tune", "canasta.app.tune"), ("learn", "canasta.app.learn")])
def test_the_tuning_tools_say_why_when_numpy_is_left_out(
    command: str, module: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, module, None)  # what importing it does in the packaged app
    assert cli.run([command, "--seed", "1"]) == 2
    assert f"canasta {command}: not available here" in capsys.readouterr().err
