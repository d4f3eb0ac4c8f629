"""The guided first game: a prepared deal and a script that walks a newcomer through one hand.

The deal is `tutorial/first_game.json` (`canasta-position/1`, four players, the stock stacked so that the
script works). The newcomer plays seat 0; each step says what to do and why, and names the one move that
goes on with the story; the computer players' moves between the newcomer's steps are scripted too, so the
hand goes as planned: drawing, the first meld and its minimum, taking the pile, adding to melds, a canasta,
freezing the pile with a wild card, and going out.
"""

from __future__ import annotations

import enum
import json
from collections import deque
from dataclasses import dataclass
from pathlib import Path

from canasta.coach.review import same_outcome
from canasta.engine import apply, check, view_for
from canasta.engine.actions import Action, Discard, Draw, Meld, TakePile
from canasta.engine.cards import Card, Rank, parse_cards
from canasta.engine.events import Event
from canasta.engine.playerview import Phase
from canasta.engine.position import PositionFormatError, load_position
from canasta.engine.state import GameState
from canasta.i18n import N_, _

TUTORIAL_FILE = Path(__file__).with_name("tutorial") / "first_game.json"
HUMAN_SEAT = 0


class Topic(enum.StrEnum):
    """What a step teaches."""

    DRAW = "draw"
    FIRST_MELD = "first_meld"
    DISCARD = "discard"
    TAKE_PILE = "take_pile"
    ADD_TO_MELD = "add_to_meld"
    CANASTA = "canasta"
    FREEZE = "freeze"
    GO_OUT = "go_out"


@dataclass(frozen=True, slots=True)
class TutorialStep:
    """One move of the newcomer: what it teaches, the text to show (marked with `N_`, translated by
    `message`), the move that goes on with the story, and the computer players' moves that follow it."""

    topic: Topic
    text: str
    expected: Action
    then: tuple[Action, ...] = ()

    def message(self) -> str:
        return _(self.text)


class TutorialError(ValueError):
    """The prepared deal cannot be read (a damaged installation); the message says what is wrong."""


def load_tutorial_deal(path: Path = TUTORIAL_FILE) -> GameState:
    """The prepared deal. :raises TutorialError: naming the file and the problem."""
    try:
        return load_position(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, PositionFormatError) as error:
        raise TutorialError(f"the guided game's deal {path.name} cannot be read: {error}") from None


def _cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text.split())


def _discard(text: str) -> Discard:
    return Discard(Card.parse(text))


def _add(rank: Rank, text: str) -> tuple[Rank, tuple[Card, ...]]:
    return (rank, _cards(text))


def _turn_of_others(*discards: str, meld_first: Meld | None = None) -> tuple[Action, ...]:
    """Seats 1, 2 and 3 each draw and discard (seat 1 may meld between)."""
    first: tuple[Action, ...] = (Draw(),) if meld_first is None else (Draw(), meld_first)
    seats = [(*first, _discard(discards[0]))]
    seats.extend((Draw(), _discard(card)) for card in discards[1:])
    return tuple(action for seat in seats for action in seat)


