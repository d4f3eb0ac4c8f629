"""Paragraphs for the rules of games whose melds close at seven cards (docs/variants.md, parts E and E'): a packet
dealt face down and taken up with the player's own first canasta, a rank locked as a discard, canasta types needed
to go out, a rank closed for a side by its canasta, one wild meld a hand, black threes barred in the first round and
set aside from taken piles, red threes scored by their total, and the worked examples. Each is chosen by the shape's
field that makes it true, never by the game's name; each carries the refusal codes it explains."""

from __future__ import annotations

from canasta.engine.cards import Rank
from canasta.engine.refusals import Code
from canasta.engine.rules import PacketTrigger, Rules
from canasta.i18n import _
from canasta.ui.screens.rules_text.base import Paragraph, by_option, discard_rule


def takes_up_packet(rules: Rules) -> bool:
    """Whether each player's packet (a foot dealt face down) joins his hand with his own first canasta."""
    return bool(rules.shape.foot_size) and rules.shape.packet_trigger is PacketTrigger.OWN_FIRST_CANASTA


# -- the players, the deal and a turn -----------------------------------------------------------------------------


def many_packs(rules: Rules) -> Paragraph:
    shape = rules.shape
    text = _("This game is played with {packs} packs of 52 cards and {jokers} jokers: {count} cards, each rank "
             "{times} times.")  # fmt: skip
    return Paragraph(text.format(packs=shape.packs, jokers=shape.packs * shape.jokers_per_pack, count=shape.deck_size,
                                 times=shape.packs * 4), "cards")  # fmt: skip


def partners_of_three() -> Paragraph:
    return Paragraph(_("Your two partners sit every other seat, one on each side of the player opposite you; they "
                       "share your melds and your score. The table names them Left partner and Right partner. Asking "
                       "to go out, you ask the next partner on your left."), "partners")  # fmt: skip


def packet_deal(rules: Rules) -> tuple[Paragraph, ...]:
    shape = rules.shape
    return (
        Paragraph(_("The deal passes to the left after each hand; the player on the dealer's left plays first. "
                    "Play goes round to the left."), "seats"),
        Paragraph(_("Each player gets {count} cards. The rest is the stock; its top card is turned up to start the "
                    "discard pile.").format(count=shape.cards_dealt), "deal"),
        Paragraph(_("Each player also gets a packet of {count} cards, face down: nobody looks at it, its player "
                    "neither, until he takes it up with his first canasta. The table shows each packet with its "
                    "count.").format(count=shape.foot_size), "packet_dealt"),
    )  # fmt: skip


def packet_pickup(rules: Rules) -> Paragraph:
    if rules.shape.packet_next_turn:
        text = _("Your packet: the first time you yourself complete a canasta (by melding or by taking the pile), "
                 "your packet joins your hand as your next turn begins, unseen by the others. A partner's canasta "
                 "never releases it. Red threes in it are laid out and replaced.")  # fmt: skip
    else:
        text = _("Your packet: the first time you yourself complete a canasta (by melding or by taking the pile), "
                 "your packet joins your hand at once, unseen by the others; you go on melding, then discard. A "
                 "partner's canasta never releases it. Red threes in it are laid out and replaced.")  # fmt: skip
    return by_option(rules, "packet_timing", text, "packet")


