"""Starting commands as a terminal does: with Ctrl-C's default action.

A program started with SIGINT ignored (from a background job of a shell, `nohup`, some CI runners) passes the
ignoring on to every program it starts, and Python then never raises KeyboardInterrupt: a test that sends Ctrl-C
to a command would depend on how the test run itself was started. While a test of Ctrl-C runs, the test's own
process takes Ctrl-C's usual action instead, so the commands it starts get the default action, as at a terminal.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def ctrl_c_as_at_a_terminal() -> Iterator[None]:
    """For the modules that send Ctrl-C to the commands they start (import it there)."""
    before = signal.getsignal(signal.SIGINT)
    if before is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        if before is signal.SIG_IGN:
            signal.signal(signal.SIGINT, before)
