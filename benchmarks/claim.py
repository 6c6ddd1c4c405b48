"""How long a claim's check takes (`game.claim.check`), game by game, where the table offers it.

    python benchmarks/claim.py [--hands 40] [--game hokm --game shelem ...] [--work N]

Plays ``--hands`` seeded hands of each game (each seat count) between normal bots and, at every
card a seat is to play, asks whether a claim is offered (`game.claim.offered`: the deals that fit
times the lines of play, `game.claim.work`, at most the game's `WORK`; ``--work`` puts another
bound in its place, to see what a larger one would cost) and checks it: one JSON line per game
and seat count with the positions offered, how many claims held, and the check's CPU time
(`time.process_time`, so that a busy machine's other work does not count), median, p99 and
worst. Target (issue 56): the worst under 100 ms on the 2-core machine.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import bots, claim, registry


def measure(game_id: str, seats: int, hands: int, bound: int | None) -> dict[str, object]:
    """Check every claim offered in ``hands`` hands of ``game_id`` at ``seats`` seats."""
    rules = registry.get(game_id)
    times: list[float] = []
    held = 0
    worst_work = 0
    for seed in range(hands):
        state = rules.new(seats, seed, dict(rules.unit_options))
        players = [bots.make("normal", game_id, seed * 10 + s) for s in range(seats)]
        while not state.is_over():
            seat = state.to_act()[0]
            obs = state.observation(seat)
            if (bound is None and claim.offered(game_id, obs)) or (bound is not None and \
                    obs["phase"] == "play" and claim.work(game_id, obs) <= bound):
                start = time.process_time()
                held += claim.check(game_id, obs) is not None
                times.append(time.process_time() - start)
                if times[-1] == max(times):
                    worst_work = claim.work(game_id, obs)
            state.apply(seat, players[seat].act(state, seat))
    ms = sorted(t * 1000 for t in times)
    return {"game": game_id, "seats": seats, "hands": hands,
            "work": bound if bound is not None else claim.WORK[game_id],
            "offered": len(ms), "held": held,
            "median_ms": round(statistics.median(ms), 2) if ms else None,
            "p99_ms": round(ms[int(0.99 * (len(ms) - 1))], 2) if ms else None,
            "max_ms": round(ms[-1], 2) if ms else None, "work_at_max": worst_work}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--game", action="append", choices=sorted(claim.GAMES))
    parser.add_argument("--work", type=int, help="check where the work is at most this")
    args = parser.parse_args()
    for game_id in args.game or sorted(claim.GAMES):
        for seats in registry.get(game_id).seat_counts:
            print(json.dumps(measure(game_id, seats, args.hands, args.work)), flush=True)


if __name__ == "__main__":
    main()
