"""Engine speed, game by game: random games per second through the simulator, and the cost of the
operations a search repeats: ``clone()`` and ``sample_state()`` (a determinization from a seat's
observation; the observation itself is built beforehand and timed apart).

    python benchmarks/engine.py [--seconds 2] [--game hokm --game tiraje ...]
    python benchmarks/engine.py --decisions 40 --game tiraje --seats 4 --option actions=true
    python benchmarks/engine.py --search-share 20 --game hokm
    python benchmarks/engine.py --contract-share 3000 --game hokm
    python benchmarks/engine.py --worlds [--game hokm]
    python benchmarks/engine.py --search-worlds 30 --game farib
    python benchmarks/engine.py --openspiel [--seconds 5]   # needs the peer extra: .[peer]

Targets on the 2-core machine (issue 15): Hokm >= 3,000 random hands/s through the simulator
(``python main.py simulate --game hokm --games 3000 --bots random`` says the same), clone() of a
Hokm state <= 5 microseconds, and no game below 300 random games/s. clone and sample_state are
timed on states taken from random games at every stage of play (the same states every run).
``--worlds`` times what a search pays for a world (`WORLDS`: Hokm, Shelem and Super Taki by
default): ``sample_state`` from a fresh observation, and a world dealt by `Rules.worlds` of an
observation read once, as the search deals them (target, issue 32: ``world_us`` <= `WORLD_US`).
``--search-share`` profiles the search bot's decisions and splits their time between the engine
(the rules and the contract: legal actions, apply, clone, sample_state, observations) and the
bots (the playouts' judgement), with the observations apart: what a faster engine would buy a
search. ``--search-worlds N`` gives the worlds (rounds) the hard bot compares its candidates on in
N decisions with a choice, taken from the heuristic's self-play (so that the others' moves are the
heuristic's, as `Bot.misfits` expects), at the table's budget counted in CPU time: what a slower
world (dealing, weighing it by `Bot.misfits`) costs the search. ``--contract-share`` splits a random
game's time between making it (`Rules.new`), the game's own rules and the contract's checks around
them: what faster rules could win at most. Times are this process's CPU time (`time.process_time`),
so that the other work of a shared machine does not count; on an idle machine they match the wall
clock.
``--openspiel`` sets random Hokm hands against random hands of OpenSpiel's hearts, both driven
from Python the same way (a random legal action, applied, until the hand ends; OpenSpiel's
chance outcomes drawn by their probabilities), in one run: the ratio is what issue 55 holds at
0.8 or more.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import registry
from game.bots import RandomBot
from game.core import State, is_pattern, random_fill
from game.simulate import parse_options, simulate


def playouts_per_second(game_id: str, seconds: float) -> dict[str, float]:
    rules = registry.get(game_id)
    kinds = ["random"] * rules.seat_counts[0]
    games, actions, start = 0, 0, time.process_time()
    while time.process_time() - start < seconds:
        out = simulate(game_id, 50, games, kinds)
        games += 50
        actions += int(out["actions"])
    elapsed = time.process_time() - start
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
    calls, start = 0, time.process_time()
    while True:
        for a in args:
            fn(*a)
        calls += len(args)
        elapsed = time.process_time() - start
        if elapsed >= budget:
            return round(elapsed / calls * 1e6, 2)


def clone_microseconds(states: list[State], budget: float = 0.5) -> float:
    """Mean clone() time over the sampled states."""
    return _per_call(lambda s: s.clone(), [(s,) for s in states], budget)


def sample_microseconds(game_id: str, states: list[State],
                        budget: float = 0.5) -> dict[str, float]:
    """Mean time of the acting seat's observation, of sample_state from it, and of a world as a
    search deals it (``world_us``: `Rules.worlds` of the observation made once, then a world
    for each seed: a search deals hundreds from one observation)."""
    rules = registry.get(game_id)
    live = [s for s in states if not s.is_over()]
    obs = [(s.observation(s.to_act()[0]), i) for i, s in enumerate(live)]
    return {"observation_us": _per_call(lambda s, seat: s.observation(seat),
                                        [(s, s.to_act()[0]) for s in live], budget / 2),
            "sample_state_us": _per_call(rules.sample_state, obs, budget),
            "world_us": _per_call(lambda deal, seed: deal(seed),
                                  [(rules.worlds(o), i) for o, i in obs], budget)}


WORLDS = ("hokm", "shelem", "taki")
WORLD_US = 30.0
"""``--worlds``: the games whose searches deal most, and the target per world (issue 32)."""


def decision_times(game_id: str, games: int, seats: int | None,
                   options: dict[str, object]) -> dict[str, float]:
    """CPU milliseconds of each heuristic-bot decision in heuristic self-play: median, p99, max.

    Only decisions with a choice are counted (a bot given one legal action does not think)."""
    from game import bots

    rules = registry.get(game_id)
    n = seats or rules.seat_counts[0]
    times: list[float] = []
    for g in range(games):
        state = rules.new(n, g, {**rules.unit_options, **options})
        players = [bots.make("heuristic", game_id, 100 * g + s) for s in range(n)]
        rng = random.Random(g)
        while not state.is_over():
            seat = rng.choice(state.to_act())
            many = len(state.legal_actions(seat)) > 1
            start = time.thread_time()
            action = players[seat].act(state, seat)
            if many:
                times.append((time.thread_time() - start) * 1e3)
            state.apply(seat, action)
    times.sort()
    return {"decisions": len(times), "median_ms": round(times[len(times) // 2], 2),
            "p99_ms": round(times[int(len(times) * 0.99)], 2), "max_ms": round(times[-1], 2)}


ENGINE_PARTS = ("/game/rules/", "/game/core.py", "/game/deal.py", "/game/cards/")


def search_share(game_id: str, decisions: int) -> dict[str, float]:
    """Where the hard bot's time goes over ``decisions`` decisions (states of random games with a
    choice, 10 search rounds each): the share of the engine, of the observations (part of the
    engine) and of the bots. A builtin's time (a list's append...) counts for its caller."""
    from game.bots import SearchBot

    live = [s for s in sample_states(game_id, decisions * 3)
            if not s.is_over() and len(s.legal_actions(s.to_act()[0])) > 1][:decisions]
    bot = SearchBot(1, game_id, budget_ms=None, iterations=10)
    profile = cProfile.Profile()
    profile.enable()
    for state in live:
        bot.act(state.clone(), state.to_act()[0])
    profile.disable()
    entries = pstats.Stats(profile).stats  # type: ignore[attr-defined]
    where = {"engine": 0.0, "bots": 0.0, "other": 0.0}

    def part(path: str) -> str:
        path = path.replace("\\", "/")
        if any(p in path for p in ENGINE_PARTS):
            return "engine"
        return "bots" if "/game/bots/" in path else "other"

    observation = 0.0
    for (path, _, name), (_, _, own, cumulative, callers) in entries.items():
        if name == "observation" and path.endswith("/game/core.py"):
            observation += cumulative
        if path != "~":
            where[part(path)] += own
        else:  # a builtin: its time goes to its callers, edge by edge
            for (caller, _, _), edge in callers.items():
                where[part(caller)] += edge[2]
    total = sum(where.values()) or 1.0
    return {"decisions": len(live), "engine_pct": round(100 * where["engine"] / total, 1),
            "observation_pct": round(100 * observation / total, 1),
            "bots_pct": round(100 * where["bots"] / total, 1),
            "other_pct": round(100 * where["other"] / total, 1)}


def search_worlds(game_id: str, decisions: int, seats: int | None) -> dict[str, float]:
    """The hard bot's worlds a decision (median, lowest) and mean misfits of the worlds kept, over
    ``decisions`` decisions with a choice spread over the heuristic's self-play games, each
    searched at `game.bots.BUDGET_MS` ``["hard"]`` of CPU time."""
    from game import bots

    rules = registry.get(game_id)
    n = seats or rules.seat_counts[0]
    states: list[State] = []
    for g in range(max(1, decisions // 10)):
        state = rules.new(n, g, rules.unit_options)
        players = [bots.make("normal", game_id, 100 * g + s) for s in range(n)]
        while not state.is_over():
            seat = state.to_act()[0]
            if len(state.legal_actions(seat)) > 1:
                states.append(state.clone())
            state.apply(seat, players[seat].act(state, seat))
    step = max(1, len(states) // decisions)
    rounds: list[int] = []
    misfits: list[float] = []
    for i, state in enumerate(states[::step][:decisions]):
        bot = bots.SearchBot(i, game_id, budget_ms=bots.BUDGET_MS["hard"],
                             clock=time.process_time)
        bot.act(state, state.to_act()[0])
        rounds.append(int(bot.last["rounds"]))
        misfits.append(float(bot.last.get("misfits", 0)))
    rounds.sort()
    return {"decisions": len(rounds), "median_worlds": rounds[len(rounds) // 2],
            "min_worlds": rounds[0], "mean_misfits": round(sum(misfits) / len(misfits), 2)}


def contract_share(game_id: str, games: int) -> dict[str, float]:
    """Microseconds a random game spends being made (`Rules.new`), then played through the
    contract (`legal_actions`, `apply`) and through the game's own hooks alone (`_legal`,
    `_apply`: without the checks of the seat, of the action's form and of an action not just
    listed): the same ``games`` games, the same choices. The difference is what the checks cost,
    which no faster rules can win back."""
    rules = registry.get(game_id)
    n = rules.seat_counts[0]
    options = dict(rules.unit_options)

    def play(hooks: bool) -> float:
        start = time.process_time()
        for g in range(games):
            state = rules.new(n, g, options)
            rng = random.Random(g)
            legal_actions, apply = ((state._legal, state._apply) if hooks
                                    else (state.legal_actions, state.apply))
            while not state.is_over():
                acting = state.to_act()
                seat = acting[0] if len(acting) == 1 else rng.choice(acting)
                legal = legal_actions(seat)
                action = legal[rng.randrange(len(legal))]
                if is_pattern(action):
                    action = random_fill(action, state.own_cards(seat), rng)
                apply(seat, action)
        return (time.process_time() - start) / games * 1e6

    start = time.process_time()
    for g in range(games):
        rules.new(n, g, options)
    made = (time.process_time() - start) / games * 1e6
    contract, hooks = play(False), play(True)
    return {"games": games, "new_us": round(made, 1), "game_us": round(contract, 1),
            "hooks_game_us": round(hooks, 1), "checks_pct": round(100 * (contract - hooks)
                                                                 / contract, 1),
            "games_per_s_without_checks": round(1e6 / hooks, 1)}


def random_hands_per_second(new: Callable[[int], Any], play: Callable[[Any, random.Random], None],
                            seconds: float) -> float:
    """Hands per CPU second: ``new(seed)`` made, then ``play``ed out with a seeded generator."""
    hands, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        hands += 1
        play(new(hands), random.Random(hands))
    return hands / (time.process_time() - start)


def openspiel_ratio(seconds: float) -> dict[str, float]:
    """Random Hokm hands per second, random hands of OpenSpiel's hearts per second, and their
    ratio, measured in turn in this process."""
    try:
        import pyspiel
    except ImportError:
        sys.exit("engine.py --openspiel: OpenSpiel is not installed (pip install -e \".[peer]\")")
    hokm = registry.get("hokm")

    def play_hokm(state: State, rng: random.Random) -> None:
        while not state.is_over():
            seat = state.to_act()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))

    hearts = pyspiel.load_game("hearts")

    def play_hearts(state: Any, rng: random.Random) -> None:
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))

    ours = random_hands_per_second(lambda seed: hokm.new(4, seed, hokm.unit_options), play_hokm,
                                   seconds)
    theirs = random_hands_per_second(lambda seed: hearts.new_initial_state(), play_hearts,
                                     seconds)
    return {"hokm_hands_per_s": round(ours, 1), "openspiel_hearts_hands_per_s": round(theirs, 1),
            "ratio": round(ours / theirs, 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0,
                        help="seconds of random games per game")
    parser.add_argument("--game", action="append", default=[], help="only these games")
    parser.add_argument("--decisions", type=int, metavar="GAMES",
                        help="instead: time the heuristic bot's decisions over GAMES self-play "
                             "games of each --game (with --seats and --option name=value)")
    parser.add_argument("--search-share", type=int, metavar="DECISIONS",
                        help="instead: where the hard bot's time goes over DECISIONS decisions "
                             "of each --game (engine, observations, bots)")
    parser.add_argument("--search-worlds", type=int, metavar="DECISIONS",
                        help="instead: the worlds the hard bot searches a decision over "
                             "DECISIONS decisions of the heuristic's self-play in each --game")
    parser.add_argument("--contract-share", type=int, metavar="GAMES",
                        help="instead: where GAMES random games of each --game spend their "
                             "time (making them, the rules, the contract's checks)")
    parser.add_argument("--worlds", action="store_true",
                        help=f"instead: the time of a world a search deals, in each --game "
                             f"(default {', '.join(WORLDS)}), against {WORLD_US:.0f} us")
    parser.add_argument("--openspiel", action="store_true",
                        help="instead: random Hokm hands per second against OpenSpiel's hearts")
    parser.add_argument("--seats", type=int)
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    args = parser.parse_args()
    if args.openspiel:
        print(json.dumps(openspiel_ratio(args.seconds)))
        return
    if args.decisions:
        options = parse_options(args.option)
        for game_id in args.game or registry.ids():
            print(game_id, decision_times(game_id, args.decisions, args.seats, options),
                  flush=True)
        return
    if args.search_share:
        for game_id in args.game or [g for g in registry.ids() if not registry.get(g).realtime]:
            print(game_id, search_share(game_id, args.search_share), flush=True)
        return
    if args.search_worlds:
        for game_id in args.game or [g for g in registry.ids() if not registry.get(g).realtime]:
            print(game_id, search_worlds(game_id, args.search_worlds, args.seats), flush=True)
        return
    if args.contract_share:
        for game_id in args.game or registry.ids():
            print(game_id, contract_share(game_id, args.contract_share), flush=True)
        return
    if args.worlds:
        worlds = {}
        for game_id in args.game or WORLDS:
            got = sample_microseconds(game_id, sample_states(game_id), 1.0)
            worlds[game_id] = {**got, "within_target": got["world_us"] <= WORLD_US}
            print(game_id, worlds[game_id], flush=True)
        print(json.dumps(worlds))
        return
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
