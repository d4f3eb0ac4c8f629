"""Numbers with decimals are written the language's way: a point in English, a comma in Italian."""

from __future__ import annotations

import pytest

from canasta.i18n import decimal, set_language


@pytest.mark.parametrize(
    ("value", "places", "english", "italian"),
    [
        (0.6, 1, "0.6", "0,6"),
        (1.5, 1, "1.5", "1,5"),
        (2.0, 1, "2", "2"),
        (1.25, 2, "1.25", "1,25"),
        (1.2, 2, "1.2", "1,2"),
        (1234.56, 1, "1234.6", "1234,6"),
        (123.4, 0, "123", "123"),
        (-0.5, 1, "-0.5", "-0,5"),
        (-0.04, 1, "0", "0"),
    ],
)
def test_a_decimal_reads_with_a_point_in_english_and_a_comma_in_italian(
    value: float, places: int, english: str, italian: str
) -> None:
    assert decimal(value, places) == english
    set_language("it")
    assert decimal(value, places) == italian


def test_one_decimal_is_the_usual_precision() -> None:
    set_language("it")
    assert decimal(0.3) == "0,3" and decimal(2.5) == "2,5" and decimal(1.04) == "1"
