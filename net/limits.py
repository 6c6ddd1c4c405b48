"""What one peer may cost a host, whatever the transport: how many connections, how fast it is
answered, how much waits to be sent to it, and how often a table code may be tried.

Every listener (the home host of `net.host`, a table server holding many tables) keeps these
limits; all of it is plain bookkeeping on a clock it is given (`time.monotonic` by default), so
that it is tested without waiting.

- `Gate` counts open connections, in total and per address: over either cap a new connection
  is closed as it opens, before it costs more than a socket.
- `Bucket` is a token bucket: a burst, then a steady rate. A seated connection's refusals go
  through one: past it, the host answers no refused action until the bucket refills (the
  action is still refused). The frames read from a seated connection go through another,
  which each update sent to it refills by `Limits.frames_per_update`: past it the host reads
  nothing more from that connection until it is refilled.
- `Guesses` keeps the wrong table codes: per address, each wrong code doubles the wait before
  that address may try again (`Limits.backoff_first` up to `Limits.backoff_most`); per table, a
  bucket of `Limits.table_guesses` wrong codes refilled at `Limits.table_guesses_per_min`. While
  either says wait, a code is not even checked. The host is told of every wrong code.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

Clock = Callable[[], float]


@dataclass(frozen=True)
class Limits:
    """The limits a host keeps; the defaults are the home table's (the README names them)."""

    connections: int = 64
    """Open connections at once, in total."""
    per_address: int = 16
    """Open connections at once from one address (ten seats and the host's own client fit)."""
    hello_wait: float = 5.0
    """Seconds from a connection's opening to its proven hello; then it is closed."""
    outbox_bytes: int = 256 * 1024
    """Bytes waiting to be sent to one connection; past it the connection is closed as one
    that does not read (its seat goes to a bot, as for any drop)."""
    refusals_burst: int = 20
    refusals_per_s: float = 5.0
    """Refusals answered to one connection: a burst, then a steady rate."""
    frames_burst: int = 30
    frames_per_update: int = 3
    frames_per_s: float = 2.0
    """Frames read from one seated connection: a burst, then as many for each update it is
    sent (an honest player answers an update once, or twice where a copy crossed), and a few
    a second besides; past them the host reads nothing more from it until it has earned
    more, so that a flood waits in the flooder's own socket."""
    keepalive: float = 10.0
    """Seconds between pings; a connection that has not answered one within as many seconds
    more (it does not read) is closed."""
    backoff_first: float = 1.0
    backoff_most: float = 300.0
    """Seconds an address waits after its first wrong code, doubled at each one after, at
    most this."""
    table_guesses: int = 10
    table_guesses_per_min: float = 6.0
    """Wrong codes a table takes from all addresses together: a burst, then per minute."""
    phrases_burst: int = 3
    phrases_per_s: float = 0.2
    """Quick phrases a seated player may say: a burst, then one every five seconds; past it
    a phrase is dropped unsaid."""

    def guesses_per_s(self) -> float:
        """The most wrong codes a table checks per second, sustained, from any number of
        addresses."""
        return self.table_guesses_per_min / 60


class Bucket:
    """A token bucket: ``burst`` tokens, refilled at ``rate`` a second."""

    def __init__(self, burst: float, rate: float, clock: Clock = time.monotonic) -> None:
        self.burst = burst
        self.rate = rate
        self.clock = clock
        self.tokens = float(burst)
        self.at = clock()

    def _refill(self) -> None:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now

    def take(self) -> bool:
        """Take a token if there is one; whether there was."""
        self._refill()
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def give(self, tokens: float) -> None:
        """Add ``tokens`` (at most the burst is held)."""
        self._refill()
        self.tokens = min(self.burst, self.tokens + tokens)

    def wait(self) -> float:
        """Seconds until a token is there (0: now)."""
        self._refill()
        return 0.0 if self.tokens >= 1 else (1 - self.tokens) / self.rate


