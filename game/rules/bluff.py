"""Bluff (بلف), seed 002, for 3 to 8 seats with one or two decks, anticlockwise.

Rules (seed)
------------
- All the cards are shuffled and dealt out one at a time, seat 0 first.
- In turn (seat 0 begins) a seat lays one or more cards face down on the pile and claims a count
  and a rank, "four 3s": the count is the number of cards laid, the rank is any rank (the seed
  names no rule tying the rank to the pile's; "a set of like cards"). The claim may be a lie.
- After every claim each other seat answers at once and in private, ``call`` ("bluff!") or
  ``pass``; the window closes when all have answered. If nobody calls, the turn passes to the
  next seat. If some call, the caller is the first caller after the claimer in play order; the
  cards just laid are turned face up: if any is not of the claimed rank the claimer takes the
  whole pile into hand, otherwise the caller does. Play then goes on with the seat after the
  claimer.
- The first seat to empty its hand wins, and the game ends. A seat that lays its last cards has
  won when the window closes with no call, or when it is called and its claim was true; if it
  is called and it lied, it takes the pile and plays on.

Where the seed is silent
------------------------
- How many cards a claim may hold: 1 to 4 (one deck) or 1 to 8 (two decks), the copies of a rank.
- Which rank: any rank, every turn (the seed's example of a free claim); the pile need not
  follow a rank.
- Several callers: the first after the claimer in play order takes the risk.
- One deal is the whole game; the sheet shows the cards left in each hand.

Options
-------
``decks`` 1 (default) or 2: the seed says a big table with several decks is more fun; two decks
are the option for it. ``deck`` stacks the shuffle (game.core).

Codes and zones
---------------
Cards ``AS TD 9H``...; with two decks the second deck's cards carry a ``b``: ``ASb`` (codes stay
distinct so one claim may lay both aces of spades). Actions: ``claim <cards> <rank>`` (patterns
``claim ?1-4 K`` per rank), ``call``, ``pass``. Zones: ``hand:<s>`` (fan, its owner),
``pile`` (discard, face down). The cards a call turns up go straight to the taker's hand; the
``call`` event carries them (``cards``, ``lie``, ``taker``) for the table to show. Facts: ``claim``
(the last claim: seat, count, rank), ``claims`` (the claims on the pile: [seat, count, rank]),
``pile`` (cards on the pile), ``record`` (per seat [lies caught, truths shown]), ``known`` (private:
``{card: zone}`` for cards the seat knows the place of in hidden zones), ``shown`` (public:
``{card: hand}`` for the cards a call turned up, in the hand that took them, until that hand lays
cards; a seat forgets then what it knew of the hand), ``laid`` (private, the claimer's: its cards of
the claim in the window), ``winner`` once over.
"""

from __future__ import annotations

import random
from typing import NotRequired, TypedDict

from game.cards.french import RANKS, deck
from game.core import (HAND_IDS, JSON, Action, Event, IllegalAction, Option, Reason, Rules, State,
                       Zone, check_choice, check_entries, check_seat_fields, seat_of)
from game.deal import HandDealt, hands_dealt
from game.fast import shuffle_with
from game.registry import register
from game.shapes import NoData, Observation, Result, TableFacts

_copy = list.copy
_new_zone = tuple.__new__

CALL = Action("call")
PASS = Action("pass")


CLAIMS = {top: tuple(Action("claim", f"?1-{top} {r}") for r in RANKS) for top in range(9)}
"""The claim patterns, by the most cards a claim may lay: made once, not on every call."""


class BluffFacts(TableFacts):
    """Bluff's facts: the claims and what the looking seat knows of the cards' places."""

    decks: int
    turn: int
    claim: list[int | str] | None
    """The last claim as [seat, count, rank] (None before the first)."""
    claims: list[list[int | str]]
    """The claims on the pile, each [seat, count, rank]."""
    pile: int
    """How many cards lie on the pile."""
    last: int
    """How many cards the last claim laid."""
    record: list[list[int]]
    """Each seat's [lies caught, truths shown]."""
    known: dict[str, str]
    """Private: card -> zone for the cards the looking seat knows the place of."""
    shown: dict[str, str]
    """Card -> hand for the cards a call turned up, until that hand lays cards."""
    answered: dict[str, bool]
    """Private: the looking seat's answer to the claim (seat -> called), if it gave one."""
    laid: list[str]
    """Private, the claimer's: its cards of the claim in the window."""
    winner: NotRequired[int]
    """The seat that emptied its hand, once over."""


