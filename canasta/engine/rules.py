"""The rules object: the player count, every house rule (docs/rules.md, "House rules"), and the game's shape as data."""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass, field
from typing import Any

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


class MeldKind(enum.StrEnum):
    """Kinds of meld: cards of one rank (classic has only these), a run of one suit, wild cards alone."""

    GROUP = "group"
    SEQUENCE = "sequence"
    WILD = "wild"


class PileRule(enum.StrEnum):
    """How the discard pile may be taken (`canasta.engine.pile_rules` holds one small function for each).

    `PAIR_WHEN_FROZEN`: a frozen pile needs a natural pair of the top card's rank; an open one also a natural
    card and wild cards, or the top card alone onto the side's group of its rank, as the house rules allow.
    `PAIR_OR_UNFINISHED_MELD`: always a natural pair, frozen or not (never one natural with wild cards, never
    cards that make a sequence with the top card); otherwise the top card alone onto a group or sequence of the
    side that is not yet a canasta, while the pile is not frozen.
    `PAIR_ALWAYS`: the pile is never frozen, and always a natural pair of the top card's rank (or one natural
    card and a wild card, by the house rule) is melded with it; the top card never goes alone onto a meld."""

    PAIR_WHEN_FROZEN = "pair_when_frozen"
    PAIR_OR_UNFINISHED_MELD = "pair_or_unfinished_meld"
    PAIR_ALWAYS = "pair_always"


class MeldNaming(enum.StrEnum):
    """How actions and positions name a side's melds: by rank (every meld a group, one group per rank; the
    position format `/1`), or by index (melds of several kinds, or several groups of a rank, or a game written
    in the format `/2`, whose melds carry their kind)."""

    BY_RANK = "by_rank"
    BY_INDEX = "by_index"


_GROUPS_ONLY = frozenset({MeldKind.GROUP})


@dataclass(frozen=True, slots=True)
class Shape:
    """The game's shape as data: what a variant (Samba, Hand and Foot, ...) would change.

    `sides` lists the seats of each scoring side (the meld areas); `minimums` lists (from score, minimum)
    steps in rising order; `red_three_bonus[n]` is the bonus for n red threes.

    The family's fields (their defaults are classic's): `max_wilds` is the most wild cards in a group;
    `max_group_size` caps a group (None: no cap); `run_size` is the most cards of a sequence or a wild meld
    (at that size it is a canasta and closed); `groups_per_rank` is how many groups of one rank a side may
    hold (None: any number, and new groups never merge with old ones); `wilds_after_canasta` says whether a
    group of `canasta_size` cards still takes wild cards; `natural_canasta_bonus` and `mixed_canasta_bonus`
    are also Hand and Foot's clean and dirty books; `sequence_bonus` and `wild_canasta_bonus` are the bonuses of
    a sequence canasta (a samba, an escalera) and of a wild canasta (a bolivia); `going_out_needs_sequence`
    asks for a sequence canasta among those needed to go out; `books_to_go_out` is the (clean, dirty) group
    canastas a side needs to go out (Hand and Foot's books; none in classic); `foot_size` and `round_minimums`
    are Hand and Foot's feet and its first-meld minimum by round; `target` is the score that ends a game by
    default; `pile_rule` picks how the pile may be taken; `concealed_exemption` says whether a concealed going
    out after a stock draw may skip the first-meld minimum (classic's house rule; never in Samba).
    `meld_naming` says how actions and positions name melds: by rank where every meld is a group, one per rank
    (else by index, whatever it says; `names_by_rank`).
    `threes_meld` says whether black threes may be melded (going out; never in Hand and Foot);
    `upcard_to_bottom` sends every wild card and three turned as the upcard to the bottom of the stock (Hand and
    Foot); `pile_take_count` is how many cards a take moves from the top of the pile (0: the whole pile).
    `books` says that the game calls its canastas books (Hand and Foot), so its texts do too.
    `red_threes_may_count_against` says whether red threes count against a side that has not melded (or, by the
    house rule, lacks canastas); never in Hand and Foot. `held_red_three` is what a red three still held at the
    end counts against its side (0 where every red three is laid out as it comes: only Hand and Foot's hands and
    feet hold one).
    """

    packs: int
    jokers_per_pack: int
    cards_dealt: int
    draw_count: int
    sides: tuple[tuple[int, ...], ...]
    meld_kinds: frozenset[MeldKind]
    canasta_size: int
    natural_canasta_bonus: int
    mixed_canasta_bonus: int
    going_out_bonus: int
    concealed_going_out_bonus: int
    red_three_bonus: tuple[int, ...]
    minimums: tuple[tuple[int, int], ...]
    max_wilds: int = 3
    max_group_size: int | None = None
    run_size: int = 7
    groups_per_rank: int | None = 1
    wilds_after_canasta: bool = True
    sequence_bonus: int = 0
    wild_canasta_bonus: int = 0
    going_out_needs_sequence: bool = False
    books_to_go_out: tuple[int, int] = (0, 0)
    pile_rule: PileRule = PileRule.PAIR_WHEN_FROZEN
    concealed_exemption: bool = True
    foot_size: int = 0
    round_minimums: tuple[int, ...] = ()
    target: int = 5000
    threes_meld: bool = True
    upcard_to_bottom: bool = False
    pile_take_count: int = 0
    books: bool = False
    meld_naming: MeldNaming = MeldNaming.BY_RANK
    red_threes_may_count_against: bool = True
    held_red_three: int = 0

    @property
    def names_by_rank(self) -> bool:
        """Whether actions and positions name melds by rank (`/1`): every meld a group, one group per rank.

        It also orders a pile take's new melds: by rank, the top card's meld goes after the other new melds the
        take shows (where one of them is of its rank, in that one's place); by index, they go in the order
        written, the top card's first (so that later actions name them by index as docs/formats.md says)."""
        return self.meld_naming is MeldNaming.BY_RANK and self.meld_kinds == _GROUPS_ONLY and self.groups_per_rank == 1

    @property
    def deck_size(self) -> int:
        return self.packs * (52 + self.jokers_per_pack)

    @property
    def seat_side(self) -> tuple[int, ...]:
        """The side of each seat, by seat."""
        return tuple(next(i for i, seats in enumerate(self.sides) if seat in seats) for seat in range(self.players))

    @property
    def players(self) -> int:
        return sum(len(seats) for seats in self.sides)


