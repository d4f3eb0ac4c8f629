"""The game at the table, without pixels: whose turn, the computer players' pacing, the human's actions.

The controller owns the whole state (the table's owner may), shows the human only `human_view()`, and hands
the window the events of every action, redacted for the human, to animate. Computer players decide on a
worker thread; the frame loop only polls.
"""

from __future__ import annotations

import logging
import random
from collections import deque
from dataclasses import dataclass

from canasta.actions import Action
from canasta.ai.base import Bot, CardMemory, safe_action
from canasta.ai.levels import make_bot
from canasta.engine import apply, check, legal_actions, view_for
from canasta.events import Event
from canasta.match import Match, finish_hand, new_match, start_hand
from canasta.playerview import Phase, PlayerView
from canasta.refusals import Refusal
from canasta.rules import Rules
from canasta.scoring import SideScore, score_hand
from canasta.state import GameState
from canasta.ui.bot_worker import BotWorker

LOG = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class GameSetup:
    """What the new-game screen chose: rules, a level per computer seat, the human's seat, the deal number."""

    rules: Rules
    levels: tuple[str, ...]  # one per seat; the human's entry is ignored
    seed: int
    human: int = 0
    think_s: float = 0.6  # the pause before a computer player's move, so people can follow


class TableController:
    """One game: the match, the hand in progress, the computer players, and what happened for the window."""

    def __init__(self, setup: GameSetup) -> None:
        self.setup = setup
        self._rng = random.Random(setup.seed)
        rules = setup.rules
        self.bots: list[Bot | None] = [
            None if seat == setup.human else make_bot(level, self._rng, rules.players)
            for seat, level in enumerate(setup.levels)
        ]
        self.match: Match = new_match(rules, self._rng)
        self.state: GameState = start_hand(self.match, self._rng)
        self.memories = [CardMemory(rules.players) for _ in range(rules.players)]
        self.events: deque[Event] = deque()
        self._observe(self.state.seen)
        self.worker = BotWorker()
        self.scored = False  # whether the finished hand is already added to the match
        self._turn_id = 0
        self._wait_s = setup.think_s

    # -- what the window shows -------------------------------------------------------------------------

    @property
    def human(self) -> int:
        return self.setup.human

    def human_view(self) -> PlayerView:
        return view_for(self.state, self.human)

    def human_to_act(self) -> bool:
        return self.state.phase is not Phase.OVER and self.state.current == self.human

    def hand_over(self) -> bool:
        return self.state.phase is Phase.OVER

    def hand_scores(self) -> tuple[SideScore, ...]:
        return score_hand(self.state)

    # -- acting ---------------------------------------------------------------------------------------------

    def submit(self, action: Action) -> Refusal | None:
        """The human's action: refused with the reason (nothing changes), or played."""
        if not self.human_to_act():
            return None
        refusal = check(self.human_view(), action)
        if refusal is None:
            self._play(action)
        return refusal

    def update(self, dt_s: float) -> None:
        """Advance the computer players: think off the loop, then move after the pause."""
        if self.state.phase is Phase.OVER or self.state.current == self.human:
            return
        seat = self.state.current
        bot = self.bots[seat]
        assert bot is not None
        if not self.worker.busy(self._turn_id):
            view, memory = view_for(self.state, seat), self.memories[seat]
            self.worker.request(lambda: bot.choose(view, memory), self._turn_id)
            self._wait_s = self.setup.think_s
        self._wait_s -= dt_s
        if self._wait_s > 0:
            return
        action = self.worker.poll(self._turn_id)
        if action is None:
            if not self.worker.busy(self._turn_id):
                self._play(self._safe(seat))
            return
        view = view_for(self.state, seat)
        if check(view, action) is not None:
            LOG.warning("computer player at seat %d chose an illegal move; playing a safe one", seat)
            action = self._safe(seat)
        self._play(action)

    def _safe(self, seat: int) -> Action:
        return safe_action(view_for(self.state, seat))

    def _play(self, action: Action) -> None:
        transition = apply(self.state, action)
        self.state = transition.state
        self._turn_id += 1
        for seat, memory in enumerate(self.memories):
            memory.observe(transition.events_for(seat))
        self.events.extend(transition.events_for(self.human))

    def _observe(self, seen: tuple[tuple[Event, ...], ...]) -> None:
        for seat, memory in enumerate(self.memories):
            memory.observe(seen[seat])
        self.events.extend(seen[self.human])

    # -- between hands ----------------------------------------------------------------------------------

    def score_hand(self) -> None:
        """Add the finished hand to the match (once)."""
        if self.state.phase is Phase.OVER and not self.scored:
            self.match = finish_hand(self.match, self.state)
            self.scored = True

    def next_hand(self) -> None:
        """Deal the next hand of the game (after scoring this one), unless the game is over."""
        self.score_hand()
        if self.match.over or not self.scored:
            return
        self.state = start_hand(self.match, self._rng)
        self.scored = False
        self._turn_id += 1
        self._observe(self.state.seen)

    def legal(self) -> list[Action]:
        return legal_actions(self.human_view()) if self.human_to_act() else []

    def close(self) -> None:
        self.worker.close()
