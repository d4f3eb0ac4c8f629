"""Atomic writes, checksums, and setting damaged files aside (`canasta.storage.files`, `paths`)."""

from __future__ import annotations

import errno
import json
import os
from datetime import UTC, datetime
from pathlib import Path

import pytest

from canasta.storage.files import (
    STALE_TEMP_S,
    DocumentError,
    FileKind,
    Problem,
    check_document,
    read_json,
    reject,
    sealed_text,
    set_aside,
    unseal,
    write_json,
    write_sealed,
)
from canasta.storage.keeper import open_keeper
from canasta.storage.paths import HOME_VARIABLE, StoragePaths, storage_paths


def _full_disk(*_args: object) -> None:
    raise OSError(errno.ENOSPC, "No space left on device")


def test_home_variable_places_every_file_in_one_folder(tmp_path: Path) -> None:
    paths = storage_paths({HOME_VARIABLE: str(tmp_path)})
    assert paths.save_file.parent == paths.settings_file.parent == paths.statistics_file.parent == tmp_path


def test_without_the_variable_the_platform_folders_are_used() -> None:
    paths = storage_paths({})
    assert "Canasta" in paths.data.parts and "Canasta" in paths.config.parts


def test_a_home_variable_naming_an_unknown_users_folder_is_said_and_the_usual_folders_are_used(
    tmp_path: Path,
) -> None:
    paths = storage_paths({HOME_VARIABLE: "~nosuchuser-of-canasta/x"})
    assert "Canasta" in paths.data.parts and "Canasta" in paths.config.parts
    assert paths.problem is not None and HOME_VARIABLE in paths.problem and "~nosuchuser-of-canasta/x" in paths.problem
    keeper = open_keeper(StoragePaths(tmp_path, tmp_path, problem=paths.problem), background=False)
    try:
        assert keeper.messages()[0] == paths.problem, "the title screen says it"
    finally:
        keeper.close()


def test_a_written_document_reads_back(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "folder" / "doc.json"
    write_json(path, {"a": [1, 2, "QH"], "b": None})
    assert read_json(path, FileKind.SETTINGS).value == {"a": [1, 2, "QH"], "b": None}
    assert [item.name for item in path.parent.iterdir()] == ["doc.json"], "no temporary file is left"


def test_a_missing_file_is_no_problem(tmp_path: Path) -> None:
    loaded = read_json(tmp_path / "none.json", FileKind.SAVE)
    assert loaded.value is None and loaded.message is None and loaded.set_aside is None


@pytest.mark.parametrize("broken", ["fsync", "replace", "write"])
def test_a_failing_write_keeps_the_old_file_and_leaves_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, broken: str
) -> None:
    path = tmp_path / "doc.json"
    write_json(path, {"version": "old"})
    before = path.read_bytes()
    if broken == "write":
        monkeypatch.setattr(os, "fdopen", lambda *_a, **_k: _FullFile())
    else:
        monkeypatch.setattr(os, broken, _full_disk)
    with pytest.raises(OSError) as raised:
        write_json(path, {"version": "new"})
    monkeypatch.undo()
    assert raised.value.errno == errno.ENOSPC
    assert path.read_bytes() == before
    assert sorted(item.name for item in tmp_path.iterdir()) == ["doc.json"]


class _FullFile:
    """A file object whose write fails as on a full disk."""

    def __enter__(self) -> _FullFile:
        return self

    def __exit__(self, *_exc: object) -> None:
        return None

    def write(self, _data: bytes) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")


def test_a_sealed_document_survives_a_round_trip_and_catches_any_change() -> None:
    body = {"format": "x", "version": 1, "cards": ["QH", "QH", "2C"], "n": 5}
    data = json.loads(sealed_text(body))
    assert unseal(data) == body
    tampered = dict(data, n=6)
    with pytest.raises(DocumentError):
        unseal(tampered)
    without = {key: value for key, value in data.items() if key != "checksum"}
    with pytest.raises(DocumentError):
        unseal(without)


@pytest.mark.parametrize(
    "content",
    [b"", b'{"format": "canasta-settings", "vers', b"\x00\xff\xfe random \x81 bytes", b"[[[[" * 50_000, b"nan"],
    ids=["empty", "truncated", "random-bytes", "deep-nesting", "not-json"],
)
def test_a_file_that_is_not_json_is_set_aside_with_a_message(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "statistics.json"
    path.write_bytes(content)
    loaded = read_json(path, FileKind.STATISTICS)
    assert loaded.value is None and loaded.message and loaded.set_aside is not None
    assert not path.exists() and loaded.set_aside.read_bytes() == content, "renamed, never deleted"
    assert loaded.set_aside.name.startswith("statistics.json.damaged-")
    assert loaded.set_aside.name in loaded.message


def test_setting_aside_never_overwrites_an_earlier_damaged_file(tmp_path: Path) -> None:
    now = datetime(2025, 1, 2, 3, 4, 5, tzinfo=UTC)
    first, second = tmp_path / "a.json", tmp_path / "a.json"
    first.write_text("one")
    one = set_aside(first, now)
    second.write_text("two")
    two = set_aside(second, now)
    assert one.name == "a.json.damaged-20250102T030405Z" and two.name == "a.json.damaged-20250102T030405Z-2"
    assert (one.read_text(), two.read_text()) == ("one", "two")


def test_an_unreadable_file_is_reported_and_left_where_it_is(tmp_path: Path) -> None:
    path = tmp_path / "saved-game.json"
    path.mkdir()  # a folder where the file should be: reading it fails on every system
    loaded = read_json(path, FileKind.SAVE)
    assert loaded.value is None and loaded.message and loaded.set_aside is None
    assert path.is_dir()


def test_a_file_that_cannot_be_set_aside_is_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "settings.json"
    path.write_text("{")

    def refuse(*_args: object) -> None:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(os, "rename", refuse)
    loaded = reject(path, FileKind.SETTINGS, DocumentError("broken"))
    assert loaded.message and "could not be set aside" in loaded.message and path.exists()


def test_writing_into_a_folder_that_cannot_exist_raises(tmp_path: Path) -> None:
    blocker = tmp_path / "home"
    blocker.write_text("a file where the folder should be")
    with pytest.raises(OSError):
        write_sealed(blocker / "saved-game.json", {"format": "x"})


def test_format_and_version_are_checked() -> None:
    assert check_document({"format": "f", "version": 1}, "f", 1) == {"format": "f", "version": 1}
    with pytest.raises(DocumentError) as other:
        check_document({"format": "f", "version": 2}, "f", 1)
    assert other.value.problem is Problem.OTHER_VERSION
    for wrong in ({"format": "g", "version": 1}, {"format": "f", "version": "1"}, ["f", 1]):
        with pytest.raises(DocumentError) as damaged:
            check_document(wrong, "f", 1)
        assert damaged.value.problem is Problem.DAMAGED


def test_temporary_files_left_by_a_killed_write_are_removed_on_reading(tmp_path: Path) -> None:
    path = tmp_path / "saved-game.json"
    write_json(path, {"a": 1})
    leftover = tmp_path / ".saved-game.json.abc123.tmp"
    leftover.write_text('{"a": ')
    long_ago = leftover.stat().st_mtime - STALE_TEMP_S  # a younger one may be another process's write
    os.utime(leftover, (long_ago, long_ago))
    assert read_json(path, FileKind.SAVE).value == {"a": 1}
    assert sorted(item.name for item in tmp_path.iterdir()) == ["saved-game.json"]
