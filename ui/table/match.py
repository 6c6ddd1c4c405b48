"""The match: the rules state, who sits in each chair, the bots, undo, the event stream and
its saving; no drawing and no input (the scene's)."""

from __future__ import annotations

import uuid
from collections import deque
from collections.abc import Callable, Collection, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, cast

from game import claim, registry
from game.bots import Bot, searched
from game.bots import make as make_bot
from game.checker import Decision, worth_checking
from game.clock import TurnClock, stand_in
from game.core import Action, Event, Rules, State
from game.shapes import Observation, Record, Result, TableConfig, move
from saves.store import now
from ui.lessons import LESSONS
from ui.table.bots import BotWorker

if TYPE_CHECKING:
    from saves import Saves


@dataclass(frozen=True)
class Friend:
    """A chair awaiting a friend over the internet: the code they join with (None while it is
    opened, or once it expired: ``expired``)."""

    seat: int
    code: str | None
    expired: bool = False


@dataclass(frozen=True)
class Invite:
    """What the table shows large while friends are awaited at a table this machine hosts, or
    at a table server's table: the code and the address (at a server, the invitation's link)
    friends join with and the seats ``awaited`` from there; where this machine hosts, the
    ``friends`` awaited over the internet, each with a code of their own, or, where none could
    be opened, the ``problem`` (`net.invite.LinkError.reason`); and how a friend's expired code
    is made anew (``renew``, given the seat)."""

    code: str
    address: str
    awaited: tuple[int, ...]
    friends: tuple[Friend, ...] = ()
    problem: str | None = None
    renew: Callable[[int], None] | None = field(default=None, compare=False)
    online: bool = False
    """At a table server: friends join from the menu's Play online."""


class Talk(Protocol):
    """What a table played across machines says besides the moves: the quick phrases
    (`net.protocol.PHRASES`)."""

    said: deque[tuple[int, str, float]]
    """Phrases heard: the seat, the phrase, when (`time.monotonic`)."""
    phrases: tuple[str, ...]
    """What may be said (the catalogue says each as ``phrase.<key>``)."""

    def say(self, phrase: str) -> None:
        """Say ``phrase`` to the table."""


class MatchView(Protocol):
    """The match as the table scene reads and drives it: what a seat sees and may do, the
    actions it hands over, the events it animates. `Match` is one played here; a match hosted
    on another machine (`ui.table.remote.NetMatch`) is another."""

    config: TableConfig
    history: list[Event]
    tricks: TrickRecord
    decisions: DecisionRecord
    moves: int
    undo_sealed: str
    cards: set[str]

    @property
    def rules(self) -> Rules: ...
    @property
    def seats(self) -> int: ...
    @property
    def persons(self) -> list[int]: ...
    @property
    def finished(self) -> bool: ...
    def name(self, seat: int) -> str: ...
    def observation(self, seat: int | None) -> Observation: ...
    def legal_actions(self, seat: int) -> list[Action]: ...
    def to_act(self) -> list[int]: ...
    def is_over(self) -> bool: ...
    def result(self) -> Result: ...
    def move_of(self, seat: int, action: Action) -> tuple[str, str] | None: ...
    def why_not(self, seat: int, code: str, zone: str | None) -> str | None: ...
    def notes(self, tr: Callable[..., str], name: Callable[[int], str]) -> list[str]: ...
    def invite(self) -> Invite | None: ...
    def talk(self) -> Talk | None: ...
    def clock_of(self, seat: int) -> tuple[float, float] | None: ...
    def lost(self) -> str | None: ...
    def act(self, seat: int, action: Action) -> list[Event]: ...
    def claimable(self, seat: int) -> bool: ...
    def claim(self, seat: int) -> list[Event] | None: ...
    def poll(self, clock: float, pace: float, animating: Callable[[], bool]
             ) -> list[Event] | None: ...
    def pause(self, clock: float, pace: float) -> None: ...
    def undo(self) -> bool: ...
    def keep(self, saves: Saves) -> None: ...
    def close(self) -> None: ...


