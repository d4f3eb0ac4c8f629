"""Sound: the committed files are what the generator makes and sound as promised; every event has its sound;
the board plays them, and stays silent without failing where there is no audio.

tests/conftest.py sets SDL_AUDIODRIVER=dummy: the mixer opens on a device that plays into nothing.
"""

from __future__ import annotations

import logging
import typing
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pygame
import pytest

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
from canasta.engine.melds import count_canastas
from canasta.engine.rules import Rules, ThreePlayerMode, Variant
from canasta.engine.special_hands import SpecialHand
from canasta.engine.views import view_for
from canasta.ui.look.assets import assets_dir
from canasta.ui.look.sound import (
    OTHERS_GAIN,
    RATE,
    Cue,
    MeldCount,
    MeldTally,
    SoundBoard,
    SoundName,
    cue_for,
    sound_path,
    sounds_dir,
)
from canasta.ui.look.soundgen import PEAK_DBFS, generate, main, max_length_s, note, read_wav, render, write_wav
from tests.play import played_states

REGENERATE = "python -m canasta.ui.look.soundgen"
TOLERANCE_LSB = 2  # float rounding may differ between platforms; the sound may not
MIN_LENGTH_S = 0.05
EDGE_LIMIT = 0.005 * 32_768  # the first and last samples, as a share of full scale: no clicks


def cards(text: str) -> tuple[Card, ...]:
    """Cards from notation, "KH KS 2C"; a repeated card is its second copy."""
    seen: list[Card] = []
    for word in text.split():
        seen.append(Card.parse(word, copy=sum(1 for card in seen if card.text == word)))
    return tuple(seen)


def committed(name: SoundName) -> np.ndarray[typing.Any, np.dtype[np.int16]]:
    rate, samples = read_wav(sound_path(sounds_dir(), name))
    assert rate == RATE
    return samples


# --- the files --------------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def regenerated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every sound made afresh into a temporary folder, as the command line does."""
    folder = tmp_path_factory.mktemp("sounds")
    generate(folder)
    return folder


def test_sounds_live_under_the_assets_folder_with_a_readme() -> None:
    assert sounds_dir() == assets_dir() / "sounds"
    readme = (sounds_dir() / "README.md").read_text(encoding="utf-8")
    assert REGENERATE in readme and "licence" in readme


def test_every_sound_has_a_committed_file_and_nothing_else_is_there() -> None:
    on_disk = sorted(path.stem for path in sounds_dir().glob("*.wav"))
    assert on_disk == sorted(name.value for name in SoundName)
    assert len({name.value for name in SoundName}) == len(SoundName) == 16


@pytest.mark.parametrize("name", list(SoundName), ids=lambda name: name.value)
def test_committed_sounds_are_what_the_generator_makes(name: SoundName, regenerated: Path) -> None:
    """Sounds change only through canasta.ui.look.soundgen: regenerating gives the committed samples.

    Samples are compared within a rounding's reach rather than bytes, so another platform's maths library
    cannot fail it; on one machine the bytes are identical (see the next test).
    """
    rate, fresh = read_wav(sound_path(regenerated, name))
    old = committed(name)
    assert rate == RATE
    assert len(fresh) == len(old), f"{name.value} changed length; run {REGENERATE}"
    difference = int(np.max(np.abs(fresh.astype(np.int32) - old.astype(np.int32))))
    assert difference <= TOLERANCE_LSB, f"{name.value} differs from what the generator makes; run {REGENERATE}"


def test_making_the_sounds_again_gives_the_same_bytes(regenerated: Path, tmp_path: Path) -> None:
    again = generate(tmp_path)
    assert [path.read_bytes() for path in again] == [sound_path(regenerated, name).read_bytes() for name in SoundName]


@pytest.mark.parametrize("name", list(SoundName), ids=lambda name: name.value)
def test_each_sound_is_short_normalised_and_starts_and_ends_in_silence(name: SoundName) -> None:
    samples = committed(name).astype(np.float64)
    length_s = len(samples) / RATE
    assert MIN_LENGTH_S <= length_s <= max_length_s(name)
    peak_dbfs = 20 * np.log10(np.max(np.abs(samples)) / 32_768)
    assert abs(peak_dbfs - PEAK_DBFS) < 0.1
    edges = np.concatenate([samples[:3], samples[-3:]])
    assert np.max(np.abs(edges)) <= EDGE_LIMIT
    rms_dbfs = 20 * np.log10(np.sqrt(np.mean(samples**2)) / 32_768)
    assert rms_dbfs > -40, "not a near-silent file"


