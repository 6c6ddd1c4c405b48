"""A poker bot: what to keep by the standard draw, its chance to win by the exact ranking, pot odds.

From its seat's observation only (or the same facts read from a search's state,
`HeuristicBot.read_state`).

- What to keep (`keep`): a straight or better stands pat; three of a kind draws two; two pair
  draws one; a pair draws three, unless four cards of a suit or an open-ended straight promise
  more and the pair is below jacks (then those four draw one); with nothing, four of a suit or an
  open-ended straight draw one, else the two highest cards are kept (the ace alone, drawing four,
  where a kept ace allows it; the highest card, or nothing, where five may be drawn). The ace
  plays low below the pack's lowest rank, so 7-8-9-T of a 32-card pack is open at both ends.
- Its chance (`chance`): every hand after its draw is compared with the hands seats end with by
  this same policy (`finals`: 6,000 deals of the pack in play, drawn by `keep`, sorted by value),
  so a pair of kings is worth what it is worth after everyone's draw in this pack and this
  ranking. Before the draw the bot's own draw is played out a few times (`DRAWS_TRIED`) and the
  share of the others' final hands it beats is averaged; after it, the others are read by how
  many cards each drew (`finals` by count: one who stood pat holds a made hand or a bluff, one
  who drew three a pair). Against several seats the shares multiply; every full bet or raise
  of the round (`PRESSURE`) counts the field as stronger.
- Betting: bet or raise where its chance is good (`BET`, `RAISE`), call where it is better than
  the pot's odds, else check or fold. The size grows with the chance (half the pot, three
  quarters, all in where the stack is short of the pot). So that it is not read at once, it
  bluffs now and then when nobody has bet (`BLUFF`) and slow-plays a strong hand before the
  draw (`SLOW`).

A beginner (`slip`, the easy level) calls where he should fold, and draws to an inside straight
(four cards with one rank missing in the middle) or keeps a kicker beside a pair.

Its measurements, and the search that measured weaker than it (so that poker offers no hard
level, `game.bots.UNSEARCHED`), are in docs/bot-notes/poker.md.
"""

from __future__ import annotations

import bisect
import functools
import random
from collections.abc import Sequence
from dataclasses import dataclass

from game.bots.base import Bot, own_hand
from game.cards.french import RANK_VALUE
from game.core import Action, IllegalAction, State, fill, is_pattern, number_range, seat_of
from game.rules.poker import (FLUSH, FULL_HOUSE, PACKS, PAIR, QUADS, STRAIGHT, STRAIGHT_FLUSH,
                              STRENGTH, TRIPS, TWO_PAIR, PokerObservation, PokerState, hand_value,
                              judge, pack)

FINALS = 6000
"""Deals played out to learn the hands seats end with (`finals`)."""
DRAWS_TRIED = 8
"""The bot's own draw played out this many times before the draw."""
BET, RAISE = 0.5, 0.7
"""The chance to win from which it bets (nobody has yet) and raises."""
CALL_EDGE = 0.02
"""It calls when its chance beats the pot's odds by this much."""
BLUFF, SLOW = 0.08, 0.2
"""How often it bets a weak hand (chance under `WEAK`) when nobody has bet, and checks or calls
a strong one (over `STRONG`) before the draw."""
WEAK, STRONG = 0.2, 0.85
PRESSURE = 0.3
"""Each full bet or raise of the round raises the field's strength to the power 1 + this."""
MADE = frozenset({STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH})


def straight_ranks(ranks: Sequence[int], low: int) -> int:
    """How many ranks of a pack whose lowest is ``low`` would make ``ranks`` (four distinct) a
    straight: 2 open at both ends, 1 an inside straight, 0 none. The ace is high and low."""
    have = set(ranks)
    if len(have) != 4:
        return 0
    count = 0
    for x in range(low, 15):
        if x in have:
            continue
        five = sorted(have | {x})
        if five[4] - five[0] == 4 or five == [low, low + 1, low + 2, low + 3, 14]:
            count += 1
    return count


