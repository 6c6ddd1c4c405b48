"""The bot interface and the random bot.

A bot is generic in the observation it reads: a game's bot is a ``Bot[HokmObservation]``
(`game.shapes`), so the type checker holds every key it reads to the facts its rules declare; a
bot for any game (random, search) is a ``Bot[Observation]``. A bot only reads its observation."""

from __future__ import annotations

import random
from collections.abc import Callable, Container, Iterable, Iterator, Mapping, Sequence
from typing import Generic, cast

from game.core import JSON, Action, State, random_fill
from game.shapes import Observation, ObservationT


class LazyObservation(Mapping[str, JSON]):
    """A seat's observation, built on first read: a bot that never looks pays nothing."""

    def __init__(self, make: Callable[[], Observation]) -> None:
        self._make = make
        self._data: Observation | None = None

    def _get(self) -> Observation:
        if self._data is None:
            self._data = self._make()
        return self._data

    def __getitem__(self, key: str) -> JSON:
        return self._get()[key]  # type: ignore[literal-required]

    def __iter__(self) -> Iterator[str]:
        return iter(self._get())

    def __len__(self) -> int:
        return len(self._get())

    def copy(self) -> Observation:
        """The observation itself, built (a bot keeping it whole, as a dict's ``copy``)."""
        return self._get().copy()


