"""The game's sound effects: which sound each engine event makes, and a board that plays them.

`cue_for(event, human_seat, tally)` is the whole mapping from events to sounds, a pure function. Telling a meld
that completes a canasta from any other meld needs the sizes of the melds already on the table: `MeldTally`
follows them event by event (`tally.after(event)`), starting from a view.

`SoundBoard` opens the mixer itself and never fails: without an audio device, without the mixer, or without the
files it stays silent, says why once in the log, and every call still works. It keeps the tally for its caller:
`board.follow(view)` with the human's view when a table opens (or a game is loaded), then `board.play_for(event)`
for every event shown, in order; refusals and the end of a hand or game are `board.play(SoundName.REFUSED)`,
`board.play(SoundName.HAND_WON)` and so on, as the caller decides.

The files are made by `canasta.ui.look.soundgen` (`python -m canasta.ui.look.soundgen`). This module needs pygame only:
the packaged app carries no numpy.
"""

from __future__ import annotations

import enum
import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import assert_never

import pygame

from canasta.engine.cards import Card, Rank
from canasta.engine.events import (
    AnswerEvent,
    AskPartnerEvent,
    BlackThreesAsideEvent,
    CombineEvent,
    DealEvent,
    DiscardEvent,
    DrawEvent,
    Event,
    HandOverEvent,
    LoneHandEvent,
    MeldEvent,
    PassEvent,
    RedThreeEvent,
    SpecialEvent,
    TakePileEvent,
)
from canasta.engine.playerview import PlayerView, side_of
from canasta.engine.rules import Rules
from canasta.ui.look.assets import assets_dir

LOG = logging.getLogger(__name__)

RATE = 44_100  # the files' sample rate, and the mixer's
MIXER_BUFFER = 512  # samples: about 12 ms, short enough that a card sound keeps up with its card
DEFAULT_VOLUME = 70
MAX_VOLUME = 100
OTHERS_GAIN = 0.6  # the other players' card sounds, so that the human's own moves stand out


class SoundName(enum.Enum):
    """Every sound of the game; the value is its file's name under `assets/sounds/`, without ".wav"."""

    SHUFFLE = "shuffle"
    DEAL = "deal"
    DRAW = "draw"
    DISCARD = "discard"
    PILE_CAPTURE = "pile_capture"
    MELD = "meld"
    CANASTA_NATURAL = "canasta_natural"
    CANASTA_MIXED = "canasta_mixed"
    RED_THREE = "red_three"
    FROZEN = "frozen"
    REFUSED = "refused"
    GOING_OUT = "going_out"
    HAND_WON = "hand_won"
    HAND_LOST = "hand_lost"
    GAME_WON = "game_won"
    GAME_LOST = "game_lost"


def sounds_dir() -> Path:
    """The generated sound files: `sounds_dir() / "draw.wav"`."""
    return assets_dir() / "sounds"


def sound_path(folder: Path, name: SoundName) -> Path:
    return folder / f"{name.value}.wav"


# --- from events to sounds (pure) -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Cue:
    """What an event sounds like: `sounds` one after another (at most two), at `gain` (0 to 1) of the volume."""

    sounds: tuple[SoundName, ...]
    gain: float = 1.0


@dataclass(frozen=True, slots=True)
class MeldCount:
    """How many cards, and how many of them wild, one of a side's melds holds."""

    side: int
    rank: Rank | None  # None: a sequence or a wild meld
    cards: int = 0
    wilds: int = 0

    def grown(self, cards: Iterable[Card]) -> MeldCount:
        """The meld with `cards` added."""
        added = tuple(cards)
        wilds = len([card for card in added if card.is_wild])
        return replace(self, cards=self.cards + len(added), wilds=self.wilds + wilds)


