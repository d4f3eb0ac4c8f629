"""`canasta learn`: the studied discards, the fit, the held-out gate and the command."""

from __future__ import annotations

import contextlib
import dataclasses
import io
import json
import math
import random
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from canasta.ai.knowledge import stock_bottom
from canasta.ai.learned import CANDIDATES, FEATURES, MELD_FEATURES, load_discard_model, load_meld_model
from canasta.app.cli import run
from canasta.app.learn import (
    DataError,
    LearnConfig,
    decisions_of_hand,
    fit,
    learn,
    load_decisions,
    save_decisions,
    study,
    with_stock_shuffled,
    write,
)
from canasta.engine import new_hand, view_for
from canasta.engine.rules import Rules, UpcardSpecials

TINY = LearnConfig(hands=2, rollouts=2, share=0.5, seed=3, holdout_deals=4)


def test_a_hand_yields_its_studied_discards_with_features_and_values() -> None:
    decisions = decisions_of_hand((TINY, 0))
    assert decisions, "half of a hand's discards are studied"
    for features, values in decisions:
        assert 2 <= len(features) == len(values) <= CANDIDATES
        assert all(len(row) == len(FEATURES) for row in features)
        assert all(math.isfinite(value) for value in values)
    assert decisions == decisions_of_hand((TINY, 0))  # the seed decides everything
    assert decisions_of_hand((LearnConfig(share=0.0), 0)) == []


def test_each_continuation_meets_its_own_stock_with_every_card_kept() -> None:
    state = new_hand(Rules.for_players(4), (0, 0), 0, random.Random(2))
    view = view_for(state, state.current)
    first, again, other = (with_stock_shuffled(state, view, seed) for seed in (1, 1, 2))
    assert Counter(first.stock) == Counter(state.stock)
    assert first.stock not in (state.stock, other.stock)
    assert first == again  # the seed decides the order
    assert dataclasses.replace(first, stock=state.stock) == state  # nothing else moves


def test_cards_known_to_lie_at_the_bottom_of_the_stock_stay_there() -> None:
    rules = dataclasses.replace(Rules.for_players(4), upcard_specials=UpcardSpecials.STOCK_BOTTOM)
    state = next(
        s for seed in range(200) if stock_bottom(view_for(s := new_hand(rules, (0, 0), 0, random.Random(seed)), 0))
    )
    bottom = stock_bottom(view_for(state, 0))
    for seed in range(5):
        shuffled = with_stock_shuffled(state, view_for(state, 0), seed).stock
        assert shuffled[-len(bottom) :] == state.stock[-len(bottom) :] == bottom
        assert Counter(shuffled) == Counter(state.stock)


def test_a_discards_values_are_the_mean_over_different_futures() -> None:
    """Hard plays alike whatever its random stream, so without a shuffled stock every continuation of a
    candidate would end alike and the mean of four would be the value of one."""
    one = decisions_of_hand((dataclasses.replace(TINY, rollouts=1), 0))[0]
    four = decisions_of_hand((dataclasses.replace(TINY, rollouts=4), 0))[0]
    assert one[0] == four[0]  # the same decision, the same candidates
    assert one[1] != four[1]


def test_a_hand_yields_its_studied_meld_steps_holding_against_melding() -> None:
    config = dataclasses.replace(TINY, decision="meld", share=1.0)
    decisions = decisions_of_hand((config, 0))
    assert decisions, "every meld step Hard may hold back is studied"
    for features, values in decisions:
        assert len(features) == len(values) == 2
        assert features[0] == (0.0,) * len(MELD_FEATURES)  # melding, the model's zero
        assert len(features[1]) == len(MELD_FEATURES) and features[1][0] == 1.0
        assert all(math.isfinite(value) for value in values)
    assert any(values[0] != values[1] for _, values in decisions), "holding changes how a hand ends"
    assert decisions == decisions_of_hand((config, 0))


def test_the_meld_model_is_written_with_its_features_and_how_it_was_obtained(tmp_path: Path) -> None:
    config = dataclasses.replace(TINY, decision="meld", hands=3, share=1.0)
    result = learn(config, report=lambda line: None)
    assert set(result["coefficients"]) == set(MELD_FEATURES) and "candidates" not in result
    assert result["how"]["command"].endswith("--decision meld")
    assert "hold-minus-meld" in result["how"]["method"]
    path = tmp_path / "meld-4.json"
    path.write_text(json.dumps(result), encoding="utf-8")
    model = load_meld_model(path)
    assert model is not None and model.coefficients == tuple(result["coefficients"][n] for n in MELD_FEATURES)


def test_studied_discards_are_not_read_as_meld_steps(tmp_path: Path) -> None:
    path = tmp_path / "study.npz"
    save_decisions(decisions_of_hand((TINY, 0)), path, TINY)
    with pytest.raises(DataError, match="other decision, features"):
        load_decisions(path, dataclasses.replace(TINY, decision="meld"))


