"""`python -m canasta`: the one entry point (README, "Commands"), also of the packaged app."""

from __future__ import annotations

import logging
import multiprocessing
import os
import platform
import sys


def main(argv: list[str] | None = None) -> int:
    # In a packaged app, worker processes (`sim --jobs`, `tune --jobs`) start this same executable: this turns
    # such a start into the worker it should be, and does nothing otherwise.
    multiprocessing.freeze_support()
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no greeting from pygame on the console
    from canasta.app.logs import setup_logging

    args = sys.argv[1:] if argv is None else argv
    log_file = setup_logging()  # a file in the user's log folder when packaged or without a console
    log = logging.getLogger("canasta")
    if log_file is not None:
        from canasta import __version__
        from canasta.engine_build import engine_build

        log.info("Canasta %s, Python %s on %s, engine %s; arguments: %s", __version__, platform.python_version(),
                 platform.platform(), engine_build(), args)  # fmt: skip
    try:
        from canasta.app.cli import run

        return run(args)
    except BrokenPipeError:
        # Whoever read our output stopped reading (`canasta referee < moves | head -1`): stop without a traceback.
        if log_file is not None:
            log.info("Canasta stopped: its output was closed", exc_info=True)
        _silence_stdout()
        print("canasta: the output was closed before the command finished", file=sys.stderr)
        return 1
    except Exception:
        if log_file is not None:  # nobody may see the traceback: keep it in the log as well
            log.exception("Canasta stopped because of an error")
        raise


def _silence_stdout() -> None:
    """Point standard output at nothing, so that flushing it at exit does not fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass  # not a real file (tests capture it): nothing will flush to a closed pipe


if __name__ == "__main__":
    raise SystemExit(main())
