"""The game at the table, without pixels: whose turn, the computer players' pacing, the human's actions.

The controller owns the whole state (the table's owner may), shows the human only `human_view()`, and hands
the window the events of every action, redacted for the human, to animate. Computer players decide on a
worker thread; the frame loop only polls.

It also keeps the game record (every action, hand by hand), saves the game after every action through an
`AutoSaver` when given one, counts finished hands and games in a `StatsBook` when given one, and can resume a
saved game. Each hand is dealt from its own random stream derived from the game's seed (`canasta.storage.seeds`),
so the computer players' randomness never changes a deal and the record replays exactly.

Coaching: a hint (the Hard player's move, with its reason) in any game; in a practice game, taking back the
human's last action or whole turn and showing every hand face up. The hand's states are kept from its deal
(`UndoHistory`), which also gives the human's decisions for the review and the deal to play again.
"""

from __future__ import annotations

import logging
import random
from collections import deque
from dataclasses import dataclass, replace

from canasta.coach.hint import Hint, can_hint, hint
from canasta.coach.replay_deal import deal_again
from canasta.coach.undo import Decision, UndoHistory
from canasta.engine import apply, check, legal_actions, view_for
from canasta.engine.actions import Action
from canasta.engine.cards import Card
from canasta.engine.events import Event
from canasta.engine.match import Match, finish_hand, new_match, start_hand
from canasta.engine.play import replay
from canasta.engine.playerview import Phase, PlayerView, score_index
from canasta.engine.refusals import Refusal
from canasta.engine.rules import Rules
from canasta.engine.scoring import SideScore, score_hand
from canasta.engine.state import GameState
from canasta.storage.record import GameRecord, new_record
from canasta.storage.saves import AutoSaver, SavedGame
from canasta.storage.seeds import cut_rng, deal_rng
from canasta.storage.settings import DEFAULT_THINK_S
from canasta.storage.stats import StatsBook
from canasta.ui.table.computers import ComputerSeats, computer_players
from canasta.ui.table.keeping import GameKeeping

LOG = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class GameSetup:
    """What the new-game screen chose: rules, a level per computer seat, the human's seat, the deal number."""

    rules: Rules
    levels: tuple[str, ...]  # one per seat; the human's entry is ignored
    seed: int
    human: int = 0
    think_s: float = DEFAULT_THINK_S  # the pause before a computer player's move, so people can follow
    practice: bool = False  # undo and open hands allowed; its statistics are kept apart


@dataclass(frozen=True, slots=True)
class HandDeal:
    """One hand's deal, to deal it again: the table, the scores and dealer at its start, and the game's seed
    and the hand's number, which give the shuffle (`canasta.storage.seeds.deal_rng`). `played` is the human's
    side's score for the hand as it was played (None while it is in progress)."""

    rules: Rules
    levels: tuple[str, ...]
    human: int
    scores: tuple[int, ...]
    dealer: int
    seed: int
    number: int  # 0 for the game's first hand
    target: int
    played: SideScore | None = None

    def deal(self) -> GameState:
        """The hand dealt again from the very same shuffle (in Hand and Foot, as the same round: its minimum)."""
        return deal_again(
            self.rules, self.scores, self.dealer, lambda: deal_rng(self.seed, self.number), round_number=self.number + 1
        )


