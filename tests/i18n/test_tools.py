"""The translators' tools: extraction from the source, merging into a catalogue, the check, compiling."""

from __future__ import annotations

import gettext
from pathlib import Path

import pytest

from canasta.i18n import Entry, parse_po
from canasta.i18n_tools import check_catalogue, extract, format_po, main, merge, template_entries

SOURCE = """
from canasta import i18n
from canasta.i18n import N_, N_plural, _, ngettext

LABELS = {"a": N_("Draw"), "b": N_plural("{n} card", "{n} cards")}


def words(count: int, name: str) -> str:
    # Translators: the pile's label under the cards.
    text = _("Pile {count}").format(count=count)
    text += ngettext("{count} canasta", "{count} canastas", count)
    text += i18n._("Draw")
    text += _(name)  # a variable: marked where it is defined
    return text + _(f"Hello {name}")
"""


def _project(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = tmp_path / "canasta" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return tmp_path


def test_extraction_finds_every_marked_literal_with_its_files_and_notes(tmp_path: Path) -> None:
    root = _project(tmp_path, {"ui/words.py": SOURCE, "other.py": 'from canasta.i18n import _\n_("Draw")\n'})
    entries, problems = extract(root)
    by_id = {entry.msgid: entry for entry in entries}
    assert set(by_id) == {"Draw", "{n} card", "Pile {count}", "{count} canasta"}
    assert by_id["Draw"].references == ("canasta/other.py", "canasta/ui/words.py")
    assert by_id["{n} card"].msgid_plural == "{n} cards" and by_id["{n} card"].msgstr == ("", "")
    assert by_id["{count} canasta"].msgid_plural == "{count} canastas"
    assert by_id["Pile {count}"].notes == ("Translators: the pile's label under the cards.",)
    assert "python-brace-format" in by_id["Pile {count}"].flags and not by_id["Draw"].flags
    assert problems == ["canasta/ui/words.py:14: _() of an f-string cannot be translated"]
    # Ordered by first file, then text: moving code within a file does not reorder the template.
    assert [entry.msgid for entry in entries] == ["Draw", "Pile {count}", "{count} canasta", "{n} card"]


def test_a_text_used_with_and_without_a_plural_is_a_problem(tmp_path: Path) -> None:
    root = _project(tmp_path, {"a.py": '_("{n} card")\nngettext("{n} card", "{n} cards", 2)\n'})
    assert extract(root)[1] == ["canasta/a.py:2: '{n} card' is used both with and without a plural"]


def test_merging_keeps_translations_adds_new_texts_and_drops_old_ones() -> None:
    catalogue = [
        Entry("", ("Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n==2 ? 1 : 2);\n",), comments=("Glossary",)),
        Entry("Draw", ("Pesca",), comments=("checked",)),
        Entry("Gone", ("Andato",)),
        Entry("Soon", ("Presto",), flags=frozenset({"fuzzy"})),
    ]
    template = template_entries(
        [Entry("Draw", references=("canasta/a.py",)), Entry("Soon"), Entry("New"), Entry("{n} x", ("", ""), "{n} xs")]
    )
    merged = merge(template, catalogue)
    assert merged[0] == catalogue[0]  # the header and its glossary stay
    assert [(entry.msgid, entry.msgstr) for entry in merged[1:]] == [
        ("Draw", ("Pesca",)),
        ("Soon", ("Presto",)),
        ("New", ("",)),
        ("{n} x", ("", "", "")),  # as many forms as the catalogue's language has
    ]
    assert merged[1].comments == ("checked",) and merged[1].references == ("canasta/a.py",)
    assert "fuzzy" in merged[2].flags


def test_the_check_names_every_kind_of_problem() -> None:
    header = Entry("", ("Content-Type: text/plain; charset=UTF-8\nPlural-Forms: nplurals=2; plural=(n != 1);\n",))
    template = template_entries([Entry(text) for text in ("Draw", "Pass", "Soon", "Hi {name}", "Missing")])
    catalogue = [
        header,
        Entry("Draw", ("Pesca",)),
        Entry("Pass", ("",)),
        Entry("Soon", ("Presto",), flags=frozenset({"fuzzy"})),
        Entry("Hi {name}", ("Ciao {nome}",)),
        Entry("Extra", ("In più",)),
        Entry("{n} x", ("{n} y",), "{n} xs"),
    ]
    problems = check_catalogue(catalogue, template)
    assert problems == [
        "missing (run extract): 'Missing'",
        "not in the template (run extract): 'Extra'",
        "not in the template (run extract): '{n} x'",
        "untranslated: 'Pass'",
        "fuzzy: 'Soon'",
        "placeholders differ: 'Hi {name}' -> ('Ciao {nome}',)",
        "1 plural forms instead of 2: '{n} x'",
    ]
    assert check_catalogue([Entry("", ("",))], template_entries([]))[0].startswith("the header needs")


def test_the_commands_extract_check_and_compile_a_project(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _project(tmp_path, {"a.py": 'from canasta.i18n import _\n_("Draw")\n_("Pass")\n'})
    po = root / "canasta" / "locale" / "it" / "LC_MESSAGES" / "canasta.po"
    po.parent.mkdir(parents=True)
    header = "Content-Type: text/plain; charset=UTF-8\nPlural-Forms: nplurals=2; plural=(n != 1);\n"
    po.write_text(format_po([Entry("", (header,)), Entry("Draw", ("Pesca",))]), encoding="utf-8")
    assert main(["extract", "--root", str(root)]) == 0
    assert [entry.msgid for entry in parse_po((root / "canasta/locale/canasta.pot").read_text("utf-8"))] == [
        "",
        "Draw",
        "Pass",
    ]
    assert main(["check", "--root", str(root)]) == 1
    assert "untranslated: 'Pass'" in capsys.readouterr().err
    po.write_text(po.read_text("utf-8").replace('msgid "Pass"\nmsgstr ""', 'msgid "Pass"\nmsgstr "Passo"'), "utf-8")
    assert main(["check", "--root", str(root)]) == 0
    assert main(["compile", "--root", str(root), "--out", str(tmp_path / "out")]) == 0
    with (tmp_path / "out" / "it" / "LC_MESSAGES" / "canasta.mo").open("rb") as stream:
        compiled = gettext.GNUTranslations(stream)
    assert (compiled.gettext("Draw"), compiled.gettext("Pass")) == ("Pesca", "Passo")


def test_extract_leaves_an_unchanged_template_alone(tmp_path: Path) -> None:
    root = _project(tmp_path, {"a.py": '_("Draw")\n'})
    assert main(["extract", "--root", str(root)]) == 0
    template = root / "canasta" / "locale" / "canasta.pot"
    first = template.read_text("utf-8")
    template.write_text(first.replace("POT-Creation-Date: 20", "POT-Creation-Date: 19"), "utf-8")
    assert main(["extract", "--root", str(root)]) == 0
    assert "POT-Creation-Date: 19" in template.read_text("utf-8")  # only the date differed: not rewritten