def draws(hand: Sequence[str], low: int, inside: bool) -> list[str] | None:
    """Four cards worth drawing one to: four of a suit, else four to a straight open at both
    ends (or, ``inside``, with one missing in the middle); None if neither."""
    for suit in "SHDC":
        same = [c for c in hand if c[1] == suit]
        if len(same) == 4:
            return same
    for out in hand:
        four = [c for c in hand if c != out]
        found = straight_ranks([RANK_VALUE[c[0]] for c in four], low)
        if found == 2 or (inside and found == 1):
            return four
    return None


def keep(hand: Sequence[str], low: int, rule: str, beginner: bool = False) -> list[str]:
    """The cards to keep for the draw (see the module docstring); ``beginner`` draws to an
    inside straight and keeps a kicker beside a pair."""
    kind, ranks = judge(hand, low)
    if kind in MADE:
        return list(hand)
    by_rank = sorted(hand, key=lambda c: RANK_VALUE[c[0]], reverse=True)
    if kind in (TRIPS, TWO_PAIR, PAIR):
        sets = [c for c in hand if sum(1 for d in hand if d[0] == c[0]) > 1]
        if kind == PAIR:
            chase = draws(hand, low, beginner)
            if chase is not None and (ranks[0] < 11 or beginner):
                return chase
            if beginner:
                return sets + [c for c in by_rank if c not in sets][:1]
        return sets
    chase = draws(hand, low, beginner)
    if chase is not None:
        return chase
    if rule == "4ace" and by_rank[0][0] == "A":
        return by_rank[:1]
    if rule == "5":
        return by_rank[:1] if by_rank[0][0] in "AK" else []
    return by_rank[:2]


@functools.cache
def finals(size: int, ranking: str, rule: str) -> tuple[list[int], dict[int, list[int]]]:
    """The values of the hands seats end with in this pack and ranking, drawing by `keep`
    (`FINALS` deals, seeded): all of them sorted, and by how many cards were drawn."""
    rng = random.Random(f"poker-finals:{size}:{ranking}:{rule}")
    cards = list(pack(size))
    low, strength = PACKS[size], STRENGTH[ranking]
    every: list[int] = []
    by_count: dict[int, list[int]] = {}
    for _ in range(FINALS):
        dealt = rng.sample(cards, 10)
        kept = keep(dealt[:5], low, rule)
        final = kept + dealt[5:10 - len(kept)]
        value = hand_value(final, low, strength)
        every.append(value)
        by_count.setdefault(5 - len(kept), []).append(value)
    for values in (every, *by_count.values()):
        values.sort()
    return every, by_count


def share(value: int, values: Sequence[int]) -> float:
    """The share of ``values`` (sorted) that ``value`` beats, a tie counting half."""
    below = bisect.bisect_left(values, value)
    return (below + bisect.bisect_right(values, value)) / 2 / len(values)


@dataclass
class View:
    """What the bot decides on, read from an observation or a state (the seat's own facts)."""

    hand: list[str]
    size: int
    ranking: str
    rule: str
    round: int
    drawn: list[int | None]
    """How many cards each other seat still in drew (None before the draw)."""
    to_call: int
    pot: int
    raises: int
    stack: int

    @property
    def low(self) -> int:
        return PACKS[self.size]

    def chance(self, rng: random.Random) -> float:
        """The chance to beat every other seat still in (see the module docstring)."""
        every, by_count = finals(self.size, self.ranking, self.rule)
        strength = STRENGTH[self.ranking]
        field = 1 + PRESSURE * self.raises
        if self.round == 1:
            kept = keep(self.hand, self.low, self.rule)
            rest = [c for c in pack(self.size) if c not in self.hand]
            total = 0.0
            for _ in range(DRAWS_TRIED if len(kept) < 5 else 1):
                final = kept + rng.sample(rest, 5 - len(kept))
                total += share(hand_value(final, self.low, strength), every) ** (
                    len(self.drawn) * field)
            return total / (DRAWS_TRIED if len(kept) < 5 else 1)
        mine = hand_value(self.hand, self.low, strength)
        p = 1.0
        for d in self.drawn:
            values = by_count.get(d, every) if d is not None else every
            p *= share(mine, values if len(values) >= 40 else every) ** field
        return p