@dataclass
class Match:
    """A game being played at the table: the state, who sits where, its bots, undo and its
    saving. The scene asks it what a seat sees and may do, hands it the person's actions
    (`act`) and takes the bots' (`poll`), and animates the events both return; everything here
    goes on whatever the screen shows. (A match played on another machine answers the same
    questions: `observation`, `legal_actions`, `to_act`, `act`, `poll`.)

    Undo never reveals (the policy of the best online tables): `sealed` tells when an action,
    anyone's, drew on chance (a deck shuffled) or showed a person at the table a card they could
    not see just before it (a card drawn from a pile, dealt, passed, turned, played from a bot's
    hand); no undo may then go back past it. Otherwise a person could draw in 21, see the card,
    take it back and stand, or see the bots' cards fall and play their own card again knowing
    them: chance is the seed and a counter, and a deck once shuffled is drawn in its order, so a
    redraw after undo gives the same card. What counts is the view just before the action, not
    every card seen in the match: a card seen in an earlier deal and shuffled back is as unknown
    as any (remembered, a hit of it in 21 could be taken back). Bots decide from their
    observation alone, so what an undone move showed them is forgotten with it.

    The turn clock (``config["clock"]``: seconds for a card, 0 or absent: none; never in a
    real-time game nor a lesson) follows `game.clock`, the rule a referee follows online, on
    the frames' clock `poll` is given: a person offered a decision is timed from the first
    frame the table shows it (not while a cover hides the table or a trick is held to be
    read), and where their time runs out the seat's stand-in bot (`game.clock.stand_in`) makes
    that one move. With several people at one screen a person is timed only while they alone
    decide: where several decide at once (Bi-Del's passing) they choose one after another
    behind the cover, and a clock would count one's time while another holds the screen.
    """

    config: TableConfig
    state: State
    bots: dict[int, Bot[Any]] = field(default_factory=dict)
    viewed: set[str] = field(default_factory=set)
    """The cards face up to a person at the table after the last action (`sealed` compares
    what an action shows with it)."""
    chance: tuple[int, int] = (0, 0)
    """The state's chance and shuffle counters after the last action `sealed` looked at."""
    saver: Saver | None = None
    """Where the match is kept after every action (`keep`); None: nowhere (a test, a tool)."""

    def __post_init__(self) -> None:
        self.cards = {c for z in self.state.zones() for c in z.cards}
        self.resync()
        self.worker = BotWorker(self.config, self.bots, self.persons)
        self.history: list[Event] = list(self.state.opening)
        """Every event since the table opened: the stream its log is read from."""
        self.tricks = TrickRecord(self.state.rules.deal_ends)
        for e in self.history:
            self.tricks.see(e)
        self.decisions = DecisionRecord(self.state.rules.deal_ends)
        self.undo_stack: list[tuple[dict[str, Any], int]] = []
        """States to undo to, each with the length of the history then."""
        self.undo_sealed = ""
        """Why undo cannot go further back ("chance", "shown": `sealed`), once it cannot."""
        self.moves = 0
        """Actions taken since the table opened (an undone one counts): names a position."""
        self.finished = False
        timed = not self.rules.realtime and not self.config.get("lesson")
        self.turns = TurnClock(int(self.config.get("clock", 0)) if timed else 0)
        self.now = 0.0
        """The frames' clock as `poll` last gave it: the turn clocks' time."""

    # -- what the table asks -------------------------------------------------------------
    @property
    def rules(self) -> Rules:
        return self.state.rules

    @property
    def seats(self) -> int:
        return self.state.seats

    @property
    def persons(self) -> list[int]:
        return [s for s, c in enumerate(self.config["seats"]) if c["kind"] == "person"]

    def name(self, seat: int) -> str:
        return str(self.config["seats"][seat].get("name") or f"#{seat + 1}")

    def observation(self, seat: int | None) -> Observation:
        return self.state.observation(seat)

    def legal_actions(self, seat: int) -> list[Action]:
        return self.state.legal_actions(seat)

    def to_act(self) -> list[int]:
        return list(self.state.to_act())

    def is_over(self) -> bool:
        return self.state.is_over()

    def result(self) -> Result:
        return self.state.result()

    def move_of(self, seat: int, action: Action) -> tuple[str, str] | None:
        return self.state.move_of(seat, action)

    def drop_action(self, seat: int, card: str, zone: str) -> Action | None:
        return self.state.drop_action(seat, card, zone)

    def why_illegal(self, seat: int, action: Action) -> str | None:
        return self.state.why_illegal(seat, action)

    def why_not(self, seat: int, code: str, zone: str | None) -> str | None:
        return self.state.why_not_move(seat, code, zone)

    def notes(self, tr: Callable[..., str], name: Callable[[int], str]) -> list[str]:
        """Lines the match adds to the panel (``name`` says a seat's name in a line): none,
        played here."""
        return []

    def invite(self) -> Invite | None:
        """How friends join, while this machine hosts the table and waits for them: none,
        played here."""
        return None

    def talk(self) -> Talk | None:
        """Quick phrases: none, played here."""
        return None

    def clock_of(self, seat: int) -> tuple[float, float] | None:
        """``seat``'s turn clock: seconds left and its whole time; None if none runs."""
        return self.turns.left(seat, self.now)

    def lost(self) -> str | None:
        """Why the match can no longer go on: never, played here."""
        return None

    # -- acting ----------------------------------------------------------------------------
    def act(self, seat: int, action: Action) -> list[Event]:
        """A person's action at ``seat``: its events, or `IllegalAction` (nothing changed)."""
        snapshot = self.state.to_dict() if self.undoable else None
        decision = person_decision(self, seat, action)
        events = self.state.apply(seat, action)
        self.turns.stop(seat)
        self.worker.release(seat)
        if snapshot is not None:
            self.undo_stack = [*self.undo_stack[-19:], (snapshot, len(self.history))]
        if decision is not None:
            self.decisions.add(len(self.history), decision)
        self._applied(events)
        return events

    def claimable(self, seat: int) -> bool:
        """Whether the person at ``seat`` may claim the rest of the hand now
        (`game.claim.offered`)."""
        return claim.offered(self.rules.id, self.state.observation(seat))

    def claim(self, seat: int) -> list[Event] | None:
        """The person at ``seat`` claims the rest of the hand: if the claim holds in every deal
        the seat cannot tell from the real one (`game.claim.check`), the rest is played at once
        and its events come back, a ``claim`` event first; else None, and nothing changed."""
        if not self.claimable(seat):
            return None
        made = claim.check(self.rules.id, self.state.observation(seat))
        if made is None:
            return None
        events = claim.play_out(self.state, made)
        self.turns.stop(seat)
        self._applied(events)
        return events

    def poll(self, clock: float, pace: float, animating: Callable[[], bool]
             ) -> list[Event] | None:
        """A bot's move if one is due and ready (its events), else None (`BotWorker.step`);
        the turn clocks run on ``clock``, and a seat whose time ran out is handed to its
        stand-in bot."""
        if self.finished:
            return None
        self.now = clock
        if self.turns.seconds:
            offered = [s for s in self.state.to_act()
                       if s in self.persons and s not in self.worker.expired]
            self.turns.run(self.state, offered if len(offered) == 1 else [], clock)
            for seat in self.turns.due(clock):
                self.worker.expired[seat] = stand_in(self.rules.id, int(self.config["seed"]),
                                                     seat, self.moves)
        events = self.worker.step(self.state, clock, pace, animating)
        if events is not None:
            self._applied(events)
        return events

    def pause(self, clock: float, pace: float) -> None:
        """The table showed an action at ``clock``: the bots wait their pause from then."""
        self.worker.pause(clock, pace)

    def _applied(self, events: list[Event]) -> None:
        self.moves += 1
        sealed = self.sealed(events)
        if sealed:  # undo never goes back past a draw or a card shown
            self.undo_stack.clear()
            self.undo_sealed = sealed
        self.history += events
        for e in events:
            self.tricks.see(e)
            self.decisions.see(e)
        if self.state.is_over():
            self._finish()
        elif self.saver is not None:
            self.saver.save(self)

    @property
    def undoable(self) -> bool:
        """Undo is offered to one person playing against bots, in turn-based games, but not in
        a lesson (`ui.lessons`: its script goes one way)."""
        return len(self.persons) == 1 and len(self.state.to_act()) <= 1 \
            and not self.config.get("lesson")

    def undo(self) -> bool:
        """Take back the person's last action (and the bots' after it): False if none may be."""
        if not self.undo_stack or self.finished:
            return False
        self.worker.forget()  # a bot's answer to the undone position no longer counts
        self.turns = TurnClock(self.turns.seconds)  # the person decides again, in full time
        saved, length = self.undo_stack.pop()
        self.state = registry.restore(saved)
        self.resync()
        del self.history[length:]  # what was undone never happened
        self.decisions.undo(length)
        if self.saver is not None:
            self.saver.save(self)
        return True

    def sealed(self, events: Sequence[Event]) -> str | None:
        """Why undo may not go back past the action whose ``events`` were just applied: "chance"
        (it drew on chance or shuffled), "shown" (a person saw a card they could not see just
        before it, in a zone or named by an event they may see); None if neither."""
        chance = (self.state.chance_count, self.state.shuffles)
        drew, self.chance = chance != self.chance, chance
        before, self.viewed = self.viewed, self._in_view()
        seen = set(self.viewed)
        for e in events:
            if any(e.visible_to(p) for p in self.persons):
                seen.update(card_codes(e.data, self.cards))
        return "chance" if drew else "shown" if seen - before else None

    def resync(self) -> None:
        """The state was put back (undo) or made: count chance, and what the people at the
        table see, from where it now stands."""
        self.chance = (self.state.chance_count, self.state.shuffles)
        self.viewed = self._in_view()

    def _in_view(self) -> set[str]:
        """The cards face up to a person's seat now."""
        return {c for z in self.state.zones() for p in self.persons for c in z.visible(p)
                if c is not None}

    def _finish(self) -> None:
        """The match is over: its result goes into the history at once (whatever the screen
        still shows), with the last deal's tricks to replay, and nothing is left to resume."""
        self.finished = True
        self.decisions.close()
        if self.saver is None:
            return
        result: Record = {**self.state.result(), "replay": [
            [[[seat, card] for seat, card in plays], taker]
            for plays, taker in self.tricks.last_deal]}
        if not result["replay"]:
            del result["replay"]
        names = [self.name(s) for s in range(self.seats)]  # as kept
        saves = self.saver.saves
        self.saver.run(saves.record_result, self.rules.id, names, result,
                       self.config.get("match_id"))
        self.saver.run(saves.discard_match, self.rules.id)

    # -- making and keeping ----------------------------------------------------------------
    @classmethod
    def start(cls, config: TableConfig) -> Match:
        """A new match of ``config`` (its ``seed`` required), under a new id where it names
        none."""
        rules = registry.get(config["game"])
        state = rules.new(len(config["seats"]), config["seed"], config.get("options"))
        config = {**config, "match_id": config.get("match_id") or uuid.uuid4().hex}
        return cls(config, state, cls._bots(config))

    @classmethod
    def resume(cls, saved: dict[str, Any]) -> Match:
        """The match ``saved`` going on, as `Saves.load_match` gives it (its ``state`` checked,
        the rest as the table kept it: `kept_config` checks that); `ValueError` or `TypeError`
        naming what cannot be resumed."""
        state = registry.load(saved["state"])
        config = kept_config(saved, state.seats)
        return cls(config, state, cls._bots(config))

    @staticmethod
    def _bots(config: TableConfig) -> dict[int, Bot[Any]]:
        seed = config["seed"]
        if config.get("lesson") in LESSONS:  # a guided deal: the bots play their part of it
            return LESSONS[config["lesson"]].bots(seed * 31 + 1)
        return {seat: make_bot(chair.get("level", "heuristic"), config["game"],
                                seed * 31 + seat + 1)
                for seat, chair in enumerate(config["seats"]) if chair["kind"] == "bot"}

    def keep(self, saves: Saves) -> None:
        """Save the match in ``saves`` after every action, on a writer thread (`Saver`), unless
        it is kept already or is a lesson (`ui.lessons`: nothing to resume or record)."""
        if self.saver is None and not self.config.get("lesson"):
            self.saver = Saver(saves)

    def flush(self) -> None:
        """Return once every save asked so far is on disk."""
        if self.saver is not None:
            self.saver.flush()

    def close(self) -> None:
        """The table closes: the bots stop, and the match is on disk when this returns."""
        self.worker.shutdown()
        if self.saver is not None:
            if not self.finished:
                self.saver.save(self)
            self.saver.close()

    def to_dict(self) -> dict[str, Any]:
        """What the saves keep: the config, the state and ``saved``, the time now (ISO 8601, for
        "Continue: <game>, <when>"; to the microsecond, which orders the matches saved)."""
        return {**self.config, "saved": now("microseconds"), "state": self.state.to_dict()}


