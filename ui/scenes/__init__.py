"""The scenes around the table: main menu, game setup, settings and rules help.

`games` lists the games the menu offers: every game of `game.registry` whose rules module
loads. A game whose module is missing or broken is left out with a warning on stderr, so one
bad module cannot take the whole menu down.

The menu offers every saved match back, and a game's setup its own (`continue_text`,
`continue_match`). Play online and the settings check a table server's address alike
(`server_refused`, `confirm_server`).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from datetime import datetime
from functools import partial
from typing import Any

import pygame

from game import registry
from game.core import Rules
from net.servers import BadServer, plain_outside
from ui.app import VIRTUAL, App, Scene
from ui.lessons import LESSONS
from ui.widgets import Button, Buttons, Dialog, back_button, mirror

_WARNED: set[str] = set()


def games() -> list[Rules]:
    found = []
    for game_id in registry.ids():
        try:
            found.append(registry.get(game_id))
        except Exception as exc:
            if game_id not in _WARNED:
                _WARNED.add(game_id)
                print(f"card table: game {game_id!r} left out: {exc!r}", file=sys.stderr)
    return found


def game_name(app: App, game_id: object) -> str:
    """A game's name in the app's language (its id for a game the table does not know)."""
    names = {g.id: g.name(app.lang) for g in games()}
    return names.get(str(game_id), str(game_id))


def saved_when(app: App, match: dict[str, Any]) -> str | None:
    """When the table last saved ``match`` (its ``saved`` time), in the app's language: today's
    time alone ("today 21:40"), another day's with its date; None if it is not known."""
    stamp = match.get("saved")
    try:
        at = datetime.fromisoformat(stamp).astimezone() if isinstance(stamp, str) else None
    except ValueError:
        return None
    if at is None:
        return None
    if at.date() == datetime.now().astimezone().date():
        return app.text.tr("menu.today", time=at.strftime("%H:%M"))
    return at.strftime("%Y/%m/%d %H:%M")


def continue_text(app: App, match: dict[str, Any]) -> str:
    """"Continue: <game>, <when>" for a saved ``match``, in the app's language (`saved_when`;
    left out if not known)."""
    game, when = game_name(app, match.get("game")), saved_when(app, match)
    if when is None:
        return app.text.tr("menu.continue_game", game=game)
    return app.text.tr("menu.continue_game_when", game=game, when=when)


def notice_text(app: App, notice: Any) -> str:
    """A saves notice (key ``<kind>.<reason>.<outcome>``) in the player's language; its
    English message if the catalogue does not know the key."""
    text = app.text
    kind, reason, outcome = (str(notice.key).split(".") + ["", "", ""])[:3]
    if not (text.has(f"notice.kind.{kind}") and text.has(f"notice.{reason}")):
        return str(notice.message)
    items = "، ".join if text.rtl else ", ".join
    said = text.tr(f"notice.{reason}", what=text.tr(f"notice.kind.{kind}"),
                   items=items(entry_text(app, d) for d in getattr(notice, "details", ())))
    if text.has(f"notice.outcome.{outcome}"):
        said += " " + text.tr(f"notice.outcome.{outcome}")
    return said


def entry_text(app: App, entry: str) -> str:
    """An entry of a save file that was left out (`saves.store.Notice.details`), in the player's
    language: a setting by its name in the settings, a game's setup, chair or options, a name
    of the list by its place; the entry itself where none of these fits."""
    tr, parts = app.text.tr, entry.split(".")
    if len(parts) == 1 and app.text.has(f"settings.{entry}"):
        return tr(f"settings.{entry}")
    if parts[0] == "setup" and len(parts) >= 2:
        game = game_name(app, parts[1])
        if len(parts) == 2:
            return tr("notice.item.setup", game=game)
        if parts[2:3] == ["chair"] and len(parts) == 4:
            return tr("notice.item.chair", game=game, n=parts[3])
        if parts[2] in ("chairs", "options"):
            return tr(f"notice.item.{parts[2]}", game=game)
    if parts[0] == "name" and len(parts) == 2:
        return tr("notice.item.name", n=parts[1])
    return entry


def tell(app: App, notices: list[Any], then: Callable[[], None]) -> None:
    """Show ``notices`` in one dialog and run ``then`` once it is closed (at once if none)."""
    if notices:
        text = "\n\n".join(notice_text(app, n) for n in notices)
        app.push(Dialog(app, app.text.tr("notice.title"), text,
                        [(app.text.tr("common.ok"), then)], escape=0))
    else:
        then()


def continue_match(app: App, match: dict[str, Any]) -> None:
    """Push the table resuming ``match`` (`App.open` ``"resume"``). If that refuses the match
    (ValueError, TypeError or KeyError: an impossible game, chairs or seed), the saves move it
    aside (`saves.Saves.reject_match`), a dialog says so instead, and the scene that offered it
    shows what is saved now (`Scene.uncovered`)."""
    saves, asking = app.saves, app.top
    told = len(saves.notices)
    try:
        table = app.open("resume", match)
    except (ValueError, TypeError, KeyError) as e:
        saves.reject_match(str(match["game"]), f"{type(e).__name__}: {e}")
        tell(app, saves.notices[told:], asking.uncovered)  # its Continue is gone
    else:
        app.push(table)


