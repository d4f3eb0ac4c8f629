"""The house rules' values (docs/rules.md, "House rules"; docs/engine.md, "The family of games"): one enum per
option that takes one of a few values, the player counts, and the games of the family (`Variant`)."""

from __future__ import annotations

import enum

PLAYER_COUNTS = (2, 3, 4, 6)
ROUNDS = 4  # a game of Hand and Foot plays four rounds (by default)


class RedThreesNegativeIf(enum.StrEnum):
    NO_MELD = "no_meld"
    NO_CANASTA = "no_canasta"
    FEWER_THAN_2_CANASTAS = "fewer_than_2_canastas"  # Samba, Bolivia


class WildLimit(enum.StrEnum):
    MAX3 = "max3"
    NOT_MORE_THAN_NATURALS = "not_more_than_naturals"
    NATURALS_MAJORITY = "naturals_majority"
    MAX2 = "max2"  # Samba, Bolivia: the shape's two
    TWICE_NATURALS = "twice_naturals"  # Samba: at most two, and at least twice as many naturals
    UNLIMITED = "unlimited"  # Bolivia: only the two naturals every group needs


class UpcardBlackThree(enum.StrEnum):
    STAYS = "stays"
    COVER = "cover"
    COVER_AND_FREEZE = "cover_and_freeze"


class UpcardSpecials(enum.StrEnum):
    BURY_IN_PILE = "bury_in_pile"
    STOCK_BOTTOM = "stock_bottom"


class BlackThreeDiscard(enum.StrEnum):
    STOP_NEXT_PLAYER = "stop_next_player"
    FREEZE_PILE = "freeze_pile"


class ConcealedMinimum(enum.StrEnum):
    EXEMPT_AFTER_STOCK_DRAW = "exempt_after_stock_draw"
    ALWAYS = "always"


class AskPartner(enum.StrEnum):
    OPTIONAL = "optional"
    OFF = "off"
    REQUIRED = "required"


class AskPartnerTiming(enum.StrEnum):
    BEFORE_FIRST_MELD_OF_TURN = "before_first_meld_of_turn"
    ANY_TIME_BEFORE_GOING_OUT = "any_time_before_going_out"


class StockExhausted(enum.StrEnum):
    CONTINUE_FORCED_TAKE = "continue_forced_take"
    END_AFTER_LAST_DISCARD = "end_after_last_discard"


class LastCardRedThree(enum.StrEnum):
    END_NO_MELD = "end_no_meld"
    END_MAY_MELD = "end_may_meld"


class Tie(enum.StrEnum):
    PLAY_ANOTHER_HAND = "play_another_hand"
    RAISE_TARGET_500 = "raise_target_500"
    SHARED_WIN = "shared_win"


class ThreePlayerMode(enum.StrEnum):
    INDIVIDUAL = "individual"
    CUTTHROAT = "cutthroat"


class FirstDealer(enum.StrEnum):
    RANDOM = "random"
    CUT_HIGH = "cut_high"
    CUT_LOW = "cut_low"


class Variant(enum.StrEnum):
    """The game of the family being played (docs/engine.md, "The family of games")."""

    CLASSIC = "classic"
    SAMBA = "samba"
    BOLIVIA = "bolivia"
    HAND_AND_FOOT = "hand_and_foot"
    MODERN_AMERICAN = "modern_american"
    CUBAN = "cuban"
    PENNIES_FROM_HEAVEN = "pennies_from_heaven"


class Packs(enum.StrEnum):
    """Hand and Foot: how many packs, by the player count."""

    PLAYERS_PLUS_1 = "players_plus_1"
    PLAYERS_PLUS_2 = "players_plus_2"


class ClosedBooks(enum.StrEnum):
    """Hand and Foot: what a book of seven takes (natural cards only, or nothing more)."""

    NATURALS_ONLY = "naturals_only"
    NO_ADDITIONS = "no_additions"


class GameEnd(enum.StrEnum):
    """How a game ends: at the target score (classic, Samba, Bolivia), or after four rounds (Hand and Foot)."""

    TARGET = "target"
    ROUNDS_4 = "rounds_4"


