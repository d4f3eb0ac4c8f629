"""The player's settings: applied at once by whoever listens, kept between runs in a versioned file.

Unknown keys are ignored (a newer program may have written them); a bad value is replaced by its default,
with a message naming the setting. The file carries a checksum, so a flipped bit is caught; someone editing
the file by hand removes the checksum line, and the file is then read without it. `SettingsStore` is what a
settings screen uses: read `settings`, call `change(...)`, and every listener hears of the new settings at once.
"""

from __future__ import annotations

import enum
import logging
import math
from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

from canasta.i18n import _
from canasta.storage.files import (
    CHECKSUM_KEY,
    FileKind,
    Loaded,
    as_damage,
    check_document,
    read_json,
    reject,
    seal,
    unseal,
    write_failure_message,
    write_json,
)
from canasta.storage.lock import lost_lock

LOG = logging.getLogger(__name__)
SETTINGS_FORMAT = "canasta-settings"
SETTINGS_VERSION = 1
MAX_THINK_S = 5.0
DEFAULT_THINK_S = 1.0  # after a computer move's cards land; each move also stays its reading time (docs/playing.md)
EXPERT_S_RANGE = (0.25, 10.0)  # the Expert's thinking time per hard decision, in seconds


class Language(enum.StrEnum):
    SYSTEM = "system"  # follow the system's language
    ENGLISH = "en"
    ITALIAN = "it"


class AnimationSpeed(enum.StrEnum):
    SLOW = "slow"
    NORMAL = "normal"
    FAST = "fast"
    INSTANT = "instant"


class CardStyle(enum.StrEnum):
    CLASSIC = "classic"
    FOUR_COLOUR = "four_colour"


class TableTheme(enum.StrEnum):
    GREEN = "green"
    HIGH_CONTRAST = "high_contrast"


@dataclass(frozen=True, slots=True)
class Settings:
    """Every setting, with its default."""

    language: Language = Language.SYSTEM
    animation_speed: AnimationSpeed = AnimationSpeed.NORMAL
    reduced_motion: bool = False
    volume: int = 80  # 0 to 100
    muted: bool = False
    card_style: CardStyle = CardStyle.CLASSIC
    large_cards: bool = False
    table_theme: TableTheme = TableTheme.GREEN
    think_s: float = DEFAULT_THINK_S  # the computer players' pause before each move, 0 to MAX_THINK_S seconds
    expert_s: float = 1.0  # the Expert's time to think over a hard decision (its look-ahead budget)
    full_screen: bool = False
    confirm_risky_discard: bool = False


_ENUMS: dict[str, type[enum.StrEnum]] = {
    "language": Language,
    "animation_speed": AnimationSpeed,
    "card_style": CardStyle,
    "table_theme": TableTheme,
}
_BOOLS = frozenset({"reduced_motion", "muted", "large_cards", "full_screen", "confirm_risky_discard"})
_SECONDS: dict[str, tuple[float, float]] = {"think_s": (0.0, MAX_THINK_S), "expert_s": EXPERT_S_RANGE}
NAMES = tuple(item.name for item in fields(Settings))


def settings_to_json(settings: Settings) -> dict[str, Any]:
    data: dict[str, Any] = {"format": SETTINGS_FORMAT, "version": SETTINGS_VERSION}
    for name in NAMES:
        value = getattr(settings, name)
        data[name] = value.value if isinstance(value, enum.Enum) else value
    return data


def settings_from_json(data: dict[str, Any]) -> tuple[Settings, list[str]]:
    """The settings in `data` (missing ones at their defaults) and a message for each bad value."""
    values: dict[str, Any] = {}
    messages: list[str] = []
    for name in NAMES:
        if name not in data:
            continue
        try:
            values[name] = coerce(name, data[name])
        except ValueError:
            messages.append(_("The setting {name} had a value that cannot be used; it is back to its default.")
                            .format(name=name))  # fmt: skip
    return Settings(**values), messages


