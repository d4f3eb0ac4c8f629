"""The house rules of the family's games that classic Canasta has not (docs/variants.md): each option's name and
each value's name and one-line meaning, as `canasta.ui.screens.house_rules` lists them. Texts are marked with `N_`
and translated where shown."""

from __future__ import annotations

from typing import Any

from canasta.engine.rules import (
    BlackThrees,
    ClosedBooks,
    FootAfterDiscard,
    GoingOut,
    InitialMeldNeeds,
    MinimumTable,
    PacketTiming,
    Packs,
    RedThrees,
    SevensUnlock,
    SevensWild,
    SixPlayerSides,
    SpecialHands,
    UnplayedPacket,
)
from canasta.engine.rules.games import MODERN_AMERICAN_MINIMUMS
from canasta.i18n import N_

FAMILY_OPTION_NAMES: dict[str, str] = {
    "cards_dealt": N_("Cards dealt"),
    "draw_count": N_("Cards drawn"),
    "minimums": N_("First meld minimums"),
    "initial_meld_needs": N_("The first meld holds"),
    "rule_of_five": N_("Rule of five"),
    "bonus_cards": N_("Bonus cards"),
    "splash": N_("The Splash"),
    "special_hands": N_("Special hands"),
    "incomplete_wild_meld_four_jokers": N_("Unfinished wild meld of four jokers"),
    "eighth_card_going_out": N_("An eighth card going out"),
    "ask_partner_once_per_hand": N_("Asking partner once a hand"),
    # Cuban Canasta's own (`new_meld_after_canasta` is Pennies from Heaven's too).
    "black_threes": N_("Black threes"),
    "concealed_going_out_bonus": N_("Going out concealed"),
    "new_meld_after_canasta": N_("A new meld after a canasta"),
    # Pennies from Heaven's own.
    "packet_timing": N_("Taking up the packet"),
    "sevens_wild": N_("Wild cards among sevens"),
    "sevens_unlock": N_("Sevens may be discarded"),
    "unplayed_packet": N_("A packet never taken up"),
}

