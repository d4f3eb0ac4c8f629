"""Hand-made positions with the decision a good player makes, and why (`tests/ai/puzzles/NN-name.json`; Samba's
`sNN-samba-name.json`, Bolivia's `bNN-bolivia-name.json`).

Each file is a position (`canasta-position/1`, or `/2` for Samba and Bolivia) with two extra keys: `"puzzle"`
(title, why, the heuristic it tests, the expected decision and the levels that must find it) and, where card
memory matters, `"history"`: public events of the hand (docs/formats.md, "Events"), oldest first, as the seat to
move saw them.

The expectation is a set of conditions on the chosen action, all of which must hold:
`type` (the action's JSON type), `card` (the discard), `not_discard` (a discard of none of these cards),
`discard_rank_not` (a discard of none of these ranks), `meld_cards` (the cards a meld step lays, as a
multiset), `new_melds` (how many new melds the step lays), `adds_rank` (the step adds to our meld of this
rank), `no_wild_on` (the step puts no wild card on our meld of this rank), `keeps_cards` (at least this many
cards stay in hand after the action) and `answer` (the answer to "Partner, may I go out?"). Samba and Bolivia
name melds by index: `adds_to` (`{"meld": i, "cards": [...]}`: the step adds at least these cards to our meld i),
`lays_sequence` (the step lays a new sequence), `no_wild_meld` (it lays no meld of wild cards alone), `onto` (the
pile's top card goes onto our meld i), `combine` (the two groups combined), `holds` (none of these cards is laid
or discarded) and `no_wild_onto` (no wild card goes onto our meld i), `lays_meld` (one of the step's new melds holds
exactly these cards). Hand and Foot's are `hNN-hand-and-foot-name.json`, Modern American's
`mNN-modern-american-name.json`, Cuban Canasta's `cNN-cuban-name.json`.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from canasta.ai.base import CardMemory
from canasta.ai.levels import make_bot
from canasta.ai.lookahead import Budget
from canasta.engine import check, view_for
from canasta.engine.actions import Action, Answer, Combine, Discard, Draw, Meld, TakePile, action_to_json
from canasta.engine.cards import Rank
from canasta.engine.events import event_from_json
from canasta.engine.melds import kind_of
from canasta.engine.playerview import Phase, PlayerView
from canasta.engine.position import load_position
from canasta.engine.rules import MeldKind, Variant

PUZZLES = sorted((Path(__file__).parent / "puzzles").glob("*.json"))
LEVELS = ("beginner", "normal", "hard", "expert")
# The Expert looks ahead on sampled deals, without the clock, so that its answer depends on the seed alone.
EXPERT_BUDGET = Budget(samples=24, seconds=None)
CONDITIONS = frozenset(
    {"type", "card", "not_discard", "discard_rank_not", "meld_cards", "new_melds", "adds_rank", "no_wild_on",
     "keeps_cards", "answer", "adds_to", "lays_sequence", "no_wild_meld", "onto", "combine", "holds",
     "no_wild_onto", "lays_meld"}
)  # fmt: skip
MIN_PUZZLES = 30
MIN_PUZZLES_PER_FAMILY_GAME = 10
# Beginner must fail at least this many puzzles, so that the levels are told apart.
BEGINNER_MISSES_AT_LEAST = 3


def read(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def puzzle_view(data: dict[str, Any]) -> tuple[PlayerView, CardMemory]:
    """The view of the seat to move, with the puzzle's history, and the card memory built from it."""
    position = {key: value for key, value in data.items() if key not in ("puzzle", "history")}
    state = load_position(position)
    history = tuple(event_from_json(event) for event in data.get("history", []))
    view = replace(view_for(state, state.current), history=history)
    memory = CardMemory(state.rules.players)
    memory.observe(history)
    return view, memory


def decide(level: str, view: PlayerView, memory: CardMemory) -> Action:
    bot = make_bot(level, random.Random(1), view.rules.players, EXPERT_BUDGET)
    return bot.choose(view, memory)


