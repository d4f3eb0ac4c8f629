"""The table's coaching: the hint, taking moves back, open hands, and refused moves explained (with the rule
they break). The table scene owns one `TableCoach` and shows what it says on the message line."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from canasta.coach.hint import Hint
from canasta.engine.playerview import PlayerView
from canasta.engine.refusal_text import refusal_text
from canasta.engine.refusals import Code, Refusal
from canasta.i18n import N_, _
from canasta.ui.look.sound import SoundName
from canasta.ui.look.theme import Button, Theme
from canasta.ui.table.drawing.coach import HINT_MARKER, CoachShown, HintMarks, hint_marks, line_buttons
from canasta.ui.table.game import TableGame
from canasta.ui.table.layout.regions import Box, TableLayout

LINE_LABELS = {
    "why": (N_("Why?"), N_("F2")), "undo": (N_("Undo"), N_("U")), "hint": (N_("Hint"), N_("H")),
}  # fmt: skip  # small buttons at the end of the message line, in this order, when they apply
COACH_COMMANDS = ("hint", "undo", "undo_turn", "open_hands", "why")  # answered whoever's turn it is


@runtime_checkable
class SoundBoardLike(Protocol):
    """A sound player that also plays a sound by name and follows the table (the sound board)."""

    def play(self, name: SoundName, gain: float = 1.0) -> None: ...

    def follow(self, view: PlayerView) -> None: ...


@dataclass(frozen=True, slots=True)
class Said:
    """What a coaching command did: the words for the message line (None: leave it), and whether play went
    back (the table then drops its selection)."""

    words: str | None
    went_back: bool = False


class TableCoach:
    """Coaching for one table: the hint shown, the last refused move, and the buttons on the message line."""

    def __init__(self, game: TableGame, sound: object, on_rule_help: Callable[[Code], None] | None) -> None:
        self.game = game
        self.sound = sound
        self.on_rule_help = on_rule_help
        self.hint: tuple[Hint, PlayerView] | None = None  # the hint shown, and the view it was given for
        self.last_refusal: Refusal | None = None  # F2 opens the rule it breaks
        self.refusal_words = ""  # its text, while the message line may show it (the "Why?" button with it)
        self.buttons = {name: Button(name, "", Box(0, 0, 0, 0)) for name in LINE_LABELS}
        self.message_box: Box | None = None

    def refused(self, refusal: Refusal) -> str:
        """A refused move: remembered, heard; returns what the message line says (in the player's language)."""
        self.last_refusal = refusal
        self.refusal_words = refusal_text(refusal)
        self.play_refused()
        return self.refusal_words

    def play_refused(self) -> None:
        """The refusal's sound, when the table has a sound board."""
        if isinstance(self.sound, SoundBoardLike):
            self.sound.play(SoundName.REFUSED)

    def command(self, name: str) -> Said:
        """hint, why, open_hands, undo (the last action, else the whole turn) or undo_turn."""
        practice = self.game.setup.practice
        if name == "hint":
            return Said(self.show_hint())
        if name == "why":
            if self.last_refusal is not None and self.on_rule_help is not None:
                self.on_rule_help(self.last_refusal.code)
            return Said(None)
        if name == "open_hands":
            shown = self.game.tools.set_open_hands(not self.game.tools.shown_hands())
            return Said(None if shown or practice else _("Open hands are for practice games only."))
        if not practice:
            return Said(_("Taking moves back is for practice games only."))
        return self._undo(whole_turn=name == "undo_turn")

    def show_hint(self) -> str:
        """The Hard player's move now: the words for the message line (its cards and place get marked)."""
        given = self.game.hint()
        if given is None:
            return _("Wait for your turn.")
        self.hint = (given, self.game.human_view())
        return f"{HINT_MARKER} {given.reason}"

    def _undo(self, whole_turn: bool) -> Said:
        game = self.game
        tools = game.tools
        taken = tools.undo_turn() if whole_turn else (tools.undo_action() or tools.undo_turn())
        if not taken:
            return Said(_("There is nothing of yours to take back."))
        self.hint = None
        if isinstance(self.sound, SoundBoardLike):  # it counts melds for its canasta sounds: from here on
            self.sound.follow(game.human_view())
        return Said("", went_back=True)

    def played(self) -> None:
        """The human's move was played: the hint was for the position before it."""
        self.hint = None

    def forget_stale(self, message: str) -> str:
        """Once play moves on, the hint goes (and its words, returned as the message line's new text)."""
        if self.hint is not None and self.hint[1] is not self.game.human_view():
            self.hint = None
            return "" if message.startswith(HINT_MARKER) else message
        return message

    def shown(self) -> CoachShown:
        """What the table draws for coaching this frame."""
        hint = self.hint
        marks = hint_marks(hint[0].action, hint[1]) if hint is not None else HintMarks()
        return CoachShown(marks, self.game.tools.shown_hands(), self.message_box)

    def place_buttons(self, layout: TableLayout, theme: Theme, message: str) -> list[Button]:
        """Why? while a refusal is on the message line, Undo in practice games, Hint always: placed at the
        line's end (the message keeps the rest); returns them."""
        game = self.game
        shown = {"why": bool(self.refusal_words) and message == self.refusal_words, "undo": game.setup.practice}
        line = [button for name, button in self.buttons.items() if shown.get(name, True)]
        enabled = {
            "why": self.on_rule_help is not None,
            "undo": game.tools.can_undo_action() or game.tools.can_undo_turn(),
            "hint": game.human_to_act(),
        }
        for button in line:
            button.label, button.key_hint = _(LINE_LABELS[button.name][0]), _(LINE_LABELS[button.name][1])
            button.enabled = enabled[button.name]
        self.message_box = line_buttons(layout, theme, line)
        return line
