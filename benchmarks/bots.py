"""Bot strength and decision time, table by table: each level against the one below it.

    python benchmarks/bots.py [--games 400] [--game hokm --game shelem] [--budget-ms 300]
                              [--pairs hard-normal,normal-easy] [--seed 1] [--json out.json]
    python benchmarks/bots.py --game taki --option match=pyramid --games 200  # a whole game
    python benchmarks/bots.py --game farib --seats 5 --option length=match --pairs normal-random
    python benchmarks/bots.py --game farib --one-seat --option length=match --pairs normal-random
    python benchmarks/bots.py --ui hokm --frames 600 [--switch-ms 1]  # frames
    python benchmarks/bots.py --markdown docs/bots.md --games 600 --cpu-clock --jobs 2  # the table

A game is the rules' unit (`Rules.unit_options`: one Hokm hand, one Bi-Del deal), with any
``--option`` over it. Each deal is played duplicate, from every side: where the game has teams,
level A holds one team and B the other, then the same deal (same seed) again with the sides
swapped; otherwise one seat is A and the others B, the same deal replayed with A in each seat,
and A's fair share is 1/seats. The luck of the cards thus cancels, and two intervals are given:
the plain binomial one (Wilson, as if every game were independent) and the duplicate one, over
deals: each deal's score is A's mean over its sides, and the interval is the normal one of the
mean of those (1.96 standard errors), narrower where a deal's cards decide it whichever side
holds them. A draw (no winner) counts half; a win shared by k seats counts 1/k (a tie at the
top of Farib's five-seat scores). Seats: ``--seats``, else 4 where the game allows it, else its
first seat count (as the table seats bots). ``--one-seat``: A holds one seat even where the game
has teams (its partner is B), the deal replayed with A in each seat; A's team's fair share is
still 1/teams. With ``--one-seat`` or ``--seats``, A's share is also printed seat by seat after
the row (Farib at four: seats 0 and 2 are the first dealer's team, 1 and 3 the other). Without
``--game``, each turn-based game is measured for the pairs of levels it offers
(`game.bots.levels`); with it, for every pair asked.

Trust this script over ``main.py simulate`` for a bot's strength: it plays each deal from every
side, so its intervals are those of the bot, not of the cards. The two now agree where they
measure the same thing: Super Taki, normal against three random bots, one round, 45.5 % of 4000
rounds here (``--seed 1``) and 45.3 % of 4 x 1000 by ``simulate --seats 4 --bots`` with the bot
in each seat in turn (the bot of that day; it has since learnt to read the next seat: 46.6 %).
They disagreed in issue 32 (36.7 % here, 45-48 % there) because the simulator then drew at
random which of several seats that may act goes first, where the table and this script take the
first listed (`State.to_act`): in Taki a seat that played down to one card is listed first, so
here it always declared in time, while in the simulator any seat missed its declaration and drew
4 about half the time, which cost the three random seats more than the bot, whose weights had
been tuned that way (`game.bots.taki`). The simulator now takes the first listed (but in real
time, where it draws), and the weights were retuned. What still differs: ``simulate`` counts a
tie as a win for every seat in it (Farib at five: 59.9 % of 1000 matches there, 47.9 % of 3000
here with ties shared), and deals and seeds otherwise.

Printed per game and pair: A's wins with both 95 % intervals, the fair share, the median / p99
of the decisions (choices with more than one legal action) per level, in ms, and the median of
the rounds (sampled worlds) a search compared its candidates on, where it had more than one:
with fewer than three it keeps the heuristic's move (`SearchBot.pick`).
``--budget-ms`` sets the hard bot's budget (expert keeps the table's ratio to it,
`game.bots.BUDGET_MS`); the table's is 300 ms.
``--cpu-clock`` counts the budgets and the decision times in this process's CPU time
(`time.process_time`) instead of the wall clock: on a machine shared with other work, a wall
budget buys fewer playouts and measures a weaker bot than the one a quiet machine plays.

What the search could do, measured the same way (not levels a player meets): ``--rounds N``
compares the candidates on N worlds a decision, whatever the time (deterministic);
``--draws N --fit F`` set how many worlds a round deals and how a misfit weighs
(`game.bots.search.DRAWS`, `FIT`) for every search; ``--expert NAME=VALUE`` sets a `SearchBot`
keyword of expert's alone (``--expert top=3``: a variant of expert);
``--see-all`` hands hard and expert the true state as their only world: a bot that sees every
card, the ceiling of a search over the same heuristic.

A change to a game's heuristic is measured against the bot it replaces with ``--bot
LEVEL=FILE``: LEVEL plays the ``HeuristicBot`` of FILE, ``heuristic`` being a second name of
normal (``git show HEAD~1:game/bots/rim.py > /tmp/old.py``, then ``--game rim --pairs
normal-heuristic --bot heuristic=/tmp/old.py``).

In a game played for chips (`State.chips`) a row gives A's chips won a game too (its mean over
A's seats, each deal's mean over its sides, and the 95 % interval over deals): what a stake game
is played for, where the most chips after one deal says little. ``calling`` (`OPPONENTS`) is a
player no table seats, that a bot is measured against: poker's always-calling player
(``--game poker --pairs normal-calling``).

``--pool A.json B.json [--markdown PATH]`` plays nothing: runs of the same measure on different
deals (``--json`` files, each run with another ``--seed``) become one row (`pooled`), as one run
of all their deals would be.

``--markdown PATH`` also writes the rows into a Markdown page, each naming the command that
measured it, with a verdict (A stronger than its fair share, weaker, or not told apart, and the
interval's half width); the rows' figures are kept in the JSON file beside it, and a run
replaces the rows it measures again (same game, seats, pair and options) and keeps the others,
so that runs made on different days or machines build one table. Without ``--game`` and
``--pairs`` it measures the games of `TABLE`, hard against normal and normal against random
(`docs/bots.md`: ``--games 600 --cpu-clock`` gives intervals of about ±4 points, hours of CPU a
game; ``--jobs`` shares them among the cores).

``--ui`` runs the real table headless (``main.py bench-ui --level``) with every chair a bot of
``--level`` (hard) and reports the work per frame: whether the bots' searches, in a process of
their own, starve the frame loop.
"""

