"""A search bot for every turn-based game, through the rules contract alone.

What it is: determinized ("perfect information Monte Carlo", PIMC) search at the root, with
paired worlds in place of UCB1: every candidate is tried in every world.

- The bot gets its seat's observation and legal actions, never the state. Each round it deals a
  world the seat cannot tell from the real one (`Rules.sample_state(observation, seed)`), and in
  that same world tries every candidate move still in the running: a clone per candidate, the
  move applied, then the deal played out by the game's heuristic bot at every seat (random where
  a game has none: random playouts had Tiraje's hard win 22.3 % of 400 games against normal,
  its heuristic's 32.3 %, docs/bots.md). The playout stops when the deal ends (`State.stage`
  grew, or the game is over) and scores ``deal_value(seat)``.
- Worlds that fit what the others did: the playout bot can say how many of the other seats'
  moves this deal it would not have made in a world (`Bot.misfits`: Hokm's, Shelem's, Ghahve's
  and Farib's replay the deal, the last three through `game.bots.base.replayed_misfits`;
  Hokm's and Farib's read the opponents only, a partner at the table being a person or a
  searching bot as often, Shelem's and Ghahve's the partner too).
  Each round deals `DRAWS` worlds and keeps one drawn with likelihood ``FIT ** misfits``, so
  that a seat that ducked a trick the heuristic would have taken is dealt the cards it ducks
  with. Against the heuristic this is exact inference cut short; against a person, who plays
  otherwise, `FIT` keeps it a preference, not a rule.
- Paired worlds: every candidate is judged on the same worlds with the same playout seeds, so
  the luck of the deal cancels out of the comparison; with a few dozen to a few hundred playouts
  in 300 ms that matters more than anything else (a Hokm hand is mostly decided by the cards).
- Rewards: the outcome of the game when the deal ended it (+1 won, -1 lost: the multiple of
  `State.WIN` in `deal_value`) plus half the margin (the rest of `deal_value`: tricks, points),
  the margin scaled to [0, 1] over what the search has seen. The margin tells moves apart on
  worlds whose outcome no move changes.
- Elimination: after each round, a candidate whose mean is worse than the best by more than a
  Hoeffding bound is dropped; the others all see every world. The bound takes one reward's span
  as its range, where a difference of two rewards has twice it, so it drops sooner than its
  confidence says. With twice the span, Shelem's hard won 64.0 % [59.8, 68.2] of 300 games
  against normal, 62.0 % [57.9, 66.1] as it is (the same deals, ``benchmarks/bots.py --game
  shelem --pairs hard-normal --games 300 --seed 1 --cpu-clock``), and passed Shelem's 12
  partnership positions in 112 of 120 searches, 111 as it is (``benchmarks/partners.py --game
  shelem --seeds 10 --cpu-clock``): within the noise, so not changed while every game's
  figures (docs/bots.md) rest on this one.
- The heuristic's move is kept unless another beat it on the same worlds by more than
  `SWITCH` (1) standard error of the paired differences, a bar raised for the number of moves
  that challenged it (`switch_bar`: the best of ten equal moves beats the heuristic's by one
  standard error by chance alone). With a few playouts (a loaded machine, the wall clock) a
  search that followed the best mean would follow noise and play worse than the heuristic it
  rolls out with; this way hard is at worst about normal, and deviates where the evidence is
  clear. Tried and left out: where some worlds flipped (one move's playout won the game, the
  other's lost it), the flips also had to favour the challenger on an exact one-sided sign test
  at the bar's level. A flip weighs 2 against a few hundredths for points, so three flips one
  way in thirty worlds (one chance in eight between moves that play alike) carry the paired
  mean over the bar. With the test hard passed Shelem's partnership positions in 120 of 120
  searches (111 without), but it stopped the same evidence in play (11 of the 18 switches of ten
  Shelem games, on 2-0 to 6-1 flips, where the positions' were 3-0 to 5-2) and hard won 59.3 %
  [55.8, 62.8] of the 300 games above (57.7 % [54.5, 60.8] with the wider elimination too):
  switches on thin evidence win more than they lose, and in the positions the card hard chose
  instead scored within ten points of the heuristic's on the true deal.
- Candidates: every card, in the heuristic's order (its favourite, then what it would play were that
  not allowed...), leaving out a card the heuristic calls alike one already chosen (`Bot.alike`: the
  four of a suit beside its three, which every playout scores the same), plus any action of another
  verb; for bids (a verb whose arguments are numbers) the favourite and two bids either side of it.
  ``top`` (`TOP`, by game) keeps the heuristic's first few only. Measured in Hokm against a see-all
  judge (1,170 positions of 240 hands where the card played decides the hand when everyone plays on
  as the heuristic does; `benchmarks/decisions.py`): normal chose a losing card in 34.0 % of them, a
  search of its first three cards (halving the challengers every round, switching at 1.5 standard
  errors: 4710322) in 30.9 %, a search of every card to the end in 27.9 %. The best card was outside
  the first three in 59 % of the leads the narrow search got wrong. In matches against normal the
  two come out level (Hokm: 55.5 % and 55.7 % of 700 hands). The partner at the table searches too,
  and the playouts assume it plays as the heuristic does: one hard seat with a normal partner won
  55.0 % of the same 400 hands as two hard partners' 55.7 %. Hokm's `misfits` now read the
  opponents' cards only; the same 700 hands: 57.3 %.
- Playouts ask every seat for a move through `Bot.act`, which a bot may answer from the state
  (`Bot.read_state`, reading only what the seat's observation shows) instead of building the
  observation: Hokm's view read so made its playouts 1.5 times as fast. On a faster machine the
  same 700 hands went from 58.7 % (a median of 72 worlds a decision) to 60.9 % (98 worlds).
  Read so, the median worlds of a 300 ms decision went from 36 to 78 in Bi-Del, 41 to 51 in
  Shelem, 30 to 50 in Ghahve, 51 to 104 in Rim and 132 to 237 in Haft Khabis (``python
  benchmarks/engine.py --search-worlds 20 --game G``): where the observation is built, it costs
  a quarter to two fifths of a search's time. Hokm's bot then read a hand's finished tricks
  once for every seat (`game.bots.hokm.reading`) and looked ranks up in a table: the same
  choices, and a median of 114 worlds a decision where it saw 79 (``--search-worlds 30 --game
  hokm``, both on the same loaded machine, CPU time). On the table's 600 games against normal
  (``--seed 1``, deals 1-300) that came to 134 rounds a decision where it was 95, and hard won
  56.6 % [54.5, 58.9] where it had won 57.0 % [54.9, 59.1]: level, as expert's three times
  the worlds are in Hokm (below). Shelem's and Ghahve's bots then read the tricks so too (one
  `game.bots.base.TrickReader` for the three games), with the same choices: Shelem's median
  worlds went from 41-42 to 60-61 and Ghahve's from 51-55 to 65-66 (``--search-worlds 30``).
  There more worlds do tell: on the table's 500 games against normal (``--seed 1``) Shelem's
  hard won 68.8 % [65.5, 72.1] over the deals where it had won 64.8 % [61.6, 68.0], at 62
  rounds a decision where it had 33; replaying the misfits on the hands alone (77 worlds where
  it had 59) it won 68.4 % [65.0, 71.8], level.
- Patterns (``pass ?3``, ``stake #10-500/10``): the candidates are the heuristic's filling,
  fillings next to it (one card swapped, a neighbouring number) and a few random ones.
- Simultaneous private choices (Bi-Del's passing): the seats in `to_act()` are asked one after
  the other in the playout; the bot's own choice is made on its observation like any other.

Why not ISMCTS (Cowling, Powley and Whitehouse 2012): the budget here is 300 ms in pure Python,
a few hundred playouts of a whole deal. A tree below the root would see a handful of visits per
node and fall back on its rollout policy anyway, while each iteration would meet a different
determinization (different moves available below the root), which makes its per-node statistics
noisier than paired flat comparisons. The usual objection to PIMC, that it searches as if it
could see every card (strategy fusion, and play that counts on the opponents' exact hands),
bites little here: beyond the root nobody searches; the playout bots act on their own seat's
observation of the sampled world, so they play as the real players would, not clairvoyantly.
What flat search cannot do is plan lines of several own moves or reason about what its own play
reveals; the heuristic's judgement stands in for that.

Budget: ``budget_ms`` of wall time per decision (the table waits on the wall clock), and an
optional ``iterations`` cap on rounds, with which the bot is deterministic for a seed whatever
the machine's speed (tests use only the cap). A round is begun only where the mean playout so
far says it will end in time, and a playout that passes the deadline all the same (a long deal)
gives its round up (`OutOfTime`): the moves are compared on the rounds finished, and with none
finished the heuristic's move is played.

Expert (`game.bots.BUDGET_MS` ``["expert"]``, 1 s) is this search with more time. In Shelem
that alone won 60.8 % of 360 games against hard, [57.0, 64.6] over 180 deals, when hard saw
33 worlds a decision; against the faster hard (68 rounds a decision, 68.4 % against normal) it
wins 55.3 % of 320, [51.0, 59.6] over 160 deals (`game.bots`): what three times the worlds add
shrinks as the worlds grow. In Hokm and Farib more time did not tell even against the slower
hard (``python benchmarks/bots.py --game G --pairs expert-hard --cpu-clock --jobs 2 --seed 1``,
docs/bots.md): Hokm 47.0 % of 100 games, [41.1, 52.9] over 50 deals; Farib 51.2 % of 400,
[49.5, 53.0] over 200. In Hokm the longer search departs from its heuristic's card more often
without choosing better: against the judge of `benchmarks/decisions.py` (80 deals, 362
positions that decide the hand) it chose a losing card in 25.1 % of them where hard did in
25.7 % (normal 29.3 %), leaving the heuristic's card in 19.1 % where hard left it in 13.8 %.
What else 1 s should buy was measured in Farib against hard (`python benchmarks/bots.py --game
farib --pairs expert-hard --games 200 --seed 3001 --cpu-clock --expert NAME=VALUE`, 100 deals
played from both sides, the 95 % interval over deals), and nothing tried came out clearly
stronger:

- 1.5 s, the search as hard (with an older Farib heuristic): 53.5 % [51.0, 56.0].
- 1 s, every playout ending in an exact endgame once three tricks are left: the rest played
  double dummy (every seat seeing the world's cards, partners as one side) by alpha-beta over
  the cards, cards that play alike merged and positions at a trick's start looked up, the deal
  valued at the end of the principal line (PIMC with a double-dummy solver, as bridge programs
  do). 0.2 ms a solve, about what the heuristic's last three tricks cost; solved and
  heuristic values differed in 5 % of Farib's worlds. 51.0 % [48.6, 53.4] (median 180 rounds
  a decision, both levels): removed (readers for Farib, Hokm and Shelem, and a test against
  trying every line, in commit d407629; four tricks cost Shelem 3.5 ms a solve).
- 1 s, `DRAWS` 16 for expert alone (the worlds fit the others' play more sharply, a fifth
  fewer of them): 49.0 % [47.0, 51.0] (median 160 rounds): removed.

At 1 s the candidates are compared on hundreds of worlds, so the paired standard error is
small; what is left is the bias of the worlds and the playouts, which more worlds, sharper
worlds or exact last tricks (whose values the heuristic's playouts already match in 95 % of
worlds) do not remove.
"""

