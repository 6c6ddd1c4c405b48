"""Settings: language, card animation speed, bot pace, sound, colour-blind cards, fullscreen.

Each row is a label and a button that cycles the value; every change is saved at once through
``saves.save_settings``. A new language relayouts every scene (and mirrors it for fa/ar).
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from ui.app import VIRTUAL, App, Scene
from ui.text import LANGS
from ui.widgets import GOLD, INK, Button, Buttons, back_button, label, mirror

SPEEDS = (0.5, 1.0, 1.5, 2.0)
SWITCHES = ("sound", "colorblind", "fullscreen")


def speed_name(app: App, value: float) -> str:
    key = f"speed.{float(value)}"
    return app.text.tr(key) if app.text.has(key) else f"×{value}"


class SettingsScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.buttons = Buttons(app)

    def rows(self) -> list[tuple[str, str, Any]]:
        """(label key, value shown, action) for each setting, top to bottom."""
        app, s = self.app, self.app.settings
        rows: list[tuple[str, str, Any]] = [
            ("settings.lang", app.text.tr(f"lang.{app.lang}"), self.next_lang)]
        for name in ("anim_speed", "bot_pace"):
            rows.append((f"settings.{name}", speed_name(app, s.get(name, 1.0)),
                         partial(self.next_speed, name)))
        for name in SWITCHES:
            rows.append((f"settings.{name}", app.text.tr("common.on" if s.get(name) else
                                                         "common.off"),
                         partial(self.flip, name)))
        return rows

    def next_lang(self) -> None:
        self.app.set_lang(LANGS[(LANGS.index(self.app.lang) + 1) % len(LANGS)])

    def next_speed(self, name: str) -> None:
        value = float(self.app.settings.get(name, 1.0))
        self.app.settings[name] = next((v for v in SPEEDS if v > value), SPEEDS[0])
        self.app.save_settings()
        self.layout()

    def flip(self, name: str) -> None:
        if name == "fullscreen":
            self.app.toggle_fullscreen()
            return
        self.app.settings[name] = not self.app.settings.get(name)
        self.app.save_settings()
        self.layout()

    def layout(self) -> None:
        app = self.app
        items = [Button((mirror(app, 710, 300), 150 + i * 74, 300, 58), value, action, size=24,
                        key=key)
                 for i, (key, value, action) in enumerate(self.rows())]
        items.append(back_button(app, self))
        self.buttons.set(items)

    def handle(self, event: pygame.event.Event) -> None:
        self.buttons.handle(event)

    def draw(self, screen: pygame.Surface) -> None:
        app = self.app
        label(screen, app, app.text.tr("settings.title"), (0, 40, VIRTUAL[0], 70), 44, GOLD,
              "center", bold=True)
        for i, (key, _, _) in enumerate(self.rows()):
            label(screen, app, app.text.tr(key), (mirror(app, 270, 420), 150 + i * 74, 420, 58),
                  26, INK)
        self.buttons.draw(screen)
