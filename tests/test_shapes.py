"""The declared shapes of the seam (`game.shapes`) hold: every game declares its observation and
its events, no declared field is ``Any``, what the rules give in random matches is what they
declare, and the type checker reports a misspelled fact or event key."""

from __future__ import annotations

import random
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NotRequired, Required, get_args, get_origin, get_type_hints

import pytest
from typeguard import check_type

from game import claim, registry, shapes
from game.core import Event, State
from game.shapes import Move, NoData, Observation, Result
from net import messages, referee
from net.protocol import ProtocolError, encode, read_host
from tests.test_invariants import concrete

GAMES = registry.ids()
ROOT = Path(__file__).resolve().parent.parent


def state_class(game_id: str) -> type[State]:
    return registry.get(game_id).state_class


def declared(game_id: str) -> Any:
    """The observation type ``game_id``'s state declares (its `State.observation`'s return)."""
    return get_type_hints(state_class(game_id).observation)["return"]


def is_typeddict(t: object) -> bool:
    return isinstance(t, type) and issubclass(t, dict) and hasattr(t, "__required_keys__")


def anys(t: object, where: str, seen: set[int]) -> list[str]:
    """Every place inside type ``t`` that is ``Any``, named by its path of keys."""
    if t is Any:
        return [where]
    if is_typeddict(t):
        if id(t) in seen:
            return []
        seen.add(id(t))
        hints = get_type_hints(t)
        return [a for key, hint in hints.items() for a in anys(hint, f"{where}.{key}", seen)]
    origin = get_origin(t)
    if origin in (Required, NotRequired):
        return anys(get_args(t)[0], where, seen)
    return [a for arg in get_args(t) for a in anys(arg, where, seen)]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_declares_its_observation(game_id: str) -> None:
    """A game's observation is its own TypedDict, built on `Observation` (the table's keys
    declared once), with its facts."""
    obs = declared(game_id)
    assert is_typeddict(obs) and obs is not Observation, \
        f"{game_id}: observation() returns {obs!r}, not the game's own TypedDict"
    assert set(get_type_hints(Observation)) <= set(get_type_hints(obs))
    facts = get_type_hints(state_class(game_id).facts)["return"]
    assert set(get_type_hints(facts)) <= set(get_type_hints(obs))


def test_no_declared_shape_is_any() -> None:
    """No field of a declared shape, a game's, a shared one or a network message's, is ``Any``
    (nor ``JSON``)."""
    found: list[str] = []
    seen: set[int] = set()
    for module in (shapes, messages, referee):
        for name in dir(module):
            value = getattr(module, name)
            if is_typeddict(value):
                found += anys(value, name, seen)
    for game_id in GAMES:
        found += anys(declared(game_id), game_id, seen)
        for kind, shape in registry.get(game_id).events.items():
            found += anys(shape, f"{game_id}.{kind}", seen)
    assert found == []


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_declares_its_events(game_id: str) -> None:
    """Each kind of event a game makes has a TypedDict for its data, and the keys the table
    moves cards by (`Move`) have in it the one type `Move` gives them."""
    events = registry.get(game_id).events
    assert events, f"{game_id} declares no events (Rules.events)"
    moves = get_type_hints(Move)
    for kind, shape in events.items():
        assert is_typeddict(shape), f"{game_id}.{kind}: {shape!r} is not a TypedDict"
        hints = get_type_hints(shape)
        assert {key: hints[key] for key in moves.keys() & hints.keys()} == \
            {key: moves[key] for key in moves.keys() & hints.keys()}, \
            f"{game_id}.{kind} gives a key of Move another type"


def test_a_game_with_claims_declares_the_claim_event() -> None:
    for game_id in claim.GAMES:
        assert registry.get(game_id).events.get("claim") is NoData, game_id


