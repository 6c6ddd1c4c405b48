"""The table scene: wires the match, the layout, the sprites, the bots, the controls and the
overlays together, and turns input into actions. Nothing here decides a rule."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from game.bots import HEURISTIC, searched
from game.bots import make as make_bot
from game.core import Action, Event, IllegalAction
from game.shapes import Observation, TableConfig
from ui.app import App, Scene
from ui.cardart import swatch
from ui.games import game_default
from ui.games.speech import Seen
from ui.lessons import LESSONS, Guide
from ui.looks import card_face
from ui.sound import EVENT_SOUNDS, sounds
from ui.table import overlays, paint, seating, status
from ui.table.bots import HintWorker
from ui.table.controls import Controls, card_patterns, card_sets
from ui.table.layout import Layout, ZoneBox, held_trick, sort_hand
from ui.table.match import Invite, Match, MatchView
from ui.table.pointer import Pointer
from ui.table.sprites import Sprite, place, stacking
from ui.table.words import TableWords
from ui.widgets import Button, Dialog

PHRASE_SHOWN = 4.0
"""Seconds a quick phrase stays beside its seat."""
FLASH = 2.5
"""Seconds a revealed partner's name pulses."""
TRICK_HOLD = 1.1
"""Seconds a finished trick stays on the table before it is taken, at bot pace 1."""
AHEAD_BUDGET = 0.004
"""Seconds of a frame's update that drawing ahead may fill."""
SPOKEN = frozenset({"trick", "claim", "set_end", "match_end", "game_end", "game_over"})
"""The events whose log line is read aloud besides the status line (with each game's
`Rules.deal_ends`): who took a trick or claimed the rest, and the scores a deal, a set or the
match ends with."""
LESSON_DONE = 8.0
"""Seconds the table says a lesson's guided part is over."""
FORCED_PAUSE = 1.0
"""Seconds (at bot pace 1) a person's only legal card stays lifted before the table plays it
(the setting ``forced_card``), so that they see it go."""


