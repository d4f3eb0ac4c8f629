"""Reading and writing the game's JSON files safely.

Every write is atomic: the new text goes to a temporary file in the same folder, is flushed and synced to
the disk, and only then renamed over the old file, so a crash or a full disk leaves the previous file whole.
A file that cannot be used (truncated, not JSON, a broken checksum, another format version, a pipe or a
device in its place, far too large) is never deleted: it is renamed to `<name>.damaged-<UTC timestamp>` and
the player gets a message saying so. Reading never waits and never runs out of memory: only regular files
are opened, and at most `MAX_FILE_BYTES` of them are read.
"""

from __future__ import annotations

import codecs
import contextlib
import enum
import errno
import hashlib
import json
import logging
import os
import stat
import tempfile
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Generic, TypeVar

from canasta.i18n import N_, _

LOG = logging.getLogger(__name__)
T = TypeVar("T")
CHECKSUM_KEY = "checksum"
STALE_TEMP_S = 600.0  # a temporary file older than this is a killed write's; a write takes well under a second
MAX_FILE_BYTES = 16 * 2**20  # far above any file the game writes (a long game's save is well under 1 MB)
_CHECKSUM_PREFIX = "sha256:"


class FileKind(enum.Enum):
    """Which of the game's files: the messages name it."""

    SETTINGS = "settings"
    SAVE = "save"
    STATISTICS = "statistics"


class Problem(enum.Enum):
    """What is wrong with a file that cannot be used."""

    DAMAGED = "damaged"  # truncated, not JSON, a broken checksum, contents that do not add up
    OTHER_VERSION = "other_version"  # a format or version this program does not know
    UNREADABLE = "unreadable"  # the file or its folder cannot be read at all


# One whole sentence per file and problem, then one about where the file went (translated where shown).
_PROBLEM_TEXTS: dict[tuple[FileKind, Problem], str] = {
    (FileKind.SAVE, Problem.DAMAGED): N_("The saved game is damaged and cannot be continued."),
    (FileKind.SAVE, Problem.OTHER_VERSION): N_(
        "The saved game was written by another version of Canasta and cannot be continued here."
    ),
    (FileKind.SAVE, Problem.UNREADABLE): N_("The saved game could not be read ({reason})."),
    (FileKind.SETTINGS, Problem.DAMAGED): N_("The settings file is damaged; the usual settings are used."),
    (FileKind.SETTINGS, Problem.OTHER_VERSION): N_(
        "The settings file was written by another version of Canasta; the usual settings are used."
    ),
    (FileKind.SETTINGS, Problem.UNREADABLE): N_(
        "The settings could not be read ({reason}); the usual settings are used."
    ),
    (FileKind.STATISTICS, Problem.DAMAGED): N_("The statistics file is damaged; statistics start again from zero."),
    (FileKind.STATISTICS, Problem.OTHER_VERSION): N_(
        "The statistics file was written by another version of Canasta; statistics start again from zero."
    ),
    (FileKind.STATISTICS, Problem.UNREADABLE): N_(
        "The statistics could not be read ({reason}); statistics start again from zero."
    ),
}
_SET_ASIDE = N_("The file was kept as {name} in {folder}.")
_NOT_SET_ASIDE = N_("The file could not be set aside ({reason}).")
_WRITE_TEXTS: dict[FileKind, str] = {
    FileKind.SAVE: N_("The game could not be saved ({reason}); the last save is kept."),
    FileKind.SETTINGS: N_("The settings could not be saved ({reason}); they apply until Canasta is closed."),
    FileKind.STATISTICS: N_("The statistics could not be saved ({reason})."),
}


@dataclass(frozen=True, slots=True)
class Loaded(Generic[T]):
    """What reading a file gave: the value (None when there was none to use) and, when something was
    wrong, a message for the player and where the unusable file was set aside."""

    value: T | None
    message: str | None = None
    set_aside: Path | None = None


class DocumentError(ValueError):
    """A document's contents are unusable; `problem` says how (the message is for the log)."""

    def __init__(self, message: str, problem: Problem = Problem.DAMAGED) -> None:
        super().__init__(message)
        self.problem = problem


class NotAFileError(DocumentError):
    """What is at a file's path is no file the game could have written: a pipe, a device, or far too large."""


