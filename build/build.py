"""Build the desktop app for this system with PyInstaller and zip it for download (`make dist`).

    python build/build.py [--dist DIR] [--work DIR] [--onefile] [--json] [--max-glibc VERSION]
                          [--compile if-possible|always]

Runs PyInstaller with `build/canasta.spec` (one folder, windowed, named "Canasta", with the icons in
`build/icons/` and the version of the `canasta` package), then zips the result into
`DIR/Canasta-<version>-<system>.zip`: the `Canasta/` folder on Windows and Linux, `Canasta.app` on macOS. With
`--onefile` (meant for Windows) it also builds a single self-unpacking `Canasta-<version>-<system>.exe`.
Needs the build extra: `pip install -e '.[build]'`. `build/smoke.py` then checks what this made.

The app bundles the engine as the checkout holds it: compiled when `make compiled` built it in place, else pure
Python (`engine` in the figures says which). `--compile` builds it first (`build/compile.py`): `if-possible` (what
`make dist` asks) leaves the engine pure where mypyc or a C compiler is missing, `always` (the download workflow)
fails instead. A compiled build older than its sources is refused: it would bundle the old code.

On Linux the app runs only where the C library (glibc) is at least as new as the newest one any of its files asks
for; the build reports that version (`glibc`), and `--max-glibc 2.36` fails the build when it is newer. The build
workflow builds in a Debian 12 container (glibc 2.36) for that reason: the app then runs on Debian 12, Ubuntu
24.04, Fedora 37 and later.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import platform
import re
import shutil
import stat
import subprocess
import sys
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "build" / "canasta.spec"
NAME = "Canasta"
DEFAULT_DIST = ROOT / "dist"
DEFAULT_WORK = ROOT / "build" / "pyinstaller"


def version() -> str:
    """The version of the `canasta` package in this checkout (not of whatever is installed)."""
    text = (ROOT / "canasta" / "__init__.py").read_text(encoding="utf-8")
    for line in text.splitlines():
        if line.startswith("__version__"):
            return line.split("=", 1)[1].strip().strip("\"'")
    raise SystemExit("build: no __version__ in canasta/__init__.py")


def system_tag() -> str:
    """`windows-x86_64`, `macos-arm64`, `macos-x86_64`, `linux-x86_64`, ...: what the build runs on."""
    machine = platform.machine().lower()
    machine = {"amd64": "x86_64", "x64": "x86_64", "aarch64": "arm64"}.get(machine, machine)
    system = {"win32": "windows", "darwin": "macos"}.get(sys.platform, sys.platform.rstrip("0123456789"))
    return f"{system}-{machine}"


def archive_name(tag: str | None = None) -> str:
    return f"{NAME}-{version()}-{tag or system_tag()}.zip"


def app_path(dist: Path) -> Path:
    """What one-folder PyInstaller made in `dist`: `Canasta.app` on macOS, else the `Canasta` folder."""
    return dist / f"{NAME}.app" if sys.platform == "darwin" else dist / NAME


def run_pyinstaller(dist: Path, work: Path, onefile: bool = False) -> None:
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN"]
    command += ["--distpath", str(dist), "--workpath", str(work), str(SPEC)]
    if onefile:
        command += ["--", "--onefile"]
    print("build:", " ".join(command), flush=True)
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
    subprocess.run(command, cwd=ROOT, env=env, check=True)


def compile_engine(always: bool) -> None:
    """Build the compiled engine in place (`build/compile.py`); without mypyc or a C compiler, only when not
    `always`, say so and leave it pure."""
    command = [sys.executable, str(ROOT / "build" / "compile.py"), "--jobs", str(os.cpu_count() or 1)]
    if not always:
        command.append("--if-possible")
    print("build:", " ".join(command), flush=True)
    if subprocess.run(command, cwd=ROOT, check=False).returncode != 0:
        raise SystemExit("build: the engine could not be compiled (see above)")


def bundled_engine() -> str:
    """How the checkout's engine runs (`canasta.engine_build`), which is what the app bundles."""
    command = [sys.executable, "-c", "from canasta.engine_build import engine_build; print(engine_build())"]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()


def zip_folder(folder: Path, archive: Path) -> None:
    """Zip `folder` (kept as the archive's top folder) with its permission bits and symbolic links, so the
    unzipped app starts as built. On macOS `ditto` does it the way Finder's "Compress" does (keeps the app's
    signatures and extended attributes intact)."""
    archive.unlink(missing_ok=True)
    if sys.platform == "darwin" and shutil.which("ditto"):
        subprocess.run(["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent", str(folder), str(archive)], check=True)
        return
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
        for path in [folder, *_walk(folder)]:
            name = path.relative_to(folder.parent).as_posix()
            if path.is_symlink():
                info = zipfile.ZipInfo(name, _timestamp(path))
                info.create_system = 3  # Unix: the mode bits below are read
                info.external_attr = (stat.S_IFLNK | 0o777) << 16
                out.writestr(info, os.readlink(path))
            elif path.is_dir():
                out.write(path, name + "/")
            else:
                out.write(path, name)