from __future__ import annotations

import importlib
import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from statistics import NormalDist

from game import registry
from game.bots.base import Bot, RandomBot, next_choices, own_hand
from game.core import (JSON, Action, IllegalAction, Rules, State, fill, is_pattern, matches,
                       number_range, pick_range, random_fill)

FILLINGS = 8
"""At most this many fillings of one pattern are tried."""
MARGIN = 0.5
"""The weight of the margin (points, tricks) beside the outcome in a playout's reward."""
SWITCH = 1.0
"""Standard errors by which a move must beat the heuristic's on the same worlds to be played,
where it is the only challenger (`switch_bar` raises it for more)."""
TOP: dict[str, int] = {"rim": 4}
"""Candidates among one verb's actions, by game: the heuristic's first choices (a game not named
here: every one, in the heuristic's order). Rim: a playout plays the deal to its end, and with
every discard a candidate a 300 ms decision saw a median of 16 worlds, with the first four 38
(30 decisions of self-play). Hard against normal, on duplicate deals (``python
benchmarks/bots.py --game rim --pairs hard-normal --cpu-clock --jobs 2``): every discard, 54.2 %
of 400 games, [50.0, 58.5] over 200 deals (``--seed 1``); the first four, 55.5 % [51.2, 59.8]
of the same 400 (tried as expert at hard's budget: ``--pairs expert-normal --budget-ms 90
--expert top=4``), and 53.5 % of 600 more, [50.2, 56.8] over 300 deals (``--seed 1001``).
Since Rim's arrangements are remembered as ints (48 worlds): 52.8 % of 1000, [50.2, 55.4] over
500 deals (`game.bots.rim`)."""
MAX_CANDIDATES = 16
"""Fewer fillings per pattern where there are many patterns (Bluff's claim of each rank)."""
STEP_LIMIT = 5000
"""A playout that has not ended its deal after this many actions is scored where it stands."""
DRAWS = 4
"""Worlds dealt for a round; one is kept, drawn by how well the others' moves fit it. With 4, a
world that fits every move is found in about a third of Hokm's rounds mid-hand, with 16 in two
thirds; yet 16 won 57.6 % of 340 hands where 4 won 60.3 % of the same (the draws cost worlds)."""
FIT = 0.25
"""A world's likelihood is multiplied by this for each move another seat made this deal that the
playout bot would not have made there (`Bot.misfits`)."""
MISFITS_COUNTED = 4
"""Misfits are counted up to this many (a world with more is as good as never drawn)."""