class TableScene(Scene):
    """Plays one match: ``config`` (`game.shapes.TableConfig`) started here, or ``match``
    played elsewhere."""

    grounded = True  # the felt covers the view (`paint.draw_felt`)

    def __init__(self, app: App, config: TableConfig, match: MatchView | None = None
                 ) -> None:
        super().__init__(app)
        self.match: MatchView = match or Match.start(config)
        self.match.keep(app.saves)
        self.rules = self.match.rules
        self.obs: Observation | None = None
        self.words = TableWords(app, self.rules, self.match.seats, self.match.persons,
                                self.match.name, self.facts)
        self.sprites: dict[Any, Sprite] = {}
        self.boxes: list[ZoneBox] = []
        self.buttons: list[Button] = []
        self.controls = Controls(app, self)
        self.picked: list[str] = []
        """Cards of the viewer's hand lifted for a card pattern (``pass ?3``)."""
        self.told_lost = False
        """Whether the player was told the match is lost (`MatchView.lost`)."""
        self.phrasing = False
        """Whether the quick phrases stand open to choose one (`toggle_phrases`)."""
        self.inviting: Invite | None = None
        """How friends join, shown large while they are awaited (`MatchView.invite`)."""
        self.log: list[str] = []
        self.log_lang = app.lang
        """The language the log is written in."""
        self.message = ""
        self.message_until = 0.0
        self.refusal = True
        self.clock = 0.0
        self.viewer: int | None = None
        self.looking: int | None = None
        self.shown: int | None = None
        self.covered = False
        self.cover_button = overlays.cover_button(app, self.uncover)
        self.pointer = Pointer(self)
        self.show_log = False
        self.show_last = False
        self.hints = HintWorker(self.match.config.get("seed", 0))
        self.ahead: list[tuple[str, Callable[[], object]]] = []
        """What to draw ahead on quiet frames, last first: (kind, job), kinds ``back``, ``face``
        (cards into the card cache) and ``text`` (a font and its glyphs)."""
        self.ahead_cost: dict[str, float] = {}
        """The last time a job of each kind took, in seconds."""
        self.laid_out = False
        """The table was laid out since the last frame's drawing ahead."""
        self.legal: list[Action] = []
        self.decision: tuple[int, tuple[Action, ...]] = (-1, ())
        """The moves made and the viewer's legal actions when the focus last went to a
        decision's default."""
        self.choosing = False
        """Whether the viewer chooses cards of the hand now (`picking`), as of the last layout."""
        self.card_moves: dict[str, list[tuple[Action, str]]] = {}
        self.sounds = sounds()
        self.name_rect: pygame.Rect | None = None
        """Where the viewer's name was last drawn (the screen's pixels)."""
        self.flash: tuple[int, float] = (-1, 0.0)
        """A seat whose name pulses until a time (a secret partner just revealed)."""
        self.hold_until = 0.0
        """While the clock is below it, a finished trick lies on the table to be read."""
        self.spoken = ""
        """The status line last read aloud (`ui.voice`)."""
        self.held: tuple[list[Event], Event | None] = ([], None)
        """What comes when the hold ends: the events that take the trick, and whether the
        hand ended with it."""
        self.own_order: list[str] = []
        """The viewer's hand in the order they dragged its cards into, this deal (reading
        order; `ui.table.layout.sort_hand`): empty until they drag one."""
        self.forced: tuple[Action, float] | None = None
        """The viewer's only legal card, and when the table plays it (`FORCED_PAUSE`)."""
        self.claimable = False
        """Whether the viewer may claim the rest of the hand now (`game.claim.offered`)."""
        lesson = self.match.config.get("lesson")
        self.guide = Guide(LESSONS[lesson]) if lesson in LESSONS else None
        """The lesson this table plays (`ui.lessons`), if it plays one."""
        self.lesson_over = False
        """Whether the table has said that the lesson's guided part is over."""
        self._choose_viewer()
        self._log(self.match.history)
        self._refresh(self.match.history)

    @classmethod
    def resume(cls, app: App, saved: dict[str, Any]) -> TableScene:
        """The table going on with a saved match: played here, or hosted by this machine for
        players elsewhere (`ui.table.remote.rehost`)."""
        if "hosted" in saved:
            from ui.table.remote import rehost  # the network's modules, only when hosting

            hosted = rehost(saved)
            return cls(app, hosted.config, hosted)
        match = Match.resume(saved)
        return cls(app, match.config, match)

    # -- settings ----------------------------------------------------------------------
    @property
    def speed(self) -> float:
        return float(self.app.settings.get("anim_speed", 1.0)) or 1.0

    @property
    def pace(self) -> float:
        return float(self.app.settings.get("bot_pace", 1.0))

    def _choose_viewer(self) -> None:
        """Face the table to the seat `seating.choose` says, after every change."""
        self.viewer, self.looking, self.covered = seating.choose(
            self.match.persons, self.match.to_act(), self.rules.realtime,
            seating.Eyes(self.viewer, self.looking, self.covered), self.shown)

    def uncover(self) -> None:
        self.covered = False
        self.looking = self.shown = self.viewer
        self._refresh([])

    # -- layout and sprites ----------------------------------------------------------------
    def layout(self) -> None:
        """Lay the table out again (a resize, a new language); after a change of language the
        log is written again in it, so that the status line (its last line) reads in it too."""
        self.cover_button = overlays.cover_button(self.app, self.uncover)  # words may change
        if self.log_lang != self.app.lang:
            self.log, self.log_lang = [], self.app.lang
            self._log(self.match.history)
        self._refresh([])
        self.ahead = paint.ahead_jobs(self.app, self.rules.back, self.match.cards)

    def card(self, code: str | None, width: int) -> pygame.Surface:
        """A card's face (its back for None) ``width`` px wide, in the looks chosen."""
        return card_face(self.app, self.rules.back, code, width)

    def swatch(self, code: str, width: int) -> pygame.Surface | None:
        """The tile of the suit or colour ``code`` (`ui.cardart.swatch`), None if none."""
        return swatch(code, max(width, 8), back=self.rules.back,
                      colorblind=bool(self.app.settings.get("colorblind")))

    def _refresh(self, events: Sequence[Event], seen: Observation | None = None) -> None:
        """Lay the table out again from the observation of `looking` (after every change: an
        action, a new viewer, a resize), or from ``seen`` (a trick held on the table), which
        the frames then draw until the next change.

        When the eyes changed, the cards whose faces that turned stay where they lie, and the
        note (which may name a card of the other view) goes."""
        match = self.match
        obs = seen or match.observation(self.looking)
        turned: set[str] = set()
        if self.obs is not None and self.obs["seat"] != self.looking:
            before = match.observation(self.obs["seat"])["zones"]
            turned = {z["id"] for z, was in zip(obs["zones"], before) if z["cards"] != was["cards"]}
            self.message_until = 0.0
        self.obs = obs
        self.legal = self._legal_now()
        self.card_moves = self._card_moves()
        lay = Layout(self.match.seats, self.viewer, self.rules.direction)
        self.boxes = lay.boxes(obs)
        self.laid_out = True
        place(self.sprites, self.boxes, events, self.looking, self.app.text.rtl, self.speed,
              turned, self.arrange)
        self.pointer.selected = None
        hand = f"hand:{self.viewer}"
        mine = {sp.code: sp for sp in self.sprites.values() if sp.zone == hand and sp.code}
        self.choosing = bool(card_patterns(self.legal)) or bool(card_sets(self.legal, mine))
        self.picked = [c for c in self.picked if c in mine] if self.choosing else []
        for code in self.picked:
            mine[code].lifted = True
        guided = self.guide is not None and not self.guide.over()
        self.claimable = bool(self.legal) and not guided \
            and self.match.claimable(int(self.viewer or 0))
        self._force()
        self.build_buttons()

    def arrange(self, box: ZoneBox) -> Sequence[str | None]:
        """A hand's cards in reading order: as the setting ``hand_order`` sorts them, the
        viewer's own in the order they dragged them into this deal first."""
        return sort_hand(box.cards, str(self.app.settings.get("hand_order", "suit")),
                         self.facts().get("trump"), self.own_order if box.owner == self.viewer
                         and box.id == f"hand:{self.viewer}" else ())

    def reorder(self, sprite: Sprite, x: float) -> None:
        """The viewer dragged ``sprite``, a card of their hand, to ``x`` within the hand: it
        takes the place nearest there, and the hand keeps that order for the rest of the deal."""
        hand = f"hand:{self.viewer}"
        box = next(b for b in self.boxes if b.id == hand)
        shown = [s for s in sorted(self.sprites.values(), key=lambda s: s.slot)
                 if s.zone == hand and s is not sprite]
        at = min(range(len(box.slots)), key=lambda i: abs(box.slots[i][0] - x))
        codes = [s.code or "" for s in shown]
        codes.insert(at, sprite.code or "")
        self.own_order = codes[::-1] if self.app.text.rtl else codes
        self._refresh([])

    def _force(self) -> None:
        """Lift the viewer's only legal card where the setting ``forced_card`` plays it for
        them (a card to play, in a game of tricks: never a bid, a pass or a call), and set when
        (`update` plays it then); forget it otherwise."""
        legal = self.legal
        only = legal[0] if len(legal) == 1 and self.viewer is not None else None
        if only is None or not self.app.settings.get("forced_card", True) \
                or (self.guide is not None and not self.guide.over()) \
                or not any(b.kind == "trick" for b in self.boxes) \
                or self.match.move_of(int(self.viewer or 0), only) is None:
            self.forced = None
            return
        if self.forced is None or self.forced[0] != only:
            self.forced = (only, self.clock + FORCED_PAUSE * self.pace)
        card = self.match.move_of(int(self.viewer or 0), only) or ("", "")
        for sprite in self.sprites.values():
            if sprite.code == card[0] and sprite.zone == f"hand:{self.viewer}":
                sprite.lifted = True

    def claim(self) -> None:
        """The viewer claims the rest of the hand: it ends at once if the claim holds in every
        deal they cannot tell from the real one; else the table says so and play goes on."""
        if self.viewer is None:
            return
        events = self.match.claim(self.viewer)
        if events is None:
            self.say(self.words.tr("table.claim_refused"))
            self._refresh([])
            return
        self._after(events)

    def _log(self, events: Sequence[Event]) -> None:
        """Write the events' public lines in the log."""
        for e in events:
            line = self.words.describe(e)
            if line:
                self.log.append(line)

    def order(self) -> list[Sprite]:
        return stacking(self.sprites, self.boxes, self.app.text.rtl,
                        (self.pointer.drag, self.pointer.selected))

    # -- actions -----------------------------------------------------------------------
    def my_legal(self) -> list[Action]:
        """The viewer's legal actions, as of the last layout."""
        return self.legal

    def moves(self) -> dict[str, list[tuple[Action, str]]]:
        """Card code -> the legal actions that move it, with their target zones."""
        return self.card_moves

    def _legal_now(self) -> list[Action]:
        seat = self.viewer
        if seat is None or seat != self.looking or self.covered or self.match.finished \
                or self.hold_until or seat not in self.match.persons:
            return []
        if seat not in self.match.to_act():
            return []
        legal = self.match.legal_actions(seat)
        return self.guide.offered(legal) if self.guide else legal

    def taught(self) -> Action | None:
        """The action the lesson teaches the viewer now, if a lesson's step is due."""
        if self.guide is None or self.viewer is None or not self.legal:
            return None
        return self.guide.taught()

    def _card_moves(self) -> dict[str, list[tuple[Action, str]]]:
        out: dict[str, list[tuple[Action, str]]] = {}
        match = self.match
        for action in self.legal:
            move = match.move_of(int(self.viewer or 0), action)
            if move:
                out.setdefault(move[0], []).append((action, move[1]))
        return out

    def build_buttons(self) -> None:
        """The controls for the viewer's actions that move no card. On a new decision the focus
        (what Enter presses) goes to its default: the game's (`ui.games.game_default`: 21's
        card below 17, stand from 17), else the button that takes a number chosen with − and
        + (a stake, a bid), never the − or the + themselves."""
        match = self.match
        buttons = [a for a in self.my_legal() if match.move_of(int(self.viewer or 0), a) is None]
        self.buttons = self.controls.buttons(buttons, self.picked,
                                             self.claim if self.claimable else None)
        if self.inviting is not None:
            self.buttons += overlays.invite_buttons(
                self.app, self.inviting, self.words.name, self.copy_invite)
        talk = self.match.talk()
        if talk is not None and self.viewer is not None:
            self.buttons.append(overlays.say_button(self.app, self.toggle_phrases))
            if self.phrasing:
                self.buttons += overlays.phrase_buttons(self.app, talk.phrases, self.say_phrase)
        items = self.focusables()
        self.pointer.focus = min(self.pointer.focus, max(len(items) - 1, 0))
        decision = (self.match.moves, tuple(self.legal))  # after any action, a new decision
        if decision != self.decision:
            self.decision = decision
            action = game_default(self.rules.id, self.seen())
            keys = [str(action)] if action is not None else []
            keys += [b.key for b in self.buttons if b.key.startswith("take:")]
            first = next((i for key in keys for i, item in enumerate(items)
                          if isinstance(item, Button) and item.key == key), None)
            if first is not None:
                self.pointer.focus = first

    def toggle_phrases(self) -> None:
        """Open the quick phrases, or close them."""
        self.phrasing = not self.phrasing
        self.build_buttons()

    def say_phrase(self, phrase: str) -> None:
        """Say ``phrase`` to the table (it comes back to every seat, this one's too)."""
        talk = self.match.talk()
        if talk is not None:
            talk.say(phrase)
        self.phrasing = False
        self.build_buttons()

    def clocks(self) -> list[float | None]:
        """Per seat, the share of its turn's time left where its clock runs, else None."""
        shares: list[float | None] = []
        for seat in range(self.match.seats):
            running = self.match.clock_of(seat)
            shares.append(None if running is None else running[0] / max(running[1], 0.001))
        return shares

    def heard(self) -> list[tuple[int, str]]:
        """The quick phrases to show now, a seat's latest for `PHRASE_SHOWN` seconds: every
        seat's, or with the ``mute_phrases`` setting only this screen's own."""
        talk = self.match.talk()
        if talk is None:
            return []
        now, muted = time.monotonic(), bool(self.app.settings.get("mute_phrases"))
        latest = {seat: phrase for seat, phrase, when in talk.said
                  if now - when < PHRASE_SHOWN and (not muted or seat == self.viewer)}
        return sorted(latest.items())

    def picking(self) -> bool:
        """Whether the viewer is choosing cards of the hand: for a card pattern (``pass ?3``),
        or for an action of several of its cards (Rim's melds: `card_sets`). Read every frame,
        so found once a layout (`choosing`)."""
        return self.choosing

    def hand_cards(self) -> set[str]:
        """The cards of the viewer's hand on the table."""
        hand = f"hand:{self.viewer}"
        return {s.code for s in self.sprites.values() if s.zone == hand and s.code}

    def toggle_pick(self, sprite: Sprite) -> None:
        """Lift a card of the hand for the pattern, or put it back."""
        code = sprite.code or ""
        if code in self.picked:
            self.picked.remove(code)
        else:
            self.picked.append(code)
        sprite.lifted = code in self.picked
        self.build_buttons()

    def lift_only(self, codes: Sequence[str]) -> None:
        """Lift exactly ``codes`` of the hand as the cards chosen (a hint's meld, a card aimed
        at a seat), every other card down."""
        self.picked = list(codes)
        hand = f"hand:{self.viewer}"
        for sprite in self.sprites.values():
            sprite.lifted = sprite.zone == hand and sprite.code in self.picked
        self.build_buttons()

    def copy_invite(self, seat: int | None = None) -> None:
        """Put on the clipboard, to paste into a message, the table code and the address (for
        friends on the network), or ``seat``'s code (a friend over the internet)."""
        invite = self.inviting
        if invite is None:
            return
        codes = {f.seat: f.code for f in invite.friends if f.code is not None}
        if seat is not None and seat not in codes:
            return
        try:
            pygame.scrap.put_text(f"{invite.code} {invite.address}" if seat is None
                                  else codes[seat])
        except pygame.error:  # no clipboard here: the codes stay on the screen
            self.say(self.words.tr("table.invite_no_copy"))
            return
        self.say(self.words.tr("table.invite_copied") if seat is None
                 else self.words.tr("invite.copied", name=self.words.name(seat)), refusal=False)

    def act(self, action: Action) -> None:
        """The viewer's action: apply it, or show why not."""
        if self.viewer is None:
            return
        if not self.refusal:
            self.message_until = 0.0  # a hint is done with once the person acts
        taught = self.taught()
        if self.guide is not None and taught is not None and self.guide.refuses(action):
            self.teach(taught)
            self._refresh([])
            return
        try:
            events = self.match.act(self.viewer, action)
        except IllegalAction as e:
            self.say(self.words.reason(e.reason))
            self._refresh([])
            return
        if self.guide is not None and taught is not None:
            self.guide.advance()
        self.picked = []
        self._after(events)

    def undo(self) -> None:
        """Take back the person's last action: the game returns to just before it, and the log
        forgets what never happened."""
        if not self.match.undo():
            sealed = self.match.undo_sealed and not self.match.finished
            self.say(self.words.tr(f"table.no_undo.{self.match.undo_sealed}" if sealed
                                   else "table.no_undo"))
            return
        self.log = []
        self._log(self.match.history)
        self._refresh([])

    def hint(self) -> None:
        """Show what the hard bot would do in the person's place, from the person's view: it
        searches in a process of its own (`HintWorker`) while the table goes on, and a note
        says so; where no bot searches (real time, Bluff) the normal bot answers at once."""
        legal = self.my_legal()
        if not legal or self.viewer is None:
            return
        taught = self.taught()
        if taught is not None:  # a lesson's step: the hint is what it teaches
            self._show_hint(taught)
            return
        obs = self.match.observation(self.viewer)
        if self.hints.ask(self.rules.id, self.match.moves, obs, legal):
            self.say(self.words.tr("table.thinking"), refusal=False)
            return
        if not searched(self.rules.id):
            adviser = make_bot("heuristic" if self.rules.id in HEURISTIC else "random",
                               self.rules.id, self.match.moves)
            self._show_hint(adviser.choose(obs, legal))

    def _show_hint(self, action: Action) -> None:
        """Point at ``action`` (its card or its button) and say it."""
        if self.viewer is None:
            return
        move = self.match.move_of(self.viewer, action)
        key = str(action)
        if action.verb in card_sets(self.my_legal(), self.hand_cards()):
            self.lift_only(action.arg.split())  # its cards lifted, its button ready
            key = f"set:{action.verb}"
        items = self.focusables()
        for i, item in enumerate(items):
            if (move and isinstance(item, Sprite) and item.code == move[0]) or (
                    isinstance(item, Button) and (item.key == key or
                                                  item.text == self.words.action_label(action))):
                self.pointer.focus = i
        self.say(self.words.tr("table.hint", action=self.words.action_label(action)), refusal=False)

    def _after(self, events: list[Event]) -> None:
        """Show what an action did (the match has applied and saved it): its sound, its log
        lines, a partner revealed, the viewer it leaves, a trick held a moment on the table,
        and the scene between hands or the result."""
        heard = [EVENT_SOUNDS[e.kind] for e in events if e.kind in EVENT_SOUNDS]
        if heard:  # the most telling sound of the action: a win over a card over a deal
            self.sound(min(heard, key=("win", "card", "deal").index))
        ended = next((e for e in reversed(events) if e.kind in self.rules.deal_ends), None)
        if ended is not None:
            self.own_order = []  # a player's own order is kept for the deal
        self._log(events)
        for e in events:
            if e.kind in SPOKEN or e.kind in self.rules.deal_ends:
                self.app.speak(self.words.describe(e) or "", "event")
        for e in events:
            if e.kind == "partner" and e.seat is not None:  # a secret partner shows itself
                self.flash = (e.seat, self.clock + FLASH)
                self.say(self.words.tr("table.revealed", name=self.words.name(e.seat)),
                         refusal=False)
        self.match.pause(self.clock, self.pace)
        if self.guide is not None and not self.lesson_over and self.guide.over():
            self.lesson_over = True
            self.say(self.words.tr(f"lesson.{self.rules.id}.done"), refusal=False)
            self.message_until = self.clock + LESSON_DONE
        prev = self.viewer
        self._choose_viewer()
        if prev != self.viewer:
            events = []
        held = held_trick(self.match.observation(self.looking), events)
        if held is not None:
            self.hold_until = self.clock + TRICK_HOLD * self.pace
            self.match.pause(self.hold_until, self.pace)
            self.held = ([e for e in events if e.data.get("from") == "trick"], ended)
            self._refresh(events, held)
            return
        self._refresh(events)
        self._settle(ended)

    def _settle(self, ended: Event | None) -> None:
        """After an action is shown: the result at the end of the match, or the hand's end
        (``ended``, its event)."""
        if self.match.finished:
            self.app.push(self.app.open("result", self, self.match.result()))
        elif ended is not None:
            self.app.push(self.app.open("hand", self, self.words.describe(ended) or ""))

    def say(self, text: str, refusal: bool = True) -> None:
        """Show a refusal (or, with ``refusal`` False, a hint) over the table for a while."""
        self.message = text
        self.message_until = self.clock + 3.5
        self.refusal = refusal
        if refusal:
            self.sound("no")

    def sound(self, name: str) -> None:
        self.sounds.play(name, bool(self.app.settings.get("sound", True)))

    def _animating(self) -> bool:
        return any(s.moving for s in self.sprites.values())

    # -- frame ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        start = time.perf_counter()
        self.clock += dt
        lost = self.match.lost()
        if lost is not None and not self.told_lost:  # said once; OK goes back to the menu
            self.told_lost = True
            tr = self.words.tr
            self.app.push(Dialog(self.app, tr("net.lost_title"), tr("net.lost", why=lost),
                                 [(tr("common.ok"), self.app.home)], escape=0))
        if self.match.invite() != self.inviting:  # a friend came (or the invite began)
            self.inviting = self.match.invite()
            self.build_buttons()
        for sprite in self.sprites.values():
            if sprite is not self.pointer.drag:
                sprite.update(dt)
        if self.hold_until and self.clock >= self.hold_until:
            self.hold_until = 0.0
            (taking, ended), self.held = self.held, ([], None)
            self._refresh(taking)
            self._settle(ended)
        if self.forced is not None and self.clock >= self.forced[1] and not self._animating() \
                and self.my_legal() == [self.forced[0]]:
            self.act(self.forced[0])
        if not self.match.is_over() and not self.covered and not self.hold_until:
            events = self.match.poll(self.clock, self.pace, self._animating)
            if events is not None:
                self._after(events)
            elif self.controls.running and not self._animating():
                self._step_on()
        advice = self.hints.answer(self.match.moves)
        if advice is not None and advice in self.my_legal():
            self._show_hint(advice)
        if self.app.settings.get("speech"):
            self._speak_status()
        self._draw_ahead(start)

    def _speak_status(self) -> None:
        """Read the status line aloud when it changed (the cover's words while the table is
        covered)."""
        line = self.app.text.tr("table.pass_to", name=self.words.name(self.viewer or 0)) \
            if self.covered else self.status()
        if line != self.spoken:
            self.spoken = line
            self.app.speak(line)

    def read_focus(self) -> None:
        """Read aloud what the keys now point at: a card by its name, a button by its words."""
        item = self.pointer.focused()
        if isinstance(item, Sprite) and item.code:
            self.app.speak(self.words.card_name(item.code), "focus")
        elif isinstance(item, Button):
            self.app.speak(item.text, "focus")

    def run_through(self) -> None:
        """Start (or stop) running through the layout's steps (`Rules.step_verb`)."""
        self.controls.running = not self.controls.running
        self.build_buttons()

    def _step_on(self) -> None:
        """One more step of a run-through, once the last one's cards have come to rest; the
        run stops where stepping is no longer the viewer's move."""
        step = next((a for a in self.my_legal() if a.verb == self.rules.step_verb), None)
        if step is None:
            self.controls.running = False
            self.build_buttons()
            return
        self.act(step)

    def _draw_ahead(self, start: float) -> None:
        """Draw the game's cards and the coming scenes' fonts ahead, so that what is seen for
        the first time costs no frame: only on a frame that laid nothing out (an action, a new
        viewer, the first frame: such a frame renders text and new cards already), and only
        what fits in `AHEAD_BUDGET` from ``start`` by the last cost of its kind, or one job (a
        kind not yet timed may cost anything, so it goes only first in a frame)."""
        idle, self.laid_out = not self.laid_out, False
        done = 0
        while idle and self.ahead:
            kind, job = self.ahead[-1]
            began = time.perf_counter()
            if done and began - start + self.ahead_cost.get(kind, AHEAD_BUDGET) > AHEAD_BUDGET:
                return
            job()
            self.ahead_cost[kind] = time.perf_counter() - began
            self.ahead.pop()
            done += 1

    def leave(self) -> None:
        """The table closes: the bots stop, and the match is on disk when this returns."""
        self.hints.shutdown()
        self.match.close()

    def back(self) -> None:
        """Esc: stop typing, or close the log or the last trick if one is open, else the pause
        menu."""
        if self.controls.typing is not None:
            self.controls.typing = None
            pygame.key.stop_text_input()
            self.build_buttons()
            return
        if self.show_log or self.show_last:
            self.show_log = self.show_last = False
            return
        self.app.push(self.app.open("pause", self))

    # -- input -----------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        self.pointer.handle(event)

    def focusables(self) -> list[Any]:
        moves = self.moves()
        picking = self.picking()
        hand = f"hand:{self.viewer}"
        cards = [s for s in self.order() if s.zone.startswith("hand")
                 and (s.code in moves or (picking and s.zone == hand and s.code))]
        return cards + [b for b in self.buttons if b.enabled]

    def explain(self, code: str, zone: str | None) -> None:
        """Say why ``code`` may not go to ``zone`` (`Match.why_not`), or, in a lesson's step,
        what the step teaches."""
        taught = self.taught()
        if taught is not None:
            self.teach(taught)
            return
        reason = self.match.why_not(int(self.viewer or 0), code, zone)
        self.say(self.words.reason(reason) if reason else self.words.tr("table.cannot"))

    def draw(self, screen: pygame.Surface) -> None:
        """The frame; each part's words shown as its role (`ui.text.Text`): ``seat`` (names,
        counts, phrases), ``button``, ``status``, ``panel``, ``keys``, ``invite``, ``note``,
        ``log``, ``last_trick``, or ``cover`` over it all."""
        held = self.pointer.drag or self.pointer.selected
        targets = {zone for _, zone in self.moves().get(held.code or "", [])} if held else set()
        paint.draw_felt(self.app, screen, [] if self.covered else self.boxes, targets)
        if self.covered:
            overlays.draw_cover(self.app, screen, self.words.name(self.viewer or 0),
                                self.cover_button)
            return
        seats = self.match.seats
        acting = set(self.match.to_act())
        facts = self.facts()
        chairs = self.match.config["seats"]
        labels = [paint.SeatLabel(self.words.seat_label(facts, seat, chairs[seat]), seat in acting,
                                  self.words.level(facts, seat),
                                  self.flash[0] == seat and self.clock < self.flash[1])
                  for seat in range(seats)]
        controls = [b.rect(self.app) for b in self.buttons]
        names = paint.draw_seats(self.app, screen, Layout(seats, self.viewer, self.rules.direction),
                                 self.boxes, labels, self.clock, self.clocks(), controls)
        for seat, phrase in self.heard():
            overlays.draw_phrase(self.app, screen, names[seat], self.words.tr(f"phrase.{phrase}"))
        self.name_rect = names[self.viewer] if self.viewer is not None else None
        dimmed = self.dimmed_hand()
        focused = self.pointer.focused()
        lit = [s for s in self.sprites.values() if s.code in self.controls.lit]  # a set chosen
        paint.draw_cards(self.app, screen, self.order(), self.card, dimmed, self.moves(),
                         (focused, self.pointer.selected, *lit))
        per_trick = 0  # cards in a trick (a seat each, less one sitting out); none without
        if any(box.id == "trick" for box in self.boxes):
            per_trick = seats - (facts.get("sitting_out") is not None)
        counts = paint.draw_won_counts(self.app, screen, self.boxes, per_trick)
        for b in self.buttons:
            if not b.key.startswith("invite"):  # drawn with the invitation, over the panel
                b.draw(screen, self.app, b is focused, "button")
        band = status.draw_status(self.app, screen, self.status(), seats, status.in_the_way(
            self.boxes, seats, self.viewer), self.name_rect, [*counts, *names, *controls])
        noting = self.clock < self.message_until and bool(self.message)
        note = [overlays.placed_note(self.app, self.message, band)[2]] if noting else []
        status.draw_panel(self.app, screen, [*self.words.info_lines(self.seen()),
                                             *self.match.notes(self.words.tr,
                                                               self.words.name)], seats,
                          self.boxes, [*names, *counts, *controls, *([band] if band else []),
                                       *note])
        paint.draw_keys(self.app, screen, self.words.keys_line(not self.match.config.get("net")))
        if self.inviting is not None:  # over the panel, as the log is
            overlays.draw_invite(self.app, screen, self.inviting, self.words.name)
            for b in self.buttons:
                if b.key.startswith("invite"):
                    b.draw(screen, self.app, b is focused, "button")
        if noting:
            overlays.draw_note(self.app, screen, self.message, self.refusal, band)
        if self.show_log:
            overlays.draw_log(self.app, screen, self.log)
        if self.show_last:
            plays, taker = self.match.tricks.last(facts.get("last_trick") or [])
            overlays.draw_last(self.app, screen, plays, taker, self.words.name, self.card)

    def dimmed_hand(self) -> str | None:
        """The zone whose unplayable cards are dimmed: on the viewer's turn, its hand, where
        some card of it can be played (in 21 none is played: its hand is never dimmed)."""
        hand = f"hand:{self.viewer}"
        moves = self.moves()
        playable = any(s.zone == hand and s.code in moves for s in self.sprites.values())
        return hand if self.legal and playable and not self.picking() else None

    def facts(self) -> Observation:
        """The looking seat's observation as the table last laid it out: its facts are what
        the table's words read (`game.shapes.TableFacts`)."""
        return self.obs if self.obs is not None else self.match.observation(self.looking)

    def seen(self) -> Seen[Observation]:
        """The table as the looking seat sees it, for the game's words (`ui.games`)."""
        zones = {z["id"]: list(z["cards"]) for z in self.facts()["zones"]}
        return Seen(self.facts(), zones, self.looking, list(self.match.to_act()),
                    self.legal, self.words.name, self.words.card_name, self.words.action_label,
                    self.words.team_label, list(self.picked))

    def teach(self, taught: Action) -> None:
        """Say that the lesson's step is ``taught``, another move being refused."""
        self.say(self.words.tr("lesson.only", action=self.words.action_label(taught)))

    def status(self) -> str:
        """The status line's sentence now (`ui.table.status`): in a lesson's step, its
        explanation (`ui.lessons`)."""
        if self.guide is not None and self.taught() is not None:
            return self.words.tr(self.guide.words())
        return status.status_line(self.rules.id, self.seen(), self.words.tr,
                                  self.log[-1] if self.log else "", bool(self.hold_until),
                                  self.match.is_over())
