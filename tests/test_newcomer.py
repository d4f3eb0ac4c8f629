"""The README as a newcomer reads it says what the repository does: when the tests workflow runs, where the
Releases page is, what Debian and Ubuntu need before the quick start, the oldest macOS the app runs on; and the
engine's details live in docs/engine.md, not in the README."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
WORKFLOWS = ROOT / ".github" / "workflows"


def _section(text: str, heading: str) -> str:
    """The text under `## heading`, up to the next heading of that level, on one line."""
    start = text.index(f"## {heading}\n")
    end = text.find("\n## ", start + 1)
    return " ".join(text[start : end if end >= 0 else len(text)].split())


def _workflow(name: str) -> dict[Any, Any]:
    data: dict[Any, Any] = yaml.safe_load((WORKFLOWS / name).read_text(encoding="utf-8"))
    return data


def test_the_readme_says_when_the_tests_workflow_runs() -> None:
    workflow = _workflow("tests.yml")
    triggers = workflow["on"] if "on" in workflow else workflow[True]  # YAML 1.1 reads the bare key `on` as true
    assert "pull_request" in triggers
    branches = " and ".join(triggers["push"]["branches"])
    for page in (README, (ROOT / "docs" / "development.md").read_text(encoding="utf-8")):
        text = " ".join(page.split())
        assert f"`make test` on pushes to {branches} and on pull requests" in text
        assert "on every push" not in text


def test_the_download_section_says_where_the_releases_page_is() -> None:
    """No address of the repository is known to the repository itself, so the README says how to find it."""
    download = _section(README, "Download and install")
    assert "**Releases**" in download and "`/releases`" in download


def test_the_quick_start_is_two_commands_then_what_debian_and_ubuntu_need() -> None:
    quick = README[README.index("## Quick start\n") : README.index("`make play` creates")]
    (commands,) = re.findall(r"```sh\n(.*?)```", quick, re.DOTALL)
    assert commands.split("\n")[:-1] == ["make play", "make test"]
    after = " ".join(quick[quick.index(commands) + len(commands) :].split())
    assert "python3-venv" in after and "binutils" in after


def test_the_readme_gives_the_oldest_macos_for_each_kind_of_mac() -> None:
    macos = _section(README, "Download and install")
    macos = macos[macos.index("**macOS**") : macos.index("**Linux**")]
    assert "macOS 11 or newer on Apple silicon" in macos and "10.13 or newer on Intel" in macos
    jobs = _workflow("build.yml")["jobs"]
    pythons = {
        step["with"]["python-version"] for step in jobs["app"]["steps"] if "setup-python" in step.get("uses", "")
    }
    assert pythons == {"3.11"}, "the oldest macOS follows from the build's Python (docs/development.md): check it again"


def test_the_engine_is_described_in_docs_engine_md_and_the_readme_links_there() -> None:
    engine = (ROOT / "docs" / "engine.md").read_text(encoding="utf-8")
    assert "### The engine" not in README and 'variant="samba"' not in README
    assert "## In short" in engine and 'Rules.for_players(4, variant="samba")' in engine
    assert "(docs/engine.md#in-short)" in README
