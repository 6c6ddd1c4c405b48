"""What a game's words are made from: the `Seen` view the table hands to a game's ``status``
and ``panel`` hooks (`ui.games`), and the sentences several games share (a trick's play).

Everything in a `Seen` is public to the seat that looks: the observation's facts and zones,
who is to act, and the looking seat's own legal actions (empty when the decision is not its).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.core import Action


@dataclass
class Seen:
    """The table as one seat sees it, with the table's ways of naming things."""

    facts: dict[str, Any]
    """The observation's facts (everything but its zones)."""
    zones: dict[str, list[str | None]]
    """Zone id -> its cards as the seat sees them (None: face down)."""
    seat: int | None
    """The seat that looks (None: the public view)."""
    deciding: list[int]
    """The seats whose decision it is now."""
    legal: list[Action]
    """The looking seat's legal actions now; empty when it is not its decision."""
    name: Callable[[int], str]
    """A seat's player's name in the table's language."""
    card: Callable[[str], str]
    """A card (or a suit, or a rank alone) as players name it."""
    label: Callable[[Action], str]
    """An action as its button says it."""
    verbs: set[str] = field(init=False)
    """The verbs of `legal`."""

    def __post_init__(self) -> None:
        self.verbs = {a.verb for a in self.legal}

    @property
    def mine(self) -> bool:
        """Whether the decision now is the looking seat's."""
        return bool(self.legal)

    def count(self, zone: str) -> int:
        """How many cards lie in ``zone`` (face down ones too); 0 if there is no such zone."""
        return len(self.zones.get(zone, []))

    def args(self, verb: str) -> list[str]:
        """The arguments of the legal actions of ``verb``, in order."""
        return [a.arg for a in self.legal if a.verb == verb]

    def fact_int(self, key: str) -> int | None:
        """An integer fact, or None (a bool is not one)."""
        value = self.facts.get(key)
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    def who(self) -> str:
        """Whose decision it is, by name (several joined by the caller)."""
        return self.name(self.deciding[0]) if self.deciding else ""


def signed(n: int) -> str:
    """A score with its sign when it is below zero, with a true minus sign (U+2212)."""
    return f"\u2212{-n}" if n < 0 else str(n)


def trick_play(seen: Seen, tr: Callable[..., str], trick: str = "trick") -> str | None:
    """The viewer's play to a trick: lead, follow the led suit, or (void) play any card; the
    led suit is the suit of the first card in the ``trick`` zone. None if nothing is played."""
    plays = seen.args("play")
    if not plays:
        return None
    cards = [c for c in seen.zones.get(trick, []) if c]
    if not cards:
        return tr("say.lead")
    suit = cards[0][1:2]
    if all(p[1:2] == suit for p in plays):
        return tr("say.follow", suit=seen.card(suit))
    return tr("say.void", suit=seen.card(suit))


def per_seat(seen: Seen, values: Sequence[object], sep: str) -> str:
    """``Name: value`` for each seat, joined with ``sep``."""
    return sep.join(f"{seen.name(s)}: {v}" for s, v in enumerate(values))
