"""`canasta tune`: fair comparisons (common random numbers), the elite carried over, the held-out gate."""

from __future__ import annotations

import dataclasses
import json
import os
import threading
from pathlib import Path

import numpy as np
import pytest

from canasta.ai.heuristic import Weights
from canasta.ai.levels import normal_weights
from canasta.app.cli import run
from canasta.app.tune import (
    HOLDOUT_SEED,
    NO_SEARCH,
    SEARCH,
    TUNED,
    TuneConfig,
    _candidates,
    _provenance,
    _Search,
    _step,
    deal_diffs,
    holdout,
    interval,
    start_weights,
    tune,
    vector_of,
    weights_from,
    write,
)

DEFAULTS = tuple(float(x) for x in vector_of(Weights()))


def test_every_weight_but_the_noise_is_tuned_and_survives_the_round_trip() -> None:
    assert set(TUNED) == {field.name for field in dataclasses.fields(Weights)} - {"noise"}
    tuned = Weights(keep_pair=20.0, pile_danger=7.5)
    assert weights_from(vector_of(tuned)) == tuned
    assert weights_from(np.full(len(TUNED), -1.0)).keep_pair == 0.0  # negative counts as none


def test_normal_against_itself_ties_every_duplicate_deal() -> None:
    # The same player on both sides, the same shuffles, the sides swapped: the luck cancels exactly.
    assert deal_diffs((DEFAULTS, "normal", 2, 4, 7)) == [0.0, 0.0, 0.0, 0.0]


def test_the_same_candidate_on_the_same_deals_scores_the_same() -> None:
    other = tuple(value * 1.5 for value in DEFAULTS)
    first = deal_diffs((other, "normal", 2, 3, 11))
    assert first == deal_diffs((other, "normal", 2, 3, 11))
    assert any(diff != 0.0 for diff in first + deal_diffs((other, "normal", 2, 3, 12)))


def test_a_generation_plays_the_mean_and_the_carried_elite_again() -> None:
    mean = np.array(DEFAULTS)
    elite = [mean + 1.0, mean + 2.0]
    search = _Search(mean, np.ones_like(mean), elite)
    candidates = _candidates(search, 6, np.random.default_rng(0))
    assert len(candidates) == 6
    assert all(np.array_equal(a, b) for a, b in zip(candidates[:3], [mean, *elite], strict=True))
    assert all((candidate >= 0).all() for candidate in candidates)


def test_the_elite_is_the_best_scored_and_the_mean_moves_toward_it() -> None:
    mean = np.zeros(3)
    candidates = [np.zeros(3), np.full(3, 1.0), np.full(3, 4.0), np.full(3, 8.0)]
    after = _step(_Search(mean, np.ones(3), []), candidates, [0.0, 5.0, 9.0, -3.0], elite=2)
    assert [float(c[0]) for c in after.elite] == [4.0, 1.0]
    assert 0.0 < float(after.mean[0]) <= 2.5


def test_the_held_out_check_never_passes_weights_that_only_tie() -> None:
    config = TuneConfig(players=2, holdout_deals=3, seed=4)
    figures = holdout(config, np.array(DEFAULTS))
    assert figures["seed"] == HOLDOUT_SEED + 4
    assert figures["deals"] == 3
    assert figures["points_per_deal_diff"] == 0.0
    assert figures["beats_opponent"] is False


def test_interval_is_centred_on_the_mean() -> None:
    figures = interval([10.0, 20.0, 30.0, 40.0])
    assert figures["points_per_deal_diff"] == 25.0
    assert figures["ci95_low"] < 25.0 < figures["ci95_high"]
    assert figures["ci95_low"] + figures["ci95_high"] == 50.0


def test_a_short_run_records_how_it_was_obtained(tmp_path: Path) -> None:
    config = TuneConfig(players=2, generations=2, population=4, deals=2, elite=2, validation_deals=2,
                        holdout_deals=3, seed=5)  # fmt: skip
    lines: list[str] = []
    result = tune(config, lines.append)
    assert set(result["weights"]) == set(TUNED)
    assert [entry["generation"] for entry in result["history"]] == [0, 1]
    assert len(result["history"][1]["elite_rescored"]) == 2
    how = result["how"]
    assert (how["generations"], how["population"], how["deals_per_candidate"], how["seed"]) == (2, 4, 2, 5)
    assert "--players 2" in how["command"]
    assert "--spread" not in how["command"]  # the default spread needs no option
    assert how["holdout"]["deals"] == 3
    assert any(line.startswith("held-out check") for line in lines)
    path = tmp_path / "hard-2.json"
    assert write(result, path) is how["holdout"]["beats_opponent"]
    assert path.exists() is how["holdout"]["beats_opponent"]


