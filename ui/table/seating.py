"""Who looks at the table: with several persons at one screen (hot-seat), whose hand it
shows and when the cover hides it. Pure: the scene hands in the chairs and who is to act."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple


class Eyes(NamedTuple):
    viewer: int | None
    looking: int | None
    covered: bool


def choose(persons: Sequence[int], to_act: Sequence[int], realtime: bool, now: Eyes,
           shown: int | None) -> Eyes:
    """The eyes the table has after a change, from what they were (``now``): the seat it faces
    (`viewer`), whose secrets it shows (`looking`, None for the public view), and whether the
    cover hides it (a person must say they are ready).

    One person: always theirs. No person: the public view. Several persons at one screen:

    - A person's decision is pending: if that person is `shown`, the last person whose
      hand was on screen, their view comes back at once (nobody else has looked since: A
      acts, bots act, A again needs no confirmation); any other person gets the cover, and
      their view shows once they say they are ready.
    - Several seats choose at once, in private (a game that is not `Rules.realtime`: Bi-Del's
      passing, an interrupt window): the persons among them choose one at a time, each
      behind the cover, `shown` first if it is among them; the choices apply at once,
      and each view shows only what its observation allows.
    - Only bots are to move (or the game is over): the public view, facing the same seat.
      A hand is hidden the moment its person is done, while bots play and until the next
      person's cover, so whoever takes the screen next sees no other person's cards.
    - Several seats at once in a real-time game (one person only, the setup makes sure):
      the viewer stays.
    """
    if len(persons) <= 1:
        seat = persons[0] if persons else None
        return Eyes(seat, seat, now.covered)
    deciding = [s for s in to_act if s in persons]
    if len(to_act) > 1 and realtime:
        return Eyes(persons[0], None, True) if now.viewer is None else now
    if not deciding:
        return Eyes(persons[0] if now.viewer is None else now.viewer, None, now.covered)
    if shown in deciding:
        return Eyes(shown, shown, now.covered)
    return Eyes(deciding[0], None, True)
