"""Claiming the rest of a hand in the trick games: Hokm (four, three and two seats), Shelem,
Bi-Del, Ghahve and Farib.

What a claim says
-----------------
A seat about to play a card may claim the rest of the hand. Each game's rules module says what
that means there (its docstring's "Claim"); in words common to them:

- Hokm, Shelem, Ghahve, Farib: the claimer's side (its team as its observation shows it, else
  the claimer alone) takes every trick left in the hand. The rest of the hand is then decided:
  Hokm's tricks until the hand ends (a side's seventh, a Bam's thirteenth; a side that reaches
  7-0 then chooses Bam or stop as ever), Shelem's points and the Shelem, Ghahve's contracts and
  overtricks, Farib's march.
- Bi-Del: every penalty point still out comes to the claimer (no other seat takes a trick that
  holds a heart or Q♠). The deal's penalties are then decided: a moon completed, or a deal
  whose points are all out already (any seat may then claim it). "I take no more points" alone
  would not decide it: who of the others takes the points still out is still to be played.

When a claim holds (`check`)
----------------------------
In every deal of the cards the claimer cannot see that fits what it has seen, as its game's
`Rules.sample_state` honours it (voids shown, cards passed, the widow, the discards looked at:
the game's `hidden`, `game.deal.Hidden.every`), and against every legal card of every other
seat (the partner's too: a claim is the claimer's alone, and must hold however the partner
plays), the claimer has a card to play that keeps the claim, and the card it plays may depend
only on what it has seen: one card for all the deals it cannot tell apart. The check searches
the deals together: at the claimer's turn each of its legal cards is tried in all the deals
alike (where its legal cards differ from deal to deal, as when Shelem for two turns up the
cards of its piles, in each group of deals with the same legal cards: a coarser telling apart
than what it sees, so a stricter check); at another seat's turn every card it could play in any
deal is followed, with the deals in which it holds that card. A claim that holds comes with
the claimer's plays (`Claim.plays`), by what it has seen since the claim.

When a claim is offered (`offered`)
-----------------------------------
Only where the check is small enough to finish at once (under 100 ms on a 2-core machine,
`benchmarks/claim.py`), decided by counting, never by a clock: the deals that fit times the
lines of play in each (each seat's cards in hand, every order: ``cards!`` per seat, multiplied)
must not pass the game's `WORK`. That bounds the positions the check visits (every line of
every deal, at most), and each game's bound is what its check does in under 100 ms: a position
of Shelem or Farib costs several times one of Hokm. In practice: the last two or three tricks,
and in a hand whose cards have told much (voids), more.

Ending a hand by a claim (`play_out`): the rest is played at once on the real state, the
claimer's cards as its plays say and every other seat's first legal card (any card keeps a
claim that holds), so the hand ends by the rules as it would have been played, events and all.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, cast

from game import registry
from game.core import Action, Event, State, seat_of
from game.deal import Hidden
from game.rules.bidel import points_of
from game.shapes import Observation, move

WORK = {"hokm": 20_000, "ghahve": 20_000, "bidel": 8_000, "shelem": 2_500, "farib": 2_000}
"""Per game, the most deals times lines of play (`work`) a claim is offered at: what its check
does in under 100 ms (`benchmarks/claim.py`)."""


def any_trick(cards: Sequence[str]) -> bool:
    """Every trick counts: a claim of Hokm, Shelem, Ghahve or Farib is of every trick."""
    return True


def any_points(cards: Sequence[str]) -> bool:
    """A trick counts when it holds a penalty point (Bi-Del: a heart or Q♠)."""
    return any(map(points_of, cards))


GAMES: dict[str, Callable[[Sequence[str]], bool]] = {
    "hokm": any_trick, "shelem": any_trick, "ghahve": any_trick, "farib": any_trick,
    "bidel": any_points}
"""The games a hand may be claimed in, each with the tricks the claim says no seat outside the
claimer's side will take (their cards). Each declares the ``claim`` event that opens a played
out claim (`play_out`) among its events, with `game.shapes.NoData`."""


class Hides(Protocol):
    """A game whose rules say what a seat cannot see, as deals to list (`game.deal.Hidden`)."""

    def hidden(self, observation: Observation) -> Hidden[State]: ...


def hides(game_id: str) -> Hides:
    """The rules of ``game_id``, a game of `GAMES`, as what says what a seat cannot see."""
    return cast(Hides, registry.get(game_id))


Line = tuple[tuple[int, Action], ...]
"""What was played since a claim, in order: (seat, action) each."""
Choice = tuple[Line, tuple[Action, ...]]
"""A decision of the claimer: what was played since the claim, and the cards it may play."""


@dataclass(frozen=True)
class Claim:
    """A claim that holds: the claimer's ``seat``, its ``side`` (the seats whose tricks keep the
    claim) and its ``plays``, the card it plays after each line it may see played."""

    game: str
    seat: int
    side: frozenset[int]
    plays: Mapping[Choice, Action]


def side_of(observation: Observation) -> frozenset[int]:
    """The claimer's side: its team as its observation shows it, else itself alone."""
    seat = seat_of(observation)
    team = next((t for t in observation["teams"] or [] if seat in t), [seat])
    return frozenset(team)



