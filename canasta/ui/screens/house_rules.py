"""The house-rule options (docs/rules.md, docs/variants.md) as players read them: a name, and each value's name
and one-line meaning; the games of the family a new game may be (classic Canasta, Samba, Bolivia, Hand and Foot,
Modern American Canasta) with their player counts; and the named presets the rule sheets describe, by game. Texts
are marked with `N_` and translated where shown; the family's own options' texts are in `house_rule_texts`.

Each game has its own house rules (`option_names(variant)`): the functions here take the game, classic by
default. The target score is not here: the new-game screen offers it beside the number of players (and with it
Hand and Foot's choice between four rounds and a target, `game_end`).
"""

from __future__ import annotations

import enum
from typing import Any

from canasta.engine.rules import (
    AskPartner,
    AskPartnerTiming,
    BlackThreeDiscard,
    ClosedBooks,
    ConcealedMinimum,
    FirstDealer,
    GoingOut,
    InitialMeldNeeds,
    LastCardRedThree,
    RedThreesNegativeIf,
    Rules,
    SpecialHands,
    StockExhausted,
    ThreePlayerMode,
    Tie,
    UpcardBlackThree,
    UpcardSpecials,
    Variant,
    WildLimit,
    option_names,
    option_values,
)
from canasta.engine.rules.catalog import player_counts
from canasta.i18n import N_, _, ngettext
from canasta.ui.screens.house_rule_texts import FAMILY_OPTION_NAMES, FAMILY_VALUE_TEXTS
from canasta.ui.screens.presets import CUBAN_PRESETS, PENNIES_PRESETS, Preset, PresetKey

# Offered beside the player count ("Game to"), not among the house rules: Hand and Foot's four rounds or target too.
NOT_LISTED = frozenset({"target_score", "game_end"})

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
    "top_minimum": N_("First meld from 7000"),
    "combine_groups": N_("Several groups of a rank"),
    "black_three_in_hand": N_("Black three left in hand"),
    "black_three_penalty_on_stock_end": N_("Black threes when the stock ends"),
    "packs": N_("Packs"),
    "hand_size": N_("Cards in a hand"),
    "foot_size": N_("Cards in a foot"),
    "wild_books": N_("Books of wild cards"),
    "closed_books": N_("A book of seven"),
    "pile_take_count": N_("Cards taken from the pile"),
    "take_with_wild": N_("Take the pile with a wild card"),
    "pile_needs_side_down": N_("Pile only after your side's first meld"),
    "red_threes": N_("Red threes"),
    "round_minimums": N_("First meld by round"),
    "books_to_go_out": N_("Books needed to go out"),
    "going_out": N_("How to go out"),
    "all_in_foot": N_("Everyone in his foot"),
    "foot_after_discard": N_("Foot reached by a discard"),
    "six_player_sides": N_("Six players"),
    **FAMILY_OPTION_NAMES,
}

