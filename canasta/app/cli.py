"""The command line: one entry point, a subcommand each (README, "Commands"; for other programs docs/formats.md)."""

from __future__ import annotations

import argparse
import dataclasses
import json
import logging
import math
import random
import sys
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from canasta.engine.match import Match
from canasta.engine.rules import Rules, Variant
from canasta.engine.rules.catalog import OTHER_GAMES

LOG = logging.getLogger(__name__)


_GAMES = tuple(game.value for game in Variant)  # every game of the family the engine plays


def _other_games() -> str:
    """The games the smoke run plays a hand of beside classic, as the command line names them."""
    names = [game.value.replace("_", " ") for game in OTHER_GAMES]
    return ", ".join(names[:-1]) + " and " + names[-1]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="canasta", description="Canasta and its family of games against computer players."
    )
    commands = parser.add_subparsers(dest="command")
    play = commands.add_parser("play", help="open the game window (or --terminal: computer players in the terminal)")
    _game_options(play)
    _game_options(parser)
    parser.add_argument(
        "--smoke",
        action="store_true",
        help="check the program: play one hand of computer players headless (and one hand each of "
        f"{_other_games()}) and draw one frame of the table; exits 0, or non-zero with the reason",
    )
    commands.add_parser("referee", help="judge positions and actions given as JSON lines on standard input")
    bench = commands.add_parser("bench", help="measure speed")
    bench.add_argument("what", choices=["engine", "random", "rollout", "ai", "ui", "memory"], help="what to measure")
    bench.add_argument(
        "--hands", type=_at_least(1), default=None,
        help="hands to play (engine: 1000; random: 200; ai: 40; memory: 500); rollout: the rollouts (200)",
    )  # fmt: skip
    bench.add_argument("--levels", default="beginner,normal", help="ai: the levels to time, comma-separated")
    bench.add_argument(
        "--variant", choices=_GAMES, default="classic",
        help="ai: the game to time them in",
    )  # fmt: skip
    bench.add_argument("--seed", type=int, default=1)
    bench.add_argument("--json", action="store_true", help="print the figures as JSON")
    bench.add_argument("--profile", action="store_true", help="also print where the time goes")
    bench.add_argument("--size", type=_window_size, default=(1920, 1080), help="ui: the window, WxH (1920x1080)")
    bench.add_argument(
        "--hanging", type=_at_least(0), default=0,
        help="ui: measure the frames while this many computer decisions in a row hang in a busy loop",
    )  # fmt: skip
    _add_sim(commands)
    bot = commands.add_parser("bot", help="answer views with a computer player's actions, as JSON lines")
    bot.add_argument("--level", required=True, help="random, greedy, beginner, normal, hard or expert")
    bot.add_argument("--seed", type=int, default=1)
    tune = commands.add_parser("tune", help="tune the heuristic player's weights by self-play")
    tune.add_argument("--opponent", default="normal", help="level to play against")
    tune.add_argument("--players", type=int, choices=[2, 3, 4, 6], default=4)
    tune.add_argument(
        "--generations", type=_at_least(0), default=12, help="0: check the --start weights as they are, no search"
    )
    tune.add_argument("--population", type=_at_least(2), default=14)
    tune.add_argument(
        "--deals", type=_at_least(1), default=150, help="duplicate deals per candidate (the same for all)"
    )
    tune.add_argument("--seed", type=int, default=1)
    tune.add_argument("--jobs", type=_at_least(1), default=1)
    tune.add_argument(
        "--elite", type=_at_least(1), default=3, help="best candidates played again in the next generation"
    )
    tune.add_argument("--validation-deals", type=_at_least(2), default=400, help="duplicate deals per finalist")
    tune.add_argument("--holdout-deals", type=_at_least(2), default=2000, help="duplicate deals of the final check")
    tune.add_argument("--spread", type=float, default=0.3, help="first sampling spread, relative to each weight")
    tune.add_argument("--start", default="", help="a weights JSON to start from (default: Normal's weights)")
    tune.add_argument(
        "--out", default=None, help="write the tuned weights here (JSON), only if they beat the opponent held out"
    )
    _add_learn(commands)
    soak = commands.add_parser("soak", help="play seeded hands checking every invariant after every action")
    soak.add_argument("--hands", type=_at_least(0), default=2000)
    soak.add_argument("--seed", type=int, default=1)
    soak.add_argument(
        "--variant",
        choices=_GAMES,
        default="classic",
        help="the game of the family to soak",
    )
    soak.add_argument("--json", action="store_true", help="print the report as JSON")
    replay = commands.add_parser("replay", help="play back an exported game record and print each hand's result")
    replay.add_argument("file", help="the game record (a .json file the game exported)")
    return parser