from __future__ import annotations

import argparse
import functools
import importlib.util
import itertools
import json
import math
import re
import statistics
import sys
import textwrap
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from multiprocessing import get_context
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import bots, registry
from game.bots import Bot, SearchBot, search
from game.core import JSON, State, is_pattern
from game.simulate import parse_options


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


TABLE = ("hokm", "shelem", "ghahve", "farib", "bidel", "taki", "bluff", "rim", "tiraje",
         "bistoyek", "haftkhabis", "pasur", "poker")
"""The games of ``--markdown`` without ``--game``: those whose levels people compare, and every
other game that offers hard (its word in the setup is its row here)."""
TABLE_PAIRS = "hard-normal,normal-random"
HEADER = ("| game | seats | pair | games | A won [95 % Wilson] | [95 % over deals] | fair "
          "| verdict | ms median / p99 per level | run |\n"
          "|---|---|---|---|---|---|---|---|---|---|")


OPPONENTS = {"calling": "CallingBot"}
"""Players a bot is measured against that no table seats: the class of that name in the game's
bot module (`bots.HEURISTIC`)."""
PLAYOUTS: dict[str, bool] = {"heuristic_playouts": True}
"""``--playouts``: the search's playout policy (True: the heuristic's, False: random)."""
CLOCK: dict[str, Callable[[], float]] = {"clock": time.perf_counter}
"""``--cpu-clock``: what the search budgets and the decision times are counted in."""
SEARCH: dict[str, Any] = {"rounds": None, "see_all": False}
"""``--rounds`` (worlds a decision, in place of the time budget) and ``--see-all``."""
SETTINGS: dict[str, Any] = {}
"""The command line's settings of the search and the clock, as `configure` takes them."""


