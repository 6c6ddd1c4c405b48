"""Headless matches between bots: the engine's workhorse for tests, tuning and benchmarks."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence

from game import bots, registry
from game.core import JSON, random_fill


def parse_bots(spec: str, seats: int) -> list[str]:
    """``random`` / ``heuristic`` for every seat, or one kind per seat, comma-separated."""
    kinds = [k.strip() for k in spec.split(",")]
    if len(kinds) == 1:
        kinds *= seats
    if len(kinds) != seats:
        raise ValueError(f"--bots names {len(kinds)} kinds for {seats} seats")
    for kind in kinds:
        if kind not in bots.KINDS:
            raise ValueError(f"unknown bot kind {kind!r}; kinds: {', '.join(bots.KINDS)}")
    return kinds


def parse_options(pairs: Sequence[str], flag: str = "--option") -> dict[str, JSON]:
    """``name=value`` pairs (given with ``flag``); values are read as JSON where they parse
    (``sets=3``, ``colorblind=true``), else as words (``match=pyramid``)."""
    out: dict[str, JSON] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep:
            raise ValueError(f"{flag} takes name=value, not {pair!r}")
        try:
            out[name] = json.loads(value)
        except json.JSONDecodeError:
            out[name] = value
    return out


def simulate(game_id: str, games: int, seed: int, kinds: Sequence[str],
             options: dict[str, JSON] | None = None) -> dict[str, JSON]:
    """Play ``games`` games of ``game_id`` between bots of ``kinds`` (one per seat).

    Game ``i`` uses seed ``seed + i``. A game is the rules' unit (`Rules.unit_options`, e.g. one
    Hokm hand) unless ``options`` say otherwise. Where several seats may act at once, the first
    listed acts first, as the table asks its bots (`ui.table.bots.BotWorker`), so that the
    simulator and `benchmarks/bots.py` measure the same game; in real time (Clumsy Thief), where
    any seat may act first, it is drawn. Returns counts: games, actions, wins per seat and team.
    """
    rules = registry.get(game_id)
    seats = len(kinds)
    rules.check_seats(seats)
    opts = {**rules.unit_options, **(options or {})}
    rules.resolve_options(opts)
    realtime = rules.realtime
    wins = [0] * seats
    team_wins: dict[str, int] = {}
    actions = 0
    for i in range(games):
        state = rules.new(seats, seed + i, opts)
        # The random seats draw from one generator (seeding one costs about what a move does);
        # the other kinds are bots of their own.
        rng = random.Random((seed + i) * 101)
        players = [None if kind == "random" else bots.make(kind, game_id, (seed + i) * 101 + s)
                   for s, kind in enumerate(kinds)]
        pick: random.Random | None = None  # seeded when first needed: most games never do
        # the state's methods looked up once a game: the loop below is the simulator's time
        is_over, to_act, legal_actions, apply, own_cards = (
            state.is_over, state.to_act, state.legal_actions, state.apply, state.own_cards)
        bits = rng.getrandbits
        while not is_over():
            acting = to_act()
            if len(acting) == 1 or not realtime:
                seat = acting[0]
            else:
                if pick is None:
                    pick = random.Random(seed + i)
                seat = acting[pick.randrange(len(acting))]
            player = players[seat]
            actions += 1
            if player is not None:
                apply(seat, player.act(state, seat))
                continue
            # What a `RandomBot` with generator ``rng`` chooses, draw for draw:
            # ``rng.randrange(n)`` inlined (the same ``getrandbits`` calls), a pattern filled as
            # it would fill it (from the seat's own cards, without the observation).
            legal = legal_actions(seat)
            n = len(legal)
            k = n.bit_length()
            r = bits(k)
            while r >= n:
                r = bits(k)
            action = legal[r]
            if "?" in action.arg or "#" in action.arg:
                action = random_fill(action, own_cards(seat), rng)
            apply(seat, action)
        result = state.result()
        for seat in result["winners"]:
            wins[seat] += 1
        for team in result.get("teams") or []:
            if set(team) <= set(result["winners"]):
                key = "+".join(str(s) for s in team)
                team_wins[key] = team_wins.get(key, 0) + 1
    return {"game": game_id, "games": games, "seed": seed, "bots": list(kinds),
            "actions": actions, "wins": wins, "team_wins": team_wins}
