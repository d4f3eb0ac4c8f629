"""Statistics of Hand and Foot: its rounds and games count apart from the other games, its books as clean, dirty
and wild books, and the rounds in which the person picked up his foot; the statistics screen shows them in the
words of the game (rounds, books, feet)."""

from __future__ import annotations

import json
from pathlib import Path

import pygame

from canasta.engine.match import Match
from canasta.engine.position import load_position
from canasta.engine.rules import Variant
from canasta.storage.files import sealed_text, unseal
from canasta.storage.record import new_record
from canasta.storage.stats import Statistics, StatsBook, add_game, add_hand, hand_outcome, statistics_to_json
from canasta.ui.kit.widgets import TextLine
from canasta.ui.look.theme import Theme
from canasta.ui.screens.house_rules import VARIANTS
from canasta.ui.screens.statistics import StatsScene, figures_by_game, figures_from, group_rows, summary_lines
from tests.rules_hand_and_foot.hf import CLEAN_KINGS, DIRTY_FIVES, book, over, wild_book
from tests.storage.games import played
from tests.ui.textfit import press


def test_rounds_count_apart_and_survive_a_restart(tmp_path: Path) -> None:
    book_file = StatsBook(tmp_path / "statistics.json")
    for variant, seed in (("hand_and_foot", 3), ("samba", 4), ("hand_and_foot", 5)):
        record, _, state = played(4, seed=seed, hands=0, extra=10_000, variant=variant)
        book_file.count_hand(record, state, 1)
    figures = book_file.statistics(variant=Variant.HAND_AND_FOOT)
    assert figures.tally(4).hands == 2 and book_file.statistics(variant=Variant.SAMBA).tally(4).hands == 1
    assert book_file.statistics() == Statistics(), "classic counts none of them"
    assert book_file.variants() == (Variant.CLASSIC, Variant.SAMBA, Variant.HAND_AND_FOOT)
    again = StatsBook(book_file.path)
    assert again.message is None and again.statistics(variant=Variant.HAND_AND_FOOT) == figures
    body = unseal(json.loads(book_file.path.read_text()))
    assert set(body["variants"]) == {"samba", "hand_and_foot"}
    assert body["variants"]["hand_and_foot"]["regular"]["feet_picked_up"] == figures.feet_picked_up


def test_books_and_the_foot_picked_up_are_counted() -> None:
    melds = {0: [book("K", CLEAN_KINGS), book("5", DIRTY_FIVES), wild_book("JK JK 2C 2D 2H 2S 2C")],
             1: [book("A", "AC AD AH")]}  # fmt: skip
    state = load_position(over(melds, {2: "4D"}, rules={"wild_books": 1500}))
    record = new_record(state.rules, 1, ("human", "normal", "normal", "normal"))
    outcome = hand_outcome(record, state)
    assert (outcome.natural_canastas, outcome.mixed_canastas, outcome.wild_canastas) == (1, 1, 1)
    assert outcome.picked_up_foot and outcome.went_out
    stats = add_hand(Statistics(), outcome)
    assert stats.feet_picked_up == 1
    lines = dict(summary_lines(figures_from(stats), Variant.HAND_AND_FOOT))
    assert lines["Rounds played"] == "1" and lines["Clean books made"] == "1" and lines["Dirty books made"] == "1"
    assert lines["Books of wild cards made"] == "1" and lines["Feet picked up"] == "1 (100%)"
    assert lines["Times gone out"] == "1 (100%)"
    assert not any("canasta" in what.casefold() or "Hands" in what for what in lines)
    classic = dict(summary_lines(figures_from(stats)))
    assert "Natural canastas made" in classic and "Feet picked up" not in classic


def test_a_foot_never_picked_up_is_not_counted() -> None:
    state = load_position(over({1: [book("A", "AC AD AH")]}, {0: "4D 5D"}, out={"seat": 1, "concealed": False},
                               feet={0: "6C 6D 6H 7C 7D 7H 8C 8D 8H 9C 9D"}))  # fmt: skip
    record = new_record(state.rules, 1, ("human", "normal", "normal", "normal"))
    outcome = hand_outcome(record, state)
    assert not outcome.picked_up_foot and not outcome.went_out
    assert add_hand(Statistics(), outcome).feet_picked_up == 0


def test_a_file_written_before_the_feet_were_counted_reads_as_none(tmp_path: Path) -> None:
    record, _, state = played(4, seed=3, hands=0, extra=10_000, variant="hand_and_foot")
    book_file = StatsBook(tmp_path / "statistics.json")
    book_file.count_hand(record, state, 1)
    body = unseal(json.loads(book_file.path.read_text()))
    for kind in ("regular", "practice"):
        del body["variants"]["hand_and_foot"][kind]["feet_picked_up"]
    book_file.path.write_text(sealed_text(body))
    again = StatsBook(book_file.path)
    assert again.message is None and again.statistics(variant=Variant.HAND_AND_FOOT).feet_picked_up == 0
    assert again.statistics(variant=Variant.HAND_AND_FOOT).tally().hands == 1
    assert "feet_picked_up" in statistics_to_json(again.statistics(variant=Variant.HAND_AND_FOOT))


def test_a_finished_game_counts_once(tmp_path: Path) -> None:
    record, match, _state = played(2, seed=3, hands=0, extra=10_000, variant="hand_and_foot")
    stats = add_game(Statistics(), record, Match(match.rules, match.scores, 0, match.target, winners=(0,)))
    assert stats.tally(2).games == 1 and stats.tally(2).games_won == 1 and stats.current_streak == 1


def test_the_statistics_screen_shows_hand_and_foot_in_its_words(tmp_path: Path) -> None:
    pygame.display.init()
    pygame.font.init()
    book_file = StatsBook(tmp_path / "statistics.json")
    record, _, state = played(4, seed=3, hands=0, extra=10_000, variant="hand_and_foot")
    book_file.count_hand(record, state, 1)
    games = figures_by_game(lambda game: book_file.statistics(variant=game), VARIANTS)
    scene = StatsScene(Theme(), games.pop(Variant.CLASSIC), lambda: None, lambda: None, games)
    scene.resize((1280, 800))
    for _ in range(3):
        press(scene, pygame.K_RIGHT)
    assert scene.game is Variant.HAND_AND_FOOT and scene.game_row.value_text() == "Hand and Foot"
    shown = {item.cells[0]: item.cells[-1] for item in scene.list.items if isinstance(item, TextLine)}
    assert shown["Rounds played"] == "1" and "Hands played" not in shown and "Feet picked up" in shown
    assert group_rows(scene.figures, Variant.HAND_AND_FOOT)[0][3] == "Rounds"
    scene.draw(pygame.Surface((1280, 800)))
