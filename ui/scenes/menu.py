"""The main menu: the games (localized names, player counts), then settings, rules help,
scores, hosting or joining a table on the home network, playing online (`ui.scenes.online`),
and quit.

"Host a table" opens the menu again to choose the game to host (``host``): its setup then
seats friends on other computers (`ui.scenes.setup`), and the table shows them the code; the
same choice ``online`` creates the table at a table server (Play online).

The first time the menu opens it shows the saves' notices once, in plain words and the
player's language (the notice's own English message for a key the catalogue lacks), then, if a
game in progress was saved, asks whether to continue the one saved last, naming it: yes opens
the table resuming the match. If that refuses the match, the menu says so
(`ui.scenes.continue_match`).

One match is kept per game (`saves.Saves.matches`), and the menu shows what is saved each time
it is shown (`uncovered`: back from a table, a setup, a dialog): the latest `CONTINUE_SHOWN`
stand under the title as "Continue: <game>, <when>" buttons, in place of the subtitle, and the
tile of every game with a match saved says when it was saved ("saved today 21:40"), so that
none is hidden. A button in the top corner, named in its own words, turns the table to the next
language.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.core import Rules
from ui.app import VIRTUAL, App, Scene
from ui.scenes import continue_match, continue_text, game_name, games, saved_when, tell
from ui.text import LANGS, Text, system_language
from ui.widgets import DIM, GOLD, Button, Buttons, Dialog, label, mirror

if TYPE_CHECKING:  # the network's modules load only when a table is hosted or played online
    from ui.table.remote import Online


CONTINUE_SHOWN = 3
"""How many saved matches the menu offers as buttons under its title (the latest saved)."""


def players(app: App, rules: Rules) -> str:
    """"2 to 4 players", in the app's language."""
    lo, hi = min(rules.seat_counts), max(rules.seat_counts)
    if lo == hi:
        return app.text.tr("menu.players_one", n=lo)
    return app.text.tr("menu.players", lo=lo, hi=hi)


