"""`canasta bench`: the engine (greedy hands), random legal play, the Expert's rollouts, the players'
decisions, memory and the window, timed."""

from __future__ import annotations

import copy
import cProfile
import gc
import io
import pstats
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from canasta.ai.base import Bot, CardMemory
from canasta.ai.baseline import GreedyBot, RandomBot
from canasta.ai.heuristic import Weights
from canasta.ai.learned import MeldModel, hard_player
from canasta.ai.levels import hard_meld_model, hard_weights, make_bot
from canasta.ai.lookahead import Budget, Line, hand_worth, play_out, sample_world
from canasta.ai.seat import seats_for
from canasta.app.autoplay import bot_seats
from canasta.engine import Transition, legal_actions, new_hand
from canasta.engine.actions import Action
from canasta.engine.cards import Card, Rank, make_deck
from canasta.engine.events import Event
from canasta.engine.match import Match, new_match
from canasta.engine.melds import TableMeld
from canasta.engine.play import GameOptions, HandOptions, Played, play_game, play_hand
from canasta.engine.playerview import Phase, PlayerView, TurnState
from canasta.engine.rules import Rules, Variant
from canasta.engine.rules.catalog import player_counts
from canasta.engine.state import GameState


def bench_engine(hands: int, seed: int, repeats: int = 3) -> dict[str, Any]:
    """Four-player hands with greedy players: whole hands per second (the median of `repeats` runs of the same
    seeded hands), then the same hands once more, timing `legal_actions` + `apply` at every action. The
    per-action timing is a pass of its own, so that the timers and the extra `legal_actions` call it needs
    are not counted in the speed of whole hands."""
    runs: list[float] = []
    actions = 0
    for _ in range(repeats):
        start = time.perf_counter()
        actions = _play_greedy_hands(hands, seed)
        runs.append(time.perf_counter() - start)
    elapsed = statistics.median(runs)
    engine_ns = _time_engine_steps(hands, seed)
    return {
        "hands": hands,
        "actions": actions,
        "seconds": round(elapsed, 3),
        "hands_per_s": round(hands / elapsed, 1),
        "actions_per_s": round(actions / elapsed, 1),
        "median_action_us": round(statistics.median(engine_ns) / 1000, 1),
    }


class _Trusted:
    """A seat of the benchmark: a computer player with one memory nobody feeds, its answers not judged again (the
    engine's own players; the benchmark times the engine, not the guard)."""

    def __init__(self, bot: Bot, memory: CardMemory) -> None:
        self.bot, self.memory = bot, memory
        self.name = type(bot).__name__

    def act(self, view: PlayerView) -> object:
        return self.bot.choose(view, self.memory)

    def see(self, events: tuple[Event, ...]) -> None:
        return None


_UNJUDGED = HandOptions(judged=False, told=False)


def _play_greedy_hands(hands: int, seed: int) -> int:
    """Play the seeded hands as greedy players do (a view, a choice, `apply`); the number of actions."""
    rules = Rules.for_players(4)
    rng = random.Random(seed)
    memory = CardMemory(4)
    seats = [_Trusted(GreedyBot(), memory) for _ in range(4)]
    return sum(play_hand(new_hand(rules, (0, 0), hand % 4, rng), seats, _UNJUDGED).actions for hand in range(hands))


class _TimedSeat(_Trusted):
    """A greedy seat that times `legal_actions` for its view; with the step hook, `apply` is timed as well."""

    def __init__(self, memory: CardMemory, times: list[int]) -> None:
        super().__init__(GreedyBot(), memory)
        self.times = times
        self.chosen_ns = 0

    def act(self, view: PlayerView) -> object:
        t0 = time.perf_counter_ns()
        legal_actions(view)
        self.times.append(time.perf_counter_ns() - t0)
        action = self.bot.choose(view, self.memory)
        self.chosen_ns = time.perf_counter_ns()  # `apply` starts now; the step hook adds its time
        return action


def _time_engine_steps(hands: int, seed: int) -> list[int]:
    """The same hands, with `legal_actions` + `apply` timed (nanoseconds) at every action."""
    rules = Rules.for_players(4)
    rng = random.Random(seed)
    memory = CardMemory(4)
    times: list[int] = []
    seats = [_TimedSeat(memory, times) for _ in range(4)]

    def applied(state: GameState, _action: Action, _transition: Transition) -> None:
        times[-1] += time.perf_counter_ns() - seats[state.current].chosen_ns

    options = HandOptions(judged=False, told=False, on_step=applied)
    for hand in range(hands):
        play_hand(new_hand(rules, (0, 0), hand % 4, rng), seats, options)
    return times


