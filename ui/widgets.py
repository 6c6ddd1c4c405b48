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

import unicodedata
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from ui.app import VIRTUAL, Scene

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
          wrap: bool = False) -> pygame.Rect:
    """``text`` drawn in the virtual ``box`` (x, y, w, h), vertically centred, aligned by
    language unless ``align`` says otherwise; wrapped to the box's width if ``wrap``."""
    area = app.view.rect(*box)
    image = app.text.render(text, app.view.px(size), color, area.w if wrap else None, align,
                            bold)
    align = align or ("right" if app.text.rtl else "left")
    x = {"left": area.x, "right": area.right - image.get_width()}.get(
        align, area.centerx - image.get_width() // 2)
    return screen.blit(image, (x, area.centery - image.get_height() // 2))


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


def veil(screen: pygame.Surface, alpha: int) -> None:
    """Darken what lies below an overlay."""
    layer = pygame.Surface(screen.get_size(), pygame.SRCALPHA)
    layer.fill((0, 0, 0, alpha))
    screen.blit(layer, (0, 0))


class Button:
    """A clickable box with a label (and an optional second, smaller line)."""

    def __init__(self, box: Sequence[float], text: str, action: Callable[[], None], *,
                 size: float = BUTTON_TEXT, sub: str = "", primary: bool = False,
                 enabled: bool = True, key: str = "", spoken: str = "") -> None:
        self.box = tuple(box)
        self.text = text
        self.action = action
        self.size = size
        self.sub = sub
        self.primary = primary
        self.enabled = enabled
        self.key = key
        """Names the button across layouts, so the focus stays on it when a scene rebuilds."""
        self.spoken = spoken or (f"{text}: {sub}" if sub else text)
        """What the table reads aloud when the keys reach it (`App.speak`)."""

    def rect(self, app: App) -> pygame.Rect:
        return app.view.rect(*self.box)

    def activate(self) -> None:
        if self.enabled:
            self.action()

    def draw(self, screen: pygame.Surface, app: App, focused: bool) -> None:
        area = self.rect(app)
        face = PRIMARY if self.primary else FACE_HOVER if focused else FACE
        ink = PRIMARY_INK if self.primary else INK
        if not self.enabled:
            face, ink = FACE_OFF, DIM
        radius = app.view.px(12)
        pygame.draw.rect(screen, face, area, border_radius=radius)
        if focused:
            pygame.draw.rect(screen, GOLD, area, max(2, app.view.px(3)), border_radius=radius)
        self.draw_label(screen, app, ink)

    def draw_label(self, screen: pygame.Surface, app: App, ink: Any) -> None:
        """The label centred, each line made smaller where it would run past the button's
        rounded sides (an option's long value, a long word in another language)."""
        x, y, w, h = self.box
        room = w - 2 * LABEL_PAD
        if self.sub:
            label(screen, app, self.text, (x, y + 4, w, h * 0.58),
                  fitting(app, self.text, self.size, room, True), ink, "center", bold=True)
            label(screen, app, self.sub, (x, y + h * 0.56, w, h * 0.4),
                  fitting(app, self.sub, self.size * 0.62, room), ink, "center")
        else:
            label(screen, app, self.text, self.box,
                  fitting(app, self.text, self.size, room, self.primary), ink, "center",
                  bold=self.primary)


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
    and the end; Backspace deletes before it and Delete after it. Persian and Arabic stay
    joined around it (`with_caret`) and read right to left."""

    def __init__(self, box: Sequence[float], value: str, on_change: Callable[[str], None], *,
                 size: float = 24, limit: int = 20, key: str = "", caret: int | None = None
                 ) -> None:
        super().__init__(box, value, self.start, size=size, key=key)
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
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
            self.stop()
            return True
        else:
            return False
        self.on_change(self.text)
        return True

    def draw(self, screen: pygame.Surface, app: App, focused: bool) -> None:
        area = self.rect(app)
        radius = app.view.px(8)
        pygame.draw.rect(screen, (238, 232, 214), area, border_radius=radius)
        edge = GOLD if focused or self.editing else (120, 140, 125)
        pygame.draw.rect(screen, edge, area, max(2, app.view.px(3 if self.editing else 2)),
                         border_radius=radius)
        text = with_caret(self.text, self.caret) if self.editing else self.text
        x, y, w, h = self.box
        label(screen, app, text, (x + 10, y, w - 20, h), self.size, (30, 30, 30))


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

    def at(self, pos: tuple[int, int]) -> int | None:
        for i, item in enumerate(self.items):
            if item.rect(self.app).collidepoint(pos):
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

    def draw(self, screen: pygame.Surface) -> None:
        for i, item in enumerate(self.items):
            item.draw(screen, self.app, i == self.focus)


CHOICE_W, CHOICES_W = 240.0, 760.0
"""A dialog's buttons: the narrowest, and the widest their row may be (inside its panel)."""
CHOICE_SIZES = (26.0, 23.0, 20.0)
"""The text sizes a dialog's buttons try in turn until their row fits its panel."""
LABEL_PAD = 12.0
"""A button's label keeps this far (virtual px) from its sides: its rounded corners."""


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
    return app.text.render(text, app.view.px(size), INK, bold=bold).get_width() / app.view.scale


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
        while size > 14 and self.app.text.render(
                self.message, self.app.view.px(size), INK, self.app.view.px(box[2])
        ).get_height() > self.app.view.px(box[3]):
            size -= 2
        label(screen, self.app, self.message, box, size, INK, wrap=True)
        self.buttons.draw(screen)
