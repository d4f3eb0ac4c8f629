"""`canasta sim --keep FILE`: every result is kept as it comes, and a later run plays only the rest."""

from __future__ import annotations

import contextlib
import io
import json
import os
import statistics
import threading
from pathlib import Path
from typing import Any

import pytest

from canasta.app.cli import run
from canasta.app.sim import KEPT_FORMAT, KeptError, SimConfig, read_kept, run_options, simulate

CONFIG = SimConfig("greedy", "random", 2, deals=8, games=2, seed=5)


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_a_kept_run_gives_the_figures_of_a_plain_run_and_keeps_every_result(tmp_path: Path) -> None:
    keep = tmp_path / "kept.jsonl"
    assert simulate(CONFIG, keep=keep) == simulate(CONFIG)
    header, *results = _lines(keep)
    assert header["format"] == "canasta-sim-kept/1"
    assert sorted(entry["deal"] for entry in results if "deal" in entry) == list(range(8))
    assert sorted(entry["game"] for entry in results if "game" in entry) == [0, 1]


def test_a_later_run_reads_what_is_kept_and_plays_only_the_rest(tmp_path: Path) -> None:
    keep = tmp_path / "kept.jsonl"
    simulate(SimConfig("greedy", "random", 2, deals=3, games=0, seed=5), keep=keep)
    # A kept figure no deal could give shows that deal 0 is read, not played again.
    lines = keep.read_text(encoding="utf-8").splitlines()
    lines[1] = json.dumps({"deal": 0, "diff": 99999.0})
    keep.write_text("\n".join(lines) + "\n", encoding="utf-8")
    figures = simulate(CONFIG, keep=keep)
    kept = read_kept(keep, CONFIG)
    assert sorted(kept.deals) == list(range(8)) and sorted(kept.games) == [0, 1]
    plain = tmp_path / "plain.jsonl"
    simulate(CONFIG, keep=plain)
    diffs = read_kept(plain, CONFIG).deals | {0: 99999.0}
    assert kept.deals == diffs
    assert figures["points_per_deal_diff"] == round(statistics.fmean(diffs.values()), 1)
    assert figures["win_rate_a"] == simulate(CONFIG)["win_rate_a"]


def test_results_from_two_workers_are_kept_the_same(tmp_path: Path) -> None:
    keep = tmp_path / "kept.jsonl"
    assert simulate(CONFIG, jobs=2, keep=keep) == simulate(CONFIG)
    assert len(_lines(keep)) == 1 + 8 + 2


def test_a_last_line_cut_short_is_played_again(tmp_path: Path) -> None:
    keep = tmp_path / "kept.jsonl"
    simulate(CONFIG, keep=keep)
    text = keep.read_text(encoding="utf-8")
    keep.write_text(text[: text.rstrip("\n").rfind("\n") + 1] + '{"deal": 7, "di', encoding="utf-8")
    assert simulate(CONFIG, keep=keep) == simulate(CONFIG)
    assert keep.read_text(encoding="utf-8").endswith("}\n")
    assert len(_lines(keep)) == 1 + 8 + 2


@pytest.mark.parametrize("text", ["", '{"format": "canasta-sim-k'])
def test_a_file_cut_short_before_its_first_line_ended_is_begun_again(tmp_path: Path, text: str) -> None:
    keep = tmp_path / "kept.jsonl"
    keep.write_text(text, encoding="utf-8")
    assert simulate(CONFIG, keep=keep) == simulate(CONFIG)
    assert _lines(keep)[0]["format"] == KEPT_FORMAT
    assert len(_lines(keep)) == 1 + 8 + 2


def test_a_file_kept_with_other_options_is_refused_by_name_and_left_as_it_was(tmp_path: Path) -> None:
    keep = tmp_path / "kept.jsonl"
    simulate(CONFIG, keep=keep)
    before = keep.read_bytes()
    with pytest.raises(KeptError, match="other seed"):
        simulate(SimConfig("greedy", "random", 2, deals=8, games=2, seed=6), keep=keep)
    with pytest.raises(KeptError, match="level_b"):
        simulate(SimConfig("greedy", "greedy", 2, deals=8, games=2, seed=5), keep=keep)
    assert keep.read_bytes() == before


HEADER = json.dumps({"format": KEPT_FORMAT, "run": run_options(CONFIG)}) + "\n"
RESULT = '{"deal": 0, "diff": 3.0}\n'


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("not json at all\n", "cannot be read"),
        ('{"format": "something else"}\n', "not a file of kept results"),
        ("\x00\xff\n", "cannot be read"),
        *(
            (HEADER + RESULT + line + "\n", "line 3")
            for line in (
                '{"deal": -1, "diff": 3.0}',
                '{"deal": 2, "diff": "many"}',
                '{"deal": 2.5, "diff": 3.0}',
                '{"game": 1, "share": 1.5}',
                '{"deal": 2, "diff": NaN}',
                '{"neither": 1}',
                "[1, 2]",
            )
        ),
    ],
)
def test_a_damaged_file_is_refused_with_the_reason_and_left_as_it_was(tmp_path: Path, text: str, reason: str) -> None:
    keep = tmp_path / "kept.jsonl"
    keep.write_bytes(text.encode("latin-1"))
    with pytest.raises(KeptError, match=reason):
        simulate(CONFIG, keep=keep)
    assert keep.read_bytes() == text.encode("latin-1")


def test_the_command_keeps_results_and_refuses_an_unusable_file_with_a_message(tmp_path: Path) -> None:
    keep = tmp_path / "kept.jsonl"
    command = ["sim", "--a", "greedy", "--b", "random", "--players", "2", "--deals", "3", "--games", "0"]
    with contextlib.redirect_stdout(io.StringIO()) as out:
        assert run([*command, "--json", "--keep", str(keep)]) == 0
    assert json.loads(out.getvalue())["deals"] == 3
    assert len(_lines(keep)) == 4
    with contextlib.redirect_stderr(io.StringIO()) as err:
        assert run([*command, "--seed", "9", "--keep", str(keep)]) == 2
    assert "other seed" in err.getvalue() and "Traceback" not in err.getvalue()


def test_a_file_that_cannot_be_written_is_refused_with_a_message(tmp_path: Path) -> None:
    with pytest.raises(KeptError, match="cannot be written"):
        simulate(CONFIG, keep=tmp_path / "no such folder" / "kept.jsonl")


def _within(seconds: float, work: Any) -> Any:
    """`work()`'s result, or a failure when it has not ended within `seconds` (a read that waits on a pipe)."""
    done: list[Any] = []
    thread = threading.Thread(target=lambda: done.append(_outcome(work)), daemon=True)
    thread.start()
    thread.join(seconds)
    assert done, f"still waiting after {seconds} s"
    return done[0]


def _outcome(work: Any) -> Any:
    try:
        return work()
    except Exception as error:  # handed to the test, which says what it expected
        return error


def test_a_pipe_or_a_device_as_the_kept_file_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for keep in (fifo, Path("/dev/zero")):
        outcome = _within(20.0, lambda keep=keep: simulate(CONFIG, keep=keep))
        assert isinstance(outcome, KeptError) and "regular file" in str(outcome), outcome
    command = ["sim", "--a", "greedy", "--b", "random", "--players", "2", "--deals", "2", "--games", "0"]
    with contextlib.redirect_stderr(io.StringIO()) as err:
        assert run([*command, "--keep", "/dev/zero"]) == 2
    assert "regular file" in err.getvalue() and "Traceback" not in err.getvalue()