# The games a new game may be (every game the engine plays, in its order), with what each is.
VARIANTS: tuple[Variant, ...] = tuple(Variant)
VARIANT_NAMES: dict[Variant, str] = {
    Variant.CLASSIC: N_("Classic Canasta"),
    Variant.SAMBA: N_("Samba"),
    Variant.BOLIVIA: N_("Bolivia"),
    Variant.HAND_AND_FOOT: N_("Hand and Foot"),
    Variant.MODERN_AMERICAN: N_("Modern American"),
    Variant.CUBAN: N_("Cuban Canasta"),
    Variant.PENNIES_FROM_HEAVEN: N_("Pennies"),  # short, to fit the new-game screen; its meaning says it in full
}
VARIANT_MEANINGS: dict[Variant, str] = {
    Variant.CLASSIC: N_("Two packs, one group per rank; a canasta or two to go out."),
    Variant.SAMBA: N_("Three packs, draw two, sequences of one suit (a samba is 1500); two canastas to go out."),
    Variant.BOLIVIA: N_("Samba with melds of wild cards (a bolivia is 2500); going out needs an escalera."),
    Variant.HAND_AND_FOOT: N_(
        "A hand and a foot of 11 cards each, draw two, books of seven (clean 500, dirty 300); four rounds, the "
        "first meld rising from 50 to 150; to go out, play your foot and have two clean and two dirty books."
    ),
    Variant.MODERN_AMERICAN: N_(
        "The clubs' Canasta of today: 13 cards, draw one, threes of both colours laid out, the pile always frozen, "
        "sevens and aces canastas worth 2500, melds of wild cards; two canastas to go out, the game to 8500."
    ),
    Variant.CUBAN: N_(
        "Two packs, 13 cards, the pile always frozen, canastas of seven at most; wild canastas up to 4000, black "
        "threes from the pile set aside for 5 each; 7500 to win."
    ),
    Variant.PENNIES_FROM_HEAVEN: N_(
        "Pennies from Heaven: six players in two sides of three, four packs, 13 cards and a packet of 11 taken up "
        "with your first canasta, draw two; melds of seven at most; a natural, a mixed, a sevens (1500) and a wild "
        "(1000) canasta to go out; the game to 20,000."
    ),
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
        (
            RedThreesNegativeIf.FEWER_THAN_2_CANASTAS,
            N_("With fewer than two canastas"),
            N_("Red threes score minus for a side that has not made two canastas this hand."),
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
        (WildLimit.MAX2, N_("At most two"), N_("A group needs two natural cards and holds at most two wild cards.")),
        (
            WildLimit.TWICE_NATURALS,
            N_("Twice as many naturals"),
            N_("At most two wild cards, and at least twice as many natural cards as wild cards."),
        ),
        (
            WildLimit.UNLIMITED,
            N_("No limit"),
            N_("A group needs two natural cards and may hold any number of wild cards."),
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
    "top_minimum": (
        (160, N_("160"), N_("A side with 7000 or more needs 160 points for its first meld.")),
        (150, N_("150"), N_("A side with 7000 or more needs 150 points for its first meld, as in Bolivia.")),
    ),
    "combine_groups": (
        (
            True,
            N_("Allowed, and combined"),
            N_("A side may hold several groups of one rank and join two of them at any time in its turn."),
        ),
        (False, N_("One per rank"), N_("A side holds one group per rank, as in classic Canasta.")),
    ),
    "black_three_in_hand": (
        (100, N_("Minus 100"), N_("Each black three left in a hand counts 100 against its side.")),
        (5, N_("Minus 5"), N_("A black three left in a hand counts only its card value, 5.")),
        (0, N_("Nothing"), N_("A black three left in a hand counts nothing.")),
        (300, N_("Minus 300"), N_("Each black three left in a hand counts 300 against its side.")),
    ),
    "black_three_penalty_on_stock_end": (
        (
            True,
            N_("The same count"),
            N_("Black threes left in hand count against their side also when the stock ends."),
        ),
        (False, N_("Card value"), N_("When the stock ends the hand, black threes left in hand count only 5.")),
    ),
    **FAMILY_VALUE_TEXTS,
}
CANASTA_COUNTS = (1, 2, 3)
# Hand and Foot's books to go out, (clean, dirty): the usual two and two, and the spread the rule sheets show.
BOOKS_TO_GO_OUT = ((2, 2), (1, 1), (1, 2), (3, 3), (4, 3))


def listed_options(variant: Variant = Variant.CLASSIC) -> tuple[str, ...]:
    """The house rules of a game the new-game screen lists (classic's in the order of docs/rules.md, House rules)."""
    return tuple(name for name in option_names(variant) if name not in NOT_LISTED)


def option_choices(name: str, variant: Variant = Variant.CLASSIC) -> tuple[Any, ...]:
    """The values an option of a game may take on the new-game screen."""
    if name == "canastas_to_go_out":
        return option_values(name, variant) or CANASTA_COUNTS  # a game that lists its counts offers those
    if name == "concealed_canasta_bonus":
        return (0, 100)
    if name == "books_to_go_out":
        return BOOKS_TO_GO_OUT
    return option_values(name, variant)


def variant_players(variant: Variant) -> tuple[int, ...]:
    """The player counts a game is played by (Samba and Hand and Foot 2, 3, 4, 6; Bolivia 4)."""
    return player_counts(variant)


def variant_name(variant: Variant) -> str:
    return _(VARIANT_NAMES[variant])


def variant_meaning(variant: Variant) -> str:
    """What a game of the family is, in one sentence of the player's language."""
    return _(VARIANT_MEANINGS[variant])


def option_label(name: str) -> str:
    return _(OPTION_NAMES[name])


def value_label(name: str, value: Any) -> str:
    """The name of one value of an option, in the player's language."""
    if name == "canastas_to_go_out":
        return ngettext("{count} canasta", "{count} canastas", int(value)).format(count=value)
    if name == "books_to_go_out":
        return _("{clean} clean, {dirty} dirty").format(clean=value[0], dirty=value[1])
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
    if name == "books_to_go_out":
        return _books_meaning(value[0], value[1])
    for known, _label, meaning in VALUE_TEXTS[name]:
        if known == value:
            return _(meaning)
    return ""


def _books_meaning(clean: int, dirty: int) -> str:
    clean_books = ngettext("{count} clean book", "{count} clean books", clean).format(count=clean)
    dirty_books = ngettext("{count} dirty book", "{count} dirty books", dirty).format(count=dirty)
    return _("To go out, a side needs {clean} and {dirty} (books of seven or more).").format(
        clean=clean_books, dirty=dirty_books
    )


def applies(name: str, players: int) -> bool:  # the same for every game
    """Whether an option matters for this player count."""
    if name == "three_player_mode":
        return players == 3
    if name == "six_player_sides":
        return players == 6
    if name in ("ask_partner", "ask_partner_timing", "all_in_foot"):
        return players >= 4
    return True


def not_applying_note(name: str) -> str:
    if name == "three_player_mode":
        return _("Only for games of three players.")
    if name == "six_player_sides":
        return _("Only for games of six players.")
    return _("Only with partners: games of four or six players.")


def plain(value: Any) -> Any:
    """A value as written in JSON (enum members by their value)."""
    return value.value if isinstance(value, enum.Enum) else value


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
    Preset(
        PresetKey.SAMBA, N_("Samba"), N_("Samba as the rule books have it: every rule at its usual value."), (),
        variant=Variant.SAMBA,
    ),
    Preset(
        PresetKey.SAMBA_STRICT,
        N_("Strict Samba"),
        N_("At least twice as many natural cards as wild cards in a group; three canastas to go out."),
        (("wild_limit", WildLimit.TWICE_NATURALS), ("canastas_to_go_out", 3)),
        variant=Variant.SAMBA,
    ),
    Preset(
        PresetKey.SAMBA_SHORT, N_("Short Samba"), N_("A Samba game to 5000 points."), (), target=5000,
        variant=Variant.SAMBA,
    ),
    Preset(
        PresetKey.BOLIVIA, N_("Bolivia"), N_("Bolivia as the rule books have it: every rule at its usual value."), (),
        variant=Variant.BOLIVIA,
    ),
    Preset(
        PresetKey.BOLIVIA_OPEN,
        N_("Open Bolivia"),
        N_("Groups take any number of wild cards, and black threes left in hand count only 5."),
        (("wild_limit", WildLimit.UNLIMITED), ("black_three_in_hand", 5)),
        variant=Variant.BOLIVIA,
    ),
    Preset(
        PresetKey.BOLIVIA_SHORT, N_("Short Bolivia"), N_("A Bolivia game to 7500 points."), (), target=7500,
        variant=Variant.BOLIVIA,
    ),
    Preset(
        PresetKey.HAND_AND_FOOT, N_("Hand and Foot"),
        N_("Hand and Foot as most tables play it: every rule at its usual value."), (),
        variant=Variant.HAND_AND_FOOT,
    ),
    Preset(
        PresetKey.HAND_AND_FOOT_STRICT,
        N_("Strict Hand and Foot"),
        N_("Everyone in his foot before a side goes out, out only with a discard, books closed at seven, the pile "
           "only for a side already down."),
        (("all_in_foot", True), ("going_out", GoingOut.MUST_DISCARD), ("closed_books", ClosedBooks.NO_ADDITIONS),
         ("pile_needs_side_down", True)),
        variant=Variant.HAND_AND_FOOT,
    ),
    Preset(
        PresetKey.HAND_AND_FOOT_QUICK,
        N_("Quick Hand and Foot"),
        N_("One clean and one dirty book to go out, and the whole pile to whoever takes it: shorter rounds."),
        (("books_to_go_out", (1, 1)), ("pile_take_count", 0)),
        variant=Variant.HAND_AND_FOOT,
    ),
    Preset(
        PresetKey.HAND_AND_FOOT_WILD,
        N_("Wild Hand and Foot"),
        N_("Books of wild cards (1500), and a natural card with a wild card takes the pile."),
        (("wild_books", 1500), ("take_with_wild", True)),
        variant=Variant.HAND_AND_FOOT,
    ),
    Preset(
        PresetKey.HAND_AND_FOOT_TARGET, N_("Hand and Foot to 10000"),
        N_("Rounds go on until a side reaches 10000 points, instead of four rounds."), (), target=10_000,
        variant=Variant.HAND_AND_FOOT,
    ),
    Preset(
        PresetKey.MODERN_AMERICAN, N_("League rules"),
        N_("Modern American Canasta as the Canasta League of America plays it: every rule at its usual value."), (),
        variant=Variant.MODERN_AMERICAN,
    ),
    Preset(
        PresetKey.MODERN_AMERICAN_PAGAT,
        N_("Pagat's variant"),
        N_("A wild meld may stand for the clean triple, no rule of five, the Splash, Pagat's four special hands, "
           "and minus 2500 for an unfinished wild meld of four jokers."),
        (("initial_meld_needs", InitialMeldNeeds.CLEAN_TRIPLE_OR_WILD_MELD), ("rule_of_five", False),
         ("special_hands", SpecialHands.PAGAT), ("splash", True), ("incomplete_wild_meld_four_jokers", 2500)),
        variant=Variant.MODERN_AMERICAN,
    ),
    Preset(
        PresetKey.MODERN_AMERICAN_SHORT, N_("A short game"), N_("A Modern American game to 5000 points."), (),
        target=5000, variant=Variant.MODERN_AMERICAN,
    ),
    *CUBAN_PRESETS,
    *PENNIES_PRESETS,
)  # fmt: skip


def preset(key: PresetKey) -> Preset:
    return next(item for item in PRESETS if item.key is key)


def presets_of(variant: Variant) -> tuple[Preset, ...]:
    """The presets of one game, in the order offered."""
    return tuple(item for item in PRESETS if item.variant is variant)


def default_value(name: str, players: int, variant: Variant = Variant.CLASSIC) -> Any:
    """The rule book's value of an option of a game for a player count."""
    return getattr(_defaults(variant, players), name)


def _defaults(variant: Variant, players: int) -> Rules:
    """The rule book's rules of a game for a player count (the nearest count the game is played by)."""
    counts = variant_players(variant)
    if players not in counts:
        players = min(counts, key=lambda count: abs(count - players))
    return Rules.for_players(players, variant=variant)
