"""The committed catalogues: up to date with the source, fully translated, placeholders kept, plural forms
right, the compiled `.mo` the one the `.po` gives; choosing the language; a missing or damaged `.mo` falling
back to English."""

from __future__ import annotations

import io
import logging
import shutil
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import read_mo, write_mo

from canasta.i18n import (
    N_,
    SYSTEM,
    Language,
    _,
    available_languages,
    catalogue_path,
    current_language,
    load_translations,
    ngettext,
    set_language,
    system_language,
)
from tests.i18n.catalogues import ROOT, TEMPLATE, extract, placeholders_match, read, texts

ITALIAN_PO = catalogue_path(Language.ITALIAN, ".po")
ITALIAN_MO = catalogue_path(Language.ITALIAN, ".mo")
RUN = "run make translations"

Summary = dict[tuple[str, ...], tuple[list[str], str, list[str]]]


def _summary(catalogue: Catalog) -> Summary:
    """Each message's English, by its files, its note for the translators and its format flag: what the
    source decides, without the line numbers, the dates and the translations (a long note is written on
    several lines)."""
    return {
        texts(message)[0]: (
            sorted({file for file, _line in message.locations}),
            " ".join(message.auto_comments),
            sorted(message.flags - {"fuzzy"}),
        )
        for message in catalogue
        if message.id
    }


def test_the_template_is_up_to_date_with_the_source(capsys: pytest.CaptureFixture[str]) -> None:
    extracted = _summary(extract(ROOT / "canasta"))
    committed = _summary(read(TEMPLATE))
    assert sorted(extracted.keys() - committed.keys()) == [], f"texts missing from canasta/locale/canasta.pot: {RUN}"
    assert sorted(committed.keys() - extracted.keys()) == [], f"texts no longer in the source: {RUN}"
    assert extracted == committed, f"files or notes differ: {RUN}"
    assert "warning" not in capsys.readouterr().err, "a marked text cannot be extracted (an f-string?)"


def test_the_italian_catalogue_is_up_to_date_with_the_template() -> None:
    catalogue = read(ITALIAN_PO)
    assert _summary(catalogue) == _summary(read(TEMPLATE)), f"the Italian catalogue is behind the template: {RUN}"
    assert not catalogue.obsolete, f"old texts are kept in the Italian catalogue: {RUN}"


def test_every_text_has_an_italian_translation_with_the_same_placeholders() -> None:
    catalogue = read(ITALIAN_PO)
    problems = []
    for message in catalogue:
        ids, strings = texts(message)
        if not message.id:
            continue
        if message.fuzzy or not all(strings):
            problems.append(f"untranslated or fuzzy: {ids[0]!r}")
        elif len(strings) != (catalogue.num_plurals if message.pluralizable else 1):
            problems.append(f"{len(strings)} plural forms instead of {catalogue.num_plurals}: {ids[0]!r}")
        elif not placeholders_match(message):
            problems.append(f"placeholders differ: {ids[0]!r} -> {strings!r}")
    assert problems == [], "\n".join(problems)


def test_the_committed_mo_is_what_compiling_the_po_gives() -> None:
    compiled = io.BytesIO()
    write_mo(compiled, read(ITALIAN_PO))
    compiled.seek(0)
    with ITALIAN_MO.open("rb") as stream:
        committed = read_mo(stream)
    expected = read_mo(compiled)
    assert _translations(committed) == _translations(expected), f"canasta.mo is not compiled from canasta.po: {RUN}"
    assert committed.plural_forms == expected.plural_forms and len(committed) == len(read(ITALIAN_PO))


def _translations(catalogue: Catalog) -> dict[tuple[str, ...], tuple[str, ...]]:
    """English to translations, without the header (it names the Babel version that compiled it)."""
    return {ids: strings for ids, strings in map(texts, catalogue) if ids[0]}


def test_the_italian_catalogue_declares_its_language_and_the_italian_plural_rule() -> None:
    catalogue = read(ITALIAN_PO)
    assert str(catalogue.locale) == "it" and catalogue.charset == "utf-8"
    assert catalogue.plural_forms == "nplurals=2; plural=(n != 1);"


