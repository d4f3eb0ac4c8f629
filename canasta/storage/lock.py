"""One copy of the game keeps the game's files at a time.

The first copy to open the files takes an exclusive lock on `canasta.lock` in the data folder and holds it
for the rest of its life; the system lets go of it when the process ends, however it ends (killed, crashed),
so a lock is never left behind. A copy that finds the lock taken runs read-only (`canasta.storage.keeper`):
it writes nothing, sets nothing aside and removes no temporary file, so it cannot break the first copy's saves.
The lock belongs to the process, not to one object in it: opening the files again in the same process (a
test, a restart of the window) finds it held already. Only the standard library: `fcntl.flock` on POSIX,
`msvcrt.locking` on Windows.

The lock is held on an open descriptor, but a lock file deleted while the game runs (by hand, by a cleaning
tool) would let a second copy make a new one and lock that. So every write first asks `keeps_lock`: the file
locked must still be the one at the lock's path. If it is gone (or another took its place), the lock is taken
again on the file there now, as at start-up; if a second copy got there first, this copy writes nothing more.
(On Windows an open file cannot be deleted, so the check always finds the same file.)
"""

from __future__ import annotations

import enum
import logging
import os
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from canasta.i18n import N_, _

LOG = logging.getLogger(__name__)
LOCK_NAME = "canasta.lock"
LOCK_LOST = N_("Nothing more is saved: another copy of Canasta has taken over the game's files.")


class Lock(enum.Enum):
    """What this process found when it asked for the lock of a data folder."""

    HELD = "held"  # this process holds it: it keeps the files
    TAKEN = "taken"  # another copy of the game holds it: this one must not write
    UNAVAILABLE = "unavailable"  # no lock can be made there (the folder cannot be written): nothing to protect


@dataclass(slots=True)
class _Held:
    """The lock files this process holds open, by folder (closing one would let go of its lock)."""

    handles: dict[str, int] = field(default_factory=dict)
    guard: threading.Lock = field(default_factory=threading.Lock)  # the saver's thread checks as well


_HELD = _Held()  # the process's own: a lock is held by a process for its life, not by an object


def hold_lock(folder: Path) -> Lock:
    """Take the game's lock in `folder` for the rest of this process's life, unless another process has it."""
    key = os.path.abspath(folder)
    if key in _HELD.handles:
        return Lock.HELD
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle = os.open(folder / LOCK_NAME, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as error:
        LOG.warning("no lock file in %s (%s): the game goes on without one", folder, error)
        return Lock.UNAVAILABLE
    try:
        taken = not _try_lock(handle)
    except OSError as error:  # a file system without locks (some network shares)
        os.close(handle)
        LOG.warning("cannot lock %s (%s): the game goes on without a lock", folder / LOCK_NAME, error)
        return Lock.UNAVAILABLE
    if taken:
        os.close(handle)
        LOG.warning("another copy of the game holds %s: this one writes nothing", folder / LOCK_NAME)
        return Lock.TAKEN
    _HELD.handles[key] = handle
    return Lock.HELD


def keeps_lock(folder: Path) -> bool:
    """Whether this process still holds the game's lock in `folder`, asked before each write. A lock file that
    was deleted or replaced is locked again where it is now, unless another copy holds that one: then False.
    (Where no lock can be made, as at start-up, the game writes without one.)"""
    key = os.path.abspath(folder)
    with _HELD.guard:
        handle = _HELD.handles.get(key)
        if handle is not None:
            if _locks_the_file_at(handle, folder / LOCK_NAME):
                return True
            del _HELD.handles[key]
            os.close(handle)
            LOG.warning("%s was removed or replaced while the game ran; taking the lock again", folder / LOCK_NAME)
        return hold_lock(folder) is not Lock.TAKEN


def lost_lock(keeps: Callable[[], bool] | None) -> str | None:
    """None while this copy may write (`keeps`, a `keeps_lock` bound to the data folder, says it holds the lock;
    None: no lock to keep); else what to tell the player: nothing more is saved."""
    if keeps is None or keeps():
        return None
    return _(LOCK_LOST)


def _locks_the_file_at(handle: int, path: Path) -> bool:
    """Whether the open lock file `handle` is the file at `path` (True when that cannot be told)."""
    try:
        held, there = os.fstat(handle), os.stat(path)
    except FileNotFoundError:
        return False
    except OSError as error:  # the folder cannot be read now: nothing says the lock was lost
        LOG.debug("cannot check the lock file %s: %s", path, error)
        return True
    return (held.st_dev, held.st_ino) == (there.st_dev, there.st_ino)


if sys.platform == "win32":
    import msvcrt

    def _try_lock(handle: int) -> bool:
        """Lock the file's first byte without waiting: False when another process holds it."""
        os.lseek(handle, 0, os.SEEK_SET)
        try:
            msvcrt.locking(handle, msvcrt.LK_NBLCK, 1)
        except PermissionError:  # "Permission denied": locked by another process
            return False
        return True

else:
    import fcntl

    def _try_lock(handle: int) -> bool:
        """Lock the whole file without waiting: False when another process holds it."""
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True
