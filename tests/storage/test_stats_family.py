"""Statistics by game: Samba's and Bolivia's hands and games are counted apart from classic's and from each
other, survive a restart, a classic file written before them still reads, a damaged entry is set aside, and
the statistics screen shows each game's figures."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from canasta.engine.position import load_position
from canasta.engine.rules import Rules, Variant
from canasta.storage.files import sealed_text, unseal
from canasta.storage.record import new_record
from canasta.storage.stats import (
    STATS_FORMAT,
    STATS_VERSION,
    Statistics,
    StatsBook,
    add_hand,
    hand_outcome,
    statistics_to_json,
)
from canasta.ui.kit.widgets import TextLine
from canasta.ui.look.theme import Theme
from canasta.ui.screens.house_rules import VARIANTS
from canasta.ui.screens.statistics import StatsFigures, StatsScene, figures_by_game, figures_from, summary_lines
from canasta.ui.table.controller import GameSetup, TableController
from tests.rules_family.family import KINGS7, QUEENS_MIXED7, SAMBA_HEARTS, group, over, run, wild
from tests.storage.games import play_through, played
from tests.ui.textfit import press


def test_each_game_counts_apart_and_survives_a_restart(tmp_path: Path) -> None:
    book = StatsBook(tmp_path / "statistics.json")
    for variant, seed in (("samba", 3), ("bolivia", 4), ("samba", 5), ("classic", 6)):
        record, _, state = played(4, seed=seed, hands=0, extra=10_000, variant=variant)
        book.count_hand(record, state, 1)
    assert book.statistics(variant=Variant.SAMBA).tally(4).hands == 2
    assert book.statistics(variant=Variant.BOLIVIA).tally(4).hands == 1
    assert book.statistics().tally().hands == 1, "classic counts only its own hand"
    assert book.variants() == (Variant.CLASSIC, Variant.SAMBA, Variant.BOLIVIA)
    again = StatsBook(book.path)
    for variant in VARIANTS:
        assert again.statistics(variant=variant) == book.statistics(variant=variant), variant
    body = unseal(json.loads(book.path.read_text()))
    assert body["version"] == STATS_VERSION and set(body["variants"]) == {"samba", "bolivia"}
    assert body["regular"]["tables"][0]["hands"] == 1, "classic's figures stay where they always were"


def test_a_finished_samba_game_counts_as_samba(tmp_path: Path) -> None:
    book = StatsBook(tmp_path / "statistics.json")
    rules = Rules.for_players(2, variant="samba", target_score=1000)
    controller = TableController(GameSetup(rules, ("human", "greedy"), 4, think_s=0.0), stats=book)
    play_through(controller)
    controller.close()
    samba = book.statistics(variant=Variant.SAMBA).tally(2, "greedy")
    assert samba.games == 1 and samba.hands == len(controller.match.hands)
    assert book.statistics() == Statistics() and book.statistics(variant=Variant.BOLIVIA) == Statistics()


def test_a_classic_file_from_before_reads_and_keeps_its_figures(tmp_path: Path) -> None:
    record, _, state = played(4, seed=6, hands=0, extra=10_000)
    earlier = StatsBook(tmp_path / "earlier.json")
    earlier.count_hand(record, state, 1)
    classic = earlier.statistics()
    path = tmp_path / "statistics.json"
    before = {name: value for name, value in statistics_to_json(classic).items()
              if name not in ("sequence_canastas", "wild_canastas")}  # fmt: skip
    body = {
        "format": STATS_FORMAT, "version": STATS_VERSION, "regular": before,
        "practice": statistics_to_json(Statistics()), "counted": {"game_id": "x", "hands": 1, "game": False},
    }  # fmt: skip
    path.write_text(sealed_text(body))
    book = StatsBook(path)
    assert book.message is None and book.statistics() == classic and book.statistics().tally().hands == 1
    assert book.statistics().sequence_canastas == 0
    assert book.variants() == (Variant.CLASSIC,)
    samba, _, samba_state = played(4, seed=3, hands=0, extra=10_000, variant="samba")
    book.count_hand(samba, samba_state, 1)
    assert StatsBook(path).statistics() == classic, "counting Samba leaves classic's figures alone"


def test_a_damaged_game_entry_is_set_aside_and_reported(tmp_path: Path) -> None:
    record, _, state = played(4, seed=3, hands=0, extra=10_000, variant="samba")
    path = tmp_path / "statistics.json"
    damages: list[object] = [{"samba": {"regular": {"tables": "many"}}}, {"hand_and_feet": {}}, ["samba"]]
    for damage in damages:
        StatsBook(path).count_hand(record, state, 1)
        body = unseal(json.loads(path.read_text()))
        body["variants"] = damage
        path.write_text(sealed_text(body))
        again = StatsBook(path)
        assert again.message and again.statistics(variant=Variant.SAMBA) == Statistics(), damage
        assert not path.exists(), "the damaged file is moved aside"
    assert len(list(tmp_path.glob("statistics.json.damaged-*"))) == 3


def test_a_reset_empties_every_game(tmp_path: Path) -> None:
    book = StatsBook(tmp_path / "statistics.json")
    for variant, seed in (("samba", 3), ("bolivia", 4)):
        record, _, state = played(4, seed=seed, hands=0, extra=10_000, variant=variant)
        book.count_hand(record, state, 1)
    book.reset(variant=Variant.BOLIVIA)
    assert book.statistics(variant=Variant.BOLIVIA) == Statistics()
    assert book.statistics(variant=Variant.SAMBA).tally().hands == 1
    book.reset()
    assert all(StatsBook(book.path).statistics(variant=variant) == Statistics() for variant in Variant)


def test_the_statistics_screen_shows_each_game(tmp_path: Path) -> None:
    pygame.display.init()
    pygame.font.init()
    book = StatsBook(tmp_path / "statistics.json")
    record, _, state = played(4, seed=3, hands=0, extra=10_000, variant="samba")
    book.count_hand(record, state, 1)
    games = figures_by_game(lambda game: book.statistics(variant=game), VARIANTS)
    resets: list[int] = []
    scene = StatsScene(Theme(), games.pop(Variant.CLASSIC), lambda: resets.append(1), lambda: None, games)
    scene.resize((1280, 800))

    def hands_line() -> str:
        return next(" ".join(item.cells) for item in scene.list.items
                    if isinstance(item, TextLine) and item.cells[0] == "Hands played")  # fmt: skip

    def shown() -> tuple[Variant, str, str]:
        return scene.game, scene.game_row.value_text(), hands_line()[-2:]

    assert scene.list.items[0] is scene.game_row
    assert shown() == (Variant.CLASSIC, "Classic Canasta", " 0")
    press(scene, pygame.K_RIGHT)
    assert shown() == (Variant.SAMBA, "Samba", " 1")
    press(scene, pygame.K_RIGHT)
    assert shown() == (Variant.BOLIVIA, "Bolivia", " 0")
    press(scene, pygame.K_LEFT)
    scene.ask_reset()
    scene.yes_button.action()
    assert resets == [1] and scene.figures == StatsFigures() and shown() == (Variant.SAMBA, "Samba", " 0")


@pytest.mark.parametrize(("variant", "sequences", "wilds"), [("samba", 1, 0), ("bolivia", 1, 1)])
def test_sambas_escaleras_and_bolivias_are_counted_as_such(variant: str, sequences: int, wilds: int) -> None:
    melds = [group("K", KINGS7), run("H", SAMBA_HEARTS), group("Q", QUEENS_MIXED7)]
    if variant == "bolivia":
        melds.append(wild("JK JK 2C 2D 2H 2S 2C"))
    state = load_position(over(variant, {0: melds, 1: [group("A", "AC AD AH")]}, {2: "4D"}))
    record = new_record(state.rules, 1, ("human", "normal", "normal", "normal"))
    outcome = hand_outcome(record, state)
    assert (outcome.natural_canastas, outcome.mixed_canastas) == (1, 1), "a samba is no mixed canasta"
    assert (outcome.sequence_canastas, outcome.wild_canastas) == (sequences, wilds)
    stats = add_hand(Statistics(), outcome)
    figures = figures_from(stats)
    lines = dict(summary_lines(figures, Variant(variant)))
    if variant == "samba":
        assert lines["Sambas made"] == "1" and "Bolivias made" not in lines
    else:
        assert lines["Escaleras made"] == "1" and lines["Bolivias made"] == "1"
    assert "Sambas made" not in dict(summary_lines(figures))
