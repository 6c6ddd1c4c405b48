"""Nothing covers what a player reads: every game at its most seats, in the largest and the
smallest window, in English and Persian, with the standard and the large card faces, through the
first actions of a seeded game. The seats' names (where `ui.table.paint.seat_places` puts them),
the corner index of every face-up card (`index_rects` of the layout's boxes) and the panel of
facts (`ui.table.status.placed_panel`) never overlap one another, and no card of a seat's row
lies over the index of a card under it."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game import registry
from saves import Saves
from ui.app import App
from ui.headless import bot_config, bot_moves
from ui.table.scene import TableScene
from ui.table.layout import CARD_RATIO, LARGE_RANK, Layout, ZoneBox, index_rects
from ui.table.paint import SeatLabel, seat_places
from ui.table.sprites import side_by_side
from ui.table.status import HAND_TOP, in_the_way, placed_panel, placed_status

SIZES = ((1280, 720), (640, 360))
MOVES, EVERY = 40, 8
"""Actions walked per game, and how often the table is looked at."""


def crowded(app: App, game_id: str) -> Iterator[TableScene]:
    """The game at its most seats, after every `EVERY` actions."""
    seats = max(registry.get(game_id).seat_counts)
    table = TableScene(app, bot_config(game_id, 1, lang=app.lang, seats=seats))
    app.push(table)
    for n, _ in enumerate(bot_moves(table, table.match, 1, MOVES)):
        del app.scenes[1:]  # the sheet between deals is not what is looked at
        if table.hold_until:
            table.hold_until = 0.0
            table._refresh([])
        if n % EVERY == 0:
            yield table
    table.match.worker.shutdown()
    table.hints.shutdown()


def labels(table: TableScene) -> list[SeatLabel]:
    """The seats' labels as the table writes them now (names, marks and scores), seat by seat."""
    facts, chairs = table.facts(), table.match.config["seats"]
    acting = set(table.match.to_act())
    return [SeatLabel(table.words.seat_label(facts, seat, chairs[seat]), seat in acting,
                      table.words.level(facts, seat), False)
            for seat in range(table.match.state.seats)]


def in_sight(index: pygame.Rect, box: ZoneBox, foot: bool, large: bool,
             viewer: int | None) -> pygame.Rect:
    """What of a card's ``index`` a status line may not cover: all of it, but the mark under a
    large face's rank on the viewer's own cards when the line is at the foot (`LARGE_RANK`)."""
    if not (large and foot and box.id == f"hand:{viewer}"):
        return index
    return pygame.Rect(index.x, index.y, index.w, round(box.width * CARD_RATIO * LARGE_RANK))


def overlaps(app: App, table: TableScene) -> list[str]:
    """What covers what at the table now, in words (none is right)."""
    view, rtl = app.view, app.text.rtl
    large = app.settings["face"] == "large"
    boxes = table.boxes
    lay = Layout(table.match.state.seats, table.viewer, table.rules.direction)
    buttons = [button.rect(app) for button in table.buttons]
    names = [place.rect for place in seat_places(app, lay, boxes, labels(table), buttons)]
    found = [f"name {a} / name {b}" for a, first in enumerate(names)
             for b in range(a + 1, len(names)) if first.colliderect(names[b])]
    for b, slot, index in index_rects(boxes, view.scale, rtl, large):
        box, shown = boxes[b], view.rect(*index)
        on_top = -1 if rtl and side_by_side(box) else 1  # as sprites.stacking lays them
        for i, (x, y) in enumerate(box.slots if box.owner is not None else ()):
            card = view.rect(x - box.width / 2, y - box.width * CARD_RATIO / 2, box.width,
                             box.width * CARD_RATIO)
            if on_top * i > on_top * slot and card.colliderect(shown):
                found.append(f"{box.id}[{i}] over {box.id}[{slot}]")
        found += [f"name {seat} / {box.id}[{slot}]" for seat, name in enumerate(names)
                  if name.colliderect(shown)]
    seats = table.match.state.seats
    said = table.status()
    band = [placed_status(app, said, seats, in_the_way(boxes, seats, table.viewer),
                          names[table.viewer or 0], [*names, *buttons])[2]] if said else []
    foot = any(r.centery > view.pt(0, HAND_TOP)[1] for r in band)  # below the hand after all
    panel = placed_panel(app, table.words.info_lines(table.seen()), seats, boxes,
                         [*names, *buttons, *band])[1]
    found += [f"panel / name {seat}" for seat, name in enumerate(names)
              if panel.colliderect(name)]
    found += [f"panel / {boxes[b].id}[{slot}]" for b, slot, index in
              index_rects(boxes, view.scale, rtl, large) if panel.colliderect(view.rect(*index))]
    found += [f"panel / button {k}" for k, r in enumerate(buttons) if panel.colliderect(r)]
    found += ["panel / status line" for r in band if panel.colliderect(r)]
    found += [f"status line / name {seat}" for seat, name in enumerate(names) for r in band
              if r.colliderect(name)]
    found += [f"status line / {boxes[b].id}[{slot}]" for b, slot, index in
              index_rects(boxes, view.scale, rtl, large) for r in band
              if r.colliderect(view.rect(*in_sight(index, boxes[b], foot, large, table.viewer)))]
    return found


@pytest.mark.parametrize("face", ["standard", "large"])
@pytest.mark.parametrize("lang", ["en", "fa"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game_id", [g for g in registry.ids()
                                     if max(registry.get(g).seat_counts) > 1])
def test_at_its_most_seats_nothing_covers_a_name_an_index_or_the_panel(
        game_id: str, size: tuple[int, int], lang: str, face: str, tmp_path: Path) -> None:
    saves = Saves.open(tmp_path)
    saves.settings.update(lang=lang, face=face)
    app = App(saves, size)
    found: dict[str, int] = {}
    for table in crowded(app, game_id):
        for what in overlaps(app, table):
            found[what] = found.get(what, 0) + 1
    pygame.quit()
    assert not found, sorted(found)
