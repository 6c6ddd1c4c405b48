"""The one path every string a player reads goes through.

``catalogue key -> tr() -> wrap() on the logical text -> shape() -> font.render``

- `tr` looks the key up in `ui.i18n.CATALOGUE` for the language (fa default, en, ar), falling
  back to English, then to the key itself, and fills ``{name}`` fields.
- `wrap` breaks the LOGICAL text (reading order) into lines that fit a pixel width, measuring
  each candidate line as it will be drawn (digits localized, letters reshaped). Wrapping after
  reordering would put the end of a sentence on the first line.
- `shape` turns one logical line into the visual string the font draws left to right: digits
  localized (۰–۹ Persian, ٠–٩ Arabic, 0–9 English), letters joined by ``arabic_reshaper``, then
  reordered by ``bidi.algorithm.get_display`` with the paragraph direction of the language (RTL
  for fa/ar, LTR for en). That is python-bidi's pure-Python implementation: it applies rule L4
  and mirrors brackets, so ``بازی (۳ نفره)`` keeps its brackets facing the right way. The
  package's top-level ``bidi.get_display`` (the Rust one in 0.6) does not mirror.
- `render` draws wrapped, shaped lines with Vazirmatn (it has Latin glyphs too) and caches the
  surfaces (LRU keyed by text, language, size, weight, colour, width and alignment).

Sizes are in screen pixels: scenes pass ``app.view.px(virtual_size)`` so text stays crisp.
"""

from __future__ import annotations

import locale
import os
import re
import unicodedata
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

import arabic_reshaper  # type: ignore[import-untyped]
import pygame
from bidi.algorithm import get_display  # type: ignore[import-untyped]

from ui.i18n import CATALOGUE
from ui.paths import asset
from ui.plural import form

LANGS = ("fa", "en", "ar")
RTL_LANGS = frozenset({"fa", "ar"})

_DIGITS = {
    "fa": str.maketrans("0123456789٠١٢٣٤٥٦٧٨٩", "۰۱۲۳۴۵۶۷۸۹" * 2),
    "ar": str.maketrans("0123456789۰۱۲۳۴۵۶۷۸۹", "٠١٢٣٤٥٦٧٨٩" * 2),
    "en": str.maketrans("۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩", "0123456789" * 2),
}



def is_rtl(lang: str) -> bool:
    return lang in RTL_LANGS


_LATIN_WORD = re.compile(r"(?:\d+-)*[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*")
"""A Latin word, and Latin words and numbers joined by hyphens to one (an invitation's code,
7-guitar-ribbon): their digits stay as they are typed."""


def digits(text: str, lang: str) -> str:
    """``text`` with its digits written the language's way (۱۲۳ fa, ١٢٣ ar, 123 en), except
    inside a Latin word such as a key's name (F11 stays F11) or a code (7-guitar-ribbon)."""
    table = _DIGITS[lang]
    if not _LATIN_WORD.search(text):
        return text.translate(table)
    out, at = [], 0
    for word in _LATIN_WORD.finditer(text):
        out += [text[at:word.start()].translate(table), word.group()]
        at = word.end()
    return "".join([*out, text[at:].translate(table)])


def _joined(text: str, lang: str) -> str:
    """Digits localized and letters in their joined forms, still in logical order."""
    return str(arabic_reshaper.reshape(digits(text, lang)))


_SIGNED = re.compile(r"(?<![\w)])[-+\u2212]\d+")
"""A number with its sign (−200, +2), not a range's dash (3-4)."""
_EMBEDDINGS = str.maketrans("", "", "\u202a\u202c\u2066\u2067\u2068\u2069")
"""The bidi controls the table writes (embeddings, isolates), dropped once reordered."""


def _minus(number: str) -> str:
    """A signed number's hyphen as the true minus sign (U+2212), which reads as one."""
    return number.replace("-", "\u2212")