@pytest.mark.parametrize(
    ("language", "forms"),
    [
        ("en", {0: "0 canastas", 1: "1 canasta", 2: "2 canastas", 21: "21 canastas"}),
        ("it", {0: "0 canaste", 1: "1 canasta", 2: "2 canaste", 21: "21 canaste"}),
    ],
)
def test_plural_forms_follow_each_languages_rule(language: str, forms: dict[int, str]) -> None:
    set_language(language)
    assert {n: ngettext("{count} canasta", "{count} canastas", n).format(count=n) for n in forms} == forms


def test_choosing_italian_translates_and_choosing_english_restores() -> None:
    assert set_language("it") is Language.ITALIAN and current_language() is Language.ITALIAN
    assert _("It is not your turn.") == "Non è il tuo turno."
    assert _("New game") == "Nuova partita"
    assert _("A text nobody translated") == "A text nobody translated"
    assert set_language("en") is Language.ENGLISH
    assert _("It is not your turn.") == "It is not your turn."


def test_the_settings_list_the_system_choice_then_each_language_in_its_own_name() -> None:
    set_language("it")
    assert available_languages() == ((SYSTEM, "Lingua del sistema"), ("en", "English"), ("it", "Italiano"))


@pytest.mark.parametrize(
    ("environ", "locale_name", "expected"),
    [
        ({"LANGUAGE": "it:en", "LANG": "en_GB.UTF-8"}, None, Language.ITALIAN),
        ({"LANGUAGE": "", "LC_ALL": "it_IT.UTF-8"}, None, Language.ITALIAN),
        ({"LC_ALL": "C", "LANG": "it_IT.UTF-8"}, None, Language.ENGLISH),  # the first one set decides
        ({"LC_MESSAGES": "it_CH", "LANG": "de_DE"}, None, Language.ITALIAN),
        ({"LANG": "en_US.UTF-8"}, "it_IT", Language.ENGLISH),
        ({}, "Italian_Italy", Language.ITALIAN),  # what Windows reports
        ({}, "fr_FR", Language.ENGLISH),
        ({}, None, Language.ENGLISH),
    ],
)
def test_the_system_language_comes_from_the_locale(
    environ: dict[str, str], locale_name: str | None, expected: Language
) -> None:
    assert system_language(environ, lambda: locale_name) is expected


def test_an_unknown_choice_gives_english_with_a_warning(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="canasta.i18n"):
        assert set_language("klingon") is Language.ENGLISH
    assert "klingon" in caplog.text


def _locale_with(tmp_path: Path, files: dict[str, bytes]) -> Path:
    folder = tmp_path / "it" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    for name, data in files.items():
        (folder / name).write_bytes(data)
    return tmp_path


@pytest.mark.parametrize(
    "files",
    [
        {},  # no catalogue at all
        {"canasta.po": ITALIAN_PO.read_bytes()},  # the source alone: the game reads only the compiled .mo
        {"canasta.mo": b"\x95\x04\x12\xde not a catalogue"},
        {"canasta.mo": ITALIAN_MO.read_bytes()[:200]},  # cut off
        {"canasta.mo": b""},
    ],
    ids=["nothing", "po-only", "garbage", "cut-off", "empty"],
)
def test_a_missing_or_damaged_catalogue_falls_back_to_english(
    tmp_path: Path, files: dict[str, bytes], caplog: pytest.LogCaptureFixture
) -> None:
    locale_dir = _locale_with(tmp_path, files)
    with caplog.at_level(logging.WARNING, logger="canasta.i18n"):
        assert set_language("it", locale_dir) is Language.ENGLISH
    assert _("It is not your turn.") == "It is not your turn." and current_language() is Language.ENGLISH
    assert "stay in English" in caplog.text, "the fallback is logged"


def test_a_packaged_app_carries_only_the_compiled_catalogue_and_speaks_italian(tmp_path: Path) -> None:
    shutil.copyfile(ITALIAN_MO, _locale_with(tmp_path, {}) / "it" / "LC_MESSAGES" / "canasta.mo")
    translations = load_translations(Language.ITALIAN, tmp_path)
    assert translations is not None and translations.gettext("The hand is over.") == "La mano è finita."
    assert set_language("it", tmp_path) is Language.ITALIAN and _("New game") == "Nuova partita"


def test_the_game_ships_the_compiled_catalogue_of_every_language() -> None:
    assert all(catalogue_path(language).is_file() for language in Language if language is not Language.ENGLISH)


def test_marking_a_text_leaves_it_as_it_is() -> None:
    set_language("it")
    assert N_("The hand is over.") == "The hand is over."
