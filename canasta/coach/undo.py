"""Taking moves back in a practice game: the states of the hand as played, and the points to go back to.

The engine's states are immutable, so the history keeps every one of them as it was (no copies); going back
returns the very state object kept. Card memories are not kept: every state carries each seat's events since
the deal (`GameState.seen`), and `memories_at` rebuilds the memories from them for any point.
"""

from __future__ import annotations

from dataclasses import dataclass

from canasta.ai.base import CardMemory
from canasta.engine.actions import Action
from canasta.engine.playerview import Phase
from canasta.engine.state import GameState


@dataclass(frozen=True, slots=True)
class Decision:
    """A move made at the table: the state before it (the mover is `state.current`) and the action."""

    state: GameState
    action: Action


def memories_at(state: GameState) -> list[CardMemory]:
    """Every seat's card memory as it stands at `state`, rebuilt from the seat's events since the deal."""
    players = state.rules.players
    memories = [CardMemory(players) for _ in range(players)]
    for seat, memory in enumerate(memories):
        memory.observe(state.seen[seat] if state.seen else ())
    return memories


def turn_owner(state: GameState) -> int:
    """Whose turn it is: while a partner answers "may I go out?", still the asker's."""
    if state.phase is Phase.ANSWER:
        return (state.current - 2) % state.rules.players
    return state.current


class UndoHistory:
    """The states of the hand in play, for one human seat, with the take-backs it allows.

    `push` every state as play reaches it (the dealt state first, with no action). A state from a new deal
    starts the history afresh (`clear` does too, for a hand that starts from a position without a deal).
    `undos` counts the take-backs made: a game with any is a practice game.
    """

    def __init__(self, human: int) -> None:
        self.human = human
        self.undos = 0
        self._states: list[GameState] = []
        self._actions: list[Action | None] = []  # the action that led to each state (None for the deal)

    @property
    def states(self) -> tuple[GameState, ...]:
        return tuple(self._states)

    @property
    def current(self) -> GameState | None:
        return self._states[-1] if self._states else None

    def clear(self) -> None:
        self._states.clear()
        self._actions.clear()

    def push(self, state: GameState, action: Action | None = None) -> None:
        """Record the state play has reached, and the action that led to it (None for a deal)."""
        if self._states and _new_deal(self._states[-1], state):
            self.clear()
        self._states.append(state)
        self._actions.append(action)

    def decisions(self) -> list[Decision]:
        """The human's moves of this hand as they now stand (taken-back moves are gone), oldest first."""
        return [
            Decision(before, action)
            for before, action in zip(self._states, self._actions[1:], strict=False)
            if action is not None and before.current == self.human
        ]

    # -- taking back --------------------------------------------------------------------------------------------

    def can_undo_action(self) -> bool:
        return self._action_target() is not None

    def can_undo_turn(self) -> bool:
        return self._turn_target() is not None

    def undo_action(self) -> GameState | None:
        """Back to the state before the human's last action of the turn in progress (None: nothing to take
        back, the turn has passed to another player)."""
        return self._go_back(self._action_target())

    def undo_turn(self) -> GameState | None:
        """Back to the start of the human's turn: of the turn in progress when he has acted in it, else of
        his previous turn, skipping the computer players' moves in between (None: no earlier turn)."""
        return self._go_back(self._turn_target())

    def _go_back(self, index: int | None) -> GameState | None:
        if index is None:
            return None
        del self._states[index + 1 :]
        del self._actions[index + 1 :]
        self.undos += 1
        return self._states[index]

    def _action_target(self) -> int | None:
        """The index of the state before the human's last action, while only his own turn followed it."""
        last = len(self._states) - 1
        for index in range(last - 1, -1, -1):
            state = self._states[index]
            if state.phase is not Phase.OVER and turn_owner(state) != self.human:
                return None
            if state.current == self.human and self._actions[index + 1] is not None:
                return index if self._in_own_turn(index + 1) else None
        return None

    def _in_own_turn(self, start: int) -> bool:
        """Whether every state from `start` on is in the human's turn (or the hand's end he brought)."""
        return all(state.phase is Phase.OVER or turn_owner(state) == self.human for state in self._states[start:])

    def _turn_target(self) -> int | None:
        last = len(self._states) - 1
        for index in range(last - 1, -1, -1):
            if self._starts_turn(self._states[index]):
                return index
        return None

    def _starts_turn(self, state: GameState) -> bool:
        turn = state.turn
        return (
            state.current == self.human
            and state.phase is Phase.DRAW
            and turn.drew_from is None
            and turn.question is None
        )


def _new_deal(last: GameState, state: GameState) -> bool:
    """Whether `state` belongs to another hand than `last` (its history starts with another deal)."""
    if not last.seen or not state.seen:
        return False
    return last.seen[0][:1] != state.seen[0][:1]
