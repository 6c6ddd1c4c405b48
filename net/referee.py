"""The referee of one table: the match, its chairs, the bots of the empty chairs, what each seat
is told and which actions it takes. No socket and no listener: a transport proves the code,
hands the referee each seated player's messages and gives it a `Peer` to answer through, so
that one process may hold many referees (a table server) and any transport may feed one.

Contract:

- The `State` is the only truth. Every action, a player's or a bot's, goes through
  `State.apply`; what a seat is sent is its own `observation`, its legal actions and the events
  `Event.visible_to` it (`net.protocol`).
- Updates are numbered: ``moves`` counts the actions applied, and every update carries it as
  ``n``; a player's action names the ``n`` of the update it answers. Every seat is sent every
  update as it is made.
- Staleness: an action answering an update older than the latest, or one the seat has answered
  already, is `Refused` as ``stale`` and nothing more is sent (the latest update is on its way
  to that seat already): with several seats acting at once, an honest player's action crosses
  another's, and a client may answer a copy of an update twice. An action the game cannot take
  now (before the start, out of turn with ``in_order``, illegal, with the engine's reason) that
  answers the latest update is refused with ``again``: the transport sends the seat the latest
  update once more, so that it chooses anew. Only a breach the referee can prove raises
  `ProtocolError` (the transport closes that connection alone): a message that is not an act
  once seated, an action for another seat, an update never made.
- Chairs are ``local`` (a person at the host's machine, who plays through a client over
  loopback with the seat's `token`), ``remote`` (a person who joins with the table code) or
  ``bot``. Bots are seeded as the local table seeds them (``seed * 31 + seat + 1``) and, where
  several seats may act at once, the first listed bot acts; so a match of bots replays the
  local one of the same seed, played card by card (the host's bots claim nothing, where the
  local table's end a decided hand by a claim: `game.claim`). With
  ``in_order`` only the first seat of ``to_act`` is offered its actions, people too (a
  headless run of bots replays a local run exactly).
- A player's claim of the rest of the hand (an act of `protocol.CLAIM`) is checked here, on
  what the state shows that seat, as the local table checks it: played out if it holds, else
  refused as an action the game cannot take.
- Play starts once every local and remote chair has been taken. A player whose connection drops
  is shown as ``reconnecting``; after ``wait`` seconds a normal bot plays the seat until the
  player comes back with their token and takes it over where it stands.
- A player is never sent the seed nor a stacked deck (``options["deck"]``): either tells every
  card of the match.
- Names go out as kept: a name the table gave (``@bot:2``, ``@player:3``: `ui.text.default_name`)
  is said by each viewer's table in its own language; the host's own ``@you`` goes to the
  others as ``@player:N``.
- The turn clock (``config["clock"]``: seconds for a card, 0 or absent: none; never in a
  real-time game) follows `game.clock`, the home table's rule too: each person offered a
  decision (not a bot's seat, nor one a bot stands in for) is timed from the update that
  offered it. Every update carries the clocks that run (``clocks``). A seat whose clock runs
  out is told (``timeout``, to every seat) and `game.clock.stand_in` makes that one move for
  it; the seat's player decides again from the next update. A player who acts in time wins
  the race: the bot's answer to an older update is dropped.
- Quick phrases (`say`): a seated player's phrase of `net.protocol.PHRASES` goes to every seat
  (``said``); there is no free text. How often a player may speak is the transport's limit.
- Every match has an id (``config["match"]``, made here where a config has none): a player's
  statistics count a result once, however often they rejoin.
- Everything runs on the asyncio loop given to `attach`; bots think on the ``executor`` given
  (else one worker thread of the referee's own), made by ``make_bot`` (`game.bots.make` by
  default; a table server budgets its searching bots there). ``on_change`` is called after
  every action applied and every seat taken (a host saves there).
"""

from __future__ import annotations

import asyncio
import hmac
import secrets
import threading
import traceback
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ThreadPoolExecutor
from typing import Any, NotRequired, Protocol, cast

