"""Babel as `make translations` runs it, for the tests: the texts marked in the source, extracted with the
project's mapping (canasta/locale/babel.cfg); a committed catalogue read back; the placeholder rule."""

from __future__ import annotations

import os
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from canasta.i18n import LOCALE_DIR, placeholders

ROOT = Path(__file__).resolve().parents[2]
MAPPING = LOCALE_DIR / "babel.cfg"
TEMPLATE = LOCALE_DIR / "canasta.pot"


def extract(package: Path) -> Catalog:
    """The template of the texts marked under `package`, as `pybabel extract --mapping-file
    canasta/locale/babel.cfg` makes it from the folder above: files named from there ("canasta/ui/screens/menus.py")."""
    with MAPPING.open(encoding="utf-8") as stream:
        # Babel leaves this function unannotated.
        method_map, options_map = parse_mapping_cfg(stream, str(MAPPING))  # type: ignore[no-untyped-call]
    template = Catalog()
    for filename, lineno, message, comments, context in extract_from_dir(package, method_map, options_map):
        where = os.path.join(package.name, filename).replace(os.sep, "/")
        template.add(message, None, [(where, lineno)], auto_comments=comments, context=context)
    return template


def read(path: Path) -> Catalog:
    """A committed `.pot` or `.po`."""
    with path.open("rb") as stream:
        return read_po(stream)


def texts(message: Message) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The message's English (the singular, then the plural if any) and its translations, one a form."""
    ids = (message.id,) if isinstance(message.id, str) else tuple(message.id)
    strings = (message.string,) if isinstance(message.string, str) else tuple(message.string or ())
    return ids, strings


def placeholders_match(message: Message) -> bool:
    """Whether every translation fills the same `{fields}` as the English (a plural form may drop one the
    English singular also drops: "one card" for 1)."""
    ids, strings = texts(message)
    singular, plural = placeholders(ids[0]), placeholders(ids[-1])
    if singular is None or plural is None:
        return False
    for text in strings:
        found = placeholders(text)
        if found is None or not set(singular) & set(plural) <= set(found) <= set(singular) | set(plural):
            return False
        if len(ids) == 1 and found != singular:
            return False
    return True
