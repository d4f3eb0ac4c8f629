"""The table's celebration: a canasta completed (a book in Hand and Foot) and someone going out each start one,
driven by the engine's events; it plays for its time on the table's clock and then draws nothing; reduced motion
never starts one."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from canasta.engine.actions import Action, Discard, Meld, TakePile
from canasta.engine.cards import Card, Rank
from canasta.engine.events import HandOverEvent
from canasta.engine.playerview import PlayerView
from canasta.engine.position import load_position
from canasta.engine.transitions import apply
from canasta.engine.views import view_for
from canasta.storage.settings import AnimationSpeed
from canasta.ui.kit.animation import SPEED_FACTORS, AnimationClock, Timing
from canasta.ui.look.theme import TableLook, Theme
from canasta.ui.table.celebration import CANASTA_S, GOING_OUT_S, Celebration, Cheer, CheerKind, cheers_for
from canasta.ui.table.layout.regions import TableLayout, layout_table, meld_rects
from canasta.ui.table.scene import TableScene
from tests.rules.positions import position
from tests.rules_hand_and_foot.hf import book
from tests.rules_hand_and_foot.hf import position as hf_position
from tests.ui.driver import Driver

FIVE_KINGS = "KS KC KH KD KS"
FAKE_DT_S = 1 / 60


def _kings_to_add(view: PlayerView) -> tuple[Card, ...]:
    return tuple(card for card in view.hand if card.rank is Rank.KING)


def _after(pos: dict[str, Any], action: Action) -> tuple[Any, PlayerView, TableLayout]:
    """The events of `action` played from `pos` as seat 0 sees them, its view after them, and its table."""
    state = load_position(pos)
    step = apply(state, action)
    view = view_for(step.state, 0)
    return step.events_for(0), view, layout_table((1280, 800), state.rules.players)


def _classic_meld_position() -> dict[str, Any]:
    return position(4, hands={0: "KH KD 4C 9H 7S 8S"}, melds={0: [FIVE_KINGS, "7H 7D 7C"]}, current=0, phase="play")


def _going_out_position() -> dict[str, Any]:
    return position(
        4, hands={0: "9H 9D 9S 4C"}, melds={0: ["KS KC KH KD KS KH KD", "7H 7D 7C"]}, current=0, phase="play",
        melded_this_hand=[True, False, True, False],
    )  # fmt: skip


# -- what the events call for ------------------------------------------------------------------------------------


def test_a_meld_that_completes_a_canasta_calls_for_one_at_that_canasta() -> None:
    state = load_position(_classic_meld_position())
    kings = _kings_to_add(view_for(state, 0))
    events, view, layout = _after(_classic_meld_position(), Meld(add=((Rank.KING, kings),)))
    cheers = [cheer for event in events for cheer in cheers_for(event, view, layout)]
    shapes = [(meld.label, len(meld.cards), meld.is_canasta(view.rules)) for meld in view.melds[0]]
    kings_slot = next(slot for slot in meld_rects(layout, 0, shapes) if slot.rank == "K")
    assert cheers == [Cheer(CheerKind.CANASTA, kings_slot.box, True, cheers[0].delay_s)]
    assert cheers[0].delay_s >= Timing().fly_s, "it waits for the cards to land"


def test_a_meld_onto_a_finished_canasta_or_short_of_one_calls_for_nothing() -> None:
    short = position(4, hands={0: "KH 4C 9H 7S 8S"}, melds={0: [FIVE_KINGS]}, current=0, phase="play")
    king = _kings_to_add(view_for(load_position(short), 0))
    events, view, layout = _after(short, Meld(add=((Rank.KING, king),)))
    assert [cheer for event in events for cheer in cheers_for(event, view, layout)] == []
    done = position(4, hands={0: "KH 4C 9H 7S 8S"}, melds={0: ["KS KC KH KD KS KC KD"]}, current=0, phase="play")
    king = _kings_to_add(view_for(load_position(done), 0))
    events, view, layout = _after(done, Meld(add=((Rank.KING, king),)))
    assert [cheer for event in events for cheer in cheers_for(event, view, layout)] == []


def test_taking_the_pile_into_a_canasta_calls_for_one() -> None:
    taking = position(4, hands={0: "KH KD 4C 9H 7S"}, pile="5C 7D KC", melds={0: ["KS KC KH KD"]}, current=0)
    state = load_position(taking)
    kings = _kings_to_add(view_for(state, 0))
    events, view, layout = _after(taking, TakePile(with_=kings))
    cheers = [cheer for event in events for cheer in cheers_for(event, view, layout)]
    assert [cheer.kind for cheer in cheers] == [CheerKind.CANASTA]


def test_a_book_completed_in_hand_and_foot_calls_for_one() -> None:
    pos = hf_position(hands={0: "KH 9C 9D 5S"}, melds={0: [book("K", "KC KD KH KS KC KD")]}, phase="play")
    king = _kings_to_add(view_for(load_position(pos), 0))
    events, view, layout = _after(pos, Meld(add_to=((0, king),)))
    cheers = [cheer for event in events for cheer in cheers_for(event, view, layout)]
    assert [(cheer.kind, cheer.natural) for cheer in cheers] == [(CheerKind.CANASTA, True)]


def test_going_out_calls_for_the_going_out_celebration_and_an_empty_stock_does_not() -> None:
    layout = layout_table((1280, 800), 4)
    view = view_for(load_position(_classic_meld_position()), 0)
    assert cheers_for(HandOverEvent(2, False), view, layout) == (Cheer(CheerKind.GOING_OUT, layout.window),)
    assert cheers_for(HandOverEvent(None, False), view, layout) == ()


@pytest.mark.parametrize("speed", list(AnimationSpeed))
def test_the_going_out_celebration_ends_within_the_tables_pause_for_its_banner(speed: AnimationSpeed) -> None:
    # The hand's summary opens over the table once that pause ends: a celebration still playing would stop there.
    assert GOING_OUT_S * SPEED_FACTORS[speed] <= Timing().scaled(speed).banner_s + 1e-9


# -- playing and ending ------------------------------------------------------------------------------------------


def _screen_after(celebration: Celebration, theme: Theme, now_s: float) -> bytes:
    screen = pygame.Surface((1280, 800))
    screen.fill((22, 92, 58))
    celebration.draw(screen, theme, now_s)
    return pygame.image.tobytes(screen, "RGB")


@pytest.mark.parametrize("kind", list(CheerKind))
def test_a_celebration_plays_for_its_time_then_draws_nothing(kind: CheerKind) -> None:
    pygame.font.init()
    theme = Theme()
    layout = layout_table((1280, 800), 4)
    celebration, clock = Celebration(), AnimationClock()
    box = layout.window if kind is CheerKind.GOING_OUT else layout.sides[0].meld_area.inset(40)
    celebration.start(Cheer(kind, box, natural=True), clock.now_s)
    duration = CANASTA_S if kind is CheerKind.CANASTA else GOING_OUT_S
    empty = _screen_after(Celebration(), theme, 0.0)
    frames = 0
    while celebration.active(clock.now_s):
        if frames == round(duration / 2 / FAKE_DT_S):
            assert _screen_after(celebration, theme, clock.now_s) != empty, "halfway, it shows"
        clock.advance(FAKE_DT_S)
        frames += 1
    assert frames == pytest.approx(duration / FAKE_DT_S, abs=1)
    assert _screen_after(celebration, theme, clock.now_s) == empty, "over: nothing is drawn"


# -- at the table ------------------------------------------------------------------------------------------------


def _table_at(driver: Driver, pos: dict[str, Any]) -> TableScene:
    table = driver.start(players=4, seed=50)
    driver.settle()
    controller = driver.flow.controller
    assert controller is not None
    controller.state = load_position(pos)
    driver.frame()
    driver.settle()
    return table


def _kinds(table: TableScene) -> list[CheerKind]:
    return [playing.cheer.kind for playing in table.celebration.playing]


def test_the_table_celebrates_a_canasta_and_going_out_without_holding_up_play() -> None:
    driver = Driver()
    table = _table_at(driver, _classic_meld_position())
    assert table.act(Meld(add=((Rank.KING, _kings_to_add(table.ctl.human_view())),)))
    driver.frame()
    driver.settle()
    assert _kinds(table) == [CheerKind.CANASTA]
    assert table.celebration.active(table.clock.now_s) and not table.animating, "the player may go on at once"
    table = _table_at(driver, _going_out_position())
    nines = tuple(card for card in table.ctl.human_view().hand if card.rank is Rank.NINE)
    assert table.act(Meld(new=(nines,)))
    driver.frame()
    driver.settle()
    assert table.act(Discard(table.ctl.human_view().hand[0]))
    driver.frame()
    driver.settle()
    assert CheerKind.GOING_OUT in _kinds(table)


@pytest.mark.parametrize(
    "look", [TableLook(reduced_motion=True), TableLook(speed=AnimationSpeed.INSTANT)], ids=["reduced", "instant"]
)
def test_reduced_motion_and_the_instant_speed_never_celebrate(look: TableLook) -> None:
    driver = Driver(look=look)
    table = _table_at(driver, _classic_meld_position())
    assert table.act(Meld(add=((Rank.KING, _kings_to_add(table.ctl.human_view())),)))
    driver.frame()
    driver.settle()
    driver.frame(10)
    table = _table_at(driver, _going_out_position())
    nines = tuple(card for card in table.ctl.human_view().hand if card.rank is Rank.NINE)
    assert table.act(Meld(new=(nines,)))
    driver.frame()
    driver.settle()
    assert table.act(Discard(table.ctl.human_view().hand[0]))
    driver.frame()
    driver.settle()
    assert table.ctl.hand_over()
    assert table.celebration.playing == []
