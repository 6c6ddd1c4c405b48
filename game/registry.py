"""Every game of the table, by id: one registration each (`GAMES`), its rules module imported on
first use (`get`), and the checks a saved game passes before it is played on (`restore`,
`load`)."""

from __future__ import annotations

import importlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TypeVar, get_type_hints

from game.core import JSON, Rules, State, check_frame, check_in_play, check_state
from game.shapes import Observation


@dataclass(frozen=True)
class Measured:
    """A level against the one below it, measured on duplicate deals (every deal played from
    every side: `benchmarks/bots.py --game G --pairs A-B --games N --seed S --cpu-clock`): its
    share of ``games`` won (a draw half), the 95 % interval of that share over the deals, and
    the fair share (1 / teams, or 1 / seats). The setup shows ``won`` beside the level."""

    won: float
    low: float
    high: float
    games: int
    fair: float
    seed: int

    @property
    def stronger(self) -> bool:
        """Whether the level measured stronger than the one below it: the interval's lower end
        above the fair share."""
        return self.low > self.fair


@dataclass(frozen=True)
class Game:
    """A game's registration: its line in `GAMES` names everything the game brings.

    The files are found by the game's id where the house keeps them: the rules in
    ``game/rules/<id>.py`` (whose `Rules` give the names, seats, options and card back), the
    heuristic bot in ``game/bots/<id>.py`` (its ``HeuristicBot``), the words in
    ``ui/games/<id>.py`` and the help in ``assets/help/<id>.<lang>.md``; tests/test_registry.py
    holds every file to a registered game and every registered game to its files. What differs
    from game to game is said here:

    - ``bot``: whether the game has a heuristic bot (else ``normal`` plays at random);
    - ``measured``: the searched levels as last measured (``hard`` against normal, ``expert``
      against hard; docs/bots.md keeps the runs): a level is offered only where it measured
      stronger (`Measured.stronger`), and the setup shows by how much;
    - ``unsearched``: why the search is not offered where it measured no stronger;
    - ``chance``: why a game of chance offers one level (no choice changes a seat's odds);
    - ``search_top``: the search tries only the heuristic's first few candidates of a verb.
    """

    id: str
    bot: bool = True
    measured: Mapping[str, Measured] = field(default_factory=dict)
    unsearched: str = ""
    chance: str = ""
    search_top: int | None = None

    @property
    def rules_module(self) -> str:
        return f"game.rules.{self.id}"

    @property
    def bot_module(self) -> str:
        return f"game.bots.{self.id}"


GAMES: tuple[Game, ...] = (
    Game("hokm", measured={"hard": Measured(0.566, 0.545, 0.589, 600, 0.5, 1)}),
    Game("tiraje", measured={"hard": Measured(0.323, 0.294, 0.351, 400, 0.25, 1)}),
    Game("thief"),
    Game("shelem",
         measured={"hard": Measured(0.684, 0.650, 0.718, 500, 0.5, 1),
                   "expert": Measured(0.553, 0.510, 0.596, 320, 0.5, 1)}),
    Game("bidel", measured={"hard": Measured(0.319, 0.288, 0.350, 400, 0.25, 1)}),
    Game("ghahve", measured={"hard": Measured(0.700, 0.666, 0.734, 400, 0.5, 1)}),
    Game("farib", measured={"hard": Measured(0.668, 0.640, 0.697, 600, 0.5, 1)}),
    Game("shaitan", chance="every draw is blind, from a hand whose order the rules keep random"),
    Game("bluff", measured={"hard": Measured(0.632, 0.595, 0.669, 500, 0.25, 1)}),
    Game("taki",
         unsearched=(
             "hard won 26.5 % of 400 single rounds against normal at 4 seats (fair 25 %), "
             "[22.5, 30.5] over 100 deals, on a median of 73 worlds a decision (docs/bots.md; "
             "23.3 % of 120 in an earlier run): a round is a four-way race decided at its end, "
             "and a playout that stands in the heuristic for every seat says little of how the "
             "others will race")),
    Game("rim", measured={"hard": Measured(0.528, 0.502, 0.554, 1000, 0.5, 1)}, search_top=4),
    Game("fal_eshgh", chance="a fortune: the layout reads itself, nobody wins by a choice"),
    Game("fal_ezdevaj", chance="a fortune: the layout reads itself, nobody wins by a choice"),
    Game("bistoyek", measured={"hard": Measured(0.391, 0.353, 0.430, 400, 0.25, 1)}),
    Game("nohasht",
         chance="the hands are dealt face down and shown together; a side pot is an even bet"),
    Game("bourse",
         unsearched=(
             "a deal is the whole game (49 trading windows, ~300 actions), so 300 ms buys a "
             "median of 9 sampled worlds (3 on a slower machine), too few for the search to "
             "move off the heuristic's choice on evidence; hard won 1 of 8 games against "
             "normal, on both machines. Nor is much hidden for a search to weigh: a live "
             "card's expected prize is public (money / live cards), only the calls' order "
             "is not")),
    Game("pasur", measured={"hard": Measured(0.667, 0.631, 0.704, 400, 0.5, 1)}),
    Game("haftkhabis", measured={"hard": Measured(0.305, 0.274, 0.336, 600, 0.25, 1)}),
    Game("poker",
         unsearched=(
             "hard lost 10.6 chips a game to normal, [-14.8, -6.3] over 100 deals (400 "
             "games at 4 seats, 300 ms of CPU and a median of 81 worlds a decision; docs/bots.md; "
             "the deals it won, 30.7 % where the fair share is 25 %, were small pots): a world "
             "dealt at random seldom fits every bet and draw of the others, so the search counts "
             "on folds that a seat which bet does not make; searching the true deal instead, it "
             "won 29.5 chips a game [22.9, 36.1] (120 games at 40 worlds, --see-all)")),
)
"""Every game of the table, in the menu's order: adding a game is adding its line here
(docs/adding-a-game.md)."""

