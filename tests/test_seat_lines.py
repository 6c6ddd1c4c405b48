"""A seat's line (its name, then its marks and score) where it has the room: on one line, else
the name alone on the first line and the marks under it; within the room its row leaves it
(`Layout.name_room`), clear of the controls and of the status line's place. And the status
line clear of them in turn."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from saves import Saves
from ui.app import App
from ui.table.layout import EDGE, NAME_APART, VIRTUAL_W, Layout
from ui.table.paint import SeatLabel, broken, seat_place, seat_places
from ui.table.status import HAND_TOP, centre_band, placed_status

POKER = "Bot 2 (Normal) · bet 20 · drew 3 · 960 chips · stake 40"


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    saves = Saves.open(tmp_path)
    saves.settings.update(lang="en")
    yield App(saves, (1280, 720))
    pygame.quit()


def test_a_line_that_fits_stays_whole_else_the_name_stands_alone_above_its_marks() -> None:
    def fits(width: int) -> Callable[[str], bool]:
        return lambda line: len(line) <= width

    assert broken(POKER, " · ", fits(len(POKER))) == [POKER]
    assert broken(POKER, " · ", fits(24)) == ["Bot 2 (Normal)", "bet 20 · drew 3",
                                              "960 chips · stake 40"]
    assert broken(POKER, " · ", fits(10)) == ["Bot 2 (Normal)", "bet 20", "drew 3", "960 chips",
                                              "stake 40"]
    assert broken("Sara", " · ", fits(2)) == ["Sara"]


def test_names_in_one_row_keep_to_their_side_of_the_middle_between_them() -> None:
    lay = Layout(7, 0, "clockwise")  # seats 3 and 4 at the top, 3 on the left
    (low3, high3), (low4, high4) = lay.name_room(3, []), lay.name_room(4, [])
    x3, x4 = lay.name_at(3, [])[0], lay.name_at(4, [])[0]
    middle = (x3 + x4) / 2
    assert x3 < x4 and (low3, high4) == (EDGE, VIRTUAL_W - EDGE)
    assert high3 == pytest.approx(middle - NAME_APART / 2) and low4 == pytest.approx(
        middle + NAME_APART / 2)
    assert lay.name_room(0, []) == (EDGE, VIRTUAL_W - EDGE)  # the viewer's, alone at the foot


def test_a_long_line_breaks_within_its_room_and_keeps_clear_of_a_control(app: App) -> None:
    lay = Layout(8, 0, "anticlockwise")
    label = SeatLabel(POKER, False, (0, 0), False)
    whole = seat_place(app, lay, [], 4, label, [])  # the top seat: the row to itself
    assert len(whole.lines) == 1
    side = seat_place(app, lay, [], 1, label, [])  # beside the viewer's hand, lower right
    column = pygame.Rect(side.rect.centerx, 0, 200, 720)
    kept = seat_place(app, lay, [], 1, label, [column])
    assert len(kept.lines) > 1 and not kept.rect.colliderect(column)
    assert kept.lines[0][0] == "Bot 2 (Normal)"  # the name alone
    assert all(kept.rect.contains(rect) for _, _, rect in kept.lines)


def test_no_seat_at_a_crowded_table_reaches_the_status_line_place(app: App) -> None:
    for seats in (7, 8, 9, 10):
        lay = Layout(seats, 0, "anticlockwise")
        labels = [SeatLabel(POKER, seat == 1, (0, 0), False) for seat in range(seats)]
        band = app.view.rect(*centre_band(seats))
        places = seat_places(app, lay, [], labels)
        assert not any(place.rect.colliderect(band) for place in places), seats
        assert not any(a.rect.colliderect(b.rect) for i, a in enumerate(places)
                       for b in places[i + 1:]), seats


def test_the_status_line_goes_below_the_hand_while_a_control_lies_across_its_middle(
        app: App) -> None:
    said = "Your turn: Withdraw or Call on"
    view = app.view
    name = pygame.Rect(view.rect(600, 690, 80, 28))
    centred = placed_status(app, said, 8, False, name)[2]
    assert centred.bottom <= view.pt(0, HAND_TOP)[1]
    offer = view.rect(337, 480, 606, 40)  # Bourse's third open offer
    beside = view.rect(900, 500, 120, 30)  # a seat's name beside the line
    narrower = placed_status(app, said, 8, False, name, [beside])[2]
    assert narrower.centery == centred.centery and not narrower.colliderect(beside)
    below = placed_status(app, said, 8, False, name, [offer, beside])[2]
    assert below.top <= name.centery <= below.bottom and not below.colliderect(offer)
    assert not below.colliderect(name)
