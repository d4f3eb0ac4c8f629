"""`canasta bench engine`: complete four-player hands with greedy players, timed."""

from __future__ import annotations

import cProfile
import io
import pstats
import random
import statistics
import time
from typing import Any

from canasta.ai.base import CardMemory
from canasta.ai.baseline import GreedyBot
from canasta.engine import apply, legal_actions, new_hand, view_for
from canasta.playerview import Phase
from canasta.rules import Rules


def bench_engine(hands: int, seed: int) -> dict[str, Any]:
    """Play `hands` four-player hands with greedy players; time the whole and `legal_actions` + `apply`."""
    rules = Rules.for_players(4)
    rng = random.Random(seed)
    bots = [GreedyBot() for _ in range(4)]
    memory = CardMemory(4)
    engine_ns: list[int] = []
    start = time.perf_counter()
    for hand in range(hands):
        state = new_hand(rules, (0, 0), hand % 4, rng)
        while state.phase is not Phase.OVER:
            view = view_for(state, state.current)
            t0 = time.perf_counter_ns()
            legal_actions(view)
            t1 = time.perf_counter_ns()
            action = bots[state.current].choose(view, memory)
            t2 = time.perf_counter_ns()
            state = apply(state, action).state
            engine_ns.append(t1 - t0 + time.perf_counter_ns() - t2)
    elapsed = time.perf_counter() - start
    return {
        "hands": hands,
        "actions": len(engine_ns),
        "seconds": round(elapsed, 3),
        "hands_per_s": round(hands / elapsed, 1),
        "actions_per_s": round(len(engine_ns) / elapsed, 1),
        "median_action_us": round(statistics.median(engine_ns) / 1000, 1),
    }


def profile_engine(hands: int, seed: int, top: int = 15) -> str:
    """Where the time goes: the functions with the most own time over `hands` hands."""
    profiler = cProfile.Profile()
    profiler.enable()
    bench_engine(hands, seed)
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(top)
    return out.getvalue()
