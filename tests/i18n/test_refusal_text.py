"""Refusals in the player's language: a template for every code, filled from the refusal's args; the English
message while the engine passes no args."""

from __future__ import annotations

import ast
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from canasta.engine import check, legal_actions, view_for
from canasta.engine.actions import Action, Answer, AskPartner, Discard, Draw, Meld, Pass, TakePile
from canasta.engine.cards import Card, Rank
from canasta.engine.refusal_text import (
    AS_ON_TABLE,
    TEMPLATES,
    ArgValue,
    Template,
    card_label,
    card_name,
    list_words,
    rank_plural,
    refusal_text,
    translated_text,
)
from canasta.engine.refusals import Code, Refusal
from canasta.engine.rules import Variant
from canasta.engine.state import GameState
from canasta.i18n import set_language
from tests.play import played_states


def refusal(code: Code, message: str, **args: ArgValue) -> Refusal:
    """A refusal with its args, as the engine makes them."""
    return Refusal(code, message, tuple(args.items()))


def test_every_code_has_a_template() -> None:
    assert {code for code, _ in TEMPLATES} == set(Code)


def test_a_plural_template_names_the_arg_that_counts() -> None:
    for key, template in TEMPLATES.items():
        if template.plural is not None:
            assert template.count in template.needs, key
        else:
            assert template.count is None, key


@pytest.mark.parametrize(
    ("made", "english", "italian"),
    [
        (refusal(Code.NOT_YOUR_TURN, "x"), "It is not your turn.", "Non è il tuo turno."),
        (
            refusal(Code.INITIAL_MELD_BELOW_MINIMUM, "x", minimum=90, points=70),
            "Your first meld needs 90 points; these make 70.",
            "La tua prima calata deve valere 90 punti; queste carte ne fanno 70.",
        ),
        (
            refusal(Code.GOING_OUT_NEEDS_CANASTA, "x", needed=1, canastas=0),
            "Your side needs 1 canasta to go out; it has 0.",
            "Per chiudere la tua squadra ha bisogno di 1 canasta; ne ha 0.",
        ),
        (
            refusal(Code.GOING_OUT_NEEDS_CANASTA, "x", needed=2, canastas=1),
            "Your side needs 2 canastas to go out; it has 1.",
            "Per chiudere la tua squadra ha bisogno di 2 canaste; ne ha 1.",
        ),
        (
            refusal(Code.CARD_NOT_IN_HAND, "x", cards=(Card.parse("QH"), Card.parse("8S"), Card.parse("JK"))),
            "You do not hold the queen of hearts, the eight of spades and the joker.",
            "Non hai in mano la donna di cuori, l'otto di picche e il jolly.",
        ),
        (
            refusal(Code.MELD_MIXED_RANKS, "x", variant="addition", rank=Rank.QUEEN),
            "Only queens and wild cards go onto the queens.",
            "Sulla calata di donne vanno solo donne e matte.",
        ),
        (
            refusal(Code.MELD_MIXED_RANKS, "x", variant="new_meld", ranks=(Rank.FOUR, Rank.KING)),
            "A meld holds one rank only, not fours and kings.",
            "Una calata è di un solo valore, non di quattro e re.",
        ),
        (
            refusal(Code.MUST_TAKE_PILE, "x", card=Card.parse("7D"), rank=Rank.SEVEN),
            "The stock is empty and the seven of diamonds fits your sevens: take the pile.",
            "Il tallone è vuoto e il sette di quadri va sulla tua calata di sette: prendi il pozzo.",
        ),
        (
            refusal(Code.ASK_AFTER_MELDING, "x", variant="last_card"),
            "Ask your partner before melding down to your last card.",
            "Chiedi al tuo compagno prima di calare fino all'ultima carta.",
        ),
    ],
)
def test_a_refusal_reads_in_the_chosen_language(made: Refusal, english: str, italian: str) -> None:
    assert refusal_text(made) == english
    set_language("it")
    assert refusal_text(made) == italian