class TableController:
    """One game: the match, the hand in progress, the computer players, and what happened for the window.

    `saver` and `stats` are optional: without them nothing is kept between runs (tests, the bench). Its parts:
    the computer players (`computers`), what is kept between runs (`keeping`, which also says what went wrong),
    and the coaching tools beside the hint (`tools`: undo and open hands in a practice game, the hand's decisions
    and the review's seed).
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
        self.keeping = GameKeeping(saver, stats)
        rules = setup.rules
        if resume is None:
            self.record: GameRecord = new_record(rules, setup.seed, setup.levels, setup.human, setup.practice)
            self.record = self.record.with_new_hand()
            self.match: Match = new_match(rules, cut_rng(setup.seed))
            self.state: GameState = start_hand(self.match, deal_rng(setup.seed, 0))
        else:
            self.record, self.match, self.state = resume.record, resume.match, resume.state
        bots = computer_players(setup.levels, setup.human, setup.seed, rules.players, self.record.action_count)
        self.computers = ComputerSeats(bots, rules.players, setup.think_s)
        self.events: deque[Event] = deque()
        # A resumed hand's whole history rebuilds each card memory; the window is not shown it again.
        self._resumed = resume is not None
        self.computers.observe(lambda seat: self.state.seen[seat])
        if resume is None:
            self.events.extend(self.state.seen[self.human])
        self.scored = self.state.phase is Phase.OVER  # whether the finished hand is already added to the match
        self.deal: HandDeal | None = None  # the deal this one-hand game replays (`for_deal`), else None
        self.tools = CoachingTools(self)
        self.tools.start()
        if self.scored:
            self.keeping.count(self.record, self.state, self.match)  # resumed after a stop that may have come first
        self.keeping.save(self.record, self.match, self.state)

    @classmethod
    def resume(
        cls,
        saved: SavedGame,
        think_s: float = DEFAULT_THINK_S,
        *,
        saver: AutoSaver | None = None,
        stats: StatsBook | None = None,
    ) -> TableController:
        """Continue a saved game where it stood."""
        record = saved.record
        setup = GameSetup(record.rules, record.levels, record.seed, record.human, think_s, record.practice)
        return cls(setup, saver=saver, stats=stats, resume=saved)

    @classmethod
    def for_deal(cls, setup: GameSetup, deal: HandDeal) -> TableController:
        """A practice game of one hand on a deal made again (`HandDeal.deal`): nothing is saved or counted."""
        dealt = deal.deal()
        setup = replace(setup, practice=True)
        record = new_record(setup.rules, setup.seed, setup.levels, setup.human, practice=True).with_new_hand()
        match = Match(setup.rules, dealt.scores, dealt.dealer, deal.target)
        controller = cls(setup, resume=SavedGame(record, match, dealt))
        controller.deal = replace(deal, played=None)
        controller._resumed = False  # its deal is shown as a new hand's, below
        controller.events.extend(dealt.seen[setup.human])  # the deal is shown, as in any new hand
        return controller

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

    def hand_number(self) -> int:
        """The hand in play, 1 for the game's first (a scored hand still counts until the next is dealt)."""
        return max(1, len(self.record.hands))

    def target(self) -> int | None:
        return self.match.target

    def stand_in(self) -> str | None:
        return None  # the human plays his own seat

    def past_events(self) -> tuple[Event, ...]:
        """The hand's events so far as the human saw them, for a table opened on a game taken up again (a new
        hand's events come through `events` instead)."""
        return self.state.seen[self.human] if self._resumed else ()

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
        action = self.computers.move(self.state, dt_s, self.setup.think_s)
        if action is not None:
            self._play(action)

    def _play(self, action: Action) -> None:
        transition = apply(self.state, action)
        self.state = transition.state
        self.record = self.record.with_action(action)
        self.tools.history.push(self.state, action)
        self.computers.next_turn()
        self.computers.observe(transition.events_for)
        self.events.extend(transition.events_for(self.human))
        if self.state.phase is Phase.OVER:
            self.score_hand()  # scored at once, so the save and the statistics never lag behind the table
        else:
            self.keeping.save(self.record, self.match, self.state)

    # -- between hands ----------------------------------------------------------------------------------

    def score_hand(self) -> None:
        """Add the finished hand to the match (once), count it, and save (or, at the game's end, clear) it."""
        if self.state.phase is Phase.OVER and not self.scored:
            self.match = finish_hand(self.match, self.state)
            self.scored = True
            self.keeping.count(self.record, self.state, self.match)
            self.keeping.save(self.record, self.match, self.state)

    def next_hand(self) -> None:
        """Deal the next hand of the game (after scoring this one), unless the game is over."""
        self.score_hand()
        if self.match.over or not self.scored:
            return
        self.state = start_hand(self.match, deal_rng(self.setup.seed, len(self.match.hands)))
        self.record = self.record.with_new_hand()
        self.scored = False
        self.computers.next_turn()
        self.tools.start()
        self.computers.observe(lambda seat: self.state.seen[seat])
        self.events.extend(self.state.seen[self.human])
        self.keeping.save(self.record, self.match, self.state)

    def legal(self) -> list[Action]:
        return legal_actions(self.human_view()) if self.human_to_act() else []

    def close(self) -> None:
        self.computers.close()

    # -- coaching -----------------------------------------------------------------------------------------

    def hint(self) -> Hint | None:
        """The Hard player's move for the human now, with its reason; None when the human has nothing to do.

        Called on the frame loop: the Hard player decides in well under a millisecond (the Expert is never asked).
        """
        view = self.human_view()
        if not can_hint(view):
            return None
        return hint(view, self.computers.memories[self.human], self.hint_seed())

    def hint_seed(self) -> int:
        """The hint's random stream for the position now: the same position always gets the same hint."""
        return random.Random(f"{self.setup.seed}:hint:{self.record.action_count}").getrandbits(32)

    def restore(self, state: GameState | None, kept: int) -> bool:
        """Play resumes from an earlier state (a move taken back), with the hand's first `kept` actions: the record
        shortened to match, the memories rebuilt, any computer player's answer still on its way dropped, the game
        marked practice and saved. Returns whether there was a state to go back to."""
        if state is None:
            return False
        self.state = state
        self.record = replace(self.record, hands=(*self.record.hands[:-1], self.record.hands[-1][:kept]))
        self.computers.start_over(state, self.setup.think_s)
        self.mark_practice()
        self.keeping.save(self.record, self.match, self.state)
        return True

    def hand_deal(self) -> HandDeal:
        """This hand's deal, to play it again or watch the Expert play it."""
        state = self.state
        played = score_hand(state)[score_index(state.rules, self.human)] if state.phase is Phase.OVER else None
        if self.deal is not None:
            return replace(self.deal, played=played)
        return HandDeal(
            state.rules, self.setup.levels, self.human, state.scores, state.dealer, self.setup.seed,
            len(self.record.hands) - 1, self.match.target, played,
        )  # fmt: skip

    # -- what is kept between runs ----------------------------------------------------------------------

    def set_think_s(self, think_s: float) -> None:
        """A new thinking pause (the setting changed); it applies from the next move."""
        self.setup = replace(self.setup, think_s=think_s)

    def set_expert_s(self, seconds: float) -> None:
        """The Expert players' thinking time (the setting); it applies from their next decision."""
        self.computers.set_expert_s(seconds)

    def mark_practice(self) -> None:
        """The game was helped (undo, open hands): from now on it counts in the practice statistics."""
        if not self.record.practice:
            self.record = self.record.as_practice()
            self.keeping.save(self.record, self.match, self.state)


