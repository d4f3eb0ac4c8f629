"""What happened, in words: one sentence per action of any seat, for the caption at the acting seat and for the
move log ("Left took the pile (9 cards) with 7♥ 7♠", "Partner added 2♥ and a joker to our aces", "Right
discarded 5♣", "Partner: no, do not go out yet"). Pure text from the human's redacted events; no pygame.

A sentence names its subject ("Left", "You") and is translated whole, so each language can agree its verbs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, assert_never

from canasta.engine.cards import Card, Rank, Suit
from canasta.engine.events import (
    AnswerEvent,
    AskPartnerEvent,
    BlackThreesAsideEvent,
    BonusCardsEvent,
    CombineEvent,
    DealEvent,
    DiscardEvent,
    DrawEvent,
    Event,
    HandOverEvent,
    LoneHandEvent,
    MeldEvent,
    PassEvent,
    PickUpFootEvent,
    RedThreeEvent,
    SpecialEvent,
    TakePileEvent,
)
from canasta.engine.melds import TableMeld, kind_of, sequence_cards
from canasta.engine.playerview import PlayerView, my_side, partner_to_ask, seats_of_side, side_of
from canasta.engine.refusal_text import list_words, rank_plural, special_hand_name, suit_name
from canasta.engine.rules import MeldKind, RedThreesNegativeIf
from canasta.i18n import N_, _, ngettext
from canasta.ui.table.narration.feet import has_packet
from canasta.ui.table.narration.score_changes import red_three_change
from canasta.ui.table.narration.seats import seat_name

SUIT_SYMBOLS: Final = {Suit.CLUBS: "\u2663", Suit.DIAMONDS: "\u2666", Suit.HEARTS: "\u2665", Suit.SPADES: "\u2660"}
_RANK_SHOWN: Final = {Rank.TEN: "10"}
_THREES_AGAINST: Final = {
    RedThreesNegativeIf.NO_MELD: N_("Red threes count against a side until it melds."),
    RedThreesNegativeIf.NO_CANASTA: N_("Red threes count against a side until it has a canasta."),
    RedThreesNegativeIf.FEWER_THAN_2_CANASTAS: N_("Red threes count against a side until it has two canastas."),
}
_THREES_BY_CANASTAS: Final = N_("Threes count against a side with no canasta, nothing with one, for it with two.")


@dataclass(frozen=True, slots=True)
class Line:
    """One announcement: who acted (None for the table itself: a deal, the end of a hand) and what, in words;
    `notes`, the sentences of it about what the action changed beyond itself (red threes now counting for a side)."""

    seat: int | None
    text: str
    notes: tuple[str, ...] = ()


def card_label(card: Card) -> str:
    """A card as the table writes it in words: "7♥", "10♣", "joker"."""
    if card.suit is None:
        return _("joker")
    return f"{_RANK_SHOWN.get(card.rank, card.rank.value)}{SUIT_SYMBOLS[card.suit]}"


def cards_label(cards: Sequence[Card]) -> str:
    """Cards one after another: "9♠ 9♥ 2♣"."""
    return " ".join(card_label(card) for card in cards)


def groups_label(groups: Sequence[Sequence[Card]]) -> str:
    """Several melds: "9♠ 9♥ 9♦, K♣ K♦ joker"."""
    return ", ".join(cards_label(group) for group in groups)


def narrate(event: Event, view: PlayerView, stand_in: str | None = None, *, short: bool = False) -> Line:
    """The sentence for `event` as the human (whose view is `view`) saw it. With `stand_in`, someone else plays
    the human's seat (the Expert in a watched replay) and is named so. `short`: the words for the caption beside
    the seat's plate, which leave out who acted where the action has a short form ("Drew 2 cards.", "Discarded
    3♠.")."""
    return _narrate(event, _Voice(view, stand_in, short))