def cards_left(view: PlayerView, action: Action) -> int:
    if isinstance(action, Discard):
        return len(view.hand) - 1
    if isinstance(action, Meld):
        return len(view.hand) - len(action.cards())
    return len(view.hand)


def satisfies(expect: dict[str, Any], view: PlayerView, action: Action) -> bool:
    """Whether `action` meets every condition of `expect` (see the module docstring)."""
    return all(meets(key, want, view, action) for key, want in expect.items())


def meets(key: str, want: Any, view: PlayerView, action: Action) -> bool:
    """Whether `action` meets one condition of an expectation."""
    added = dict(action.add) if isinstance(action, Meld) else {}
    match key:
        case "type":
            return bool(action_to_json(action)["type"] == want)
        case "card":
            return isinstance(action, Discard) and action.card.text == want
        case "not_discard":
            return isinstance(action, Discard) and action.card.text not in want
        case "discard_rank_not":
            return isinstance(action, Discard) and action.card.rank.value not in want
        case "meld_cards":
            return isinstance(action, Meld) and _texts(action.cards()) == Counter(want)
        case "new_melds":
            return isinstance(action, Meld) and len(action.new) == want
        case "adds_rank":
            return Rank.parse(want) in added
        case "no_wild_on":
            return not any(card.is_wild for card in added.get(Rank.parse(want), ()))
        case "keeps_cards":
            return cards_left(view, action) >= int(want)
        case "answer":
            return isinstance(action, Answer) and action.yes is want
    return meets_family(key, want, view, action)


def meets_family(key: str, want: Any, view: PlayerView, action: Action) -> bool:
    """Whether `action` meets one of the conditions of Samba and Bolivia (melds named by index)."""
    match key:
        case "adds_to":
            added_to = dict(action.add_to) if isinstance(action, Meld) else {}
            return not Counter(want["cards"]) - _texts(added_to.get(want["meld"], ()))
        case "lays_sequence" | "no_wild_meld":
            kinds = [kind_of(view.rules, group) for group in action.new] if isinstance(action, Meld) else []
            if key == "lays_sequence":
                return (MeldKind.SEQUENCE in kinds) is want
            return (MeldKind.WILD not in kinds) is want
        case "onto":
            return isinstance(action, TakePile) and action.onto == want
        case "combine":
            return isinstance(action, Combine) and list(action.melds) == want
        case "no_wild_onto":
            added_to = dict(action.add_to) if isinstance(action, Meld) else {}
            return not any(card.is_wild for card in added_to.get(want, ()))
        case "lays_meld":
            return isinstance(action, Meld) and any(_texts(cards) == Counter(want) for cards in action.new)
        case "holds":
            gone = action.cards() if isinstance(action, Meld) else (action.card,) if isinstance(action, Discard) else ()
            return not set(want) & set(_texts(gone))
    raise ValueError(f"unknown puzzle condition {key!r}")


def _texts(cards: tuple[Any, ...]) -> Counter[str]:
    return Counter(card.text for card in cards)


def solved(level: str, data: dict[str, Any]) -> tuple[bool, Action]:
    view, memory = puzzle_view(data)
    action = decide(level, view, memory)
    assert check(view, action) is None, f"{level} chose an illegal {action}"
    return satisfies(data["puzzle"]["expect"], view, action), action


@pytest.mark.parametrize("path", PUZZLES, ids=[path.stem for path in PUZZLES])
@pytest.mark.parametrize("level", LEVELS)
def test_puzzle(path: Path, level: str) -> None:
    """Every level plays a legal move; the levels the puzzle names find the good one."""
    data = read(path)
    good, action = solved(level, data)
    puzzle = data["puzzle"]
    if level in puzzle["levels"]:
        assert good, f"{level} chose {action_to_json(action)}: {puzzle['why']}"


