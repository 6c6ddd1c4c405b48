"""The engine's hot paths, kept apart from the contract (`game.core`) that uses them.

A search plays hundreds of deals a decision, so three things here trade plainness for speed;
each is held by a test, so that a change that breaks its promise fails loudly:

- The last legal-actions answer (`remember`, `vouched`, `forget`): `State.apply` takes an
  action that `State.legal_actions` has just listed for the same seat of the very same state
  object without asking the game again. One slot for the whole process, holding the state
  itself (so no other state, a clone included, can pass for it), cleared by every `apply`; a
  second thread's call only replaces it, which costs that thread a full check, never a wrong
  answer (tests/test_contract.py).
- `make_clone`: a state's ``clone`` written out for its fields and compiled once. Only the
  fields it names are copied; every other field is **shared** between the state and its clone.
  A game must therefore replace a shared field, never change it in place (``self.x = self.x +
  [c]``, not ``self.x += [c]`` or ``self.x.append(c)``), or name it for copying.
  tests/test_invariants.py plays every game at random, clones at every step and fails if
  playing on either copy changes the other.
- `shuffle_with`: `random.Random.shuffle`'s very draws without its method call per card.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, TypeVar, cast

_last: tuple[object, int, tuple[object, ...]] | None = None
"""(state, seat, actions) of the last `remember`, until `forget`."""


def remember(state: object, seat: int, legal: Sequence[object]) -> None:
    """What ``legal_actions(seat)`` of ``state`` has just answered."""
    global _last
    _last = (state, seat, tuple(legal))


def vouched(state: object, seat: int, action: object) -> bool:
    """Whether ``action`` was in the last answer remembered for ``seat`` of this very
    ``state`` (not an equal one, not a clone)."""
    known = _last
    return known is not None and known[0] is state and known[1] == seat and action in known[2]


def forget() -> None:
    """A state has changed: no answer remembered holds any more."""
    global _last
    _last = None


_S = TypeVar("_S")


def make_clone(nested: Sequence[str] = (), flat: Sequence[str] = (),
               deeper: Sequence[str] = ()) -> Callable[[_S], _S]:
    """A ``clone`` method for a state whose fields are ``flat`` lists of values, ``nested``
    lists of lists and ``deeper`` lists of lists of lists, each copied to the depth play changes
    it, every other field shared: one copy of the instance dict, then each named list copied
    (``list.copy`` through ``map`` for the nested ones), ``opening`` emptied.

    Written out for the fields and compiled once, the method runs the very statements a clone
    written by hand would, without a call more."""
    if not all(f.isidentifier() for f in (*nested, *flat, *deeper)):
        raise ValueError("a field to copy is not a name")
    body = ["def clone(self):", "    c = _new(self.__class__)", "    d = self.__dict__.copy()"]
    body += [f"    d[{f!r}] = list(map(_copy, self.{f}))" for f in nested]
    body += [f"    d[{f!r}] = [list(map(_copy, x)) for x in self.{f}]" for f in deeper]
    body += [f"    d[{f!r}] = self.{f}[:]" for f in flat]
    body += ["    d['opening'] = []", "    c.__dict__ = d", "    return c"]
    names: dict[str, Any] = {"_new": object.__new__, "_copy": list.copy}
    exec("\n".join(body), names)
    return cast("Callable[[_S], _S]", names["clone"])


_BITS = [n.bit_length() for n in range(1, 1025)]
"""``_BITS[i]``: the bits of ``i + 1``, the draw's size when shuffling position ``i``."""


def shuffle_with(rng: random.Random, cards: Sequence[str]) -> list[str]:
    """``cards`` in the order ``rng.shuffle`` gives them, draw for draw: the same Fisher-Yates
    over the same ``getrandbits`` calls as `random.Random.shuffle`, without its method call per
    card (a third of the time). The chance of every game, and so of every saved game, is this
    shuffle's: `test_contract` holds it to `random.Random.shuffle`. The worlds that
    `Rules.sample_state` deals shuffle with it too (`game.deal`, Bluff, Bourse)."""
    order = list(cards)
    n = len(order)
    if n > len(_BITS):
        rng.shuffle(order)
        return order
    bits = rng.getrandbits
    for i in range(n - 1, 0, -1):
        k = _BITS[i]
        j = bits(k)
        while j > i:
            j = bits(k)
        order[i], order[j] = order[j], order[i]
    return order
