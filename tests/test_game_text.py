"""Each game's own words: present in three languages, and a key two games share reads the same."""

from __future__ import annotations

import pytest

from game import registry
from ui.games import LANGS, game_strings

GAMES = registry.ids()


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_has_help_and_option_names_in_three_languages(game_id: str) -> None:
    words = game_strings(game_id)
    assert set(words[f"help.{game_id}"]) == set(LANGS)
    assert all(words[f"help.{game_id}"][lang].startswith("## ") for lang in LANGS)
    rules = registry.get(game_id)
    for option in rules.options.values():
        assert f"opt.{game_id}.{option.name}" in words, f"option {option.name} has no name"
        for value in option.choices:
            if isinstance(value, str):
                assert f"optval.{game_id}.{option.name}.{value}" in words
    for key, entry in words.items():
        assert set(entry) == set(LANGS) and all(entry.values()), f"{key} misses a language"


def test_a_key_two_games_share_reads_the_same() -> None:
    seen: dict[str, tuple[str, dict[str, str]]] = {}
    for game_id in GAMES:
        for key, entry in game_strings(game_id).items():
            if key in seen:
                other, first = seen[key]
                assert first == entry, f"{key} reads differently in {other} and {game_id}"
            seen[key] = (game_id, entry)
