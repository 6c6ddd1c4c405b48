"""The window, the frame loop and the scene stack.

Layout is written in VIRTUAL coordinates (1280×720). `View` maps them onto the window,
letterboxed, and scenes draw at the window's own resolution through it (no small canvas scaled
up), so text and cards stay crisp at any window size.

Scenes open one another by name (`App.open`, the names in `SCENES`), never by importing each
other: a scene imports only what lies below it (widgets, text, card art, the games' words), so
each can be read, changed and tested alone, with a stand-in handed to `App` for any scene it
opens.

The stack: `App.push` / `pop` / `replace` (a scene on top again after a pop is told:
`Scene.uncovered`); only the top scene gets events and `update`; drawing starts at the highest
opaque scene so overlays (``opaque = False``) show what lies below, on the app's ground unless
that scene lays its own (``grounded``). Esc calls the top scene's `Scene.back` (by default: pop,
unless it is the last scene). F11 toggles fullscreen. Closing the window ends `run` from any
scene; every scene still on the stack gets `leave` first (top first) so the table can save.

With the environment variable ``CARD_TABLE_EXIT_AFTER_FIRST_FRAME`` set (to anything but empty),
`run` ends cleanly right after its first frame is on screen: ``benchmarks/startup.py`` times a
start that way.
"""

from __future__ import annotations

import importlib
import os
import warnings
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")  # crisp, unscaled, on Windows
import pygame

from ui.text import Text
from ui.voice import Voice, find_program

if TYPE_CHECKING:
    import saves

VIRTUAL = (1280, 720)
MIN_SIZE = (640, 360)
FPS = 60
BACKGROUND = (12, 40, 28)
LETTERBOX = (6, 20, 14)
EXIT_AFTER_FIRST_FRAME = "CARD_TABLE_EXIT_AFTER_FIRST_FRAME"
"""Set, `App.run` returns right after the first frame is flipped (the startup benchmark)."""
SCENES: dict[str, str] = {
    "menu": "ui.scenes.menu:MenuScene",
    "setup": "ui.scenes.setup:SetupScene",
    "settings": "ui.scenes.settings:SettingsScene",
    "help": "ui.scenes.help:HelpScene",
    "scores": "ui.scenes.scores:ScoresScene",
    "join": "ui.scenes.join:JoinScene",
    "join_code": "ui.scenes.join:JoinCodeScene",
    "online": "ui.scenes.online:OnlineScene",
    "table": "ui.table.scene:TableScene",
    "resume": "ui.table.scene:TableScene.resume",
    "pause": "ui.result:PauseScene",
    "hand": "ui.result:HandScene",
    "result": "ui.result:ResultScene",
    "replay": "ui.result:ReplayScene",
    "review": "ui.review:ReviewScene",
}
"""Each scene's name and its maker, ``module:callable``, imported the first time it is opened
(so a start pays only for the scenes it shows). The maker is called as ``maker(app, *args)``."""


