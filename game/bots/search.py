"""A search bot for every turn-based game, through the rules contract alone.

Determinized ("perfect information Monte Carlo") search at the root with paired worlds: each
round deals a world the seat cannot tell from the real one (`Rules.sample_state` of its
observation, kept with likelihood ``FIT ** misfits`` among `DRAWS` dealt, so that the others'
play so far fits it), and in that same world tries every candidate still in the running: a
clone per candidate, the move applied, the deal played out by the game's heuristic bot at every
seat (random where a game has none), scored by ``deal_value(seat)``: the outcome (+1, 0, -1)
plus `MARGIN` of the points scaled over what the search has seen.

Contract:

- The bot reads its seat's observation and legal actions only, never the state; playouts run on
  the sampled worlds, where each seat's bot acts on its own seat's view (`Bot.act`).
- Candidates: the heuristic's cards in its order (alike cards merged, `Bot.alike`; a game's
  ``search_top`` keeps the first few), every action of another verb, two bids either side of
  the favourite, and for a pattern its heuristic filling, neighbours and a few random ones
  (`FILLINGS`).
- A candidate whose mean falls behind the best by more than a Hoeffding bound is dropped; the
  heuristic's move is kept unless another beat it on the same worlds by `switch_bar` standard
  errors of the paired differences, so hard is at worst about normal.
- Budget: ``budget_ms`` of wall time per decision, and an optional ``iterations`` cap on
  rounds; with the cap alone the bot is deterministic for a seed on any machine (tests use only
  the cap). A round starts only if it is expected to end in time; a playout past the deadline
  gives its round up (`OutOfTime`); with no round finished the heuristic's move is played.

Why this design and not ISMCTS, what was tried and left out, and every figure behind the
constants: docs/search.md. The strength of each level, by game: docs/bots.md.
"""

from __future__ import annotations

import importlib
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from statistics import NormalDist
from typing import Any

from game import registry
from game.bots.base import Bot, RandomBot, next_choices, own_hand
from game.core import (JSON, Action, IllegalAction, Rules, State, fill, is_pattern, matches,
                       number_range, pick_range, random_fill, seat_of)
from game.shapes import Observation

FILLINGS = 8
"""At most this many fillings of one pattern are tried."""
MARGIN = 0.5
"""The weight of the margin (points, tricks) beside the outcome in a playout's reward."""
SWITCH = 1.0
"""Standard errors by which a move must beat the heuristic's on the same worlds to be played,
where it is the only challenger (`switch_bar` raises it for more)."""
MAX_CANDIDATES = 16
"""Fewer fillings per pattern where there are many patterns (Bluff's claim of each rank)."""
STEP_LIMIT = 5000
"""A playout that has not ended its deal after this many actions is scored where it stands."""
DRAWS = 4
"""Worlds dealt for a round; one is kept, drawn by how well the others' moves fit it
(docs/search.md: why not more)."""
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


def policy_bot(game_id: str, seed: int, heuristic: bool = True) -> Bot[Any]:
    """The playout bot: the game's heuristic bot, or the random bot where it has none."""
    from game.bots import HEURISTIC  # the package imports this module: look it up late

    if heuristic and game_id in HEURISTIC:
        bot: Bot[Any] = importlib.import_module(HEURISTIC[game_id]).HeuristicBot(seed)
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


class SearchBot(Bot[Observation]):
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
        entry = registry.ENTRIES.get(game_id)
        self.top = (entry.search_top if entry else None) if top is None else top
        """The heuristic's first choices of a verb that are candidates (0 or None: every one);
        by default the game's `registry.Game.search_top`."""
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

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        start = self.clock()
        obs = observation.copy()  # the lazy observation, built and kept whole
        rules = registry.get(obs["game"])
        favourite = self.policy.choose(obs, legal)
        candidates = [favourite] if rules.realtime else self.candidates(obs, legal, favourite)
        if len(candidates) == 1:
            self.last = {"rounds": 0, "playouts": 0, "left": 1,
                         "ms": (self.clock() - start) * 1000}
            return candidates[0]
        return self.search(rules, obs, candidates, start)

    def appraise(self, observation: Observation, legal: Sequence[Action],
                 played: Action) -> Appraisal:
        """The verdict on ``played``, taken where the seat saw ``observation`` and might take
        ``legal``. The candidates are ``played`` first, then the search's own (less those the
        playout bot calls `Bot.alike` it, which every playout scores the same); ``played``
        stands unless another beat it on the same worlds by the rule the search departs from
        its heuristic's move by (`pick`), so noise is not called a mistake. The means are over
        the worlds both were played out in."""
        start = self.clock()
        obs = observation.copy()  # the lazy observation, built and kept whole
        rules = registry.get(obs["game"])
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
    def candidates(self, obs: Observation, legal: Sequence[Action],
                   favourite: Action) -> list[Action]:
        """The moves to compare: the heuristic's `ranked` choices where it has them; else the
        heuristic's first, then every plain legal action, then fillings of each pattern (the
        heuristic's, its neighbours, a few random)."""
        if not any(is_pattern(a) for a in legal):
            ranked = self.ranked(obs, legal, favourite)
            if ranked is not None:
                return ranked
        out: list[Action] = [favourite]
        hand = own_hand(obs)
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

    def ranked(self, obs: Observation, legal: Sequence[Action],
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
    def search(self, rules: Rules, obs: Observation, candidates: list[Action],
               start: float) -> Action:
        seat = seat_of(obs)
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
        players: dict[int, Bot[Any]] = {}
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
