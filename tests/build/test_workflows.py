"""The CI workflows in .github/workflows, read as GitHub reads them: every runner they name is a GitHub-hosted
label in service (none of the retired ones), a tag v* publishes a release with the zips, and tests.yml runs
`make test`, the command of .ci/run, with what .ci/run installs. Quick: nothing is built or run."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
WORKFLOWS = ROOT / ".github" / "workflows"

# GitHub-hosted runner labels in service, kept by hand from GitHub's list of runner images. When an image is
# announced for retirement, move it to RETIRED_RUNNERS: this test then names every workflow that still uses it.
# ubuntu-22.04 is left out on purpose: its retirement is planned, and the Linux build no longer depends on it.
CURRENT_RUNNERS = frozenset({
    "ubuntu-latest", "ubuntu-24.04", "ubuntu-24.04-arm",
    "windows-latest", "windows-2025", "windows-11-arm",
    "macos-latest", "macos-15", "macos-15-intel", "macos-26",
})  # fmt: skip
# Gone: jobs that ask for them wait for a runner that never comes, or fail at once.
RETIRED_RUNNERS = frozenset(
    {"ubuntu-18.04", "ubuntu-20.04", "windows-2019", "macos-11", "macos-12", "macos-13", "macos-14"}
)
# The current major version of each action the workflows use, kept by hand from each action's releases page
# (checkout v7 and setup-python v7 came in mid-2026, upload-artifact v7 and download-artifact v8 early in 2026).
CURRENT_ACTIONS = {
    "actions/checkout": 7, "actions/setup-python": 7, "actions/upload-artifact": 7, "actions/download-artifact": 8,
}  # fmt: skip


def load(name: str) -> dict[Any, Any]:
    data: dict[Any, Any] = yaml.safe_load((WORKFLOWS / name).read_text(encoding="utf-8"))
    return data


def triggers(workflow: dict[Any, Any]) -> dict[str, Any]:
    """The `on:` mapping (YAML 1.1, which PyYAML reads, takes the bare key `on` for true)."""
    found = workflow["on"] if "on" in workflow else workflow[True]
    assert isinstance(found, dict)
    return found


def runners(job: dict[str, Any]) -> list[str]:
    """The runner labels a job may ask for, with `${{ matrix.KEY }}` filled in from its matrix."""
    runs_on = job["runs-on"]
    labels = runs_on if isinstance(runs_on, list) else [runs_on]
    found: list[str] = []
    for label in labels:
        expression = re.fullmatch(r"\$\{\{\s*matrix\.(\w+)\s*\}\}", label)
        if expression is None:
            found.append(label)
            continue
        matrix = job["strategy"]["matrix"]
        key = expression.group(1)
        found.extend(matrix.get(key, []))
        found.extend(entry[key] for entry in matrix.get("include", []) if key in entry)
    assert found, f"no runner found in {runs_on!r}"
    return found


def steps_text(job: dict[str, Any]) -> str:
    return "\n".join(str(step.get("run", "")) + str(step.get("uses", "")) for step in job["steps"])


WORKFLOW_FILES = sorted(path.name for path in WORKFLOWS.glob("*.yml"))


def test_the_workflows_are_there() -> None:
    assert {"build.yml", "tests.yml"} <= set(WORKFLOW_FILES)


@pytest.mark.parametrize("name", WORKFLOW_FILES)
def test_every_runner_is_a_current_github_hosted_label(name: str) -> None:
    for job_name, job in load(name)["jobs"].items():
        for label in runners(job):
            assert label not in RETIRED_RUNNERS, f"{name}: job {job_name} asks for {label}, which GitHub retired"
            assert label in CURRENT_RUNNERS, f"{name}: job {job_name} asks for {label}, not a current runner label"


@pytest.mark.parametrize("name", WORKFLOW_FILES)
def test_every_action_is_pinned_to_a_major_version(name: str) -> None:
    for job in load(name)["jobs"].values():
        for step in job["steps"]:
            if "uses" in step:
                assert re.fullmatch(r"[\w.-]+/[\w./-]+@v\d+", step["uses"]), f"{name}: {step['uses']}"


@pytest.mark.parametrize("name", WORKFLOW_FILES)
def test_every_action_is_at_its_current_major_version(name: str) -> None:
    for job_name, job in load(name)["jobs"].items():
        for step in job["steps"]:
            if "uses" in step:
                action, _, version = step["uses"].partition("@v")
                assert action in CURRENT_ACTIONS, f"{name}: {action} is not in CURRENT_ACTIONS; add its current major"
                assert int(version) == CURRENT_ACTIONS[action], f"{name}: job {job_name} uses {step['uses']}"


@pytest.mark.parametrize("name", WORKFLOW_FILES)
def test_the_token_may_only_read_except_where_a_job_needs_more(name: str) -> None:
    workflow = load(name)
    assert workflow["permissions"] == {"contents": "read"}, f"{name}: the default token must be read-only"
    for job_name, job in workflow["jobs"].items():
        if job.get("permissions", {}).get("contents") == "write":
            assert job_name == "release", f"{name}: only the release job may write, not {job_name}"


def test_the_build_makes_the_app_for_every_system_and_apple_silicon_on_macos_15() -> None:
    jobs = load("build.yml")["jobs"]
    systems = {entry["name"]: entry["os"] for entry in jobs["app"]["strategy"]["matrix"]["include"]}
    assert systems == {"windows-x86_64": "windows-latest", "macos-arm64": "macos-15", "macos-x86_64": "macos-15-intel"}
    assert "python build/smoke.py" in steps_text(jobs["app"])


def test_the_linux_app_is_built_in_debian_12_and_needs_no_newer_glibc() -> None:
    """The zip runs where glibc is 2.36 or newer; the build refuses a bundle that asks for more."""
    linux = load("build.yml")["jobs"]["linux"]
    assert linux["runs-on"] == "ubuntu-latest"
    assert linux["container"] == "python:3.11-slim-bookworm"  # Debian 12: glibc 2.36
    text = steps_text(linux)
    assert "python build/build.py --compile always --max-glibc 2.36" in text
    assert "python build/smoke.py" in text
    assert "glibc 2.36" in (ROOT / "build" / "build.py").read_text(encoding="utf-8")


def test_a_version_tag_publishes_a_release_with_the_zips() -> None:
    workflow = load("build.yml")
    assert "v*" in triggers(workflow)["push"]["tags"]
    release = workflow["jobs"]["release"]
    assert "refs/tags/v" in release["if"]
    assert set(release["needs"]) == set(workflow["jobs"]) - {"release"}, "publish only what every build made"
    assert release["permissions"] == {"contents": "write"}
    text = steps_text(release)
    assert "actions/download-artifact@" in text
    assert "gh release create" in text and "dist/Canasta-*" in text
    uploads = [
        step["with"]["name"]
        for job in workflow["jobs"].values()
        for step in job["steps"]
        if str(step.get("uses", "")).startswith("actions/upload-artifact@")
    ]
    assert uploads and all(name.startswith("Canasta-") for name in uploads)
    download = next(step for step in release["steps"] if "download-artifact" in str(step.get("uses", "")))
    assert download["with"]["pattern"] == "Canasta-*"


def test_tests_yml_runs_make_test_as_ci_does_on_every_push_and_pull_request() -> None:
    workflow = load("tests.yml")
    on = triggers(workflow)
    assert "push" in on and "pull_request" in on
    job = workflow["jobs"]["test"]
    assert job["runs-on"] == "ubuntu-latest"
    runs = [str(step.get("run", "")).strip() for step in job["steps"]]
    assert "make test" in runs
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert ci.rstrip().splitlines()[-1] == "make test", ".ci/run and the workflow run the same command"
    assert job["env"].get("CANASTA_REQUIRE_BUILD") == "1" and "CANASTA_REQUIRE_BUILD=1" in ci


def test_tests_yml_installs_what_ci_run_installs() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    packages = {name for line in re.findall(r"apt_install ([\w .-]+)", ci) for name in line.split()}
    packages -= {"python3", "python3-venv"}  # actions/setup-python brings Python with venv
    job = load("tests.yml")["jobs"]["test"]
    text = steps_text(job)
    assert "actions/setup-python@" in text
    installed = set(re.findall(r"apt-get install[^\n]*", text)[0].split())
    assert packages and packages <= installed, f"{sorted(packages - installed)} are not installed"


def test_tests_yml_runs_the_engine_tests_and_golden_games_compiled() -> None:
    jobs = load("tests.yml")["jobs"]
    assert set(jobs) == {"test", "compiled"}
    runs = [str(step.get("run", "")).strip() for step in jobs["compiled"]["steps"]]
    compiling = next(index for index, run in enumerate(runs) if run.startswith("python build/compile.py"))
    testing = next(index for index, run in enumerate(runs) if run.startswith("python -m pytest"))
    assert compiling < testing and "--if-possible" not in runs[compiling], "a compiler missing must fail the job"
    assert "tests/engine" in runs[testing].split()  # the golden games are tests/engine/test_golden_games.py
    assert any("engine: compiled" in run for run in runs[compiling:testing])


def test_the_downloads_are_built_with_the_engine_compiled() -> None:
    jobs = load("build.yml")["jobs"]
    for name in ("app", "linux"):
        text = steps_text(jobs[name])
        assert "python build/build.py --compile always" in text, name
        smokes = re.findall(r"python build/smoke\.py[^\n]*", text)
        assert smokes and all("--engine compiled" in smoke for smoke in smokes), name
    assert "gcc" in steps_text(jobs["linux"]).split()  # Debian's slim image has no C compiler
