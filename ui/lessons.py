"""A guided first deal ("Show me how to play") for Hokm, Shelem, Pasur, Bi-Del, Rim and Haft
Khabis, the games most Persian homes know: one stacked deal a game, played at the ordinary table.

A lesson (`Lesson`) is a deal stacked by ``options["deck"]`` and the actions of its guided part,
every seat's, in order (`Lesson.moves`). The table (`ui.table.scene.TableScene`, its config
naming the lesson: ``"lesson": <game id>``) plays it as any deal; only this changes (`Guide`):

- the bots play their part of the script (`Scripted`), then as the normal bot;
- each action of the person (seat 0) in the script is a step: while it is due, the table's
  status line explains it (``lesson.<game>.<k>``, the k-th step, in the game's catalogue,
  `ui.games`: why this card, what the trump does, what a sur is), the hint (H) points at it, and
  it is the one action the person may take (the others are not offered, and a card chosen
  otherwise is refused with the step's words);
- after the last step the table says the lesson is done (``lesson.<game>.done``) and the deal
  goes on as any other, the person's hints, claims and forced card included (bots claim nothing
  in a lesson: `ui.table.bots.BotWorker`).

A lesson keeps no match and records no result (`ui.table.match.Match`), and offers no undo: it
is a demonstration, not a game of the person's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game import registry
from game.bots import Bot, make
from game.cards.french import deck
from game.core import JSON, Action, is_pattern, matches
from game.shapes import Chair, TableConfig
from ui.text import default_name

PERSON = 0
"""The person's seat in every lesson."""


@dataclass(frozen=True)
class Lesson:
    """One game's guided deal: ``seats`` chairs (the person in `PERSON`, bots in the others),
    the game's ``options`` (the stacked deck among them), the ``seed`` (what the deck does not
    stack: Shelem's dealer) and every seat's actions of the guided part, in order, as
    ``(seat, code)``."""

    game: str
    seats: int
    seed: int
    options: Mapping[str, JSON]
    moves: tuple[tuple[int, str], ...]

    @property
    def steps(self) -> int:
        """How many actions of the script are the person's."""
        return sum(seat == PERSON for seat, _ in self.moves)

    def config(self) -> TableConfig:
        """The table's config for the lesson: the person and the bots (named as the table
        names chairs nobody named), the options, the seed and the lesson's name."""
        chairs: list[Chair] = [
            {"kind": "person", "name": default_name("you")} if seat == PERSON else
            {"kind": "bot", "name": default_name("bot", seat + 1), "level": "normal"}
            for seat in range(self.seats)]
        return {"game": self.game, "seats": chairs, "options": dict(self.options),
                "seed": self.seed, "lesson": self.game}

    def bots(self, seed: int) -> dict[int, Bot[Any]]:
        """The bots of the lesson, each playing its part of the script, then as the normal
        bot."""
        return {seat: Scripted(seed + seat, [Action(*code.split(" ", 1)) if " " in code
                                             else Action(code)
                                             for who, code in self.moves if who == seat],
                               make("normal", self.game, seed + seat))
                for seat in range(self.seats) if seat != PERSON}


class Scripted(Bot[Any]):
    """A bot that plays ``script`` (its own actions, in order) while each next one is legal,
    then as ``then`` for the rest of the game."""

    def __init__(self, seed: int, script: Sequence[Action], then: Bot[Any]) -> None:
        super().__init__(seed)
        self.script = list(script)
        self.then = then

    def choose(self, observation: Mapping[str, JSON], legal: Sequence[Action]) -> Action:
        if self.script and allowed(self.script[0], legal):
            return self.script.pop(0)
        self.script = []
        return self.then.choose(observation, legal)


def allowed(action: Action, legal: Sequence[Action]) -> bool:
    """Whether ``action`` is one of ``legal`` or fills one of its patterns."""
    return action in legal or any(matches(p, action) for p in legal if is_pattern(p))