def test_the_fit_recovers_the_coefficients_that_made_the_values() -> None:
    rng = np.random.default_rng(5)
    truth = rng.normal(size=len(FEATURES))
    decisions = []
    for _ in range(300):
        features = rng.normal(size=(4, len(FEATURES)))
        offset = rng.normal() * 100  # what all candidates of a decision share says nothing of the choice
        decisions.append(([tuple(row) for row in features], [float(row @ truth + offset) for row in features]))
    assert np.allclose(fit(decisions, ridge=1e-6), truth, atol=1e-6)
    shrunk = fit(decisions, ridge=1e6)
    assert np.linalg.norm(shrunk) < np.linalg.norm(truth) / 2  # the ridge pulls toward zero


def test_the_study_reports_each_tenth_of_its_hands_and_keeps_their_order() -> None:
    config = dataclasses.replace(TINY, hands=25, share=0.05)
    lines: list[str] = []
    decisions = study(config, lambda function, tasks: [function(task) for task in tasks], lines.append)
    assert decisions == [decision for index in range(25) for decision in decisions_of_hand((config, index))]
    studied = [int(line.split(" of ")[0]) for line in lines]
    assert studied == [3, 6, 9, 12, 15, 18, 21, 24, 25]  # a line for each three hands (a tenth, rounded up)
    assert all(line.endswith(" discards)") and " of 25 hands studied (" in line for line in lines)
    assert lines[-1] == f"25 of 25 hands studied ({len(decisions)} discards)"


def test_the_model_is_written_only_when_it_beat_hard_held_out(tmp_path: Path) -> None:
    result = learn(TINY, report=lambda line: None)
    assert set(result["coefficients"]) == set(FEATURES)
    assert result["how"]["decisions"] > 0 and result["how"]["holdout"]["deals"] == TINY.holdout_deals
    assert "python -m canasta learn --players 4 --hands 2 --rollouts 2" in result["how"]["command"]
    path = tmp_path / "discard-4.json"
    result["how"]["holdout"]["beats_hard"] = False
    assert not write(result, path) and not path.exists()
    result["how"]["holdout"]["beats_hard"] = True
    assert write(result, path)
    assert load_discard_model(path) is not None


def test_the_command_prints_the_coefficients_and_refuses_a_share_above_one(tmp_path: Path) -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = run(["learn", "--hands", "1", "--rollouts", "1", "--holdout-deals", "2", "--seed", "4"])
    assert code == 0
    printed = out.getvalue()
    assert set(json.loads(printed[printed.index("{") :])) == set(FEATURES)
    err = io.StringIO()
    with contextlib.redirect_stderr(err), pytest.raises(SystemExit):
        run(["learn", "--share", "2"])
    assert "not between 0 and 1" in err.getvalue()


def test_options_the_command_is_not_given_are_learn_configs_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[LearnConfig] = []

    def record(config: LearnConfig) -> dict[str, Any]:
        seen.append(config)
        return {"coefficients": {}}

    monkeypatch.setattr("canasta.app.learn.learn", record)
    with contextlib.redirect_stdout(io.StringIO()):
        assert run(["learn"]) == 0
        assert run(["learn", "--players", "6", "--seed", "9", "--hands", "7"]) == 0
    assert seen == [LearnConfig(), LearnConfig(players=6, seed=9, hands=7)]


def test_studied_discards_kept_in_a_file_give_the_same_fit_and_refuse_other_options(tmp_path: Path) -> None:
    path = tmp_path / "studied.npz"
    kept = dataclasses.replace(TINY, data=str(path))
    first = learn(kept, report=lambda line: None)
    assert path.exists()
    lines: list[str] = []
    again = learn(kept, report=lines.append)
    assert any("read from studied.npz" in line for line in lines)
    assert again["coefficients"] == first["coefficients"] == learn(TINY, report=lambda line: None)["coefficients"]
    assert "--data" not in again["how"]["command"]  # the command without the file gives the same model
    with pytest.raises(DataError, match="other rollouts"):
        load_decisions(path, dataclasses.replace(kept, rollouts=3))


def test_a_damaged_file_of_studied_discards_is_refused_with_a_message(tmp_path: Path) -> None:
    path = tmp_path / "studied.npz"
    path.write_bytes(b"not numpy at all")
    with pytest.raises(DataError, match="does not hold studied discards"):
        load_decisions(path, TINY)
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        code = run(["learn", "--hands", "2", "--rollouts", "2", "--share", "0.5", "--seed", "3", "--data", str(path)])
    assert code == 2 and "studied.npz does not hold studied discards" in err.getvalue()
    assert path.read_bytes() == b"not numpy at all"  # left as it was