@dataclass(frozen=True, slots=True)
class _Voice:
    """Whose view the sentences are told from, and who plays its seat if not its owner."""

    view: PlayerView
    stand_in: str | None
    short: bool = False  # caption words: who acted is left out where the action has a short form

    def mine(self, seat: int) -> bool:
        """Whether a sentence about `seat` is said to "you"."""
        return seat == self.view.seat and self.stand_in is None

    def name(self, seat: int) -> str:
        if seat == self.view.seat and self.stand_in is not None:
            return self.stand_in
        return seat_name(self.view, seat)


def _narrate(event: Event, voice: _Voice) -> Line:
    match event:
        case DealEvent(dealer):
            return Line(None, _subject(voice, dealer, _("You dealt a new hand."), _("{name} dealt a new hand.")))
        case DrawEvent(seat):  # a draw, or a kind of draw said in its own words (a foot, bonus cards)
            return Line(seat, _drawn(event, voice))
        case RedThreeEvent(seat, card):
            return Line(seat, _red_three(voice, seat, card))
        case TakePileEvent(seat, cards, with_, also):
            return Line(seat, _took(voice, seat, cards, with_, also))
        case MeldEvent(seat, new, add, add_to):
            return Line(seat, _melded(voice, seat, new, add, add_to))
        case CombineEvent(seat, (first, second)):
            return Line(seat, _combined(voice, seat, first, second))
        case DiscardEvent(seat, card):
            words = _subject(
                voice, seat, _("You discarded {card}."), _("{name} discarded {card}."), _("Discarded {card}.")
            )
            return Line(seat, words.format(card=card_label(card)))
        case AskPartnerEvent(seat):
            return Line(seat, _asked(voice, seat))
        case AnswerEvent(seat, yes):
            return Line(seat, _answered(voice, seat, yes))
        case LoneHandEvent() | PassEvent() | BlackThreesAsideEvent():
            return Line(event.seat, _seat_note(voice, event))
        case SpecialEvent(seat, name):
            words = _subject(
                voice, seat, _("You laid down a special hand, {hand}: the hand ends."),
                _("{name} laid down a special hand, {hand}: the hand ends."), _("Laid down {hand}."),
            )  # fmt: skip
            return Line(seat, words.format(hand=special_hand_name(name)))
        case HandOverEvent(out, concealed):
            return Line(out, _over(voice, out, concealed))
        case _:
            assert_never(event)


def _drawn(event: DrawEvent, voice: _Voice) -> str:
    match event:
        case PickUpFootEvent(seat, count):
            return _picked_up_foot(voice, seat, count)
        case BonusCardsEvent(seat, count):
            return _bonus_cards(voice, seat, count)
        case DrawEvent(seat, count, cards):
            return _drew(voice, seat, count, cards)


def _seat_note(voice: _Voice, event: LoneHandEvent | PassEvent | BlackThreesAsideEvent) -> str:
    """What a seat's lone hand, pass or black threes set aside says."""
    seat = event.seat
    if isinstance(event, LoneHandEvent):
        return _subject(
            voice, seat, _("You play alone from now on; the other two are partners."),
            _("{name} plays alone from now on; the other two are partners."),
        )  # fmt: skip
    if isinstance(event, PassEvent):
        return _subject(voice, seat, _("You passed: the hand ends."), _("{name} passed: the hand ends."))
    words = _subject(
        voice, seat, _("You set aside black threes from the pile ({cards}): out of play, 5 points each."),
        _("{name} set aside black threes from the pile ({cards}): out of play, 5 points each."),
        _("Set aside {cards}."),
    )  # fmt: skip
    return words.format(cards=cards_label(event.cards))


def _subject(voice: _Voice, seat: int, yours: str, theirs: str, brief: str | None = None) -> str:
    """The sentence whose subject is the human, or the one naming another seat (its `{name}` filled in); for a
    caption, the `brief` words without a subject where there are some."""
    if voice.short and brief is not None:
        return brief
    if voice.mine(seat):
        return yours
    return theirs.replace("{name}", voice.name(seat))


