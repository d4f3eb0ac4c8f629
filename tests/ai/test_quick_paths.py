"""The computer players' quick paths give what the plain ones give: a draw that skips `legal_actions` only
where it lists no take, discards ranked once per rank as scored card by card, the hand after a meld step
counted without counters."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from canasta.ai.base import CardMemory
from canasta.ai.beginner import BEGINNER
from canasta.ai.heuristic import HeuristicBot, Weights, may_take
from canasta.ai.learned import _hand_after, _hand_pairs, _pairs
from canasta.ai.levels import hard_weights
from canasta.engine import legal_actions, view_for
from canasta.engine.actions import TakePile
from canasta.engine.playerview import Phase, PlayerView
from tests.play import played_states

SEEDS = range(40)
LEVELS = ("normal", "hard", "greedy", "beginner")


def _views(phase: Phase) -> list[PlayerView]:
    """The mover's view at every state of that phase in hands of random rules and players."""
    return [
        view_for(state, state.current)
        for seed in SEEDS
        for state in played_states(seed, LEVELS)
        if state.phase is phase
    ]


def test_a_draw_skips_the_legal_actions_only_where_they_hold_no_take() -> None:
    views = _views(Phase.DRAW)
    skipped = [view for view in views if not may_take(view)]
    assert len(skipped) > 100
    for view in skipped:
        assert not any(isinstance(action, TakePile) for action in legal_actions(view))


def test_discards_ranked_once_per_rank_are_ranked_as_card_by_card() -> None:
    views = _views(Phase.PLAY)
    assert len(views) > 200
    for weights in (Weights(), hard_weights(4), replace(BEGINNER, noise=0.0)):
        bot = HeuristicBot(weights)
        for view in views:
            for memory in (CardMemory.from_view(view), CardMemory(view.rules.players)):
                options = list({card.text: card for card in view.hand}.values())
                costs = [bot.discard_cost(view, memory, card) for card in options]
                expected = [options[index] for index in sorted(range(len(options)), key=costs.__getitem__)]
                assert bot._ranked_discards(view, memory) == expected


def test_the_hand_after_a_step_is_counted_as_with_counters() -> None:
    for view in _views(Phase.PLAY):
        assert _hand_pairs(view) == _pairs(view.hand)
        for size in range(len(view.hand) + 1):
            laid = view.hand[:size]
            after = Counter(view.hand)
            after.subtract(laid)
            kept = list(after.elements())
            assert _hand_after(view, laid) == (len(kept), _pairs(kept))