def view_of(observation: PokerObservation) -> View:
    """What the bot reads of its seat's observation."""
    seat = seat_of(observation)
    status, drawn, bets = observation["status"], observation["drawn"], observation["bets"]
    return View(own_hand(observation), observation["pack"]["cards"], observation["ranking"],
                str(observation["options"]["draw"]), observation["round"],
                [drawn[s] for s in range(len(status)) if s != seat and status[s] in ("in",
                                                                                     "allin")],
                max(bets) - bets[seat], observation["pot"], observation["raises"],
                observation["purses"][seat])


def view_in(state: PokerState, seat: int) -> View:
    """`view_of` the seat's observation, read from the state (no more than it shows)."""
    bets = state.bets
    return View(state.hands[seat][:], state.size, str(state.options["ranking"]),
                str(state.options["draw"]), state.round,
                [state.drawn[s] for s in range(state.seats)
                 if s != seat and state.status[s] in ("in", "allin")],
                max(bets) - bets[seat], state.pot(), state.raises, state.chipset.purses[seat])


class HeuristicBot(Bot[PokerObservation]):
    def choose(self, observation: PokerObservation, legal: Sequence[Action]) -> Action:
        if len(legal) == 1 and not is_pattern(legal[0]):
            return legal[0]
        return self.decide(view_of(observation), legal)

    def read_state(self, state: State, seat: int, legal: Sequence[Action]) -> Action | None:
        if not isinstance(state, PokerState):
            return None
        if len(legal) == 1 and not is_pattern(legal[0]):
            return legal[0]
        return self.decide(view_in(state, seat), legal)

    def decide(self, view: View, legal: Sequence[Action]) -> Action:
        verbs = {a.verb: a for a in legal}
        if "draw" in verbs:
            return self.draw(view, legal)
        return self.bet(view, legal, view.chance(self.rng))

    def draw(self, view: View, legal: Sequence[Action]) -> Action:
        return drawing(view, legal)

    def bet(self, view: View, legal: Sequence[Action], p: float) -> Action:
        verbs = {a.verb: a for a in legal}
        grow = verbs.get("bet") or verbs.get("raise")
        allin = verbs.get("allin")
        slow = view.round == 1 and p > STRONG and self.rng.random() < SLOW
        if "check" in verbs:
            if (p > BET and not slow) or (p < WEAK and self.rng.random() < BLUFF):
                return self.amount(view, grow, allin, p if p > BET else 0.5) or verbs["check"]
            return verbs["check"]
        odds = view.to_call / (view.pot + view.to_call)
        if p > RAISE and not slow:
            raised = self.amount(view, grow, allin, p)
            if raised is not None:
                return raised
        if p > odds + CALL_EDGE:
            return verbs["call"]
        return verbs["fold"]

    def amount(self, view: View, grow: Action | None, allin: Action | None,
               p: float) -> Action | None:
        """A bet or raise sized by ``p``: half the pot, three quarters over 0.8, all in where
        that reaches the stack; None where neither may be made."""
        if grow is None:
            return allin if allin is not None and p > RAISE else None
        numbers = number_range(grow)
        if numbers is None:  # fixed limit: the one amount
            return grow
        want = numbers.start + int((0.75 if p > 0.8 else 0.5) * (view.pot + view.to_call))
        if allin is not None and want >= numbers[-1] and p > RAISE:
            return allin
        fitted = min(max(want, numbers.start), numbers[-1])
        return fill(grow, (), numbers.start + (fitted - numbers.start) // numbers.step
                    * numbers.step)

    def misfits(self, world: State, seat: int, limit: int) -> int:
        """How many of the others' actions of this deal this bot would not have made with the
        cards ``world`` deals them (a bet by its kind: fold, check or call, bet or raise; a
        draw by its count), the deal replayed from its start (`rewound`); up to ``limit``, and
        ``limit`` where an action of theirs could not have been made (an opening bet without
        openers); 0 where the world cannot be replayed."""
        if not isinstance(world, PokerState) or not world.log:
            return 0
        found = rewound(world)
        if found is None:
            return 0
        replay, thrown = found
        count = 0
        for player, code in world.log:
            action = done(replay, int(player), str(code), thrown)
            if player != seat:
                legal = replay.legal_actions(int(player))
                if len(legal) > 1 or is_pattern(legal[0]):
                    mine = self.decide(view_in(replay, int(player)), legal)
                    if sort_of(mine) != sort_of(action):
                        count += 1
                        if count >= limit:
                            return count
            try:
                replay.apply(int(player), action)
            except IllegalAction:
                return limit
        return count

    def slip(self, observation: PokerObservation, legal: Sequence[Action],
             favourite: Action) -> Action | None:
        verbs = {a.verb: a for a in legal}
        if favourite.verb == "fold" and "call" in verbs:
            return verbs["call"]
        if favourite.verb in ("draw", "four"):
            mistake = drawing(view_of(observation), legal, beginner=True)
            return mistake if mistake != favourite else None
        return None


