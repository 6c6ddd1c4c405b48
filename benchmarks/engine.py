"""Engine speed: random playouts per second for each game, and the cost of clone().

    python benchmarks/engine.py [--seconds 2]

Targets on a 2-core machine: Hokm >= 2,000 random hands/s through the simulator, and clone()
of a Hokm state <= 20 microseconds.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import registry  # noqa: E402
from game.bots import RandomBot  # noqa: E402
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


def clone_microseconds(game_id: str, samples: int = 20000) -> float:
    """Mean clone() time over states taken from the middle of random games."""
    rules = registry.get(game_id)
    state = rules.new(rules.seat_counts[0], 1)
    rng = random.Random(1)
    bot = RandomBot(1)  # fills patterns (``pass ?3``) as a random player would
    for _ in range(20):
        if state.is_over():
            break
        seat = rng.choice(state.to_act())
        state.apply(seat, bot.act(state, seat))
    start = time.perf_counter()
    for _ in range(samples):
        state.clone()
    return round((time.perf_counter() - start) / samples * 1e6, 2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    report = {}
    for rules in registry.all():
        report[rules.id] = {**playouts_per_second(rules.id, args.seconds),
                            "clone_us": clone_microseconds(rules.id)}
        print(rules.id, report[rules.id], flush=True)
    print(json.dumps(report))


if __name__ == "__main__":
    main()
