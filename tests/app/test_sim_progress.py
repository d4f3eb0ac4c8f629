"""`canasta sim --progress`: a long run says how far it is, at each tenth of it, on standard error."""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path

from canasta.app.cli import run
from canasta.app.sim import SimConfig, simulate

CONFIG = SimConfig("greedy", "random", 2, deals=20, games=5, seed=5)
LINE = re.compile(r"(\d+) of (\d+) deals and (\d+) of (\d+) game pairs played")


def _counts(lines: list[str]) -> list[tuple[int, int]]:
    found = [LINE.fullmatch(line) for line in lines]
    assert all(found), lines
    return [(int(match[1]), int(match[3])) for match in found if match]


def test_a_run_reports_each_tenth_of_its_deals_and_games_and_its_end() -> None:
    lines: list[str] = []
    assert simulate(CONFIG, report=lines.append) == simulate(CONFIG)
    counts = _counts(lines)
    assert 5 <= len(counts) <= 11  # 25 results in chunks of up to four: a line for each tenth crossed, and the end
    assert counts == sorted(counts) and len(set(counts)) == len(counts)
    assert counts[-1] == (20, 5)
    assert all(f"of {CONFIG.deals} deals and" in line and f"of {CONFIG.games} game pairs" in line for line in lines)


def test_with_two_workers_the_counts_still_grow_to_the_whole_run() -> None:
    lines: list[str] = []
    simulate(CONFIG, jobs=2, report=lines.append)
    counts = _counts(lines)
    assert counts[-1] == (20, 5)
    assert [deals + games for deals, games in counts] == sorted({deals + games for deals, games in counts})


def test_a_resumed_run_counts_what_was_kept(tmp_path: Path) -> None:
    keep = tmp_path / "kept.jsonl"
    simulate(SimConfig("greedy", "random", 2, deals=12, games=0, seed=5), keep=keep)
    lines: list[str] = []
    simulate(CONFIG, keep=keep, report=lines.append)
    counts = _counts(lines)
    assert counts[0][0] >= 12  # the twelve kept deals are counted from the start
    assert counts[-1] == (20, 5)


def test_a_run_with_nothing_left_to_play_reports_nothing(tmp_path: Path) -> None:
    keep = tmp_path / "kept.jsonl"
    simulate(CONFIG, keep=keep)
    lines: list[str] = []
    simulate(CONFIG, keep=keep, report=lines.append)
    assert lines == []


def test_the_command_reports_on_standard_error_only_when_asked() -> None:
    command = ["sim", "--a", "greedy", "--b", "random", "--players", "2", "--deals", "6", "--games", "0", "--json"]
    for flags, expect_lines in (([], False), (["--progress"], True)):
        with contextlib.redirect_stdout(io.StringIO()) as out, contextlib.redirect_stderr(io.StringIO()) as err:
            assert run([*command, *flags]) == 0
        assert json.loads(out.getvalue())["deals"] == 6  # standard output holds the figures alone
        reported = err.getvalue().splitlines()
        assert bool(reported) is expect_lines
        assert all(line.startswith("canasta sim: ") for line in reported)
        if expect_lines:
            assert reported[-1] == "canasta sim: 6 of 6 deals and 0 of 0 game pairs played"
