"""Shared test setup: pygame runs headless, with no window, no sound device and no greeting; every test starts
in English.

This module is imported before any test module, so the variables are set before anything imports pygame (the
modules imported here do not import it).
"""

import os
import random
import zlib
from collections.abc import Iterator

import pytest

from canasta.engine_build import stale_sources
from canasta.i18n import set_language

for _name, _value in (
    ("SDL_VIDEODRIVER", "dummy"),
    ("SDL_AUDIODRIVER", "dummy"),
    ("PYGAME_HIDE_SUPPORT_PROMPT", "1"),
):
    os.environ.setdefault(_name, _value)


def pytest_sessionstart(session: pytest.Session) -> None:
    """A compiled engine older than its sources would test the old code: the run stops at once and says so."""
    changed = stale_sources()
    if changed:
        pytest.exit(
            f"the compiled engine is older than {', '.join(changed)}: run make compiled again, or make clean", 2
        )


@pytest.fixture(autouse=True)
def _english_after_each_test() -> Iterator[None]:
    """Every test starts in English, whichever test ran before it on the same worker (some switch to Italian)."""
    set_language("en")
    yield
    set_language("en")


@pytest.fixture(autouse=True)
def _the_same_chance_every_run(request: pytest.FixtureRequest) -> None:
    """The global random stream starts from a seed of the test's own name, so that whatever draws from it (the
    new-game screen's random deal number, say) draws the same in every run, in any order, on any worker."""
    random.seed(zlib.crc32(request.node.nodeid.encode()))
