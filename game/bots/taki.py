"""A Super Taki bot, from its observation only: it plans its whole turn.

Most of a Taki turn is certain once it is begun: a Plus, a King, a Taki run, a Change Colour
(and a Stop with two seats) keep the turn, and only the draw is chance. So the bot plays out,
on a copy of its own hand, every way its turn could go (cards of the same figure and colour are
one; a Taki run lays every card of its colour and closes on the best one, since only the last
card acts), and scores where each one ends:

- going out (up a Pyramid level, or the match) beats everything; a Plus or a thrown-away
  Breaker as the last card does not go out;
- each card kept costs; a card that will be easy to shed costs less: a King (a free play, and a
  sure way out with one card more), cards of a colour that a Taki of the hand can run. The
  King and the Taki's colour weigh much (`HeuristicBot.KING`, ``RUN``): the bot keeps the King
  for the end (or a heavy +2) and gathers a colour behind its Taki rather than run it at once;
- the chance of being stuck next turn (drawing): low when the hand keeps a Change Colour or a
  King, or cards of the colour it leaves in play (which the next seats are likely to keep with
  few seats, not with many);
- two cards that both go in one turn (a Plus or a Taki with a card of its colour) count for
  more (``OUT_PAIR``); the bot keeps a Change Colour and a +3 for the end (``CC``, ``PLUS3``),
  which with a King or a Super Taki also mean it is seldom stuck;
- harm done to others: a +2 to the next seat, a Stop, a +3 on everyone (less the chance that a
  Breaker sends it back), weighed by how close each victim is to winning (its level and cards)
  against the bot's own distance;
- the threat of the seat that plays next (after a Stop, the one after; after a Change
  Direction, the one before) when it holds one card: `HeuristicBot.THREAT` times the chance
  that its card plays on what the turn leaves (on a live +2: that it is a +2 or a King). The
  chance counts the cards the bot has not seen, and reads the seat's draws (the ``lacks``
  fact): a seat that drew on red 5 holds no red, no 5, no colourless card among the cards it
  kept since, so a Change Colour names, and a last card leaves, what it lacks.

Other decisions: the last card is declared at once; a +3 is always broken with a Breaker; on
a live +2 the plan weighs stacking a +2, a King, or the draw; after a Change Colour it names the
colour it holds most of (a Taki of a colour counting for more). A Breaker goes out only on
someone's +3, so a Breaker kept is dead weight (`HeuristicBot.DEAD`): the bot never throws it
away while another card plays, but when nothing else plays it throws it (three cards, and the
dead card gone) rather than draw one and keep it.

Why these weights, what was measured and what was tried and left out (a lookahead among
them): docs/bot-notes/taki.md.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from game.bots.base import Bot, own_hand
from game.core import Action, seat_of
from game.rules.taki import COLOUR_OF, COLOURS, DECKS, KIND, TOP_LEVEL, TakiObservation, could_play

CARD = 10.0
"""The cost of one card in hand: the unit of every score."""
OUT = 1000.0
STUCK = 5.0
"""Being unable to play next turn: a card drawn and a turn lost."""
NODES = 200
"""The most positions a plan looks at; beyond them a line is scored as it stands."""
STAY = {2: 0.77, 3: 0.58, 4: 0.41, 5: 0.3, 6: 0.21, 7: 0.16, 8: 0.12, 9: 0.1, 10: 0.08}
"""How likely the colour left in play is kept until the bot's next turn, by seats (beyond
the quarter of a colour drawn at random); measured against random seats: the colour was the
same again 83 % of the time with 2 seats, 56 % with 4, 31 % with 10."""

Hand = tuple[str, ...]
"""Card kinds without the copy: ``R5``, ``G2``, ``WC`` ... sorted."""


def _kind(code: str) -> str:
    return code[:2]


def _matches(k: str, colour: str, figure: str) -> bool:
    if k[0] == "W":
        return True
    return k[0] == colour or _fig(k) == figure


def _fig(k: str) -> str:
    """The figure that a following card matches: a Super Taki is a Taki."""
    if k == "WT":
        return "T"
    return k[1] if k[0] != "W" else "w" + k[1]


def _without(hand: Hand, k: str) -> Hand:
    i = hand.index(k)
    return hand[:i] + hand[i + 1:]


class Plan:
    """One turn's search from a bot's point of view."""

    def __init__(self, bot: HeuristicBot, obs: TakiObservation, hand: Sequence[str]) -> None:
        self.n = obs["seats"]
        self.me = seat_of(obs)
        self.dir = 1 if obs["direction"] == "clockwise" else -1
        sizes = {z["owner"]: len(z["cards"]) for z in obs["zones"]
                 if z["kind"] == "hand" and z["owner"] is not None}
        levels = obs["levels"]
        pyramid = obs["match"] == "pyramid"

        def dist(s: int) -> int:
            lv = levels[s] if pyramid else TOP_LEVEL
            return sizes[s] + (TOP_LEVEL - lv) * (TOP_LEVEL + 1 - lv) // 2

        mine = dist(self.me)
        base = (self.n - 1) ** -bot.SHARE
        self.weight = [0.0] * self.n
        for s in range(self.n):
            if s != self.me:
                w = base - (dist(s) - mine) / 20.0
                if sizes[s] <= 2 and (not pyramid or levels[s] == TOP_LEVEL):
                    w += 0.8  # about to win the match
                self.weight[s] = max(0.1, min(2.0, w))
        self.guard = bot.GUARD * (self.n - 1) ** 0.5
        self.sizes = sizes
        pile = next(z for z in obs["zones"] if z["id"] == "pile")["cards"]
        self.full = obs["cards"] == 116
        piled_b = sum(1 for c in pile if c and KIND[c] == "WB")
        breakers_out = 2 - piled_b - sum(1 for c in hand if KIND[c] == "WB") if self.full else 0
        unseen = max(1, obs["cards"] - len(pile) - len(hand))
        others = sum(sizes[s] for s in range(self.n) if s != self.me)
        held = min(1.0, others / unseen)
        # a random seat holding a Breaker breaks about half the time
        self.broken = 1 - (1 - 0.5 * held) ** breakers_out
        # how likely the colour left in play is still in play at the next turn
        self.stay = STAY.get(self.n, 0.1)
        self.dead = bot.DEAD.get(self.n, bot.DEAD[0])
        self.unseen = sorted(DECKS[obs["cards"]].difference(
            c for z in obs["zones"] for c in z["cards"] if c))
        self.lacks = [[(str(c), str(f), int(k)) for c, f, k in seat] for seat in obs["lacks"]]
        self.odds: dict[tuple[int, str, str, bool], float] = {}
        self.nodes = 0
        self.memo: dict[tuple[object, ...], float] = {}
        self.bot = bot

    # -- the end of a turn ---------------------------------------------------------------
    def leaf(self, hand: Hand, colour: str, rev: bool, harm: float) -> float:
        if not hand:
            return OUT + harm
        v = harm - CARD * len(hand)
        counts = Counter(k[0] for k in hand if k[0] in COLOURS)
        wild = 0
        for k in hand:
            if k == "WK":
                v += self.bot.KING
                wild = 1
            elif k == "WC":
                v += self.bot.CC
                wild = 1
            elif k == "WT":
                v += 0.9 * self.bot.RUN * max(counts.values(), default=0)
                wild = 1
            elif k == "W3":
                v += self.bot.PLUS3
                wild = 1
            elif k[1] == "T":
                v += self.bot.RUN * (counts[k[0]] - 1)
            elif k[1] == "2":
                v += self.guard  # an answer to a +2
            elif k == "WB":
                v -= self.dead  # sheds only on a +3, or thrown away for three cards
        if not wild:
            held = len(counts)
            here = 1.0 if counts[colour] else 0.0
            play = self.stay * here + (1 - self.stay) * held / 4
            v -= STUCK * (1 - play) * self.bot.LATE.get(len(hand), 1.0)
        if len(hand) == 2 and hand[0][0] == hand[1][0] != "W" \
                and any(k[1] in "PT" for k in hand):
            v += self.bot.OUT_PAIR  # a Plus or a Taki takes the other along: both go in one turn
        return v

    def next_seat(self, rev: bool, skip: int = 0) -> int:
        d = -self.dir if rev else self.dir
        return (self.me + d * (1 + skip)) % self.n

    def harm_plus2(self, rev: bool, count: int) -> float:
        s = self.next_seat(rev)
        got = 2 * count * CARD * self.weight[s] * 0.7
        if self.n == 2:
            got -= 0.3 * 2 * (count + 1) * CARD * 0.5  # it comes back
        return got

    def harm_stop(self, rev: bool) -> float:
        return 0.5 * CARD * self.weight[self.next_seat(rev)]

    def harm_plus3(self) -> float:
        hit = sum(3 * CARD * self.weight[s] for s in range(self.n) if s != self.me)
        return hit * (1 - self.broken) - 3 * CARD * self.broken

    def threat(self, rev: bool, skip: int, colour: str, figure: str,
               plus2: bool = False) -> float:
        """The harm of leaving the next seat to play (``skip`` seats passed over) with one card
        on ``colour`` and ``figure`` (on a live +2 if ``plus2``): minus `HeuristicBot.THREAT`
        times the chance that its card plays (`Plan.plays`)."""
        s = self.next_seat(rev, skip)
        if s == self.me or self.sizes[s] != 1:
            return 0.0
        return -self.bot.THREAT * self.plays(s, colour, figure, plus2)

    def plays(self, s: int, colour: str, figure: str, plus2: bool) -> float:
        """The chance that seat ``s`` holds a card that plays on ``colour`` and ``figure`` (a +2
        or a King on a live +2): its cards dealt from those the bot has not seen, the ones its
        draws showed (``lacks``, as `TakiRules.sample_state` reads them) from the cards that
        would not have played then."""
        key = (s, colour, figure, plus2)
        got = self.odds.get(key)
        if got is not None:
            return got

        def fits(card: str) -> bool:
            return KIND[card] in ("2", "WK") if plus2 else could_play(card, colour, figure)

        size = self.sizes[s]
        shown = self.lacks[s]
        miss = 1.0
        bound = 0
        for i in range(len(shown)):
            need = min(size, max(bound, shown[i][2]))
            pool = [c for c in self.unseen
                    if not any(could_play(c, col, fig) for col, fig, _ in shown[i:])]
            if pool and need > bound:
                miss *= (1 - sum(map(fits, pool)) / len(pool)) ** (need - bound)
            bound = need
        if self.unseen:
            miss *= (1 - sum(map(fits, self.unseen)) / len(self.unseen)) ** (size - bound)
        self.odds[key] = got = 1 - miss
        return got

    # -- the search ----------------------------------------------------------------------
    def turn(self, hand: Hand, colour: str, figure: str, free: bool, rev: bool,
             harm: float) -> float:
        """The best score from a position in the turn, with a card to play next."""
        key = (hand, colour, figure, free, rev, round(harm, 3))
        got = self.memo.get(key)
        if got is not None:
            return got
        self.nodes += 1
        if self.nodes > NODES:  # out of time: score the line as it stands
            return self.leaf(hand, colour, rev, harm)
        best = -1e9
        for k in set(hand):
            if k != "WB" and (free or _matches(k, colour, figure)):
                best = max(best, self.play(hand, k, colour, figure, rev, harm))
        if best == -1e9:  # nothing to play but a Breaker: draw an unknown card, or throw it
            harm += self.threat(rev, 0, colour, figure)
            best = self.leaf(hand + ("?1",), colour, rev, harm) + 2
            if "WB" in hand:
                best = max(best, self.throw(hand, colour, rev, harm))
        self.memo[key] = best
        return best

    def throw(self, hand: Hand, colour: str, rev: bool, harm: float) -> float:
        """A Breaker thrown away in turn: three cards drawn."""
        return self.leaf(_without(hand, "WB") + ("?1",) * 3, colour, rev, harm) + 6

    def play(self, hand: Hand, k: str, colour: str, figure: str, rev: bool,
             harm: float) -> float:
        """Play kind ``k`` from ``hand`` and carry the turn on to its end."""
        rest = _without(hand, k)
        if k == "WK":
            if not rest:
                return OUT + harm
            return self.turn(rest, colour, figure, True, rev, harm)
        if k == "WC":
            if not rest:
                return OUT + harm
            return max(self.leaf(rest, c, rev, harm + self.threat(rev, 0, c, "wC"))
                       for c in COLOURS)
        if k == "W3":
            if not rest:
                return OUT + harm + self.broken * (-OUT - 3 * CARD)
            return self.leaf(rest, colour, rev, harm + self.harm_plus3())
        if k == "WT" or k[1] == "T":
            run = colour if k == "WT" else k[0]
            return self.run(rest, run, k, rev, harm)
        return self.end(rest, k, rev, harm)

    def run(self, rest: Hand, run: str, taki: str, rev: bool, harm: float) -> float:
        """A Taki run: every card of its colour laid, closing on the best of them."""
        if not rest:
            return OUT + harm
        mine = [k for k in rest if k[0] == run]
        others = tuple(k for k in rest if k[0] != run)
        if not mine:
            return self.leaf(others, run, rev, harm + self.threat(rev, 0, run, "T"))
        best = -1e9
        for last in set(mine):
            best = max(best, self.end(others, last, rev, harm, run_colour=run))
        return best

    def end(self, rest: Hand, k: str, rev: bool, harm: float,
            run_colour: str = "") -> float:
        """The coloured card ``k`` ends a play (alone or closing a run)."""
        colour, f = k[0], k[1]
        if f == "P":
            if not rest:  # must draw
                return self.leaf(("?1",), colour, rev, harm + self.threat(rev, 0, colour, f))
            return self.turn(rest, colour, f, False, rev, harm)
        if not rest:
            return OUT + harm
        if f == "2":
            harm += self.harm_plus2(rev, 1) + self.threat(rev, 0, colour, f, plus2=True)
            return self.leaf(rest, colour, rev, harm)
        if f == "S":
            if self.n == 2:
                return self.turn(rest, colour, f, False, rev, harm)
            harm += self.harm_stop(rev) + self.threat(rev, 1, colour, f)
            return self.leaf(rest, colour, rev, harm)
        if f == "D":
            return self.leaf(rest, colour, not rev, harm + self.threat(not rev, 0, colour, f))
        return self.leaf(rest, colour, rev, harm + self.threat(rev, 0, colour, f))


class HeuristicBot(Bot[TakiObservation]):
    DEAD = {2: 15.0, 3: 15.0, 4: 15.0, 0: 8.0}
    """What a Breaker kept costs beyond its card, by seats: it goes out only on a +3 (rarer
    with few seats), or thrown away for three cards."""
    SHARE = 2.0
    """Harm to one of k opponents weighs k ** -SHARE of a card of one's own (more for a
    leader)."""
    GUARD = 4.0
    """A +2 kept as an answer to a +2, times the square root of the opponents (1 -> 4 for
    single rounds: see the module's docstring)."""
    KING = 45.0
    """A King kept: a free play to come, and a sure way out with one card more."""
    CC = 25.0
    """A Change Colour kept: it plays on anything but a live +2 (2 -> 8 measured best in
    Pyramids, with ``PLUS3``; 25 since, for single rounds: see the module's docstring)."""
    RUN = 8.0
    """Each card of a colour that a Taki of the hand can run (a Super Taki: the colour held
    most, a little less)."""
    PLUS3 = 40.0
    """A +3 kept: it plays on anything; kept as the last card, it goes out on anything unless a
    Breaker answers (5 -> 40 for single rounds: see the module's docstring)."""
    THREAT = 300.0
    """Leaving the next seat to play with one card left, times the chance that its card plays
    there (`Plan.plays`): the round most likely lost."""
    OUT_PAIR = 15.0
    """Two cards left, a Plus or a Taki with a card of its colour: both may go in one turn."""
    LATE = {1: 1.5, 2: 1.5}
    """Being stuck costs more with one or two cards: each stuck last card means playing down
    to one card again."""

    def alike(self, observation: TakiObservation, a: Action, b: Action) -> bool:
        """The two copies of a card (``BD1``, ``BD2``: the last figure counts the copy) play
        alike."""
        return a.verb == b.verb == "play" and a.arg[:-1] == b.arg[:-1]

    def choose(self, observation: TakiObservation, legal: Sequence[Action]) -> Action:
        verbs = {a.verb for a in legal}
        if "last" in verbs:
            return Action("last")
        if "breaker" in verbs:
            return next(a for a in legal if a.verb == "breaker")
        if "pass" in verbs:
            return Action("pass")
        hand = own_hand(observation)
        kinds: Hand = tuple(sorted(_kind(c) for c in hand))
        if "colour" in verbs:
            plan = Plan(self, observation, hand)
            return Action("colour", self._best_colour(plan, kinds, hand, legal))
        plays = [a for a in legal if a.verb == "play"]
        others = [a for a in legal if a.verb != "play"]
        if not plays:
            return others[0]
        plan = Plan(self, observation, hand)
        colour, lead = observation["colour"], observation["lead"]
        figure = _fig(_kind(lead))
        run = observation["run"]
        if run:
            return self._run(plan, kinds, run, plays, legal)
        plus2 = observation["plus2"]
        stuck = all(_kind(a.arg) == "WB" for a in plays)
        scored: list[tuple[float, float, Action]] = []
        for a in plays:
            k = _kind(a.arg)
            if k == "WB":  # thrown away only when nothing else plays
                v = plan.throw(kinds, colour, False, plan.threat(False, 0, colour, figure)) \
                    if stuck else -1e6
            elif plus2 and k[1] == "2":
                rest = _without(kinds, k)
                harm = plan.harm_plus2(False, plus2 + 1) \
                    + plan.threat(False, 0, k[0], "2", plus2=True)
                v = plan.leaf(rest, k[0], False, harm) if rest else OUT
            else:
                v = plan.play(kinds, k, colour, figure, False, 0.0)
            scored.append((v, self.rng.random(), a))
        if DRAW_ACTION in legal:
            count = 2 * plus2 if plus2 else 1
            harm = plan.threat(False, 0, colour, figure)  # a +2 drawn is dead
            v = plan.leaf(kinds + ("?1",) * count, colour, False, harm) + 2 * count
            scored.append((v, self.rng.random(), DRAW_ACTION))
        return max(scored, key=lambda t: (t[0], t[1]))[2]

    def _run(self, plan: Plan, kinds: Hand, run: str, plays: Sequence[Action],
             legal: Sequence[Action]) -> Action:
        """In an open run: the plan's closing card last, every other card of the colour before
        it; close when none is left to lay."""
        mine = [k for k in kinds if k[0] == run]
        if not plays:
            return next(a for a in legal if a.verb == "close")
        others = tuple(k for k in kinds if k[0] != run)
        last = max(sorted(set(mine)),
                   key=lambda k: plan.end(others, k, False, 0.0, run_colour=run))
        return min(plays, key=lambda a: (_kind(a.arg) == last, self.rng.random()))

    def _best_colour(self, plan: Plan, kinds: Hand, hand: Sequence[str],
                     legal: Sequence[Action]) -> str:
        """The colour the plan scores best (a colour held; one the next seat's last card is
        least likely to play on), then the one held most (a Taki of it counting for more)."""
        counts = Counter(COLOUR_OF[c] for c in hand if COLOUR_OF[c])
        for c in hand:
            if KIND[c] == "T":
                counts[COLOUR_OF[c]] += 2  # a run to come
        allowed = {a.arg for a in legal if a.verb == "colour"} or set(COLOURS)
        return max(sorted(allowed), key=lambda c: (
            round(plan.leaf(kinds, c, False, plan.threat(False, 0, c, "wC")), 6), counts[c],
            self.rng.random()))


DRAW_ACTION = Action("draw")
