"""Make the gallery: every game at a telling moment, in Persian and English.

    python scripts/gallery.py [--size 960x540] [--game hokm ...]

Writes ``docs/gallery/<game>.<lang>.png`` with `ui.headless.screenshot` (seat 0's view after
the moves chosen in `SHOTS`, headless, on a throwaway data folder, the game's usual chairs), the
table's looks ``docs/gallery/look.<name>.png`` (`LOOKS`: each card back on a felt, and the large
face), and ``docs/gallery.md``, the page that shows them. A shot is fixed by its game, seed,
moves and settings, so a rerun draws the same frames unless the table itself changed.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game import registry  # noqa: E402
from ui.backs import BACKS  # noqa: E402
from ui.felt import FELTS  # noqa: E402
from ui.headless import screenshot  # noqa: E402
from ui.text import Text  # noqa: E402


class Shot(NamedTuple):
    """One game's picture: where the bots leave it, and what it shows."""

    seed: int
    moves: int
    moment: str


SHOTS: dict[str, Shot] = {
    "hokm": Shot(1, 14, "a trick on the table, trump named"),
    "tiraje": Shot(1, 20, "winning on the canvas: play on, end the turn or give up"),
    "thief": Shot(1, 14, "real time: grab, add, catch a thief"),
    "shelem": Shot(1, 30, "the contract made, the bidder's side to lead"),
    "bidel": Shot(1, 30, "no hearts left: any card may go"),
    "ghahve": Shot(1, 4, "the teams' contracts"),
    "farib": Shot(1, 8, "the one card that may be played"),
    "shaitan": Shot(1, 30, "drawing blind from a neighbour's hand"),
    "bluff": Shot(1, 14, "a claim to call or let pass"),
    "taki": Shot(2, 20, "a bot calls its last card"),
    "rim": Shot(1, 20, "melds on the table, a card to discard"),
    "fal_eshgh": Shot(1, 20, "the fortune laid and read"),
    "fal_ezdevaj": Shot(1, 20, "the fortune laid and read"),
    "bistoyek": Shot(2, 14, "the banker's choice, chips on the table"),
    "nohasht": Shot(1, 8, "the chip ledger after a deal"),
    "bourse": Shot(1, 8, "an offer to buy or decline"),
    "pasur": Shot(6, 4, "a capture that must be made"),
    "haftkhabis": Shot(1, 47, "a live seven: answer it or draw"),
    "poker": Shot(3, 8, "after the draw: call, raise or fold, each seat's draw told"),
}
"""Each game's shot, in the order of the README's table of games."""

LANGS = ("fa", "en")
LOOK_SHOT = SHOTS["hokm"]
"""Where the looks are shown: Hokm with a trick on the table and three hands face down."""
LOOKS: dict[str, dict[str, Any]] = {
    **{f"back{i}": {"back": i, "felt": i} for i in range(len(BACKS))},
    "large": {"face": "large", "back": 3, "felt": 0},
    "large.colorblind": {"face": "large", "colorblind": True, "back": 1, "felt": 2},
}
"""Each look's settings (`main.py screenshot --setting`): every back, each on a felt of its own
(back 0 and felt 0 are the table's first), and the large face, alone and colour-blind."""


def page(size: str) -> str:
    """docs/gallery.md: a row per game, its Persian and English pictures side by side."""
    lines = ["# Gallery", "",
             f"Every game at a telling moment, in Persian and English ({size}, seat 0's view).",
             "Made by `python scripts/gallery.py`, which holds each shot's seed and moves"
             " (`SHOTS`).", "",
             "| game | فارسی | English |", "|---|---|---|"]
    for game, shot in SHOTS.items():
        cells = " | ".join(f"![{game} {lang}](gallery/{game}.{lang}.png)" for lang in LANGS)
        rules = registry.get(game)
        lines.append(f"| **{rules.name('en')}** · {rules.name('fa')}: {shot.moment} | {cells} |")
    lines += ["", "## The table's looks", "",
              "Chosen in the settings, with a preview; `main.py screenshot` draws any of them with"
              " the settings given: five card backs drawn in the Persian arts (the first is each"
              " deck's own), five felts, and a large-index face for players who see less well."
              " Hokm, in Persian.", "",
              "| look | screenshot | picture |", "|---|---|---|"]
    text = Text("en")
    for name, chosen in LOOKS.items():
        words = " ".join(f"--setting {key}={value if isinstance(value, str) else json.dumps(value)}"
                         for key, value in chosen.items())
        shown = [text.tr(f"back.{BACKS[chosen['back']]}") + " back",
                 text.tr(f"felt.{FELTS[chosen['felt']].name}") + " felt"]
        if chosen.get("face") == "large":
            shown.insert(0, "large index" + (", colour-blind" if chosen.get("colorblind")
                                             else ""))
        lines.append(f"| {'; '.join(shown)} | `{words}` | ![{name}](gallery/look.{name}.png) |")
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="960x540", help="window size in pixels, WxH")
    parser.add_argument("--game", action="append", choices=list(SHOTS),
                        help="only these games (all if not given)")
    args = parser.parse_args()
    w, _, h = args.size.partition("x")
    out = ROOT / "docs" / "gallery"
    for game in args.game or list(SHOTS):
        shot = SHOTS[game]
        for lang in LANGS:
            path = out / f"{game}.{lang}.png"
            screenshot(game, shot.seed, shot.moves, path, lang, (int(w), int(h)))
            print(f"{path.relative_to(ROOT)}  {path.stat().st_size // 1024} KB")
    for name, chosen in LOOKS.items() if not args.game else ():
        path = out / f"look.{name}.png"
        screenshot("hokm", LOOK_SHOT.seed, LOOK_SHOT.moves, path, "fa", (int(w), int(h)),
                   settings=chosen)
        print(f"{path.relative_to(ROOT)}  {path.stat().st_size // 1024} KB")
    (ROOT / "docs" / "gallery.md").write_text(page(args.size), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
