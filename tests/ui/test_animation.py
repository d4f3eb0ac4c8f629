"""`canasta.ui.kit.animation` and `canasta.ui.table.sprites`: easing, flights, timing and the sprite board, without a
display."""

import itertools
import random

import pytest

from canasta.engine import view_for
from canasta.engine.cards import Card
from canasta.engine.events import DiscardEvent, DrawEvent, MeldEvent, TakePileEvent
from canasta.engine.match import new_match, start_hand
from canasta.engine.rules import Rules
from canasta.storage.settings import AnimationSpeed
from canasta.ui.kit.animation import (
    AnimationClock,
    Flight,
    Pose,
    Timing,
    count_up,
    ease_in_out_cubic,
    ease_out_cubic,
    linear,
    motionless,
)
from canasta.ui.table.layout.regions import Box, layout_table
from canasta.ui.table.sprites import Area, Motion, Placement, Plan, SpriteBoard, choreograph

A = Pose((0.0, 0.0, 10.0, 14.0), False)
B = Pose((100.0, 50.0, 20.0, 28.0), True)
QH, KS, FIVE = Card.parse("QH"), Card.parse("KS"), Card.parse("5C")


@pytest.mark.parametrize("easing", [linear, ease_out_cubic, ease_in_out_cubic])
def test_easings_start_at_0_end_at_1_and_never_go_back(easing: object) -> None:
    assert callable(easing)
    values = [easing(step / 50) for step in range(-5, 56)]
    assert values[0] == 0.0 and values[-1] == 1.0
    assert all(a <= b for a, b in itertools.pairwise(values))


def test_a_flight_waits_for_its_start_then_arrives_exactly() -> None:
    flight = Flight(A, B, start_s=1.0, duration_s=0.5)
    assert flight.pose_at(0.2) == Pose(A.rect, A.face_up, 1.0)
    assert flight.pose_at(1.5) == B and flight.pose_at(9.0) == B
    halfway = flight.pose_at(1.25)
    assert 0 < halfway.rect[0] < 100 and 0 < halfway.rect[1] < 50


def test_a_card_turning_over_is_edge_on_halfway_and_shows_the_new_face_after() -> None:
    flight = Flight(A, B, 0.0, 1.0)
    assert flight.pose_at(0.5).turn == pytest.approx(0.0, abs=1e-9)
    assert flight.pose_at(0.2).face_up is False and flight.pose_at(0.8).face_up is True
    assert flight.pose_at(0.2).turn > 0.5


def test_reduced_motion_fades_in_at_the_destination_and_out_where_it_was() -> None:
    arriving = motionless(Flight(A, B, 0.0, 0.3), fade_s=0.2)
    assert arriving.start.rect == B.rect == arriving.end.rect and arriving.start.alpha == 0.0
    assert arriving.duration_s == 0.2
    leaving = motionless(Flight(A, Pose(A.rect, False, alpha=0.0), 0.0, 0.3), fade_s=0.2)
    assert leaving.start.rect == A.rect == leaving.end.rect and leaving.end.alpha == 0.0


def test_speeds_scale_every_duration_and_instant_is_all_zero() -> None:
    normal, slow, fast = Timing(), Timing().scaled(AnimationSpeed.SLOW), Timing().scaled(AnimationSpeed.FAST)
    assert slow.fly_s > normal.fly_s > fast.fly_s > 0
    instant = Timing().scaled(AnimationSpeed.INSTANT)
    assert instant.fly_s == instant.banner_s == instant.deal_step_s == 0.0


def test_a_large_group_staggers_within_the_total() -> None:
    timing = Timing()
    assert timing.stagger(1) == 0.0 and timing.stagger(3) == timing.stagger_s
    assert timing.stagger(60) * 59 <= timing.stagger_total_s + 1e-9


def test_the_clock_is_busy_until_the_held_time_and_hurry_jumps_there() -> None:
    clock = AnimationClock()
    clock.hold_until(0.5)
    clock.advance(0.2)
    busy_before = clock.busy
    clock.hurry()
    assert busy_before and not clock.busy and clock.now_s == 0.5


def test_a_score_counts_up_to_its_total() -> None:
    assert count_up(120, 0.0, 1.0) == 0 and count_up(120, 1.0, 1.0) == 120
    assert 0 < count_up(120, 0.3, 1.0) < 120 and count_up(-50, 0.5, 0.0) == -50


# --- the sprite board -----------------------------------------------------------------------------------------