@dataclass(frozen=True, slots=True)
class MeldTally:
    """The size of every meld on the table, as far as the events so far tell: enough to hear canastas.

    `counts` holds each side's melds in the side's own order, so that the family's additions, takes and joins
    by a meld's index (docs/engine.md, "The family of games") reach the right one."""

    rules: Rules
    lone_hand: int | None = None
    counts: tuple[MeldCount, ...] = ()

    @classmethod
    def of_view(cls, view: PlayerView) -> MeldTally:
        """The melds on the table in `view`."""
        counts = tuple(
            MeldCount(side, meld.rank, len(meld.cards), meld.wilds)
            for side, melds in enumerate(view.melds)
            for meld in melds
        )
        return cls(view.rules, view.lone_hand, counts)

    def side(self, seat: int) -> int:
        """The meld area that `seat` melds into."""
        return side_of(self.rules, self.lone_hand, seat)

    def melds(self, side: int) -> list[MeldCount]:
        """The melds of `side`, in its order."""
        return [count for count in self.counts if count.side == side]

    def count(self, side: int, rank: Rank) -> MeldCount:
        """The (first) group of `rank` on `side`, with no cards when there is none."""
        return next((c for c in self.counts if c.side == side and c.rank is rank), MeldCount(side, rank))

    def after(self, event: Event) -> MeldTally:
        """The tally once `event` has happened."""
        match event:
            case DealEvent():
                return MeldTally(self.rules)
            case LoneHandEvent(lone):
                return self._combined(lone)
            case MeldEvent() | TakePileEvent() | CombineEvent():
                side = self.side(event.seat)
                return self._with_side(side, _laid(self.melds(side), event, side, self._one_group_per_rank))
            case _:
                return self

    def canastas_made(self, event: Event) -> tuple[bool, ...]:
        """For every canasta that `event` completes, whether it is natural."""
        if not isinstance(event, MeldEvent | TakePileEvent | CombineEvent):
            return ()
        side, size = self.side(event.seat), self.rules.shape.canasta_size
        before, now = self.melds(side), self.after(event).melds(side)
        if isinstance(event, CombineEvent):
            kept, gone = event.melds
            was = max(before[kept].cards, before[gone].cards) if max(kept, gone) < len(before) else size
            joined = now[kept] if kept < len(now) else MeldCount(side, None)
            return (joined.wilds == 0,) if was < size <= joined.cards else ()
        made: list[bool] = []
        for index, meld in enumerate(now):
            was = before[index].cards if index < len(before) else 0
            if was < size <= meld.cards:
                made.append(meld.wilds == 0)
        return tuple(made)

    @property
    def _one_group_per_rank(self) -> bool:
        return self.rules.shape.groups_per_rank == 1

    def _with_side(self, side: int, melds: list[MeldCount]) -> MeldTally:
        others = tuple(count for count in self.counts if count.side != side)
        return replace(self, counts=(*others, *melds))

    def _combined(self, lone: int) -> MeldTally:
        """Cutthroat: the two partners' melds of one rank become one, in the area they now share."""
        seats = range(self.rules.players)
        moved = {self.side(seat): side_of(self.rules, lone, seat) for seat in seats}
        counts: dict[tuple[int, Rank | None], MeldCount] = {}
        for count in self.counts:
            side = moved.get(count.side, count.side)
            old = counts.get((side, count.rank), MeldCount(side, count.rank))
            counts[(side, count.rank)] = MeldCount(side, count.rank, old.cards + count.cards, old.wilds + count.wilds)
        return MeldTally(self.rules, lone, tuple(counts.values()))


def _laid(
    melds: list[MeldCount], event: MeldEvent | TakePileEvent | CombineEvent, side: int, one_per_rank: bool
) -> list[MeldCount]:
    """A side's melds once `event` has laid cards on them (or joined two of them), as the engine places them:
    additions by rank or by index, then new melds after the old ones (joining the group of their rank where a
    side holds one group per rank)."""
    melds = list(melds)

    def onto_rank(rank: Rank, cards: tuple[Card, ...]) -> None:
        index = next((i for i, meld in enumerate(melds) if meld.rank is rank), None)
        if index is None:
            melds.append(MeldCount(side, rank).grown(cards))
        else:
            melds[index] = melds[index].grown(cards)

    def laid_new(group: tuple[Card, ...]) -> None:
        rank = _natural_rank(group)
        if one_per_rank and rank is not None:
            onto_rank(rank, group)
        else:
            melds.append(MeldCount(side, rank).grown(group))

    match event:
        case CombineEvent(melds=(kept, gone)) if max(kept, gone) < len(melds):
            joining = melds.pop(gone)
            melds[kept] = replace(
                melds[kept], cards=melds[kept].cards + joining.cards, wilds=melds[kept].wilds + joining.wilds
            )
        case MeldEvent(new=new, add=add, add_to=add_to):
            for rank, cards in add:
                onto_rank(rank, cards)
            for index, cards in add_to:
                if index < len(melds):
                    melds[index] = melds[index].grown(cards)
            for group in new:
                laid_new(group)
        case TakePileEvent(cards=pile, with_=with_, also=also, onto=onto) if pile:
            top = pile[-1]
            if onto is not None and onto < len(melds):
                melds[onto] = melds[onto].grown((top,))
            elif not with_:
                onto_rank(top.rank, (top,))
            else:
                laid_new((top, *with_))
            for group in also:
                laid_new(group)
        case _:
            pass
    return melds