def _drew(voice: _Voice, seat: int, count: int, cards: tuple[Card, ...] | None) -> str:
    if voice.mine(seat) and cards is not None:
        return ngettext("You drew {cards}.", "You drew {cards}.", len(cards)).format(cards=cards_label(cards))
    if voice.short:
        return ngettext("Drew a card.", "Drew {count} cards.", count).format(count=count)
    words = ngettext("{name} drew a card from the stock.", "{name} drew {count} cards from the stock.", count)
    return words.format(name=voice.name(seat), count=count)


def _bonus_cards(voice: _Voice, seat: int, count: int) -> str:
    """Bonus cards taken after the discard of the turn that made the side's initial meld ("Took 4 bonus cards.")."""
    if voice.short:
        return ngettext("Took {count} bonus card.", "Took {count} bonus cards.", count).format(count=count)
    words = _subject(
        voice, seat, ngettext("You took {count} bonus card.", "You took {count} bonus cards.", count),
        ngettext("{name} took {count} bonus card.", "{name} took {count} bonus cards.", count),
    )  # fmt: skip
    return words.format(count=count)


def _picked_up_foot(voice: _Voice, seat: int, count: int) -> str:
    """Hand and Foot: a seat takes up its foot as its new hand ("Left picked up their foot (11 cards)."); Pennies
    from Heaven: its packet ("Right took up the packet: 11 cards.")."""
    if has_packet(voice.view.rules):
        n = count
        mine = ngettext("You took up your packet: {count} card.", "You took up your packet: {count} cards.", n)
        theirs = ngettext("{name} took up the packet: {count} card.", "{name} took up the packet: {count} cards.", n)
        words = _subject(voice, seat, mine, theirs)
        return words.format(count=count)
    if voice.mine(seat):
        words = ngettext("You picked up your foot ({count} card).", "You picked up your foot ({count} cards).", count)
    else:
        words = ngettext(
            "{name} picked up their foot ({count} card).", "{name} picked up their foot ({count} cards).", count
        )
    return words.format(name=voice.name(seat), count=count)


def _red_three(voice: _Voice, seat: int, card: Card) -> str:
    """A red three laid out, and what it did to the side's score this hand ("Left laid out a red three (3♥).
    Their score this hand: +145 → +45. Red threes count against a side until it has two canastas."); for a
    caption, "Laid out a red three (3♥): -100"."""
    view = voice.view
    before, after = red_three_change(view, seat, card)
    if not card.is_red_three:  # a game that lays out both colours
        return _black_three(voice, seat, card, after - before)
    if voice.short:
        return _("Laid out a red three ({card}): {points:+d}.").format(card=card_label(card), points=after - before)
    words = _subject(voice, seat, _("You laid out a red three ({card})."), _("{name} laid out a red three ({card})."))
    scores = {
        "our": _("Our score this hand: {before:+d} \u2192 {after:+d}."),
        "your": _("Your score this hand: {before:+d} \u2192 {after:+d}."),
        "their": _("Their score this hand: {before:+d} \u2192 {after:+d}."),
    }
    side = side_of(view.rules, view.lone_hand, seat)
    sentence = words.format(card=card_label(card)) + " " + scores[_whose(view, side)].format(before=before, after=after)
    against = _threes_against(view)
    if after < before and against is not None:
        sentence += " " + _(against)
    return sentence


def _black_three(voice: _Voice, seat: int, card: Card, points: int) -> str:
    """A black three laid out where threes of both colours are ("Laid out a black three (3♣): -100.")."""
    if voice.short:
        return _("Laid out a black three ({card}): {points:+d}.").format(card=card_label(card), points=points)
    words = _subject(voice, seat, _("You laid out a black three ({card})."),
                     _("{name} laid out a black three ({card})."))  # fmt: skip
    sentence = words.format(card=card_label(card))
    return f"{sentence} {_(_THREES_BY_CANASTAS)}" if points < 0 else sentence


