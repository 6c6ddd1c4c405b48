"""Buttons, a text field, a keyboard-navigable button group and a dialog overlay.

Widgets keep their rects in VIRTUAL coordinates (see `ui.app.View`) and draw at screen
resolution through ``app.view``. Scenes lay out left to right and call `mirror` on every x so
that Persian and Arabic read from the right: the first item sits at the right.

Keyboard: the arrows move the focus to the nearest button in that direction (so a mirrored
layout navigates as it looks), Enter or Space activates it; a mouse click activates the button
it was pressed and released on. Hovering moves the focus, so mouse and keys agree. With the table
read aloud (`App.speak`), a button the arrows reach is read (`Button.spoken`).
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

import pygame

from ui.app import VIRTUAL, Scene
from ui.text import TEXT, font, render

if TYPE_CHECKING:
    from ui.app import App

INK = (245, 238, 220)
DIM = (170, 190, 175)
GOLD = (222, 184, 96)
FACE = (28, 84, 60)
FACE_HOVER = (40, 112, 80)
FACE_OFF = (30, 52, 42)
PRIMARY = (214, 170, 78)
PRIMARY_INK = (32, 24, 10)
PANEL = (8, 30, 20, 215)
BUTTON_TEXT = 26
"""A `Button`'s text size unless it says another."""

_ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1),
           pygame.K_DOWN: (0, 1)}
_ACTIVATE = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


def mirror(app: App, x: float, w: float = 0) -> float:
    """The x of a box of width ``w`` laid out at ``x``, flipped for a right-to-left language."""
    return VIRTUAL[0] - x - w if app.text.rtl else x


