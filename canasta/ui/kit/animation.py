"""Movement in seconds: easing curves, card flights and the clock they run on; no display, no pygame.

A `Flight` is one card's way from a start pose to an end pose, placed on a shared clock (`start_s`, absolute
seconds of the table's animation clock), so a whole batch of staggered flights needs no bookkeeping: each asks
the clock where it is. `Timing` holds every duration in seconds, scaled by the player's `AnimationSpeed`;
`motionless` turns a flight into a fade in place for the reduced-motion mode.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from typing import Final

from canasta.storage.settings import AnimationSpeed

Rect = tuple[float, float, float, float]  # x, y, width, height in pixels
Easing = Callable[[float], float]


# Durations are multiplied by these; INSTANT puts every card in place at once.
SPEED_FACTORS: Final = {
    AnimationSpeed.SLOW: 1.7,
    AnimationSpeed.NORMAL: 1.0,
    AnimationSpeed.FAST: 0.5,
    AnimationSpeed.INSTANT: 0.0,
}


def linear(t: float) -> float:
    return _clamp(t)


def ease_out_cubic(t: float) -> float:
    """Fast away, gentle arrival: for cards flying to a place."""
    return 1 - (1 - _clamp(t)) ** 3


def ease_in_out_cubic(t: float) -> float:
    """Gentle at both ends: for cards settling within a group."""
    t = _clamp(t)
    return 4 * t**3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def _clamp(t: float) -> float:
    return 0.0 if t <= 0 else (1.0 if t >= 1 else t)


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def lerp_rect(a: Rect, b: Rect, t: float) -> Rect:
    return (lerp(a[0], b[0], t), lerp(a[1], b[1], t), lerp(a[2], b[2], t), lerp(a[3], b[3], t))


@dataclass(frozen=True, slots=True)
class Pose:
    """Where a card is drawn at one moment: its rectangle, which face shows, its opacity (0 to 1) and its
    width share while it turns over (1 flat, 0 edge-on)."""

    rect: Rect
    face_up: bool
    alpha: float = 1.0
    turn: float = 1.0


@dataclass(frozen=True, slots=True)
class Flight:
    """A card going from `start` to `end` between `start_s` and `start_s + duration_s` on the table's clock,
    turning over on the way when the faces differ and fading between the two opacities."""

    start: Pose
    end: Pose
    start_s: float
    duration_s: float
    easing: Easing = ease_out_cubic

    @property
    def end_s(self) -> float:
        return self.start_s + self.duration_s

    def progress(self, now_s: float) -> float:
        """0 before the start, 1 from the end on."""
        if self.duration_s <= 0:
            return 1.0 if now_s >= self.start_s else 0.0
        return _clamp((now_s - self.start_s) / self.duration_s)

    def pose_at(self, now_s: float) -> Pose:
        p = self.progress(now_s)
        if p >= 1:
            return self.end
        moved = self.easing(p)
        rect = lerp_rect(self.start.rect, self.end.rect, moved)
        alpha = lerp(self.start.alpha, self.end.alpha, p)
        if self.start.face_up == self.end.face_up:
            return Pose(rect, self.end.face_up if p > 0 else self.start.face_up, alpha)
        # Turning over: the card narrows to its edge halfway, then widens showing the other face.
        return Pose(rect, self.start.face_up if p < 0.5 else self.end.face_up, alpha, abs(math.cos(math.pi * p)))


def motionless(flight: Flight, fade_s: float) -> Flight:
    """The reduced-motion form of a flight: nothing travels; a card arriving fades in at its place, and one
    leaving (its end fully transparent) fades out where it was."""
    if flight.end.alpha <= 0:
        still = replace(flight.start, alpha=1.0, turn=1.0)
        return Flight(still, replace(still, alpha=0.0), flight.start_s, fade_s, linear)
    if flight.start.rect == flight.end.rect and flight.start.face_up == flight.end.face_up:
        return replace(flight, easing=linear)
    return Flight(replace(flight.end, alpha=0.0), flight.end, flight.start_s, fade_s, linear)


@dataclass(frozen=True, slots=True)
class Timing:
    """Every duration of the table's animation, in seconds at the normal speed."""

    fly_s: float = 0.34  # a card from one place to another
    stagger_s: float = 0.07  # between the cards of one group (a pile taken, a meld laid)
    stagger_total_s: float = 0.8  # a large group staggers more tightly, to stay within this
    deal_step_s: float = 0.035  # between dealt cards
    settle_s: float = 0.18  # the hand re-fanning, a refused drop sliding back
    fade_s: float = 0.25  # reduced motion: a card fading in or out in place
    pause_s: float = 0.08  # between two events of one batch
    square_s: float = 0.22  # a meld squaring up into a canasta
    banner_s: float = 1.3  # a message over the table: a canasta, going out

    def scaled(self, speed: AnimationSpeed) -> Timing:
        """These durations at `speed` (all zero for INSTANT)."""
        f = SPEED_FACTORS[speed]
        return Timing(*(getattr(self, field.name) * f for field in fields(self)))

    def stagger(self, count: int) -> float:
        """The step between `count` cards of one group."""
        if count <= 1:
            return 0.0
        return min(self.stagger_s, self.stagger_total_s / (count - 1))


@dataclass(slots=True)
class AnimationClock:
    """The table's animation time. Flights are placed on it; `busy_until_s` is when the last flight that
    changes the table ends (input waits until then), and `hurry` jumps there."""

    now_s: float = 0.0
    busy_until_s: float = 0.0

    @property
    def busy(self) -> bool:
        return self.now_s < self.busy_until_s

    def advance(self, dt_s: float) -> None:
        self.now_s += max(0.0, dt_s)

    def hold_until(self, end_s: float) -> None:
        """Keep input waiting at least until `end_s`."""
        self.busy_until_s = max(self.busy_until_s, end_s)

    def hurry(self) -> None:
        """Finish every table-changing animation now."""
        self.now_s = max(self.now_s, self.busy_until_s)


def count_up(target: int, elapsed_s: float, duration_s: float, start: int = 0) -> int:
    """A score counting from `start` to `target` over `duration_s` (easing out): the number to show."""
    if duration_s <= 0 or elapsed_s >= duration_s:
        return target
    return round(lerp(start, target, ease_out_cubic(elapsed_s / duration_s)))