def _threes_against(view: PlayerView) -> str | None:
    """Why laid-out threes lower a side's score: the shape's canasta count, else the house rule."""
    if view.rules.shape.scores_by_canasta_count:
        return _THREES_BY_CANASTAS
    return _THREES_AGAINST.get(view.rules.red_threes_negative_if)


def red_three_news(view: PlayerView, cards: Sequence[Card]) -> str:
    """The human's own red threes just laid out, in few words for his message line: "Your red three (3♥): this hand
    +145 → +245." (the log has the whole sentences)."""
    before, _after = red_three_change(view, view.seat, cards[0])
    _before, after = red_three_change(view, view.seat, cards[-1])
    if any(not card.is_red_three for card in cards):  # threes of both colours
        words = ngettext(
            "Your three ({cards}): this hand {before:+d} \u2192 {after:+d}.",
            "Your threes ({cards}): this hand {before:+d} \u2192 {after:+d}.",
            len(cards),
        )
    else:
        words = ngettext(
            "Your red three ({cards}): this hand {before:+d} \u2192 {after:+d}.",
            "Your red threes ({cards}): this hand {before:+d} \u2192 {after:+d}.",
            len(cards),
        )
    return words.format(cards=cards_label(cards), before=before, after=after)


def threes_turned_words(view: PlayerView, side: int, points: int) -> str:
    """A side's red threes counting for it from now on (after a first meld or a canasta), as in "Their red threes
    count for them now (+200)."."""
    if view.rules.shape.lays_out_black_threes:  # threes of both colours
        words = {
            "our": _("Our threes count for us now ({points:+d})."),
            "your": _("Your threes count for you now ({points:+d})."),
            "their": _("Their threes count for them now ({points:+d})."),
        }
    else:
        words = {
            "our": _("Our red threes count for us now ({points:+d})."),
            "your": _("Your red threes count for you now ({points:+d})."),
            "their": _("Their red threes count for them now ({points:+d})."),
        }
    return words[_whose(view, side)].format(points=points)


def _took(
    voice: _Voice, seat: int, cards: tuple[Card, ...], with_: tuple[Card, ...], also: tuple[tuple[Card, ...], ...]
) -> str:
    view = voice.view
    count = len(cards)
    top = cards[-1] if cards else None
    mine = voice.mine(seat)
    if view.rules.shape.pile_take_count and (with_ or top is None):  # Hand and Foot: the top cards, not the pile
        if voice.short:
            words = ngettext(
                "Took {count} card from the pile with {cards}", "Took {count} cards from the pile with {cards}", count
            )
        elif mine:
            words = ngettext(
                "You took {count} card from the pile with {cards}",
                "You took {count} cards from the pile with {cards}",
                count,
            )
        else:
            words = ngettext(
                "{name} took {count} card from the pile with {cards}",
                "{name} took {count} cards from the pile with {cards}",
                count,
            )
        sentence = words.format(name=voice.name(seat), count=count, cards=cards_label(with_))
    elif with_ or top is None:
        if voice.short:
            words = ngettext(
                "Took the pile ({count} card) with {cards}", "Took the pile ({count} cards) with {cards}", count
            )
        elif mine:
            words = ngettext(
                "You took the pile ({count} card) with {cards}", "You took the pile ({count} cards) with {cards}", count
            )
        else:
            words = ngettext(
                "{name} took the pile ({count} card) with {cards}",
                "{name} took the pile ({count} cards) with {cards}",
                count,
            )
        sentence = words.format(name=voice.name(seat), count=count, cards=cards_label(with_))
    else:
        if voice.short:
            words = ngettext(
                "Took the pile ({count} card) onto {meld}", "Took the pile ({count} cards) onto {meld}", count
            )
        elif mine:
            words = ngettext(
                "You took the pile ({count} card) onto {meld}", "You took the pile ({count} cards) onto {meld}", count
            )
        else:
            words = ngettext(
                "{name} took the pile ({count} card) onto {meld}",
                "{name} took the pile ({count} cards) onto {meld}",
                count,
            )
        sentence = words.format(name=voice.name(seat), count=count, meld=meld_holding(view, seat, (top,)))
    if also:
        sentence += _(", melding {groups} too").format(groups=new_melds_label(view, also))
    return sentence + "."


