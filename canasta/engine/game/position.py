"""The `canasta-position/1` and `canasta-view/1` JSON (docs/formats.md): dump and load, messages naming the field.

A position must place every card of the rules' deck exactly once; a loaded position gets copy indices in
order of appearance (hands, stock, pile, melds, red threes), since JSON cannot tell two "QH" apart.
A game whose melds are named by index (every game of the family but classic) is written as `canasta-position/2`
(and `canasta-view/2`), whose melds are objects with their kind; classic games keep `/1`, byte for byte.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from canasta.engine.cards import Card, Rank, Suit, make_deck
from canasta.engine.events import DealEvent, Event, EventFormatError, event_from_json, event_to_json
from canasta.engine.game.special_checks import special_problems
from canasta.engine.game.state import GameState
from canasta.engine.game.views import view_for
from canasta.engine.melds import TableMeld, rank_name, sequence_cards, shape_refusal, size_refusal, wild_meld_refusal
from canasta.engine.playerview import DrewFrom, Out, Phase, PlayerView, Question, TurnState, asker_of, side_of
from canasta.engine.refusals import Refusal
from canasta.engine.rules import ROUNDS, GameEnd, MeldKind, Rules, SpecialHands
from canasta.engine.special_hands import SpecialHand

POSITION_FORMAT = "canasta-position/1"
VIEW_FORMAT = "canasta-view/1"
FAMILY_POSITION_FORMAT = "canasta-position/2"  # melds named by index: every game of the family but classic
FAMILY_VIEW_FORMAT = "canasta-view/2"


def _family(rules: Rules) -> bool:
    """Whether the game is written in the format `/2`: its melds are named by index and carry their kind."""
    return not rules.shape.names_by_rank


class PositionFormatError(ValueError):
    """A malformed position; the message names the field and the problem."""


def dump_position(state: GameState) -> dict[str, Any]:
    """The position as a JSON-ready dict."""
    data: dict[str, Any] = {"format": FAMILY_POSITION_FORMAT if _family(state.rules) else POSITION_FORMAT}
    data.update(_public(state.rules, state))
    data["hands"] = [_texts(hand) for hand in state.hands]
    if state.rules.shape.foot_size:
        data["feet"] = [None if foot is None else _texts(foot) for foot in state.feet]
    data["stock"] = _texts(state.stock)
    return _order(data)


def dump_view(view: PlayerView) -> dict[str, Any]:
    """A seat's view as a JSON-ready dict (`canasta-view/1`), with its history."""
    data: dict[str, Any] = {"format": FAMILY_VIEW_FORMAT if _family(view.rules) else VIEW_FORMAT, "seat": view.seat}
    data.update(_public(view.rules, view))
    data["hand"] = _texts(view.hand)
    data["hand_counts"] = list(view.hand_counts)
    if view.rules.shape.foot_size:
        data["foot_counts"] = list(view.foot_counts)
    data["stock_count"] = view.stock_count
    data["history"] = [event_to_json(event) for event in view.history]
    return data


_KEY_ORDER = (
    "format", "rules", "scores", "dealer", "current", "phase", "round", "hands", "feet", "stock", "pile", "melds",
    "red_threes", "threes", "black_threes", "bonus_cards", "bonus_order", "asked_partner", "melded_this_hand",
    "turns_played", "turn", "out",
    "pile_frozen_from_start", "lone_hand", "packet_due",
)  # fmt: skip


def _order(data: dict[str, Any]) -> dict[str, Any]:
    return {key: data[key] for key in _KEY_ORDER if key in data}


def _texts(cards: tuple[Card, ...]) -> list[str]:
    return [card.text for card in cards]


def _public(rules: Rules, table: GameState | PlayerView) -> dict[str, Any]:
    turn = table.turn
    mark = _marks_needed(table)
    data: dict[str, Any] = {
        "rules": rules.to_dict(),
        "scores": list(table.scores),
        "dealer": table.dealer,
        "current": table.current,
        "phase": table.phase.value,
        **({"round": table.round} if rules.shape.round_minimums else {}),
        "pile": _texts(table.pile),
        "melds": [[_meld_json(meld, mark, _family(rules)) for meld in side] for side in table.melds],
        _threes_key(rules): [_texts(row) for row in table.red_threes],
        **_bonus_fields(rules, table),
        **_black_three_fields(rules, table),
        "melded_this_hand": list(table.melded_this_hand),
        "turn": {
            "drew_from": None if turn.drew_from is None else turn.drew_from.value,
            "question": None if turn.question is None else turn.question.value,
            "melded": turn.melded,
            "concealed": turn.concealed,
            "exempt": turn.exempt,
            "final": turn.final,
        },
    }
    if table.phase is Phase.OVER:
        data["out"] = _out_json(table.out)
    if table.pile_frozen_from_start:
        data["pile_frozen_from_start"] = True
    if rules.cutthroat:
        data["lone_hand"] = table.lone_hand
    if table.packet_due:
        data["packet_due"] = list(table.packet_due)
    return data


def _out_json(out: Out | None) -> dict[str, Any] | None:
    """Who went out (or laid a special hand, which it names)."""
    if out is None:
        return None
    data: dict[str, Any] = {"seat": out.seat, "concealed": out.concealed}
    if out.special is not None:
        data["special"] = out.special.value
    return data


