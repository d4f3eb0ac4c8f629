"""What the table tells the human beside the play: the prompt of the message line (what to do now, or whom the
table waits for), the lines beside the stock (the hand, the target, who dealt, the pause), and the banner at the
end of a hand. Pure text from the human's view; no pygame."""

from __future__ import annotations

from collections.abc import Collection
from typing import Protocol

from canasta.engine.cards import Card
from canasta.engine.events import HandOverEvent
from canasta.engine.playerview import Phase, PlayerView, canastas_needed, initial_minimum, my_side, side_has_melded
from canasta.engine.rules import GameEnd
from canasta.engine.rules.catalog import plays_rounds
from canasta.i18n import _
from canasta.ui.table.asking import after_answer
from canasta.ui.table.narration.feet import going_out_line, round_line
from canasta.ui.table.narration.seats import seat_name
from canasta.ui.table.narration.stakes import black_three_ban_line
from canasta.ui.table.narration.talk import Pace


class Beside(Protocol):
    """What the prompt asks of what the table keeps beside the cards (`TableAside`)."""

    @property
    def pace(self) -> Pace: ...

    def with_news(self, prompt: str) -> str: ...

    def last_own_words(self, human: int) -> str: ...


def prompt_words(view: PlayerView, selected: Collection[Card], aside: Beside, yes_key: str) -> str:
    """The message line's prompt: what the human may do now (`yes_key` answers partner with yes), or whom the table
    waits for."""
    if view.phase is Phase.OVER:
        return _("The hand is over.")
    if view.current != view.seat:
        waiting = _("Waiting for {name}\u2026 (F1 lists the keys.)").format(name=seat_name(view, view.current))
        if aside.pace.paused:
            waiting = _("The computer players are paused: B resumes, . plays one move.")
        own = aside.last_own_words(view.seat)
        return f"{own} {waiting}" if own else waiting
    if view.phase is Phase.ANSWER:
        return _("Your partner asks: may I go out? Yes ({yes}) or No (N).").format(yes=yes_key)
    if view.phase is Phase.DRAW:
        if view.stock_count == 0:
            return _("The stock is empty: take the pile (T) or pass (P).")
        return _answered(view, aside, _("Your turn: draw from the stock (D, or click it) or take the pile (T)."))
    if not side_has_melded(view, my_side(view)) and selected:
        points = sum(card.points for card in selected)
        return _("Selected {points} points; your first meld needs {minimum}.").format(
            points=points, minimum=initial_minimum(view)
        )
    return _answered(view, aside, _("Meld (M) or discard one card (X, double-click, or drag it onto the pile)."))


def _answered(view: PlayerView, aside: Beside, words: str) -> str:
    """Partner's answer to "may I go out?" stays in front of the asker until his turn ends; the news of his
    latest action (a red three's score, where the table put wild cards) comes before the prompt."""
    return after_answer(view, aside.with_news(words))


def info_lines(view: PlayerView, target: int | None, hand: int, paused: bool) -> tuple[str, ...]:
    """Beside the stock: the hand (number `hand`) and the `target` (None where the table is not a game), who
    dealt, and the pause of the computer players."""
    lines = []
    if plays_rounds(view.rules.shape):  # Hand and Foot: the round and its minimum; the books are on each panel
        lines.append(round_line(view))
        if target is not None and view.rules.game_end is GameEnd.TARGET:
            lines.append(_("Game to {target}").format(target=target))
    elif target is not None:
        lines.append(_("Hand {number}").format(number=hand))
        lines.append(_("Game to {target}").format(target=target))
    needed = canastas_needed(view)
    going_out = going_out_line(view.rules)
    if going_out is not None:
        lines.append(going_out)
    elif view.rules.shape.going_out_needs_sequence:
        lines.append(_("Out with {count} canastas, one an escalera").format(count=needed))
    elif needed > 1:
        lines.append(_("Out with {count} canastas").format(count=needed))
    ban = black_three_ban_line(view)
    if ban is not None:
        lines.append(ban)
    lines.append(_("Dealer: {name}").format(name=seat_name(view, view.dealer)))
    if paused:
        lines.append(_("Computers paused (B)"))
    return tuple(lines)


def hand_over_words(view: PlayerView, event: HandOverEvent) -> str:
    """The banner at the end of a hand: who went out, and whether concealed."""
    if event.out is None:
        return _("The hand is over.")
    if event.out == view.seat:
        return _("You went out concealed!") if event.concealed else _("You went out!")
    name = seat_name(view, event.out)
    if event.concealed:
        return _("{name} went out concealed!").format(name=name)
    return _("{name} went out!").format(name=name)