def tutorial_steps() -> tuple[TutorialStep, ...]:
    """The script of the guided first game, in order."""
    queens_and_jacks = Meld(new=(_cards("QC QD QH"), _cards("JC JD JH")))
    return (
        TutorialStep(Topic.DRAW, N_(
            "Welcome to Canasta! You and your partner, sitting opposite, play against the other two. Every turn "
            "starts with a draw. A black three lies on the discard pile, and nobody may take the pile while a "
            "black three is on top, so draw a card from the stock."
        ), Draw()),
        TutorialStep(Topic.FIRST_MELD, N_(
            "You drew the ace of diamonds. A meld is three or more cards of one rank. Your side's first meld must "
            "be worth at least 50 points: aces count 20 each and kings 10. Meld your three aces and your four "
            "kings together: 100 points, more than the 50 you need."
        ), Meld(new=(_cards("AH AS AD"), _cards("KH KC KD KS")))),
        TutorialStep(Topic.DISCARD, N_(
            "Every turn ends with a discard onto the pile. The five of clubs pairs nothing in your hand and is "
            "worth little: discard it. Then watch the others play."
        ), _discard("5C"), _turn_of_others("KH", "KC", "8H")),
        TutorialStep(Topic.TAKE_PILE, N_(
            "The pile now holds five cards, two kings among them, with the eight of hearts on top. You hold a "
            "pair of eights: meld them with the top card and the whole pile is yours. Take the pile."
        ), TakePile(_cards("8C 8S"))),
        TutorialStep(Topic.ADD_TO_MELD, N_(
            "The pile's cards are in your hand now. Add the two kings from it to your kings: six of them. Seven "
            "cards of one rank make a canasta."
        ), Meld(add=(_add(Rank.KING, "KH KC"),))),
        TutorialStep(Topic.DISCARD, N_(
            "The five of clubs came back with the pile. It is still of no use to you: discard it again."
        ), _discard("5C"), _turn_of_others("6C", "4H", "QS", meld_first=queens_and_jacks)),
        TutorialStep(Topic.DRAW, N_(
            "The opponents made their first meld: queens and jacks. The queen on top of the pile is of no use to "
            "you, so draw from the stock."
        ), Draw()),
        TutorialStep(Topic.CANASTA, N_(
            "A king! Add it to your kings: seven kings are a canasta. With no wild card in it, it is a natural "
            "canasta, worth 500 points. Your side needs one canasta to go out."
        ), Meld(add=(_add(Rank.KING, "KD"),))),
        TutorialStep(Topic.FREEZE, N_(
            "The opponents could use the pile's cards for their queens and jacks. Twos and jokers are wild cards: "
            "a wild card discarded freezes the pile, and a frozen pile can only be taken with a natural pair of "
            "its top card. Discard your two to freeze it."
        ), _discard("2C"), _turn_of_others("5H", "6H", "7S")),
        TutorialStep(Topic.DRAW, N_("Draw a card from the stock."), Draw()),
        TutorialStep(Topic.GO_OUT, N_(
            "Your side has a canasta, so you may go out by getting rid of all your cards. Add the eight of "
            "diamonds and the joker to your eights: a meld may hold up to three wild cards."
        ), Meld(add=(_add(Rank.EIGHT, "8D JK"),))),
        TutorialStep(Topic.GO_OUT, N_(
            "Discard your last card, the black three, and you go out: your side scores 100 points for going out, "
            "and the cards left in the opponents' hands count against them."
        ), _discard("3C")),
    )  # fmt: skip


@dataclass(frozen=True, slots=True)
class Feedback:
    """What became of the newcomer's move: taken, or refused with a text to show."""

    accepted: bool
    text: str


class TutorialRun:
    """The guided game in progress: the state, the step the newcomer is on, and the computer players' scripted
    moves still to play (the window plays them one by one with its usual pause; `play_scripted` plays all)."""

    def __init__(self, state: GameState | None = None, steps: tuple[TutorialStep, ...] | None = None) -> None:
        self.state = state if state is not None else load_tutorial_deal()
        self.steps = steps if steps is not None else tutorial_steps()
        self.index = 0
        self.events: deque[Event] = deque()  # what happened, as the newcomer saw it, for the window to animate
        self._scripted: deque[Action] = deque()

    @property
    def step(self) -> TutorialStep | None:
        """The step the newcomer is on (None once the script is done)."""
        return self.steps[self.index] if self.index < len(self.steps) and not self._scripted else None

    @property
    def finished(self) -> bool:
        return self.state.phase is Phase.OVER or (self.index >= len(self.steps) and not self._scripted)

    @property
    def next_scripted(self) -> Action | None:
        """The computer player's move that comes next, while the others are playing."""
        return self._scripted[0] if self._scripted else None

    def computer_to_move(self) -> bool:
        return bool(self._scripted) and self.state.phase is not Phase.OVER

    def submit(self, action: Action) -> Feedback:
        """The newcomer's move: played if it is the step's move (in any equivalent form), else refused."""
        step = self.step
        if step is None:
            return Feedback(False, _("Wait for the other players to finish their turns."))
        if self.state.current != HUMAN_SEAT or check(view_for(self.state, HUMAN_SEAT), action) is not None:
            return Feedback(False, _("That move is not allowed now. {step}").format(step=step.message()))
        if not same_outcome(self.state, action, step.expected):
            return Feedback(False, _("Let us keep to the lesson. {step}").format(step=step.message()))
        self._play(action)
        self.index += 1
        self._scripted.extend(step.then)
        return Feedback(True, "")

    def play_next_scripted(self) -> None:
        """Play the next computer player's scripted move (the window calls it after its thinking pause)."""
        if self.computer_to_move():
            self._play(self._scripted.popleft())

    def play_scripted(self) -> None:
        """Play every scripted move up to the newcomer's next step."""
        while self.computer_to_move():
            self.play_next_scripted()

    def _play(self, action: Action) -> None:
        transition = apply(self.state, action)
        self.state = transition.state
        self.events.extend(transition.events_for(HUMAN_SEAT))