from game import claim, registry
from game.bots import KINDS, Bot, make
from game.clock import TurnClock, stand_in
from game.core import Event, IllegalAction, State
from game.shapes import Chair as MatchChair
from game.shapes import MatchConfig, Observation, Result
from net import protocol
from net.messages import Chair, ClientMessage, Hello, Status, UpdateWire, WelcomeWire
from net.protocol import (CLOCK_MAX, CODE_ALPHABET, CODE_LENGTH, ID_DIGITS, SERVER_CODE_LENGTH,
                          ProtocolError, encode, event_json, is_hex)
from saves.schemas import check_name

CHAIR_KINDS = ("local", "remote", "bot")
BotMaker = Callable[[str, str, int], Bot[Any]]
"""Makes a bot: ``(level, game id, seed)``, as `game.bots.make`."""


class Refused(Exception):
    """An action the game cannot take now: refused, the connection kept. ``stale``: it answered
    an update the table has moved on from; else the seat is sent the latest update again."""

    def __init__(self, reason: str, stale: bool = False) -> None:
        super().__init__(reason)
        self.stale = stale


class Peer(Protocol):
    """A seated player as the transport reaches them."""

    def send(self, text: str, update: bool = False) -> None:
        """Queue ``text`` for the player (``update``: an update, which the player may
        answer); never calls back into the referee."""

    def close(self, reason: str | None) -> None:
        """Refuse with ``reason`` (fatal) after what is queued, and close; None closes with no
        refusal (the table goes away for now: the player tries again)."""


