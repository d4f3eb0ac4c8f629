"""The house-rule options (docs/rules.md) as players read them: a name, and each value's name and one-line
meaning; and the named presets the rule sheets describe. Texts are marked with `N_` and translated where shown.

The target score is not here: the new-game screen offers it beside the number of players.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from canasta.engine.rules import (
    AskPartner,
    AskPartnerTiming,
    BlackThreeDiscard,
    ConcealedMinimum,
    FirstDealer,
    LastCardRedThree,
    RedThreesNegativeIf,
    Rules,
    StockExhausted,
    ThreePlayerMode,
    Tie,
    UpcardBlackThree,
    UpcardSpecials,
    WildLimit,
    option_names,
    option_values,
)
from canasta.i18n import N_, _, ngettext

NOT_LISTED = frozenset({"target_score"})  # offered beside the player count, not among the house rules

OPTION_NAMES: dict[str, str] = {
    "red_threes_negative_if": N_("Red threes count against a side"),
    "wild_limit": N_("Wild cards in a meld"),
    "unfrozen_take_with_wild": N_("Take the pile with a wild card"),
    "pile_take_by_adding_to_meld": N_("Take the pile onto a meld"),
    "initial_meld_may_use_pile": N_("First meld with the pile"),
    "one_card_pile_restriction": N_("One card against a pile of one"),
    "upcard_black_three": N_("Black three turned up"),
    "upcard_specials": N_("Wild or red three turned up"),
    "black_three_discard": N_("Discarded black three"),
    "concealed_going_out_minimum": N_("Minimum when going out concealed"),
    "concealed_canasta_bonus": N_("Canasta laid whole from hand"),
    "ask_partner": N_("Asking partner to go out"),
    "ask_partner_timing": N_("When you may ask partner"),
    "stock_exhausted": N_("When the stock runs out"),
    "last_card_red_three": N_("Red three as the last card"),
    "tie": N_("A tie at the end"),
    "three_player_mode": N_("Three players"),
    "canastas_to_go_out": N_("Canastas needed to go out"),
    "first_dealer": N_("First dealer"),
}

# (value, its name, what it means), by option; yes/no options use True and False.
VALUE_TEXTS: dict[str, tuple[tuple[Any, str, str], ...]] = {
    "red_threes_negative_if": (
        (
            RedThreesNegativeIf.NO_MELD,
            N_("With no meld"),
            N_("Red threes score minus for a side that melded nothing this hand."),
        ),
        (
            RedThreesNegativeIf.NO_CANASTA,
            N_("With no canasta"),
            N_("Red threes score minus for a side without a canasta this hand."),
        ),
    ),
    "wild_limit": (
        (WildLimit.MAX3, N_("At most three"), N_("A meld needs two natural cards and holds at most three wild cards.")),
        (
            WildLimit.NOT_MORE_THAN_NATURALS,
            N_("No more than naturals"),
            N_("Also never more wild cards than natural cards in a meld."),
        ),
        (
            WildLimit.NATURALS_MAJORITY,
            N_("Fewer than naturals"),
            N_("Also natural cards must always outnumber the wild cards."),
        ),
    ),
    "unfrozen_take_with_wild": (
        (True, N_("Allowed"), N_("One natural card and a wild card may take an unfrozen pile.")),
        (False, N_("Not allowed"), N_("Taking the pile with its top card always needs a natural pair.")),
    ),
    "pile_take_by_adding_to_meld": (
        (True, N_("Allowed"), N_("An unfrozen pile may be taken by adding its top card to your meld.")),
        (False, N_("Not allowed"), N_("Taking the pile always needs matching cards from your hand.")),
    ),
    "initial_meld_may_use_pile": (
        (True, N_("Allowed"), N_("The pile's top card may help make your side's first meld.")),
        (False, N_("Not allowed"), N_("A side must meld from hand before it may take the pile.")),
    ),
    "one_card_pile_restriction": (
        (True, N_("May not take"), N_("Holding one card, you may not take a pile of one card.")),
        (False, N_("May take"), N_("Holding one card, you may still take a pile of one card.")),
    ),
    "upcard_black_three": (
        (UpcardBlackThree.STAYS, N_("Stays on top"), N_("It stays on the pile; the first player cannot take it.")),
        (UpcardBlackThree.COVER, N_("Covered"), N_("The next stock card is turned up onto it.")),
        (
            UpcardBlackThree.COVER_AND_FREEZE,
            N_("Covered, pile frozen"),
            N_("The next card is turned onto it and the pile starts frozen."),
        ),
    ),
    "upcard_specials": (
        (
            UpcardSpecials.BURY_IN_PILE,
            N_("Stays in the pile"),
            N_("The next card goes onto it and the pile starts frozen."),
        ),
        (
            UpcardSpecials.STOCK_BOTTOM,
            N_("Under the stock"),
            N_("It goes to the bottom of the stock and the next card is turned up."),
        ),
    ),
    "black_three_discard": (
        (
            BlackThreeDiscard.STOP_NEXT_PLAYER,
            N_("Stops the next player"),
            N_("Only the next player may not take the pile."),
        ),
        (
            BlackThreeDiscard.FREEZE_PILE,
            N_("Freezes the pile"),
            N_("Once covered, it freezes the pile until someone takes it."),
        ),
    ),
    "concealed_going_out_minimum": (
        (
            ConcealedMinimum.EXEMPT_AFTER_STOCK_DRAW,
            N_("Not after a stock draw"),
            N_("Going out concealed after drawing from the stock needs no minimum."),
        ),
        (ConcealedMinimum.ALWAYS, N_("Always needed"), N_("Going out concealed needs the first-meld minimum too.")),
    ),
    "concealed_canasta_bonus": (
        (0, N_("No bonus"), N_("A canasta earns its usual bonus however it was built.")),
        (100, N_("100 more"), N_("A canasta laid down whole from hand earns 100 more points.")),
    ),
    "ask_partner": (
        (AskPartner.OPTIONAL, N_("Optional"), N_("You may ask \u201cPartner, may I go out?\u201d; the answer binds.")),
        (AskPartner.OFF, N_("Off"), N_("Nobody asks; you go out whenever you can.")),
        (AskPartner.REQUIRED, N_("Required"), N_("You must ask your partner before going out.")),
    ),
    "ask_partner_timing": (
        (
            AskPartnerTiming.BEFORE_FIRST_MELD_OF_TURN,
            N_("Before melding"),
            N_("Ask before you meld anything in that turn."),
        ),
        (
            AskPartnerTiming.ANY_TIME_BEFORE_GOING_OUT,
            N_("Any time"),
            N_("Ask at any point of your turn before going out."),
        ),
    ),
    "stock_exhausted": (
        (
            StockExhausted.CONTINUE_FORCED_TAKE,
            N_("Play on"),
            N_("Play goes on while players take the pile; a fitting top card must be taken."),
        ),
        (
            StockExhausted.END_AFTER_LAST_DISCARD,
            N_("Hand ends"),
            N_("The hand ends with the discard of whoever drew the last card."),
        ),
    ),
    "last_card_red_three": (
        (LastCardRedThree.END_NO_MELD, N_("Ends at once"), N_("The hand ends at once: no meld, no discard.")),
        (LastCardRedThree.END_MAY_MELD, N_("May meld first"), N_("That player may still meld; then the hand ends.")),
    ),
    "tie": (
        (Tie.PLAY_ANOTHER_HAND, N_("Another hand"), N_("On an exact tie, another hand is played.")),
        (Tie.RAISE_TARGET_500, N_("Target plus 500"), N_("On a tie the target rises by 500 and play goes on.")),
        (Tie.SHARED_WIN, N_("Shared win"), N_("On a tie, the tied sides share the win.")),
    ),
    "three_player_mode": (
        (ThreePlayerMode.INDIVIDUAL, N_("Each alone"), N_("Everyone plays alone and draws one card.")),
        (
            ThreePlayerMode.CUTTHROAT,
            N_("Cutthroat"),
            N_("Draw two; whoever first takes the pile plays alone against the other two."),
        ),
    ),
    "first_dealer": (
        (FirstDealer.RANDOM, N_("At random"), N_("The first dealer is chosen at random.")),
        (FirstDealer.CUT_HIGH, N_("Highest cut"), N_("Everyone cuts the deck; the highest card deals.")),
        (FirstDealer.CUT_LOW, N_("Lowest cut"), N_("Everyone cuts the deck; the lowest card deals.")),
    ),
}
CANASTA_COUNTS = (1, 2, 3)


def listed_options() -> tuple[str, ...]:
    """The house rules the new-game screen lists, in the order of docs/rules.md, House rules."""
    return tuple(name for name in option_names() if name not in NOT_LISTED)


def option_choices(name: str) -> tuple[Any, ...]:
    """The values an option may take on the new-game screen."""
    if name == "canastas_to_go_out":
        return CANASTA_COUNTS
    if name == "concealed_canasta_bonus":
        return (0, 100)
    return option_values(name)


def option_label(name: str) -> str:
    return _(OPTION_NAMES[name])


def value_label(name: str, value: Any) -> str:
    """The name of one value of an option, in the player's language."""
    if name == "canastas_to_go_out":
        return ngettext("{count} canasta", "{count} canastas", int(value)).format(count=value)
    for known, label, _meaning in VALUE_TEXTS[name]:
        if known == value:
            return _(label)
    return str(value)