def configure(settings: dict[str, Any]) -> None:
    """Set this process's search and clock as ``settings`` say (``rounds``, ``see_all``,
    ``playouts``: True heuristic, False random; ``draws``, ``fit``,
    ``cpu_clock``): the command line in the main process, the same in each of ``--jobs``."""
    SETTINGS.update(settings)
    SEARCH.update(rounds=settings.get("rounds"), see_all=bool(settings.get("see_all")))
    PLAYOUTS["heuristic_playouts"] = settings.get("playouts", True)
    if settings.get("draws"):
        search.DRAWS = settings["draws"]
    if settings.get("fit") is not None:
        search.FIT = settings["fit"]
    CLOCK["clock"] = time.process_time if settings.get("cpu_clock") else time.perf_counter


class SeeingSearch(SearchBot):
    """A search whose every world is the true state (``truth``, set before each decision): it
    sees every card. A measure of what knowing the hands is worth, never a level."""

    truth: State | None = None

    def world(self, deal: Callable[[int], State], seat: int, seed: int) -> tuple[State, int]:
        assert self.truth is not None
        return self.truth.clone(), 0


def make(level: str, game_id: str, seed: int, budget_ms: float) -> Bot[Any]:
    file = SETTINGS.get("bot_files", {}).get(level)
    if file is not None:
        return file_bot(file)(seed)
    if level in OPPONENTS:
        kind: type[Bot[Any]] = getattr(importlib.import_module(bots.HEURISTIC[game_id]),
                                  OPPONENTS[level])
        return kind(seed)
    if level in ("hard", "expert"):
        expert = level == "expert"
        budget = budget_ms * (bots.BUDGET_MS["expert"] / bots.BUDGET_MS["hard"] if expert else 1)
        search_kind = SeeingSearch if SEARCH["see_all"] else SearchBot
        rounds = SEARCH["rounds"]
        extra = SETTINGS.get("expert", {}) if expert else {}
        return search_kind(seed, game_id, budget_ms=None if rounds else budget, iterations=rounds,
                    heuristic_playouts=PLAYOUTS["heuristic_playouts"], clock=CLOCK["clock"],
                    **extra)
    return bots.make(level, game_id, seed)


@functools.cache
def file_bot(path: str) -> type[Bot[Any]]:
    """The ``HeuristicBot`` class of the Python file at ``path`` (``--bot``)."""
    name = f"bot_file_{abs(hash(path))}"
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"--bot: {path} is not a Python file")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # a dataclass of the file looks its module up
    spec.loader.exec_module(module)
    kind = getattr(module, "HeuristicBot", None)
    if not (isinstance(kind, type) and issubclass(kind, Bot)):
        raise SystemExit(f"--bot: {path} has no HeuristicBot")
    return kind