_MINIMUMS = ((-(10**9), 15), (0, 50), (1500, 90), (3000, 120))
_TWO_PACK_RED_THREES = (0, 100, 200, 300, 800)
_THREE_PACK_RED_THREES = (0, 100, 200, 300, 400, 1000, 1200)


def _shape(players: int, draw_count: int, cards_dealt: int, sides: tuple[tuple[int, ...], ...]) -> Shape:
    six = players == 6
    return Shape(
        packs=3 if six else 2,
        jokers_per_pack=2,
        cards_dealt=cards_dealt,
        draw_count=draw_count,
        sides=sides,
        meld_kinds=_GROUPS_ONLY,
        canasta_size=7,
        natural_canasta_bonus=500,
        mixed_canasta_bonus=300,
        going_out_bonus=100,
        concealed_going_out_bonus=200,
        red_three_bonus=_THREE_PACK_RED_THREES if six else _TWO_PACK_RED_THREES,
        minimums=(*_MINIMUMS, (7500, 150)) if six else _MINIMUMS,
    )


_SHAPES: dict[tuple[int, ThreePlayerMode], Shape] = {
    (2, ThreePlayerMode.INDIVIDUAL): _shape(2, 2, 15, ((0,), (1,))),
    (3, ThreePlayerMode.INDIVIDUAL): _shape(3, 1, 13, ((0,), (1,), (2,))),
    (3, ThreePlayerMode.CUTTHROAT): _shape(3, 2, 13, ((0,), (1,), (2,))),
    (4, ThreePlayerMode.INDIVIDUAL): _shape(4, 1, 11, ((0, 2), (1, 3))),
    (6, ThreePlayerMode.INDIVIDUAL): _shape(6, 1, 13, ((0, 2, 4), (1, 3, 5))),
}


_SAMBA_MINIMUMS = (*_MINIMUMS, (7000, 160))
_SAMBA_RED_THREES = (0, 100, 200, 300, 400, 500, 1000)  # 100 each, 1000 for all six


def _samba_shape(players: int, sides: tuple[tuple[int, ...], ...], *, top_minimum: int = 160) -> Shape:
    """Samba's shape (three packs, draw two, groups of a rank as often as wanted, sequences to seven)."""
    return Shape(
        packs=3,
        jokers_per_pack=2,
        cards_dealt=13 if players == 6 else 15,
        draw_count=2,
        sides=sides,
        meld_kinds=frozenset({MeldKind.GROUP, MeldKind.SEQUENCE}),
        canasta_size=7,
        natural_canasta_bonus=500,
        mixed_canasta_bonus=300,
        going_out_bonus=200,
        concealed_going_out_bonus=200,
        red_three_bonus=_SAMBA_RED_THREES,
        minimums=(*_MINIMUMS, (7000, top_minimum)),
        max_wilds=2,
        groups_per_rank=None,
        wilds_after_canasta=False,
        sequence_bonus=1500,
        pile_rule=PileRule.PAIR_OR_UNFINISHED_MELD,
        concealed_exemption=False,
        target=10_000,
        meld_naming=MeldNaming.BY_INDEX,
    )


