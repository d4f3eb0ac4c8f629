"""The `canasta-position/1` and `canasta-view/1` JSON (docs/formats.md) on positions reached by real play, and
`load_position` on malformed input: a `PositionFormatError` whose message names what is wrong."""

import json
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from canasta.ai.baseline import GreedyBot, RandomBot
from canasta.app.autoplay import play_hand
from canasta.app.soak import random_rules
from canasta.engine import legal_actions, new_hand, view_for
from canasta.engine.actions import action_to_json
from canasta.engine.playerview import DrewFrom
from canasta.engine.position import PositionFormatError, dump_position, dump_view, load_position
from canasta.engine.rules import Rules
from canasta.engine.state import GameState
from tests.rules.positions import (
    NATURAL_CANASTA,
    Position,
    answer,
    assert_legal,
    deck,
    discard,
    draw,
    meld,
    position,
    score,
)

PUBLIC_KEYS = (
    "rules",
    "scores",
    "dealer",
    "current",
    "phase",
    "pile",
    "melds",
    "red_threes",
    "melded_this_hand",
    "turn",
)

CONFIGS: list[tuple[str, Rules]] = [
    ("four", Rules.for_players(4)),
    ("two", Rules.for_players(2)),
    ("three", Rules.for_players(3)),
    ("cutthroat", Rules.for_players(3, three_player_mode="cutthroat")),
    ("six", Rules.for_players(6)),
    ("cover_and_freeze", Rules.for_players(4, upcard_black_three="cover_and_freeze", concealed_canasta_bonus=100)),
    *((f"random{seed}", random_rules(random.Random(seed))) for seed in range(6)),
]


def _played(rules: Rules, seed: int) -> list[GameState]:
    """Every state of one hand played by a greedy and a random player in turn."""
    rng = random.Random(seed)
    entries = 3 if rules.players == 3 else len(rules.shape.sides)
    scores = tuple(rng.choice((-50, 0, 1500, 3000)) for _ in range(entries))
    state = new_hand(rules, scores, rng.randrange(rules.players), rng)
    bots = [GreedyBot() if seat % 2 == 0 else RandomBot(random.Random(seed + seat)) for seat in range(rules.players)]
    states = [state]
    play_hand(state, bots, lambda before, action, transition: states.append(transition.state))
    return states


@pytest.fixture(scope="module", params=range(len(CONFIGS)), ids=[name for name, _ in CONFIGS])
def played(request: pytest.FixtureRequest) -> list[GameState]:
    index: int = request.param
    rules = CONFIGS[index][1]
    return _played(rules, 100 + index) + _played(rules, 200 + index)


def _legal_json(state: GameState) -> list[str]:
    view = view_for(state, state.current, with_history=False)
    return sorted(json.dumps(action_to_json(action), sort_keys=True) for action in legal_actions(view))


# --- round trips --------------------------------------------------------------------------------------------


def test_every_position_reached_in_play_survives_a_round_trip(played: list[GameState]) -> None:
    assert played[-1].phase.value == "over"
    assert "out" in dump_position(played[-1])  # at "over" the position says who went out, or null
    for state in played:
        data = dump_position(state)
        text = json.dumps(data)
        assert json.loads(text) == data
        assert dump_position(load_position(json.loads(text))) == data


def test_a_loaded_position_plays_on_like_the_original(played: list[GameState]) -> None:
    for state in played[::5]:
        loaded = load_position(json.loads(json.dumps(dump_position(state))))
        assert Counter(card.text for card in loaded.all_cards()) == Counter(deck(state.rules.players))
        assert loaded.rules == state.rules
        if state.phase.value != "over":
            assert _legal_json(loaded) == _legal_json(state)


def test_every_view_reached_in_play_dumps_to_json(played: list[GameState]) -> None:
    for state in played[::3]:
        position_data = dump_position(state)
        for seat in range(state.rules.players):
            data = dump_view(view_for(state, seat))
            assert json.loads(json.dumps(data)) == data
            assert data["format"] == "canasta-view/1"
            assert data["seat"] == seat
            assert data["hand"] == position_data["hands"][seat]
            assert data["hand_counts"] == [len(hand) for hand in position_data["hands"]]
            assert data["stock_count"] == len(position_data["stock"])
            assert "hands" not in data and "stock" not in data
            for key in PUBLIC_KEYS:
                assert data[key] == position_data[key], key
            assert data.get("out") == position_data.get("out")
            assert isinstance(data["history"], list)