@lru_cache(maxsize=4096)
def shape(text: str, lang: str) -> str:
    """One logical line as the visual string to draw left to right. A negative number's sign
    is the minus sign (−125, U+2212, not a hyphen). In Persian and Arabic a signed number keeps
    its sign on its left (−۲۰۰, not ۲۰۰−), as numbers are written left to right: it is
    embedded left to right (LRE … PDF); names in a sentence are isolated (`Text.said`). The
    marks are dropped after reordering."""
    if is_rtl(lang):
        text = _SIGNED.sub(lambda m: f"\u202a{_minus(m.group())}\u202c", text)
    else:
        text = _SIGNED.sub(lambda m: _minus(m.group()), text)
    return _display(_joined(text, lang), "R" if is_rtl(lang) else "L").translate(_EMBEDDINGS)


_ISOLATE = re.compile("\u2068([^\u2069]*)\u2069?")
"""A first-strong isolate (FSI … PDI; a line may end before its PDI)."""
_STRAY = str.maketrans("", "", "\u2066\u2067\u2068\u2069")
_HOLDERS = 0x2400
"""Isolates stand in the outer text as these neutral signs (U+2400 on, bidi class ON)."""


def _display(text: str, base: str) -> str:
    """``text`` in visual order for a paragraph of direction ``base`` ("L" or "R"). The
    algorithm we use has no isolates, so each isolate is reordered on its own, in the
    direction of its first strong letter, and stands in the outer text as one neutral sign,
    as the Unicode algorithm has it (UAX #9, X5c and BD13)."""
    inner: list[str] = []

    def hold(match: re.Match[str]) -> str:
        inner.append(match.group(1))
        return chr(_HOLDERS + len(inner) - 1)

    outer = _ISOLATE.sub(hold, text).translate(_STRAY)  # a PDI whose FSI a wrap left above
    shown = str(get_display(outer, base_dir=base))
    for i, part in enumerate(inner):
        strong = next((d for d in map(unicodedata.bidirectional, part)
                       if d in ("L", "R", "AL")), None)
        own = base if strong is None else "L" if strong == "L" else "R"
        shown = shown.replace(chr(_HOLDERS + i), str(get_display(part, base_dir=own)))
    return shown


def system_language(env: Mapping[str, str] | None = None) -> str:
    """The table's language as the system names it (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
    ``LANG``; where none is set, as on Windows, the locale Python reads: ``fa_IR.UTF-8``,
    ``Persian_Iran``), or Persian where the system names none of ours."""
    env = os.environ if env is None else env
    said = [value for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
            if (value := env.get(name, ""))] or [locale.getlocale()[0] or ""]
    words = {"fa": "fa", "per": "fa", "persian": "fa", "farsi": "fa", "en": "en",
             "english": "en", "ar": "ar", "arabic": "ar"}
    for value in said:
        for part in value.split(":"):
            head = re.split(r"[_.\-@ ]", part.strip().lower(), maxsplit=1)[0]
            if head in words:
                return words[head]
    return "fa"


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """Vazirmatn at ``size`` pixels (regular or bold), loaded once per size.

    Fonts die with ``pygame.quit()``: after a restart of pygame the cache starts afresh."""
    if not pygame.font.get_init():
        pygame.font.init()
    loaded = _load(max(1, size), bold)
    try:
        loaded.get_height()
    except pygame.error:
        _load.cache_clear()
        loaded = _load(max(1, size), bold)
    return loaded


@lru_cache(maxsize=32)
def _load(size: int, bold: bool) -> pygame.font.Font:
    name = "Vazirmatn-Bold.ttf" if bold else "Vazirmatn-Regular.ttf"
    return pygame.font.Font(str(asset("fonts", name)), size)


