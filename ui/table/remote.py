"""A match hosted on another machine (or by this one's host, over loopback), as the table scene
reads a match (`ui.table.match.MatchView`): `NetMatch` wraps a `net.client.RemoteMatch`.

The host is the only authority: it keeps the match, records its result and plays the bots;
here the scene's actions are sent (`act` returns no events: they come back through `poll`, as
everyone's do; so does a claim of the rest, once it holds on the seat's own observation),
there is no undo (a table shared over the network cannot take a move back), and the panel
says who is reconnecting or stood in for by a bot. Where this machine hosts the table
(`Hosting`), the table shows the code and the address large while friends are awaited
(`invite`), and the panel keeps them, with the wrong codes tried, once play has begun; a
chair of a friend over the internet gets a code of its own (`Invitations`, `net.invite`). The
match is kept like any match (`NetMatch.keep`), and continuing it hosts it again (`rehost`).

Names come from the host as it keeps them: a name the table gave (``@bot:2``) is said in this
screen's language, and every name stands in a line as an isolated run (the scene's ``name``).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Collection
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from game import claim
from game.clock import ONLINE
from game.core import Action, Event, Rules
from game.shapes import Chair, Observation, Result, TableConfig
from net.client import NOT_THE_TABLE, RemoteMatch
from net.discovery import Announcer, addresses, announcement
from net.host import Host
from net.invite import Inviter, LinkError, LinkSettings
from net.protocol import shown_code
from saves import Saves
from ui.table.match import DecisionRecord, Friend, Invite, Talk, TrickRecord, person_decision

if TYPE_CHECKING:
    from ui.app import App

FIRST_UPDATE_WAIT = 10.0
"""Seconds the table waits, as it opens, for the host's first update."""
PORT = 47250
"""Where a table hosts when the port is free (else any free port)."""


@dataclass(frozen=True)
class Network:
    """Where this machine hosts tables: the address it listens on, the port it tries first,
    and whether it announces them to the home network."""

    bind: str = "0.0.0.0"
    port: int = PORT
    announce: bool = True


HOME = Network()
LOOPBACK = Network("127.0.0.1", 0, False)
"""This machine alone, announcing nothing: what the tests and the monkey host on."""
network = HOME
"""Where `host_table` and `rehost` host (the monkey sets `LOOPBACK` while it runs)."""


def open_when_seated(app: App, remote: RemoteMatch,
                     on_close: Callable[[], None] | None = None) -> str | None:
    """A joining scene's step: once the host has seated the player, the table opens in the
    scene's place (``""``); once the connection has closed, what the player is told (the
    host's refusal); None while joining goes on. ``on_close`` goes to the table's match."""
    if remote.connection == "closed":
        tr = app.text.tr
        return tr("join.not_the_table") if remote.problem == NOT_THE_TABLE \
            else remote.problem or tr("net.closed")
    if not (remote.ready(0) and remote.wait(0)):
        return None
    match = NetMatch(remote, on_close=on_close)
    app.replace(app.open("table", match.config, match))
    return ""


def link_settings(settings: dict[str, Any]) -> LinkSettings:
    """The invitations' rendezvous, relay and direct addresses, from the table's settings
    (the public servers and every address unless set)."""
    return LinkSettings(mailbox=settings.get("invite_mailbox"),
                        relay=settings.get("invite_relay"),
                        direct=settings.get("invite_direct", "any"))


