"""Settings, in two columns. The first: language, card animation speed, bot pace, sound, reading
the table aloud, fullscreen, and how the table plays a person's cards: their only legal card
played for them, the order of their hand (`saves.schemas.HAND_ORDERS`); muting the other
players' quick phrases at an online table. The second, the cards and the table: colour-blind
faces, the face (standard or large index), the back (`ui.backs.BACKS`), the felt
(`ui.felt.FELTS`); then the table server Play online uses; and under them a preview of the
table as the looks make it: a back and three faces on the felt.

Each row is a label and a button that cycles the value; every change is saved at once through
``saves.save_settings``. A new language relayouts every scene (and mirrors it for fa/ar). Where
the table cannot speak (`ui.voice`: no espeak-ng, or no sound device), the row says which and
its button does nothing. The server's button shows the address kept (the default,
`net.servers.DEFAULT_SERVER`, until changed) and opens `ServerScene`, where it is typed or
pasted, or put back to the default.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import NamedTuple

import pygame

from net.proof import ascii_digits
from net.servers import DEFAULT_SERVER, BadServer, server_url
from saves.schemas import HAND_ORDERS
from ui import felt
from ui.app import VIRTUAL, App, Scene
from ui.backs import BACKS
from ui.cardart import FACES
from ui.looks import card_face, cloth
from ui.scenes import confirm_server, server_refused
from ui.text import LANGS
from ui.widgets import (DIM, GOLD, INK, Button, Buttons, TextField, back_button, fitting, label,
                        mirror, panel, veil)

SPEEDS = (0.5, 1.0, 1.5, 2.0)
SWITCHES = ("sound", "speech", "fullscreen", "forced_card", "mute_phrases")
LOOKS = (("face", FACES), ("back", BACKS), ("felt", tuple(f.name for f in felt.FELTS)))
"""The settings of the cards' and the table's look, each with the names of its values (a back
and a felt are kept as their index)."""
ROW_TOP, ROW_STEP, ROW_H = 120, 56, 50
"""The rows (virtual px): the first column's nine end above the Back button."""
COLUMNS = (40, 660)
"""The left edge of each column (virtual px, before mirroring), 580 wide: a label, a button."""
LABEL_W, BUTTON_W = 300, 260
PREVIEW = (660, 404, 580, 206)
"""The preview's box under the second column."""
SERVER_MAX = 200
"""The longest server address kept (`saves.schemas`' limit)."""
PREVIEW_CARDS = ("AS", "TH", "KD")


class Row(NamedTuple):
    """One setting: its label's key, the value shown on its button, what the button does (None:
    nothing, the setting cannot change here)."""

    key: str
    value: str
    action: Callable[[], None] | None = None
    latin: bool = False
    """The value is an address: drawn as typed, in Latin digits (`ui.widgets.latin_label`)."""


def speed_name(app: App, value: float) -> str:
    key = f"speed.{float(value)}"
    return app.text.tr(key) if app.text.has(key) else f"×{value}"


class SettingsScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.buttons = Buttons(app)

    def rows(self) -> list[list[Row]]:
        """Each column's settings, top to bottom."""
        app, s = self.app, self.app.settings
        general = [Row("settings.lang", app.text.tr(f"lang.{app.lang}"), self.next_lang)]
        for name in ("anim_speed", "bot_pace"):
            general.append(Row(f"settings.{name}", speed_name(app, s.get(name, 1.0)),
                               partial(self.next_speed, name)))
        for name in SWITCHES:
            if name == "speech" and not app.voice.available:
                missing = "settings.no_speech" if app.voice.program is None \
                    else "settings.no_audio"
                general.append(Row("settings.speech", app.text.tr(missing)))
                continue
            general.append(Row(f"settings.{name}", self.on_off(name), partial(self.flip, name)))
        general.append(Row("settings.hand_order", app.text.tr(f"hand_order.{self.hand_order()}"),
                           self.next_hand_order))
        looks = [Row("settings.colorblind", self.on_off("colorblind"),
                     partial(self.flip, "colorblind"))]
        for name, _ in LOOKS:
            looks.append(Row(f"settings.{name}", self.app.text.tr(f"{name}.{self.look(name)}"),
                             partial(self.next_look, name)))
        looks.append(Row("settings.server", kept_server(app),
                         lambda: app.push(ServerScene(app)), latin=True))
        return [general, looks]

    def hand_order(self) -> str:
        order = self.app.settings.get("hand_order")
        return order if order in HAND_ORDERS else HAND_ORDERS[0]

    def next_hand_order(self) -> None:
        at = HAND_ORDERS.index(self.hand_order())
        self.app.settings["hand_order"] = HAND_ORDERS[(at + 1) % len(HAND_ORDERS)]
        self.app.save_settings()
        self.layout()

    def on_off(self, name: str) -> str:
        return self.app.text.tr("common.on" if self.app.settings.get(name) else "common.off")

    def look(self, name: str) -> str:
        """The name of the value the look ``name`` has now (the first where it is unknown)."""
        values = dict(LOOKS)[name]
        value = self.app.settings.get(name)
        if name == "face":
            return str(value) if value in values else values[0]
        return values[value] if type(value) is int and 0 <= value < len(values) else values[0]

    def next_lang(self) -> None:
        self.app.set_lang(LANGS[(LANGS.index(self.app.lang) + 1) % len(LANGS)])

    def next_speed(self, name: str) -> None:
        value = float(self.app.settings.get(name, 1.0))
        self.app.settings[name] = next((v for v in SPEEDS if v > value), SPEEDS[0])
        self.app.save_settings()
        self.layout()

    def next_look(self, name: str) -> None:
        values = dict(LOOKS)[name]
        following = (values.index(self.look(name)) + 1) % len(values)
        self.app.settings[name] = values[following] if name == "face" else following
        self.app.save_settings()
        self.layout()

    def flip(self, name: str) -> None:
        if name == "fullscreen":
            self.app.toggle_fullscreen()
            return
        self.app.settings[name] = not self.app.settings.get(name)
        self.app.save_settings()
        if name == "speech" and not self.app.settings[name]:
            self.app.voice.hush()
        self.layout()
        if name == "speech":
            self.app.speak(self.app.text.tr("settings.speech"))

    def layout(self) -> None:
        app, tr = self.app, self.app.text.tr
        items = []
        for left, column in zip(COLUMNS, self.rows()):
            for i, row in enumerate(column):
                items.append(Button((mirror(app, left + LABEL_W + 20, BUTTON_W),
                                     ROW_TOP + i * ROW_STEP, BUTTON_W, ROW_H), row.value,
                                    row.action or (lambda: None), size=22, key=row.key,
                                    enabled=row.action is not None,
                                    spoken=f"{tr(row.key)}: {row.value}", latin=row.latin))
        items.append(back_button(app, self))
        self.buttons.set(items)

    def uncovered(self) -> None:
        """Back from the server's address: the row shows the address kept."""
        self.layout()

    def handle(self, event: pygame.event.Event) -> None:
        self.buttons.handle(event)

    def draw(self, screen: pygame.Surface) -> None:
        app = self.app
        label(screen, app, app.text.tr("settings.title"), (0, 30, VIRTUAL[0], 70), 44, GOLD,
              "center", bold=True)
        for left, column in zip(COLUMNS, self.rows()):
            for i, row in enumerate(column):
                words = app.text.tr(row.key)
                label(screen, app, words, (mirror(app, left, LABEL_W), ROW_TOP + i * ROW_STEP,
                                           LABEL_W, ROW_H),
                      fitting(app, words, 24, LABEL_W), INK)
        self.draw_preview(screen)
        self.buttons.draw(screen)

    def draw_preview(self, screen: pygame.Surface) -> None:
        """The table as the looks make it: a corner of the felt, a back and three faces."""
        app, view = self.app, self.app.view
        x, y, w, h = PREVIEW
        box = view.rect(mirror(app, x, w), y, w, h)
        panel(screen, app, (mirror(app, x, w), y, w, h))
        table_felt = cloth(app)
        table = felt.surface(table_felt, (round(box.w * 2.2), round(box.h * 2.2)))
        inner = box.inflate(-view.px(16), -view.px(16))
        screen.blit(table, inner, pygame.Rect(round(table.get_width() * 0.5 - inner.w / 2),
                                              round(table.get_height() * 0.5 - inner.h / 2),
                                              inner.w, inner.h))
        width = view.px(120)
        codes: list[str | None] = [None, *PREVIEW_CARDS]
        step = (inner.w - width) / (len(codes) - 1)
        order = codes if not app.text.rtl else codes[::-1]
        for i, code in enumerate(order):
            card = card_face(app, "french", code, width)
            at = (round(inner.x + i * step), inner.centery - card.get_height() // 2)
            pygame.draw.rect(screen, table_felt.shadow, (at[0] + 2, at[1] + 3, *card.get_size()),
                             border_radius=view.px(6))
            screen.blit(card, at)


def kept_server(app: App) -> str:
    """The table server kept in the settings (the default until the player changes it)."""
    return str(app.settings.get("server") or DEFAULT_SERVER)


class ServerScene(Scene):
    """The table server's address, over the settings: a field holding the address kept, to
    type or paste another in (Persian and Arabic digits are read as Latin); Save keeps it
    once it is an address (`net.servers.server_url`: a bare name is ``wss://``), saying in
    words what is wrong if not, and for a plain ``ws://`` server outside this machine and its
    network once the player has said so in the dialog Play online shows
    (`ui.scenes.confirm_server`); Default puts the default address back in the field.
    What is kept is used from then on (over ``--server``, which held for this run only)."""

    opaque = False
    BOX = (160.0, 150.0, 960.0, 420.0)
    """The panel (virtual px)."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.buttons = Buttons(app)
        self.value = kept_server(app)
        self.said = ""
        """Why the address typed is refused (empty: nothing to say)."""
        self.trusted: set[str] = set()

    def type(self, value: str) -> None:
        self.value = value.strip()
        self.said = ""

    def layout(self) -> None:
        app, tr = self.app, self.app.text.tr
        x, y, w, _ = self.BOX
        editing = self.buttons.editing
        caret = editing.caret if editing is not None else None
        field = TextField((x + 40, y + 150, w - 80, 56), self.value, self.type, size=22,
                          limit=SERVER_MAX, key="server:field", caret=caret, latin=True)
        field.editing = editing is not None
        choices = [(tr("settings.server_save"), self.save, "server:save"),
                   (tr("settings.server_default"), self.default, "server:default"),
                   (tr("common.back"), self.back, "back")]
        step = (w - 80 + 20) / len(choices)
        self.buttons.set([field] + [
            Button((mirror(app, x + 40 + i * step, step - 20), y + 330, step - 20, 60), words,
                   action, size=22, primary=i == 0, key=key)
            for i, (words, action, key) in enumerate(choices)])

    def default(self) -> None:
        self.value, self.said = DEFAULT_SERVER, ""
        self.layout()

    def save(self) -> None:
        """Keep the address typed, or say why not (see the class docstring)."""
        try:
            server = server_url(ascii_digits(self.value))
        except BadServer as e:
            self.said = server_refused(self.app, e)
            return
        confirm_server(self.app, server, self.keep, self.trusted)

    def keep(self, server: str) -> None:
        app = self.app
        app.settings["server"] = server
        app.server = None
        app.save_settings()
        if app.top is self:
            app.pop()

    def back(self) -> None:
        if not self.buttons.stop_editing():
            super().back()

    def handle(self, event: pygame.event.Event) -> None:
        """Enter that ends the typing saves, as Save does."""
        editing = self.buttons.editing
        self.buttons.handle(event)
        if editing is not None and not editing.editing and event.type == pygame.KEYDOWN \
                and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.save()

    def draw(self, screen: pygame.Surface) -> None:
        app, tr = self.app, self.app.text.tr
        x, y, w, _ = self.BOX
        veil(screen, 140)
        panel(screen, app, self.BOX, (14, 46, 32, 255))
        label(screen, app, tr("settings.server"), (x + 40, y + 16, w - 80, 50), 32, GOLD,
              bold=True)
        hint = tr("settings.server_hint")
        label(screen, app, hint, (x + 40, y + 72, w - 80, 70), 20, DIM, wrap=True)
        if self.said:
            label(screen, app, self.said, (x + 40, y + 222, w - 80, 90), 20, GOLD, wrap=True)
        self.buttons.draw(screen)