def wrap(text: str, lang: str, fnt: pygame.font.Font, width: int | None) -> list[str]:
    """``text`` broken into logical lines no wider than ``width`` pixels when drawn.

    Newlines always break. Words are kept whole; a word wider than ``width`` gets a line to
    itself. Each candidate is measured in its joined forms: reordering moves glyphs but does
    not change the line's width.
    """
    lines: list[str] = []
    for paragraph in text.split("\n"):
        if width is None:
            lines.append(paragraph)
            continue
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if line and fnt.size(_joined(candidate, lang))[0] > width:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
    return lines


@lru_cache(maxsize=512)
def _render(text: str, lang: str, size: int, bold: bool, color: tuple[int, ...],
            width: int | None, align: str) -> pygame.Surface:
    fnt = font(size, bold)
    images = [fnt.render(shape(line, lang), True, color) for line in wrap(text, lang, fnt, width)]
    full = max((img.get_width() for img in images), default=0)
    out_w = full if width is None else max(width, full)
    step = fnt.get_linesize()
    out = pygame.Surface((max(1, out_w), max(1, step * len(images))), pygame.SRCALPHA)
    for row, img in enumerate(images):
        x = {"left": 0, "right": out_w - img.get_width()}.get(align, (out_w - img.get_width()) // 2)
        out.blit(img, (x, row * step))
    return out


_SAMPLES = {
    "fa": "ابپتثجچحخدذرزژسشصضطظعغفقکگلمنوهی آ ۰۱۲۳۴۵۶۷۸۹ ،:()—·",
    "ar": "ابتثجحخدذرزسشصضطظعغفقكلمنهوي ةىأإآ ٠١٢٣٤٥٦٧٨٩ ،:()—·",
    "en": "ABCDEFGHIJKLMNOPQRSTUVWXYZ abcdefghijklmnopqrstuvwxyz 0123456789 ,:()—·&'",
}
"""The letters, digits and marks of each language's text, for `warm`."""


def warm(lang: str, size: int, bold: bool = False) -> None:
    """Load the font at ``size`` and draw ``lang``'s letters and digits once, so that the
    first text later drawn at that size costs no more than any other (about 1 ms, where a
    cold font and its glyphs cost several)."""
    font(size, bold).render(shape(_SAMPLES[lang], lang), True, (255, 255, 255))


def render(text: str, lang: str, size: int, color: Any = (255, 255, 255), width: int | None = None,
           align: str | None = None, bold: bool = False) -> pygame.Surface:
    """``text`` drawn in ``lang``: wrapped to ``width`` px if given, lines aligned ``left``,
    ``right`` or ``center`` (default: right for fa/ar, left for en). Do not modify the result:
    it is shared through the cache."""
    align = align or ("right" if is_rtl(lang) else "left")
    return _render(text, lang, size, bold, tuple(pygame.Color(color)), width, align)


def default_name(kind: str, chair: int | None = None) -> str:
    """The name the table gives a chair nobody named, kept in no language (`Text.name`):
    ``default_name("you")``, ``default_name("bot", 2)``."""
    return f"@{kind}" if chair is None else f"@{kind}:{chair}"


TEXT = "text"
"""The role of a scene's text that plays no part of the table (`screenshot --words` calls it
the sheet over the table)."""


class Text:
    """The text tools bound to one language: ``app.text.tr("menu.quit")``.

    Every text drawn says what it is where it is drawn: its role (``status``, ``panel``,
    ``seat``, ``button``... for the table's parts; ``title``, ``label`` for a setup's; `TEXT`
    elsewhere), passed to `render` (or `hear`) and `note`. While `heard` or `drawn` is a list,
    `screenshot --words` and ``--rects`` read the frame's texts from them by that role."""

    def __init__(self, lang: str) -> None:
        if lang not in LANGS:
            raise ValueError(f"unknown language {lang!r}; languages: {', '.join(LANGS)}")
        self.lang = lang
        self.rtl = is_rtl(lang)
        self.heard: list[tuple[str, str]] | None = None
        """While a list: every text drawn, with its role (`render`, `hear`; `screenshot
        --words`)."""
        self.drawn: list[dict[str, Any]] | None = None
        """While a list: every text and control drawn (`note`), for `screenshot --rects`."""
        self.scene = ""
        """The scene drawing now (its class's name), set by the app: a scene over another (the
        sheet between deals over the table) may cover what lies below it."""

    def has(self, key: str) -> bool:
        return key in CATALOGUE

    def tr(self, key: str, **fmt: Any) -> str:
        """The catalogue string ``key`` in this language (English, then the key, as fallback),
        its ``{name}`` fields filled; of a counted entry, the form its argument ``n`` asks for
        (`ui.plural`)."""
        entry = CATALOGUE.get(key)
        text = key if entry is None else \
            form(entry, self.lang, fmt.get("n")) or form(entry, "en", fmt.get("n")) or key
        return text.format(**fmt) if fmt else text

    def name(self, raw: str) -> str:
        """A player's name as shown: a name somebody typed as it is; a name the table gave
        (`default_name`: ``@you``, ``@bot:2``, ``@player:3``) in this language, so that "You"
        is not left in Persian on an English table nor a bot's name in the statistics."""
        if not raw.startswith("@"):
            return raw
        kind, _, n = raw[1:].partition(":")
        key = {"you": "setup.you", "bot": "setup.bot_n", "player": "setup.player_n"}.get(kind)
        return self.tr(key, n=n) if key else raw

    def said(self, raw: str) -> str:
        """A player's name (`name`) to be said inside a sentence: a bidi isolate (FSI … PDI),
        so that a Persian name on an English table (or an English one on a Persian table)
        keeps the numbers and words beside it in their place: "Winner: سارا 2, 3 points", not
        "Winner: 3 ,2 سارا points"."""
        return f"\u2068{self.name(raw)}\u2069"

    def note(self, rect: pygame.Rect, text: str, role: str = TEXT) -> None:
        """While `drawn` is a list, put in it what was just drawn: ``{"role": role, "rect": [x,
        y, w, h] (the window's pixels, as far as it shows), "text": as read (`as_read`),
        "scene": the `scene` drawing it}``; nothing for a rect that shows nothing."""
        if self.drawn is not None and rect.w > 0 and rect.h > 0:
            self.drawn.append({"role": role, "rect": [rect.x, rect.y, rect.w, rect.h],
                               "text": self.as_read(text), "scene": self.scene})

    def hear(self, text: str, role: str) -> None:
        """While `heard` is a list, put ``text`` in it as ``role``: a text drawn from an image
        not made by `render` (placed before it is drawn, or a code in Latin letters whatever
        the table's language)."""
        if self.heard is not None:
            self.heard.append((role, text))

    def shape(self, text: str) -> str:
        return shape(text, self.lang)

    def digits(self, text: str) -> str:
        return digits(text, self.lang)

    def as_read(self, text: str) -> str:
        """``text`` in logical order as the screen shows it: the language's digits, and the
        minus sign of negative numbers."""
        return digits(_SIGNED.sub(lambda m: _minus(m.group()), text), self.lang
                      ).translate(_EMBEDDINGS)

    def warm(self, size: int, bold: bool = False) -> None:
        warm(self.lang, size, bold)

    def wrap(self, text: str, fnt: pygame.font.Font, width: int | None) -> list[str]:
        return wrap(text, self.lang, fnt, width)

    def render(self, text: str, size: int, color: Any = (255, 255, 255), width: int | None = None,
               align: str | None = None, bold: bool = False, role: str = TEXT
               ) -> pygame.Surface:
        """``text`` drawn in this language (`render`), to be shown as ``role`` (`hear`)."""
        self.hear(text, role)
        return render(text, self.lang, size, color, width, align, bold)

    def size(self, text: str, size: int, width: int | None = None, bold: bool = False
             ) -> tuple[int, int]:
        """How large `render` draws ``text`` (screen px): measured, not shown, so not heard."""
        return render(text, self.lang, size, width=width, bold=bold).get_size()