class Invitations:
    """The codes of a hosted table's friends over the internet (`net.invite`), opened on a
    thread of their own: the mailbox may be slow or out of reach, and the window never waits
    for it. ``problem`` is a `LinkError`'s reason once opening failed."""

    def __init__(self, host: Host, seats: list[int], link: LinkSettings) -> None:
        self.seats = seats
        self.inviter = Inviter(host, link)
        self.problem: str | None = None
        self._thread = threading.Thread(target=self._open, name="invitations", daemon=True)
        self._thread.start()

    def _open(self) -> None:
        try:
            for seat in self.seats:
                self.inviter.invite(seat)
        except LinkError as e:
            self.problem = e.reason

    def codes(self) -> dict[int, str]:
        """The code each seat's friend types now (the seats whose code waits to be used: the
        first, or a new one to come back with)."""
        return {seat: i.code for seat, i in self.inviter.invitations().items()
                if i.state == "open"}

    def friends(self, seats: Collection[int]) -> tuple[Friend, ...]:
        """How each of ``seats`` (those awaited) is invited now: its code, none yet, or an
        expired one."""
        latest = self.inviter.invitations()
        return tuple(Friend(s, latest[s].code if s in latest and latest[s].state == "open"
                            else None, s in latest and latest[s].state == "expired")
                     for s in self.seats if s in seats)

    def renew(self, seat: int) -> None:
        """A new code for ``seat`` (its last expired), opened on a thread of its own."""
        def open_again() -> None:
            try:
                self.inviter.invite(seat)
            except LinkError as e:
                self.problem = e.reason
        threading.Thread(target=open_again, name="invitation", daemon=True).start()

    def close(self) -> None:
        self._thread.join(1.0)
        self.inviter.close()


@dataclass(frozen=True)
class Hosting:
    """This machine hosts the table: the host, the address friends on the network join it at
    ("" where it listens on loopback alone), and the invitations of the friends over the
    internet."""

    host: Host
    address: str
    invitations: Invitations | None = None

    @property
    def code(self) -> str:
        """The code as it is shown and read out (`net.protocol.shown_code`)."""
        return shown_code(self.host.code)


