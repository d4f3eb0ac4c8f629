"""Samba and Bolivia games are saved and resumed mid-hand with their game, their melds of every kind and their
house rules; a save of one game never reads as another."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from canasta.ai.base import CardMemory
from canasta.ai.baseline import GreedyBot
from canasta.engine import apply, legal_actions, view_for
from canasta.engine.actions import Meld
from canasta.engine.match import Match, new_match, start_hand
from canasta.engine.playerview import Phase
from canasta.engine.position import dump_position
from canasta.engine.rules import MeldKind, Rules, Variant
from canasta.engine.state import GameState
from canasta.storage.files import sealed_text, unseal
from canasta.storage.record import GameRecord, new_record, record_to_json
from canasta.storage.saves import AutoSaver, comparable
from canasta.storage.seeds import cut_rng, deal_rng
from canasta.ui.table.controller import GameSetup, TableController
from tests.storage.games import play_through, played

GAMES = [("samba", 2), ("samba", 4), ("samba", 6), ("bolivia", 4)]


def melds(state: GameState) -> list[list[tuple[str, str | None, list[str]]]]:
    """Each side's melds in order, by kind, rank and cards (a record names cards by notation, not by copy)."""
    return [[(meld.kind.value, getattr(meld.rank, "value", None), [card.text for card in meld.cards])
             for meld in side] for side in state.melds]  # fmt: skip


@pytest.mark.parametrize(("variant", "players"), GAMES, ids=str)
def test_a_family_game_saved_mid_hand_resumes_as_it_was(tmp_path: Path, variant: str, players: int) -> None:
    record, match, state = played(players, seed=21, hands=1, extra=24, variant=variant)
    assert state.phase is not Phase.OVER and len(match.hands) == 1, "the second hand is under way"
    assert any(state.melds), "melds are on the table"
    saver = AutoSaver(tmp_path / "saved-game.json")
    saver.save(record, match, state)
    data = json.loads(saver.path.read_text())
    assert data["position"]["format"] == "canasta-position/2" and data["record"]["rules"]["variant"] == variant
    loaded = saver.load()
    assert loaded.message is None and loaded.value is not None
    assert loaded.value.state.rules.variant is Variant(variant) and loaded.value.record.rules == record.rules
    assert record_to_json(loaded.value.record) == record_to_json(record)
    assert loaded.value.match == match
    assert comparable(dump_position(loaded.value.state)) == comparable(dump_position(state))
    assert melds(loaded.value.state) == melds(state), "every meld keeps its kind and its place in the list"


def runs(state: GameState) -> int:
    return sum(1 for side in state.melds for meld in side if meld.kind is not MeldKind.GROUP)


def played_with_runs(seed: int, **options: object) -> tuple[GameRecord, Match, GameState]:
    """A Bolivia hand played by the greedy player, who lays a sequence or a wild meld whenever one is legal,
    stopped once both kinds are down (or after 400 actions) with the hand still going."""
    rules = Rules.for_players(4, variant="bolivia", **options)
    record = new_record(rules, seed, ("human", "greedy", "greedy", "greedy")).with_new_hand()
    match = new_match(rules, cut_rng(seed))
    state = start_hand(match, deal_rng(seed, 0))
    bot = GreedyBot()
    for _ in range(400):
        kinds = {meld.kind for side in state.melds for meld in side}
        if state.phase is Phase.OVER or {MeldKind.SEQUENCE, MeldKind.WILD} <= kinds:
            break
        view = view_for(state, state.current)
        more = [action for action in legal_actions(view)
                if isinstance(action, Meld) and runs(apply(state, action).state) > runs(state)]  # fmt: skip
        action = more[0] if more else bot.choose(view, CardMemory.from_view(view))
        state = apply(state, action).state
        record = record.with_action(action)
    return record, match, state


def test_sequences_wild_melds_and_house_rules_come_back(tmp_path: Path) -> None:
    record, match, state = played_with_runs(5, black_three_in_hand=5, wild_limit="unlimited")
    assert runs(state) and state.phase is not Phase.OVER
    saver = AutoSaver(tmp_path / "saved-game.json")
    saver.save(record, match, state)
    loaded = saver.load().value
    assert loaded is not None and melds(loaded.state) == melds(state)
    assert loaded.record.rules.black_three_in_hand == 5 and loaded.record.rules.wild_limit.value == "unlimited"


def test_a_samba_save_changed_to_classic_is_set_aside(tmp_path: Path) -> None:
    record, match, state = played(4, seed=21, hands=0, extra=30, variant="samba")
    saver = AutoSaver(tmp_path / "saved-game.json")
    saver.save(record, match, state)
    body = unseal(json.loads(saver.path.read_text()))
    del body["record"]["rules"]["variant"]
    saver.path.write_text(sealed_text(body))
    loaded = saver.load()
    assert loaded.value is None and loaded.message and loaded.set_aside is not None


def test_the_table_takes_up_a_saved_samba_game_with_its_game(tmp_path: Path) -> None:
    saver = AutoSaver(tmp_path / "saved-game.json")
    rules = Rules.for_players(2, variant="samba", combine_groups=False)
    controller = TableController(GameSetup(rules, ("human", "greedy"), 8, think_s=0.0), saver=saver)
    play_through(controller, stop=6)
    controller.close()
    saver.flush()
    loaded = saver.load().value
    assert loaded is not None
    again = TableController.resume(loaded, 0.0)
    assert again.setup.rules == rules and again.state.rules.variant is Variant.SAMBA
    assert melds(again.state) == melds(controller.state)
    assert again.record.action_count == controller.record.action_count
    again.close()