def _threes_key(rules: Rules) -> str:
    """The field of the threes laid out: `threes` where both colours are and share a row (docs/formats.md), else
    `red_threes`."""
    shape = rules.shape
    return "threes" if shape.lays_out_black_threes and not shape.black_threes_row else "red_threes"


def _black_three_fields(rules: Rules, table: GameState | PlayerView) -> dict[str, Any]:
    """Where black threes have a row of their own, each side's (set aside, or laid out); where the first round bars
    them as discards, the turns over while it lasts (docs/formats.md)."""
    data: dict[str, Any] = {}
    if rules.shape.black_threes_row:
        data["black_threes"] = [_texts(row) for row in table.black_threes]
    if rules.shape.first_round_black_three_ban and table.turns_played < rules.players:
        data["turns_played"] = table.turns_played
    return data


def _bonus_fields(rules: Rules, table: GameState | PlayerView) -> dict[str, Any]:
    """Bonus cards taken by side, and the order in which the sides melded once both have; seats that have asked
    partner where each may ask once per hand (written once one has)."""
    data: dict[str, Any] = {}
    if rules.shape.bonus_cards:
        data["bonus_cards"] = list(table.bonus_taken)
        if len(table.meld_order) == len(table.melds):
            data["bonus_order"] = list(table.meld_order)
    if any(table.asked):
        data["asked_partner"] = list(table.asked)
    return data


def _marks_needed(table: GameState | PlayerView) -> bool:
    """Whether every meld must say whether it was made this turn: a reader infers the markers when none is
    written, and for a player who melded this turn and is still concealed it would take all his side's melds
    as made this turn."""
    turn = table.turn
    marked = any(meld.this_turn for side in table.melds for meld in side)
    return turn.melded and turn.concealed and not marked and any(table.melds)


def _meld_json(meld: TableMeld, mark: bool, family: bool) -> list[str] | dict[str, Any]:
    """A meld: a bare list of cards where that says all (classic), otherwise an object; the family's
    positions always write objects with the kind (docs/formats.md, "Positions of the family")."""
    if not family and not meld.concealed and not meld.this_turn and not mark:
        return _texts(meld.cards)
    data: dict[str, Any] = {}
    if family:
        data["kind"] = meld.kind.value
        if meld.rank is not None:
            data["rank"] = meld.rank.value
        if meld.suit is not None:
            data["suit"] = meld.suit.value
        if meld.special is not None:
            data["name"] = meld.special.value
    data["cards"] = _texts(meld.cards)
    if meld.concealed:
        data["concealed"] = True
    if meld.this_turn or mark:
        data["this_turn"] = meld.this_turn
    return data


def load_view(data: Any) -> PlayerView:
    """Read a seat's view (`canasta-view/1`), for a computer player asked from outside.

    The hidden cards are dealt out in some order consistent with the view (a view never depends on which),
    so the view is checked as strictly as a position. :raises PositionFormatError: naming what is wrong.
    """
    if not isinstance(data, dict):
        raise PositionFormatError("view must be an object")
    written = data.get("format")
    if written not in (None, VIEW_FORMAT, FAMILY_VIEW_FORMAT):
        raise PositionFormatError(
            f"format must be {VIEW_FORMAT!r} (classic) or {FAMILY_VIEW_FORMAT!r}, not {written!r}"
        )
    position = {key: value for key, value in data.items() if key not in _VIEW_ONLY}
    if written is not None:  # the position's format follows the view's, and is judged as a position's
        position["format"] = FAMILY_POSITION_FORMAT if written == FAMILY_VIEW_FORMAT else POSITION_FORMAT
    rules = _Reader(position).rules
    seat = data.get("seat")
    if type(seat) is not int or not 0 <= seat < rules.players:
        raise PositionFormatError(f"seat must be a seat from 0 to {rules.players - 1}, not {seat!r}")
    hand, counts, stock_count = _view_hand(data, rules, seat)
    foot_counts = _foot_counts(data, rules) if rules.shape.foot_size else []
    hidden = _hidden_cards(rules, data, hand)
    in_feet = sum(count or 0 for count in foot_counts)
    held = sum(counts) - len(hand)
    kept = not rules.lays_out_red_threes or (rules.shape.last_three_kept and stock_count == 0)
    straight = len(counts) if rules.shape.lays_out_black_threes and rules.special_hands is not SpecialHands.OFF else 0
    _check_hidden(hidden, held, stock_count + in_feet, held if kept else straight, _laid_out_texts(rules))
    hands: list[list[str]] = []
    for other, count in enumerate(counts):
        hands.append(list(hand) if other == seat else hidden[:count])
        hidden = hidden if other == seat else hidden[count:]
    feet: list[list[str] | None] = []
    for size in foot_counts:
        feet.append(None if size is None else hidden[:size])
        hidden = hidden if size is None else hidden[size:]
    position.update(hands=hands, stock=hidden)
    if rules.shape.foot_size:
        position["feet"] = feet
    state = load_position(position)
    raw_history = [] if data.get("history") is None else data["history"]
    if not isinstance(raw_history, list):
        raise PositionFormatError("history must be a list of events")
    try:
        history = tuple(event_from_json(event) for event in raw_history)
    except EventFormatError as error:
        raise PositionFormatError(f"history: {error}") from None
    _check_history(history, rules.players)
    return replace(view_for(state, seat, with_history=False), history=history)