class NetMatch:
    """The match at a host seen from this screen's one seat; ``hosting`` where this machine
    hosts it, ``on_close`` what to do when the table closes (stop the host)."""

    def __init__(self, remote: RemoteMatch, hosting: Hosting | None = None,
                 on_close: Callable[[], None] | None = None) -> None:
        if not remote.ready(FIRST_UPDATE_WAIT) or not remote.wait(FIRST_UPDATE_WAIT):
            raise ConnectionError(remote.problem or "the host did not answer")
        self.remote = remote
        self.hosting = hosting
        self.on_close = on_close
        joined = remote.config
        self.config: TableConfig = {"game": joined["game"], "seats": joined["seats"],
                                    "options": joined.get("options", {}), "net": True}
        self.history: list[Event] = list(remote.poll() or [])
        self.tricks = TrickRecord(remote.rules.deal_ends)
        for e in self.history:
            self.tricks.see(e)
        self.decisions = DecisionRecord(remote.rules.deal_ends)
        self.moves = 0
        self.saves: Saves | None = None
        """Where this player's history is kept (`keep`), for the result (`_record`)."""
        self.recorded = False
        self.unrecorded = ""
        """Why the result could not be recorded, if it could not."""
        self.undo_sealed = ""
        self.cards = {c for z in remote.observation(remote.seat)["zones"]
                      for c in z["cards"] if c is not None}
        """The cards in view at the start (the table draws them ahead)."""

    # -- what the table asks -------------------------------------------------------------
    @property
    def rules(self) -> Rules:
        return self.remote.rules

    @property
    def seats(self) -> int:
        return self.remote.seats

    @property
    def persons(self) -> list[int]:
        return list(self.remote.persons)

    @property
    def finished(self) -> bool:
        return self.remote.is_over()

    def name(self, seat: int) -> str:
        return self.remote.name(seat)

    def observation(self, seat: int | None) -> Observation:
        return self.remote.observation(self.remote.seat)

    def legal_actions(self, seat: int) -> list[Action]:
        return self.remote.legal_actions(seat)

    def to_act(self) -> list[int]:
        return self.remote.to_act()

    def is_over(self) -> bool:
        return self.remote.is_over()

    def result(self) -> Result:
        return self.remote.result()

    def move_of(self, seat: int, action: Action) -> tuple[str, str] | None:
        return self.remote.move_of(seat, action)

    def why_not(self, seat: int, code: str, zone: str | None) -> str | None:
        """The rules are the host's: the table says only that the move is not allowed."""
        return None

    def notes(self, tr: Callable[..., str], name: Callable[[int], str]) -> list[str]:
        """The panel's lines about the network: the code and address to give friends, the
        codes of friends over the internet and the wrong codes tried (where this machine
        hosts; what the `invite` shows large is not said again while it shows), this seat's
        connection, and the other seats that are away or played by a bot."""
        lines = []
        invite = self.invite()
        if invite is None and self.remote.server and self.remote.code:
            lines.append(tr("net.hosting", code=shown_code(self.remote.code),
                            address=self.remote.invite))
        if self.hosting is not None:
            if invite is None and self.hosting.address:
                lines.append(tr("net.hosting", code=self.hosting.code,
                                address=self.hosting.address))
            invitations = self.hosting.invitations
            if invitations is not None:  # the codes not shown large: those to come back with
                large = {f.seat for f in invite.friends} if invite is not None else set()
                for seat, code in sorted(invitations.codes().items()):
                    if seat not in large:
                        lines.append(tr("invite.code_for", name=name(seat),
                                        code=f"\u2068{code}\u2069"))
                if invitations.problem is not None and invite is None:
                    lines.append(tr(f"invite.err.{invitations.problem}"))
            wrong = self.hosting.host.guesses
            if wrong.total:
                lines.append(tr("net.wrong_codes", n=wrong.total, address=wrong.last))
        if self.remote.connection in ("reconnecting", "closed"):
            lines.append(tr(f"net.{self.remote.connection}"))
        chairs = self.config["seats"]
        for seat, state in enumerate(self.remote.status):
            person = chairs[seat]["kind"] != "bot"
            shown = state in ("reconnecting", "bot") or (state == "waiting" and invite is None)
            if seat != self.remote.seat and person and shown:
                lines.append(tr(f"net.seat_{state}", name=name(seat)))
        if self.remote.problem:
            lines.append(self.remote.problem)
        if self.unrecorded:
            lines.append(self.unrecorded)
        return lines

    def invite(self) -> Invite | None:
        """How the friends still awaited join: while this machine hosts, those of the network
        with the code and the address, those over the internet each with their own code; at a
        table server's table, with the code and the invitation's link (shown to every player,
        any of whom may pass it on)."""
        awaited = {s for s, state in enumerate(self.remote.status) if state == "waiting"}
        if not awaited:
            return None
        if self.hosting is None:
            if self.remote.server and self.remote.code:
                return Invite(shown_code(self.remote.code), self.remote.invite,
                              tuple(sorted(awaited)), online=True)
            return None
        invitations = self.hosting.invitations
        if invitations is None:
            return Invite(self.hosting.code, self.hosting.address, tuple(sorted(awaited)))
        return Invite(self.hosting.code, self.hosting.address,
                      tuple(sorted(awaited - set(invitations.seats))),
                      invitations.friends(awaited), invitations.problem, invitations.renew)

    def lost(self) -> str | None:
        """Why the match can no longer go on, once the connection to its referee has ended
        before the match did (a table server that no longer holds it, a host that stopped)."""
        remote = self.remote
        if remote.connection != "closed" or remote.is_over():
            return None
        return remote.problem or "the connection ended"

    def talk(self) -> Talk:
        """The players' quick phrases, as the client hears them."""
        return self.remote

    def clock_of(self, seat: int) -> tuple[float, float] | None:
        """``seat``'s turn clock as the host's last update gave it: seconds left now and its
        whole time; None if none runs."""
        running = self.remote.clock_of(seat)
        return None if running is None else (max(0.0, running[0] - time.monotonic()), running[1])

    # -- acting ----------------------------------------------------------------------------
    def act(self, seat: int, action: Action) -> list[Event]:
        decision = person_decision(self, seat, action)
        events = self.remote.act(seat, action)
        if decision is not None:
            self.decisions.add(len(self.history), decision)
        return events

    def poll(self, clock: float, pace: float, animating: Callable[[], bool]
             ) -> list[Event] | None:
        """The next update's events (everyone's actions, the bots' too), once the cards of the
        last have come to rest."""
        if animating():
            return None
        events = self.remote.poll()
        if events is not None:
            self.moves += 1
            self.history += events
            for e in events:
                self.tricks.see(e)
                self.decisions.see(e)
            if self.remote.is_over():
                self.decisions.close()
                self._record()
        return events

    def _record(self) -> None:
        """The match is over: its result goes into this player's own history and statistics
        (`Saves.record_result`), once, under the referee's match id (a copy that sees the end
        again counts nothing twice); a result that cannot be written is said in the panel."""
        if self.saves is None or self.recorded:
            return
        self.recorded = True
        names = [self.name(s) for s in range(self.seats)]
        try:
            self.saves.record_result(self.rules.id, names, self.remote.result(),
                                     self.remote.match_id)
        except (OSError, ValueError) as e:
            self.unrecorded = str(e)

    def pause(self, clock: float, pace: float) -> None:
        """The host paces its bots."""

    def claimable(self, seat: int) -> bool:
        """Whether the person at ``seat`` may claim the rest of the hand now
        (`game.claim.offered`, on what the host's last update shows the seat)."""
        return claim.offered(self.rules.id, self.observation(seat))

    def claim(self, seat: int) -> list[Event] | None:
        """The person at ``seat`` claims the rest of the hand: None if the claim does not
        hold in every deal the seat cannot tell from the real one (`game.claim.check`, on the
        seat's own observation: the host, checking it again on the same, would refuse it too),
        else it goes to the host, whose update brings the rest played out (no events now)."""
        if not self.claimable(seat) or claim.check(self.rules.id, self.observation(seat)) is None:
            return None
        self.remote.claim(seat)
        return []

    def undo(self) -> bool:
        return False

    def keep(self, saves: Saves) -> None:
        """Record the result in ``saves`` when the match ends (`_record`). Where this machine
        hosts the match, keep it there like any match, after every change (`Host.keep`):
        closing the table, or a crash, leaves it to continue from the menu (`rehost`), and
        nothing once it is over. A joined match is the host's to keep."""
        self.saves = saves
        if self.hosting is None:
            return
        hosting = self.hosting
        hosted = {"port": hosting.host.address[1] if hosting.host.address else 0,
                  "internet": list(hosting.invitations.seats) if hosting.invitations else []}
        game = self.config["game"]
        hosting.host.keep(lambda data: saves.save_match({
            **data, "hosted": hosted, "saved": datetime.now().astimezone().isoformat()}),
            lambda: saves.discard_match(game))

    def close(self) -> None:
        self.remote.close()
        if self.on_close is not None:
            self.on_close()


