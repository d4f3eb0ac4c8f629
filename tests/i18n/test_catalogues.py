"""The committed catalogues: up to date with the source, fully translated, placeholders kept, plural forms
right; choosing the language; a damaged catalogue falling back to English."""

from __future__ import annotations

import logging
import shutil
from pathlib import Path

import pytest

from canasta.i18n import (
    LOCALE_DIR,
    N_,
    SYSTEM,
    Language,
    _,
    available_languages,
    catalogue_path,
    current_language,
    header_fields,
    load_translations,
    ngettext,
    parse_po,
    set_language,
    system_language,
)
from canasta.i18n_tools import check_catalogue, main, without_creation_date

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = LOCALE_DIR / "canasta.pot"
ITALIAN = catalogue_path(Language.ITALIAN, ".po")


def _copy_project(target: Path) -> Path:
    """The package's source and catalogues (nothing else) under `target`."""
    for path in (ROOT / "canasta").rglob("*"):
        if path.is_file() and (path.suffix == ".py" or LOCALE_DIR in path.parents):
            copy = target / path.relative_to(ROOT)
            copy.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, copy)
    return target


def test_the_template_and_the_catalogue_are_up_to_date_with_the_source(tmp_path: Path) -> None:
    copy = _copy_project(tmp_path)
    assert main(["extract", "--root", str(copy)]) == 0, "a text in _() cannot be extracted (see the output)"
    extracted = (copy / TEMPLATE.relative_to(ROOT)).read_text("utf-8")
    assert without_creation_date(extracted) == without_creation_date(TEMPLATE.read_text("utf-8")), (
        "canasta/locale/canasta.pot is out of date: run python -m canasta.i18n_tools extract"
    )
    merged = (copy / ITALIAN.relative_to(ROOT)).read_text("utf-8")
    assert merged == ITALIAN.read_text("utf-8"), "the Italian catalogue is out of date: run extract and translate"


def test_every_text_has_an_italian_translation_with_the_same_placeholders() -> None:
    problems = check_catalogue(parse_po(ITALIAN.read_text("utf-8")), parse_po(TEMPLATE.read_text("utf-8")))
    assert problems == [], "\n".join(problems)


def test_the_italian_catalogue_declares_utf8_and_the_italian_plural_rule() -> None:
    fields = header_fields(parse_po(ITALIAN.read_text("utf-8")))
    assert fields["Plural-Forms"] == "nplurals=2; plural=(n != 1);"
    assert fields["Content-Type"] == "text/plain; charset=UTF-8" and fields["Language"] == "it"


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
        {"canasta.po": b'msgid "It is not your turn."\nmsgstr "Non \xc3\xa8\n'},  # cut off mid-string
        {"canasta.po": b"\xff\xfe not text"},
        {"canasta.mo": b"\x95\x04\x12\xde not a catalogue"},
    ],
)
def test_a_missing_or_damaged_catalogue_falls_back_to_english(
    tmp_path: Path, files: dict[str, bytes], caplog: pytest.LogCaptureFixture
) -> None:
    locale_dir = _locale_with(tmp_path, files)
    with caplog.at_level(logging.WARNING, logger="canasta.i18n"):
        assert set_language("it", locale_dir) is Language.ENGLISH
    assert _("It is not your turn.") == "It is not your turn." and current_language() is Language.ENGLISH
    assert caplog.records, "the fallback is logged"


def test_a_damaged_po_beside_a_good_mo_uses_the_mo(tmp_path: Path) -> None:
    main(["compile", "--out", str(tmp_path / "compiled")])
    good = (tmp_path / "compiled" / "it" / "LC_MESSAGES" / "canasta.mo").read_bytes()
    locale_dir = _locale_with(tmp_path / "locale", {"canasta.po": b'msgid "x"\nmsgstr', "canasta.mo": good})
    assert set_language("it", locale_dir) is Language.ITALIAN
    assert _("It is not your turn.") == "Non è il tuo turno."


def test_a_packaged_app_with_only_the_compiled_catalogue_speaks_italian(tmp_path: Path) -> None:
    main(["compile", "--out", str(tmp_path)])
    translations = load_translations(Language.ITALIAN, tmp_path)
    assert translations is not None and translations.gettext("The hand is over.") == "La mano è finita."


def test_marking_a_text_leaves_it_as_it_is() -> None:
    set_language("it")
    assert N_("The hand is over.") == "The hand is over."