_VIEW_ONLY = frozenset({"seat", "hand", "hand_counts", "foot_counts", "stock_count", "history", "format"})


def _foot_counts(data: dict[str, Any], rules: Rules) -> list[int | None]:
    """Hand and Foot's `foot_counts`: per seat the size of its foot, or null once picked up."""
    counts = data.get("foot_counts")
    if (
        not isinstance(counts, list)
        or len(counts) != rules.players
        or any(count is not None and (type(count) is not int or count <= 0) for count in counts)
    ):
        raise PositionFormatError(f"foot_counts must be a list of {rules.players} foot sizes (null once picked up)")
    return counts


def _view_hand(data: dict[str, Any], rules: Rules, seat: int) -> tuple[list[str], list[int], int]:
    players = rules.players
    hand = data.get("hand")
    counts = data.get("hand_counts")
    stock_count = data.get("stock_count")
    if not isinstance(hand, list) or not all(isinstance(card, str) for card in hand):
        raise PositionFormatError("hand must be a list of cards")
    if not isinstance(counts, list) or len(counts) != players or any(type(c) is not int or c < 0 for c in counts):
        raise PositionFormatError(f"hand_counts must be a list of {players} whole numbers")
    if rules.shape.lays_out_black_threes:
        kept = 1 if rules.special_hands is not SpecialHands.OFF else 0  # the Straight's (checked with the melds)
        if stock_count != 0 and sum(1 for text in hand if text in _ALL_THREES) > kept:
            raise PositionFormatError("hand: a three is never held while the stock lasts; lay it out in threes")
    elif rules.lays_out_red_threes and any(text in _RED_THREES for text in hand):
        raise PositionFormatError("hand: a red three is never held; lay it out in red_threes")
    if counts[seat] != len(hand):
        raise PositionFormatError(f"hand_counts[{seat}] is {counts[seat]} but the hand holds {len(hand)} cards")
    if type(stock_count) is not int or stock_count < 0:
        raise PositionFormatError("stock_count must be a whole number")
    return hand, counts, stock_count


def _check_hidden(
    hidden: list[str], held: int, stock_count: int, may_hold_threes: int = 0, laid_out: frozenset[str] = frozenset()
) -> None:
    """The unseen cards fit where the view puts them: `held` in the other hands, the rest in the stock (and feet);
    `may_hold_threes`: how many of the other hands' cards may be threes laid out as they come (`laid_out`: red
    threes, or every three; Hand and Foot's penalty_500 keeps them, and a last stock card three is kept)."""
    if len(hidden) != held + stock_count:
        raise PositionFormatError(
            f"hand_counts, stock_count (and foot_counts) place {held + stock_count} hidden cards, "
            f"but {len(hidden)} cards of the deck are not in view"
        )
    red_threes = sum(1 for text in hidden if text in (laid_out or _RED_THREES))
    if red_threes > stock_count + may_hold_threes:
        what = "red threes" if laid_out in (frozenset(), _RED_THREES) else "threes"
        raise PositionFormatError(
            f"{red_threes} {what} are not in view, but stock_count is {stock_count}: "
            f"{what} are never held, so the unseen ones can only be in the stock"
        )


_RED_THREES = frozenset({"3H", "3D"})
_ALL_THREES = frozenset({"3H", "3D", "3C", "3S"})


def _laid_out_texts(rules: Rules) -> frozenset[str]:
    """The threes laid out as they come, by notation."""
    return _ALL_THREES if rules.shape.lays_out_black_threes else _RED_THREES


def _hidden_cards(rules: Rules, data: dict[str, Any], hand: list[str]) -> list[str]:
    """The deck's cards that the view does not show, in deck order."""
    shape = rules.shape
    hidden = Counter(card.text for card in make_deck(shape.packs, shape.jokers_per_pack))
    for where, text in [("hand", text) for text in hand] + _shown_cards(data, _threes_key(rules)):
        if not isinstance(text, str):
            raise PositionFormatError(f"{where}: {text!r} is not a card")
        if text not in hidden:
            raise PositionFormatError(f"{where}: unknown card {text!r}")
        if hidden[text] == 0:
            raise PositionFormatError(f"{where}: card {text} appears more often than the deck has it")
        hidden[text] -= 1
    # Red threes are never held: the hidden ones can only be in the stock, which takes the last cards.
    laid_out = _laid_out_texts(rules)
    return sorted(hidden.elements(), key=lambda text: (text in laid_out, text))


def _shown_cards(data: dict[str, Any], threes: str = "red_threes") -> list[tuple[str, Any]]:
    """The cards a view shows on the table, each with the field it is in."""
    shown = [("pile", text) for text in _card_list(data.get("pile"), "pile")]
    for index, side in enumerate(_card_list(data.get("melds"), "melds", "a list of each side's melds")):
        for number, meld in enumerate(_card_list(side, f"melds[{index}]", "a list of melds")):
            where = f"melds[{index}][{number}]"
            cards = meld.get("cards") if isinstance(meld, dict) else meld
            shown.extend((where, text) for text in _card_list(cards, where))
    for key in (threes, "black_threes") if "black_threes" in data else (threes,):
        for index, row in enumerate(_card_list(data.get(key), key, "a list of rows of threes")):
            shown.extend((f"{key}[{index}]", text) for text in _card_list(row, f"{key}[{index}]"))
    return shown