def _bolivia_shape() -> Shape:
    """Bolivia: Samba's shape with wild melds (a bolivia of seven is 2500), 150 at 7000, an escalera to go out."""
    samba = _samba_shape(4, ((0, 2), (1, 3)), top_minimum=150)
    return dataclasses.replace(
        samba,
        meld_kinds=frozenset(MeldKind),
        wild_canasta_bonus=2500,
        going_out_needs_sequence=True,
        target=15_000,
    )


_ROUND_MINIMUMS = (50, 90, 120, 150)


def _hand_and_foot_shape(sides: tuple[tuple[int, ...], ...]) -> Shape:
    """Hand and Foot (docs/engine.md, "The family of games"): a pack more than the players, a hand and a foot of
    11, draw two, groups only (books), clean and dirty books of 500 and 300, the minimum by round."""
    players = sum(len(seats) for seats in sides)
    packs = players + 1
    return Shape(
        packs=packs,
        jokers_per_pack=2,
        cards_dealt=11,
        draw_count=2,
        sides=sides,
        meld_kinds=_GROUPS_ONLY,
        canasta_size=7,
        natural_canasta_bonus=500,
        mixed_canasta_bonus=300,
        going_out_bonus=100,
        concealed_going_out_bonus=100,
        red_three_bonus=tuple(100 * count for count in range(2 * packs + 1)),
        minimums=((-(10**9), _ROUND_MINIMUMS[0]),),
        max_wilds=3,
        wilds_after_canasta=False,
        books_to_go_out=(2, 2),
        concealed_exemption=False,
        foot_size=11,
        round_minimums=_ROUND_MINIMUMS,
        target=10_000,
        threes_meld=False,
        upcard_to_bottom=True,
        pile_take_count=7,
        pile_rule=PileRule.PAIR_ALWAYS,
        books=True,
        meld_naming=MeldNaming.BY_INDEX,
        red_threes_may_count_against=False,
        held_red_three=500,
    )


_VARIANT_SHAPES: dict[tuple[Variant, int], Shape] = {
    (Variant.SAMBA, 2): _samba_shape(2, ((0,), (1,))),
    (Variant.SAMBA, 3): _samba_shape(3, ((0,), (1,), (2,))),
    (Variant.SAMBA, 4): _samba_shape(4, ((0, 2), (1, 3))),
    (Variant.SAMBA, 6): _samba_shape(6, ((0, 3), (1, 4), (2, 5))),
    (Variant.BOLIVIA, 4): _bolivia_shape(),
    (Variant.HAND_AND_FOOT, 2): _hand_and_foot_shape(((0,), (1,))),
    (Variant.HAND_AND_FOOT, 3): _hand_and_foot_shape(((0,), (1,), (2,))),
    (Variant.HAND_AND_FOOT, 4): _hand_and_foot_shape(((0, 2), (1, 3))),
    (Variant.HAND_AND_FOOT, 6): _hand_and_foot_shape(((0, 2, 4), (1, 3, 5))),
}


def shape_for(variant: Variant, players: int, mode: ThreePlayerMode = ThreePlayerMode.INDIVIDUAL) -> Shape:
    """The shape of `variant` at `players`. :raises ValueError: when that variant is not played by so many."""
    if variant is Variant.CLASSIC:
        classic = _SHAPES.get((players, mode))
        if classic is None:
            raise ValueError(f"rules.three_player_mode {mode.value} needs three players")
        return classic
    shape = _VARIANT_SHAPES.get((variant, players))
    if shape is None:
        counts = ", ".join(str(count) for kind, count in _VARIANT_SHAPES if kind is variant)
        raise ValueError(f"rules.variant {variant.value} is played by {counts} players, not {players}")
    return shape


def default_canastas_to_go_out(players: int, variant: Variant = Variant.CLASSIC) -> int:
    if variant is Variant.HAND_AND_FOOT:
        return 1  # its books (`Shape.books_to_go_out`) say what going out needs
    if variant is not Variant.CLASSIC:
        return 2
    return 2 if players in (2, 6) else 1


