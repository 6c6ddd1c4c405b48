"""Engine speed, game by game: random games per second through the simulator, and the cost of the
operations a search repeats: ``clone()`` and ``sample_state()`` (a determinization from a seat's
observation; the observation itself is built beforehand and timed apart).

    python benchmarks/engine.py [--seconds 2] [--game hokm --game tiraje ...]

Targets on the 2-core machine (issue 15): Hokm >= 3,000 random hands/s through the simulator
(``python main.py simulate --game hokm --games 3000 --bots random`` says the same), clone() of a
Hokm state <= 5 microseconds, and no game below 300 random games/s. clone and sample_state are
timed on states taken from random games at every stage of play (the same states every run).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import registry  # noqa: E402
from game.bots import RandomBot  # noqa: E402
from game.core import State  # noqa: E402
from game.simulate import simulate  # noqa: E402


def playouts_per_second(game_id: str, seconds: float) -> dict[str, float]:
    rules = registry.get(game_id)
    kinds = ["random"] * rules.seat_counts[0]
    games, actions, start = 0, 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        out = simulate(game_id, 50, games, kinds)
        games += 50
        actions += int(out["actions"])
    elapsed = time.perf_counter() - start
    return {"games_per_s": round(games / elapsed, 1), "actions_per_s": round(actions / elapsed)}


def sample_states(game_id: str, count: int = 40) -> list[State]:
    """``count`` states from random games (seeds 1, 2...), spread over every stage of play."""
    rules = registry.get(game_id)
    games: list[list[State]] = []
    seed = 0
    while sum(len(g) for g in games) < count * 3 and seed < 50:
        seed += 1
        state = rules.new(rules.seat_counts[0], seed, rules.unit_options)
        rng = random.Random(seed)
        bot = RandomBot(seed)  # fills patterns (``pass ?3``) as a random player would
        seen: list[State] = []
        while not state.is_over() and len(seen) < 400:
            seen.append(state.clone())
            seat = rng.choice(state.to_act())
            state.apply(seat, bot.act(state, seat))
        games.append(seen)
    every = [s for g in games for s in g]
    step = max(1, len(every) // count)
    return every[::step][:count]


def _per_call(fn: Callable[..., object], args: list[tuple[Any, ...]], budget: float) -> float:
    """Mean microseconds of ``fn(*a)`` over ``args``, repeated for about ``budget`` seconds."""
    calls, start = 0, time.perf_counter()
    while True:
        for a in args:
            fn(*a)
        calls += len(args)
        elapsed = time.perf_counter() - start
        if elapsed >= budget:
            return round(elapsed / calls * 1e6, 2)


def clone_microseconds(states: list[State], budget: float = 0.5) -> float:
    """Mean clone() time over the sampled states."""
    return _per_call(lambda s: s.clone(), [(s,) for s in states], budget)


def sample_microseconds(game_id: str, states: list[State],
                        budget: float = 0.5) -> dict[str, float]:
    """Mean time of the acting seat's observation, and of sample_state from it."""
    rules = registry.get(game_id)
    live = [s for s in states if not s.is_over()]
    obs = [(s.observation(s.to_act()[0]), i) for i, s in enumerate(live)]
    return {"observation_us": _per_call(lambda s, seat: s.observation(seat),
                                        [(s, s.to_act()[0]) for s in live], budget / 2),
            "sample_state_us": _per_call(rules.sample_state, obs, budget)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0,
                        help="seconds of random games per game")
    parser.add_argument("--game", action="append", default=[], help="only these games")
    args = parser.parse_args()
    report = {}
    for game_id in args.game or registry.ids():
        states = sample_states(game_id)
        report[game_id] = {**playouts_per_second(game_id, args.seconds),
                           "clone_us": clone_microseconds(states),
                           **sample_microseconds(game_id, states)}
        print(game_id, report[game_id], flush=True)
    print(json.dumps(report))


if __name__ == "__main__":
    main()
