"""The rules object: the player count, every house rule (docs/rules.md, "House rules"), and the game's shape as data.

Its parts: `options` (the house rules' values and the games of the family), `shape` (a game's shape as data, which
names no game) and `games` (each game's shape). This package is the one place of the engine that names the games.
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass, field
from typing import Any

from canasta.engine.cards import Card
from canasta.engine.rules.games import (
    MODERN_AMERICAN_MINIMUMS,
    ROUND_MINIMUMS,
    default_canastas_to_go_out,
    default_target_score,
    game_shape,
    shape_for,
)
from canasta.engine.rules.options import (
    PLAYER_COUNTS,
    ROUNDS,
    AskPartner,
    AskPartnerTiming,
    BlackThreeDiscard,
    BlackThrees,
    ClosedBooks,
    ConcealedMinimum,
    FirstDealer,
    FootAfterDiscard,
    GameEnd,
    GoingOut,
    InitialMeldNeeds,
    LastCardRedThree,
    MinimumTable,
    PacketTiming,
    Packs,
    RedThrees,
    RedThreesNegativeIf,
    SevensUnlock,
    SevensWild,
    SixPlayerSides,
    SpecialHands,
    StockExhausted,
    ThreePlayerMode,
    Tie,
    UnplayedPacket,
    UpcardBlackThree,
    UpcardSpecials,
    Variant,
    WildLimit,
)
from canasta.engine.rules.shape import MeldKind, MeldNaming, PacketTrigger, PileRule, Shape

__all__ = [
    "PLAYER_COUNTS", "ROUNDS", "AskPartner", "AskPartnerTiming", "BlackThreeDiscard", "BlackThrees", "ClosedBooks",
    "ConcealedMinimum", "FirstDealer", "FootAfterDiscard", "GameEnd", "GoingOut", "InitialMeldNeeds",
    "LastCardRedThree", "MeldKind", "MeldNaming", "MinimumTable", "PacketTiming", "PacketTrigger", "Packs", "PileRule",
    "RedThrees", "RedThreesNegativeIf", "Rules", "SevensUnlock", "SevensWild", "Shape", "SixPlayerSides",
    "SpecialHands", "StockExhausted", "ThreePlayerMode", "Tie", "UnplayedPacket", "UpcardBlackThree", "UpcardSpecials",
    "Variant", "WildLimit", "default_canastas_to_go_out", "default_target_score", "option_names", "option_values",
    "shape_for",
]  # fmt: skip


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
    # Modern American's options (docs/variants.md, "Modern American"; `cards_dealt` is its name for hand_size);
    # 0 and () mean the shape's own figure.
    draw_count: int = 0
    # Modern American: the initial-meld minimum below 3000, from 3000 and from 5000; Pennies from Heaven and Cuban
    # Canasta: the table they name.
    minimums: tuple[int, ...] | MinimumTable = ()
    initial_meld_needs: InitialMeldNeeds = InitialMeldNeeds.CLEAN_TRIPLE
    rule_of_five: bool = False
    bonus_cards: bool = False
    splash: bool = False
    special_hands: SpecialHands = SpecialHands.OFF
    incomplete_wild_meld_four_jokers: int = 0
    eighth_card_going_out: bool = False
    ask_partner_once_per_hand: bool = False
    # Cuban Canasta's and Pennies from Heaven's option: a new group of a rank (or wild meld) once the side's one is a
    # canasta (Pennies from Heaven's default is yes, Cuban Canasta's no).
    new_meld_after_canasta: bool = False
    # Cuban Canasta's options (docs/variants.md, "Cuban Canasta"; also `minimums`, named tables).
    black_threes: BlackThrees = BlackThrees.SET_ASIDE
    concealed_going_out_bonus: int = 0  # the bonus of a concealed going out (0: the shape's)
    # Pennies from Heaven's options (docs/variants.md, "Pennies from Heaven"; also `six_player_sides`, `minimums`).
    packet_timing: PacketTiming = PacketTiming.AT_ONCE
    sevens_wild: SevensWild = SevensWild.ALLOWED
    sevens_unlock: SevensUnlock = SevensUnlock.EVERY_SIDE
    unplayed_packet: UnplayedPacket = UnplayedPacket.MINUS
    variant: Variant = Variant.CLASSIC
    # A made-up shape (`with_shape`) in place of the game's own; part of the rules' value, so `replace` keeps it.
    custom_shape: Shape | None = field(default=None, repr=False)
    shape: Shape = field(init=False, compare=False, repr=False)
    seat_side: tuple[int, ...] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        _validate(self)
        shape = self.custom_shape or game_shape(self)
        object.__setattr__(self, "shape", shape)
        object.__setattr__(self, "seat_side", shape.seat_side)

    @classmethod
    def for_players(cls, given: object = 4, **options: Any) -> Rules:
        """The rules for `given` players with the per-count defaults, overridden by `options` (values or JSON);
        `variant` (a `Variant` or its name) picks the game of the family, classic by default. A count that is not
        one of the game's (4.0 too, as JSON may give it) is refused with a ValueError, compiled or not (a compiled
        `int` parameter would refuse a float with a TypeError of its own)."""
        players = _check_players(given)
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
    def from_dict(cls, data: object) -> Rules:
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
    def cards_dealt(self) -> int:
        """Modern American's name for `hand_size`: the cards dealt to each player."""
        return self.hand_size

    def lays_out(self, card: Card) -> bool:
        """Whether `card` is a three laid out as it comes (red threes where they are laid out; every three in
        games that lay out both colours)."""
        if card.is_red_three:
            return self.lays_out_red_threes
        return card.is_black_three and self.shape.lays_out_black_threes

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