def value_meaning(name: str, value: Any) -> str:
    """What one value of an option means, in one line."""
    if name == "canastas_to_go_out":
        return ngettext(
            "A side needs {count} canasta before any of its players may go out.",
            "A side needs {count} canastas before any of its players may go out.",
            int(value),
        ).format(count=value)
    for known, _label, meaning in VALUE_TEXTS[name]:
        if known == value:
            return _(meaning)
    return ""


def applies(name: str, players: int) -> bool:
    """Whether an option matters for this player count."""
    if name == "three_player_mode":
        return players == 3
    if name in ("ask_partner", "ask_partner_timing"):
        return players >= 4
    return True


def not_applying_note(name: str) -> str:
    if name == "three_player_mode":
        return _("Only for games of three players.")
    return _("Only with partners: games of four or six players.")


def plain(value: Any) -> Any:
    """A value as written in JSON (enum members by their value)."""
    return value.value if isinstance(value, enum.Enum) else value


class PresetKey(enum.StrEnum):
    CLASSIC = "classic"
    HOYLE = "hoyle"
    CUTTHROAT = "cutthroat"
    ITALIAN = "italian"
    BICYCLE = "bicycle"
    STRICT = "strict"
    CASUAL = "casual"


@dataclass(frozen=True, slots=True)
class Preset:
    """A named set of house rules from common rule sheets; `players` fixes the count when set."""

    key: PresetKey
    name: str  # marked with N_
    description: str  # marked with N_
    options: tuple[tuple[str, Any], ...]
    players: int | None = None
    target: int = 0  # 0: the usual target for the player count