def work(game_id: str, observation: Observation) -> int:
    """The deals that fit what ``observation``'s seat has seen, times the lines of play in each
    (every order of every seat's cards still to play: its hand and any pile it plays from)."""
    deals = hides(game_id).hidden(observation).count()
    lines = 1
    for z in observation["zones"]:
        if z["owner"] is not None and z["kind"] in ("hand", "deck"):
            lines *= math.factorial(len(z["cards"]))
    return deals * lines


def offered(game_id: str, observation: Observation) -> bool:
    """Whether the seat of ``observation`` may claim the rest now: a game of `GAMES`, its turn
    to play a card, and a check small enough to finish at once (`work` at most `WORK`)."""
    return game_id in GAMES and observation["phase"] == "play" \
        and observation["seat"] in observation["to_act"] \
        and work(game_id, observation) <= WORK[game_id]


def check(game_id: str, observation: Observation) -> Claim | None:
    """The claim of ``observation``'s seat if it holds in every deal it cannot tell from the
    real one (the module docstring), else None. Call it where `offered` is True."""
    seat = seat_of(observation)
    side = side_of(observation)
    counts = GAMES[game_id]
    worlds = list(hides(game_id).hidden(observation).every())
    stage = worlds[0].stage()
    plays: dict[Choice, Action] = {}

    def kept(events: Sequence[Event]) -> bool:
        return not against(events, side, counts)

    def chooses(states: list[State], line: Line) -> bool:
        """Whether the claimer, to play in ``states`` where it has the same cards to choose
        from, has one that keeps the claim in all of them (then kept in `plays`)."""
        legal = states[0].legal_actions(seat)
        for i, action in enumerate(legal):
            after = states if i == len(legal) - 1 else [s.clone() for s in states]
            if all(kept(play(s, seat, action)) for s in after) \
                    and holds(after, (*line, (seat, action))):
                plays[line, tuple(legal)] = action
                return True
        return False

    def holds(states: list[State], line: Line) -> bool:
        """Whether the claim holds from ``states`` (the deals still possible after ``line``,
        which this call may change: nobody else reads them)."""
        first = states[0]
        if not playing(first, stage):
            return True
        turn = first.to_act()[0]  # public: the same in every deal
        if turn == seat:
            return all(chooses(part, line) for part in apart(states, turn).values())
        followed: dict[Action, list[State]] = {}
        for s in states:
            legal = s.legal_actions(turn)
            for i, action in enumerate(legal):
                after = s if i == len(legal) - 1 else s.clone()
                if not kept(play(after, turn, action)):
                    return False
                followed.setdefault(action, []).append(after)
        return all(holds(after, (*line, (turn, action))) for action, after in followed.items())

    return Claim(game_id, seat, side, plays) if holds(worlds, ()) else None


def apart(states: list[State], seat: int) -> dict[tuple[Action, ...], list[State]]:
    """``states`` by the legal actions ``seat`` has in each: the same in every deal where all
    it holds is its hand (Shelem for two turns up the cards of its piles as they are played)."""
    parts: dict[tuple[Action, ...], list[State]] = {}
    for s in states:
        parts.setdefault(tuple(s.legal_actions(seat)), []).append(s)
    return parts


def play(state: State, seat: int, action: Action) -> list[Event]:
    """``action`` applied to ``state``, where it is legal: listed by `State.legal_actions` of
    this very position (the rules' `State._apply`, without asking them again whether it is
    legal, which would double the check's time)."""
    return state._apply(seat, action)


def playing(state: State, stage: int) -> bool:
    """Whether the hand a claim was made in is still being played (its cards, not a choice such
    as Hokm's Bam, nor the next deal)."""
    return state.phase == "play" and state.stage() == stage and not state.is_over()


def against(events: Sequence[Event], side: frozenset[int],
            counts: Callable[[Sequence[str]], bool]) -> bool:
    """Whether ``events`` hold a trick taken outside ``side`` that ``counts`` (`GAMES`)."""
    return any(e.kind == "trick" and e.seat not in side and counts(move(e.data)["cards"])
               for e in events)


def play_out(state: State, claim: Claim) -> list[Event]:
    """Play the rest of the hand on the real ``state`` as ``claim`` says (the claimer's plays,
    every other seat's first legal card): the events, a ``claim`` event (the claimer's seat)
    first, then the rest's as the rules give them. `ValueError` if a trick goes against the
    claim, which a claim from `check` never lets happen (the real deal is one of those it was
    checked in)."""
    events = [Event("claim", claim.seat)]
    line: Line = ()
    stage = state.stage()
    while playing(state, stage):
        turn = state.to_act()[0]
        legal = state.legal_actions(turn)
        action = claim.plays[line, tuple(legal)] if turn == claim.seat else legal[0]
        done = state.apply(turn, action)
        if against(done, claim.side, GAMES[claim.game]):
            raise ValueError(f"a trick went against the claim of seat {claim.seat}")
        events += done
        line = (*line, (turn, action))
    return events
