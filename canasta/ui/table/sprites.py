"""Card sprites keyed by `Card`, kept in step with the human's view; no display, no pygame.

Every card the table shows has a `Placement` worked out from the view (`card_placements`). The `SpriteBoard`
keeps one `Sprite` per card and, every frame, reconciles the sprites with those placements: a card whose place
changed flies there from wherever it is drawn now, a new card comes from where the engine's events say
(`choreograph`: the stock, the pile, another player's hand) or fades in, and a card that left the visible table
flies to its taker's hand or fades out. Cards other players hold are never known: their moves are anonymous
card backs (`Ghost`). Because every flight ends at the card's placement and placements are recomputed from the
view each frame, the sprites cannot drift from the engine. The cards another player has just melded (or taken
onto a meld) are lit for a moment once they land (`DrawnCard.lit`), as the card apps people know do.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from canasta.engine.cards import Card
from canasta.engine.events import (
    DealEvent,
    DiscardEvent,
    DrawEvent,
    Event,
    HandOverEvent,
    MeldEvent,
    PickUpFootEvent,
    RedThreeEvent,
    TakePileEvent,
)
from canasta.engine.melds import TableMeld
from canasta.engine.playerview import PlayerView
from canasta.engine.rules import MeldKind
from canasta.ui.kit.animation import Flight, Pose, Rect, Timing, ease_in_out_cubic, motionless
from canasta.ui.table.layout.regions import (
    Box,
    Point,
    TableLayout,
    hand_card_rects,
    meld_rects,
    pile_card_rects,
    pile_sideways_rect,
    red_three_rects,
)

PILE_SHOWN = 8  # the pile's top cards drawn fanned; the rest lie squared under the first
LIT_S = 2.6  # how long the cards another player has just melded stay lit, whatever the speed of the animation
LIT_FADE_S = 1.0  # the end of that time, in which the light fades


class Area(enum.Enum):
    """Where on the table a card rests."""

    HAND = "hand"
    PILE = "pile"
    MELD = "meld"
    RED_THREE = "red_three"
    DRAG = "drag"  # held by the mouse: follows it without easing


_Z_BASE = {Area.PILE: 100, Area.MELD: 200, Area.RED_THREE: 300, Area.HAND: 400, Area.DRAG: 900}
_Z_FLYING = 1000  # cards on the way are drawn over everything resting


@dataclass(frozen=True, slots=True)
class Placement:
    """Where a card rests: its box, face, drawing order, area; `sideways` for the wild card freezing the pile;
    `shown` is False for pile cards squared under the fan (drawn only while they move)."""

    box: Box
    face_up: bool
    z: int
    area: Area
    sideways: bool = False
    shown: bool = True

    @property
    def pose(self) -> Pose:
        return Pose(_rect(self.box), self.face_up)


@dataclass(frozen=True, slots=True)
class HandPlan:
    """The human's hand as the scene arranges it: the order, the selected indices and a drag in progress."""

    order: tuple[Card, ...]
    selected: frozenset[int] = frozenset()
    dragging: tuple[Card, ...] = ()
    drag_pos: Point | None = None


def _rect(box: Box) -> Rect:
    return (float(box.x), float(box.y), float(box.w), float(box.h))


def canasta_top(meld: TableMeld) -> Card:
    """The card shown on a squared-up canasta: a red one for a natural canasta, a black one for a mixed; a
    sequence's highest card; a wild meld's first card."""
    if meld.kind is MeldKind.SEQUENCE:
        return meld.cards[-1]
    naturals = [card for card in meld.cards if not card.is_wild]
    red = [card for card in naturals if card.suit is not None and card.suit.is_red]
    black = [card for card in naturals if card not in red]
    preferred = red if meld.wilds == 0 else black
    return (preferred or naturals or list(meld.cards))[0]


def threes_of_side(view: PlayerView, side: int) -> tuple[Card, ...]:
    """The red threes laid out by a side (none for a side the view does not list)."""
    return view.red_threes[side] if side < len(view.red_threes) else ()


def card_placements(layout: TableLayout, view: PlayerView, hand: HandPlan) -> dict[Card, Placement]:
    """Where every card the human can see rests: the hand, the pile, every side's melds and red threes."""
    places: dict[Card, Placement] = {}
    _place_hand(places, layout, hand)
    _place_pile(places, layout, view)
    for side in range(len(layout.sides)):
        _place_melds(places, layout, view, side)
        threes = threes_of_side(view, side)
        for k, (card, box) in enumerate(zip(threes, red_three_rects(layout, side, len(threes)), strict=True)):
            places[card] = Placement(box, True, _Z_BASE[Area.RED_THREE] + k, Area.RED_THREE)
    return places


