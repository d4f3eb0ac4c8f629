"""The table's buttons: under the hand (meld, discard, take the pile, ask partner, go out, pass, sort, menu) and
beside the stock (the move log, pause, step), with their labels and keys (the answer's, while partner waits for
one) and whether each can do anything now; and which command a click on one asks for.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from canasta.engine.declaring import special_to_declare
from canasta.engine.judge import check
from canasta.engine.playerview import Phase, PlayerView
from canasta.i18n import N_, _
from canasta.ui.geometry import Point
from canasta.ui.kit.widgets import yes_key_hint
from canasta.ui.look.theme import Button
from canasta.ui.table.game import TableGame
from canasta.ui.table.input.hand import HandInput
from canasta.ui.table.layout.regions import TableLayout

BUTTON_LABELS = {
    "meld": (N_("Meld"), N_("M")), "discard": (N_("Discard"), N_("X")), "take_pile": (N_("Take pile"), N_("T")),
    "ask_partner": (N_("Ask partner"), N_("A")), "go_out": (N_("Go out"), N_("G")), "pass": (N_("Pass"), N_("P")),
    "sort": (N_("Sort"), N_("S")), "menu": (N_("Menu"), N_("Esc")), "log": (N_("Log"), N_("L")),
    "pause": (N_("Pause"), N_("B")), "step": (N_("Step"), N_(".")),
}  # fmt: skip
ANSWER_LABELS = {"go_out": (N_("Yes, go out"), N_("Y")), "pass": (N_("No"), N_("N"))}  # partner waits for an answer
ANSWER_COMMANDS = {"go_out": "yes", "pass": "no"}
RESUME_LABEL = (N_("Resume"), N_("B"))
SPECIAL_LABEL = N_("Special hand")
TABLE_COMMANDS = frozenset({"log", "pause", "step", "sort", "menu"})  # what works whoever's turn it is


@dataclass(frozen=True, slots=True)
class _Turn:
    """Whose move it is, as the buttons need it."""

    view: PlayerView
    mine: bool  # the human's move (not an answer to partner)
    answering: bool  # partner waits for the human's answer
    paused: bool  # the computer players are paused


def refreshed_buttons(
    buttons: Mapping[str, Button], layout: TableLayout, game: TableGame, hand: HandInput, paused: bool
) -> dict[str, Button]:
    """The table's buttons placed in `layout`, labelled and enabled for now (the same Button objects as in
    `buttons` where there were any, so a hover stays); `paused`: the computer players are."""
    view = game.human_view()
    answering = game.human_to_act() and view.phase is Phase.ANSWER
    turn = _Turn(view, game.human_to_act() and not answering, answering, paused)
    boxes = {**dict(layout.buttons), **dict(layout.tools)}
    shown = {name: buttons.get(name) or Button(name, "", box) for name, box in boxes.items()}
    for name, button in shown.items():
        button.box = boxes[name]
        label, hint = ANSWER_LABELS.get(name, BUTTON_LABELS[name]) if answering else BUTTON_LABELS[name]
        if name == "pause" and paused:
            label, hint = RESUME_LABEL
        button.label, button.key_hint = _(label), _(hint)
        if answering and name == "go_out":
            button.key_hint = yes_key_hint()  # "S" for "sì" in Italian (Y answers too)
        elif name == "go_out" and turn.mine and special_to_declare(view) is not None:
            button.label = _(SPECIAL_LABEL)  # the button lays the special hand the cards make (it ends the hand)
        button.enabled = _enabled(name, turn, game, hand)
    return shown


def _enabled(name: str, turn: _Turn, game: TableGame, hand: HandInput) -> bool:
    view = turn.view
    if turn.answering and name in ANSWER_LABELS:
        return True
    if name == "step":
        return turn.paused and not game.human_to_act() and not game.hand_over()
    if name in TABLE_COMMANDS:
        return True
    if name == "take_pile":
        return turn.mine and view.phase is Phase.DRAW and bool(hand.take_ways(view))
    action = hand.button_action(name, view) if turn.mine else None
    return action is not None and check(view, action) is None


def button_at(buttons: Mapping[str, Button], pos: Point) -> Button | None:
    """The button under `pos` (greyed or not), or None."""
    return next((button for button in buttons.values() if button.box.contains_point(pos)), None)


def command_of(button: Button, answering: bool) -> str | None:
    """The command a click on `button` asks for (an answer's, while partner waits for one): a greyed move of the
    table's asks too, and the table says why it cannot be made; any other greyed button asks for nothing."""
    name = button.name
    if button.enabled or (name in BUTTON_LABELS and name not in TABLE_COMMANDS):
        return ANSWER_COMMANDS.get(name, name) if answering else name
    return None
