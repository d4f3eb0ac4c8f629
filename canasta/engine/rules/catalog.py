"""What the rest of the program needs to know about each game beyond its shape, as one row per game: what its
canastas of each kind are called, the targets a new game offers, the figures its statistics show, and how the
computer players judge it. Adding a game adds a row here (and its shape in `canasta.engine.rules.games`); no
code outside this package asks which game it is.

Also the answers every game's shape gives alike: the player counts a game is played by, whether it plays
rounds (Hand and Foot's words for its hands) and the game a new player starts with."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from canasta.engine.rules.games import shape_for
from canasta.engine.rules.options import PLAYER_COUNTS, Variant
from canasta.engine.rules.shape import Shape

DEFAULT_GAME = Variant.CLASSIC  # the game a new player starts with, and the one the first files knew alone


class CanastaName(enum.StrEnum):
    """What a game calls a canasta of a kind that is not a group (a sequence, wild cards alone)."""

    SAMBA = "samba"  # Samba's sequence canasta
    ESCALERA = "escalera"  # Bolivia's sequence canasta
    BOLIVIA = "bolivia"  # Bolivia's canasta of wild cards
    WILD_BOOK = "wild_book"  # Hand and Foot's book of wild cards (by the house rule `wild_books`)


class Figure(enum.StrEnum):
    """A line of the statistics screen. Its words follow the game's shape (hands or rounds, canastas or books);
    `WILD_CANASTAS_IF_ANY` is shown only once one was made (a game where a house rule allows them)."""

    GAMES_PLAYED = "games_played"
    GAMES_WON = "games_won"
    CURRENT_STREAK = "current_streak"
    BEST_STREAK = "best_streak"
    HANDS_PLAYED = "hands_played"
    AVERAGE_PER_HAND = "average_per_hand"
    BEST_HAND = "best_hand"
    NATURAL_CANASTAS = "natural_canastas"
    MIXED_CANASTAS = "mixed_canastas"
    SEQUENCE_CANASTAS = "sequence_canastas"
    WILD_CANASTAS = "wild_canastas"
    WILD_CANASTAS_IF_ANY = "wild_canastas_if_any"
    FEET_PICKED_UP = "feet_picked_up"  # with its share of the hands played
    WENT_OUT = "went_out"
    WENT_OUT_SHARE = "went_out_share"  # with its share of the hands played
    WENT_OUT_CONCEALED = "went_out_concealed"


class Judgment(enum.StrEnum):
    """How the computer players and the coach judge a game: `COUNTING` adds the judgment calls worked out for
    classic's play (counting a rank's copies in sight, keeping groups in hand to take the pile with, weighing one
    more round before going out); `PLAIN` keeps to the calls every game shares (docs/computer-players.md)."""

    COUNTING = "counting"
    PLAIN = "plain"


_OPENING = (Figure.GAMES_PLAYED, Figure.GAMES_WON, Figure.CURRENT_STREAK, Figure.BEST_STREAK, Figure.HANDS_PLAYED,
            Figure.AVERAGE_PER_HAND, Figure.BEST_HAND, Figure.NATURAL_CANASTAS, Figure.MIXED_CANASTAS)  # fmt: skip
_GOING_OUT = (Figure.WENT_OUT, Figure.WENT_OUT_CONCEALED)
_FAMILY_TARGETS = (0, 3000, 5000, 7500, 10_000, 15_000, 20_000)  # Samba's and Bolivia's (their usual is higher)


@dataclass(frozen=True, slots=True)
class GameFacts:
    """One game's row. `targets` are the targets a new game offers (0: the usual one, or where the game ends
    after its rounds, those rounds); `figures` the lines of its statistics, in order."""

    targets: tuple[int, ...]
    figures: tuple[Figure, ...]
    judgment: Judgment = Judgment.PLAIN
    sequence_canasta: CanastaName | None = None
    wild_canasta: CanastaName | None = None


_FACTS: dict[Variant, GameFacts] = {
    Variant.CLASSIC: GameFacts(
        targets=(0, 1000, 2000, 3000, 5000, 7500, 10_000),
        figures=(*_OPENING, *_GOING_OUT),
        judgment=Judgment.COUNTING,
    ),
    Variant.SAMBA: GameFacts(
        targets=_FAMILY_TARGETS,
        figures=(*_OPENING, Figure.SEQUENCE_CANASTAS, *_GOING_OUT),
        sequence_canasta=CanastaName.SAMBA,
    ),
    Variant.BOLIVIA: GameFacts(
        targets=_FAMILY_TARGETS,
        figures=(*_OPENING, Figure.SEQUENCE_CANASTAS, Figure.WILD_CANASTAS, *_GOING_OUT),
        sequence_canasta=CanastaName.ESCALERA,
        wild_canasta=CanastaName.BOLIVIA,
    ),
    Variant.HAND_AND_FOOT: GameFacts(
        targets=(0, 10_000, 20_000),  # 0: four rounds; a target plays rounds until a side reaches it
        figures=(*_OPENING, Figure.WILD_CANASTAS_IF_ANY, Figure.FEET_PICKED_UP, Figure.WENT_OUT_SHARE),
        wild_canasta=CanastaName.WILD_BOOK,
    ),
    Variant.MODERN_AMERICAN: GameFacts(
        targets=(0, 5000, 10_000),  # 0: its usual 8500
        figures=(*_OPENING, Figure.WILD_CANASTAS, Figure.WENT_OUT),
    ),
    Variant.CUBAN: GameFacts(
        targets=(0, 8500),  # 0: the usual 7500; the rules take no other target (docs/variants.md)
        figures=(*_OPENING, Figure.WILD_CANASTAS_IF_ANY, Figure.WENT_OUT),  # no concealed bonus by default
    ),
    Variant.PENNIES_FROM_HEAVEN: GameFacts(
        targets=(0, 10_000, 15_000, 20_000),  # 0: the usual 20,000
        figures=(*_OPENING, Figure.WILD_CANASTAS, *_GOING_OUT),
    ),
}

OTHER_GAMES: tuple[Variant, ...] = tuple(game for game in Variant if game is not DEFAULT_GAME)


def game_facts(variant: Variant) -> GameFacts:
    """The row of `variant`."""
    return _FACTS[variant]


def player_counts(variant: Variant) -> tuple[int, ...]:
    """The player counts `variant` is played by (those it has a shape for), fewest first."""
    return tuple(players for players in PLAYER_COUNTS if _plays(variant, players))


def _plays(variant: Variant, players: int) -> bool:
    try:
        shape_for(variant, players)
    except ValueError:
        return False
    return True


def usual_shape(variant: Variant) -> Shape:
    """The shape of `variant` at the fewest players it is played by, for what every count of it shares (its kinds
    of meld, its words, whether it plays rounds) where no player count is chosen."""
    return shape_for(variant, player_counts(variant)[0])


def plays_rounds(shape: Shape) -> bool:
    """Whether the game's hands are rounds, each with a first-meld minimum of its own (Hand and Foot): its
    texts say round where others say hand."""
    return bool(shape.round_minimums)