ENTRIES = {game.id: game for game in GAMES}
MODULES = {game.id: game.rules_module for game in GAMES}
"""Game id to the module whose import registers it."""

_GAMES: dict[str, Rules] = {}
R = TypeVar("R", bound=Rules)


def register(rules: R, state_class: type[State]) -> R:
    """Called by each rules module for its one `Rules` object and its `State` class, which
    learn each other (`Rules.state_class`, `State.rules`)."""
    type(rules).state_class = state_class
    state_class.rules = rules
    _GAMES[rules.id] = rules
    return rules


def all() -> list[Rules]:
    return [get(game_id) for game_id in MODULES]


def ids() -> list[str]:
    return list(MODULES)


def get(game_id: str) -> Rules:
    """The game ``game_id``; `KeyError` naming the known ids otherwise."""
    if game_id not in MODULES:
        raise KeyError(f"unknown game {game_id!r}; games: {', '.join(MODULES)}")
    if game_id not in _GAMES:
        importlib.import_module(MODULES[game_id])
    return _GAMES[game_id]


def observation_type(game_id: str) -> type[Observation]:
    """The TypedDict ``game_id``'s observations are declared as (`game.shapes`): the return
    type of its state's `State.observation`."""
    declared: type[Observation] = get_type_hints(get(game_id).state_class.observation)["return"]
    return declared


def restore(d: dict[str, JSON]) -> State:
    """The state that ``State.to_dict()`` wrote, checked (`core.check_state`) before it is used.

    `TypeError` if ``d`` is not a dict; `ValueError` naming what is wrong for an unknown game, a
    missing or malformed field, a field far larger than any game keeps (`core.check_size`), a
    field the game's own `State.check_fields` refuses (a dealer or a trump the table cannot
    have, a list without an entry for each seat), or a game no rules allow (a card missing or
    twice, a seat out of range, nobody to act, chips that are not the game's): a damaged save is
    refused here, in words that name the field, not met later by the table. What comes from
    outside the process goes through `load`."""
    if not isinstance(d, dict):
        raise TypeError(f"a saved game is a dict, not {type(d).__name__}")
    game_id = d.get("game")
    if not isinstance(game_id, str) or game_id not in MODULES:
        raise ValueError(f"a saved game names its game ({', '.join(MODULES)}), not {game_id!r}")
    rules = get(game_id)
    check_frame(rules, d)
    try:
        state = rules.state_from_dict(d)
        if d.get("seats", state.seats) != state.seats:
            raise ValueError(f"{d['seats']} seats: this game was set for {state.seats}")
        state.check_fields()
        check_state(state)
    except KeyError as e:
        raise ValueError(f"a saved {game_id} game without its field {e}") from e
    except IndexError as e:
        raise ValueError(f"a saved {game_id} game with a seat's part missing ({e})") from e
    except (TypeError, ValueError, AttributeError) as e:
        raise ValueError(f"not a {game_id} game any rules allow: {e}") from e
    return state


def load(d: dict[str, JSON]) -> State:
    """`restore` for a state from outside the process (a file, later the network): restored,
    written back as it was given (kinds included: ``true`` is no seat), then played on in trial
    (`core.check_in_play`), so that a damaged field no check of `restore` can judge is refused
    now, with the same `ValueError`, and not met by the player a deal later. The table's own
    snapshots (undo) need only `restore`."""
    state = restore(d)
    if json.dumps(state.to_dict(), sort_keys=True) != json.dumps(d, sort_keys=True):
        # Kinds count: a turn saved as true reads as seat 1 and compares equal to it.
        raise ValueError(f"the {state.rules.id} game cannot be restored as it was saved")
    try:
        check_in_play(state)
    except ValueError as e:
        raise ValueError(f"not a {state.rules.id} game any rules allow: {e}") from e
    return state
