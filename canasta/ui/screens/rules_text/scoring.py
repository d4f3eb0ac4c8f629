"""The sections of the end of the stock, scoring, the end of the game and the house rules."""

from __future__ import annotations

from canasta.engine.refusals import Code
from canasta.engine.rules import (
    GameEnd,
    LastCardRedThree,
    RedThrees,
    RedThreesNegativeIf,
    Rules,
    StockExhausted,
    Tie,
    default_target_score,
    option_names,
)
from canasta.engine.rules.catalog import plays_rounds
from canasta.i18n import _
from canasta.ui.screens.house_rules import (
    listed_options,
    option_label,
    value_label,
    value_meaning,
)
from canasta.ui.screens.rules_text.base import (
    Paragraph,
    Section,
    Words,
    by_option,
    has_wild_melds,
    red_three_score,
    words_of,
)
from canasta.ui.screens.rules_text.closing import (
    black_threes_aside_example,
    packet_example,
    packet_scoring,
    red_threes_by_total,
    red_threes_need_sevens,
    scores_by_total,
    takes_up_packet,
)
from canasta.ui.screens.rules_text.limits import canasta_count_scoring


def stock_end_section(rules: Rules) -> Section:
    if rules.shape.last_three_kept:
        return Section("stock_end", _("When the stock runs out"), _last_three_kept())
    if plays_rounds(rules.shape):
        return Section("stock_end", _("When the stock runs out"), (
            Paragraph(_("If only one card is left when you must draw two, you draw it. Nobody may draw from an "
                        "empty stock."), "stock_end", codes=(Code.FINAL_TURN_NO_DISCARD,)),
            Paragraph(_("If the stock is empty at the start of your turn, you may take the pile if you can; if you "
                        "do not, the round ends."), "forced_take"),
            Paragraph(_("A round that ends this way gives nobody a going-out bonus."), "no_bonus"),
        ))  # fmt: skip
    if rules.stock_exhausted is StockExhausted.CONTINUE_FORCED_TAKE:
        forced = _("When the stock is empty, each player in turn must take the pile if its top card fits one of "
                   "his side's melds and the take is allowed; he may take it otherwise if he can. If he does "
                   "not take it, the hand ends.")  # fmt: skip
    else:
        forced = _("In this game the hand ends with the discard of the player who drew the last card.")
    if rules.last_card_red_three is LastCardRedThree.END_NO_MELD:
        red = _("If the last stock card is a red three, the hand ends at once: no meld, no discard.")
    else:
        red = _("If the last stock card is a red three, that player may still meld, then the hand ends.")
    return Section("stock_end", _("When the stock runs out"), (
        Paragraph(_("The player who draws the last card plays normally. Nobody may draw from an empty stock."),
                  "stock_end"),
        by_option(rules, "stock_exhausted", forced, "forced_take"),
        by_option(rules, "last_card_red_three", red, "last_red_three"),
        Paragraph(_("A hand that ends this way gives nobody a going-out bonus."), "no_bonus"),
    ))  # fmt: skip


def _last_three_kept() -> tuple[Paragraph, ...]:
    return (
        Paragraph(_("The player who draws the last card plays normally. Nobody may draw from an empty stock."),
                  "stock_end"),
        Paragraph(_("If the last stock card is a three, it stays in that player's hand (it counts 5 against his "
                    "side) and the hand ends at once."), "last_red_three", codes=(Code.FINAL_TURN_NO_DISCARD,)),
        Paragraph(_("With the stock empty, the next player may take the pile if the rules let him; if he does not, "
                    "the hand ends."), "forced_take", codes=(Code.MUST_TAKE_PILE, Code.CANNOT_PASS)),
        Paragraph(_("A hand that ends this way gives nobody a going-out bonus."), "no_bonus"),
    )  # fmt: skip


