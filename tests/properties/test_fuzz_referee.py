"""Fuzzing the JSON-lines programs, `referee` and `bot`: random and malformed JSON, wrong types, unknown cards,
too many copies, impossible phases, huge and deep inputs, NaN, invalid UTF-8. Every line gets exactly one JSON
answer (an error naming what is wrong, a judgement, or a legal action); never a traceback.

The examples tried are counted and printed (`pytest -s`) and written to `fuzz-counts.json` in the pytest
temporary directory. `CANASTA_FUZZ_SCALE=20` multiplies every example budget, for a longer one-off run.
"""

from __future__ import annotations

import io
import json
import math
import os
import random
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from canasta.app import botcmd
from canasta.app.referee import handle, run
from canasta.engine import check, view_for
from canasta.engine.actions import action_from_json
from canasta.engine.cards import make_deck
from canasta.engine.playerview import Phase
from canasta.engine.position import dump_position, dump_view, load_view
from tests.play import played_states

FUZZ_SCALE = int(os.environ.get("CANASTA_FUZZ_SCALE", "1"))
POSITION_KEYS = (
    "format", "rules", "scores", "dealer", "current", "phase", "hands", "stock", "pile", "melds", "red_threes",
    "melded_this_hand", "turn", "out", "pile_frozen_from_start", "lone_hand",
)  # fmt: skip
VIEW_KEYS = ("seat", "hand", "hand_counts", "stock_count", "history")
EVENT_TYPES = (
    "deal", "draw", "red_three", "take_pile", "meld", "discard", "ask_partner", "answer", "lone_hand", "pass",
    "hand_over", "nap",
)  # fmt: skip
ACTION_KEYS = ("type", "with", "also", "new", "add", "card", "yes")
ACTION_TYPES = ("draw", "take_pile", "meld", "discard", "ask_partner", "answer", "pass")
CARD_TEXTS = tuple(sorted({card.text for card in make_deck(2)}))


def examples(count: int) -> settings:
    return settings(
        max_examples=count * FUZZ_SCALE,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


@pytest.fixture(scope="module")
def tried(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Counter[str]]:
    """Inputs tried per test, reported when the module is done."""
    counts: Counter[str] = Counter()
    yield counts
    path = tmp_path_factory.mktemp("fuzz") / "fuzz-counts.json"
    path.write_text(json.dumps({**counts, "total": sum(counts.values())}, indent=2), encoding="utf-8")
    print(f"\nreferee fuzzing: {sum(counts.values())} inputs tried {dict(counts)} ({path})")


@cache
def positions() -> tuple[str, ...]:
    """Positions reached by real play with random rules (every tenth state of a few hands), as JSON text."""
    found: list[str] = []
    for seed in range(8):
        found.extend(json.dumps(dump_position(state)) for state in list(played_states(seed))[::10])
    return tuple(found)


def a_position(pick: int) -> dict[str, Any]:
    chosen = positions()
    loaded: dict[str, Any] = json.loads(chosen[pick % len(chosen)])
    return loaded


SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=10**20, max_value=10**400)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12)
    | st.sampled_from((*CARD_TEXTS, "3H", "XX", "", "10H", "jk", "QH ", "ZZ", "1C"))
)
JSON_VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=6)
        | st.dictionaries(st.sampled_from(POSITION_KEYS + ACTION_KEYS) | st.text(max_size=8), inner, max_size=6)
    ),
    max_leaves=40,
)


def answer_line(value: Any) -> dict[str, Any]:
    """The referee's answer to `value` sent as one line, checking it is exactly one JSON object."""
    out = io.StringIO()
    assert run(io.StringIO(json.dumps(value) + "\n"), out) == 0
    lines = out.getvalue().splitlines()
    assert len(lines) == 1
    reply: dict[str, Any] = json.loads(lines[0])
    return reply


def assert_sound(reply: dict[str, Any]) -> None:
    """A clear error, a refusal with its reason, a judgement or a score: never an internal error."""
    if "error" in reply:
        assert isinstance(reply["error"], str) and reply["error"]
        assert not reply["error"].startswith("internal error"), reply["error"]
    elif reply.get("legal") is False:
        assert reply["code"] and reply["message"]
    else:
        assert reply.get("legal") is True or "score" in reply, reply


