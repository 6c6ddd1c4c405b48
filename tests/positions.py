"""Positions for the bots' judgement tests: hands written out for the cards that matter, the
rest dealt from what is left."""

from __future__ import annotations

from collections.abc import Iterable

from game.bots import make
from game.core import State


def top_up(hands: dict[int, list[str]], pack: Iterable[str], size: int, seats: int = 4,
           avoid: dict[int, str] | None = None) -> tuple[dict[int, list[str]], list[str]]:
    """``hands`` topped up to ``size`` cards each from the cards of ``pack`` nobody holds, in
    pack order; a seat in ``avoid`` gets none of the suits named there (it is served first).
    Returns every seat's hand and the cards left over."""
    avoid = avoid or {}
    taken = {c for h in hands.values() for c in h}
    rest = [c for c in pack if c not in taken]
    out = {s: list(hands.get(s, [])) for s in range(seats)}
    for s in sorted(range(seats), key=lambda s: -len(avoid.get(s, ""))):
        for c in list(rest):
            if len(out[s]) == size:
                break
            if c[1] not in avoid.get(s, ""):
                out[s].append(c)
                rest.remove(c)
    assert all(len(h) == size for h in out.values()), out
    return out, rest


def bot_move(state: State) -> str:
    """What the normal bot of the state's game plays for the seat to act, from its view."""
    seat = state.to_act()[0]
    return str(make("heuristic", state.rules.id, 0).choose(state.observation(seat),
                                                           state.legal_actions(seat)))