class OutOfTime(Exception):
    """A playout passed the search's deadline."""


def switch_bar(challengers: int) -> float:
    """Standard errors by which the best of ``challengers`` moves must beat the heuristic's:
    `SWITCH` for one; for more, the bar that the best of that many moves no better than the
    heuristic's clears as seldom as one move clears `SWITCH` (its one-sided chance shared among
    them, Bonferroni). With one bar for any number, the best of ten equal cards beat the
    heuristic's by chance often enough that hard missed 2 to 3 of Hokm's 12 partnership
    positions, throwing the two where the heuristic signalled with the three."""
    if challengers <= 1:
        return SWITCH
    chance = 1 - NormalDist().cdf(SWITCH)
    return NormalDist().inv_cdf(1 - chance / challengers)


def outcome(value: float) -> int:
    """+1, 0 or -1: whether a `deal_value` says the game was won, neither, or lost (its
    multiple of `State.WIN`)."""
    return max(-1, min(1, round(value / State.WIN)))


def policy_bot(game_id: str, seed: int, heuristic: bool = True) -> Bot:
    """The playout bot: the game's heuristic bot, or the random bot where it has none."""
    from game.bots import HEURISTIC  # the package imports this module: look it up late

    if heuristic and game_id in HEURISTIC:
        bot: Bot = importlib.import_module(HEURISTIC[game_id]).HeuristicBot(seed)
        return bot
    return RandomBot(seed)