class Gate:
    """Open connections by address, within `Limits.connections` and `Limits.per_address`. The
    addresses of ``proxies`` (reverse proxies the listener trusts) count in the total only: the
    address each forwards takes its connection's place (`forward`)."""

    def __init__(self, limits: Limits, proxies: frozenset[str] = frozenset()) -> None:
        self.limits = limits
        self.proxies = proxies
        self.open: dict[str, int] = {}
        self.total = 0
        self.peak = 0
        """The most connections open at once."""
        self.turned_away = 0

    def admit(self, address: str) -> bool:
        """Count a connection from ``address`` in, if both caps allow; whether they did."""
        if self.total >= self.limits.connections or (
                address not in self.proxies
                and self.open.get(address, 0) >= self.limits.per_address):
            self.turned_away += 1
            return False
        self.open[address] = self.open.get(address, 0) + 1
        self.total += 1
        self.peak = max(self.peak, self.total)
        return True

    def forward(self, proxy: str, address: str) -> bool:
        """A connection `admit` let in from ``proxy`` is the player's at ``address``: it counts
        there from now on (then `release` ``address``), if that address's cap allows; whether
        it did (else it still counts at ``proxy``)."""
        if self.open.get(address, 0) >= self.limits.per_address:
            self.turned_away += 1
            return False
        self.release(proxy)
        self.open[address] = self.open.get(address, 0) + 1
        self.total += 1
        return True

    def release(self, address: str) -> None:
        """A connection `admit` let in has closed."""
        left = self.open.get(address, 0) - 1
        if left > 0:
            self.open[address] = left
        else:
            self.open.pop(address, None)
        self.total -= 1


@dataclass
class Wrong:
    """Wrong codes from one address: how many in a row, and when it may try again."""

    streak: int = 0
    until: float = 0.0


@dataclass
class Guesses:
    """The wrong table codes a table was sent (see the module docstring); ``told`` is called
    with the address and the total after each one (the host shows it)."""

    limits: Limits
    clock: Clock = time.monotonic
    told: Callable[[str, int], None] | None = None
    total: int = 0
    last: str | None = None
    """The address the latest wrong code came from."""
    by_address: dict[str, Wrong] = field(default_factory=dict)
    table: Bucket | None = None

    KEPT = 4096
    """Addresses remembered at most; beyond, those whose wait has long passed are forgotten."""

    def __post_init__(self) -> None:
        self.table = Bucket(self.limits.table_guesses, self.limits.guesses_per_s(), self.clock)

    def wait(self, address: str) -> float:
        """Seconds before a code from ``address`` is checked (0: now)."""
        assert self.table is not None
        wrong = self.by_address.get(address)
        own = 0.0 if wrong is None else max(0.0, wrong.until - self.clock())
        return max(own, self.table.wait())

    def wrong(self, address: str) -> None:
        """A wrong code came from ``address`` (it was checked: `wait` was 0)."""
        assert self.table is not None
        self.table.take()
        wrong = self.by_address.setdefault(address, Wrong())
        wrong.streak += 1
        wrong.until = self.clock() + min(self.limits.backoff_most,
                                         self.limits.backoff_first * 2 ** (wrong.streak - 1))
        self.total += 1
        self.last = address
        self._forget()
        if self.told is not None:
            self.told(address, self.total)

    def right(self, address: str) -> None:
        """The right code came from ``address``: its streak ends."""
        self.by_address.pop(address, None)

    def _forget(self) -> None:
        if len(self.by_address) <= self.KEPT:
            return
        now = self.clock()
        for address in [a for a, w in self.by_address.items()
                        if w.until + self.limits.backoff_most < now]:
            del self.by_address[address]
        while len(self.by_address) > self.KEPT:  # all recent: the oldest waits go first
            del self.by_address[min(self.by_address, key=lambda a: self.by_address[a].until)]