def default_target_score(
    players: int, mode: ThreePlayerMode = ThreePlayerMode.INDIVIDUAL, variant: Variant = Variant.CLASSIC
) -> int:
    if variant is not Variant.CLASSIC:
        return shape_for(variant, players).target
    if players == 6:
        return 10_000
    if players == 3 and mode is ThreePlayerMode.CUTTHROAT:
        return 7500
    return 5000


@dataclass(frozen=True, slots=True)
class Rules:
    """Everything that decides how a game is played. Build it with `Rules.for_players`."""

    players: int = 4
    red_threes_negative_if: RedThreesNegativeIf = RedThreesNegativeIf.NO_MELD
    wild_limit: WildLimit = WildLimit.MAX3
    unfrozen_take_with_wild: bool = True
    pile_take_by_adding_to_meld: bool = True
    initial_meld_may_use_pile: bool = True
    one_card_pile_restriction: bool = True
    upcard_black_three: UpcardBlackThree = UpcardBlackThree.STAYS
    upcard_specials: UpcardSpecials = UpcardSpecials.BURY_IN_PILE
    black_three_discard: BlackThreeDiscard = BlackThreeDiscard.STOP_NEXT_PLAYER
    concealed_going_out_minimum: ConcealedMinimum = ConcealedMinimum.EXEMPT_AFTER_STOCK_DRAW
    concealed_canasta_bonus: int = 0
    ask_partner: AskPartner = AskPartner.OPTIONAL
    ask_partner_timing: AskPartnerTiming = AskPartnerTiming.BEFORE_FIRST_MELD_OF_TURN
    stock_exhausted: StockExhausted = StockExhausted.CONTINUE_FORCED_TAKE
    last_card_red_three: LastCardRedThree = LastCardRedThree.END_NO_MELD
    tie: Tie = Tie.PLAY_ANOTHER_HAND
    three_player_mode: ThreePlayerMode = ThreePlayerMode.INDIVIDUAL
    canastas_to_go_out: int = 1
    target_score: int = 5000
    first_dealer: FirstDealer = FirstDealer.RANDOM
    # Options of the family's other games (see `option_names(variant)`); classic keeps these values.
    top_minimum: int = 0  # Samba: the minimum from 7000 on, 160 or 150 (0: the shape's)
    combine_groups: bool = True  # Samba, Bolivia: several groups of a rank, combined at will (no: one per rank)
    black_three_in_hand: int = 5  # Bolivia: what a black three left in hand counts against its side (100 or 5)
    black_three_penalty_on_stock_end: bool = True  # Bolivia: that count also when the stock ends the hand
    # Hand and Foot's options (docs/engine.md, "The family of games"); 0 and () mean the shape's own figure.
    packs: Packs = Packs.PLAYERS_PLUS_1
    hand_size: int = 0
    foot_size: int = 0
    wild_books: int = 0  # the bonus of a book of wild cards (0: no wild books)
    closed_books: ClosedBooks = ClosedBooks.NATURALS_ONLY
    pile_take_count: int = 0  # cards a pile take moves from the top (0: the whole pile, as classic)
    round_minimums: tuple[int, ...] = ()
    books_to_go_out: tuple[int, ...] = ()
    game_end: GameEnd = GameEnd.TARGET
    all_in_foot: bool = False  # every player of the side must have picked up his foot before any goes out
    foot_after_discard: FootAfterDiscard = FootAfterDiscard.NEXT_TURN
    going_out: GoingOut = GoingOut.EITHER
    red_threes: RedThrees = RedThrees.BONUS_100
    six_player_sides: SixPlayerSides = SixPlayerSides.TWO_OF_THREE
    variant: Variant = Variant.CLASSIC
    # A made-up shape (`with_shape`) in place of the game's own; part of the rules' value, so `replace` keeps it.
    custom_shape: Shape | None = field(default=None, repr=False)
    shape: Shape = field(init=False, compare=False, repr=False)
    seat_side: tuple[int, ...] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        _validate(self)
        shape = self.custom_shape or self._game_shape()
        object.__setattr__(self, "shape", shape)
        object.__setattr__(self, "seat_side", shape.seat_side)

    def _game_shape(self) -> Shape:
        """The game's shape at this player count, with the options that change it."""
        shape = shape_for(self.variant, self.players, self.three_player_mode)
        if self.top_minimum:
            shape = dataclasses.replace(shape, minimums=(*shape.minimums[:-1], (7000, self.top_minimum)))
        if not self.combine_groups:
            shape = dataclasses.replace(shape, groups_per_rank=1)
        if self.variant is Variant.HAND_AND_FOOT:
            shape = _hand_and_foot_options(self, shape)
        return shape

    @classmethod
    def for_players(cls, players: int = 4, **options: Any) -> Rules:
        """The rules for `players` with the per-count defaults, overridden by `options` (values or JSON);
        `variant` (a `Variant` or its name) picks the game of the family, classic by default."""
        _check_players(players)
        options = dict(options)
        variant = _coerce_variant(options.pop("variant", Variant.CLASSIC))
        values: dict[str, Any] = {"players": players, "variant": variant}
        values.update(_coerce_options(options))
        for name, value in _VARIANT_DEFAULTS.get(variant, {}).items():
            values.setdefault(name, value)
        mode = ThreePlayerMode(values.get("three_player_mode", ThreePlayerMode.INDIVIDUAL))
        shape_for(variant, players, mode)  # a variant not played by so many is refused before any default
        values.setdefault("canastas_to_go_out", default_canastas_to_go_out(players, variant))
        values.setdefault("target_score", default_target_score(players, mode, variant))
        return cls(**values)

    def with_shape(self, shape: Shape) -> Rules:
        """These rules over a made-up shape (for tests of the family's machinery; positions cannot carry it); a
        later `dataclasses.replace` keeps it."""
        return dataclasses.replace(self, custom_shape=shape)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Read the JSON form (only what differs from the defaults). :raises ValueError: naming the option."""
        if not isinstance(data, dict):
            raise ValueError("rules must be an object")
        options = dict(data)
        players = options.pop("players", 4)
        if type(players) is not int:
            raise ValueError("rules.players must be a whole number")
        return cls.for_players(players, **options)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: the player count and every option that differs from that count's defaults."""
        default = Rules.for_players(self.players, three_player_mode=self.three_player_mode, variant=self.variant)
        data: dict[str, Any] = {"players": self.players}
        if self.variant is not Variant.CLASSIC:
            data["variant"] = self.variant.value
        if self.cutthroat:
            data["three_player_mode"] = self.three_player_mode.value
        for name in option_names(self.variant):
            value = getattr(self, name)
            if name != "three_player_mode" and value != getattr(default, name):
                data[name] = _json_value(value)
        return data

    @property
    def take_with_wild(self) -> bool:
        """Hand and Foot's name for `unfrozen_take_with_wild` (its pile is never frozen)."""
        return self.unfrozen_take_with_wild

    @property
    def pile_needs_side_down(self) -> bool:
        """Hand and Foot's name for `initial_meld_may_use_pile: no`."""
        return not self.initial_meld_may_use_pile

    @property
    def lays_out_red_threes(self) -> bool:
        """Whether red threes are laid out as they come (all games but Hand and Foot's `red_threes: penalty_500`)."""
        return self.red_threes is RedThrees.BONUS_100

    @property
    def cutthroat(self) -> bool:
        return self.players == 3 and self.three_player_mode is ThreePlayerMode.CUTTHROAT

    @property
    def has_partners(self) -> bool:
        """Whether anyone may ask a partner (never with two or three players)."""
        return any(len(seats) > 1 for seats in self.shape.sides)

    def minimum_for(self, score: int) -> int:
        """The initial-meld minimum for a cumulative score (docs/rules.md, "The first meld"); the first step holds
        for any score below the second (15 for every score below 0, however low)."""
        minimum = self.shape.minimums[0][1]
        for threshold, value in self.shape.minimums[1:]:
            if score >= threshold:
                minimum = value
        return minimum