@dataclass(frozen=True)
class Appraisal:
    """The search's verdict on an action a seat took: the action it prefers (the one taken,
    where no other beat it on the evidence), and what each brings on average over the same
    sampled ``worlds`` (paired: the luck of the deal is the same for both). A deal's value is
    split in two: its points (`State.deal_value` less its `State.WIN` part, on the game's own
    scale) and the game's outcome (+1 won, -1 lost, 0 neither: the deal did not end it)."""

    played: Action
    preferred: Action
    worlds: int
    played_points: float
    preferred_points: float
    played_outcome: float
    preferred_outcome: float

    @property
    def differs(self) -> bool:
        """Whether the search would have taken another action."""
        return self.preferred != self.played


class SearchBot(Bot):
    """Chooses by playing out the current deal in worlds sampled from what its seat has seen."""

    def __init__(self, seed: int, game_id: str, budget_ms: float | None = 300.0,
                 iterations: int | None = None, heuristic_playouts: bool = True,
                 confidence: float = 0.05, top: int | None = None,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        super().__init__(seed)
        if budget_ms is None and iterations is None:
            raise ValueError("a search needs a time budget or an iteration cap")
        self.game_id = game_id
        self.budget_ms = budget_ms
        self.iterations = iterations
        self.heuristic_playouts = heuristic_playouts
        self.confidence = confidence
        self.top = TOP.get(game_id) if top is None else top
        """The heuristic's first choices of a verb that are candidates (0: every one); by
        default the game's `TOP`."""
        self.policy = policy_bot(game_id, seed)
        self.clock = clock
        """What the budget is counted in: the wall clock (a person waits on it), or a benchmark's
        CPU clock (`time.process_time`), with which a loaded machine measures the bot a quiet
        one plays."""
        self.last: dict[str, JSON] = {}
        """What the last decision did: rounds, playouts, candidates left, ms."""
        self.tried: dict[Action, list[float]] = {}
        """The last search's candidates and the `deal_value` of each world each was played out
        in, in the order the worlds were dealt: the same index is the same world for every
        candidate (one dropped by `eliminate` saw the first worlds only)."""

    def choose(self, observation: Mapping[str, JSON], legal: Sequence[Action]) -> Action:
        start = self.clock()
        obs = dict(observation)
        rules = registry.get(str(obs["game"]))
        favourite = self.policy.choose(obs, legal)
        candidates = [favourite] if rules.realtime else self.candidates(obs, legal, favourite)
        if len(candidates) == 1:
            self.last = {"rounds": 0, "playouts": 0, "left": 1,
                         "ms": (self.clock() - start) * 1000}
            return candidates[0]
        return self.search(rules, obs, candidates, start)

    def appraise(self, observation: Mapping[str, JSON], legal: Sequence[Action],
                 played: Action) -> Appraisal:
        """The verdict on ``played``, taken where the seat saw ``observation`` and might take
        ``legal``. The candidates are ``played`` first, then the search's own (less those the
        playout bot calls `Bot.alike` it, which every playout scores the same); ``played``
        stands unless another beat it on the same worlds by the rule the search departs from
        its heuristic's move by (`pick`), so noise is not called a mistake. The means are over
        the worlds both were played out in."""
        start = self.clock()
        obs = dict(observation)
        rules = registry.get(str(obs["game"]))
        own = self.candidates(obs, legal, self.policy.choose(obs, legal))
        candidates = [played, *(c for c in own
                                if c != played and not self.policy.alike(obs, c, played))]
        if len(candidates) == 1:
            return Appraisal(played, played, 0, 0.0, 0.0, 0.0, 0.0)
        preferred = self.search(rules, obs, candidates, start)
        worlds = min(len(self.tried[played]), len(self.tried[preferred]))

        def means(values: list[float]) -> tuple[float, float]:
            """Mean points and mean outcome of the first ``worlds`` values."""
            outcomes = [outcome(v) for v in values[:worlds]]
            points = [v - o * State.WIN for v, o in zip(values, outcomes)]
            return sum(points) / max(1, worlds), sum(outcomes) / max(1, worlds)

        played_points, played_outcome = means(self.tried[played])
        preferred_points, preferred_outcome = means(self.tried[preferred])
        return Appraisal(played, preferred, worlds, played_points, preferred_points,
                         played_outcome, preferred_outcome)

    # -- what to try --------------------------------------------------------------------
    def candidates(self, obs: Mapping[str, JSON], legal: Sequence[Action],
                   favourite: Action) -> list[Action]:
        """The moves to compare: the heuristic's `ranked` choices where it has them; else the
        heuristic's first, then every plain legal action, then fillings of each pattern (the
        heuristic's, its neighbours, a few random)."""
        if not any(is_pattern(a) for a in legal):
            ranked = self.ranked(obs, legal, favourite)
            if ranked is not None:
                return ranked
        out: list[Action] = [favourite]
        hand = [c for c in own_hand(obs) if c is not None]
        patterns = [a for a in legal if is_pattern(a)]
        out.extend(a for a in legal if not is_pattern(a))
        each = max(1, min(FILLINGS, (MAX_CANDIDATES - len(out)) // max(1, len(patterns))))
        for action in patterns:
            near = favourite if matches(action, favourite) else None
            out.extend(self.fillings(action, hand, near)[:each + (near is not None)])
        seen: set[Action] = set()
        unique = []
        for action in out:
            if action not in seen:
                seen.add(action)
                unique.append(action)
        return unique

    def ranked(self, obs: Mapping[str, JSON], legal: Sequence[Action],
               favourite: Action) -> list[Action] | None:
        """The heuristic's ``top`` choices (all where None) in order (its favourite, then what it
        would play were that not allowed, and so on) among the actions of the favourite's verb,
        or for a verb whose arguments are numbers (bids) the favourite's neighbours, two either
        side; then the actions of other verbs (``pass``). A card the heuristic calls
        `Bot.alike` one already chosen is left out (the five of a suit beside its four), so
        that the candidates differ in play. None where the heuristic cannot be asked so."""
        same = [a for a in legal if a.verb == favourite.verb]
        other = [a for a in legal if a.verb != favourite.verb]
        if favourite not in same:
            return None
        if all(a.arg.isdigit() for a in same):
            same.sort(key=lambda a: int(a.arg))
            i = same.index(favourite)
            near = [a for a in same[max(0, i - 2):i + 3] if a != favourite]
            return [favourite, *near, *other]
        out = next_choices(self.policy, obs, same, favourite, self.top or len(same))
        if out is None:
            return None
        return [*out, *other]

    def fillings(self, pattern: Action, hand: list[str], near: Action | None) -> list[Action]:
        """Up to `FILLINGS` fillings of ``pattern``: next to ``near`` first, then at random."""
        out: list[Action] = []
        span, numbers = pick_range(pattern), number_range(pattern)
        if near is not None:
            words = near.arg.split()
            chosen = [w for w in words if w in hand] if span is not None else []
            number = next((int(w) for w in words if w.isdigit()), None) if numbers else None
            rest = [c for c in hand if c not in chosen]
            tries = 0
            while len(out) < FILLINGS // 2 and tries < 4 * FILLINGS:
                tries += 1
                cards = list(chosen)
                if cards and rest and (numbers is None or self.rng.random() < 0.5):
                    cards[self.rng.randrange(len(cards))] = self.rng.choice(rest)
                n = number
                if numbers is not None and number is not None and number in numbers:
                    i = numbers.index(number) + self.rng.choice((-2, -1, 1, 2))
                    n = numbers[min(max(i, 0), len(numbers) - 1)]
                try:
                    out.append(fill(pattern, cards, n))
                except ValueError:
                    continue
        if numbers is not None and len(numbers) > 1:
            for q in (0.0, 0.25, 0.5, 0.75, 1.0):
                n = numbers[round(q * (len(numbers) - 1))]
                cards = []
                if span is not None:
                    k = min(max(span[0], 1), span[1], len(hand))
                    cards = self.rng.sample(hand, k) if k >= span[0] else []
                try:
                    out.append(fill(pattern, cards, n))
                except ValueError:
                    continue
        tries = 0
        while len(out) < FILLINGS and tries < 4 * FILLINGS:
            tries += 1
            try:
                out.append(random_fill(pattern, hand, self.rng))
            except ValueError:
                continue
        return out[:FILLINGS] if near is None else [near, *out][:FILLINGS]

    # -- the search ---------------------------------------------------------------------
    def search(self, rules: Rules, obs: dict[str, JSON], candidates: list[Action],
               start: float) -> Action:
        seat = int(obs["seat"])
        deadline = None if self.budget_ms is None else start + self.budget_ms / 1000
        cap = self.iterations if self.iterations is not None else 1 << 30
        base = self.rng.getrandbits(31)
        alive = list(range(len(candidates)))
        values: list[list[float]] = [[] for _ in candidates]
        fits: list[int] = []
        rounds = playouts = 0
        deal = rules.worlds(obs)
        while rounds < cap and len(alive) > 1:
            now = self.clock()
            if deadline is not None and rounds and \
                    now + len(alive) * (now - start) / max(1, playouts) >= deadline:
                break  # the round would not finish in time (the mean playout so far says)
            world, misfits = self.world(deal, seat, base + rounds)
            fits.append(misfits)
            got: dict[int, float] = {}
            for i in alive:
                state = world.clone()
                try:
                    state.apply(seat, candidates[i])
                except IllegalAction:  # a filling the pattern's promise did not cover
                    got[i] = -math.inf
                    continue
                try:
                    got[i] = self.playout(state, seat, world.stage(), base + rounds, deadline)
                except OutOfTime:
                    break  # a round left half done would compare the moves on unequal worlds
                playouts += 1
            if len(got) < len(alive):
                break
            alive = [i for i in alive if got[i] != -math.inf]
            for i in alive:
                values[i].append(got[i])
            rounds += 1
            alive = self.eliminate(alive, values, rounds)
        chosen = self.pick(alive, values) if alive else 0
        self.tried = dict(zip(candidates, values))
        rewards = self.rewards(values, alive)
        self.last = {"rounds": rounds, "playouts": playouts, "left": len(alive),
                     "candidates": len(candidates), "chosen": str(candidates[chosen]),
                     "means": {str(candidates[i]): round(sum(r) / len(r), 3)
                               for i, r in rewards.items() if r},
                     "misfits": round(sum(fits) / len(fits), 2) if fits else 0,
                     "ms": round((self.clock() - start) * 1000, 1)}
        return candidates[chosen]

    def world(self, deal: Callable[[int], State], seat: int, seed: int) -> tuple[State, int]:
        """A world for a round, and how many of the others' moves misfit it: of `DRAWS` worlds
        dealt from the observation (``deal``: its `Rules.worlds`), one drawn with likelihood
        ``FIT ** misfits`` (sampling importance resampling), the first that fits every move at
        once. What the others played says something of what they hold: a seat that played low
        where the heuristic would have taken the trick probably cannot take it. A game whose
        bot cannot tell takes the first world dealt."""
        worlds: list[State] = []
        weights: list[float] = []
        counts: list[int] = []
        for k in range(DRAWS):
            world = deal(seed + (k << 32))
            misfits = self.policy.misfits(world, seat, MISFITS_COUNTED)
            if misfits == 0:
                return world, 0
            worlds.append(world)
            weights.append(FIT ** misfits)
            counts.append(misfits)
        i = self.rng.choices(range(DRAWS), weights)[0]
        return worlds[i], counts[i]

    def rewards(self, values: list[list[float]], alive: list[int]) -> dict[int, list[float]]:
        """Each playout's reward: the outcome (+1 won the game, -1 lost it, 0 neither: the
        multiple of `State.WIN` in `deal_value`) plus `MARGIN` times the rest of the value
        scaled to [0, 1] over what this search has seen. The margin (tricks, points) says much
        more per playout than the outcome alone, which a deal often settles whatever is
        played."""
        split: dict[int, list[tuple[int, float]]] = {}
        for i in alive:
            split[i] = []
            for v in values[i]:
                won = outcome(v)
                split[i].append((won, v - won * State.WIN))
        margins = [m for pairs in split.values() for _, m in pairs]
        lo, hi = (min(margins), max(margins)) if margins else (0.0, 0.0)
        scale = (hi - lo) or 1.0
        return {i: [o + MARGIN * (m - lo) / scale for o, m in pairs]
                for i, pairs in split.items()}

    def eliminate(self, alive: list[int], values: list[list[float]], rounds: int) -> list[int]:
        """Drop the candidates worse than the best by more than chance explains (a Hoeffding
        bound at ``confidence`` spread over the candidates). Nothing is dropped on its mean
        alone: halving the challengers every round (down to two) left Hokm's search comparing
        the heuristic's move with the two that the first worlds happened to favour, and it
        chose worse than comparing every card to the end (see the module docstring)."""
        if len(alive) < 2:
            return alive
        rewards = self.rewards(values, alive)
        means = {i: sum(r) / len(r) for i, r in rewards.items()}
        best = max(alive, key=lambda i: (means[i], -i))
        span = 2 + MARGIN
        bound = span * math.sqrt(math.log(len(values) / self.confidence) / (2 * rounds))
        return [i for i in alive if means[best] - means[i] <= bound]

    def pick(self, alive: list[int], values: list[list[float]]) -> int:
        """The heuristic's move (candidate 0) unless another beat it on the same worlds by more
        than `switch_bar` standard errors of the paired differences (`SWITCH` where it had one
        challenger, more where the best of many did); the best mean if it was
        eliminated. A search with a handful of playouts thus plays as well as the heuristic
        instead of following noise."""
        rewards = self.rewards(values, alive)
        means = {i: sum(r) / len(r) for i, r in rewards.items() if r}
        if not means:
            return 0 if 0 in alive else alive[0]
        best = max(means, key=lambda i: (means[i], -i))
        if 0 not in means or best == 0:
            return best
        diffs = [b - a for a, b in zip(rewards[0], rewards[best])]
        n = len(diffs)
        if n < 3:
            return 0
        mean = sum(diffs) / n
        sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
        bar = switch_bar(len(means) - 1)
        return best if mean > bar * sd / math.sqrt(n) and mean > 0 else 0

    def playout(self, state: State, seat: int, stage: int, seed: int,
                deadline: float | None = None) -> float:
        """Play the deal out (until `State.stage` passes ``stage``) with the playout policy at
        every seat; ``deal_value(seat)``. `OutOfTime` once the clock passes ``deadline`` (looked
        at before each action: a quarter of a microsecond, where an action costs tens)."""
        players: dict[int, Bot] = {}
        steps = 0
        while not state.is_over() and state.stage() == stage and steps < STEP_LIMIT:
            if deadline is not None and self.clock() >= deadline:
                raise OutOfTime
            acting = state.to_act()
            s = acting[0]
            bot = players.get(s)
            if bot is None:
                bot = players[s] = policy_bot(self.game_id, seed * 31 + s,
                                              self.heuristic_playouts)
            legal = state.legal_actions(s)
            if len(legal) == 1 and not is_pattern(legal[0]):
                action = legal[0]  # forced: no observation to build
            else:
                action = bot.act(state, s, legal)
            state.apply(s, action)
            steps += 1
        return state.deal_value(seat)
