"""The monkey: random clicks, drags, keys, typing, resizes and quits through the app's own loop.

`run` opens the app on the main menu with a throwaway data folder and, for ``events`` seeded
random actions, posts real pygame events and steps the app as its loop would (``App.step``, a
frame of 1/60 s each, without waiting for the next) under SDL's dummy drivers (`ui.headless`
chooses them unless a display driver was). Clicks and drags mostly aim at what the top scene
offers: its buttons, and on the table its cards and the zones they go to. Until it has reached
every screen of the menu (settings, rules help, scores) and the table of every game, the monkey
favours the buttons on the way there, so a short run walks every scene and plays every game.
Keys: Esc, Enter, Space, the arrows, H, U, L, T, F11, Backspace, and typed text. A quit (the
window's close, or the menu's Quit) ends the app as the player would; the monkey checks that the
saves then load with no notice and opens the app anew on the same folder, as at the end. A
table it hosts (a chair for another computer, or Host a table) listens on the loopback
address only and announces nothing (`ui.table.remote.LOOPBACK`).

Any exception is re-raised as `MonkeyFailure`, whose message names the seed and the event index
to replay with ``scripts/monkey.py --seed N --events M``. The monkey's own choices and the
game numbers the setup draws follow the seed (``random`` is seeded too), and the bots decide at
once, on the main thread (`Inline`, in place of the table's thread and searcher process), so a
replay falls on the same frames: on a thread, a bot's move landed on whichever frame the
machine's speed gave it, and the games a run reached varied from run to run. A search (a hard
bot, the hint) still counts its budget on the clock, so its choice may vary.
"""

from __future__ import annotations

import random
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame

from saves import Saves
from ui.app import App
from ui.scenes import games
from ui.table import bots as table_bots
from ui.table import remote

FRAME = 1 / 60
KEYS = (pygame.K_ESCAPE, pygame.K_ESCAPE, pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE,
        pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_h, pygame.K_u,
        pygame.K_l, pygame.K_t, pygame.K_F11, pygame.K_BACKSPACE)
"""The keys pressed, Esc three times as often: it is the way off the table."""
TEXTS = ("a", "Sara", "سارا", "علی ", "  ", "x" * 30, "7")
GOALS = (("menu.settings", "SettingsScene"), ("menu.help", "HelpScene"),
         ("menu.scores", "ScoresScene"))
"""The menu's screens: the button's catalogue key and the scene it opens."""
BACK = ("pause.leave", "result.menu", "menu.new_game", "common.ok", "common.back")
"""Catalogue keys of the buttons that lead back towards the menu."""
SIZES = ((1280, 720), (640, 360), (120, 80), (800, 600), (1600, 900), (1000, 1000))
ACTIONS = (("click", 40), ("drag", 12), ("key", 25), ("type", 4), ("move", 4), ("resize", 4),
           ("wait", 10), ("quit", 1))
"""Each kind of action and its weight."""


class MonkeyFailure(Exception):
    """The app raised; the message says the seed and the event index to replay."""


@dataclass
class Report:
    """What a run did: actions taken (``events``), frames stepped, app restarts, the scenes
    that were on the stack (class names) and the games played at the table."""

    seed: int
    events: int = 0
    frames: int = 0
    restarts: int = 0
    scenes: set[str] = field(default_factory=set)
    games: set[str] = field(default_factory=set)