def as_damage(error: Exception) -> DocumentError:
    """Any error a file's contents caused, as damage: a file that trips the program is still only a damaged
    file (what was not a `DocumentError` is logged with its traceback, since it may be a bug)."""
    if isinstance(error, DocumentError):
        return error
    LOG.error("a file's contents caused an unexpected error", exc_info=error)
    return DocumentError(f"{type(error).__name__}: {error}")


# -- writing ---------------------------------------------------------------------------------------------------


def write_text_atomic(path: Path, text: str | bytes) -> None:
    """Replace `path` with `text` atomically. :raises OSError: the old file is then untouched."""
    payload = text.encode("utf-8") if isinstance(text, str) else text
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    temp = Path(temp_name)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(payload)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            temp.unlink()
        raise
    _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable where the system allows syncing a folder (not on Windows)."""
    if os.name != "posix":
        return
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)


def write_json(path: Path, data: Any, *, indent: int | None = None) -> None:
    """Write a JSON document atomically. :raises OSError:"""
    write_text_atomic(path, json.dumps(data, indent=indent, ensure_ascii=False) + "\n")


def write_sealed(path: Path, body: dict[str, Any]) -> None:
    """Write a document with a checksum of its contents, so a flipped bit is caught. :raises OSError:"""
    write_text_atomic(path, sealed_text(body))


def sealed_text(body: dict[str, Any]) -> str:
    """The document as compact JSON with `"checksum"` (SHA-256 of the canonical contents) first."""
    if not body or CHECKSUM_KEY in body:
        raise ValueError("a sealed document is a non-empty object without a checksum of its own")
    canonical = _canonical(body)
    digest = hashlib.sha256(canonical.encode("utf-8")).hexdigest()
    return f'{{"{CHECKSUM_KEY}":"{_CHECKSUM_PREFIX}{digest}",{canonical[1:]}\n'


def seal(body: dict[str, Any]) -> dict[str, Any]:
    """The document with its checksum first, to write in any layout (the checksum is of the contents)."""
    if not body or CHECKSUM_KEY in body:
        raise ValueError("a sealed document is a non-empty object without a checksum of its own")
    digest = hashlib.sha256(_canonical(body).encode("utf-8")).hexdigest()
    return {CHECKSUM_KEY: _CHECKSUM_PREFIX + digest, **body}


def unseal(data: Any) -> dict[str, Any]:
    """The contents of a sealed document. :raises DocumentError: when the checksum is missing or wrong."""
    if not isinstance(data, dict):
        raise DocumentError("the document is not a JSON object")
    body = dict(data)
    checksum = body.pop(CHECKSUM_KEY, None)
    if not isinstance(checksum, str):
        raise DocumentError("the document has no checksum")
    try:
        digest = hashlib.sha256(_canonical(body).encode("utf-8")).hexdigest()
    except (ValueError, RecursionError) as error:
        # Python's reader takes NaN, Infinity, 1e999 and lone surrogate escapes ("\\ud800"), which the game never
        # writes and no checksum is made of: the document is damaged.
        raise DocumentError(f"the contents cannot be checked: {error}") from None
    if checksum != _CHECKSUM_PREFIX + digest:
        raise DocumentError("the checksum does not match the contents")
    return body


def _canonical(body: dict[str, Any]) -> str:
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def write_failure_message(kind: FileKind, error: OSError) -> str:
    """The player's message for a failed write."""
    return _(_WRITE_TEXTS[kind]).format(reason=os_reason(error))


def os_reason(error: OSError) -> str:
    """A short reason a player understands."""
    if error.errno == errno.ENOSPC:
        return _("the disk is full")
    if error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return _("no permission to write there")
    return error.strerror or type(error).__name__


# -- reading ---------------------------------------------------------------------------------------------------


def read_json(path: Path, kind: FileKind, *, read_only: bool = False) -> Loaded[dict[str, Any]]:
    """The JSON object in `path`: `Loaded(None)` when there is no file; a damaged file is set aside.

    Every file the game keeps holds one object, so anything else (`null`, a list, a number) is damage too.
    `read_only` (another copy of the game keeps the files): nothing is removed or set aside, only said.
    """
    if not read_only:
        remove_stale_temps(path)
    try:
        data = parse_json(read_file_bytes(path))
    except FileNotFoundError:
        return Loaded(None)
    except OSError as error:
        LOG.warning("cannot read %s: %s", path, error)
        return Loaded(None, _(_PROBLEM_TEXTS[kind, Problem.UNREADABLE]).format(reason=os_reason(error)))
    except DocumentError as error:
        return reject(path, kind, error, read_only=read_only)
    if not isinstance(data, dict):
        wrong = DocumentError(f"the document is {type(data).__name__}, not a JSON object")
        return reject(path, kind, wrong, read_only=read_only)
    return Loaded(data)