def sort_of(action: Action) -> str:
    """What an action says of a hand: fold, call (a check too), raise (a bet, an all-in), or a
    draw of so many cards."""
    if action.verb in ("draw", "four"):
        return f"draw {len(action.arg.split())}"
    return {"check": "call", "bet": "raise", "allin": "raise"}.get(action.verb, action.verb)


def rewound(world: PokerState) -> tuple[PokerState, list[list[str]]] | None:
    """The deal in play of ``world`` at its start, each seat holding the hand it was dealt there
    (its cards kept, and the cards it threw, from the muck) and the stock giving the draws the
    world gave, in order; with each seat's thrown cards. None where the muck no longer holds
    them (a reshuffle took them into the stock)."""
    n = world.seats
    dealt: list[list[str]] = []
    thrown: list[list[str]] = []
    given: dict[int, list[str]] = {}
    for s in range(n):
        own = [c for c, by in zip(world.muck, world.muck_by) if by == s]
        k = world.drawn[s] or 0
        folded = world.status[s] == "fold"
        held = own[k:] if folded else world.hands[s]
        if world.status[s] == "out":
            held = own = []
        elif len(held) != 5 or len(own) != k + (5 if folded else 0):
            return None
        dealt.append(held[:5 - k] + own[:k])
        thrown.append(own[:k])
        given[s] = held[5 - k:]
    order = [s for s in world.after(world.dealer) if world.status[s] != "out"]
    top = [dealt[s][i] for i in range(5) for s in order]
    top += [c for player, code in world.log if str(code).startswith("draw")
            for c in given[int(player)]]
    replay = world.clone()
    replay.chipset.purses = replay.chipset.start[:]
    replay.chipset.stakes = [0] * n
    replay.lay(top[::-1])
    return replay, thrown


def done(replay: PokerState, player: int, code: str, thrown: list[list[str]]) -> Action:
    """The action ``code`` of this deal's log, as ``player`` made it in the replayed world: a
    draw with the cards it threw there."""
    if not code.startswith("draw"):
        return replay.rules.parse_action(code)
    cards = thrown[player]
    verb = "four" if len(cards) == 4 and replay.options["draw"] == "4ace" else "draw"
    return Action(verb, " ".join(cards))


def drawing(view: View, legal: Sequence[Action], beginner: bool = False) -> Action:
    """The draw `keep` chooses, as the legal action that makes it (``four`` where four cards
    go and an ace stays)."""
    kept = keep(view.hand, view.low, view.rule, beginner)
    thrown = [c for c in view.hand if c not in kept]
    for action in legal:
        if action.verb == "four" and sorted(action.arg.split()) == sorted(thrown):
            return action
    return fill(next(a for a in legal if a.verb == "draw"), thrown)


class CallingBot(HeuristicBot):
    """Calls every bet, never bets or folds, draws as the heuristic does: the calling player a
    bot is measured against (``benchmarks/bots.py --pairs normal-calling``)."""

    def decide(self, view: View, legal: Sequence[Action]) -> Action:
        verbs = {a.verb: a for a in legal}
        if "draw" in verbs:
            return self.draw(view, legal)
        return verbs.get("check") or verbs["call"]
