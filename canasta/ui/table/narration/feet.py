"""What the table says of Hand and Foot beside its cards (docs/playing.md, "Hand and Foot at the table"): each
side's books toward going out and its feet, the round and its first-meld minimum, and the words of a book's badge.
Pure text from the human's view; no pygame."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from canasta.engine.melds import CanastaType, TableMeld, canasta_type, most_wilds
from canasta.engine.playerview import PlayerView, holds_foot, initial_minimum, seats_of_side
from canasta.engine.refusal_text import rank_plural
from canasta.engine.rules import ROUNDS, GameEnd, MeldKind, PacketTrigger, Rules
from canasta.i18n import N_, _, ngettext
from canasta.ui.table.narration.seats import seat_name

SEPARATOR = " \u00b7 "
LEFT_IN_HAND = N_("Cards left in hand")
LEFT_IN_HANDS_AND_FEET = N_("Cards left in hands and feet")
LEFT_IN_HANDS_AND_PACKETS = N_("Cards left in hands and packets")


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
    """Whether each seat has a second set of cards face down beside its hand (Hand and Foot's foot, Pennies from
    Heaven's packet); whether the game calls it a packet, its melds books and its hands rounds the shape says apart
    (`has_packet`, `Shape.books`, `plays_rounds`)."""
    return rules.shape.foot_size > 0


def has_packet(rules: Rules) -> bool:
    """Whether that second set is a packet, taken up with the player's own first canasta (Pennies from Heaven),
    rather than a foot picked up once the hand is played out."""
    return has_feet(rules) and rules.shape.packet_trigger is PacketTrigger.OWN_FIRST_CANASTA


def left_in_hand_label(rules: Rules) -> str:
    """The scoring line of the cards a side is caught with, untranslated, the same on every screen: where the
    sides have feet (or packets) that count when not picked up, those count too."""
    if not has_feet(rules):
        return LEFT_IN_HAND
    if has_packet(rules):
        return LEFT_IN_HANDS_AND_PACKETS if rules.shape.unplayed_foot_counts else LEFT_IN_HAND
    return LEFT_IN_HANDS_AND_FEET


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
    if has_packet(view.rules):
        if len(seats) == 1:
            return _("packet taken up") if up else _("packet not taken up")
        return _("packets taken up {up} of {count}").format(up=up, count=len(seats))
    if len(seats) == 1:
        return _("foot picked up") if up else _("foot not picked up")
    return _("feet picked up {up} of {count}").format(up=up, count=len(seats))


def foot_badge_wordings(view: PlayerView, seat: int, count: int) -> tuple[str, ...]:
    """The badge on a seat's face-down foot (a packet), longest first: the human's names it ("Foot 11", "Packet
    11"), every other one gives its count alone."""
    if seat != view.seat:
        return (str(count),)
    named = _("Packet {count}") if has_packet(view.rules) else _("Foot {count}")
    return (named.format(count=count), str(count))


def foot_tooltip(view: PlayerView, seat: int, count: int) -> str:
    """A foot's tooltip: whose it is, its cards, and when it is picked up (a packet: taken up)."""
    if has_packet(view.rules):
        return _packet_tooltip(view, seat, count)
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


def _packet_tooltip(view: PlayerView, seat: int, count: int) -> str:
    if seat == view.seat:
        words = ngettext(
            "Your packet: {count} card face down, taken up with your first canasta.",
            "Your packet: {count} cards face down, taken up with your first canasta.",
            count,
        )
    else:
        words = ngettext(
            "{name}'s packet: {count} card face down, taken up with their first canasta.",
            "{name}'s packet: {count} cards face down, taken up with their first canasta.",
            count,
        )
    return words.format(name=seat_name(view, seat), count=count)


def canasta_types_done(melds: Sequence[TableMeld], rules: Rules) -> tuple[tuple[str, bool], ...]:
    """The canasta types going out needs (Pennies from Heaven: natural, mixed, each rank of its own, wild), each
    named and whether the side has one: (("natural", True), ("mixed", True), ("sevens", False), ("wild", False))."""
    types = {canasta_type(meld, rules) for meld in melds}
    ranks = {meld.rank for meld in melds if canasta_type(meld, rules) is CanastaType.RANK}
    done = [(_("natural"), CanastaType.NATURAL in types), (_("mixed"), CanastaType.MIXED in types)]
    done.extend((rank_plural(rank), rank in ranks) for rank, _bonus in rules.shape.rank_canasta_types)
    done.append((_("wild"), CanastaType.WILD in types))
    return tuple(done)


def canasta_types_wordings(melds: Sequence[TableMeld], rules: Rules) -> tuple[str, str]:
    """The canasta types toward going out, "Out: natural yes, mixed yes, sevens no, wild no", then without the
    heading."""
    types = canasta_types_done(melds, rules)
    done = ", ".join((_("{kind} yes") if made else _("{kind} no")).format(kind=kind) for kind, made in types)
    return (_("Out: {types}").format(types=done), done)


def canasta_types_needed_line(rules: Rules) -> str:
    """What going out asks of a side in Pennies from Heaven: "Out with a natural, a mixed, a sevens and a wild
    canasta"."""
    ranks = ", ".join(rank_plural(rank) for rank, _bonus in rules.shape.rank_canasta_types)
    if not ranks:
        return _("Out with a natural, a mixed and a wild canasta")
    return _("Out with a natural, a mixed, a {ranks} and a wild canasta").format(ranks=ranks)


def progress_wordings(view: PlayerView, side: int) -> tuple[str, ...]:
    """The side's way to going out: its canasta types and its packets where the game counts types (Pennies from
    Heaven), else its books and feet (below)."""
    if view.rules.shape.canasta_types_to_go_out:
        types, bare = canasta_types_wordings(view.melds[side], view.rules)
        return (types + SEPARATOR + feet_words(view, side), types, bare)
    return _books_wordings(view, side)


def _books_wordings(view: PlayerView, side: int) -> tuple[str, str, str]:
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


def going_out_line(rules: Rules) -> str | None:
    """What going out asks beyond a number of canastas, in the words of the game's shape (books, canasta types),
    or None."""
    if rules.shape.canasta_types_to_go_out:
        return canasta_types_needed_line(rules)
    if rules.shape.books:
        return books_needed_line(rules)
    return None


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
