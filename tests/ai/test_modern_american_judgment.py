"""How the computer players judge Modern American Canasta (docs/computer-players.md, "Penalised melds, dead ranks
and the bonus cards"): each judgment on a small position, and every decision blind to the cards its seat cannot
see. The positions with the move a good player makes are the puzzles `tests/ai/puzzles/mNN-modern-american-*`."""

from __future__ import annotations

import random
from typing import Any

from canasta.ai import family, modern
from canasta.ai.base import CardMemory
from canasta.ai.heuristic import Weights, next_player_danger
from canasta.ai.levels import make_bot
from canasta.engine import check, view_for
from canasta.engine.actions import Discard, Draw, Meld
from canasta.engine.cards import Rank
from canasta.engine.melds import kind_of
from canasta.engine.playerview import PlayerView
from canasta.engine.position import load_position
from canasta.engine.rules import MeldKind
from tests.play import QUICK
from tests.rules_modern_american.ma_engine_positions import group, position, wild

PLAY = {"drew_from": "stock", "question": None, "melded": False, "concealed": True, "exempt": False, "final": False}
DRAW = {"drew_from": None, "question": None, "melded": False, "concealed": True, "exempt": False, "final": False}
MELDED = [True] * 4
KINGS = group("K", "KC KD KH KS KC KD KH")  # a natural canasta: kings are dead
MIXED_KINGS = group("K", "KC KD KH KS KC 2C 2D")  # a mixed one: kings dead, three still unseen


def view_of(hand: str, **fields: Any) -> PlayerView:
    fields.setdefault("phase", "play")
    fields.setdefault("turn", PLAY if fields["phase"] == "play" else DRAW)
    fields.setdefault("melded_this_hand", MELDED)
    return view_for(load_position(position(hands={0: hand}, **fields)), 0)


def low_stock(data: dict[str, Any], keep: int = 20) -> dict[str, Any]:
    """The position with its stock cut to its first `keep` cards (the rest in seat 1's hand, its threes laid out)."""
    rest = data["stock"][keep:]
    data["stock"] = data["stock"][:keep]
    data["hands"][1] += [card for card in rest if card[0] != "3"]
    data["threes"][1] += [card for card in rest if card[0] == "3"]
    return data


def decide(level: str, view: PlayerView) -> Any:
    return make_bot(level, random.Random(1), 4, QUICK).choose(view, CardMemory.from_view(view))


def first_plan_step(view: PlayerView) -> Meld:
    judgment = family.Judgment(4.0, 1.0, protect_natural=True, hurried=False, racing=False)
    step = next(family.plan_steps(view, judgment), Meld())
    assert isinstance(step, Meld)
    return step


def laid_ranks(step: Meld) -> set[Rank]:
    return {card.rank for group_ in step.new for card in group_} | {
        card.rank for _, cards in step.add_to for card in cards
    }


# -- penalised ranks: aces and sevens ------------------------------------------------------------------------


def test_three_sevens_that_cannot_be_finished_stay_out_of_the_plan() -> None:
    view = view_of("7C 7D 7H QC QD QS 5D", melds={0: [group("T", "TC TD TH")], 1: [group("6", "6C 6D 6S")]})
    step = first_plan_step(view)
    assert Rank.SEVEN not in laid_ranks(step) and Rank.QUEEN in laid_ranks(step)


def test_a_penalised_group_needs_five_cards_and_seven_copies_to_be_had() -> None:
    view = view_of("7C 7C 7D 7D 7H 7H 5S 9C 4D", melds={0: [group("K", "KC KD KH")], 1: [group("6", "6C 6D 6S")]})
    assert modern.may_open(view, Rank.SEVEN, 6)
    assert not modern.may_open(view, Rank.SEVEN, 4)
    assert modern.may_open(view, Rank.KING, 3)  # an ordinary rank needs nothing more
    gone = view_of("7C 7C 7D 7D 7H 5S 9C", pile="7S 7S 4C", melds={0: [group("K", "KC KD KH")], 1: []})
    assert not modern.may_open(gone, Rank.SEVEN, 5)  # two sevens in the pile: six at most are to be had


def test_the_initial_meld_puts_the_aces_with_a_wild_card() -> None:
    view = view_of("KC KD KH AC AD AH JK 9C 8D 6S 5H 4C TD QS", pile="TC 5D", melded_this_hand=[False] * 4)
    step = modern.first_meld(view)
    assert step is not None and check(view, step) is None
    aces = next(cards for cards in step.new if any(card.rank is Rank.ACE for card in cards))
    assert any(card.is_wild for card in aces)


def test_a_take_that_starts_an_ace_meld_with_no_future_is_left() -> None:
    view = view_of(
        "AC AD 9C 8D 5S 6C QD JH", pile="4C 9H AS 5D JS AH", phase="draw",
        melds={0: [group("T", "TD TH TS")], 1: [group("Q", "QC QS QH")]},
    )  # fmt: skip
    assert decide("normal", view) == Draw()


