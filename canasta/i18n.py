"""Translations: every text a player sees goes through `_` (or `ngettext` when it counts something).

The language is process-wide, like the logging configuration: `set_language` is called once at start-up from
the settings and again when the player changes it. Until a catalogue is installed, texts are English as written.

The catalogues are gettext `.po` files in `canasta/locale/<language>/LC_MESSAGES/`. A source checkout (and an
installed package) reads the `.po` itself, compiled in memory when the language is set, so it can never be
out of date; a packaged app may carry only the `.mo` that the build compiled from it
(`python -m canasta.i18n_tools compile`). A missing or damaged catalogue leaves the game in English, with a
warning in the log, never an error.
"""

from __future__ import annotations

import enum
import gettext
import io
import locale
import logging
import os
import re
import string
import struct
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

DOMAIN = "canasta"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
SYSTEM = "system"  # the language choice that follows the system's locale

LOG = logging.getLogger(__name__)


class Language(enum.StrEnum):
    """The languages the game speaks; the values are the catalogue folder names."""

    ENGLISH = "en"
    ITALIAN = "it"


# Each language in its own name: a player looking for his language must recognise it whatever is shown now.
NATIVE_NAMES = {Language.ENGLISH: "English", Language.ITALIAN: "Italiano"}


class _Current:
    """The one installed catalogue; a holder so the module itself binds no mutable name."""

    translations: gettext.NullTranslations = gettext.NullTranslations()
    language: Language = Language.ENGLISH


def install(translations: gettext.NullTranslations) -> None:
    """Make `translations` the catalogue every later `_` call reads."""
    _Current.translations = translations


def _(text: str) -> str:
    """The text in the player's language."""
    return _Current.translations.gettext(text)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The singular or plural form for `count`, by the language's own plural rule."""
    return _Current.translations.ngettext(singular, plural, count)


def N_(text: str) -> str:
    """Marks a text for translation where it is defined; `_` translates it where it is shown."""
    return text


def N_plural(singular: str, plural: str) -> tuple[str, str]:
    """Marks a singular and plural pair defined in a table; `ngettext(*pair, count)` translates it."""
    return singular, plural


# The decimal separator of each language (English writes "1.5 s", Italian "1,5 s").
DECIMAL_SEPARATORS = {Language.ENGLISH: ".", Language.ITALIAN: ","}


def decimal(value: float, places: int = 1) -> str:
    """`value` for the player, in the current language: at most `places` decimals, trailing zeros dropped
    ("0.6", "2", "1.25"; Italian "0,6", "2", "1,25"). The one place a number with decimals is written."""
    text = f"{value:.{max(0, places)}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    if text == "-0":  # a small negative value rounded away
        text = "0"
    return text.replace(".", DECIMAL_SEPARATORS[_Current.language])


# -- choosing the language ------------------------------------------------------------------------------------


def set_language(choice: str, locale_dir: Path | None = None) -> Language:
    """Install the catalogue for `choice` ("en", "it" or "system") and return the language now in effect.

    An unknown choice, or a catalogue that is missing or damaged, gives English and a logged warning.
    """
    wanted = system_language() if choice == SYSTEM else _known_language(choice)
    translations = load_translations(wanted, locale_dir or LOCALE_DIR)
    language = wanted if translations is not None else Language.ENGLISH
    install(translations or gettext.NullTranslations())
    _Current.language = language
    return language


def current_language() -> Language:
    """The language the texts are in now."""
    return _Current.language


def available_languages() -> tuple[tuple[str, str], ...]:
    """The choices for the settings as (code, name): following the system first, then each language."""
    return ((SYSTEM, _("System language")), *((language.value, NATIVE_NAMES[language]) for language in Language))


def _known_language(choice: str) -> Language:
    try:
        return Language(choice)
    except ValueError:
        LOG.warning("Unknown language %r: using English", choice)
        return Language.ENGLISH


def system_language(
    environ: Mapping[str, str] | None = None, fallback: Callable[[], str | None] | None = None
) -> Language:
    """The system's language: Italian when its locale names Italian, else English.

    The locale comes from the first of LANGUAGE (its first entry), LC_ALL, LC_MESSAGES and LANG that is set,
    as gettext reads them; without any, from `locale.getlocale()` (on Windows, "Italian_Italy").
    """
    environ = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "").split(":")[0].strip()
        if value:
            return _language_of(value)
    return _language_of((fallback or _locale_name)() or "")


def _locale_name() -> str | None:
    try:
        return locale.getlocale()[0]
    except ValueError:  # an unparsable locale setting in the environment
        return None


def _language_of(locale_name: str) -> Language:
    return Language.ITALIAN if locale_name.lower().startswith("it") else Language.ENGLISH


# -- loading catalogues ---------------------------------------------------------------------------------------


