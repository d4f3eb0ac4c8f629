"""Hard's learned discard: its features, its choice among the heuristic's candidates, its file."""

from __future__ import annotations

import json
import logging
import math
import random
from collections.abc import Callable
from pathlib import Path

import pytest

from canasta.ai.base import CardMemory
from canasta.ai.heuristic import HeuristicBot, Weights
from canasta.ai.learned import (
    CANDIDATES,
    FEATURES,
    MELD_FEATURES,
    DiscardModel,
    LearnedBot,
    discard_candidates,
    discard_features,
    load_discard_model,
    load_meld_model,
)
from canasta.ai.levels import WEIGHTS, hard_discard_model, hard_weights, make_bot
from canasta.engine import check, view_for
from canasta.engine.actions import Discard
from canasta.engine.cards import Card
from canasta.engine.playerview import Phase, PlayerView
from tests.ai.test_puzzles import PUZZLES, puzzle_view
from tests.play import play_views_reshuffled, played_states


def _model(margin: float = math.inf, **named: float) -> DiscardModel:
    return DiscardModel(tuple(named.get(name, 0.0) for name in FEATURES), CANDIDATES, margin)


def _discard_views(seeds: range) -> list[tuple[PlayerView, CardMemory]]:
    """Play-phase views of played hands where the seat may discard at least two different cards."""
    found = []
    for seed in seeds:
        for state in played_states(seed, ("normal",)):
            if state.phase is not Phase.PLAY or state.turn.final:
                continue
            view = view_for(state, state.current)
            if len({card.text for card in view.hand if check(view, Discard(card)) is None}) >= 2:
                found.append((view, CardMemory.from_view(view)))
    return found


def test_every_feature_has_a_value_and_the_points_are_the_cards() -> None:
    view, memory = _discard_views(range(3))[0]
    for card in view.hand:
        features = dict(zip(FEATURES, discard_features(view, memory, card, Weights()), strict=True))
        assert len(features) == len(FEATURES)
        assert features["points"] == (card.points if card.is_natural and not card.is_black_three else 0.0)
        assert features["wild"] == float(card.is_wild)
        assert features["black_three"] == float(card.is_black_three)


def _puzzle_features(stem: str) -> dict[str, dict[str, float]]:
    """Each hand card's features in the puzzle whose file name starts with `stem`."""
    path = next(path for path in PUZZLES if path.stem.startswith(stem))
    view, memory = puzzle_view(json.loads(path.read_text(encoding="utf-8")))
    return {
        card.text: dict(zip(FEATURES, discard_features(view, memory, card, Weights()), strict=True))
        for card in view.hand
    }


def test_a_dead_rank_the_stock_nearly_gone_and_our_card_lead_are_features() -> None:
    dead = _puzzle_features("21-")  # seven aces in sight: nobody holds a pair
    assert (dead["AH"]["dead"], dead["KD"]["dead"]) == (1.0, 0.0)
    gone = _puzzle_features("33-")  # no stock: the cards held count against us
    assert (gone["AH"]["points_stock_low"], gone["5C"]["points_stock_low"]) == (20.0, 5.0)
    assert _puzzle_features("21-")["AH"]["points_stock_low"] == 0.0
    lead = _puzzle_features("15-")  # we hold 13 and 4 cards, the opponents 3 and 3
    assert lead["2C"]["wild_card_lead"] == 5.5 and lead["2C"]["wild_threat"] == 0.0
    assert lead["4H"]["wild_card_lead"] == 0.0


def test_the_model_discards_its_best_candidate_among_the_heuristics_five() -> None:
    dear = LearnedBot(Weights(), _model(points=1.0))
    cheap = LearnedBot(Weights(), _model(points=-1.0))
    differ = 0
    for view, memory in _discard_views(range(6)):
        candidates = discard_candidates(dear, view, memory, CANDIDATES)
        assert 1 <= len(candidates) <= CANDIDATES
        chosen = [bot.discard(view, memory) for bot in (dear, cheap)]
        cards = [action.card for action in chosen if isinstance(action, Discard)]
        assert len(cards) == 2 and all(check(view, Discard(card)) is None for card in cards)
        assert set(cards) <= set(candidates)
        points = [_points(view, memory, card) for card in candidates]
        assert (_points(view, memory, cards[0]), _points(view, memory, cards[1])) == (max(points), min(points))
        differ += cards[0] != cards[1]
    assert differ >= 5, "too few positions where the coefficients change the discard"