def match(game_id: str, a: str, b: str, games: int, seed: int, budget_ms: float,
          progress: bool = True, options: dict[str, JSON] | None = None,
          seats: int | None = None, one_seat: bool = False, jobs: int = 1) -> dict[str, Any]:
    """``games`` games of level ``a`` against ``b``, the rules' unit game with ``options``
    over it, at ``seats`` (the game's usual count by default), ``a`` holding one seat only if
    ``one_seat``; wins, interval, A's share by seat and decision times. ``jobs`` processes play
    the games (`play`), each with the settings of this one (`SETTINGS`); the figures are those
    of one process, game by game (a search's budget is its own process's clock)."""
    rules = registry.get(game_id)
    n = seats or rules.usual_seats
    rules.check_seats(n)
    teams = rules.default_teams(n)
    score = 0.0
    per_deal: dict[int, float] = {}
    chips_per_deal: dict[int, float] = {}
    per_seat = [[0.0, 0] for _ in range(n)]  # A's wins and games, by A's seat (one seat)
    times: dict[str, list[float]] = {a: [], b: []}
    rounds: list[int] = []  # worlds a search compared its candidates on, per searched decision
    started = time.perf_counter()
    turns = 2 if teams and not one_seat else n  # each deal played from every side (duplicate)
    tasks = [Game(game_id, a, b, i, seed, budget_ms, n, turns, one_seat, options or {})
             for i in range(games)]
    done = 0
    for done, (game, got, chips, ms, worlds) in enumerate(played(tasks, jobs), 1):
            i = game.index
            score += got
            if chips is not None:
                chips_per_deal[game.deal] = chips_per_deal.get(game.deal, 0.0) + chips / turns
            if len(game.mine(teams)) == 1:
                per_seat[i % n][0] += got
                per_seat[i % n][1] += 1
            per_deal[game.deal] = per_deal.get(game.deal, 0.0) + got / turns
            for level, values in ms.items():
                times[level].extend(values)
            rounds.extend(worlds)
            if progress and done % 10 == 0:
                print(f"  {game_id} {a}-{b}: {done}/{games}, {score / done:.3f}, "
                      f"{time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)
    if done != games:  # a StopIteration escaping a game ends the iteration without a word
        raise RuntimeError(f"{games - done} of {games} games of {game_id} ended unplayed")
    lo, hi = wilson(score, games)
    deals = [v for d, v in per_deal.items() if d < seed + games // turns]  # whole deals only
    mean = statistics.fmean(deals) if deals else 0.0
    half = 1.96 * statistics.stdev(deals) / math.sqrt(len(deals)) if len(deals) > 1 else 1.0
    if half == 0:  # every deal alike (all won): the normal interval says nothing; Wilson's
        lo_deals, hi_deals = wilson(mean * len(deals), len(deals))  # over the deals does
        half = max(mean - lo_deals, hi_deals - mean)
    won_chips = [v for d, v in chips_per_deal.items() if d < seed + games // turns]
    return {"game": game_id, "a": a, "b": b, "games": games, "seats": n,
            "chips": interval(won_chips) if won_chips else None,
            "teams": bool(teams), "share": round(1 / len(teams), 3) if teams else round(1 / n, 3),
            "won": round(score / games, 3), "lo": round(lo, 3), "hi": round(hi, 3),
            "deals": len(deals), "paired_lo": round(max(0.0, mean - half), 3),
            "paired_hi": round(min(1.0, mean + half), 3),
            "by_seat": [round(w / g, 3) if g else None for w, g in per_seat],
            "ms": {lv: decision_stats(ts) for lv, ts in times.items()},
            "rounds": decision_stats(rounds),
            "seconds": round(time.perf_counter() - started, 1)}


@dataclass(frozen=True)
class Game:
    """The ``index``-th game of a match: its deal is the ``index // turns``-th from ``seed``,
    played with A on the side (a team, or one seat) that ``index`` says."""

    game_id: str
    a: str
    b: str
    index: int
    seed: int
    budget_ms: float
    seats: int
    turns: int
    one_seat: bool
    options: dict[str, JSON]

    @property
    def deal(self) -> int:
        return self.seed + self.index // self.turns

    def mine(self, teams: Sequence[Sequence[int]] | None) -> set[int]:
        """The seats A holds."""
        if teams and not self.one_seat:
            return set(teams[self.index % 2])
        return {self.index % self.seats}


def interval(values: Sequence[float]) -> dict[str, float]:
    """The mean of ``values`` (one a deal) and its 95 % normal interval."""
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return {"mean": round(mean, 1), "lo": round(mean - half, 1), "hi": round(mean + half, 1)}


Played = tuple[Game, float, float | None, dict[str, list[float]], list[int]]
"""A game played: the game, A's share of the win, A's chips won (None where the game is not
played for chips), the decision times by level, the worlds of each search."""


def played(tasks: Sequence[Game], jobs: int) -> Iterator[Played]:
    """`play` each of ``tasks``, in their order: here, or in ``jobs`` processes that take the
    settings of this one (`configure`)."""
    if jobs <= 1:
        yield from map(play, tasks)
        return
    with get_context("spawn").Pool(jobs, configure, (SETTINGS,)) as pool:
        yield from pool.imap(play, tasks)


def play(game: Game) -> Played:
    """Play ``game``: A's share of the win (a draw half, a win shared by k seats 1/k), its
    chips won (the mean of its seats' points) in a game played for chips, the decision times
    by level (choices with more than one action) and the worlds each search with more than one
    candidate compared them on."""
    rules = registry.get(game.game_id)
    n = game.seats
    teams = rules.default_teams(n)
    mine = game.mine(teams)
    levels = [game.a if s in mine else game.b for s in range(n)]
    players = [make(levels[s], game.game_id, game.deal * 101 + s, game.budget_ms)
               for s in range(n)]
    times: dict[str, list[float]] = {game.a: [], game.b: []}
    rounds: list[int] = []
    state = rules.new(n, game.deal, {**rules.unit_options, **game.options})
    clock = CLOCK["clock"]
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        t = clock()
        player = players[seat]
        if isinstance(player, SeeingSearch):
            player.truth = state
        action = player.act(state, seat)
        if len(legal) > 1 or is_pattern(legal[0]):
            times[levels[seat]].append((clock() - t) * 1000)
            if isinstance(player, SearchBot) and player.last.get("rounds"):
                rounds.append(int(player.last["rounds"]))
        state.apply(seat, action)
    result = state.result()
    winners = set(result["winners"])
    chips = statistics.fmean(result["points"][s] for s in mine) \
        if state.chips() is not None else None
    if not winners:
        got = 0.5 if teams else 1 / n
    elif teams:
        got = 1.0 if mine <= winners else 0.0
    else:
        got = len(mine & winners) / len(winners)
    return game, got, chips, times, rounds


def decision_stats(ms: Sequence[float]) -> dict[str, float]:
    if not ms:
        return {"n": 0, "median": 0.0, "p99": 0.0}
    ordered = sorted(ms)
    return {"n": len(ordered), "median": round(statistics.median(ordered), 2),
            "p99": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))], 2)}