class MenuScene(Scene):
    """The main menu; with ``greet`` False it asks nothing when it first opens (a table opened
    over it from the command line comes first); with ``host`` it is the choice of the game to
    host, with Back alone under it."""

    def __init__(self, app: App, greet: bool = True, host: bool = False,
                 online: Online | None = None) -> None:
        super().__init__(app)
        self.buttons = Buttons(app)
        self.online = online
        """Where the table chosen is created (Play online); None: hosted here."""
        self.host = host or online is not None
        self.greeted = not greet or self.host

    def enter(self) -> None:
        super().enter()
        if not self.greeted:
            self.greeted = True
            self.greet()

    def greet(self) -> None:
        """On a first start the language (`ask_language`); then the notices, then (when they
        are read) the offer to resume."""
        def then() -> None:
            tell(self.app, list(self.app.saves.notices), self.offer_resume)
        if self.app.saves.first_start:
            self.ask_language(then)
        else:
            then()

    def ask_language(self, then: Callable[[], None]) -> None:
        """The three languages, each in its own words and the system's first (`system_language`:
        Enter or Esc takes it); the table turns to the one chosen, then ``then``."""
        first = system_language()
        langs = [first, *(lang for lang in LANGS if lang != first)]

        def choose(lang: str) -> Callable[[], None]:
            def chosen() -> None:
                self.app.set_lang(lang)
                then()
            return chosen
        said = [Text(lang).tr for lang in langs]
        self.app.push(Dialog(self.app, " · ".join(tr("menu.language") for tr in said),
                             "\n\n".join(f"\u2068{tr('menu.language_choose')}\u2069"
                                          for tr in said),  # each in its own direction
                             [(Text(lang).tr(f"lang.{lang}"), choose(lang)) for lang in langs],
                             escape=0))

    def offer_resume(self) -> None:
        """Ask whether to continue the match saved last, naming its game and when."""
        tr = self.app.text.tr
        saved = self.app.saves.matches()
        if saved:
            match = saved[0]
            text = tr("menu.resume_text", game=game_name(self.app, match["game"]),
                      when=saved_when(self.app, match) or "")
            self.app.push(Dialog(self.app, tr("menu.resume_title"), text,
                                 [(tr("menu.continue"), lambda: continue_match(self.app, match)),
                                  (tr("menu.new_game"), lambda: None)]))

    def uncovered(self) -> None:
        """Back on top: the matches saved may have changed (a table left, a match finished)."""
        self.layout()

    def back(self) -> None:
        """Esc on the menu does nothing (quitting is a button, or the window's close); on the
        choice of a game to host it goes back to the menu."""
        if self.host:
            super().back()

    def layout(self) -> None:
        app, tr = self.app, self.app.text.tr
        found = [r for r in games() if max(r.seat_counts) > 1 or not self.host]  # not alone
        cols = 1 if len(found) <= 4 else 3 if len(found) <= 12 else 4
        rows = max(1, -(-len(found) // cols))
        gap = 14
        w = {1: 520, 3: 380}.get(cols, 284)
        h = min(96, (420 - gap * (rows - 1)) / rows)  # two lines (name, players) fit at 70
        x0 = (VIRTUAL[0] - cols * w - (cols - 1) * gap) / 2
        saved = [] if self.host else app.saves.matches()  # the choice of a game to host
        when = {m["game"]: saved_when(app, m) for m in saved}
        items = []
        for i, rules in enumerate(found):
            x = x0 + (i % cols) * (w + gap)
            y = 170 + (i // cols) * (h + gap)
            sub = players(app, rules)
            if rules.id in when:
                sub = tr("menu.saved_at", when=when[rules.id] or "")
            items.append(Button((mirror(app, x, w), y, w, h), rules.name(app.lang),
                                self.opener(rules), size=min(34, h * 0.5), sub=sub,
                                key=f"game:{rules.id}"))
        bottom: list[tuple[str, Any]] = [("menu.settings", self.settings),
                                         ("menu.help", self.help), ("menu.scores", self.scores),
                                         ("menu.host", self.host_table),
                                         ("menu.join", self.join),
                                         ("menu.join_code", self.join_code),
                                         ("menu.online", self.play_online),
                                         ("menu.quit", app.quit)]
        if self.host:
            bottom = [("common.back", super().back)]
        bw = min(196, (VIRTUAL[0] - 40 - (len(bottom) - 1) * gap) / len(bottom))
        bx = (VIRTUAL[0] - len(bottom) * bw - (len(bottom) - 1) * gap) / 2
        shown = saved[:CONTINUE_SHOWN]
        cw = {1: 600, 2: 500}.get(len(shown), 400)
        cx = (VIRTUAL[0] - len(shown) * cw - (len(shown) - 1) * gap) / 2
        for i, match in enumerate(shown):
            items.append(Button((mirror(app, cx + i * (cw + gap), cw), 112, cw, 46),
                                continue_text(app, match), partial(continue_match, app, match),
                                size=22 if len(shown) == 1 else 19,
                                key=f"continue:{match['game']}"))
        for i, (key, action) in enumerate(bottom):
            items.append(Button((mirror(app, bx + i * (bw + gap), bw), 620, bw, 60), tr(key),
                                action, size=22, key=key))
        after = LANGS[(LANGS.index(app.lang) + 1) % len(LANGS)]  # named in its own words
        # in the same corner in every language, so that a second click finds it again
        items.append(Button((1090, 20, 170, 44), tr(f"lang.{after}"),
                            lambda: app.set_lang(after), size=20, key="lang"))
        self.buttons.set(items)

    def opener(self, rules: Rules) -> Any:
        def open_setup() -> None:
            self.app.push(self.app.open("setup", rules, host=self.host, online=self.online))
        return open_setup

    def host_table(self) -> None:
        """Choose the game to host (this menu again, ``host``)."""
        self.app.push(MenuScene(self.app, host=True))

    def settings(self) -> None:
        self.app.push(self.app.open("settings"))

    def help(self) -> None:
        self.app.push(self.app.open("help"))

    def join(self) -> None:
        self.app.push(self.app.open("join"))

    def join_code(self) -> None:
        self.app.push(self.app.open("join_code"))

    def play_online(self) -> None:
        self.app.push(self.app.open("online"))

    def scores(self) -> None:
        self.app.push(self.app.open("scores"))

    def handle(self, event: pygame.event.Event) -> None:
        self.buttons.handle(event)

    def draw(self, screen: pygame.Surface) -> None:
        tr = self.app.text.tr
        label(screen, self.app, tr("app.title"), (0, 40, VIRTUAL[0], 80), 60, GOLD, "center",
              bold=True)
        if self.host:
            label(screen, self.app, tr("online.choose" if self.online else "menu.host_choose"),
                  (0, 118, VIRTUAL[0], 36), 24, DIM, "center")
        elif not any(b.key.startswith("continue:") for b in self.buttons.items):
            label(screen, self.app, tr("menu.subtitle"), (0, 118, VIRTUAL[0], 36), 24, DIM,
                  "center")
        self.buttons.draw(screen)
