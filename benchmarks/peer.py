"""Our Bi-Del bots against a peer: OpenSpiel's information-set MCTS on OpenSpiel's own hearts.

    pip install '.[peer]'          # open_spiel: this script's dependency only, never the game's
    python benchmarks/peer.py --bot normal --deals 40
    python benchmarks/peer.py --bot hard --deals 40 [--cpu-ratio 3] [--log deals.jsonl]
    python benchmarks/peer.py --from-log deals.jsonl   # the figures of a log's whole deals

Each deal is dealt once (our engine's shuffle for the deal's seed) and played twice, duplicate:
our bot in seats 0 and 2 against ISMCTS in 1 and 3, then the same hands with our bot in 1 and 3.
Both engines play every deal side by side, move by move: our `BiDelState` and OpenSpiel's C++
``hearts``; our seats choose on our state through `Bot.act` (their seat's observation), ISMCTS
seats choose on OpenSpiel's state (its information set); each move is applied to both. Trick
play only: nobody passes (see below).

The engines must agree, and the script stops with `EnginesDisagree` at the first step they do
not: the same hands after the deal (and after every trick), the same seat to act and the same
legal cards at every decision, the same trick winners and points after every trick, hearts
broken alike, the same points per seat at the end of the deal, and both ended.

How the two were made to agree (OpenSpiel 2.0.2's hearts parameters, checked against its
``hearts.cc``; Bi-Del as `game.rules.bidel` gives it):

- Q♠ does not break hearts in Bi-Del; OpenSpiel's default ``qs_breaks_hearts`` does: False here.
- No passing: ``pass_cards`` False makes OpenSpiel's pass direction "No Pass" (its one legal
  chance outcome; its ``chance_outcomes`` there still lists four directions, so the script
  applies the legal one). Our side: Bi-Del's cycle has no pass every fourth deal, so the deal is
  our engine's shuffle for the seed (`Rules.new`), written out with ``deal_no`` 4 (pass "none")
  and play begun (the 2♣'s holder to lead), and read back through `registry.restore`, which
  checks it as it checks any saved game. Stepping both engines past a pass was not chosen: our
  bots would know the cards they gave and got, ISMCTS (passing nothing) would not.
- The deal: OpenSpiel deals a card at a time to seats 0, 1, 2, 3 in turn, each card a chance
  action; the script deals our hands in that order, so the hands are ours card for card. Play
  runs in seat order in both (our "anticlockwise" is only how the table draws it).
- First trick: 2♣ leads (``can_lead_any_club`` False); no heart and no Q♠ on it
  (``no_pts_on_first_trick`` True), except from a hand void in clubs holding only hearts and Q♠,
  which both let play anything. A hand of Q♠ and hearts only, leading before hearts broke, must
  lead Q♠ in both (``can_lead_hearts_instead_of_qs`` False); an all-heart hand may lead a heart
  (``must_break_hearts`` True otherwise).
- Points: a heart 1, Q♠ 13; no J♦ bonus (``jd_bonus`` False), no bonus for taking no trick
  (``avoid_all_tricks_bonus`` False). Shooting the moon: OpenSpiel gives the shooter -26 on its
  26 and every other seat +26, so 0 and 26 each, as Bi-Del scores it. OpenSpiel's returns are
  26 less the points; the script compares the points.
- Card codes: OpenSpiel's action id is ``rank * 4 + suit``, ranks 2..A, suits C D H S, and its
  card strings are ours (``QS``, ``TC``): `action_id` and `card_of`.

Strength: per deal, whether our side (its two seats, both plays of the deal) took fewer points
than the ISMCTS side (a tie counts half), with the 95 % Wilson interval over the deals; the same
per play (each deal played twice) with the Wilson interval and the one over deals (each deal's
score the mean of its two plays, 1.96 standard errors of the mean of those), as
`benchmarks/bots.py` gives its duplicate figures; each side's mean points per play of a deal
(its two seats together: 26 between the sides, 78 after a moon), and the ISMCTS side's margin
over ours with 1.96 standard errors over the deals; and where the points went: how often each
side took Q♠, how many hearts, how many moons it shot. A run's ``--log`` keeps every play (its
tricks, points, CPU a decision), so a run cut short still gives its whole deals' figures.

Equal CPU: both sides count their budget in this process's CPU time (`time.process_time`), so a
loaded machine measures what a quiet one would. Hard is `SearchBot` at ``--budget-ms``
(the table's hard budget, `game.bots.BUDGET_MS`) on that clock. ISMCTS is OpenSpiel's Python
``ISMCTSBot`` with random rollouts (``RandomRolloutEvaluator``, one rollout a leaf) and its
default final policy (the most visited move); its own loop runs a fixed count of simulations,
so `ismcts_move` runs the bot's own steps (a new tree, a world resampled from the information
set, one simulation) until ``--cpu-ratio`` times the budget is spent, and reports how many
simulations that bought. Against normal, ISMCTS gets the same budget as against hard. A decision
with one legal card costs neither side anything. ``--uct-c`` is UCT's exploration constant, in
the returns' units (points, 0..26): 10 by default, UCB1's √2 times the spread of a random
rollout's return (its standard deviation is 7 points over 2,000 random deals), not tuned.

Measured (seeds from 1, ``nice -n 10`` on a loaded 2-core machine, CPU budgets; runs cut short
are their logs' whole deals): normal against ISMCTS at 300 ms, 52.5 % of 60 deals
[40.1, 64.6], 56.2 % of the 120 plays; hard against ISMCTS at equal CPU, 58.1 % of 43 deals
[43.3, 71.6], 59.3 % of 86 plays [47.8, 70.8 over deals], 3.0 ± 3.5 points a play fewer; hard
against ISMCTS at 3x CPU, 60.0 % of 20 deals [38.7, 78.1], 46.3 % of 40 plays [31.1, 61.4 over
deals], 0.2 ± 4.3 points a play fewer. ISMCTS ran a median of 1,080 simulations a decision at
300 ms, 3,310 at 900 ms. After issue 32's heuristic changes (clean tricks taken last, the moon
blocked, short suits led; `game.bots.bidel`), the same way: normal 47.5 % of 40 deals
[32.9, 62.5], 55.0 % of 80 plays [48.2, 61.8 over deals], 0.1 ± 2.4 points a play more; hard at
equal CPU 63.6 % of 33 deals [46.6, 77.8], 56.1 % of 66 plays [46.8, 65.4 over deals],
2.5 ± 3.3 points a play fewer; hard at 3x CPU 57.5 % of 20 deals [36.4, 76.2], 55.0 % of 40
plays [42.9, 67.1 over deals], 1.6 ± 4.4 points a play fewer. The same bots, continued (runs of
seeds 34-113 at equal CPU, 21-95 and 101-123 at 3x, each log joined to the first run's and read
with ``--from-log``): hard at equal CPU 63.7 % of 113 deals [54.5, 72.0], 56.6 % of 226 plays
[51.4, 61.8 over deals], 2.8 ± 1.7 points a play fewer; at 3x CPU 54.7 % of 118 deals
[45.7, 63.4], 53.4 % of 236 plays [48.0, 58.8 over deals], 1.2 ± 2.0 points a play fewer
(ISMCTS a median of 1,301 and 3,882 simulations a decision). Hard is stronger than ISMCTS at
equal CPU and level with it at three times its CPU; the issue's 65 % at equal CPU is not
reached. Hard still takes more of its points in the last five tricks (56 % of them, against
ISMCTS's 43 %, in the first runs). With the playouts reading the state (`Bot.read_state`: a
median of 78 worlds a decision where it searched 36), seeds 1-120 again at equal CPU: 67.9 % of
120 deals [59.1, 75.6], 56.2 % of 240 plays [51.2, 61.3 over deals], 2.2 ± 1.7 points a play
fewer (ISMCTS a median of 997 simulations a decision, on a machine busier than before). The
65 % is reached on the point estimate, but the runs before and after are within each other's
intervals, and the points a play did not move: twice the worlds is no clear gain here. At 3x
CPU, seeds 1-112 (cut short): 62.9 % of 112 deals [53.7, 71.3], 56.9 % of 224 plays [51.0, 62.8
over deals], 2.7 ± 2.1 points a play fewer (ISMCTS a median of 3,159 simulations a decision):
hard now holds its own at three times ISMCTS's CPU with the interval's lower end above 50 %.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.bots import wilson
from game import bots, registry
from game.bots import BUDGET_MS, Bot, SearchBot
from game.rules.bidel import BiDelState, trick_winner

OPENSPIEL_RANKS = "23456789TJQKA"
OPENSPIEL_SUITS = "CDHS"
HEARTS = {"pass_cards": False, "no_pts_on_first_trick": True, "can_lead_any_club": False,
          "jd_bonus": False, "avoid_all_tricks_bonus": False, "must_break_hearts": True,
          "qs_breaks_hearts": False, "can_lead_hearts_instead_of_qs": False}
"""OpenSpiel's hearts parameters that make it Bi-Del's trick play (the module docstring)."""
NO_PASS = 0
"""OpenSpiel's pass direction "No Pass", its first chance action."""
NO_PASS_DEAL = 4
"""Bi-Del's deal number whose pass direction is "none" (the cycle right, left, across, none)."""
SEATS = 4
INSTALL = ("benchmarks/peer.py needs OpenSpiel, a benchmark-only dependency: "
           "pip install '.[peer]' (or pip install open_spiel)")