def same(a: Action, b: Action) -> bool:
    """Whether two actions are one: the same verb and the same words, in any order (cards
    chosen for a pattern are lifted in the order the person clicks them)."""
    return a.verb == b.verb and sorted(a.arg.split()) == sorted(b.arg.split())


class Guide:
    """A lesson at the table: the person's steps, and how many they have taken (`advance`).
    The person's next decision is always their next step: the script plays the bots' part, so
    the deal goes as it was written (where several seats choose at once, Bi-Del's pass, in
    whatever order they choose)."""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        rules = registry.get(lesson.game)
        self.actions = [rules.parse_action(code) for seat, code in lesson.moves if seat == PERSON]
        """The person's steps, in order."""
        self.taken = 0
        """The person's steps taken so far."""

    def over(self) -> bool:
        """Whether the guided part is over: every step taken."""
        return self.taken >= len(self.actions)

    def taught(self) -> Action | None:
        """The action the person's next decision must be, None once the lesson is over."""
        return None if self.over() else self.actions[self.taken]

    def advance(self) -> None:
        """The person took the step taught."""
        self.taken += 1

    def words(self) -> str:
        """The catalogue key of what the status line says of the step due."""
        return f"lesson.{self.lesson.game}.{self.taken}"

    def offered(self, legal: Sequence[Action]) -> list[Action]:
        """Of the person's ``legal`` actions, those the lesson lets them take now: the one
        taught (or the pattern it fills), all of them once the guided part is over."""
        taught = self.taught()
        if taught is None:
            return list(legal)
        return [a for a in legal if a == taught or (is_pattern(a) and matches(a, taught))]

    def refuses(self, action: Action) -> bool:
        """Whether the lesson refuses ``action`` of the person now: not the one it teaches."""
        taught = self.taught()
        return taught is not None and not same(action, taught)


def stack(*hands: str) -> list[str]:
    """The cards of ``hands`` (codes separated by spaces), in order, then the rest of the pack in
    its fixed order: a whole deck, top first."""
    top = [c for hand in hands for c in hand.split()]
    return [*top, *(c for c in deck() if c not in top)]


def packets(hands: Sequence[str], sizes: Sequence[int]) -> list[str]:
    """The cards of ``hands`` (one string each, in seat order) dealt in packets of ``sizes``
    round the table, seat 0 first (Hokm, Bi-Del): the whole deck, top first."""
    cards = [hand.split() for hand in hands]
    out: list[str] = []
    at = 0
    for size in sizes:
        for hand in cards:
            out.extend(hand[at:at + size])
        at += size
    return out


def alternate(first: str, second: str) -> list[str]:
    """Two hands dealt a card at a time, the first's first (Rim's other seat and dealer, Haft
    Khabis' seats): the deck's top cards in that order."""
    return [c for pair in zip(first.split(), second.split()) for c in pair]


def moves(script: str) -> tuple[tuple[int, str], ...]:
    """A script written ``seat action`` a move, moves separated by ``|`` or new lines."""
    out = []
    for move in script.replace("\n", "|").split("|"):
        if move.strip():
            seat, code = move.split(maxsplit=1)
            out.append((int(seat), code.strip()))
    return tuple(out)


HOKM_HANDS = ("AS KS QS 7S AH 3S KH 8H 4C 5C 9C TC JC",
              "2S 6S 5H 6H TH QH 7C KC 8C KD 8D QD JD",
              "4S 8S TS JS 2H 3H 4H 7H 2C 3C 4D 9D TD",
              "5S 9S 9H JH AC 6C QC 5D 2D 3D AD 6D 7D")