def _hand_and_foot_options(rules: Rules, shape: Shape) -> Shape:
    """Hand and Foot's shape with the rules' options in it."""
    extra = 2 if rules.packs is Packs.PLAYERS_PLUS_2 else 1
    packs = rules.players + extra
    kinds = shape.meld_kinds | {MeldKind.WILD} if rules.wild_books else shape.meld_kinds
    sides = shape.sides
    if rules.players == 6 and rules.six_player_sides is SixPlayerSides.THREE_OF_TWO:
        sides = ((0, 3), (1, 4), (2, 5))
    return dataclasses.replace(
        shape,
        sides=sides,
        packs=packs,
        red_three_bonus=tuple(100 * count for count in range(2 * packs + 1)),
        cards_dealt=rules.hand_size or shape.cards_dealt,
        foot_size=rules.foot_size or shape.foot_size,
        meld_kinds=kinds,
        wild_canasta_bonus=rules.wild_books,
        max_group_size=shape.canasta_size if rules.closed_books is ClosedBooks.NO_ADDITIONS else None,
        pile_take_count=rules.pile_take_count,
        round_minimums=rules.round_minimums or shape.round_minimums,
        books_to_go_out=(rules.books_to_go_out[0], rules.books_to_go_out[1]) if rules.books_to_go_out else (0, 0),
    )


