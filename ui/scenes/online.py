"""Play online: tables at a table server (`net.server`), for family and friends anywhere.

The scene holds the server's address (the ``server`` setting, `net.servers.DEFAULT_SERVER`
until the player changes it here; ``main.py --server URL`` for one run), the player's name and
an invitation: the code read out (``AK7-QXP-3MN``) or its link form, which may name another
server (`net.servers.read_invite`). **Create a table** opens the choice of the game and its
setup (chairs: friends or bots), which creates the table at the server
(`ui.table.remote.online_table`); the table then shows the code and link while friends are
awaited. **Join** takes the seat the invitation leads to, and the table opens as at home
(`ui.scenes.joining`, refusals said here in the server's words).

A plain ``ws://`` server outside this machine and its local network (`net.servers.plain_outside`)
is used only once the player says so, in a dialog that says what it exposes.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from net.client import RemoteMatch
from net.proof import ascii_digits
from net.servers import DEFAULT_SERVER, BadServer, read_invite, server_url
from ui.app import VIRTUAL, App
from ui.scenes import confirm_server, server_refused
from ui.scenes.joining import Joining
from ui.table.remote import Online
from ui.widgets import DIM, GOLD, INK, Button, TextField, back_button, label, mirror, setter

FIELDS = ("server", "name", "invite")


def server_of(app: App) -> str:
    """The table server this run uses: ``--server``'s, else the setting, else the default."""
    return app.server or str(app.settings.get("server") or DEFAULT_SERVER)


class OnlineScene(Joining):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.values = {"server": server_of(app), "name": self.values["name"], "invite": ""}
        self.trusted: set[str] = set()
        """Plain ``ws://`` servers outside the local network the player chose to use anyway."""

    def layout(self) -> None:
        app, tr = self.app, self.app.text.tr
        items: list[Button] = []
        for i, name in enumerate(FIELDS):
            items.append(TextField((mirror(app, 480, 520), 160 + i * 70, 520, 52),
                                   self.values[name], setter(self.values, name),
                                   key=f"online:{name}",
                                   limit=80 if name != "name" else 20, latin=name != "name"))
        items.append(Button((mirror(app, 1010, 200), 300, 200, 52), tr("join.go"), self.join,
                            primary=True, key="go"))
        items.append(Button((mirror(app, 480, 520), 420, 520, 60), tr("online.create"),
                            self.create, key="create"))
        items.append(back_button(app, self))
        self.buttons.set(items)

    def checked_server(self, then: Callable[[str], None], text: str | None = None) -> None:
        """Run ``then`` with the server's URL (``text``'s, else the field's) once it is
        well formed and, if it is plain ``ws://`` outside the local network, once the player
        has said to use it anyway; the field's server is then kept as the setting."""
        try:
            server = server_url(ascii_digits(text or self.values["server"]))
        except BadServer as e:
            self.said = server_refused(self.app, e)
            return

        def go(server: str) -> None:
            if text is None and server != server_of(self.app):
                self.app.settings["server"] = server
                self.app.save_settings()
            then(server)
        confirm_server(self.app, server, go, self.trusted)

    def create(self) -> None:
        """Choose the game of a new table at the server (the menu's games, then the setup)."""
        if not self.values["name"]:
            self.said = self.app.text.tr("join.missing")
            return
        self.checked_server(lambda server: self.app.push(
            self.app.open("menu", online=Online(server, self.values["name"]))))

    def join(self) -> None:
        """Join the table the invitation leads to, as the name typed."""
        tr = self.app.text.tr
        if not self.values["name"] or not self.values["invite"]:
            self.said = tr("join.missing")
            return
        try:
            server, code = read_invite(ascii_digits(self.values["invite"]))
        except ValueError:
            self.said = tr("online.bad_invite")
            return

        def seat(url: str) -> None:
            if self.remote is not None:
                self.remote.close()
            self.remote = RemoteMatch(url, self.values["name"], code)
            self.said = tr("join.connecting")
        self.checked_server(seat, server)

    def draw(self, screen: pygame.Surface) -> None:
        app, tr = self.app, self.app.text.tr
        label(screen, app, tr("online.title"), (0, 40, VIRTUAL[0], 70), 44, GOLD, "center",
              bold=True)
        for i, name in enumerate(FIELDS):
            key = "join.name" if name == "name" else f"online.{name}"
            label(screen, app, tr(key), (mirror(app, 200, 260), 160 + i * 70, 260, 52), 24, INK)
        label(screen, app, tr("online.create_hint"), (mirror(app, 200, 880), 490, 880, 30), 20,
              DIM, "center")
        if self.said:
            label(screen, app, self.said, (mirror(app, 200, 880), 560, 880, 30), 20, GOLD,
                  "center")
        self.buttons.draw(screen)