def catalogue_path(language: Language, suffix: str, locale_dir: Path = LOCALE_DIR) -> Path:
    """Where the catalogue of `language` is kept: suffix ".po" (the source) or ".mo" (compiled)."""
    return locale_dir / language.value / "LC_MESSAGES" / f"{DOMAIN}{suffix}"


def load_translations(language: Language, locale_dir: Path = LOCALE_DIR) -> gettext.NullTranslations | None:
    """The catalogue of `language` (English needs none), or None when it is missing or damaged (logged)."""
    if language is Language.ENGLISH:
        return gettext.NullTranslations()
    for suffix, read in ((".po", _read_po), (".mo", _read_mo)):
        path = catalogue_path(language, suffix, locale_dir)
        if not path.is_file():
            continue
        try:
            return read(path)
        # A damaged catalogue must never stop the game: any of these means "cannot use this file".
        except (OSError, ValueError, LookupError, struct.error, RecursionError) as error:
            LOG.warning("The %s catalogue %s is damaged (%s)", language.value, path, error)
    LOG.warning("No usable catalogue for %r in %s: the texts stay in English", language.value, locale_dir)
    return None


def _read_po(path: Path) -> gettext.GNUTranslations:
    return translations_from_entries(parse_po(path.read_text(encoding="utf-8")))


def _read_mo(path: Path) -> gettext.GNUTranslations:
    with path.open("rb") as stream:
        return gettext.GNUTranslations(stream)


def translations_from_entries(entries: Iterable[Entry]) -> gettext.GNUTranslations:
    """A gettext catalogue of the translated entries, as if read from the compiled `.mo`."""
    return gettext.GNUTranslations(io.BytesIO(compile_mo(entries)))


# -- the .po format -------------------------------------------------------------------------------------------


class CatalogueError(ValueError):
    """A `.po` file that cannot be read; the message names the line."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One message of a catalogue: `msgstr` holds one text, or one per plural form when `msgid_plural` is set."""

    msgid: str
    msgstr: tuple[str, ...] = ("",)
    msgid_plural: str | None = None
    flags: frozenset[str] = frozenset()
    comments: tuple[str, ...] = ()  # the translator's, kept across merges
    notes: tuple[str, ...] = ()  # from the source ("#." lines), written by extraction
    references: tuple[str, ...] = ()  # the source files ("#:" lines)

    @property
    def translated(self) -> bool:
        return all(self.msgstr) and "fuzzy" not in self.flags


@dataclass(slots=True)
class _Builder:
    """The entry being read: its comments so far and its quoted strings by keyword."""

    line: int = 0
    comments: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    references: list[str] = field(default_factory=list)
    flags: set[str] = field(default_factory=set)
    strings: dict[str, list[str]] = field(default_factory=dict)
    last: str | None = None  # the keyword a continuation line extends


