"""Hard's learned hold-or-meld: its features, when it holds a meld step back, its file."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

from canasta.ai.base import CardMemory
from canasta.ai.heuristic import HeuristicBot, Weights
from canasta.ai.learned import (
    MELD_FEATURES,
    LearnedBot,
    MeldModel,
    hard_player,
    load_meld_model,
    may_hold,
    meld_features,
)
from canasta.ai.levels import WEIGHTS, hard_meld_model, make_bot
from canasta.ai.lookahead import Line, play_out
from canasta.engine import check, new_hand, view_for
from canasta.engine.actions import Discard, Draw, Meld
from canasta.engine.playerview import Phase, PlayerView
from canasta.engine.rules import Rules
from tests.play import play_views_reshuffled, played_states


def _model(**named: float) -> MeldModel:
    return MeldModel(tuple(named.get(name, 0.0) for name in MELD_FEATURES))


def _meld_views(seeds: range) -> list[tuple[PlayerView, Meld]]:
    """Play-phase views of played hands where Hard's heuristic melds a step it may hold back."""
    found = []
    for seed in seeds:
        for state in played_states(seed, ("normal",)):
            if state.phase is not Phase.PLAY:
                continue
            view = view_for(state, state.current)
            step = HeuristicBot(Weights()).choose(view, CardMemory.from_view(view))
            if isinstance(step, Meld) and may_hold(view, step):
                found.append((view, step))
    return found


def test_every_feature_has_a_value_and_says_what_the_step_spends() -> None:
    views = _meld_views(range(3))
    assert len(views) >= 5
    for view, step in views:
        features = dict(zip(MELD_FEATURES, meld_features(view, step, Weights()), strict=True))
        assert len(features) == len(MELD_FEATURES)
        assert features["constant"] == 1.0
        assert features["cards"] == len(step.cards())
        assert features["hand_after"] == len(view.hand) - len(step.cards())
        assert features["wilds"] == sum(card.is_wild for card in step.cards())
        assert features["pairs_after"] <= features["pairs_before"]


def test_a_model_that_values_holding_discards_instead_of_melding_and_one_that_does_not_melds() -> None:
    holder = LearnedBot(Weights(), None, random.Random(1), _model(constant=1.0))
    melder = LearnedBot(Weights(), None, random.Random(1), _model(constant=-1.0))
    plain = HeuristicBot(Weights(), random.Random(1))
    for view, step in _meld_views(range(3)):
        memory = CardMemory.from_view(view)
        held = holder.choose(view, memory)
        assert isinstance(held, Discard) and check(view, held) is None
        assert held == plain.discard(view, memory)  # Hard's own discard, the meld kept in hand
        assert melder.choose(view, memory) == step == plain.choose(view, memory)


def test_a_step_that_goes_out_or_a_final_turn_is_never_held() -> None:
    holder = LearnedBot(Weights(), None, random.Random(1), _model(constant=1.0))
    checked = 0
    for seed in range(6):
        for state in played_states(seed, ("normal",)):
            if state.phase is not Phase.PLAY:
                continue
            view = view_for(state, state.current)
            step = HeuristicBot(Weights()).choose(view, CardMemory.from_view(view))
            if isinstance(step, Meld) and not may_hold(view, step):
                assert holder.choose(view, CardMemory.from_view(view)) == step
                checked += 1
    assert checked >= 3


def test_the_meld_features_see_no_hidden_card() -> None:
    checked = 0
    for view, reshuffled in play_views_reshuffled(range(4)):
        step = HeuristicBot(Weights()).choose(view, CardMemory.from_view(view))
        if isinstance(step, Meld):
            assert meld_features(view, step, Weights()) == meld_features(reshuffled, step, Weights())
            checked += 1
    assert checked > 10


def test_hard_without_models_is_the_heuristic_and_with_either_the_learned_player() -> None:
    rng = random.Random(1)
    assert type(hard_player(Weights(), None, rng)) is HeuristicBot
    bot = hard_player(Weights(), None, rng, _model())
    assert isinstance(bot, LearnedBot) and bot.model is None and bot.meld == _model()


def test_a_good_file_loads_and_a_missing_one_means_no_model(tmp_path: Path) -> None:
    coefficients = {name: float(index) for index, name in enumerate(MELD_FEATURES)}
    (tmp_path / "meld-4.json").write_text(json.dumps({"coefficients": coefficients}), encoding="utf-8")
    model = hard_meld_model(4, tmp_path)
    assert model == MeldModel(tuple(float(index) for index in range(len(MELD_FEATURES))))
    assert load_meld_model(tmp_path / "meld-6.json") is None
    assert hard_meld_model(6, tmp_path) is None


def test_hard_plays_the_committed_meld_model_where_there_is_one() -> None:
    for players in (2, 3, 4, 6):
        model = hard_meld_model(players)
        assert (WEIGHTS / f"meld-{players}.json").exists() == (model is not None)
        bot = make_bot("hard", random.Random(1), players)
        assert getattr(bot, "meld", None) == model
    assert hard_meld_model(4) is not None, "Hard at four players holds melds back by its model"
    kinds = Counter(type(make_bot(level, random.Random(1), 4)).__name__ for level in ("hard", "normal"))
    assert kinds == {"LearnedBot": 1, "HeuristicBot": 1}


def test_the_experts_rollouts_hold_meld_steps_back_as_hard_does() -> None:
    """The look-ahead plays Hard's hold-or-meld model on every seat: one that never holds plays out as the
    heuristic does, one that always may hold changes how hands end."""
    never, always = _model(constant=-1.0), _model(constant=1.0)
    changed = 0
    for seed in range(4):
        state = new_hand(Rules.for_players(4), (0, 0), seed % 4, random.Random(seed))
        plain = play_out(state, Line(Draw()), Weights(), seed)
        assert play_out(state, Line(Draw()), Weights(), seed, meld=never) == plain
        changed += play_out(state, Line(Draw()), Weights(), seed, meld=always) != plain
    assert changed >= 3
