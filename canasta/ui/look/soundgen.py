"""Sound effects: every sound of the game, synthesised with numpy from noise and sine partials.

`render(SoundName.DRAW)` returns a sound's 16-bit samples, and `generate(out_dir)` writes one WAV per sound
(mono, 44.1 kHz, through the standard `wave` module). The committed files under `assets/sounds/` are this
module's output (`python -m canasta.ui.look.soundgen`); a test regenerates them and compares, so the sounds change
only here.

Card sounds are noise bursts on a felt table: white noise band-limited in the frequency domain (no scipy) and
shaped by envelopes; a slide swells and fades, a slap starts at once. Tones are soft bells: a few harmonic
partials, the higher ones dying sooner. Every sound is peak-normalised to -3 dBFS and faded in and out so that
nothing clicks. The noise comes from numpy's generator seeded from the sound's name: each sound is the same on
every run, whatever else changes.
"""

from __future__ import annotations

import argparse
import math
import wave
import zlib
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt

from canasta.ui.look.sound import RATE, SoundName, sound_path, sounds_dir

Signal = npt.NDArray[np.float64]
Samples = npt.NDArray[np.int16]
Rng = np.random.Generator

PEAK_DBFS = -3.0
FULL_SCALE = 32_767
SAMPLE_BYTES = 2
BASE_SEED = 1939  # the year Canasta was first played, in Montevideo
FADE_IN_S = 0.003
FADE_OUT_SHARE = 0.12  # of the sound's length, within the two bounds below: long tones fade out gently
FADE_OUT_MIN_S = 0.015
FADE_OUT_MAX_S = 0.25
TAPER_MAX_S = 0.2
MAX_EFFECT_S = 0.6  # card sounds and short signals
MAX_FANFARE_S = 2.0
FANFARES = frozenset({
    SoundName.CANASTA_NATURAL, SoundName.CANASTA_MIXED, SoundName.GOING_OUT, SoundName.HAND_WON,
    SoundName.HAND_LOST, SoundName.GAME_WON, SoundName.GAME_LOST,
})  # fmt: skip

# A bell's partials: (frequency ratio, amplitude, share of the decay time). Harmonic, so chords stay sweet.
BELL_PARTIALS = ((1.0, 1.0, 1.0), (2.0, 0.3, 0.55), (3.0, 0.12, 0.35), (4.0, 0.05, 0.25))
_SEMITONES = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}


def max_length_s(name: SoundName) -> float:
    """How long a sound may be."""
    return MAX_FANFARE_S if name in FANFARES else MAX_EFFECT_S


def note(name: str) -> float:
    """The equal-tempered frequency of a note such as "C5", "F#4" or "Bb3" (A4 = 440 Hz)."""
    letter, rest = name[0], name[1:]
    shift = {"#": 1, "b": -1}.get(rest[:1], 0)
    octave = int(rest[1:] if shift else rest)
    return 440.0 * math.pow(2.0, (_SEMITONES[letter] + shift + 12 * (octave - 4)) / 12)


# --- building blocks --------------------------------------------------------------------------------------


def _count(duration_s: float) -> int:
    return round(duration_s * RATE)


def _times(duration_s: float) -> Signal:
    return np.arange(_count(duration_s), dtype=np.float64) / RATE


def _mix(total_s: float, parts: Sequence[tuple[float, float, Signal]]) -> Signal:
    """`(start_s, level, part)` laid on a silent track `total_s` long; what runs over the end is cut.

    Each part's tail is tapered to silence first: a part that simply stopped would click.
    """
    track = np.zeros(_count(total_s))
    for start_s, level, part in parts:
        begin = _count(start_s)
        end = min(len(track), begin + len(part))
        track[begin:end] += level * _tapered(part)[: end - begin]
    return track


