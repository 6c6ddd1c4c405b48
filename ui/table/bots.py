"""The bots' turns: they think on a worker thread, one at a time, and move at the bot pace.

A bot moves once the last action is `BOT_PAUSE` (times the pace setting) old and the cards have
stopped, in turn and where several seats choose at once in private (Bi-Del's passing): one bot
after the other, no race; when a person is among those who may act (an interrupt), the bots
wait `INTERRUPT_WINDOW` more, so that a person has the time to take a chance a bot would take.
Only in a real-time game (`Rules.realtime`, Clumsy Thief) does every bot react on its own timer
instead: `reaction` seconds (by level, jittered) after the last action anyone took, with the
cards at rest, as a person must see the new top card before reaching for it. The times are a
person's: `benchmarks/thief_person.py` measures how often a person who reacts in 0.4 s beats
them.
"""

from __future__ import annotations

import multiprocessing
import random
import traceback
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import (BrokenExecutor, Executor, Future, ProcessPoolExecutor,
                                ThreadPoolExecutor)
from typing import Any

from game import claim
from game.bots import BUDGET_MS, Bot, decide, make, searched
from game.bots.search import Appraisal
from game.checker import Decision, judge
from game.core import Action, Event, IllegalAction, State
from game.shapes import Observation, TableConfig

BOT_PAUSE = 0.7
INTERRUPT_WINDOW = 2.5
"""Seconds (at bot pace 1) that bots leave a person who may act out of turn beside them (Super
Taki's last-card call, a Breaker) before they act and the chance may pass."""
REACTION = {"heuristic": 0.9, "normal": 0.9, "random": 1.4, "easy": 1.4}
"""A real-time bot's mean reaction in seconds at bot pace 1, by level."""


def reaction(level: str, pace: float, rng: random.Random) -> float:
    """Seconds a real-time bot of ``level`` takes to act after a change: its mean, ±20 %."""
    return REACTION.get(level, 1.0) * pace * (0.8 + 0.4 * rng.random())


def table_pool(searching: bool) -> Executor:
    """Where bots think: for searches one spawned process (spawned, not forked: a fork would
    copy pygame's window and threads; the packaged build keeps multiprocessing for it), else
    one thread."""
    if searching:
        return ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
    return ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")


