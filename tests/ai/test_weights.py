"""The Hard level's tuned weights (`canasta/ai/weights/hard-N.json`), learned discard models
(`discard-N.json`) and hold-or-meld models (`meld-N.json`): complete, with their provenance, used."""

from __future__ import annotations

import dataclasses
import json
import logging
import random
from pathlib import Path
from typing import Any

import pytest

from canasta.ai.heuristic import HeuristicBot, Weights
from canasta.ai.learned import FEATURES, MELD_FEATURES
from canasta.ai.levels import WEIGHTS, hard_discard_model, hard_meld_model, hard_weights, make_bot, normal_weights
from canasta.app.tune import NO_SEARCH, SEARCH

FILES = sorted(WEIGHTS.glob("hard-*.json"))
MODELS = sorted(WEIGHTS.glob("discard-*.json"))
MELD_MODELS = sorted(WEIGHTS.glob("meld-*.json"))
FIELDS = {field.name for field in dataclasses.fields(Weights)} - {"noise"}  # the noise is Beginner's alone
PLAYER_COUNTS = (2, 3, 4, 6)
MIN_HOLDOUT_DEALS = 1000


def read(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def players_of(path: Path) -> int:
    return int(path.stem.removeprefix("hard-").removeprefix("discard-").removeprefix("meld-"))


def test_every_file_is_named_for_a_player_count() -> None:
    for path in WEIGHTS.glob("*.json"):
        assert path.stem.startswith(("hard-", "discard-", "meld-")), path.name
        assert players_of(path) in PLAYER_COUNTS, path.name


@pytest.mark.parametrize("path", MODELS + MELD_MODELS, ids=lambda path: path.name)
def test_committed_models_are_complete_and_say_how_they_were_obtained(path: Path) -> None:
    meld = path.stem.startswith("meld-")
    data = read(path)
    assert set(data["coefficients"]) == set(MELD_FEATURES if meld else FEATURES)
    assert all(isinstance(value, int | float) for value in data["coefficients"].values())
    how = data["how"]
    assert how["players"] == players_of(path)
    assert f"--players {players_of(path)}" in how["command"] and f"--seed {how['seed']}" in how["command"]
    assert ("--decision meld" in how["command"]) == meld
    assert how["decisions"] > 1000
    check = how["holdout"]
    assert check["deals"] >= MIN_HOLDOUT_DEALS and check["beats_hard"] is True
    assert 0 < check["ci95_low"] < check["points_per_deal_diff"] < check["ci95_high"]
    assert (hard_meld_model if meld else hard_discard_model)(players_of(path)) is not None


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.name)
def test_committed_weights_are_complete_and_say_how_they_were_obtained(path: Path) -> None:
    data = read(path)
    assert set(data["weights"]) == FIELDS
    assert all(isinstance(value, int | float) and value >= 0 for value in data["weights"].values())
    how = data["how"]
    assert how["players"] == players_of(path)
    assert f"--players {players_of(path)}" in how["command"]
    assert f"--seed {how['seed']}" in how["command"]
    if how["generations"] == 0:
        # No search: the start weights, checked as they are; the file records them and why they were chosen.
        assert how["method"] == NO_SEARCH
        assert how["start"]["weights"] == data["weights"]
        assert how["start"]["how"]["method"]
    else:
        assert how["method"] == SEARCH
        assert how["population"] > 1 and how["deals_per_candidate"] > 0
    check = how["holdout"]
    assert check["deals"] >= MIN_HOLDOUT_DEALS
    assert check["beats_opponent"] is True
    assert 0 < check["ci95_low"] < check["points_per_deal_diff"] < check["ci95_high"]


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.name)
def test_hard_and_expert_play_with_the_committed_weights(path: Path) -> None:
    expected = Weights(**read(path)["weights"])
    assert expected != normal_weights(players_of(path))  # otherwise Hard would only be Normal
    assert hard_weights(players_of(path)) == expected
    hard = make_bot("hard", random.Random(1), players_of(path))
    assert isinstance(hard, HeuristicBot)  # with its learned discard, where there is one
    assert hard.weights == expected
    normal = make_bot("normal", random.Random(1), players_of(path))
    assert isinstance(normal, HeuristicBot)
    assert normal.weights == normal_weights(players_of(path))


def test_without_a_file_hard_plays_with_normals_weights(tmp_path: Path) -> None:
    assert hard_weights(4, tmp_path) == Weights()
    # Normal's own weights for the player count (three players differ).
    assert hard_weights(3, tmp_path) == normal_weights(3) != Weights()


def test_a_file_in_the_directory_is_read(tmp_path: Path) -> None:
    (tmp_path / "hard-2.json").write_text(json.dumps({"weights": {"keep_pair": 20, "pile_danger": 7.5}}))
    assert hard_weights(2, tmp_path) == Weights(keep_pair=20.0, pile_danger=7.5)
    assert hard_weights(4, tmp_path) == Weights()


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "[]",
        "{}",
        '{"weights": [1, 2]}',
        '{"weights": {"no_such_weight": 1}}',
        '{"weights": {"keep_pair": "many"}}',
        '{"weights": {"keep_pair": NaN}}',
        '{"weights": {"keep_pair": null}}',
    ],
)
def test_a_broken_file_is_logged_and_hard_plays_with_normals_weights(
    tmp_path: Path, text: str, caplog: pytest.LogCaptureFixture
) -> None:
    (tmp_path / "hard-4.json").write_text(text, encoding="utf-8")
    with caplog.at_level(logging.WARNING, logger="canasta.ai.levels"):
        assert hard_weights(4, tmp_path) == Weights()
    assert "hard-4.json is unusable" in caplog.text
