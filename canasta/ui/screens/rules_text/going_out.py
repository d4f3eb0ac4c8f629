"""The sections of the first meld, going out and asking partner."""

from __future__ import annotations

from canasta.engine.refusals import Code
from canasta.engine.rules import (
    AskPartner,
    AskPartnerTiming,
    ConcealedMinimum,
    GameEnd,
    GoingOut,
    Rules,
    option_names,
)
from canasta.engine.rules.catalog import plays_rounds
from canasta.i18n import _, ngettext
from canasta.ui.screens.house_rules import (
    listed_options,
)
from canasta.ui.screens.rules_text.base import Paragraph, Section, Words, by_option, is_changed, keep_two, words_of
from canasta.ui.screens.rules_text.closing import (
    canasta_types_to_go_out,
    concealed_with_types,
    keep_two_with_packet,
    takes_up_packet,
)
from canasta.ui.screens.rules_text.limits import clean_triple, out_by_discard, special_hands


def initial_meld_section(rules: Rules) -> Section:
    if plays_rounds(rules.shape):
        return _initial_meld_by_round(rules)
    steps = rules.shape.minimums
    changed = any(
        name in listed_options(rules.variant) and is_changed(rules, name) for name in ("top_minimum", "minimums")
    )
    if steps[1][0] > 0:  # the first step holds up to the second (negative scores included)
        parts = [_("below {start}: {minimum}").format(start=steps[1][0], minimum=steps[0][1])]
    else:
        parts = [_("below 0: {minimum}").format(minimum=steps[0][1])]
    for (start, minimum), following in zip(steps[1:], (*steps[2:], None), strict=True):
        if following is None:
            parts.append(_("{start} or more: {minimum}").format(start=start, minimum=minimum))
        else:
            parts.append(_("{start} to {end}: {minimum}").format(start=start, end=following[0] - 5, minimum=minimum))
    return Section("initial_meld", _("The first meld"), (
        Paragraph(_("Your side's first meld of a hand must be worth a minimum, set by your side's score: "
                    "{steps}.").format(steps="; ".join(parts)), "minimum", changed),
        _what_counts(rules),
        *clean_triple(rules),
    ))  # fmt: skip


def _what_counts(rules: Rules) -> Paragraph:
    if rules.shape.top_card_counts_for_minimum:
        text = _("Several melds laid down together count together. The cards you meld from hand count, and the "
                 "pile's top card when you take the pile for it; red threes and bonuses do not. Once it is made, "
                 "your side has no minimum for the rest of the hand.")  # fmt: skip
    else:
        text = _("Several melds laid down together count together. Only the cards you meld from your hand count: "
                 "never the pile's top card, threes or bonuses. Once it is made, your side has no minimum for the "
                 "rest of the hand.")  # fmt: skip
    return Paragraph(text, "what_counts")


def _initial_meld_by_round(rules: Rules) -> Section:
    minimums = rules.shape.round_minimums
    if rules.game_end is GameEnd.TARGET:
        steps = _("below 2500: {first}; 2500 to 4995: {second}; 5000 to 7495: {third}; 7500 or more: {fourth}")
        text = _("Your side's first meld of a round must be worth a minimum, set by your side's score: "
                 "{steps}.")  # fmt: skip
    else:
        steps = _("round one {first}, round two {second}, round three {third}, round four {fourth}")
        text = _("Your side's first meld of a round must be worth a minimum, set by the round: {steps}.")
    filled = steps.format(first=minimums[0], second=minimums[1], third=minimums[2], fourth=minimums[3])
    changed = is_changed(rules, "round_minimums") or is_changed(rules, "game_end")
    return Section("initial_meld", _("The first meld"), (
        Paragraph(text.format(steps=filled), "minimum", changed),
        Paragraph(_("Only the first player of the side to meld must reach it. The cards melded from hand in that "
                    "step count, and the top card and its pair when you take the pile for it; red threes, "
                    "bonuses and the other pile cards do not."), "what_counts"),
    ))  # fmt: skip


def going_out_section(rules: Rules) -> Section:
    shape = rules.shape
    if shape.foot_size and not takes_up_packet(rules):
        return _going_out_from_the_foot(rules)
    count = rules.canastas_to_go_out
    if words_of(rules) is Words.SEQUENCES:
        needs = ngettext("To go out, your side needs {count} canasta of any kind (it may be completed in the same "
                         "turn).",
                         "To go out, your side needs {count} canastas of any kinds (they may be completed in the "
                         "same turn).", count).format(count=count)  # fmt: skip
    else:
        needs = ngettext("To go out, your side needs {count} canasta (it may be completed in the same turn).",
                         "To go out, your side needs {count} canastas (they may be completed in the same turn).",
                         count).format(count=count)  # fmt: skip
    paragraphs = [by_option(rules, "canastas_to_go_out", needs, "needs_canasta")]
    if shape.canasta_types_to_go_out:
        paragraphs = [canasta_types_to_go_out()]
    if shape.going_out_needs_sequence:
        paragraphs.append(Paragraph(_("One of them must be an escalera (a sequence canasta); a bolivia counts "
                                      "as a canasta."), "needs_sequence",
                                    codes=(Code.GOING_OUT_NEEDS_SEQUENCE,)))  # fmt: skip
    if shape.concealed_exemption:  # going out concealed earns more, and may skip the minimum
        paragraphs += _going_out_concealed(rules)
    elif shape.out_by_discard_only:
        paragraphs += [*out_by_discard(rules), keep_two(), *special_hands(rules)]
    else:
        paragraphs += [
            Paragraph(_("You go out when your hand is empty: by melding every card, or all but one and discarding "
                        "it. Going out earns {bonus}; going out concealed earns nothing more.").format(
                            bonus=shape.going_out_bonus), "bonus"),
            keep_two(),
            Paragraph(_("Your side's first meld always needs the minimum, also when you go out with it in one "
                        "turn."), "concealed_minimum"),
        ]  # fmt: skip
    return Section("going_out", _("Going out"), tuple(paragraphs))


