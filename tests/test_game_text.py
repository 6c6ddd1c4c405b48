"""Each game's own words: present in three languages, and a key two games share reads the same."""

from __future__ import annotations

import ast
import importlib.util
import random
import re
import string
from pathlib import Path

import pytest

from game import core, registry, tricks
from game.core import IllegalAction, Reason, is_pattern, random_fill
from ui.games import LANGS, game_strings
from ui.i18n import CATALOGUE
from ui.plural import languages

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
        assert languages(entry) == set(LANGS) and all(entry.values()), \
            f"{key} misses a language"


def test_a_key_two_games_share_reads_the_same() -> None:
    seen: dict[str, tuple[str, dict[str, str]]] = {}
    for game_id in GAMES:
        for key, entry in game_strings(game_id).items():
            if key in seen:
                other, first = seen[key]
                assert first == entry, f"{key} reads differently in {other} and {game_id}"
            seen[key] = (game_id, entry)


# -- refusals, card names and scripts (issue 16, point 2) -----------------------------------
#
# The keys a game can refuse with are read from its source: every `Reason(...)` call, found by
# walking the module's syntax tree. A registry of keys each module declares was the other way;
# it would say the same thing twice (the declaration and the call) and still need a check that
# the two agree, where the syntax tree is what the game really raises. The one rule it needs is
# that a key is written out (`Reason("bid_higher", ...)`, never a computed key), which the walk
# checks. A game played at random then shows every refusal it meets is such a Reason.



def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def _raised(path: str, only: set[str] | None = None) -> dict[str, list[set[str]]]:
    """Every `Reason` the module at ``path`` builds (with ``only``, in those of its functions):
    key -> the argument names of each call."""
    found: dict[str, list[set[str]]] = {}
    tree = ast.parse(Path(path).read_text(encoding="utf-8"))
    roots: list[ast.AST] = [tree] if only is None else [
        f for f in tree.body if isinstance(f, ast.FunctionDef) and f.name in only]
    for node in (n for root in roots for n in ast.walk(root)):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else \
            func.attr if isinstance(func, ast.Attribute) else ""
        if name != "Reason":
            continue
        key = node.args[0] if node.args else None
        assert isinstance(key, ast.Constant) and isinstance(key.value, str), \
            f"{path}:{node.lineno}: write the Reason's key out, so that its words can be checked"
        found.setdefault(key.value, []).append({k.arg for k in node.keywords if k.arg})
    return found


def _module_path(game_id: str) -> str:
    spec = importlib.util.find_spec(registry.MODULES[game_id])
    assert spec is not None and spec.origin is not None
    return spec.origin


SHARED = _raised(core.__file__)
"""The refusals every game may give through `game.core` (over, turn, unfilled, not_now)."""


def _helpers(path: str) -> set[str]:
    """The functions the module at ``path`` imports from `game.tricks` (the trick games'
    shared rules, which give some of their refusals for them)."""
    tree = ast.parse(Path(path).read_text(encoding="utf-8"))
    return {a.name for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.module == "game.tricks"
            for a in node.names}


def raised(game_id: str) -> dict[str, list[set[str]]]:
    """Every refusal key ``game_id`` can give, with the arguments of each place that gives it:
    in its module, in `game.core`, and in the `game.tricks` functions it uses."""
    out = {key: list(calls) for key, calls in SHARED.items()}
    path = _module_path(game_id)
    helpers = _helpers(path)
    shared = _raised(tricks.__file__, helpers) if helpers else {}
    for found in (_raised(path), shared):
        for key, calls in found.items():
            out.setdefault(key, []).extend(calls)
    return out


def why_entry(game_id: str, key: str) -> dict[str, str] | None:
    """The words the table shows for ``key``: the game's own, else the shared ones."""
    return CATALOGUE.get(f"why.{game_id}.{key}") or CATALOGUE.get(f"why.{key}")


@pytest.mark.parametrize("game_id", GAMES)
def test_every_refusal_a_game_can_give_has_words_in_three_languages(game_id: str) -> None:
    for key, calls in raised(game_id).items():
        entry = why_entry(game_id, key)
        assert entry is not None, f"{game_id} refuses with {key!r}: no why.{game_id}.{key} " \
                                  f"nor why.{key} in the catalogue"
        assert languages(entry) == set(LANGS) and all(entry.values()), \
            f"why {key} misses a language"
        given = set.intersection(*calls)
        for lang, text in entry.items():
            assert _fields(text) <= given, \
                f"why {key} ({lang}) uses {_fields(text) - given}, which {game_id} does not " \
                "always give"
    own = {k.split(".", 2)[2] for k in game_strings(game_id) if k.startswith(f"why.{game_id}.")}
    assert own <= set(raised(game_id)), f"{game_id} never refuses with {own - set(raised(game_id))}"


