"""The table read aloud (setting ``speech``, off by default): what the table says is spoken in its
language by espeak-ng, which has Persian (``fa``), Arabic (``ar``) and English voices on Linux,
Windows and macOS.

Why espeak-ng run as a program, not a speech library such as pyttsx3: pyttsx3 drives espeak on
Linux through its C library and the system voices elsewhere (SAPI, NSSpeechSynthesizer), whose
Persian voices are missing on most machines, and its event loop is known to hang on a second
``runAndWait`` and when run from a thread (nateshmbhat/pyttsx3 issues 126 and 327). Here each
line is one short-lived ``espeak-ng --stdout`` process that writes a WAV; the WAV is played
through the table's own mixer (pygame), so speech never competes with the table's sounds for
the audio device, works wherever the table's sounds do, and a process that hangs is killed
without touching the table.

How a line travels, and why the frame never waits:

- `Voice.say` (the frame's thread) only queues the line and wakes the reader's thread.
- The reader's thread runs espeak-ng on each line in turn and keeps the WAVs it made.
- `Voice.update` (once a frame) plays the next WAV on the mixer channel kept for speech when the
  one before has ended; it never waits.

Lines have a kind: ``status`` (the status line: a newer one replaces one not yet spoken),
``event`` (a trick's winner, a deal's score: queued in order) and ``focus`` (what the keys
point at now: it cuts off what is being said and replaces everything queued, as a screen
reader does). A line the same as the last one queued is not queued again.

Where no espeak-ng is found (on the PATH, or where its Windows installer and Homebrew put it), or
the table has no audio device, `Voice.available` is False: `say` does nothing and the setting says
which is missing. The build does not carry espeak-ng (a program of its own, GPL); the README says
how to install it on each system.
"""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import threading
from collections import deque
from typing import NamedTuple

import pygame

from ui.sound import open_mixer

VOICES = {"fa": "fa", "ar": "ar", "en": "en"}
"""The espeak-ng voice of each of the table's languages."""
PLACES = (r"C:\Program Files\eSpeak NG\espeak-ng.exe",
          r"C:\Program Files (x86)\eSpeak NG\espeak-ng.exe",
          "/opt/homebrew/bin/espeak-ng", "/usr/local/bin/espeak-ng")
"""Where espeak-ng's installers put it when the PATH does not say (a program started from the
desktop on macOS does not get Homebrew's PATH)."""
KINDS = ("status", "event", "focus")
RENDER_LIMIT = 30.0
"""Seconds espeak-ng may take for one line before it is killed (a line takes a tenth)."""
KEPT = 32
"""Lines remembered as said (`Voice.said`)."""


def find_program() -> str | None:
    """espeak-ng's path, or None where it is not installed."""
    found = shutil.which("espeak-ng")
    return found or next((p for p in PLACES if os.path.isfile(p)), None)


class Line(NamedTuple):
    """One thing to say: its kind (`KINDS`), its words, their language."""

    kind: str
    text: str
    lang: str