class View:
    """Virtual (1280×720) to screen pixels: uniform scale, centred, letterboxed."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.resize(size)

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        self.size = (w, h)
        self.scale = min(w / VIRTUAL[0], h / VIRTUAL[1])
        self.ox = round((w - VIRTUAL[0] * self.scale) / 2)
        self.oy = round((h - VIRTUAL[1] * self.scale) / 2)

    def pt(self, x: float, y: float) -> tuple[int, int]:
        return round(self.ox + x * self.scale), round(self.oy + y * self.scale)

    def px(self, length: float) -> int:
        return round(length * self.scale)

    def rect(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        """The screen rect of a virtual one; neighbouring virtual rects tile without gaps."""
        left, top = self.pt(x, y)
        right, bottom = self.pt(x + w, y + h)
        return pygame.Rect(left, top, right - left, bottom - top)

    def to_virtual(self, pos: tuple[float, float]) -> tuple[float, float]:
        return (pos[0] - self.ox) / self.scale, (pos[1] - self.oy) / self.scale


class Scene:
    """One screen of the app. Mouse positions in events are screen pixels: use
    ``app.view.to_virtual``. `layout` is called on `enter`, on resize and on a change of
    language: build widgets there."""

    opaque: bool = True
    grounded: bool = False
    """Whether the scene paints its whole ground (the 1280×720 view) itself: the app then
    leaves it unfilled (the table lays its felt)."""

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None:
        self.layout()

    def leave(self) -> None:
        pass

    def uncovered(self) -> None:
        """The scene above this one closed: this one is on top again. A scene that shows what
        may have changed meanwhile (the menu's saved matches) lays itself out again here."""

    def layout(self) -> None:
        pass

    def back(self) -> None:
        """Esc: leave this scene (the last scene on the stack stays)."""
        if len(self.app.scenes) > 1:
            self.app.pop()

    def handle(self, event: pygame.event.Event) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, screen: pygame.Surface) -> None:
        pass


