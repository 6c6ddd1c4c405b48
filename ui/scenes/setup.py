"""Game setup: how many players, who sits in each chair, the game's options and the shuffle.

Seat count: one of ``rules.seat_counts`` (``rules.usual_seats`` first), cycled by
clicking. Chair 1 is a person (named after the first profile, else "You"); other chairs start
as bots. A person's name is typed or picked from the saved profiles; a bot has a level
(`game.bots.levels`: normal first, then easy, hard, expert where the game offers them), and
under a searched level the share it won against the level below it, as measured
(`game.bots.MEASURED`), so a player knows what "hard" means in this game. In a real-time game
(`Rules.realtime`, where nobody takes turns) one screen seats one person: making a chair a
person makes the other person a bot. Options start at the seed's
defaults (``Option.default``) and cycle through ``Option.choices`` by clicking; a numeric option
(`Option.number`) is a − / + stepper on its steps. The game
number (the seed) is random; "new number" draws another.

Whenever a match is saved, a "Continue: <game>, <when>" button beside Start offers it back, and
Start asks before the new match replaces it (Enter continues it).

Start pushes ``TableScene(app, config)`` with config = ``{"game": id, "seats": [{"kind":
"person"|"bot", "name": str, "level": "random"|"heuristic"}], "options": {...}, "seed": int}``,
after saving any new person name as a profile. A chair may also be a player on another computer
(``remote``): Start then hosts the match (`ui.table.remote.host_table`) with the one person at
this screen, and the table's panel gives the code and the address that player joins with.
"""

from __future__ import annotations

import random
import time
from functools import partial
from typing import Any

import pygame

from game.bots import BELOW, HEURISTIC, MEASURED
from game.bots import levels as bot_levels
from game.core import JSON, Option, Rules
from ui.app import VIRTUAL, App, Scene
from ui.scenes import continue_match, continue_text
from ui.sound import sounds
from ui.table.paint import Job, ahead_jobs
from ui.table.remote import host_table
from ui.text import default_name

AHEAD_BUDGET = 0.004
"""Seconds of a frame the setup may spend drawing the table's cards ahead."""
SETUP_KEY = "setup"
"""Settings key of the choices last made per game: ``{game: {"chairs": [...], "options"}}``."""
from ui.widgets import (DIM, GOLD, INK, Button, Buttons, Dialog, TextField, back_button, label,
                        mirror, stepper)


def option_label(app: App, rules: Rules, option: Option) -> str:
    """The option's name from the catalogue; its own help text until the catalogue has it."""
    key = f"opt.{rules.id}.{option.name}"
    return app.text.tr(key) if app.text.has(key) else option.help or option.name


def option_value(app: App, rules: Rules, option: Option, value: JSON) -> str:
    key = f"optval.{rules.id}.{option.name}.{value}"
    if app.text.has(key):
        return app.text.tr(key)
    if isinstance(value, bool):
        return app.text.tr("common.on" if value else "common.off")
    return str(value)


def profile_names(saves: Any) -> list[str]:
    """The saved players' names (profiles are names or objects with a ``name``)."""
    return [p if isinstance(p, str) else str(getattr(p, "name", p)) for p in saves.profiles]


def following(choices: list[Any] | tuple[Any, ...], value: Any) -> Any:
    """The choice after ``value``, round the end; the first if ``value`` is not a choice."""
    return choices[(choices.index(value) + 1) % len(choices)] if value in choices else choices[0]


