"""The translators' tools (never imported by the game):

    python -m canasta.i18n_tools extract   # texts of canasta/ into locale/canasta.pot, merged into each .po
    python -m canasta.i18n_tools check     # fails naming untranslated, fuzzy or mismatched entries
    python -m canasta.i18n_tools compile [--out DIR]   # each .po to its .mo (the build puts them in the app)

Extraction reads the source with `ast`: calls of `_("...")`, `N_("...")`, `ngettext("...", "...", n)` and
`N_plural("...", "...")` with literal texts. A comment block starting "# Translators:" just above a call goes
to the translators with its text. The template lists each text's files without line numbers, and in a fixed
order (by first file, then text), so that it changes only when the texts do.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from canasta.i18n import DOMAIN, CatalogueError, Entry, compile_mo, header_fields, parse_po, placeholders_match

PACKAGE = "canasta"
SINGLE_MARKERS = frozenset({"_", "N_"})
PLURAL_MARKERS = frozenset({"ngettext", "N_plural"})
CREATION_FIELD = "POT-Creation-Date"
TEMPLATE_HEADER = (
    "Project-Id-Version: canasta\n"
    "Report-Msgid-Bugs-To: \n"
    f"{CREATION_FIELD}: \n"
    "MIME-Version: 1.0\n"
    "Content-Type: text/plain; charset=UTF-8\n"
    "Content-Transfer-Encoding: 8bit\n"
)
TEMPLATE_COMMENTS = ("Texts of the Canasta game to translate. Made by: python -m canasta.i18n_tools extract",)


@dataclass(slots=True)
class Found:
    """A text found in the source, with every file that uses it."""

    msgid: str
    plural: str | None
    files: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Paths:
    """Where the package and its catalogues are, under a project root."""

    root: Path

    @property
    def package(self) -> Path:
        return self.root / PACKAGE

    @property
    def locale(self) -> Path:
        return self.package / "locale"

    @property
    def template(self) -> Path:
        return self.locale / f"{DOMAIN}.pot"

    def catalogues(self) -> list[Path]:
        return sorted(self.locale.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


# -- extraction ---------------------------------------------------------------------------------------------


def extract(root: Path) -> tuple[list[Entry], list[str]]:
    """The template's entries for the source under `root`, and the problems met (texts not extractable)."""
    found: dict[str, Found] = {}
    problems: list[str] = []
    for path in sorted(Paths(root).package.rglob("*.py")):
        relative = path.relative_to(root).as_posix()
        source = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(source, filename=relative)):
            if isinstance(node, ast.Call):
                _collect(node, relative, source.splitlines(), found, problems)
    ordered = sorted(found.values(), key=lambda text: (text.files[0], text.msgid))
    return [_template_entry(text) for text in ordered], problems


def _marker(call: ast.Call) -> str | None:
    func = call.func
    name = func.id if isinstance(func, ast.Name) else (func.attr if isinstance(func, ast.Attribute) else None)
    return name if name in SINGLE_MARKERS | PLURAL_MARKERS else None


def _collect(call: ast.Call, file: str, lines: list[str], found: dict[str, Found], problems: list[str]) -> None:
    marker = _marker(call)
    if marker is None or not call.args:
        return
    wanted = 2 if marker in PLURAL_MARKERS else 1
    texts = [arg.value for arg in call.args[:wanted] if isinstance(arg, ast.Constant) and isinstance(arg.value, str)]
    if len(texts) < wanted:
        if any(isinstance(arg, ast.JoinedStr) for arg in call.args[:wanted]):
            problems.append(f"{file}:{call.lineno}: {marker}() of an f-string cannot be translated")
        return  # a variable: its texts are marked where they are defined
    msgid, plural = texts[0], (texts[1] if wanted == 2 else None)
    if not msgid:
        problems.append(f"{file}:{call.lineno}: {marker}() of an empty text")
        return
    text = found.setdefault(msgid, Found(msgid, plural))
    if text.plural != plural:
        problems.append(f"{file}:{call.lineno}: {msgid!r} is used both with and without a plural")
    if file not in text.files:
        text.files.append(file)
    note = _translator_note(lines, call.lineno)
    if note and note not in text.notes:
        text.notes.append(note)


