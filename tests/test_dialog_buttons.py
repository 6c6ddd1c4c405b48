"""Every dialog's buttons hold their labels, in Persian, English and Arabic, in the smallest
window and the largest: each label keeps clear of its button's rounded sides, and the row of
buttons stays inside the dialog's panel."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from pathlib import Path

import pygame
import pytest

from saves import Saves
from ui.app import App
from ui.widgets import LABEL_PAD, Dialog

CHOICES = {
    "resume (ui/scenes/menu.py)": ("menu.continue", "menu.new_game"),
    "notice (ui/scenes/__init__.py)": ("common.ok",),
    "replace (ui/scenes/setup.py)": ("menu.continue", "setup.replace", "common.back"),
    "pause (ui/result.py)": ("pause.resume", "pause.rules", "pause.leave"),
}
"""The catalogue keys of each dialog's choices, in order, as its caller gives them."""
PANEL = (240, 1040)
"""The dialog panel's left and right (virtual px)."""


@pytest.mark.parametrize("size", [(640, 360), (1280, 720)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["fa", "en", "ar"])
def test_every_dialog_button_holds_its_label(lang: str, size: tuple[int, int],
                                             tmp_path: Path) -> None:
    saves = Saves.open(tmp_path)
    saves.settings["lang"] = lang
    app = App(saves, size)
    view = app.view
    for dialog, keys in CHOICES.items():
        scene = Dialog(app, "title", "message", [(app.text.tr(k), lambda: None) for k in keys])
        scene.enter()
        rects = [b.rect(app) for b in scene.buttons.items]
        for button, rect in zip(scene.buttons.items, rects, strict=True):
            image = app.text.render(button.text, view.px(button.size), bold=button.primary)
            assert image.get_width() <= rect.w - 2 * view.px(LABEL_PAD), (dialog, button.text)
            assert view.rect(PANEL[0], 0, PANEL[1] - PANEL[0], 720).contains(rect), dialog
        assert all(a.right <= b.left or b.right <= a.left
                   for i, a in enumerate(rects) for b in rects[i + 1:]), dialog
    pygame.quit()
