"""The looks a player chooses: card backs in the Persian arts, felts, and the large-index face;
chosen in the settings with a preview, kept in the saves, drawn wherever cards are, and given to
`main.py screenshot --setting`."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

import main
from game.cards import french
from game.rules.taki import ALL_CARDS
from saves import Saves
from saves import schemas
from ui import art_taki, backs, cardart, felt, painter
from ui.app import App
from ui.headless import bot_config, screenshot
from ui.scenes.settings import SettingsScene
from ui.table.scene import TableScene

DECKS = ("french", "tiraje", "thief", "taki")
COMPACT, FULL = 42, 84
"""A hand's card in the smallest window (640×360) and in a 1280×720 one."""


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    the_app = App(Saves.open(tmp_path))
    yield the_app
    the_app.quit()
    pygame.quit()


def test_the_saves_know_every_back_and_felt_the_table_draws() -> None:
    assert len(backs.BACKS) == schemas.BACKS and len(felt.FELTS) == schemas.FELTS
    assert schemas.FACES == cardart.FACES
    assert len(backs.BACKS) >= 5 and len(felt.FELTS) >= 5  # four new of each, and the first


def unlike_turned(card: pygame.Surface) -> int:
    """How far ``card`` is from itself turned half a turn: the largest difference (the sum over
    red, green and blue) between the two seen as 10 by 14 blocks, outside the middle blocks,
    where a deck's emblem lies. Drawing rounds a shape's edge to a pixel, so a back drawn
    turning each half stays within a few tens; a card's face (its index in one corner, its
    court upright) is more than a hundred."""
    grid = (10, 14)
    upright = pygame.transform.smoothscale(card, grid)
    turned = pygame.transform.smoothscale(pygame.transform.rotate(card, 180), grid)
    return max(sum(abs(a - b) for a, b in zip(upright.get_at((x, y))[:3],
                                               turned.get_at((x, y))[:3]))
               for x in range(grid[0]) for y in range(grid[1])
               if not (3 <= x <= 6 and 5 <= y <= 8))


@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("pattern", range(len(backs.BACKS)))
def test_every_back_of_every_deck_reads_the_same_upside_down(pattern: int, deck: str) -> None:
    """Turned half a turn, a back looks the same: it tells nothing of which way a card is
    held (a face, the control, does not)."""
    for width in (COMPACT, FULL, 200):
        card = cardart.card_surface(None, width, back=deck, pattern=pattern)
        assert card.get_size() == (width, painter.card_height(width))
        if width >= FULL:
            assert unlike_turned(card) < 60, (backs.BACKS[pattern], deck, width)
    assert unlike_turned(cardart.card_surface("KD", FULL)) > 100


def test_the_backs_differ_and_the_classic_ones_are_the_decks_own() -> None:
    faces = [pygame.image.tobytes(cardart.card_surface(None, FULL, pattern=p), "RGBA")
             for p in range(len(backs.BACKS))]
    assert len(set(faces)) == len(faces)
    taki = cardart.card_surface(None, FULL, back="taki")
    assert pygame.image.tobytes(taki, "RGBA") == \
        pygame.image.tobytes(art_taki.back(FULL), "RGBA")