def test_card_sounds_are_short_and_fanfares_are_under_two_seconds() -> None:
    for name in (SoundName.DRAW, SoundName.DISCARD, SoundName.SHUFFLE, SoundName.REFUSED, SoundName.FROZEN):
        assert max_length_s(name) == 0.6
    for name in (SoundName.GAME_WON, SoundName.CANASTA_NATURAL, SoundName.HAND_LOST):
        assert max_length_s(name) == 2.0


def _centroid_hz(name: SoundName) -> float:
    """The spectrum's centre of mass: how bright a sound is."""
    magnitude = np.abs(np.fft.rfft(committed(name).astype(np.float64)))
    freqs = np.fft.rfftfreq(len(committed(name)), 1 / RATE)
    return float(np.sum(freqs * magnitude) / np.sum(magnitude))


def test_the_natural_canasta_sounds_brighter_than_the_mixed_one() -> None:
    assert not np.array_equal(committed(SoundName.CANASTA_NATURAL), committed(SoundName.CANASTA_MIXED))
    assert _centroid_hz(SoundName.CANASTA_NATURAL) > 1.2 * _centroid_hz(SoundName.CANASTA_MIXED)


def test_a_refusal_is_a_low_tone_and_card_sounds_are_noise() -> None:
    assert _centroid_hz(SoundName.REFUSED) < 600
    for name in (SoundName.DRAW, SoundName.SHUFFLE, SoundName.DEAL):
        assert _centroid_hz(name) > 1500


def test_notes_are_equal_tempered() -> None:
    assert note("A4") == 440.0
    assert note("A5") == pytest.approx(880.0)
    assert note("C5") == pytest.approx(523.251, abs=0.001)
    assert note("F#4") == pytest.approx(369.994, abs=0.001)
    assert note("Bb3") == pytest.approx(233.082, abs=0.001)


def test_render_is_repeatable() -> None:
    assert np.array_equal(render(SoundName.SHUFFLE), render(SoundName.SHUFFLE))
    assert not np.array_equal(render(SoundName.DRAW)[:1000], render(SoundName.DEAL)[:1000])


def test_only_16_bit_mono_files_are_read(tmp_path: Path) -> None:
    import wave

    path = tmp_path / "stereo.wav"
    with wave.open(str(path), "wb") as out:
        out.setnchannels(2)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(b"\0\0\0\0" * 10)
    with pytest.raises(ValueError, match="not a 16-bit mono"):
        read_wav(path)
    write_wav(tmp_path / "mono.wav", np.array([0, 5, -5, 0], dtype=np.int16))
    assert read_wav(tmp_path / "mono.wav")[1].tolist() == [0, 5, -5, 0]