class Bot(Generic[ObservationT]):
    """Chooses one of ``legal`` from what its seat may see. Deterministic for a given seed."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: ObservationT, legal: Sequence[Action]) -> Action:
        raise NotImplementedError

    def slip(self, observation: ObservationT, legal: Sequence[Action],
             favourite: Action) -> Action | None:
        """The mistake a beginner makes where this bot would play ``favourite`` and that is not
        a card from the hand (a call, a stake, hitting or standing): an action of ``legal`` or a
        filling of one of its patterns, or None where a beginner would do the same. The easy
        level asks for it (`game.bots.EasyBot`); cards played are slipped there for every game.
        """
        return None

    def alike(self, observation: ObservationT, a: Action, b: Action) -> bool:
        """Whether taking ``a`` or ``b`` comes to the same whatever the cards this seat cannot
        see: two cards of a suit worth the same (in points, in penalty) with no card between
        them that another seat may hold or that lies in the trick (`none_between`). The search
        compares only one of them, and easy's slip never goes from one to the other. Default:
        no two actions are alike."""
        return False

    def misfits(self, world: State, seat: int, limit: int) -> int:
        """How many of the other seats' moves this deal this bot would not have made in their
        place, were the hidden cards as ``world`` (a world sampled from ``seat``'s observation)
        deals them; counting may stop at ``limit``. The search likes worlds where the others
        played as its playout bot would. Default: 0 (the bot cannot tell)."""
        return 0

    def act(self, state: State, seat: int, legal: Sequence[Action] | None = None) -> Action:
        """Ask the bot for ``seat``'s move in ``state`` (``legal``: its legal actions, where the
        caller has them), showing it only that seat's observation: `read_state` where the bot
        answers there, else `choose` on the observation."""
        if legal is None:
            legal = state.legal_actions(seat)
        read = self.read_state(state, seat, legal)
        if read is not None:
            return read
        return self.choose(self.observe(state, seat), legal)

    def observe(self, state: State, seat: int) -> ObservationT:
        """``seat``'s observation of ``state``, built when the bot first reads it. The bot's
        game gives it its own observation type (the registry pairs them by game id); the lazy
        mapping stands for it because bots only read."""
        return cast(ObservationT, LazyObservation(lambda: state.observation(seat)))

    def read_state(self, state: State, seat: int, legal: Sequence[Action]) -> Action | None:
        """``seat``'s move read straight from the state, where building the observation costs
        more than the choice (a search's playouts and replays ask at every move); None where
        the bot does not read it so. It reads only what that seat's observation shows and
        chooses exactly as `choose` does on it (the bots' tests check this for every game).
        Default: None."""
        return None


def next_choices(bot: Bot[ObservationT], observation: ObservationT, legal: Sequence[Action],
                 first: Action, count: int) -> list[Action] | None:
    """``first``, then what ``bot`` plays were it not allowed, then were neither allowed, and so
    on among the actions of ``first``'s verb, up to ``count`` in all; an action the bot calls
    `Bot.alike` one already listed is not asked about (it would be the same play). None where
    the bot cannot be asked so (it needs its full list, or answers outside the one given)."""
    out = [first]
    pool = [a for a in legal if a.verb == first.verb]
    while len(out) < count:
        last = out[-1]
        pool = [a for a in pool if a != last and not bot.alike(observation, last, a)]
        if not pool:
            break
        try:
            choice = bot.choose(observation, pool)
        except (StopIteration, LookupError, ValueError):
            return None
        if choice not in pool:
            return None
        out.append(choice)
    return out


def replayed_misfits(bot: Bot[ObservationT], replay: State,
                     actions: Iterable[tuple[int, Action]], seat: int,
                     limit: int, judged: Callable[[int, Action], bool] = lambda p, a: True) -> int:
    """`Bot.misfits` by replay: ``actions`` (a deal's so far, in order) applied one by one to
    ``replay`` (the state at that deal's deal in a world a search dealt), and each of a seat
    other than ``seat`` that ``judged`` keeps and that had a choice compared with what ``bot``
    would have done there, asked on what that seat's own observation of the replay shows
    (`Bot.act`); an action ``bot`` calls alike its own choice (`Bot.alike`) counts as its
    choice. The differences, counted up to ``limit``."""
    count = 0
    for player, action in actions:
        if player != seat and judged(player, action):
            legal = replay.legal_actions(player)
            if len(legal) > 1:
                mine = bot.act(replay, player, legal)
                if mine != action and not bot.alike(bot.observe(replay, player), mine, action):
                    count += 1
                    if count >= limit:
                        return count
        replay.apply(player, action)
    return count


def replayed_cards(plays: Sequence[tuple[int, list[str]]], hands: list[list[str]], n: int,
                   seat: int, limit: int, count: int,
                   differs: Callable[[int, int, int, list[str], list[str], str], bool]) -> int:
    """`Bot.misfits` for a trick game's cards, replayed on the hands alone (no state applied,
    no observation built): ``plays`` (each trick's leader and cards, round ``n`` seats, the
    trick in play last) taken in order from ``hands`` (each seat's as the first trick was led;
    changed), and each card of a seat other than ``seat`` that ``differs(k, player, leader,
    trick, hand, card)`` says the bot would not have played (``k`` the trick's index, ``trick``
    its cards before this one, ``hand`` the player's before it) counted on from ``count``, up
    to ``limit``."""
    for k, (leader, cards) in enumerate(plays):
        for i, card in enumerate(cards):
            if count >= limit:
                return count
            player = (leader + i) % n
            hand = hands[player]
            if player != seat and differs(k, player, leader, cards[:i], hand, card):
                count += 1
            hand.remove(card)
    return count


def none_between(a: str, b: str, cards: Iterable[str], rank: Callable[[str], int],
                 suit: Callable[[str], str] = lambda card: card[1]) -> bool:
    """Whether none of ``cards`` of the suit of ``a`` and ``b`` ranks strictly between them, so
    that in a trick the two win and lose against the same cards (what `Bot.alike` asks of two
    cards of a trick game, ``cards`` being those out and those in the trick)."""
    low, high = sorted((rank(a), rank(b)))
    of = suit(a)
    return not any(suit(c) == of and low < rank(c) < high for c in cards)


def last_leads(tricks: Iterable[Sequence[JSON]], n: int,
               suit: Callable[[str], str] = lambda card: card[1]) -> list[str | None]:
    """The suit each of ``n`` seats led last in ``tricks`` (leader and cards, as the history
    of a trick game keeps them), None where it led none; ``suit`` reads a card's suit (a game
    with jokers has its own)."""
    led: list[str | None] = [None] * n
    for leader, cards in tricks:
        led[int(leader)] = suit(cards[0])
    return led


def with_voids(voids: list[set[str]], leader: int, cards: Sequence[str], n: int,
               suit: Callable[[str], str] | None = None, wild: str = "") -> list[set[str]]:
    """``voids`` and those ``cards`` (a trick led by ``leader``, played round ``n`` seats; its
    cards past the first ``n`` are not the seats') showed: a card not of the suit led (``suit``
    reads a card's suit, None its letter) whose rank letter is not in ``wild``. ``voids`` itself
    where they showed none new, else a new list (the sets left alone are shared, never
    changed)."""
    if len(cards) < 2:
        return voids
    led = cards[0][1] if suit is None else suit(cards[0])
    out = voids
    for i in range(1, min(n, len(cards))):
        card = cards[i]
        seat = (leader + i) % n
        if (card[1] if suit is None else suit(card)) != led and card[0] not in wild \
                and led not in out[seat]:
            out = out[:] if out is voids else out
            out[seat] = out[seat] | {led}
    return out


class Reading:
    """What a hand's finished tricks show every seat: the cards of each suit not played in them
    (``unplayed``, each suit from its lowest card up), the suits each seat showed it lacks, the
    suit each seat led last, and the cards each seat played on a suit led that it did not follow
    (``throws``, in the order played: its throws and ruffs, which its partner may read: a low
    card thrown from a suit says it does not want the suit led). Made by a `TrickReader`; never
    changed: a reading and the next trick's share what the trick left alone."""

    __slots__ = ("leads", "throws", "unplayed", "voids")

    def __init__(self, unplayed: dict[str, list[str]], voids: list[set[str]],
                 leads: list[str | None], throws: list[list[str]]) -> None:
        self.unplayed, self.voids, self.leads, self.throws = unplayed, voids, leads, throws

    def out(self, seen: Container[str]) -> dict[str, list[str]]:
        """The cards of each suit not played and not in ``seen``, from the lowest up."""
        return {suit: [c for c in cards if c not in seen] for suit, cards in self.unplayed.items()}


class TrickReader:
    """Reads a trick game's hands trick by trick into readings (`Reading`): ``unplayed(n)``
    gives the cards out before the first trick at ``n`` seats, by suit; ``suit`` reads a card's
    suit (None: its letter) and a card whose rank letter is in ``wild`` (a joker, playable on
    any lead) shows no void and is no throw. A trick's cards past its first ``n`` are not the
    seats' (Shelem for two adds the piles').

    Called on a hand's history, it remembers what it read (a search's playouts ask at every
    move, and clones share the tricks they played before they parted) by the last trick read:
    the rules make a trick's ``(leader, cards)`` once and never change it, so the object stands
    for its hand's tricks up to it; it is kept with the reading, so that its id is not reused
    while remembered. Few are kept (`kept`), for the garbage collector: readings outlive the
    young generation, and with 256 kept a Hokm search collected 17 times as often (0.7 % of its
    time, pauses up to 4 ms; 40 decisions of 30 rounds, a `gc.callbacks` probe), with 32 as
    seldom as with none (0.04 %, 0.2 ms), at the same speed."""

    def __init__(self, unplayed: Callable[[int], dict[str, list[str]]],
                 suit: Callable[[str], str] | None = None, wild: str = "",
                 kept: int = 32) -> None:
        self.unplayed, self.suit, self.wild, self.kept = unplayed, suit, wild, kept
        self._kept: dict[int, tuple[Sequence[JSON], Reading]] = {}

    def start(self, n: int) -> Reading:
        """The reading before a hand's first trick at ``n`` seats."""
        return Reading(self.unplayed(n), [set() for _ in range(n)], [None] * n,
                       [[] for _ in range(n)])

    def after(self, read: Reading, leader: int, cards: Sequence[str], n: int) -> Reading:
        """``read`` and one more trick, led by ``leader``."""
        suit = self.suit or (lambda card: card[1])
        led = suit(cards[0])
        unplayed = dict(read.unplayed)
        for s in {suit(c) for c in cards}:
            unplayed[s] = [c for c in unplayed[s] if c not in cards]
        leads = read.leads[:]
        leads[leader] = led
        throws = read.throws
        for i, card in enumerate(cards[:n]):
            if suit(card) != led and card[0] not in self.wild:
                seat = (leader + i) % n
                throws = throws[:] if throws is read.throws else throws
                throws[seat] = [*throws[seat], card]
        return Reading(unplayed, self.voids(read.voids, leader, cards, n), leads, throws)

    def voids(self, voids: list[set[str]], leader: int, cards: Sequence[str], n: int
              ) -> list[set[str]]:
        """`with_voids` as this game reads a card's suit (the trick in play too)."""
        return with_voids(voids, leader, cards, n, self.suit, self.wild)

    def __call__(self, history: Sequence[Sequence[JSON]], n: int, tricks: int | None = None
                 ) -> Reading:
        """The reading of the first ``tricks`` (all: None) of ``history`` at ``n`` seats,
        from the reading of the tricks before the last where it is remembered."""
        m = len(history) if tricks is None else tricks
        if m == 0:
            return self.start(n)
        last = history[m - 1]
        kept = self._kept.get(id(last))
        if kept is not None and kept[0] is last:
            return kept[1]
        made = self.after(self(history, n, m - 1), int(last[0]), last[1], n)
        if len(self._kept) >= self.kept:
            self._kept.clear()
        self._kept[id(last)] = (last, made)
        return made

    def anew(self, history: Iterable[Sequence[JSON]], n: int) -> Reading:
        """The reading of ``history`` at ``n`` seats, read trick by trick and remembering
        nothing (an observation's tricks are new lists each time, nothing to remember by)."""
        read = self.start(n)
        for leader, cards in history:
            read = self.after(read, int(leader), cards, n)
        return read


def own_hand(observation: Observation) -> list[str]:
    """The cards of the observing seat's hand (zone ``hand:<seat>``) that it sees; empty if it
    has none."""
    zone = f"hand:{observation['seat']}"
    cards = next((z["cards"] for z in observation["zones"] if z["id"] == zone), [])
    return [c for c in cards if c is not None]


class RandomBot(Bot[Observation]):
    """Any legal action, uniformly; a pattern (``pass ?3``) is filled at random."""

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        action = legal[self.rng.randrange(len(legal))]
        if "?" in action.arg or "#" in action.arg:  # is_pattern, inlined: the hot loop
            return random_fill(action, own_hand(observation), self.rng)
        return action