class CoachingTools:
    """The coaching of a game at the table beside the hint: in a practice game, taking back the human's last action
    or whole turn, and every hand face up; in any game, the hand's states from its deal (`history`, which undo
    goes back through) and the human's decisions in them for the review."""

    def __init__(self, game: TableController) -> None:
        self._game = game
        self.history = UndoHistory(game.human)
        self._base = 0  # actions of the hand played before the history's first state
        self.open_hands = False

    def start(self) -> None:
        """The hand's states from its deal: replayed from the record when the hand is under way (a resumed game).
        Should the replay not reach the state in play, the history starts here and nothing earlier is undone."""
        game = self._game
        self.history.clear()
        actions = game.record.hands[-1] if game.record.hands else ()
        states = _replayed(game, actions) if actions else [game.state]
        if states[-1] != game.state:
            LOG.warning("the hand's record does not lead to the state in play; undo starts from here")
            states = [game.state]
        self._base = len(actions) - (len(states) - 1)
        self.history.push(states[0])
        for state, action in zip(states[1:], actions, strict=False):
            self.history.push(state, action)

    def can_undo_action(self) -> bool:
        game = self._game
        return game.setup.practice and not game.hand_over() and self.history.can_undo_action()

    def can_undo_turn(self) -> bool:
        game = self._game
        return game.setup.practice and not game.hand_over() and self.history.can_undo_turn()

    def undo_action(self) -> bool:
        """Take back the human's last action of his turn in progress (practice games); whether it was."""
        return self.can_undo_action() and self._restore(self.history.undo_action())

    def undo_turn(self) -> bool:
        """Back to the start of the human's turn, or of his previous one (practice games); whether it went."""
        return self.can_undo_turn() and self._restore(self.history.undo_turn())

    def _restore(self, state: GameState | None) -> bool:
        return self._game.restore(state, self._base + len(self.history.states) - 1)

    def set_open_hands(self, shown: bool) -> bool:
        """Show every hand face up, or not; only in practice games. Returns whether they are shown now."""
        game = self._game
        self.open_hands = shown and game.setup.practice
        if self.open_hands:
            game.mark_practice()
        return self.open_hands

    def shown_hands(self) -> dict[int, tuple[Card, ...]]:
        """The other seats' hands while open hands are on (practice games only), else none."""
        game = self._game
        if not (self.open_hands and game.setup.practice):
            return {}
        return {seat: hand for seat, hand in enumerate(game.state.hands) if seat != game.human}

    def decisions(self) -> list[Decision]:
        """The human's moves of this hand as they stand (taken-back moves are gone), for the review."""
        return self.history.decisions()

    def review_seed(self) -> int:
        """The review's seed for this hand: the same hand always gets the same review."""
        game = self._game
        return random.Random(f"{game.setup.seed}:review:{len(game.record.hands)}").getrandbits(32)


def _replayed(game: TableController, actions: tuple[Action, ...]) -> list[GameState]:
    """The hand's states from its deal through `actions`; only the state in play when they do not replay."""
    try:
        return replay(game.hand_deal().deal(), actions)
    except ValueError:  # a record that does not replay (a ReplayError), or a deal that cannot be made again
        return [game.state]