LESSONS: dict[str, Lesson] = {
    "hokm": Lesson("hokm", 4, 1, {
        "length": "hand",
        "deck": [stack("AS 2H 3H 4H"), packets(HOKM_HANDS, (5, 4, 4))]},
        moves("""0 trump S
        0 play AS|1 play 2S|2 play 4S|3 play 5S
        0 play KS|1 play 6S|2 play 8S|3 play 9S
        0 play AH|1 play 5H|2 play 2H|3 play 9H
        0 play 4C|1 play 7C|2 play 2C|3 play AC
        3 play JH|0 play KH|1 play 6H|2 play 3H
        0 play 5C|1 play KC|2 play 3C|3 play 6C
        1 play KD|2 play 4D|3 play 5D|0 play 3S
        0 play QS|1 play 8C|2 play TS|3 play 2D
        0 play 7S""")),
    "shelem": Lesson("shelem", 4, 2, {
        "length": "deal",
        "deck": stack("AS KS QS JS 9S 4S AH KH AD AC 2C 3D",
                      "QC JD 5S 8C 7D 5C QD 5D JC 8H 9H 6D",
                      "8S 3S 7H TC KC 7C 9D JH 4C 2S 6C 6S",
                      "TS 5H TD 2H",
                      "3H 3C TH 8D 2D QH KD 9C 4H 4D 7S 6H")},
        moves("""0 bid 120|1 pass|2 pass|3 pass
        0 discard 3D 2H 5H TD
        0 play AS|1 play 5S|2 play 2S|3 play 7S
        0 play KS|1 play 8H|2 play 3S|3 play 3C
        0 play AH""")),
    "pasur": Lesson("pasur", 2, 1, {
        "length": "deal", "deck": stack("6C AS JH QH", "KD 9C QC 2D", "5H 3C KS 7D")},
        moves("""0 take 6C 5H|1 take KD KS
        0 take AS 3C 7D|1 play 9C
        0 take JH 9C|1 play QC
        0 take QH QC""")),
    "bidel": Lesson("bidel", 4, 1, {
        "length": "deal",
        "deck": packets(["2C QS AH KH 9D 4D 3D 7C 5C 8H 3H 6S 4S",
                         "KC 5S 4H 3S AS 9S JH JC KD 8D QH 8C 7D",
                         "6D 9C 2H QD TC AC 7H TD 2D 6H 3C 2S 9H",
                         "7S TS JD 5H 5D 4C AD 6C JS TH 8S QC KS"], (5, 4, 4))},
        moves("""0 pass QS AH KH|1 pass AS QH JH|2 pass AC QD 9H|3 pass TH AD QC
        0 play 2C|1 play KC|2 play TC|3 play AC
        3 play QD|0 play 9D|1 play 8D|2 play TD
        3 play 4C|0 play QC|1 play JC|2 play 9C
        0 play 4S""")),
    "rim": Lesson("rim", 2, 1, {
        "length": "deal",
        "deck": stack(" ".join([*alternate("2H 3C 5S 7C 8D TS JH AC 6D 3S",
                                           "5H 6H 7H KS KD KH 9C 9D 2S QC"), "4D"]),
                      "9S 2D 8H")},
        moves("""0 discard 2S|1 draw|1 discard 9S
        0 take|0 meld 5H 6H 7H|0 meld KS KD KH|0 meld 9C 9D 9S|0 discard QC
        1 draw|1 discard 2D
        0 draw|0 add 8H 0|0 discard 4D""")),
    "haftkhabis": Lesson("haftkhabis", 2, 1, {
        "length": "deal",
        "deck": stack(" ".join(alternate("9C 7D AD 8D JD 6S 3S", "5C 9D 2H 4H QH KC TC")),
                      "5H 2D 3C 4C 5D")},
        moves("""1 play 5C|0 play 9C|1 play 9D|0 play 7D|1 draw
        0 play AD|0 play 8D|0 play JD|0 suit S|1 draw|1 pass
        0 play 6S|1 draw|1 pass|0 play 3S""")),
}
"""The lessons, by game. Each person's step has its words in the game's catalogue
(``lesson.<game>.<k>``), and the end of the guided part too (``lesson.<game>.done``)."""