def test_a_dumped_position_names_its_format_and_holds_the_deck() -> None:
    state = new_hand(Rules.for_players(6), (0, 0), 1, random.Random(3))
    data = dump_position(state)
    assert data["format"] == "canasta-position/1"
    assert data["rules"] == {"players": 6}
    placed: Counter[str] = Counter()
    for hand in data["hands"]:
        placed.update(hand)
    placed.update(data["stock"])
    placed.update(data["pile"])
    for row in data["red_threes"]:
        placed.update(row)
    assert placed == Counter(deck(6))


def test_house_rules_travel_with_the_position() -> None:
    rules = Rules.for_players(4, tie="shared_win", wild_limit="naturals_majority", target_score=3000)
    data = dump_position(new_hand(rules, (0, 0), 0, random.Random(1)))
    assert data["rules"] == {
        "players": 4,
        "wild_limit": "naturals_majority",
        "tie": "shared_win",
        "target_score": 3000,
    }
    assert load_position(data).rules == rules


# --- malformed positions ------------------------------------------------------------------------------------


def _base() -> Position:
    return position(4, hands={0: "KH KS 5C"}, pile="TC")


def _set(key: str, value: Any) -> Callable[[Position], None]:
    def change(pos: Position) -> None:
        pos[key] = value

    return change


def _set_turn_question(pos: Position) -> None:
    pos["turn"]["question"] = "maybe"


def _remove_from_stock(text: str) -> Callable[[Position], None]:
    def change(pos: Position) -> None:
        pos["stock"].remove(text)

    return change


def _third_king_of_hearts(pos: Position) -> None:
    pos["stock"].remove("9S")
    pos["hands"][0].append("KH")  # one KH in hand already, one in the stock: three with two packs


def _unknown_option(pos: Position) -> None:
    pos["rules"] = {"players": 4, "jokers_are_wild": True}


MALFORMED: list[tuple[str, Callable[[Position], None], tuple[str, ...]]] = [
    ("scores_not_numbers", _set("scores", [0, "10"]), ("scores",)),
    ("scores_not_a_list", _set("scores", "0 0"), ("scores",)),
    ("current_too_high", _set("current", 4), ("current",)),
    ("current_negative", _set("current", -1), ("current",)),
    ("dealer_too_high", _set("dealer", 7), ("dealer",)),
    ("unknown_phase", _set("phase", "shuffling"), ("phase",)),
    ("bad_question", _set_turn_question, ("turn.question",)),
    ("card_missing", _remove_from_stock("9S"), ("9S",)),
    ("card_three_times", _third_king_of_hearts, ("KH",)),
    ("unknown_option", _unknown_option, ("rules", "jokers_are_wild")),
]


@pytest.mark.parametrize(("change", "names"), [(c, n) for _, c, n in MALFORMED], ids=[m[0] for m in MALFORMED])
def test_a_malformed_position_names_what_is_wrong(change: Callable[[Position], None], names: tuple[str, ...]) -> None:
    pos = _base()
    load_position(pos)  # the base is well formed
    change(pos)
    with pytest.raises(PositionFormatError) as raised:
        load_position(pos)
    message = str(raised.value)
    for name in names:
        assert name in message, f"{message!r} should name {name!r}"


def test_a_meld_with_two_natural_ranks_is_malformed() -> None:
    pos = position(4, hands={0: "5C 5D"}, pile="TC", melds={1: ["KH KS QD"]})
    with pytest.raises(PositionFormatError, match=r"melds\[1\]\[0\]"):
        load_position(pos)


def test_a_meld_with_four_wild_cards_is_malformed() -> None:
    pos = position(4, hands={0: "5C 5D"}, pile="TC", melds={0: ["AC AD AH", "KH KS 2C 2D 2H JK"]})
    with pytest.raises(PositionFormatError, match=r"melds\[0\]\[1\]"):
        load_position(pos)


def test_a_meld_with_one_natural_card_is_malformed() -> None:
    pos = position(4, hands={0: "5C 5D"}, pile="TC", melds={0: ["KH 2C 2D"]})
    with pytest.raises(PositionFormatError, match=r"melds\[0\]\[0\]"):
        load_position(pos)


def test_a_red_three_in_a_hand_is_malformed() -> None:
    pos = position(4, hands={0: "5C 5D", 2: "9C 3H 9D"}, pile="TC")
    with pytest.raises(PositionFormatError, match=r"hands\[2\]"):
        load_position(pos)


def test_a_red_three_on_top_of_the_pile_is_malformed() -> None:
    pos = position(4, hands={0: "5C 5D"}, pile="TC 3D")
    with pytest.raises(PositionFormatError, match="pile"):
        load_position(pos)