@examples(150)
@given(value=JSON_VALUES)
def test_any_json_value_gets_one_clear_answer(value: Any, tried: Counter[str]) -> None:
    tried["any json line"] += 1
    reply = answer_line(value)
    assert_sound(reply)
    if not isinstance(value, dict) or "position" not in value:
        assert "error" in reply


@examples(150)
@given(position=JSON_VALUES, action=JSON_VALUES, score=st.booleans())
def test_any_position_and_action_get_one_clear_answer(
    position: Any, action: Any, score: bool, tried: Counter[str]
) -> None:
    tried["random position and action"] += 1
    request = {"position": position, "score": True} if score else {"position": position, "action": action}
    reply = answer_line(request)
    assert "error" in reply  # random JSON is never a whole deck of cards
    assert_sound(reply)


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, (int, float)):
        return "number"
    return type(value).__name__


@examples(400)
@given(pick=st.integers(0, 10**6), key=st.sampled_from(POSITION_KEYS), value=JSON_VALUES)
def test_a_field_of_the_wrong_type_is_named(pick: int, key: str, value: Any, tried: Counter[str]) -> None:
    position = a_position(pick)
    original = position.get(key)
    if value is None or key not in position or _kind(value) == _kind(original):
        return  # only a present field replaced by a value of another JSON type is surely wrong
    if key == "turn" and not value:
        return  # an empty turn means every flag false
    tried["wrong type of field"] += 1
    position[key] = value
    reply = handle({"position": position, "action": {"type": "draw"}})
    assert "error" in reply, (key, value)
    assert_sound(reply)
    assert key in reply["error"], (key, value, reply["error"])


@examples(300)
@given(
    pick=st.integers(0, 10**6),
    where=st.sampled_from(("hands", "stock", "pile", "melds", "red_threes")),
    how=st.sampled_from(("unknown", "extra copy", "missing", "not text")),
    noise=st.tuples(st.sampled_from(CARD_TEXTS) | st.text(max_size=4), st.integers(0, 10**6)),
)
def test_wrong_cards_are_refused_by_name(
    pick: int, where: str, how: str, noise: tuple[str, int], tried: Counter[str]
) -> None:
    card, salt = noise
    position = a_position(pick)
    places = _card_lists(position, where)
    if not places:
        return
    place = places[salt % len(places)]
    if how == "missing" and not place:
        return
    tried["wrong cards"] += 1
    if how == "unknown":
        place.append(card if card not in CARD_TEXTS else card + "?")
    elif how == "extra copy":
        place.append(random.Random(salt).choice(CARD_TEXTS))
    elif how == "missing":
        place.pop(salt % len(place))
    else:
        place.append(salt)
    reply = handle({"position": position, "score": True})
    assert "error" in reply, (where, how)
    assert_sound(reply)


def _card_lists(position: dict[str, Any], where: str) -> list[list[Any]]:
    value = position[where]
    if where in ("stock", "pile"):
        return [value]
    if where == "melds":
        return [meld if isinstance(meld, list) else meld["cards"] for side in value for meld in side]
    return list(value)


@examples(200)
@given(pick=st.integers(0, 10**6), action=JSON_VALUES)
def test_a_malformed_action_is_named_and_a_wellformed_one_judged(pick: int, action: Any, tried: Counter[str]) -> None:
    tried["random action"] += 1
    reply = handle({"position": a_position(pick), "action": action})
    assert_sound(reply)
    if "error" in reply:
        assert reply["error"].startswith("action"), reply["error"]


RANK_KEYS = ("K", "Q", "7", "3", "A", "2", "X")
ACTIONS = st.fixed_dictionaries(
    {"type": st.sampled_from(ACTION_TYPES)},
    optional={
        "with": st.lists(st.sampled_from(CARD_TEXTS), max_size=4) | JSON_VALUES,
        "also": st.lists(st.lists(st.sampled_from(CARD_TEXTS), max_size=4), max_size=2) | JSON_VALUES,
        "new": st.lists(st.lists(st.sampled_from(CARD_TEXTS), max_size=5), max_size=3) | JSON_VALUES,
        "add": st.dictionaries(st.sampled_from(RANK_KEYS), st.lists(st.sampled_from(CARD_TEXTS), max_size=3))
        | JSON_VALUES,
        "card": st.sampled_from(CARD_TEXTS) | JSON_VALUES,
        "yes": st.booleans() | JSON_VALUES,
    },
)  # fmt: skip


