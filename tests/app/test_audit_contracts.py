"""Contract checks of the commands (README, "Commands") as an outside harness drives them: `--json` output is strict
JSON, and a command that cannot run says why on standard error and exits non-zero, never with a traceback."""

import json
import math
from typing import Any

import pytest

from canasta.app.cli import run
from canasta.app.sim import SimConfig, summarize


def _strict_json(text: str) -> Any:
    """Parse as a strict JSON reader does: NaN and Infinity are not JSON."""

    def refuse(constant: str) -> None:
        raise ValueError(f"{constant} is not JSON")

    return json.loads(text, parse_constant=refuse)


@pytest.mark.parametrize("deals", [[], [12.5]])
def test_sim_figures_with_too_few_deals_for_an_interval_are_strict_json(deals: list[float]) -> None:
    figures = summarize(SimConfig("greedy", "random", 4, len(deals), 0, 1), deals, [])
    assert figures["ci95_low"] is None and figures["ci95_high"] is None
    assert _strict_json(json.dumps(figures)) == figures


def test_sim_figures_with_an_interval_keep_it() -> None:
    figures = summarize(SimConfig("greedy", "random", 4, 3, 0, 1), [10.0, 20.0, 30.0], [])
    assert figures["ci95_low"] < 20.0 < figures["ci95_high"]
    assert all(isinstance(figures[key], float) and math.isfinite(figures[key]) for key in ("ci95_low", "ci95_high"))


def test_sim_json_of_one_deal_is_strict_json(capsys: pytest.CaptureFixture[str]) -> None:
    status = run(["sim", "--a", "greedy", "--b", "random", "--deals", "1", "--games", "0", "--json"])
    figures = _strict_json(capsys.readouterr().out)
    assert status == 0
    assert set(figures) >= {"deals", "points_per_deal_diff", "ci95_low", "ci95_high", "games", "win_rate_a", "elo_diff"}


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["sim", "--a", "greedy", "--b", "random", "--deals", "-1"], "--deals"),
        (["sim", "--a", "greedy", "--b", "random", "--games", "-2"], "--games"),
        (["sim", "--a", "greedy", "--b", "random", "--jobs", "0"], "--jobs"),
        (["sim", "--a", "greedy", "--b", "random", "--jobs", "-3"], "--jobs"),
        (["sim", "--a", "expert", "--b", "random", "--expert-samples", "-1"], "--expert-samples"),
        (["sim", "--a", "expert", "--b", "random", "--expert-seconds", "-1"], "--expert-seconds"),
        (["bench", "engine", "--hands", "-2"], "--hands"),
        (["bench", "engine", "--hands", "0"], "--hands"),
        (["bench", "ai", "--hands", "-1"], "--hands"),
        (["soak", "--hands", "-1"], "--hands"),
    ],
)
def test_a_count_out_of_range_is_refused_with_a_message(
    args: list[str], named: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        run(args)
    assert stopped.value.code not in (0, None)
    captured = capsys.readouterr()
    assert named in captured.err and "Traceback" not in captured.err and captured.out == ""


@pytest.mark.parametrize("levels", ["bogus", "normal,", "random,Hard"])
def test_bench_ai_with_an_unknown_level_says_so_and_exits_non_zero(
    levels: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status = run(["bench", "ai", "--hands", "1", "--levels", levels, "--json"])
    captured = capsys.readouterr()
    assert status != 0
    assert "unknown level" in captured.err and "random, greedy, beginner, normal, hard, expert" in captured.err
    assert captured.out == ""
