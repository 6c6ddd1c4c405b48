"""Friends over the internet (`net.invite`): the host's codes, and joining with one.

`InviteScene` stands over the table the setup opened when a chair is "a friend over the
internet": each such chair's code, large, with a button that copies it (to read it over the
phone or paste it in a message), and a new code where one expired. Until the mailbox answers
it says the codes are coming; where the mailbox or the relay cannot be reached it says so and
names the other ways (a chair on this network, a table server's address, an address and port
typed by hand). The codes stay in the table's panel (`ui.table.remote.NetMatch.notes`).

`JoinCodeScene` (the menu's "Join with a code"): the player's name and the code; the link is
made on a thread of its own (the window never waits for the mailbox), then the table opens in
place of this scene as it does on the network (`ui.scenes.join`). A refusal is said in the
player's language by its reason (`net.invite.LinkError.reason`); where the mailbox cannot be
reached, a button leads to the other way of joining.
"""

from __future__ import annotations

import threading
from typing import Any

import pygame

from net.client import RemoteMatch
from net.invite import Joined, LinkError, join
from ui.app import VIRTUAL, App, Scene
from ui.table.remote import NetMatch, link_settings, open_when_seated
from ui.widgets import (DIM, GOLD, INK, Button, Buttons, TextField, back_button, label, mirror,
                        setter)

CODE_MAX = 60
"""Characters a typed code may have (a number and two or three words)."""


def copy_text(text: str) -> bool:
    """Put ``text`` on the clipboard; whether it could be."""
    try:
        if not pygame.scrap.get_init():
            pygame.scrap.init()
        pygame.scrap.put_text(text)
        return True
    except pygame.error:
        return False


class InviteScene(Scene):
    """The codes of ``match``'s friends over the internet (see the module docstring)."""

    def __init__(self, app: App, match: NetMatch) -> None:
        super().__init__(app)
        self.match = match
        self.buttons = Buttons(app)
        self.shown: tuple[Any, ...] = ()
        self.copied: int | None = None

    def state(self) -> tuple[Any, ...]:
        invitations = self.match.invitations
        if invitations is None:
            return ()
        return (tuple(sorted(invitations.codes().items())), tuple(invitations.expired()),
                invitations.problem)

    def layout(self) -> None:
        app, tr = self.app, self.app.text.tr
        self.shown = self.state()
        items: list[Button] = []
        invitations = self.match.invitations
        if invitations is not None and invitations.problem is None:
            codes = invitations.codes()
            expired = invitations.expired()
            for row, seat in enumerate(invitations.seats):
                y = 200 + row * 110
                if seat in codes:
                    items.append(Button((mirror(app, 980, 200), y + 20, 200, 56),
                                        tr("invite.copy"), self._copier(seat, codes[seat]),
                                        size=22, key=f"copy{seat}"))
                elif seat in expired:
                    items.append(Button((mirror(app, 980, 200), y + 20, 200, 56),
                                        tr("invite.renew"), self._renewer(seat), size=22,
                                        key=f"renew{seat}"))
        items.append(Button((mirror(app, 980, 240), 630, 240, 60), tr("invite.to_table"),
                            self.back, primary=True, key="table"))
        self.buttons.set(items, len(items) - 1)

    def _copier(self, seat: int, code: str) -> Any:
        def copy() -> None:
            self.copied = seat if copy_text(code) else -1
        return copy

    def _renewer(self, seat: int) -> Any:
        def renew() -> None:
            if self.match.invitations is not None:
                self.match.invitations.renew(seat)
        return renew

    def back(self) -> None:
        self.app.pop()

    def update(self, dt: float) -> None:
        if self.state() != self.shown:
            self.layout()

    def handle(self, event: pygame.event.Event) -> None:
        self.buttons.handle(event)

    def draw(self, screen: pygame.Surface) -> None:
        app, tr = self.app, self.app.text.tr
        screen.fill((12, 40, 28))
        label(screen, app, tr("invite.title"), (0, 40, VIRTUAL[0], 70), 40, GOLD, "center",
              bold=True)
        invitations = self.match.invitations
        if invitations is None:
            return
        if invitations.problem is not None:
            label(screen, app, tr(f"invite.err.{invitations.problem}"),
                  (mirror(app, 140, 1000), 180, 1000, 60), 26, GOLD, wrap=True)
            label(screen, app, tr("invite.other_ways"), (mirror(app, 140, 1000), 280, 1000, 260),
                  22, INK, wrap=True)
        else:
            label(screen, app, tr("invite.say"), (mirror(app, 140, 1000), 120, 1000, 60), 22,
                  DIM, wrap=True)
            codes, expired = invitations.codes(), invitations.expired()
            for row, seat in enumerate(invitations.seats):
                y = 200 + row * 110
                label(screen, app, tr("invite.for", name=self.match.name(seat)),
                      (mirror(app, 100, 260), y + 24, 260, 50), 24, INK)
                if seat in codes:
                    label(screen, app, app.text.said(codes[seat]),
                          (mirror(app, 370, 600), y, 600, 96), 56, GOLD, "center", bold=True)
                else:
                    word = "invite.expired" if seat in expired else "invite.opening" \
                        if self.match.remote.status[seat:seat + 1] in ([], ["waiting"]) \
                        else "invite.joined"
                    label(screen, app, tr(word), (mirror(app, 370, 600), y + 24, 600, 50), 26,
                          DIM, "center")
        if self.copied is not None:
            label(screen, app, tr("invite.copied" if self.copied >= 0 else "invite.no_copy"),
                  (mirror(app, 140, 700), 640, 700, 40), 20, DIM)
        self.buttons.draw(screen)


class JoinCodeScene(Scene):
    """Join a friend's table with the code they give (see the module docstring)."""

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
                                   self.values[name], setter(self.values, name), key=f"code:{name}",
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

        def link() -> None:
            try:
                self.joined = join(code, settings)
            except LinkError as e:
                self.reason = e.reason
        self.joining = threading.Thread(target=link, name="join-code", daemon=True)
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

    def _unlink(self) -> None:
        if self.joined is not None:
            self.joined.close()
            self.joined = None

    def leave(self) -> None:
        if self.remote is not None:
            self.remote.close()
        self._unlink()

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
