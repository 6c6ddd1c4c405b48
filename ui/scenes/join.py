"""Join a table hosted on another computer, the two ways a player is given.

`JoinScene` (the menu's "Join a table"): a table of the home network, among those found there
(the hosts' announcements, `net.discovery`), or at an address typed by hand (a host whose
router lets friends in; a table server's tables are joined from Play online,
`ui.scenes.online`); the player's name and the table code the host gives.

`JoinCodeScene` (the menu's "Join with a code"): a friend's table over the internet, with the
code their table shows for this player's chair (`net.invite`); the player's name. The link is
made on a thread of its own (the window never waits for the mailbox); a refusal is said in the
player's language by its reason (`net.invite.LinkError.reason`), and where the mailbox cannot
be reached a button leads to the other way of joining.

Either opens the table of that match (`ui.table.remote.NetMatch`) in place of the scene once
the host has seated the player (`ui.table.remote.open_when_seated`); a refusal by the host (a
wrong code, a full table, an older version) is said there, in the host's words.
"""

from __future__ import annotations

import threading
from typing import Any

import pygame

from game import registry
from net.client import RemoteMatch
from net.discovery import Found, find_tables
from net.invite import Joined, LinkError, join
from net.proof import ascii_digits
from ui.app import VIRTUAL, App, Scene
from ui.scenes.joining import Joining
from ui.table.remote import link_settings, open_when_seated
from ui.widgets import (DIM, GOLD, INK, Button, Buttons, TextField, back_button, label, mirror,
                        setter)

LOOK_FOR = 1.5
"""Seconds each look for announced tables lasts."""
SHOWN = 3
"""Tables found that the list shows at most."""
CODE_MAX = 60
"""Characters a typed invitation code may have (a number and two or three words)."""


class JoinScene(Joining):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.values = {"address": "", "name": self.values["name"], "code": ""}
        self.found: list[Found] = []
        self.looking = False

    def enter(self) -> None:
        super().enter()
        self.look()

    def look(self) -> None:
        """Listen for announced tables on a thread of its own, for `LOOK_FOR` seconds."""
        if self.looking:
            return
        self.looking = True

        def listen() -> None:
            try:
                self.found = find_tables(LOOK_FOR)
            except OSError:  # the port is taken (another copy is looking): nothing found
                self.found = []
            self.looking = False
        threading.Thread(target=listen, name="join-look", daemon=True).start()

    def layout(self) -> None:
        app, tr = self.app, self.app.text.tr
        items: list[Button] = []
        for i, name in enumerate(("address", "name", "code")):
            items.append(TextField((mirror(app, 520, 420), 170 + i * 70, 420, 52),
                                   self.values[name], setter(self.values, name),
                                   key=f"join:{name}",
                                   limit=40 if name == "address" else 20,
                                   latin=name != "name"))
        for i, table in enumerate(self.found[:SHOWN]):
            game = registry.get(table.game).name(app.lang) if table.game in registry.ids() \
                else table.game
            text = tr("join.table", game=game, host=app.text.said(table.name), n=table.open,
                      address=f"\u2068{table.address}\u2069")  # isolated, as a name
            items.append(Button((mirror(app, 520, 420), 420 + i * 50, 420, 44), text,
                                self._chooser(table), size=18, key=f"found:{i}"))
        items.append(Button((mirror(app, 990, 230), 170, 230, 52), tr("join.look"), self.look,
                            size=20, key="look"))
        items.append(Button((mirror(app, 1000, 220), 630, 220, 60), tr("join.go"), self.join,
                            primary=True, key="go"))
        items.append(back_button(app, self))
        self.buttons.set(items)

    def _chooser(self, table: Found) -> Any:
        def choose() -> None:
            self.values["address"] = table.join
            self.layout()
        return choose

    def join(self) -> None:
        """Join the table at the address typed with the name and the code."""
        tr = self.app.text.tr
        address, name, code = (self.values[k] for k in ("address", "name", "code"))
        address = ascii_digits(address)
        host, _, port = address.rpartition(":")
        if not host or not port.isdigit():
            self.said = tr("join.bad_address")
            return
        if not name or not code:
            self.said = tr("join.missing")
            return
        if self.remote is not None:
            self.remote.close()
        self.remote = RemoteMatch(address, name, code.upper())
        self.said = tr("join.connecting")

    def update(self, dt: float) -> None:
        if self.found and not any(b.key.startswith("found:") for b in self.buttons.items):
            self.layout()
        super().update(dt)

    def draw(self, screen: pygame.Surface) -> None:
        app, tr = self.app, self.app.text.tr
        label(screen, app, tr("join.title"), (0, 40, VIRTUAL[0], 70), 44, GOLD, "center",
              bold=True)
        for i, name in enumerate(("address", "name", "code")):
            label(screen, app, tr(f"join.{name}"), (mirror(app, 260, 240), 170 + i * 70, 240,
                                                       52), 24, INK)
        found = tr("join.looking") if self.looking else tr("join.found") if self.found \
            else tr("join.none_found")
        label(screen, app, found, (mirror(app, 260, 700), 378, 700, 30), 20, DIM)
        if self.said:
            label(screen, app, self.said, (mirror(app, 260, 700), 600, 700, 30), 20, GOLD)
        self.buttons.draw(screen)