@pytest.mark.parametrize(
    "made",
    [
        Refusal(Code.INITIAL_MELD_BELOW_MINIMUM, "Your first meld needs 90 points; these make 70."),  # no args
        refusal(Code.INITIAL_MELD_BELOW_MINIMUM, "Your first meld needs 90 points; these make 70.", minimum=90),
        refusal(Code.ASK_AFTER_MELDING, "Your first meld needs 90 points; these make 70."),  # no variant
        refusal(Code.MELD_TOO_SMALL, "Your first meld needs 90 points; these make 70.", variant="odd", size=2),
    ],
)
def test_a_refusal_without_the_args_its_text_needs_keeps_its_english_message(made: Refusal) -> None:
    set_language("it")
    assert translated_text(made) is None
    assert refusal_text(made) == "Your first meld needs 90 points; these make 70."


def test_a_refusal_whose_text_needs_no_args_is_translated_already() -> None:
    set_language("it")
    assert refusal_text(Refusal(Code.PILE_EMPTY, "The discard pile is empty.")) == "Il pozzo è vuoto."


def test_names_of_cards_ranks_and_lists() -> None:
    assert [card_name(Card.parse(text)) for text in ("AS", "TD", "2C")] == [
        "the ace of spades",
        "the ten of diamonds",
        "the two of clubs",
    ]
    lists: tuple[list[str], ...] = ([], ["a"], ["a", "b"], ["a", "b", "c"])
    assert [list_words(items) for items in lists] == ["", "a", "a and b", "a, b and c"]
    set_language("it")
    assert [rank_plural(rank) for rank in (Rank.JACK, Rank.QUEEN, Rank.ACE, Rank.JOKER)] == [
        "fanti",
        "donne",
        "assi",
        "jolly",
    ]
    assert card_name(Card.parse("AH")) == "l'asso di cuori" and list_words(["a", "b"]) == "a e b"


def test_a_template_needs_exactly_its_placeholders() -> None:
    assert Template("{a} of {b}").needs == {"a", "b"}
    assert Template("{n} card", "{n} cards", "n").needs == {"n"}


# -- the engine's refusals, once it passes args ----------------------------------------------------------------


def _random_action(rng: random.Random, state: GameState) -> Action:
    """An action that is often illegal: random kind, cards from the hand or from anywhere."""
    hand = list(state.hands[state.current])
    anywhere = state.all_cards()

    def some(count: int) -> tuple[Card, ...]:
        return tuple(rng.choice(hand if hand and rng.random() < 0.8 else anywhere) for _ in range(count))

    choices: list[Action] = [
        Draw(),
        TakePile(some(rng.randrange(4)), tuple(some(3) for _ in range(rng.randrange(2)))),
        Meld(tuple(some(rng.randrange(1, 5)) for _ in range(rng.randrange(3))), ((rng.choice(list(Rank)), some(2)),)),
        Discard(some(1)[0]),
        AskPartner(),
        Answer(rng.random() < 0.5),
        Pass(),
    ]
    return rng.choice(choices)


def _comparable(message: str, made: Refusal) -> str:
    """The engine's English message with its card notation ("QH") written as the player reads it: by name, or as
    the table writes cards ("Q♥") for the args that show them so."""
    for name, value in getattr(made, "args", ()):
        cards = (value,) if isinstance(value, Card) else value if name == "cards" or name in AS_ON_TABLE else ()
        for card in cards:
            if isinstance(card, Card):
                shown = card_label(card) if name in AS_ON_TABLE else card_name(card)
                message = message.replace(card.text, shown)
    return message.replace(",", "")


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), moves=st.integers(0, 10**6))
def test_every_engine_refusal_has_the_args_of_its_text_and_reads_as_its_message(seed: int, moves: int) -> None:
    rng = random.Random(moves)
    for state in list(played_states(seed))[::3]:
        view = view_for(state, state.current)
        for action in [_random_action(rng, state) for _ in range(8)] + legal_actions(view)[:3]:
            _assert_reads_as_its_message(check(view, action))


@pytest.mark.parametrize(
    "variant", [Variant.SAMBA, Variant.BOLIVIA, Variant.HAND_AND_FOOT, Variant.MODERN_AMERICAN, Variant.CUBAN]
)
def test_every_refusal_of_the_family_reads_as_its_message(variant: Variant) -> None:
    rng = random.Random(5)
    codes: set[Code] = set()
    for seed in range(2):
        for state in list(played_states(seed, variant=variant))[::3]:
            view = view_for(state, state.current)
            side = view.melds[view.rules.shape.seat_side[view.seat]]
            actions = [_random_action(rng, state) for _ in range(8)] + legal_actions(view)[:3]
            for index in range(len(side)):  # cards onto each of the side's melds: sequences, wild melds, books
                actions.append(Meld(add_to=((index, tuple(rng.sample(view.hand, min(2, len(view.hand))))),)))
            for action in actions:
                made = check(view, action)
                _assert_reads_as_its_message(made)
                if made is not None:
                    codes.add(made.code)
    assert len(codes) > 12, "the family's hands met too few kinds of refusal to say much"