def action_id(card: str) -> int:
    """OpenSpiel hearts' action id of our card code (``QS`` -> 43)."""
    return OPENSPIEL_RANKS.index(card[0]) * 4 + OPENSPIEL_SUITS.index(card[1])


def card_of(action: int) -> str:
    """Our card code of an OpenSpiel hearts action id (43 -> ``QS``)."""
    return OPENSPIEL_RANKS[action // 4] + OPENSPIEL_SUITS[action % 4]


class EnginesDisagree(RuntimeError):
    """Our engine and OpenSpiel's differ where they must agree."""


def agree(what: str, ours: object, theirs: object, where: str) -> None:
    if ours != theirs:
        raise EnginesDisagree(f"{where}: {what} differ: ours {ours!r}, OpenSpiel's {theirs!r}")


def no_pass_deal(seed: int) -> BiDelState:
    """One Bi-Del deal for four, as our engine shuffles it for ``seed``, played without passing:
    the deal of Bi-Del's cycle that passes nothing, the 2♣'s holder to lead."""
    rules = registry.get("bidel")
    saved = rules.new(SEATS, seed, {"length": "deal"}).to_dict()
    hands = saved["hands"]
    assert isinstance(hands, list)
    holder = next(s for s, hand in enumerate(hands) if isinstance(hand, list) and "2C" in hand)
    saved.update(phase="play", deal_no=NO_PASS_DEAL, dealer=(SEATS - 1 + NO_PASS_DEAL - 1) % SEATS,
                 leader=holder, turn=holder)
    state = registry.restore(saved)
    assert isinstance(state, BiDelState) and state.pass_dir() == "none"
    return state


def load_openspiel() -> tuple[Any, Any, Any, Any]:
    """pyspiel, OpenSpiel's ismcts and mcts modules, and numpy; exits saying how to install."""
    try:
        import numpy
        import pyspiel
        from open_spiel.python.algorithms import ismcts, mcts
    except ImportError:
        sys.exit(INSTALL)
    return pyspiel, ismcts, mcts, numpy


def openspiel_deal(game: Any, hands: Sequence[Sequence[str]]) -> Any:
    """OpenSpiel's hearts state dealt ``hands`` (seat by seat): no pass, then a card at a time
    to seats 0, 1, 2, 3 in turn."""
    state = game.new_initial_state()
    agree("pass directions", [NO_PASS], state.legal_actions(), "before the deal")
    state.apply_action(NO_PASS)
    for i in range(len(hands[0])):
        for hand in hands:
            state.apply_action(action_id(hand[i]))
    return state


def check_agree(ours: BiDelState, theirs: Any, where: str) -> None:
    """Hands, seat to act, legal cards, points and hearts broken the same in both engines."""
    view = json.loads(theirs.to_json())
    agree("hands", [sorted(h) for h in ours.hands], [sorted(h) for h in view["hands"]], where)
    agree("hearts broken", ours.broken, bool(view["hearts_broken"]), where)
    agree("ends", ours.is_over(), theirs.is_terminal(), where)
    if ours.is_over():  # OpenSpiel's points are scored now (the moon), ours in the sheet
        agree("points scored", ours.sheet[-1][2], [int(p) for p in view["points"]], where)
        return
    agree("points", ours.points, [int(p) for p in view["points"]], where)
    seat = ours.to_act()[0]
    agree("seats to act", seat, theirs.current_player(), where)
    agree("legal cards", sorted(a.arg for a in ours.legal_actions(seat)),
          sorted(card_of(a) for a in theirs.legal_actions()), where)


def ismcts_move(bot: Any, state: Any, budget_s: float, numpy: Any) -> tuple[int, int]:
    """The move OpenSpiel's ``ISMCTSBot.step`` makes, its simulations run until ``budget_s`` of
    CPU time is spent instead of a fixed count; and how many it ran."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0], 0
    deadline = time.process_time() + budget_s
    bot.reset()
    bot._root_node = bot.create_new_node(state)
    simulations = 0
    while simulations == 0 or time.process_time() < deadline:
        bot.run_simulation(bot.sample_root_state(state))
        simulations += 1
    actions, probabilities = zip(*bot.get_final_policy(state, bot._root_node))
    return int(bot._random_state.choice(actions, p=probabilities)), simulations


def our_bot(kind: str, seed: int, budget_ms: float) -> Bot[Any]:
    if kind == "hard":
        return SearchBot(seed, "bidel", budget_ms=budget_ms, clock=time.process_time)
    return bots.make(kind, "bidel", seed)


def play(deal_seed: int, ours_at: frozenset[int], kind: str, args: argparse.Namespace,
         game: Any, ismcts: Any, mcts: Any, numpy: Any) -> dict[str, Any]:
    """One play of a deal: our ``kind`` at ``ours_at``, ISMCTS elsewhere, both engines agreeing
    at every step; the points, the tricks and each side's CPU per decision."""
    state = no_pass_deal(deal_seed)
    peer = openspiel_deal(game, state.hands)
    players: dict[int, Any] = {}
    for seat in range(SEATS):
        seed = deal_seed * 101 + seat + 17 * min(ours_at)
        if seat in ours_at:
            players[seat] = our_bot(kind, seed, args.budget_ms)
        else:
            rng = numpy.random.RandomState(seed)
            evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
            players[seat] = ismcts.ISMCTSBot(game, evaluator, args.uct_c, max_simulations=1,
                                             random_state=rng)
    cpu: dict[str, list[float]] = {"ours": [], "ismcts": []}
    simulations: list[int] = []
    step = 0
    while True:
        where = f"deal {deal_seed}, ours at {sorted(ours_at)}, move {step}"
        check_agree(state, peer, where)
        if state.is_over():
            break
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        started = time.process_time()
        if seat in ours_at:
            card = players[seat].act(state, seat, legal).arg
        else:
            move, sims = ismcts_move(players[seat], peer, args.budget_ms / 1000 * args.cpu_ratio,
                                     numpy)
            card = card_of(move)
            if sims:
                simulations.append(sims)
        if len(legal) > 1:
            cpu["ours" if seat in ours_at else "ismcts"].append(time.process_time() - started)
        tricks = len(state.history)
        state.apply(seat, registry.get("bidel").parse_action(f"play {card}"))
        peer.apply_action(action_id(card))
        if len(state.history) > tricks and not peer.is_terminal():
            agree("trick winners", state.leader, peer.current_player(), where)
        step += 1
    scored = state.sheet[-1][2]
    assert isinstance(scored, list)
    agree("points of the deal", scored, [round(26 - r) for r in peer.returns()],
          f"deal {deal_seed}, end")
    return {"deal": deal_seed, "ours_at": sorted(ours_at), "points": scored,
            "tricks": [[leader, cards] for leader, cards in state.history],
            "ours_points": sum(scored[s] for s in ours_at),
            "ismcts_points": sum(scored[s] for s in range(SEATS) if s not in ours_at),
            "cpu_ms": {k: [round(t * 1000, 1) for t in v] for k, v in cpu.items()},
            "simulations": simulations}


def summary(deals: Sequence[tuple[dict[str, Any], dict[str, Any]]]) -> dict[str, Any]:
    """The figures over duplicate deals (each a pair of plays with the seats swapped)."""
    n = len(deals)
    per_deal = []  # 1 our side took fewer points over both plays, 0.5 as many, 0 more
    per_play = []  # each deal's mean over its two plays of the same, play by play
    margins = []  # the ISMCTS side's points less ours, a deal's two plays together
    for plays in deals:
        ours = sum(p["ours_points"] for p in plays)
        theirs = sum(p["ismcts_points"] for p in plays)
        per_deal.append(1.0 if ours < theirs else 0.5 if ours == theirs else 0.0)
        per_play.append(statistics.fmean(
            1.0 if p["ours_points"] < p["ismcts_points"] else
            0.5 if p["ours_points"] == p["ismcts_points"] else 0.0 for p in plays))
        margins.append(theirs - ours)

    def spread(values: list[float]) -> float:
        """1.96 standard errors of the mean; with fewer than two values, as wide as can be."""
        return 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 \
            else 26.0

    won = sum(per_deal)
    plays_won = 2 * sum(per_play)
    play_mean = statistics.fmean(per_play) if per_play else 0.0
    margin = statistics.fmean(margins) if margins else 0.0
    cpu = {side: [t for plays in deals for p in plays for t in p["cpu_ms"][side]]
           for side in ("ours", "ismcts")}
    sims = [s for plays in deals for p in plays for s in p["simulations"]]
    taken = {side: {"QS": 0, "hearts": 0, "moons": 0} for side in ("ours", "ismcts")}
    for plays in deals:
        for p in plays:
            for leader, cards in p["tricks"]:
                side = "ours" if trick_winner(cards, leader, SEATS) in p["ours_at"] else "ismcts"
                taken[side]["QS"] += "QS" in cards
                taken[side]["hearts"] += sum(c[1] == "H" for c in cards)
            if sorted(p["points"]) == [0, 26, 26, 26]:
                taken["ours" if p["points"].index(0) in p["ours_at"] else "ismcts"]["moons"] += 1
    return {
        "deals": n,
        "deals_won": won, "deal_share": round(won / n, 3) if n else 0.0,
        "deal_wilson": [round(x, 3) for x in wilson(won, n)],
        "plays": 2 * n, "play_share": round(play_mean, 3),
        "play_wilson": [round(x, 3) for x in wilson(plays_won, 2 * n)],
        "play_over_deals": [round(max(0.0, play_mean - spread(per_play)), 3),
                            round(min(1.0, play_mean + spread(per_play)), 3)],
        "points_per_play": {side: round(sum(p[f"{side}_points"] for d in deals for p in d)
                                        / (2 * n), 2) if n else 0.0
                            for side in ("ours", "ismcts")},
        "margin_per_play": [round(margin / 2, 2), round(spread(margins) / 2, 2)],
        "cpu_ms_median": {side: round(statistics.median(ts), 1) if ts else 0.0
                          for side, ts in cpu.items()},
        "cpu_ms_mean": {side: round(statistics.fmean(ts), 1) if ts else 0.0
                        for side, ts in cpu.items()},
        "ismcts_simulations_median": statistics.median(sims) if sims else 0,
        "taken": taken,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bot", choices=("normal", "hard"), default="hard")
    parser.add_argument("--deals", type=int, default=40, help="duplicate deals (two plays each)")
    parser.add_argument("--seed", type=int, default=1, help="the first deal's seed")
    parser.add_argument("--budget-ms", type=float, default=BUDGET_MS["hard"],
                        help="CPU ms a decision: hard's budget and ISMCTS's (times the ratio)")
    parser.add_argument("--cpu-ratio", type=float, default=1.0,
                        help="ISMCTS's CPU a decision over ours (3: three times)")
    parser.add_argument("--uct-c", type=float, default=10.0,
                        help="ISMCTS's UCT exploration constant, in points")
    parser.add_argument("--log", type=Path, help="write every play (tricks, points, CPU) here")
    parser.add_argument("--from-log", type=Path,
                        help="print the figures of the whole deals in a --log, playing none")
    args = parser.parse_args(argv)
    if args.from_log:
        plays = [json.loads(line) for line in args.from_log.open()]
        by_deal: dict[int, list[dict[str, Any]]] = {}
        for p in plays:
            by_deal.setdefault(p["deal"], []).append(p)
        whole = [(ps[0], ps[1]) for ps in by_deal.values() if len(ps) == 2]
        print(json.dumps({"log": str(args.from_log), **summary(whole)}))
        return 0
    pyspiel, ismcts, mcts, numpy = load_openspiel()
    game = pyspiel.load_game("hearts", HEARTS)
    log = args.log.open("w") if args.log else None
    deals: list[tuple[dict[str, Any], dict[str, Any]]] = []
    started = time.perf_counter()
    for i in range(args.deals):
        seed = args.seed + i
        first, second = (play(seed, frozenset(at), args.bot, args, game, ismcts, mcts, numpy)
                         for at in ((0, 2), (1, 3)))
        deals.append((first, second))
        if log:
            for p in (first, second):
                log.write(json.dumps(p) + "\n")
            log.flush()
        now = summary(deals)
        print(f"  deal {seed}: ours {first['ours_points'] + second['ours_points']}, ISMCTS "
              f"{first['ismcts_points'] + second['ismcts_points']}; {now['deals_won']}/{i + 1} "
              f"deals, {time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)
    if log:
        log.close()
    result = {"bot": args.bot, "budget_ms": args.budget_ms, "cpu_ratio": args.cpu_ratio,
              "uct_c": args.uct_c, "seed": args.seed, **summary(deals),
              "seconds": round(time.perf_counter() - started, 1)}
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