_KEYWORD = re.compile(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s+(".*)$')
_QUOTED = re.compile(r'^"((?:[^"\\]|\\.)*)"\s*$')
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\"}


def parse_po(text: str) -> tuple[Entry, ...]:
    """The entries of a `.po` file (the header, msgid "", first when present). :raises CatalogueError:"""
    entries: list[Entry] = []
    builder = _Builder()
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if builder.strings and (not line or line.startswith(("#", "msgid "))):
            entries.append(_finish(builder))
            builder = _Builder()
        if not line or line.startswith(("#~", "#|")):  # blank, obsolete or previous-text lines
            continue
        builder.line = builder.line or number
        _read_line(builder, line, number)
    if builder.strings:
        entries.append(_finish(builder))
    _check_unique(entries)
    return tuple(entries)


def _read_line(builder: _Builder, line: str, number: int) -> None:
    if line.startswith("#"):
        _read_comment(builder, line)
        return
    match = _KEYWORD.match(line)
    if match:
        keyword, quoted = match.groups()
        if keyword == "msgctxt":
            raise CatalogueError(f"line {number}: message contexts (msgctxt) are not used by this game")
        if keyword in builder.strings:
            raise CatalogueError(f"line {number}: {keyword} given twice")
        builder.strings[keyword] = [_unquote(quoted, number)]
        builder.last = keyword
    elif line.startswith('"') and builder.last is not None:
        builder.strings[builder.last].append(_unquote(line, number))
    else:
        raise CatalogueError(f"line {number}: cannot read {line[:40]!r}")


def _read_comment(builder: _Builder, line: str) -> None:
    kind, rest = line[:2], line[2:].strip()
    if kind == "#,":
        builder.flags.update(flag.strip() for flag in rest.split(",") if flag.strip())
    elif kind == "#.":
        builder.notes.append(rest)
    elif kind == "#:":
        builder.references.extend(rest.split())
    else:
        builder.comments.append(line[2:] if line.startswith("# ") else line[1:])


def _unquote(quoted: str, number: int) -> str:
    match = _QUOTED.match(quoted.strip())
    if match is None:
        raise CatalogueError(f"line {number}: a string must be one quoted text: {quoted[:40]!r}")

    def unescape(escape: re.Match[str]) -> str:
        char = escape.group(1)
        if char not in _ESCAPES:
            raise CatalogueError(f"line {number}: unknown escape \\{char}")
        return _ESCAPES[char]

    return re.sub(r"\\(.)", unescape, match.group(1))


def _finish(builder: _Builder) -> Entry:
    strings = {keyword: "".join(parts) for keyword, parts in builder.strings.items()}
    where = f"entry at line {builder.line}"
    if "msgid" not in strings:
        raise CatalogueError(f"{where}: no msgid")
    plural = strings.get("msgid_plural")
    forms = sorted(keyword for keyword in strings if keyword.startswith("msgstr["))
    if plural is None:
        if "msgstr" not in strings or forms:
            raise CatalogueError(f"{where}: a message without msgid_plural needs one plain msgstr")
        msgstr: tuple[str, ...] = (strings["msgstr"],)
    else:
        expected = [f"msgstr[{index}]" for index in range(len(forms))]
        if not forms or "msgstr" in strings or sorted(expected) != forms:
            raise CatalogueError(f"{where}: a plural message needs msgstr[0], msgstr[1], ... in order")
        msgstr = tuple(strings[keyword] for keyword in expected)
    return Entry(
        strings["msgid"], msgstr, plural, frozenset(builder.flags), tuple(builder.comments), tuple(builder.notes),
        tuple(builder.references),
    )  # fmt: skip


def _check_unique(entries: list[Entry]) -> None:
    seen: set[str] = set()
    for entry in entries:
        if entry.msgid in seen:
            raise CatalogueError(f"msgid {entry.msgid!r} appears twice")
        seen.add(entry.msgid)


def header_fields(entries: Iterable[Entry]) -> dict[str, str]:
    """The header's "Name: value" lines (Plural-Forms, Language, ...), from the entry with msgid ""."""
    for entry in entries:
        if entry.msgid == "":
            pairs = (line.split(":", 1) for line in entry.msgstr[0].splitlines() if ":" in line)
            return {name.strip(): value.strip() for name, value in pairs}
    return {}


def placeholders(text: str) -> list[str] | None:
    """The `{name}` fields of a format text, sorted; None when it is not a valid format text."""
    try:
        return sorted(name for _, name, _, _ in string.Formatter().parse(text) if name is not None)
    except ValueError:
        return None


def placeholders_match(entry: Entry) -> bool:
    """Whether every translation fills the same `{fields}` as the English (a plural form may drop one the
    English singular also drops: "one card" for 1)."""
    if entry.msgid == "":
        return True
    singular, plural = placeholders(entry.msgid), placeholders(entry.msgid_plural or entry.msgid)
    if singular is None or plural is None:
        return False
    for text in entry.msgstr:
        found = placeholders(text)
        if found is None or not set(singular) & set(plural) <= set(found) <= set(singular) | set(plural):
            return False
        if entry.msgid_plural is None and found != singular:
            return False
    return True


def compile_mo(entries: Iterable[Entry]) -> bytes:
    """The GNU `.mo` form of the entries that are translated, not fuzzy, and fill the right placeholders
    (with the header, whose Plural-Forms and charset gettext reads)."""
    table: dict[bytes, bytes] = {}
    for entry in entries:
        usable = entry.msgid == "" or (entry.translated and placeholders_match(entry))
        if not usable:
            continue
        key = entry.msgid if entry.msgid_plural is None else f"{entry.msgid}\0{entry.msgid_plural}"
        table[key.encode("utf-8")] = "\0".join(entry.msgstr).encode("utf-8")
    return _mo_bytes(table)


def _mo_bytes(table: dict[bytes, bytes]) -> bytes:
    """The `.mo` layout: a header, the tables of (length, offset) of the sorted originals and of their
    translations, then the strings, each ending in a NUL (the format's own documentation describes it)."""
    keys = sorted(table)
    count = len(keys)
    originals_at = 7 * 4
    translations_at = originals_at + 8 * count
    data_at = translations_at + 8 * count
    data = bytearray()
    originals: list[int] = []
    translations: list[int] = []
    for offsets, pieces in ((originals, keys), (translations, [table[key] for key in keys])):
        for piece in pieces:
            offsets += [len(piece), data_at + len(data)]
            data += piece + b"\0"
    head = struct.pack("<7I", 0x950412DE, 0, count, originals_at, translations_at, 0, data_at)
    return head + struct.pack(f"<{2 * count}I", *originals) + struct.pack(f"<{2 * count}I", *translations) + data