def read_file_bytes(path: Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of the regular file `path`, read without ever waiting on a pipe or a device.

    :raises OSError: when it cannot be read (`FileNotFoundError` when there is none, `IsADirectoryError` for a
        folder); :raises NotAFileError: when it is a pipe, a device or a socket, or larger than `limit` bytes.
    """
    _check_regular(os.stat(path), path, limit)  # before opening: opening a pipe waits for its writer
    # Not waiting even if a pipe took the file's place meanwhile (the flag means nothing to a regular file).
    handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    with os.fdopen(handle, "rb") as stream:
        _check_regular(os.fstat(stream.fileno()), path, limit)
        raw = stream.read(limit + 1)  # a file that grows while read is still refused, never read whole
    if len(raw) > limit:
        raise NotAFileError(_too_large(limit))
    return raw


def _check_regular(found: os.stat_result, path: Path, limit: int) -> None:
    if stat.S_ISDIR(found.st_mode):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
    if not stat.S_ISREG(found.st_mode):
        raise NotAFileError("not a regular file: a pipe, a device or a socket")
    if found.st_size > limit:
        raise NotAFileError(_too_large(limit))


def _too_large(limit: int) -> str:
    return f"larger than {limit // 2**20} MB, far more than any file the game writes"


def parse_json(raw: bytes) -> Any:
    """The JSON value of a file's bytes (after a byte-order mark, which some editors write). :raises DocumentError:
    when they are not JSON."""
    try:
        return json.loads(raw.removeprefix(codecs.BOM_UTF8).decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        raise DocumentError(f"not JSON: {error}") from None


def reject(path: Path, kind: FileKind, error: DocumentError, *, read_only: bool = False) -> Loaded[Any]:
    """Set an unusable file aside and say so; `Loaded(None, message, where)`. With `read_only` the file stays
    where it is (it is another copy of the game's to set aside), and only the first sentence is said."""
    LOG.warning("%s cannot be used (%s): %s", path, error.problem.value, error)
    first = _(_PROBLEM_TEXTS[kind, error.problem])
    if read_only:
        return Loaded(None, first)
    try:
        aside = set_aside(path)
    except OSError as failure:
        LOG.warning("cannot set %s aside: %s", path, failure)
        return Loaded(None, f"{first} {_(_NOT_SET_ASIDE).format(reason=os_reason(failure))}")
    second = _(_SET_ASIDE).format(name=aside.name, folder=str(aside.parent))
    return Loaded(None, f"{first} {second}", aside)


def set_aside(path: Path, now: datetime | None = None) -> Path:
    """Rename `path` to `<name>.damaged-<UTC timestamp>` (never over another file). :raises OSError:"""
    stamp = (now or datetime.now(UTC)).strftime("%Y%m%dT%H%M%SZ")
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    count = 1
    while target.exists():
        count += 1
        target = path.with_name(f"{path.name}.damaged-{stamp}-{count}")
    os.rename(path, target)
    return target


def remove_stale_temps(path: Path, older_than_s: float = STALE_TEMP_S) -> None:
    """Remove temporary files a killed write left beside `path` (they never hold the only copy).

    Only those untouched for `older_than_s`: a younger one may be another process's write in progress (another
    copy of the game, or a program that uses these files without the game's lock), which its rename needs.
    """
    try:
        leftovers = list(path.parent.glob(f".{path.name}.*.tmp"))
    except OSError:
        return
    now = time.time()
    for leftover in leftovers:
        with contextlib.suppress(OSError):
            if now - leftover.stat().st_mtime >= older_than_s:
                leftover.unlink()


def check_document(data: Any, format_name: str, version: int) -> dict[str, Any]:
    """The document if it is an object of this format and version. :raises DocumentError:"""
    if not isinstance(data, dict):
        raise DocumentError("the document is not a JSON object")
    if data.get("format") != format_name:
        raise DocumentError(f"format {data.get('format')!r} is not {format_name!r}")
    found = data.get("version")
    if type(found) is not int:
        raise DocumentError(f"version {found!r} is not a whole number")
    if found != version:
        raise DocumentError(f"version {found} is not {version}", Problem.OTHER_VERSION)
    return data
