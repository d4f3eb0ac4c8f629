"""Asking partner "may I go out?" at the table: whether the game lets the human ask at all (with nobody to ask
there is no button, and the key says why), and what the table says once partner has answered. Pure geometry and
text; no pygame."""

from __future__ import annotations

from dataclasses import replace

from canasta.engine.judge import asking_barred, going_out_step
from canasta.engine.playerview import Phase, PlayerView, Question
from canasta.engine.rules import Rules
from canasta.i18n import _
from canasta.ui.table.layout.regions import Box, TableLayout

ASK_BUTTON = "ask_partner"


def offered_buttons(layout: TableLayout, rules: Rules) -> TableLayout:
    """The table's layout with the buttons this game offers the human: without "Ask partner" where he never
    asks, the others widened to fill the same row with the same gaps."""
    if asking_barred(rules, layout.human_seat) is None:
        return layout
    return replace(layout, buttons=_row_without(layout.buttons, ASK_BUTTON))


def _row_without(row: tuple[tuple[str, Box], ...], name: str) -> tuple[tuple[str, Box], ...]:
    kept = [item for item in row if item[0] != name]
    if len(kept) == len(row) or not kept:
        return row
    first, last = row[0][1], row[-1][1]
    gap = row[1][1].x - first.right if len(row) > 1 else 0
    span = last.right - first.x
    width = (span - gap * (len(kept) - 1)) // len(kept)
    slack = span - width * len(kept) - gap * (len(kept) - 1)  # the pixels left by rounding: spread over the gaps
    boxes = []
    x = first.x
    for index, (button, box) in enumerate(kept):
        boxes.append((button, Box(x, box.y, width, box.h)))
        x += width + gap + (1 if index < slack else 0)
    return tuple(boxes)


def after_answer(view: PlayerView, words: str) -> str:
    """Partner's answer to "may I go out?" in front of `words` (what to do now), until the asker's turn ends; a
    "yes" his cards cannot follow says so, and that he plays on as usual (the Go out key says why)."""
    question = view.turn.question
    if question is Question.YES:
        if view.phase is Phase.PLAY and going_out_step(view) is None:
            return _("Partner said yes, but you cannot go out this turn (G says why): play on.") + " " + words
        return _("Partner said yes: go out this turn.") + " " + words
    if question is Question.NO:
        return _("Partner said no: do not go out this turn.") + " " + words
    return words