_OPTION_FIELDS = {item.name: item for item in dataclasses.fields(Rules) if item.init and item.name != "custom_shape"}
# Options a game names in its own words for a rule that has its field under another name: the game's name -> (the
# field, whether the game's name says the opposite). The game's name is the option's name in its JSON and lists.
_ALIASES: dict[str, tuple[str, bool]] = {
    "take_with_wild": ("unfrozen_take_with_wild", False),  # Hand and Foot: its pile is never frozen
    "pile_needs_side_down": ("initial_meld_may_use_pile", True),
}
_ENUM_TYPES: dict[str, type[enum.StrEnum]] = {
    "red_threes_negative_if": RedThreesNegativeIf,
    "wild_limit": WildLimit,
    "upcard_black_three": UpcardBlackThree,
    "upcard_specials": UpcardSpecials,
    "black_three_discard": BlackThreeDiscard,
    "concealed_going_out_minimum": ConcealedMinimum,
    "ask_partner": AskPartner,
    "ask_partner_timing": AskPartnerTiming,
    "stock_exhausted": StockExhausted,
    "last_card_red_three": LastCardRedThree,
    "tie": Tie,
    "three_player_mode": ThreePlayerMode,
    "first_dealer": FirstDealer,
    "packs": Packs,
    "closed_books": ClosedBooks,
    "game_end": GameEnd,
    "six_player_sides": SixPlayerSides,
    "foot_after_discard": FootAfterDiscard,
    "going_out": GoingOut,
    "red_threes": RedThrees,
}
_BOOL_OPTIONS = frozenset(
    {
        "unfrozen_take_with_wild", "pile_take_by_adding_to_meld", "initial_meld_may_use_pile",
        "one_card_pile_restriction", "combine_groups", "black_three_penalty_on_stock_end", "take_with_wild",
        "pile_needs_side_down", "all_in_foot",
    }
)  # fmt: skip
_INT_OPTIONS = frozenset(
    {
        "concealed_canasta_bonus", "canastas_to_go_out", "target_score", "top_minimum", "black_three_in_hand",
        "hand_size", "foot_size", "wild_books", "pile_take_count",
    }
)  # fmt: skip
_LIST_OPTIONS = frozenset({"round_minimums", "books_to_go_out"})  # lists of whole numbers (tuples in Python)
_HAND_AND_FOOT_ONLY = (
    "packs", "hand_size", "foot_size", "wild_books", "closed_books", "pile_take_count", "take_with_wild",
    "pile_needs_side_down", "round_minimums", "books_to_go_out", "game_end", "all_in_foot", "six_player_sides",
    "foot_after_discard", "going_out", "red_threes",
)  # fmt: skip
_FAMILY_ONLY = (
    "top_minimum",
    "combine_groups",
    "black_three_in_hand",
    "black_three_penalty_on_stock_end",
    *_HAND_AND_FOOT_ONLY,
)
_SHARED_WITH_SAMBA = (
    "upcard_black_three", "upcard_specials", "one_card_pile_restriction", "ask_partner", "ask_partner_timing",
    "stock_exhausted", "last_card_red_three", "tie", "first_dealer",
)  # fmt: skip
_VARIANT_OPTIONS: dict[Variant, tuple[str, ...]] = {
    Variant.CLASSIC: tuple(name for name in _OPTION_FIELDS if name not in ("players", "variant", *_FAMILY_ONLY)),
    Variant.SAMBA: (
        "wild_limit", "top_minimum", "canastas_to_go_out", "red_threes_negative_if", "combine_groups",
        *_SHARED_WITH_SAMBA, "target_score",
    ),
    Variant.BOLIVIA: (
        "wild_limit", "canastas_to_go_out", "red_threes_negative_if", "combine_groups", "black_three_in_hand",
        "black_three_penalty_on_stock_end", *_SHARED_WITH_SAMBA, "target_score",
    ),
    Variant.HAND_AND_FOOT: (
        "packs", "hand_size", "foot_size", "wild_limit", "wild_books", "closed_books", "pile_take_count",
        "take_with_wild", "pile_needs_side_down", "red_threes", "black_three_in_hand", "round_minimums",
        "books_to_go_out", "ask_partner", "going_out", "all_in_foot", "foot_after_discard", "game_end", "target_score",
        "six_player_sides",
    ),
}  # fmt: skip
_FAMILY_RED_THREES = (RedThreesNegativeIf.FEWER_THAN_2_CANASTAS, RedThreesNegativeIf.NO_MELD)
_VARIANT_VALUES: dict[tuple[Variant, str], tuple[Any, ...]] = {
    (Variant.CLASSIC, "wild_limit"): (WildLimit.MAX3, WildLimit.NOT_MORE_THAN_NATURALS, WildLimit.NATURALS_MAJORITY),
    (Variant.CLASSIC, "red_threes_negative_if"): (RedThreesNegativeIf.NO_MELD, RedThreesNegativeIf.NO_CANASTA),
    (Variant.SAMBA, "wild_limit"): (WildLimit.MAX2, WildLimit.TWICE_NATURALS),
    (Variant.SAMBA, "red_threes_negative_if"): _FAMILY_RED_THREES,
    (Variant.SAMBA, "top_minimum"): (160, 150),
    (Variant.BOLIVIA, "wild_limit"): (WildLimit.MAX2, WildLimit.UNLIMITED),
    (Variant.BOLIVIA, "red_threes_negative_if"): _FAMILY_RED_THREES,
    (Variant.BOLIVIA, "black_three_in_hand"): (100, 5),
    (Variant.HAND_AND_FOOT, "hand_size"): (11, 13),
    (Variant.HAND_AND_FOOT, "foot_size"): (11, 13),
    (Variant.HAND_AND_FOOT, "wild_limit"): (WildLimit.NATURALS_MAJORITY, WildLimit.NOT_MORE_THAN_NATURALS),
    (Variant.HAND_AND_FOOT, "wild_books"): (0, 1000, 1500),
    (Variant.HAND_AND_FOOT, "pile_take_count"): (7, 5, 3, 1, 0),
    (Variant.HAND_AND_FOOT, "black_three_in_hand"): (5, 0, 100, 300),
    (Variant.HAND_AND_FOOT, "round_minimums"): (_ROUND_MINIMUMS, (60, 90, 120, 150)),
    (Variant.HAND_AND_FOOT, "ask_partner"): (AskPartner.REQUIRED, AskPartner.OPTIONAL),
    (Variant.HAND_AND_FOOT, "game_end"): (GameEnd.ROUNDS_4, GameEnd.TARGET),
    (Variant.HAND_AND_FOOT, "target_score"): (10_000, 20_000),
}
_FAMILY_DEFAULTS = {"wild_limit": WildLimit.MAX2, "red_threes_negative_if": RedThreesNegativeIf.FEWER_THAN_2_CANASTAS}
_VARIANT_DEFAULTS: dict[Variant, dict[str, Any]] = {
    Variant.SAMBA: {**_FAMILY_DEFAULTS, "top_minimum": 160},
    Variant.BOLIVIA: {**_FAMILY_DEFAULTS, "black_three_in_hand": 100},
    Variant.HAND_AND_FOOT: {
        "wild_limit": WildLimit.NATURALS_MAJORITY, "hand_size": 11, "foot_size": 11, "pile_take_count": 7,
        "unfrozen_take_with_wild": False,
        "round_minimums": _ROUND_MINIMUMS, "books_to_go_out": (2, 2), "ask_partner": AskPartner.REQUIRED,
        "game_end": GameEnd.ROUNDS_4,
    },
}  # fmt: skip