def host_table(config: TableConfig, link: LinkSettings | None = None) -> NetMatch:
    """Host the match of ``config`` (as the setup makes it: its one ``person`` chair plays at
    this screen, its ``remote`` chairs are joined from other computers of the network, its
    ``internet`` chairs by friends with a code (`Invitations`, through ``link``), its bots
    play at the host) where `network` says, announced under the person's name, with the turn
    clock ``config["clock"]`` (none where it names none), and seat this screen's player
    through loopback. The table, closing, stops them all."""
    internet = [s for s, c in enumerate(config["seats"]) if c["kind"] == "internet"]
    chairs: list[Chair] = [{"kind": "local", "name": c["name"]} if c["kind"] == "person"
                           else {**c, "kind": "remote"} if c["kind"] == "internet" else {**c}
                           for c in config["seats"]]
    host = Host.start(config["game"], chairs, config["seed"], config.get("options"),
                      clock=config.get("clock", 0))
    return _seat_here(host, network.port, internet, link)


@dataclass(frozen=True)
class Online:
    """A table to create at a table server: the server's URL, and the name this screen's
    player goes by there."""

    server: str
    name: str


def online_table(config: TableConfig, server: str) -> NetMatch:
    """Create the match of ``config`` (as the setup makes it: its one ``person`` chair plays at
    this screen, its ``remote`` chairs are friends who join with the code, its bots play at the
    server) at the table server ``server``, which draws the deal, and seat this screen's player
    there, with the turn clock ``config["clock"]`` (`game.clock.ONLINE` where it names none).
    `ConnectionError` saying why if the server does not seat them."""
    person = next(c for c in config["seats"] if c["kind"] == "person")
    chairs = [{"kind": c["kind"], **({"level": c["level"]} if c["kind"] == "bot" else {})}
              for c in config["seats"]]
    remote = RemoteMatch.create(server, person["name"], {
        "game": config["game"], "seats": chairs, "options": config.get("options") or {},
        "clock": config.get("clock", ONLINE), "seed": None, "in_order": False})
    try:
        return NetMatch(remote)
    except ConnectionError:
        remote.close()
        raise