def _add_sim(commands: Any) -> None:
    """The `canasta sim` options."""
    sim = commands.add_parser("sim", help="side A against side B on duplicate deals")
    sim.add_argument("--a", required=True, help="level of side A")
    sim.add_argument("--b", required=True, help="level of side B")
    sim.add_argument("--players", type=int, choices=[2, 3, 4, 6], default=4)
    sim.add_argument("--deals", type=_at_least(0), default=200, help="duplicate deals (each played twice)")
    sim.add_argument(
        "--games", type=_at_least(0), default=50, help="pairs of games to the target (each pair swaps sides)"
    )
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--jobs", type=_at_least(1), default=1, help="worker processes")
    sim.add_argument("--json", action="store_true", help="print the figures as JSON")
    sim.add_argument(
        "--expert-samples",
        type=_at_least(1),
        default=None,
        help="the Expert's sampled deals per decision (default: its own)",
    )
    sim.add_argument(
        "--expert-seconds",
        type=_seconds,
        default=1.0,
        help="the Expert's time per decision (0: no clock, so the figures depend on the seed alone)",
    )
    sim.add_argument(
        "--expert-remembers",
        action="store_true",
        help="the players in the Expert's look-ahead remember the hand (card memory), as the table's players do",
    )
    sim.add_argument(
        "--rule",
        type=_rule,
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a house rule to play under (docs/rules.md, House rules), e.g. ask_partner=required; repeat for more",
    )
    sim.add_argument(
        "--keep",
        metavar="FILE",
        help="keep each result in FILE as it comes; a later run with the same options plays only the rest",
    )
    sim.add_argument(
        "--progress", action="store_true", help="say on standard error how far the run is, at each tenth of it"
    )


def _add_learn(commands: Any) -> None:
    """The `canasta learn` options; an option left out takes `LearnConfig`'s default (one place for them)."""
    learn = commands.add_parser(
        "learn",
        help="fit Hard's discard or hold-or-meld model from played-out self-play results",
        argument_default=argparse.SUPPRESS,
    )
    learn.add_argument("--players", type=int, choices=[2, 3, 4, 6])
    learn.add_argument("--hands", type=_at_least(1), help="self-play hands whose discards are studied")
    learn.add_argument("--rollouts", type=_at_least(1), help="continuations each candidate is played on")
    learn.add_argument("--share", type=_share, help="the share of Hard's discards studied, 0 to 1")
    learn.add_argument("--ridge", type=float, help="the ridge penalty of the fit")
    learn.add_argument("--seed", type=int)
    learn.add_argument("--jobs", type=_at_least(1))
    learn.add_argument("--holdout-deals", type=_at_least(2), help="duplicate deals of the final check")
    learn.add_argument("--margin", type=float, help="choose among candidates this close to the heuristic's cheapest")
    learn.add_argument("--out", help="write the model here (JSON), only if it beats Hard held out")
    learn.add_argument("--data", help="keep the studied decisions in this file, or read them from it when it exists")
    learn.add_argument(
        "--decision", choices=["discard", "meld"], help="fit the discard model, or the hold-or-meld model"
    )


