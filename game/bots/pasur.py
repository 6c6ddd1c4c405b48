"""A heuristic Pasur player: takes what counts, keeps count of clubs and of what is gone, and
does not leave the next seat a sur.

- Each play is valued as what it takes for the side (aces, jacks, the 2 of clubs and the 10 of
  diamonds at their points; clubs while the race for seven is open; a little for every card;
  a sur at its points) less what it leaves on the table for the next seat.
- What it leaves: for each rank the next seat may hold (the cards this seat has not seen: not
  in its hand, on the table or in a captured pile), the best that rank could take from the table
  left, a sur counted in full, weighed by the chance that the next seat holds one of them.
- A card laid on the table costs its own worth (the opponent may take it): low, pointless
  cards are laid first, and a jack is kept for a table worth sweeping.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from game.bots.base import Bot, own_hand
from game.core import Action, seat_of
from game.rules.pasur import CARDS, POINTS, PasurObservation, captures, sur_counts

CLUB = 0.7
"""The worth of a club while no side has seven."""
CARD = 0.1
"""The worth of any card taken (the last capture, the count of clubs in the end)."""
RANK_OF = {c: c[0] for c in CARDS}


class HeuristicBot(Bot[PasurObservation]):
    def choose(self, observation: PasurObservation, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        me = seat_of(observation)
        seats = observation["seats"]
        zones = {z["id"]: z["cards"] for z in observation["zones"]}
        table = [c for c in zones["table"] if c is not None]
        hand = own_hand(observation)
        options = observation["options"]
        points = options.get("sur_points", 5)  # a number option, 5 by default
        sur_points = float(points) if isinstance(points, int) else 5.0
        sides = observation["sides"]
        mine = next(side for side in sides if me in side)
        clubs = observation["clubs"]
        side_clubs = [sum(clubs[s] for s in side) for side in sides]
        race = max(side_clubs) < 7
        seen = set(hand) | set(table)
        for s in range(seats):
            seen.update(c for c in zones[f"won:{s}"] if c is not None)
        unseen = [c for c in CARDS if c not in seen]
        nxt = (me + 1) % seats
        nxt_cards = len(zones[f"hand:{nxt}"])
        stock_n = observation["deck_count"]
        last_hand = stock_n == 0
        others_left = sum(len(zones[f"hand:{s}"]) for s in range(seats) if s != me)
        last_play = last_hand and others_left == 0 and len(hand) == 1
        p_hold = min(1.0, nxt_cards / len(unseen)) if unseen else 0.0
        ranks = Counter(RANK_OF[c] for c in unseen)
        reps = {RANK_OF[c]: c for c in unseen}
        sur_now = sur_counts(str(options["sur_last"]), last_hand, last_play)
        sur_next = sur_counts(str(options["sur_last"]), last_hand, False)

        def worth(c: str) -> float:
            return POINTS[c] + CARD + (CLUB if race and c[1] == "C" else 0.0)

        def risk(left: list[str]) -> float:
            """What the next seat may take from ``left``, weighed by its chance to hold it."""
            if not left or nxt in mine or p_hold == 0.0 or last_play:
                return 0.0
            total = 0.0
            for rank, count in ranks.items():
                sets = captures(reps[rank], left)
                if not sets:
                    continue
                best = max(sum(worth(c) for c in s) for s in sets)
                if rank != "J" and any(len(s) == len(left) for s in sets) and sur_next:
                    best += sur_points
                chance = 1.0 - (1.0 - p_hold) ** count
                total += chance * best
            return total

        def value(action: Action) -> float:
            words = action.arg.split()
            card = words[0]
            if action.verb == "play":
                left = table + [card]
                score = -0.6 * worth(card) - (0.8 if card[0] == "J" else 0.0)
            else:
                taken = words[1:]
                left = [c for c in table if c not in taken]
                score = worth(card) + sum(worth(c) for c in taken)
                if not left and card[0] != "J" and sur_now:
                    score += sur_points
                if last_play:
                    score += sum(worth(c) for c in left)
            return score - risk(left) + self.rng.random() * 1e-3

        return max(legal, key=value)