KEPT_FIELDS: dict[str, tuple[Callable[[object], bool], str]] = {
    "seed": (lambda v: type(v) is int, "a whole number"),
    "options": (lambda v: isinstance(v, dict), "an object"),
    "clock": (lambda v: type(v) is int and v >= 0, "whole seconds"),
    "match_id": (lambda v: isinstance(v, str), "a word")}
"""The fields of a kept match's config besides its chairs (`kept_config`), each with its test
and what it must be; only the seed is required."""


def kept_config(saved: Mapping[str, object], seats: int) -> TableConfig:
    """The config of a match the table kept (`Match.to_dict`), each field checked, for a state
    of ``seats`` seats: a chair per seat, a person or a bot with a name (a bot's level a word),
    a whole-number seed, the options an object, the turn clock whole seconds, the id a word;
    `ValueError` naming the first that is not."""
    chairs = saved.get("seats")
    if not (isinstance(chairs, list) and len(chairs) == seats and all(
            isinstance(c, dict) and c.get("kind") in ("person", "bot")
            and isinstance(c.get("name"), str) and isinstance(c.get("level", ""), str)
            for c in chairs)):
        raise ValueError(f"the seats are not {seats} chairs, each a person or a bot with a "
                         f"name: {str(chairs)[:80]}")
    for key, (ok, words) in KEPT_FIELDS.items():
        if (key in saved or key == "seed") and not ok(saved.get(key)):
            raise ValueError(f"the {key} is {words}, not {str(saved.get(key))[:40]}")
    return cast(TableConfig, {k: v for k, v in saved.items() if k not in ("state", "saved")})


