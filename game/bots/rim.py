"""A heuristic Rim player: keeps what builds melds, keeps its melds in hand until it can go out,
sheds big loose cards.

- Take the discard's top card only when it joins a meld of the hand's best arrangement or fits
  a meld on the table; otherwise draw blind.
- Keep the melds of the hand's best arrangement (the one leaving the fewest unmatched points) in
  hand until the turn it can go out: when at most one loose card would be left (not the card
  just taken, which may not be discarded), lay them all down, add the loose cards that fit melds
  on the table, and discard the last. Until then, add a loose card that fits a meld on the table.
- Discard the loose card that costs most and helps least: its points, less a little for each
  card of the hand it could still meld with (same rank, or same suit one or two ranks away), and
  never a card the opponent is seen collecting (its rank, or its suit close by).

Why keep the melds: a meld in hand is not counted against its holder when the other goes out,
while a meld on the table lets the other shed his loose cards on it and shows what is collected;
the seed itself has a player go out when his cards are all "جور" (arranged), with nothing laid
down before. Measured against the bot that laid its melds down at once, on duplicate deals
(``python benchmarks/bots.py --game rim --pairs normal-heuristic --bot heuristic=OLD --jobs 2``,
OLD that bot's file, ``git show 16b91d8:game/bots/rim.py``): 68.8 % of 4000 deals (``--games
4000 --seed 1``), 68.2 % of 4000 with ``--seed 9001``, [66.9, 69.5] over its 2000 deals, and
92.3 % of 1000 matches to 100 points (``--option length=match --games 1000 --seed 9001``,
[90.7, 93.9] over 500 deals). A variant that also kept its loose cards off the table's melds
until it could go out came out level with this one (50.0 % of 4000 deals of seed 5001, [47.8,
52.2]).

Hard searches the first four discards of this bot (`game.bots.search.TOP`): against it,
52.8 % of 1000 games, [50.2, 55.4] over 500 deals (``python benchmarks/bots.py --game rim
--pairs hard-normal --cpu-clock --jobs 2``, 600 games ``--seed 1001``: 52.2 % [48.8, 55.5], and
400 ``--seed 1``: 53.7 % [49.5, 58.0], pooled by ``--pool``); before its hands' arrangements
were remembered as ints (a median of 38 worlds a decision, 48 since), 53.5 % of the same 600.
Against the bot that laid its melds at once the search had measured no stronger (52.2 % of
400, [48.2, 56.3]).
"""

from __future__ import annotations

from collections.abc import Sequence

from game.bots.base import Bot, own_hand
from game.core import Action, State
from game.rules.rim import CARDS, ORDER, POINTS, RimObservation, RimState, _best, fits

RANK_POS = {r: ORDER.index(r) for r in ORDER[1:13]}
RANK_POS["A"] = 0


def near(a: str, b: str) -> int:
    """How much ``b`` helps ``a`` towards a meld: same rank 2, same suit one or two apart."""
    if a[0] == b[0]:
        return 2
    if a[1] != b[1]:
        return 0
    pa, pb = RANK_POS[a[0]], RANK_POS[b[0]]
    gap = min(abs(pa - pb), 13 - abs(pa - pb)) if "A" in (a[0], b[0]) else abs(pa - pb)
    return 2 if gap == 1 else 1 if gap == 2 else 0


NEAR = {a: {b: near(a, b) for b in CARDS} for a in CARDS}
"""`near`, looked up: a playout asks it of every pair of cards in hand at every discard."""


class HeuristicBot(Bot[RimObservation]):
    def choose(self, observation: RimObservation, legal: Sequence[Action]) -> Action:
        pile = next(z["cards"] for z in observation["zones"] if z["id"] == "discard")
        # The cards the opponent (the other of the two seats) took from the discard.
        theirs = [k for s, k in enumerate(observation["known"]) if s != observation["seat"]]
        return self._decide(
            own_hand(observation), observation["options"].get("aces", "both") == "both",
            observation["phase"], [tuple(m["cards"]) for m in observation["melds"]],
            [c for c in pile if c is not None], theirs[0], observation["taken"], legal)

    def read_state(self, state: State, seat: int, legal: Sequence[Action]) -> Action | None:
        """Every move, read as `choose` reads the observation."""
        if not isinstance(state, RimState):
            return None
        return self._decide(list(state.hands[seat]),
                            state.options.get("aces", "both") == "both", state.phase,
                            [tuple(m) for _, m in state.melds], state.discard,
                            state.known[1 - seat], state.taken, legal)

    def _decide(self, hand: list[str], ace_high: bool, phase: str,
                melds: list[tuple[str, ...]], pile: Sequence[str], theirs: Sequence[str],
                taken: str | None, legal: Sequence[Action]) -> Action:
        """The move for a seat holding ``hand``, in ``phase``, with ``melds`` on the table,
        the discard pile ``pile`` (top last), ``theirs`` the cards the opponent is seen to
        have taken and still holds, and ``taken`` the card it took from the discard this turn
        (None if it drew)."""
        if phase == "draw":
            take = next((a for a in legal if a.verb == "take"), None)
            if take is not None and pile:
                top = pile[-1]
                best = _best(tuple(sorted(hand + [top])), ace_high)[1]
                if any(top in m for m in best) or any(fits(m, top, ace_high) for m in melds):
                    return take
            return next(a for a in legal if a.verb == "draw")
        best = _best(tuple(sorted(hand)), ace_high)[1]
        in_melds = {c for m in best for c in m}
        if phase == "play":
            adds = [a for a in legal if a.verb == "add" and a.arg.split()[0] not in in_melds]
            added = {a.arg.split()[0] for a in adds}
            left = [c for c in hand if c not in in_melds and c not in added]
            if not left or (len(left) == 1 and left[0] != taken):  # out this turn: lay it all
                wanted = {" ".join(m) for m in best}
                for a in legal:
                    if a.verb == "meld" and a.arg in wanted:
                        return a
            if adds:
                return adds[0]
        return self.discard(hand, legal, in_melds, ace_high, melds, theirs)

    def discard(self, hand: list[str], legal: Sequence[Action], in_melds: set[str],
                ace_high: bool, table: list[tuple[str, ...]], theirs: Sequence[str]) -> Action:
        """The discard that costs most (see the module), ``in_melds`` the cards of the hand's
        best arrangement's melds: a card of a meld costs 100 less, so that one is only weighed
        where every card is in one (a loose card's cost never falls that low)."""
        discards = [a for a in legal if a.verb == "discard"]
        ties = [self.rng.random() * 0.01 for _ in discards]  # a tie broken at random

        def cost(i: int) -> float:
            card = discards[i].arg
            row = NEAR[card]
            score = float(POINTS[card[0]]) - 3 * (sum(map(row.__getitem__, hand)) - row[card])
            if card in in_melds:
                score -= 100
            if any(map(row.__getitem__, theirs)):
                score -= 12
            if any(fits(m, card, ace_high) for m in table):
                score -= 20
            return score + ties[i]

        loose = [i for i, a in enumerate(discards) if a.arg not in in_melds]
        return discards[max(loose or range(len(discards)), key=cost)]