def row(r: dict[str, Any], run: int | None = None) -> str:
    """A row of the table; ``run``: the number of the command that measured it on the page."""
    ms = r["ms"]
    return (f"| {r['game']} | {r['seats']}{' (teams)' if r['teams'] else ''}"
            f"{' one seat' if r.get('one_seat') else ''}"
            + "".join(f" {k}={v}" for k, v in sorted(r.get("options", {}).items()))
            + f" | {r['a']} vs {r['b']} | {r['games']} | {100 * r['won']:.1f} % "
            f"[{100 * r['lo']:.1f}, {100 * r['hi']:.1f}]"
            + (f"; chips a game {c['mean']:+.1f} [{c['lo']:+.1f}, {c['hi']:+.1f}]"
               if (c := r.get("chips")) else "") + " | "
            f"[{100 * r['paired_lo']:.1f}, {100 * r['paired_hi']:.1f}] over {r['deals']} | "
            f"{100 * r['share']:.0f} % | {verdict(r)} | "
            + "; ".join(f"{lv} {s['median']:.0f} / {s['p99']:.0f}" for lv, s in ms.items())
            + (f"; rounds median {r['rounds']['median']:.0f}" if r["rounds"]["n"] else "")
            + (f" | {run}" if run is not None else "") + " |")


def verdict(r: dict[str, Any]) -> str:
    """Whether A measured stronger than its fair share (the interval over deals above it),
    weaker (below it), or neither; and the interval's half width in points. In a game played
    for chips, whether A won chips (the interval of its chips a game above 0), lost them, or
    neither, and that interval's half width."""
    chips = r.get("chips")
    if chips:
        word = "stronger" if chips["lo"] > 0 else "weaker" if chips["hi"] < 0 else \
            "not told apart"
        return f"{word} in chips, ±{(chips['hi'] - chips['lo']) / 2:.1f} a game"
    lo, hi, share = r["paired_lo"], r["paired_hi"], r["share"]
    word = "stronger" if lo > share else "weaker" if hi < share else "not told apart"
    return f"{word}, ±{100 * (hi - lo) / 2:.1f}"


def key(r: dict[str, Any]) -> tuple[Any, ...]:
    """What a row measures: a later row of the same key replaces it on the page."""
    return (r["game"], r["seats"], r["a"], r["b"], bool(r.get("one_seat")),
            tuple(sorted(r.get("options", {}).items())))