def _card_list(raw: Any, where: str, what: str = "a list of cards") -> list[Any]:
    if not isinstance(raw, list):
        raise PositionFormatError(f"{where} must be {what}")
    return raw


def _check_history(history: tuple[Event, ...], players: int) -> None:
    """Every seat an event names is a seat of the game."""
    for index, event in enumerate(history):
        seats = [getattr(event, name) for name in ("seat", "dealer", "out") if hasattr(event, name)]
        if isinstance(event, DealEvent) and len(event.hands) > players:
            raise PositionFormatError(f"history[{index}].hands has {len(event.hands)} hands for {players} players")
        for seat in seats:
            if seat is not None and not 0 <= seat < players:
                raise PositionFormatError(f"history[{index}] names seat {seat}; the seats are 0 to {players - 1}")


def load_position(data: Any) -> GameState:
    """Read a position. :raises PositionFormatError: naming what is wrong."""
    if not isinstance(data, dict):
        raise PositionFormatError("position must be an object")
    written = data.get("format")
    if written not in (None, POSITION_FORMAT, FAMILY_POSITION_FORMAT):
        raise PositionFormatError(
            f"format must be {POSITION_FORMAT!r} (classic) or {FAMILY_POSITION_FORMAT!r}, not {written!r}"
        )
    reader = _Reader(data)
    wanted = FAMILY_POSITION_FORMAT if _family(reader.rules) else POSITION_FORMAT
    if written not in (None, wanted) or (written is None and wanted != POSITION_FORMAT):
        game = reader.rules.variant.value
        raise PositionFormatError(
            f"format must be {wanted!r} for {game}" + ("" if written is None else f", not {written!r}")
        )
    return reader.read()