def _melded(
    voice: _Voice,
    seat: int,
    new: tuple[tuple[Card, ...], ...],
    add: tuple[tuple[Rank, tuple[Card, ...]], ...],
    add_to: tuple[tuple[int, tuple[Card, ...]], ...] = (),
) -> str:
    additions = list_words(
        [
            _("{cards} to {meld}").format(
                cards=list_words([card_label(card) for card in cards]), meld=meld_phrase(voice.view, seat, rank)
            )
            for rank, cards in add
        ]
        + [
            _("{cards} to {meld}").format(
                cards=list_words([card_label(card) for card in cards]),
                meld=meld_holding(voice.view, seat, cards) if cards else _("meld {number}").format(number=i + 1),
            )
            for i, cards in add_to
        ]
    )
    groups = new_melds_label(voice.view, new)
    if new and (add or add_to):
        words = _subject(
            voice,
            seat,
            _("You melded {groups} and added {additions}."),
            _("{name} melded {groups} and added {additions}."),
            _("Melded {groups} and added {additions}."),
        )
    elif new:
        words = _subject(voice, seat, _("You melded {groups}."), _("{name} melded {groups}."), _("Melded {groups}."))
    else:
        words = _subject(
            voice, seat, _("You added {additions}."), _("{name} added {additions}."), _("Added {additions}.")
        )
    return words.format(groups=groups, additions=additions)


def _combined(voice: _Voice, seat: int, first: int, second: int) -> str:
    """Two groups of one rank joined: named by their rank where the view shows the group they became."""
    side = side_of(voice.view.rules, voice.view.lone_hand, seat)
    melds = voice.view.melds[side] if side < len(voice.view.melds) else ()
    rank = melds[first].rank if first < len(melds) else None
    if rank is None:
        words = _subject(
            voice, seat, _("You joined melds {first} and {second} into one."),
            _("{name} joined melds {first} and {second} into one."),
        )  # fmt: skip
        return words.format(first=first + 1, second=second + 1)
    words = _subject(
        voice, seat, _("You joined two groups of {ranks} into one."), _("{name} joined two groups of {ranks} into one.")
    )
    return words.format(ranks=rank_plural(rank))


def new_melds_label(view: PlayerView, groups: Sequence[Sequence[Card]]) -> str:
    """New melds in words: their cards ("9♠ 9♥ 9♦"), a sequence by its suit and ends ("a sequence of hearts 5 to
    9"), wild cards alone as a wild meld; classic's melds read as before."""
    return ", ".join(new_meld_label(view, group) for group in groups)


def new_meld_label(view: PlayerView, group: Sequence[Card]) -> str:
    cards = tuple(group)
    kind = kind_of(view.rules, cards)
    if kind is MeldKind.SEQUENCE:
        ordered = sequence_cards(view.rules, cards)
        if isinstance(ordered, tuple) and ordered[0].suit is not None:
            return _("a sequence of {suit} {low} to {high}").format(
                suit=suit_name(ordered[0].suit), low=_rank_label(ordered[0]), high=_rank_label(ordered[-1])
            )
    if kind is MeldKind.WILD:
        return _("a wild meld ({cards})").format(cards=cards_label(cards))
    return cards_label(cards)


def _rank_label(card: Card) -> str:
    return _RANK_SHOWN.get(card.rank, card.rank.value)


def meld_holding(view: PlayerView, seat: int, added: Sequence[Card]) -> str:
    """The meld of `seat`'s side that the cards just `added` went to, as the human would say it before they came
    (see `meld_words`: a sequence by its ends without them); the group of the first card's rank when no meld in
    the view holds it."""
    card = added[0]
    side = side_of(view.rules, view.lone_hand, seat)
    melds = view.melds[side] if side < len(view.melds) else ()
    meld = next((meld for meld in melds if any(held is card for held in meld.cards)), None)
    return meld_phrase(view, seat, card.rank) if meld is None else meld_words(view, seat, meld, added)