def merged(path: Path, rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows kept for ``--markdown path`` (in the JSON file beside it) with ``rows`` in
    place of those they measure again, ordered by game as `TABLE` orders them."""
    data = path.with_suffix(".json")
    old = json.loads(data.read_text(encoding="utf-8")) if data.exists() else []
    new = {key(r): r for r in rows}
    out = [r for r in old if key(r) not in new] + list(rows)
    order = {g: i for i, g in enumerate(TABLE)}
    return sorted(out, key=lambda r: (order.get(r["game"], len(order)), r["game"],
                                      r["seats"], r["a"] != "hard", r["a"], r["b"]))


def deal_range(r: dict[str, Any]) -> range:
    """The deals a row played: ``deals`` from its seed (its ``seed``, or its command's
    ``--seed``, 1 without one)."""
    seed = r.get("seed")
    if seed is None:
        found = re.search(r"--seed[ =](\d+)", r["command"])
        seed = int(found.group(1)) if found else 1
    return range(int(seed), int(seed) + int(r["deals"]))


def pooled(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """One row of runs that measured the same thing (`key`) on different deals: the games and
    deals added up, A's share weighted by games (its Wilson interval over all of them), and the
    interval over deals pooled from each run's (its mean and standard error, weighted by
    deals: the runs' deals are independent). Medians of decision times and rounds are weighted
    by their counts (an approximation: each run kept only its median), p99s the highest.
    `ValueError` where the runs measure different things or share deals."""
    if len({key(r) for r in rows}) != 1:
        raise ValueError("pooled runs must measure the same game, seats, pair and options")
    spans = sorted((deal_range(r) for r in rows), key=lambda d: d.start)
    if any(a.stop > b.start for a, b in itertools.pairwise(spans)):
        raise ValueError("pooled runs must play different deals (another --seed)")
    games = sum(r["games"] for r in rows)
    deals = sum(r["deals"] for r in rows)
    won = sum(r["won"] * r["games"] for r in rows) / games
    lo, hi = wilson(won * games, games)
    mean = sum((r["paired_lo"] + r["paired_hi"]) / 2 * r["deals"] for r in rows) / deals
    se = math.sqrt(sum((r["deals"] / deals * (r["paired_hi"] - r["paired_lo"]) / 2 / 1.96) ** 2
                       for r in rows))

    def stats(parts: list[dict[str, Any]]) -> dict[str, Any]:
        n = sum(p["n"] for p in parts)
        if not n:
            return parts[0]
        return {"n": n, "median": round(sum(p["median"] * p["n"] for p in parts) / n, 2),
                "p99": max(p["p99"] for p in parts)}

    chips = None
    if all(r.get("chips") for r in rows):  # pooled as the interval over deals is
        middle = sum(r["chips"]["mean"] * r["deals"] for r in rows) / deals
        spread = math.sqrt(sum((r["deals"] / deals * (r["chips"]["hi"] - r["chips"]["lo"]) / 2
                                / 1.96) ** 2 for r in rows))
        chips = {"mean": round(middle, 1), "lo": round(middle - 1.96 * spread, 1),
                 "hi": round(middle + 1.96 * spread, 1)}
    first = rows[0]
    seats = [[r["by_seat"][i] for r in rows if r["by_seat"][i] is not None]
             for i in range(len(first["by_seat"]))]
    return {**first, "games": games, "deals": deals, "chips": chips, "won": round(won, 3),
            "lo": round(lo, 3), "hi": round(hi, 3),
            "paired_lo": round(max(0.0, mean - 1.96 * se), 3),
            "paired_hi": round(min(1.0, mean + 1.96 * se), 3),
            "by_seat": [round(statistics.fmean(v), 3) if v else None for v in seats],
            "ms": {lv: stats([r["ms"][lv] for r in rows]) for lv in first["ms"]},
            "rounds": stats([r["rounds"] for r in rows]),
            "seconds": round(sum(r["seconds"] for r in rows), 1),
            "command": " and ".join(r["command"] for r in rows) + ", pooled (--pool)",
            "date": max(r["date"] for r in rows)}


def page(rows: Sequence[dict[str, Any]]) -> str:
    """``--markdown``'s page: every row, each naming the command that measured it."""
    commands: list[str] = []
    lines = []
    for r in rows:
        made = f"{r['date']}: {r['command']}"
        if made not in commands:
            commands.append(made)
        lines.append(row(r, commands.index(made) + 1))
    return ("# Bot strength\n\n" + textwrap.fill(
                "Each deal is played from every side (duplicate), so the luck of the cards "
                "cancels: A's share of the games won, with its 95 % interval (Wilson, as if "
                "every game were independent) and the interval over deals (each deal's mean "
                "over its sides), which the verdict reads: A stronger where its lower end is "
                "above the fair share (50 % between teams, 1 / seats otherwise), or in a "
                "game played for chips where the lower end of A's chips a game is above 0. "
                "Hard searches "
                "with the table's budget, counted in CPU time where the command says "
                "`--cpu-clock`. Decision times in ms (median / p99). A game whose hard level "
                "did not measure stronger than normal offers none (`game.bots.UNSEARCHED`): "
                "its row measures the search it would have. Each row names the run that "
                "measured it; a run with `--markdown` replaces the rows it measures again and "
                "keeps the others (their figures are in `docs/bots.json`).", 100)
            + "\n\n" + HEADER + "\n" + "\n".join(lines) + "\n\nRuns:\n\n"
            + "".join(f"{i}. {c}\n" for i, c in enumerate(commands, 1)))


def expert_options(pairs: Sequence[str]) -> dict[str, Any]:
    """``--expert NAME=VALUE`` settings as keywords: a number where the value reads as one
    (``None``: None)."""
    out: dict[str, Any] = {}
    for pair in pairs:
        name, _, text = pair.partition("=")
        value: Any = text
        for kind in (int, float):
            try:
                value = kind(text)
                break
            except ValueError:
                continue
        out[name] = None if text == "None" else value
    return out


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=400, help="games per game and pair")
    ap.add_argument("--game", action="append", help="a game id (repeat); default every "
                    "turn-based game")
    ap.add_argument("--pairs", help="level pairs, A-B,... (default hard-normal,normal-easy; "
                    f"with --markdown and no --game, {TABLE_PAIRS})")
    ap.add_argument("--budget-ms", type=float, default=bots.BUDGET_MS["hard"])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1, help="processes playing the games (one a "
                    "core: a search's budget is counted on its own process's clock)")
    ap.add_argument("--json", type=Path, help="also write the rows here")
    ap.add_argument("--markdown", type=Path, help="also write the rows here as a Markdown page "
                    f"(without --game: the games of {', '.join(TABLE)})")
    ap.add_argument("--ui", help="measure frame times of this game with bots thinking")
    ap.add_argument("--frames", type=int, default=600)
    ap.add_argument("--level", default="hard", help="the bots' level for --ui")
    ap.add_argument("--switch-ms", type=float, help="sys.setswitchinterval for --ui (the GIL "
                    "hand-over; Python's default is 5 ms)")
    ap.add_argument("--playouts", choices=("heuristic", "random"), default="heuristic",
                    help="the search's playout policy")
    ap.add_argument("--cpu-clock", action="store_true",
                    help="count search budgets and decision times in CPU time (a shared machine)")
    ap.add_argument("--rounds", type=int, help="searches compare their candidates on this many "
                    "worlds, whatever the time")
    ap.add_argument("--draws", type=int, help="worlds dealt a round (search.DRAWS)")
    ap.add_argument("--fit", type=float, help="a world's likelihood per misfit (search.FIT)")
    ap.add_argument("--expert", action="append", default=[], metavar="NAME=VALUE",
                    help="a SearchBot keyword of expert's alone (top=3)")
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                    help="an option over the unit game (--option match=pyramid: Super Taki's "
                         "whole tournament)")
    ap.add_argument("--seats", type=int, help="seats at the table (default: 4 where the game "
                    "allows it, else its first count)")
    ap.add_argument("--one-seat", action="store_true", help="A holds one seat even where the "
                    "game has teams (a partner of level B); its share is given by seat too")
    ap.add_argument("--bot", action="append", default=[], metavar="LEVEL=FILE",
                    help="LEVEL plays the HeuristicBot of FILE: another version of the game's "
                         "bot (git show REV:game/bots/rim.py > old.py; --pairs normal-heuristic "
                         "--bot heuristic=old.py)")
    ap.add_argument("--see-all", action="store_true",
                    help="hard and expert search the true state: a ceiling, not a level")
    ap.add_argument("--pool", nargs="+", type=Path, metavar="JSON",
                    help="play nothing: pool the rows of these --json files that measure the "
                         "same thing on different deals into one row each (with --markdown)")
    args = ap.parse_args(argv)
    if args.pool:
        return pool(args.pool, args.markdown)
    SETTINGS.update(rounds=args.rounds, see_all=args.see_all, draws=args.draws, fit=args.fit,
                    cpu_clock=args.cpu_clock, expert=expert_options(args.expert),
                    playouts=args.playouts == "heuristic",
                    bot_files=dict(pair.partition("=")[::2] for pair in args.bot))
    configure(SETTINGS)
    if args.switch_ms:
        sys.setswitchinterval(args.switch_ms / 1000)
    if args.ui:
        from ui.headless import bench_ui

        print(json.dumps(bench_ui(args.ui, args.frames, args.seed, level=args.level)))
        return 0
    asked = args.game or (list(TABLE) if args.markdown else None)
    games = asked or [g for g in registry.ids()
                      if not registry.get(g).realtime and len(bots.levels(g)) > 1]
    spec = args.pairs or (TABLE_PAIRS if args.markdown and not args.game
                          else "hard-normal,normal-easy")
    pairs = [tuple(p.split("-")) for p in spec.split(",")]
    print(HEADER, flush=True)
    rows = []
    options = parse_options(args.option)
    command = " ".join(["python", "benchmarks/bots.py",
                        *replayable(sys.argv[1:] if argv is None else argv)])
    for game_id in games:
        for a, b in pairs:
            if not asked and not {a, b} <= set(bots.levels(game_id)):
                continue
            r = match(game_id, a, b, args.games, args.seed, args.budget_ms, options=options,
                      seats=args.seats, one_seat=args.one_seat, jobs=args.jobs)
            r.update(options=options, one_seat=args.one_seat, command=command,
                     date=time.strftime("%Y-%m-%d"), seed=args.seed)
            rows.append(r)
            print(row(r), flush=True)
            if args.one_seat or args.seats:
                print(f"  {a} won by seat: " + ", ".join(
                    f"{s} {100 * v:.1f} %" for s, v in enumerate(r["by_seat"]) if v is not None),
                    flush=True)
            if args.json:
                args.json.write_text(json.dumps(rows, indent=1))
            if args.markdown:
                write_page(args.markdown, rows)
    return 0


