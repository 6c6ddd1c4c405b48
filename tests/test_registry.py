"""One registration per game (`game.registry.GAMES`): every file a game brings belongs to a
registered game, and every registered game brings its files."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from game import bots, registry

ROOT = Path(__file__).resolve().parent.parent
SHARED = {"game/bots": {"base", "search"}, "ui/games": {"speech"}}
"""Modules beside the games' own in their folders, which no game owns."""
LANGS = ("fa", "en", "ar")


def own_modules(folder: str) -> set[str]:
    names = {p.stem for p in (ROOT / folder).glob("*.py") if p.stem != "__init__"}
    return names - SHARED.get(folder, set())


@pytest.mark.parametrize("folder", ["game/rules", "game/bots", "ui/games"])
def test_every_game_module_belongs_to_a_registered_game(folder: str) -> None:
    assert own_modules(folder) <= set(registry.ids()), "a game's file without its line in GAMES"


def test_every_help_file_belongs_to_a_registered_game() -> None:
    stems = {p.name.split(".")[0] for p in (ROOT / "assets" / "help").glob("*.md")}
    assert stems <= set(registry.ids())


@pytest.mark.parametrize("game", registry.GAMES, ids=lambda g: g.id)
def test_a_registered_game_brings_what_its_line_names(game: registry.Game) -> None:
    rules = registry.get(game.id)
    assert rules.id == game.id and rules.__module__ == game.rules_module
    if game.bot:
        assert hasattr(importlib.import_module(game.bot_module), "HeuristicBot")
    else:
        assert game.id not in own_modules("game/bots")
    assert game.id in own_modules("ui/games"), "its words: ui/games/<id>.py"
    for lang in LANGS:
        assert (ROOT / "assets" / "help" / f"{game.id}.{lang}.md").is_file(), f"help in {lang}"
    assert not (game.unsearched and game.chance), "one reason for its levels, not two"
    assert set(game.measured) <= {"hard", "expert"}


def test_the_levels_follow_the_registration() -> None:
    """What the bots offer is read from the registration, never kept beside it."""
    for game in registry.GAMES:
        offered = bots.levels(game.id)
        if game.chance:
            assert offered == ("normal",)
        elif game.unsearched or registry.get(game.id).realtime:
            assert offered == ("easy", "normal")
        else:
            assert "hard" in offered
            assert ("expert" in offered) == ("expert" in game.measured
                                             and game.measured["expert"].stronger)