def discard_limits(rules: Rules) -> Paragraph:
    """The turn's discard, with the discards the shape bars: a locked rank, or black threes in the first round."""
    shape = rules.shape
    if shape.discard_locked_rank is Rank.SEVEN:
        if shape.lock_lifts_for_own_side:
            text = _("Last, discard one card onto the pile, unless you went out by melding. Sevens are locked: you "
                     "discard a seven only once your own side has completed a canasta of sevens, or when you hold "
                     "nothing else, and never as the card you go out with. The table marks your locked sevens. A "
                     "meld that would leave you only sevens is refused.")  # fmt: skip
        else:
            text = _("Last, discard one card onto the pile, unless you went out by melding. Sevens are locked: "
                     "nobody discards a seven until every side has completed a canasta of sevens, unless he holds "
                     "nothing else, and a seven is never the card you go out with. The table marks your locked "
                     "sevens. A meld that would leave you only sevens is refused.")  # fmt: skip
        codes = (Code.SEVEN_DISCARD_LOCKED, Code.SEVEN_GOING_OUT_DISCARD, Code.NO_LEGAL_DISCARD)
        return by_option(rules, "sevens_unlock", text, "discard", codes)
    if shape.first_round_black_three_ban:
        text = _("Last, discard one card onto the pile, unless you went out by melding. In the first round (the "
                 "hand's first {turns} turns, the dealer's the last) nobody discards a black three, not even to go "
                 "out; a meld that would leave you only black threes then is refused. The table says so while the "
                 "first round lasts.").format(turns=rules.players)  # fmt: skip
        return Paragraph(text, "discard", codes=(Code.BLACK_THREE_FIRST_ROUND, Code.NO_LEGAL_DISCARD))
    return discard_rule()


# -- melds and canastas -------------------------------------------------------------------------------------------


def groups_of_a_rank(rules: Rules) -> Paragraph:
    """How many groups of a rank a side holds, and what a canasta closes."""
    shape = rules.shape
    codes: tuple[Code, ...]
    if shape.groups_per_rank is None:
        text = _("Your side may hold several groups of one rank, but only one unfinished group of a rank (and one "
                 "unfinished wild meld) at a time: a new one starts once every one your side holds is a canasta. "
                 "Where your side holds several, you say which one your cards go onto.")  # fmt: skip
        codes = (Code.ONE_OPEN_MELD_PER_RANK, Code.NO_MELD_OF_RANK, Code.NO_SUCH_MELD, Code.WHICH_MELD,
                 Code.TOO_MANY_GROUPS, Code.MELD_TOO_LARGE)  # fmt: skip
    elif shape.closed_ranks:
        text = _("Your side has one group per rank, and one wild meld a hand. Once its group of a rank is a canasta, "
                 "that rank is closed for your side: its cards can only be discarded, and your side never takes "
                 "the pile with one on top. Both sides may have a group of the same rank.")  # fmt: skip
        codes = (Code.CLOSED_RANK, Code.ONE_WILD_MELD, Code.NO_MELD_OF_RANK, Code.MELD_TOO_LARGE)
    else:
        text = _("Your side has one group per rank, and one wild meld a hand: more cards of that rank, from you or "
                 "your partners, go onto it. At seven cards it is a canasta and closed.")  # fmt: skip
        codes = (Code.ONE_WILD_MELD, Code.NO_MELD_OF_RANK, Code.MELD_TOO_LARGE)
    return by_option(rules, "new_meld_after_canasta", text, "one_per_rank", codes)


def closed_at_seven() -> Paragraph:
    return Paragraph(_("A group is three to seven cards of one natural rank. At seven cards every meld is a canasta "
                       "and closed: nothing more goes onto it, not even a natural card."), "meld_size",
                     codes=(Code.MELD_OVER_SEVEN_CARDS,))  # fmt: skip


def black_threes_going_out(rules: Rules) -> Paragraph:
    most = min(rules.shape.packs * 2, rules.shape.canasta_size)
    if most == 4:
        text = _("Black threes may be melded only when you go out: three or four of them, with no wild card, leaving "
                 "you at most one card to discard.")  # fmt: skip
    else:
        text = _("Black threes may be melded only when you go out: three to {most} of them, with no wild card, "
                 "leaving you at most one card to discard.").format(most=most)  # fmt: skip
    return Paragraph(text, "black_threes",
                     codes=(Code.BLACK_THREES_ONLY_GOING_OUT, Code.BLACK_THREE_MELD_WITH_WILD,
                            Code.TOO_MANY_BLACK_THREES))  # fmt: skip


