"""Every test here starts and ends in English, whatever language a test installed."""

from collections.abc import Iterator

import pytest

from canasta.i18n import set_language


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")