# (value, its name, what it means), by option; yes/no options use True and False.
FAMILY_VALUE_TEXTS: dict[str, tuple[tuple[Any, str, str], ...]] = {
    # Hand and Foot's (docs/variants.md, "Hand and Foot").
    "packs": (
        (
            Packs.PLAYERS_PLUS_1,
            N_("One more than the players"),
            N_("A pack more than the players (five for four), each with two jokers."),
        ),
        (
            Packs.PLAYERS_PLUS_2,
            N_("Two more than the players"),
            N_("Two packs more than the players (six for four): a longer stock."),
        ),
    ),
    "hand_size": (
        (11, N_("11"), N_("Each player is dealt a hand of 11 cards.")),
        (13, N_("13"), N_("Each player is dealt a hand of 13 cards.")),
    ),
    "foot_size": (
        (11, N_("11"), N_("Each player's foot holds 11 cards, face down until he picks it up.")),
        (13, N_("13"), N_("Each player's foot holds 13 cards, face down until he picks it up.")),
    ),
    "wild_books": (
        (0, N_("Not allowed"), N_("Wild cards never make a meld of their own.")),
        (1000, N_("Worth 1000"), N_("Three to seven wild cards make a meld; a book of seven wild cards earns 1000.")),
        (1500, N_("Worth 1500"), N_("Three to seven wild cards make a meld; a book of seven wild cards earns 1500.")),
    ),
    "closed_books": (
        (
            ClosedBooks.NATURALS_ONLY,
            N_("Natural cards only"),
            N_("A book of seven takes more natural cards, never a wild card."),
        ),
        (ClosedBooks.NO_ADDITIONS, N_("Closed"), N_("A book of seven is closed: nothing more goes onto it.")),
    ),
    "pile_take_count": (
        (7, N_("Seven"), N_("The top card and the six below it go to the player who takes the pile.")),
        (5, N_("Five"), N_("The top card and the four below it go to the player who takes the pile.")),
        (3, N_("Three"), N_("The top card and the two below it go to the player who takes the pile.")),
        (1, N_("The top card"), N_("Taking the pile takes its top card only.")),
        (0, N_("The whole pile"), N_("Taking the pile takes every card in it.")),
    ),
    "take_with_wild": (
        (False, N_("Not allowed"), N_("Taking the pile always needs two natural cards of the top card's rank.")),
        (True, N_("Allowed"), N_("One natural card of the top card's rank and a wild card also take the pile.")),
    ),
    "pile_needs_side_down": (
        (False, N_("No"), N_("Taking the pile may be your side's first meld of the round.")),
        (True, N_("Yes"), N_("A side takes the pile only once it has made its first meld of the round.")),
    ),
    "red_threes": (
        (
            RedThrees.BONUS_100,
            N_("Laid out, 100 each"),
            N_("Laid out and replaced at once for 100 each; one still held at the end counts minus 500."),
        ),
        (
            RedThrees.PENALTY_500,
            N_("Minus 500 if held"),
            N_("Never laid out: discard them, as each one held at the end counts minus 500."),
        ),
    ),
    "round_minimums": (
        (
            (50, 90, 120, 150),
            N_("50, 90, 120, 150"),
            N_("A side's first meld needs 50 in round one, 90 in round two, 120 in round three and 150 in round four."),
        ),
        (
            (60, 90, 120, 150),
            N_("60, 90, 120, 150"),
            N_("A side's first meld needs 60 in round one, then 90, 120 and 150."),
        ),
    ),
    "going_out": (
        (GoingOut.EITHER, N_("Either way"), N_("Go out by melding every card, or all but one and discarding it.")),
        (GoingOut.MUST_DISCARD, N_("With a discard"), N_("The last card must be discarded.")),
        (GoingOut.MUST_MELD, N_("By melding"), N_("Every last card must be melded: no discard to go out.")),
    ),
    "all_in_foot": (
        (False, N_("No"), N_("A player who has played his foot may go out, whatever his partners hold.")),
        (True, N_("Yes"), N_("A side goes out only once each of its players has picked up his foot.")),
    ),
    "foot_after_discard": (
        (
            FootAfterDiscard.NEXT_TURN,
            N_("Next turn"),
            N_("Empty your hand by a discard and you pick up your foot; you play it from your next turn."),
        ),
        (
            FootAfterDiscard.AT_ONCE,
            N_("At once"),
            N_("Empty your hand by a discard and you pick up your foot and play on: meld, then discard again."),
        ),
    ),
    "six_player_sides": (
        (SixPlayerSides.TWO_OF_THREE, N_("Two sides of three"), N_("Partners sit every other seat.")),
        (SixPlayerSides.THREE_OF_TWO, N_("Three sides of two"), N_("Partners sit opposite each other.")),
    ),
    # Modern American's (docs/variants.md, "Modern American Canasta").
    "cards_dealt": (
        (13, N_("13"), N_("Each player is dealt 13 cards.")),
        (15, N_("15"), N_("Each player is dealt 15 cards.")),
    ),
    "draw_count": (
        (1, N_("One"), N_("Each turn starts by drawing one card from the stock.")),
        (2, N_("Two"), N_("Each turn starts by drawing two cards from the stock.")),
    ),
    "minimums": (
        (
            MODERN_AMERICAN_MINIMUMS,
            N_("125, 155, 180"),
            N_("A side's first meld needs 125 points below 3000, 155 from 3000 and 180 from 5000."),
        ),
        (
            (125, 155, 150),
            N_("125, 155, 150"),
            N_("A side's first meld needs 125 points below 3000, 155 from 3000 and 150 from 5000."),
        ),
        # Pennies from Heaven's two tables
        (
            MinimumTable.PENNIES,
            N_("15, 50, 90, 120, 150"),
            N_("A side's first meld needs 15 below 0, 50 from 0, 90 from 500, 120 from 1000 and 150 from 1500."),
        ),
        (
            MinimumTable.STANDARD_150,
            N_("15, 50, 150"),
            N_("A side's first meld needs 15 below 0, 50 from 0 and 150 from 1500."),
        ),
        (  # Cuban Canasta's two tables
            MinimumTable.CUBAN,
            N_("15 to 150"),
            N_("A side's first meld needs 15 below 0, 50 from 0, 90 from 1500, 120 from 3000 and 150 from 5000."),
        ),
        (
            MinimumTable.JOKER,
            N_("100, 130, 150"),
            N_("A side's first meld needs 100 points below 3000, 130 from 3000 and 150 from 5000."),
        ),
    ),
    "black_threes": (
        (
            BlackThrees.SET_ASIDE,
            N_("Set aside"),
            N_(
                "Black threes in a pile you take leave play for 5 each (100 for all four); none may be discarded in "
                "the first round."
            ),
        ),
        (
            BlackThrees.BONUS,
            N_("Laid out"),
            N_("Black threes are laid out and replaced like red ones, for 100, 300, 500 or 1000, with their sign."),
        ),
    ),
    "concealed_going_out_bonus": (
        (100, N_("No bonus"), N_("Going out concealed earns the usual 100.")),
        (200, N_("200"), N_("Going out concealed earns 200, and needs no first-meld minimum.")),
    ),
    "new_meld_after_canasta": (
        (False, N_("No"), N_("Once your side's group of a rank is a canasta, that rank is closed for your side.")),
        (True, N_("Yes"), N_("Once your side's group of a rank is a canasta, your side may start another.")),
    ),
    "initial_meld_needs": (
        (
            InitialMeldNeeds.CLEAN_TRIPLE,
            N_("A clean triple"),
            N_("A side's first meld holds three or more natural cards of one rank, with no wild card."),
        ),
        (
            InitialMeldNeeds.CLEAN_TRIPLE_OR_WILD_MELD,
            N_("A clean triple or a wild meld"),
            N_("A side's first meld holds a clean triple, or three or more wild cards melded on their own."),
        ),
    ),
    "rule_of_five": (
        (
            True,
            N_("Yes"),
            N_("After its first meld, a side adds a wild card to a group only once it has five natural cards."),
        ),
        (False, N_("No"), N_("A wild card may join any group at any time, up to two wild cards.")),
    ),
    "bonus_cards": (
        (
            True,
            N_("4 and 3"),
            N_("A first meld from hand before the turn card is drawn earns 4 stock cards (3 for the second side)."),
        ),
        (False, N_("None"), N_("Nobody takes bonus cards.")),
    ),
    "splash": (
        (False, N_("Off"), N_("Every first meld needs the minimum and a clean triple.")),
        (True, N_("On"), N_("A natural or wild canasta laid whole from hand as the first meld needs no minimum.")),
    ),
    "special_hands": (
        (
            SpecialHands.CLA,
            N_("The League's"),
            N_("Eleven hands of 14 cards, from Pairs (2500) to the Dream hands, declared before a side melds."),
        ),
        (
            SpecialHands.PAGAT,
            N_("Pagat's"),
            N_("Four hands of 14 cards: the Straight (3000), Pairs (2500), Wild pairs and Garbage (2000 each)."),
        ),
        (SpecialHands.OFF, N_("None"), N_("No special hands: every hand is played out.")),
    ),
    "incomplete_wild_meld_four_jokers": (
        (2000, N_("Minus 2000"), N_("An unfinished wild meld counts 2000 against its side, whatever it holds.")),
        (2500, N_("Minus 2500"), N_("An unfinished wild meld holding all four jokers counts 2500 against its side.")),
    ),
    "eighth_card_going_out": (
        (False, N_("No"), N_("A group never holds more than seven cards.")),
        (True, N_("Yes"), N_("In the turn you go out, a group may take an eighth card.")),
    ),
    "ask_partner_once_per_hand": (
        (True, N_("Once a hand"), N_("Each player may ask \u201cPartner, may I go out?\u201d only once a hand.")),
        (False, N_("Any time"), N_("A player may ask partner as often as he likes.")),
    ),
    # Pennies from Heaven's (docs/variants.md, "Pennies from Heaven").
    "packet_timing": (
        (
            PacketTiming.AT_ONCE,
            N_("At once"),
            N_("Complete your first canasta and your packet of 11 joins your hand at once: meld on, then discard."),
        ),
        (
            PacketTiming.NEXT_TURN,
            N_("Next turn"),
            N_("Complete your first canasta and you take up your packet of 11 as your next turn begins."),
        ),
    ),
    "sevens_wild": (
        (SevensWild.ALLOWED, N_("Allowed"), N_("A meld of sevens may hold wild cards, as any group.")),
        (SevensWild.NONE, N_("None"), N_("A meld of sevens never holds a wild card.")),
    ),
    "sevens_unlock": (
        (
            SevensUnlock.EVERY_SIDE,
            N_("After every side's"),
            N_("Nobody discards a seven until every side has completed a canasta of sevens."),
        ),
        (
            SevensUnlock.OWN_SIDE,
            N_("After your side's"),
            N_("You may discard sevens once your own side has completed a canasta of sevens."),
        ),
    ),
    "unplayed_packet": (
        (UnplayedPacket.MINUS, N_("Counts against"), N_("Cards of a packet still face down count against the side.")),
        (UnplayedPacket.ZERO, N_("Counts nothing"), N_("A packet still face down at the end counts nothing.")),
    ),
}
