"""One copy of the game keeps the game's files at a time.

The first copy to open the files takes an exclusive lock on `canasta.lock` in the data folder and holds it
for the rest of its life; the system lets go of it when the process ends, however it ends (killed, crashed),
so a lock is never left behind. A copy that finds the lock taken runs read-only (`canasta.storage.keeper`):
it writes nothing, sets nothing aside and removes no temporary file, so it cannot break the first copy's saves.
The lock belongs to the process, not to one object in it: opening the files again in the same process (a
test, a restart of the window) finds it held already. Only the standard library: `fcntl.flock` on POSIX,
`msvcrt.locking` on Windows.
"""

from __future__ import annotations

import enum
import logging
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

LOG = logging.getLogger(__name__)
LOCK_NAME = "canasta.lock"


class Lock(enum.Enum):
    """What this process found when it asked for the lock of a data folder."""

    HELD = "held"  # this process holds it: it keeps the files
    TAKEN = "taken"  # another copy of the game holds it: this one must not write
    UNAVAILABLE = "unavailable"  # no lock can be made there (the folder cannot be written): nothing to protect


@dataclass(slots=True)
class _Held:
    """The lock files this process holds open, by folder (closing one would let go of its lock)."""

    handles: dict[str, int] = field(default_factory=dict)


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
