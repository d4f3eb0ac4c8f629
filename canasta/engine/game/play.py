"""One place plays a hand, and one plays a whole game: each seat in turn is asked for its action from its own view,
the one guard replaces a seat's failing answer by the safe move (and says why), the action is applied, every seat
is told what it may see of it, and the hand stops at its end, at the caller's word, or at the one cap; a game
deals hand after hand (`canasta.engine.match`) until it is won. Replaying a recorded list of actions is here too,
with one way of saying what went wrong.

The table, the coach, sim, learn, bench, the soak, the smoke check, the look-ahead, the terminal game and the tests
all play hands and games through here, each passing only what differs: its seats, its view of a seat, a hook on
every step or every hand.
"""

from __future__ import annotations

import enum
import logging
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol, cast

from canasta.engine.actions import Action, Discard, Draw
from canasta.engine.events import Event
from canasta.engine.game.match import Match, finish_hand, start_hand
from canasta.engine.game.state import GameState
from canasta.engine.game.transitions import Transition, apply
from canasta.engine.game.views import view_for
from canasta.engine.judge import check, legal_actions
from canasta.engine.playerview import Phase, PlayerView
from canasta.engine.refusals import IllegalActionError

LOG = logging.getLogger(__name__)
MOVE_CAP = 5000  # actions in one hand: far above any real hand; a guard against a player that never ends its turn


class Seat(Protocol):
    """Whoever plays a seat: it answers with an action for its view (anything else, or an error, is judged by
    the guard), and is told the events of every action as its seat may see them. `name` says who it is in the
    log."""

    @property
    def name(self) -> str: ...

    def act(self, view: PlayerView) -> object: ...

    def see(self, events: tuple[Event, ...]) -> None: ...


class Fallback(enum.StrEnum):
    """Why a seat's own answer was replaced by the safe move."""

    RAISED = "raised an error"
    TIMED_OUT = "did not answer within its deadline"
    NOT_AN_ACTION = "answered with something that is not an action"
    ILLEGAL = "chose an illegal move"


class SeatTimedOut(Exception):
    """Raised by a seat whose decision ran out of time (a seat that thinks under a deadline)."""


class HandTooLongError(Exception):
    """The hand did not end within `MOVE_CAP` actions; `state` is where it stood."""

    def __init__(self, cap: int, state: GameState) -> None:
        super().__init__(f"the hand did not end within {cap} actions")
        self.state = state


class ReplayError(ValueError):
    """A recorded action that cannot be played where it stands: `index` in the list, and why."""

    def __init__(self, index: int, reason: str) -> None:
        super().__init__(f"action {index}: {reason}")
        self.index = index
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Decision:
    """The action to play; `fallback` says why it is the safe move instead of the seat's own, if it is."""

    action: Action
    fallback: Fallback | None = None
    detail: str = ""


@dataclass(frozen=True, slots=True)
class Played:
    """A hand played: where it stands (over, unless the caller stopped it), how many actions, and every answer
    the guard replaced, said in words."""

    state: GameState
    actions: int
    fallbacks: tuple[str, ...] = ()

    def __init__(self, state: GameState, actions: int, fallbacks: tuple[str, ...] = ()) -> None:
        # Written out: compiled, the fields are set natively (docs/development.md, "The compiled engine").
        object.__setattr__(self, "state", state)
        object.__setattr__(self, "actions", actions)
        object.__setattr__(self, "fallbacks", fallbacks)


def safe_action(view: PlayerView) -> Action:
    """A legal move that is never a blunder by much: draw, or discard the cheapest card that may go."""
    actions = legal_actions(view)
    if Draw() in actions:
        return Draw()
    discards = [action for action in actions if isinstance(action, Discard)]
    if discards:
        return min(discards, key=lambda action: (action.card.is_wild, action.card.points))
    return actions[0]


def judge(view: PlayerView, answer: object, name: str = "a player") -> Decision:
    """The guard: `answer` if it is a legal action for `view`, else the safe move with the reason (logged)."""
    if not isinstance(answer, Action):
        return _fallback(view, Fallback.NOT_AN_ACTION, f"{name}: {answer!r}")
    try:
        refusal = check(view, answer)
    except Exception as error:  # a malformed action object (a field of the wrong type) must not end the hand
        return _fallback(view, Fallback.NOT_AN_ACTION, f"{name}: {answer!r} ({type(error).__name__})")
    if refusal is not None:
        return _fallback(view, Fallback.ILLEGAL, f"{name}: {answer} ({refusal.code})")
    return Decision(answer)