def coerce(name: str, raw: Any) -> Any:
    """The setting's value from its JSON (or Python) form. :raises ValueError: naming what is wrong."""
    if name in _ENUMS:
        return _ENUMS[name](raw)
    if name in _BOOLS:
        if not isinstance(raw, bool):
            raise ValueError(f"{name} must be true or false")
        return raw
    if name == "volume":
        if type(raw) is not int or not 0 <= raw <= 100:
            raise ValueError("volume must be a whole number from 0 to 100")
        return raw
    if name in _SECONDS:
        return _seconds(name, raw, *_SECONDS[name])
    raise ValueError(f"unknown setting {name!r}")


def _seconds(name: str, raw: Any, low: float, high: float) -> float:
    """A time in seconds from `low` to `high`. :raises ValueError: naming what is wrong."""
    if isinstance(raw, bool) or not isinstance(raw, int | float) or not _finite(raw):
        raise ValueError(f"{name} must be a number of seconds")
    if not low <= raw <= high:
        raise ValueError(f"{name} must be from {low:g} to {high:g} seconds")
    return float(raw)


def _finite(number: float) -> bool:
    """Whether `number` is a finite number a float can hold (an integer of hundreds of digits is not)."""
    try:
        return math.isfinite(number)
    except OverflowError:
        return False


def load_settings(path: Path, *, read_only: bool = False) -> Loaded[Settings]:
    """The settings in `path` (the defaults when there is none); a damaged file is set aside (unless
    `read_only`: another copy of the game keeps the files)."""
    loaded = read_json(path, FileKind.SETTINGS, read_only=read_only)
    if loaded.value is None:
        return Loaded(Settings(), loaded.message, loaded.set_aside)
    try:
        settings, messages = _settings_in(loaded.value)
    except Exception as error:  # whatever is wrong in the file, it is only a damaged file
        rejected = reject(path, FileKind.SETTINGS, as_damage(error), read_only=read_only)
        return Loaded(Settings(), rejected.message, rejected.set_aside)
    return Loaded(settings, " ".join(messages) or None)


def _settings_in(data: Any) -> tuple[Settings, list[str]]:
    """The settings in a settings file's JSON. :raises DocumentError: when it is not one."""
    if isinstance(data, dict) and CHECKSUM_KEY in data:  # a file edited by hand may leave it out
        data = unseal(data)
    return settings_from_json(check_document(data, SETTINGS_FORMAT, SETTINGS_VERSION))


def save_settings(path: Path, settings: Settings) -> str | None:
    """Write the settings atomically; None, or the player's message when the write failed."""
    try:
        write_json(path, seal(settings_to_json(settings)), indent=2)
    except OSError as error:
        LOG.warning("cannot save the settings to %s: %s", path, error)
        return write_failure_message(FileKind.SETTINGS, error)
    return None


class SettingsStore:
    """The settings in use: read them, change them (saved at once), and hear of every change.

    `read_only` (another copy of the game keeps the files): changes apply until the program ends, unsaved.
    """

    def __init__(self, path: Path, *, read_only: bool = False, keeps: Callable[[], bool] | None = None) -> None:
        self.path = path
        self.read_only = read_only
        self._keeps = keeps  # whether this copy still keeps the files, asked before each write (`lock.keeps_lock`)
        loaded = load_settings(path, read_only=read_only)
        self.settings: Settings = loaded.value or Settings()
        self.message: str | None = loaded.message  # what went wrong reading or writing, for the window
        self._listeners: list[Callable[[Settings], None]] = []

    def listen(self, listener: Callable[[Settings], None]) -> None:
        """Call `listener` with the new settings after every change."""
        self._listeners.append(listener)

    def change(self, **changes: Any) -> Settings:
        """Apply and save changes such as `volume=40` or `card_style="four_colour"`.

        :raises ValueError: for an unknown setting or a bad value (nothing changes then).
        """
        values = {name: coerce(name, raw) for name, raw in changes.items()}
        self.settings = replace(self.settings, **values)
        if not self.read_only and (lost := lost_lock(self._keeps)) is not None:
            self.read_only, self.message = True, lost
        if not self.read_only:
            self.message = save_settings(self.path, self.settings)
        for listener in self._listeners:
            listener(self.settings)
        return self.settings

    def reset(self) -> Settings:
        """Every setting back to its default."""
        defaults = Settings()
        return self.change(**{name: getattr(defaults, name) for name in NAMES})