class BluffObservation(Observation, BluffFacts):
    """What a seat may know of a Bluff game."""


def _copied(claim: list[JSON] | None) -> list[JSON] | None:
    """The last claim as a new list: observations and saves share nothing with the state."""
    return None if claim is None else claim[:]


def cards_for(decks: int) -> tuple[str, ...]:
    one = deck()
    return tuple(one) + (tuple(c + "b" for c in one) if decks == 2 else ())


ALL_CODES = frozenset(cards_for(2))
CARDS = {1: cards_for(1), 2: cards_for(2)}
CARD_SETS = {k: frozenset(v) for k, v in CARDS.items()}


RANK_SET = frozenset(RANKS)
_OWNER = tuple((s,) for s in range(8))
"""``(s,)``: who sees hand ``s``, and who sees its claim's cards."""
_OTHERS = {n: tuple(tuple(o for o in range(n) if o != s) for s in range(n)) for n in range(3, 9)}
"""By table size and seat: the other seats in seat order (who answers a claim)."""
_AFTER = {n: tuple(tuple((s + k) % n for k in range(1, n)) for s in range(n)) for n in range(3, 9)}
"""By table size and seat: the other seats in play order, from the next one (callers' order)."""


# -- the events' data (`BluffRules.events`) --------------------------------------------------
Claim = TypedDict("Claim", {"from": str, "to": str, "count": int, "rank": str,
                            "cards": NotRequired[list[str]]})
"""Cards laid face down on the pile, claimed to be ``count`` of ``rank``: named to the claimer
alone."""


class Claimed(TypedDict):
    """The claim as everyone hears it: ``count`` cards of ``rank``."""

    count: int
    rank: str


class Called(TypedDict):
    """Bluff called on ``claimer``'s claim: the seats that called (the first takes the risk),
    the claim's cards turned up, whether it was a ``lie``, and the seat that takes the pile."""

    claimer: int
    callers: list[int]
    cards: list[str]
    lie: bool
    taker: int


Taken = TypedDict("Taken", {"from": str, "to": str, "count": int, "shown": list[str]})
"""The pile taken into a hand after a call: ``count`` cards, of which the call ``shown``."""


class Unanswered(TypedDict):
    """Nobody called ``claimer``'s claim."""

    claimer: int


class Won(TypedDict):
    """``winner`` emptied the hand and won."""

    winner: int


EVENTS = {"deal": HandDealt, "claim": Claim, "claimed": Claimed, "answered": NoData,
          "call": Called, "take": Taken, "no_call": Unanswered, "turn": NoData, "won": Won}

# Events are never changed once made (game.core.Event), so those that show no card are made once.
ANSWERED = tuple(Event("answered", s, NoData()) for s in range(8))
TURN = tuple(Event("turn", s, NoData()) for s in range(8))
NO_CALL = tuple(Event("no_call", None, Unanswered(claimer=s)) for s in range(8))
WON = tuple(Event("won", s, Won(winner=s)) for s in range(8))
_CLAIMED: dict[tuple[int, int, int, str], tuple[Event, Event]] = {}
"""By table size, claimer, count and rank: the claim's event for the other seats (no cards) and
its public ``claimed`` event, made when first needed (at most a few thousand)."""


def _claimed(seats: int, seat: int, count: int, rank: str) -> tuple[Event, Event]:
    key = (seats, seat, count, rank)
    pair = _CLAIMED.get(key)
    if pair is None:
        pair = _CLAIMED[key] = (
            Event("claim", seat, Claim({"count": count, "rank": rank, "from": HAND_IDS[seat],
                                        "to": "pile"}), to=_OTHERS[seats][seat]),
            Event("claimed", seat, Claimed(count=count, rank=rank)))
    return pair


