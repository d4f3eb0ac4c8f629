"""The .po reader and the .mo writer of canasta.i18n: what gettext reads back is what was written."""

from __future__ import annotations

import gettext
import io

import pytest

from canasta.i18n import (
    CatalogueError,
    Entry,
    compile_mo,
    header_fields,
    parse_po,
    placeholders,
    placeholders_match,
    translations_from_entries,
)
from canasta.i18n_tools import format_po

HEADER = Entry("", ("Content-Type: text/plain; charset=UTF-8\nPlural-Forms: nplurals=2; plural=(n != 1);\n",))

PO = r"""# A translator's note
#, fuzzy
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

#. Translators: shown on the pile
#: canasta/ui/table_draw.py
#, python-brace-format
msgid "Pile {count}"
msgstr "Pozzo {count}"

msgid "Say \"hi\"\n"
"and go"
msgstr "Di' \"ciao\"\n"
"e vai"

msgid "{count} card"
msgid_plural "{count} cards"
msgstr[0] "{count} carta"
msgstr[1] "{count} carte"
#~ msgid "Old text"
#~ msgstr "Vecchio testo"
"""


def test_a_po_file_is_read_with_its_comments_flags_and_escapes() -> None:
    header, pile, quoted, plural = parse_po(PO)
    assert header.comments == ("A translator's note",) and "fuzzy" in header.flags
    assert header_fields([header])["Plural-Forms"] == "nplurals=2; plural=(n != 1);"
    assert pile.notes == ("Translators: shown on the pile",) and pile.references == ("canasta/ui/table_draw.py",)
    assert pile.flags == frozenset({"python-brace-format"}) and pile.msgstr == ("Pozzo {count}",)
    assert quoted.msgid == 'Say "hi"\nand go' and quoted.msgstr == ('Di\' "ciao"\ne vai',)
    assert plural.msgid_plural == "{count} cards" and plural.msgstr == ("{count} carta", "{count} carte")


def test_writing_what_was_read_gives_the_same_entries() -> None:
    entries = parse_po(PO)
    assert parse_po(format_po(entries)) == entries
    tricky = Entry('Tab\there, back\\slash, "quotes"\nnew line', ("x\ry",))
    assert parse_po(format_po([HEADER, tricky]))[1] == tricky


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ('msgid "a"\nmsgstr "b"\nmsgstr "c"\n', 3),  # msgstr twice
        ('msgid "a"\nmsgstr "b\n', 2),  # unterminated string
        ('msgid "a"\nmsgstr "b\\q"\n', 2),  # unknown escape
        ('msgid "a"\nnonsense\n', 2),
        ('msgctxt "menu"\nmsgid "a"\nmsgstr "b"\n', 1),
    ],
)
def test_a_damaged_po_file_is_refused_naming_the_line(text: str, line: int) -> None:
    with pytest.raises(CatalogueError, match=f"line {line}"):
        parse_po(text)


@pytest.mark.parametrize(
    "text",
    [
        'msgid "a"\nmsgid_plural "as"\nmsgstr "b"\n',  # a plural entry with a plain msgstr
        'msgid "a"\nmsgstr[0] "b"\n',  # plural forms without msgid_plural
        'msgid "a"\nmsgid_plural "as"\nmsgstr[1] "b"\n',  # forms not from 0
        'msgstr "b"\n',  # no msgid
        'msgid "a"\nmsgstr "b"\n\nmsgid "a"\nmsgstr "c"\n',  # the same msgid twice
    ],
)
def test_an_entry_of_the_wrong_shape_is_refused(text: str) -> None:
    with pytest.raises(CatalogueError):
        parse_po(text)


def test_the_compiled_catalogue_reads_back_through_gettext() -> None:
    translations = gettext.GNUTranslations(io.BytesIO(compile_mo(parse_po(PO))))
    assert translations.gettext("Pile {count}") == "Pozzo {count}"
    assert translations.gettext('Say "hi"\nand go') == 'Di\' "ciao"\ne vai'
    assert [translations.ngettext("{count} card", "{count} cards", n) for n in (1, 2)] == [
        "{count} carta",
        "{count} carte",
    ]
    assert translations.gettext("Old text") == "Old text"  # obsolete entries are not compiled


def test_fuzzy_untranslated_and_mismatched_entries_stay_english() -> None:
    entries = [
        HEADER,
        Entry("Fuzzy", ("Sfocato",), flags=frozenset({"fuzzy"})),
        Entry("Empty", ("",)),
        Entry("Half {n}", ("", "Metà {n}"), "Halves {n}"),
        Entry("Hello {name}", ("Ciao {nome}",)),
        Entry("Good {name}", ("Bene {name}",)),
    ]
    translations = translations_from_entries(entries)
    assert [translations.gettext(text) for text in ("Fuzzy", "Empty", "Hello {name}", "Good {name}")] == [
        "Fuzzy",
        "Empty",
        "Hello {name}",
        "Bene {name}",
    ]
    assert translations.ngettext("Half {n}", "Halves {n}", 2) == "Halves {n}"


def test_placeholders_are_compared_by_name() -> None:
    assert placeholders("{b} and {a:+d} {{literal}}") == ["a", "b"]
    assert placeholders("broken {") is None
    assert placeholders_match(Entry("{a} {b}", ("{b} {a}",)))
    assert not placeholders_match(Entry("{a} {b}", ("{a}",)))
    assert not placeholders_match(Entry("{a}", ("{a} {b}",)))
    assert not placeholders_match(Entry("{a}", ("{a",)))
    # A plural form may leave out what the English singular leaves out too, and nothing more.
    one_or_more = Entry("one card in {pile}", ("una carta in {pile}", "{n} carte in {pile}"), "{n} cards in {pile}")
    assert placeholders_match(one_or_more)
    assert not placeholders_match(Entry("{n} card", ("una carta", "carte"), "{n} cards"))