def profile_engine(hands: int, seed: int, top: int = 15) -> str:
    """Where the time goes: the functions with the most own time over `hands` hands."""
    return profiled(lambda: bench_engine(hands, seed, repeats=1), top)


def profiled(work: Callable[[], object], top: int = 15) -> str:
    """Where the time of `work()` goes: the functions with the most own time."""
    profiler = cProfile.Profile()
    profiler.enable()
    work()
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(top)
    return out.getvalue()


def bench_random(hands: int, seed: int, players: int = 4, repeats: int = 3) -> dict[str, Any]:
    """Random legal play: `players` seats each choosing uniformly among `legal_actions` (seeded), whole hands
    played through the engine's one loop with the answers trusted; actions per second is the median of
    `repeats` runs of the same seeded hands."""
    runs: list[float] = []
    actions = 0
    for _ in range(repeats):
        start = time.perf_counter()
        actions = _play_random_hands(hands, seed, players)
        runs.append(time.perf_counter() - start)
    elapsed = statistics.median(runs)
    return {
        "players": players,
        "hands": hands,
        "actions": actions,
        "seconds": round(elapsed, 3),
        "hands_per_s": round(hands / elapsed, 1),
        "actions_per_s": round(actions / elapsed, 1),
    }


def _play_random_hands(hands: int, seed: int, players: int) -> int:
    """Play the seeded hands with random players; the number of actions."""
    rules = Rules.for_players(players)
    rng = random.Random(seed)
    memory = CardMemory(players)
    seats = [_Trusted(RandomBot(random.Random(rng.getrandbits(64))), memory) for _ in range(players)]
    scores = (0,) * len(rules.shape.sides)
    return sum(
        play_hand(new_hand(rules, scores, hand % players, rng), seats, _UNJUDGED).actions for hand in range(hands)
    )


ROLLOUT_POSITIONS = 40  # decision points the rollouts start from (each with its own sampled worlds)