class JoinCodeScene(Scene):
    """Join a friend's table over the internet with the code they give (see the module
    docstring)."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.buttons = Buttons(app)
        profiles = app.saves.profiles
        self.values = {"name": profiles[0] if profiles else "", "code": ""}
        self.said = ""
        self.reason: str | None = None
        self.joining: threading.Thread | None = None
        self.joined: Joined | None = None
        self.remote: RemoteMatch | None = None

    def layout(self) -> None:
        app, tr = self.app, self.app.text.tr
        items: list[Button] = []
        for i, name in enumerate(("name", "code")):
            items.append(TextField((mirror(app, 480, 520), 200 + i * 80, 520, 56),
                                   self.values[name], setter(self.values, name),
                                   key=f"code:{name}",
                                   limit=CODE_MAX if name == "code" else 20))
        if self.reason == "mailbox":
            items.append(Button((mirror(app, 480, 520), 520, 520, 52), tr("invite.other_join"),
                                self.other_way, size=20, key="other"))
        items.append(Button((mirror(app, 1000, 220), 630, 220, 60), tr("join.go"), self.join,
                            primary=True, key="go"))
        items.append(back_button(app, self))
        self.buttons.set(items)

    def other_way(self) -> None:
        self.app.replace(self.app.open("join"))

    def join(self) -> None:
        """Make the link with the code typed, on a thread of its own."""
        tr = self.app.text.tr
        if not self.values["name"] or not self.values["code"]:
            self.said = tr("invite.missing")
            return
        if self.joining is not None:
            return
        self.said, self.reason = tr("join.connecting"), None
        code, settings = self.values["code"], link_settings(self.app.settings)

        def make_link() -> None:
            try:
                self.joined = join(code, settings)
            except LinkError as e:
                self.reason = e.reason
        self.joining = threading.Thread(target=make_link, name="join-code", daemon=True)
        self.joining.start()

    def update(self, dt: float) -> None:
        if self.joining is not None and not self.joining.is_alive():
            self.joining = None
            if self.joined is None:
                self.said = self.app.text.tr(f"invite.err.{self.reason}")
                self.layout()
                return
            self.remote = RemoteMatch(self.joined.address, self.values["name"],
                                      self.joined.code, self.joined.seat, self.joined.token)
        if self.remote is None:
            return
        # leaving this scene for the table must close neither: the table's match does
        remote, link, self.remote, self.joined = self.remote, self.joined, None, None
        said = open_when_seated(self.app, remote, link.close if link is not None else None)
        if said is None:
            self.remote, self.joined = remote, link
        elif said:
            self.said = said
            if link is not None:
                link.close()

    def leave(self) -> None:
        if self.remote is not None:
            self.remote.close()
        if self.joined is not None:
            self.joined.close()
            self.joined = None

    def handle(self, event: pygame.event.Event) -> None:
        self.buttons.handle(event)

    def draw(self, screen: pygame.Surface) -> None:
        app, tr = self.app, self.app.text.tr
        label(screen, app, tr("invite.join_title"), (0, 40, VIRTUAL[0], 70), 44, GOLD,
              "center", bold=True)
        label(screen, app, tr("invite.join_say"), (mirror(app, 200, 880), 120, 880, 60), 22,
              DIM, "center", wrap=True)
        for i, name in enumerate(("name", "code")):
            label(screen, app, tr(f"invite.field_{name}"),
                  (mirror(app, 220, 240), 200 + i * 80, 240, 56), 24, INK)
        if self.said:
            label(screen, app, self.said, (mirror(app, 200, 880), 380, 880, 120), 22, GOLD,
                  wrap=True)
        self.buttons.draw(screen)