def label(screen: pygame.Surface, app: App, text: str, box: Sequence[float], size: float,
          color: Any = INK, align: str | None = None, bold: bool = False,
          wrap: bool = False, note: bool = True, role: str = TEXT) -> pygame.Rect:
    """``text`` drawn in the virtual ``box`` (x, y, w, h), vertically centred, aligned by
    language unless ``align`` says otherwise; wrapped to the box's width if ``wrap``, shown as
    ``role`` (`Text.render`). The screen rect it covers (as far as the screen's clip lets it
    show), noted (`Text.note`) unless ``note`` is False (a control's own label: the control
    is noted)."""
    area = app.view.rect(*box)
    image = app.text.render(text, app.view.px(size), color, area.w if wrap else None, align,
                            bold, role)
    align = align or ("right" if app.text.rtl else "left")
    x = {"left": area.x, "right": area.right - image.get_width()}.get(
        align, area.centerx - image.get_width() // 2)
    drawn = screen.blit(image, (x, area.centery - image.get_height() // 2))
    if note:
        app.text.note(drawn, text, role)
    return drawn


def text_height(app: App, text: str, size: float, width: float) -> float:
    """How tall ``text`` is drawn at ``size`` wrapped to ``width`` (virtual px), in virtual px
    at the window's scale (text is drawn at whole pixel sizes)."""
    return app.text.size(text, app.view.px(size), app.view.px(width))[1] / app.view.scale


def panel(screen: pygame.Surface, app: App, box: Sequence[float], color: Any = PANEL,
          radius: float = 16) -> None:
    """A translucent rounded panel over the virtual ``box``."""
    area = app.view.rect(*box)
    layer = pygame.Surface(area.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, color, layer.get_rect(), border_radius=app.view.px(radius))
    screen.blit(layer, area)


def back_button(app: App, scene: Scene) -> Button:
    """The Back button every scene has in its bottom corner (Esc does the same)."""
    return Button((mirror(app, 60, 220), 630, 220, 60), app.text.tr("common.back"), scene.back,
                  key="back")


def setter(values: dict[str, str], name: str) -> Callable[[str], None]:
    """What a form's text field calls as it is typed in: ``values[name]``, trimmed."""
    def set_value(value: str) -> None:
        values[name] = value.strip()
    return set_value


def veil(screen: pygame.Surface, alpha: int) -> None:
    """Darken what lies below an overlay."""
    layer = pygame.Surface(screen.get_size(), pygame.SRCALPHA)
    layer.fill((0, 0, 0, alpha))
    screen.blit(layer, (0, 0))


class Button:
    """A clickable box with a label (and an optional second, smaller line). With a ``clip``
    (a virtual box: the room of a `ScrollArea`), only what lies inside it is drawn or clicked."""

    kind = "button"
    """What control it is to `Text.note` (``screenshot --rects``)."""

    def __init__(self, box: Sequence[float], text: str, action: Callable[[], None], *,
                 size: float = BUTTON_TEXT, sub: str = "", primary: bool = False,
                 enabled: bool = True, key: str = "", spoken: str = "",
                 latin: bool = False) -> None:
        self.box = tuple(box)
        self.text = text
        self.latin = latin
        """Its text is an address or a code: drawn as typed, left to right, its digits Latin,
        in every language (`latin_label`)."""
        self.action = action
        self.size = size
        self.sub = sub
        self.primary = primary
        self.enabled = enabled
        self.key = key
        """Names the button across layouts, so the focus stays on it when a scene rebuilds."""
        self.spoken = spoken or (f"{text}: {sub}" if sub else text)
        """What the table reads aloud when the keys reach it (`App.speak`)."""
        self.clip: tuple[float, ...] | None = None

    def rect(self, app: App) -> pygame.Rect:
        return app.view.rect(*self.box)

    def shown(self, app: App) -> pygame.Rect:
        """The screen rect of what shows of it: all of it, or the part inside its ``clip``."""
        area = self.rect(app)
        return area if self.clip is None else area.clip(app.view.rect(*self.clip))

    def activate(self) -> None:
        if self.enabled:
            self.action()

    def draw(self, screen: pygame.Surface, app: App, focused: bool, role: str = TEXT) -> None:
        """Paint it (inside its ``clip``), its words shown as ``role``, the part of the scene
        it stands in (`Text.render`), and note it as its `kind` (`Text.note`), label and
        second line."""
        shown = self.shown(app)
        if not shown.w or not shown.h:
            return
        before = screen.get_clip()
        if self.clip is not None:
            screen.set_clip(shown.clip(before))
        self.paint(screen, app, focused, role)
        screen.set_clip(before)
        app.text.note(shown.clip(before), "\n".join(t for t in (self.text, self.sub) if t),
                      self.kind)

    def paint(self, screen: pygame.Surface, app: App, focused: bool, role: str) -> None:
        area = self.rect(app)
        face = PRIMARY if self.primary else FACE_HOVER if focused else FACE
        ink = PRIMARY_INK if self.primary else INK
        if not self.enabled:
            face, ink = FACE_OFF, DIM
        radius = app.view.px(12)
        pygame.draw.rect(screen, face, area, border_radius=radius)
        if focused:
            pygame.draw.rect(screen, GOLD, area, max(2, app.view.px(3)), border_radius=radius)
        self.draw_label(screen, app, ink, role)

    def draw_label(self, screen: pygame.Surface, app: App, ink: Any, role: str = TEXT
                   ) -> None:
        """The label centred, shown as ``role``, each line made smaller where it would run past
        the button's rounded sides (an option's long value, a long word in another language)."""
        x, y, w, h = self.box
        room = w - 2 * LABEL_PAD
        if self.latin:
            latin_label(screen, app, self.text, (x + LABEL_PAD, y, room, h), self.size, ink,
                        "center")
        elif self.sub:
            label(screen, app, self.text, (x, y + 4, w, h * 0.58),
                  fitting(app, self.text, self.size, room, True), ink, "center", bold=True,
                  note=False, role=role)
            label(screen, app, self.sub, (x, y + h * 0.56, w, h * 0.4),
                  fitting(app, self.sub, self.size * 0.62, room), ink, "center", note=False,
                  role=role)
        else:
            size = fitting(app, self.text, self.size, room, self.primary)
            lines = two_lines(app, self.text, self.size, room, h, self.primary) \
                if size < SHRINK_TO * self.size else 0.0
            if lines > size:  # two lines read larger than one
                label(screen, app, self.text, (x + LABEL_PAD, y, room, h), lines, ink, "center",
                      bold=self.primary, wrap=True, note=False, role=role)
            else:
                label(screen, app, self.text, self.box, size, ink, "center", bold=self.primary,
                      note=False, role=role)


def stepper(app: App, box: Sequence[float], values: Sequence[int], value: int,
            on_change: Callable[[int], None], *, size: float = 22,
            key: str = "") -> list[Button]:
    """A number control: ``−``, the value, ``+``, moving through ``values`` (ascending).

    The minus button sits on the reading start's side (left in English, right in Persian) and
    each end stops rather than wraps. Returns three buttons to add to a `Buttons` row."""
    x, y, w, h = box
    i = values.index(value) if value in values else 0
    side = min(h, w / 4)
    lower, higher = (x, x + w - side) if not app.text.rtl else (x + w - side, x)
    return [
        Button((lower, y, side, h), "−", lambda: on_change(values[max(0, i - 1)]), size=size,
               enabled=i > 0, key=f"{key}-"),
        Button((x + side + 4, y, w - 2 * side - 8, h), app.text.digits(str(values[i])),
               lambda: None, size=size, enabled=False, key=f"{key}="),
        Button((higher, y, side, h), "+",
               lambda: on_change(values[min(len(values) - 1, i + 1)]), size=size,
               enabled=i < len(values) - 1, key=f"{key}+"),
    ]


class TextField(Button):
    """A one-line text box: click or Enter to type, Enter or Esc or a click elsewhere ends.

    A caret marks where typing goes (``caret``, an index into the logical text). The arrows
    move it the way they point: in text written right to left (any Persian or Arabic letter
    in it) the right arrow goes back towards the text's start; Home and End go to the start
    and the end; Backspace deletes before it and Delete after it; Ctrl+V (Cmd+V) pastes the
    clipboard's first line there. Persian and Arabic stay joined around it (`with_caret`) and
    read right to left."""

    def __init__(self, box: Sequence[float], value: str, on_change: Callable[[str], None], *,
                 size: float = 24, limit: int = 20, key: str = "", caret: int | None = None,
                 latin: bool = False) -> None:
        super().__init__(box, value, self.start, size=size, key=key, latin=latin)
        self.on_change = on_change
        self.limit = limit
        self.editing = False
        self.caret = len(value) if caret is None else max(0, min(caret, len(value)))

    def start(self) -> None:
        self.editing = True
        pygame.key.start_text_input()

    def stop(self) -> None:
        self.editing = False
        pygame.key.stop_text_input()

    def type(self, event: pygame.event.Event) -> bool:
        """Feed an event while editing; True if it was used. ``on_change`` hears of every
        change, of the text or of the caret."""
        text, at = self.text, self.caret
        if event.type == pygame.TEXTINPUT:
            added = event.text[: max(0, self.limit - len(text))]
            self.text, self.caret = text[:at] + added + text[at:], at + len(added)
        elif event.type != pygame.KEYDOWN:
            return False
        elif event.key == pygame.K_BACKSPACE:
            if at:
                self.text, self.caret = text[:at - 1] + text[at:], at - 1
        elif event.key == pygame.K_DELETE:
            self.text = text[:at] + text[at + 1:]
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            onward = (event.key == pygame.K_RIGHT) != written_rtl(text)
            self.caret = max(0, min(len(text), at + (1 if onward else -1)))
        elif event.key in (pygame.K_HOME, pygame.K_END):
            self.caret = 0 if event.key == pygame.K_HOME else len(text)
        elif event.key == pygame.K_v and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            added = clipboard_line()[: max(0, self.limit - len(text))]
            self.text, self.caret = text[:at] + added + text[at:], at + len(added)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
            self.stop()
            return True
        else:
            return False
        self.on_change(self.text)
        return True

    kind = "field"

    def paint(self, screen: pygame.Surface, app: App, focused: bool, role: str) -> None:
        area = self.rect(app)
        radius = app.view.px(8)
        pygame.draw.rect(screen, (238, 232, 214), area, border_radius=radius)
        edge = GOLD if focused or self.editing else (120, 140, 125)
        pygame.draw.rect(screen, edge, area, max(2, app.view.px(3 if self.editing else 2)),
                         border_radius=radius)
        text = with_caret(self.text, self.caret) if self.editing else self.text
        if text and not written_rtl(text):  # Latin text keeps its order in a Persian field
            text = f"\u2068{text}\u2069"
        x, y, w, h = self.box
        if not self.latin:
            label(screen, app, text, (x + 10, y, w - 20, h), self.size, (30, 30, 30), note=False,
                  role=role)
            return
        latin_label(screen, app, text, (x + 10, y, w - 20, h), self.size, (30, 30, 30), "left")


def clipboard_line() -> str:
    """The clipboard's text up to its first line break, trimmed ("" where there is none, or no
    clipboard)."""
    try:
        text = pygame.scrap.get_text()
    except pygame.error:
        return ""
    return (text.splitlines() or [""])[0].strip()


def latin_label(screen: pygame.Surface, app: App, text: str, box: Sequence[float],
                size: float, color: Any, align: str) -> pygame.Rect:
    """An address or a code drawn as typed in the virtual ``box``: left to right, its digits
    Latin, in every language; smaller where it would run past the box's width; ``align``
    "left" or "center". Not noted (its control is)."""
    area = app.view.rect(*box)
    image = render(text, "en", app.view.px(size), color)
    if image.get_width() > area.w:
        image = render(text, "en", max(1, app.view.px(size) * area.w // image.get_width()),
                       color)
    x = area.x if align == "left" else area.centerx - image.get_width() // 2
    return screen.blit(image, (x, area.centery - image.get_height() // 2))


def _arabic_letter(ch: str) -> bool:
    """A letter of the Arabic script (Persian's too): not a digit, a mark or a sign."""
    return unicodedata.bidirectional(ch) == "AL" and unicodedata.category(ch) == "Lo"


NOT_JOINING_ONWARD = frozenset("اآأإٱدذرزژوؤءةۀ")
"""Letters that never join the letter after them."""


def written_rtl(text: str) -> bool:
    """Whether ``text`` reads right to left: it has a right-to-left letter (Persian, Arabic)."""
    return any(unicodedata.bidirectional(ch) in ("R", "AL") for ch in text)


def with_caret(text: str, at: int) -> str:
    """``text`` with a caret (``|``) at index ``at``; between two letters that join, the
    caret is held by zero-width joiners so that both keep their joined forms."""
    before, after = text[at - 1:at], text[at:at + 1]
    joined = bool(before) and bool(after) and _arabic_letter(before) \
        and before not in NOT_JOINING_ONWARD and _arabic_letter(after)
    return text[:at] + ("\u200d|\u200d" if joined else "|") + text[at:]


@dataclass(frozen=True)
class Words:
    """A text a scene draws in a virtual ``box``, as `label` draws it."""

    box: tuple[float, float, float, float]
    text: str
    size: float
    color: Any = INK
    align: str | None = None
    bold: bool = False
    wrap: bool = False

    def draw(self, screen: pygame.Surface, app: App, role: str = TEXT) -> pygame.Rect:
        """Drawn, and shown as ``role`` (`label`)."""
        return label(screen, app, self.text, self.box, self.size, self.color, self.align,
                     self.bold, self.wrap, role=role)


@dataclass
class Row:
    """One row of a `ScrollArea`: its height and what it holds, laid out with the row's top at
    y 0 (and at the x they keep)."""

    height: float
    words: list[Words] = field(default_factory=list)
    buttons: list[Button] = field(default_factory=list)


SCROLL_STEP = 62.0
"""How far one notch of the wheel scrolls (virtual px): a row of the setup."""
DRAG_START = 8.0
"""How far (virtual px) a press must move before it drags the rows rather than clicks."""
BAR_W = 6.0
"""The scroll bar's width (virtual px), just outside the area on its reading end's side."""


class ScrollArea:
    """A column of `Row` s in the virtual ``box``. Rows that do not fit are reached by scrolling:
    the wheel over the area, dragging its rows or its bar, Page Up and Page Down while the focus
    is in it, and the focus moved onto a row out of sight (`reveal`). What lies outside the box
    is neither drawn nor clicked (each button's ``clip``). `handle` and `reveal` say when the
    rows moved: the scene then lays them out again (`place`)."""

    def __init__(self, box: Sequence[float], gap: float = 12.0) -> None:
        x, y, w, h = box
        self.box = (float(x), float(y), float(w), float(h))
        self.gap = gap
        self.offset = 0.0
        """How far the rows are scrolled (virtual px)."""
        self.content = 0.0
        """The rows' whole height (virtual px)."""
        self.pointer: tuple[int, int] | None = None
        """Where the mouse last moved (screen px): the wheel scrolls the area under it."""
        self._grab: tuple[float, float, float] | None = None
        """A press in the area: its y, the offset then, and how far the rows move per pixel
        (-1 dragging the rows, the rows' height over the room dragging the bar)."""
        self.dragging = False

    @property
    def room(self) -> float:
        """How far the rows can scroll."""
        return max(0.0, self.content - self.box[3])

    def place(self, rows: Sequence[Row]) -> tuple[list[Words], list[Button]]:
        """The ``rows`` stacked down from the area's top, scrolled: their words and their
        buttons (moved, and clipped to the area), in virtual px."""
        self.content = sum(r.height for r in rows) + self.gap * max(len(rows) - 1, 0)
        self.offset = min(max(self.offset, 0.0), self.room)
        words: list[Words] = []
        buttons: list[Button] = []
        y = self.box[1] - self.offset
        for row in rows:
            for w in row.words:
                bx, by, bw, bh = w.box
                words.append(replace(w, box=(bx, by + y, bw, bh)))
            for b in row.buttons:
                bx, by, bw, bh = b.box
                b.box = (bx, by + y, bw, bh)
                b.clip = self.box
                buttons.append(b)
            y += row.height + self.gap
        return words, buttons

    def inside(self, app: App, pos: tuple[int, int]) -> bool:
        """Whether the screen point ``pos`` is over the area or its bar."""
        x, y, w, h = self.box
        return app.view.rect(x - BAR_W * 2, y, w + BAR_W * 4, h).collidepoint(pos)

    def scroll(self, by: float) -> bool:
        """Scroll by ``by`` virtual px (down the rows when positive); whether they moved."""
        offset = min(max(self.offset + by, 0.0), self.room)
        moved, self.offset = offset != self.offset, offset
        return moved

    def reveal(self, box: Sequence[float]) -> bool:
        """Scroll as little as brings the virtual ``box`` (a button laid out in the area) into
        sight; whether the rows moved."""
        top, bottom = box[1] - self.box[1], box[1] + box[3] - self.box[1] - self.box[3]
        return self.scroll(top if top < 0 else max(bottom, 0.0) if bottom > 0 else 0.0)

    def bar(self, app: App) -> tuple[float, float, float, float] | None:
        """The scroll bar's thumb (virtual box) beside the area's reading end, None when every
        row fits."""
        if self.room <= 0:
            return None
        x, y, w, h = self.box
        size = max(h * h / self.content, 30.0)
        top = y + (h - size) * self.offset / self.room
        return (x - 2 * BAR_W if app.text.rtl else x + w + BAR_W, top, BAR_W, size)

    def handle(self, app: App, event: pygame.event.Event) -> bool:
        """Scroll by the wheel over the area, or by a press in it that moves (`DRAG_START`):
        whether the event was the area's (a drag's release is: it clicks nothing). A press is
        not the area's: the button under it may be clicked."""
        if event.type == pygame.MOUSEWHEEL:
            return self.inside(app, self.pointer or pygame.mouse.get_pos()) and \
                self.scroll(-event.y * SCROLL_STEP)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.room > 0 \
                and self.inside(app, event.pos):
            thumb = self.bar(app)
            on_bar = thumb is not None and app.view.rect(*thumb).inflate(
                app.view.px(BAR_W * 2), 0).collidepoint(event.pos)
            rate = self.content / self.box[3] if on_bar else -1.0
            self._grab = (app.view.to_virtual(event.pos)[1], self.offset, rate)
            self.dragging = on_bar
            return on_bar
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        if event.type == pygame.MOUSEMOTION and self._grab is not None:
            y0, offset, rate = self._grab
            moved = app.view.to_virtual(event.pos)[1] - y0
            if not event.buttons[0]:
                self._grab, self.dragging = None, False
                return False
            self.dragging = self.dragging or abs(moved) >= DRAG_START
            if self.dragging:
                self.offset = min(max(offset + moved * rate, 0.0), self.room)
            return self.dragging
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._grab is not None:
            dragged, self._grab, self.dragging = self.dragging, None, False
            return dragged
        return False

    def draw(self, screen: pygame.Surface, app: App, words: Sequence[Words],
             role: str = TEXT) -> None:
        """The area's ``words`` (as `place` gave them, shown as ``role``) inside it, and its
        bar."""
        before = screen.get_clip()
        screen.set_clip(app.view.rect(*self.box).clip(before))
        for w in words:
            w.draw(screen, app, role)
        screen.set_clip(before)
        thumb = self.bar(app)
        if thumb is not None:
            pygame.draw.rect(screen, GOLD if self.dragging else DIM, app.view.rect(*thumb),
                             border_radius=app.view.px(BAR_W / 2))

    def draw_edges(self, screen: pygame.Surface, app: App, color: Sequence[int]) -> None:
        """Over what the area drew (its buttons included), its top and bottom edges fade into
        ``color`` (the background) where rows go on past them: a row cut by the edge reads as
        one to scroll to."""
        area = app.view.rect(*self.box)
        fade = fading(area.w, app.view.px(FADE), tuple(color))
        if self.offset > 0:
            screen.blit(pygame.transform.flip(fade, False, True), area.topleft)
        if self.offset < self.room:
            screen.blit(fade, (area.x, area.bottom - fade.get_height()))


FADE = 22.0
"""How far (virtual px) a scrolled area's edge fades into the background."""


@functools.lru_cache(maxsize=16)
def fading(width: int, height: int, color: tuple[int, ...]) -> pygame.Surface:
    """A band of ``color`` from clear at its top to solid at its bottom."""
    band = pygame.Surface((max(width, 1), max(height, 1)), pygame.SRCALPHA)
    for y in range(height):
        band.fill((*color[:3], round(255 * (y + 1) / height)), (0, y, width, 1))
    return band


class Buttons:
    """The buttons of a scene: drawing, mouse, arrow-key focus and activation."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.items: list[Button] = []
        self.focus = 0
        self._pressed: Button | None = None

    def set(self, items: list[Button], focus: int | None = None) -> None:
        """Replace the buttons (after a layout). The focus goes to ``focus`` if given, else
        stays on the button with the same key, else on the same index."""
        old = self.focused
        self.items = items
        self._pressed = None
        keyed = [i for i, item in enumerate(items) if old is not None and old.key
                 and item.key == old.key]
        if focus is not None:
            self.focus = focus
        elif keyed:
            self.focus = keyed[0]
        self.focus = min(max(self.focus, 0), max(len(items) - 1, 0))

    @property
    def focused(self) -> Button | None:
        return self.items[self.focus] if self.items else None

    @property
    def editing(self) -> TextField | None:
        for item in self.items:
            if isinstance(item, TextField) and item.editing:
                return item
        return None

    def stop_editing(self) -> bool:
        """End the typing in the text field being edited, if one is (Esc does: a scene then
        stays); whether one was."""
        field = self.editing
        if field is not None:
            field.stop()
        return field is not None

    def at(self, pos: tuple[int, int]) -> int | None:
        for i, item in enumerate(self.items):
            if item.shown(self.app).collidepoint(pos):
                return i
        return None

    def handle(self, event: pygame.event.Event) -> bool:
        """Use ``event`` if it is for the buttons; True if it was used."""
        field = self.editing
        if field is not None and field.type(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            hit = self.at(event.pos)
            if hit is not None:
                self.focus = hit
            return hit is not None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if field is not None:
                field.stop()
            hit = self.at(event.pos)
            self._pressed = None if hit is None else self.items[hit]
            if hit is not None:
                self.focus = hit
            return hit is not None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            hit = self.at(event.pos)
            pressed, self._pressed = self._pressed, None
            if hit is not None and self.items[hit] is pressed:
                pressed.activate()
                return True
            return False
        if event.type == pygame.KEYDOWN and event.key in _ARROWS and self.items:
            self.move(*_ARROWS[event.key])
            self.app.speak(self.items[self.focus].spoken, "focus")
            return True
        if event.type == pygame.KEYDOWN and event.key in _ACTIVATE and self.focused:
            self.focused.activate()
            return True
        return False

    def move(self, dx: int, dy: int) -> None:
        """Focus the nearest button whose centre lies in direction (dx, dy)."""
        here = pygame.Rect(self.items[self.focus].box).center
        best: tuple[float, int] | None = None
        for i, item in enumerate(self.items):
            cx, cy = pygame.Rect(item.box).center
            ahead = (cx - here[0]) * dx + (cy - here[1]) * dy
            if i == self.focus or ahead <= 0:
                continue
            side = abs((cx - here[0]) * dy) + abs((cy - here[1]) * dx)
            score = ahead + 2 * side
            if best is None or score < best[0]:
                best = (score, i)
        if best is not None:
            self.focus = best[1]

    def draw(self, screen: pygame.Surface, role: str = TEXT) -> None:
        """Every button, its words shown as ``role`` (`Button.draw`)."""
        for i, item in enumerate(self.items):
            item.draw(screen, self.app, i == self.focus, role)


CHOICE_W, CHOICES_W = 240.0, 760.0
"""A dialog's buttons: the narrowest, and the widest their row may be (inside its panel)."""
CHOICE_SIZES = (26.0, 23.0, 20.0)
"""The text sizes a dialog's buttons try in turn until their row fits its panel."""
LABEL_PAD = 12.0
"""A button's label keeps this far (virtual px) from its sides: its rounded corners."""


SHRINK_TO = 0.7
"""A button's label made smaller than this share of its size to fit on one line goes on two
lines instead (`two_lines`), where two fit at a larger size."""


def two_lines(app: App, text: str, size: float, width: float, height: float,
              bold: bool = False) -> float:
    """The largest size from 0.85 down to half of ``size`` at which ``text``, wrapped to
    ``width``, takes two lines that fit in ``height`` (virtual px); 0 if none does (a single
    long word, a button too low)."""
    view = app.view
    for tenth in range(round(size * 8.5), round(size * 5) - 1, -5):
        px = view.px(tenth / 10)
        lines = app.text.wrap(text, font(px, bold), view.px(width))
        if len(lines) == 2 and 2 * font(px, bold).get_linesize() <= view.px(height) and all(
                font(px, bold).size(app.text.shape(line))[0] <= view.px(width) for line in lines):
            return tenth / 10
    return 0.0


def fitting(app: App, text: str, size: float, width: float, bold: bool = False) -> float:
    """``size``, or the smaller size at which ``text`` is drawn no wider than ``width``
    (virtual px). Text is drawn at whole pixel sizes, so a size scaled down in proportion can
    still be a pixel too wide in a small window: it is scaled again until it fits."""
    for _ in range(4):
        wide = label_width(app, text, size, bold)
        if wide <= width:
            break
        size *= width / wide * 0.98
    return size


def label_width(app: App, text: str, size: float, bold: bool = False) -> float:
    """How wide ``text`` is drawn at ``size``, in virtual px, at the window's scale (text is
    drawn at whole pixel sizes, so a small window's text is not quite the large one's)."""
    return app.text.size(text, app.view.px(size), bold=bold)[0] / app.view.scale


class Dialog(Scene):
    """A message over the scene below, with a row of buttons; Esc closes it.

    ``choices`` are (label, action) pairs, first the main one; an action runs after the
    dialog has closed. Esc closes it and runs the choice numbered ``escape``, if given.
    """

    opaque = False

    def __init__(self, app: App, title: str, message: str,
                 choices: Sequence[tuple[str, Callable[[], object]]],
                 escape: int | None = None) -> None:
        super().__init__(app)
        self.title = title
        self.message = message
        self.choices = list(choices)
        self.escape = escape
        self.buttons = Buttons(app)

    def layout(self) -> None:
        """The choices in a row of buttons of one width, centred under the message: at least
        `CHOICE_W`, wider as the longest label needs in this language and window (it keeps
        `LABEL_PAD` clear each side), and, where the row would run out of the panel, with
        smaller labels (down to `CHOICE_SIZES`' last)."""
        n, gap = len(self.choices), 24
        room = (CHOICES_W - (n - 1) * gap) / n
        for size in CHOICE_SIZES:
            w = max([CHOICE_W, *(label_width(self.app, text, size, bold=i == 0) + 2 * LABEL_PAD
                                 for i, (text, _) in enumerate(self.choices))])
            if w <= room:
                break
        w = min(w, room)
        x0 = (VIRTUAL[0] - n * w - (n - 1) * gap) / 2
        self.buttons.set([
            Button((mirror(self.app, x0 + i * (w + gap), w), 470, w, 60), text,
                   self._closing(action), size=size, primary=i == 0)
            for i, (text, action) in enumerate(self.choices)])

    def _closing(self, action: Callable[[], object]) -> Callable[[], None]:
        def run() -> None:
            self.app.pop()
            action()
        return run

    def back(self) -> None:
        self.app.pop()
        if self.escape is not None:
            self.choices[self.escape][1]()

    def handle(self, event: pygame.event.Event) -> None:
        self.buttons.handle(event)

    def draw(self, screen: pygame.Surface) -> None:
        veil(screen, 140)
        panel(screen, self.app, (240, 170, 800, 390), (14, 46, 32, 255))
        label(screen, self.app, self.title, (280, 190, 720, 60), 34, GOLD, bold=True)
        box = (280, 255, 720, 195)
        size = 25.0
        while size > 14 and self.app.text.size(
                self.message, self.app.view.px(size), self.app.view.px(box[2])
        )[1] > self.app.view.px(box[3]):
            size -= 2
        label(screen, self.app, self.message, box, size, INK, wrap=True)
        self.buttons.draw(screen)