def rollout_worlds(rollouts: int, seed: int) -> list[tuple[GameState, Line]]:
    """What the Expert's look-ahead plays out: at up to ROLLOUT_POSITIONS decision points of real four-player
    games of Normal players (spread over two hands), worlds dealt from the seat's view and memory as the Expert
    deals them, `rollouts` in all, each with Hard's own choice there as the line to play."""
    samples = sample_views(2, seed)
    positions = samples[:: max(1, len(samples) // ROLLOUT_POSITIONS)][:ROLLOUT_POSITIONS]
    rng = random.Random(seed)
    hard = hard_player(hard_weights(4), None, random.Random(seed), hard_meld_model(4))
    lines = [Line(hard.choose(replace(view), copy.deepcopy(memory))) for view, memory in positions]
    worlds: list[tuple[GameState, Line]] = []
    for index in range(rollouts):
        view, memory = positions[index % len(positions)]
        worlds.append((sample_world(view, memory, rng), lines[index % len(positions)]))
    return worlds


def bench_rollout(rollouts: int, seed: int, repeats: int = 3) -> dict[str, Any]:
    """The Expert's rollouts: from each of `rollouts` sampled worlds (see `rollout_worlds`), the line and then
    Hard on every seat to the end of the hand, as `play_out` plays them (no clock). Rollouts per second is the
    median of `repeats` runs; dealing the worlds is not timed."""
    worlds = rollout_worlds(rollouts, seed)
    weights, meld = hard_weights(4), hard_meld_model(4)
    runs: list[float] = []
    worth = 0.0
    for _ in range(repeats):
        start = time.perf_counter()
        worth = _play_rollouts(worlds, weights, meld, seed)
        runs.append(time.perf_counter() - start)
    elapsed = statistics.median(runs)
    return {
        "rollouts": len(worlds),
        "seconds": round(elapsed, 3),
        "rollouts_per_s": round(len(worlds) / elapsed, 1),
        # The sum of what the rollouts said each line is worth to its mover: the same seeds must give the same.
        "worth_total": round(worth, 3),
    }


def _play_rollouts(worlds: list[tuple[GameState, Line]], weights: Weights, meld: MeldModel | None, seed: int) -> float:
    """Play every world's line out, as the Expert does; the sum of the worths for the movers."""
    worth = 0.0
    for index, (world, line) in enumerate(worlds):
        end = play_out(world, line, weights, seed + index, meld=meld)
        assert end is not None  # no clock: every rollout ends
        worth += hand_worth(end, world.current)
    return worth


def sample_views(
    hands: int, seed: int, players: int = 4, variant: Variant = Variant.CLASSIC
) -> list[tuple[PlayerView, CardMemory]]:
    """Decision points from real games of Normal players (of `variant`): each seat's view and card memory."""
    rules = Rules.for_players(players, variant=variant)
    rng = random.Random(seed)
    bots = [make_bot("normal", rng, players) for _ in range(players)]
    samples: list[tuple[PlayerView, CardMemory]] = []

    def kept(bot: Bot, view: PlayerView, memory: CardMemory) -> object:
        samples.append((view, copy.deepcopy(memory)))
        return bot.choose(view, memory)

    for hand in range(hands):
        state = new_hand(rules, (0,) * len(rules.shape.sides), hand % players, rng)
        play_hand(state, seats_for(bots, state.seen, kept))
    return samples


def bench_ai(
    levels: tuple[str, ...], hands: int, seed: int, budget: Budget | None = None, variant: Variant = Variant.CLASSIC
) -> dict[str, Any]:
    """Decision time per level over the same positions from real games (of `variant`): median, 95th
    percentile, maximum."""
    counts = player_counts(variant)
    players = 4 if 4 in counts else counts[0]  # four where the game is played by four (Pennies: six alone)
    samples = sample_views(hands, seed, players, variant)
    figures: dict[str, Any] = {}
    for level in levels:
        bot = make_bot(level, random.Random(seed), players, budget)
        times: list[float] = []
        for view, memory in samples:
            fresh = replace(view)  # no answers carried over from an earlier look at the view
            start = time.perf_counter()
            bot.choose(fresh, memory)
            times.append((time.perf_counter() - start) * 1000)
        times.sort()
        figures[level] = {
            "p50_ms": round(statistics.median(times), 3),
            "p95_ms": round(times[int(0.95 * (len(times) - 1))], 3),
            "max_ms": round(times[-1], 3),
        }
    return {"positions": len(samples), "levels": figures}


MEMORY_CHECKPOINT_HANDS = 50
MEMORY_LEVELS = ("greedy", "normal", "hard", "beginner")


def resident_kb() -> tuple[int, str]:
    """This process's resident memory in KiB and where it was read: VmRSS on Linux, else the peak from
    `resource.getrusage` (KiB on Linux, bytes on macOS), else nothing (0) where neither exists."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]), "VmRSS"
    except (OSError, ValueError, IndexError):
        pass
    try:
        import resource
    except ImportError:  # Windows
        return 0, "unavailable"
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return (peak // 1024 if sys.platform == "darwin" else peak), "max RSS"


def bench_memory(hands: int, seed: int, players: int = 4) -> dict[str, Any]:
    """Resident memory over a long headless session: games back to back with the same computer players (as
    the window keeps them), measured at the start, after the first 50 hands and at the end."""
    rng = random.Random(seed)
    rules = Rules.for_players(players)
    bots = [make_bot(MEMORY_LEVELS[seat % len(MEMORY_LEVELS)], rng, players) for seat in range(players)]
    gc.collect()
    start, source = resident_kb()
    marks: dict[str, int] = {}
    played = 0

    def mark(_match: Match, _played: Played) -> None:
        nonlocal played
        played += 1
        if played == min(hands, MEMORY_CHECKPOINT_HANDS):
            gc.collect()
            marks["after_50"], marks["objects_after_50"] = resident_kb()[0], len(gc.get_objects())

    while played < hands:  # games back to back, the last one cut short at the number of hands
        play_game(new_match(rules, rng), bot_seats(bots), rng, GameOptions(most_hands=hands - played, on_hand=mark))
    gc.collect()
    end, objects = resident_kb()[0], len(gc.get_objects())
    after_50 = marks.get("after_50", end)
    return {
        "hands": hands, "source": source, "rss_start_kb": start, "rss_after_50_kb": after_50, "rss_end_kb": end,
        "growth_after_50_kb": end - after_50, "growth_kb": end - start,
        # Objects the garbage collector tracks: a leak of Python objects shows here even where the allocator's
        # high-water mark hides it in the resident figure.
        "objects_after_50": marks.get("objects_after_50", objects), "objects_end": objects,
    }  # fmt: skip


def _full_table_state(seed: int) -> GameState:
    """A four-player position with a full table: many big melds on both sides and a 30-card pile."""
    rules = Rules.for_players(4)
    rng = random.Random(seed)
    deck = list(make_deck(2))
    rng.shuffle(deck)
    naturals = [card for card in deck if card.is_natural]
    by_rank: dict[Rank, list[Card]] = {}
    for card in naturals:
        by_rank.setdefault(card.rank, []).append(card)
    melds: list[list[TableMeld]] = [[], []]
    used: set[Card] = set()
    for index, (rank, cards) in enumerate(sorted(by_rank.items(), key=lambda item: item[0].value)[:10]):
        side, group = index % 2, cards[:5]
        melds[side].append(TableMeld(rank, tuple(group)))
        used.update(group)
    rest = [card for card in deck if card not in used and not card.is_red_three]
    threes = [card for card in deck if card.is_red_three]
    hands = [tuple(rest[i * 6 : i * 6 + 6]) for i in range(4)]
    pile = tuple(sorted(rest[24:54], key=lambda card: card.is_natural))  # a natural card on top; frozen below
    stock = tuple(card for card in rest[24:] if card not in pile) + tuple(threes)
    return GameState(
        rules=rules, scores=(1200, 900), dealer=3, current=1, phase=Phase.DRAW, hands=tuple(hands), stock=stock,
        pile=pile, melds=(tuple(melds[0]), tuple(melds[1])), red_threes=((), ()), melded_this_hand=(True,) * 4,
        turn=TurnState(concealed=False), seen=((), (), (), ()),
    )  # fmt: skip


class _Spinning:
    """A computer player stuck in a pure Python loop: every decision hangs until the window stops it."""

    def __init__(self) -> None:
        self.calls = 0

    def choose(self, view: PlayerView, memory: CardMemory) -> Action:
        self.calls += 1
        while True:
            pass

    def answer_go_out(self, view: PlayerView, memory: CardMemory) -> bool:
        return self.choose(view, memory) is None


def bench_ui(
    frames: int, seed: int, level: str = "hard", size: tuple[int, int] = (1920, 1080), hanging: int = 0
) -> dict[str, Any]:
    """Frame times at `size` under the dummy video driver with a full table while computer players think, the
    move log open over it (full of lines), captions at every seat and the cards' shadows; and the time from the
    play command to its first frame (a fresh process). With `hanging`, the frames are measured instead while
    that many decisions in a row hang in a busy loop until the window gives up on them (each after its deadline)
    and plays the safe move."""
    import os
    import subprocess
    import sys

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from canasta.ui.kit.app import App
    from canasta.ui.table.controller import GameSetup, TableController
    from canasta.ui.table.narration.talk import LogEntry
    from canasta.ui.table.scene import TableScene

    app = App(size)
    controller = TableController(GameSetup(Rules.for_players(4), ("human", level, level, level), seed, think_s=0.3))
    controller.state = _full_table_state(seed)
    scene = TableScene(app.theme, controller, lambda: None, lambda: None)
    app.push(scene)
    talk = scene.aside.talk
    talk.log.extend(LogEntry(1, 1 + index % 3, f"Left took the pile ({index % 9 + 2} cards) with 7\u2665 7\u2660.")
                    for index in range(200))  # fmt: skip
    scene.command("log")
    spinning = _Spinning()
    if hanging:
        controller.computers.bots[1:] = [spinning] * 3
    times: list[float] = []
    while (spinning.calls <= hanging) if hanging else len(times) < frames:
        if controller.hand_over() or controller.human_to_act():
            controller.state = _full_table_state(seed)  # keep the table full and the computer players busy
        start = time.perf_counter()
        app.frame(1 / 60)
        times.append((time.perf_counter() - start) * 1000)
    controller.close()
    times.sort()
    env = dict(os.environ, CANASTA_EXIT_AFTER_FIRST_FRAME="1")
    starts = []
    for _ in range(3):
        begin = time.perf_counter()
        subprocess.run([sys.executable, "-m", "canasta"], env=env, check=True, capture_output=True, timeout=60)
        starts.append(time.perf_counter() - begin)
    return {
        "frames": len(times),
        **({"hanging_decisions": spinning.calls - 1} if hanging else {}),
        "frame_ms_p50": round(statistics.median(times), 2),
        "frame_ms_p95": round(times[int(0.95 * (len(times) - 1))], 2),
        "frame_ms_p99": round(times[int(0.99 * (len(times) - 1))], 2),
        "first_frame_s": round(statistics.median(starts), 3),
    }