_OPTION_FIELDS = {item.name: item for item in dataclasses.fields(Rules) if item.init and item.name != "custom_shape"}
# Options a game names in its own words for a rule that has its field under another name: the game's name -> (the
# field, whether the game's name says the opposite). The game's name is the option's name in its JSON and lists.
_ALIASES: dict[str, tuple[str, bool]] = {
    "take_with_wild": ("unfrozen_take_with_wild", False),  # Hand and Foot: its pile is never frozen
    "pile_needs_side_down": ("initial_meld_may_use_pile", True),
    "cards_dealt": ("hand_size", False),  # Modern American
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
    "initial_meld_needs": InitialMeldNeeds,
    "special_hands": SpecialHands,
    "black_threes": BlackThrees,
    "packet_timing": PacketTiming,
    "sevens_wild": SevensWild,
    "sevens_unlock": SevensUnlock,
    "unplayed_packet": UnplayedPacket,
}
_BOOL_OPTIONS = frozenset(
    {
        "unfrozen_take_with_wild", "pile_take_by_adding_to_meld", "initial_meld_may_use_pile",
        "one_card_pile_restriction", "combine_groups", "black_three_penalty_on_stock_end", "take_with_wild",
        "pile_needs_side_down", "all_in_foot", "rule_of_five", "bonus_cards", "splash", "eighth_card_going_out",
        "ask_partner_once_per_hand", "new_meld_after_canasta",
    }
)  # fmt: skip
_INT_OPTIONS = frozenset(
    {
        "concealed_canasta_bonus", "canastas_to_go_out", "target_score", "top_minimum", "black_three_in_hand",
        "hand_size", "foot_size", "wild_books", "pile_take_count", "draw_count", "incomplete_wild_meld_four_jokers",
        "cards_dealt", "concealed_going_out_bonus",
    }
)  # fmt: skip
_LIST_OPTIONS = frozenset(
    {"round_minimums", "books_to_go_out", "minimums"}
)  # lists of whole numbers (tuples in Python)
_HAND_AND_FOOT_ONLY = (
    "packs", "hand_size", "foot_size", "wild_books", "closed_books", "pile_take_count", "take_with_wild",
    "pile_needs_side_down", "round_minimums", "books_to_go_out", "game_end", "all_in_foot", "six_player_sides",
    "foot_after_discard", "going_out", "red_threes",
)  # fmt: skip
_MODERN_AMERICAN_ONLY = (
    "draw_count", "minimums", "initial_meld_needs", "rule_of_five", "bonus_cards", "splash", "special_hands",
    "incomplete_wild_meld_four_jokers", "eighth_card_going_out", "ask_partner_once_per_hand",
)  # fmt: skip
_CUBAN_ONLY = ("black_threes", "concealed_going_out_bonus")
_PENNIES_ONLY = ("packet_timing", "sevens_wild", "sevens_unlock", "unplayed_packet")
_FAMILY_ONLY = (
    *_MODERN_AMERICAN_ONLY,
    *_CUBAN_ONLY,
    *_PENNIES_ONLY,
    "new_meld_after_canasta",
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
_NOT_CLASSIC = ("players", "variant", *_FAMILY_ONLY)
_VARIANT_OPTIONS: dict[Variant, tuple[str, ...]] = {
    Variant.CLASSIC: tuple(name for name in _OPTION_FIELDS if name not in _NOT_CLASSIC),
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
    Variant.MODERN_AMERICAN: (
        "cards_dealt", "draw_count", "minimums", "initial_meld_needs", "rule_of_five", "bonus_cards", "splash",
        "special_hands", "incomplete_wild_meld_four_jokers", "eighth_card_going_out", "ask_partner",
        "ask_partner_once_per_hand", "target_score",
    ),
    Variant.CUBAN: (
        "target_score", "minimums", "canastas_to_go_out", "black_threes", "concealed_going_out_bonus",
        "new_meld_after_canasta", "wild_limit", "upcard_specials", "upcard_black_three", "one_card_pile_restriction",
        "initial_meld_may_use_pile", "ask_partner", "ask_partner_timing", "stock_exhausted", "last_card_red_three",
        "tie", "first_dealer",
    ),
    Variant.PENNIES_FROM_HEAVEN: (
        "six_player_sides", *_PENNIES_ONLY[:3], "new_meld_after_canasta", "minimums", "unplayed_packet",
        "unfrozen_take_with_wild", "pile_take_by_adding_to_meld", "wild_limit", "upcard_specials", "upcard_black_three",
        "one_card_pile_restriction", "black_three_discard", "initial_meld_may_use_pile", "concealed_going_out_minimum",
        "concealed_canasta_bonus", "ask_partner", "ask_partner_timing", "stock_exhausted", "last_card_red_three", "tie",
        "first_dealer", "target_score",
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
    (Variant.HAND_AND_FOOT, "round_minimums"): (ROUND_MINIMUMS, (60, 90, 120, 150)),
    (Variant.HAND_AND_FOOT, "ask_partner"): (AskPartner.REQUIRED, AskPartner.OPTIONAL),
    (Variant.HAND_AND_FOOT, "game_end"): (GameEnd.ROUNDS_4, GameEnd.TARGET),
    (Variant.HAND_AND_FOOT, "target_score"): (10_000, 20_000),
    (Variant.MODERN_AMERICAN, "cards_dealt"): (13, 15),
    (Variant.MODERN_AMERICAN, "draw_count"): (1, 2),
    (Variant.MODERN_AMERICAN, "minimums"): (MODERN_AMERICAN_MINIMUMS, (125, 155, 150)),
    (Variant.MODERN_AMERICAN, "incomplete_wild_meld_four_jokers"): (2000, 2500),
    (Variant.CUBAN, "target_score"): (7500, 8500),
    (Variant.CUBAN, "minimums"): (MinimumTable.CUBAN, MinimumTable.JOKER),
    (Variant.CUBAN, "canastas_to_go_out"): (1, 2),
    (Variant.CUBAN, "concealed_going_out_bonus"): (100, 200),
    (Variant.CUBAN, "wild_limit"): (WildLimit.MAX3, WildLimit.NOT_MORE_THAN_NATURALS, WildLimit.NATURALS_MAJORITY),
    (Variant.PENNIES_FROM_HEAVEN, "minimums"): (MinimumTable.PENNIES, MinimumTable.STANDARD_150),
    (Variant.PENNIES_FROM_HEAVEN, "wild_limit"): (
        WildLimit.MAX3, WildLimit.NOT_MORE_THAN_NATURALS, WildLimit.NATURALS_MAJORITY,
    ),
}  # fmt: skip
_FAMILY_DEFAULTS = {"wild_limit": WildLimit.MAX2, "red_threes_negative_if": RedThreesNegativeIf.FEWER_THAN_2_CANASTAS}
_VARIANT_DEFAULTS: dict[Variant, dict[str, Any]] = {
    Variant.SAMBA: {**_FAMILY_DEFAULTS, "top_minimum": 160},
    Variant.BOLIVIA: {**_FAMILY_DEFAULTS, "black_three_in_hand": 100},
    Variant.HAND_AND_FOOT: {
        "wild_limit": WildLimit.NATURALS_MAJORITY, "hand_size": 11, "foot_size": 11, "pile_take_count": 7,
        "unfrozen_take_with_wild": False,
        "round_minimums": ROUND_MINIMUMS, "books_to_go_out": (2, 2), "ask_partner": AskPartner.REQUIRED,
        "game_end": GameEnd.ROUNDS_4,
    },
    Variant.MODERN_AMERICAN: {
        "hand_size": 13, "draw_count": 1, "minimums": MODERN_AMERICAN_MINIMUMS, "rule_of_five": True,
        "bonus_cards": True, "special_hands": SpecialHands.CLA, "incomplete_wild_meld_four_jokers": 2000,
        "ask_partner_once_per_hand": True, "canastas_to_go_out": 2,
    },
    Variant.CUBAN: {
        "minimums": MinimumTable.CUBAN, "canastas_to_go_out": 1, "concealed_going_out_bonus": 100,
        "unfrozen_take_with_wild": False, "pile_take_by_adding_to_meld": False,
        "red_threes_negative_if": RedThreesNegativeIf.NO_CANASTA,
    },
    Variant.PENNIES_FROM_HEAVEN: {
        "minimums": MinimumTable.PENNIES, "canastas_to_go_out": 1, "new_meld_after_canasta": True,
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
            value = _coerce(name, raw)
            value = (not value) if inverted else value
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
    if name == "minimums" and isinstance(raw, str | MinimumTable):  # Pennies from Heaven and Cuban name their tables
        try:
            return MinimumTable(raw)
        except ValueError:
            allowed = ", ".join(member.value for member in MinimumTable)
            message = f"rules.minimums must be one of {allowed}, or a list of whole numbers, not {raw!r}"
            raise ValueError(message) from None
    if name in _LIST_OPTIONS:
        if not isinstance(raw, list | tuple) or any(type(item) is not int or item < 0 for item in raw):
            raise ValueError(f"rules.{name} must be a list of whole numbers, not {raw!r}")
        return tuple(raw)
    if type(raw) is not int:
        raise ValueError(f"rules.{name} must be a whole number, not {raw!r}")
    return raw


def _check_players(players: object) -> int:
    # `type` rather than `in`: 4.0 == 4, and a float count would travel on into the JSON form.
    if type(players) is not int or players not in PLAYER_COUNTS:
        raise ValueError(f"players must be one of 2, 3, 4 or 6, not {players!r}")
    return players


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
    fixed = _VARIANT_DEFAULTS.get(rules.variant, {})
    for name, option in _OPTION_FIELDS.items():
        value = getattr(rules, name)
        if name in ("players", "variant", "three_player_mode"):
            continue
        if name not in own_fields:  # another game's option, or one this game fixes: it keeps that value
            if value != fixed.get(name, option.default):
                raise ValueError(f"rules.{name} is not an option of {rules.variant.value}")
            continue
        shown_as = next((alias for alias, (target, _) in _ALIASES.items() if target == name and alias in own), name)
        allowed = _VARIANT_VALUES.get((rules.variant, shown_as))
        if shown_as in own and allowed is not None and value not in allowed:
            shown = ", ".join(str(getattr(item, "value", item)) for item in allowed)
            raise ValueError(
                f"rules.{shown_as} must be one of {shown} in {rules.variant.value}, not "
                f"{getattr(value, 'value', value)!r}"
            )