def rank_canasta_types(rules: Rules) -> tuple[Paragraph, ...]:
    """Canastas of a rank that are a type of their own (sevens)."""
    ranks = dict(rules.shape.rank_canasta_types)
    if Rank.SEVEN not in ranks:
        return ()
    if Rank.SEVEN in rules.shape.wildless_ranks:
        text = _("Seven sevens, never with a wild card, make a sevens canasta, which earns {bonus}: a type of its "
                 "own, never the natural or the mixed one.")  # fmt: skip
    else:
        text = _("Seven sevens, natural or with wild cards, make a sevens canasta, which earns {bonus}: a type of its "
                 "own, never the natural or the mixed one.")  # fmt: skip
    return (by_option(rules, "sevens_wild", text.format(bonus=ranks[Rank.SEVEN]), "sevens_canasta"),)


def wild_canasta(rules: Rules) -> Paragraph:
    shape = rules.shape
    if shape.wild_canasta_twos_bonus or shape.wild_canasta_jokers_bonus:
        text = _("Seven wild cards make a wild canasta: seven twos earn {twos}, four jokers and three twos {jokers}, "
                 "any other mix {other}.").format(twos=shape.wild_canasta_twos_bonus or shape.wild_canasta_bonus,
                                      jokers=shape.wild_canasta_jokers_bonus or shape.wild_canasta_bonus,
                                      other=shape.wild_canasta_bonus)  # fmt: skip
    else:
        text = _("Seven wild cards, twos and jokers in any mix, make a wild canasta, which earns {bonus}.").format(
            bonus=shape.wild_canasta_bonus)  # fmt: skip
    return Paragraph(text, "wild_canasta")


# -- the pile ------------------------------------------------------------------------------------------------------


def black_threes_set_aside(rules: Rules) -> tuple[Paragraph, ...]:
    table = rules.shape.black_three_aside_bonus
    if not rules.shape.black_threes_aside:
        return ()
    return (by_option(rules, "black_threes", _(
        "Black threes in a pile you take are set aside in front of your side, out of play: never in your hand. They "
        "score {each} each, {all} if your side sets aside all four. The table shows them beside your red "
        "threes.").format(each=table[1], all=table[-1]), "black_threes_aside"),)  # fmt: skip


def blocked_top(rules: Rules) -> Paragraph:
    """The tops that block the pile: a black three or a wild card, and for a side a rank it has closed."""
    codes = (Code.PILE_BLOCKED_BLACK_THREE, Code.PILE_TOP_WILD, Code.PILE_TOP_BLOCKED)
    if not rules.shape.closed_ranks:
        return Paragraph(_("Nobody may take the pile while its top card is a black three or a wild card."), "blocked",
                         codes=codes)  # fmt: skip
    return Paragraph(_("Nobody takes the pile with a black three or a wild card on top, and your side never takes it "
                       "with a card of a rank it has closed."), "blocked",
                     codes=(*codes, Code.PILE_TOP_CLOSED_RANK))  # fmt: skip


def take_joins_open_group() -> Paragraph:
    return Paragraph(_("The top card and your cards go onto your side's unfinished group of that rank, or start a new "
                       "group; never onto a canasta, never past seven cards, and never into a wild meld. Then the "
                       "other cards go into your hand, and you meld and discard as usual."), "after_take",
                     codes=(Code.PILE_MELD_FULL, Code.PILE_ONTO_CANASTA))  # fmt: skip


# -- going out and scoring --------------------------------------------------------------------------------------


def canasta_types_to_go_out() -> Paragraph:
    return Paragraph(_("To go out, your side needs one canasta of each of the four types: a natural, a mixed, a "
                       "sevens and a wild canasta (they may be completed in the same turn). More of one type never "
                       "stand in for a missing one. The table shows which types each side has."), "needs_canasta",
                     codes=(Code.GOING_OUT_NEEDS_CANASTA_TYPES, Code.GOING_OUT_NEEDS_CANASTA,
                            Code.CANNOT_MELD_EVERYTHING))  # fmt: skip


