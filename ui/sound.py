"""The table's few sounds, synthesised at start (no sound files to ship or license).

``card`` a card put down, ``deal`` cards dealt or drawn, ``win`` a hand or game won, ``no`` a
refused move. `Sounds.play` does nothing when the setting ``sound`` is off or no audio device
can be opened (the dummy driver in tests has one; a machine without audio may not).
"""

from __future__ import annotations

import functools
import math
import random
from array import array

import pygame

RATE = 22050
EVENT_SOUNDS = {
    "play": "card", "trick": "card", "canvas": "card", "palette": "card", "build": "card",
    "add": "card", "grab": "card", "thief": "card", "jail": "card",
    "deal": "deal", "draw": "deal", "refill": "deal", "shuffle": "deal",
    "hand_end": "win", "round_end": "win", "match_end": "win", "end": "win",
}


def _tone(freqs: list[float], seconds: float, volume: float) -> list[float]:
    out: list[float] = []
    for f in freqs:
        n = int(RATE * seconds)
        out += [volume * math.sin(2 * math.pi * f * i / RATE) * (1 - i / n) for i in range(n)]
    return out


def _noise(seconds: float, volume: float, seed: int) -> list[float]:
    rng = random.Random(seed)
    n = int(RATE * seconds)
    out, last = [], 0.0
    for i in range(n):
        last = 0.55 * last + 0.45 * rng.uniform(-1, 1)  # a soft low-pass: a snap, not a hiss
        out.append(volume * last * math.exp(-7 * i / n))
    return out


def _sound(samples: list[float], channels: int) -> pygame.mixer.Sound:
    data = array("h", (int(max(-1.0, min(1.0, s)) * 32000) for s in samples for _ in
                       range(channels)))
    return pygame.mixer.Sound(buffer=data.tobytes())


def open_mixer() -> tuple[int, int, int] | None:
    """The mixer's format (rate, sample size, channels), opening it if it is not open; None
    where no audio device can be opened."""
    try:
        if not pygame.mixer.get_init():
            pygame.mixer.init(frequency=RATE, size=-16, channels=2)
    except pygame.error:  # no audio device: a silent table
        return None
    return pygame.mixer.get_init()


class Sounds:
    def __init__(self) -> None:
        self.bank: dict[str, pygame.mixer.Sound] = {}
        mixer = open_mixer()
        if mixer is None or mixer[1] != -16:
            return
        channels = mixer[2]
        self.bank = {
            "card": _sound(_noise(0.07, 0.8, 1), channels),
            "deal": _sound(_noise(0.04, 0.45, 2), channels),
            "win": _sound(_tone([523.3, 659.3, 784.0], 0.12, 0.35), channels),
            "no": _sound(_tone([196.0], 0.15, 0.3), channels),
        }

    def play(self, name: str, enabled: bool = True) -> None:
        sound = self.bank.get(name)
        if enabled and sound is not None:
            try:
                sound.play()
            except pygame.error:  # the mixer was closed under us (pygame restarted)
                self.bank.clear()


@functools.lru_cache(maxsize=1)
def sounds() -> Sounds:
    """The table's sounds, made once."""
    return Sounds()
