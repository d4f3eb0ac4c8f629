"""How the engine runs, in words for the log and `--smoke`, and whether a compiled build is older than its sources.

A compiled build (`make compiled`) is older than its sources when a `.py` file of the engine changed after it was
made (an edit, a checkout): it would play the old code, so the log, `--smoke` and the test suite say so. This
module is never compiled, so that it can judge a build made from older sources.
"""

from __future__ import annotations

import os

from canasta.engine import compiled


def stale_sources() -> list[str]:
    """The engine's `.py` files changed since its compiled build was made, relative to the engine's folder (none
    when it runs as Python, or from a packaged app, which carries no sources)."""
    if not compiled.engine_compiled():
        return []
    built = os.path.getmtime(compiled.__file__)  # this module's extension, made with all the others
    folder = os.path.dirname(compiled.__file__)
    changed: list[str] = []
    for where, _, names in os.walk(folder):
        for name in names:
            path = os.path.join(where, name)
            if name.endswith(".py") and os.path.getmtime(path) > built:
                changed.append(os.path.relpath(path, folder).replace(os.sep, "/"))
    return sorted(changed)


def engine_build() -> str:
    """ "compiled (mypyc)" or "pure Python"; a compiled build older than its sources says which changed."""
    if not compiled.engine_compiled():
        return "pure Python"
    changed = stale_sources()
    if not changed:
        return "compiled (mypyc)"
    return f"compiled (mypyc) but older than {', '.join(changed)}: run make compiled again, or make clean"