def test_a_deck_with_an_emblem_shows_it_on_every_back() -> None:
    """Tiraje's seven colours and Super Taki's wheel sit in the middle of each back."""
    for pattern in range(1, len(backs.BACKS)):
        plain = cardart.card_surface(None, FULL, back="french", pattern=pattern)
        for deck in ("tiraje", "taki"):
            marked = cardart.card_surface(None, FULL, back=deck, pattern=pattern)
            middle = [(FULL // 2 + dx, round(FULL * 0.7) + dy) for dx in range(-6, 7, 3)
                      for dy in range(-6, 7, 3)]
            assert any(plain.get_at(p) != marked.get_at(p) for p in middle), (pattern, deck)


def test_a_back_that_is_not_drawn_is_refused() -> None:
    with pytest.raises(ValueError, match="back"):
        cardart.card_surface(None, FULL, pattern=len(backs.BACKS))
    with pytest.raises(ValueError, match="face"):
        cardart.card_surface("AS", FULL, face="huge")


def ink_height(label: pygame.Surface) -> int:
    return label.get_bounding_rect().height


@pytest.mark.parametrize("lang", ["fa", "en", "ar"])
@pytest.mark.parametrize("width", [COMPACT, FULL])
def test_the_large_index_is_at_least_twice_the_standard_one(width: int, lang: str) -> None:
    """Every rank of the French deck and every number of Tiraje and Super Taki: the large
    face's label is at least twice as tall as the standard face's, on a compact card (the
    smallest window's hand) and on a full one."""
    card = painter.Canvas(width, cardart.PAPER, painter.INK, lang)
    for rank in french.RANKS:
        small = cardart.index_label(card, rank, painter.INK, False)
        large = cardart.index_label(card, rank, painter.INK, True)
        assert ink_height(large) >= 2 * ink_height(small), (rank, ink_height(large))
        assert large.get_width() <= width * painter.LARGE_COLUMN
    for number in "1234567":
        small = cardart.index_label(card, number, painter.INK, False, "tiraje")
        large = cardart.index_label(card, number, painter.INK, True, "tiraje")
        assert ink_height(large) >= 2 * ink_height(small), number
    for figure in sorted({code[1] for code in ALL_CARDS if code[1].isdigit()}):
        small = art_taki._label(card, figure, painter.INK)
        large = art_taki._large_label(card, figure, painter.INK)
        assert small is not None and ink_height(large) >= 2 * ink_height(small), figure


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_every_card_has_a_large_face_with_its_index_at_the_reading_start(lang: str) -> None:
    codes = [*french.deck(jokers=True), *(c + str(n) for c in "ROYGBIV" for n in range(1, 8)),
             "20", "80", "T", "J", *sorted({c[:2] + "1" for c in ALL_CARDS})]
    for width in (COMPACT, FULL):
        for code in codes:
            large = cardart.card_surface(code, width, lang=lang, face="large")
            standard = cardart.card_surface(code, width, lang=lang)
            assert large.get_size() == standard.get_size()
            if code in ("T", "J"):  # their pictures are their index
                continue
            assert pygame.image.tobytes(large, "RGBA") != pygame.image.tobytes(standard, "RGBA")
    card = cardart.card_surface("KD", FULL, lang=lang, face="large")  # red ink at the start
    start = range(3, FULL // 2 - 3) if lang == "en" else range(FULL // 2 + 3, FULL - 3)
    red = [x for x in start for y in range(4, 40) if card.get_at((x, y))[0] > 150
           and card.get_at((x, y))[1] < 90]
    assert red, lang


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """The WCAG contrast ratio of two colours."""
    def lum(c: tuple[int, int, int]) -> float:
        parts = [v / 255 for v in c]
        lin = [p / 12.92 if p <= 0.03928 else ((p + 0.055) / 1.055) ** 2.4 for p in parts]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize("cloth", felt.FELTS, ids=lambda f: f.name)
def test_every_felt_keeps_the_tables_words_readable(cloth: felt.Felt) -> None:
    """White names and counts read on the cloth and the room round it (WCAG AA, 4.5:1), the
    gold of the seat to act too (3:1, large text); the felt is drawn once per size."""
    for ground in (cloth.cloth, cloth.room):
        assert contrast((245, 245, 240), ground) >= 4.5, ground
        assert contrast((236, 200, 90), ground) >= 3, ground
    drawn = felt.surface(cloth, (640, 360))
    assert felt.surface(cloth, (640, 360)) is drawn
    assert drawn.get_at((320, 180))[:3] != cloth.room  # the oval
    assert drawn.get_at((4, 4))[:3] == cloth.room


def test_the_first_felt_is_the_tables_first_cloth() -> None:
    first = felt.FELTS[0]
    assert (first.room, first.cloth, first.rim) == ((12, 40, 28), (16, 70, 46), (30, 96, 64))
    assert felt.chosen(99) is first and felt.chosen("1") is first and felt.chosen(2).name == "lapis"


def press(app: App, scene: SettingsScene, key: str) -> None:
    """Reach the button ``key`` with the arrow keys and press Enter, as a person at the keys."""
    for _ in range(40):
        focused = scene.buttons.focused
        if focused is not None and focused.key == key:
            break
        target = next(b for b in scene.buttons.items if b.key == key)
        here, there = pygame.Rect(focused.box).center if focused else (0, 0), \
            pygame.Rect(target.box).center
        arrow = pygame.K_DOWN if there[1] > here[1] else pygame.K_UP if there[1] < here[1] \
            else pygame.K_RIGHT if there[0] > here[0] else pygame.K_LEFT
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=arrow, mod=0, unicode=""))
        app.step(1 / 60)
    assert scene.buttons.focused is not None and scene.buttons.focused.key == key
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                         unicode="\r"))
    app.step(1 / 60)


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_settings_choose_each_look_by_keys_keep_it_and_preview_it(
        app: App, tmp_path: Path, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    app.set_lang(lang)
    scene = SettingsScene(app)
    app.push(scene)
    app.step(1 / 60)
    drawn: list[dict[str, object]] = []
    real = cardart.card_surface

    def watched(code: str | None, width: int, **how: object) -> pygame.Surface:
        drawn.append({"code": code, **how})
        return real(code, width, **how)  # type: ignore[arg-type]

    for name, count in (("settings.back", len(backs.BACKS)), ("settings.felt", len(felt.FELTS))):
        setting = name.split(".")[1]
        for step in range(1, count + 1):
            press(app, scene, name)
            assert app.settings[setting] == step % count
            assert Saves.open(tmp_path).settings[setting] == step % count
    press(app, scene, "settings.face")
    assert Saves.open(tmp_path).settings["face"] == "large"
    press(app, scene, "settings.back")
    monkeypatch.setattr("ui.looks.card_surface", watched)
    app.step(1 / 60)
    assert {"code": None, "back": "french", "lang": lang, "colorblind": False, "face": "large",
            "pattern": 1} in drawn
    assert any(d["code"] == "AS" and d["face"] == "large" for d in drawn)
    words = [b.text for b in scene.buttons.items]
    assert app.text.tr("back.khatam") in words and app.text.tr("face.large") in words


def test_the_table_the_replay_and_the_review_draw_the_chosen_cards(app: App) -> None:
    app.settings.update(back=2, face="large", colorblind=True)
    table = TableScene(app, bot_config("hokm", 1, lang="fa"))
    assert table.card(None, 46) is cardart.card_surface(None, 46, pattern=2)
    assert table.card("AS", 84) is cardart.card_surface("AS", 84, face="large", colorblind=True)
    from ui.looks import card_face
    assert card_face(app, "tiraje", "R5", 70) is cardart.card_surface(
        "R5", 70, face="large", colorblind=True)
    table.match.worker.shutdown()
    table.hints.shutdown()


def test_a_setting_out_of_reach_falls_back_to_the_first(app: App) -> None:
    """A live value the saves never wrote (a newer table's back) draws the first one."""
    from ui.looks import dressed
    app.settings.update(back=77, face="huge")
    assert dressed(app)["pattern"] == 0 and dressed(app)["face"] == "standard"


@pytest.mark.parametrize("pairs, error", [
    (["back=9"], "back"), (["felt=-1"], "felt"), (["face=huge"], "face"),
    (["colour=1"], "no setting"), (["lang=en"], "--lang"), (["back"], "name=value"),
    (["speech=maybe"], "speech")])
def test_screenshot_refuses_a_setting_no_player_can_choose(pairs: list[str], error: str) -> None:
    with pytest.raises(main.UsageError, match=error):
        main._settings(pairs)


def test_screenshot_draws_with_the_settings_given(tmp_path: Path) -> None:
    chosen = main._settings(["felt=2", "back=3", "face=large", "colorblind=true"])
    assert chosen == {"felt": 2, "back": 3, "face": "large", "colorblind": True}
    out = screenshot("hokm", 1, 14, tmp_path / "shot.png", "en", (640, 360), settings=chosen)
    image = pygame.image.load(str(out))
    assert image.get_at((4, 4))[:3] == felt.FELTS[2].room
