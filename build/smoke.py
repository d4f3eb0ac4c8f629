"""Check a built app the way a player gets it: unzip the download, run `Canasta --smoke`, time the first frame.

    python build/smoke.py [--dist DIR] [--zip FILE | --app PATH] [--first-frame-runs N] [--json]

By default it takes the newest `DIR/Canasta-*.zip` (what `build/build.py` made), unzips it into a
temporary folder with its permission bits and links, and runs the executable inside: with `--smoke` under the
dummy video and sound drivers (it plays one hand of computer players and draws one table frame; it must exit 0),
then N times with CANASTA_EXIT_AFTER_FIRST_FRAME=1 to time the start to the first frame (the median is
reported). `--app` runs an unzipped app instead (the `Canasta` folder, `Canasta.app`, or an executable).
Exits 0 when the smoke run passed; prints the figures (`--json`: one JSON line).

The Windows app has no console, so its `--smoke` prints nothing: its result line is in the app's log file
(`canasta.app.logs.log_file()`, `%LOCALAPPDATA%\\Canasta\\Logs\\canasta.log`), and this script reports it from there.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import stat
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NAME = "Canasta"
SMOKE_TIMEOUT_S = 300
FRAME_TIMEOUT_S = 120


def headless_env(**extra: str) -> dict[str, str]:
    return dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1", **extra)


def executable(app: Path) -> Path:
    """The program to start inside an app folder, an app bundle, or `app` itself if it is the program."""
    if app.is_file():
        return app
    for candidate in (
        app / "Contents" / "MacOS" / NAME,  # Canasta.app
        app / f"{NAME}.exe",
        app / NAME,
    ):
        if candidate.is_file():
            return candidate
    raise SystemExit(f"smoke: no {NAME} executable in {app}")


def newest_zip(dist: Path) -> Path | None:
    """The most recently built `Canasta-<version>-<system>.zip` in `dist`, if any."""
    found = sorted(dist.glob(f"{NAME}-*.zip"), key=lambda path: path.stat().st_mtime)
    return found[-1] if found else None


def unzip(archive: Path, into: Path) -> Path:
    """Unzip keeping Unix permission bits and symbolic links (Python's extractall keeps neither); on macOS with
    `ditto`, as Finder would. Returns the app (the archive's one top-level entry)."""
    if sys.platform == "darwin" and shutil.which("ditto"):
        subprocess.run(["ditto", "-x", "-k", str(archive), str(into)], check=True)
    else:
        with zipfile.ZipFile(archive) as source:
            for info in source.infolist():
                target = into / info.filename
                mode = info.external_attr >> 16
                if stat.S_ISLNK(mode):
                    target.parent.mkdir(parents=True, exist_ok=True)
                    os.symlink(source.read(info).decode("utf-8"), target)
                    continue
                source.extract(info, into)
                if mode and not info.is_dir() and os.name == "posix":
                    target.chmod(stat.S_IMODE(mode))
    tops = sorted({Path(name).parts[0] for name in zipfile.ZipFile(archive).namelist()})
    if len(tops) != 1:
        raise SystemExit(f"smoke: {archive.name} should hold one folder, not {tops}")
    return into / tops[0]


def logged_result(since: float) -> str | None:
    """The last `--smoke` result line the app wrote to its log file after `since` (a `time.time()`), or None.

    The log file is the one `canasta.app.logs` names for this user, where a packaged app without a console logs.
    """
    try:
        from canasta.app.logs import log_file
    except ImportError:  # the game is not installed beside this script: there is no log to name
        return None
    path = log_file()
    try:
        if path.stat().st_mtime < since:
            return None
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return None
    for line in reversed(lines):
        message = line.split(": ", 1)[-1]  # after "<time> <level> <logger>: "
        if message.startswith(("smoke ok", "smoke failed")):
            return f"{message} (from the log file {path})"
    return None


def run_smoke(program: Path) -> tuple[bool, str, float]:
    """`program --smoke`: (passed, its output or else its logged result, seconds)."""
    started_at = time.time()
    start = time.perf_counter()
    try:
        done = subprocess.run(
            [str(program), "--smoke"],
            env=headless_env(),
            capture_output=True,
            text=True,
            timeout=SMOKE_TIMEOUT_S,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return False, f"no answer within {SMOKE_TIMEOUT_S} s", time.perf_counter() - start
    output = "\n".join(part.strip() for part in (done.stdout or "", done.stderr or "") if part.strip())
    output = output or logged_result(started_at - 1) or ""  # a file time may be a little behind the clock
    if done.returncode != 0:
        output = f"exit status {done.returncode}: {output or '(no output; see the log file)'}"
    return done.returncode == 0, output or "exit status 0", time.perf_counter() - start


def first_frame_seconds(program: Path, runs: int) -> list[float]:
    """Wall-clock seconds from starting the app to its first drawn frame (it exits right after), per run."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(
            [str(program)],
            env=headless_env(CANASTA_EXIT_AFTER_FIRST_FRAME="1"),
            capture_output=True,
            timeout=FRAME_TIMEOUT_S,
            check=True,
        )
        times.append(time.perf_counter() - start)
    return times


def check(program: Path, runs: int, engine: str | None = None) -> dict[str, object]:
    """The smoke run's figures; with `engine` ("compiled", say), it passes only if the app's engine runs so."""
    passed, output, seconds = run_smoke(program)
    if passed and engine is not None and f"engine: {engine}" not in output:
        passed, output = False, f"the engine does not run {engine}: {output}"
    figures: dict[str, object] = {"program": str(program), "smoke_ok": passed, "smoke": output}
    figures["smoke_s"] = round(seconds, 2)
    if passed and runs > 0:
        times = first_frame_seconds(program, runs)
        figures["first_frame_s"] = round(statistics.median(times), 3)
        figures["first_frame_runs_s"] = [round(value, 3) for value in times]
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Smoke-test the built Canasta app.")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="where build/build.py put its output")
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--zip", type=Path, help="the zipped app to check (default: the newest in --dist)")
    source.add_argument("--app", type=Path, help="an unzipped app folder, app bundle or executable to check")
    parser.add_argument("--first-frame-runs", type=int, default=3, help="starts to time (0: none)")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON line")
    parser.add_argument("--engine", help='fail unless the smoke run says the engine runs so (say, "compiled")')
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="canasta-smoke-") as scratch:
        if args.app is not None:
            app = args.app
            figures: dict[str, object] = {}
        else:
            archive = args.zip or newest_zip(args.dist)
            if archive is None or not archive.is_file():
                print(
                    f"smoke: no {archive or args.dist / 'Canasta-*.zip'}; build first: python build/build.py",
                    file=sys.stderr,
                )
                return 2
            figures = {"zip": str(archive), "zip_mb": round(archive.stat().st_size / 1e6, 2)}
            app = unzip(archive, Path(scratch))
        figures.update(check(executable(app).resolve(), args.first_frame_runs, args.engine))
    if args.json:
        print(json.dumps(figures))
    else:
        for key, value in figures.items():
            print(f"{key:>18}  {value}")
    return 0 if figures["smoke_ok"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