class SixPlayerSides(enum.StrEnum):
    """Hand and Foot with six: two sides of three (partners two seats apart) or three sides of two (opposite)."""

    TWO_OF_THREE = "two_of_three"
    THREE_OF_TWO = "three_of_two"

    @classmethod
    def _missing_(cls, value: object) -> SixPlayerSides | None:
        """Pennies from Heaven's words for the same choice: `2x3` and `3x2` (docs/formats.md)."""
        return _SIDES_WORDS.get(str(value))


class FootAfterDiscard(enum.StrEnum):
    """Hand and Foot: a player who empties his hand by discarding picks up his foot and plays it from his next
    turn, or at once (melding, then discarding again, in the same turn)."""

    NEXT_TURN = "next_turn"
    AT_ONCE = "at_once"


class GoingOut(enum.StrEnum):
    """Hand and Foot: how a player may go out (by melding every card, by a last discard, or either)."""

    EITHER = "either"
    MUST_DISCARD = "must_discard"
    MUST_MELD = "must_meld"


class RedThrees(enum.StrEnum):
    """Hand and Foot: red threes laid out for 100 each (-500 if still held at the end), or never laid out and
    -500 each if still held (they may be discarded)."""

    BONUS_100 = "bonus_100"
    PENALTY_500 = "penalty_500"


class InitialMeldNeeds(enum.StrEnum):
    """Modern American: what the initial-meld step must hold besides the minimum: a clean triple (three or more
    natural cards of a rank, no wild card), or by Pagat's reading a wild meld of three or more instead."""

    CLEAN_TRIPLE = "clean_triple"
    CLEAN_TRIPLE_OR_WILD_MELD = "clean_triple_or_wild_meld"


class SpecialHands(enum.StrEnum):
    """Modern American: which special hands of fourteen cards may be declared (the League's list, Pagat's, none)."""

    CLA = "cla"
    PAGAT = "pagat"
    OFF = "off"


class BlackThrees(enum.StrEnum):
    """Cuban Canasta: black threes found in a taken pile are set aside for 5 each (100 for all four), barred as
    discards in the first round; or, by the other reading, laid out and replaced as they come like red threes and
    scored on the red threes' table with their sign."""

    SET_ASIDE = "set_aside"
    BONUS = "bonus"


_SIDES_WORDS = {"2x3": SixPlayerSides.TWO_OF_THREE, "3x2": SixPlayerSides.THREE_OF_TWO}


class PacketTiming(enum.StrEnum):
    """Pennies from Heaven: a player takes up his packet at once, in the step that completes his first canasta, or
    at the start of his next turn."""

    AT_ONCE = "at_once"
    NEXT_TURN = "next_turn"


class SevensWild(enum.StrEnum):
    """Pennies from Heaven: whether a meld of sevens may hold wild cards."""

    ALLOWED = "allowed"
    NONE = "none"


class SevensUnlock(enum.StrEnum):
    """Pennies from Heaven: sevens may be discarded once every side, or once the player's own side, has completed a
    canasta of sevens."""

    EVERY_SIDE = "every_side"
    OWN_SIDE = "own_side"


class MinimumTable(enum.StrEnum):
    """A game's initial-meld minimums named as a table: Pennies from Heaven's own (15/50/90/120/150 from below 0, 0,
    500, 1000, 1500) or the standard table with 150 from 1500 (15/50/150); Cuban Canasta's (15/50/90/120/150 from
    below 0, 0, 1500, 3000, 5000) or Joker Canasta's (100 below 3000, 130 from 3000, 150 from 5000)."""

    PENNIES = "pennies"
    STANDARD_150 = "standard_150"
    CUBAN = "cuban"
    JOKER = "joker"


class UnplayedPacket(enum.StrEnum):
    """Pennies from Heaven: a packet still face down at the end counts its cards against its side, or nothing."""

    MINUS = "minus"
    ZERO = "zero"