class SetupScene(Scene):
    def __init__(self, app: App, rules: Rules) -> None:
        super().__init__(app)
        self.rules = rules
        self.levels = ["normal", *[lv for lv in bot_levels(rules.id) if lv != "normal"]] \
            if rules.id in HEURISTIC else ["random"]
        """The bot levels this game offers, the default first (normal, then easy, hard…)."""
        self.profiles = profile_names(app.saves)
        self.chairs: list[dict[str, str]] = []
        self.seat_count(rules.usual_seats)
        self.options: dict[str, JSON] = {n: o.default for n, o in rules.options.items()}
        self._recall()
        self.seed = random.randrange(1, 1_000_000)
        self.buttons = Buttons(app)
        self.start_focus = True
        self.ahead: list[Job] | None = None
        """The table's cards and fonts still to draw ahead (None: not listed yet)."""

    # -- the choices ----------------------------------------------------------------------
    def seat_count(self, n: int) -> None:
        while len(self.chairs) < n:
            i = len(self.chairs)
            if i == 0:
                name = self.profiles[0] if self.profiles else default_name("you")
                self.chairs.append({"kind": "person", "name": name, "level": self.levels[0]})
            else:
                self.chairs.append({"kind": "bot", "name": default_name("bot", i + 1),
                                    "level": self.levels[0]})
        del self.chairs[n:]

    def cycle_seats(self) -> None:
        self.seat_count(following(self.rules.seat_counts, len(self.chairs)))
        self.layout()

    def toggle_kind(self, i: int) -> None:
        """A chair's kind goes round: a bot, a person at this screen, a player on another
        computer (who joins the table this one hosts: `ui.scenes.join`), a bot again."""
        chair = self.chairs[i]
        if chair["kind"] == "person":
            chair.update(kind="remote", name=default_name("player", i + 1))
        elif chair["kind"] == "remote":
            chair.update(kind="bot", name=default_name("bot", i + 1))
        else:
            if self.rules.realtime:  # nobody takes turns: one screen seats one person
                for j, other in enumerate(self.chairs):
                    if other["kind"] == "person":
                        other.update(kind="bot", name=default_name("bot", j + 1))
            chair.update(kind="person", name=default_name("player", i + 1))
        self.layout()

    def level_word(self, level: str) -> str:
        """The word under a level: a searched level's share against the level below it, as
        measured (`game.bots.MEASURED`), with the fair share where it is not one half (31 % of
        Bi-Del's deals is much against three others); easy's slips; nothing for normal, the
        measure of the others."""
        tr = self.app.text.tr
        if level == "easy":
            return tr("level.easy.word")
        measured = MEASURED.get((self.rules.id, level))
        if measured is None:
            return ""
        return tr("level.searched.word" if measured.fair == 0.5 else "level.searched.word_fair",
                  won=round(100 * measured.won), below=tr(f"level.{BELOW[level]}"),
                  fair=round(100 * measured.fair))

    def cycle_level(self, i: int) -> None:
        self.chairs[i]["level"] = following(self.levels, self.chairs[i]["level"])
        self.layout()

    def next_profile(self, i: int) -> None:
        self.chairs[i]["name"] = following(self.profiles, self.chairs[i]["name"])
        self.layout()

    def rename(self, i: int, name: str) -> None:
        self.chairs[i]["name"] = name

    def cycle_option(self, name: str) -> None:
        self.options[name] = following(self.rules.options[name].choices, self.options[name])
        self.layout()

    def set_option(self, name: str, value: JSON) -> None:
        self.options[name] = value
        self.layout()

    def reseed(self) -> None:
        self.seed = random.randrange(1, 1_000_000)
        self.layout()

    def config(self) -> dict[str, Any]:
        """The match to start. Chairs keep their places round the table whatever the game:
        chair 2 sits to the right of chair 1, chair 3 beyond it, and so on round. The rules
        number seats in the order of play, so in a game played clockwise (to the left) the
        seats after the first are the chairs in the other order."""
        seats = []
        for i, chair in enumerate(self.chairs):
            kind = "bot" if chair["kind"] == "bot" else "player"
            name = chair["name"].strip() or default_name(kind, i + 1)
            seats.append({"kind": chair["kind"], "name": name, "level": chair["level"]})
        if self.rules.direction == "clockwise":
            seats = seats[:1] + seats[:0:-1]
        return {"game": self.rules.id, "seats": seats, "options": dict(self.options),
                "seed": self.seed}

    def _recall(self) -> None:
        """The choices made the last time this game was set (`SETUP_KEY` in the settings), as
        far as they still fit: seat counts, levels and option values the game still has."""
        last = self.app.settings.get(SETUP_KEY, {}).get(self.rules.id)
        if not isinstance(last, dict):
            return
        chairs = last.get("chairs")
        if isinstance(chairs, list) and len(chairs) in self.rules.seat_counts and all(
                isinstance(c, dict) and c.get("kind") in ("person", "bot", "remote")
                and isinstance(c.get("name"), str) and c.get("level") in self.levels
                for c in chairs):
            self.chairs = [{"kind": c["kind"], "name": c["name"], "level": c["level"]}
                           for c in chairs]
        options = last.get("options")
        if isinstance(options, dict):
            for name, value in options.items():
                option = self.rules.options.get(name)
                if option is not None and option.problem(value) is None:
                    self.options[name] = value

    def _remember(self) -> None:
        remembered = dict(self.app.settings.get(SETUP_KEY, {}))
        remembered[self.rules.id] = {"chairs": [dict(c) for c in self.chairs],
                                     "options": dict(self.options)}
        self.app.settings[SETUP_KEY] = remembered
        self.app.save_settings()

    def start(self) -> None:
        """Start the match; if another is unfinished, ask first (only one is kept): the
        question's first button, the one Enter presses, continues the saved match, so that
        Enter never throws a match away."""
        match = self.app.saves.load_match()
        if match is None:
            self._start()
            return
        tr = self.app.text.tr
        self.app.push(Dialog(self.app, tr("setup.replace_title"), tr("setup.replace_text"),
                             [(tr("menu.continue"), lambda: continue_match(self.app, match)),
                              (tr("setup.replace"), self._start),
                              (tr("common.back"), lambda: None)], escape=2))

    def _start(self) -> None:
        self._remember()
        config = self.config()
        if any(seat["kind"] == "remote" for seat in config["seats"]):
            self._host(config)
            return
        for seat in config["seats"]:
            if seat["kind"] == "person" and seat["name"] not in self.profiles \
                    and not seat["name"].startswith("@"):
                self.app.saves.add_profile(seat["name"])
                self.profiles.append(seat["name"])
        self.app.push(self.app.open("table", config))

    def _host(self, config: dict[str, Any]) -> None:
        """Host the match for players on other computers: one person plays at this screen;
        the table opens at once and its panel gives the code and the address to join."""
        tr = self.app.text.tr
        persons = [seat for seat in config["seats"] if seat["kind"] == "person"]
        if len(persons) != 1:
            self.app.push(Dialog(self.app, tr("setup.host_title"), tr("setup.host_one_person"),
                                 [(tr("common.ok"), lambda: None)], escape=0))
            return
        seats = [{**seat, "name": self.app.text.name(seat["name"])} for seat in config["seats"]]
        try:
            match = host_table({**config, "seats": seats})
        except (OSError, ConnectionError) as e:
            self.app.push(Dialog(self.app, tr("setup.host_title"), str(e),
                                 [(tr("common.ok"), lambda: None)], escape=0))
            return
        self.app.push(self.app.open("table", match.config, match))

    def update(self, dt: float) -> None:
        """While the setup stands open, the table it opens is made ready, so that its first
        frame is smooth: its scene imported, then its sounds made and the cards of its first
        deal as chair 1 sees them and its fonts drawn (`ahead_jobs`), `AHEAD_BUDGET` seconds a
        frame at most (one job at least)."""
        if self.ahead is None:
            self.app.prepare("table")
            first = self.rules.new(len(self.chairs), self.seed, self.options).observation(0)
            self.ahead = [*ahead_jobs(self.app, self.rules.back,
                                      {c for z in first["zones"] for c in z["cards"] if c}),
                          ("sound", sounds)]
            return
        start = time.perf_counter()
        while self.ahead and time.perf_counter() - start < AHEAD_BUDGET:
            self.ahead.pop()[1]()

    # -- the screen -----------------------------------------------------------------------
    def at(self, x: float, y: float, w: float, h: float = 50) -> tuple[float, float, float, float]:
        """A box laid out left to right, mirrored for right-to-left languages."""
        return (mirror(self.app, x, w), y, w, h)

    def layout(self) -> None:
        app, tr, at = self.app, self.app.text.tr, self.at
        items: list[Button] = [
            Button(at(60, 110, 300), tr("setup.seats", n=len(self.chairs)), self.cycle_seats,
                   size=24, enabled=len(self.rules.seat_counts) > 1, key="seats")]
        for i, chair in enumerate(self.chairs):
            y = 180 + i * 62
            person = chair["kind"] == "person"
            items.append(Button(at(180, y, 110), tr(f"setup.{chair['kind']}"),
                                partial(self.toggle_kind, i), size=22, key=f"kind{i}"))
            if person:
                items.append(TextField(at(300, y, 220), app.text.name(chair["name"]),
                                       partial(self.rename, i), key=f"name{i}"))
                if self.profiles:
                    items.append(Button(at(530, y, 110), tr("setup.profiles"),
                                        partial(self.next_profile, i), size=20,
                                        key=f"profile{i}"))
            elif chair["kind"] == "bot":
                items.append(Button(at(300, y, 220), tr(f"level.{chair['level']}"),
                                    partial(self.cycle_level, i), size=22,
                                    sub=self.level_word(chair["level"]),
                                    enabled=len(self.levels) > 1, key=f"level{i}"))
        for j, (name, option) in enumerate(self.rules.options.items()):
            if option.numeric:
                steps = list(range(option.lo, option.hi + 1, option.step))
                items.extend(stepper(app, at(990, 180 + j * 62, 230), steps,
                                     int(self.options[name]), partial(self.set_option, name),
                                     key=f"opt:{name}"))
                continue
            items.append(Button(at(990, 180 + j * 62, 230),
                                option_value(app, self.rules, option, self.options[name]),
                                partial(self.cycle_option, name), size=22,
                                key=f"opt:{name}"))
        items.append(Button(at(990, 560, 230), tr("setup.reseed"), self.reseed, size=22,
                            key="reseed"))
        items.append(back_button(self.app, self))
        match = app.saves.load_match()
        if match is not None:
            items.append(Button(at(300, 630, 680, 60), continue_text(app, match),
                                lambda: continue_match(app, match), size=22, key="continue"))
        items.append(Button(at(1000, 630, 220, 60), tr("setup.start"), self.start, size=28,
                            primary=True, key="start"))
        self.buttons.set(items, len(items) - 1 if self.start_focus else None)
        self.start_focus = False

    def back(self) -> None:
        field = self.buttons.editing
        if field is not None:
            field.stop()
        else:
            super().back()

    def handle(self, event: pygame.event.Event) -> None:
        self.buttons.handle(event)

    def draw(self, screen: pygame.Surface) -> None:
        app, tr, at = self.app, self.app.text.tr, self.at

        label(screen, app, tr("setup.title", game=self.rules.name(app.lang)),
              (0, 28, VIRTUAL[0], 60), 38, GOLD, "center", bold=True)
        for i, chair in enumerate(self.chairs):
            y = 180 + i * 62
            label(screen, app, tr("setup.chair", n=i + 1), at(60, y, 110), 22, DIM)
            if chair["kind"] == "bot":
                label(screen, app, app.text.name(chair["name"]), at(530, y, 110), 20, DIM)
            elif chair["kind"] == "remote":
                label(screen, app, tr("setup.remote_joins"), at(300, y, 340), 20, DIM)
        label(screen, app, tr("setup.options"), at(680, 110, 540), 28, GOLD, bold=True)
        if not self.rules.options:
            label(screen, app, tr("setup.no_options"), at(680, 180, 540), 22, DIM)
        for j, (name, option) in enumerate(self.rules.options.items()):
            label(screen, app, option_label(app, self.rules, option), at(680, 180 + j * 62, 295),
                  21, INK, wrap=True)
        label(screen, app, tr("setup.seed", seed=self.seed), at(680, 560, 295), 21, INK)
        self.buttons.draw(screen)