def _translator_note(lines: list[str], lineno: int) -> str:
    """The "# Translators:" comment block right above line `lineno` (1-based), as one line."""
    block: list[str] = []
    index = lineno - 2
    while index >= 0 and lines[index].strip().startswith("#"):
        block.insert(0, lines[index].strip().lstrip("#").strip())
        index -= 1
    starts = [i for i, line in enumerate(block) if line.startswith("Translators:")]
    return " ".join(block[starts[-1] :]) if starts else ""


def _template_entry(text: Found) -> Entry:
    flags = frozenset({"python-brace-format"}) if _has_fields(text.msgid, text.plural) else frozenset()
    msgstr = ("", "") if text.plural is not None else ("",)
    return Entry(text.msgid, msgstr, text.plural, flags, (), tuple(text.notes), tuple(text.files))


def _has_fields(*texts: str | None) -> bool:
    return any("{" in text and "}" in text for text in texts if text)


# -- merging and writing ------------------------------------------------------------------------------------


def template_entries(entries: Sequence[Entry]) -> list[Entry]:
    """The template: its header, then `entries`."""
    return [Entry("", (TEMPLATE_HEADER,), comments=TEMPLATE_COMMENTS), *entries]


def merge(template: Sequence[Entry], catalogue: Sequence[Entry]) -> list[Entry]:
    """The catalogue brought up to the template: translations kept, new texts untranslated, old ones gone."""
    old = {entry.msgid: entry for entry in catalogue}
    header = old.get("") or Entry("", ("Content-Type: text/plain; charset=UTF-8\n",))
    forms = plural_count(catalogue)
    merged = [header]
    for entry in template:
        if entry.msgid == "":
            continue
        before = old.get(entry.msgid)
        if before is not None and before.msgid_plural == entry.msgid_plural:
            fuzzy = before.flags & {"fuzzy"}
            merged.append(replace(entry, msgstr=before.msgstr, flags=entry.flags | fuzzy, comments=before.comments))
        else:
            merged.append(replace(entry, msgstr=("",) * (forms if entry.msgid_plural is not None else 1)))
    return merged


def plural_count(entries: Iterable[Entry]) -> int:
    """The number of plural forms the catalogue's Plural-Forms header declares (2 when it says nothing)."""
    rule = header_fields(entries).get("Plural-Forms", "")
    for part in rule.split(";"):
        name, _, value = part.partition("=")
        if name.strip() == "nplurals" and value.strip().isdigit():
            return int(value.strip())
    return 2


def format_po(entries: Sequence[Entry]) -> str:
    """The `.po` text of `entries` (one line per string; embedded newlines split after each "\\n")."""
    blocks = [_format_entry(entry) for entry in entries]
    return "\n".join(blocks)


def _format_entry(entry: Entry) -> str:
    lines = [f"# {comment}".rstrip() for comment in entry.comments]
    lines += [f"#. {note}" for note in entry.notes]
    if entry.references:
        lines.append("#: " + " ".join(entry.references))
    if entry.flags:
        lines.append("#, " + ", ".join(sorted(entry.flags)))
    lines += _keyword("msgid", entry.msgid)
    if entry.msgid_plural is None:
        lines += _keyword("msgstr", entry.msgstr[0])
    else:
        lines += _keyword("msgid_plural", entry.msgid_plural)
        for index, text in enumerate(entry.msgstr):
            lines += _keyword(f"msgstr[{index}]", text)
    return "\n".join(lines) + "\n"


def _keyword(keyword: str, text: str) -> list[str]:
    pieces = text.splitlines(keepends=True)
    if len(pieces) < 2:
        return [f"{keyword} {_quote(text)}"]
    return [f'{keyword} ""', *(_quote(piece) for piece in pieces)]