class Inline(Executor):
    """An executor that runs each task as it is submitted: its future is done at once (the
    monkey's and the tests' bots decide on the frame that asks, so a run replays frame for
    frame whatever the machine's speed)."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as e:
            future.set_exception(e)
        return future


POOL: Callable[[bool], Executor] = table_pool
"""Makes the pools bots and hints think in (`table_pool`, by whether they search); the monkey
swaps in one that decides at once, so that its runs replay frame for frame."""


class BotWorker:
    """Asks a match's bots (``bots``, by seat; ``config`` its chairs and seed; ``persons`` the
    seats of the people at the table) for their moves and applies them to the state; and, for
    a person whose turn clock ran out (`expired`), their stand-in's one move, as a bot's.

    A bot about to play a card first claims the rest of the hand where a claim is offered
    (`game.claim.offered`), checked where bots think; a claim that holds ends the hand at once
    (`game.claim.play_out`), else the bot plays its card. Not in a lesson (`ui.lessons`), whose
    deal goes as its script says."""

    def __init__(self, config: TableConfig, bots: Mapping[int, Bot[Any]],
                 persons: Sequence[int]) -> None:
        self.config = config
        self.bots = bots
        self.persons = persons
        game = config["game"]
        self.searching = searched(game) and any(
            chair["kind"] == "bot" and chair.get("level") in BUDGET_MS
            for chair in config["seats"])
        """A bot here searches (hard, expert): it thinks in a process of its own, since a
        search on a thread holds the interpreter's lock long enough to stall frames (measured:
        p99 frame 36 ms, worst 76 ms with hard Hokm bots on a thread)."""
        self.pool = POOL(self.searching)
        self.decisions = 0
        self.pending: tuple[int, Future[Action], str] | None = None
        self.claiming: tuple[int, Future[claim.Claim | None]] | None = None
        """A bot's claim being checked: its seat and the check's answer."""
        self.claim_asked = False
        """Whether a claim was checked since the last action (once a position is enough)."""
        self.ready_at = 0.0
        self.react_at: dict[int, float] = {}
        self.rng = random.Random(config["seed"])
        self.expired: dict[int, Bot[Any]] = {}
        """People whose turn clock ran out, each with the bot that makes their next move (it
        leaves once that move is applied)."""

    def pause(self, clock: float, pace: float) -> None:
        """An action was just taken at ``clock``: the next bot in turn waits its pause, and
        every real-time bot reacts anew."""
        self.ready_at = clock + BOT_PAUSE * pace
        self.react_at.clear()
        self.claim_asked = False

    def forget(self) -> None:
        """Drop the move being thought about (the position it was for is gone), and the
        stand-ins of people whose clock ran out."""
        self.pending = self.claiming = None
        self.claim_asked = False
        self.expired.clear()

    def release(self, seat: int) -> None:
        """The person at ``seat`` acted in time after all: their stand-in leaves, and its move
        being thought about is dropped."""
        if self.expired.pop(seat, None) is not None and self.pending is not None \
                and self.pending[0] == seat:
            self.pending = None

    def step(self, state: State, clock: float, pace: float, animating: Callable[[], bool]
             ) -> list[Event] | None:
        """Apply a bot's move to ``state`` if one is ready and still legal (its events), else
        start the next bot thinking when it is due (None). Never blocks."""
        if self.claiming:
            return self.claimed(state)
        if self.pending:
            seat, future, before = self.pending
            if not future.done():
                return None
            self.pending = None
            if state.phase != before and seat not in state.to_act():
                return None
            action: Action | None
            try:
                action = future.result()
            except Exception as failure:
                action = self.stand_in(state, seat, failure)
            if action is None:
                return None
            try:
                events = state.apply(seat, action)
            except IllegalAction:  # the game moved on while it thought (real time)
                return None
            self.expired.pop(seat, None)
            return events
        acting = [s for s in state.to_act() if s in self.bots or s in self.expired]
        if not acting:
            return None
        if len(state.to_act()) > 1 and state.rules.realtime:
            if animating():
                return None
            for seat in acting:
                level = self.config["seats"][seat].get("level", "heuristic")
                if seat not in self.react_at:
                    self.react_at[seat] = clock + reaction(level, pace, self.rng)
            seat = min(acting, key=lambda s: self.react_at[s])
            if clock < self.react_at[seat]:
                return None
            del self.react_at[seat]
        else:
            window = INTERRUPT_WINDOW * pace if any(
                s in self.persons and s not in self.expired for s in state.to_act()) else 0.0
            if clock < self.ready_at + window or animating():
                return None
            seat = acting[0]
        obs = state.observation(seat)
        if seat in self.expired:  # a person's one move, made as the referee's stand-in makes it
            self.pending = (seat, self.pool.submit(self.expired[seat].choose, obs,
                                                   state.legal_actions(seat)), state.phase)
            return None
        if not self.claim_asked and not self.config.get("lesson") \
                and claim.offered(state.rules.id, obs):
            self.claim_asked = True
            self.claiming = (seat, self.pool.submit(claim.check, state.rules.id, obs))
            return None
        legal = state.legal_actions(seat)
        chair = self.config["seats"][seat]
        if self.searching and chair.get("level") in BUDGET_MS:  # a new searcher each time,
            self.decisions += 1                                  # with a seed of its own
            seed = self.config["seed"] * 7919 + self.decisions
            future = self.pool.submit(decide, chair["level"], state.rules.id, seed, obs, legal)
        else:
            future = self.pool.submit(self.bots[seat].choose, obs, legal)
        self.pending = (seat, future, state.phase)
        return None

    def claimed(self, state: State) -> list[Event] | None:
        """The rest of the hand played out if the bot's claim being checked has come back
        holding (its events), else None (the bot then plays its card as ever)."""
        assert self.claiming is not None
        seat, future = self.claiming
        if not future.done():
            return None
        self.claiming = None
        try:
            made = future.result()
        except Exception:
            traceback.print_exc()
            return None
        if made is None or state.to_act() != [seat] or state.phase != "play":
            return None
        return claim.play_out(state, made)

    def stand_in(self, state: State, seat: int, failure: Exception) -> Action | None:
        """The normal bot's move for ``seat``, whose own bot failed (a search that raised, a
        searcher process that died), or None if the seat has nothing to do now: a defect then
        costs one move's judgement, not the game being played. The failure goes to stderr (and
        so to a packaged build's log); a broken searcher process is replaced for the next
        move."""
        traceback.print_exception(failure)
        if isinstance(failure, BrokenExecutor):
            self.pool.shutdown(wait=False, cancel_futures=True)
            self.pool = POOL(self.searching)
        if seat not in state.to_act():
            return None
        normal = make("normal", state.rules.id, self.config["seed"] + seat)
        return normal.choose(state.observation(seat), state.legal_actions(seat))

    def shutdown(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)


class HintWorker:
    """The hint (H): the hard bot's choice for the person, searched in a process of its own
    (started at the first hint, so a table where nobody asks pays nothing), one at a time;
    an answer counts only for the position it was asked about."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.pool: Executor | None = None
        self.pending: tuple[int, Future[Action]] | None = None
        self.asked = 0

    def ask(self, game_id: str, moves: int, observation: Observation,
            legal: Sequence[Action]) -> bool:
        """Start the hard bot on this position (``moves`` names it); False where the game is
        not searched (the caller asks the normal bot) or a hint is already being thought."""
        if not searched(game_id) or self.pending is not None:
            return False
        self.asked += 1
        self.pending = (moves, self.searcher().submit(decide, "hard", game_id,
                                                self.seed * 7907 + self.asked,
                                                observation.copy(), list(legal)))
        return True

    def searcher(self) -> Executor:
        """The process the hints search in, started the first time one is asked; the play
        checker's review of a deal searches there too (`ReviewWorker`), so that a table starts
        one such process at most (starting one can hold a frame: a fork and exec, which the
        interpreter waits on, 5-15 ms, 100 ms on a machine busier than its cores)."""
        if self.pool is None:
            self.pool = POOL(True)
        return self.pool

    def answer(self, moves: int) -> Action | None:
        """The hint once it is ready, if the position is still the one asked about."""
        if self.pending is None or not self.pending[1].done():
            return None
        (asked, future), self.pending = self.pending, None
        try:
            action = future.result()
        except Exception:  # a search that failed gives no hint rather than a broken table
            return None
        return action if asked == moves else None

    def shutdown(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)


