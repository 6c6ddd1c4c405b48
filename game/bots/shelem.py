"""A Shelem bot that plays as a decent home player would, from its own observation only.

Bidding: it picks the suit it would make trump (three points a card plus its honours: A 4, K 3, Q 2,
J 1, so that A K Q J beat five small cards), counts its sure tricks (aces, and kings or queens under
them in side suits; its long trumps) and the point cards those tricks bring home, adds what a
partner (or, for two, the piles) and the widow are worth on average, and bids the lowest bid it can
while that stays within the count; else it passes (when it must bid, the lowest bid). Laying away:
it keeps trumps and aces, and lays away the cards of its shortest side suits first (to make voids it
can trump), the unguarded tens and fives before the small cards (laid away they count for it,
safely). Play: the Hakem's first lead is the top of the chosen trump suit; the Hakem's side then
draws trumps while an opponent may hold some (not once both have shown void in trumps: the trumps
out are the partner's); a leader plays a card that is the highest still out in its suit and no
opponent can ruff, else a low card of a suit its partner has shown void in (while the partner may
trump and the next opponent cannot), else a low card of the side suit its partner led last
(returned, unless the partner showed void in it, threw a low card from it or an opponent can ruff
it), else a low card of its longest side suit, first one the last to play (an opponent) can not win,
void in it and in trumps (through the strong hand, up to the weak one), then one its partner has not
thrown low from, first one it threw a jack or better from (it reads the partner's throws off the
tricks played, `Reading`: the last throw from a suit says whether he wants it; points given and
ruffs say nothing). Following, it tracks the cards played and who has shown void in a suit (a boss
led or standing in such a suit may be trumped): when its own side is winning safely it throws its
points (a ten, a five) on the trick rather than overtaking a partner, but not a boss that takes a
trick of its own nor, void in the suit led, a trump; it overtakes a partner's card that may be
beaten only with a surer one (a card out lies between them); otherwise it wins as cheaply as it can
when the trick is worth it, and else throws its cheapest card, keeping points and trumps, then
bosses and the guards of a king or queen, then the suits with a jack or better (a low card thrown
tells the partner it does not want the suit led), then the higher cards. Cards these rules rank the
same go in the pack's order, whatever order the hand was dealt in.

For the search (hard), with four seats it replays the deal in a world the search dealt and counts
the other seats' bids, passes and cards it would not have made there (`HeuristicBot.misfits`), so
that hard's worlds fit what the others did. Measured (300 ms of CPU a decision): hard passed 34 of
the 36 partnership positions (three seeds) where it passed 33 without (normal 12 of 12 both times);
over ten seeds 112 of 120 (`benchmarks/partners.py --game shelem --seeds 10 --cpu-clock`), its
misses spread over eight positions where the accepted card and the one played score within 10
points of each other even on the true deal, and the search switched on three or four worlds whose
contract the card decided, one way, by chance. The replay costs worlds: a median of 27 a decision
in four-seat self-play positions where it had 46 (`benchmarks/engine.py --search-worlds 30 --game
shelem --seats 4`).

In the playouts and the replays the bot reads a card to play from the state (`View.in_state`), as
the observation would show it: 51 worlds a decision in self-play where it had 41 (``--search-worlds
20``, a busy machine), but a median of 34 over all of hard's decisions in play against normal (bids
and the widow's four cards are searched on whole deals) where the table's row had 33; hard won
64.0 % [58.8, 69.2 over 100 deals] of 200 games against normal (``benchmarks/bots.py --game shelem
--pairs hard-normal --games 200 --seed 1 --cpu-clock``), level with the table's 64.8 % of 500
measured before, which stays as the row; the positions, 112 of 120 (111 before). The finished
tricks are now read once for every seat and remembered by the trick (`Reading`, `reading`), and
a card's highest rival comes from the cards out by suit: the same choices, 1.5 times the worlds
(a median of 60 to 61 a decision where it had 41 to 42, ``--search-worlds 30``). On the table's
500 games against normal (``--games 500 --seed 1 --cpu-clock --jobs 2``) hard then won 68.8 %
[65.5, 72.1 over 250 deals] where it had won 64.8 % [61.6, 68.0] on the same deals, at a median
of 62 rounds a decision where it had 33: the table's row now; the positions, 114 of 120. The
replay of `misfits` then plays the cards on the hands alone, reading the tricks the search's
worlds share, and asks the auction's bids of the state, not of an observation built for each:
the same counts (a test holds them to the whole deal replayed on the state), a median of 77
worlds a decision where it had 59 (``--search-worlds 30 --seats 4``, a busy machine). On the
table's 500 games (the same deals) hard then won 68.4 % [65.0, 71.8 over 250 deals], level with
the 68.8 % before, at a median of 68 rounds a decision where it had 62: the table's row now;
the positions, 114 of 120.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.bots.base import (Bot, Reading, TrickReader, none_between, own_hand, replayed_cards,
                            replayed_misfits)
from game.cards.french import RANK_VALUE, deck
from game.core import Action, State, fill, seat_of
from game.rules.shelem import (BIDS, ShelemObservation, ShelemState, bid_of, card_points, order_of,
                               trick_best)
from game.tricks import faces, follow_suit, trick_leader

FULL = deck()
ORDER = {card: i for i, card in enumerate(FULL)}
"""Where each card lies in the pack: the cards it may play are looked at in this order, so that
a tie between two cards goes the same way whatever order the hand was dealt in (and a deal
replayed in a world, `HeuristicBot.misfits`, sees what each seat chose)."""
PLAY_ORDER = {(n, leader): order_of(n, leader) for n in (2, 4) for leader in range(n)}
"""`order_of`, looked up (the play asks it of every trick at every move)."""
SUITS = "SHDC"
_rank = {card: RANK_VALUE[card[0]] for card in FULL}.__getitem__
"""A card's rank (2 to 14), looked up: the play asks it a million times a search."""
BY_SUIT = {suit: sorted((c for c in FULL if c[1] == suit), key=_rank) for suit in SUITS}
"""The cards of each suit, from the lowest up."""