def _walk(folder: Path) -> list[Path]:
    """Everything under `folder`, in a stable order, without following symbolic links to folders."""
    found: list[Path] = []
    for parent, folders, files in os.walk(folder):
        folders.sort()
        found.extend(Path(parent) / name for name in [*sorted(folders), *sorted(files)])
    return sorted(found)


def _timestamp(path: Path) -> tuple[int, int, int, int, int, int]:
    moment = time.localtime(max(path.lstat().st_mtime, 315532800))  # zip dates start in 1980
    return (moment.tm_year, moment.tm_mon, moment.tm_mday, moment.tm_hour, moment.tm_min, moment.tm_sec)


def glibc_needed(app: Path) -> str | None:
    """The newest glibc version (such as "2.36") that any program or library in `app` asks for, read with objdump
    (which PyInstaller needs on Linux anyway); None when nothing asks for one."""
    versions: set[tuple[int, ...]] = set()
    for path in sorted(app.rglob("*")):
        if not path.is_file() or path.is_symlink() or not _is_elf(path):
            continue
        found = subprocess.run(["objdump", "-T", str(path)], capture_output=True, text=True, check=False).stdout
        versions.update(_version_key(match) for match in _GLIBC.findall(found))
    return ".".join(str(part) for part in max(versions)) if versions else None


_GLIBC = re.compile(r"\bGLIBC_(\d+(?:\.\d+)+)\b")


def _is_elf(path: Path) -> bool:
    with path.open("rb") as stream:
        return stream.read(4) == b"\x7fELF"


def _version_key(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split("."))


def build(
    dist: Path, work: Path, onefile: bool = False, max_glibc: str | None = None, compile_as: str | None = None
) -> dict[str, object]:
    """Build, zip, and return the figures: the archive, its size, the build time, how the engine runs (and on Linux
    the glibc the app needs, which must be no newer than `max_glibc` when that is given). `compile_as`:
    "if-possible" or "always" compiles the engine first (`compile_engine`), None bundles it as it is."""
    start = time.perf_counter()
    if compile_as is not None:
        compile_engine(always=compile_as == "always")
    engine = bundled_engine()
    if "older than" in engine:
        raise SystemExit(f"build: the engine is {engine}")
    if compile_as == "always" and not engine.startswith("compiled"):
        raise SystemExit(f"build: the engine runs {engine}, not compiled")
    dist.mkdir(parents=True, exist_ok=True)
    run_pyinstaller(dist, work / "folder")
    app = app_path(dist)
    if not app.exists():
        raise SystemExit(f"build: PyInstaller made no {app}")
    needed = glibc_needed(app) if sys.platform.startswith("linux") else None
    if needed and max_glibc and _version_key(needed) > _version_key(max_glibc):
        raise SystemExit(
            f"build: the app needs glibc {needed}, newer than --max-glibc {max_glibc}; build it on an older system"
        )
    archive = dist / archive_name()
    zip_folder(app, archive)
    figures: dict[str, object] = {
        "version": version(),
        "system": system_tag(),
        "app": str(app),
        "zip": str(archive),
        "zip_mb": round(archive.stat().st_size / 1e6, 2),
        "app_mb": round(_size(app) / 1e6, 2),
        "engine": engine,
    }
    if needed:
        figures["glibc"] = needed
    if onefile:
        single = dist / "onefile"
        run_pyinstaller(single, work / "onefile", onefile=True)
        built = next(path for path in single.iterdir() if path.name.startswith(NAME))
        target = dist / f"{NAME}-{version()}-{system_tag()}{built.suffix}"
        target.unlink(missing_ok=True)
        built.replace(target)
        shutil.rmtree(single, ignore_errors=True)
        figures["onefile"] = str(target)
        figures["onefile_mb"] = round(target.stat().st_size / 1e6, 2)
    figures["build_s"] = round(time.perf_counter() - start, 1)
    return figures


def _size(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(item.lstat().st_size for item in path.rglob("*") if item.is_file() and not item.is_symlink())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the Canasta app for this system into a zip.")
    parser.add_argument("--dist", type=Path, default=DEFAULT_DIST, help="output folder (default: dist/)")
    parser.add_argument("--work", type=Path, default=DEFAULT_WORK, help="PyInstaller's work folder")
    parser.add_argument("--onefile", action="store_true", help="also build a single executable (for Windows)")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON line")
    parser.add_argument(
        "--max-glibc", metavar="VERSION", help="Linux: fail if the app needs a newer glibc than this, e.g. 2.36"
    )
    parser.add_argument(
        "--compile",
        choices=["if-possible", "always"],
        help="compile the engine first: where mypyc and a C compiler are there, or always (else fail)",
    )
    args = parser.parse_args(argv)
    if args.max_glibc is not None and not re.fullmatch(r"\d+(\.\d+)+", args.max_glibc):
        parser.error(f"--max-glibc wants a version such as 2.36, not {args.max_glibc!r}")
    if importlib.util.find_spec("PyInstaller") is None:
        print("build: PyInstaller is not installed; run: python -m pip install -e '.[build]'", file=sys.stderr)
        return 2
    figures = build(args.dist.resolve(), args.work.resolve(), args.onefile, args.max_glibc, args.compile)
    if args.json:
        print(json.dumps(figures))
    else:
        for key, value in figures.items():
            print(f"{key:>12}  {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