def meld_words(view: PlayerView, seat: int, meld: TableMeld, without: Sequence[Card] = ()) -> str:
    """One of `seat`'s side's melds in words: "our aces" (with its number where the side holds several groups of
    aces: "our aces (group 2)"), "their sequence of hearts 5 to 9", "your wild meld", "our bolivia". A sequence
    is named by its ends `without` the cards given (those just added to it)."""
    side = side_of(view.rules, view.lone_hand, seat)
    whose = _whose(view, side)
    if meld.kind is MeldKind.GROUP and meld.rank is not None:
        words = meld_phrase(view, seat, meld.rank)
        same = [other for other in view.melds[side] if other.kind is MeldKind.GROUP and other.rank is meld.rank]
        if len(same) > 1:
            number = next(index for index, other in enumerate(same) if other is meld) + 1
            words = _("{meld} (group {number})").format(meld=words, number=number)
        return words
    if meld.kind is MeldKind.SEQUENCE and meld.suit is not None:
        phrases = {
            "our": _("our sequence of {suit} {low} to {high}"),
            "your": _("your sequence of {suit} {low} to {high}"),
            "their": _("their sequence of {suit} {low} to {high}"),
        }
        before = [card for card in meld.cards if not any(card is added for added in without)] or list(meld.cards)
        return phrases[whose].format(
            suit=suit_name(meld.suit), low=_rank_label(before[0]), high=_rank_label(before[-1])
        )
    if meld.is_canasta(view.rules):
        return {"our": _("our bolivia"), "your": _("your bolivia"), "their": _("their bolivia")}[whose]
    return {"our": _("our wild meld"), "your": _("your wild meld"), "their": _("their wild meld")}[whose]


def _whose(view: PlayerView, side: int) -> str:
    """Whose a side's melds are to the human: "our" (with a partner), "your" (alone), or "their"."""
    if side != my_side(view):
        return "their"
    return "our" if len(seats_of_side(view.rules, view.lone_hand, side)) > 1 else "your"


def meld_phrase(view: PlayerView, seat: int, rank: Rank) -> str:
    """A side's meld of `rank` as the human would say it: "our aces", "their kings", "your sevens"."""
    side = side_of(view.rules, view.lone_hand, seat)
    partners = len(seats_of_side(view.rules, view.lone_hand, side)) > 1
    ranks = rank_plural(rank)
    if side == my_side(view):
        return (_("our {ranks}") if partners else _("your {ranks}")).format(ranks=ranks)
    return _("their {ranks}").format(ranks=ranks)


def _asked(voice: _Voice, seat: int) -> str:
    """The question "may I go out?", naming who asks whom: "You asked Partner", "Left asked Right"."""
    partner = partner_to_ask(voice.view.rules, seat)
    asked = seat if partner is None else partner  # (never: only a seat with a partner asks)
    if voice.mine(seat):
        return _("You asked {partner}: may I go out?").format(partner=voice.name(asked))
    if voice.mine(asked):
        return _("{name} asked you: may I go out?").format(name=voice.name(seat))
    return _("{name} asked {partner}: may I go out?").format(name=voice.name(seat), partner=voice.name(asked))


def _answered(voice: _Voice, seat: int, yes: bool) -> str:
    if yes:
        return _subject(voice, seat, _("You: yes, go out."), _("{name}: yes, go out."))
    return _subject(voice, seat, _("You: no, do not go out yet."), _("{name}: no, do not go out yet."))


def _over(voice: _Voice, out: int | None, concealed: bool) -> str:
    if out is None:
        return _("The hand is over: nobody went out.")
    if voice.view.out is not None and voice.view.out.special is not None:  # laid a special hand: nobody went out
        return _("The hand is over.")
    if concealed:
        return _subject(voice, out, _("You went out concealed."), _("{name} went out concealed."))
    return _subject(voice, out, _("You went out."), _("{name} went out."))
