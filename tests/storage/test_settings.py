"""Settings: defaults, a round trip, surviving a restart, bad values and damaged files (`canasta.storage.settings`)."""

from __future__ import annotations

import errno
import json
import os
from dataclasses import replace
from pathlib import Path

import pytest

from canasta.storage.settings import (
    DEFAULT_THINK_S,
    AnimationSpeed,
    CardStyle,
    Language,
    Settings,
    SettingsStore,
    TableTheme,
    load_settings,
    save_settings,
    settings_to_json,
)

CHANGED = Settings(
    language=Language.ITALIAN, animation_speed=AnimationSpeed.INSTANT, reduced_motion=True, volume=35, muted=True,
    card_style=CardStyle.FOUR_COLOUR, large_cards=True, table_theme=TableTheme.HIGH_CONTRAST, think_s=1.5,
    expert_s=5.0, full_screen=True, confirm_risky_discard=True,
)  # fmt: skip


def test_without_a_file_the_defaults_apply(tmp_path: Path) -> None:
    loaded = load_settings(tmp_path / "settings.json")
    assert loaded.value == Settings() and loaded.message is None


def test_every_setting_survives_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    store = SettingsStore(path)
    store.change(**{key: value for key, value in settings_to_json(CHANGED).items() if key not in ("format", "version")})
    assert store.settings == CHANGED and store.message is None
    assert SettingsStore(path).settings == CHANGED, "a new run reads what the last one set"


def test_listeners_hear_every_change_at_once(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path / "settings.json")
    heard: list[Settings] = []
    store.listen(heard.append)
    store.change(volume=10)
    store.change(table_theme="high_contrast")
    assert [(s.volume, s.table_theme) for s in heard] == [(10, TableTheme.GREEN), (10, TableTheme.HIGH_CONTRAST)]
    store.reset()
    assert heard[-1] == Settings()


BAD_CHANGES = [
    ("volume", 101), ("card_style", "gold"), ("think_s", -1), ("expert_s", 0), ("expert_s", 60), ("expert_s", True),
    ("nope", 1),
]  # fmt: skip


@pytest.mark.parametrize(("name", "value"), BAD_CHANGES)
def test_a_bad_change_is_refused_and_changes_nothing(tmp_path: Path, name: str, value: object) -> None:
    store = SettingsStore(tmp_path / "settings.json")
    with pytest.raises(ValueError):
        store.change(**{name: value})
    assert store.settings == Settings()
    assert not (tmp_path / "settings.json").exists()


def test_unknown_keys_are_ignored_and_bad_values_fall_back_with_a_message(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    data = settings_to_json(CHANGED) | {"volume": "loud", "think_s": float("inf"), "muted": 1, "from_the_future": 3}
    data["expert_s"] = "slow"
    path.write_text(json.dumps(data))
    loaded = load_settings(path)
    assert loaded.value == replace(CHANGED, volume=80, think_s=DEFAULT_THINK_S, muted=False, expert_s=1.0)
    assert loaded.message is not None
    for name in ("volume", "think_s", "muted", "expert_s"):
        assert name in loaded.message
    assert path.exists(), "a file with some bad values is still used, not set aside"


@pytest.mark.parametrize("name", ["think_s", "expert_s", "volume"])
def test_an_integer_of_hundreds_of_digits_resets_only_its_own_setting(tmp_path: Path, name: str) -> None:
    """As for 1e400: the one setting goes back to its default, with a message naming it; the others are kept."""
    path = tmp_path / "settings.json"
    huge = 10**400
    path.write_text(json.dumps(settings_to_json(CHANGED) | {name: huge}))
    loaded = load_settings(path)
    assert loaded.value == replace(CHANGED, **{name: getattr(Settings(), name)})
    assert loaded.message is not None and name in loaded.message
    assert path.exists() and not loaded.set_aside


@pytest.mark.parametrize(
    "content",
    [b'{"format": "canasta-settings", "version": 1, "volume": 3', b"\x93\x00garbage", b'{"format": "canasta-settings",'
     b' "version": 9, "volume": 3}', b'["not", "an", "object"]', b'{"version": 1, "volume": 3}'],
    ids=["truncated", "random-bytes", "other-version", "not-an-object", "no-format"],
)  # fmt: skip
def test_a_damaged_settings_file_is_set_aside_and_the_defaults_apply(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    loaded = load_settings(path)
    assert loaded.value == Settings() and loaded.message and loaded.set_aside is not None
    assert loaded.set_aside.read_bytes() == content and not path.exists()


def test_every_bit_flip_leaves_usable_settings(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    save_settings(path, CHANGED)
    original = path.read_bytes()
    for index in range(0, len(original) * 8, 7):
        flipped = bytearray(original)
        flipped[index // 8] ^= 1 << (index % 8)
        path.write_bytes(bytes(flipped))
        loaded = load_settings(path)
        assert isinstance(loaded.value, Settings)
        if loaded.value != CHANGED:
            assert loaded.message or loaded.set_aside, "a change a flip made is either harmless or reported"
        for aside in tmp_path.glob("settings.json.damaged-*"):
            aside.unlink()


def test_a_full_disk_keeps_the_old_settings_and_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "settings.json"
    store = SettingsStore(path)
    store.change(volume=20)

    def full(*_args: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    store.change(volume=70)
    monkeypatch.undo()
    assert store.settings.volume == 70, "the change applies for this run"
    assert store.message is not None and "disk is full" in store.message
    assert SettingsStore(path).settings.volume == 20, "the file still holds the last good settings"


def test_an_unreadable_settings_folder_gives_defaults_and_a_message(tmp_path: Path) -> None:
    blocker = tmp_path / "config"
    blocker.write_text("a file where the folder should be")
    store = SettingsStore(blocker / "settings.json")
    assert store.settings == Settings()
    store.change(volume=5)
    assert store.settings.volume == 5 and store.message