def concealed_with_types(rules: Rules) -> Paragraph:
    return Paragraph(_("Going out concealed means melding your whole hand in one turn, the four canastas included, "
                       "with nothing melded before by you: it earns {bonus}.").format(
                           bonus=rules.shape.concealed_going_out_bonus), "concealed")  # fmt: skip


def keep_two_with_packet() -> Paragraph:
    return Paragraph(_("Until your side may go out, you must keep at least two cards after melding, counted after "
                       "your packet joins your hand: so you may meld your whole hand only in the step that completes "
                       "your first canasta. You may go out with your packet still face down."), "keep_two",
                     codes=(Code.MUST_KEEP_TWO_CARDS, Code.EXEMPT_LAST_CARD))  # fmt: skip


def red_threes_by_total(rules: Rules) -> Paragraph:
    table = rules.shape.red_three_bonus
    return Paragraph(_("Red threes score by how many a side has: one {one}, two {two}, three {three}, all four "
                       "{four}.").format(one=table[1], two=table[2], three=table[3], four=table[4]),
                     "red_three_score")  # fmt: skip


def scores_by_total(rules: Rules) -> bool:
    """Whether red threes score a total by their count rather than so much each."""
    table = rules.shape.red_three_bonus
    return len(table) == 5 and table[2] != 2 * table[1]


def red_threes_need_sevens(rules: Rules) -> Paragraph:
    return Paragraph(_("Red threes count against a side that completed no sevens canasta this hand, however much it "
                       "melded."), "red_threes_against")  # fmt: skip


def packet_scoring(rules: Rules) -> tuple[Paragraph, ...]:
    shape = rules.shape
    bonuses = dict(shape.rank_canasta_types)
    lines = Paragraph(_("Each side scores {sevens} for each sevens canasta, {wild} for each wild canasta, {natural} "
                        "for each natural and {mixed} for each mixed canasta, its red threes, the going-out bonus, and "
                        "the values of all its melded cards, minus the values of the cards left in its players' "
                        "hands.").format(sevens=bonuses.get(Rank.SEVEN, 0), wild=shape.wild_canasta_bonus,
                                         natural=shape.natural_canasta_bonus, mixed=shape.mixed_canasta_bonus),
                      "lines")  # fmt: skip
    if shape.unplayed_foot_counts:
        packets = _("Cards of a packet still face down at the end count against its side.")
    else:
        packets = _("In this game a packet still face down at the end counts nothing.")
    return (lines, by_option(rules, "unplayed_packet", packets, "unplayed_packet"))


def packet_example() -> Paragraph:
    return Paragraph(_("Example: a side that went out with a sevens canasta, a wild canasta, natural kings, mixed "
                       "queens and three aces (485 in cards), three red threes, and 25 left in its hands, makes 1500 "
                       "+ 1000 + 500 + 300 + 300 + 100 + 485 \u2212 25 = 4160. The other side, with a mixed canasta, "
                       "a group of sevens, two red threes but no sevens canasta, 55 in its hands and two packets "
                       "still face down (145), makes 300 \u2212 200 + 125 \u2212 55 \u2212 145 = 25."),
                     "example")  # fmt: skip


def black_threes_aside_example(rules: Rules) -> tuple[Paragraph, ...]:
    if not rules.shape.black_threes_aside:
        return ()
    return (Paragraph(_("Example: a side that went out with a wild canasta of seven twos, natural aces and a group of "
                        "three nines and a two (330 in cards), two red threes and two black threes set aside, with 15 "
                        "left in partner's hand, makes 4000 + 500 + 300 + 10 + 100 + 330 \u2212 15 = 5225."),
                      "example"),)  # fmt: skip
