"""Chips for the stake games (Bist-o-Yek, 9-8, Bourse): purses, a bank, stakes and a ledger.

Every chip lies in exactly one place: a seat's **purse**, the **bank** (Bist-o-Yek's bank, 9-8's
side pot, Bourse's prize money), or a seat's **stake** (chips put up and not yet settled). Moves
go from one place to another and never make or lose a chip, so `total()` is the same from the
first deal to the last; `State.chips()` reports it and the invariant suite checks it.

A seat's **holding** is its purse, its stake, and the bank while it owns the bank (Bist-o-Yek's
banker): what it would take home if play stopped now. The **ledger** has one row per deal:
``[deal, banker or dealer, [change per seat], [holding per seat]]`` (the changes over that
deal and the running totals after it), which is the stake games' score sheet.

The whole thing is plain lists and ints, copied in `copy()`, saved by `to_dict()`.
`ChipState` is what the three games' states share around it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypedDict

from game.core import JSON, State
from game.shapes import Result, Sheet, TableFacts


class ChipsRecord(TypedDict):
    """The whole chipset as saved and as a stake game's observation shows it (`Chips.to_dict`):
    every chip is public."""

    purses: list[int]
    bank: int
    owner: int | None
    stakes: list[int]
    start: list[int]
    ledger: list[list[int | list[int] | None]]
    """Per deal: its number, its banker (a seat or None), each seat's change, each holding."""


class ChipFacts(TableFacts):
    """The public chip facts of a stake game (`Chips.facts`): besides the table's purses,
    stakes and bank, each seat's holding (its purse and stake) and the whole chipset (which a
    world sampled for the search starts from)."""

    holdings: list[int]
    chips: ChipsRecord


class Ledgered(TypedDict):
    """A deal's ledger row (the ``ledger`` event, `Chips.end_deal`): its number, each seat's
    change over it (below 0: lost) and holding after it."""

    deal: int
    change: list[int]
    total: list[int]


class Holdings(TypedDict):
    """A stake match over (its ``match_end`` event): each seat's chips."""

    holdings: list[int]


LEDGER_ENDS = frozenset({"ledger"})
"""The event that ends a stake game's deal (its `Rules.deal_ends`): the ledger row is written,
and the table shows the ledger between deals."""
LEDGER_COLUMNS = ("deal", "banker", "change", "total")
"""The ledger's columns: deal number, the banker's (or dealer's) seat, each seat's change over
the deal and each seat's holding after it (lists, one number per seat)."""