def _hand(state: core.State, seat: int) -> list[str]:
    return [c for z in state.zones() if z.kind == "hand" and z.owner == seat for c in z.cards]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_refusal_met_in_play_is_a_reason_the_game_declares(game_id: str) -> None:
    """Random games: at each step every seat tries actions seen earlier (legal then, mostly
    refused now); each refusal is a `Reason` whose key the source walk found."""
    rules, keys = registry.get(game_id), set(raised(game_id))
    met: set[str] = set()
    for seed in (1, 2):
        rng = random.Random(seed)
        state = rules.new(rules.seat_counts[0], seed)
        pool: list[core.Action] = []
        for _ in range(150):
            if state.is_over():
                break
            for seat in range(state.seats):
                for action in rng.sample(pool, min(4, len(pool))):
                    try:
                        state.clone().apply(seat, action)
                    except IllegalAction as e:
                        assert isinstance(e.reason, Reason), f"{action}: {e.reason!r}"
                        assert e.reason.key in keys, f"{action}: {e.reason.key} not found"
                        met.add(e.reason.key)
            seat = rng.choice(state.to_act())
            action = rng.choice(state.legal_actions(seat))
            if is_pattern(action):
                action = random_fill(action, _hand(state, seat), rng)
            pool.append(action)
            state.apply(seat, action)
    if keys - set(SHARED):  # a game with refusals of its own (a fortune may have none)
        assert met - set(SHARED), f"only {met} met: the check saw none of the game's own refusals"


SAMPLE = {"fa": "نمونه", "en": "sample", "ar": "مثال"}
"""What stands for every ``{field}`` when a catalogue string is rendered for the check."""

LATIN_ALLOWED = {
    "table.ready_keys": ("Enter", "Space"),
    "table.key.hint": ("H",), "table.key.undo": ("U",), "table.key.log": ("L",),
    "table.key.last": ("T",), "table.key.menu": ("Esc",), "lesson.only": ("H",),
    "settings.fullscreen": ("F11",),
    "settings.no_speech": ("espeak-ng",),
    "lang.en": ("English",),
    "invite.join_say": ("7-guitar-ribbon",),
    "online.bad_invite": ("AK7-QXP-3MN", "join"),
    "online.plain_text": ("ws",),
    "settings.server_hint": ("wss", "ws", "Ctrl", "V"), "server.bad.scheme": ("wss", "ws"),
    "server.bad.form": ("wss", "ws"),
}
"""Latin words a Persian or Arabic string may hold: the names printed on keys, the name of the
program to install, the name of the English language in its own script, an invitation's code as
the host's table shows it (magic-wormhole's words are English), a table server's code and link
as the player types them, the scheme of an address (ws://, wss://) and the paste key (Ctrl+V)."""

OWN_SCRIPT = {"lang.fa", "lang.ar", "lang.en", "help.taki"}
"""Written in more than one script on purpose: language names in their own script in every
language, and Super Taki's help, which gives its cards' Persian and Arabic names side by side
(the issue asks for both)."""

LATIN = re.compile(r"[A-Za-z]")
NOT_PERSIAN = re.compile("[يكة]")  # Arabic yeh, kaf, teh marbuta: Persian writes ی ک ه
NOT_ARABIC = re.compile("[پچژگکی]")  # letters Arabic does not write


def test_every_string_renders_in_its_own_script() -> None:
    wrong: list[str] = []
    for lang in LANGS:
        for key, entry in CATALOGUE.items():
            if lang == "en" or key in OWN_SCRIPT - {"lang.en"}:
                continue
            for form, said in entry.items():  # each form of a counted entry too
                if form.partition(".")[0] != lang:
                    continue
                shown = said.format(**dict.fromkeys(_fields(said), SAMPLE[lang]))
                for word in LATIN_ALLOWED.get(key, ()):
                    shown = re.sub(rf"(?<![A-Za-z]){word}(?![A-Za-z0-9])", "", shown)
                if LATIN.search(shown):
                    wrong.append(f"{key} ({lang}): Latin {sorted(set(LATIN.findall(shown)))}")
                if key in OWN_SCRIPT:
                    continue
                other = NOT_PERSIAN if lang == "fa" else NOT_ARABIC
                if other.search(shown):
                    wrong.append(f"{key} ({lang}): {sorted(set(other.findall(shown)))} "
                                 f"is not {lang} script")
    assert not wrong, "\n".join(wrong)


def deck(game_id: str) -> set[str]:
    """Every card the game can deal: the cards of a new game's zones, for each seat count and
    each option value."""
    rules = registry.get(game_id)
    variants: list[dict[str, object] | None] = [None]
    variants += [{name: value} for name, option in rules.options.items()
                 for value in option.choices if value != option.default]
    return {c for seats in rules.seat_counts for options in variants
            for z in rules.new(seats, 1, options).zones() for c in z.cards}


@pytest.mark.parametrize("game_id", GAMES)
def test_every_card_of_a_game_has_a_name_in_three_languages(game_id: str) -> None:
    for code in sorted(deck(game_id)):
        entry = CATALOGUE.get(f"card.{game_id}.{code}") or CATALOGUE.get(f"card.{code}")
        assert entry is not None, f"{game_id}'s card {code} has no name"
        assert set(entry) == set(LANGS) and all(entry.values()), f"{code} misses a language"
