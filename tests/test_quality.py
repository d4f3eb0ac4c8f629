"""The project's quality gates: ruff, mypy --strict and the import-linter layering contracts all pass, and no class
has more than thirty methods."""

import ast
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


MOST_METHODS = 30  # a class with more does more than one thing: split it by responsibility


def classes_over(package: Path, most: int = MOST_METHODS) -> list[str]:
    """Every class under `package` whose body defines more than `most` methods (properties and static and class
    methods count; nested classes count apart), as "path:line Name (count)"."""
    found = []
    for path in sorted(package.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"), str(path))):
            if isinstance(node, ast.ClassDef):
                count = sum(isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef) for item in node.body)
                if count > most:
                    found.append(f"{path.relative_to(package.parent)}:{node.lineno} {node.name} ({count})")
    return found


def test_no_class_has_more_than_thirty_methods() -> None:
    assert classes_over(ROOT / "canasta") == [], f"more than {MOST_METHODS} methods: split by responsibility"


def test_the_method_count_sees_every_kind_of_method(tmp_path: Path) -> None:
    package = tmp_path / "package"
    package.mkdir()
    methods = "\n".join(
        f"    @property\n    def p{n}(self) -> int: ...\n    async def a{n}(self) -> None: ...\n" for n in range(15)
    )
    (package / "big.py").write_text(f"class Big:\n{methods}\n    def one_more(self) -> None: ...\n")
    (package / "fits.py").write_text("class Fits:\n    def only(self) -> None: ...\n")
    assert classes_over(package) == ["package/big.py:1 Big (31)"]