class App:
    """The window and its scene stack. ``saves`` is a `saves.Saves` (settings, profiles...)."""

    def __init__(self, saves: saves.Saves, size: tuple[int, int] = (1280, 720),
                 scenes: Mapping[str, str | Callable[..., Scene]] = SCENES) -> None:
        pygame.init()
        self.saves = saves
        self.makers: dict[str, str | Callable[..., Scene]] = dict(scenes)
        """`SCENES`, or a test's stand-ins for some of them."""
        self.settings: dict[str, Any] = saves.settings
        self.lang: str = self.settings.get("lang", "fa")
        self.server: str | None = None
        """The table server given for this run (``main.py --server URL``), over the setting."""
        self.text = Text(self.lang)
        self.scenes: list[Scene] = []
        self.running = True
        self.frames = 0
        """Frames flipped so far."""
        self.clock = pygame.time.Clock()
        self._window = (max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1]))
        self.screen = pygame.display.set_mode(self._window, pygame.RESIZABLE)
        with warnings.catch_warnings():  # the display module's window, used as a Window
            warnings.simplefilter("ignore", DeprecationWarning)
            self.window = pygame.Window.from_display_module()
        self.window.minimum_size = MIN_SIZE  # the system keeps the window this big at least
        if self.settings.get("fullscreen"):
            self.window.set_fullscreen(desktop=True)
            self.screen = pygame.display.get_surface() or self.screen
        self.view = View(self.screen.get_size())
        self.voice = Voice(find_program())
        """Reads the table aloud while the setting ``speech`` is on (`speak`)."""
        pygame.display.set_caption(self.text.tr("app.title"))
        pygame.key.set_repeat(300, 40)

    # -- window ---------------------------------------------------------------------------
    def _resized(self, size: tuple[int, int]) -> None:
        """The window changed size: lay every scene out again. The window itself is never
        made anew (the system keeps it at `MIN_SIZE` at least; smaller, the view letterboxes
        what it has)."""
        if not self.settings.get("fullscreen"):
            self._window = (max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1]))
        self.screen = pygame.display.get_surface() or self.screen
        self._relayout()

    def _relayout(self) -> None:
        self.view.resize(self.screen.get_size())
        for scene in self.scenes:
            scene.layout()

    def toggle_fullscreen(self) -> None:
        self.settings["fullscreen"] = not self.settings.get("fullscreen")
        self.save_settings()
        if self.settings["fullscreen"]:
            self.window.set_fullscreen(desktop=True)
        else:
            self.window.set_windowed()
            self.window.size = self._window
        self.screen = pygame.display.get_surface() or self.screen
        self._relayout()

    def set_lang(self, lang: str) -> None:
        self.text = Text(lang)
        self.lang = lang
        self.settings["lang"] = lang
        self.save_settings()
        pygame.display.set_caption(self.text.tr("app.title"))
        self._relayout()

    def save_settings(self) -> None:
        self.saves.save_settings(self.settings)

    def speak(self, text: str, kind: str = "status") -> None:
        """Read ``text`` aloud in the table's language if the player turned speech on
        (`ui.voice`: ``kind`` says how it waits its turn); never waits."""
        if self.settings.get("speech"):
            self.voice.say(text, self.lang, kind)

    # -- scene stack ----------------------------------------------------------------------
    def open(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        """Make the scene called ``name`` (a key of `SCENES`) for this app; the caller pushes
        it (or replaces with it)."""
        return self.prepare(name)(self, *args, **kwargs)

    def prepare(self, name: str) -> Callable[..., Scene]:
        """The maker of the scene called ``name``, its module imported now if it was not (a
        scene that may come next imports it ahead, so that opening it costs no frame)."""
        maker = self.makers[name]
        if isinstance(maker, str):
            module, _, path = maker.partition(":")
            found: Any = importlib.import_module(module)
            for attr in path.split("."):
                found = getattr(found, attr)
            maker = self.makers[name] = found
        return maker

    @property
    def top(self) -> Scene:
        return self.scenes[-1]

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene:
        """Close the top scene (`Scene.leave`); the one below, on top again, is told
        (`Scene.uncovered`)."""
        scene = self._close()
        self._uncover()
        return scene

    def replace(self, scene: Scene) -> None:
        self._close()
        self.push(scene)

    def home(self) -> None:
        """Back to the first scene (the main menu), closing every scene above it."""
        while len(self.scenes) > 1:
            self._close()
        self._uncover()

    def _close(self) -> Scene:
        scene = self.scenes.pop()
        scene.leave()
        return scene

    def _uncover(self) -> None:
        if self.scenes and self.running:
            self.top.uncovered()

    # -- loop -----------------------------------------------------------------------------
    def step(self, dt: float | None = None) -> None:
        """One frame: events, update, draw, flip. ``dt`` in seconds; without it the frame is
        paced to `FPS` and takes the time that passed. A caller that gives the time (the tests,
        the headless tools) is not paced: it steps as fast as the work allows."""
        if dt is None:
            dt = self.clock.tick(FPS) / 1000
        for event in pygame.event.get():
            if not self.running:
                break
            self._dispatch(event)
        if not self.running or not self.scenes:
            return
        self.top.update(dt)
        self.voice.update()
        first = len(self.scenes) - 1
        while first > 0 and not self.scenes[first].opaque:
            first -= 1
        self.screen.fill(LETTERBOX)
        if not self.scenes[first].grounded:
            self.screen.fill(BACKGROUND, self.view.rect(0, 0, *VIRTUAL))
        for scene in self.scenes[first:]:
            self.text.scene = type(scene).__name__
            scene.draw(self.screen)
        pygame.display.flip()
        self.frames += 1

    def _dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
        elif event.type == pygame.VIDEORESIZE:
            self._resized(event.size)
        elif event.type == pygame.WINDOWSIZECHANGED:
            self._resized((event.x, event.y))
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
        elif self.scenes:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.top.back()
            else:
                self.top.handle(event)

    def run(self) -> int:
        """The 60 fps loop, from the main menu unless a scene was pushed; 0 when closed (or,
        with ``CARD_TABLE_EXIT_AFTER_FIRST_FRAME`` set, once the first frame is flipped)."""
        if not self.scenes:
            self.push(self.open("menu"))
        first_frame_only = bool(os.environ.get(EXIT_AFTER_FIRST_FRAME))
        flipped = self.frames
        try:
            while self.running:
                self.step()
                if first_frame_only and self.frames > flipped:
                    break
        finally:
            self.quit()
            pygame.quit()
        return 0

    def quit(self) -> None:
        """Stop the loop; every scene on the stack gets `leave`, top first."""
        self.running = False
        while self.scenes:
            self._close()
        self.voice.close()
