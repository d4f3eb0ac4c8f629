"""`python -m canasta`: the one entry point (DESIGN.md §7)."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    from canasta.app.cli import run

    return run(sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    raise SystemExit(main())
