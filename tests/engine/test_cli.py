"""The command line (README, "Commands"; docs/formats.md), run as a separate process: `referee`, `bench engine`,
`soak`, the terminal game, and refusals of unknown commands and bad options."""

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.rules.positions import ACES, NATURAL_CANASTA, discard, draw, position

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT_S = 120


def _canasta(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "canasta", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
        check=False,
    )


def _json_lines(text: str) -> list[Any]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


# --- referee ------------------------------------------------------------------------------------------------


def test_the_referee_answers_every_line_and_exits_0() -> None:
    start = position(4, hands={0: "5C 9H 9D"}, stock_top="7C 8D", pile="TC")
    over = position(
        4,
        phase="over",
        hands={0: "", 1: "5C", 2: "9C", 3: "4C 4D"},
        melds={0: [NATURAL_CANASTA], 1: [ACES]},
        red_threes={1: "3D"},
        out={"seat": 0, "concealed": False},
    )
    bad_phase = dict(start, phase="napping")
    lines = [
        json.dumps({"position": start, "action": draw()}),
        json.dumps({"position": start, "action": discard("5C")}),
        json.dumps({"position": over, "score": True}),
        json.dumps({"position": start, "action": {"type": "fly"}}),
        json.dumps({"position": bad_phase, "action": draw()}),
        "",
        "this is not JSON",
        json.dumps([1, 2, 3]),
    ]
    result = _canasta("referee", stdin="\n".join(lines) + "\n")
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    legal, illegal, scored, bad_action, bad_position, not_json, not_object = _json_lines(result.stdout)

    assert legal["legal"] is True
    assert sorted(legal["position"]["hands"][0]) == sorted(["5C", "9H", "9D", "7C"])
    assert legal["position"]["stock"][0] == "8D"
    assert legal["position"]["phase"] == "play"
    assert legal["position"]["current"] == 0
    (event,) = legal["events"]
    assert {key: event[key] for key in ("seat", "type", "from", "count")} == {
        "seat": 0,
        "type": "draw",
        "from": "stock",
        "count": 1,
    }

    assert illegal["legal"] is False
    assert illegal["code"] == "must_draw_first"
    assert isinstance(illegal["message"], str) and illegal["message"]
    assert set(illegal) == {"legal", "code", "message"}

    # Side 0: 500 + 100 + 70 - 10. Side 1: one red three with a meld, 100 + 60 - 15.
    assert scored == {
        "score": [
            {"canastas": 500, "red_threes": 0, "going_out": 100, "melded": 70, "in_hand": -10, "total": 660},
            {"canastas": 0, "red_threes": 100, "going_out": 0, "melded": 60, "in_hand": -15, "total": 145},
        ]
    }

    assert set(bad_action) == {"error"}
    assert "type" in bad_action["error"]
    assert set(bad_position) == {"error"}
    assert "phase" in bad_position["error"]
    assert set(not_json) == {"error"}
    assert set(not_object) == {"error"}


def test_the_referee_with_no_input_writes_nothing_and_exits_0() -> None:
    result = _canasta("referee")
    assert result.returncode == 0
    assert result.stdout == ""


# --- bench, soak, the terminal game -------------------------------------------------------------------------


def test_bench_engine_prints_its_figures_as_json() -> None:
    result = _canasta("bench", "engine", "--hands", "5", "--json")
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout)
    for key in ("hands_per_s", "actions_per_s", "median_action_us"):
        assert isinstance(figures[key], int | float), key
        assert figures[key] > 0, key
    assert figures["actions_per_s"] > figures["hands_per_s"]


def test_bench_random_prints_its_figures_as_json() -> None:
    result = _canasta("bench", "random", "--hands", "3", "--json")
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout)
    assert figures["players"] == 4 and figures["hands"] == 3
    assert figures["actions_per_s"] > figures["hands_per_s"] > 0


def test_bench_rollout_prints_its_figures_as_json() -> None:
    result = _canasta("bench", "rollout", "--hands", "4", "--json")
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout)
    assert figures["rollouts"] == 4
    assert figures["rollouts_per_s"] > 0
    assert isinstance(figures["worth_total"], int | float)


def test_bench_ai_times_the_levels_in_a_game_of_the_family() -> None:
    result = _canasta("bench", "ai", "--levels", "normal", "--hands", "1", "--variant", "samba", "--json")
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout)
    assert figures["positions"] > 0 and figures["levels"]["normal"]["p95_ms"] > 0


def test_sim_plays_a_game_of_the_family_under_its_options() -> None:
    result = _canasta(
        "sim", "--a", "normal", "--b", "greedy", "--deals", "2", "--games", "0",
        "--rule", "variant=samba", "--rule", "top_minimum=150", "--json",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["rules"] == {"variant": "samba", "top_minimum": 150}


def test_soak_of_a_game_of_the_family_prints_its_report() -> None:
    result = _canasta("soak", "--hands", "5", "--seed", "3", "--variant", "bolivia", "--json")
    assert result.returncode == 0, result.stdout + result.stderr
    assert json.loads(result.stdout)["hands"] == 5


def test_soak_prints_its_report_as_json() -> None:
    result = _canasta("soak", "--hands", "20", "--seed", "3", "--json")
    assert result.returncode == 0, result.stdout + result.stderr
    report = json.loads(result.stdout)
    assert report["hands"] == 20
    assert isinstance(report["actions"], int) and report["actions"] > 20
    assert report["failures"] == 0


def test_the_terminal_game_plays_to_the_end() -> None:
    result = _canasta("--terminal", "--players", "2", "--seed", "1", "--target", "1000")
    assert result.returncode == 0, result.stderr
    assert "Game over" in result.stdout


def test_the_terminal_game_repeats_for_a_seed() -> None:
    first = _canasta("--terminal", "--players", "4", "--seed", "9", "--target", "1500")
    second = _canasta("--terminal", "--players", "4", "--seed", "9", "--target", "1500")
    assert first.returncode == second.returncode == 0
    assert first.stdout == second.stdout
    assert "Game over" in first.stdout


# --- refusals -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (("frobnicate",), "frobnicate"),
        (("--players", "5"), "players"),
        (("--bogus",), "--bogus"),
        (("--target", "0"), "target"),
        (("soak", "--hands", "many"), "hands"),
        (("bench",), "what"),
    ],
)
def test_a_bad_command_line_exits_non_zero_with_a_message(args: tuple[str, ...], named: str) -> None:
    result = _canasta(*args)
    assert result.returncode != 0
    assert named in result.stderr
    assert "Traceback" not in result.stderr