def test_the_third_seven_is_the_discard() -> None:
    view = view_of(
        "7C 7D 7H QC JD 9S 6H 5D", pile="7S 4C 7S 9H 5S JS 4H 8H",
        melds={0: [group("T", "TC TD TH")], 1: [group("6", "6C 6D 6S")]},
    )  # fmt: skip
    action = decide("normal", view)
    assert isinstance(action, Discard) and action.card.rank is Rank.SEVEN


# -- the always-frozen pile, dead ranks, the rule of five ------------------------------------------------------


def test_a_pair_stays_in_hand_beside_a_meld_of_three() -> None:
    view = view_of("9S 9S QC 5D 6H JS 4C", melds={0: [group("9", "9C 9D 9H")], 1: [group("6", "6C 6D 6S")]})
    assert Rank.NINE not in laid_ranks(first_plan_step(view))


def test_nothing_of_a_dead_rank_is_planned() -> None:
    view = view_of("KD KH KS QC 5D", melds={0: [group("Q", "QD QH QS")], 1: [MIXED_KINGS]})
    step = first_plan_step(view)
    assert Rank.KING not in laid_ranks(step) and check(view, step) is None


def test_a_dead_rank_gives_the_next_player_no_pile() -> None:
    view = view_of("KS 9C 8D JH 5S", pile="4C 9H 5D JS 8S TC", melds={0: [group("T", "TD TH TS")], 1: [MIXED_KINGS]})
    memory = CardMemory.from_view(view)
    assert next_player_danger(view, memory, Rank.KING, Weights()) == 0.0
    assert next_player_danger(view, memory, Rank.NINE, Weights()) > 0.0


def test_a_meld_of_five_takes_no_pile() -> None:
    """The next player's side holds five eights: the top card and a pair would pass seven, so an eight is safe."""
    view = view_of("8S 9C JH 5S", pile="4C 9H 5D JS", melds={0: [], 1: [group("8", "8C 8D 8H 8S 8C")]})
    assert next_player_danger(view, CardMemory.from_view(view), Rank.EIGHT, Weights()) == 0.0


def test_the_plan_offers_no_wild_card_to_a_group_short_of_five_naturals() -> None:
    view = view_of("JK 2C QC 5D 6H", melds={0: [group("Q", "QD QH QS")], 1: []})
    step = first_plan_step(view)
    assert check(view, step) is None  # the queens take the natural queen, not the wild cards (four naturals)
    assert [card.text for card in dict(step.add_to)[0]] == ["QC"]


# -- wild melds and the bonus cards ---------------------------------------------------------------------------


def test_five_wild_cards_make_no_wild_meld() -> None:
    view = view_of("2C 2D 2H 2S JK 5D 6H 9S", melds={0: [group("K", "KC KD KH KS")], 1: []})
    for level in ("beginner", "normal", "hard"):
        action = decide(level, view)
        kinds = [kind_of(view.rules, cards) for cards in action.new] if isinstance(action, Meld) else []
        assert MeldKind.WILD not in kinds, level


def test_an_open_wild_meld_takes_every_wild_card() -> None:
    data = position(
        hands={0: "2D 5D 6H 9S QC"}, melds={0: [wild("2C 2H 2S JK JK"), group("K", "KC KD KH KS")], 1: []},
        phase="play", turn=PLAY, melded_this_hand=MELDED,
    )  # fmt: skip
    view = view_for(load_position(low_stock(data)), 0)
    step = first_plan_step(view)
    assert [card.text for card in dict(step.add_to)[0]] == ["2D"]


def test_a_small_pile_is_left_for_the_bonus_cards() -> None:
    view = view_of(
        "KC KD KH QC QD JK 2C 9C 9D TS TD 5C 4D", pile="9S 5H TH", phase="draw", melded_this_hand=[False] * 4
    )
    assert modern.leaves_pile_for_bonus(view)
    assert decide("normal", view) == Draw()
    big = view_of(
        "KC KD KH QC QD JK 2C 9C 9D TS TD 5C 4D", pile="9S 5H 8C 8D 6C 6D 5S 4S TH", phase="draw",
        melded_this_hand=[False] * 4,
    )  # fmt: skip
    assert not modern.leaves_pile_for_bonus(big)


def test_hard_never_holds_back_the_initial_meld_that_earns_bonus_cards() -> None:
    view = view_of("KC KD KH QC QD JK 2C 9C 9D 8C 6S 5C 4D TH", pile="TC 5H", melded_this_hand=[False] * 4)
    step = modern.first_meld(view)
    assert step is not None and family.step_matters(view, step)
    assert isinstance(decide("hard", view), Meld)