class _Reader:
    """Reads one position, numbering physical copies in order of appearance."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.copies: Counter[str] = Counter()
        try:
            self.rules = Rules.from_dict(data.get("rules", {"players": 4}))
        except ValueError as error:
            raise PositionFormatError(f"rules: {error}") from None
        self.players = self.rules.players
        self.slots = 3 if self.players == 3 else len(self.rules.shape.sides)

    def read(self) -> GameState:
        data = self.data
        phase = _enum(Phase, data.get("phase"), "phase")
        if phase is Phase.ANSWER and not self.rules.has_partners:
            raise PositionFormatError("phase answer needs partners: nobody asks with two or three players")
        hands = tuple(self._cards(hand, f"hands[{i}]") for i, hand in enumerate(self._list("hands", self.players)))
        stock = self._cards(data.get("stock"), "stock")
        pile = self._cards(data.get("pile"), "pile")
        flags = self._flags()
        current = self._seat(data.get("current"), "current")
        # The turn is the current player's, or, while his partner answers "may I go out?", the asker's.
        never_melded = not flags[asker_of(self.rules, current) if phase is Phase.ANSWER else current]
        turn = _turn({} if data.get("turn") is None else data["turn"], phase, never_melded)
        lone = self._lone_hand()
        melds = self._melds(turn, lone)
        key = _threes_key(self.rules)
        other = "red_threes" if key == "threes" else "threes"
        if other in data:
            raise PositionFormatError(f"{other} is not a field of {self.rules.variant.value}: its threes are in {key}")
        threes = tuple(self._cards(row, f"{key}[{i}]") for i, row in enumerate(self._list(key, self.slots)))
        state = GameState(
            rules=self.rules,
            scores=tuple(self._int(score, f"scores[{i}]") for i, score in enumerate(self._list("scores", self.slots))),
            dealer=self._seat(data.get("dealer"), "dealer"),
            current=self._seat(data.get("current"), "current"),
            phase=phase,
            hands=hands,
            stock=stock,
            pile=pile,
            melds=melds,
            red_threes=threes,
            melded_this_hand=flags,
            turn=turn,
            out=self._out(phase),
            pile_frozen_from_start=_bool(data.get("pile_frozen_from_start", False), "pile_frozen_from_start"),
            lone_hand=lone,
            feet=self._feet(),
            round=self._round(),
            bonus_taken=self._bonus_taken(),
            meld_order=self._meld_order(melds),
            asked=self._asked(),
            black_threes=self._black_threes(),
            turns_played=self._turns_played(),
            packet_due=self._packet_due(),
            seen=tuple(() for _ in range(self.players)),
        )
        _check_cards(state)
        problems = special_problems(state)
        if problems:
            raise PositionFormatError(problems[0])
        return state

    def _feet(self) -> tuple[tuple[Card, ...] | None, ...]:
        """Hand and Foot's feet: per seat a list of cards (top card first), or null once picked up."""
        if not self.rules.shape.foot_size:
            if "feet" in self.data:
                raise PositionFormatError("feet are only for hand_and_foot")
            return ()
        feet: list[tuple[Card, ...] | None] = []
        for seat, raw in enumerate(self._list("feet", self.players)):
            if raw is None:
                feet.append(None)
                continue
            foot = self._cards(raw, f"feet[{seat}]")
            if not foot:
                raise PositionFormatError(f"feet[{seat}] is empty: a foot picked up is null")
            feet.append(foot)
        return tuple(feet)

    def _packet_due(self) -> tuple[int, ...]:
        """Seats whose packet is released but not yet taken up (under `packet_timing: next_turn`), each holding it."""
        raw = self.data.get("packet_due")
        if raw is None:
            return ()
        if not self.rules.shape.packet_next_turn:
            raise PositionFormatError("packet_due is only for pennies_from_heaven under packet_timing next_turn")
        if not isinstance(raw, list):
            raise PositionFormatError("packet_due must be a list of seats")
        seats = tuple(self._seat(seat, "packet_due") for seat in raw)
        if len(set(seats)) != len(seats):
            raise PositionFormatError("packet_due names a seat twice")
        feet = self.data.get("feet")
        for seat in seats:
            if not isinstance(feet, list) or len(feet) != self.players or feet[seat] is None:
                raise PositionFormatError(f"packet_due names seat {seat}, whose packet is already taken up")
        return tuple(sorted(seats))

    def _bonus_taken(self) -> tuple[bool, ...]:
        """Which sides have taken their bonus cards (games with bonus cards; all false when missing)."""
        raw = self.data.get("bonus_cards")
        if not self.rules.shape.bonus_cards:
            if raw is not None:
                raise PositionFormatError("bonus_cards is only for games with bonus cards")
            return ()
        if raw is None:
            return (False,) * self.slots
        flags = self._list("bonus_cards", self.slots)
        return tuple(_bool(flag, f"bonus_cards[{i}]") for i, flag in enumerate(flags))

    def _meld_order(self, melds: tuple[tuple[TableMeld, ...], ...]) -> tuple[int, ...]:
        """The sides in the order they made their initial meld: `bonus_order` when both have, else the one that
        has (if any)."""
        melded = [side for side, own in enumerate(melds) if own]
        raw = self.data.get("bonus_order")
        if not self.rules.shape.bonus_cards:
            if raw is not None:
                raise PositionFormatError("bonus_order is only for games with bonus cards")
            return ()
        if raw is None:
            if len(melded) > 1 and len(melded) == len(melds):
                raise PositionFormatError("bonus_order is missing: every side has melded, so say which melded first")
            return tuple(melded)
        order = self._list("bonus_order", len(melds))
        if sorted(order) != list(range(len(melds))) or any(type(side) is not int for side in order):
            raise PositionFormatError(f"bonus_order must list the sides 0 to {len(melds) - 1}, each once")
        if len(melded) < len(melds):
            raise PositionFormatError("bonus_order is written once every side has melded")
        return tuple(order)

    def _asked(self) -> tuple[bool, ...]:
        """Seats that have asked partner this hand, where each may ask once per hand (all false when missing)."""
        raw = self.data.get("asked_partner")
        if not self.rules.ask_partner_once_per_hand:
            if raw is not None:
                raise PositionFormatError("asked_partner is only for ask_partner_once_per_hand")
            return ()
        if raw is None:
            return (False,) * self.players
        flags = self._list("asked_partner", self.players)
        return tuple(_bool(flag, f"asked_partner[{i}]") for i, flag in enumerate(flags))

    def _black_threes(self) -> tuple[tuple[Card, ...], ...]:
        """Each side's black threes, where the game keeps them in a row of their own (set aside from taken piles,
        or laid out as they come): only 3C and 3S."""
        if not self.rules.shape.black_threes_row:
            if "black_threes" in self.data:
                raise PositionFormatError(f"black_threes is not a field of {self.rules.variant.value}")
            return ()
        rows = tuple(
            self._cards(row, f"black_threes[{i}]") for i, row in enumerate(self._list("black_threes", self.slots))
        )
        for index, row in enumerate(rows):
            if any(not card.is_black_three for card in row):
                raise PositionFormatError(f"black_threes[{index}] may hold only black threes (3C, 3S)")
        return rows

    def _turns_played(self) -> int:
        """The turns over in the hand while its first round lasts (0 to players - 1); missing: past it."""
        raw = self.data.get("turns_played")
        if not self.rules.shape.first_round_black_three_ban:
            if raw is not None:
                raise PositionFormatError(f"turns_played is not a field of {self.rules.variant.value} by these rules")
            return 0
        if raw is None:
            return self.players
        played = self._int(raw, "turns_played")
        if not 0 <= played < self.players:
            raise PositionFormatError(
                f"turns_played must be 0 to {self.players - 1} (in the first round), not {played}"
            )
        return played

    def _round(self) -> int:
        """Hand and Foot's round, 1 to 4 (any from 1 in a game played to a target)."""
        raw = self.data.get("round")
        if not self.rules.shape.round_minimums:
            if raw is not None:
                raise PositionFormatError("round is only for hand_and_foot")
            return 1
        number = self._int(raw, "round")
        if number < 1 or (self.rules.game_end is GameEnd.ROUNDS_4 and number > ROUNDS):
            raise PositionFormatError(f"round must be 1 to {ROUNDS}, not {number}")
        return number

    def _list(self, key: str, length: int) -> list[Any]:
        value = self.data.get(key)
        if not isinstance(value, list) or len(value) != length:
            raise PositionFormatError(f"{key} must be a list of {length} entries")
        return value

    def _cards(self, raw: Any, where: str) -> tuple[Card, ...]:
        if not isinstance(raw, list):
            raise PositionFormatError(f"{where} must be a list of cards")
        cards: list[Card] = []
        for text in raw:
            if not isinstance(text, str):
                raise PositionFormatError(f"{where}: {text!r} is not a card")
            card = _card(text, self.copies[text], where)
            self.copies[text] += 1
            cards.append(card)
        return tuple(cards)

    def _int(self, raw: Any, where: str) -> int:
        if type(raw) is not int:
            raise PositionFormatError(f"{where} must be a whole number, not {raw!r}")
        return raw

    def _seat(self, raw: Any, where: str) -> int:
        seat = self._int(raw, where)
        if not 0 <= seat < self.players:
            raise PositionFormatError(f"{where} must be a seat from 0 to {self.players - 1}, not {seat}")
        return seat

    def _flags(self) -> tuple[bool, ...]:
        raw = self.data.get("melded_this_hand", [False] * self.players)
        if not isinstance(raw, list) or len(raw) != self.players:
            raise PositionFormatError(f"melded_this_hand must be a list of {self.players} true/false values")
        return tuple(_bool(flag, f"melded_this_hand[{i}]") for i, flag in enumerate(raw))

    def _lone_hand(self) -> int | None:
        raw = self.data.get("lone_hand")
        if raw is None:
            return None
        if not self.rules.cutthroat:
            raise PositionFormatError("lone_hand is only for three-player cutthroat")
        return self._seat(raw, "lone_hand")

    def _out(self, phase: Phase) -> Out | None:
        raw = self.data.get("out")
        if raw is None:
            return None
        if phase is not Phase.OVER:
            raise PositionFormatError("out is only for a position whose phase is over")
        if not isinstance(raw, dict):
            raise PositionFormatError('out must be an object such as {"seat": 2, "concealed": false}')
        special = raw.get("special")
        return Out(
            self._seat(raw.get("seat"), "out.seat"),
            _bool(raw.get("concealed", False), "out.concealed"),
            None if special is None else _enum(SpecialHand, special, "out.special"),
        )

    def _melds(self, turn: TurnState, lone: int | None) -> tuple[tuple[TableMeld, ...], ...]:
        sides = self._list("melds", self.slots)
        explicit = any(
            isinstance(meld, dict) and "this_turn" in meld for side in sides if isinstance(side, list) for meld in side
        )
        melds: list[tuple[TableMeld, ...]] = []
        keeper = None if lone is None else (lone + 1) % 3  # cutthroat: the partners' melds are kept here
        for index, side in enumerate(sides):
            if not isinstance(side, list):
                raise PositionFormatError(f"melds[{index}] must be a list of melds")
            if side and lone is not None and index not in (lone, keeper):
                raise PositionFormatError(
                    f"melds[{index}] must be empty: with lone_hand {lone} the partners' melds are kept in "
                    f"melds[{keeper}]"
                )
            combined = index == keeper
            read = tuple(self._meld(meld, f"melds[{index}][{i}]", combined) for i, meld in enumerate(side))
            ranks = [meld.rank for meld in read if meld.rank is not None]
            most = self.rules.shape.groups_per_rank
            if most is not None and any(ranks.count(rank) > most for rank in ranks):
                raise PositionFormatError(
                    f"melds[{index}] holds two melds of one rank" if most == 1 else
                    f"melds[{index}] holds more than {most} groups of one rank"
                )  # fmt: skip
            melds.append(read)
        if not explicit:
            melds = self._infer_this_turn(melds, turn, lone)
        self._check_dead_ranks(melds)
        return tuple(melds)

    def _check_dead_ranks(self, melds: list[tuple[TableMeld, ...]]) -> None:
        """Where a completed canasta makes its rank dead, no rank has two canastas (the first made it dead)."""
        if not self.rules.shape.dead_ranks:
            return
        done = [meld.rank for side in melds for meld in side if meld.rank is not None and meld.is_canasta(self.rules)]
        twice = sorted({rank for rank in done if done.count(rank) > 1}, key=lambda rank: rank.value)
        if twice:
            raise PositionFormatError(
                f"melds: two canastas of {rank_name(twice[0])}; the first one completed made the rank dead"
            )

    def _infer_this_turn(
        self, melds: list[tuple[TableMeld, ...]], turn: TurnState, lone: int | None
    ) -> list[tuple[TableMeld, ...]]:
        """Without markers: a player who has melded this turn and is still on course for a concealed going
        out put everything into melds he made this turn, so his side's melds are taken as his new ones."""
        if not turn.concealed or not turn.melded:
            return melds
        side = side_of(self.rules, lone, self._seat(self.data.get("current"), "current"))
        melds[side] = tuple(replace(m, this_turn=True) for m in melds[side])
        return melds

    def _meld(self, raw: Any, where: str, combined: bool) -> TableMeld:
        """One meld; `combined`: the cutthroat partners' entry, whose melds may keep more than three wild cards."""
        concealed = this_turn = False
        kind = MeldKind.GROUP
        stated: dict[str, Any] = {}
        if isinstance(raw, dict):
            concealed = _bool(raw.get("concealed", False), f"{where}.concealed")
            this_turn = _bool(raw.get("this_turn", False), f"{where}.this_turn")
            if _family(self.rules) and "kind" not in raw:
                raise PositionFormatError(f"{where}.kind is missing: canasta-position/2 names each meld's kind")
            if not _family(self.rules) and raw.keys() & {"kind", "rank", "suit"}:
                raise PositionFormatError(f"{where}: a classic meld is its cards (kinds are canasta-position/2's)")
            kind = _enum(MeldKind, raw.get("kind", MeldKind.GROUP.value), f"{where}.kind")
            stated = raw
            _check_stated(kind, raw, where)
            raw = raw.get("cards")
        elif _family(self.rules):
            raise PositionFormatError(f"{where} must be an object with its kind and cards (canasta-position/2)")
        if kind is MeldKind.SPECIAL:  # what its cards make is checked with the whole position (`special_problems`)
            name = _enum(SpecialHand, stated.get("name"), f"{where}.name")
            return TableMeld(None, self._cards(raw, where), kind=kind, special=name)
        if kind not in self.rules.shape.meld_kinds:
            raise PositionFormatError(f"{where}: {self.rules.variant.value} has no {kind.value} melds")
        cards = self._cards(raw, where)
        if kind is not MeldKind.GROUP:
            return self._run(kind, cards, stated, where, (concealed, this_turn))
        ranks = {card.rank for card in cards if not card.is_wild}
        if len(ranks) != 1:
            raise PositionFormatError(f"{where} must hold natural cards of exactly one rank")
        rank = ranks.pop()
        if any(card.is_red_three for card in cards):
            raise PositionFormatError(f"{where}: a red three is never melded")
        if rank is Rank.THREE and any(not card.is_black_three for card in cards if not card.is_wild):
            raise PositionFormatError(f"{where}: only black threes form a meld of threes")
        wilds = sum(1 for card in cards if card.is_wild)
        kept = combined and wilds > self.rules.shape.max_wilds  # cutthroat is classic's: its limit is the shape's
        if "rank" in stated and stated["rank"] != rank.value:
            raise PositionFormatError(f"{where}.rank is {stated['rank']!r}, but its natural cards are {rank.value}")
        refusal = shape_refusal(self.rules, rank, len(cards) - wilds, wilds, not kept)
        shape = self.rules.shape
        if not shape.eighth_card_going_out:  # (by that option a group passes its cap before the going-out discard)
            refusal = refusal or size_refusal(self.rules, MeldKind.GROUP, len(cards))
        if refusal is not None:
            raise PositionFormatError(f"{where}: {refusal.message}")
        if wilds and rank in shape.wildless_ranks:
            raise PositionFormatError(f"{where}: a meld of {rank_name(rank)} never holds a wild card")
        return TableMeld(rank, cards, concealed, this_turn)

    def _run(
        self, kind: MeldKind, cards: tuple[Card, ...], stated: dict[str, Any], where: str, marks: tuple[bool, bool]
    ) -> TableMeld:
        """A sequence (its cards low to high, as written) or a meld of wild cards."""
        if kind is MeldKind.WILD:
            refusal = wild_meld_refusal(self.rules, cards)
            if refusal is not None:
                raise PositionFormatError(f"{where}: {refusal.message}")
            return TableMeld(None, cards, *marks, kind=kind)
        ordered = sequence_cards(self.rules, cards)
        if isinstance(ordered, Refusal):
            raise PositionFormatError(f"{where}: {ordered.message}")
        if ordered != cards:
            raise PositionFormatError(f"{where}: a sequence's cards are written low to high")
        suit = stated.get("suit")
        if suit is not None and _enum(Suit, suit, f"{where}.suit") is not cards[0].suit:
            raise PositionFormatError(f"{where}.suit is {suit!r}, but its cards are of {cards[0].text[-1]}")
        return TableMeld(None, cards, *marks, kind=kind)