@examples(250)
@given(pick=st.integers(0, 10**6), action=ACTIONS)
def test_actions_with_real_cards_are_judged_with_reasons(pick: int, action: Any, tried: Counter[str]) -> None:
    tried["action with real cards"] += 1
    position = a_position(pick)
    reply = handle({"position": position, "action": action})
    assert_sound(reply)
    if reply.get("legal") is True:
        again = handle({"position": reply["position"], "score": True})
        assert "score" in again, again  # what the referee answers, it reads back


@examples(200)
@given(lines=st.lists(st.binary(max_size=60).filter(lambda raw: b"\n" not in raw and b"\r" not in raw), max_size=8))
def test_every_line_of_bytes_gets_exactly_one_answer(lines: list[bytes], tried: Counter[str]) -> None:
    tried["lines of random bytes"] += len(lines)
    stream = io.TextIOWrapper(io.BytesIO(b"\n".join(lines) + b"\n"), encoding="utf-8")
    out = io.StringIO()
    assert run(stream, out) == 0
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(answers) == sum(1 for raw in lines if raw.decode("utf-8", "replace").strip())
    for reply in answers:
        assert "error" in reply
        assert_sound(reply)


def _mixed_lines() -> list[bytes]:
    """One of every kind of bad line, with a good request and an illegal action among them."""
    good = a_position(3)
    lines = [
        json.dumps({"position": good, "action": {"type": "draw"}}),
        json.dumps({"position": good, "action": {"type": "discard", "card": "ZZ"}}),
        json.dumps({"position": good, "action": {"type": "pass"}}),
        json.dumps({"position": good, "score": True}),
        "not json at all",
        "[1, 2, 3]",
        '"a string"',
        "{" * 100_000,
        "[" * 100_000 + "]" * 100_000,
        json.dumps({"position": {**good, "dealer": float("nan")}, "action": {"type": "draw"}}),
        '{"position": {"dealer": ' + "9" * 5000 + '}, "action": {"type": "draw"}}',
        json.dumps({"position": {**good, "hands": [["QH"] * 50_000, *good["hands"][1:]]}, "score": True}),
        json.dumps({"position": {**good, "phase": "lunch"}, "action": {"type": "draw"}}),
        json.dumps({"position": good, "action": {"type": "meld", "new": [["QH", "QH", "QH", "QH"]]}}),
        "",
        "   ",
    ]
    encoded = [line.encode("utf-8") for line in lines]
    encoded += [b'{"position": "\xff\xfe"}', b"\xc3\x28 broken", b"\x00\x01\x02"]
    return encoded