def decide(seat: Seat, view: PlayerView) -> Decision:
    """Ask `seat` for its action and judge the answer; an error or a timeout gives the safe move."""
    name = seat.name
    try:
        answer = seat.act(view)
    except SeatTimedOut:
        return _fallback(view, Fallback.TIMED_OUT, name)
    except Exception as error:
        LOG.exception("%s failed at seat %d", name, view.seat)
        return _fallback(view, Fallback.RAISED, f"{name}: {type(error).__name__}: {error}")
    return judge(view, answer, name)


def _fallback(view: PlayerView, why: Fallback, detail: str) -> Decision:
    LOG.warning("computer player at seat %d %s (%s); playing a safe move", view.seat, why.value, detail)
    return Decision(safe_action(view), why, detail)


ViewOf = Callable[[GameState, int], PlayerView]
OnStep = Callable[[GameState, Action, Transition], None]


@dataclass(frozen=True, slots=True)
class HandOptions:
    """What a caller may change in how a hand is played: the view each seat is shown, whether answers are judged
    (the look-ahead's own players are trusted) and whether the seats are told what happened, a hook after every
    step (the state before, the action, its transition), and a word to stop early."""

    view_of: ViewOf = view_for
    judged: bool = True
    told: bool = True  # whether the seats are told the events (the look-ahead's seats remember nothing)
    on_step: OnStep | None = None
    stop: Callable[[GameState], bool] | None = None


def play_hand(state: GameState, seats: Sequence[Seat], options: HandOptions = HandOptions()) -> Played:
    """Play from `state` until the hand ends (or `options.stop` says so). :raises HandTooLongError: at the cap."""
    actions = 0
    fallbacks: list[str] = []
    while state.phase is not Phase.OVER:
        if options.stop is not None and options.stop(state):
            break
        if actions >= MOVE_CAP:
            raise HandTooLongError(MOVE_CAP, state)
        mover = state.current
        view = options.view_of(state, mover)
        if options.judged:
            decision = decide(seats[mover], view)
            if decision.fallback is not None:
                fallbacks.append(f"seat {mover} {decision.fallback.value} ({decision.detail})")
            action = decision.action
        else:
            action = cast(Action, seats[mover].act(view))  # trusted: the look-ahead's own players, not judged
        transition = apply(state, action, trusted=not options.judged)
        if options.told:
            for seat, player in enumerate(seats):
                player.see(transition.events_for(seat))
        if options.on_step is not None:
            options.on_step(state, action, transition)
        state = transition.state
        actions += 1
    return Played(state, actions, tuple(fallbacks))


class PolicySeat:
    """A seat played by a function of its view (a test's way of choosing, a scripted player); it remembers
    nothing, so it is told nothing."""

    def __init__(self, choose: Callable[[PlayerView], Action], name: str = "a scripted player") -> None:
        self.choose = choose
        self._name = name

    @property
    def name(self) -> str:
        return self._name

    def act(self, view: PlayerView) -> object:
        return self.choose(view)

    def see(self, events: tuple[Event, ...]) -> None:
        pass


SeatsFor = Callable[[GameState], Sequence[Seat]]  # the seats of a newly dealt hand (their memories start from it)
OnHand = Callable[[Match, Played], None]


@dataclass(frozen=True, slots=True)
class GameOptions:
    """What a caller may change in how a game is played: how each hand is played, the most hands the game may
    last (a game of weak players that never reaches the target ends there, judged by the caller), and a hook
    after every hand (the game with the hand scored, and the hand as played)."""

    hand: HandOptions = HandOptions()
    most_hands: int | None = None
    on_hand: OnHand | None = None


Deal = random.Random | Callable[[Match], GameState]  # one shuffler for the game, or each hand's own deal


def play_game(start: Match, seats: SeatsFor, deal: Deal, options: GameOptions = GameOptions()) -> Match:
    """Play `start` on, hand after hand, until the game is over (or has lasted `options.most_hands` hands); each
    hand is dealt by `deal` (from one `random.Random` for the game, or by a function of the game: a record deals
    each hand from a seed of its own) and played by `seats(state)`.

    :raises HandTooLongError: from a hand at the cap."""
    match = start
    while not match.over and (options.most_hands is None or len(match.hands) < options.most_hands):
        state = start_hand(match, deal) if isinstance(deal, random.Random) else deal(match)
        played = play_hand(state, seats(state), options.hand)
        match = finish_hand(match, played.state)
        if options.on_hand is not None:
            options.on_hand(match, played)
    return match


def replay(start: GameState, actions: Sequence[Action]) -> list[GameState]:
    """Every state a recorded list of actions leads through, `start` first.

    :raises ReplayError: at the first action that is not legal where it stands, or comes after the hand ended.
    """
    states = [start]
    for index, action in enumerate(actions):
        state = states[-1]
        if state.phase is Phase.OVER:
            raise ReplayError(index, "the hand was already over")
        try:
            states.append(apply(state, action).state)
        except IllegalActionError as error:
            raise ReplayError(index, error.refusal.message) from None
    return states
