"""Whether the engine runs compiled: as C extensions that mypyc built from its `.py` files (`make compiled`), or
as those `.py` files themselves. Both play the same games; the compiled engine plays them faster.
`canasta.engine_build` says which in words, and whether a compiled build is older than its sources."""

from __future__ import annotations

import types


def _probe() -> None:
    """A function of this module: a Python function when the module runs as Python, a built-in one compiled."""


def engine_compiled() -> bool:
    """True when the engine's modules run as compiled extensions (this one is built with all of them)."""
    return not isinstance(_probe, types.FunctionType)