class Chips:
    """Purses, one bank (with an owner seat or none), stakes per seat, and the ledger."""

    __slots__ = ("bank", "ledger", "owner", "purses", "stakes", "start")

    def __init__(self, seats: int, purse: int) -> None:
        self.purses = [purse] * seats
        self.bank = 0
        self.owner: int | None = None
        self.stakes = [0] * seats
        self.ledger: list[list[JSON]] = []
        self.start = [purse] * seats
        """Holdings when the current deal began (for its ledger row)."""

    # -- reading ----------------------------------------------------------------------
    def total(self) -> int:
        """Every chip at the table: conserved by every move."""
        return sum(self.purses) + self.bank + sum(self.stakes)

    def holding(self, seat: int) -> int:
        return self.purses[seat] + self.stakes[seat] + (self.bank if self.owner == seat else 0)

    def holdings(self) -> list[int]:
        return [self.holding(s) for s in range(len(self.purses))]

    # -- moves (each checks it has the chips: a move that cannot be made is a bug) -------
    def _take(self, amount: int, have: int, where: str) -> None:
        if amount < 0 or amount > have:
            raise ValueError(f"cannot move {amount} chips from {where} holding {have}")

    def put_up(self, seat: int, amount: int) -> None:
        """Purse to stake."""
        self._take(amount, self.purses[seat], f"purse {seat}")
        self.purses[seat] -= amount
        self.stakes[seat] += amount

    def stake_to_bank(self, seat: int, amount: int | None = None) -> int:
        """A lost stake (all of it, or ``amount`` of it) goes to the bank."""
        amount = self.stakes[seat] if amount is None else amount
        self._take(amount, self.stakes[seat], f"stake {seat}")
        self.stakes[seat] -= amount
        self.bank += amount
        return amount

    def stake_back(self, seat: int, amount: int | None = None) -> int:
        """A stake (or part of it) returns to its purse."""
        amount = self.stakes[seat] if amount is None else amount
        self._take(amount, self.stakes[seat], f"stake {seat}")
        self.stakes[seat] -= amount
        self.purses[seat] += amount
        return amount

    def bank_pays(self, seat: int, amount: int) -> None:
        """Bank to a purse."""
        self._take(amount, self.bank, "the bank")
        self.bank -= amount
        self.purses[seat] += amount

    def purse_to_bank(self, seat: int, amount: int) -> None:
        self._take(amount, self.purses[seat], f"purse {seat}")
        self.purses[seat] -= amount
        self.bank += amount

    def pay(self, payer: int, payee: int, amount: int) -> int:
        """Purse to purse, as much of ``amount`` as the payer has; returns what was paid."""
        paid = min(amount, self.purses[payer])
        self.purses[payer] -= paid
        self.purses[payee] += paid
        return paid

    def open_bank(self, seat: int, amount: int) -> None:
        """``seat`` puts up a bank from its purse and owns it."""
        self.purse_to_bank(seat, amount)
        self.owner = seat

    def close_bank(self) -> int:
        """The owner takes the bank home (all of it); returns how much."""
        amount = self.bank
        if self.owner is not None:
            self.bank_pays(self.owner, amount)
        self.owner = None
        return amount

    # -- deals ------------------------------------------------------------------------
    def begin_deal(self) -> None:
        self.start = self.holdings()

    def end_deal(self, deal: int, who: int | None) -> Ledgered:
        """Write the deal's ledger row; returns it as its ``ledger`` event's data."""
        now = self.holdings()
        change = [a - b for a, b in zip(now, self.start)]
        self.ledger.append([deal, who, change, now])
        self.start = now
        return {"deal": deal, "change": change, "total": now}

    def sheet(self) -> Sheet:
        return {"columns": list(LEDGER_COLUMNS),
                "rows": [[r[0], r[1], list(r[2]), list(r[3])] for r in self.ledger]}

    # -- copying and saving ------------------------------------------------------------
    def copy(self) -> Chips:
        c = Chips.__new__(Chips)
        c.purses = self.purses[:]
        c.bank = self.bank
        c.owner = self.owner
        c.stakes = self.stakes[:]
        c.ledger = self.ledger[:]  # rows are never changed once written
        c.start = self.start[:]
        return c

    def to_dict(self) -> ChipsRecord:
        return {"purses": self.purses[:], "bank": self.bank, "owner": self.owner,
                "stakes": self.stakes[:], "start": self.start[:],
                "ledger": [[r[0], r[1], list(r[2]), list(r[3])]
                           for r in self.ledger]}

    @classmethod
    def from_dict(cls, d: Mapping[str, JSON]) -> Chips:
        c = cls.__new__(cls)
        c.purses = [int(x) for x in d["purses"]]
        c.bank = int(d["bank"])
        c.owner = None if d["owner"] is None else int(d["owner"])
        c.stakes = [int(x) for x in d["stakes"]]
        c.start = [int(x) for x in d["start"]]
        c.ledger = [[int(r[0]), None if r[1] is None else int(r[1]), [int(x) for x in r[2]],
                     [int(x) for x in r[3]]] for r in d["ledger"]]
        return c

    def check(self, seats: int) -> None:
        """`ValueError` unless purses, stakes and the deal's start hold one number for each of
        ``seats``, the bank's owner is one of them or none, and each ledger row is a deal, its
        banker (a seat or none) and a change and a holding for each seat."""
        for name in ("purses", "stakes", "start"):
            if len(getattr(self, name)) != seats:
                raise ValueError(f"the chips' {name} hold one number for each seat ({seats}), "
                                 f"not {len(getattr(self, name))}")
        if self.owner is not None and not 0 <= self.owner < seats:
            raise ValueError(f"the bank's owner is a seat of this table of {seats} or none, not "
                             f"{self.owner}")
        for row in self.ledger:
            if (row[1] is not None and not 0 <= int(row[1]) < seats) \
                    or len(row[2]) != seats or len(row[3]) != seats:
                raise ValueError(f"a ledger row is a deal, its banker and a change and a "
                                 f"holding for each of {seats} seats, not {row!r}")

    def facts(self) -> ChipFacts:
        """The public chip facts every stake game shows; the ledger as ``sheet``, the fact the
        table reads a game's score sheet from between deals."""
        return {"purses": self.purses[:], "bank": self.bank, "bank_owner": self.owner,
                "stakes": self.stakes[:], "holdings": self.holdings(), "sheet": self.sheet(),
                "chips": self.to_dict()}


class ChipState(State):
    """A stake game's state: its chips in `chipset`, saved with its `FIELDS` (copied as they
    are); the match is over in phase ``over``, and those who hold the most chips win."""

    chipset: Chips

    def is_over(self) -> bool:
        return self.phase == "over"

    def chips(self) -> int | None:
        return self.chipset.total()

    def result(self) -> Result:
        holdings = self.chipset.holdings()
        top = max(holdings)
        purse = int(self.options["purse"])
        return {"winners": [s for s in range(self.seats) if holdings[s] == top],
                "points": [h - purse for h in holdings], "teams": None,
                "chips": holdings, "sheet": self.chipset.sheet()}

    def to_dict(self) -> dict[str, JSON]:
        return {**super().to_dict(), "chips": self.chipset.to_dict()}

    def load(self, d: dict[str, JSON]) -> None:
        super().load(d)
        self.chipset = Chips.from_dict(d["chips"])


def steps(lo: int, hi: int, step: int) -> int | None:
    """The highest number on the steps ``lo, lo+step, ...`` not above ``hi``; None if hi < lo."""
    if hi < lo:
        return None
    return lo + (hi - lo) // step * step


def stake_pattern(verb: str, lo: int, hi: int, step: int) -> str | None:
    """``verb #lo-hi/step`` as a code, hi brought down to the steps; None if nothing fits."""
    top = steps(lo, hi, step)
    if top is None:
        return None
    return f"{verb} #{lo}-{top}/{step}" if step != 1 else f"{verb} #{lo}-{top}"
