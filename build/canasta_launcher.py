"""The packaged app's entry script (`build/canasta.spec`): the same `main` as `python -m canasta`."""

import multiprocessing

from canasta.__main__ import main

if __name__ == "__main__":
    # Worker processes of `sim --jobs` start this executable again; this must come before anything else.
    multiprocessing.freeze_support()
    raise SystemExit(main())
