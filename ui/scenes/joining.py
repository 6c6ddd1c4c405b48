"""What the scenes that join a table share (`ui.scenes.join`, the home network's;
`ui.scenes.online`, a table server's): the fields typed, what the scene says under them, and
the seat being joined, followed each frame until the table opens in place of the scene (once
the host has seated the player) or the refusal is said, in the host's words
(`ui.table.remote.open_when_seated`)."""

from __future__ import annotations

import pygame

from net.client import RemoteMatch
from ui.app import App, Scene
from ui.table.remote import open_when_seated
from ui.widgets import Buttons


class Joining(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.buttons = Buttons(app)
        profiles = app.saves.profiles
        self.values = {"name": profiles[0] if profiles else ""}
        """The fields as typed, by name."""
        self.said = ""
        """What the scene says under the fields: joining, or why not."""
        self.remote: RemoteMatch | None = None

    def update(self, dt: float) -> None:
        remote, self.remote = self.remote, None  # leaving this scene must not close it
        if remote is None:
            return
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
