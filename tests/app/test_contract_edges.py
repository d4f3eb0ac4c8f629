"""Edges of the outside contracts (docs/formats.md) that a harness meets: a view with no legal action, a
reader that stops reading, cutthroat meld entries, and positions that must read back as they were written."""

from __future__ import annotations

import io
import json
import logging
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from canasta.ai.levels import make_bot
from canasta.app.botcmd import run as run_bot
from canasta.engine.position import PositionFormatError, dump_position, dump_view, load_position
from canasta.engine.views import view_for
from tests.rules.positions import assert_legal, discard, meld, position, score

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("level", ["random", "greedy", "beginner", "normal", "hard"])
def test_the_bot_says_why_a_view_has_no_legal_action(level: str, caplog: pytest.LogCaptureFixture) -> None:
    # One card left and no canasta: the discard would go out, melding is impossible, the draw is over.
    view = dump_view(view_for(load_position(position(hands={0: "7S"}, phase="play")), 0))
    out = io.StringIO()
    with caplog.at_level(logging.ERROR):
        assert run_bot(make_bot(level, random.Random(1)), io.StringIO(json.dumps({"view": view})), out) == 0
    reply = json.loads(out.getvalue())
    assert reply == {"error": "view: seat 0 has no legal action in this position: "
                     "Your side needs 1 canasta to go out; it has 0."}  # fmt: skip
    assert not [record for record in caplog.records if record.exc_info]


@pytest.mark.parametrize("command", [["referee"], ["bot", "--level", "random"]])
def test_a_reader_that_stops_reading_gets_no_traceback(command: list[str], tmp_path: Path) -> None:
    lines = tmp_path / "lines.jsonl"
    lines.write_text("{}\n" * 20000, encoding="utf-8")  # far more answers than a pipe holds
    with lines.open("rb") as feed:
        process = subprocess.Popen(
            [sys.executable, "-m", "canasta", *command],
            stdin=feed,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=ROOT,
        )
        assert process.stdout is not None and process.stderr is not None
        first = process.stdout.readline()
        process.stdout.close()
        errors = process.stderr.read().decode("utf-8")
        status = process.wait(timeout=60)
    assert json.loads(first)["error"]
    assert "Traceback" not in errors
    assert errors.strip() == f"canasta {command[0]}: the output was closed before the command finished"
    assert status == 1


def _cutthroat(melds: dict[int, list[str]]) -> dict[str, object]:
    return position(
        3,
        hands={1: "7S 8D"},
        melds=melds,
        rules={"three_player_mode": "cutthroat"},
        current=1,
        phase="play",
        lone_hand=0,
        melded_this_hand=[False, True, True],
    )


def test_a_cutthroat_partners_meld_outside_the_keepers_entry_is_refused() -> None:
    # Lone hand 0: the partners (seats 1 and 2) keep their melds in entry 1, the seat after the lone hand.
    with pytest.raises(PositionFormatError, match=r"melds\[2\] must be empty: .*lone_hand 0.*melds\[1\]"):
        load_position(_cutthroat({2: ["KH KD KS KC KH KD KS"]}))
    assert load_position(_cutthroat({1: ["KH KD KS KC KH KD KS"]})).melds[1]


def test_only_the_partners_combined_meld_may_keep_more_than_three_wild_cards() -> None:
    four_wilds = ["KH KD 2C 2D 2H JK"]
    assert len(load_position(_cutthroat({1: four_wilds})).melds[1][0].cards) == 6
    with pytest.raises(PositionFormatError, match=r"melds\[0\]\[0\]"):
        load_position(_cutthroat({0: four_wilds}))


def test_a_meld_marked_as_not_made_this_turn_reads_back_the_same() -> None:
    # Seat 0 melded this turn and is still concealed, but the kings are his partner's from an earlier turn.
    pos = position(
        hands={0: "QH QD QS 4H"},
        melds={0: [{"cards": "KH KD KS KC KH KD KS", "this_turn": False}]},
        phase="play",
        melded_this_hand=[False, False, True, False],
        turn={"drew_from": "stock", "melded": True, "concealed": True},
    )
    again = dump_position(load_position(pos))
    assert load_position(again) == load_position(pos)
    for start in (pos, again):
        over = assert_legal(assert_legal(start, meld("QH QD QS")), discard("4H"))
        assert over["out"] == {"seat": 0, "concealed": False}
        assert score(over)[0]["going_out"] == 100


@pytest.mark.parametrize("command", [["referee"], ["bot", "--level", "random"]])
@pytest.mark.parametrize("system_encoding", ["utf-8", "cp1252"])
def test_a_byte_order_mark_before_the_first_line_is_not_an_error(command: list[str], system_encoding: str) -> None:
    # Windows reads a pipe in its own code page unless told otherwise; the lines are UTF-8 all the same.
    done = subprocess.run(
        [sys.executable, "-m", "canasta", *command],
        input="\ufeff{}\n".encode(),
        capture_output=True,
        cwd=ROOT,
        check=True,
        env={**os.environ, "PYTHONIOENCODING": system_encoding},
    )
    reply = json.loads(done.stdout)
    assert "not JSON" not in reply["error"]
