"""A Ghahve bot that bids its sure tricks and plays to take them, from its observation only.

Bidding: it counts tricks it can rely on: each joker; A♠, K♠ with two spades, Q♠ with three
(jokers count as spades); a spade for each beyond four; side aces (not in a long suit), kings
guarded by a second card; and a ruff for a void or a singleton when it holds three trumps. It
bids that count, at least 2 and no more than the rules allow.

Play: it tracks the cards played and the voids they show (a card of another suit, not a joker,
on a suit led). It leads the black joker from the eighth trick on (a sure trick before the tenth
forces it), else a plain card that is the highest of its suit still out and that no opponent can
trump (one shown void in the suit, maybe holding spades), else, while an opponent may hold
spades (not to draw its partner's), its top spade when it is the highest out (the red joker
does not count while it holds the black one, which must be played first) or, long in spades
(`LONG_TRUMPS`, and at least half as many as are out), the head of a run to drive the top out or
else a low one; else a low card of a suit its partner has shown void in (while the partner may
trump and the opponent after him cannot), else a low card of the plain suit its partner led
last (returned, unless he showed void in it, threw a low card from it or an opponent can trump
it), else the lowest card of its longest plain suit, suits an opponent can trump last, first
one the last to play can not win (void in it and in spades: through the strong hand, up to the
weak one), then one its partner has not thrown low from, first one he threw a jack or better
from (it reads his throws off the tricks played, `Reading`: his last throw from a suit says
whether he wants it; ruffs and jokers say nothing), spades last.
Following: a partner's safe winner is left alone and the cheapest card thrown; a partner's card
that may still be beaten is overtaken only by a card no opponent to come can beat; otherwise it
wins as cheaply as it can (lowest winning card of the suit, then the lowest winning spade, the
jokers last), else throws its cheapest card: the lowest of the suit led, or when void not a
spade nor a joker, not a boss, not the guard of a king or queen, not from a suit with a jack or
better (a low card thrown tells the partner it does not want the suit led), then low. Cards
these rules rank the same go in the pack's order, whatever order the hand was dealt in.

For the search (hard), it replays the deal in a world the search dealt and counts the other
seats' bids and cards it would not have made there (`HeuristicBot.misfits`), so that hard's
worlds fit what the others did. Measured (300 ms of CPU a decision): hard passed 36 of the 36
partnership positions (three seeds) where it passed 34 without (normal 12 of 12 both times);
the replay costs worlds: a median of 26 a decision in self-play positions where it had 43
(`benchmarks/engine.py --search-worlds 30 --game ghahve`). With it hard won 77.5 % [66.3, 88.7
over the deals] of 40 games against normal (`benchmarks/bots.py --game ghahve --pairs
hard-normal --games 40 --seed 1 --cpu-clock`; too few to tell it from the 66.0 % measured
without it on other deals).

In a search's playouts and in those replays the bot reads a card to play from the state
(`View.in_state`), as the observation would show it: a median of 50 worlds a decision where it
had 30 (``--search-worlds 20``, a busy machine), and hard won 67.5 % [64.1, 70.9 over 200 deals]
of the table's 400 games against normal (``--games 400 --seed 1 --cpu-clock``), 65.5 % [62.2,
68.8] before. The finished tricks are now read once for every seat and remembered by the trick
(`reading`, a `TrickReader`), and a card's highest rival comes from the cards out by suit: the
same choices, a median of 65 to 66 worlds a decision where it had 51 to 55 (``--search-worlds
30``, a busy machine). On the table's 400 games (``--seed 1 --jobs 2``, the same deals) hard then
won 69.0 % [65.6, 72.4 over 200 deals] where it had won 67.5 % [64.1, 70.9], at a median of 68
rounds a decision: level within the intervals, the table's row now; the positions, 116 of 120.
The replay of `misfits` then plays the cards on the hands alone, reading the tricks the
search's worlds share, and asks the bids of the state, not of an observation built for each:
the same counts (a test holds them to the whole deal replayed on the state), a median of 70
worlds a decision where it had 62 (``--search-worlds 30``, a busy machine). On the table's 400
games (the same deals) hard then won 70.0 % [66.6, 73.4 over 200 deals], level with the 69.0 %
before, at a median of 75 rounds a decision where it had 68: the table's row now.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.bots.base import (Bot, Reading, TrickReader, none_between, own_hand, replayed_cards,
                            replayed_misfits)
from game.core import Action, State, seat_of
from game.rules.ghahve import (PACK, POWER, GhahveObservation, GhahveState, playable, suit_of,
                               trick_winner)
from game.tricks import faces, trick_leader

WANTS = POWER["JH"]
"""A plain suit holding a card of this rank or better is one its holder wants led: it throws
low from another (its partner reads the throw: `Reading`), and a card this high thrown says it
wants the suit."""
LONG_TRUMPS = 5
"""Spades that are a long holding: drawn even without the top one."""
ORDER = {card: i for i, card in enumerate(PACK)}
"""Where each card lies in the pack: the cards it may play are looked at in this order, so that
a tie between two cards goes the same way whatever order the hand was dealt in (and a deal
replayed in a world, `HeuristicBot.misfits`, sees what each seat chose)."""


def _trump(card: str) -> bool:
    return suit_of(card) == "S"


def _cheap(card: str) -> tuple[bool, int]:
    """Plain low cards first, spades later, the jokers last."""
    return _trump(card), POWER[card]


def sure_tricks(hand: list[str]) -> int:
    """The tricks ``hand`` can count on, by the club player's rule of thumb."""
    trumps = [c for c in hand if _trump(c)]
    n = len(trumps)
    count = 0.0
    count += ("XR" in hand) + ("XB" in hand)
    count += ("AS" in hand) + ("KS" in hand and n >= 2) + 0.5 * ("QS" in hand and n >= 3)
    count += max(0, n - 4 - sum(1 for c in ("XR", "XB", "AS", "KS") if c in hand) // 2) * 0.8
    for suit in "HDC":
        mine = [c for c in hand if c[1] == suit and c[0] != "X"]
        if "A" + suit in hand and len(mine) <= 5:
            count += 1
        if "K" + suit in hand and 2 <= len(mine) <= 4:
            count += 0.5
        if n >= 3 and len(mine) <= 1:
            count += 1 if not mine else 0.5
    return int(count + 0.4)


class HeuristicBot(Bot[GhahveObservation]):
    def choose(self, observation: GhahveObservation, legal: Sequence[Action]) -> Action:
        if legal[0].verb == "bid":
            return self._bid(own_hand(observation), legal)
        return self._play(View.of(observation), legal)

    def read_state(self, state: State, seat: int, legal: Sequence[Action]) -> Action | None:
        """A bid, or a card to play (on `View.in_state`), read from the state as the
        observation shows it (in a search's playouts and in the replays of `misfits`)."""
        if not isinstance(state, GhahveState):
            return None
        if state.phase == "bid":
            return self._bid(state.hands[seat], legal)
        if state.phase == "play":
            return self._play(View.in_state(state, seat), legal)
        return None

    @staticmethod
    def _bid(hand: list[str], legal: Sequence[Action]) -> Action:
        """The tricks it counts sure in ``hand`` (two at least), within what it may bid."""
        want = max(2, sure_tricks(hand))
        bids = [int(a.arg) for a in legal]
        n = min(max(bids), max(min(bids), want))
        return next(a for a in legal if int(a.arg) == n)

    def misfits(self, world: State, seat: int, limit: int) -> int:
        """The other seats' bids and cards this deal that this bot, holding what ``world``
        deals them, would not have bid or played (a card alike its own choice counts as its
        choice), counted up to ``limit``: the deal is replayed from its deal
        (`GhahveState.as_dealt`), each seat deciding on what its own observation shows then:
        the bids on the state (`replayed_misfits`), the cards on the hands alone
        (`replayed_cards`, the legal cards by `playable`), each seat's view made as
        `View.in_state` makes it, from the tricks as `reading` remembers them (the same in
        every world of a decision). The partner's are read as well as the opponents': a partner who
        took a trick with a queen where this bot would have taken it with a lower card holds
        none between (partnership position 1: hard overtook such a queen with its king in
        worlds that ignored it)."""
        assert isinstance(world, GhahveState)
        replay = world.as_dealt()
        bids = [(p, a) for p, a in world.deal_actions() if a.verb == "bid"]
        count = replayed_misfits(self, replay, bids, seat, limit)

        def differs(k: int, player: int, leader: int, trick: list[str], hand: list[str],
                    card: str) -> bool:
            read = reading(world.history, 4, k)
            xb_out = "XB" in trick or "XB" not in read.unplayed["S"]
            choices = playable(hand, trick, k, xb_out)
            if len(choices) < 2:
                return False
            view = View(player, hand, trick, leader, k, read)
            mine = self._card(view, choices)
            return mine != card and not view.alike(mine, card)

        return replayed_cards([*world.history, (world.leader, world.trick)], replay.hands, 4,
                              seat, limit, count, differs)

    def alike(self, observation: GhahveObservation, a: Action, b: Action) -> bool:
        """Two cards of a suit with no card between them that is out or in the trick take the
        same tricks, and Ghahve scores tricks only. Not a joker: each has rules of its own."""
        if a.verb != "play" or b.verb != "play" or a.arg[1] != b.arg[1]:
            return False
        return View.of(observation).alike(a.arg, b.arg)

    def _play(self, view: View, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        card = self._card(view, [a.arg for a in legal])
        return next(a for a in legal if a.arg == card)

    def _card(self, view: View, cards: Sequence[str]) -> str:
        """The card to play of ``cards`` (those it may play, two or more) on ``view``."""
        me = view.seat
        partner = (me + 2) % 4
        opponents = ((me + 1) % 4, (me + 3) % 4)
        trick, hand = view.trick, view.hand
        cards = sorted(cards, key=ORDER.__getitem__)
        late = view.tricks >= 7
        voids = view.voids
        spades_out = len(view.out_in("S"))
        trumps_out = spades_out > 0
        top_out = {s: POWER[rivals[-1]] for s in "SHDC" if (rivals := [
            o for o in view.out_in(s) if o != "XR" or "XB" not in hand])}
        """The strength of the highest card out of each suit that may beat one of its own: not
        the red joker while it holds the black one (the red may not be played before the
        black)."""

        def boss(card: str) -> bool:
            return POWER[card] > top_out.get(suit_of(card), 0)

        def may_ruff(seat: int, suit: str) -> bool:
            """Whether ``seat`` may trump a lead of ``suit``: void in it, maybe holding spades."""
            return suit != "S" and suit in voids[seat] and "S" not in voids[seat] and trumps_out

        if not trick:
            if late and "XB" in cards:
                return "XB"
            plain_boss = [c for c in cards if not _trump(c) and boss(c)
                          and not any(may_ruff(o, c[1]) for o in opponents)]
            if plain_boss:
                return max(plain_boss, key=lambda c: POWER[c])
            spades = sorted((c for c in cards if c[1] == "S"), key=POWER.__getitem__,
                            reverse=True)
            trump_boss = [c for c in spades if boss(c)]
            if spades and trumps_out and any("S" not in voids[o] for o in opponents):
                if trump_boss:
                    return trump_boss[0]
                if len(spades) >= LONG_TRUMPS and 2 * len(spades) >= spades_out:
                    # long without the top: drive it out, from the head of a run, else low
                    run = len(spades) > 1 and none_between(
                        spades[0], spades[1], [*view.out_in("S"), *trick], POWER.__getitem__)
                    return spades[0] if run else spades[-1]
            plain = [c for c in cards if not _trump(c)]
            if trumps_out and "S" not in voids[partner]:
                feed = [c for c in plain if c[1] in voids[partner]
                        and not may_ruff((partner + 1) % 4, c[1])]
                if feed:  # the partner has none of the suit and may trump it
                    return min(feed, key=lambda c: POWER[c])
            said = {c[1]: POWER[c] >= WANTS  # suit: whether his last throw from it wants it
                    for c in view.throws[partner] if not _trump(c)}
            led = view.leads[partner] or "S"  # his last lead
            if led != "S" and led not in voids[partner] and said.get(led, True) \
                    and not any(may_ruff(o, led) for o in opponents):
                back = [c for c in plain if c[1] == led]
                if back:  # his suit, returned
                    return min(back, key=lambda c: POWER[c])
            plain = plain or [c for c in cards if c[0] != "X"] or cards
            length = {s: sum(1 for c in hand if suit_of(c) == s) for s in "SHDC"}
            last = opponents[1]  # the last to play to this lead

            def lead_cost(c: str) -> tuple[bool, bool, bool, bool, int, int]:
                ruffed = any(may_ruff(o, c[1]) for o in opponents)
                up_to_weak = c[1] in voids[last] and "S" in voids[last]
                return (ruffed, not up_to_weak, said.get(c[1]) is False,
                        not said.get(c[1], False), -length[suit_of(c)], POWER[c])

            return min(plain, key=lead_cost)

        leader = view.leader
        led = suit_of(trick[0])
        winning = trick_winner(trick, leader)
        to_come = [(me + i) % 4 for i in range(1, 4 - len(trick))]
        opponents_to_come = [s for s in to_come if s != partner]

        def sure(card: str) -> bool:
            """No opponent to come can beat ``card``."""
            if not opponents_to_come:
                return True
            if not boss(card):
                return False
            return _trump(card) or not any(may_ruff(s, led) for s in opponents_to_come)

        winners = [c for c in cards if trick_winner([*trick, c], leader) == me]
        if winning == partner:
            top = trick[(winning - leader) % 4]
            if len(trick) == 3 or (boss(top) and (_trump(top) or not trumps_out
                                                 or len(trick) == 2)):
                return self._throw(cards, hand, boss, led)
            # the partner's card may be beaten: overtake only with a card that is surer
            surer = [c for c in winners if sure(c)]
            if surer:
                return min(surer, key=_cheap)
            return self._throw(cards, hand, boss, led)
        if late and "XB" in cards:
            return "XB"
        if winners:
            return min(winners, key=_cheap)
        return self._throw(cards, hand, boss, led)

    @staticmethod
    def _throw(cards: list[str], hand: list[str], boss: Callable[[str], bool], led: str) -> str:
        """The card that costs least: following suit the lowest of it; else not a spade nor
        a joker, not a boss, not one that leaves a king or queen unguarded; then low."""
        follow = [c for c in cards if suit_of(c) == led and c[0] != "X"]
        if follow:
            return min(follow, key=lambda c: POWER[c])

        def unguards(card: str) -> bool:
            rest = [c for c in hand if c[1] == card[1] and c != card and c[0] != "X"]
            return any(not boss(c) and ((c[0] == "K" and len(rest) < 2) or
                                        (c[0] == "Q" and len(rest) < 3)) for c in rest)

        def cost(card: str) -> tuple[bool, bool, bool, int, int]:
            keep = not _trump(card) and (boss(card) or unguards(card))
            wanted = any(c[1] == card[1] and c[0] != "X" and POWER[c] >= WANTS
                         for c in hand)  # a suit it wants led
            length = sum(1 for c in hand if c[1] == card[1])
            return _trump(card), keep, wanted, POWER[card], length

        return min(cards, key=cost)


BY_SUIT = {suit: sorted((c for c in PACK if suit_of(c) == suit), key=POWER.__getitem__)
           for suit in "SHDC"}
"""The cards of each suit, from the lowest up (the jokers are spades, above the ace)."""
reading = TrickReader(lambda n: BY_SUIT, suit_of, "X")
"""The `Reading` of a hand's tricks (a joker led calls for spades; played on another lead it
shows no void), remembered for the search's playouts."""


class View:
    """What the play reads of a seat's observation: its seat, its hand, the trick and its
    leader, the tricks finished, and what they and the trick show (`Reading`): the cards another
    seat may hold (none in its hand, none played: by suit, `out_in`), the voids, each seat's last
    lead and its throws. Made from the observation (`of`) or read from the state as the
    observation shows it (`in_state`); it keeps what it is given and changes none of it."""

    def __init__(self, seat: int, hand: list[str], trick: list[str], leader: int, tricks: int,
                 read: Reading) -> None:
        self.seat, self.hand, self.trick, self.leader, self.tricks = \
            seat, hand, trick, leader, tricks
        self.leads, self.throws = read.leads, read.throws
        self.voids = reading.voids(read.voids, leader, trick, 4)
        self._out = read.out({*hand, *trick})

    @classmethod
    def of(cls, obs: GhahveObservation) -> View:
        seat = seat_of(obs)
        zones = {z["id"]: faces(z) for z in obs["zones"]}
        return cls(seat, zones[f"hand:{seat}"], zones["trick"], trick_leader(obs),
                   len(obs["history"]), reading.anew(obs["history"], 4))

    @classmethod
    def in_state(cls, state: GhahveState, seat: int) -> View:
        """What `of` reads of ``seat``'s observation, read from the state (the finished tricks
        read once for every seat, `reading`)."""
        return cls(seat, state.hands[seat], state.trick, state.leader, len(state.history),
                   reading(state.history, 4))

    def out_in(self, suit: str) -> list[str]:
        """The cards of ``suit`` (the jokers are spades) another seat may hold, from the lowest
        up."""
        return self._out[suit]

    def alike(self, a: str, b: str) -> bool:
        """Cards of a suit with no card between them that is out or in the trick: they take
        the same tricks. Not a joker: each has rules of its own."""
        return a[1] == b[1] and "X" not in (a[0], b[0]) and none_between(
            a, b, [*self.out_in(a[1]), *self.trick], POWER.__getitem__)