WANTS = RANK_VALUE["J"]
"""A suit holding a card of this rank or better is one its holder wants led: it throws low from
another (its partner reads the throw: `Reading`), and a card this high thrown says it wants the
suit."""

HONOURS = {"A": 4, "K": 3, "Q": 2, "J": 1}


def trump_choice(hand: Sequence[str]) -> str:
    """The suit it would make trump: three points a card plus its honours (A 4, K 3, Q 2,
    J 1), so that A K Q J beat five small cards; then the longer suit."""
    def strength(suit: str) -> tuple[int, int]:
        mine = [c for c in hand if c[1] == suit]
        return 3 * len(mine) + sum(HONOURS.get(c[0], 0) for c in mine), len(mine)

    return max(SUITS, key=strength)


def estimate(hand: Sequence[str], seats: int) -> int:
    """The points it expects its side to take as Hakem with ``hand`` (before the widow)."""
    trump = trump_choice(hand)
    tricks = 0.0
    points = 0
    for suit in SUITS:
        mine = sorted((c for c in hand if c[1] == suit), key=_rank, reverse=True)
        if suit == trump:
            high = sum(1 for c in mine if _rank(c) >= 12)
            tricks += high + max(0, len(mine) - 3) * 0.9
            points += sum(card_points(c) for c in mine)
            continue
        want = 14
        for c in mine[:3]:
            if _rank(c) != want:
                break
            tricks += 1
            points += card_points(c)
            want -= 1
        if mine and mine[0][0] == "A" and any(c[0] == "T" for c in mine) and len(mine) >= 3:
            points += 5  # the ten is guarded
    helper = 30 if seats == 4 else 35  # a partner, or the piles, on average
    return int(tricks * 5 + points + helper + 15 + 5)