def test_command_line_writes_every_sound(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--out", str(tmp_path / "out")]) == 0
    assert sorted(path.stem for path in (tmp_path / "out").glob("*.wav")) == sorted(n.value for n in SoundName)
    assert "16 sounds in" in capsys.readouterr().out


# --- which sound each event makes -------------------------------------------------------------------------------

FOUR = Rules.for_players(4)
KINGS_OF_SIX = MeldTally(FOUR, None, (MeldCount(0, Rank.KING, 6, 0),))  # side 0: seats 0 and 2


PAIRS = "4C 4D 5C 5D 6C 6D 8C 8D 9C 9D TC TD JC JD"  # a special hand laid down whole (Modern American)


@pytest.mark.parametrize(
    ("event", "expected"),
    [
        (DealEvent(0, ((), (), (), ()), cards("7D")), Cue((SoundName.SHUFFLE, SoundName.DEAL))),
        (DrawEvent(0, 2, cards("4C 9D")), Cue((SoundName.DRAW,))),
        (DrawEvent(1, 2, None), Cue((SoundName.DRAW,), OTHERS_GAIN)),
        (RedThreeEvent(3, Card.parse("3H")), Cue((SoundName.RED_THREE,))),
        (TakePileEvent(0, cards("4C 8S 8D"), cards("8H 8C")), Cue((SoundName.PILE_CAPTURE,))),
        (TakePileEvent(1, cards("8D"), cards("8H 8C")), Cue((SoundName.PILE_CAPTURE,), OTHERS_GAIN)),
        (MeldEvent(0, (cards("QH QS QD"),), ()), Cue((SoundName.MELD,))),
        (MeldEvent(1, (), ((Rank.ACE, cards("AH")),)), Cue((SoundName.MELD,), OTHERS_GAIN)),
        (CombineEvent(1, (0, 2)), Cue((SoundName.MELD,), OTHERS_GAIN)),
        (DiscardEvent(0, Card.parse("9C")), Cue((SoundName.DISCARD,))),
        (DiscardEvent(2, Card.parse("9C")), Cue((SoundName.DISCARD,), OTHERS_GAIN)),
        (DiscardEvent(1, Card.parse("2D")), Cue((SoundName.FROZEN,))),
        (DiscardEvent(0, Card.parse("JK")), Cue((SoundName.FROZEN,))),
        (DiscardEvent(3, Card.parse("3S")), Cue((SoundName.FROZEN,))),
        (HandOverEvent(2, concealed=False), Cue((SoundName.GOING_OUT,))),
        (HandOverEvent(None, concealed=False), None),
        (AskPartnerEvent(0), None),
        (AnswerEvent(2, yes=True), None),
        (LoneHandEvent(1), None),
        (PassEvent(1), None),
        (BlackThreesAsideEvent(1, cards("3S 3C")), None),
        (SpecialEvent(0, SpecialHand.PAIRS, cards(PAIRS)), Cue((SoundName.MELD,))),
        (SpecialEvent(1, SpecialHand.PAIRS, cards(PAIRS)), Cue((SoundName.MELD,), OTHERS_GAIN)),
    ],
    ids=lambda value: type(value).__name__,
)
def test_each_event_makes_its_sound(event: Event, expected: Cue | None) -> None:
    assert cue_for(event, human_seat=0) == expected
    assert cue_for(event, 0, MeldTally(FOUR)) == expected  # an empty table changes nothing here


def test_the_table_above_covers_every_kind_of_event() -> None:
    covered = {
        DealEvent, DrawEvent, RedThreeEvent, TakePileEvent, MeldEvent, CombineEvent, DiscardEvent, SpecialEvent,
        HandOverEvent,
    }  # fmt: skip
    silent = {AskPartnerEvent, AnswerEvent, LoneHandEvent, PassEvent, BlackThreesAsideEvent}
    assert covered | silent == set(typing.get_args(Event))


def test_the_seventh_card_makes_a_canasta_natural_or_mixed() -> None:
    natural = MeldEvent(0, (), ((Rank.KING, cards("KC")),))
    mixed = MeldEvent(0, (), ((Rank.KING, cards("2C")),))
    assert cue_for(natural, 0, KINGS_OF_SIX) == Cue((SoundName.CANASTA_NATURAL,))
    assert cue_for(mixed, 0, KINGS_OF_SIX) == Cue((SoundName.CANASTA_MIXED,))
    assert cue_for(natural, 0) == Cue((SoundName.MELD,)), "without a tally no canasta is heard"


def test_a_canasta_sounds_at_full_volume_whoever_makes_it() -> None:
    by_partner = MeldEvent(2, (), ((Rank.KING, cards("KC KD")),))
    assert cue_for(by_partner, 0, KINGS_OF_SIX) == Cue((SoundName.CANASTA_NATURAL,))
    by_opponent = MeldEvent(1, (), ((Rank.KING, cards("KC")),))  # side 1 has no kings: just a meld
    assert cue_for(by_opponent, 0, KINGS_OF_SIX) == Cue((SoundName.MELD,), OTHERS_GAIN)


def test_adding_to_a_finished_canasta_is_only_a_meld() -> None:
    tally = KINGS_OF_SIX.after(MeldEvent(0, (), ((Rank.KING, cards("KC")),)))
    assert tally.count(0, Rank.KING) == MeldCount(0, Rank.KING, 7, 0)
    assert cue_for(MeldEvent(2, (), ((Rank.KING, cards("KD")),)), 0, tally) == Cue((SoundName.MELD,), OTHERS_GAIN)


def test_a_canasta_laid_whole_or_made_by_taking_the_pile() -> None:
    whole = MeldEvent(0, (cards("9C 9D 9H 9S 9C 9D 2H"),), ())
    assert cue_for(whole, 0, MeldTally(FOUR)) == Cue((SoundName.CANASTA_MIXED,))
    take = TakePileEvent(0, cards("5C 4D KH"), cards("KS"))
    assert cue_for(take, 0, KINGS_OF_SIX) == Cue((SoundName.PILE_CAPTURE, SoundName.CANASTA_NATURAL))
    also = TakePileEvent(0, cards("5C 4D 8H"), cards("8S 8D"), (cards("KS"),))
    assert cue_for(also, 0, KINGS_OF_SIX) == Cue((SoundName.PILE_CAPTURE, SoundName.CANASTA_NATURAL))


def test_a_natural_canasta_wins_when_one_step_makes_two() -> None:
    tally = MeldTally(FOUR, None, (MeldCount(0, Rank.KING, 6, 1), MeldCount(0, Rank.ACE, 6, 0)))
    both = MeldEvent(0, (), ((Rank.KING, cards("KC")), (Rank.ACE, cards("AC"))))
    assert tally.canastas_made(both) == (False, True)
    assert cue_for(both, 0, tally) == Cue((SoundName.CANASTA_NATURAL,))


def test_a_deal_clears_the_tally_and_cutthroat_partners_share_their_melds() -> None:
    assert KINGS_OF_SIX.after(DealEvent(0, (), ())).counts == ()
    three = Rules.for_players(3, three_player_mode=ThreePlayerMode.CUTTHROAT)
    tally = MeldTally(three, None, (MeldCount(1, Rank.KING, 3, 0), MeldCount(2, Rank.KING, 3, 1)))
    combined = tally.after(LoneHandEvent(0))
    assert combined.lone_hand == 0
    assert combined.side(2) == combined.side(1)
    assert combined.count(combined.side(1), Rank.KING) == MeldCount(combined.side(1), Rank.KING, 6, 1)
    assert cue_for(MeldEvent(2, (), ((Rank.KING, cards("KD")),)), 2, combined) == Cue((SoundName.CANASTA_MIXED,))


@pytest.mark.parametrize("seed", range(8))
def test_the_tally_follows_real_play_exactly(seed: int) -> None:
    """Played hands (all player counts and house rules): after every action the tally knows every meld's size
    and wild cards, as the view shows them, and each canasta on the table was heard once."""
    states = list(played_states(seed))
    rules = states[0].rules
    tally, done, heard = MeldTally.of_view(view_for(states[0], 0)), len(states[0].seen[0]), 0
    for state in states[1:]:
        for event in state.seen[0][done:]:
            heard += len(tally.canastas_made(event))
            tally = tally.after(event)
        done = len(state.seen[0])
        expected = MeldTally.of_view(view_for(state, 0))
        assert sorted(tally.counts, key=repr) == sorted(expected.counts, key=repr)
    on_table = sum(count_canastas(melds, rules) for melds in states[-1].melds)
    assert heard <= on_table
    if not rules.cutthroat:  # cutthroat partners' melds may join into a canasta without anyone melding
        assert heard == on_table


@pytest.mark.parametrize(
    ("variant", "seed"), [(variant, seed) for variant in (Variant.SAMBA, Variant.BOLIVIA) for seed in range(4)]
)
def test_the_tally_follows_the_familys_melds_in_their_order(variant: Variant, seed: int) -> None:
    """Samba and Bolivia (several groups of a rank, sequences, wild melds, additions and takes by index, joined
    groups): after every action the tally holds each side's melds in the side's order, as the view shows them,
    and each canasta on the table was heard once."""
    states = list(played_states(seed, ("normal", "greedy"), variant))
    rules = states[0].rules
    tally, done, heard = MeldTally.of_view(view_for(states[0], 0)), len(states[0].seen[0]), 0
    for state in states[1:]:
        for event in state.seen[0][done:]:
            heard += len(tally.canastas_made(event))
            tally = tally.after(event)
        done = len(state.seen[0])
        expected = MeldTally.of_view(view_for(state, 0))
        for side in range(len(rules.shape.sides)):
            assert tally.melds(side) == expected.melds(side)
    assert heard == sum(count_canastas(melds, rules) for melds in states[-1].melds)


def test_joining_two_groups_into_seven_cards_is_heard_as_a_canasta() -> None:
    samba = Rules.for_players(4, variant=Variant.SAMBA)
    tally = MeldTally(samba, None, (MeldCount(0, Rank.KING, 4, 1), MeldCount(0, Rank.NINE, 3, 0),
                                    MeldCount(0, Rank.KING, 3, 0)))  # fmt: skip
    join = CombineEvent(0, (0, 2))
    assert tally.canastas_made(join) == (False,)
    assert cue_for(join, 0, tally) == Cue((SoundName.CANASTA_MIXED,))
    assert tally.after(join).melds(0) == [MeldCount(0, Rank.KING, 7, 1), MeldCount(0, Rank.NINE, 3, 0)]
    small = MeldTally(samba, None, (MeldCount(0, Rank.KING, 3, 0), MeldCount(0, Rank.KING, 3, 0)))
    assert cue_for(join := CombineEvent(2, (0, 1)), 0, small) == Cue((SoundName.MELD,), OTHERS_GAIN)
    assert small.after(join).melds(0) == [MeldCount(0, Rank.KING, 6, 0)]


def test_an_addition_by_index_reaches_the_second_group_of_a_rank() -> None:
    samba = Rules.for_players(4, variant=Variant.SAMBA)
    tally = MeldTally(samba, None, (MeldCount(0, Rank.KING, 3, 0), MeldCount(0, Rank.KING, 6, 0)))
    second = MeldEvent(0, (), (), ((1, cards("KC")),))
    assert cue_for(second, 0, tally) == Cue((SoundName.CANASTA_NATURAL,))
    first = MeldEvent(0, (), (), ((0, cards("KC")),))
    assert cue_for(first, 0, tally) == Cue((SoundName.MELD,))
    onto = TakePileEvent(0, cards("5C KD"), (), (), 1)
    assert tally.after(onto).melds(0)[1] == MeldCount(0, Rank.KING, 7, 0)
    pair = TakePileEvent(0, cards("5C KD"), cards("KS KH"))  # a natural pair: always a new group
    assert [count.cards for count in tally.after(pair).melds(0)] == [3, 6, 3]


def test_some_played_hand_makes_canastas_that_are_heard() -> None:
    """The test above can fail: its hands do make canastas."""
    last_states = [list(played_states(seed))[-1] for seed in range(8)]
    assert sum(count_canastas(melds, state.rules) for state in last_states for melds in state.melds) > 0


# --- the board ------------------------------------------------------------------------------------------------


@pytest.fixture
def closed_mixer() -> Iterator[None]:
    """Each board test opens the mixer itself, and leaves it closed."""
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


def _failing_init(*_args: object, **_kwargs: object) -> None:
    raise pygame.error("no audio device here")


@pytest.mark.usefixtures("closed_mixer")
def test_a_board_without_an_audio_device_is_silent_logs_once_and_never_fails(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(pygame.mixer, "init", _failing_init)
    with caplog.at_level(logging.WARNING, logger="canasta.ui.look.sound"):
        board = SoundBoard()
        assert board.silent and board.loaded() == frozenset()
        for name in SoundName:
            board.play(name)
        board.follow(view_for(next(played_states(1)), 0))
        board.play_for(DrawEvent(0, 1, None), 0)
        board.set_volume(30)
        board.set_muted(True)
        board.set_muted(False)
        board.close()
    messages = [record.getMessage() for record in caplog.records]
    assert len(messages) == 1 and "no audio device here" in messages[0] and "silently" in messages[0]
    assert board.volume == 30


@pytest.mark.usefixtures("closed_mixer")
def test_with_the_dummy_driver_every_sound_loads_and_plays() -> None:
    board = SoundBoard()
    assert not board.silent
    assert board.loaded() == frozenset(SoundName)
    board.play(SoundName.GAME_WON)  # the longest sound: still playing when asked
    assert pygame.mixer.get_busy()
    board.set_muted(True)
    assert not pygame.mixer.get_busy(), "muting stops what plays"
    board.play(SoundName.DRAW)
    assert not pygame.mixer.get_busy()
    board.set_muted(False)
    board.set_volume(0)
    board.play(SoundName.DRAW)
    assert not pygame.mixer.get_busy()
    board.close()
    assert board.loaded() == frozenset() and not pygame.mixer.get_init()


@pytest.mark.usefixtures("closed_mixer")
def test_volume_is_clamped_and_mute_keeps_it() -> None:
    board = SoundBoard(volume=250)
    assert board.volume == 100
    board.set_volume(-5)
    assert board.volume == 0
    board.set_volume(40)
    board.set_muted(True)
    assert (board.muted, board.volume) == (True, 40)
    board.set_muted(False)
    assert (board.muted, board.volume) == (False, 40)
    board.close()


@pytest.mark.usefixtures("closed_mixer")
def test_the_board_turns_its_sounds_down_to_the_volume() -> None:
    board = SoundBoard(volume=40)
    assert set(board.levels()) == set(SoundName)
    assert all(level == pytest.approx(0.4, abs=0.01) for level in board.levels().values())
    board.set_muted(True)
    assert set(board.levels().values()) == {0.0}
    board.set_muted(False)
    board.set_volume(101)
    assert set(board.levels().values()) == {1.0}
    board.close()


@pytest.mark.usefixtures("closed_mixer")
def test_others_are_quieter_on_their_channel() -> None:
    board = SoundBoard()
    board.play_for(DrawEvent(1, 1, None), human_seat=0)
    channels = [pygame.mixer.Channel(i) for i in range(pygame.mixer.get_num_channels())]
    volumes = [round(channel.get_volume(), 1) for channel in channels]  # a channel keeps its volume after playing
    assert sorted(volumes) == [OTHERS_GAIN] + [1.0] * (len(channels) - 1)
    board.close()


@pytest.mark.usefixtures("closed_mixer")
def test_a_missing_or_damaged_file_silences_only_that_sound(
    tmp_path: Path, regenerated: Path, caplog: pytest.LogCaptureFixture
) -> None:
    for name in SoundName:
        if name is not SoundName.DRAW:
            sound_path(tmp_path, name).write_bytes(sound_path(regenerated, name).read_bytes())
    sound_path(tmp_path, SoundName.MELD).write_bytes(b"RIFF, but not really")
    with caplog.at_level(logging.WARNING, logger="canasta.ui.look.sound"):
        board = SoundBoard(tmp_path)
    assert board.loaded() == frozenset(SoundName) - {SoundName.DRAW, SoundName.MELD}
    assert len(caplog.records) == 1 and "draw, meld" in caplog.records[0].getMessage()
    board.play(SoundName.DRAW)  # nothing to play, and no error
    board.close()


@pytest.mark.usefixtures("closed_mixer")
def test_the_board_follows_the_table_to_hear_canastas(monkeypatch: pytest.MonkeyPatch) -> None:
    board = SoundBoard()
    heard: list[Cue] = []
    monkeypatch.setattr(board, "play_cue", heard.append)
    state = next(played_states(5))  # four players, nothing melded yet
    board.follow(view_for(state, 0))
    board.play_for(MeldEvent(0, (cards("KH KS KD KC"),), ()), 0)
    board.play_for(MeldEvent(2, (), ((Rank.KING, cards("KH KS")),)), 0)
    board.play_for(MeldEvent(0, (), ((Rank.KING, cards("JK")),)), 0)
    board.play_for(PassEvent(0), 0)
    assert heard == [Cue((SoundName.MELD,)), Cue((SoundName.MELD,), OTHERS_GAIN), Cue((SoundName.CANASTA_MIXED,))]
    board.close()


@pytest.mark.usefixtures("closed_mixer")
def test_the_human_seat_comes_from_the_view_followed(monkeypatch: pytest.MonkeyPatch) -> None:
    board = SoundBoard()
    heard: list[Cue] = []
    monkeypatch.setattr(board, "play_cue", heard.append)
    board.play_for(DrawEvent(1, 1, None))  # nothing followed yet: every seat sounds as the human's
    state = next(played_states(5))
    board.follow(view_for(state, 1))
    board.play_for(DrawEvent(1, 1, None))
    board.play_for(DrawEvent(0, 1, None))
    board.play_for(DrawEvent(0, 1, None), human_seat=0)
    full, quiet = Cue((SoundName.DRAW,)), Cue((SoundName.DRAW,), OTHERS_GAIN)
    assert heard == [full, full, quiet, full]
    board.close()