def _check_stated(kind: MeldKind, stated: dict[str, Any], where: str) -> None:
    """A meld object names only what its kind has: a group its rank, a sequence its suit, a special hand its name."""
    for field, owner, what in (("rank", MeldKind.GROUP, "group"), ("suit", MeldKind.SEQUENCE, "sequence"),
                               ("name", MeldKind.SPECIAL, "special hand")):  # fmt: skip
        if kind is not owner and field in stated:
            raise PositionFormatError(f"{where}: only a {what} has a {field}")


def _card(text: str, copy: int, where: str) -> Card:
    """The card `text` as its `copy`-th physical copy in the position (counted from 0)."""
    try:
        Card.parse(text)
    except ValueError:
        raise PositionFormatError(f"{where}: unknown card {text!r}") from None
    try:
        return Card.parse(text, copy)
    except ValueError:  # more copies than any deck has: name the card, as `_check_cards` does for fewer
        raise PositionFormatError(f"{where}: card {text} appears more often than the deck has it") from None


def _enum(kind: Any, raw: Any, where: str) -> Any:
    try:
        return kind(raw)
    except ValueError:
        allowed = ", ".join(member.value for member in kind)
        raise PositionFormatError(f"{where} must be one of {allowed}, not {raw!r}") from None


def _bool(raw: Any, where: str) -> bool:
    if not isinstance(raw, bool):
        raise PositionFormatError(f"{where} must be true or false, not {raw!r}")
    return raw


