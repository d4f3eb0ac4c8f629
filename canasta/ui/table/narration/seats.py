"""What the players are called: one name per seat as seen from the human's chair, the same on the new-game
screen, at the table, in the move log and on the score sheet; and what each side is called."""

from __future__ import annotations

from typing import Final

from canasta.engine.playerview import PlayerView, my_side, seats_of_side
from canasta.i18n import N_, _

# The other seats clockwise from the human (seat human+1 first): where they sit on screen (see layout/regions.py).
SEAT_NAMES: Final[dict[int, tuple[str, ...]]] = {
    2: (N_("Opponent"),),
    3: (N_("Left"), N_("Right")),
    4: (N_("Left"), N_("Partner"), N_("Right")),
    6: (N_("Left"), N_("Left partner"), N_("Opposite"), N_("Right partner"), N_("Right")),
}
# Six players in three partnerships (Samba): partners sit three seats apart, so the one opposite is the partner.
THREE_PARTNERSHIP_NAMES: Final = (N_("Left"), N_("Top left"), N_("Partner"), N_("Top right"), N_("Right"))


# The levels by name, as the new-game screen, the plates and the statistics say them.
LEVEL_NAMES: Final[dict[str, str]] = {
    "beginner": N_("Beginner"), "normal": N_("Normal"), "hard": N_("Hard"), "expert": N_("Expert"),
    "random": N_("Random"), "greedy": N_("Greedy"),
}  # fmt: skip


def seat_label(players: int, human: int, seat: int, sides: int = 2) -> str:
    """The name of `seat` from the human's chair, translated: "You", "Left", "Partner", ... (`sides`: how many
    sides six players make, three in Samba)."""
    if seat == human:
        return _("You")
    names = THREE_PARTNERSHIP_NAMES if players == 6 and sides == 3 else SEAT_NAMES[players]
    return _(names[(seat - human) % players - 1])


def seat_name(view: PlayerView, seat: int) -> str:
    """How the table names a seat from the human's chair."""
    return seat_label(view.rules.players, view.seat, seat, len(view.rules.shape.sides))


def side_name(view: PlayerView, side: int) -> str:
    """A side's name: "Us" and "Them" with partners (with two other sides of partners, "Left's side" and
    "Right's side", by the player sitting there), else the player's own name ("You", "Left")."""
    seats = seats_of_side(view.rules, view.lone_hand, side)
    if len(seats) > 1:
        if side == my_side(view):
            return _("Us")
        players = view.rules.players
        if len(view.rules.shape.sides) > 2 and players == 6:
            return _("Left's side") if (view.seat + 1) % players in seats else _("Right's side")
        return _("Them")
    return seat_name(view, seats[0]) if seats else ""


def side_members(view: PlayerView, side: int) -> str:
    """Who plays for a side, named ("You, Left partner, Right partner"), for a side of partners; else ""."""
    seats = seats_of_side(view.rules, view.lone_hand, side)
    if len(seats) < 2:
        return ""
    ordered = sorted(seats, key=lambda seat: (seat - view.seat) % view.rules.players)
    return ", ".join(seat_name(view, seat) for seat in ordered)
