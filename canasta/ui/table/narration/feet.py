"""What the table says of Hand and Foot beside its cards (docs/playing.md, "Hand and Foot at the table"): each
side's books toward going out and its feet, the round and its first-meld minimum, and the words of a book's badge.
Pure text from the human's view; no pygame."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from canasta.engine.melds import TableMeld, most_wilds
from canasta.engine.playerview import PlayerView, holds_foot, initial_minimum, seats_of_side
from canasta.engine.rules import ROUNDS, GameEnd, MeldKind, Rules
from canasta.i18n import N_, _, ngettext
from canasta.ui.table.narration.seats import seat_name

SEPARATOR = " \u00b7 "
LEFT_IN_HAND = N_("Cards left in hand")
LEFT_IN_HANDS_AND_FEET = N_("Cards left in hands and feet")


@dataclass(frozen=True, slots=True)
class Books:
    """A side's closed books: clean (no wild card) and dirty, and how many of each going out needs."""

    clean: int
    dirty: int
    clean_needed: int
    dirty_needed: int

    @property
    def enough(self) -> bool:
        return self.clean >= self.clean_needed and self.dirty >= self.dirty_needed


def has_feet(rules: Rules) -> bool:
    """Whether the game's sides have feet (Hand and Foot): feet beside the hands, books, rounds."""
    return rules.shape.foot_size > 0


def left_in_hand_label(rules: Rules) -> str:
    """The scoring line of the cards a side is caught with, untranslated, the same on every screen: where the
    sides have feet, those not picked up count too."""
    return LEFT_IN_HANDS_AND_FEET if has_feet(rules) else LEFT_IN_HAND


def is_book(meld: TableMeld, rules: Rules) -> bool:
    """A closed book: a group of seven or more (the engine's canasta)."""
    return meld.kind is MeldKind.GROUP and meld.is_canasta(rules)


def side_books(melds: Sequence[TableMeld], rules: Rules) -> Books:
    """The side's clean and dirty books against the rules' requirement to go out."""
    books = [meld for meld in melds if is_book(meld, rules)]
    clean = sum(1 for meld in books if meld.wilds == 0)
    clean_needed, dirty_needed = rules.shape.books_to_go_out
    return Books(clean, len(books) - clean, clean_needed, dirty_needed)


def feet_words(view: PlayerView, side: int) -> str:
    """Whether the side's players have picked up their feet: one player's in words, several counted."""
    seats = seats_of_side(view.rules, view.lone_hand, side) or (side,)
    up = sum(1 for seat in seats if not holds_foot(view, seat))
    if len(seats) == 1:
        return _("foot picked up") if up else _("foot not picked up")
    return _("feet picked up {up} of {count}").format(up=up, count=len(seats))


def foot_tooltip(view: PlayerView, seat: int, count: int) -> str:
    """A foot's tooltip: whose it is, its cards, and when it is picked up."""
    if seat == view.seat:
        words = ngettext(
            "Your foot: {count} card face down, yours once your hand is played out.",
            "Your foot: {count} cards face down, yours once your hand is played out.",
            count,
        )
    else:
        words = ngettext(
            "{name}'s foot: {count} card face down, picked up once the hand is played out.",
            "{name}'s foot: {count} cards face down, picked up once the hand is played out.",
            count,
        )
    return words.format(name=seat_name(view, seat), count=count)


def progress_wordings(view: PlayerView, side: int) -> tuple[str, str, str]:
    """The side's way to going out ("Clean books 1 of 2 needed · dirty books 0 of 2 needed · foot picked up"),
    then shorter for a narrow panel: the books alone, then fewer words ("Books: clean 1 of 2, dirty 0 of 2")."""
    books = side_books(view.melds[side], view.rules)
    figures = {"clean": books.clean, "clean_needed": books.clean_needed}
    figures |= {"dirty": books.dirty, "dirty_needed": books.dirty_needed}
    short = _("Clean books {clean} of {clean_needed} needed · dirty books {dirty} of {dirty_needed} needed").format(
        **figures
    )
    tiny = _("Books: clean {clean} of {clean_needed}, dirty {dirty} of {dirty_needed}").format(**figures)
    return (short + SEPARATOR + feet_words(view, side), short, tiny)


def round_line(view: PlayerView) -> str:
    """The round and its first-meld minimum: "Round 2 of 4 · first meld 90" (a game to a target has no last
    round: "Round 2 · first meld 90")."""
    minimum = initial_minimum(view)
    if view.rules.game_end is GameEnd.ROUNDS_4:
        return _("Round {number} of {rounds} \u00b7 first meld {minimum}").format(
            number=view.round, rounds=ROUNDS, minimum=minimum
        )
    return _("Round {number} \u00b7 first meld {minimum}").format(number=view.round, minimum=minimum)


def books_needed_line(rules: Rules) -> str:
    """What going out asks of a side: "Out with 2 clean and 2 dirty books"."""
    clean, dirty = rules.shape.books_to_go_out
    return _("Out with {clean} clean and {dirty} dirty books").format(clean=clean, dirty=dirty)


def book_badge_wordings(meld: TableMeld, rules: Rules) -> tuple[str, str]:
    """A book's ribbon: its kind and its bonus, ("Clean", "500") or ("Dirty", "300") (the shape's bonuses); the
    ribbon's colour tells them apart where only the bonus fits."""
    if meld.wilds == 0:
        return (_("Clean"), str(rules.shape.natural_canasta_bonus))
    return (_("Dirty"), str(rules.shape.mixed_canasta_bonus))


def open_group_wordings(meld: TableMeld, rules: Rules) -> tuple[str, ...]:
    """An open group's badge, longest first: its cards and its wild cards against the limit ("5 cards, 1 of 3
    wild"), the wild cards against the limit, the wild cards alone ("1 wild"), then the cards alone."""
    count = len(meld.cards)
    most = most_wilds(rules)
    if most is None:
        return (str(count),)
    figures = {"count": count, "wilds": meld.wilds, "most": most}
    return (
        ngettext("{count} card, {wilds} of {most} wild", "{count} cards, {wilds} of {most} wild", count).format(
            **figures
        ),
        _("{wilds} of {most} wild").format(**figures),
        _("{wilds} wild").format(**figures),
        str(count),
    )
