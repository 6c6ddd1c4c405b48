"""Join a table hosted on another computer of the home network: the tables found there (the
hosts' announcements, `net.discovery`), or an address typed by hand; the player's name and the
code the host gives. Joining opens the table of that match (`ui.table.remote.NetMatch`) in
place of this scene once the host has seated the player; a refusal (a wrong code, a full table,
an older version) is said here, in the host's words.
"""

from __future__ import annotations

import threading
from typing import Any

import pygame

from game import registry
from net.client import RemoteMatch
from net.discovery import Found, find_tables
from net.proof import ascii_digits
from ui.app import VIRTUAL, App, Scene
from ui.table.remote import open_when_seated
from ui.widgets import (DIM, GOLD, INK, Button, Buttons, TextField, back_button, label, mirror,
                        setter)

LOOK_FOR = 1.5
"""Seconds each look for announced tables lasts."""
SHOWN = 3
"""Tables found that the list shows at most."""


class JoinScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.buttons = Buttons(app)
        profiles = app.saves.profiles
        self.values = {"address": "", "name": profiles[0] if profiles else "", "code": ""}
        self.found: list[Found] = []
        self.looking = False
        self.said = ""
        """What the scene says under the fields: joining, or why not."""
        self.remote: RemoteMatch | None = None

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
                                   self.values[name], setter(self.values, name), key=f"join:{name}",
                                   limit=40 if name == "address" else 20))
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
        if self.remote is None:
            return
        remote, self.remote = self.remote, None  # leaving this scene must not close it
        said = open_when_seated(self.app, remote)
        if said is None:
            self.remote = remote
        elif said:
            self.said = said

    def leave(self) -> None:
        if self.remote is not None:
            self.remote.close()

    def handle(self, event: pygame.event.Event) -> None:
        self.buttons.handle(event)

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