class Monkey:
    """One seeded run on one data folder; `act` takes one random action."""

    def __init__(self, folder: Path, seed: int) -> None:
        self.folder = folder
        self.rng = random.Random(seed)
        self.report = Report(seed)
        self.chosen: set[tuple[str, str]] = set()
        """(place, button) pairs already aimed at on purpose: see `target`."""
        saves = Saves.open(folder)
        # a friend over the internet is invited through a mailbox on loopback where nothing
        # listens, and Play online goes to a table server there: the table says it cannot be
        # reached, and nothing leaves the machine
        saves.save_settings({"bot_pace": 0.05, "anim_speed": 4.0,
                             "invite_mailbox": "ws://127.0.0.1:9/v1",
                             "invite_relay": "tcp:127.0.0.1:9", "invite_direct": "loopback",
                             "server": "ws://127.0.0.1:9/"})
        self.app = self.open()

    def open(self) -> App:
        """The app as ``main.py`` opens it, on the saves as they are now."""
        app = App(loaded(self.folder))
        app.push(app.open("menu"))
        return app

    def act(self) -> None:
        kinds, weights = zip(*ACTIONS)
        kind = self.rng.choices(kinds, weights)[0]
        getattr(self, kind)()
        self.report.events += 1
        if not self.app.running:
            self.restart()
        self.seen()

    # -- the actions ----------------------------------------------------------------------
    def click(self) -> None:
        button = 1 if self.rng.random() < 0.9 else 3
        at = self.target() if button == 1 else self.place()
        post(pygame.MOUSEBUTTONDOWN, pos=at, button=button)
        post(pygame.MOUSEBUTTONUP, pos=at, button=button)
        self.step()

    def drag(self) -> None:
        start = self.card() or self.target()
        end = self.zone() or self.target()
        post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
        self.step()
        steps = self.rng.randint(1, 4)
        for k in range(1, steps + 1):
            pos = (start[0] + (end[0] - start[0]) * k // steps,
                   start[1] + (end[1] - start[1]) * k // steps)
            post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
            self.step()
        post(pygame.MOUSEBUTTONUP, pos=end, button=1)
        self.step()

    def key(self) -> None:
        key = self.rng.choice(KEYS)
        if self.goal() and not self.towards_goal(self.buttons()) and self.rng.random() < 0.5:
            key = pygame.K_ESCAPE  # a goal elsewhere and no button on the way: off the table
        group = getattr(self.app.top, "buttons", None)
        if key in (pygame.K_RETURN, pygame.K_SPACE) and self.detour(getattr(group, "focused",
                                                                            None)):
            key = pygame.K_ESCAPE  # Enter would continue the saved match
        post(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
        post(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0)
        self.step()

    def type(self) -> None:
        post(pygame.TEXTINPUT, text=self.rng.choice(TEXTS))
        self.step()

    def move(self) -> None:
        post(pygame.MOUSEMOTION, pos=self.target(), rel=(0, 0), buttons=(0, 0, 0))
        self.step()

    def resize(self) -> None:
        w, h = self.rng.choice(SIZES)
        if self.rng.random() < 0.5:
            post(pygame.VIDEORESIZE, size=(w, h), w=w, h=h)
        else:
            post(pygame.WINDOWRESIZED, x=w, y=h)
            post(pygame.WINDOWSIZECHANGED, x=w, y=h)
        self.step()

    def wait(self) -> None:
        for _ in range(self.rng.randint(5, 40)):
            self.step()
            if not self.app.running:
                return

    def quit(self) -> None:
        post(pygame.QUIT)
        self.step()

    # -- inside ---------------------------------------------------------------------------
    def step(self) -> None:
        if self.app.running:
            self.app.step(FRAME)
            self.report.frames += 1

    def restart(self) -> None:
        """The app closed: quit pygame as ``App.run`` does, then open it anew."""
        self.app.quit()
        pygame.quit()
        self.app = self.open()
        self.report.restarts += 1

    def seen(self) -> None:
        for scene in self.app.scenes:
            name = type(scene).__name__
            self.report.scenes.add(name)
            rules = getattr(scene, "rules", None)
            if name == "TableScene" and rules is not None:
                self.report.games.add(str(rules.id))

    def target(self) -> tuple[int, int]:
        """Where to click: `place`, but buttons are favoured: those on the way to a place not
        reached yet (`goal`), then ones not chosen before in that scene, then a scene's main
        one (Start, Continue...)."""
        buttons = self.buttons()
        where = self.where()
        wanted = self.towards_goal(buttons)
        fresh = [b for b in buttons if (where, ident(b)) not in self.chosen]
        primary = [b for b in buttons if getattr(b, "primary", False)]
        pick = self.rng.random()
        if wanted and pick < 0.25:
            return self.centre(self.rng.choice(wanted))
        if fresh and pick < 0.55:
            button = self.rng.choice(fresh)
            self.chosen.add((where, ident(button)))
            return self.centre(button)
        if primary and pick < 0.65:
            return self.centre(self.rng.choice(primary))
        return self.place()

    def place(self) -> tuple[int, int]:
        """Mostly the centre of one of the top scene's buttons, cards or zones; else anywhere
        (outside the window too)."""
        places = [*map(self.centre, self.buttons()), *self.cards(), *self.zones()]
        if places and self.rng.random() < 0.85:
            return self.rng.choice(places)
        w, h = self.app.screen.get_size()
        return self.rng.randrange(-40, w + 40), self.rng.randrange(-40, h + 40)

    def card(self) -> tuple[int, int] | None:
        cards = self.cards()
        return self.rng.choice(cards) if cards else None

    def zone(self) -> tuple[int, int] | None:
        zones = self.zones()
        return self.rng.choice(zones) if zones else None

    def goal(self) -> str | None:
        """The next place not reached yet: a screen of the menu (its button's catalogue key),
        then each game at the table (its id); None once every one was reached."""
        for key, scene in GOALS:
            if scene not in self.report.scenes:
                return key
        return next((g.id for g in games() if g.id not in self.report.games), None)

    def towards_goal(self, buttons: list[Any]) -> list[Any]:
        """The buttons on the way to `goal`: on the menu the goal's own, in its game's setup
        Start, anywhere else those that lead back towards the menu."""
        goal, top, tr = self.goal(), self.app.top, self.app.text.tr
        if goal is None:
            return []
        here = type(top).__name__
        rules = getattr(top, "rules", None)
        if getattr(top, "title", None) == tr("setup.replace_title"):  # start it anyway
            return [b for b in buttons if getattr(b, "text", None) == tr("setup.replace")]
        if here == "SetupScene" and getattr(rules, "id", None) == goal:
            return [b for b in buttons if getattr(b, "primary", False)]
        if here == "MenuScene":
            texts = {tr(goal)} if goal.startswith("menu.") else \
                {g.name(self.app.lang) for g in games() if g.id == goal}
        else:
            texts = {tr(k) for k in BACK}
        return [b for b in buttons if getattr(b, "text", None) in texts]

    def where(self) -> str:
        """The top scene, and its game where it has one (each game's setup is its own place)."""
        top = self.app.top
        return f"{type(top).__name__}:{getattr(getattr(top, 'rules', None), 'id', '')}"

    def buttons(self) -> list[Any]:
        """The top scene's buttons, but not those back to the saved match (`detour`)."""
        group: Any = getattr(self.app.top, "buttons", None) if self.app.scenes else None
        items = getattr(group, "items", group)
        return [b for b in items if hasattr(b, "rect") and not self.detour(b)] \
            if isinstance(items, list) else []

    def detour(self, button: Any) -> bool:
        """Whether ``button`` continues the saved match while a place is still to be reached:
        the monkey leaves those alone, or a run spends itself on games already played."""
        return self.goal() is not None and (
            getattr(button, "key", "") == "continue"
            or getattr(button, "text", None) == self.app.text.tr("menu.continue"))

    def centre(self, button: Any) -> tuple[int, int]:
        x, y = button.rect(self.app).center
        return int(x), int(y)

    def cards(self) -> list[tuple[int, int]]:
        sprites: Any = getattr(self.app.top, "sprites", None) if self.app.scenes else None
        if not isinstance(sprites, dict):
            return []
        return [self.app.view.pt(s.x, s.y) for s in sprites.values()]

    def zones(self) -> list[tuple[int, int]]:
        boxes: Any = getattr(self.app.top, "boxes", None) if self.app.scenes else None
        if not isinstance(boxes, list):
            return []
        return [self.app.view.pt(*b.rect.center) for b in boxes]


def ident(button: Any) -> str:
    """A button's name within its scene: its key, else its text."""
    return str(getattr(button, "key", "") or getattr(button, "text", ""))


def loaded(folder: Path) -> Saves:
    """The saves in ``folder``; AssertionError if any file could not be used (a notice)."""
    saves = Saves.open(folder)
    if saves.notices:
        raise AssertionError(f"the saves did not load clean: {saves.notices}")
    return saves


def post(kind: int, **attrs: Any) -> None:
    pygame.event.post(pygame.event.Event(kind, **attrs))


def run(events: int, seed: int, folder: Path | None = None) -> Report:
    """``events`` random actions from ``seed`` on ``folder`` (default: a throwaway one); the
    saves must load clean at every restart and at the end. `MonkeyFailure` if anything raised."""
    if folder is None:
        with tempfile.TemporaryDirectory(prefix="cardtable-monkey-") as scratch:
            return run(events, seed, Path(scratch))
    random.seed(seed)
    monkey: Monkey | None = None
    index = 0
    table_bots.POOL = lambda searching: table_bots.Inline()
    remote.network = remote.LOOPBACK  # a table it hosts stays on this machine, unannounced
    try:
        monkey = Monkey(folder, seed)
        for _ in range(events):
            monkey.act()
        monkey.app.quit()
        loaded(folder)
    except Exception as e:
        where = type(monkey.app.top).__name__ if monkey and monkey.app.scenes else "no scene"
        raise MonkeyFailure(f"monkey failed: seed {seed}, event {index} (top scene {where}): "
                            f"{type(e).__name__}: {e}") from e
    finally:
        table_bots.POOL = table_bots.table_pool
        remote.network = remote.HOME
        pygame.quit()
    return monkey.report
