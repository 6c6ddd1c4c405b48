"""The generic card table: draws any game from its observation, offers its legal actions and
animates its events. Nothing here decides a rule.

How it works:

- `Match` holds the rules state, the chairs (person or bot) and the bots; it is the only place
  that calls `State.apply`, and it saves the match after every action.
- The viewer is the person whose decision is pending (hot-seat: a cover hides every hand until
  that person confirms), the only person at the table, or nobody (a spectator's public view).
- Seats sit on an ellipse with the viewer at the bottom, in the rules' direction of play (the
  Persian games turn anticlockwise, so the next seat is on the viewer's right). The seating is
  the real table's and does not mirror with the language; panels and text do.
- Every card is a `Sprite` keyed by identity: its code where the viewer may see it, else
  ``(zone, index)`` — a face-down card carries no identity. After each action the observation
  is laid out again and every sprite tweens to its new place; a sprite that is new starts at the
  zone the events say its card came from, so dealing, playing and collecting are all animated.
- Input: drag a card to a zone (legal targets light up), or click a card and then a target;
  buttons for the actions that move no card; keyboard: arrows choose, Enter plays, Esc pauses.
  An illegal drop slides back and shows the engine's reason.
- Bots think on a worker thread, one at a time, and their moves are paced by the bot-pace
  setting. Where several seats may act at once (Clumsy Thief), every bot reacts on its own timer.
"""

from __future__ import annotations

import functools
import math
import random
import time
import uuid
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import pygame

from game import registry
from game.bots import HEURISTIC, Bot
from game.bots import make as make_bot
from game.core import Action, Event, IllegalAction, State
from ui.app import VIRTUAL, App, Scene
from ui.cardart import card_surface
from ui.sound import EVENT_SOUNDS, sounds
from ui.widgets import Button

CARD_RATIO = 1.4
CENTRE = (640.0, 318.0)
RX, RY = 500.0, 250.0
HAND_W, SEAT_W, MID_W, SMALL_W = 84.0, 46.0, 70.0, 40.0
HAND_Y = 612.0
BASE_TWEEN = 0.26
FRENCH_SUITS = "SHCD"  # black, red, black, red
FRENCH_RANKS = "23456789TJQKA"
BOT_PAUSE = 0.7
REACTION = {"heuristic": 0.25, "random": 0.6}
BACKS = {"hokm": "french", "tiraje": "tiraje", "thief": "thief"}

GOLD = (236, 200, 90)
WHITE = (245, 245, 240)
DIM = (170, 190, 180)
RED = (240, 110, 100)
PANEL = (8, 28, 20, 215)
MIN_TEXT_PX = 11


def sort_hand(cards: Sequence[str | None]) -> Sequence[str | None]:
    """A hand as a player holds it: French cards by suit (colours alternating), high to low;
    other cards by their code; face-down cards keep their places."""
    known = [c for c in cards if c is not None]
    if len(known) < len(cards):
        return cards
    if all(len(c) == 2 and c[1] in FRENCH_SUITS and c[0] in FRENCH_RANKS for c in known):
        return sorted(known, key=lambda c: (FRENCH_SUITS.index(c[1]), -FRENCH_RANKS.index(c[0])))
    return sorted(known, key=lambda c: (len(c), c))


def ease_out(t: float) -> float:
    return 1 - (1 - t) ** 3


# -- the match: rules state, chairs, bots, saving -------------------------------------------
@dataclass
class Match:
    """A game being played at the table: the state, who sits where, and its bots."""

    config: dict[str, Any]
    state: State
    bots: dict[int, Bot] = field(default_factory=dict)

    @classmethod
    def start(cls, config: dict[str, Any]) -> Match:
        rules = registry.get(config["game"])
        state = rules.new(len(config["seats"]), int(config["seed"]), config.get("options"))
        config = {**config, "match_id": config.get("match_id") or uuid.uuid4().hex}
        return cls(config, state, cls._bots(config))

    @classmethod
    def resume(cls, saved: dict[str, Any]) -> Match:
        config = {k: v for k, v in saved.items() if k != "state"}
        return cls(config, registry.restore(saved["state"]), cls._bots(config))

    @staticmethod
    def _bots(config: dict[str, Any]) -> dict[int, Bot]:
        seed = int(config["seed"])
        return {seat: make_bot(chair.get("level", "heuristic"), config["game"],
                                seed * 31 + seat + 1)
                for seat, chair in enumerate(config["seats"]) if chair["kind"] == "bot"}

    @property
    def persons(self) -> list[int]:
        return [s for s, c in enumerate(self.config["seats"]) if c["kind"] == "person"]

    def name(self, seat: int) -> str:
        return str(self.config["seats"][seat].get("name") or f"#{seat + 1}")

    def to_dict(self) -> dict[str, Any]:
        return {**self.config, "state": self.state.to_dict()}


