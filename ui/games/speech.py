"""What a game's words are made from: the `Seen` view the table hands to a game's ``status``
and ``panel`` hooks (`ui.games`), and the sentences several games share (a trick's play).

Everything in a `Seen` is public to the seat that looks: the observation's facts and zones,
who is to act, and the looking seat's own legal actions (empty when the decision is not its).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Generic

from game.core import Action, pick_range
from game.shapes import ObservationT


@dataclass
class Seen(Generic[ObservationT]):
    """The table as one seat sees it, with the table's ways of naming things; a game's hooks
    read a ``Seen[HokmObservation]`` (its own observation's facts, `game.shapes`)."""

    facts: ObservationT
    """The seat's observation (its zones as `zones` gives them)."""
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
    team: Callable[[int], str]
    """A team (0 or 1, of a four-seat game) by its players' names."""
    picked: list[str] = field(default_factory=list)
    """Cards of the looking seat's hand it has lifted for a card pattern (``pass ?3``)."""
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
        """Whose decision it is, by name (the first of several)."""
        return self.name(self.deciding[0]) if self.deciding else ""

    def pick(self, verb: str) -> tuple[int, int] | None:
        """How many cards the legal pattern of ``verb`` asks for, (lo, hi); None if none."""
        for action in self.legal:
            if action.verb == verb and (span := pick_range(action)) is not None:
                return span
        return None

    def numbers(self, verb: str) -> list[int]:
        """The numbers the legal actions of ``verb`` name (``bid 105``: 105), in order."""
        return [int(a.arg) for a in self.legal if a.verb == verb and a.arg.isdigit()]

    def side(self, seat: int) -> int:
        """A seat's side: its team in a four-seat game of teams, else the seat itself."""
        teams = self.facts.get("teams")
        if isinstance(teams, list):
            return next((i for i, team in enumerate(teams) if seat in team), seat)
        return seat

    def side_name(self, side: int) -> str:
        """A side by its players' names (`side`)."""
        return self.team(side) if isinstance(self.facts.get("teams"), list) else self.name(side)


def signed(n: int) -> str:
    """A score with its sign when it is below zero, with a true minus sign (U+2212)."""
    return f"\u2212{-n}" if n < 0 else str(n)


def capital(text: str) -> str:
    """``text`` with its first letter upper case, for a line that begins with a card's name
    ("ace of hearts & …"); a script without case is left as it is."""
    return text[:1].upper() + text[1:]


SUITS = "SHDC"


def trick_play(seen: Seen[ObservationT], tr: Callable[..., str], trick: str = "trick",
               led: str = "") -> str | None:
    """The viewer's play to a trick: the one card it may play, lead, follow the led suit
    (``led``, else the suit of the first card in the ``trick`` zone; a card of no suit, a
    joker, may always come), or (void) play any card. None if nothing is played."""
    plays = seen.args("play")
    if not plays:
        return None
    if len(plays) == 1:
        return tr("say.only", card=seen.card(plays[0]))
    cards = [c for c in seen.zones.get(trick, []) if c]
    if not cards:
        return tr("say.lead")
    suit = led or cards[0][1:2]
    if all(p[1:2] == suit or p[1:2] not in SUITS for p in plays):
        return tr("say.follow", suit=seen.card(suit))
    return tr("say.void", suit=seen.card(suit))


def others(seen: Seen[ObservationT], tr: Callable[..., str]) -> str | None:
    """While another plays to a trick: "Bot 2 is playing…"; None otherwise."""
    if seen.mine or len(seen.deciding) != 1 or seen.facts.get("phase") != "play":
        return None
    return tr("say.playing", who=seen.who())


def per_seat(seen: Seen[ObservationT], values: Sequence[object], tr: Callable[..., str]) -> str:
    """``Name: value`` for each seat, in the table's list form."""
    return tr("table.list_sep").join(f"{seen.name(s)}: {v}" for s, v in enumerate(values))


def chosen(seen: Seen[ObservationT], verb: str, tr: Callable[..., str], key: str, **fmt: object) -> str:
    """A sentence that asks for the cards of ``verb``'s pattern: ``key`` filled with ``n``
    (how many: the number 3, which a counted sentence says in its plural form, or the text
    "1–4") and ``chosen`` (how many are lifted)."""
    lo, hi = seen.pick(verb) or (0, 0)
    return tr(key, n=lo if lo == hi else f"{lo}–{hi}", chosen=len(seen.picked), **fmt)