def test_every_declared_event_is_one_the_game_makes() -> None:
    """No kind is declared that the rules never make: each is named where events are made
    (the game's module, or the shared deal and claim)."""
    shared = "".join((ROOT / "game" / f).read_text(encoding="utf-8")
                     for f in ("deal.py", "claim.py"))
    stale = []
    for game_id in GAMES:
        rules = registry.get(game_id)
        source = Path(sys.modules[type(rules).__module__].__file__ or "").read_text(
            encoding="utf-8") + shared
        stale += [f"{game_id}.{kind}" for kind in rules.events if f'"{kind}"' not in source]
    assert stale == []


@pytest.mark.parametrize("game_id", GAMES)
def test_events_under_every_option_are_as_declared(game_id: str) -> None:
    """Kinds made only under an option (Tiraje's sevens, Shelem's redeal, side bets in 21)
    hold to their shapes too: one random deal with each value of each option that lists its
    values, at the fewest seats."""
    rules = registry.get(game_id)
    seats = min(rules.seat_counts)
    for name, option in rules.options.items():
        for value in option.choices:
            if value == option.default:
                continue
            state = rules.new(seats, 1, {**rules.unit_options, name: value})
            events_as_declared(game_id, state.opening)
            rng = random.Random(1)
            while not state.is_over():
                seat = rng.choice(state.to_act())
                events_as_declared(game_id, state.apply(seat, concrete(
                    state, seat, rng.choice(state.legal_actions(seat)), rng)))


def events_as_declared(game_id: str, events: Sequence[Event]) -> None:
    shapes_of = registry.get(game_id).events
    for e in events:
        assert e.kind in shapes_of, f"{game_id} makes an undeclared event {e.kind!r}"
        shape_of(e.data, shapes_of[e.kind], f"{game_id} {e.kind} event")


def shape_of(value: object, t: object, what: str) -> None:
    check_type(value, t)  # raises TypeCheckError naming the key and the value that differ
    assert isinstance(value, dict), what


@pytest.mark.parametrize("game_id", GAMES)
def test_observations_events_and_results_are_as_declared(game_id: str) -> None:
    """In random matches at the fewest and most seats, every seat's observation and the
    spectator's (every few actions), every event and the result hold to the declared types
    exactly: no key missing, none undeclared, every value of its declared type."""
    rules = registry.get(game_id)
    obs_type = declared(game_id)
    for seats in sorted({min(rules.seat_counts), max(rules.seat_counts)}):
        for seed in range(2):
            state = rules.new(seats, seed)
            events_as_declared(game_id, state.opening)
            rng = random.Random(seed)
            steps = 0
            while not state.is_over():
                if steps % 7 == 0:
                    for seat in [None, *range(seats)]:
                        shape_of(state.observation(seat), obs_type, f"{game_id} seat {seat}")
                seat = rng.choice(state.to_act())
                events_as_declared(game_id, state.apply(seat, concrete(
                    state, seat, rng.choice(state.legal_actions(seat)), rng)))
                steps += 1
            for seat in [None, *range(seats)]:
                shape_of(state.observation(seat), obs_type, f"{game_id} over, seat {seat}")
            shape_of(state.result(), Result, f"{game_id} result")


@pytest.mark.parametrize("path,right,wrong", [
    ("game/rules/hokm.py", '"last_trick":', '"last_trik":'),
    ("game/rules/hokm.py", '"how": "first_ace"', '"hwo": "first_ace"'),
    ("ui/scenes/setup.py", '"seed": self.seed', '"sede": self.seed'),
    ("net/referee.py", '"observation": state.observation(seat)',
     '"obsrvation": state.observation(seat)')])