def rehost(saved: dict[str, Any], link: LinkSettings | None = None) -> NetMatch:
    """Host again the match a table kept (`NetMatch.keep`: ``saved`` as `Saves.load_match`
    gives it), on the port its players know where it is free: they rejoin by their tokens
    (their clients try again by themselves; a friend over the internet with a new code, which
    carries their seat's token), its bots play on meanwhile. `ValueError` or `TypeError` if
    the save cannot be hosted (`net.referee.check_config`)."""
    hosted = saved.get("hosted")
    hosted = hosted if isinstance(hosted, dict) else {}
    port, internet = hosted.get("port"), hosted.get("internet", [])
    data = {k: v for k, v in saved.items() if k not in ("hosted", "saved")}
    host = Host.restore(data)
    if not (isinstance(internet, list) and all(
            type(s) is int and 0 <= s < len(host.referee.chairs)
            and host.referee.chairs[s]["kind"] == "remote" for s in internet)):
        raise ValueError("the seats invited over the internet are remote chairs of the match")
    return _seat_here(host, port if type(port) is int else network.port, internet, link)


def _seat_here(host: Host, port: int, internet: list[int],
               link: LinkSettings | None) -> NetMatch:
    """Serve ``host`` on `network`'s address at ``port`` (any free port if that one is
    taken; on loopback alone where no chair is joined from the network), announce it where
    `network` does, invite the friends of the ``internet`` seats, and seat this screen's
    player, the local chair, through loopback."""
    chairs = host.referee.chairs
    on_network = any(c["kind"] == "remote" and s not in internet for s, c in enumerate(chairs))
    bind = network.bind if on_network else "127.0.0.1"
    try:
        address = host.open(bind, port)
    except OSError:  # another table hosts on that port
        host = Host(host.referee.config, host.referee.state, resumed=host.referee.started)
        address = host.open(bind, 0)
    game = host.referee.config["game"]
    announcer = Announcer(lambda: announcement(game, host.table, address[1],
                                               host.open_seats())) \
        if network.announce and on_network else None
    invitations = Invitations(host, internet, link or LinkSettings()) if internet else None
    local = next(s for s, c in enumerate(chairs) if c["kind"] == "local")
    remote = RemoteMatch(f"127.0.0.1:{address[1]}", chairs[local]["name"], host.code,
                         token=host.token(local))

    def close() -> None:
        if announcer is not None:
            announcer.stop()
        if invitations is not None:
            invitations.close()
        host.stop()
    shown = f"{addresses(bind)[0]}:{address[1]}" if on_network else ""
    return NetMatch(remote, Hosting(host, shown, invitations), close)
