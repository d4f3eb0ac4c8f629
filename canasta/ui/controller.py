"""The game at the table, without pixels: whose turn, the computer players' pacing, the human's actions.

The controller owns the whole state (the table's owner may), shows the human only `human_view()`, and hands
the window the events of every action, redacted for the human, to animate. Computer players decide on a
worker thread; the frame loop only polls.

It also keeps the game record (every action, hand by hand), saves the game after every action through an
`AutoSaver` when given one, counts finished hands and games in a `StatsBook` when given one, and can resume a
saved game. Each hand is dealt from its own random stream derived from the game's seed (`canasta.storage.seeds`),
so the computer players' randomness never changes a deal and the record replays exactly.
"""

from __future__ import annotations

import logging
import random
from collections import deque
from dataclasses import dataclass, replace

from canasta.actions import Action
from canasta.ai.base import Bot, CardMemory, safe_action
from canasta.ai.levels import LEVELS, make_bot
from canasta.engine import apply, check, legal_actions, view_for
from canasta.events import Event
from canasta.match import Match, finish_hand, new_match, start_hand
from canasta.playerview import Phase, PlayerView
from canasta.refusals import Refusal
from canasta.rules import Rules
from canasta.scoring import SideScore, score_hand
from canasta.state import GameState
from canasta.storage.record import GameRecord, new_record
from canasta.storage.saves import AutoSaver, SavedGame
from canasta.storage.seeds import bot_rng, cut_rng, deal_rng
from canasta.storage.stats import StatsBook
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
    practice: bool = False  # played with help: its statistics are kept apart


class TableController:
    """One game: the match, the hand in progress, the computer players, and what happened for the window.

    `saver` and `stats` are optional: without them nothing is kept between runs (tests, the bench).
    """

    def __init__(
        self,
        setup: GameSetup,
        *,
        saver: AutoSaver | None = None,
        stats: StatsBook | None = None,
        resume: SavedGame | None = None,
    ) -> None:
        self.setup = setup
        self.saver = saver
        self.stats = stats
        rules = setup.rules
        if resume is None:
            self.record: GameRecord = new_record(rules, setup.seed, setup.levels, setup.human, setup.practice)
            self.record = self.record.with_new_hand()
            self.match: Match = new_match(rules, cut_rng(setup.seed))
            self.state: GameState = start_hand(self.match, deal_rng(setup.seed, 0))
        else:
            self.record, self.match, self.state = resume.record, resume.match, resume.state
        resumed_at = self.record.action_count
        self.bots: list[Bot | None] = [
            None if seat == setup.human else _make_bot(level, bot_rng(setup.seed, seat, resumed_at), rules.players)
            for seat, level in enumerate(setup.levels)
        ]
        self.memories = [CardMemory(rules.players) for _ in range(rules.players)]
        self.events: deque[Event] = deque()
        # A resumed hand's whole history rebuilds each card memory; the window is not shown it again.
        self._observe(self.state.seen, show=resume is None)
        self.worker = BotWorker()
        self.scored = self.state.phase is Phase.OVER  # whether the finished hand is already added to the match
        self._turn_id = 0
        self._wait_s = setup.think_s
        if self.scored:
            self._count_finished()  # resumed after a stop that may have come before the counting
        self._autosave()

    @classmethod
    def resume(
        cls, saved: SavedGame, think_s: float = 0.6, *, saver: AutoSaver | None = None, stats: StatsBook | None = None
    ) -> TableController:
        """Continue a saved game where it stood."""
        record = saved.record
        setup = GameSetup(record.rules, record.levels, record.seed, record.human, think_s, record.practice)
        return cls(setup, saver=saver, stats=stats, resume=saved)

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
        self.record = self.record.with_action(action)
        self._turn_id += 1
        for seat, memory in enumerate(self.memories):
            memory.observe(transition.events_for(seat))
        self.events.extend(transition.events_for(self.human))
        if self.state.phase is Phase.OVER:
            self.score_hand()  # scored at once, so the save and the statistics never lag behind the table
        else:
            self._autosave()

    def _observe(self, seen: tuple[tuple[Event, ...], ...], show: bool = True) -> None:
        for seat, memory in enumerate(self.memories):
            memory.observe(seen[seat])
        if show:
            self.events.extend(seen[self.human])

    # -- between hands ----------------------------------------------------------------------------------

    def score_hand(self) -> None:
        """Add the finished hand to the match (once), count it, and save (or, at the game's end, clear) it."""
        if self.state.phase is Phase.OVER and not self.scored:
            self.match = finish_hand(self.match, self.state)
            self.scored = True
            self._count_finished()
            self._autosave()

    def next_hand(self) -> None:
        """Deal the next hand of the game (after scoring this one), unless the game is over."""
        self.score_hand()
        if self.match.over or not self.scored:
            return
        self.state = start_hand(self.match, deal_rng(self.setup.seed, len(self.match.hands)))
        self.record = self.record.with_new_hand()
        self.scored = False
        self._turn_id += 1
        self._observe(self.state.seen)
        self._autosave()

    def legal(self) -> list[Action]:
        return legal_actions(self.human_view()) if self.human_to_act() else []

    def close(self) -> None:
        self.worker.close()

    # -- what is kept between runs ----------------------------------------------------------------------

    def set_think_s(self, think_s: float) -> None:
        """A new thinking pause (the setting changed); it applies from the next move."""
        self.setup = replace(self.setup, think_s=think_s)

    def mark_practice(self) -> None:
        """The game was helped (undo, open hands): from now on it counts in the practice statistics."""
        if not self.record.practice:
            self.record = self.record.as_practice()
            self._autosave()

    def storage_message(self) -> str | None:
        """What went wrong saving the game or the statistics, for the window to show; None when all is well."""
        for keeper in (self.saver, self.stats):
            if keeper is not None and keeper.message:
                return keeper.message
        return None

    def _count_finished(self) -> None:
        if self.stats is None:
            return
        self.stats.count_hand(self.record, self.state, len(self.match.hands))
        if self.match.over:
            self.stats.count_game(self.record, self.match)

    def _autosave(self) -> None:
        if self.saver is None:
            return
        if self.match.over:
            self.saver.clear()  # a finished game is not offered again
        else:
            self.saver.save(self.record, self.match, self.state)


def _make_bot(level: str, rng: random.Random, players: int) -> Bot:
    """The computer player of `level`; a level this program does not know (an old save) plays Normal."""
    if level not in LEVELS:
        LOG.warning("unknown computer level %r; playing normal", level)
        level = "normal"
    return make_bot(level, rng, players)
