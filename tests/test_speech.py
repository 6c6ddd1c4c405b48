"""The table speaks: at every decision of a seeded bot game of every game, in English and
Persian, the status line says something made of words (no action code) and the panel shows the
facts a player of that game keeps in mind."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import re
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path
from typing import Any

import pygame
import pytest

from game import registry
from saves import Saves
from ui.app import App
from ui.games.speech import signed
from ui.headless import (bot_config, bot_moves, drawn, open_table, scratch_saves,
                         screenshot)
from ui.table.scene import TableScene

MOVES = 240
"""Actions walked per game: enough for every phase of a deal (a Shelem deal is ~60)."""
CODE = re.compile(r"[?#]\d|\b(?:act|say|why|log|table|card)\.[a-z_]+|\b[2-9TJQKA][SHDC]b?\b")
"""A pattern's token, a catalogue key left untranslated, or a French card's code."""


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[App]:
    the_app = App(Saves.open(Path(tmp_path_factory.mktemp("speech"))))
    yield the_app
    pygame.quit()


def walk(app: App, game_id: str, lang: str, seed: int = 1) -> Iterator[TableScene]:
    """A table with a person in chair 0 and bots elsewhere, after each action of a seeded
    game (the person's moves made by a bot too), the finished trick already taken."""
    app.set_lang(lang)
    table = TableScene(app, bot_config(game_id, seed, lang=lang))
    for _ in bot_moves(table, table.match, seed, MOVES):
        del app.scenes[:]  # the sheet between deals is not what is tested here
        if table.hold_until:
            table.hold_until = 0.0
            table._refresh([])
        yield table
    table.match.worker.shutdown()
    table.hints.shutdown()


def expected(game_id: str, f: dict[str, Any], t: TableScene) -> list[str]:
    """Words the panel must show, from the public facts."""
    name = t.words.name
    if game_id == "shelem" and f.get("bid") is not None:
        return [str(f["bid"]), name(f["hakem"])]
    sizes = {z["id"]: len(z["cards"]) for z in t.obs["zones"]}
    if game_id == "bluff" and f.get("claim"):
        return [name(f["claim"][0]), t.words.card_name(str(f["claim"][2])), str(sizes["pile"])] + \
            [f"{name(s)}: {sizes[f'hand:{s}']}" for s in range(f["seats"])]
    if game_id == "shaitan":
        return [str(sizes["pairs"] // 2)] + \
            [f"{name(s)}: {sizes[f'hand:{s}']}" for s in range(f["seats"])]
    if game_id == "bidel":
        return [f"{name(s)}: {v}" for s, v in enumerate(f["totals"])] + \
            [f"{name(s)}: {v}" for s, v in enumerate(f["points"])]
    if game_id == "ghahve" and any(f["contracts"]):
        return [str(f["contracts"][0]), str(f["contracts"][1]), signed(f["scores"][0]), "501"]
    if game_id == "farib" and f.get("maker") is not None:
        return [name(f["maker"]), str(f["options"]["target"])]
    if game_id == "rim":
        return [f"{name(s)}: {v}" for s, v in enumerate(f["totals"])] + \
            [str(f["target"]), str(sizes["stock"])]
    if game_id == "hokm" and f.get("trump"):
        return [t.words.card_name(f["trump"])]
    if game_id == "bistoyek" and f.get("bank_owner") is not None:
        return [str(f["bank"]), name(f["bank_owner"])]
    if game_id == "nohasht" and f.get("dealer") is not None:
        return [name(f["dealer"])]
    if game_id == "poker" and f.get("phase") in ("bet", "draw"):
        pots = f["pots"]
        return [name(f["dealer"]), *([str(p["chips"]) for p in pots] if len(pots) > 1
                                     else [str(f["pot"])])]
    if game_id in ("taki", "thief"):
        return [str(f["stock" if game_id == "taki" else "deck"])]
    return []


@pytest.mark.parametrize("lang", ["en", "fa"])
@pytest.mark.parametrize("game_id", registry.ids())
def test_every_decision_has_a_status_line_and_its_panel(app: App, game_id: str,
                                                        lang: str) -> None:
    phases: set[tuple[Any, bool]] = set()
    codes: set[str] = set()  # every action code with an argument legal so far, any seat's
    for table in walk(app, game_id, lang):
        state = table.match.state
        codes |= {str(a) for s in state.to_act() for a in state.legal_actions(s) if a.arg}
        line = table.status()
        f = table.facts()
        mine = bool(table.legal)
        phases.add((f.get("phase"), mine))
        assert line.strip(), (game_id, f.get("phase"))
        assert not CODE.search(line) and not any(c in line for c in codes), (game_id, line)
        panel = " | ".join(table.words.info_lines(table.seen()))
        assert not CODE.search(panel), (game_id, panel)
        for word in expected(game_id, f, table):
            assert word in panel, (game_id, lang, word, panel)
    assert any(mine for _, mine in phases), (game_id, "the person never decided")


def play_out(app: App, game_id: str, lang: str, seed: int) -> Iterator[TableScene]:
    """`walk`, and the table once more when the game is over."""
    table = None
    for table in walk(app, game_id, lang, seed):
        yield table
    assert table is not None and table.match.state.is_over()
    yield table


@pytest.mark.parametrize("lang", ["en", "fa", "ar"])
def test_the_love_fortune_names_each_pair_and_keeps_it_in_sight(app: App, lang: str) -> None:
    """Each step after the turn names the pair it lifted out and says why; the panel reads pair
    by pair, each by its two cards and its rank's meaning; the pairs stay face up in a row of
    their own, clear of the line and the status line; the end is no "Game over"."""
    saw_pair = False
    for table in play_out(app, "fal_eshgh", lang, seed=5):
        pairs = [c for c in table.seen().zones["pairs"] if c]
        panel = [line.lower() for line in table.words.info_lines(table.seen())]
        for a, b in zip(pairs[::2], pairs[1::2]):
            words = (table.words.card_name(a).lower(), table.words.card_name(b).lower(),
                     table.words.tr(f"reading.fal_eshgh.{b[0]}").lower())
            assert any(all(w in line for w in words) for line in panel), (words, panel)
        line = table.status().lower()
        if table.facts()["phase"] == "read" and pairs:
            saw_pair = True
            assert table.words.card_name(pairs[-1]).lower() in line, line
            assert table.words.card_name(pairs[-2]).lower() in line, line
        boxes = {box.id: box for box in table.boxes}
        row = boxes["pairs"]
        xs = [x for x, _ in row.slots]
        assert all(b - a >= row.width * 0.3 for a, b in pairwise(xs)), xs
        assert not row.rect.colliderect(boxes["line"].rect)
        assert row.rect.top > 536  # below the status line's band
    assert saw_pair
    assert table.status() == table.words.tr("fal_eshgh.say.over") != table.words.tr("say.over")


@pytest.mark.parametrize("lang", ["en", "fa", "ar"])
def test_the_marriage_fortune_reads_card_by_card_as_they_turn(app: App, lang: str) -> None:
    """Each turn names its card by its place; the ring's turn says it is the ring; from then
    on the panel reads the ring (its row's "when") and each turned card beside it, by name,
    side and meaning; the end is no "Game over"."""
    from game.rules.fal_ezdevaj import RING, beside

    saw_ring = False
    for table in play_out(app, "fal_ezdevaj", lang, seed=1):
        seen = table.seen()
        grid = [c for r in range(4) for c in seen.zones[f"row:{r}"]]
        panel = [line.lower() for line in table.words.info_lines(table.seen())]
        turned = seen.fact_int("turned") or 0
        if RING not in grid:
            continue
        ring = grid.index(RING)
        when = table.words.tr(f"reading.fal_ezdevaj.when.row{ring // 4 + 1}").lower()
        assert any(table.words.card_name(RING).lower() in line and when in line for line in panel)
        for side, place in beside(ring):
            card = grid[place] if place < len(grid) else None
            if card:
                words = (table.words.card_name(card).lower(),
                         table.words.tr(f"fal_ezdevaj.side.{side}").lower(),
                         table.words.tr(f"reading.fal_ezdevaj.beside.{card[0]}").lower())
                assert any(all(w in line for w in words) for line in panel), (words, panel)
        if turned == ring + 1 and table.facts()["phase"] == "turn":
            saw_ring = True
            assert table.status() == table.words.tr("fal_ezdevaj.say.ring", place=turned,
                                              card=table.words.card_name(RING),
                                              said=table.words.tr("fal_ezdevaj.say.turn",
                                                            place=turned + 1))
    assert saw_ring
    assert table.status() == table.words.tr("fal_ezdevaj.say.over") != table.words.tr("say.over")


def test_screenshot_words_name_each_piece_by_its_role(tmp_path: Path) -> None:
    words: list[str] = []
    screenshot("shelem", 3, 33, tmp_path / "s.png", "en", words=words)
    roles = {w.split(":", 1)[0] for w in words}
    assert {"status", "panel", "seat"} <= roles, words
    assert "status: Your turn: follow clubs" in words
    assert any(w.startswith("panel: Hakem: ") and "110" in w for w in words), words


def test_screenshot_words_hold_what_is_drawn_not_what_was_measured() -> None:
    """Rim's buttons are measured as the table lays them out (between frames) and drawn in the
    frame: they are buttons, and no sheet lies over the table to own a word."""
    words: list[str] = []
    screenshot("rim", 3, 30, None, "en", (640, 360), words=words)
    assert "button: Draw from the stock" in words
    assert [w for w in words if w.startswith("sheet:")] == [], words


@pytest.mark.parametrize("refusal", [True, False])
def test_a_note_is_heard_once_as_a_note(refusal: bool) -> None:
    """A refusal or a hint over the table is the note's words, not the status line's (the
    status line is placed round the note before the note is drawn)."""
    with scratch_saves() as saves:
        saves.settings.update(lang="en")
        app = App(saves, (1280, 720))
        try:
            table = open_table(app, "hokm", 5, 12)
            del app.scenes[1:]
            said = table.words.tr("table.cannot" if refusal else "table.thinking")
            table.say(said, refusal)
            app.text.heard = []
            drawn(app)
            heard = [(role, text) for role, text in app.text.heard if text == said]
            assert heard == [("note", said)]
        finally:
            app.quit()
            pygame.quit()


def test_a_game_without_words_of_its_own_still_speaks() -> None:
    """The fallback for a game with no ``status`` (the two games written on other branches):
    the viewer's decision from its verbs' labels, another's by name, after the last event."""
    from game.core import Action
    from ui.games.speech import Seen
    from ui.table.status import status_line
    from ui.text import Text

    tr = Text("en").tr
    labels = {"bid": "Bid", "pass": "Pass", "play": "Play"}

    def seen(legal: list[Action], deciding: list[int]) -> Seen:
        return Seen({"phase": "bid"}, {}, 0, deciding, legal, lambda s: f"Mina{s}", str,
                    lambda a: labels[a.verb], lambda t: f"team{t}")

    mine = seen([Action("bid", "100"), Action("bid", "105"), Action("pass")], [0])
    assert status_line("no_such_game", mine, tr, "Mina1 passes") == "Your turn: Bid or Pass"
    theirs = seen([], [2])
    assert status_line("no_such_game", theirs, tr, "Mina1 passes") == \
        "Mina1 passes · Mina2 is choosing…"
    assert status_line("no_such_game", seen([], [1, 2, 3]), tr, "") == "3 players are choosing…"




@pytest.mark.parametrize("lang,seat,status", [
    ("fa", "سارا | دست‌دهنده | ۱ برگ عوض کرد | ۹۸۰ ژتون | شرط ۲۰",
     "ربات ۳ عوض کرد: ۳ برگ | ربات ۲ برگ عوض می‌کند…"),
    ("ar", "سارة | الموزّع | بدّل ١ | ٩٨٠ فيشة | الرهان ٢٠", "روبوت ٣ بدّل ٣ | روبوت ٢ يبدّل…"),
    ("en", "Sara · dealer · drew 1 · 980 chips · stake 20", "Bot 3 draws 3 · Bot 2 is drawing…")])
def test_no_number_runs_into_another_nor_into_a_dot_read_as_zero(
        tmp_path: Path, lang: str, seat: str, status: str) -> None:
    """The Persian and Arabic zero (۰, ٠) is a dot: «دست‌دهنده · ۱ برگ» read as ten cards drawn,
    «۲۰ · ۲» as 2002, «ربات ۳ ۳ برگ» as Bot 33. In fa and ar a seat's marks, and the last word
    and the next in the status, are parted by a bar (the middle dot in en); a count follows its
    verb after a colon."""
    after_draw: list[str] = []
    screenshot("poker", 3, 8, tmp_path / "after.png", lang, words=after_draw)
    seats = [w.removeprefix("seat: ") for w in after_draw if w.startswith("seat: ")]
    assert seats[0] == seat
    assert lang == "en" or not any("·" in s for s in seats), seats
    drawing: list[str] = []
    screenshot("poker", 3, 16, tmp_path / "drawing.png", lang, words=drawing)
    assert f"status: {status}" in drawing, [w for w in drawing if w.startswith("status")]



@pytest.mark.parametrize("lang,lines", [
    ("en", ["status: End of deal 1 · Bot 2 is dealing…", "panel: Dealer: Bot 2 · deal 2",
            "panel: Last pot: Bot 2 won 40 with two pair, kings and nines"]),
    ("fa", ["panel: دست ۲، دست‌دهنده: ربات ۲",
            "panel: دست قبل: ربات ۲ با دو پر، شاه و نه برد: ۴۰ ژتون"]),
    ("ar", ["panel: التوزيعة ٢، الموزّع: روبوت ٢",
            "panel: الوعاء الأخير (٤٠): ربح روبوت ٢ بـزوجان: شايب وتسعة"])])
def test_between_deals_the_panel_names_the_deal_to_come_and_the_last_pot(
        tmp_path: Path, lang: str, lines: list[str]) -> None:
    """The deal passes on when one ends: the panel names the deal the new dealer is to give,
    not the one just ended under another dealer; and the last pot, its chips apart from the
    winner's number («ربات ۲ ۴۰ ژتون» read as one number)."""
    words: list[str] = []
    screenshot("poker", 5, 12, tmp_path / "p.png", lang, words=words)
    for line in lines:
        assert line in words, [w for w in words if w.startswith("panel")]