def _going_out_concealed(rules: Rules) -> list[Paragraph]:
    if rules.concealed_going_out_minimum is ConcealedMinimum.EXEMPT_AFTER_STOCK_DRAW:
        minimum = _("After a stock draw, a concealed going out needs no first-meld minimum; your last card may "
                    "then only be discarded or added to a meld you made this turn.")  # fmt: skip
    else:
        minimum = _("In this game a concealed going out needs the first-meld minimum like any first meld.")
    return [
        Paragraph(_("You go out when your hand is empty: by melding every card, or all but one and "
                    "discarding it. Going out earns {bonus}.").format(bonus=rules.shape.going_out_bonus), "bonus"),
        keep_two_with_packet() if takes_up_packet(rules) else keep_two(),
        concealed_with_types(rules) if rules.shape.canasta_types_to_go_out else
        Paragraph(_("Going out concealed means melding your whole hand in one turn, with a canasta, having "
                    "melded nothing before. It earns {bonus} instead.").format(
                        bonus=rules.shape.concealed_going_out_bonus), "concealed"),
        by_option(rules, "concealed_going_out_minimum", minimum, "concealed_minimum"),
    ]  # fmt: skip


def _going_out_from_the_foot(rules: Rules) -> Section:
    clean, dirty = rules.shape.books_to_go_out
    books = ngettext("{count} clean book", "{count} clean books", clean).format(count=clean)
    dirties = ngettext("{count} dirty book", "{count} dirty books", dirty).format(count=dirty)
    how = {
        GoingOut.EITHER: _("You go out by melding every card, or all but one and discarding it."),
        GoingOut.MUST_DISCARD: _("In this game you go out only by discarding your last card."),
        GoingOut.MUST_MELD: _("In this game you go out only by melding every card: no discard."),
    }[rules.going_out]
    if rules.all_in_foot:
        everyone = _("In this game your side goes out only once each of its players has picked up his foot.")
    else:
        everyone = _("Your partners need not have picked up their feet.")
    return Section("going_out", _("Going out"), (
        by_option(rules, "books_to_go_out", _("To go out, you must have picked up and played your foot, and your side "
                                            "needs {clean} and {dirty} (they may be completed in the same "
                                            "turn).").format(clean=books, dirty=dirties), "needs_canasta"),
        by_option(rules, "going_out", how, "how", (Code.CANNOT_MELD_EVERYTHING,)),
        Paragraph(_("Going out ends the round and earns {bonus}.").format(bonus=rules.shape.going_out_bonus),
                  "bonus"),
        Paragraph(_("Your hand may always be emptied while your foot waits. Once in your foot, until your side "
                    "may go out, you must keep at least two cards after melding: one to discard and one to "
                    "keep."), "keep_two", codes=(Code.MUST_KEEP_TWO_CARDS, Code.EXEMPT_LAST_CARD)),
        by_option(rules, "all_in_foot", everyone, "all_in_foot"),
    ))  # fmt: skip


def asking_partner_section(rules: Rules) -> Section:
    asking = {
        AskPartner.OPTIONAL: _("You may ask \u201cPartner, may I go out?\u201d once per turn. You need not ask."),
        AskPartner.OFF: _("In this game nobody asks partner: you go out whenever you can."),
        AskPartner.REQUIRED: _("In this game you must ask \u201cPartner, may I go out?\u201d before you go out."),
    }[rules.ask_partner]  # fmt: skip
    timing = (_("Ask before you meld anything in that turn (taking the pile counts as melding).")
              if rules.ask_partner_timing is AskPartnerTiming.BEFORE_FIRST_MELD_OF_TURN
              else _("In this game you may ask at any point of your turn before going out."))  # fmt: skip
    return Section("asking_partner", _("Asking partner"), (
        by_option(rules, "ask_partner", asking, "asking"),
        by_option(rules, "ask_partner_timing", timing, "timing"),
        Paragraph(_("The answer binds: after \u201cno\u201d you may not go out this turn; after \u201cyes\u201d "
                    "you must go out this turn if any play lets you. The partner asked must answer first."),
                  "answer"),
        Paragraph(_("With two or three players there is no partner, so nobody asks."), "no_partner"),
        *_once_a_hand(rules),
    ))  # fmt: skip


def _once_a_hand(rules: Rules) -> tuple[Paragraph, ...]:
    if "ask_partner_once_per_hand" not in option_names(rules.variant):
        return ()
    if rules.ask_partner_once_per_hand:
        text = _("Each player may ask only once a hand.")
    else:
        text = _("In this game a player may ask as often as he likes, once per turn.")
    return (by_option(rules, "ask_partner_once_per_hand", text, "once_a_hand", (Code.ASKED_THIS_HAND,)),)