class BluffRules(Rules):
    id = "bluff"
    names = {"fa": "بلف", "en": "Bluff", "ar": "بلف"}
    seat_counts = (3, 4, 5, 6, 7, 8)
    direction = "anticlockwise"
    options = {"decks": Option("decks", 1, (1, 2), "one deck, or two for a big table")}
    events = EVENTS

    def parse_action(self, code: str) -> Action:
        if code == "call":
            return CALL
        if code == "pass":
            return PASS
        words = code.split(" ") if isinstance(code, str) else []
        if len(words) >= 3 and words[0] == "claim" and words[-1] in RANK_SET and (
                ALL_CODES.issuperset(words[1:-1]) or (len(words) == 3 and _pick(words[1]))):
            return Action("claim", code[6:])
        raise IllegalAction(f"{code!r} is not a Bluff action (claim 3S 3D 3, call, pass)")

    def sample_state(self, observation: Observation, seed: int) -> BluffState:
        """A world the seat cannot tell from the real one, consistent with what every seat knows.

        Fixed: the seat's hand, the cards it knows the place of (``known``: its own cards on the
        pile, in the order of its claims; its cards taken up with a pile) and the cards a call
        turned up, in the hand that took them (``shown``, public). The pile is rebuilt claim by
        claim (``claims``): another seat's claim gets cards of the claimed rank while unseen
        ones are left, except that it holds one odd card at the claimer's caught-lie rate (a
        claim that cannot be true is a lie). The rest of the unseen cards are dealt at random
        to the other hands, to their sizes. Each other seat knows its own cards on the pile and
        the shown cards, as it would in play. Left out: which cards of a pile a taker took up
        another seat had laid (that seat knows them in the taker's hand until it lays cards),
        and the like ranks a taken pile of mostly true claims puts in the taker's hand."""
        obs = self.narrow(observation, BluffObservation)
        n = obs["seats"]
        me = seat_of(obs)
        zones = {z["id"]: z["cards"] for z in obs["zones"]}
        decks = obs["decks"]
        mine_hand = [c for c in zones[f"hand:{me}"] if c is not None]
        known = dict(obs["known"])
        shown = dict(obs["shown"])
        placed = dict(shown)
        placed.update(known)
        for c in mine_hand:
            placed.pop(c, None)
        rng = random.Random(seed)
        seen = set(mine_hand)
        seen.update(placed)
        if len(seen) < len(mine_hand) + len(placed) or not seen <= CARD_SETS[decks]:
            raise ValueError("the observation does not fit the cards of Bluff")
        pool = shuffle_with(rng, [c for c in CARDS[decks] if c not in seen])  # rng.shuffle's order
        by_rank: dict[str, list[str]] = {r: [] for r in RANKS}
        for c in pool:
            by_rank[c[0]].append(c)
        left = len(pool)
        taken: set[str] = set()

        def pick(skip: str | None) -> str:
            """An unseen card at random, not of rank ``skip``."""
            nonlocal left
            i = rng.randrange(left - (len(by_rank[skip]) if skip is not None else 0))
            for r, cards in by_rank.items():
                if r == skip:
                    continue
                if i < len(cards):
                    left -= 1
                    c = cards.pop(i)
                    taken.add(c)
                    return c
                i -= len(cards)
            raise ValueError("the observation does not fit the cards of Bluff")

        def draw(rank: str | None) -> str:
            """An unseen card of ``rank`` while one is left, else (or for None) any, at random."""
            nonlocal left
            if rank is not None and by_rank[rank]:
                left -= 1
                c = by_rank[rank].pop()
                taken.add(c)
                return c
            return pick(None)

        def odd(rank: str) -> str:
            """An unseen card not of ``rank`` where one is left."""
            return draw(rank) if left - len(by_rank[rank]) <= 0 else pick(rank)

        s = BluffState(n, seed, {"decks": decks})
        s.phase = obs["phase"]
        s.turn = obs["turn"]
        claim = obs["claim"]
        s.claim = None if claim is None else [int(claim[0]), int(claim[1]), str(claim[2])]
        s.claims = [[int(a), int(b), str(c)] for a, b, c in obs["claims"]]
        s.record = [[int(a), int(b)] for a, b in obs["record"]]
        s.winner = obs.get("winner")
        s.shown = shown
        s.answers = {int(k): v for k, v in obs["answered"].items()}
        if s.phase == "call":
            for o in range(n):
                if o != s.turn and o not in obs["to_act"] and o not in s.answers:
                    s.answers[o] = False
        # the pile, claim by claim: the seat's own cards where it laid them, others' drawn
        own = [c for c, z in known.items() if z == "pile"]
        laid = list(obs["laid"])
        own_early = [c for c in own if c not in laid]
        pile: list[str] = []
        last: list[str] = []
        for i, (who, count, rank) in enumerate(s.claims):
            final = i == len(s.claims) - 1
            if who == me:
                if final and laid:
                    cards = list(laid)
                else:
                    cards, own_early = own_early[:count], own_early[count:]
                    while len(cards) < count:  # cannot happen in play; keep the sizes
                        cards.append(draw(None))
            else:
                lies, truths = s.record[who]
                lie = count and rng.random() < (lies + 1) / (lies + truths + 4)
                cards = [draw(rank) for _ in range(count - 1 if lie else count)]
                if lie:
                    cards.insert(rng.randrange(count), odd(rank))
                k = s.known[who]
                for c in cards:
                    k[c] = "pile"
            pile += cards
            last = cards
        size = len(zones["pile"])
        while len(pile) < size:  # a pile the claims do not account for (not in play)
            pile.insert(0, draw(None))
        s.pile = pile
        s.last = list(last) if obs["last"] else []
        rest = [c for c in pool if c not in taken] if taken else pool  # still in random order
        for seat in range(n):
            zone = f"hand:{seat}"
            if seat == me:
                s.hands[seat] = list(mine_hand)
                continue
            hand = [c for c, z in placed.items() if z == zone]
            need = len(zones[zone]) - len(hand)
            if need < 0 or need > len(rest):
                raise ValueError("the observation does not fit the cards of Bluff")
            hand += rest[len(rest) - need:]
            del rest[len(rest) - need:]
            s.hands[seat] = hand
            k = s.known[seat]
            for c, z in shown.items():
                if z != zone:
                    k[c] = z
        s.known[me] = known
        if rest:
            raise ValueError("the observation does not fit the cards of Bluff")
        return s