def _quote(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    return f'"{escaped.replace(chr(13), chr(92) + "r")}"'


def without_creation_date(text: str) -> str:
    """A template's text with its creation date blanked, to compare two templates."""
    return "\n".join(
        f'"{CREATION_FIELD}: \\n"' if line.startswith(f'"{CREATION_FIELD}:') else line for line in text.splitlines()
    )


# -- the commands ---------------------------------------------------------------------------------------------


def run_extract(paths: Paths, now: str) -> int:
    """Write the template (when its texts changed) and merge it into every catalogue."""
    entries, problems = extract(paths.root)
    for problem in problems:
        print(f"extract: {problem}", file=sys.stderr)
    template = template_entries(entries)
    text = format_po(template)
    old = paths.template.read_text(encoding="utf-8") if paths.template.is_file() else ""
    if without_creation_date(old) != without_creation_date(text):
        paths.locale.mkdir(parents=True, exist_ok=True)
        paths.template.write_text(text.replace(f"{CREATION_FIELD}: \\n", f"{CREATION_FIELD}: {now}\\n"), "utf-8")
    for path in paths.catalogues():
        merged = merge(template, parse_po(path.read_text(encoding="utf-8")))
        path.write_text(format_po(merged), encoding="utf-8")
        untranslated = sum(1 for entry in merged[1:] if not entry.translated)
        print(f"extract: {path.relative_to(paths.root)}: {len(merged) - 1} texts, {untranslated} to translate")
    print(f"extract: {len(entries)} texts in {paths.template.relative_to(paths.root)}")
    return 1 if problems else 0


def check_catalogue(catalogue: Sequence[Entry], template: Sequence[Entry]) -> list[str]:
    """What is wrong with a catalogue: texts missing or left over against the template, untranslated or fuzzy
    entries, translations whose {placeholders} differ, a wrong number of plural forms, a missing header."""
    problems: list[str] = []
    fields = header_fields(catalogue)
    if "Plural-Forms" not in fields or "charset=UTF-8" not in fields.get("Content-Type", ""):
        problems.append("the header needs Plural-Forms and Content-Type: text/plain; charset=UTF-8")
    forms = plural_count(catalogue)
    wanted = {entry.msgid for entry in template if entry.msgid}
    have = {entry.msgid for entry in catalogue if entry.msgid}
    problems += [f"missing (run extract): {msgid!r}" for msgid in sorted(wanted - have)]
    problems += [f"not in the template (run extract): {msgid!r}" for msgid in sorted(have - wanted)]
    for entry in catalogue:
        if entry.msgid:
            problems += _entry_problems(entry, forms)
    return problems


def _entry_problems(entry: Entry, forms: int) -> list[str]:
    if "fuzzy" in entry.flags:
        return [f"fuzzy: {entry.msgid!r}"]
    if not all(entry.msgstr):
        return [f"untranslated: {entry.msgid!r}"]
    if entry.msgid_plural is not None and len(entry.msgstr) != forms:
        return [f"{len(entry.msgstr)} plural forms instead of {forms}: {entry.msgid!r}"]
    if not placeholders_match(entry):
        return [f"placeholders differ: {entry.msgid!r} -> {entry.msgstr!r}"]
    return []


def run_check(paths: Paths) -> int:
    """Print every problem of every catalogue; 0 when there are none."""
    try:
        template = parse_po(paths.template.read_text(encoding="utf-8"))
    except (OSError, CatalogueError) as error:
        print(f"check: cannot read the template: {error}", file=sys.stderr)
        return 1
    failed = False
    for path in paths.catalogues():
        name = path.relative_to(paths.root)
        try:
            problems = check_catalogue(parse_po(path.read_text(encoding="utf-8")), template)
        except CatalogueError as error:
            problems = [str(error)]
        for problem in problems:
            print(f"check: {name}: {problem}", file=sys.stderr)
        failed = failed or bool(problems)
        print(f"check: {name}: {'FAILED' if problems else 'ok'}")
    return 1 if failed else 0


def run_compile(paths: Paths, out: Path | None) -> int:
    """Write each catalogue's `.mo`: beside it, or under `out` as <language>/LC_MESSAGES/canasta.mo."""
    for path in paths.catalogues():
        language = path.parent.parent.name
        target = (out / language / "LC_MESSAGES" if out else path.parent) / f"{DOMAIN}.mo"
        try:
            data = compile_mo(parse_po(path.read_text(encoding="utf-8")))
        except CatalogueError as error:
            print(f"compile: {path.relative_to(paths.root)}: {error}", file=sys.stderr)
            return 1
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        print(f"compile: {target}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m canasta.i18n_tools", description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("extract", "check", "compile"))
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent, help="project root")
    parser.add_argument("--out", type=Path, default=None, help="compile: folder for <language>/LC_MESSAGES/*.mo")
    options = parser.parse_args(argv)
    paths = Paths(options.root)
    if options.command == "extract":
        return run_extract(paths, _now())
    if options.command == "check":
        return run_check(paths)
    return run_compile(paths, options.out)


def _now() -> str:
    import datetime

    return datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M+0000")


if __name__ == "__main__":
    sys.exit(main())