class HeuristicBot(Bot[ShelemObservation]):
    def choose(self, observation: ShelemObservation, legal: Sequence[Action]) -> Action:
        verbs = {a.verb for a in legal}
        if "bid" in verbs or "pass" in verbs:
            auction = [bid_of(a) for a in observation["auction"]]
            return self._bid(own_hand(observation), observation["seats"], seat_of(observation),
                             auction, observation["high"], legal)
        if "discard" in verbs:
            return self._discard(observation, legal[0])
        return self._play(View.of(observation), legal)

    def read_state(self, state: State, seat: int, legal: Sequence[Action]) -> Action | None:
        """A bid or a pass, or a card to play (on `View.in_state`), read from the state as the
        observation shows it (in a search's playouts and in the replays of `misfits`)."""
        if not isinstance(state, ShelemState):
            return None
        if state.phase == "bid":
            return self._bid(state.hands[seat], state.seats, seat, state.auction, state.high(),
                             legal)
        if state.phase == "play":
            return self._play(View.in_state(state, seat), legal)
        return None

    def misfits(self, world: State, seat: int, limit: int) -> int:
        """The other seats' bids, passes and cards this deal (the Hakem's first card names
        trump) that this bot, holding what ``world`` deals them, would not have made (a card
        alike its own choice counts as its choice), counted up to ``limit``: the deal is
        replayed from its deal (`ShelemState.as_dealt`), each seat deciding on what its own
        observation shows then. The auction is replayed on the state (`replayed_misfits`); the
        cards on the hands alone (`replayed_cards`), each seat's view made as `View.in_state` makes
        it, from the hand's tricks as `reading` remembers them (the same in every world of a
        decision). Not read: the cards the Hakem laid away, which only he saw, nor his bids,
        made on a hand that only he knows (which four of his sixteen cards were the widow);
        nor, with two seats, anything (the piles' cards played are not told apart). The
        partner's are read as well as the opponents'."""
        assert isinstance(world, ShelemState)
        if world.seats != 4:
            return 0
        hakem = world.hakem
        replay = world.as_dealt()
        before_play = [(p, a) for p, a in world.deal_actions() if a.verb != "play"]
        count = replayed_misfits(self, replay, before_play, seat, limit,
                                 lambda player, action: player != hakem)

        def differs(k: int, player: int, leader: int, trick: list[str], hand: list[str],
                    card: str) -> bool:
            choices = follow_suit(hand, trick[0][1]) if trick else hand
            if len(choices) < 2:
                return False
            seen = {*hand, *trick, *(world.laid if player == hakem else ())}
            trump = world.trump if k or trick else None  # the Hakem's first card names it
            view = View(player, 4, trump, hakem, hand, trick, leader,
                        reading(world.history, 4, k), seen)
            mine = self._card(view, choices)
            return mine != card and not view.alike(mine, card)

        return replayed_cards([*world.history, (world.leader, world.trick)], replay.hands, 4,
                              seat, limit, count, differs)

    # -- the auction --------------------------------------------------------------------
    @staticmethod
    def _bid(hand: Sequence[str], seats: int, seat: int,
             auction: Sequence[tuple[int, int | None]], high: int, legal: Sequence[Action]
             ) -> Action:
        """A bid or a pass, for ``seat`` of ``seats`` holding ``hand`` after ``auction``, whose
        highest bid is ``high``."""
        bids = sorted((a for a in legal if a.verb == "bid"), key=lambda a: int(a.arg))
        passing = next((a for a in legal if a.verb == "pass"), None)
        if passing is None:
            return bids[0]
        # Calibrated on bot-against-bot deals: the side takes about 80 + half the count;
        # it bids up to 10 under that.
        worth = 70 + estimate(hand, seats) // 2
        partner = (seat + 2) % 4 if seats == 4 else None
        high_by_partner = any(s == partner and b == high for s, b in auction)
        if bids and int(bids[0].arg) <= worth and not (high_by_partner and worth < 130):
            step = int(bids[0].arg)
            return bids[0] if step in BIDS else passing
        return passing

    # -- laying away --------------------------------------------------------------------
    def _discard(self, obs: ShelemObservation, pattern: Action) -> Action:
        hand = own_hand(obs)
        trump = trump_choice(hand)
        chosen: list[str] = []
        for _ in range(4):
            rest = [c for c in hand if c not in chosen]
            length = {s: sum(1 for c in rest if c[1] == s) for s in SUITS}

            def key(c: str) -> tuple[int, int, int, int]:
                suit = [x for x in rest if x[1] == c[1]]
                guarded = c[0] != "A" and any(_rank(x) > _rank(c) for x in suit)
                boss = c[0] == "A" or (c[0] == "K" and any(x[0] == "A" for x in suit))
                return (c[1] == trump, boss, length[c[1]] if not guarded or
                        card_points(c) == 0 else 9, -card_points(c) * 2 + _rank(c))

            chosen.append(min(rest, key=key))
        return fill(pattern, chosen)

    # -- play ---------------------------------------------------------------------------
    def alike(self, observation: ShelemObservation, a: Action, b: Action) -> bool:
        """Two cards of a suit worth the same points with no card between them that is out or
        in the trick take the same tricks and give the same count."""
        if a.verb != "play" or b.verb != "play" or a.arg[1] != b.arg[1]:
            return False
        return View.of(observation).alike(a.arg, b.arg)

    def _play(self, view: View, legal: Sequence[Action]) -> Action:
        card = self._card(view, [a.arg for a in legal])
        return next(a for a in legal if a.arg == card)

    def _card(self, view: View, cards: Sequence[str]) -> str:
        """The card to play of ``cards`` (those it may play) on ``view``."""
        me, trump, n = view.seat, view.trump, view.seats
        trick, hand = view.trick, view.hand
        cards = sorted(cards, key=ORDER.__getitem__)
        side = me % 2
        hakem = view.hakem

        voids = view.voids
        top_out = view.top_out
        trumps_out = trump in top_out

        def boss(c: str) -> bool:
            return _rank(c) > top_out.get(c[1], 0)

        def ruffed(suit: str, seats: Sequence[int]) -> bool:
            """Whether an opponent among ``seats`` has shown void in ``suit`` and may trump."""
            return suit != trump and trumps_out and any(
                x % 2 != side and suit in voids[x] for x in seats)

        def cheap(c: str) -> tuple[int, int, int]:  # points, trumps and high cards kept
            return (card_points(c), c[1] == trump, _rank(c))

        def wanted(c: str) -> bool:
            """Its suit holds a jack or better: a suit it wants led (a low card thrown from a
            suit says it does not)."""
            return any(x[1] == c[1] and _rank(x) >= WANTS for x in hand)

        if not trick:
            if trump is None:  # the Hakem's first lead names trump
                suit = trump_choice(cards)
                return max((c for c in cards if c[1] == suit), key=_rank)
            my_trumps = [c for c in cards if c[1] == trump]
            opponents_trump = trumps_out and any(
                trump not in voids[x] for x in range(n) if x % 2 != side)
            if hakem is not None and hakem % 2 == side and opponents_trump and my_trumps:
                top = max(my_trumps, key=_rank)
                if boss(top) or len(my_trumps) >= 3:
                    return top if boss(top) else min(my_trumps, key=_rank)
            others = [x for x in range(n) if x != me]
            bosses = [c for c in cards if c[1] != trump and boss(c) and not ruffed(c[1], others)]
            if bosses:
                return max(bosses, key=lambda c: (card_points(c), _rank(c)))
            plain = [c for c in cards if c[1] != trump] or cards
            partner = (me + 2) % 4 if n == 4 else None
            said: dict[str, bool] = {}  # suit: whether the partner's last throw from it wants it
            if partner is not None:
                said = {c[1]: _rank(c) >= WANTS for c in view.throws[partner]
                        if c[1] != trump and card_points(c) == 0}
                if trumps_out and trump not in voids[partner]:
                    feed = [c for c in plain if c[1] in voids[partner] and c[1] != trump
                            and not ruffed(c[1], [(partner + 1) % 4])]
                    if feed:
                        return min(feed, key=lambda c: (card_points(c), _rank(c)))
                led = view.leads[partner]  # the partner's last lead
                if led not in (None, trump) and led not in voids[partner] \
                        and said.get(led, True) and not ruffed(led, others):
                    back = [c for c in plain if c[1] == led]
                    if back:  # his suit, returned
                        return min(back, key=lambda c: (card_points(c), _rank(c)))
            length = {s: sum(1 for c in hand if c[1] == s) for s in SUITS}
            last = (me + n - 1) % n  # the last to play to this lead

            def lead_cost(c: str) -> tuple[bool, bool, bool, bool, int, int]:
                up_to_weak = last % 2 != side and c[1] in voids[last] and trump in voids[last]
                return (card_points(c) > 0, not up_to_weak, said.get(c[1]) is False,
                        not said.get(c[1], False), -length[c[1]], _rank(c))

            return min(plain, key=lead_cost)

        order = PLAY_ORDER[n, view.leader]
        best = trick_best(trick, trump)
        ours = order[best] % 2 == side
        last = len(trick) == len(order) - 1
        top = trick[best]
        later = order[len(trick) + 1:]
        if ours:
            safe = last or all(s % 2 == side for s in later) or (
                boss(top) and (top[1] == trump or not trumps_out)) or (
                boss(top) and top[1] == trick[0][1] and not ruffed(top[1], later))
            if safe:
                def gift(c: str) -> tuple[int, int, int, int]:
                    # a point card that may be lost later, not a boss that takes its own trick
                    # nor (void in the suit led) a trump; then low from a suit it does not want
                    own = boss(c) and (c[1] == trump or not ruffed(c[1], range(n)))
                    keep = own or (c[1] == trump and c[1] != trick[0][1])
                    return (card_points(c) if not keep else 0, -(c[1] == trump), -wanted(c),
                            -_rank(c))

                return max(cards, key=gift)
        worth = sum(card_points(c) for c in trick) + 5
        winners = [c for c in cards if trick_best([*trick, c], trump) == len(trick)]
        if ours:  # overtake the partner only with a card that is surer than his
            winners = [c for c in winners if c[1] != top[1] or any(
                _rank(top) < _rank(o) < _rank(c) for o in view.out_in(c[1]))]
        if winners:
            if last:
                return min(winners, key=lambda c: (c[1] == trump, _rank(c)))
            sure = [c for c in winners if boss(c) and (c[1] == trump or not trumps_out
                                                       or not ruffed(c[1], later))]
            if sure:
                return min(sure, key=lambda c: (c[1] == trump, _rank(c)))
            if worth >= 10 or (top[1] != trump and any(c[1] == trump for c in winners)):
                return min(winners, key=lambda c: (c[1] == trump, _rank(c)))
        if cards[0][1] == trick[0][1]:  # following suit: the cheapest of it
            return min(cards, key=cheap)

        def unguards(c: str) -> bool:
            """Throwing ``c`` leaves a king or queen of its suit short of guards."""
            rest = [x for x in hand if x[1] == c[1] and x != c]
            return any(not boss(x) and ((x[0] == "K" and len(rest) < 2) or
                                        (x[0] == "Q" and len(rest) < 3)) for x in rest)

        def throw_cost(c: str) -> tuple[int, int, int, bool, int, int]:
            length = sum(1 for x in hand if x[1] == c[1])
            return (card_points(c), c[1] == trump, boss(c) or unguards(c), wanted(c), _rank(c),
                    length)

        return min(cards, key=throw_cost)


