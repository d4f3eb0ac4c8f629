"""One copy of the game for the two-copies test, opening the game's files as the window does (`open_keeper`,
then the saved game), without pygame.

Usage: python copy_child.py HOME play   -- plays on with greedy players, saving after every step, until the file
                                           HOME/stop appears; prints "SAVED <step>" or "FAILED <message>" per save
       python copy_child.py HOME start  -- opens the files and says what it found, then ends

Both first print one line "OPEN <json>" with `read_only`, `continue` (a saved game was offered) and `notices`
(what the title screen would show).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from canasta.ai.base import CardMemory
from canasta.ai.baseline import GreedyBot
from canasta.engine import apply, view_for
from canasta.engine.match import finish_hand, new_match, start_hand
from canasta.engine.playerview import Phase
from canasta.engine.rules import Rules
from canasta.storage.keeper import Keeper, open_keeper
from canasta.storage.paths import StoragePaths
from canasta.storage.record import new_record
from canasta.storage.seeds import cut_rng, deal_rng


def opened(home: Path) -> tuple[Keeper, bool]:
    keeper = open_keeper(StoragePaths(home, home), background=False)
    loaded = keeper.saver.load()
    notices = [*keeper.messages(), *([loaded.message] if loaded.message else [])]
    found = {"read_only": getattr(keeper, "read_only", False), "continue": loaded.value is not None, "notices": notices}
    print(f"OPEN {json.dumps(found)}", flush=True)
    return keeper, loaded.value is not None


def play(keeper: Keeper, stop: Path, seed: int = 7) -> None:
    rules = Rules.for_players(4, target_score=1_000_000)
    record = new_record(rules, seed, ("human", "greedy", "greedy", "greedy")).with_new_hand()
    match = new_match(rules, cut_rng(seed))
    state = start_hand(match, deal_rng(seed, 0))
    bot = GreedyBot()
    while not stop.exists():
        if state.phase is Phase.OVER:
            match = finish_hand(match, state)
            state = start_hand(match, deal_rng(seed, len(match.hands)))
            record = record.with_new_hand()
        else:
            view = view_for(state, state.current)
            action = bot.choose(view, CardMemory.from_view(view))
            state = apply(state, action).state
            record = record.with_action(action)
        keeper.saver.save(record, match, state)
        step = record.action_count + len(record.hands)
        print(f"FAILED {keeper.saver.message}" if keeper.saver.message else f"SAVED {step}", flush=True)


def main(home: Path, mode: str) -> int:
    keeper, _ = opened(home)
    if mode == "play":
        play(keeper, home / "stop")
    keeper.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(Path(sys.argv[1]), sys.argv[2]))