def new_code() -> str:
    """A table code: `CODE_LENGTH` characters of `CODE_ALPHABET`, drawn by `secrets`."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_token() -> str:
    return secrets.token_urlsafe(24)


def new_match_id() -> str:
    return secrets.token_hex(ID_DIGITS // 2)


class HostedConfig(MatchConfig):
    """A hosted match's config (without its state): the match (chairs of `CHAIR_KINDS`, a
    person's ``token`` once taken; the ``seed`` always), its ``code`` (a home table's or a table
    server's), the ``table``'s name (what it is announced as) and the ``match`` id (the
    referee makes one where the config has none)."""

    code: str
    table: NotRequired[str | None]
    match: NotRequired[str]


def check_config(config: object) -> HostedConfig:
    """``config`` as a `HostedConfig`, every field checked (an untrusted save's); `ValueError`
    or `TypeError` naming what is wrong."""
    if not isinstance(config, dict):
        raise TypeError("a hosted match is a JSON object")
    game = config.get("game")
    if not isinstance(game, str) or game not in registry.ids():
        raise ValueError(f"no game {game!r}")
    rules = registry.get(game)
    chairs = config.get("seats")
    if not isinstance(chairs, list):
        raise TypeError("seats is a list of chairs")
    rules.check_seats(len(chairs))
    for chair in chairs:
        if not isinstance(chair, dict) or chair.get("kind") not in CHAIR_KINDS:
            raise ValueError(f"a chair is local, remote or bot: {chair!r}")
        check_name(chair.get("name"))
        if chair["kind"] == "bot" and chair.get("level", "normal") not in KINDS:
            raise ValueError(f"no bot level {chair.get('level')!r}")
        token = chair.get("token")
        if token is not None and not (isinstance(token, str) and protocol.TOKEN.fullmatch(token)):
            raise ValueError("a chair's token is the text a welcome gave")
    if type(config.get("seed")) is not int:
        raise ValueError("seed is a whole number")
    code = config.get("code")
    if not (isinstance(code, str) and len(code) in (CODE_LENGTH, SERVER_CODE_LENGTH)
            and all(c in CODE_ALPHABET for c in code)):
        raise ValueError(f"a table code is {CODE_LENGTH} (or at a table server "
                         f"{SERVER_CODE_LENGTH}) letters and digits of {CODE_ALPHABET}")
    if config.get("table") is not None:
        check_name(config["table"])
    clock = config.get("clock", 0)
    if type(clock) is not int or not 0 <= clock <= CLOCK_MAX:
        raise ValueError(f"the turn clock is a whole number of seconds from 0 to {CLOCK_MAX}")
    if config.get("match") is not None and not is_hex(config["match"], ID_DIGITS):
        raise ValueError(f"a match id is {ID_DIGITS} hexadecimal digits")
    rules.resolve_options(config.get("options") or {})
    return cast(HostedConfig, config)


class Referee:
    """One table's match served to players elsewhere (see the module docstring)."""

    def __init__(self, config: HostedConfig, state: State, wait: float = 60.0,
                 pace: float = 0.0, in_order: bool = False, resumed: bool = False,
                 executor: Executor | None = None, make_bot: BotMaker = make) -> None:
        """``resumed``: the match was under way before (a save): it goes on once the table
        opens, its players away until they come back."""
        self.config = check_config(config)
        self.config.setdefault("match", new_match_id())
        self.state = state
        self.rules = state.rules
        self.wait = wait
        self.pace = pace
        """Seconds a bot waits before it acts (0: at once)."""
        self.in_order = in_order
        self.moves = 0
        """How many actions have been applied: the ``n`` of the latest update."""
        seed = self.config["seed"]
        self.bots: dict[int, Bot[Any]] = {
            s: make_bot(c.get("level", "normal"), self.rules.id, seed * 31 + s + 1)
            for s, c in enumerate(self.chairs) if c["kind"] == "bot"}
        self.standins: dict[int, Bot[Any]] = {}
        """Bots playing for players who left, until they come back."""
        self.clock = 0 if self.rules.realtime else self.config.get("clock", 0)
        """The turn clock: seconds for a card (0: none)."""
        self.turns = TurnClock(self.clock)
        """The clocks that run, on the loop's time."""
        self.alarms: dict[int, asyncio.TimerHandle] = {}
        """Per seat whose clock runs, the timer that ends it."""
        self.expired: dict[int, Bot[Any]] = {}
        """Seats whose clock ran out, each with the bot that makes their move now."""
        self.peers: dict[int, Peer] = {}
        self.answered: dict[int, int] = {}
        """Per seat, the latest update it answered with an action taken."""
        self.timers: dict[int, asyncio.TimerHandle] = {}
        self.started = resumed and self._all_taken()
        """Play has begun: every chair has been taken."""
        self.thinking = False
        self.on_change: Callable[[], None] | None = None
        self.finished = threading.Event()
        """Set when the game is over (or the table stops)."""
        self.loop: asyncio.AbstractEventLoop | None = None
        self._own_pool = executor is None
        self._bot_pool = executor or ThreadPoolExecutor(max_workers=1,
                                                        thread_name_prefix="net-bot")

    # -- what it says ------------------------------------------------------------------
    @property
    def chairs(self) -> list[MatchChair]:
        return list(self.config["seats"])

    @property
    def code(self) -> str:
        return self.config["code"]

    def token(self, seat: int) -> str | None:
        """The rejoin token of ``seat`` (a local chair's, for the host's own client)."""
        token = self.config["seats"][seat].get("token")
        return str(token) if token else None

    def open_seats(self) -> int:
        """Remote chairs nobody has taken yet."""
        return sum(c["kind"] == "remote" and not c.get("token") for c in self.chairs)

    def chair_state(self, seat: int) -> str:
        if seat in self.bots or seat in self.standins:
            return "bot"
        if seat in self.peers:
            return "connected"
        return "reconnecting" if self.token(seat) else "waiting"

    def _all_taken(self) -> bool:
        return all(c["kind"] == "bot" or c.get("token") for c in self.chairs)

    @property
    def match_id(self) -> str:
        return self.config["match"]

    def name(self, seat: int, viewer: int | None = None) -> str:
        """The name of ``seat``'s chair as ``viewer`` is told it (None: anyone else)."""
        name = self.config["seats"][seat]["name"]
        return f"@player:{seat + 1}" if name == "@you" and seat != viewer else name

    def update(self, seat: int, events: Sequence[Event] = (), resync: bool = False) -> str:
        """The update of ``seat`` now: its observation, its legal actions, the ``events`` it may
        see."""
        state = self.state
        over = state.is_over()
        acting = state.to_act()
        offered = seat in self._offered()
        legal = state.legal_actions(seat) if offered else []
        moves = [state.move_of(seat, a) for a in legal]
        update: UpdateWire = {
            "type": "update", "n": self.moves, "observation": state.observation(seat),
            "to_act": acting,
            "legal": [[str(a), None if m is None else list(m)] for a, m in zip(legal, moves)],
            "events": [event_json(e) for e in events if e.visible_to(seat)],
            "over": over, "result": state.result() if over else None, "resync": resync,
            "clocks": self._clocks_now()}
        return encode(update)

    def welcome(self, seat: int, first: bool) -> str:
        chairs: list[Chair] = [
            {"name": self.name(s, seat), "kind": "bot", "level": c.get("level", "normal")}
            if c["kind"] == "bot" else
            {"name": self.name(s, seat), "kind": "person" if s == seat else "remote"}
            for s, c in enumerate(self.chairs)]
        opening = self.state.opening if first and self.moves == 0 else ()
        token = self.token(seat)
        if token is None:
            raise ValueError(f"seat {seat} is welcomed before it has a token")
        welcome: WelcomeWire = {
            "type": "welcome", "seat": seat, "seats": self.state.seats, "game": self.rules.id,
            "options": {k: v for k, v in self.state.options.items() if k != "deck"},
            "chairs": chairs,
            "token": token, "opening": [event_json(e) for e in opening
                                                   if e.visible_to(seat)],
            "clock": self.clock, "match": self.match_id}
        return encode(welcome)

    def status(self, viewer: int) -> str:
        status: Status = {"type": "status", "chairs": [
            {"name": self.name(s, viewer), "kind": c["kind"], "state": self.chair_state(s)}
            for s, c in enumerate(self.chairs)]}
        return encode(status)

    def result(self) -> Result:
        return self.state.result()

    def _tell_all(self, make_text: Callable[[int], str], update: bool = False) -> None:
        for seat, peer in list(self.peers.items()):
            peer.send(make_text(seat), update)

    def say(self, seat: int, phrase: str) -> None:
        """``seat``'s quick phrase (of `net.protocol.PHRASES`), told to every seat."""
        self._tell_all(lambda s: encode({"type": "said", "seat": seat, "phrase": phrase}))

    # -- the turn clock --------------------------------------------------------------------
    def _offered(self) -> list[int]:
        """The seats offered their actions now."""
        if not self.started or self.state.is_over():
            return []
        acting = self.state.to_act()
        return acting[:1] if self.in_order else acting

    def _clocks_now(self) -> list[list[float]]:
        if self.loop is None:
            return []
        now = self.loop.time()
        return [[seat, round(max(0.0, deadline - now), 1), whole]
                for seat, (deadline, whole) in sorted(self.turns.running.items())]

    def _time(self) -> None:
        """Time every person offered a decision (`game.clock.TurnClock.run`), each clock's
        end a timer on the loop."""
        if not self.clock or self.loop is None:
            return
        self.turns.run(self.state, [s for s in self._offered() if not self._bot_for(s)],
                       self.loop.time())
        for seat in [s for s in self.alarms if s not in self.turns.running]:
            self.alarms.pop(seat).cancel()
        for seat, (deadline, _) in self.turns.running.items():
            if seat not in self.alarms:
                self.alarms[seat] = self.loop.call_at(deadline, self._expire, seat)

    def _stop_clock(self, seat: int) -> None:
        self.turns.stop(seat)
        alarm = self.alarms.pop(seat, None)
        if alarm is not None:
            alarm.cancel()

    def _expire(self, seat: int) -> None:
        """``seat``'s clock ran out: everyone is told, and a bot makes its move."""
        self._stop_clock(seat)
        self.expired[seat] = stand_in(self.rules.id, self.config["seed"], seat, self.moves)
        self._tell_all(lambda s: encode({"type": "timeout", "seat": seat}))
        self._drive()

    # -- the game ----------------------------------------------------------------------
    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change()

    def _applied(self, seat: int, events: Sequence[Event]) -> None:
        """``seat``'s action was applied: every seat is told, the change kept, the bots
        driven."""
        self.moves += 1
        self.expired.pop(seat, None)
        self._stop_clock(seat)
        self._time()
        self._tell_all(lambda s: self.update(s, events), update=True)
        self._changed()
        if self.state.is_over():
            self.finished.set()
        self._drive()

    def act(self, seat: int, message: ClientMessage) -> None:
        """Apply a seated player's message (`net.protocol.read_client`), or raise
        `ProtocolError` (a breach: close the connection) or `Refused`."""
        if message["type"] != "act":
            raise ProtocolError("you are seated already: say hello once")
        if message["seat"] != seat:
            raise ProtocolError(f"you sit at seat {seat}: an action for seat "
                                f"{message['seat']} is refused")
        n = message["update"]
        if n > self.moves:
            raise ProtocolError(f"update {n} was never sent (the latest is {self.moves})")
        if n <= self.answered.get(seat, -1):
            raise Refused(f"update {n} was answered already", stale=True)
        if n < self.moves:
            raise Refused(f"stale: the table has moved on since update {n}", stale=True)
        if not self.started:
            raise Refused("the game starts once every chair is taken")
        if self.in_order and self.state.to_act()[:1] != [seat]:
            raise Refused("it is not your turn")
        if message["action"] == protocol.CLAIM:
            events = self._claim(seat)
        else:
            try:
                action = self.rules.parse_action(message["action"])
                events = self.state.apply(seat, action)
            except IllegalAction as e:
                raise Refused(str(e.reason)) from None
        self.answered[seat] = n  # a refused action answers nothing: the seat may try again
        self._applied(seat, events)

    def _claim(self, seat: int) -> list[Event]:
        """``seat`` claims the rest of the hand: played out at once if the claim holds in every
        deal the seat cannot tell from the real one (its events), else `Refused`, nothing
        changed (`game.claim`: offered only where the check is small)."""
        observation = self.state.observation(seat)
        made = claim.check(self.rules.id, observation) \
            if claim.offered(self.rules.id, observation) else None
        if made is None:
            raise Refused("the claim does not hold in every deal of the cards unseen")
        return claim.play_out(self.state, made)

    def _bot_for(self, seat: int) -> Bot[Any] | None:
        return self.bots.get(seat) or self.standins.get(seat) or self.expired.get(seat)

    def _drive(self) -> None:
        """Start the first bot to act thinking, after the pace, unless one is thinking."""
        state = self.state
        if not self.started or self.thinking or state.is_over() or self.loop is None:
            return
        acting = state.to_act()
        seats = [s for s in (acting[:1] if self.in_order else acting) if self._bot_for(s)]
        if not seats:
            return
        seat = seats[0]
        bot = self._bot_for(seat)
        assert bot is not None
        self.thinking = True
        self.loop.create_task(self._think(seat, bot, self.moves, state.observation(seat),
                                          state.legal_actions(seat)))

    async def _think(self, seat: int, bot: Bot[Any], moves: int, observation: Observation,
                     legal: list[Any]) -> None:
        assert self.loop is not None
        try:
            if self.pace:
                await asyncio.sleep(self.pace)
            action = await self.loop.run_in_executor(self._bot_pool, bot.choose, observation,
                                                     legal)
        except Exception as failure:  # a bot's defect costs its move, not the match
            traceback.print_exception(failure)
            action = make("random", self.rules.id, moves).choose(observation, legal)
        finally:
            self.thinking = False
        if self.moves == moves and self._bot_for(seat) is bot and not self.state.is_over():
            self._applied(seat, self.state.apply(seat, action))
        else:
            self._drive()

    # -- players -----------------------------------------------------------------------
    def seat_for(self, hello: Hello) -> tuple[int, bool]:
        """The seat a proven hello takes, and whether it is taken for the first time;
        `ProtocolError` saying why none."""
        token, asked = hello["token"], hello["seat"]
        if token is not None:
            seat = next((s for s, c in enumerate(self.chairs)
                         if c.get("token") and hmac.compare_digest(c["token"], token)), None)
            if seat is None:
                raise ProtocolError("this rejoin token is for no seat at this table")
            if asked is not None and asked != seat:
                raise ProtocolError(f"this rejoin token is for seat {seat}, not {asked}")
            return seat, False
        open_seats = [s for s, c in enumerate(self.chairs)
                      if c["kind"] == "remote" and not c.get("token")]
        if asked is None:
            if not open_seats:
                raise ProtocolError("the table is full")
            return open_seats[0], True
        if not 0 <= asked < len(self.chairs) or self.chairs[asked]["kind"] != "remote":
            raise ProtocolError(f"seat {asked} is not open to players who join")
        if asked not in open_seats:
            raise ProtocolError(f"seat {asked} is taken")
        return asked, True

    def join(self, seat: int, first: bool, name: str, peer: Peer) -> None:
        """Seat a player whose hello `seat_for` placed: welcome them, tell everyone, play on."""
        chair = self.config["seats"][seat]
        if first:
            chair["token"] = chair.get("token") or new_token()
            if chair["kind"] == "remote":
                chair["name"] = check_name(name)
        old = self.peers.pop(seat, None)
        if old is not None:
            old.close("you joined this seat again from elsewhere")
        self.peers[seat] = peer
        self.answered.pop(seat, None)
        timer = self.timers.pop(seat, None)
        if timer is not None:
            timer.cancel()
        self.standins.pop(seat, None)
        peer.send(self.welcome(seat, first))
        starting = not self.started and self._all_taken()
        self.started = self.started or starting
        self._time()
        if starting:
            self._tell_all(self.update, update=True)
        else:
            peer.send(self.update(seat, resync=not first), update=True)
        self._tell_all(self.status)
        self._changed()
        self._drive()

    def leave(self, seat: int, peer: Peer) -> None:
        """``peer``'s connection is gone: if it still held ``seat``, the seat is reconnecting,
        and after `wait` a bot stands in."""
        if self.peers.get(seat) is not peer:
            return
        del self.peers[seat]
        if self.state.is_over() or self.loop is None:
            return
        self.timers[seat] = self.loop.call_later(self.wait, self._stand_in, seat)
        self._tell_all(self.status)

    def _stand_in(self, seat: int) -> None:
        self.timers.pop(seat, None)
        self._stop_clock(seat)
        self.standins[seat] = make("normal", self.rules.id, self.config["seed"] * 31
                                   + seat + 1)
        self._tell_all(self.status)
        self._drive()

    # -- its loop ----------------------------------------------------------------------
    def attach(self, loop: asyncio.AbstractEventLoop) -> None:
        """Run on ``loop`` from now on: the chairs of a resumed match are away until their
        players come back, and the bots start."""
        self.loop = loop
        for seat, chair in enumerate(self.chairs):
            if chair["kind"] != "bot" and chair.get("token") and seat not in self.peers:
                self.timers[seat] = loop.call_later(self.wait, self._stand_in, seat)
        self._time()
        self._drive()

    def detach(self) -> None:
        """Stop: close every player's connection (they will try again) and the bots'
        thread."""
        for peer in list(self.peers.values()):
            peer.close(None)
        self.peers.clear()
        for timer in self.timers.values():
            timer.cancel()
        self.timers.clear()
        for seat in list(self.alarms):
            self._stop_clock(seat)
        self.loop = None
        if self._own_pool:
            self._bot_pool.shutdown(wait=False, cancel_futures=True)
        self.finished.set()
