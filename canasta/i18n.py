"""Translations: every text a player sees goes through `_` (or `ngettext` when it counts something).

The language is process-wide, like the logging configuration: `set_language` is called once at start-up from
the settings and again when the player changes it. Until a catalogue is installed, texts are English as written.

The game reads the compiled catalogues, `canasta/locale/<language>/LC_MESSAGES/canasta.mo`, with the standard
library's gettext. They are committed beside the `.po` they are compiled from; `make translations` extracts
the texts, updates each `.po` and compiles it, with Babel (a development tool, never needed to play). A missing
or damaged catalogue leaves the game in English, with a warning in the log, never an error.
"""

from __future__ import annotations

import enum
import gettext
import io
import locale
import logging
import os
import string
import struct
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from babel.messages.catalog import Message

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
    """The text in the player's language. The empty text stays empty: gettext would give the catalogue's header
    (its metadata) for it."""
    return _Current.translations.gettext(text) if text else ""


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


def catalogue_path(language: Language, suffix: str = ".mo", locale_dir: Path = LOCALE_DIR) -> Path:
    """Where the catalogue of `language` is kept: suffix ".mo" (compiled, what the game reads) or ".po" (its
    source, for translators)."""
    return locale_dir / language.value / "LC_MESSAGES" / f"{DOMAIN}{suffix}"


def load_translations(language: Language, locale_dir: Path = LOCALE_DIR) -> gettext.NullTranslations | None:
    """The compiled catalogue of `language` (English needs none), or None when it is missing or damaged (logged)."""
    if language is Language.ENGLISH:
        return gettext.NullTranslations()
    path = catalogue_path(language, ".mo", locale_dir)
    try:
        with path.open("rb") as stream:
            return gettext.GNUTranslations(stream)
    except FileNotFoundError:
        LOG.warning("No catalogue for %r at %s: the texts stay in English", language.value, path)
    # A damaged catalogue must never stop the game: any of these means "cannot use this file".
    except (OSError, ValueError, LookupError, struct.error, RecursionError) as error:
        LOG.warning("The %s catalogue %s is damaged (%s): the texts stay in English", language.value, path, error)
    return None


def placeholders(text: str) -> list[str] | None:
    """The `{name}` fields of a format text, sorted; None when it is not a valid format text."""
    try:
        return sorted(name for _, name, _, _ in string.Formatter().parse(text) if name is not None)
    except ValueError:
        return None


# -- reading a .po, for the tests ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Entry:
    """One message of a `.po` or `.pot`: `msgstr` holds one text, or one per plural form when `msgid_plural` is
    set; `references` are the source files that use it."""

    msgid: str
    msgstr: tuple[str, ...] = ("",)
    msgid_plural: str | None = None
    flags: frozenset[str] = frozenset()
    notes: tuple[str, ...] = ()  # for the translators, from the source ("#." lines)
    references: tuple[str, ...] = ()


def parse_po(text: str) -> tuple[Entry, ...]:
    """The entries of a `.po` or `.pot` text (the header, msgid "", first), for tests that read the catalogues.

    The game never calls this: it reads only the compiled `.mo`. Babel, a development tool (the `test` extra),
    reads the text, so it is imported here only when called.
    """
    from babel.messages.pofile import read_po

    return tuple(_entry(message) for message in read_po(io.StringIO(text)))


def _entry(message: Message) -> Entry:
    ids = (message.id,) if isinstance(message.id, str) else tuple(message.id)
    texts = (message.string,) if isinstance(message.string, str) else tuple(message.string or ())
    files = tuple(dict.fromkeys(file for file, _line in message.locations))
    plural = ids[1] if len(ids) > 1 else None
    return Entry(ids[0], texts, plural, frozenset(message.flags), tuple(message.auto_comments), files)