def scoring_section(rules: Rules) -> Section:
    words = words_of(rules)
    if rules.shape.scores_by_canasta_count:
        return Section("scoring", _("Scoring a hand"), canasta_count_scoring(rules))
    if takes_up_packet(rules):
        return Section("scoring", _("Scoring a hand"), (
            *packet_scoring(rules), red_three_score(rules), red_threes_need_sevens(rules), packet_example(),
        ))  # fmt: skip
    if words is Words.BOOKS:
        return Section("scoring", _("Scoring a round"), _book_scoring(rules))
    if words is Words.SEQUENCES:
        return Section("scoring", _("Scoring a hand"), _sequence_scoring(rules))
    if rules.red_threes_negative_if is RedThreesNegativeIf.NO_MELD:
        against = _("Red threes count against a side that made no meld this hand.")
    else:
        against = _("In this game red threes count against a side that made no canasta this hand.")
    example = black_threes_aside_example(rules) or (
        Paragraph(_("Example: a natural canasta of kings, a mixed canasta of queens, a meld of three fives, one "
                    "red three, going out, and a nine and a four left in partner's hand make 500 + 300 + 100 + "
                    "100 + 205 \u2212 15 = 1190."), "example"),
    )  # fmt: skip
    return Section("scoring", _("Scoring a hand"), (
        Paragraph(_("Each side scores its canasta bonuses, its red threes, the going-out bonus, and the "
                    "values of all its melded cards, minus the values of the cards left in its players' "
                    "hands."), "lines"),
        red_threes_by_total(rules) if scores_by_total(rules) else red_three_score(rules),
        by_option(rules, "red_threes_negative_if", against, "red_threes_against"),
        *example,
    ))  # fmt: skip


def _sequence_scoring(rules: Rules) -> tuple[Paragraph, ...]:
    shape = rules.shape
    wild = has_wild_melds(rules)
    if wild:
        lines = _(
            "Each side scores its bolivias ({wild}), escaleras ({sequence}), natural canastas ({natural}) "
            "and mixed canastas ({mixed}), its red threes, the going-out bonus, and the values of all its "
            "melded cards, minus the values of the cards left in its players' hands."
        )
    else:
        lines = _(
            "Each side scores its sambas ({sequence}), natural canastas ({natural}) and mixed canastas "
            "({mixed}), its red threes, the going-out bonus, and the values of all its melded cards, minus "
            "the values of the cards left in its players' hands."
        )
    if rules.red_threes_negative_if is RedThreesNegativeIf.FEWER_THAN_2_CANASTAS:
        against = _("Red threes count against a side that has not made two canastas this hand.")
    else:
        against = _("In this game red threes count against a side only if it made no meld this hand.")
    paragraphs = [
        Paragraph(lines.format(wild=shape.wild_canasta_bonus, sequence=shape.sequence_bonus,
                               natural=shape.natural_canasta_bonus, mixed=shape.mixed_canasta_bonus), "lines"),
        red_three_score(rules),
        by_option(rules, "red_threes_negative_if", against, "red_threes_against"),
    ]  # fmt: skip
    if "black_three_in_hand" in option_names(rules.variant):  # a black three left in hand counts more than 5
        paragraphs += _black_threes_in_hand(rules)
    if wild:
        example = _(
            "Example: an escalera of clubs (80), a bolivia of two jokers and five twos (200), a group of "
            "three sixes (15), one red three and going out, with a black three and a five left in "
            "partner's hand, make 1500 + 2500 + 200 + 100 + 295 \u2212 105 = 4490."
        )
    else:
        example = _(
            "Example: a samba of hearts from five to jack (55), a natural canasta of kings (70), a mixed "
            "canasta of queens with two twos (90), three aces (60), two red threes and going out, with a "
            "nine and a four left in partner's hand, make 1500 + 500 + 300 + 200 + 200 + 275 \u2212 15 = "
            "2960."
        )
    paragraphs.append(Paragraph(example, "example"))
    return tuple(paragraphs)