def replayable(argv: Sequence[str]) -> list[str]:
    """The arguments a row names as the command that measured it: all but ``--json PATH``,
    which says only where this machine kept a copy (runs kept so, then ``--pool``ed, name the
    page the way a single run would)."""
    out: list[str] = []
    skip = False
    for arg in argv:
        if skip:
            skip = False
        elif arg == "--json":
            skip = True
        elif not arg.startswith("--json="):
            out.append(arg)
    return out


def write_page(path: Path, rows: Sequence[dict[str, Any]]) -> None:
    """``--markdown``: ``rows`` merged into the page at ``path`` and the JSON beside it."""
    kept = merged(path, rows)
    path.with_suffix(".json").write_text(json.dumps(kept, indent=1) + "\n", encoding="utf-8")
    path.write_text(page(kept), encoding="utf-8")


def pool(files: Sequence[Path], markdown: Path | None) -> int:
    """``--pool``: the rows of ``files`` grouped by what they measure, each group `pooled`,
    printed (and merged into ``markdown``)."""
    groups: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
    for file in files:
        for r in json.loads(file.read_text(encoding="utf-8")):
            groups.setdefault(key(r), []).append(r)
    rows = [pooled(g) if len(g) > 1 else g[0] for g in groups.values()]
    print(HEADER)
    for r in rows:
        print(row(r))
    if markdown:
        write_page(markdown, rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
