"""Every text the window draws goes through `_()`: no bare string literal reaches the theme's text drawing,
a button's label, a menu's title or the table's message."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

UI = Path(__file__).resolve().parents[2] / "canasta" / "ui"
TRANSLATING = frozenset({"_", "N_", "ngettext", "N_plural"})
# Where a text reaches the player: (call name, index of the text argument, keyword of the text).
TEXT_ARGUMENTS = {
    "text": (1, "words"),  # Theme.text(screen, words, box, px)
    "render": (0, "text"),  # pygame.font.Font.render(text, antialias, colour)
    "Button": (1, "label"),
    "MenuScene": (1, "title"),
    "add": (1, "label"),  # MenuScene.add(name, label, action)
}
TEXT_ATTRIBUTES = frozenset({"label", "title", "message", "lines"})
NAMES = frozenset({"Canasta"})  # the game's name is the same in every language


def _has_words(text: str) -> bool:
    # A single letter is a key's name, not words.
    return text not in NAMES and sum(char.isalpha() for char in text) >= 2


def _bare_texts(node: ast.expr) -> Iterator[ast.expr]:
    """The literal texts with words in an expression that are not inside a translation call."""
    if isinstance(node, ast.Call):
        func = node.func
        name = func.id if isinstance(func, ast.Name) else (func.attr if isinstance(func, ast.Attribute) else "")
        if name in TRANSLATING:
            return
        if isinstance(func, ast.Attribute):  # "Pile {}".format(...): the text is the object called on
            yield from _bare_texts(func.value)
        return
    if isinstance(node, ast.Constant):
        if isinstance(node.value, str) and _has_words(node.value):
            yield node
        return
    if isinstance(node, ast.IfExp):  # the condition is never shown
        yield from _bare_texts(node.body)
        yield from _bare_texts(node.orelse)
        return
    if isinstance(node, ast.Compare):
        return
    if isinstance(node, ast.Subscript):  # LABELS["meld"]: the key is not shown
        yield from _bare_texts(node.value)
        return
    if isinstance(node, ast.JoinedStr):
        if any(isinstance(part, ast.Constant) and _has_words(str(part.value)) for part in node.values):
            yield node
        return
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.expr):
            yield from _bare_texts(child)


def _shown_expressions(tree: ast.AST) -> Iterator[ast.expr]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else (func.attr if isinstance(func, ast.Attribute) else "")
            if name not in TEXT_ARGUMENTS:
                continue
            index, keyword = TEXT_ARGUMENTS[name]
            if name == "add" and len(node.args) < 3:
                continue  # set.add(x), not MenuScene.add(name, label, action)
            if len(node.args) > index:
                yield node.args[index]
            yield from (kw.value for kw in node.keywords if kw.arg == keyword)
        elif isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Attribute) and target.attr in TEXT_ATTRIBUTES for target in node.targets
        ):
            yield node.value


def untranslated_ui_texts() -> list[str]:
    """Each bare literal as "file:line: text"."""
    found: list[str] = []
    for path in sorted(UI.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for expression in _shown_expressions(tree):
            for literal in _bare_texts(expression):
                found.append(f"{path.name}:{literal.lineno}: {ast.unparse(literal)}")
    return found


def test_the_scan_finds_bare_texts_and_passes_translated_ones(tmp_path: Path) -> None:
    source = """
theme.text(screen, "Pile", box, px)
theme.text(screen, _("Pile"), box, px)
theme.text(screen, f"Pile {n}", box, px)
theme.text(screen, _("Pile {n}").format(n=n), box, px)
theme.text(screen, "Pile {n}".format(n=n), box, px)
theme.text(screen, str(n), box, px)
button.label = "Start" if ready else _("Wait")
scene.message = _("Select first.") if name in ("meld", "discard") else LABELS["meld"]
Button("start", label="Go")
MenuScene(theme, "Canasta")
scene.add("start", _("Start"), start)
seen.add("x")
"""
    literals = [literal for e in _shown_expressions(ast.parse(source)) for literal in _bare_texts(e)]
    texts = [ast.unparse(literal) for literal in sorted(literals, key=lambda literal: literal.lineno)]
    assert texts == ["'Pile'", "f'Pile {n}'", "'Pile {n}'", "'Start'", "'Go'"]


def test_no_bare_text_reaches_the_window() -> None:
    found = untranslated_ui_texts()
    assert found == [], "texts shown without _():\n" + "\n".join(found)


# Texts that travel through variables before they are drawn: any sentence outside the places where English
# belongs (translation calls, docstrings, logging, exceptions, assertions, the command line's help). Words of a
# sentence are parted by a space; "button:go_out" is a name the code uses for a place, never shown.
SENTENCE = re.compile(r"[A-Za-z]{2,}[,;:]?[ ]+[A-Za-z]{2,}")
NOT_SHOWN_CALLS = frozenset(
    {"debug", "info", "warning", "error", "exception", "critical", "log", "print", "getLogger",
     "ArgumentParser", "add_argument", "add_parser", "add_argument_group", "set_caption"}
)  # fmt: skip


def _english_kept(node: ast.AST) -> bool:
    """Whether texts under `node` are not for the player, or already translated."""
    if isinstance(node, ast.Call):
        func = node.func
        name = func.id if isinstance(func, ast.Name) else (func.attr if isinstance(func, ast.Attribute) else "")
        return name in TRANSLATING or name in NOT_SHOWN_CALLS
    return isinstance(node, (ast.Raise, ast.Assert, ast.Compare, ast.Subscript)) or (
        isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)  # a docstring
    )


def _sentences(node: ast.AST) -> Iterator[ast.Constant]:
    if _english_kept(node):
        return
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and SENTENCE.search(node.value):
        yield node
    for child in ast.iter_child_nodes(node):
        yield from _sentences(child)


def bare_ui_sentences() -> list[str]:
    found: list[str] = []
    for path in sorted(UI.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        found += [f"{path.name}:{node.lineno}: {node.value!r}" for node in _sentences(tree)]
    return found


def test_the_sentence_scan_skips_what_is_not_for_the_player() -> None:
    source = """
\"\"\"A docstring, in English.\"\"\"
LOG.warning("The file is damaged: %s", path)
TITLE = "Canasta stopped because of an error"
lines = [_("Press any key."), "Press any key to close."]
if mode == "two words":
    raise ValueError("not a number")
marks = HintMarks(places=("button:go_out", "meld_area:1"))
note = "Seen: twice"
"""
    assert [node.value for node in _sentences(ast.parse(source))] == [
        "Canasta stopped because of an error",
        "Press any key to close.",
        "Seen: twice",
    ]


def test_no_bare_sentence_is_left_in_the_window_code() -> None:
    found = bare_ui_sentences()
    assert found == [], "sentences not wrapped in _():\n" + "\n".join(found)