# -- sprites --------------------------------------------------------------------------------
@dataclass
class Sprite:
    """One card on the table, in virtual coordinates (its centre) and width."""

    key: Any
    code: str | None
    x: float
    y: float
    w: float
    start: tuple[float, float, float] = (0.0, 0.0, 0.0)
    end: tuple[float, float, float] = (0.0, 0.0, 0.0)
    t: float = 1.0
    delay: float = 0.0
    duration: float = BASE_TWEEN
    zone: str = ""
    slot: int = 0
    lifted: bool = False
    flip: bool = False
    """Turned face up on its way: drawn as a back shrinking, then as its face growing."""

    def move_to(self, x: float, y: float, w: float, duration: float, delay: float = 0.0) -> None:
        if (x, y, w) == self.end and (self.t < 1 or (self.x, self.y, self.w) == self.end):
            return
        self.start, self.end = (self.x, self.y, self.w), (x, y, w)
        self.t, self.delay, self.duration = 0.0, delay, max(duration, 0.01)

    def update(self, dt: float) -> None:
        if self.t >= 1:
            return
        if self.delay > 0:
            self.delay -= dt
            return
        self.t = min(1.0, self.t + dt / self.duration)
        k = ease_out(self.t)
        self.x, self.y, self.w = (a + (b - a) * k for a, b in zip(self.start, self.end))

    @property
    def moving(self) -> bool:
        return self.t < 1

    def rect(self) -> pygame.Rect:
        h = self.w * CARD_RATIO
        return pygame.Rect(round(self.x - self.w / 2), round(self.y - h / 2 - (14 if self.lifted
                                                                               else 0)),
                           round(self.w), round(h))


# -- layout ---------------------------------------------------------------------------------
@dataclass
class ZoneBox:
    """Where a zone is drawn: its cards' centres and width, and its drop rectangle."""

    id: str
    kind: str
    owner: int | None
    cards: list[str | None]
    face_up: bool
    slots: list[tuple[float, float]]
    width: float
    rect: pygame.Rect


class Layout:
    """Places every zone of an observation around the table for one viewer."""

    def __init__(self, seats: int, viewer: int | None, direction: str) -> None:
        self.seats = seats
        self.viewer = 0 if viewer is None else viewer
        self.sign = -1 if direction == "anticlockwise" else 1

    def angle(self, seat: int) -> float:
        k = (seat - self.viewer) % self.seats
        return math.pi / 2 + self.sign * 2 * math.pi * k / self.seats

    def anchor(self, seat: int, pull: float = 0.0) -> tuple[float, float]:
        """A point on the seat's ray: ``pull`` 0 at the seat, 1 at the centre."""
        a = self.angle(seat)
        r = 1 - pull
        return CENTRE[0] + RX * r * math.cos(a), CENTRE[1] + RY * r * math.sin(a)

    def boxes(self, obs: dict[str, Any]) -> list[ZoneBox]:
        owned: dict[int, list[dict[str, Any]]] = {}
        out = []
        for z in obs["zones"]:
            if z["owner"] is not None:
                owned.setdefault(z["owner"], []).append(z)
        for seat, zones in owned.items():
            mine = seat == self.viewer
            extras = [z for z in zones if z["kind"] not in ("hand", "won", "bank")]
            for z in zones:
                if z["kind"] == "hand":
                    x, y = (640.0, HAND_Y) if mine else self.anchor(seat)
                    w = HAND_W if mine else SEAT_W
                    out.append(self._row(z, x, y, w, 760.0 if mine else 170.0))
                elif z["kind"] in ("won", "bank"):
                    if mine:
                        x, y = 200.0, HAND_Y
                    else:  # a little inside the seat, to its side along the table's edge
                        a = self.angle(seat)
                        x, y = self.anchor(seat, 0.18)
                        x, y = x - 130 * math.sin(a), y + 130 * math.cos(a)
                    out.append(self._pile(z, x, y, SMALL_W))
            n = len(extras)
            for i, z in enumerate(extras):
                x, y = self.anchor(seat, 0.42 if not mine else 0.0)
                if mine:
                    y = 478.0
                w = MID_W if mine else 52.0
                span = (n - 1) * (w + 14)
                x = x - span / 2 + i * (w + 14) if n > 1 else x
                if z["layout"] in ("row", "spread", "fan"):
                    out.append(self._row(z, x, y, w, 300.0 if mine else 210.0))
                else:
                    out.append(self._pile(z, x, y, w))
        centre = [z for z in obs["zones"] if z["owner"] is None]
        for z in centre:
            if z["kind"] == "trick":
                out.append(self._trick(z, obs))
            elif z["kind"] in ("canvas", "discard"):
                out.append(self._pile(z, 640.0, CENTRE[1], MID_W + 6))
            elif z["kind"] == "deck":
                out.append(self._pile(z, 470.0, CENTRE[1], SMALL_W + 8))
            else:
                out.append(self._pile(z, 810.0, CENTRE[1], SMALL_W))
        return out

    def _box(self, z: dict[str, Any], slots: list[tuple[float, float]], w: float,
             rect: pygame.Rect) -> ZoneBox:
        return ZoneBox(z["id"], z["kind"], z["owner"], z["cards"], z["face_up"], slots, w, rect)

    def _row(self, z: dict[str, Any], x: float, y: float, w: float, span: float) -> ZoneBox:
        n = len(z["cards"])
        step = min(w * 0.92, span / max(n - 1, 1)) if n > 1 else 0
        left = x - step * (n - 1) / 2
        slots = [(left + i * step, y) for i in range(n)]
        width = max(step * (n - 1) + w, w)
        h = w * CARD_RATIO
        return self._box(z, slots, w, pygame.Rect(round(x - width / 2 - 6), round(y - h / 2 - 6),
                                                  round(width + 12), round(h + 12)))

    def _pile(self, z: dict[str, Any], x: float, y: float, w: float) -> ZoneBox:
        slots = [(x + min(i, 12) * 0.6, y - min(i, 12) * 0.6) for i in range(len(z["cards"]))]
        h = w * CARD_RATIO
        return self._box(z, slots, w, pygame.Rect(round(x - w / 2 - 6), round(y - h / 2 - 6),
                                                  round(w + 12), round(h + 12)))

    def _trick(self, z: dict[str, Any], obs: dict[str, Any]) -> ZoneBox:
        leader = obs.get("leader")
        slots = []
        for i in range(len(z["cards"])):
            if isinstance(leader, int):
                a = self.angle((leader + i) % self.seats)
                slots.append((CENTRE[0] + 62 * math.cos(a), CENTRE[1] + 52 * math.sin(a)))
            else:
                slots.append((CENTRE[0] + (i - (len(z["cards"]) - 1) / 2) * 40, CENTRE[1]))
        w = MID_W
        return self._box(z, slots, w, pygame.Rect(round(CENTRE[0] - 150), round(CENTRE[1] - 120),
                                                  300, 240))