def _place_hand(places: dict[Card, Placement], layout: TableLayout, hand: HandPlan) -> None:
    boxes = hand_card_rects(layout, len(hand.order), hand.selected)
    width, height = layout.card_size
    for index, (card, box) in enumerate(zip(hand.order, boxes, strict=True)):
        if card in hand.dragging and hand.drag_pos is not None:
            offset = hand.dragging.index(card)
            x = hand.drag_pos[0] - width // 2 + offset * width // 4
            held = Box(x, hand.drag_pos[1] - height // 2, width, height)
            places[card] = Placement(held, True, _Z_BASE[Area.DRAG] + offset, Area.DRAG)
        else:
            places[card] = Placement(box, True, _Z_BASE[Area.HAND] + index, Area.HAND)


def pile_freezer(pile: Sequence[Card]) -> int | None:
    """The index of the card that froze the pile (the lowest wild card or red three in it), which lies across
    the pile as at a real table; None when no card in the pile freezes it."""
    return next((index for index, card in enumerate(pile) if card.is_wild or card.is_red_three), None)


def _place_pile(places: dict[Card, Placement], layout: TableLayout, view: PlayerView) -> None:
    pile = view.pile
    freezer = pile_freezer(pile)
    sideways = pile_sideways_rect(layout)
    if freezer is not None:
        places[pile[freezer]] = Placement(sideways, True, _Z_BASE[Area.PILE], Area.PILE, sideways=True)
    fanned = [card for index, card in enumerate(pile) if index != freezer]
    shown = fanned[-PILE_SHOWN:]
    boxes = pile_card_rects(layout, len(shown), across=freezer is not None)
    if not boxes:
        return
    for card in fanned[: len(fanned) - len(shown)]:
        places[card] = Placement(boxes[0], True, _Z_BASE[Area.PILE], Area.PILE, shown=False)
    for k, (card, box) in enumerate(zip(shown, boxes, strict=True)):
        places[card] = Placement(box, True, _Z_BASE[Area.PILE] + 1 + k, Area.PILE)


def _place_melds(places: dict[Card, Placement], layout: TableLayout, view: PlayerView, side: int) -> None:
    melds = view.melds[side]
    shapes = [(meld.label, len(meld.cards), meld.is_canasta(view.rules)) for meld in melds]
    for meld, slot in zip(melds, meld_rects(layout, side, shapes), strict=True):
        top = canasta_top(meld) if slot.is_canasta else None
        for k, (card, box) in enumerate(zip(meld.cards, slot.cards, strict=True)):
            z = _Z_BASE[Area.MELD] + (len(meld.cards) if card is top else k)
            places[card] = Placement(box, True, z, Area.MELD)


# --- what the events say ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GhostMove:
    """An anonymous card back moving (a card dealt to or drawn by another player): `seat` receives it."""

    start: Pose
    end: Pose
    delay_s: float
    seat: int


@dataclass(slots=True)
class Plan:
    """How one batch of events moves the cards, in seconds after the batch starts: when each card leaves
    (`starts`), where new cards come from (`origins`), where cards leaving the visible table go (`exits`),
    the anonymous backs, when each event's animation starts (`cues`, for sound and messages), and when the cards
    another player melded land (`lit`: they are lit from then)."""

    starts: dict[Card, float] = field(default_factory=dict)
    origins: dict[Card, Pose] = field(default_factory=dict)
    exits: dict[Card, Pose] = field(default_factory=dict)
    ghosts: list[GhostMove] = field(default_factory=list)
    cues: list[tuple[float, Event]] = field(default_factory=list)
    end_s: float = 0.0
    lit: dict[Card, float] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class _Stage:
    """What choreography needs to know about the table: its geometry, the view after the batch, timing."""

    layout: TableLayout
    view: PlayerView
    timing: Timing

    @property
    def stock(self) -> Pose:
        return Pose(_rect(self.layout.stock), False)

    def foot(self, seat: int) -> Pose:
        """Hand and Foot: where the seat's foot lay (the stock on a table without room for it)."""
        box = self.layout.seats[seat].foot
        return Pose(_rect(box), False) if box.w and box.h else self.stock

    def seat_hand(self, seat: int) -> Pose:
        """A card back in the middle of another seat's hand area (or the human's hand, face up)."""
        area = self.layout.seats[seat].hand
        if seat == self.view.seat:
            width, height = self.layout.card_size
            return Pose((area.centre[0] - width / 2, area.bottom - height, width, height), True)
        width, height = self.layout.back_size
        return Pose((area.centre[0] - width / 2, area.centre[1] - height / 2, width, height), False)


def choreograph(events: Sequence[Event], layout: TableLayout, view: PlayerView, timing: Timing) -> Plan:
    """The plan for one batch of the human's redacted events; `view` is the human's view after them."""
    stage, plan, t = _Stage(layout, view, timing), Plan(), 0.0
    for event in events:
        plan.cues.append((t, event))
        t = _event(stage, plan, event, t) + timing.pause_s
    plan.end_s = t
    return plan


def _event(stage: _Stage, plan: Plan, event: Event, t: float) -> float:
    """Plans one event starting at `t`; returns when its animation ends."""
    timing, human = stage.timing, stage.view.seat
    match event:
        case DealEvent():
            return _deal(stage, plan, event, t)
        case DrawEvent(seat, count, cards):
            source = stage.foot(seat) if isinstance(event, PickUpFootEvent) else stage.stock  # a foot picked up
            if cards is None or seat != human:
                for k in range(count):
                    plan.ghosts.append(GhostMove(source, stage.seat_hand(seat), t + k * timing.stagger_s, seat))
                return t + timing.fly_s + max(0, count - 1) * timing.stagger_s
            return _group(plan, cards, source, t, timing)
        case RedThreeEvent(seat, card) | DiscardEvent(seat, card):
            return _group(plan, (card,), None if seat == human else stage.seat_hand(seat), t, timing)
        case TakePileEvent(seat, cards, with_, also):
            shown = with_ + tuple(card for group in also for card in group)
            t = _group(plan, shown, None if seat == human else stage.seat_hand(seat), t, timing) - timing.fly_s / 2
            step = timing.stagger(len(cards))
            for k, card in enumerate(reversed(cards)):  # the top card first
                plan.starts[card] = t + k * step
                if seat != human:
                    plan.exits[card] = stage.seat_hand(seat)
            if seat != human:
                _light(plan, shown + cards[-1:], timing)  # the top card goes to a meld, the rest to the hand
            return t + timing.fly_s + max(0, len(cards) - 1) * step
        case MeldEvent(seat, new, add, add_to):
            cards = tuple(card for group in new for card in group) + tuple(c for _, group in add for c in group)
            cards += tuple(card for _, group in add_to for card in group)
            end = _group(plan, cards, None if seat == human else stage.seat_hand(seat), t, timing)
            if seat != human:
                _light(plan, cards, timing)
            return _square_up(stage, plan, set(cards), seat, end)
        case HandOverEvent():
            return t + timing.banner_s
    return t


def _group(plan: Plan, cards: Iterable[Card], origin: Pose | None, t: float, timing: Timing) -> float:
    """Cards moving one after another from `t`; from `origin` when they were hidden before."""
    group = tuple(cards)
    step = timing.stagger(len(group))
    for k, card in enumerate(group):
        plan.starts[card] = t + k * step
        if origin is not None:
            plan.origins[card] = origin
    return t + (timing.fly_s + max(0, len(group) - 1) * step if group else 0.0)


def _light(plan: Plan, cards: Iterable[Card], timing: Timing) -> None:
    """`cards` are lit as they land on a meld (another player melded them)."""
    for card in cards:
        plan.lit[card] = plan.starts.get(card, 0.0) + timing.fly_s


def _square_up(stage: _Stage, plan: Plan, cards: set[Card], seat: int, t: float) -> float:
    """Melds that `cards` went to and that are canastas now square up once their new cards have arrived."""
    view = stage.view
    side = view.rules.seat_side[seat]
    squared = [meld for meld in view.melds[side] if meld.is_canasta(view.rules) and not cards.isdisjoint(meld.cards)]
    for meld in squared:
        for card in meld.cards:
            plan.starts.setdefault(card, t)
    return t + stage.timing.square_s if squared else t


def _deal(stage: _Stage, plan: Plan, event: DealEvent, t: float) -> float:
    """Card by card round the table from the dealer's left, then the pile's first card turned up."""
    players, human, step = len(event.hands), stage.view.seat, stage.timing.deal_step_s
    own = event.hands[human] if human < players else None
    rounds = len(own) if own else 0
    k = 0
    for round_ in range(rounds):
        for offset in range(1, players + 1):
            seat = (event.dealer + offset) % players
            if seat == human and own is not None:
                plan.starts[own[round_]] = t + k * step
                plan.origins[own[round_]] = stage.stock
            else:
                plan.ghosts.append(GhostMove(stage.stock, stage.seat_hand(seat), t + k * step, seat))
            k += 1
    for card in event.pile:
        plan.starts[card] = t + k * step
        plan.origins[card] = stage.stock
        k += 1
    return t + k * step + stage.timing.fly_s


# --- the sprites --------------------------------------------------------------------------------------------


@dataclass(slots=True)
class Sprite:
    """One card as drawn: where it rests, its flight (if moving), whether it is leaving the table, and whether
    it is drawn over the resting cards while it moves (`over`: not when it only settles within its group)."""

    card: Card
    rest: Placement
    flight: Flight | None = None
    leaving: bool = False
    over: bool = True

    def pose(self, now_s: float) -> Pose:
        return self.flight.pose_at(now_s) if self.flight is not None else self.rest.pose

    def moving(self, now_s: float) -> bool:
        return self.flight is not None and now_s < self.flight.end_s


@dataclass(frozen=True, slots=True)
class DrawnCard:
    """A card to draw this frame: the card (None for an anonymous back), its pose, where it rests (None when
    it is leaving), its drawing order, and whether it is on its way somewhere."""

    card: Card | None
    pose: Pose
    rest: Placement | None
    z: int
    moving: bool = False
    lit: float = 0.0  # how brightly it is lit (1 fully, 0 not): another player has just melded it


@dataclass(frozen=True, slots=True)
class Motion:
    """How the board moves cards: the timing (already scaled by the speed) and the reduced-motion mode."""

    timing: Timing
    reduced: bool = False


class SpriteBoard:
    """The sprites of one table, reconciled with the placements the view gives, frame by frame."""

    def __init__(self) -> None:
        self.sprites: dict[Card, Sprite] = {}
        self.ghosts: list[tuple[Flight, int]] = []
        self.lit: dict[Card, float] = {}  # when each card another player just melded is lit from (on the clock)

    def reconcile(self, targets: dict[Card, Placement], now_s: float, motion: Motion, plan: Plan | None = None) -> None:
        """Bring the sprites in line with `targets`; `plan` says how the last events move them (without
        one, cards that moved settle quickly and cards that came or went appear or vanish at once)."""
        for card, place in targets.items():
            sprite = self.sprites.get(card)
            if sprite is None:
                self.sprites[card] = self._arrival(card, place, now_s, motion, plan)
            elif sprite.rest != place or sprite.leaving:
                self._move(sprite, place, now_s, motion, plan)
        for card, sprite in list(self.sprites.items()):
            if card not in targets and not sprite.leaving:
                self._leave(sprite, now_s, motion, plan)
        if plan is not None:
            for move in plan.ghosts:
                self._ghost(move, now_s, motion)
            self.lit.update((card, now_s + at_s) for card, at_s in plan.lit.items())

    def _arrival(self, card: Card, place: Placement, now_s: float, motion: Motion, plan: Plan | None) -> Sprite:
        sprite = Sprite(card, place)
        if plan is None:
            return sprite
        start_s = now_s + plan.starts.get(card, 0.0)
        origin = plan.origins.get(card)
        if origin is None:
            origin = replace(place.pose, alpha=0.0)
        duration = motion.timing.fly_s if origin.alpha > 0 else motion.timing.fade_s
        sprite.flight = self._flight(Flight(origin, place.pose, start_s, duration), motion)
        return sprite

    def _move(self, sprite: Sprite, place: Placement, now_s: float, motion: Motion, plan: Plan | None) -> None:
        current = replace(sprite.pose(now_s), alpha=1.0, turn=1.0)
        sprite.rest, sprite.leaving = place, False
        if place.area is Area.DRAG:
            sprite.flight = None  # the mouse holds it: no easing behind the pointer
            return
        timing = motion.timing
        if plan is not None and sprite.card in plan.starts:
            flight = Flight(current, place.pose, now_s + plan.starts[sprite.card], timing.fly_s)
        else:
            flight = Flight(current, place.pose, now_s, timing.settle_s, ease_in_out_cubic)
        sprite.over = plan is not None
        sprite.flight = self._flight(flight, motion, cosmetic=plan is None)

    def _leave(self, sprite: Sprite, now_s: float, motion: Motion, plan: Plan | None) -> None:
        if plan is None:
            del self.sprites[sprite.card]
            return
        current = replace(sprite.pose(now_s), alpha=1.0, turn=1.0)
        start_s = now_s + plan.starts.get(sprite.card, 0.0)
        exit_pose = plan.exits.get(sprite.card)
        if exit_pose is None:
            flight = Flight(current, replace(current, alpha=0.0), start_s, motion.timing.fade_s)
        else:
            flight = Flight(current, exit_pose, start_s, motion.timing.fly_s)
        sprite.leaving, sprite.over = True, True
        sprite.flight = self._flight(flight, motion)
        if sprite.flight is None:
            del self.sprites[sprite.card]

    def _ghost(self, move: GhostMove, now_s: float, motion: Motion) -> None:
        flight = self._flight(Flight(move.start, move.end, now_s + move.delay_s, motion.timing.fly_s), motion)
        if flight is not None and not motion.reduced:  # reduced motion: the seat's count just changes
            self.ghosts.append((flight, move.seat))

    @staticmethod
    def _flight(flight: Flight, motion: Motion, cosmetic: bool = False) -> Flight | None:
        """The flight as the motion settings want it; None where it would not be seen (no time)."""
        if motion.reduced:
            if cosmetic:
                return None
            flight = motionless(flight, motion.timing.fade_s)
        return flight if flight.duration_s > 0 else None

    def settle(self, now_s: float) -> None:
        """Drop finished flights: sprites at rest, leaving ones gone, arrived backs removed."""
        for card, sprite in list(self.sprites.items()):
            if sprite.flight is not None and now_s >= sprite.flight.end_s:
                if sprite.leaving:
                    del self.sprites[card]
                else:
                    sprite.flight = None
        self.ghosts = [(flight, seat) for flight, seat in self.ghosts if now_s < flight.end_s]
        self.lit = {card: from_s for card, from_s in self.lit.items() if now_s < from_s + LIT_S}

    def light(self, card: Card, now_s: float) -> float:
        """How brightly `card` is lit at `now_s`: fully from when it lands, fading over the last `LIT_FADE_S` of
        `LIT_S`; 0 when it is not lit (or no longer, or not yet)."""
        from_s = self.lit.get(card)
        if from_s is None or now_s < from_s:
            return 0.0
        return max(0.0, min(1.0, (from_s + LIT_S - now_s) / LIT_FADE_S))

    def snap(self, targets: dict[Card, Placement]) -> None:
        """Every card on the board at its placement at once, nothing moving (after a resize); cards not yet on
        the board are left for `reconcile` to bring in."""
        self.sprites = {card: Sprite(card, targets[card]) for card in self.sprites if card in targets}
        self.ghosts = []

    def end_s(self) -> float:
        """When the last flight ends."""
        ends = [s.flight.end_s for s in self.sprites.values() if s.flight is not None]
        return max(ends + [flight.end_s for flight, _ in self.ghosts], default=0.0)

    def incoming(self, now_s: float) -> dict[int, int]:
        """Per seat, the anonymous backs still on their way to it (its fan shows that many fewer)."""
        counts: dict[int, int] = {}
        for flight, seat in self.ghosts:
            if now_s < flight.end_s:
                counts[seat] = counts.get(seat, 0) + 1
        return counts

    def drawn(self, now_s: float) -> list[DrawnCard]:
        """Everything to draw this frame, bottom first: resting cards by area, moving cards over them."""
        cards: list[DrawnCard] = []
        for sprite in self.sprites.values():
            moving = sprite.moving(now_s)
            if not moving and not sprite.rest.shown:
                continue
            if moving and sprite.flight is not None and now_s < sprite.flight.start_s and sprite.leaving:
                moving = False  # waiting to leave: still lies where it was
            z = sprite.rest.z + (_Z_FLYING if moving and sprite.over else 0)
            rest = None if sprite.leaving else sprite.rest
            lit = self.light(sprite.card, now_s) if rest is not None and not moving else 0.0
            cards.append(DrawnCard(sprite.card, sprite.pose(now_s), rest, z, moving, lit))
        for flight, _seat in self.ghosts:
            if flight.start_s <= now_s < flight.end_s:
                cards.append(DrawnCard(None, flight.pose_at(now_s), None, 2 * _Z_FLYING, True))
        cards.sort(key=lambda drawn: drawn.z)
        return cards