def test_the_referee_process_answers_every_bad_line_and_exits_0(tried: Counter[str]) -> None:
    lines = _mixed_lines()
    tried["lines to the referee process"] += len(lines)
    done = subprocess.run(
        [sys.executable, "-m", "canasta", "referee"],
        input=b"\n".join(lines) + b"\n",
        check=False,
        capture_output=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr.decode(errors="replace")[-2000:]
    assert b"Traceback" not in done.stderr
    answers = [json.loads(line) for line in done.stdout.decode("utf-8").splitlines()]
    assert len(answers) == sum(1 for line in lines if line.strip())
    for reply in answers:
        assert_sound(reply)
    assert answers[0]["legal"] is True
    assert answers[1]["error"].startswith("action.card")
    assert "score" in answers[3]
    assert sum("error" in reply for reply in answers) >= len(answers) - 4
    assert not any(isinstance(value, float) and math.isnan(value) for reply in answers for value in reply.values())


@cache
def views() -> tuple[str, ...]:
    """The mover's view at positions reached by real play, as JSON text."""
    found: list[str] = []
    for seed in range(8):
        states = [state for state in played_states(seed) if state.phase is not Phase.OVER][::10]
        found.extend(json.dumps(dump_view(view_for(state, state.current))) for state in states)
    return tuple(found)


def bot_answers(requests: list[Any]) -> list[dict[str, Any]]:
    """The Normal player's answers to `requests`, one line each, checking there is exactly one per line."""
    out = io.StringIO()
    lines = "".join(json.dumps(request) + "\n" for request in requests)
    assert botcmd.main("normal", 1, io.StringIO(lines), out) == 0
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(answers) == len(requests)
    return answers


EVENTS = st.fixed_dictionaries(
    {"type": st.sampled_from(EVENT_TYPES)},
    optional={
        "seat": st.integers(-2, 7) | JSON_VALUES, "dealer": st.integers(-2, 7) | JSON_VALUES,
        "card": st.sampled_from(CARD_TEXTS) | JSON_VALUES, "count": st.integers(-1, 3) | JSON_VALUES,
        "cards": st.lists(st.sampled_from(CARD_TEXTS), max_size=40) | JSON_VALUES,
        "hands": st.lists(st.none() | st.lists(st.sampled_from(CARD_TEXTS), max_size=15), max_size=8),
        "new": st.lists(st.lists(st.sampled_from(CARD_TEXTS), max_size=5), max_size=3) | JSON_VALUES,
        "yes": JSON_VALUES, "out": st.integers(-2, 7) | JSON_VALUES,
    },
)  # fmt: skip


@examples(120)
@given(
    pick=st.integers(0, 10**6),
    changes=st.dictionaries(st.sampled_from(POSITION_KEYS + VIEW_KEYS), JSON_VALUES, max_size=2),
    history=st.none() | st.lists(EVENTS, max_size=6),
)
def test_the_bot_answers_a_malformed_view_with_a_message_and_a_sound_one_with_a_legal_move(
    pick: int, changes: dict[str, Any], history: list[Any] | None, tried: Counter[str]
) -> None:
    tried["bot views"] += 1
    chosen = views()
    view: dict[str, Any] = json.loads(chosen[pick % len(chosen)])
    view.update(changes)
    if history is not None:
        view["history"] = history
    (reply,) = bot_answers([{"view": view}])
    if "error" in reply:
        assert isinstance(reply["error"], str) and reply["error"]
        assert not reply["error"].startswith("internal error"), reply["error"]
        return
    read = load_view(view)
    assert check(read, action_from_json(reply["action"])) is None


@examples(60)
@given(value=JSON_VALUES)
def test_the_bot_answers_any_json_with_one_message(value: Any, tried: Counter[str]) -> None:
    tried["bot json lines"] += 1
    (reply,) = bot_answers([value])
    assert "error" in reply and not reply["error"].startswith("internal error")


def test_the_bot_process_answers_every_bad_line_and_exits_0(tried: Counter[str]) -> None:
    good = json.loads(views()[2])
    lines = [
        json.dumps({"view": good}).encode(),
        json.dumps({"view": {**good, "hand": ["ZZ", *good["hand"][1:]]}}).encode(),
        json.dumps({"view": {**good, "history": [{"seat": 9, "type": "discard", "card": "KH"}]}}).encode(),
        json.dumps({"view": {**good, "pile": 7}}).encode(),
        json.dumps({"view": {**good, "phase": "over"}}).encode(),
        json.dumps({"view": {**good, "seat": (good["seat"] + 1) % len(good["hand_counts"])}}).encode(),
        json.dumps({"view": {**good, "stock_count": float("inf")}}).encode(),
        json.dumps({"nothing": 1}).encode(),
        b"[" * 100_000,
        b"\xff\xfe\xfd",
        b"garbage",
        b"",
    ]
    tried["lines to the bot process"] += len(lines)
    done = subprocess.run(
        [sys.executable, "-m", "canasta", "bot", "--level", "normal"],
        input=b"\n".join(lines) + b"\n",
        check=False,
        capture_output=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr.decode(errors="replace")[-2000:]
    assert b"Traceback" not in done.stderr
    answers = [json.loads(line) for line in done.stdout.decode("utf-8").splitlines()]
    assert len(answers) == sum(1 for line in lines if line.strip())
    assert "action" in answers[0]
    assert answers[1]["error"] == "view: hand: unknown card 'ZZ'"
    assert answers[2]["error"].startswith("view: history[0]")
    assert answers[3]["error"] == "view: pile must be a list of cards"
    for reply in answers[1:]:
        assert reply["error"] and not reply["error"].startswith("internal error")
