"""A side's melds keep their places as the side plays (`canasta.ui.table.layout.melds`), and a group's rank is always
written where its cards might not show it.

A meld's look is its place, its card size and the spacing of its fan: adding a card to a meld, or a meld to the
side, leaves every meld where and as it was, until the side has more melds than its grid holds; then the grid
makes room for several more at once, with smaller cards. Checked on made-up tables and on Samba and Bolivia hands
played by seeded computer players, with the usual cards and with large ones.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest

from canasta.ai.levels import make_bot
from canasta.ai.seat import seats_for
from canasta.engine import new_hand, view_for
from canasta.engine.actions import Action
from canasta.engine.melds import TableMeld
from canasta.engine.play import HandOptions, play_hand
from canasta.engine.position import load_position
from canasta.engine.rules import Rules, Variant
from canasta.engine.state import GameState
from canasta.engine.transitions import Transition
from canasta.ui.kit.app import App
from canasta.ui.table.drawing.drawer import TableDrawer
from canasta.ui.table.drawing.frame import Frame, HandShown
from canasta.ui.table.drawing.meld_words import hidden_rank, ranked
from canasta.ui.table.drawing.melds import BadgePainter
from canasta.ui.table.layout.regions import PLAYER_COUNTS, MeldShape, MeldSlot, TableLayout, layout_table, meld_rects
from tests.rules import positions

COMMON_SIZES = ((800, 600), (1280, 800), (1920, 1080))
RANKS = "AKQJT9876543"

Look = tuple[int, int, int, int, tuple[int, int] | None]  # where, the card's size, the fan's step (none: squared)


def _look(slot: MeldSlot) -> Look:
    cards = slot.cards
    step = None
    if len(cards) > 1 and not slot.is_canasta:
        step = (cards[1].x - cards[0].x, cards[1].y - cards[0].y)
    return (slot.box.x, slot.box.y, cards[0].w, cards[0].h, step)


def _same_place(before: MeldSlot, after: MeldSlot) -> bool:
    """The same look; a meld that has just become a canasta is squared up where it lay, at its size."""
    if after.is_canasta and not before.is_canasta:
        return _look(before)[:4] == _look(after)[:4]
    return _look(before) == _look(after)


# --- made-up tables ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@pytest.mark.parametrize("size", COMMON_SIZES)
@pytest.mark.parametrize("large", [False, True])
def test_a_meld_keeps_its_place_and_look_as_cards_are_added_to_it(
    players: int, size: tuple[int, int], large: bool
) -> None:
    layout = layout_table(size, players, large_cards=large)
    for side in range(len(layout.sides)):
        for melds in range(1, layout.meld_room + 1):
            for grown in range(melds):
                table: list[MeldShape] = [(RANKS[i], 3, False) for i in range(melds)]
                before = meld_rects(layout, side, table)
                for count in range(4, 9):  # up to a canasta, and past it
                    table[grown] = (RANKS[grown], count, count >= 7)
                    after = meld_rects(layout, side, table)
                    assert all(_same_place(a, b) for a, b in zip(before, after, strict=True)), (side, melds, count)
                    if count < 7:  # the cards there stay; the new one lies on the fan
                        assert after[grown].cards[: count - 1] == before[grown].cards
                    before = after


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@pytest.mark.parametrize("size", COMMON_SIZES)
@pytest.mark.parametrize("large", [False, True])
def test_melds_stay_put_as_melds_are_added_until_the_side_outgrows_its_grid(
    players: int, size: tuple[int, int], large: bool
) -> None:
    layout = layout_table(size, players, large_cards=large)
    for side in range(len(layout.sides)):
        table: list[MeldShape] = []
        before: tuple[MeldSlot, ...] = ()
        grids = []  # the card sizes the side goes through as its melds come
        for index in range(16):
            table.append((RANKS[index % len(RANKS)], 3 + index % 4, False))
            after = meld_rects(layout, side, table)
            if not all(_look(a) == _look(b) for a, b in zip(before, after, strict=False)):
                assert len(table) > layout.meld_room, "a side holds `meld_room` melds before any moves"
                grids.append((after[0].cards[0].w, len(table)))
            before = after
        widths = [width for width, _ in grids]
        assert widths == sorted(widths, reverse=True), "a new grid has smaller cards, never larger"
        assert len(grids) <= 4, grids  # sixteen melds: a few new grids, not one per meld


# --- hands played by computer players ------------------------------------------------------------------------


@dataclass
class _Watch:
    """Each step of a hand on one table: whether the melds already there stayed put."""

    layout: TableLayout
    rules: Rules
    cards_added: int = 0
    melds_added: int = 0
    regrids: list[tuple[int, int, int]] = field(default_factory=list)  # (side, melds before, melds after)

    def step(self, before: GameState, _action: Action, transition: Transition) -> None:
        for side in range(len(self.layout.sides)):
            old, new = before.melds[side], transition.state.melds[side]
            if old == new or not _grown(old, new):
                continue  # unchanged, or two groups joined into one: new places for the rest
            was, now = self._slots(side, old), self._slots(side, new)
            still = all(_same_place(a, b) for a, b in zip(was, now, strict=False))
            if len(new) == len(old):
                self.cards_added += 1
                assert still, ("cards were added: every meld stays put", side, old, new)
            else:
                self.melds_added += 1
                if not still:
                    assert len(new) > self.layout.meld_room, ("a side holds meld_room melds in place", side)
                    assert now[0].cards[0].w < was[0].cards[0].w, "a new grid only to make room"
                    self.regrids.append((side, len(old), len(new)))

    def _slots(self, side: int, melds: tuple[TableMeld, ...]) -> tuple[MeldSlot, ...]:
        shapes = [(meld.label, len(meld.cards), meld.is_canasta(self.rules)) for meld in melds]
        return meld_rects(self.layout, side, shapes)


def _grown(old: tuple[TableMeld, ...], new: tuple[TableMeld, ...]) -> bool:
    """Whether `new` is `old` with cards added to its melds and melds added after them."""
    return len(new) >= len(old) and all(set(a.cards) <= set(b.cards) for a, b in zip(old, new, strict=False))


@pytest.mark.parametrize("variant", [Variant.SAMBA, Variant.BOLIVIA])
@pytest.mark.parametrize("size", COMMON_SIZES)
@pytest.mark.parametrize("large", [False, True])
def test_in_samba_and_bolivia_a_meld_stays_put_as_the_side_plays(
    variant: Variant, size: tuple[int, int], large: bool
) -> None:
    rules = Rules.for_players(4, variant=variant)
    watch = _Watch(layout_table(size, 4, large_cards=large, sides=rules.seat_side), rules)
    for seed in range(4):
        rng = random.Random(seed)
        state = new_hand(rules, (0, 0), seed % 4, rng)
        bots = [make_bot("normal", rng, 4) for _ in range(4)]
        play_hand(state, seats_for(bots, state.seen), HandOptions(on_step=watch.step))
    assert watch.cards_added >= 40 and watch.melds_added >= 20, watch  # the hands did meld
    assert len(watch.regrids) <= 2 * 4 * 2, watch.regrids  # a couple per side and hand at most, on a busy side


# --- a group's rank, written where a wild card lies on top ---------------------------------------------------


def _group(text: str) -> TableMeld:
    view = view_for(load_position(positions.position(melds={0: [text.split()]}, phase="play", current=0)), 0)
    return view.melds[0][0]


def test_the_rank_is_written_only_where_the_top_card_is_wild() -> None:
    assert hidden_rank(_group("QH QS 2C"), canasta=False) == "Q"
    assert hidden_rank(_group("TH TS JK"), canasta=False) == "10"
    assert hidden_rank(_group("QH 2C QS"), canasta=False) is None  # a natural card on top shows it
    assert hidden_rank(_group("QH QS 2C"), canasta=True) is None  # a canasta is squared with a natural on top
    assert ranked(("3",), "Q") == ("Q \u00b7 3", "Q 3") and ranked(("3",), None) == ("3",)


def test_a_group_with_a_wild_card_on_top_names_its_rank_on_its_badge(monkeypatch: pytest.MonkeyPatch) -> None:
    text = positions.position(
        hands={0: "7H 7D KC"},
        melds={0: [["QH", "QS", "2C"], ["KH", "KS", "KD"]], 1: [["5H", "5S", "JK", "5D", "JK"]]},
        phase="play",
        current=0,
    )
    view = view_for(load_position(text), 0)
    layout = layout_table((1280, 800), 4)
    said: list[str] = []
    monkeypatch.setattr(BadgePainter, "badge", lambda _self, _screen, _box, words, *_rest: said.append(words))
    app = App((1280, 800))
    TableDrawer(app.theme).draw(app.screen, Frame(layout, view, HandShown([], set(), 0, set()), {}, ""))
    assert said == ["Q \u00b7 3", "3", "5 \u00b7 5"]