def test_the_puzzles_are_well_formed_and_cover_every_heuristic() -> None:
    assert len(PUZZLES) >= MIN_PUZZLES
    heuristics: Counter[str] = Counter()
    for path in PUZZLES:
        data = read(path)
        puzzle = data["puzzle"]
        assert {"title", "why", "heuristic", "expect", "levels"} <= set(puzzle), path.name
        assert set(puzzle["expect"]) <= CONDITIONS and puzzle["expect"], path.name
        assert {"normal", "hard"} <= set(puzzle["levels"]) <= set(LEVELS), path.name
        view, _ = puzzle_view(data)
        assert view.phase in (Phase.DRAW, Phase.PLAY, Phase.ANSWER), path.name
        heuristics[puzzle["heuristic"]] += 1
    assert set(heuristics) >= HEURISTICS, HEURISTICS - set(heuristics)


def test_samba_and_bolivia_have_their_puzzles() -> None:
    """At least ten positions of each game of the family, covering its own judgments."""
    games: Counter[Variant] = Counter()
    heuristics: dict[Variant, set[str]] = {}
    for path in PUZZLES:
        data = read(path)
        view, _ = puzzle_view(data)
        games[view.rules.variant] += 1
        heuristics.setdefault(view.rules.variant, set()).add(data["puzzle"]["heuristic"])
    for variant in (Variant.SAMBA, Variant.BOLIVIA):
        assert games[variant] >= MIN_PUZZLES_PER_FAMILY_GAME, variant
        assert heuristics[variant] >= FAMILY_HEURISTICS, FAMILY_HEURISTICS - heuristics[variant]
    assert {"escalera", "bolivia"} <= heuristics[Variant.BOLIVIA]


# Each newer game's own judgments, each covered by at least one of its puzzles.
GAME_HEURISTICS = {
    Variant.MODERN_AMERICAN: frozenset(
        {"bonus cards", "penalised ranks", "dead ranks", "keeping pairs", "wild melds"}
    ),
    Variant.CUBAN: frozenset(
        {"keeping pairs", "pile capture", "black threes", "discard safety", "closed ranks", "wild melds",
         "initial meld"}
    ),
    Variant.PENNIES_FROM_HEAVEN: frozenset(
        {"sevens canasta", "wild canasta", "initial meld", "going out", "canasta types", "packet"}
    ),
}  # fmt: skip


@pytest.mark.parametrize("variant", list(GAME_HEURISTICS), ids=str)
def test_each_newer_game_has_its_puzzles(variant: Variant) -> None:
    """At least ten positions of the game, covering its own judgments."""
    heuristics: set[str] = set()
    count = 0
    for path in PUZZLES:
        data = read(path)
        view, _ = puzzle_view(data)
        if view.rules.variant is variant:
            count += 1
            heuristics.add(data["puzzle"]["heuristic"])
    assert count >= MIN_PUZZLES_PER_FAMILY_GAME
    assert heuristics >= GAME_HEURISTICS[variant], GAME_HEURISTICS[variant] - heuristics


HEURISTICS = frozenset(
    {"pile capture", "freeze timing", "discard safety", "black threes", "initial meld", "keeping pairs",
     "natural canastas", "going out", "answering partner", "asking partner", "partnership signals",
     "counting wild cards", "game score", "end of the stock"}
)  # fmt: skip
FAMILY_HEURISTICS = frozenset(
    {"sequences", "near samba", "pile capture", "discard safety", "keeping pairs", "two-wild limit",
     "combining groups", "race to two canastas", "initial meld"}
)  # fmt: skip


def test_a_puzzle_can_fail() -> None:
    """The checker is not blind: a plain draw does not take the big pile."""
    data = read(PUZZLES[0])
    view, _ = puzzle_view(data)
    assert not satisfies(data["puzzle"]["expect"], view, Draw())


def test_beginner_misses_some_puzzles() -> None:
    """The levels are told apart: the Beginner (little care for the pile, noisy discards) misses several."""
    misses = [path.stem for path in PUZZLES if not solved("beginner", read(path))[0]]
    assert len(misses) >= BEGINNER_MISSES_AT_LEAST, misses
