"""A Bourse bot: it prices a live card at its expected prize and trades around that price.

Every card of the first pack that has not been called is as likely as any other to be one of
the three prize cards, so a live card is worth, on average, the prize money divided by the
live cards (the observation's ``fair``; its chance of a prize is ``chance`` = 3 / live). The
bot buys when an offer costs at most 90 % of that (and it has the chips), declines dearer offers
made to it, and offers its own cards for sale at half as much again as the fair price, one card
to one seat at a time, up to the window's limit; then it says it is done, so it never holds a
window up. From its observation only.

A beginner's mistakes (`slip`, the easy level): he buys a card offered dearer than its worth,
lets a bargain go, and sells a card below its worth (`BEGINNER_SELLS_AT`).
"""

from __future__ import annotations

from collections.abc import Sequence

from game.bots.base import Bot, own_hand
from game.core import Action, fill, matches, number_range
from game.rules.bourse import BourseObservation

BUY_BELOW = 0.9
SELL_AT = 1.5
BEGINNER_SELLS_AT = 0.7


class HeuristicBot(Bot[BourseObservation]):
    def choose(self, observation: BourseObservation, legal: Sequence[Action]) -> Action:
        fair = observation["fair"]
        offers = {o["id"]: o for o in observation["offers"]}
        for action in legal:
            price = offers[int(action.arg)]["price"] if action.verb == "accept" else 0
            if action.verb == "accept" and price <= BUY_BELOW * fair:
                return action
        for action in legal:
            if action.verb == "decline":
                return action
        seat = observation["seat"]
        mine = {o["card"] for o in offers.values() if o["seller"] == seat}
        want = int(SELL_AT * fair)
        hand = [c for c in own_hand(observation) if c not in mine]
        patterns = [a for a in legal if a.verb == "offer" and a.arg.split(" ")[1] != "all"]
        self.rng.shuffle(patterns)
        for pattern in patterns if hand else []:
            allowed = number_range(pattern)
            if allowed is None or allowed.stop - 1 < want:
                continue
            price = want + (-(want - allowed.start)) % allowed.step
            if price in allowed:
                return fill(pattern, [self.rng.choice(hand)], price)
        for action in legal:
            if action.verb == "done":
                return action
        return legal[0]

    def slip(self, observation: BourseObservation, legal: Sequence[Action],
             favourite: Action) -> Action | None:
        if favourite.verb in ("accept", "decline"):
            other = "decline" if favourite.verb == "accept" else "accept"
            return next((a for a in legal if a.verb == other and a.arg == favourite.arg), None)
        if favourite.verb != "offer":
            return None
        pattern = next(a for a in legal if matches(a, favourite))
        allowed = number_range(pattern)
        assert allowed is not None
        want = int(BEGINNER_SELLS_AT * observation["fair"])
        price = max(allowed.start, want - (want - allowed.start) % allowed.step)
        return fill(pattern, [favourite.arg.split()[0]], price)