# -- the scene ------------------------------------------------------------------------------
class TableScene(Scene):
    """Plays one match: config = {"game", "seats": [{"kind", "name", "level"}], "options",
    "seed"}."""

    def __init__(self, app: App, config: dict[str, Any], match: Match | None = None) -> None:
        super().__init__(app)
        self.match = match or Match.start(config)
        self.rules = self.match.state.rules
        self.sprites: dict[Any, Sprite] = {}
        self.boxes: list[ZoneBox] = []
        self.buttons: list[Button] = []
        self.log: list[str] = []
        self.message = ""
        self.message_until = 0.0
        self.refusal = True
        self.clock = 0.0
        self.viewer: int | None = None
        self.covered = False
        self.cover_button: Button | None = None
        self.drag: Sprite | None = None
        self.drag_offset = (0.0, 0.0)
        self.drag_from = (0.0, 0.0)
        self.selected: Sprite | None = None
        self.focus = 0
        self.show_log = False
        self.show_last = False
        self.finished = False
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
        self.pending: tuple[int, Future[Action], str] | None = None
        self.bot_ready_at = 0.0
        self.react_at: dict[int, float] = {}
        self.rng = random.Random(int(self.match.config["seed"]))
        self.warm: list[tuple[str | None, int]] = []
        self.obs: dict[str, Any] = {}
        self.legal: list[Action] = []
        self.card_moves: dict[str, list[tuple[Action, str]]] = {}
        self.sounds = sounds()
        self.undo_stack: list[dict[str, Any]] = []
        self.moves = 0
        self._choose_viewer(initial=True)
        self._refresh(self.match.state.opening)

    @classmethod
    def resume(cls, app: App, saved: dict[str, Any]) -> TableScene:
        match = Match.resume(saved)
        return cls(app, match.config, match)

    # -- settings ----------------------------------------------------------------------
    @property
    def speed(self) -> float:
        return float(self.app.settings.get("anim_speed", 1.0)) or 1.0

    @property
    def pace(self) -> float:
        return float(self.app.settings.get("bot_pace", 1.0))

    def tr(self, key: str, **fmt: Any) -> str:
        return self.app.text.tr(key, **fmt)

    # -- who looks at the table ----------------------------------------------------------
    def _choose_viewer(self, initial: bool = False) -> None:
        persons = self.match.persons
        state = self.match.state
        if not persons:
            self.viewer = None
            return
        if len(persons) == 1:
            self.viewer = persons[0]
            return
        waiting = [s for s in state.to_act() if s in persons]
        if len(state.to_act()) > 1 or not waiting:  # real time, or a bot's turn: keep the viewer
            if self.viewer is None:
                self.viewer = persons[0]
                self.covered = True
            return
        if waiting[0] != self.viewer or initial:
            self.viewer = waiting[0]
            self.covered = True
        self._build_cover()

    def _build_cover(self) -> None:
        if self.covered and self.viewer is not None:
            self.cover_button = Button((520, 400, 240, 60), self.tr("table.ready"),
                                       self._uncover, primary=True)

    def _uncover(self) -> None:
        self.covered = False
        self._refresh([])

    # -- layout and sprites ----------------------------------------------------------------
    def layout(self) -> None:
        self._refresh([])
        view = self.app.view
        codes = sorted({c for z in self.match.state.zones() for c in z.cards}) + [None]
        widths = {view.px(w) for w in (HAND_W, SEAT_W, MID_W, MID_W + 6, 52.0, SMALL_W,
                                       SMALL_W + 8)}
        self.warm = [(c, w) for w in sorted(widths) for c in codes]

    def _card(self, code: str | None, width: int) -> pygame.Surface:
        return card_surface(code, max(width, 8), colorblind=bool(
            self.app.settings.get("colorblind")), lang=self.app.lang,
            back=BACKS.get(self.rules.id, "french"))

    def _refresh(self, events: Sequence[Event]) -> None:
        """Lay the table out again from the viewer's observation (after every change: an
        action, a new viewer, a resize), which the frames then draw until the next change."""
        obs = self.obs = self.match.state.observation(self.viewer)
        self.legal = self._legal_now()
        self.card_moves = self._card_moves()
        lay = Layout(self.match.state.seats, self.viewer, self.rules.direction)
        self.boxes = lay.boxes(obs)
        by_id = {b.id: b for b in self.boxes}
        sources: dict[str, str] = {}
        for e in events:
            src, dst = e.data.get("from"), e.data.get("to")
            if isinstance(src, str) and isinstance(dst, str) and src in by_id:
                sources[dst] = src
        seen: dict[str, int] = {}
        alive = set()
        duration = BASE_TWEEN / self.speed
        fresh = 0
        for box in self.boxes:
            cards: Sequence[str | None] = box.cards
            if box.kind == "hand":  # sorted, read from the right in Persian and Arabic
                cards = sort_hand(cards)[::-1] if self.app.text.rtl else sort_hand(cards)
            for i, (code, (x, y)) in enumerate(zip(cards, box.slots)):
                if code is None:
                    key: Any = (box.id, i)
                else:
                    seen[code] = seen.get(code, 0) + 1
                    key = (code, seen[code])
                alive.add(key)
                sprite = self.sprites.get(key)
                if sprite is None:
                    origin = by_id.get(sources.get(box.id, ""), box)
                    ox, oy = origin.rect.center
                    sprite = Sprite(key, code, float(ox), float(oy), origin.width)
                    sprite.flip = (code is not None and origin is not box and not origin.face_up
                                   and (origin.owner != self.viewer or origin.kind == "deck"))
                    self.sprites[key] = sprite
                    delay = fresh * 0.03 / self.speed if events else 0.0
                    fresh += 1
                else:
                    delay = 0.0
                sprite.code, sprite.zone, sprite.slot, sprite.lifted = code, box.id, i, False
                sprite.move_to(x, y, box.width, duration if events else 0.0, delay)
        for key in [k for k in self.sprites if k not in alive]:
            del self.sprites[key]
        self.selected = None
        for e in events:
            line = self._describe(e)
            if line:
                self.log.append(line)
        self.log = self.log[-60:]
        self._build_buttons()

    def _order(self) -> list[Sprite]:
        order = {b.id: i for i, b in enumerate(self.boxes)}
        rows = {b.id for b in self.boxes if b.kind in ("hand", "palette")}
        on_top = -1 if self.app.text.rtl else 1

        def depth(s: Sprite) -> tuple[bool, int, int]:
            # in a row every card's corner index must show: the card art puts it at the
            # top left in English and at the top right in Persian and Arabic
            return (s is self.drag or s is self.selected, order.get(s.zone, 0),
                    on_top * s.slot if s.zone in rows else s.slot)

        return sorted(self.sprites.values(), key=depth)

    # -- actions -----------------------------------------------------------------------
    def _my_legal(self) -> list[Action]:
        """The viewer's legal actions, as of the last layout."""
        return self.legal

    def _moves(self) -> dict[str, list[tuple[Action, str]]]:
        """Card code -> the legal actions that move it, with their target zones."""
        return self.card_moves

    def _legal_now(self) -> list[Action]:
        seat = self.viewer
        if seat is None or self.covered or self.finished or seat not in self.match.persons:
            return []
        if seat not in self.match.state.to_act():
            return []
        return self.match.state.legal_actions(seat)

    def _card_moves(self) -> dict[str, list[tuple[Action, str]]]:
        out: dict[str, list[tuple[Action, str]]] = {}
        state = self.match.state
        for action in self.legal:
            move = state.move_of(int(self.viewer or 0), action)
            if move:
                out.setdefault(move[0], []).append((action, move[1]))
        return out

    def _build_buttons(self) -> None:
        state = self.match.state
        buttons = [a for a in self._my_legal() if state.move_of(int(self.viewer or 0), a) is None]
        self.buttons = []
        x = 20.0 if self.app.text.rtl else 1100.0
        for i, action in enumerate(buttons[:9]):
            rect = (x, 660.0 - 52 * (len(buttons[:9]) - i), 160.0, 44.0)
            self.buttons.append(Button(rect, self.action_label(action),
                                       functools.partial(self.act, action), size=18))
        self.focus = min(self.focus, max(len(self._focusables()) - 1, 0))

    def action_label(self, action: Action) -> str:
        verb = self.tr(f"act.{action.verb}")
        if not action.arg:
            return verb
        words = [self.card_name(w) for w in action.arg.split()]
        return f"{verb} {' '.join(words)}"

    def term(self, fact: str, code: str) -> str:
        """The game's own word for a fact's code (Tiraje's rule ``G``), in the language."""
        words = self.rules.terms.get(f"{fact}.{code}", {})
        return words.get(self.app.lang) or words.get("en") or code

    def card_name(self, word: str) -> str:
        key = f"suit.{word}" if len(word) == 1 and word in "SHDC" else f"card.{word}"
        return self.tr(key) if self.app.text.has(key) else word

    def act(self, action: Action) -> None:
        """The viewer's action: apply it, or show why not."""
        if self.viewer is None:
            return
        snapshot = self.match.state.to_dict() if self._undoable() else None
        try:
            events = self.match.state.apply(self.viewer, action)
        except IllegalAction as e:
            self.say(str(e))
            self._refresh([])
            return
        if snapshot is not None:
            self.undo_stack = [*self.undo_stack[-19:], snapshot]
        self._after(events)

    def _undoable(self) -> bool:
        """Undo is offered to one person playing against bots, in turn-based games."""
        return len(self.match.persons) == 1 and len(self.match.state.to_act()) <= 1

    def undo(self) -> None:
        """Take back the person's last action: the game returns to just before it."""
        if not self.undo_stack or self.finished:
            self.say(self.tr("table.no_undo"))
            return
        self.pending = None  # a bot's answer to the undone position no longer counts
        self.match.state = registry.restore(self.undo_stack.pop())
        self.app.saves.save_match(self.match.to_dict())
        self._refresh([])

    def hint(self) -> None:
        """Show what the normal bot would do in the person's place, from the person's view."""
        legal = self._my_legal()
        if not legal or self.viewer is None:
            return
        adviser = make_bot("heuristic" if self.rules.id in HEURISTIC else "random",
                           self.rules.id, self.moves)
        action = adviser.choose(self.match.state.observation(self.viewer), legal)
        move = self.match.state.move_of(self.viewer, action)
        items = self._focusables()
        for i, item in enumerate(items):
            if (move and isinstance(item, Sprite) and item.code == move[0]) or (
                    isinstance(item, Button) and item.text == self.action_label(action)):
                self.focus = i
        self.say(self.tr("table.hint", action=self.action_label(action)), refusal=False)

    def _after(self, events: list[Event]) -> None:
        self.moves += 1
        heard = [EVENT_SOUNDS[e.kind] for e in events if e.kind in EVENT_SOUNDS]
        if heard:  # the most telling sound of the action: a win over a card over a deal
            self.sound(min(heard, key=("win", "card", "deal").index))
        self.app.saves.save_match(self.match.to_dict())
        ended = [e for e in events if e.kind in ("hand_end", "round_end")]
        self.bot_ready_at = self.clock + BOT_PAUSE * self.pace
        prev = self.viewer
        self._choose_viewer()
        if prev != self.viewer:
            events = []
        self._refresh(events)
        if self.match.state.is_over() and not self.finished:
            self._finish()
        elif ended:
            from ui.result import HandScene
            self.app.push(HandScene(self.app, self, self._describe(ended[-1]) or ""))

    def _finish(self) -> None:
        self.finished = True
        result = self.match.state.result()
        names = [self.match.name(s) for s in range(self.match.state.seats)]
        self.app.saves.record_result(self.rules.id, names, result,
                                     self.match.config.get("match_id"))
        self.app.saves.clear_match()
        from ui.result import ResultScene
        self.app.push(ResultScene(self.app, self, result))

    def say(self, text: str, refusal: bool = True) -> None:
        """Show a refusal (or, with ``refusal`` False, a hint) over the table for a while."""
        self.message = text
        self.message_until = self.clock + 3.5
        self.refusal = refusal
        if refusal:
            self.sound("no")

    def sound(self, name: str) -> None:
        self.sounds.play(name, bool(self.app.settings.get("sound", True)))

    # -- bots ----------------------------------------------------------------------------
    def _run_bots(self) -> None:
        state = self.match.state
        if state.is_over() or self.covered:
            return
        if self.pending:
            seat, future, before = self.pending
            if not future.done():
                return
            self.pending = None
            if state.phase != before and seat not in state.to_act():
                return
            try:
                events = state.apply(seat, future.result())
            except IllegalAction:  # the game moved on while it thought (real time)
                return
            self._after(events)
            return
        acting = [s for s in state.to_act() if s in self.match.bots]
        if not acting:
            return
        if len(state.to_act()) > 1:
            ready = []
            for seat in acting:
                level = self.match.config["seats"][seat].get("level", "heuristic")
                due = self.react_at.setdefault(
                    seat, self.clock + REACTION.get(level, 0.4) * self.pace
                    * (0.8 + 0.4 * self.rng.random()))
                if self.clock >= due:
                    ready.append(seat)
            if not ready:
                return
            seat = ready[0]
            del self.react_at[seat]
        else:
            if self.clock < self.bot_ready_at or self._animating():
                return
            seat = acting[0]
        obs = state.observation(seat)
        legal = state.legal_actions(seat)
        bot = self.match.bots[seat]
        self.pending = (seat, self.pool.submit(bot.choose, obs, legal), state.phase)

    def _animating(self) -> bool:
        return any(s.moving for s in self.sprites.values())

    # -- frame ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.clock += dt
        for sprite in self.sprites.values():
            if sprite is not self.drag:
                sprite.update(dt)
        self._run_bots()
        start = time.perf_counter()  # draw the game's cards ahead, a little each frame
        while self.warm and time.perf_counter() - start < 0.003:
            self._card(*self.warm.pop())

    def leave(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
        if not self.finished:
            self.app.saves.save_match(self.match.to_dict())

    def back(self) -> None:
        from ui.result import PauseScene
        self.app.push(PauseScene(self.app, self))

    # -- input -----------------------------------------------------------------------------
    def _focusables(self) -> list[Any]:
        moves = self._moves()
        cards = [s for s in self._order() if s.code in moves and s.zone.startswith("hand")]
        return cards + self.buttons

    def handle(self, event: pygame.event.Event) -> None:
        click = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        if self.covered:
            hit = click and self.cover_button and self.cover_button.rect(self.app).collidepoint(
                event.pos)
            if hit or (event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN,
                                                                      pygame.K_SPACE)):
                self._uncover()
            return
        for b in self.buttons:
            if click and b.rect(self.app).collidepoint(event.pos):
                b.activate()
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press(self.app.view.to_virtual(event.pos))
        elif event.type == pygame.MOUSEMOTION and self.drag:
            x, y = self.app.view.to_virtual(event.pos)
            self.drag.x, self.drag.y = x + self.drag_offset[0], y + self.drag_offset[1]
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag:
            self._drop(self.app.view.to_virtual(event.pos))
        elif event.type == pygame.KEYDOWN:
            self._key(event.key)

    def _key(self, key: int) -> None:
        items = self._focusables()
        if key in (pygame.K_l,):
            self.show_log = not self.show_log
        elif key in (pygame.K_u, pygame.K_z):
            self.undo()
        elif key == pygame.K_h:
            self.hint()
        elif key == pygame.K_t:
            self.show_last = not self.show_last
        elif not items:
            return
        elif key in (pygame.K_RIGHT, pygame.K_DOWN):
            self.focus = (self.focus + 1) % len(items)
        elif key in (pygame.K_LEFT, pygame.K_UP):
            self.focus = (self.focus - 1) % len(items)
        elif key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
            item = items[min(self.focus, len(items) - 1)]
            if isinstance(item, Button):
                item.activate()
            else:
                options = self._moves().get(item.code or "", [])
                if options:
                    self.act(options[0][0])

    def _sprite_at(self, pos: tuple[float, float]) -> Sprite | None:
        for sprite in reversed(self._order()):
            if sprite.rect().collidepoint(pos):
                return sprite
        return None

    def _box_at(self, pos: tuple[float, float]) -> ZoneBox | None:
        for box in self.boxes:
            if box.rect.collidepoint(pos):
                return box
        return None

    def _press(self, pos: tuple[float, float]) -> None:
        moves = self._moves()
        sprite = self._sprite_at(pos)
        if self.selected is not None:
            target = self._box_at(pos)
            chosen = self.selected
            self.selected.lifted = False
            self.selected = None
            if target and (sprite is None or sprite.zone != chosen.zone):
                self._play_to(chosen, target.id)
                return
        if sprite is None or sprite.code is None:
            return
        if sprite.code not in moves:
            if sprite.zone == f"hand:{self.viewer}" and self._my_legal():
                self._explain(sprite.code, None)
            return
        self.drag = sprite
        self.drag_from = (sprite.x, sprite.y)
        self.drag_offset = (sprite.x - pos[0], sprite.y - pos[1])

    def _drop(self, pos: tuple[float, float]) -> None:
        sprite, self.drag = self.drag, None
        if sprite is None:
            return
        moved = math.dist((sprite.x, sprite.y), self.drag_from) > 12
        if not moved:  # a click: select it, or play it where it can only go one way
            sprite.x, sprite.y = self.drag_from
            targets = {zone for _, zone in self._moves().get(sprite.code or "", [])}
            if len(targets) == 1:
                self._play_to(sprite, targets.pop())
            else:
                sprite.lifted = True
                self.selected = sprite
            return
        target = self._box_at(pos)
        if target is None:
            self._slide_back(sprite)
            return
        self._play_to(sprite, target.id)

    def _play_to(self, sprite: Sprite, zone: str) -> None:
        for action, target in self._moves().get(sprite.code or "", []):
            if target == zone:
                self.act(action)
                return
        self._explain(sprite.code or "", zone)
        self._slide_back(sprite)

    def _explain(self, code: str, zone: str | None) -> None:
        """Ask the rules why ``code`` may not go to ``zone``: try the same kind of move."""
        state = self.match.state
        for action in self._my_legal():
            move = state.move_of(int(self.viewer or 0), action)
            if move and (zone is None or move[1] == zone) and move[0] in action.arg.split():
                words = [code if w == move[0] else w for w in action.arg.split()]
                try:
                    candidate = self.rules.parse_action(f"{action.verb} {' '.join(words)}")
                    reason = state.why_illegal(int(self.viewer or 0), candidate)
                except IllegalAction as e:
                    reason = str(e)
                if reason:
                    self.say(reason)
                    return
        self.say(self.tr("table.cannot"))

    def _slide_back(self, sprite: Sprite) -> None:
        sprite.move_to(*self.drag_from, sprite.w, BASE_TWEEN / self.speed)

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, screen: pygame.Surface) -> None:
        view = self.app.view
        pygame.draw.ellipse(screen, (16, 70, 46), view.rect(110, 60, 1060, 520))
        pygame.draw.ellipse(screen, (30, 96, 64), view.rect(110, 60, 1060, 520), view.px(3) or 1)
        if self.covered:
            self._draw_cover(screen)
            return
        held = self.drag or self.selected
        targets = {zone for _, zone in self._moves().get(held.code or "", [])} if held else set()
        for box in self.boxes:
            if box.id in targets:
                pygame.draw.rect(screen, GOLD, view.rect(*box.rect), view.px(3) or 1,
                                 border_radius=view.px(10))
            elif not box.cards and box.kind in ("canvas", "palette", "stack"):
                pygame.draw.rect(screen, (40, 110, 76), view.rect(*box.rect), 1,
                                 border_radius=view.px(10))
        self._draw_seats(screen)
        focus_items = self._focusables()
        focused = focus_items[self.focus] if focus_items and self.focus < len(focus_items) \
            else None
        for sprite in self._order():
            r = sprite.rect()
            width = max(view.px(sprite.w), 8)
            if sprite.moving:  # scale the card it will be rather than draw every width
                turning = sprite.flip and sprite.t < 1
                face = None if turning and sprite.t < 0.5 else sprite.code
                surf = self._card(face, view.px(sprite.end[2]))
                height = round(surf.get_height() * width / surf.get_width())
                if turning:
                    squeeze = max(abs(1 - 2 * sprite.t), 0.04)
                    surf = pygame.transform.smoothscale(surf, (max(round(width * squeeze), 1),
                                                               height))
                elif surf.get_width() != width:
                    surf = pygame.transform.smoothscale(surf, (width, height))
            else:
                surf = self._card(sprite.code, width)
            left, top = view.pt(r.x, r.y)
            pos = (left + (width - surf.get_width()) // 2, top)  # a turning card stays centred
            shadow = pygame.Rect(pos[0] + 2, pos[1] + 3, surf.get_width(), surf.get_height())
            pygame.draw.rect(screen, (5, 25, 16), shadow, border_radius=view.px(6))
            screen.blit(surf, pos)
            if sprite is focused or sprite is self.selected:
                pygame.draw.rect(screen, GOLD, (pos, surf.get_size()), 2,
                                 border_radius=view.px(6))
        for b in self.buttons:
            b.draw(screen, self.app, b is focused)
        self._draw_info(screen)
        if self.clock < self.message_until and self.message:
            self._draw_note(screen, self.message)
        if self.show_log:
            self._draw_log(screen)
        if self.show_last:
            self._draw_last(screen)

    def _text(self, screen: pygame.Surface, text: str, x: float, y: float, size: float,
              color: Any = WHITE, anchor: str = "center", bold: bool = False,
              width: float | None = None) -> pygame.Rect:
        view = self.app.view
        surf = self.app.text.render(text, self._size(size), color,
                                    view.px(width) if width else None, bold=bold)
        px, py = view.pt(x, y)
        rect = surf.get_rect()
        setattr(rect, anchor, (px, py))
        screen.blit(surf, rect)
        return rect

    def _draw_seats(self, screen: pygame.Surface) -> None:
        view = self.app.view
        state = self.match.state
        lay = Layout(state.seats, self.viewer, self.rules.direction)
        obs_facts = self._facts()
        acting = set(state.to_act())
        for seat in range(state.seats):
            x, y = lay.anchor(seat)
            y = 704.0 if seat == self.viewer else y + SEAT_W * CARD_RATIO / 2 + 16
            label = self.match.name(seat)
            chair = self.match.config["seats"][seat]
            if chair["kind"] == "bot":
                label += f" ({self.tr('level.' + chair.get('level', 'heuristic'))})"
            marks = []
            if obs_facts.get("hakem") == seat:
                marks.append(self.tr("table.hakem"))
            if seat in obs_facts.get("out_seats", []):
                marks.append(self.tr("table.out"))
            score = self._seat_score(obs_facts, seat)
            if score is not None:
                marks.append(score)
            if marks:
                label += " · " + " · ".join(marks)
            color = GOLD if seat in acting else WHITE
            rect = self._text(screen, label, x, y, 17, color, bold=seat in acting)
            if seat in acting:
                pygame.draw.rect(screen, GOLD, rect.inflate(view.px(14), view.px(4)), 1,
                                 border_radius=view.px(8))

    def _facts(self) -> dict[str, Any]:
        facts = {k: v for k, v in self.obs.items() if k != "zones"}
        out = facts.get("out") or facts.get("eliminated") or []
        facts["out_seats"] = out if isinstance(out, list) else []
        return facts

    def _info_lines(self) -> list[str]:
        """The public facts a player wants at a glance, for the games this table knows."""
        f = self._facts()
        lines = [self.rules.name(self.app.lang)]
        if f.get("trump"):
            lines.append(f"{self.tr('table.trump')}: {self.card_name(f['trump'])}")
        if "tricks" in f and isinstance(f["tricks"], list):
            a, b = f["tricks"]
            lines.append(self.tr("table.tricks", a=a, b=b, me=self.team_label(0),
                                 them=self.team_label(1)))
        if "hand_points" in f:
            a, b = f["hand_points"]
            lines.append(self.tr("table.hands", a=a, b=b))
            s0, s1 = f["sets"]
            lines.append(self.tr("table.sets", a=s0, b=s1))
        rule = f.get("rule")
        if isinstance(rule, str):
            lines.append(f"{self.tr('table.rule')}: {self.term('rule', rule)}")
        winning = f.get("winning")
        if isinstance(winning, int) and not isinstance(winning, bool):
            lines.append(self.tr("table.winning", name=self.match.name(winning)))
        deck_count = f.get("deck_count")
        if isinstance(deck_count, int):
            lines.append(self.tr("table.deck", n=deck_count))
        return lines

    def _seat_score(self, facts: dict[str, Any], seat: int) -> str | None:
        """A seat's own running score, shown beside its name: money, or banked points."""
        money = facts.get("money")
        if isinstance(money, list):
            return self.tr("table.money_of", n=money[seat])
        banked, totals = facts.get("banked"), facts.get("totals")
        if isinstance(banked, list):
            earlier = totals[seat] if isinstance(totals, list) else 0
            return self.tr("table.points_of", n=banked[seat] + earlier)
        return None

    def team_label(self, team: int) -> str:
        return self.tr("table.and").join(
            self.match.name(s) for s in range(team, self.match.state.seats, 2))

    def _draw_info(self, screen: pygame.Surface) -> None:
        """The game's public facts in the top corner (the right one in Persian and Arabic)."""
        view = self.app.view
        rtl = self.app.text.rtl
        images = [self.app.text.render(line, self._size(18 if i == 0 else 16),
                                       GOLD if i == 0 else WHITE, bold=i == 0)
                  for i, line in enumerate(self._info_lines())]
        pad = view.px(10) or 1
        width = max(img.get_width() for img in images) + 2 * pad
        height = sum(img.get_height() for img in images) + 2 * pad
        left = view.pt(1270 if rtl else 10, 8)[0] - (width if rtl else 0)
        top = view.pt(0, 8)[1]
        panel = pygame.Surface((width, height), pygame.SRCALPHA)
        panel.fill(PANEL)
        screen.blit(panel, (left, top))
        y = top + pad
        for img in images:
            screen.blit(img, (left + width - pad - img.get_width() if rtl else left + pad, y))
            y += img.get_height()
        self._text(screen, self.tr("table.keys"), 1270.0 if not rtl else 10.0, 712, 13, DIM,
                   "bottomright" if not rtl else "bottomleft")

    def _size(self, size: float) -> int:
        """A text size in screen pixels, never below what a small window can still show."""
        return max(self.app.view.px(size), MIN_TEXT_PX)

    def _draw_note(self, screen: pygame.Surface, text: str) -> None:
        view = self.app.view
        surf = self.app.text.render(text, self._size(19), WHITE, view.px(620), align="center")
        rect = surf.get_rect(center=view.pt(640, 175))
        pygame.draw.rect(screen, (70, 20, 20) if self.refusal else (20, 50, 90),
                         rect.inflate(view.px(24), view.px(14)), border_radius=view.px(10))
        screen.blit(surf, rect)

    def _draw_log(self, screen: pygame.Surface) -> None:
        view = self.app.view
        rtl = self.app.text.rtl
        x = 10.0 if rtl else 900.0
        panel = pygame.Surface((view.px(370), view.px(440)), pygame.SRCALPHA)
        panel.fill(PANEL)
        screen.blit(panel, view.pt(x, 130))
        self._text(screen, self.tr("table.log"), x + 185, 148, 17, GOLD, bold=True)
        for i, line in enumerate(self.log[-16:]):
            self._text(screen, line, x + (360 if rtl else 10), 178 + 24 * i, 14, WHITE,
                       "midright" if rtl else "midleft")

    def _draw_last(self, screen: pygame.Surface) -> None:
        view = self.app.view
        last = self._facts().get("last_trick") or []
        panel = pygame.Surface((view.px(420), view.px(200)), pygame.SRCALPHA)
        panel.fill(PANEL)
        screen.blit(panel, view.pt(430, 380))
        self._text(screen, self.tr("table.last_trick"), 640, 398, 16, GOLD, bold=True)
        if not last:
            self._text(screen, self.tr("table.none"), 640, 470, 15)
        for i, code in enumerate(last):
            surf = self._card(code, view.px(70))
            screen.blit(surf, view.pt(470 + i * 90, 418))

    def _draw_cover(self, screen: pygame.Surface) -> None:
        view = self.app.view
        screen.fill((10, 30, 22), view.rect(0, 0, *VIRTUAL))
        name = self.match.name(self.viewer or 0)
        self._text(screen, self.tr("table.pass_to", name=name), 640, 300, 30, GOLD, bold=True)
        self._text(screen, self.tr("table.pass_hint"), 640, 350, 18, DIM)
        if self.cover_button:
            self.cover_button.draw(screen, self.app, True)

    # -- the log ----------------------------------------------------------------------------
    def _describe(self, e: Event) -> str | None:
        """A log line for a public event (a player's own private deal is not logged)."""
        if e.to is not None:
            return None
        who = self.match.name(e.seat) if e.seat is not None else ""
        key = f"log.{e.kind}"
        if not self.app.text.has(key):
            return None
        data = {k: (self.card_name(v) if isinstance(v, str) else v) for k, v in e.data.items()}
        if "team" in data and isinstance(data["team"], int):
            data["team"] = self.team_label(data["team"])
        try:
            return self.tr(key, who=who, **data)
        except (KeyError, IndexError):
            return self.tr(key + "_short", who=who) if self.app.text.has(key + "_short") \
                else None