def next_match(config: TableConfig) -> TableConfig:
    """The match "Play again" deals after ``config``'s: the same chairs and options, the next
    seed, and an id of its own (`Match.start`), so that the history keeps both results."""
    following: TableConfig = {**config, "seed": config["seed"] + 1}
    following.pop("match_id", None)
    return following


Trick = tuple[list[tuple[int, str]], "int | None"]
"""A trick as the table saw it: (seat, card) in play order, and the seat that took it."""


class TrickRecord:
    """The tricks of the deal being played, as the table saw them happen: who played which
    card to the trick (``play`` events to the zone ``trick``) and who took it (the event that
    moves the trick away, its seat the taker). A table resumed from disk starts it empty."""

    def __init__(self, deal_ends: Collection[str]) -> None:
        self.deal_ends = deal_ends
        self.current: list[tuple[int, str]] = []
        self.done: list[Trick] = []
        """The deal's finished tricks: (seat and card, in play order; the taker)."""
        self.last_deal: list[Trick] = []
        """The tricks of the deal that ended last (an event of ``deal_ends``), for its replay."""

    def see(self, e: Event) -> None:
        moved = move(e.data)
        card, cards = moved.get("card"), moved.get("cards")
        if moved.get("to") == "trick" and card is not None and e.seat is not None:
            self.current.append((e.seat, card))
        elif moved.get("from") == "trick" and cards is not None:
            plays = [p for p in self.current if p[1] in cards]
            if len(plays) != len(cards):  # not all seen being played (a resumed table)
                plays = [(-1, c) for c in cards]
            self.done.append((plays, e.seat))
            self.current = []
        elif e.kind in self.deal_ends:
            self.last_deal, self.done, self.current = self.done, [], []

    def last(self, cards: Sequence[str]) -> Trick:
        """The last trick: as seen being played if it is the one whose ``cards`` the rules
        give, else those cards with nobody named."""
        if self.done and [c for _, c in self.done[-1][0]] == list(cards):
            return self.done[-1]
        return [(-1, c) for c in cards], None


