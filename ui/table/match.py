"""The match: the rules state, who sits in each chair, the bots, and its saving."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game import registry
from game.bots import Bot
from game.bots import make as make_bot
from game.core import Event, State
from saves.store import now

if TYPE_CHECKING:
    from saves import Saves


@dataclass
class Match:
    """A game being played at the table: the state, who sits where, and its bots.

    Undo never reveals (the policy of the best online tables): `sealed` tells the table when
    an action, anyone's, drew on chance (a card drawn, a deck shuffled) or showed a person at
    the table a card they had not seen; no undo may then go back past it. Otherwise a person
    could draw in 21, see the card, take it back and stand, or see the bots' cards fall and
    play their own card again knowing them (chance is the seed and a counter, so a redraw after
    undo gives the same card). Bots decide from their observation alone, so what an undone
    move showed them is forgotten with it.
    """

    config: dict[str, Any]
    state: State
    bots: dict[int, Bot] = field(default_factory=dict)
    shown: set[str] = field(default_factory=set)
    """Every card a person at the table has seen this match (in a zone or an event)."""
    chance: tuple[int, int] = (0, 0)
    """The state's chance and shuffle counters after the last action `sealed` looked at."""

    def __post_init__(self) -> None:
        self.cards = {c for z in self.state.zones() for c in z.cards}
        self.shown |= self._in_view()
        self.resync()

    def resync(self) -> None:
        """The state was put back (undo): count chance from where it now stands."""
        self.chance = (self.state.chance_count, self.state.shuffles)

    def sealed(self, events: Sequence[Event]) -> str | None:
        """Why undo may not go back past the action whose ``events`` were just applied: "chance"
        (it drew or shuffled), "shown" (a person saw a card new to them); None if neither."""
        chance = (self.state.chance_count, self.state.shuffles)
        drew, self.chance = chance != self.chance, chance
        seen = self._in_view()
        for e in events:
            if any(e.visible_to(p) for p in self.persons):
                seen.update(_card_codes(e.data, self.cards))
        new = seen - self.shown
        self.shown |= seen
        return "chance" if drew else "shown" if new else None

    def _in_view(self) -> set[str]:
        """The cards face up to a person's seat now."""
        return {c for z in self.state.zones() for p in self.persons for c in z.visible(p)
                if c is not None}

    @classmethod
    def start(cls, config: dict[str, Any]) -> Match:
        rules = registry.get(config["game"])
        state = rules.new(len(config["seats"]), int(config["seed"]), config.get("options"))
        config = {**config, "match_id": config.get("match_id") or uuid.uuid4().hex}
        return cls(config, state, cls._bots(config))

    @classmethod
    def resume(cls, saved: dict[str, Any]) -> Match:
        config = {k: v for k, v in saved.items() if k != "state"}
        return cls(config, registry.load(saved["state"]), cls._bots(config))

    @staticmethod
    def _bots(config: dict[str, Any]) -> dict[int, Bot]:
        seed = int(config["seed"])
        return {seat: make_bot(chair.get("level", "heuristic"), config["game"],
                                seed * 31 + seat + 1)
                for seat, chair in enumerate(config["seats"]) if chair["kind"] == "bot"}

    @property
    def persons(self) -> list[int]:
        return [s for s, c in enumerate(self.config["seats"]) if c["kind"] == "person"]

    def name(self, seat: int) -> str:
        return str(self.config["seats"][seat].get("name") or f"#{seat + 1}")

    def to_dict(self) -> dict[str, Any]:
        """What the saves keep: the config, the state and ``saved``, the time now (ISO 8601,
        for "Continue: <game>, <when>")."""
        return {**self.config, "saved": now(), "state": self.state.to_dict()}


def _card_codes(value: object, cards: set[str]) -> set[str]:
    """The card codes named anywhere in an event's data (a code, codes separated by spaces,
    lists and dicts of them)."""
    if isinstance(value, str):
        return {word for word in value.split() if word in cards}
    if isinstance(value, dict):
        return set().union(*(_card_codes(v, cards) for v in value.values()))
    if isinstance(value, (list, tuple)):
        return set().union(*(_card_codes(v, cards) for v in value))
    return set()


class Saver:
    """Writes the match on a thread of its own, in the order asked, so that no frame waits for
    the disk (an atomic save fsyncs twice: a few ms, tens of ms when the disk is busy).

    What is written is taken on the caller's thread (``Match.to_dict`` builds fresh lists), so
    the game may go on meanwhile. `flush` waits for everything asked so far; an error a write
    raised comes out of the next call.
    """

    def __init__(self, saves: Saves) -> None:
        self.saves = saves
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="save")
        self.queued: list[Future[object]] = []

    def save(self, match: Match) -> None:
        """Keep the match as it stands now (`Saves.save_match`)."""
        self.run(self.saves.save_match, match.to_dict())

    def run(self, write: Callable[..., object], *args: Any) -> None:
        """Queue ``write(*args)``, a call on the saves, after the writes asked before."""
        while self.queued and self.queued[0].done():
            self.queued.pop(0).result()
        self.queued.append(self.pool.submit(write, *args))

    def flush(self) -> None:
        """Return once everything asked so far is written."""
        while self.queued:
            self.queued.pop(0).result()

    def close(self) -> None:
        """Flush, then end the thread."""
        self.flush()
        self.pool.shutdown()