def _assert_reads_as_its_message(made: Refusal | None) -> None:
    if made is None:
        return
    text = translated_text(made)
    assert text is not None, f"{made.code}: args {getattr(made, 'args', ())} do not fill its text"
    several = any(isinstance(value, tuple) and len(value) > 1 for _, value in getattr(made, "args", ()))
    if not several:  # a list reads "a, b and c" where the message has "a, b, c"
        assert text.replace(",", "") == _comparable(made.message, made)


# -- every place in the engine that makes a refusal passes what its text needs (read from the source) ----------

ENGINE = Path(__file__).resolve().parents[2] / "canasta" / "engine"
ENGINE_FILES = tuple(sorted(path.name for path in ENGINE.glob("*.py")))  # every module of the engine


def _pairs(node: ast.expr | None, scope: ast.AST) -> list[tuple[str, ast.expr]] | None:
    """The (name, value) pairs of an args expression: a literal tuple, or a name assigned one in `scope`."""
    if node is None:
        return []
    if isinstance(node, ast.Name):
        for assign in ast.walk(scope):
            target: ast.expr | None = assign.target if isinstance(assign, ast.AnnAssign) else None
            if isinstance(assign, ast.Assign) and len(assign.targets) == 1:
                target = assign.targets[0]
            if isinstance(target, ast.Name) and target.id == node.id:
                return _pairs(getattr(assign, "value", None), scope)
        return None
    if not isinstance(node, ast.Tuple):
        return None
    pairs: list[tuple[str, ast.expr]] = []
    for element in node.elts:
        if not (isinstance(element, ast.Tuple) and len(element.elts) == 2):
            return None
        name, value = element.elts
        if not (isinstance(name, ast.Constant) and isinstance(name.value, str)):
            return None
        pairs.append((name.value, value))
    return pairs


def _variants(value: ast.expr | None) -> set[str] | None:
    if value is None:
        return {""}
    if isinstance(value, ast.Constant) and isinstance(value.value, str):
        return {value.value}
    if isinstance(value, ast.IfExp):
        body, orelse = _variants(value.body), _variants(value.orelse)
        return None if body is None or orelse is None else body | orelse
    return None


def _refusal_sites() -> Iterator[tuple[str, ast.Call, ast.AST]]:
    for name in ENGINE_FILES:
        tree = ast.parse((ENGINE / name).read_text(encoding="utf-8"))
        scopes = [node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)]
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Refusal":
                scope = next((f for f in scopes if node in set(ast.walk(f))), tree)
                yield f"{name}:{node.lineno}", node, scope


def _site_problem(call: ast.Call, scope: ast.AST) -> str | None:
    code_node = call.args[0] if call.args else None
    if not (isinstance(code_node, ast.Attribute) and code_node.attr in Code.__members__):
        return "its code is not written as Code.NAME"
    code = Code[code_node.attr]
    given = call.args[2] if len(call.args) > 2 else next((k.value for k in call.keywords if k.arg == "args"), None)
    pairs = _pairs(given, scope)
    if pairs is None:
        return "its args are not (name, value) pairs written out"
    names = {name for name, _ in pairs}
    variants = _variants(dict(pairs).get("variant"))
    if variants is None:
        return "its variant is not written out"
    for variant in variants:
        template = TEMPLATES.get((code, variant))
        if template is None:
            return f"{code}: no template for variant {variant!r}"
        if template.needs != names - {"variant"}:
            return f"{code}: passes {sorted(names)}, its text needs {sorted(template.needs)}"
    return None


def test_every_refusal_the_engine_makes_passes_the_args_its_text_needs() -> None:
    sites = list(_refusal_sites())
    problems = [f"{where}: {problem}" for where, call, scope in sites if (problem := _site_problem(call, scope))]
    assert problems == [], "\n".join(problems)
    made = {call.args[0].attr for _, call, _ in sites if isinstance(call.args[0], ast.Attribute)}
    assert made == set(Code.__members__), "codes no engine module makes"