def test_a_misspelt_key_is_a_type_error(tmp_path: Path, path: str, right: str,
                                        wrong: str) -> None:
    """A copy of Hokm's rules whose facts misspell a key the table reads, or whose event
    misspells a key of its data, of the setup whose match misspells its seed, or of the referee
    whose update misspells the observation, fails the type check, which names the key."""
    source = (ROOT / path).read_text(encoding="utf-8")
    assert source.count(right) == 1
    copy = tmp_path / "misspelt.py"
    copy.write_text(source.replace(right, wrong), encoding="utf-8")
    mypy = shutil.which("mypy", path=str(Path(sys.executable).parent)) or "mypy"
    run = subprocess.run(
        [mypy, "--strict", "--no-error-summary", "--python-version", "3.11",
         "--follow-imports", "silent",
         "--cache-dir", str(tmp_path / "cache"), str(copy)],
        cwd=ROOT, capture_output=True, text=True, env={"MYPYPATH": str(ROOT), "PATH": ""})
    misspelt = wrong.split('"')[1]
    assert misspelt in run.stdout and "typeddict" in run.stdout, run.stdout + run.stderr
    assert run.returncode == 1



def update_frame(observation: object, events: list[object] | None = None) -> str:
    return encode({"type": "update", "n": 0, "observation": observation, "to_act": [0],
                   "legal": [], "events": events or [], "over": False, "result": None,
                   "resync": False, "clocks": []})


def test_an_update_whose_observation_is_not_the_games_is_refused() -> None:
    """A table joined over the network holds each update's observation to its game's declared
    shape: a fact of another type, or one the game does not declare, is a breach named in
    words, not a table that breaks later."""
    observation = registry.get("hokm").new(4, 1).observation(0)
    read = read_host(update_frame(observation), 4, "hokm")
    assert read["type"] == "update" and read["observation"] == observation
    with pytest.raises(ProtocolError, match="trump"):
        read_host(update_frame({**observation, "trump": 5}), 4, "hokm")
    with pytest.raises(ProtocolError, match="extra"):
        read_host(update_frame({**observation, "shown_hand": ["AS"]}), 4, "hokm")
    with pytest.raises(ProtocolError, match="zones"):
        read_host(update_frame({k: v for k, v in observation.items() if k != "zones"}), 4,
                  "hokm")


def test_an_update_whose_event_is_not_the_games_is_refused() -> None:
    """A joined table holds each event it is sent to its kind's declared shape: a kind the
    game does not make, a misspelt key, or a card where the table moves a list of cards is a
    breach named in words, not a sprite that flies from nowhere."""
    observation = registry.get("hokm").new(4, 1).observation(0)
    played = {"kind": "play", "seat": 0, "data": {"card": "AS", "from": "hand:0", "to": "trick"},
              "to": None}
    read = read_host(update_frame(observation, [played]), 4, "hokm")
    assert read["type"] == "update" and read["events"][0].data == played["data"]
    with pytest.raises(ProtocolError, match="makes no event 'grab'"):
        read_host(update_frame(observation, [{**played, "kind": "grab"}]), 4, "hokm")
    with pytest.raises(ProtocolError, match="crad"):
        read_host(update_frame(observation, [{**played, "data": {
            "crad": "AS", "from": "hand:0", "to": "trick"}}]), 4, "hokm")
    taken = {"kind": "trick", "seat": 0, "data": {"cards": "AS", "from": "trick", "to": "won:0"},
             "to": None}
    with pytest.raises(ProtocolError, match="cards"):
        read_host(update_frame(observation, [taken]), 4, "hokm")


def test_a_welcome_to_a_game_this_version_does_not_know_is_refused_in_words() -> None:
    """A host of a newer version may deal a game this table does not have: the welcome is
    refused, naming the game, before any of its events is read."""
    welcome = {"type": "welcome", "seat": 0, "seats": 4, "game": "hokm", "token": "t" * 32,
               "options": {}, "chairs": [{"name": f"P{s}", "kind": "remote"} for s in range(4)],
               "opening": [], "clock": 0, "match": "0" * 32}
    assert read_host(encode(welcome), None)["type"] == "welcome"
    with pytest.raises(ProtocolError, match="does not know: chaharbarg"):
        read_host(encode({**welcome, "game": "chaharbarg"}), None)