def person_decision(match: MatchView, seat: int, action: Action) -> Decision | None:
    """``action`` about to be taken at ``seat`` of ``match``, as the play checker keeps it:
    what the seat saw and might do; None unless a person there chooses among plain actions
    (`game.checker.worth_checking`) in a game with a hard level to judge it."""
    if seat not in match.persons or not searched(match.rules.id):
        return None
    legal = match.legal_actions(seat)
    if not worth_checking(legal):
        return None
    return Decision(match.observation(seat), tuple(legal), action, len(match.tricks.done) + 1)


class DecisionRecord:
    """The choices the people at the table made in the deal being played (`Decision`), and
    those of the deal that ended last (an event of ``deal_ends``), for the play checker. Kept
    in memory only: a table resumed from disk starts it empty."""

    def __init__(self, deal_ends: Collection[str]) -> None:
        self.deal_ends = deal_ends
        self.current: list[tuple[int, Decision]] = []
        """This deal's decisions, each with the length of the history when it was taken."""
        self.last_deal: list[Decision] = []

    def add(self, at: int, decision: Decision) -> None:
        """A decision taken when the history was ``at`` events long."""
        self.current.append((at, decision))

    def see(self, e: Event) -> None:
        if e.kind in self.deal_ends:
            self.end_deal()

    def close(self) -> None:
        """The match is over: a deal still open (a game that is one long deal, such as Bluff,
        ends with no event of ``deal_ends``) is the last."""
        if self.current:
            self.end_deal()

    def end_deal(self) -> None:
        """The deal ended: its decisions are the last deal's."""
        self.last_deal = [d for _, d in self.current]
        self.current = []

    def undo(self, length: int) -> None:
        """The history was cut back to ``length`` events: the decisions taken since go."""
        self.current = [(at, d) for at, d in self.current if at < length]


def card_codes(value: object, cards: set[str]) -> set[str]:
    """The card codes named anywhere in an event's data (a code, codes separated by spaces,
    lists and dicts of them)."""
    if isinstance(value, str):
        return {word for word in value.split() if word in cards}
    if isinstance(value, dict):
        return set().union(*(card_codes(v, cards) for v in value.values()))
    if isinstance(value, (list, tuple)):
        return set().union(*(card_codes(v, cards) for v in value))
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
