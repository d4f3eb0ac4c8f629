"""`canasta replay FILE`: play an exported game record back and print each hand's result and the final scores.

The record is dealt again from its seed and every action is applied through the engine, so a file that was
changed or damaged is refused (with a message, exit status 1) rather than played differently.
"""

from __future__ import annotations

from pathlib import Path
from typing import TextIO

from canasta.engine.match import Match
from canasta.engine.rules import ROUNDS, GameEnd, Rules
from canasta.i18n import _, ngettext
from canasta.storage.files import NotAFileError, as_damage
from canasta.storage.record import GameRecord, read_record_file, replay


def run_replay(path: Path, out: TextIO, err: TextIO) -> int:
    """Replay the record in `path`; 0 when it plays back, 1 (with the reason on `err`) when it cannot."""
    try:
        record = read_record_file(path)
        match = replay(record).match
    except OSError as error:
        print(_("canasta replay: cannot read {path} ({reason})").format(path=path, reason=error.strerror or error),
              file=err)  # fmt: skip
        return 1
    except NotAFileError as error:
        print(_("canasta replay: cannot read {path} ({reason})").format(path=path, reason=error), file=err)
        return 1
    except Exception as error:  # whatever is wrong in the record, it is only a damaged record
        print(_("canasta replay: {path} is damaged or is not a game record: {reason}").format(path=path,
              reason=as_damage(error)), file=err)  # fmt: skip
        return 1
    for line in replay_lines(record, match):
        print(line, file=out)
    return 0


def replay_lines(record: GameRecord, match: Match) -> list[str]:
    """The header, one line per finished hand, and the final scores (or where an unfinished game stands)."""
    rules = record.rules
    lines = [_header(record)]
    for number, hand in enumerate(match.hands, start=1):
        parts = "; ".join(
            _("{side}: {points:+d} (total {total})").format(
                side=side_name(rules, index), points=side.total, total=hand.totals[index]
            )
            for index, side in enumerate(hand.breakdown)
        )
        out = _("nobody went out") if hand.out is None else _("seat {seat} went out").format(seat=hand.out + 1)
        heading = _("Round {number}: {out}; {parts}") if plays_rounds(rules) else _("Hand {number}: {out}; {parts}")
        lines.append(heading.format(number=number, out=out, parts=parts))
    scores = ", ".join(f"{side_name(rules, index)} {score}" for index, score in enumerate(match.scores))
    if match.over:
        winners = ", ".join(side_name(rules, index) for index in match.winners)
        lines.append(_("Final scores: {scores}. Won by {winners}.").format(scores=scores, winners=winners))
    else:
        lines.append(_("The game was not finished; the scores stand at {scores}.").format(scores=scores))
    return lines


def _header(record: GameRecord) -> str:
    """The game, how it ends (its target, or in Hand and Foot after its rounds) and what the record holds."""
    rules, count = record.rules, len(record.hands)
    if not plays_rounds(rules):
        return ngettext(
            "Canasta, {players} players, to {target} (deal number {seed}), {hands} hand recorded.",
            "Canasta, {players} players, to {target} (deal number {seed}), {hands} hands recorded.",
            count,
        ).format(players=rules.players, target=rules.target_score, seed=record.seed, hands=count)
    if rules.game_end is GameEnd.ROUNDS_4:
        text = ngettext(
            "Canasta, {players} players, {rounds} rounds (deal number {seed}), {count} round recorded.",
            "Canasta, {players} players, {rounds} rounds (deal number {seed}), {count} rounds recorded.",
            count,
        )
    else:
        text = ngettext(
            "Canasta, {players} players, to {target} (deal number {seed}), {count} round recorded.",
            "Canasta, {players} players, to {target} (deal number {seed}), {count} rounds recorded.",
            count,
        )
    return text.format(players=rules.players, rounds=ROUNDS, target=rules.target_score, seed=record.seed, count=count)


def plays_rounds(rules: Rules) -> bool:
    """Whether the game's hands are rounds, as Hand and Foot's are: a round has a first-meld minimum of its own."""
    return bool(rules.shape.round_minimums)


def side_name(rules: Rules, index: int) -> str:
    """A side's name: "player 2" with two or three players, "side 1 (seats 1 and 3)" with partners."""
    if rules.players in (2, 3):
        return _("player {number}").format(number=index + 1)
    seats = ", ".join(str(seat + 1) for seat in rules.shape.sides[index])
    return _("side {number} (seats {seats})").format(number=index + 1, seats=seats)
