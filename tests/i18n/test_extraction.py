"""The project's Babel mapping (canasta/locale/babel.cfg) finds every kind of marked text, with its files and
the translators' notes; the placeholder rule the catalogue test applies; the `.po` reader the tests use."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.catalog import Message

from canasta.i18n import Entry, parse_po, placeholders
from tests.i18n.catalogues import extract, placeholders_match, texts

SOURCE = """
from canasta import i18n
from canasta.i18n import N_, N_plural, _, ngettext

LABELS = {"a": N_("Draw"), "b": N_plural("{n} card", "{n} cards")}


def words(count: int, name: str) -> str:
    # Translators: the pile's label
    # under the cards.
    text = _("Pile {count}").format(count=count)
    text += ngettext("{count} canasta", "{count} canastas", count)
    text += i18n._("Draw")
    text += _(name)  # a variable: marked where it is defined
    return text + _(f"Hello {name}")
"""


def _package(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = tmp_path / "canasta" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return tmp_path / "canasta"


def test_the_mapping_finds_every_marked_literal_with_its_files_and_notes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    package = _package(tmp_path, {"ui/words.py": SOURCE, "other.py": 'from canasta.i18n import _\n_("Draw")\n'})
    found = {texts(message)[0]: message for message in extract(package) if message.id}
    assert set(found) == {
        ("Draw",),
        ("{n} card", "{n} cards"),
        ("Pile {count}",),
        ("{count} canasta", "{count} canastas"),
    }
    assert sorted({file for file, _line in found["Draw",].locations}) == ["canasta/other.py", "canasta/ui/words.py"]
    assert found["Pile {count}",].auto_comments == ["Translators: the pile's label", "under the cards."]
    assert "python-brace-format" in found["Pile {count}",].flags and not found["Draw",].flags
    assert "words.py:15: warning: Skipping f-string" in capsys.readouterr().err


def test_placeholders_are_compared_by_name() -> None:
    assert placeholders("{b} and {a:+d} {{literal}}") == ["a", "b"]
    assert placeholders("broken {") is None
    assert placeholders_match(Message("{a} {b}", "{b} {a}"))
    assert not placeholders_match(Message("{a} {b}", "{a}"))
    assert not placeholders_match(Message("{a}", "{a} {b}"))
    assert not placeholders_match(Message("{a}", "{a"))
    # A plural form may leave out what the English singular leaves out too, and nothing more.
    one_or_more = Message(("one card in {pile}", "{n} cards in {pile}"), ("una carta in {pile}", "{n} carte in {pile}"))
    assert placeholders_match(one_or_more)
    assert not placeholders_match(Message(("{n} card", "{n} cards"), ("una carta", "carte")))


PO = r"""# A translator's note
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

#. Translators: shown on the pile
#: canasta/ui/table/drawing/drawer.py canasta/ui/table/scene.py:12 canasta/ui/table/drawing/drawer.py
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


def test_the_tests_read_a_po_file_with_its_notes_files_flags_and_escapes() -> None:
    header, pile, quoted, plural = parse_po(PO)
    assert header.msgid == "" and "Plural-Forms: nplurals=2" in header.msgstr[0]
    assert pile == Entry(
        "Pile {count}",
        ("Pozzo {count}",),
        flags=frozenset({"python-brace-format"}),
        notes=("Translators: shown on the pile",),
        references=("canasta/ui/table/drawing/drawer.py", "canasta/ui/table/scene.py"),
    )
    assert quoted.msgid == 'Say "hi"\nand go' and quoted.msgstr == ('Di\' "ciao"\ne vai',)
    assert plural.msgid_plural == "{count} cards" and plural.msgstr == ("{count} carta", "{count} carte")
