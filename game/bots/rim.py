"""A heuristic Rim player: keeps what builds melds, lays them down at once, sheds big loose cards.

- Take the discard's top card only when it joins a meld of the hand's best arrangement or fits
  a meld on the table; otherwise draw blind.
- Lay down the melds of the hand's best arrangement (the one leaving the fewest unmatched
  points), then add every loose card that fits a meld on the table.
- Discard the loose card that costs most and helps least: its points, less a little for each
  card of the hand it could still meld with (same rank, or same suit one or two ranks away), and
  never a card the opponent is seen collecting (its rank, or its suit close by).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from game.bots.base import Bot, own_hand
from game.core import JSON, Action, State
from game.rules.rim import ORDER, POINTS, RimState, _best, fits

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


class HeuristicBot(Bot):
    def choose(self, observation: Mapping[str, JSON], legal: Sequence[Action]) -> Action:
        zones = {z["id"]: z["cards"] for z in observation["zones"]}
        me = int(observation["seat"])
        return self._decide(
            list(own_hand(observation)), observation["options"].get("aces", "both") == "both",
            observation["phase"], [tuple(m["cards"]) for m in observation["melds"]],
            zones["discard"], observation["known"][1 - me], legal)

    def read_state(self, state: State, seat: int, legal: Sequence[Action]) -> Action | None:
        """Every move, read as `choose` reads the observation."""
        if not isinstance(state, RimState):
            return None
        return self._decide(list(state.hands[seat]),
                            state.options.get("aces", "both") == "both", state.phase,
                            [tuple(m) for _, m in state.melds], state.discard,
                            state.known[1 - seat], legal)

    def _decide(self, hand: list[str], ace_high: bool, phase: str,
                melds: list[tuple[str, ...]], pile: Sequence[str], theirs: Sequence[str],
                legal: Sequence[Action]) -> Action:
        """The move for a seat holding ``hand``, in ``phase``, with ``melds`` on the table,
        the discard pile ``pile`` (top last), and ``theirs`` the cards the opponent is seen to
        have taken and still holds."""
        if phase == "draw":
            take = next((a for a in legal if a.verb == "take"), None)
            if take is not None and pile:
                top = pile[-1]
                best = _best(tuple(sorted(hand + [top])), ace_high)[1]
                if any(top in m for m in best) or any(fits(m, top, ace_high) for m in melds):
                    return take
            return next(a for a in legal if a.verb == "draw")
        if phase == "play":
            best = _best(tuple(sorted(hand)), ace_high)[1]
            wanted = {" ".join(m) for m in best}
            for a in legal:
                if a.verb == "meld" and a.arg in wanted:
                    return a
            in_melds = {c for m in best for c in m}
            for a in legal:
                if a.verb == "add" and a.arg.split()[0] not in in_melds:
                    return a
        return self.discard(hand, legal, ace_high, melds, theirs)

    def discard(self, hand: list[str], legal: Sequence[Action], ace_high: bool,
                table: list[tuple[str, ...]], theirs: Sequence[str]) -> Action:
        discards = [a for a in legal if a.verb == "discard"]
        best = _best(tuple(sorted(hand)), ace_high)[1]
        in_melds = {c for m in best for c in m}

        def cost(a: Action) -> float:
            card = a.arg
            score = float(POINTS[card[0]])
            if card in in_melds:
                score -= 100
            score -= 3 * sum(near(card, other) for other in hand if other != card)
            if any(near(card, t) for t in theirs):
                score -= 12
            if any(fits(m, card, ace_high) for m in table):
                score -= 20
            return score + self.rng.random() * 0.01

        return max(discards, key=cost)
