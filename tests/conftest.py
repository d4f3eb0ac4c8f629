"""Shared test setup: pygame runs headless, with no window, no sound device and no greeting; every test starts
in English.

This module is imported before any test module, so the variables are set before anything imports pygame (the
modules imported here do not import it).
"""

import os
from collections.abc import Iterator

import pytest

from canasta.i18n import set_language

for _name, _value in (
    ("SDL_VIDEODRIVER", "dummy"),
    ("SDL_AUDIODRIVER", "dummy"),
    ("PYGAME_HIDE_SUPPORT_PROMPT", "1"),
):
    os.environ.setdefault(_name, _value)


@pytest.fixture(autouse=True)
def _english_after_each_test() -> Iterator[None]:
    """Every test starts in English, whichever test ran before it on the same worker (some switch to Italian)."""
    set_language("en")
    yield
    set_language("en")
