"""How the engine runs, in words for the log and `--smoke`, and whether a compiled build is older than its sources.

A compiled build (`make compiled`: the engine and the computer players) is older than its sources when a compiled
module's `.py` file changed after it was made (an edit, a checkout): it would play the old code, so the log,
`--smoke` and the test suite say so. This module is never compiled, so that it can judge a build made from older
sources.
"""

from __future__ import annotations

import os

from canasta.engine import compiled

EXTENSIONS = (".so", ".pyd")  # a compiled module's file ends so (with its platform's tag before)


def stale_sources() -> list[str]:
    """The `.py` files changed since the compiled build was made, relative to the `canasta` folder (none when the
    engine runs as Python, or from a packaged app, which carries no sources). A module is compiled where an
    extension lies beside its `.py` file."""
    if not compiled.engine_compiled():
        return []
    built = os.path.getmtime(compiled.__file__)  # the engine's module of that name, built with all the others
    top = os.path.dirname(os.path.dirname(os.path.dirname(compiled.__file__)))  # the folder of `canasta`
    changed: list[str] = []
    for where, _, names in os.walk(os.path.join(top, "canasta")):
        stems = {name.split(".", 1)[0] for name in names if name.endswith(EXTENSIONS)}
        for name in names:
            path = os.path.join(where, name)
            if name.endswith(".py") and name[:-3] in stems and os.path.getmtime(path) > built:
                changed.append(os.path.relpath(path, os.path.join(top, "canasta")).replace(os.sep, "/"))
    return sorted(changed)


def engine_build() -> str:
    """ "compiled (mypyc)" or "pure Python"; a compiled build older than its sources says which changed."""
    if not compiled.engine_compiled():
        return "pure Python"
    changed = stale_sources()
    if not changed:
        return "compiled (mypyc)"
    return f"compiled (mypyc) but older than {', '.join(changed)}: run make compiled again, or make clean"
