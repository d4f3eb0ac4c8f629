"""The saved game: round trips, every kind of damaged file, atomicity and a full disk (`canasta.storage.saves`)."""

from __future__ import annotations

import errno
import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

from canasta.engine.match import new_match
from canasta.engine.playerview import Phase
from canasta.engine.position import dump_position
from canasta.storage.files import sealed_text, unseal
from canasta.storage.record import record_to_json
from canasta.storage.saves import AutoSaver, comparable, save_document
from canasta.storage.seeds import cut_rng
from tests.storage.games import played


def _saved(tmp_path: Path, **kwargs: Any) -> tuple[AutoSaver, dict[str, Any]]:
    record, match, state = played(**kwargs)
    saver = AutoSaver(tmp_path / "saved-game.json")
    saver.save(record, match, state)
    assert saver.message is None
    return saver, save_document(record, match, state)


def _reseal(path: Path, change: Any) -> None:
    body = unseal(json.loads(path.read_text()))
    change(body)
    path.write_text(sealed_text(body))


@pytest.mark.parametrize(("players", "hands"), [(2, 0), (3, 1), (4, 2), (6, 1)])
def test_a_saved_game_loads_as_it_was(tmp_path: Path, players: int, hands: int) -> None:
    record, match, state = played(players, seed=players + 10, hands=hands, extra=17)
    saver = AutoSaver(tmp_path / "saved-game.json")
    saver.save(record, match, state)
    loaded = saver.load()
    assert loaded.message is None and loaded.value is not None
    assert record_to_json(loaded.value.record) == record_to_json(record)
    assert loaded.value.match == match
    assert comparable(dump_position(loaded.value.state)) == comparable(dump_position(state))


def test_the_save_holds_the_position_format_and_the_history(tmp_path: Path) -> None:
    saver, _ = _saved(tmp_path, hands=1, extra=5)
    data = json.loads(saver.path.read_text())
    assert data["position"]["format"] == "canasta-position/1"
    assert len(data["history"]["hands"]) == 1 and data["checksum"].startswith("sha256:")


def test_a_truncated_save_is_set_aside_wherever_it_was_cut(tmp_path: Path) -> None:
    saver, _ = _saved(tmp_path, hands=1, extra=9)
    whole = saver.path.read_bytes()
    for cut in range(0, len(whole) - 1, max(1, len(whole) // 60)):
        saver.path.write_bytes(whole[:cut])
        loaded = saver.load()
        assert loaded.value is None and loaded.message and loaded.set_aside is not None
        assert loaded.set_aside.read_bytes() == whole[:cut]
        loaded.set_aside.unlink()


def test_bit_flips_anywhere_are_caught(tmp_path: Path) -> None:
    saver, _ = _saved(tmp_path, hands=1, extra=9)
    whole = saver.path.read_bytes()
    rng = random.Random(5)
    for _ in range(300):
        flipped = bytearray(whole)
        bit = rng.randrange(len(whole) * 8)
        flipped[bit // 8] ^= 1 << (bit % 8)
        saver.path.write_bytes(bytes(flipped))
        loaded = saver.load()
        assert loaded.value is None and loaded.set_aside is not None, f"bit {bit} was not caught"
        loaded.set_aside.unlink()


def test_random_bytes_are_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "saved-game.json"
    path.write_bytes(random.Random(1).randbytes(3000))
    loaded = AutoSaver(path).load()
    assert loaded.value is None and loaded.message and loaded.set_aside is not None


def test_a_save_from_another_version_is_set_aside_with_its_own_message(tmp_path: Path) -> None:
    saver, _ = _saved(tmp_path, hands=0, extra=5)
    _reseal(saver.path, lambda body: body.update(version=2))
    loaded = saver.load()
    assert loaded.value is None and loaded.message and "another version" in loaded.message
    assert loaded.set_aside is not None and loaded.set_aside.exists()


@pytest.mark.parametrize(
    "change",
    [
        lambda body: body["position"].update(scores=[5, 5]),
        lambda body: body["position"]["hands"][0].reverse() or body["position"]["hands"][0].append("QH"),
        lambda body: body["history"].update(dealer=body["history"]["dealer"] ^ 1),
        lambda body: body["record"].update(seed=body["record"]["seed"] + 1),
        lambda body: body["record"]["hands"][-1].pop(),
        lambda body: body.pop("position"),
        lambda body: body.update(record="nothing"),
    ],
    ids=["scores", "hand", "history", "seed", "one-action-less", "no-position", "no-record"],
)
def test_a_save_that_does_not_add_up_is_damaged(tmp_path: Path, change: Any) -> None:
    """Even with a correct checksum (rewritten by hand, or by a faulty program), the record must lead to the
    saved position and history."""
    saver, _ = _saved(tmp_path, hands=1, extra=8)
    _reseal(saver.path, change)
    loaded = saver.load()
    assert loaded.value is None and loaded.message and loaded.set_aside is not None


def test_a_hand_saved_as_it_ends_loads_scored(tmp_path: Path) -> None:
    """A save made after a hand's last action but before the game added the hand still adds up."""
    record, _, state = played(4, seed=6, hands=0, extra=10_000)
    match = new_match(record.rules, cut_rng(record.seed))  # the hand not yet added
    assert state.phase is Phase.OVER
    saver = AutoSaver(tmp_path / "saved-game.json")
    saver.save(record, match, state)
    loaded = saver.load()
    assert loaded.value is not None and len(loaded.value.match.hands) == 1


def test_a_finished_game_is_not_offered_and_its_save_goes(tmp_path: Path) -> None:
    record, match, state = played(2, seed=4, hands=10_000, extra=0, target_score=1000)
    assert match.over
    saver = AutoSaver(tmp_path / "saved-game.json")
    saver.save(record, match, state)
    loaded = saver.load()
    assert loaded.value is None and loaded.message is None and not saver.path.exists()


def test_a_full_disk_keeps_the_last_save(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    saver, _ = _saved(tmp_path, hands=0, extra=6)
    before = saver.path.read_bytes()
    record, match, state = played(hands=0, extra=12)

    def full(*_args: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    saver.save(record, match, state)
    monkeypatch.undo()
    assert saver.message is not None and "disk is full" in saver.message
    assert saver.path.read_bytes() == before
    assert sorted(item.name for item in tmp_path.iterdir()) == ["saved-game.json"]
    loaded = saver.load()
    assert loaded.value is not None and loaded.value.record.action_count == 6
    saver.save(record, match, state)
    assert saver.message is None, "the next save that works clears the message"


def test_an_unreadable_folder_is_reported_and_the_game_goes_on(tmp_path: Path) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("a file where the folder should be")
    saver = AutoSaver(blocker / "saved-game.json")
    loaded = saver.load()
    assert loaded.value is None and loaded.message
    record, match, state = played(hands=0, extra=3)
    saver.save(record, match, state)
    assert saver.message and blocker.read_text() == "a file where the folder should be"


def test_the_background_writer_ends_with_the_newest_game_or_its_clearing(tmp_path: Path) -> None:
    saver = AutoSaver(tmp_path / "saved-game.json", background=True)
    games = [played(hands=0, extra=extra) for extra in range(1, 30)]
    for record, match, state in games:
        saver.save(record, match, state)
    saver.flush()
    loaded = saver.load()
    assert loaded.value is not None and loaded.value.record.action_count == 29
    saver.clear()
    saver.close()
    assert not saver.path.exists()
    saver.save(*games[0])  # after closing, saves are written at once
    assert saver.path.exists()