def _pick(word: str) -> bool:
    if not word.startswith("?1-"):
        return False
    tail = word[3:]
    return tail.isdigit() and 1 <= int(tail) <= 8 and str(int(tail)) == tail


class BluffState(State):
    FIELDS = ("phase", "hands", "pile", "turn", "claim", "claims", "last", "record", "known",
              "winner")

    def __init__(self, seats: int, seed: int, options: dict[str, JSON]) -> None:
        self.seats = seats
        self.seed = seed
        self.options = options
        self.decks = int(options["decks"])
        self.chance_count = 0
        self.phase = "claim"
        self.hands: list[list[str]] = [[] for _ in range(seats)]
        self.pile: list[str] = []
        self.turn = 0
        self.claim: list[JSON] | None = None
        self.claims: list[list[JSON]] = []
        """The claims on the pile, [seat, count, rank]: each made once and never changed (a clone
        shares them)."""
        self.last: list[str] = []
        """The cards of the claim in the window: the top of the pile (a taker picks it up whole)."""
        self.answers: dict[int, bool] = {}
        self.record = [[0, 0] for _ in range(seats)]
        self.known: list[dict[str, str]] = [{} for _ in range(seats)]
        self.shown: dict[str, str] = {}
        """Public: the cards a call turned up, by the hand that took them, until it lays cards."""
        self.winner: int | None = None

    def check_fields(self) -> None:
        check_choice(self, "phase", ("claim", "call", "over"))
        check_seat_fields(self, "turn")
        check_seat_fields(self, "winner", none=True)
        check_entries(self, self.seats, "seat", "hands", "record", "known")
        claim = self.claim
        if not ((claim is None and self.phase != "call") or (isinstance(claim, list)
                and len(claim) == 3 and type(claim[0]) is int and 0 <= claim[0] < self.seats)):
            also = "" if self.phase == "call" else " or none"
            raise ValueError(f"claim is [seat, count, rank]{also}, not {claim!r}")

    def start(self) -> list[Event]:
        cards = self.shuffled(list(cards_for(self.decks)), "deal")
        for i, card in enumerate(cards):
            self.hands[i % self.seats].append(card)
        return hands_dealt(self.hands)

    def after(self, seat: int) -> int:
        return (seat + 1) % self.seats

    # -- the contract -------------------------------------------------------------------
    def to_act(self) -> list[int]:
        phase = self.phase
        if phase == "claim":
            return [self.turn]
        if phase == "over":
            return []
        answers = self.answers
        waiting = []
        for s in _OTHERS[self.seats][self.turn]:  # a loop: a comprehension costs a call here
            if s not in answers:
                waiting.append(s)
        return waiting

    def _legal(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == "call":
            return [] if seat == self.turn or seat in self.answers else [CALL, PASS]
        if phase != "claim" or seat != self.turn:
            return []
        return list(CLAIMS[min(4 * self.decks, len(self.hands[seat]))])

    def why_illegal(self, seat: int, action: Action) -> str | None:
        if self.phase == "call":
            return None if action in (CALL, PASS) else \
                Reason("answer_first", "answer the claim first: call or pass")
        verb, arg = action
        if verb != "claim":
            return Reason("claim_now", "it is your turn to lay cards and make a claim")
        cards = arg.split()[:-1]
        if len(set(cards)) != len(cards):
            return Reason("laid_once", "each card may be laid once")
        hand = self.hands[seat]
        for c in cards:
            if c not in hand:
                return Reason("not_held", "you do not hold {card}", card=c)
        if len(cards) > 4 * self.decks:
            return Reason("claim_most", "a claim holds at most {n} cards", n=4 * self.decks)
        return None

    def _apply(self, seat: int, action: Action) -> list[Event]:
        if self.phase == "claim":
            return self._claim(seat, action)
        answers = self.answers
        answers[seat] = action == CALL
        if len(answers) < self.seats - 1:
            return [ANSWERED[seat]]
        return self._close()

    def _claim(self, seat: int, action: Action) -> list[Event]:
        cards = action.arg.split()
        rank = cards.pop()
        count = len(cards)
        hand = self.hands[seat]
        mine = self.known[seat]
        for c in cards:
            hand.remove(c)
            mine[c] = "pile"
        self.pile += cards
        self.last = cards
        self.claim = [seat, count, rank]
        self.claims.append([seat, count, rank])
        self.answers = {}
        self.phase = "call"
        zone = HAND_IDS[seat]
        others = _OTHERS[self.seats][seat]
        known = self.known
        # the claimer plays cards: what the others knew of its hand, and the cards shown in it,
        # may be gone (loops over a copy of the items: a comprehension costs a call)
        for o in others:
            k = known[o]
            if zone in k.values():
                for c, z in list(k.items()):
                    if z == zone:
                        del k[c]
        shown = self.shown
        if zone in shown.values():
            for c, z in list(shown.items()):
                if z == zone:
                    del shown[c]
        public, claimed = _claimed(self.seats, seat, count, rank)
        return [Event("claim", seat, Claim({"count": count, "rank": rank, "from": zone,
                                            "to": "pile", "cards": cards[:]}), to=_OWNER[seat]),
                public, claimed]

    def _close(self) -> list[Event]:
        claim = self.claim
        assert claim is not None
        claimer, rank = claim[0], claim[2]
        answers = self.answers
        after = _AFTER[self.seats][claimer]
        callers = []
        for o in after:
            if answers.get(o):
                callers.append(o)
        self.answers = {}
        last = self.last  # the state lets go of it below: the events may keep it
        events: list[Event] = []
        if callers:
            caller = callers[0]
            lie = False
            for c in last:
                if c[0] != rank:
                    lie = True
                    break
            taker = claimer if lie else caller
            self.record[claimer][0 if lie else 1] += 1
            events.append(Event("call", caller, Called({"claimer": claimer, "callers": callers,
                                                        "cards": last, "lie": lie,
                                                        "taker": taker})))
            taken = self.pile  # the claim's cards on top, as the taker picks it up
            self.pile = []
            self.hands[taker] += taken
            zone = HAND_IDS[taker]
            for o, k in enumerate(self.known):
                if o == taker:
                    k.clear()
                    continue
                if "pile" in k.values():
                    for c, z in k.items():  # values only change: the dict keeps its size
                        if z == "pile":
                            k[c] = zone
                for c in last:
                    k[c] = zone
            shown = self.shown
            for c in last:
                shown[c] = zone
            events.append(Event("take", taker, Taken({"from": "pile", "to": zone,
                                                      "count": len(taken), "shown": last})))
            self.claims = []
        else:
            events.append(NO_CALL[claimer])
        self.last = []
        self.claim = None
        if not self.hands[claimer]:
            self.winner = claimer
            self.phase = "over"
            events.append(WON[claimer])
            return events
        self.phase = "claim"
        self.turn = turn = after[0]
        events.append(TURN[turn])
        return events

    def own_cards(self, seat: int) -> list[str]:
        return self.hands[seat][:]

    def zones(self) -> list[Zone]:
        # Each Zone made as its NamedTuple __new__ makes it, without that Python call (every
        # observation builds them: this halves the time).
        zs = []
        for s, hand in enumerate(self.hands):
            zs.append(_new_zone(Zone, (HAND_IDS[s], "hand", s, tuple(hand), "fan", _OWNER[s],
                                       None, None)))
        zs.append(_new_zone(Zone, ("pile", "discard", None, tuple(self.pile), "pile", (), None,
                                   None)))
        return zs

    def facts(self, seat: int | None) -> BluffFacts:
        d: BluffFacts = {
            "decks": self.decks, "turn": self.turn, "claim": _copied(self.claim),
            "claims": list(map(list, self.claims)), "pile": len(self.pile),
            "last": len(self.last), "record": list(map(list, self.record)),
            "known": dict(self.known[seat]) if seat is not None else {},
            "shown": dict(self.shown),
            "answered": ({str(seat): self.answers[seat]} if seat in self.answers else {}),
            "laid": list(self.last) if seat is not None and self.claim is not None
            and self.claim[0] == seat else [],
        }
        if self.winner is not None:
            d["winner"] = self.winner
        return d

    def observation(self, seat: int | None) -> BluffObservation:
        return {**self.frame(seat), **self.facts(seat)}

    def is_over(self) -> bool:
        return self.phase == "over"

    def result(self) -> Result:
        left = [len(h) for h in self.hands]
        return {"winners": [self.winner] if self.winner is not None else [],
                "points": [-n for n in left],
                "sheet": {"columns": ["seat", "cards left", "lies caught", "truths shown"],
                          "rows": [[s, left[s], self.record[s][0], self.record[s][1]]
                                   for s in range(self.seats)]}}

    def to_dict(self) -> dict[str, JSON]:
        return {**super().to_dict(), "shown": dict(self.shown),
                "answers": {str(k): v for k, v in self.answers.items()}}

    def load(self, d: dict[str, JSON]) -> None:
        super().load(d)
        if self.last and self.pile[len(self.pile) - len(self.last):] != self.last:
            raise ValueError("the cards of the claim in the window (last) are not the pile's top")
        self.answers = {int(k): bool(v) for k, v in d["answers"].items()}
        self.shown = {str(c): str(z) for c, z in dict(d.get("shown", {})).items()}

    def clone(self) -> BluffState:
        # One dict copy, then the lists play changes, each copied by list.copy through map:
        # about half the time of update() and a comprehension per list (search clones a lot).
        c = BluffState.__new__(BluffState)
        d = self.__dict__.copy()
        d["hands"] = list(map(_copy, self.hands))
        d["pile"] = self.pile[:]
        d["claims"] = self.claims[:]
        d["last"] = self.last[:]
        d["answers"] = dict(self.answers)
        d["record"] = list(map(_copy, self.record))
        d["known"] = list(map(dict.copy, self.known))
        d["shown"] = self.shown.copy()
        d["opening"] = []
        c.__dict__ = d
        return c

    def move_of(self, seat: int, action: Action) -> tuple[str, str] | None:
        return None


RULES = register(BluffRules(), BluffState)