def _natural_rank(group: tuple[Card, ...]) -> Rank | None:
    """The rank a new group takes: that of its natural cards (black threes included); None for a sequence
    (naturals of several ranks) or a meld of wild cards alone."""
    ranks = {card.rank for card in group if not card.is_wild}
    return next(iter(ranks)) if len(ranks) == 1 else None


def _seat_gain(seat: int, human_seat: int) -> float:
    return 1.0 if seat == human_seat else OTHERS_GAIN


def _canasta_sound(made: tuple[bool, ...]) -> SoundName | None:
    if not made:
        return None
    return SoundName.CANASTA_NATURAL if any(made) else SoundName.CANASTA_MIXED


def _laying_cue(event: MeldEvent | TakePileEvent, human_seat: int, tally: MeldTally | None) -> Cue:
    """A meld, or the pile taken: a canasta it completes follows the pile's sound, at full volume."""
    canasta = _canasta_sound(tally.canastas_made(event) if tally is not None else ())
    if isinstance(event, TakePileEvent):
        pile = (SoundName.PILE_CAPTURE,)
        return Cue((*pile, canasta)) if canasta is not None else Cue(pile, _seat_gain(event.seat, human_seat))
    return Cue((canasta,)) if canasta is not None else Cue((SoundName.MELD,), _seat_gain(event.seat, human_seat))


def cue_for(event: Event, human_seat: int, tally: MeldTally | None = None) -> Cue | None:
    """The sound of `event` as the human at `human_seat` hears it, or None for a silent event.

    Without a `tally` no meld is heard as a canasta. Card moves of the other seats are quieter; what changes
    the game (canastas, red threes, a frozen pile, going out) is heard at full volume whoever did it.
    """
    match event:
        case DealEvent():
            return Cue((SoundName.SHUFFLE, SoundName.DEAL))
        case DrawEvent(seat):
            return Cue((SoundName.DRAW,), _seat_gain(seat, human_seat))
        case RedThreeEvent():
            return Cue((SoundName.RED_THREE,))
        case TakePileEvent() | MeldEvent():
            return _laying_cue(event, human_seat, tally)
        case DiscardEvent(seat, card):
            if card.is_wild or card.is_black_three:  # a wild card freezes the pile; a black three blocks it
                return Cue((SoundName.FROZEN,))
            return Cue((SoundName.DISCARD,), _seat_gain(seat, human_seat))
        case HandOverEvent(out):
            return None if out is None else Cue((SoundName.GOING_OUT,))
        case CombineEvent(seat):  # two groups of one rank become one: a canasta when they reach its size
            canasta = _canasta_sound(tally.canastas_made(event) if tally is not None else ())
            return Cue((canasta,)) if canasta is not None else Cue((SoundName.MELD,), _seat_gain(seat, human_seat))
        case SpecialEvent(seat):  # a whole hand laid down at once: it ends the hand, as going out does
            return Cue((SoundName.MELD,), _seat_gain(seat, human_seat))
        case AskPartnerEvent() | AnswerEvent() | LoneHandEvent() | PassEvent() | BlackThreesAsideEvent():
            return None
        case _:
            assert_never(event)


def _seat_of(event: Event) -> int:
    """The seat that acted in `event` (-1 for a deal or the end of a hand, where no seat acts)."""
    return -1 if isinstance(event, DealEvent | HandOverEvent) else event.seat


def clamp_volume(volume: int) -> int:
    """`volume` kept within 0 to 100."""
    return max(0, min(MAX_VOLUME, int(volume)))


# --- playing --------------------------------------------------------------------------------------------------


def _open_mixer() -> str | None:
    """Open the mixer unless it is open; the reason when it cannot be."""
    try:
        if not pygame.mixer.get_init():
            pygame.mixer.init(frequency=RATE, size=-16, channels=2, buffer=MIXER_BUFFER)
    # Whatever the audio layer raises (pygame.error, a missing mixer module, a platform's own error) means
    # silence, never a crash.
    except Exception as error:
        return str(error) or type(error).__name__
    return None


