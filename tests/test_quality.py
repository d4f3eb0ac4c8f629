"""The project's quality gates: ruff, mypy --strict and the import-linter layering contracts all pass."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT_S = 600


def _assert_tool_passes(command: list[str], tool: str) -> None:
    """Run a tool from the repository root and fail with its output unless it exits 0."""
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=TIMEOUT_S, check=False)
    if result.returncode != 0:
        output = f"{result.stdout}\n{result.stderr}".strip()
        pytest.fail(f"{tool} exited with {result.returncode}:\n{output}", pytrace=False)


def _console_script(name: str) -> str:
    """The path of a console script installed beside the running interpreter (bin/ or Scripts/)."""
    found = shutil.which(name, path=str(Path(sys.executable).parent))
    if found is None:
        pytest.fail(f"{name} is not installed beside {sys.executable}; install the test extra: .[test]")
    return found


def test_ruff_finds_nothing() -> None:
    _assert_tool_passes([sys.executable, "-m", "ruff", "check", "."], "ruff")


def test_mypy_strict_is_clean() -> None:
    _assert_tool_passes([sys.executable, "-m", "mypy"], "mypy")


def test_layering_contracts_hold() -> None:
    _assert_tool_passes([_console_script("lint-imports"), "--no-logo"], "lint-imports")