def _tapered(part: Signal) -> Signal:
    """`part` with its last fifth (at most `TAPER_MAX_S`) faded out along a raised cosine."""
    length = min(len(part) // 5, _count(TAPER_MAX_S))
    if length < 2:
        return part
    gain = np.ones(len(part))
    gain[len(part) - length :] = 0.5 + 0.5 * np.cos(np.linspace(0.0, np.pi, length))
    return part * gain


def _envelope(duration_s: float, attack_s: float, decay_s: float) -> Signal:
    """A smooth rise over `attack_s`, then an exponential fall with time constant `decay_s`."""
    t = _times(duration_s)
    rise = np.sin(0.5 * np.pi * np.minimum(t / attack_s, 1.0))
    return rise * np.exp(-np.maximum(t - attack_s, 0.0) / decay_s)


def _band_noise(rng: Rng, duration_s: float, low_hz: float, high_hz: float) -> Signal:
    """White noise kept between `low_hz` and `high_hz` (soft fourth-order edges), scaled to unit RMS."""
    count = _count(duration_s)
    spectrum = np.fft.rfft(rng.standard_normal(count))
    f4 = np.fft.rfftfreq(count, 1 / RATE) ** 4
    gain = f4 / (f4 + low_hz**4) * high_hz**4 / (f4 + high_hz**4)
    noise = np.fft.irfft(spectrum * gain, count)
    return noise / max(float(np.sqrt(np.mean(noise**2))), 1e-12)


def _bell(freq_hz: float, duration_s: float, decay_s: float, brightness: float = 1.0) -> Signal:
    """A soft bell: partials of `freq_hz`, upper ones weighted by `brightness` and dying sooner."""
    t = _times(duration_s)
    tone = np.zeros_like(t)
    for index, (ratio, amplitude, decay_share) in enumerate(BELL_PARTIALS):
        weight = amplitude * brightness**index
        tone += weight * np.sin(2 * np.pi * freq_hz * ratio * t) * np.exp(-t / (decay_s * decay_share))
    return tone * np.sin(0.5 * np.pi * np.minimum(t / 0.005, 1.0))


def _bells(
    notes: Sequence[tuple[float, str]], decay_s: float, brightness: float = 1.0
) -> list[tuple[float, float, Signal]]:
    """Bells struck at the given times, each ringing for four decay times."""
    return [(start_s, 1.0, _bell(note(name), 4 * decay_s, decay_s, brightness)) for start_s, name in notes]


def _glide(start_hz: float, end_hz: float, duration_s: float) -> Signal:
    """A warm tone sliding from `start_hz` to `end_hz`: a sine with a little of its octave."""
    freq = np.geomspace(start_hz, end_hz, _count(duration_s))
    phase = 2 * np.pi * np.cumsum(freq) / RATE
    return np.sin(phase) + 0.18 * np.sin(2 * phase)


def _thump(freq_hz: float, decay_s: float) -> Signal:
    """The low knock of a card landing on felt."""
    t = _times(6 * decay_s)
    return np.sin(2 * np.pi * freq_hz * t) * _envelope(6 * decay_s, 0.002, decay_s)


def _slide(rng: Rng, duration_s: float, low_hz: float = 700, high_hz: float = 6000) -> Signal:
    """A card sliding over felt: band noise that swells for a third of the time, then fades."""
    return _band_noise(rng, duration_s, low_hz, high_hz) * _envelope(duration_s, duration_s / 3, duration_s / 5)


def _slap(rng: Rng, decay_s: float = 0.025, low_hz: float = 250, high_hz: float = 4000) -> Signal:
    """A card put down flat: a burst with an instant start and a soft low knock under it."""
    burst = _band_noise(rng, 8 * decay_s, low_hz, high_hz) * _envelope(8 * decay_s, 0.001, decay_s)
    return _mix(8 * decay_s, [(0.0, 1.0, burst), (0.0, 1.6, _thump(120, 1.2 * decay_s))])


def _tick(rng: Rng) -> Signal:
    """The crisp edge of a card: a few milliseconds of bright noise."""
    return _band_noise(rng, 0.012, 2500, 9000) * _envelope(0.012, 0.0004, 0.0018)


# --- the sounds ---------------------------------------------------------------------------------------------


def _shuffle(rng: Rng) -> Signal:
    """A riffle: quick card ticks, closer and closer, over a soft rustle, then the pack squared up."""
    parts: list[tuple[float, float, Signal]] = [(0.02, 0.22, _slide(rng, 0.4, 800, 5000))]
    start_s, gap_s = 0.03, 0.016
    while start_s < 0.4:
        parts.append((start_s, float(rng.uniform(0.5, 1.0)), _tick(rng)))
        start_s += gap_s * float(rng.uniform(0.8, 1.2))
        gap_s = max(0.008, gap_s * 0.96)
    parts.append((0.42, 0.6, _slide(rng, 0.12, 400, 3000)))
    return _mix(0.56, parts)


def _deal(rng: Rng) -> Signal:
    """Cards flicked round the table: four short slides, each ending in a tick."""
    parts: list[tuple[float, float, Signal]] = []
    for index in range(4):
        start_s = 0.11 * index
        parts += [(start_s, 0.8, _slide(rng, 0.07, 1000, 7000)), (start_s + 0.055, 0.5, _tick(rng))]
    return _mix(0.48, parts)


def _draw(rng: Rng) -> Signal:
    return _mix(0.26, [(0.0, 1.0, _slide(rng, 0.2, 600, 5000)), (0.17, 0.35, _tick(rng))])


def _discard(rng: Rng) -> Signal:
    return _mix(0.22, [(0.0, 0.3, _slide(rng, 0.05, 900, 6000)), (0.04, 1.0, _slap(rng))])


def _pile_capture(rng: Rng) -> Signal:
    """The pile swept up: three slides, one over the other, and the stack knocked square."""
    parts = [(0.06 * index, 0.7 + 0.15 * index, _slide(rng, 0.22, 400, 3500)) for index in range(3)]
    parts.append((0.3, 0.8, _slap(rng, 0.03, 150, 2500)))
    return _mix(0.52, parts)


def _meld(rng: Rng) -> Signal:
    bells = _bells([(0.05, "G5"), (0.13, "C6")], 0.12, 0.7)
    return _mix(0.55, [(0.0, 0.6, _slap(rng, 0.02, 400, 4000)), *bells])


def _canasta_natural(rng: Rng) -> Signal:
    """Bright and high: four rising bell notes and a sparkle."""
    notes = [(0.0, "C5"), (0.08, "E5"), (0.16, "G5"), (0.24, "C6"), (0.36, "E6"), (0.36, "G6")]
    return _mix(1.3, _bells(notes, 0.28))


def _canasta_mixed(rng: Rng) -> Signal:
    """Mellower and lower than the natural one: three slower notes."""
    return _mix(1.1, _bells([(0.0, "G4"), (0.1, "C5"), (0.2, "E5")], 0.26, 0.45))


def _red_three(rng: Rng) -> Signal:
    bells = _bells([(0.02, "E6"), (0.1, "A6")], 0.1, 0.6)
    return _mix(0.55, [(0.0, 0.5, _slap(rng, 0.015, 500, 5000)), *bells])


def _frozen(rng: Rng) -> Signal:
    """The pile frozen or blocked: a card slapped down, then a glassy shimmer (two bells a beat apart)."""
    glass = [(0.06, 0.6, _bell(note("B6"), 0.45, 0.12, 0.3)), (0.06, 0.6, _bell(note("B6") * 1.012, 0.45, 0.12, 0.3))]
    frost = _band_noise(rng, 0.35, 5000, 11000) * _envelope(0.35, 0.12, 0.08)
    return _mix(0.55, [(0.0, 0.7, _slap(rng)), (0.08, 0.12, frost), *glass])


def _refused(rng: Rng) -> Signal:
    """A low, soft "no": a short tone sliding down a little."""
    return _glide(note("A3"), note("F3"), 0.28) * _envelope(0.28, 0.02, 0.1)


def _going_out(rng: Rng) -> Signal:
    notes = [(0.05 + 0.06 * index, name) for index, name in enumerate(("C5", "D5", "E5", "G5", "C6"))]
    return _mix(1.1, [(0.0, 0.7, _slap(rng)), *_bells(notes, 0.22, 0.8)])


def _hand_won(rng: Rng) -> Signal:
    chord = [(0.4, name) for name in ("C5", "E5", "G5", "C6")]
    return _mix(1.4, _bells([(0.0, "C5"), (0.12, "E5"), (0.24, "G5"), *chord], 0.3, 0.8))


def _hand_lost(rng: Rng) -> Signal:
    return _mix(1.3, _bells([(0.0, "A4"), (0.2, "F4"), (0.4, "D4")], 0.3, 0.4))


def _game_won(rng: Rng) -> Signal:
    """A little fanfare: four rising notes, then the full chord ringing out with a high sparkle."""
    notes = [(0.0, "G4"), (0.1, "C5"), (0.2, "E5"), (0.3, "G5")]
    chord = [(0.45, name) for name in ("C5", "E5", "G5", "C6")]
    sparkle = [(0.55, "E6"), (0.65, "G6"), (0.75, "C7")]
    return _mix(1.9, [*_bells([*notes, *chord], 0.4), *_bells(sparkle, 0.2, 0.5)])


def _game_lost(rng: Rng) -> Signal:
    notes = [(0.0, "E5"), (0.25, "D5"), (0.5, "C5"), (0.75, "A4"), (0.75, "A3")]
    return _mix(1.8, _bells(notes, 0.32, 0.35))


RECIPES: dict[SoundName, Callable[[Rng], Signal]] = {
    SoundName.SHUFFLE: _shuffle,
    SoundName.DEAL: _deal,
    SoundName.DRAW: _draw,
    SoundName.DISCARD: _discard,
    SoundName.PILE_CAPTURE: _pile_capture,
    SoundName.MELD: _meld,
    SoundName.CANASTA_NATURAL: _canasta_natural,
    SoundName.CANASTA_MIXED: _canasta_mixed,
    SoundName.RED_THREE: _red_three,
    SoundName.FROZEN: _frozen,
    SoundName.REFUSED: _refused,
    SoundName.GOING_OUT: _going_out,
    SoundName.HAND_WON: _hand_won,
    SoundName.HAND_LOST: _hand_lost,
    SoundName.GAME_WON: _game_won,
    SoundName.GAME_LOST: _game_lost,
}


# --- finishing and files ------------------------------------------------------------------------------------


def _fades(count: int) -> Signal:
    """A gain curve rising from silence at the start and falling to silence at the end (raised cosines)."""
    gain = np.ones(count)
    fade_in = min(_count(FADE_IN_S), count // 2)
    fade_out = min(_count(min(max(count / RATE * FADE_OUT_SHARE, FADE_OUT_MIN_S), FADE_OUT_MAX_S)), count // 2)
    gain[:fade_in] = 0.5 - 0.5 * np.cos(np.linspace(0.0, np.pi, fade_in))
    gain[count - fade_out :] = 0.5 + 0.5 * np.cos(np.linspace(0.0, np.pi, fade_out))
    return gain


def finish(signal: Signal) -> Samples:
    """The signal faded in and out, its peak brought to `PEAK_DBFS`, as 16-bit samples."""
    faded = signal * _fades(len(signal))
    peak = float(np.max(np.abs(faded))) if len(faded) else 0.0
    scale = 10 ** (PEAK_DBFS / 20) * FULL_SCALE / peak if peak > 0 else 0.0
    return np.round(faded * scale).astype(np.int16)


def render(name: SoundName) -> Samples:
    """One sound's samples, the same on every run."""
    rng = np.random.default_rng([BASE_SEED, zlib.crc32(name.value.encode())])
    return finish(RECIPES[name](rng))


def write_wav(path: Path, samples: Samples) -> None:
    """`samples` as a 16-bit mono WAV file at `RATE`."""
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(SAMPLE_BYTES)
        out.setframerate(RATE)
        out.writeframes(samples.astype("<i2").tobytes())


def read_wav(path: Path) -> tuple[int, Samples]:
    """A 16-bit mono WAV file's sample rate and samples. :raises ValueError: for any other kind of file."""
    with wave.open(str(path), "rb") as source:
        if source.getnchannels() != 1 or source.getsampwidth() != SAMPLE_BYTES:
            raise ValueError(f"{path.name} is not a 16-bit mono WAV file")
        frames = source.readframes(source.getnframes())
        return source.getframerate(), np.frombuffer(frames, dtype="<i2").astype(np.int16)


def generate(out_dir: Path) -> list[Path]:
    """Write every sound as `<name>.wav` into `out_dir` (made if missing); returns the paths."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for name in SoundName:
        path = sound_path(out_dir, name)
        write_wav(path, render(name))
        written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    """`python -m canasta.ui.look.soundgen [--out DIR]`: write the sound files (default: `assets/sounds/`)."""
    parser = argparse.ArgumentParser(prog="python -m canasta.ui.look.soundgen", description="Make the sound effects.")
    parser.add_argument("--out", type=Path, help="folder for the WAV files (default: assets/sounds)")
    args = parser.parse_args(argv)
    folder: Path = args.out if args.out is not None else sounds_dir()
    written = generate(folder)
    print(f"{len(written)} sounds in {folder}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
