"""Translations: every text a player sees goes through `_` (or `ngettext` when it counts something).

The language is process-wide, like the logging configuration: `set_language` is called once at start-up from
the settings and again when the player changes it. Until a catalogue is installed, texts are English as written.
"""

from __future__ import annotations

import gettext

DOMAIN = "canasta"


class _Current:
    """The one installed catalogue; a holder so the module itself binds no mutable name."""

    translations: gettext.NullTranslations = gettext.NullTranslations()


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