reading = TrickReader(lambda n: BY_SUIT)
"""The `Reading` of a hand's tricks, remembered for the search's playouts."""


class View:
    """What the play reads of a seat's observation: its seat of ``seats``, trump (None until
    the Hakem's first card), the Hakem, its hand, the trick and its leader, the `Reading` of the
    hand's finished tricks, and the cards another seat may hold (none it sees, none played: by
    suit, `out_in`, with the rank of the highest, ``top_out``) and the voids the tricks and the
    trick in play showed. Made from the observation (`of`) or read from the state as the
    observation shows it (`in_state`); it keeps what it is given and changes none of it."""

    def __init__(self, seat: int, seats: int, trump: str | None, hakem: int | None,
                 hand: list[str], trick: list[str], leader: int, read: Reading,
                 seen: set[str]) -> None:
        self.seat, self.seats, self.trump, self.hakem = seat, seats, trump, hakem
        self.hand, self.trick, self.leader = hand, trick, leader
        self.leads, self.throws = read.leads, read.throws
        self.voids = reading.voids(read.voids, leader, trick, seats)
        self._out = read.out(seen)
        self.top_out = {suit: _rank(cards[-1]) for suit, cards in self._out.items() if cards}

    @classmethod
    def of(cls, obs: ShelemObservation) -> View:
        seat = seat_of(obs)
        n = obs["seats"]
        zones = {z["id"]: faces(z) for z in obs["zones"]}
        return cls(seat, n, obs["trump"], obs["hakem"], zones[f"hand:{seat}"], zones["trick"],
                   trick_leader(obs), reading.anew(obs["history"], n),
                   {c for cards in zones.values() for c in cards})

    @classmethod
    def in_state(cls, state: ShelemState, seat: int) -> View:
        """What `of` reads of ``seat``'s observation, read from the state: the cards it sees
        are its hand, the trick, the cards it laid away as Hakem and, with two seats once the
        piles are turned up, their top cards. The finished tricks are read once for every
        seat (`reading`)."""
        seen = {*state.hands[seat], *state.trick}
        if seat == state.hakem:
            seen.update(state.laid)
        if state.up:
            seen.update(p[-1] for piles in state.piles for p in piles if p)
        return cls(seat, state.seats, state.trump, state.hakem, state.hands[seat], state.trick,
                   state.leader, reading(state.history, state.seats), seen)

    def out_in(self, suit: str) -> list[str]:
        """The cards of ``suit`` another seat may hold, from the lowest up."""
        return self._out[suit]

    def alike(self, a: str, b: str) -> bool:
        """Cards of a suit worth the same points with no card between them that is out or in
        the trick: they take the same tricks and give the same count."""
        return a[1] == b[1] and card_points(a) == card_points(b) and none_between(
            a, b, [*self.out_in(a[1]), *self.trick], _rank)
