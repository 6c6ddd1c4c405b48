"""A match hosted on another machine (or by this one's host, over loopback), as the table scene
reads a match (`ui.table.match.MatchView`): `NetMatch` wraps a `net.client.RemoteMatch`.

The host is the only authority: it keeps the match, records its result and plays the bots;
here the scene's actions are sent (`act` returns no events: they come back through `poll`, as
everyone's do), there is no undo (a table shared over the network cannot take a move back),
and the panel says who is reconnecting or stood in for by a bot. Where this machine hosts the
table (`Hosting`), the table shows the code and the address large while friends are awaited
(`invite`), and the panel keeps them, with the wrong codes tried, once play has begun; the
match is kept like any match (`NetMatch.keep`), and continuing it hosts it again (`rehost`).

Names come from the host as it keeps them: a name the table gave (``@bot:2``) is said in this
screen's language, and every name stands in a line as an isolated run (the scene's ``name``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from game.core import Action, Event, Rules
from net.client import RemoteMatch
from net.discovery import Announcer, addresses, announcement
from net.host import Host
from net.protocol import shown_code
from saves import Saves
from ui.table.match import DecisionRecord, Invite, TrickRecord, person_decision

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


@dataclass(frozen=True)
class Hosting:
    """This machine hosts the table: the host, and the address friends join it at."""

    host: Host
    address: str

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
        self.config: dict[str, Any] = {**remote.config, "net": True}
        self.history: list[Event] = list(remote.poll() or [])
        self.tricks = TrickRecord(remote.rules.deal_ends)
        for e in self.history:
            self.tricks.see(e)
        self.decisions = DecisionRecord(remote.rules.deal_ends)
        self.moves = 0
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

    def observation(self, seat: int | None) -> dict[str, Any]:
        return dict(self.remote.observation(self.remote.seat))

    def legal_actions(self, seat: int) -> list[Action]:
        return self.remote.legal_actions(seat)

    def to_act(self) -> list[int]:
        return self.remote.to_act()

    def is_over(self) -> bool:
        return self.remote.is_over()

    def result(self) -> dict[str, Any]:
        return dict(self.remote.result())

    def move_of(self, seat: int, action: Action) -> tuple[str, str] | None:
        return self.remote.move_of(seat, action)

    def why_not(self, seat: int, code: str, zone: str | None) -> str | None:
        """The rules are the host's: the table says only that the move is not allowed."""
        return None

    def notes(self, tr: Callable[..., str], name: Callable[[int], str]) -> list[str]:
        """The panel's lines about the network: the code and address to give friends and the
        wrong codes tried (where this machine hosts; the code and the seats awaited stand in
        the `invite` while it shows), this seat's connection, and the other seats that are
        away or played by a bot."""
        lines = []
        invite = self.invite()
        if self.hosting is not None:
            if invite is None:
                lines.append(tr("net.hosting", code=self.hosting.code,
                                address=self.hosting.address))
            wrong = self.hosting.host.guesses
            if wrong.total:
                lines.append(tr("net.wrong_codes", n=wrong.total, address=wrong.last))
        if self.remote.connection in ("reconnecting", "closed"):
            lines.append(tr(f"net.{self.remote.connection}"))
        chairs = self.config["seats"]
        for seat, state in enumerate(self.remote.status):
            person = chairs[seat]["kind"] != "bot"
            shown = state in ("reconnecting", "bot") or state == "waiting" and invite is None
            if seat != self.remote.seat and person and shown:
                lines.append(tr(f"net.seat_{state}", name=name(seat)))
        if self.remote.problem:
            lines.append(self.remote.problem)
        return lines

    def invite(self) -> Invite | None:
        """The code, the address and the seats awaited, while this machine hosts and a
        friend's chair waits."""
        awaited = tuple(s for s, state in enumerate(self.remote.status) if state == "waiting")
        if self.hosting is None or not awaited:
            return None
        return Invite(self.hosting.code, self.hosting.address, awaited)

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
        return events

    def pause(self, clock: float, pace: float) -> None:
        """The host paces its bots."""

    def undo(self) -> bool:
        return False

    def keep(self, saves: Saves) -> None:
        """Where this machine hosts the match, keep it in ``saves`` like any match, after every
        change (`Host.keep`): closing the table, or a crash, leaves it to continue from the
        menu (`rehost`), and nothing once it is over. A joined match is the host's to keep."""
        if self.hosting is None:
            return
        port = int(self.hosting.address.rpartition(":")[2])
        game = str(self.config["game"])
        self.hosting.host.keep(lambda data: saves.save_match({
            **data, "hosted": {"port": port}, "saved": datetime.now().astimezone().isoformat()}),
            lambda: saves.discard_match(game))

    def close(self) -> None:
        self.remote.close()
        if self.on_close is not None:
            self.on_close()


def host_table(config: dict[str, Any]) -> NetMatch:
    """Host the match of ``config`` (as the setup makes it: its one ``person`` chair plays at
    this screen, its ``remote`` chairs are joined from other computers, its bots play at the
    host) where `network` says, announced under the person's name, and seat this screen's
    player through loopback. The table, closing, stops both."""
    chairs = [{"kind": "local", "name": c["name"]} if c["kind"] == "person" else dict(c)
              for c in config["seats"]]
    host = Host.start(config["game"], chairs, int(config["seed"]), config.get("options"))
    return _seat_here(host, network.port)


def rehost(saved: dict[str, Any]) -> NetMatch:
    """Host again the match a table kept (`NetMatch.keep`: ``saved`` as `Saves.load_match`
    gives it), on the port its players know where it is free: they rejoin by their tokens
    (their clients try again by themselves), its bots play on meanwhile. `ValueError` or
    `TypeError` if the save cannot be hosted (`net.referee.check_config`)."""
    hosted = saved.get("hosted")
    port = hosted.get("port") if isinstance(hosted, dict) else None
    data = {k: v for k, v in saved.items() if k not in ("hosted", "saved")}
    return _seat_here(Host.restore(data), port if type(port) is int else network.port)


def _seat_here(host: Host, port: int) -> NetMatch:
    """Serve ``host`` on `network`'s address at ``port`` (any free port if that one is
    taken), announce it where `network` does, and seat this screen's player, the local
    chair, through loopback."""
    bind = network.bind
    try:
        address = host.open(bind, port)
    except OSError:  # another table hosts on that port
        host = Host(host.referee.config, host.referee.state, resumed=host.referee.started)
        address = host.open(bind, 0)
    game = host.referee.config["game"]
    announcer = Announcer(lambda: announcement(game, host.table, address[1],
                                               host.open_seats())) \
        if network.announce else None
    chairs = host.referee.chairs
    local = next(s for s, c in enumerate(chairs) if c["kind"] == "local")
    remote = RemoteMatch(f"127.0.0.1:{address[1]}", chairs[local]["name"], host.code,
                         token=host.token(local))

    def close() -> None:
        if announcer is not None:
            announcer.stop()
        host.stop()
    return NetMatch(remote, Hosting(host, f"{addresses(bind)[0]}:{address[1]}"), close)