def _load(folder: Path) -> dict[SoundName, pygame.mixer.Sound]:
    """Every sound file found in `folder`; what went wrong, if anything, is said once in the log (it is for
    whoever reads a problem report, so it stays in English)."""
    reason = _open_mixer()
    if reason is not None:
        LOG.warning("sound: the audio device could not be opened (%s); the game goes on silently", reason)
        return {}
    sounds: dict[SoundName, pygame.mixer.Sound] = {}
    missing: list[str] = []
    for name in SoundName:
        try:
            sounds[name] = pygame.mixer.Sound(str(sound_path(folder, name)))
        except Exception:  # a missing or damaged file: that sound stays silent
            missing.append(name.value)
    if missing:
        LOG.warning(
            "sound: these sounds could not be read from %s: %s; the game goes on %s",
            folder, ", ".join(missing), "without them" if sounds else "silently",
        )  # fmt: skip
    return sounds


class SoundBoard:
    """Plays the game's sounds at the chosen volume; silent, without errors, where there is no sound."""

    def __init__(self, folder: Path | None = None, *, volume: int = DEFAULT_VOLUME, muted: bool = False) -> None:
        self._volume = clamp_volume(volume)
        self._muted = muted
        self._tally: MeldTally | None = None
        self._human_seat: int | None = None
        self._sounds = _load(folder if folder is not None else sounds_dir())
        self._apply_volume()

    @property
    def silent(self) -> bool:
        """Whether no sound can be played at all."""
        return not self._sounds

    @property
    def volume(self) -> int:
        return self._volume

    @property
    def muted(self) -> bool:
        return self._muted

    def loaded(self) -> frozenset[SoundName]:
        """The sounds this board can play."""
        return frozenset(self._sounds)

    def levels(self) -> dict[SoundName, float]:
        """The level (0 to 1) the mixer plays each loaded sound at."""
        return {name: sound.get_volume() for name, sound in self._sounds.items()}

    def set_volume(self, volume: int) -> None:
        """The loudness, 0 (nothing) to 100 (the files' own level); out-of-range values are clamped."""
        self._volume = clamp_volume(volume)
        self._apply_volume()

    def set_muted(self, muted: bool) -> None:
        """Mute (what is playing stops) or unmute; the volume is kept either way."""
        self._muted = muted
        if muted and self._sounds:
            self._guard(pygame.mixer.stop)
        self._apply_volume()

    def play(self, name: SoundName, gain: float = 1.0) -> None:
        """Play one sound now, at `gain` (0 to 1) of the volume."""
        self.play_cue(Cue((name,), gain))

    def play_cue(self, cue: Cue) -> None:
        """Play a cue's sounds one after another on one channel."""
        if self._muted or self._volume == 0:
            return
        sounds = [self._sounds[name] for name in cue.sounds if name in self._sounds]
        if sounds:
            self._guard(lambda: _start(sounds, cue.gain))

    def follow(self, view: PlayerView) -> None:
        """Follow the table of the human's `view` from now on: its seat and its melds.

        Call it when a table opens or a game is loaded, before its events are played; calling it again once
        every event so far has been played (when the window settles on the view) keeps the tally exact.
        """
        self._tally = MeldTally.of_view(view)
        self._human_seat = view.seat

    def play_for(self, event: Event, human_seat: int | None = None) -> None:
        """Play the sound of `event` (see `cue_for`); call it for every event shown, in order.

        `human_seat` defaults to the seat of the view followed (without one, every seat counts as the human's).
        """
        seat = human_seat if human_seat is not None else self._human_seat
        cue = cue_for(event, seat if seat is not None else _seat_of(event), self._tally)
        if self._tally is not None:
            self._tally = self._tally.after(event)
        if cue is not None:
            self.play_cue(cue)

    def close(self) -> None:
        """Stop playing and close the mixer."""
        if self._sounds:
            self._sounds = {}
            self._guard(pygame.mixer.quit)

    def _apply_volume(self) -> None:
        level = 0.0 if self._muted else self._volume / MAX_VOLUME
        for sound in self._sounds.values():
            sound.set_volume(level)

    def _guard(self, call: Callable[[], object]) -> None:
        """Run a mixer call; should the audio layer fail after all, say so once and stay silent from then on."""
        try:
            call()
        except Exception as error:  # see _open_mixer
            LOG.warning("sound: the mixer failed (%s); the game goes on silently", error)
            self._sounds = {}


def _start(sounds: list[pygame.mixer.Sound], gain: float) -> None:
    """The first sound now, the next queued after it on the same channel (a channel queues one).

    With every channel busy the one playing longest gives way: the newest event matters most.
    """
    channel = pygame.mixer.find_channel(True)
    channel.set_volume(max(0.0, min(1.0, gain)))
    channel.play(sounds[0])
    for sound in sounds[1:2]:
        channel.queue(sound)