def test_a_six_player_position_may_hold_three_copies() -> None:
    pos = position(6, hands={0: "KH KH KH 5C"}, pile="TC")
    state = load_position(pos)
    assert [card.text for card in state.hands[0]].count("KH") == 3
    pos["stock"].remove("9S")
    pos["hands"][0].append("KH")
    with pytest.raises(PositionFormatError, match="KH"):
        load_position(pos)


def test_a_position_error_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="phase"):
        load_position({**_base(), "phase": 3})


@pytest.mark.parametrize("data", [None, [], "position", 7])
def test_a_position_that_is_not_an_object_is_malformed(data: Any) -> None:
    with pytest.raises(PositionFormatError, match="object"):
        load_position(data)


# --- what a hand-made position leaves out of `turn` ---------------------------------------------------------


def _concealed_draw(turn: dict[str, Any] | None) -> Position:
    """Seat 0 has never melded and is about to draw 9C, then lay seven fours and three kings and discard."""
    pos = position(hands={0: "4C 4D 4H 4S 4C 4D 4H KS KC KD"}, stock_top="9C", pile="8C", scores=[0, 0])
    if turn is None:
        del pos["turn"]
    else:
        pos["turn"] = turn
    return pos


@pytest.mark.parametrize("turn", [None, {}, {"drew_from": None}], ids=["no turn", "empty turn", "partial turn"])
def test_without_a_concealed_flag_a_player_who_never_melded_goes_out_concealed(turn: dict[str, Any] | None) -> None:
    pos = _concealed_draw(turn)
    assert load_position(pos).turn.concealed is True
    drew = assert_legal(pos, draw())
    over = assert_legal(assert_legal(drew, meld("4C 4D 4H 4S 4C 4D 4H", "KS KC KD")), discard("9C"))
    assert over["out"] == {"seat": 0, "concealed": True}
    assert score(over)[0]["going_out"] == 200


def test_a_concealed_flag_that_is_given_is_kept() -> None:
    pos = _concealed_draw({"concealed": False})
    drew = assert_legal(pos, draw())
    over = assert_legal(assert_legal(drew, meld("4C 4D 4H 4S 4C 4D 4H", "KS KC KD")), discard("9C"))
    assert over["out"] == {"seat": 0, "concealed": False}


def test_without_a_concealed_flag_a_player_who_melded_before_is_not_concealed() -> None:
    pos = _concealed_draw(None)
    pos["melded_this_hand"] = [True, False, False, False]
    assert load_position(pos).turn.concealed is False


def test_in_the_play_phase_a_player_who_has_not_melded_drew_from_the_stock() -> None:
    # The concealed exemption needs a stock draw: seven fours (35) go down at 120 without "drew_from".
    pos = position(phase="play", hands={0: "4C 4D 4H 4S 4C 4D 4H 9D"}, pile="8C", scores=[3000, 0])
    pos["turn"] = {}
    assert load_position(pos).turn.drew_from is DrewFrom.STOCK
    melded = assert_legal(pos, meld("4C 4D 4H 4S 4C 4D 4H"))
    assert melded["turn"]["exempt"] is True


def test_an_answer_phase_keeps_a_question_asked_before_drawing() -> None:
    # After the answer the asker is back in the draw phase: no stock draw is implied for him.
    pos = position(phase="answer", current=2, hands={0: "5C 5D", 2: "9C 9D"}, pile="8C", melds={0: [NATURAL_CANASTA]})
    pos["turn"] = {"question": "asked"}
    assert load_position(pos).turn.drew_from is None


@pytest.mark.parametrize("asker_melded", [False, True])
def test_in_an_answer_phase_a_missing_concealed_flag_is_read_from_the_askers_melding(asker_melded: bool) -> None:
    # Seat 0 asked before drawing; seat 2 answers. The turn, and so the concealed course, is seat 0's.
    pos = _concealed_draw(None)
    pos.update(phase="answer", current=2, turn={"question": "asked"})
    pos["melded_this_hand"] = [asker_melded, False, not asker_melded, False]
    assert load_position(pos).turn.concealed is not asker_melded


def test_an_answer_phase_position_leads_to_a_concealed_going_out() -> None:
    pos = _concealed_draw(None)
    pos.update(phase="answer", current=2, turn={"question": "asked"})
    drew = assert_legal(assert_legal(pos, answer(True)), draw())
    over = assert_legal(assert_legal(drew, meld("4C 4D 4H 4S 4C 4D 4H", "KS KC KD")), discard("9C"))
    assert over["out"] == {"seat": 0, "concealed": True}
    assert score(over)[0]["going_out"] == 200
