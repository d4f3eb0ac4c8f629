"""The README and docs/*.md stand on their own: every relative link and every path they quote exists in the
repository (a link's #section too), the README stays short, and no page cites a file the repository lacks."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
README_LIMIT = 12 * 1024  # bytes: the README is for players and newcomers; details go to docs/

LINK = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(([^)\s]+)\)")
CODE_SPAN = re.compile(r"`([^`\n]+)`")
FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)
# A path the pages may quote: under one of the repository's own folders.
QUOTED_PATH = re.compile(r"^(?:docs|canasta|build|tests|assets|\.github|\.ci)/[^\s]*$")
PLACEHOLDER = re.compile(r"<[^<>/]+>")
NOT_OURS = ("RULES.md", "DESIGN.md", "VARIANTS.md")


def _name(page: Path) -> str:
    return page.relative_to(ROOT).as_posix()


def _anchors(page: Path) -> set[str]:
    """The #anchors of a page's headings, as GitHub makes them."""
    found: set[str] = set()
    for heading in re.findall(r"^#{1,6} +(.+?) *$", FENCE.sub("", page.read_text("utf-8")), re.MULTILINE):
        slug = re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")
        candidate, number = slug, 0
        while candidate in found:
            number += 1
            candidate = f"{slug}-{number}"
        found.add(candidate)
    return found


def _broken_link(page: Path, target: str) -> str | None:
    if re.match(r"^[a-z][a-z0-9+.-]*:", target):  # https:, mailto: ...: not a file of ours
        return None
    path_text, _sep, anchor = target.partition("#")
    path = (page.parent / path_text).resolve() if path_text else page
    if not path.exists() or ROOT not in (path, *path.parents):
        return f"{_name(page)}: link to a missing file: {target}"
    if anchor and path.suffix == ".md" and anchor not in _anchors(path):
        return f"{_name(page)}: link to a missing section: {target}"
    return None


def _quoted_paths(text: str) -> list[str]:
    """Every word of inline code or a code block that is a path under one of the repository's folders."""
    words = [word for block in FENCE.findall(text) for word in block.split()]
    words += [word for span in CODE_SPAN.findall(FENCE.sub("", text)) for word in span.split()]
    return [word.rstrip(".,;:") for word in words if QUOTED_PATH.match(word.strip("'\""))]


def _exists(quoted: str) -> bool:
    """Whether the path exists; `<name>` stands for any name and `{a,b}` for each of a and b."""
    braces = re.search(r"\{([^{}]*)\}", quoted)
    if braces:
        head, tail = quoted[: braces.start()], quoted[braces.end() :]
        return all(_exists(head + choice + tail) for choice in braces.group(1).split(","))
    pattern = PLACEHOLDER.sub("*", quoted.strip("'\"")).rstrip("/")
    return any(ROOT.glob(pattern)) if "*" in pattern else (ROOT / pattern).exists()


@pytest.mark.parametrize("page", PAGES, ids=_name)
def test_every_relative_link_leads_to_a_file_and_section_of_the_repository(page: Path) -> None:
    text = page.read_text("utf-8")
    problems = [problem for target in LINK.findall(FENCE.sub("", text)) if (problem := _broken_link(page, target))]
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("page", PAGES, ids=_name)
def test_every_quoted_path_exists(page: Path) -> None:
    missing = sorted({path for path in _quoted_paths(page.read_text("utf-8")) if not _exists(path)})
    assert missing == [], f"{_name(page)} quotes paths the repository lacks: {missing}"


@pytest.mark.parametrize("page", PAGES, ids=_name)
def test_no_page_cites_files_that_are_not_in_the_repository(page: Path) -> None:
    text = page.read_text("utf-8")
    assert [name for name in NOT_OURS if name in text] == []


def test_no_source_file_cites_files_that_are_not_in_the_repository() -> None:
    """Docstrings and comments cite docs/rules.md and docs/formats.md, which a reader of the code can open."""
    sources = [path for folder in ("canasta", "tests", "build") for path in sorted((ROOT / folder).rglob("*.py"))]
    citing = [
        _name(path)
        for path in sources
        if path != Path(__file__).resolve() and any(name in path.read_text("utf-8") for name in NOT_OURS)
    ]
    assert citing == []


def test_the_readme_stays_short() -> None:
    size = len((ROOT / "README.md").read_bytes())
    assert size < README_LIMIT, f"README.md is {size} bytes; move details into docs/"


def test_the_checks_catch_what_they_look_for(tmp_path: Path) -> None:
    """The helpers above find a broken link, a missing section and a missing path, and accept placeholders."""
    assert _broken_link(ROOT / "README.md", "docs/rules.md#house-rules") is None
    assert _broken_link(ROOT / "README.md", "docs/rules.md#no-such-section") is not None
    assert _broken_link(ROOT / "README.md", "docs/nothing.md") is not None
    assert _broken_link(ROOT / "docs" / "engine.md", "https://example.org/x.md") is None
    assert _quoted_paths("see `canasta/ai/` and\n```\ncanasta/ui/  the window\n```\n`python build/smoke.py`.") == [
        "canasta/ui/",
        "canasta/ai/",
        "build/smoke.py",
    ]
    assert _exists("build/icons/canasta.{png,ico,icns}") and _exists("assets/cards/<style>/")
    assert _exists("canasta/ai/weights/hard-<players>.json") and not _exists("canasta/nothing.py")
