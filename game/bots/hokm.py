"""A Hokm bot that plays as a decent club player would, from its own observation only.

Everything it knows beyond its hand comes from the observation: the cards played (the tricks of
this hand are public), the voids they showed (a seat that did not follow a suit has none left),
and with two seats the cards it looked at and threw away. "Out" cards are those it has not seen;
a card is a "boss" when no card out in its suit is higher.

- Trump (Hakem): the suit of its first five worth most: two points a card, plus honours (A 4,
  K 3, Q 2, J 1), so that an ace counts for more than a queen and a jack together.
- Two-seat draw: keep a trump or a queen or better; otherwise take the next card blind.
- Leading, in this order: draw trumps while an opponent may still hold one, when it holds the
  top trump and enough of them (three, or as many as are out), or when it is long in them
  (`LONG_TRUMPS`, and at least half as many as are out: the head of a run, to drive the top
  out, else a low one); cash a boss of a plain suit no opponent can ruff (an opponent shown void
  in it who may still hold trumps); lead a low card of a suit its partner is void in while the
  partner may hold trumps and the opponent after him can not overruff; return the plain suit
  its partner led last (a low card of it), unless the partner showed void in it or an opponent
  can ruff it; else a low card of its longest plain suit, not one an opponent can ruff nor one
  that leaves a king or queen unguarded, first one the last to play (an opponent) can not win,
  void in it and in trumps (through the strong hand, up to the weak one), trumps last.
- Following: when its partner is winning it lets the card stand and throws its cheapest card,
  unless the partner's card can still be beaten by the opponents to come and its own winning card
  is sure (a boss the remaining opponents cannot ruff), or the partner's card is low and its own
  much better. Otherwise it takes the trick with its cheapest sure winner (one no opponent to
  come can beat); lacking one, second in the trick it plays low and leaves the trick to its
  partner, who plays last, unless it can trump; elsewhere it wins as cheaply as it can (the
  lowest winning card of the suit led, or when void the lowest winning trump). When it cannot
  win it throws its cheapest card.
- Throwing: the card that costs least: not a trump, not a boss, not one that leaves a king (with
  nothing beside it) or a queen (with fewer than two beside it) unguarded; then from a suit
  without a jack or better (a low card thrown tells the partner it does not want the suit led),
  low, from a short suit (to make a void).
- At 7–0 (6–0–0 with three seats) it plays on for Bam only when Bam is certain from its own hand:
  no trump out that its trumps cannot draw, and every other card of its hand a boss. Otherwise it
  takes the Kot.
- Cards these rules rank the same go in the pack's order, whatever order the hand was dealt in,
  so that the search can replay the others' plays in a world it deals (`misfits`): a card the
  bot would not have played in their place counts against that world.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from game.bots.base import Bot, TrickReader, last_leads, none_between, own_hand
from game.cards.french import RANK_VALUE, deck
from game.core import Action, State, seat_of
from game.rules.hokm import OUT3, POWER, HokmObservation, HokmState, shown_voids, trick_winner
from game.tricks import faces, played, trick_leader

FULL = deck()
ORDER = {card: i for i, card in enumerate(FULL)}
"""Where each card lies in the pack: the cards it may play are looked at in this order, so that
a tie between two cards goes the same way whatever order the hand was dealt in (and a search
replaying another seat's past choices in a sampled world sees what that seat chose)."""
BY_SUIT = {suit: [c for c in FULL if c[1] == suit] for suit in dict.fromkeys(c[1] for c in FULL)}
"""The pack suit by suit, each from its lowest card up (the pack's own order)."""
HONOURS = {"A": 4, "K": 3, "Q": 2, "J": 1}
OPPONENTS = {n: [tuple(s for s in range(n) if s != me and (n != 4 or s != (me + 2) % 4))
                 for me in range(n)] for n in (2, 3, 4)}
"""``OPPONENTS[n][me]``: the seats against ``me`` at ``n`` seats (with four, the partner is
across the table)."""
LONG_TRUMPS = 5
"""Trumps that are a long holding: drawn even without the top one."""


_rank = {card: RANK_VALUE[card[0]] for card in FULL}.__getitem__
"""A card's rank (2 to 14: the ace high), looked up (a playout asks it a million times)."""


def unseen(seen: set[str | None]) -> dict[str, list[str]]:
    """The cards of each suit not in ``seen``, each suit from its lowest card up."""
    return {suit: [c for c in cards if c not in seen] for suit, cards in BY_SUIT.items()}


reading = TrickReader(lambda n: unseen({OUT3} if n == 3 else set()))
"""The `Reading` of a hand's tricks (with three seats the card set aside is out too),
remembered for the search's playouts."""


class View:
    """What the bot knows at a decision (a playout of the search asks for one at every move, so
    what the play reads often is kept by suit): its seat ``me`` of ``n``, the trump, its hand,
    the trick so far and who led it, the cards of each suit it has not seen outside its hand
    (``unseen``: played and set-aside cards taken out; ``mine_out``: its hand's too), the
    suits each seat has shown it lacks and the suit each seat led last (`last_leads`). It
    keeps what it is given and changes none of it."""

    def __init__(self, me: int, n: int, trump: str, hand: list[str], trick: list[str],
                 leader: int, unseen: Mapping[str, list[str]], voids: list[set[str]],
                 last_led: Sequence[str | None], mine_out: bool = False) -> None:
        self.me, self.n, self.trump = me, n, trump
        self.hand, self.trick, self.leader, self.voids = hand, trick, leader, voids
        self.partner: int | None = (me + 2) % 4 if n == 4 else None
        self.partner_led = None if self.partner is None else last_led[self.partner]
        """The suit the partner led last this hand (None: he has led none)."""
        self.opponents = OPPONENTS[n][me]
        self._out: Mapping[str, list[str]] = unseen
        if not mine_out:
            held = set(hand)
            self._out = {suit: [c for c in cards if c not in held]
                         for suit, cards in unseen.items()}
        self._top_out = {suit: _rank(cards[-1]) for suit, cards in self._out.items() if cards}
        self._trumps_out = len(self._out.get(trump, ()))
        self._suits: dict[str, list[str]] = {suit: [] for suit in BY_SUIT}
        for c in hand:
            self._suits[c[1]].append(c)

    @classmethod
    def of(cls, obs: HokmObservation) -> View:
        """The view of an observation: the voids are those the hand's tricks showed."""
        me = seat_of(obs)
        n = obs["seats"]
        mine = f"hand:{me}"
        hand: list[str] = []
        trick: list[str] = []
        seen: set[str | None] = set()  # the two set aside, a card looked at
        for z in obs["zones"]:
            if z["id"] == mine:
                hand = faces(z)
            elif z["id"] == "trick":
                trick = faces(z)
            else:
                seen.update(z["cards"])
        seen.update(obs.get("seen_discards", []))
        leader = trick_leader(obs)
        history = played(obs["history"])
        tricks = [*history, (leader, trick)]
        for _, cards in tricks:
            seen.update(cards)
        return cls(me, n, obs["trump"] or "", hand, trick, leader, unseen(seen),
                   shown_voids(tricks, n), last_leads(history, n))

    @classmethod
    def in_state(cls, state: HokmState, seat: int) -> View:
        """`of` ``seat``'s observation of ``state``, read from the state without building the
        observation (the cards it reads are those the observation shows that seat: its hand,
        the hand's tricks, the card set aside with three seats, and with two the cards it looked
        at and threw away and the one it is looking at). The finished tricks are read once for
        every seat (`reading`)."""
        n = state.seats
        trick = state.trick
        leader = state.leader
        read = reading(state.history, n)
        hand = state.hands[seat]
        known = {*trick, *hand}
        if n == 2:
            known.update(state.seen[seat])
            if state.turn == seat:
                known.update(state.look)
        return cls(seat, n, state.trump or "", list(hand), list(trick), leader, read.out(known),
                   reading.voids(read.voids, leader, trick, n), read.leads, mine_out=True)

    def suit(self, suit: str) -> list[str]:
        """Its cards of ``suit``, in the hand's order."""
        return self._suits.get(suit, [])

    def out_in(self, suit: str) -> list[str]:
        """The cards of ``suit`` it has not seen."""
        return self._out.get(suit, [])

    def boss(self, card: str) -> bool:
        """No card out in its suit is higher."""
        return _rank(card) > self._top_out.get(card[1], 0)

    def alike(self, a: str, b: str) -> bool:
        """Two cards of a suit with no card between them that is out or in the trick: they take
        the same tricks, and a card counts for nothing in Hokm but the tricks it wins."""
        return a[1] == b[1] and none_between(a, b, [*self.out_in(a[1]), *self.trick], _rank)

    def trumps_out(self) -> int:
        return self._trumps_out

    def may_ruff(self, seat: int, suit: str) -> bool:
        """Whether ``seat`` may trump a lead of ``suit``: void in it, maybe holding trumps."""
        return (suit != self.trump and suit in self.voids[seat]
                and self.trump not in self.voids[seat] and self.trumps_out() > 0)

    def unguards(self, card: str) -> bool:
        """Whether throwing ``card`` leaves a king or queen of its suit short of guards."""
        rest = [c for c in self.suit(card[1]) if c != card]
        for c in rest:
            if self.boss(c):
                continue
            if (c[0] == "K" and len(rest) < 2) or (c[0] == "Q" and len(rest) < 3):
                return True
        return False

    def throw_cost(self, card: str) -> tuple[int, bool, int, int]:
        """What throwing ``card`` costs: a trump most, then a boss or a king's or queen's
        guard; then a card of a suit with an honour (a jack or better: a suit it wants led,
        while a low card thrown says it does not), then a high card, then one of a long suit."""
        trump = card[1] == self.trump
        keep = 2 if trump else 1 if self.boss(card) or self.unguards(card) else 0
        wanted = any(_rank(c) >= RANK_VALUE["J"] for c in self.suit(card[1]))
        return keep, wanted, _rank(card), len(self.suit(card[1]))


Replayed = tuple[int, list[str], int, dict[str, list[str]], list[set[str]], list[str | None],
                 str]
"""A play replayed (`HeuristicBot.misfits`): player, trick before it, its leader, cards not yet
seen by suit, voids shown, the suit each seat led last, the card played."""


class HeuristicBot(Bot[HokmObservation]):
    _replayed: tuple[tuple[tuple[int, tuple[str, ...]], ...], list[Replayed]] | None = None
    """The plays `_replay` went through last, and what it made of them."""

    def choose(self, observation: HokmObservation, legal: Sequence[Action]) -> Action:
        verbs = {a.verb for a in legal}
        if "trump" in verbs:
            return self._name_trump(observation, legal)
        if "keep" in verbs:
            return self._draw(observation, legal)
        if "stop" in verbs:
            verb = "bam" if self._bam_is_certain(View.of(observation)) else "stop"
            return next(a for a in legal if a.verb == verb)
        return self._play(View.of(observation), legal)

    def read_state(self, state: State, seat: int, legal: Sequence[Action]) -> Action | None:
        """A card to play, chosen on `View.in_state`."""
        if isinstance(state, HokmState) and state.phase == "play":
            return self._play(View.in_state(state, seat), legal)
        return None

    def alike(self, observation: HokmObservation, a: Action, b: Action) -> bool:
        """Two plays of cards the view calls alike (`View.alike`)."""
        if a.verb != "play" or b.verb != "play" or a.arg[1] != b.arg[1]:
            return False
        return View.of(observation).alike(a.arg, b.arg)

    # -- before play --------------------------------------------------------------------------
    @staticmethod
    def _name_trump(obs: HokmObservation, legal: Sequence[Action]) -> Action:
        hand = own_hand(obs)

        def strength(suit: str) -> tuple[int, int]:
            mine = [c for c in hand if c[1] == suit]
            return 2 * len(mine) + sum(HONOURS.get(c[0], 0) for c in mine), len(mine)

        return max(legal, key=lambda a: strength(a.arg))

    @staticmethod
    def _draw(obs: HokmObservation, legal: Sequence[Action]) -> Action:
        """Two seats: keep a trump or a card of queen or better, else take the next blind."""
        look = next(c for z in obs["zones"] if z["id"] == "look" for c in z["cards"])
        good = look is not None and (look[1] == obs["trump"] or _rank(look) >= RANK_VALUE["Q"])
        return next(a for a in legal if a.verb == ("keep" if good else "discard"))

    @staticmethod
    def _bam_is_certain(v: View) -> bool:
        """Whether leading from this hand takes every trick left whatever the others hold."""
        mine = v.suit(v.trump)
        out = v.out_in(v.trump)
        if out and (len(mine) < len(out) or min(map(_rank, mine)) < max(map(_rank, out))):
            return False
        return all(v.boss(c) for c in v.hand if c[1] != v.trump)

    # -- play ---------------------------------------------------------------------------------
    def _play(self, v: View, legal: Sequence[Action]) -> Action:
        card = self._card(v, [a.arg for a in legal])
        return next(a for a in legal if a.arg == card)

    def _card(self, v: View, cards: list[str]) -> str:
        cards = sorted(cards, key=ORDER.__getitem__)
        return self._lead(v, cards) if not v.trick else self._follow(v, cards)

    def misfits(self, world: State, seat: int, limit: int) -> int:
        """The cards the opponents of ``seat`` played this hand that this bot, holding what
        ``world`` deals them, would not have played (a card alike its own choice counts as its
        choice), counted up to ``limit``. Only the play is replayed: naming trump and the
        two-seat draw say less, and with two seats the discards each saw are left out.

        A partner's cards are not read: at the table the partner is a person or a searching bot
        as often as this heuristic, and a search leaves the heuristic's card where its worlds
        say so; read as this bot's play, its cards mislead (two searching partners won no more
        hands than one searching seat with a heuristic partner)."""
        assert isinstance(world, HokmState)
        n, trump = world.seats, world.trump or ""
        plays = [*world.history, (world.leader, world.trick)]
        hands = [list(h) for h in world.hands]  # the hands before the first trick
        for leader, cards in plays:
            for i, card in enumerate(cards):
                hands[(leader + i) % n].append(card)
        count = 0
        for player, trick, leader, out, voids, leads, card in self._replay(plays, n):
            hand = hands[player]
            follow = [c for c in hand if c[1] == trick[0][1]] if trick else []
            choices = follow or hand
            if world.side(player) != world.side(seat) and len(choices) > 1:
                v = View(player, n, trump, hand, trick, leader, out, voids, leads)
                mine = self._card(v, choices)
                if mine != card and not v.alike(mine, card):
                    count += 1
                    if count >= limit:
                        return count
            hand.remove(card)
        return count

    def _replay(self, plays: list[tuple[int, list[str]]], n: int) -> list[Replayed]:
        """The hand's plays in order, each with what everyone knew before it (the public part
        of the player's view: the cards not yet seen, the voids shown, the suits led: the
        `Reading` of the tricks before, and the trick so far). The same for every world a
        search deals at a decision, so the last answer is kept."""
        key = tuple((leader, tuple(cards)) for leader, cards in plays)
        if self._replayed is not None and self._replayed[0] == key:
            return self._replayed[1]
        read = reading.start(n)
        steps: list[Replayed] = []
        for leader, cards in plays:
            for i, card in enumerate(cards):
                before = cards[:i]
                steps.append(((leader + i) % n, before, leader, read.out(before),
                              reading.voids(read.voids, leader, before, n), read.leads, card))
            if cards:
                read = reading.after(read, leader, cards, n)
        self._replayed = (key, steps)
        return steps

    def _lead(self, v: View, cards: list[str]) -> str:
        trump = v.trump
        held = sorted(v.suit(trump), key=_rank, reverse=True)
        trumps = [c for c in held if c in cards]  # only what it may play (an easy bot's slip)
        out_trumps = v.trumps_out()
        opponents_may_trump = any(trump not in v.voids[o] for o in v.opponents)
        if trumps and out_trumps and opponents_may_trump:
            if v.boss(trumps[0]) and (len(held) >= 3 or len(held) >= out_trumps):
                return trumps[0]
            if len(held) >= LONG_TRUMPS and 2 * len(held) >= out_trumps:
                # long without the top: drive it out, from the head of a run, else low
                return trumps[0] if len(trumps) > 1 and v.alike(*trumps[:2]) else trumps[-1]
        plain = [c for c in cards if c[1] != trump]
        bosses = [c for c in plain if v.boss(c)
                  and not any(v.may_ruff(o, c[1]) for o in v.opponents)]
        if bosses:
            return max(bosses, key=_rank)
        p = v.partner
        if p is not None and out_trumps and trump not in v.voids[p]:
            after = (p + 1) % v.n
            feed = [c for c in plain if c[1] in v.voids[p] and not v.may_ruff(after, c[1])]
            if feed:
                return min(feed, key=_rank)
        led = v.partner_led
        if p is not None and led is not None and led != trump and led not in v.voids[p] \
                and not any(v.may_ruff(o, led) for o in v.opponents):
            back = [c for c in plain if c[1] == led]
            if back:  # his suit, returned
                return min(back, key=_rank)
        if not plain:
            return min(cards, key=_rank)
        last = (v.me + v.n - 1) % v.n  # the last to play to this lead

        def lead_cost(c: str) -> tuple[bool, bool, bool, int, int]:
            ruffed = any(v.may_ruff(o, c[1]) for o in v.opponents)
            up_to_weak = last in v.opponents and c[1] in v.voids[last] \
                and trump in v.voids[last]
            return ruffed, v.unguards(c), not up_to_weak, -len(v.suit(c[1])), _rank(c)

        return min(plain, key=lead_cost)

    def _follow(self, v: View, cards: list[str]) -> str:
        trick, leader, trump, n = v.trick, v.leader, v.trump, v.n
        led = trick[0][1]
        winning = trick_winner(trick, leader, trump, n)
        to_come = [(v.me + i) % n for i in range(1, n - len(trick))]
        opponents_to_come = [s for s in to_come if s != v.partner]

        def beaters(card: str) -> int:
            """Cards out that would beat ``card`` if an opponent to come played them."""
            if not opponents_to_come:
                return 0
            if card[1] == trump:  # overtrumped only by a seat out of the suit led
                higher = sum(1 for o in v.out_in(trump) if _rank(o) > _rank(card))
                short = led == trump or len(v.out_in(led)) < 2 or any(
                    led in v.voids[s] for s in opponents_to_come)
                return higher if short else 0
            higher = sum(1 for o in v.out_in(card[1]) if _rank(o) > _rank(card))
            if any(v.may_ruff(s, led) for s in opponents_to_come):
                return higher + 13
            return higher

        power = POWER[trump, led]
        best = max(map(power.__getitem__, trick))
        winners = [c for c in cards if power[c] > best]  # each would take the trick now
        if winning == v.partner:
            top = trick[(winning - leader) % n]
            risk = beaters(top)
            if risk:
                sure = [c for c in winners if beaters(c) == 0]
                if sure:
                    return min(sure, key=lambda c: (c[1] == trump, _rank(c)))
                better = [c for c in winners if beaters(c) + 2 < risk and c[1] != trump]
                if risk >= 3 and better:
                    return min(better, key=_rank)
            return self._cheapest(v, cards)
        if winners:
            cheap = min(winners, key=lambda c: (c[1] == trump, _rank(c)))
            sure = [c for c in winners if beaters(c) == 0]
            if sure:
                return min(sure, key=lambda c: (c[1] == trump, _rank(c)))
            if v.partner in to_come and cheap[1] != trump:
                return self._cheapest(v, cards)  # second hand low: the partner plays last
            return cheap
        return self._cheapest(v, cards)

    @staticmethod
    def _cheapest(v: View, cards: list[str]) -> str:
        if cards[0][1] == v.trick[0][1]:  # following suit: the lowest of it
            return min(cards, key=_rank)
        return min(cards, key=v.throw_cost)
