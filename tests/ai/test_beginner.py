"""The Beginner's habits (canasta.ai.beginner): a casual player's mistakes, each plausible, none absurd."""

from __future__ import annotations

import random
import statistics
from collections.abc import Iterator
from dataclasses import replace

import pytest

from canasta.ai.base import CardMemory
from canasta.ai.beginner import BEGINNER, BeginnerBot, plain_take
from canasta.ai.heuristic import HeuristicBot, Weights
from canasta.ai.levels import make_bot
from canasta.app.sim import SimConfig, play_deal
from canasta.engine import check, view_for
from canasta.engine.actions import AskPartner, Discard, TakePile
from canasta.engine.judge import going_out_step, legal_actions
from canasta.engine.playerview import Phase, PlayerView, pile_is_frozen
from canasta.engine.rules import Variant
from tests.play import played_states

SEEDS = range(30)
# Normal must beat the Beginner by at least this many points per deal over LADDER_DEALS duplicate deals at four
# players (the ladder's figure is some 360 over 1000 deals: docs/computer-players.md, "The ladder").
NORMAL_OVER_BEGINNER_AT_LEAST = 200.0
LADDER_DEALS = 60


def _views(phase: Phase, variant: Variant = Variant.CLASSIC) -> Iterator[tuple[PlayerView, CardMemory]]:
    """The mover's view (with the memory its history gives) at every state of that phase in hands where the
    Beginner sits among Normal players."""
    for seed in SEEDS:
        for state in played_states(seed, ("beginner", "normal"), variant):
            if state.phase is phase:
                view = view_for(state, state.current)
                yield view, CardMemory.from_view(view)


def test_the_beginner_plays_from_the_table_alone_remembering_nothing() -> None:
    """Its choice is the same with the memory of the hand as with none, on views where remembering changes the
    choice of its heuristic minding the pile as Normal does."""
    beginner, blank = BeginnerBot(rng=random.Random(5)), BeginnerBot(rng=random.Random(5))
    minding = replace(BEGINNER, pile_danger=Weights().pile_danger)
    remembering, forgetting = HeuristicBot(minding, random.Random(5)), HeuristicBot(minding, random.Random(5))
    memory_mattered = 0
    for view, memory in _views(Phase.PLAY):
        assert beginner.choose(view, memory) == blank.choose(view, CardMemory(view.rules.players))
        empty = CardMemory(view.rules.players)
        memory_mattered += remembering.choose(view, memory) != forgetting.choose(view, empty)
    assert memory_mattered > 0


def test_in_classic_the_beginner_takes_the_pile_only_with_a_natural_pair() -> None:
    bot = make_bot("beginner", random.Random(2))
    takes = 0
    for view, memory in _views(Phase.DRAW):
        action = bot.choose(view, memory)
        if isinstance(action, TakePile):
            takes += 1
            assert view.rules.shape.names_by_rank and plain_take(view, action)
            assert len(action.with_) >= 2 and all(card.rank is view.pile[-1].rank for card in action.with_[:2])
    assert takes > 10


def test_the_beginner_never_throws_a_wild_card_into_an_unfrozen_pile_while_a_natural_card_may_go() -> None:
    bot = make_bot("beginner", random.Random(4))
    wilds_seen = 0
    for view, memory in _views(Phase.PLAY):
        action = bot.choose(view, memory)
        naturals = [a for a in legal_actions(view) if isinstance(a, Discard) and not a.card.is_wild]
        wilds_seen += any(card.is_wild for card in view.hand)
        if isinstance(action, Discard) and action.card.is_wild and view.pile and not pile_is_frozen(view):
            assert not naturals, f"threw {action.card.text} into an unfrozen pile holding {view.hand}"
    assert wilds_seen > 50


def test_the_beginner_goes_out_and_asks_partner_as_normal_does() -> None:
    """Never refusing to go out: wherever Normal goes out (or asks first), the Beginner does the same."""
    beginner, normal = make_bot("beginner", random.Random(6)), make_bot("normal", random.Random(6))
    outs = 0
    for view, memory in _views(Phase.PLAY):
        out = going_out_step(view)
        chosen = normal.choose(view, memory)
        if out is None or chosen not in (AskPartner(), out[0] or out[1]):
            continue
        outs += 1
        assert beginner.choose(view, memory) == chosen
    assert outs > 5


@pytest.mark.parametrize("variant", list(Variant))
def test_the_beginner_moves_legally_in_every_game_of_the_family(variant: Variant) -> None:
    bot = make_bot("beginner", random.Random(8))
    moves = 0
    for phase in (Phase.DRAW, Phase.PLAY):
        for view, memory in _views(phase, variant):
            action = bot.choose(view, memory)
            assert check(view, action) is None, f"{variant.value}: {action} refused"
            moves += 1
    assert moves > 100


def test_normal_beats_the_beginner_clearly_at_four_players() -> None:
    config = SimConfig("normal", "beginner", players=4, deals=LADDER_DEALS, games=0, seed=41)
    diffs = [play_deal(config, index) for index in range(LADDER_DEALS)]
    assert statistics.fmean(diffs) >= NORMAL_OVER_BEGINNER_AT_LEAST, statistics.fmean(diffs)