def _share(text: str) -> float:
    """An option's reader for a share from 0 to 1."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(f"{value} is not between 0 and 1")
    return value


def _at_least(least: int) -> Callable[[str], int]:
    """An option's reader for a whole number of at least `least` (argparse names the option on a refusal)."""

    def whole(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < least:
            raise argparse.ArgumentTypeError(f"{value} is less than {least}")
        return value

    return whole


def _seconds(text: str) -> float:
    """An option's reader for a time in seconds: a number, 0 or more."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not (math.isfinite(value) and value >= 0):
        raise argparse.ArgumentTypeError(f"{text} is not a time of 0 seconds or more")
    return value


def _rule(text: str) -> tuple[str, Any]:
    """An option's reader for one house rule, NAME=VALUE: the value as JSON (2, true) or else as text."""
    name, equals, raw = text.partition("=")
    if not equals or not name.strip() or not raw.strip():
        raise argparse.ArgumentTypeError(f"{text!r} is not NAME=VALUE")
    if name.strip() == "players":
        raise argparse.ArgumentTypeError("the player count is --players, not a house rule")
    try:
        value: Any = json.loads(raw)
    except ValueError:
        value = raw.strip()
    return name.strip(), value


def _game_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--terminal", action="store_true", help="play computer players in the terminal, no window")
    parser.add_argument("--players", type=int, choices=[2, 3, 4, 6], default=4)
    parser.add_argument("--seed", type=int, default=None, help="deal number, to play the same shuffles again")
    parser.add_argument("--target", type=int, default=None, help="score that ends the game")


def run(argv: list[str]) -> int:
    """Run one command; returns the exit status."""
    from canasta.app.interrupt import until_interrupted

    args = _parser().parse_args(argv)
    if args.smoke and args.command is None:
        return until_interrupted("canasta --smoke", lambda: _smoke(args))
    match args.command:
        case "referee":
            from canasta.app.referee import run as referee

            return referee(sys.stdin, sys.stdout, sys.stderr)
        case "bot":
            return _bot(args)
        case "bench" | "soak" | "sim" | "tune" | "learn" | "replay":
            return until_interrupted(f"canasta {args.command}", lambda: _HEADLESS[args.command](args))
        case _ if args.terminal:
            return until_interrupted("canasta --terminal", lambda: _terminal_game(args))
        case _:
            return _window(args)


def _window_size(text: str) -> tuple[int, int]:
    """A window size written WxH, such as 1920x1080."""
    width, _, height = text.lower().partition("x")
    if not (width.isdigit() and height.isdigit() and int(width) >= 200 and int(height) >= 150):
        raise argparse.ArgumentTypeError(f"a window size is written WxH, such as 1920x1080, not {text!r}")
    return (int(width), int(height))


def _bench(args: argparse.Namespace) -> int:
    from canasta.app.bench import bench_engine, profile_engine

    if args.what == "ui":
        from canasta.app.bench import bench_ui

        ui_figures = bench_ui(args.hands or 600, args.seed, size=args.size, hanging=args.hanging)
        print(json.dumps(ui_figures) if args.json else json.dumps(ui_figures, indent=2))
        return 0
    if args.what == "memory":
        from canasta.app.bench import bench_memory

        memory = bench_memory(args.hands or 500, args.seed)
        print(json.dumps(memory) if args.json else "\n".join(f"{key:>20}  {value}" for key, value in memory.items()))
        return 0
    if args.what == "ai":
        return _bench_ai(args)
    if args.what in ("random", "rollout"):
        return _bench_play(args)
    args.hands = args.hands or 1000
    _print_figures(bench_engine(args.hands, args.seed), args.json)
    if args.profile:
        print(profile_engine(max(50, args.hands // 5), args.seed))
    return 0


def _bench_play(args: argparse.Namespace) -> int:
    """`bench random` (random legal play, four players) and `bench rollout` (the Expert's rollouts)."""
    from canasta.app.bench import bench_random, bench_rollout, profiled

    def run(repeats: int = 3) -> dict[str, object]:
        if args.what == "random":
            return bench_random(args.hands or 200, args.seed, repeats=repeats)
        return bench_rollout(args.hands or 200, args.seed, repeats=repeats)

    _print_figures(run(), args.json)
    if args.profile:
        print(profiled(lambda: run(repeats=1)))
    return 0


def _print_figures(figures: Mapping[str, object], as_json: bool) -> None:
    """A benchmark's figures: one JSON line, or one aligned line each."""
    if as_json:
        print(json.dumps(figures))
        return
    for key, value in figures.items():
        print(f"{key:>18}  {value}")


def _bench_ai(args: argparse.Namespace) -> int:
    from canasta.app.bench import bench_ai

    levels = tuple(args.levels.split(","))
    if unknown := _unknown_level(levels):
        print(f"canasta bench: {unknown}", file=sys.stderr)
        return 2

    figures = bench_ai(levels, args.hands or 40, args.seed, variant=Variant(args.variant))
    print(json.dumps(figures) if args.json else json.dumps(figures, indent=2))
    return 0


def _bot(args: argparse.Namespace) -> int:
    from canasta.ai.levels import LEVELS
    from canasta.app.botcmd import main as bot_main

    if args.level not in LEVELS:
        print(f"canasta bot: unknown level {args.level!r}; the levels are {', '.join(LEVELS)}", file=sys.stderr)
        return 2
    return bot_main(args.level, args.seed, sys.stdin, sys.stdout, sys.stderr)


def _tune(args: argparse.Namespace) -> int:
    from pathlib import Path

    try:
        from canasta.app.tune import TuneConfig, start_weights, tune, write
    except ImportError as error:  # the packaged app leaves out numpy and the tuning tool with it
        print(f"canasta tune: not available here ({error}); run it from the source", file=sys.stderr)
        return 2

    if unknown := _unknown_level((args.opponent,)):
        print(f"canasta tune: {unknown}", file=sys.stderr)
        return 2
    config = TuneConfig(
        args.opponent, args.players, args.generations, args.population, args.deals, args.seed, args.jobs,
        elite=args.elite, validation_deals=args.validation_deals, holdout_deals=args.holdout_deals,
        spread=args.spread, start=args.start,
    )  # fmt: skip
    try:
        start_weights(config)
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
        print(f"canasta tune: --start {args.start}: not a weights file we can use ({error})", file=sys.stderr)
        return 2
    result = tune(config)
    print(json.dumps(result["weights"], indent=2))
    if args.out and not write(result, Path(args.out)):
        print(
            f"canasta tune: {args.out} not written: the weights did not beat {args.opponent} on the held-out deals",
            file=sys.stderr,
        )
    return 0


def _learn(args: argparse.Namespace) -> int:
    from pathlib import Path

    try:
        from canasta.app.learn import DataError, LearnConfig, learn, write
    except ImportError as error:  # the packaged app leaves out numpy and the learning tool with it
        print(f"canasta learn: not available here ({error}); run it from the source", file=sys.stderr)
        return 2
    # The game's own options share the namespace with their defaults (--seed None, --players 4, as LearnConfig's):
    # an option learn was not given is left to LearnConfig.
    given = {name: value for name, value in vars(args).items() if value is not None}
    config = LearnConfig(
        **{field.name: given[field.name] for field in dataclasses.fields(LearnConfig) if field.name in given}
    )
    try:
        result = learn(config)
    except DataError as error:
        print(f"canasta learn: {error}", file=sys.stderr)
        return 2
    print(json.dumps(result["coefficients"], indent=2))
    out = given.get("out")
    if out and not write(result, Path(out)):
        print(f"canasta learn: {out} not written: the model did not beat Hard on the held-out deals", file=sys.stderr)
    return 0


def _sim(args: argparse.Namespace) -> int:
    from pathlib import Path

    from canasta.app.sim import KeptError, SimConfig, simulate

    if unknown := _unknown_level((args.a, args.b)):
        print(f"canasta sim: {unknown}", file=sys.stderr)
        return 2
    options = dict(args.rule)
    try:
        Rules.for_players(args.players, **options)
    except ValueError as error:
        print(f"canasta sim: --rule: {error}", file=sys.stderr)
        return 2
    config = SimConfig(
        args.a,
        args.b,
        args.players,
        args.deals,
        args.games,
        args.seed,
        options=tuple(options.items()),
        expert_seconds=args.expert_seconds,
        expert_remembers=args.expert_remembers,
    )
    if args.expert_samples is not None:
        config = replace(config, expert_samples=args.expert_samples)
    try:
        keep = Path(args.keep) if args.keep else None
        figures = simulate(config, jobs=args.jobs, keep=keep, report=_progress_on_stderr if args.progress else None)
    except KeptError as error:
        print(f"canasta sim: --keep: {error}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(figures))
    else:
        for key, value in figures.items():
            print(f"{key:>22}  {value}")
    return 0


def _progress_on_stderr(line: str) -> None:
    print(f"canasta sim: {line}", file=sys.stderr, flush=True)


def _unknown_level(levels: tuple[str, ...]) -> str | None:
    """What is wrong with the first level that is not a level's name, or None when all are."""
    from canasta.ai.levels import LEVELS

    for level in levels:
        if level not in LEVELS:
            return f"unknown level {level!r}; the levels are {', '.join(LEVELS)}"
    return None


def _soak(args: argparse.Namespace) -> int:
    from canasta.app.soak import soak

    variant = Variant(args.variant)
    report = soak(args.hands, args.seed, variant)
    if args.json:
        print(json.dumps(report.to_dict()))
    else:
        counts = f"hands {report.hands}  actions {report.actions}  gone out {report.gone_out}"
        print(f"{counts}  failures {len(report.failures)}  seconds {report.seconds}")
        for failure in report.failures[:20]:
            print(f"  {failure}")
        if report.missing():
            print(f"  not covered: {', '.join(report.missing())}")
    return 0 if not report.failures else 1


def _replay(args: argparse.Namespace) -> int:
    from pathlib import Path

    from canasta.app.replay import run_replay

    return run_replay(Path(args.file), sys.stdout, sys.stderr)


def _smoke(args: argparse.Namespace) -> int:
    from canasta.app.smoke import SmokeFailure, smoke

    try:
        result = smoke(1 if args.seed is None else args.seed, args.players)
    except SmokeFailure as failure:
        LOG.info("smoke failed: %s", failure)
        _say(f"canasta --smoke: failed: {failure}")
        return 1
    except Exception as error:  # anything at all: the smoke run reports it as its reason
        LOG.exception("smoke failed")
        _say(f"canasta --smoke: failed: {type(error).__name__}: {error}")
        return 1
    LOG.info("%s", result.line())
    if sys.stdout is not None:
        print(result.line())
    return 0


def _say(message: str) -> None:
    """A message on standard error, when there is one (a windowed app on Windows has none: the log has it)."""
    if sys.stderr is not None:
        print(message, file=sys.stderr)


def _window(args: argparse.Namespace) -> int:
    import os

    options = {} if args.target is None else {"target_score": args.target}
    try:
        Rules.for_players(args.players, **options)
    except ValueError as error:
        print(f"canasta: {error}", file=sys.stderr)
        return 2
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from canasta.ui.main import run_window
    from canasta.ui.screens.menus import NewGameChoices

    try:
        return run_window(NewGameChoices(players=args.players, target=args.target or 0, seed=args.seed))
    except pygame.error as error:
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            return _crashed(error)  # the window was open: an error while playing
        LOG.warning("cannot open the game window: %s", error)
        _say(f"canasta: cannot open the game window ({error}); try --terminal")
        return 1
    except Exception as error:
        return _crashed(error)


def _crashed(error: Exception) -> int:
    """An unexpected error in the window: logged to the file, then a screen that says where the log is."""
    from canasta.app.logs import ensure_log_file
    from canasta.ui.screens.crash import show_crash

    path = ensure_log_file()
    LOG.error("the game stopped because of an error", exc_info=error)
    detail = f"{type(error).__name__}: {error}"
    where = f"; the details are in {path}" if path is not None else ""
    _say(f"canasta: the game stopped because of an error ({detail}){where}")
    show_crash(detail, None if path is None else str(path))
    return 1


def _terminal_game(args: argparse.Namespace) -> int:
    """A whole game of greedy computer players in the terminal, hand by hand (the window is where people play)."""
    from canasta.app.autoplay import Guard, make_bot, play_game

    options = {} if args.target is None else {"target_score": args.target}
    try:
        rules = Rules.for_players(args.players, **options)
    except ValueError as error:
        print(f"canasta: {error}", file=sys.stderr)
        return 2
    seed = random.randrange(10**6) if args.seed is None else args.seed
    rng = random.Random(seed)
    print(f"Canasta, {rules.players} players, to {rules.target_score} (deal number {seed}).")
    print("All seats are greedy computer players; to play yourself, start canasta without --terminal.")
    bots = [make_bot("greedy", rng, rules.players) for _ in range(rules.players)]
    with Guard() as guard:  # a computer player that fails or hangs is replaced by a safe move
        match = play_game(rules, bots, rng, _print_hand, guard=guard)
    names = ", ".join(_side_name(rules, index) for index in match.winners)
    hands = f"{len(match.hands)} hand" if len(match.hands) == 1 else f"{len(match.hands)} hands"
    print(f"Game over after {hands}: {names} {'wins' if len(match.winners) == 1 else 'share the win'}.")
    return 0


def _side_name(rules: Rules, index: int) -> str:
    if rules.players in {3, 2}:
        return f"player {index + 1}"
    seats = " and ".join(str(seat + 1) for seat in rules.shape.sides[index])
    return f"side {index + 1} (seats {seats})"


def _print_hand(match: Match) -> None:
    result = match.hands[-1]
    parts = []
    for index, side in enumerate(result.breakdown):
        parts.append(f"{_side_name(match.rules, index)}: {side.total:+d} (total {result.totals[index]})")
    out = "nobody went out" if result.out is None else f"seat {result.out + 1} went out"
    print(f"Hand {len(match.hands)}: {out}; " + "; ".join(parts))


# The headless commands that `run` stops with one line on Ctrl-C (the referee and the bot do so themselves).
_HEADLESS: dict[str, Callable[[argparse.Namespace], int]] = {
    "bench": _bench, "soak": _soak, "sim": _sim, "tune": _tune, "learn": _learn, "replay": _replay,
}  # fmt: skip