def _points(view: PlayerView, memory: CardMemory, card: Card) -> float:
    return discard_features(view, memory, card, Weights())[FEATURES.index("points")]


def test_a_model_of_zeros_or_a_margin_of_zero_keeps_the_heuristics_own_discard() -> None:
    # All candidates are worth the same to the first, so it takes the heuristic's best; the second may only
    # choose among candidates as cheap as the heuristic's best.
    plain = HeuristicBot(Weights())
    for bot in (LearnedBot(Weights(), _model()), LearnedBot(Weights(), _model(0.0, points=1.0))):
        for view, memory in _discard_views(range(4)):
            choice = bot.discard(view, memory)
            assert isinstance(choice, Discard)
            assert bot.discard_cost(view, memory, choice.card) == plain.discard_cost(
                view, memory, plain_card(plain.discard(view, memory))
            )


def plain_card(action: object) -> Card:
    assert isinstance(action, Discard)
    return action.card


def test_the_features_see_no_hidden_card() -> None:
    checked = 0
    for view, reshuffled in play_views_reshuffled(range(4)):
        for card in view.hand:
            features = [discard_features(v, CardMemory.from_view(v), card, Weights()) for v in (view, reshuffled)]
            assert features[0] == features[1]
            checked += 1
    assert checked > 50


def _write(path: Path, data: object) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_a_good_file_loads_and_a_missing_one_means_no_model(tmp_path: Path) -> None:
    coefficients = {name: float(index) for index, name in enumerate(FEATURES)}
    data = {"coefficients": coefficients, "candidates": 3, "margin": 7}
    model = load_discard_model(_write(tmp_path / "discard-4.json", data))
    assert model == DiscardModel(tuple(float(i) for i in range(len(FEATURES))), 3, 7.0)
    assert load_discard_model(tmp_path / "discard-6.json") is None
    assert hard_discard_model(4, tmp_path) == model
    assert hard_discard_model(6, tmp_path) is None


def _damaged(features: tuple[str, ...]) -> list[str]:
    return [
        "{not json",
        json.dumps({"coefficients": {features[1]: 1.0}}),  # features missing
        json.dumps({"coefficients": {name: "x" for name in features}}),
        json.dumps({"coefficients": {name: float("inf") for name in features}}),
        json.dumps([1, 2, 3]),
    ]


@pytest.mark.parametrize(
    ("loader", "name", "content"),
    [(load_discard_model, "discard-4.json", content) for content in _damaged(FEATURES)]
    + [
        (load_discard_model, "discard-4.json", json.dumps({"coefficients": dict.fromkeys(FEATURES, 0.0), **extra}))
        for extra in ({"candidates": 0}, {"margin": -1})
    ]
    + [(load_meld_model, "meld-4.json", content) for content in _damaged(MELD_FEATURES)],
)
def test_a_damaged_model_file_is_logged_and_hard_plays_by_its_heuristic(
    tmp_path: Path, loader: Callable[[Path], object], name: str, content: str, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    with caplog.at_level(logging.WARNING):
        assert loader(path) is None
    assert f"{name} is unusable" in caplog.text


def test_hard_plays_the_committed_model_where_there_is_one() -> None:
    for players in (2, 3, 4, 6):
        bot = make_bot("hard", random.Random(1), players)
        model = hard_discard_model(players)
        assert (WEIGHTS / f"discard-{players}.json").exists() == (model is not None)
        assert isinstance(bot, LearnedBot) == (model is not None)
        assert isinstance(bot, HeuristicBot) and bot.weights == hard_weights(players)
    assert hard_discard_model(4) is not None, "Hard at four players has its learned discard"