def option_names(variant: Variant = Variant.CLASSIC) -> tuple[str, ...]:
    """Every house-rule option's name of `variant`, classic's in the order of docs/rules.md, "House rules"."""
    return _VARIANT_OPTIONS.get(variant, ())


def option_values(name: str, variant: Variant = Variant.CLASSIC) -> tuple[Any, ...]:
    """The values an enumerated, yes/no or listed option of `variant` takes (empty for free numbers)."""
    listed = _VARIANT_VALUES.get((variant, name))
    if listed is not None:
        return listed
    if name in _ENUM_TYPES:
        return tuple(_ENUM_TYPES[name])
    if name in _BOOL_OPTIONS:
        return (True, False)
    return ()


def _json_value(value: Any) -> Any:
    if isinstance(value, enum.Enum):
        return value.value
    return list(value) if isinstance(value, tuple) else value


def _coerce_variant(raw: Any) -> Variant:
    try:
        return Variant(raw)
    except ValueError:
        allowed = ", ".join(member.value for member in Variant)
        raise ValueError(f"rules.variant must be one of {allowed}, not {raw!r}") from None


def _coerce_options(options: dict[str, Any]) -> dict[str, Any]:
    values: dict[str, Any] = {}
    for name, raw in options.items():
        if name in _ALIASES:
            field_name, inverted = _ALIASES[name]
            value = _coerce(name, raw) != inverted
            if values.setdefault(field_name, value) != value:
                raise ValueError(f"rules.{name} and rules.{field_name} name one rule: they disagree")
            continue
        if name not in _OPTION_FIELDS or name in ("players", "variant"):
            raise ValueError(f"unknown rules option {name!r}")
        value = _coerce(name, raw)
        if values.setdefault(name, value) != value:
            raise ValueError(f"rules.{name} and another name of it disagree")
    return values


