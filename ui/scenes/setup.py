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
number (the seed) is random; "new number" draws another. Under the game's options, the turn
clock (`game.clock.CHOICES`: off, or seconds for a card), in every game where people take
turns: off at a table played here or hosted on the network, `game.clock.ONLINE` at a table
created online, until the player chooses another for this game there.

Whenever a match of this game is saved (one is kept per game: `saves.Saves.load_match`), a
"Continue: <game>, <when>" button beside Start offers it back, and Start asks before the new
match replaces it, naming it (Enter continues it). Another game's match is never offered here,
nor replaced. A game with a guided first deal (`ui.lessons`) offers it in the bottom row,
between Back and Start: "Show me how to play".

Start pushes ``TableScene(app, config)`` with config = ``{"game": id, "seats": [{"kind":
"person"|"bot", "name": str, "level": "random"|"heuristic"}], "options": {...}, "seed": int,
"clock": seconds (0: none)}``,
after saving any new person name as a profile. A chair may also be a player on another computer
of this network (``remote``) or a friend over the internet (``internet``): Start then hosts the
match (`ui.table.remote.host_table`) with the one person at this screen, and the table shows the
code and the address a player on the network joins with and each friend's own code over the
internet, until they have come (`ui.table.remote.NetMatch.invite`). Opened to host a table
(``host``, from the menu's "Host a table"), every chair but the first starts as a chair on the
network; whenever a chair is another computer's, a line under the title says how friends join
(on the network, over the internet, or both).
"""

from __future__ import annotations

import random
import time
from functools import partial
from typing import Any

import pygame

from game.bots import BELOW, HEURISTIC, MEASURED
from game.bots import levels as bot_levels
from game.clock import CHOICES, ONLINE
from game.core import JSON, Option, Rules
from game.shapes import Chair, TableConfig
from saves.schemas import CHAIR_KINDS
from ui.app import BACKGROUND, VIRTUAL, App, Scene
from ui.scenes import continue_match, continue_text, lesson_button, saved_when
from ui.sound import sounds
from ui.table.paint import Job, ahead_jobs
from ui.table.remote import Online, host_table, link_settings, online_table
from ui.text import default_name
from ui.widgets import (DIM, GOLD, INK, Button, Buttons, Dialog, Row, ScrollArea, TextField, Words,
                        back_button, label, mirror, stepper, text_height)

AHEAD_BUDGET = 0.004
"""Seconds of a frame the setup may spend drawing the table's cards ahead."""
SETUP_KEY = "setup"
"""Settings key of the choices last made per game: ``{game: {"chairs": [...], "options"}}``."""

TITLE = (0.0, 14.0, float(VIRTUAL[0]), 60.0)
HEAD_Y, HEAD_H = 86.0, 48.0
"""The columns' heads (the players' count, the options' title), which never scroll."""
ROW_H = 50.0
CHAIRS = (60.0, 148.0, 580.0, 462.0)
OPTIONS = (680.0, 148.0, 540.0, 462.0)
"""The two scrolled areas (virtual boxes, left to right): the chairs, the options."""
LABEL_W = 295.0
"""An option's name, wrapped to this width; its control stands beside it."""
FOOT_X, FOOT_Y, FOOT_H, FOOT_END, FOOT_GAP = 60.0, 630.0, 60.0, 220.0, 20.0
"""The bottom row: its margin, top and height, the width of Back and of Start, the gaps."""


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
    def __init__(self, app: App, rules: Rules, host: bool = False,
                 online: Online | None = None) -> None:
        super().__init__(app)
        self.rules = rules
        self.online = online
        """The table server the match is created at (Play online), or None: played here, or
        hosted by this machine."""
        host = host or online is not None
        self.levels = ["normal", *[lv for lv in bot_levels(rules.id) if lv != "normal"]] \
            if rules.id in HEURISTIC else ["random"]
        """The bot levels this game offers, the default first (normal, then easy, hard…)."""
        self.profiles = profile_names(app.saves)
        self.chairs: list[dict[str, str]] = []
        self.seat_count(rules.usual_seats)
        self.options: dict[str, JSON] = {n: o.default for n, o in rules.options.items()}
        self.clock = ONLINE if online is not None and self.timed else 0
        """The turn clock: seconds for a card (0: none)."""
        self._recall()
        if host:  # every chair but this screen's person is a friend's on another computer
            for i, chair in enumerate(self.chairs):
                if i:
                    chair.update(kind="remote", name=default_name("player", i + 1))
                else:
                    chair["kind"] = "person"
                    if online is not None:  # the name the player gave Play online
                        chair["name"] = online.name
        self.seed = random.randrange(1, 1_000_000)
        self.buttons = Buttons(app)
        self.start_focus = True
        self.ahead: list[Job] | None = None
        """The table's cards and fonts still to draw ahead (None: not listed yet)."""
        self.saved: dict[str, Any] | None = None
        """This game's saved match, as `layout` last found it."""
        self.areas = {"chairs": ScrollArea(CHAIRS), "options": ScrollArea(OPTIONS)}
        """The scrolled chairs and options, kept across layouts (their scroll with them)."""
        self.placed: list[tuple[ScrollArea, list[Words]]] = []
        self.heads: list[Words] = []

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
        """A chair's kind goes round: a bot, a person at this screen, a player on this network
        (who joins the table this one hosts: `ui.scenes.join.JoinScene`), a friend over the
        internet (who joins with a code: `ui.scenes.join.JoinCodeScene`), a bot again. At a
        table created online every friend joins the server with its code: there is no friend
        over the internet apart (`remote` goes to a bot)."""
        chair = self.chairs[i]
        if chair["kind"] == "person":
            chair.update(kind="remote", name=default_name("player", i + 1))
        elif chair["kind"] == "remote" and self.online is None:
            chair.update(kind="internet", name=default_name("player", i + 1))
        elif chair["kind"] in ("remote", "internet"):
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

    @property
    def timed(self) -> bool:
        """Whether the game offers a turn clock: people take turns (not real time, not alone)."""
        return not self.rules.realtime and max(self.rules.seat_counts) > 1

    @property
    def clock_key(self) -> str:
        """Where the setup remembers the clock: apart for tables created online."""
        return "online_clock" if self.online is not None else "clock"

    def cycle_clock(self) -> None:
        self.clock = following(CHOICES, self.clock)
        self.layout()

    def reseed(self) -> None:
        self.seed = random.randrange(1, 1_000_000)
        self.layout()

    def config(self) -> TableConfig:
        """The match to start. Chairs keep their places round the table whatever the game:
        chair 2 sits to the right of chair 1, chair 3 beyond it, and so on round. The rules
        number seats in the order of play, so in a game played clockwise (to the left) the
        seats after the first are the chairs in the other order."""
        seats: list[Chair] = []
        for i, chair in enumerate(self.chairs):
            kind = "bot" if chair["kind"] == "bot" else "player"
            name = chair["name"].strip() or default_name(kind, i + 1)
            seats.append({"kind": chair["kind"], "name": name, "level": chair["level"]})
        if self.rules.direction == "clockwise":
            seats = seats[:1] + seats[:0:-1]
        return {"game": self.rules.id, "seats": seats, "options": dict(self.options),
                "seed": self.seed, "clock": self.clock}

    def _recall(self) -> None:
        """The choices made the last time this game was set (`SETUP_KEY` in the settings), as
        far as they still fit: seat counts, levels and option values the game still has."""
        last = self.app.settings.get(SETUP_KEY, {}).get(self.rules.id)
        if not isinstance(last, dict):
            return
        chairs = last.get("chairs")
        if isinstance(chairs, list) and len(chairs) in self.rules.seat_counts and all(
                isinstance(c, dict) and c.get("kind") in CHAIR_KINDS
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
        clock = last.get(self.clock_key)
        if self.timed and type(clock) is int and clock in CHOICES:
            self.clock = clock

    def _remember(self) -> None:
        remembered = dict(self.app.settings.get(SETUP_KEY, {}))
        remembered[self.rules.id] = {**remembered.get(self.rules.id, {}),
                                     "chairs": [dict(c) for c in self.chairs],
                                     "options": dict(self.options), self.clock_key: self.clock}
        self.app.settings[SETUP_KEY] = remembered
        self.app.save_settings()

    def start(self) -> None:
        """Start the match; if a match of this game is unfinished, ask first, naming it (one is
        kept per game): the question's first button, the one Enter presses, continues the
        saved match, so that Enter never throws a match away."""
        match = self.app.saves.load_match(self.rules.id)
        if match is None:
            self._start()
            return
        tr = self.app.text.tr
        text = tr("setup.replace_text", game=self.rules.name(self.app.lang),
                  when=saved_when(self.app, match) or "")
        self.app.push(Dialog(self.app, tr("setup.replace_title"), text,
                             [(tr("menu.continue"), lambda: continue_match(self.app, match)),
                              (tr("setup.replace"), self._start),
                              (tr("common.back"), lambda: None)], escape=2))

    def _start(self) -> None:
        self._remember()
        config = self.config()
        if any(seat["kind"] in ("remote", "internet") for seat in config["seats"]):
            self._host(config)
            return
        for seat in config["seats"]:
            if seat["kind"] == "person" and seat["name"] not in self.profiles \
                    and not seat["name"].startswith("@"):
                self.app.saves.add_profile(seat["name"])
                self.profiles.append(seat["name"])
        self.app.push(self.app.open("table", config))

    def _host(self, config: TableConfig) -> None:
        """Host the match for players on other computers: one person plays at this screen;
        the table opens at once and its panel gives the code and the address to join."""
        tr = self.app.text.tr
        persons = [seat for seat in config["seats"] if seat["kind"] == "person"]
        if len(persons) != 1:
            self.app.push(Dialog(self.app, tr("setup.host_title"), tr("setup.host_one_person"),
                                 [(tr("common.ok"), lambda: None)], escape=0))
            return
        try:  # names go as kept: each friend's table says a given name in its language
            match = host_table(config, link=link_settings(self.app.settings)) \
                if self.online is None else online_table(config, self.online.server)
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
    def at(self, x: float, y: float, w: float, h: float = ROW_H
           ) -> tuple[float, float, float, float]:
        """A box laid out left to right, mirrored for right-to-left languages."""
        return (mirror(self.app, x, w), y, w, h)

    def layout(self) -> None:
        """Everything laid out anew (the saved match looked up again), the scroll kept."""
        self.saved = self.app.saves.load_match(self.rules.id)
        self.arrange()

    def arrange(self) -> None:
        """The rows placed in their areas as scrolled now, the heads and the foot."""
        app, tr, at = self.app, self.app.text.tr, self.at
        for name, box in (("chairs", CHAIRS), ("options", OPTIONS)):
            self.areas[name].box = at(*box)  # mirrored for the language now
        chairs = self.areas["chairs"].place(
            [self.chair_row(i, chair) for i, chair in enumerate(self.chairs)])
        options = self.areas["options"].place(self.option_rows())
        self.placed = [(self.areas["chairs"], chairs[0]), (self.areas["options"], options[0])]
        self.heads = [Words(at(OPTIONS[0], HEAD_Y, OPTIONS[2], HEAD_H), tr("setup.options"), 28,
                            GOLD, bold=True)]
        away = {chair["kind"] for chair in self.chairs} & {"remote", "internet"}
        if away:  # how friends join
            self.heads.append(Words(at(370, HEAD_Y - 12, 300, HEAD_H + 24),
                                    tr("setup.both_explain" if len(away) == 2
                                       else f"setup.{away.pop()}_explain"), 14, DIM, wrap=True))
        items: list[Button] = [
            Button(at(CHAIRS[0], HEAD_Y, 300, HEAD_H), tr("setup.seats", n=len(self.chairs)),
                   self.cycle_seats, size=24, enabled=len(self.rules.seat_counts) > 1,
                   key="seats"),
            *chairs[1], *options[1]]
        middle = lesson_button(app, self.rules.id, (0, 0, 0, 0))
        if self.saved is not None:
            match = self.saved
            middle.append(Button((0, 0, 0, 0), continue_text(app, match),
                                 lambda: continue_match(app, match), size=22, key="continue"))
        start = Button((0, 0, 0, 0), tr("setup.start"), self.start, size=28, primary=True,
                       key="start")
        items += footer(app, back_button(app, self), middle, start)
        self.buttons.set(items, len(items) - 1 if self.start_focus else None)
        self.start_focus = False

    def chair_row(self, i: int, chair: dict[str, str]) -> Row:
        """A chair: its number, its kind, and a person's name (and the saved names), a bot's
        level and name, or what a remote player does."""
        app, tr, at = self.app, self.app.text.tr, self.at
        words = [Words(at(60, 0, 110), tr("setup.chair", n=i + 1), 22, DIM)]
        buttons: list[Button] = [Button(at(180, 0, 110), tr(f"setup.{chair['kind']}"),
                                        partial(self.toggle_kind, i), size=22, key=f"kind{i}")]
        if chair["kind"] == "person":
            buttons.append(TextField(at(300, 0, 220), app.text.name(chair["name"]),
                                     partial(self.rename, i), key=f"name{i}"))
            if self.profiles:
                buttons.append(Button(at(530, 0, 110), tr("setup.profiles"),
                                      partial(self.next_profile, i), size=20,
                                      key=f"profile{i}"))
        elif chair["kind"] == "bot":
            buttons.append(Button(at(300, 0, 220), tr(f"level.{chair['level']}"),
                                  partial(self.cycle_level, i), size=22,
                                  sub=self.level_word(chair["level"]),
                                  enabled=len(self.levels) > 1, key=f"level{i}"))
            words.append(Words(at(530, 0, 110), app.text.name(chair["name"]), 20, DIM))
        else:  # a player on this network, or a friend over the internet
            words.append(Words(at(300, 0, 340), tr(f"setup.{chair['kind']}_joins"), 20, DIM))
        return Row(ROW_H, words, buttons)

    def option_rows(self) -> list[Row]:
        """An option a row: its name (wrapped, the row as tall as it needs) and its control;
        then the game number and "new number"."""
        app, tr, at = self.app, self.app.text.tr, self.at
        rows = []
        if not self.rules.options:
            rows.append(Row(ROW_H, [Words(at(680, 0, 540), tr("setup.no_options"), 22, DIM)]))
        for name, option in self.rules.options.items():
            text = option_label(app, self.rules, option)
            height = max(ROW_H, text_height(app, text, 21, LABEL_W))
            top = (height - ROW_H) / 2
            words = [Words(at(680, 0, LABEL_W, height), text, 21, INK, wrap=True)]
            if option.numeric:
                steps = list(range(option.lo, option.hi + 1, option.step))
                buttons = stepper(app, at(990, top, 230), steps, int(self.options[name]),
                                  partial(self.set_option, name), key=f"opt:{name}")
            else:
                buttons = [Button(at(990, top, 230),
                                  option_value(app, self.rules, option, self.options[name]),
                                  partial(self.cycle_option, name), size=22,
                                  key=f"opt:{name}")]
            rows.append(Row(height, words, buttons))
        if self.timed:
            rows.append(Row(ROW_H, [Words(at(680, 0, LABEL_W), tr("setup.clock"), 21, INK)],
                            [Button(at(990, 0, 230), tr("setup.clock_s", n=self.clock)
                                    if self.clock else tr("common.off"), self.cycle_clock,
                                    size=22, key="clock")]))
        rows.append(Row(ROW_H, [Words(at(680, 0, LABEL_W), tr("setup.seed", seed=self.seed),
                                      21, INK)],
                        [Button(at(990, 0, 230), tr("setup.reseed"), self.reseed, size=22,
                                key="reseed")]))
        return rows

    def uncovered(self) -> None:
        """Back on top (from the table, a dialog): its game's saved match may have changed."""
        self.layout()

    def back(self) -> None:
        if not self.buttons.stop_editing():
            super().back()

    def handle(self, event: pygame.event.Event) -> None:
        """The areas scroll first (the wheel, a drag); then the buttons; Page Up and Page
        Down scroll the area the focus is in, and a focus moved by the keys out of sight
        scrolls it into sight."""
        if self.buttons.editing is None:
            for area in self.areas.values():
                if area.handle(self.app, event):
                    self.arrange()
                    return
        self.buttons.handle(event)
        if event.type != pygame.KEYDOWN or self.buttons.editing is not None:
            return
        focused = self.buttons.focused
        holding = next((a for a in self.areas.values()
                        if focused is not None and focused.clip == a.box), None)
        if event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            area = holding or self.areas["options"]
            page = area.box[3] - ROW_H
            if area.scroll(page if event.key == pygame.K_PAGEDOWN else -page):
                self.arrange()
                self.focus_in(area)
        elif holding is not None and focused is not None and holding.reveal(focused.box):
            self.arrange()

    def focus_in(self, area: ScrollArea) -> None:
        """Move the focus to the first button wholly in sight in ``area`` if it is not."""
        _, top, _, height = area.box
        seen = [i for i, b in enumerate(self.buttons.items) if b.clip == area.box
                and b.enabled and top <= b.box[1] and b.box[1] + b.box[3] <= top + height]
        if seen and self.buttons.focus not in seen:
            self.buttons.focus = seen[0]

    def draw(self, screen: pygame.Surface) -> None:
        app = self.app
        label(screen, app, app.text.tr("setup.title", game=self.rules.name(app.lang)), TITLE,
              38, GOLD, "center", bold=True, role="title")
        for head in self.heads:
            head.draw(screen, app, "title")
        for area, words in self.placed:
            area.draw(screen, app, words, "label")
        self.buttons.draw(screen, "label")
        for area, _ in self.placed:
            area.draw_edges(screen, app, BACKGROUND)


def footer(app: App, back: Button, middle: list[Button], start: Button) -> list[Button]:
    """The bottom row, which never scrolls: Back at the reading start, Start at the reading end,
    the ``middle`` buttons (the saved match...) sharing the room between them; Start last."""
    x0, x1 = FOOT_X + FOOT_END + FOOT_GAP, VIRTUAL[0] - FOOT_X - FOOT_END - FOOT_GAP
    w = (x1 - x0 - FOOT_GAP * (len(middle) - 1)) / max(len(middle), 1)
    for i, b in enumerate(middle):
        b.box = (mirror(app, x0 + i * (w + FOOT_GAP), w), FOOT_Y, w, FOOT_H)
    start.box = (mirror(app, VIRTUAL[0] - FOOT_X - FOOT_END, FOOT_END), FOOT_Y, FOOT_END, FOOT_H)
    return [back, *middle, start]