PRESETS: tuple[Preset, ...] = (
    Preset(PresetKey.CLASSIC, N_("Classic"), N_("Classic Canasta, every rule as the rule book has it."), ()),
    Preset(
        PresetKey.HOYLE,
        N_("Hoyle"),
        N_("A red three as the last card still lets that player meld; three players play cutthroat."),
        (("last_card_red_three", LastCardRedThree.END_MAY_MELD), ("three_player_mode", ThreePlayerMode.CUTTHROAT)),
    ),
    Preset(
        PresetKey.CUTTHROAT,
        N_("Cutthroat"),
        N_("Three players as Pagat and Hoyle play it: draw two, the first to take the pile plays alone."),
        (("three_player_mode", ThreePlayerMode.CUTTHROAT),),
        players=3,
    ),
    Preset(
        PresetKey.ITALIAN,
        N_("Italian"),
        N_("Red threes count against a side without a canasta."),
        (("red_threes_negative_if", RedThreesNegativeIf.NO_CANASTA),),
    ),
    Preset(
        PresetKey.BICYCLE,
        N_("Bicycle"),
        N_("A discarded black three freezes the pile once covered."),
        (("black_three_discard", BlackThreeDiscard.FREEZE_PILE),),
    ),
    Preset(
        PresetKey.STRICT,
        N_("Strict pile"),
        N_("The pile needs a natural pair and a side's first meld; concealed going out needs the minimum."),
        (
            ("unfrozen_take_with_wild", False),
            ("pile_take_by_adding_to_meld", False),
            ("initial_meld_may_use_pile", False),
            ("concealed_going_out_minimum", ConcealedMinimum.ALWAYS),
        ),
    ),
    Preset(PresetKey.CASUAL, N_("Short game"), N_("A casual game to 3000 points."), (), target=3000),
)


def preset(key: PresetKey) -> Preset:
    return next(item for item in PRESETS if item.key is key)


def default_value(name: str, players: int) -> Any:
    """The rule book's value of an option for a player count."""
    return getattr(Rules.for_players(players), name)