def test_write_keeps_weights_that_failed_the_check_out_of_the_game(tmp_path: Path) -> None:
    failed = {"weights": {}, "how": {"holdout": {"beats_opponent": False}}}
    assert write(failed, tmp_path / "hard-4.json") is False
    assert not (tmp_path / "hard-4.json").exists()
    passed = {"weights": {"keep_pair": 15.0}, "how": {"holdout": {"beats_opponent": True}}}
    assert write(passed, tmp_path / "weights" / "hard-4.json") is True
    assert json.loads((tmp_path / "weights" / "hard-4.json").read_text(encoding="utf-8")) == passed


def test_a_narrower_search_says_so_in_its_command() -> None:
    how = _provenance(TuneConfig(players=4, spread=0.1), {"beats_opponent": False})
    assert how["spread"] == 0.1
    assert how["command"].endswith("--jobs 1 --spread 0.1")


def test_a_search_may_start_from_earlier_weights(tmp_path: Path) -> None:
    assert start_weights(TuneConfig()) == Weights()
    assert start_weights(TuneConfig(players=3)) == normal_weights(3)  # Normal's weights for the count
    earlier = tmp_path / "hard-2.json"
    first = {"weights": {"keep_pair": 20.0, "pile_danger": 7.5}, "how": {"seed": 3}}
    earlier.write_text(json.dumps(first), encoding="utf-8")
    config = TuneConfig(players=2, start=str(earlier))
    assert start_weights(config) == Weights(keep_pair=20.0, pile_danger=7.5)
    how = _provenance(config, {"beats_opponent": False})
    # Recorded by value, with how the start was obtained: the result may overwrite the start file.
    assert how["start"]["weights"]["keep_pair"] == 20.0
    assert how["start"]["how"] == {"seed": 3}
    assert how["command"].endswith(f"--start {earlier}")


def test_no_generations_checks_the_start_weights_as_they_are(tmp_path: Path) -> None:
    start = tmp_path / "start.json"
    start.write_text(json.dumps({"weights": {"late_hand": 2.0}, "how": {"method": "by hand"}}), encoding="utf-8")
    config = TuneConfig(
        players=4, generations=0, deals=2, validation_deals=2, holdout_deals=3, seed=5, start=str(start)
    )
    lines: list[str] = []
    result = tune(config, lines.append)
    assert weights_from(np.array([result["weights"][name] for name in TUNED])) == Weights(late_hand=2.0)
    assert result["history"] == []
    assert result["how"]["method"] == NO_SEARCH
    assert result["how"]["start"]["how"] == {"method": "by hand"}
    assert _provenance(TuneConfig(), {"beats_opponent": False})["method"] == SEARCH


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--deals", "-1"], "--deals: -1 is less than 1"),
        (["--generations", "-2"], "--generations: -2 is less than 0"),
        (["--population", "1"], "--population: 1 is less than 2"),
        (["--holdout-deals", "1"], "--holdout-deals: 1 is less than 2"),
        (["--jobs", "0"], "--jobs: 0 is less than 1"),
        (["--opponent", "nobody"], "unknown level 'nobody'"),
    ],
)
def test_tune_refuses_bad_options_with_a_message(
    arguments: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        status = run(["tune", *arguments])
    except SystemExit as stop:  # argparse refuses with status 2
        status = int(str(stop.code))
    assert status == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize("text", ["{", '{"weights": {"no_such_weight": 1}}', '{"weights": 3}'])
def test_tune_refuses_an_unusable_start_file_with_a_message(
    text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    start = tmp_path / "start.json"
    start.write_text(text, encoding="utf-8")
    assert run(["tune", "--start", str(start), "--generations", "0"]) == 2
    assert "not a weights file we can use" in capsys.readouterr().err
    assert run(["tune", "--start", str(tmp_path / "missing.json")]) == 2
    assert "not a weights file we can use" in capsys.readouterr().err


def test_tune_refuses_a_pipe_or_a_device_as_the_start_file_at_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Read as the game reads its own files: /dev/zero would fill the memory, a pipe would wait for its writer."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for start in (fifo, Path("/dev/zero")):
        assert _status_within(20.0, ["tune", "--start", str(start), "--generations", "0"]) == 2, start
        assert "regular file" in capsys.readouterr().err


def _status_within(seconds: float, arguments: list[str]) -> int | None:
    """The command's exit status, or None when it has not ended within `seconds`."""
    status: list[int] = []
    thread = threading.Thread(target=lambda: status.append(run(arguments)), daemon=True)
    thread.start()
    thread.join(seconds)
    return status[0] if status else None