def _book_scoring(rules: Rules) -> tuple[Paragraph, ...]:
    shape = rules.shape
    if rules.red_threes is RedThrees.BONUS_100:
        threes = _("Red threes laid out score 100 each; a red three still in a hand or an unplayed foot counts "
                   "500 against its side.")  # fmt: skip
    else:
        threes = _("In this game each red three still in a hand or an unplayed foot counts 500 against its side.")
    if rules.black_three_in_hand:
        black = _("A black three left in a hand or foot counts {points} against its side.").format(
            points=rules.black_three_in_hand
        )
    else:
        black = _("In this game a black three left in a hand or foot counts nothing.")
    return (
        Paragraph(_("Each side scores {clean} for each clean book and {dirty} for each dirty book, its red "
                    "threes, {bonus} for going out, and the values of all its melded cards, minus the values of "
                    "the cards left in its players' hands and in the feet not yet picked up.").format(
                        clean=shape.natural_canasta_bonus, dirty=shape.mixed_canasta_bonus,
                        bonus=shape.going_out_bonus), "lines"),
        by_option(rules, "red_threes", threes, "red_three_score"),
        by_option(rules, "black_three_in_hand", black, "black_three_in_hand"),
        Paragraph(_("Example: clean books of kings (70) and eights (70), dirty books of fives (95) and queens "
                    "(100), three aces (60), two red threes and going out, with two nines left in partner's "
                    "hand, make 500 + 500 + 300 + 300 + 200 + 100 + 395 \u2212 20 = 2275."), "example"),
    )  # fmt: skip


def game_end_section(rules: Rules) -> Section:
    if "game_end" in option_names(rules.variant):  # the game may end after its rounds
        if rules.game_end is GameEnd.ROUNDS_4:
            text = _("The game ends after the fourth round; the higher total wins, and a tie is shared.")
        else:
            text = _("In this game rounds go on until a side reaches {target} at the end of a round; the higher "
                     "total wins, and on an exact tie another round is played.").format(
                         target=rules.target_score)  # fmt: skip
        return Section("game_end", _("End of the game"), (by_option(rules, "game_end", text, "target"),))
    ties = {
        Tie.PLAY_ANOTHER_HAND: _("On an exact tie, another hand is played."),
        Tie.RAISE_TARGET_500: _("In this game a tie raises the target by 500 and play goes on."),
        Tie.SHARED_WIN: _("In this game a tie is a shared win."),
    }  # fmt: skip
    target = _("The game ends after a hand in which a side reaches {target}; the higher total wins.").format(
        target=rules.target_score
    )
    return Section("game_end", _("End of the game"), (
        Paragraph(target, "target", rules.target_score != default_target_score(rules.players, rules.three_player_mode,
                                                                               rules.variant)),
        by_option(rules, "tie", ties[rules.tie], "tie"),
        by_option(rules, "first_dealer", value_meaning("first_dealer", rules.first_dealer), "first_dealer"),
    ))  # fmt: skip


def house_rules_section(rules: Rules) -> Section:
    paragraphs = [Paragraph(_("Every house rule of this game, with what it means:"), "house_rules")]
    for name in listed_options(rules.variant):
        value = getattr(rules, name)
        text = _("{option}: {value}. {meaning}").format(
            option=option_label(name), value=value_label(name, value), meaning=value_meaning(name, value)
        )
        paragraphs.append(by_option(rules, name, text, name))
    return Section("house_rules", _("House rules of this game"), tuple(paragraphs))


def _black_threes_in_hand(rules: Rules) -> list[Paragraph]:
    if rules.black_three_in_hand == 5:
        in_hand = _("In this game a black three left in a hand counts only its card value, 5.")
    else:
        in_hand = _(
            "Each black three left in a hand counts {points} against its side; melded when going out, it counts 5."
        ).format(points=rules.black_three_in_hand)
    if rules.black_three_penalty_on_stock_end:
        stock_end = _("That count holds also when the stock ends the hand.")
    else:
        stock_end = _("In this game, when the stock ends the hand, black threes left in hand count only 5.")
    return [
        by_option(rules, "black_three_in_hand", in_hand, "black_three_in_hand"),
        by_option(rules, "black_three_penalty_on_stock_end", stock_end, "black_three_on_stock_end"),
    ]
