"""Where the game's log goes: a file in the user's log folder when nobody sees a console, else standard error.

A packaged app started by a double click has no console (on Windows `sys.stderr` is None), so what went wrong
must land in a file that a player can find and send: `log_file()` names it, and the crash screen shows it.
"""

from __future__ import annotations

import logging
import logging.handlers
import sys
from dataclasses import dataclass
from pathlib import Path

APP_NAME = "Canasta"
LOG_NAME = "canasta.log"
MAX_BYTES = 1_000_000
BACKUPS = 3
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


@dataclass(slots=True)
class _Configured:
    done: bool = False
    path: Path | None = None


_CONFIGURED = _Configured()


def log_dir() -> Path:
    """The platform's log folder for the game (platformdirs), e.g. `~/.local/state/Canasta/log` on Linux."""
    import platformdirs

    return Path(platformdirs.user_log_dir(APP_NAME, appauthor=False))


def log_file() -> Path:
    return log_dir() / LOG_NAME


def wants_log_file() -> bool:
    """True in a packaged app, or when there is no console to write to."""
    return bool(getattr(sys, "frozen", False)) or sys.stderr is None


def setup_logging(to_file: bool | None = None) -> Path | None:
    """Configure the root logger once: a rotating file (INFO and up) when `to_file` (by default: packaged or
    without a console), plus standard error at WARNING whenever there is one. Returns the log file, or None.

    A log folder that cannot be made (read-only home, say) leaves logging on standard error alone.
    """
    if _CONFIGURED.done:
        return _CONFIGURED.path
    _CONFIGURED.done = True
    root = logging.getLogger()
    if sys.stderr is not None:
        console = logging.StreamHandler(sys.stderr)
        console.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
        console.setLevel(logging.WARNING)
        root.addHandler(console)
        root.setLevel(logging.WARNING)
    if wants_log_file() if to_file is None else to_file:
        ensure_log_file()
    return _CONFIGURED.path


def ensure_log_file() -> Path | None:
    """Log to the file from now on (INFO and up), if not already; returns it, or None if it cannot be written.

    The window calls this when it crashes, so the crash screen can always name a file with the details.
    """
    if _CONFIGURED.path is not None:
        return _CONFIGURED.path
    try:
        path = log_file()
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = logging.handlers.RotatingFileHandler(path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8")
    except OSError:
        return None
    handler.setFormatter(logging.Formatter(FORMAT))
    handler.setLevel(logging.INFO)
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    _CONFIGURED.path = path
    return path