def _turn(raw: Any, phase: Phase, never_melded: bool) -> TurnState:
    """The `turn` object. A hand-made position may leave out what its other fields say, while the player has
    not melded this turn (the answer phase belongs to the asker's turn, so `never_melded` is the asker's): he is on
    course for a concealed going out exactly when he had melded nothing before this turn (docs/rules.md, "Going
    out"), and in the play phase he drew from the stock (taking the pile melds its top card). Fields that are given
    are kept."""
    if not isinstance(raw, dict):
        raise PositionFormatError("turn must be an object")
    melded = _flag(raw, "melded")
    starting = not melded and phase is not Phase.OVER
    drew = raw.get("drew_from")
    if drew is None and starting and phase is Phase.PLAY:
        drew = DrewFrom.STOCK.value
    question = raw.get("question")
    return TurnState(
        drew_from=None if drew is None else _enum(DrewFrom, drew, "turn.drew_from"),
        question=None if question is None else _enum(Question, question, "turn.question"),
        melded=melded,
        concealed=_flag(raw, "concealed", default=starting and never_melded),
        exempt=_flag(raw, "exempt"),
        final=_flag(raw, "final"),
    )


def _flag(turn: dict[str, Any], name: str, default: bool = False) -> bool:
    """A true/false field of `turn`; missing or null is `default` (false, as docs/formats.md says, unless the
    position says otherwise)."""
    raw = turn.get(name)
    return default if raw is None else _bool(raw, f"turn.{name}")


