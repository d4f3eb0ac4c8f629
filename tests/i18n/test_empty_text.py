"""The empty text translates to the empty text: gettext gives a catalogue's header (its metadata) for it, which
once reached the statistics screen in Italian for a table entry whose level was empty."""

from __future__ import annotations

import pytest

from canasta.i18n import _, set_language
from canasta.ui.screens.statistics import GroupRecord, StatsFigures, group_rows


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_empty_text_stays_empty_in_every_language(language: str) -> None:
    set_language(language)
    assert _("") == ""


def test_a_statistics_row_with_an_empty_level_shows_no_catalogue_header() -> None:
    set_language("it")
    rows = group_rows(StatsFigures(groups=(GroupRecord(players=4, level="", games_played=1),)))
    shown = " ".join(cell for row in rows for cell in row)
    assert "Project-Id-Version" not in shown and "Content-Type" not in shown, shown
    assert rows[1][0].startswith("4 "), rows[1][0]
