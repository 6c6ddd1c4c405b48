"""Undo never peeks: no action after which a person sees a card they could not see just before
(a draw, a deal, a card turned or passed) can be taken back, in any game that draws.

The match is played headless (`ui.table.match.Match`, its bots deciding inline), one person at
seat 0 choosing at random, every other chair a bot, over whole matches with many deals.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from game.core import Event, is_pattern, random_fill
from ui.table import bots as table_bots
from ui.table.match import Match, card_codes

DRAWING = ("bistoyek", "rim", "taki", "shaitan", "haftkhabis", "pasur", "tiraje", "nohasht",
           "bourse")
"""The games where a card comes from a pile nobody sees: 21's hits, Rim's and Super Taki's and
Haft Khabis's draws, Shaitan's draw from a neighbour, Pasur's later deals (from the stock, no
shuffle), Tiraje's 3 and its palette draw, 9-8's rounds from one pack, Bourse's calls."""


def in_view(match: Match) -> set[str]:
    """The cards face up to the person (seat 0) now."""
    return {c for z in match.state.zones() for c in z.visible(0) if c is not None}


def named(events: list[Event], cards: set[str]) -> set[str]:
    """The cards that events the person may see name."""
    return {c for e in events if e.visible_to(0) for c in card_codes(e.data, cards)}


@pytest.fixture(autouse=True)
def inline_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bots decide on the call that asks (no thread): the run replays whatever the load."""
    monkeypatch.setattr(table_bots, "POOL", lambda searching: table_bots.Inline())


OPTIONS = {"tiraje": {"actions": True, "palette_draw": True}, "bourse": {"deals": 3}}
"""Options under which a game draws at all (Tiraje's draws come with its odd-number actions and
the greater-than-palette draw, both off by default), and in more than one deal (a Bourse match
is one game by default)."""


def play(game_id: str, seed: int, actions: int) -> Counter[str]:
    """Play a match of ``game_id``: after every action, the person's (seat 0) or a bot's, that
    showed the person a card they could not see just before, undo must be refused and change
    nothing. Returns how many such actions there were ("shown"), and of them how many showed a
    card the person had seen before, earlier in the match, and not since ("seen before": the case
    that peeked, since the table remembered every card shown in the match and let a hit of one
    seen in an earlier deal, or a draw from a pile shuffled again, be taken back)."""
    from game import registry
    rules = registry.get(game_id)
    seats = [{"kind": "person", "name": "P"}] + [
        {"kind": "bot", "name": f"B{s}", "level": "random"} for s in range(1, rules.usual_seats)]
    match = Match.start({"game": game_id, "seats": seats, "options": OPTIONS.get(game_id, {}),
                         "seed": seed})
    rng = random.Random(seed)
    counts: Counter[str] = Counter()
    ever: set[str] = set()
    """Every card the person has seen before the action in hand."""
    clock = 0.0
    try:
        for _ in range(actions):
            if match.state.is_over():
                break
            before = in_view(match)
            ever |= before
            if 0 in match.to_act():
                action = rng.choice(match.legal_actions(0))
                if is_pattern(action):
                    action = random_fill(action, match.state.own_cards(0), rng)
                events: list[Event] | None = match.act(0, action)
                who = str(action)
            else:
                clock += 10
                events, who = match.poll(clock, 0.01, lambda: False), "a bot"
            shown = (in_view(match) | named(events or [], match.cards)) - before
            if not shown:
                continue
            counts["shown"] += 1
            counts["seen before"] += bool(shown & ever)
            ever |= shown
            position: dict[str, Any] = match.state.to_dict()
            assert not match.undo(), f"{game_id}: {who} showed {sorted(shown)}, and undo " \
                "took it back"
            assert match.state.to_dict() == position and match.undo_sealed
    finally:
        match.close()
    return counts


@pytest.mark.parametrize("game_id", DRAWING)
def test_a_card_the_person_could_not_see_seals_undo_in_every_game_that_draws(
        game_id: str) -> None:
    """Draw, undo, draw: chance is the seed and a counter, and a deck once shuffled is drawn in
    its order, so the same card would come again, and the person, having seen it, could take
    the draw back and stand. In 21 a hit of a card seen in an earlier deal was not sealed (4
    hits of 10 peeked). Each game here is played until the person has been shown, three times,
    a card seen earlier in the match, and every action that showed the person a card they
    could not see just before it seals undo."""
    total: Counter[str] = Counter()
    for seed in range(1, 40):
        total += play(game_id, seed, 3000)
        if total["seen before"] >= 3:
            break
    assert total["seen before"] >= 3, f"{game_id}: {total}"