def _coerce(name: str, raw: Any) -> Any:
    if name in _ENUM_TYPES:
        kind = _ENUM_TYPES[name]
        try:
            return kind(raw)
        except ValueError:
            allowed = ", ".join(member.value for member in kind)
            raise ValueError(f"rules.{name} must be one of {allowed}, not {raw!r}") from None
    if name in _BOOL_OPTIONS:
        if not isinstance(raw, bool):
            raise ValueError(f"rules.{name} must be true or false, not {raw!r}")
        return raw
    if name in _LIST_OPTIONS:
        if not isinstance(raw, list | tuple) or any(type(item) is not int or item < 0 for item in raw):
            raise ValueError(f"rules.{name} must be a list of whole numbers, not {raw!r}")
        return tuple(raw)
    if type(raw) is not int:
        raise ValueError(f"rules.{name} must be a whole number, not {raw!r}")
    return raw


def _check_players(players: object) -> None:
    # `type` rather than `in`: 4.0 == 4, and a float count would travel on into the JSON form.
    if type(players) is not int or players not in PLAYER_COUNTS:
        raise ValueError(f"players must be one of 2, 3, 4 or 6, not {players!r}")


def _validate(rules: Rules) -> None:
    _check_players(rules.players)
    shape = rules.custom_shape
    if shape is not None and shape.players != rules.players:
        raise ValueError(f"a shape for {shape.players} players does not fit rules for {rules.players}")
    if not isinstance(rules.variant, Variant):
        raise ValueError("rules.variant must be a Variant")
    if rules.three_player_mode is ThreePlayerMode.CUTTHROAT and rules.players != 3:
        raise ValueError("rules.three_player_mode cutthroat needs three players")
    if rules.three_player_mode is ThreePlayerMode.CUTTHROAT and rules.variant is not Variant.CLASSIC:
        raise ValueError("rules.three_player_mode cutthroat is classic Canasta's")
    if not 1 <= rules.canastas_to_go_out <= 3:
        raise ValueError(f"rules.canastas_to_go_out must be 1, 2 or 3, not {rules.canastas_to_go_out}")
    if rules.target_score <= 0:
        raise ValueError(f"rules.target_score must be positive, not {rules.target_score}")
    if rules.concealed_canasta_bonus not in (0, 100):
        raise ValueError(f"rules.concealed_canasta_bonus must be 0 or 100, not {rules.concealed_canasta_bonus}")
    for name, kind in _ENUM_TYPES.items():
        if not isinstance(getattr(rules, name), kind):
            raise ValueError(f"rules.{name} must be a {kind.__name__}")
    _validate_variant_options(rules)
    books = rules.books_to_go_out
    if books and (len(books) != 2 or any(count > 10 for count in books)):
        raise ValueError(f"rules.books_to_go_out must be [clean, dirty], each 0 to 10, not {list(books)}")


def _validate_variant_options(rules: Rules) -> None:
    """Each option of the rules' game takes one of its values; an option of another game keeps its default."""
    own = option_names(rules.variant)
    own_fields = {_ALIASES[name][0] if name in _ALIASES else name for name in own}
    for name, option in _OPTION_FIELDS.items():
        value = getattr(rules, name)
        if name in ("players", "variant", "three_player_mode"):
            continue
        if name not in own_fields:  # another game's option, or one this game fixes: it keeps its default
            if value != option.default:
                raise ValueError(f"rules.{name} is not an option of {rules.variant.value}")
            continue
        allowed = _VARIANT_VALUES.get((rules.variant, name))
        if name in own and allowed is not None and value not in allowed:
            shown = ", ".join(str(getattr(item, "value", item)) for item in allowed)
            raise ValueError(
                f"rules.{name} must be one of {shown} in {rules.variant.value}, not {getattr(value, 'value', value)!r}"
            )
