"""The mouse and the keys at the table: drag a card to a zone (legal targets light up), or
click it and then a target (a second click plays it where it can go one way only); in a card pattern
a click lifts a card; a card dragged onto a seat names that seat; a card of one's own hand dragged
to another place in the hand goes there (the player's own order, for the deal). Keys: arrows move
the focus (left and right the way they point, in every language), Enter and Space play or press, U
undoes, H hints, L the log, T the last trick; with the table read aloud, an arrow reads the card or
button it reaches. An illegal drop slides back and the table says why. The pointer
decides nothing: it hands the table the action meant (`Table`)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Protocol

import pygame

from game.core import Action, Rules
from ui.app import App
from ui.table import overlays
from ui.table.controls import Controls, card_patterns
from ui.table.layout import ZoneBox
from ui.table.sprites import BASE_TWEEN, Sprite
from ui.widgets import Button, TextField


class Table(Protocol):
    """What the pointer needs of the table scene."""

    app: App
    rules: Rules
    sprites: dict[Any, Sprite]
    boxes: list[ZoneBox]
    buttons: list[Button]
    controls: Controls
    viewer: int | None
    picked: list[str]
    covered: bool
    cover_button: Button
    show_log: bool
    show_last: bool

    @property
    def speed(self) -> float: ...
    def order(self) -> list[Sprite]: ...
    def moves(self) -> dict[str, list[tuple[Action, str]]]: ...
    def my_legal(self) -> list[Action]: ...
    def focusables(self) -> list[Any]: ...
    def picking(self) -> bool: ...
    def toggle_pick(self, sprite: Sprite) -> None: ...
    def lift_only(self, codes: Sequence[str]) -> None: ...
    def act(self, action: Action) -> None: ...
    def explain(self, code: str, zone: str | None) -> None: ...
    def build_buttons(self) -> None: ...
    def reorder(self, sprite: Sprite, x: float) -> None: ...
    def uncover(self) -> None: ...
    def undo(self) -> None: ...
    def hint(self) -> None: ...
    def read_focus(self) -> None: ...


class Pointer:
    """The table's input: what is being dragged or was clicked, and which item has the focus
    (`Table.focusables`: the cards that can move, then the buttons)."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.drag: Sprite | None = None
        self.drag_offset = (0.0, 0.0)
        self.drag_from = (0.0, 0.0)
        self.selected: Sprite | None = None
        self.focus = 0

    def focused(self) -> Any | None:
        """The card or button that has the focus, if any."""
        items = self.table.focusables()
        return items[self.focus] if self.focus < len(items) else None

    def handle(self, event: pygame.event.Event) -> None:
        click = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        typing = next((b for b in self.table.buttons
                       if isinstance(b, TextField) and b.editing), None)
        if typing is not None and not click and event.type in (pygame.KEYDOWN,
                                                                pygame.TEXTINPUT):
            typing.type(event)  # every key goes to the box while it takes them
            if not typing.editing:  # Enter ended the typing
                self.table.controls.typing = None
                self.table.build_buttons()
            return
        if self.table.covered:
            hit = click and self.table.cover_button.rect(self.table.app).collidepoint(event.pos)
            if hit or (event.type == pygame.KEYDOWN and event.key in overlays.READY_KEYS):
                self.table.uncover()
            return
        for b in self.table.buttons:
            if click and b.rect(self.table.app).collidepoint(event.pos):
                b.activate()
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.press(self.table.app.view.to_virtual(event.pos))
        elif event.type == pygame.MOUSEMOTION and self.drag:
            x, y = self.table.app.view.to_virtual(event.pos)
            self.drag.x, self.drag.y = x + self.drag_offset[0], y + self.drag_offset[1]
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag:
            self.drop(self.table.app.view.to_virtual(event.pos))
        elif event.type == pygame.KEYDOWN:
            self.key(event.key)

    def key(self, key: int) -> None:
        items = self.table.focusables()
        if key in (pygame.K_l,):
            self.table.show_log = not self.table.show_log
        elif key in (pygame.K_u, pygame.K_z):
            self.table.undo()
        elif key == pygame.K_h:
            self.table.hint()
        elif key == pygame.K_t:
            self.table.show_last = not self.table.show_last
        elif not items:
            return
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_DOWN, pygame.K_UP):
            if key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.focus = self.beside(items, 1 if key == pygame.K_RIGHT else -1)
            else:
                self.focus = (self.focus + (1 if key == pygame.K_DOWN else -1)) % len(items)
            self.table.read_focus()
        elif key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
            item = items[min(self.focus, len(items) - 1)]
            if isinstance(item, Button):
                item.activate()
            else:
                options = self.table.moves().get(item.code or "", [])
                picking = self.table.picking()
                if options and not (picking and key == pygame.K_SPACE):
                    self.table.act(options[0][0])  # Enter plays a card that may also be lifted
                elif picking:
                    self.table.toggle_pick(item)

    def beside(self, items: list[Any], step: int) -> int:
        """The item next to the focused one on the screen, to the right (``step`` 1) or the
        left (-1), among the cards or among the buttons; at the end of a row it stays, so that
        an arrow always moves the way it points, in every language."""
        current = items[min(self.focus, len(items) - 1)]
        row = [i for i, item in enumerate(items) if isinstance(item, Sprite)
               == isinstance(current, Sprite)]

        def x(i: int) -> float:
            item = items[i]
            return item.x if isinstance(item, Sprite) else float(item.rect(self.table.app).centerx)

        row.sort(key=x)
        at = row.index(min(self.focus, len(items) - 1))
        return row[max(0, min(len(row) - 1, at + step))]

    def sprite_at(self, pos: tuple[float, float]) -> Sprite | None:
        for sprite in reversed(self.table.order()):
            if sprite.rect().collidepoint(pos):
                return sprite
        return None

    def box_at(self, pos: tuple[float, float], card: str | None = None) -> ZoneBox | None:
        """The zone under ``pos``; where zones overlap, one that ``card`` may go to first."""
        under = [box for box in self.table.boxes if box.rect.collidepoint(pos)]
        targets = {zone for _, zone in self.table.moves().get(card or "", [])}
        return next((b for b in under if b.id in targets), under[0] if under else None)

    def press(self, pos: tuple[float, float]) -> None:
        moves = self.table.moves()
        sprite = self.sprite_at(pos)
        if self.selected is not None:
            chosen = self.selected
            if sprite is chosen:  # the second click plays it, where it can go one way only
                targets = {zone for _, zone in moves.get(chosen.code or "", [])}
                if len(targets) == 1:
                    chosen.lifted, self.selected = False, None
                    self.play_to(chosen, targets.pop())
                return
            target = self.box_at(pos, chosen.code)
            chosen.lifted, self.selected = False, None
            if target and (sprite is None or sprite.zone != chosen.zone):
                self.play_to(chosen, target.id)
                return
        if sprite is None or sprite.code is None:
            return
        hand = f"hand:{self.table.viewer}"
        if sprite.code not in moves and self.table.picking() and sprite.zone == hand:
            if not self.aims():
                self.table.toggle_pick(sprite)
                return
            moves = {sprite.code: []}  # it may be dragged onto a seat (`aim`)
        if sprite.code not in moves and sprite.zone != hand:
            return
        self.drag = sprite
        self.drag_from = (sprite.x, sprite.y)
        self.drag_offset = (sprite.x - pos[0], sprite.y - pos[1])

    def drop(self, pos: tuple[float, float]) -> None:
        sprite, self.drag = self.drag, None
        if sprite is None:
            return
        moved = math.dist((sprite.x, sprite.y), self.drag_from) > 12
        hand = f"hand:{self.table.viewer}"
        movable = sprite.code in self.table.moves()
        if not moved:  # a click selects it: a second click, or a click on a target, plays it
            sprite.x, sprite.y = self.drag_from
            if self.table.picking() and sprite.zone == hand:
                self.table.toggle_pick(sprite)  # choosing cards for a pattern: a click chooses
                return
            if not movable:  # a card that cannot go anywhere now: the table says why
                if self.table.my_legal():
                    self.table.explain(sprite.code or "", None)
                return
            sprite.lifted = True
            self.selected = sprite
            return
        target = self.box_at(pos, sprite.code)
        if sprite.zone == hand and target is not None and target.id == hand:
            self.table.reorder(sprite, pos[0])  # moved within the hand: the player's own order
            return
        if not movable and self.aims():
            self.aim(sprite, pos)
            return
        if target is None or not movable:
            self.slide_back(sprite)
            if target is not None and self.table.my_legal() and not self.table.picking():
                self.table.explain(sprite.code or "", target.id)
            return
        self.play_to(sprite, target.id)

    def aims(self) -> dict[str, str]:
        """The seats the viewer's card patterns may name (`Rules.seat_words`): seat word ->
        verb; empty where no pattern names a seat."""
        return {a.arg.split()[self.table.rules.seat_words[a.verb]]: a.verb
                for a in card_patterns(self.table.my_legal())
                if a.verb in self.table.rules.seat_words}

    def aim(self, sprite: Sprite, pos: tuple[float, float]) -> None:
        """A card of the hand dragged onto another seat's place (or onto the table, for
        everyone): it alone is chosen, and the seat chooser names that seat."""
        choices = self.aims()
        box = self.box_at(pos)
        seat = box.owner if box is not None and box.kind == "hand" else None
        word = str(seat) if seat is not None and seat != self.table.viewer else "all"
        self.slide_back(sprite)
        if word not in choices:
            return
        self.table.lift_only([sprite.code or ""])
        self.table.controls.choose_word(choices[word], word)

    def play_to(self, sprite: Sprite, zone: str) -> None:
        for action, target in self.table.moves().get(sprite.code or "", []):
            if target == zone:
                self.table.act(action)
                return
        self.table.explain(sprite.code or "", zone)
        self.slide_back(sprite)

    def slide_back(self, sprite: Sprite) -> None:
        sprite.move_to(*self.drag_from, sprite.w, BASE_TWEEN / self.table.speed)
