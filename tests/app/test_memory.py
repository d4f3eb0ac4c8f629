"""`canasta bench memory`: runs and reports resident memory at the start, after 50 hands and at the end."""

from __future__ import annotations

import json
import subprocess
import sys

from canasta.app.bench import resident_kb


def test_the_memory_bench_reports_its_figures() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "canasta", "bench", "memory", "--hands", "55", "--json"],
        capture_output=True,
        check=False,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr.decode(errors="replace")[-2000:]
    figures = json.loads(done.stdout)
    assert figures["hands"] == 55
    for key in ("rss_start_kb", "rss_after_50_kb", "rss_end_kb", "objects_after_50", "objects_end"):
        assert figures[key] > 0, key
    assert figures["growth_kb"] == figures["rss_end_kb"] - figures["rss_start_kb"]
    assert figures["growth_after_50_kb"] == figures["rss_end_kb"] - figures["rss_after_50_kb"]


def test_resident_memory_is_read_from_the_system() -> None:
    before, source = resident_kb()
    ballast = bytearray(64 * 1024 * 1024)
    ballast[::4096] = b"x" * len(ballast[::4096])  # touch every page, so it is resident
    after, _ = resident_kb()
    assert source in ("VmRSS", "max RSS")
    assert after - before > 32 * 1024
    del ballast