class ReviewWorker:
    """The play checker's verdicts on a deal's ``decisions`` (`game.checker.judge`), searched
    one after another in ``pool`` (the hints' process: `HintWorker.searcher`), so that a
    review fills in as they come and no frame waits on it. `poll` on every frame; `stop` when
    the review closes (the pool is the table's, and stays)."""

    def __init__(self, game_id: str, seed: int, decisions: Sequence[Decision],
                 pool: Executor) -> None:
        self.game_id = game_id
        self.seed = seed
        self.decisions = list(decisions)
        self.pool = pool
        self.verdicts: list[Appraisal | None] = [None] * len(self.decisions)
        """Each decision's verdict, None until it comes (or if its search failed)."""
        self.judged = 0
        """Decisions whose search has ended, the first ones: a verdict, or a failure."""
        self.pending: Future[Appraisal] | None = None

    @property
    def done(self) -> bool:
        return self.judged == len(self.decisions)

    def poll(self) -> bool:
        """Take the verdict being searched if it is ready and start the next; True if one came
        (or failed: it stays None). Never blocks."""
        came = False
        if self.pending is not None and self.pending.done():
            try:
                self.verdicts[self.judged] = self.pending.result()
            except Exception:
                traceback.print_exc()
            self.judged += 1
            self.pending = None
            came = True
        if self.pending is None and not self.done:
            self.pending = self.pool.submit(judge, self.game_id, self.seed * 7901 + self.judged,
                                            self.decisions[self.judged])
        return came

    def stop(self) -> None:
        """Search no more: the verdict asked is dropped (if its search has not begun)."""
        if self.pending is not None:
            self.pending.cancel()
            self.pending = None