def lesson_button(app: App, game_id: str, box: tuple[float, float, float, float]
                  ) -> list[Button]:
    """"Show me how to play" at ``box``: the game's guided first deal (`ui.lessons`) at the
    table, where the game has one; else nothing."""
    if game_id not in LESSONS:
        return []
    return [Button(box, app.text.tr("lesson.start"),
                   lambda: app.push(app.open("table", LESSONS[game_id].config())), size=22,
                   key="lesson")]


TABS_SHOWN = 5
"""How many games' tabs the strip shows at once."""


def game_tabs(app: App, rules: list[Rules], current: str, pick: Callable[[str], None]
              ) -> list[Button]:
    """A strip of tabs, one per game, centred at the top, the current game's highlighted. It
    shows at most `TABS_SHOWN`, scrolled so that the current game's is among them (centred when
    it can be), with a tab at each end for the game before and after; a name too long for its
    tab is drawn smaller, never past the tab."""
    ids = [g.id for g in rules]
    at = ids.index(current) if current in ids else 0
    first = min(max(0, at - TABS_SHOWN // 2), max(0, len(rules) - TABS_SHOWN))
    shown = rules[first:first + TABS_SHOWN]
    w, gap, arrow = 200, 12, 56
    x0 = (VIRTUAL[0] - len(shown) * w - (len(shown) - 1) * gap) / 2
    tabs = [Button((mirror(app, x0 + i * (w + gap), w), 92, w, 50), g.name(app.lang),
                   partial(pick, g.id), size=fitting(app, g.name(app.lang), w - 20, 24),
                   primary=g.id == current, key=g.id)
            for i, g in enumerate(shown)]
    if len(shown) == len(rules):
        return tabs
    back, on = ("›", "‹") if app.text.rtl else ("‹", "›")
    left, right = x0 - gap - arrow, VIRTUAL[0] - x0 + gap
    return [Button((mirror(app, left, arrow), 92, arrow, 50), back,
                   partial(pick, ids[max(at - 1, 0)]), size=28, enabled=at > 0,
                   key="tabs-"),
            *tabs,
            Button((mirror(app, right, arrow), 92, arrow, 50), on,
                   partial(pick, ids[min(at + 1, len(ids) - 1)]), size=28,
                   enabled=at < len(ids) - 1, key="tabs+")]


def fitting(app: App, text: str, width: float, size: float) -> float:
    """The text size, at most ``size`` and no less than 12, at which ``text`` fits in
    ``width`` virtual px on one line, bold or not."""
    while size > 12 and app.text.size(text, app.view.px(size), bold=True)[0] > \
            app.view.px(width):
        size -= 1
    return size


class GameTabsScene(Scene):
    """A scene with a tab per game (rules help, scores): `game_id` is the one shown."""

    def __init__(self, app: App, game_id: str | None = None) -> None:
        super().__init__(app)
        self.games = games()
        ids = [g.id for g in self.games]
        self.game_id = game_id if game_id in ids else (ids[0] if ids else "")
        self.buttons = Buttons(app)

    def show(self, game_id: str) -> None:
        self.game_id = game_id
        self.layout()

    def layout(self) -> None:
        """The tabs, the scene's own buttons (`own_buttons`) and Back; the focus goes to the
        shown game's tab, unless it is on an end tab (Enter there steps on through the
        games)."""
        items = [*game_tabs(self.app, self.games, self.game_id, self.show),
                 *self.own_buttons(), back_button(self.app, self)]
        held = self.buttons.focused
        on_end = held is not None and held.key in ("tabs-", "tabs+")
        shown = [i for i, b in enumerate(items) if b.key == self.game_id]
        self.buttons.set(items, None if on_end or not shown else shown[0])

    def own_buttons(self) -> list[Button]:
        """Buttons of the scene's own, beside Back: none by default."""
        return []

    def handle(self, event: pygame.event.Event) -> None:
        self.buttons.handle(event)


def server_refused(app: App, refusal: BadServer) -> str:
    """Why a server's address typed is not one, in the player's language."""
    return app.text.tr("online.bad_server", why=app.text.tr(f"server.bad.{refusal.reason}"))


def confirm_server(app: App, server: str, then: Callable[[str], None],
                   trusted: set[str]) -> None:
    """Run ``then(server)`` now, or, for a plain ``ws://`` server outside this machine and its
    local network (`plain_outside`) neither in ``trusted`` nor the one the settings keep (kept
    only once the player said so), once the player has said to use it anyway in a dialog that
    says what it exposes (it then joins ``trusted``); Back runs nothing."""
    tr = app.text.tr
    if not plain_outside(server) or server in trusted or server == app.settings.get("server"):
        then(server)
        return

    def anyway() -> None:
        trusted.add(server)
        then(server)
    app.push(Dialog(app, tr("online.plain_title"),
                    tr("online.plain_text", server=f"\u2068{server}\u2069"),
                    [(tr("common.back"), lambda: None), (tr("online.plain_go"), anyway)],
                    escape=0))