def _check_cards(state: GameState) -> None:
    """Every card of the deck exactly once; no red three in a hand or on top of the pile."""
    shape = state.rules.shape
    expected = Counter(card.text for card in make_deck(shape.packs, shape.jokers_per_pack))
    found = Counter(card.text for card in state.all_cards())
    for text, count in sorted(found.items()):
        if count > expected[text]:
            raise PositionFormatError(f"card {text} appears {count} times; the deck has {expected[text]}")
    total = sum(found.values())
    if total != shape.deck_size:
        missing = sorted((expected - found).elements())
        raise PositionFormatError(
            f"wrong deck size: the position places {total} cards, the deck has {shape.deck_size}"
            + (f" (missing {' '.join(missing[:12])}{' ...' if len(missing) > 12 else ''})" if missing else "")
        )
    if not state.rules.lays_out_red_threes:  # Hand and Foot's penalty_500: held and discarded, never laid out
        if any(state.red_threes):
            raise PositionFormatError("red_threes: under red_threes penalty_500 no red three is laid out")
        return
    if state.rules.shape.lays_out_black_threes and not state.rules.shape.black_threes_row:
        _check_both_threes(state)
        return
    if state.rules.shape.lays_out_black_threes:  # a row of their own, laid out as they come: never held
        for seat, hand in enumerate(state.hands):
            if any(card.is_black_three for card in hand):
                raise PositionFormatError(f"hands[{seat}]: a black three is never held; lay it out in black_threes")
    for seat, hand in enumerate(state.hands):
        if any(card.is_red_three for card in hand):
            raise PositionFormatError(f"hands[{seat}]: a red three is never held; lay it out in red_threes")
    if state.pile and state.pile[-1].is_red_three:
        raise PositionFormatError("pile: a red three is never on top of the pile")
    for index, row in enumerate(state.red_threes):
        if any(not card.is_red_three for card in row):
            raise PositionFormatError(f"red_threes[{index}] may hold only red threes")


def _threes_kept_for_straight(state: GameState, seat: int) -> int:
    """How many threes `seat` may hold while the stock lasts: one, kept for the Straight (a special hand), while
    his side has not melded and special hands are played; else none."""
    side = side_of(state.rules, state.lone_hand, seat)
    unmelded = all(meld.special is not None for meld in state.melds[side])  # (a special hand laid: the partner's)
    return 1 if state.rules.special_hands is not SpecialHands.OFF and unmelded else 0


def _check_both_threes(state: GameState) -> None:
    """Where threes of both colours are laid out: `threes` holds only threes; a three is in a hand only once the
    stock is empty (the last stock card, kept), and never in the pile."""
    for index, row in enumerate(state.red_threes):
        if any(card.rank is not Rank.THREE for card in row):
            raise PositionFormatError(f"threes[{index}] may hold only threes")
    for seat, hand in enumerate(state.hands):
        held = sum(1 for card in hand if card.rank is Rank.THREE)
        if state.stock and held > _threes_kept_for_straight(state, seat):
            raise PositionFormatError(
                f"hands[{seat}]: a three is never held while the stock lasts (bar one kept for the Straight by a "
                "side that has not melded); lay it out in threes"
            )
    if any(card.rank is Rank.THREE for card in state.pile):
        raise PositionFormatError("pile: a three is never discarded")