def _place(x: int, area: Area = Area.HAND) -> Placement:
    return Placement(Box(x, 10, 20, 28), True, 400, area)


MOTION = Motion(Timing())


def test_without_events_new_cards_appear_and_moved_ones_settle() -> None:
    board = SpriteBoard()
    board.reconcile({QH: _place(0)}, 0.0, MOTION)
    assert board.sprites[QH].flight is None
    board.reconcile({QH: _place(50)}, 1.0, MOTION)
    flight = board.sprites[QH].flight
    assert flight is not None and flight.start.rect[0] == 0 and flight.end.rect[0] == 50
    board.settle(flight.end_s)
    assert board.sprites[QH].flight is None and board.sprites[QH].pose(9.0) == _place(50).pose


def test_a_planned_card_flies_from_its_origin_at_its_time() -> None:
    board = SpriteBoard()
    origin = Pose((500.0, 0.0, 20.0, 28.0), False)
    plan = Plan(starts={KS: 0.3}, origins={KS: origin})
    board.reconcile({KS: _place(5, Area.PILE)}, 2.0, MOTION, plan)
    flight = board.sprites[KS].flight
    assert flight is not None and flight.start == origin and flight.start_s == pytest.approx(2.3)
    assert board.drawn(2.1)[0].moving


def test_a_card_leaving_the_table_flies_to_its_exit_then_is_gone() -> None:
    board = SpriteBoard()
    board.reconcile({FIVE: _place(0, Area.PILE)}, 0.0, MOTION)
    exit_pose = Pose((700.0, 0.0, 14.0, 20.0), False)
    board.reconcile({}, 1.0, MOTION, Plan(exits={FIVE: exit_pose}))
    assert board.sprites[FIVE].leaving
    board.settle(5.0)
    assert FIVE not in board.sprites


def test_instant_speed_and_reduced_motion() -> None:
    board = SpriteBoard()
    instant = Motion(Timing().scaled(AnimationSpeed.INSTANT))
    board.reconcile({QH: _place(0)}, 0.0, instant, Plan(origins={QH: A}))
    assert board.sprites[QH].flight is None
    reduced = Motion(Timing(), reduced=True)
    board.reconcile({QH: _place(0), KS: _place(40)}, 0.0, reduced, Plan(origins={KS: A}))
    flight = board.sprites[KS].flight
    assert flight is not None and flight.start.rect == flight.end.rect and flight.start.alpha == 0.0
    board.reconcile({QH: _place(90), KS: _place(40)}, 0.0, reduced)
    assert board.sprites[QH].flight is None, "no sliding in reduced motion"


def test_snap_puts_every_card_at_rest() -> None:
    board = SpriteBoard()
    board.reconcile({QH: _place(0)}, 0.0, MOTION)
    board.reconcile({QH: _place(300)}, 0.0, MOTION)
    board.snap({QH: _place(300), KS: _place(10)})
    assert board.sprites[QH].flight is None and board.sprites[QH].rest == _place(300)
    assert KS not in board.sprites, "cards not on the board yet come in through reconcile"


def test_choreography_follows_the_events() -> None:
    layout = layout_table((1280, 800), 4)
    rng = random.Random(3)
    view = view_for(start_hand(new_match(Rules.for_players(4), rng), rng), 0)
    timing = Timing()
    events = (
        DrawEvent(1, 2, None),
        DiscardEvent(1, QH),
        TakePileEvent(2, (FIVE, KS), (Card.parse("KH"), Card.parse("KD"))),
        MeldEvent(0, ((Card.parse("9H"), Card.parse("9S"), Card.parse("9D")),), ()),
    )
    plan = choreograph(events, layout, view, timing)
    assert len(plan.ghosts) == 2 and all(ghost.seat == 1 for ghost in plan.ghosts)
    assert QH in plan.origins and not plan.origins[QH].face_up, "another player's discard comes from his hand"
    assert plan.exits[FIVE].rect == plan.exits[KS].rect, "the pile goes to the taker's hand"
    assert plan.starts[KS] < plan.starts[FIVE], "the pile's top card goes first"
    assert Card.parse("9H") not in plan.origins, "the human's own cards fly from where they are"
    assert [cue[1] for cue in plan.cues] == list(events)
    assert [cue[0] for cue in plan.cues] == sorted(cue[0] for cue in plan.cues)
    assert plan.end_s > plan.starts[Card.parse("9D")]