class Voice:
    """Speaks lines through ``program`` (espeak-ng; None: nowhere to speak, every call does
    nothing). The reader's thread starts with the first line."""

    def __init__(self, program: str | None) -> None:
        self.program = program
        self.said: deque[Line] = deque(maxlen=KEPT)
        """The latest lines handed to the reader, oldest first."""
        self._lock = threading.Condition()
        self._queued: deque[Line] = deque()
        self._made: deque[tuple[Line, bytes]] = deque()
        """Lines spoken into WAVs, waiting for the mixer."""
        self._cut = False
        """The line being played is to stop (a ``focus`` line came)."""
        self._rendering: subprocess.Popen[bytes] | None = None
        self._thread: threading.Thread | None = None
        self._closed = False
        self._channel: pygame.mixer.Channel | None = None

    @property
    def available(self) -> bool:
        """Whether lines can be spoken here: espeak-ng is found and a sound device opens."""
        return self.program is not None and open_mixer() is not None

    @property
    def waiting(self) -> list[str]:
        """The lines spoken into WAVs and not played yet, oldest first."""
        with self._lock:
            return [line.text for line, _ in self._made]

    @property
    def speaking(self) -> bool:
        """Whether a line is being played now."""
        return self._channel is not None and bool(pygame.mixer.get_init()) \
            and self._channel.get_busy()

    def say(self, text: str, lang: str, kind: str = "status") -> None:
        """Queue ``text`` in ``lang`` (a key of `VOICES`) to be spoken; returns at once."""
        if kind not in KINDS:
            raise ValueError(f"a line is one of {', '.join(KINDS)}, not {kind!r}")
        text = " ".join(text.split())
        if not text or self._closed or not self.available:
            return
        line = Line(kind, text, lang)
        with self._lock:
            last = self.said[-1] if self.said else None
            if last is not None and (last.text, last.lang) == (text, lang) and kind != "focus":
                return
            if kind == "focus":
                self._queued.clear()
                self._made.clear()
                self._cut = True
            elif kind == "status":
                self._queued = deque(q for q in self._queued if q.kind != "status")
                self._made = deque(m for m in self._made if m[0].kind != "status")
            self._queued.append(line)
            self.said.append(line)
            if self._thread is None:
                self._thread = threading.Thread(target=self._read, name="voice", daemon=True)
                self._thread.start()
            self._lock.notify_all()

    def render(self, text: str, lang: str) -> bytes:
        """``text`` spoken in the voice of ``lang`` as the bytes of a WAV file (espeak-ng's
        ``--stdout``); `OSError` or `subprocess.SubprocessError` if it cannot be. Blocks: the
        reader's thread calls it, never the frame's."""
        if self.program is None:
            raise OSError("espeak-ng is not installed")
        flags = getattr(subprocess, "CREATE_NO_WINDOW", 0)  # Windows: no console flashes up
        proc = subprocess.Popen([self.program, "-v", VOICES.get(lang, "en"), "-b", "1",
                                 "--stdin", "--stdout"], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                creationflags=flags)
        with self._lock:
            self._rendering = proc
        try:
            wav, _ = proc.communicate(text.encode("utf-8"), timeout=RENDER_LIMIT)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()
            raise
        finally:
            with self._lock:
                self._rendering = None
        if proc.returncode != 0 or not wav.startswith(b"RIFF"):
            raise subprocess.SubprocessError(f"espeak-ng gave no sound for {text!r} "
                                             f"(exit {proc.returncode})")
        return wav

    def wait(self, timeout: float) -> bool:
        """Wait until every queued line is spoken into a WAV (or ``timeout`` seconds): True
        if none is left. For tools and tests; the table never waits."""
        with self._lock:
            return self._lock.wait_for(lambda: not self._queued and self._rendering is None,
                                       timeout)

    def _read(self) -> None:
        """The reader's thread: each queued line spoken into a WAV, until `close`."""
        while True:
            with self._lock:
                self._lock.wait_for(lambda: self._queued or self._closed)
                if self._closed:
                    return
                line = self._queued[0]
            try:
                wav = self.render(line.text, line.lang)
            except (OSError, subprocess.SubprocessError):
                wav = b""  # a line espeak-ng could not say is skipped
            with self._lock:
                if self._queued and self._queued[0] is line:  # not replaced meanwhile
                    self._queued.popleft()
                    if wav:
                        self._made.append((line, wav))
                self._lock.notify_all()

    def update(self) -> None:
        """Once a frame: stop what a ``focus`` line cut off, and play the next WAV when the
        speech channel is free. Never waits."""
        if self.program is None:
            return
        with self._lock:
            cut, self._cut = self._cut, False
            channel = self._speech_channel() if cut or self._made else None
            if channel is None:
                return
            if cut:
                channel.stop()
            if channel.get_busy() or not self._made:
                return
            _, wav = self._made.popleft()
        try:
            channel.play(pygame.mixer.Sound(file=io.BytesIO(wav)))
        except pygame.error:  # the mixer closed under us, or a WAV it cannot read
            self._channel = None

    def hush(self) -> None:
        """Stop speaking and forget what is queued (the setting was turned off)."""
        with self._lock:
            self._queued.clear()
            self._made.clear()
            self._cut = True
            if self._rendering is not None:
                self._rendering.kill()
        self.update()

    def close(self) -> None:
        """Stop for good: the reader's thread ends, a line being spoken is killed."""
        with self._lock:
            self._closed = True
            self._queued.clear()
            self._made.clear()
            if self._rendering is not None:
                self._rendering.kill()
            self._lock.notify_all()
        if self._channel is not None and pygame.mixer.get_init():
            self._channel.stop()

    def _speech_channel(self) -> pygame.mixer.Channel | None:
        """The mixer channel kept for speech (the table's sounds never take it)."""
        if self._channel is None and open_mixer() is not None:
            pygame.mixer.set_reserved(1)
            self._channel = pygame.mixer.Channel(0)
        return self._channel
