"""Compile the engine with mypyc into C extensions beside its `.py` files (`make compiled`), or remove them.

    python build/compile.py [--jobs N] [--if-possible] [--clean]

mypyc (it comes with mypy, in the test tools and the build extra) turns the `mypy --strict` clean modules listed
in `COMPILED` into C, one file per module, and a C compiler builds that into one extension per module plus one
shared library (`canasta_engine__mypyc.*`).
Python imports an extension before a `.py` of the same name, so the game then runs compiled, the same games as
before: the `.py` files stay as they are and run unchanged where nothing was compiled (a fresh clone, a machine
without a C compiler). `python -m canasta --smoke` says which it runs. The builds are not committed (.gitignore).

`--if-possible` (what `make dist` uses) builds when mypyc and a C compiler are there and otherwise says why not and
exits 0, leaving the pure build; `--clean` removes what an earlier build put beside the sources.
"""

from __future__ import annotations

import argparse
import ast
import importlib.util
import os
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / "build" / "mypyc"  # the generated C and the object files
# The shared library, `canasta_engine__mypyc.<suffix>` at the top of the checkout: mypyc finds a compiled package's
# folder from where its shared library lies, so that must be the top of a folder on the import path (the checkout
# when the game runs from it, as `make play` and `make test` do; the bundle's folder in the packaged app).
GROUP = "canasta_engine"
# The packages compiled, every module in them but those left out. Only `mypy --strict` clean code that mypyc
# accepts belongs here: the engine, and the computer players, whose heuristic the Expert's rollouts play.
COMPILED = ("canasta/engine", "canasta/ai")
# Left out: what gains nothing compiled (threads and processes waiting; the seat, which passes a player's answer on
# to be judged whatever it is: compiled, an answer that is not an action would fail at once), the card memory
# (deep-copied), the look-ahead and the baseline players (tests put stand-ins into their methods and subclass
# them, which compiled classes refuse).
LEFT_OUT = (
    "canasta/ai/remote.py",
    "canasta/ai/worker.py",
    "canasta/ai/seat.py",
    "canasta/ai/base.py",
    "canasta/ai/lookahead.py",
    "canasta/ai/baseline.py",
)
EXTENSION_SUFFIXES = (".so", ".pyd")


def sources() -> list[str]:
    """The `.py` files to compile, relative to the checkout, in a stable order."""
    found: list[str] = []
    for package in COMPILED:
        found += sorted(path.relative_to(ROOT).as_posix() for path in (ROOT / package).rglob("*.py"))
    return [source for source in found if source not in LEFT_OUT]


def built_files() -> list[Path]:
    """The extensions an earlier build left beside the sources (and its shared library)."""
    found: list[Path] = []
    for path in [*sorted(ROOT.glob(f"{GROUP}__mypyc*")), *sorted((ROOT / "canasta").rglob("*"))]:
        if path.suffix in EXTENSION_SUFFIXES and path.is_file():
            found.append(path)
    return found


def bundled_imports() -> list[str]:
    """What PyInstaller must be told to bundle with a compiled engine, which it cannot read: the shared library,
    every compiled module, and every module they import (read from their `.py` files)."""
    names = {GROUP + "__mypyc"}
    for source in sources():
        module = source.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
        names.add(module)
        for node in ast.walk(ast.parse((ROOT / source).read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names.add(node.module)
    names.discard("__future__")
    return sorted(names)


def clean() -> int:
    """Remove the built extensions, so that the `.py` files run again; the number removed."""
    removed = built_files()
    for path in removed:
        path.unlink()
    return len(removed)


def missing_tools() -> str | None:
    """Why nothing can be compiled here (no mypyc, or no C compiler that builds against Python.h), or None."""
    if importlib.util.find_spec("mypyc") is None:
        return "mypyc is not installed (it comes with mypy: pip install -e '.[build]')"
    from setuptools._distutils.ccompiler import new_compiler
    from setuptools._distutils.sysconfig import customize_compiler

    compiler = new_compiler()
    customize_compiler(compiler)  # type: ignore[no-untyped-call]  # distutils has no type hints
    with tempfile.TemporaryDirectory() as folder:
        probe = Path(folder) / "probe.c"
        probe.write_text("#include <Python.h>\nint probe(void) { return PY_MAJOR_VERSION; }\n", encoding="utf-8")
        try:
            compiler.compile([str(probe)], output_dir=folder, include_dirs=[sysconfig.get_paths()["include"]])
        except Exception as error:  # any failure (setuptools' distutils has two names for each class)
            return f"no C compiler builds against this Python's headers ({type(error).__name__}: {error})"
    return None


def compile_engine(jobs: int) -> float:
    """Build the extensions in place; the seconds it took. :raises SystemExit: when the build fails."""
    from mypyc.build import mypycify
    from setuptools import setup

    start = time.perf_counter()
    os.chdir(ROOT)  # mypyc names modules by their paths, relative to here
    modules = mypycify(sources(), target_dir=str(WORK), group_name=GROUP, opt_level="3", multi_file=True)
    script = ["--quiet", "build_ext", "--inplace", "--parallel", str(jobs), "--build-temp", str(WORK / "temp")]
    script += ["--build-lib", str(WORK / "lib")]
    setup(name="canasta-compiled", ext_modules=modules, script_args=script, script_name="build/compile.py")
    for path in built_files():  # made now: setuptools copies an unchanged extension with its old time
        os.utime(path)
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Compile the Canasta engine with mypyc, in place.")
    parser.add_argument("--jobs", type=int, default=1, help="C compilers run at once (default: 1)")
    parser.add_argument("--if-possible", action="store_true", help="without mypyc or a C compiler, say so, exit 0")
    parser.add_argument("--clean", action="store_true", help="remove the compiled modules instead")
    args = parser.parse_args(argv)
    if args.clean:
        print(f"compile: removed {clean()} compiled files")
        return 0
    why_not = missing_tools()
    if why_not is not None:
        print(f"compile: {why_not}; the engine stays pure Python", file=sys.stderr)
        return 0 if args.if_possible else 2
    clean()  # a module left out of this build must not run from an older one
    seconds = compile_engine(max(1, args.jobs))
    print(f"compile: {len(built_files())} compiled files beside the sources in {seconds:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
