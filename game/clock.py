"""The turn clock: how long a person has for a decision, and whose time has run out. One rule
for every table that times its players: the table server's or a home host's referee
(`net.referee`) and the table played on one screen (`ui.table.match`). It reads no clock: each
caller gives the time (the referee its loop's, the home table its frames').

- A table's clock is whole ``seconds`` for one card, `MORE` times as long for any other
  decision (a bid, cards to pass, a call); 0: none. A real-time game has none.
- A seat's clock starts when the caller first counts it among the seats it times (`run`: the
  people offered a decision, as the caller decides) and runs on while it stays among them (a
  seat still deciding keeps its clock while others act beside it); it stops when the seat acts
  (`stop`) or leaves them.
- A seat whose clock ran out (`due`) has that one move made for it by `stand_in`'s bot; its
  player decides again from the next decision.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from game.bots import Bot, make
from game.core import State

CHOICES = (0, 15, 30, 60)
"""The clocks a table may choose, seconds for a card (0: none)."""
ONLINE = 30
"""The clock a table created at a table server starts with."""
MORE = 1.5
"""A decision that is not one card's has this many times the clock."""


def turn_time(state: State, seat: int, seconds: int) -> float:
    """The time ``seat`` has for its decision now: ``seconds`` if every action it may take
    moves a card, else `MORE` times as long."""
    cards = all(state.move_of(seat, a) is not None for a in state.legal_actions(seat))
    return float(seconds if cards else seconds * MORE)


def stand_in(game_id: str, seed: int, seat: int, moves: int) -> Bot[Any]:
    """The bot that makes the move of ``seat``, whose clock ran out after ``moves`` actions of
    the match seeded ``seed``: a normal one, seeded by the three."""
    return make("normal", game_id, seed * 31 + seat + 1 + moves)


class TurnClock:
    """The clocks running at one table (see the module docstring); ``seconds`` 0: none ever
    runs."""

    def __init__(self, seconds: int) -> None:
        self.seconds = seconds
        self.running: dict[int, tuple[float, float]] = {}
        """Per seat whose clock runs: when it runs out and its whole time (seconds)."""

    def run(self, state: State, timed: Iterable[int], now: float) -> None:
        """The seats ``timed`` at ``now``: a clock starts for each that has none, and those of
        the seats not among them stop."""
        if not self.seconds:
            return
        timed = list(timed)
        for seat in [s for s in self.running if s not in timed]:
            del self.running[seat]
        for seat in timed:
            if seat not in self.running:
                whole = turn_time(state, seat, self.seconds)
                self.running[seat] = (now + whole, whole)

    def stop(self, seat: int) -> None:
        """``seat`` acted (or stands timed no more): its clock stops."""
        self.running.pop(seat, None)

    def left(self, seat: int, now: float) -> tuple[float, float] | None:
        """``seat``'s seconds left at ``now`` and its whole time; None if no clock runs."""
        if seat not in self.running:
            return None
        deadline, whole = self.running[seat]
        return max(0.0, deadline - now), whole

    def due(self, now: float) -> list[int]:
        """The seats whose clock has run out by ``now``, their clocks stopped."""
        out = sorted(s for s, (deadline, _) in self.running.items() if deadline <= now)
        for seat in out:
            del self.running[seat]
        return out
