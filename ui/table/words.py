"""What the table says, in the table's language: actions as their buttons say them, cards and
seats by name, refusals from the catalogue, the log's lines, the marks beside a seat's name,
the corner panel's lines and the keys' footer. Words only: nothing here draws or decides."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from game.core import Action, Event, Reason, Rules
from game.shapes import Observation, Offer
from ui.app import App
from ui.games import game_lines, game_marks, game_word, offers_undo
from ui.games.speech import Seen


class TableWords:
    """The words of one table: ``names(seat)`` gives a chair's name as kept, ``facts()`` the
    public facts of the observation the table shows now."""

    def __init__(self, app: App, rules: Rules, seats: int, persons: Sequence[int],
                 names: Callable[[int], str], facts: Callable[[], Observation]) -> None:
        self.app = app
        self.rules = rules
        self.seats = seats
        self.persons = list(persons)
        self.names = names
        self.facts = facts

    def tr(self, key: str, **fmt: Any) -> str:
        return self.app.text.tr(key, **fmt)

    def name(self, seat: int) -> str:
        """The name of the player in ``seat``, in the table's language, isolated (`Text.said`)
        to stand in the table's sentences."""
        return self.app.text.said(self.names(seat))

    def action_label(self, action: Action) -> str:
        """An action as its button says it: the verb's label and its words (cards named as
        players name them); a verb that names one card may have a sentence of its own
        (``act.<verb>.card``: 21's "Show 9 of hearts, take a card")."""
        verb = self.tr(self.game_key("act", action.verb))
        if not action.arg:
            return verb
        own = self.game_key("act", f"{action.verb}.card")
        if self.app.text.has(own) and self.is_card(action.arg):
            return self.tr(own, card=self.card_name(action.arg))
        seat_at = self.rules.seat_words.get(action.verb)
        words = [self.seat_word(w) if i == seat_at else self.card_name(w)
                 for i, w in enumerate(action.arg.split())]
        return f"{verb} {' '.join(words)}"

    def seat_word(self, word: str) -> str:
        """A word that names a seat (`Rules.seat_words`): the player's name, or everyone."""
        if word == "all":
            return self.tr("table.everyone")
        return self.name(int(word)) if word.isdigit() and int(word) < self.seats \
            else word

    def offer_line(self, offer: Offer) -> tuple[str, str]:
        """An open offer as the table says it: who sells which card to whom at what price;
        and the card's chance to win where the game gives it (``chance``), else ""."""
        to = offer["to"]
        line = self.tr("table.offer", who=self.name(offer["seller"]),
                       card=self.card_name(offer["card"]),
                       to=self.tr("table.everyone") if to is None else self.name(to),
                       n=offer["price"])
        chance = self.facts().get("chance")
        return line, self.tr("table.chance", n=round(100 * chance)) if chance else ""

    def game_key(self, kind: str, name: str) -> str:
        """``<kind>.<game>.<name>`` where the game has its own words for it (`ui.games`), else
        the table's shared ``<kind>.<name>``."""
        own = f"{kind}.{self.rules.id}.{name}"
        return own if self.app.text.has(own) else f"{kind}.{name}"

    def term(self, fact: str, code: str) -> str:
        """The game's own word for a fact's code (Tiraje's rule ``G``), in the language."""
        words = self.rules.terms.get(f"{fact}.{code}", {})
        return words.get(self.app.lang) or words.get("en") or code

    def card_name(self, word: str) -> str:
        """A card (or a suit) as players name it in the table's language; other words as
        they are."""
        key = f"suit.{word}" if len(word) == 1 and word in "SHDC" else self.game_key("card", word)
        if not self.app.text.has(key):
            key = f"rank.{word}"  # a rank alone (Bluff's claim)
        return self.tr(key) if self.app.text.has(key) else word

    def is_card(self, word: str) -> bool:
        """Whether ``word`` is a card of this game (it has a card's name)."""
        return self.app.text.has(self.game_key("card", word))

    def reason(self, reason: str) -> str:
        """A refusal in the table's language: a `Reason` from its catalogue entry (the game's
        ``why.<game>.<key>``, else the shared ``why.<key>``), its arguments as players say
        them; other text (or a key with no entry) as the rules wrote it."""
        if not isinstance(reason, Reason):
            return reason
        key = self.game_key("why", reason.key)
        if not self.app.text.has(key):
            return str(reason)
        return self.tr(key, **{name: self.word(name, value)
                               for name, value in reason.args.items()})

    def word(self, name: str, value: object) -> object:
        """An argument of a refusal or a log line, as players say it: the game's own words for
        it where it has them (`ui.games.game_word`: poker's hands), else cards and suits by
        name, ``cards`` as a list of names, an ``action`` as its button says it, a ``seat`` by
        the player's name."""
        own = game_word(self.rules.id, name, value, self.tr, self.name)
        if own is not None:
            return own
        if name in ("card", "suit") and isinstance(value, str):
            return self.card_name(value)
        if name == "rank" and isinstance(value, str):
            return self.tr(f"rank.{value}") if self.app.text.has(f"rank.{value}") else value
        if name == "cards" and isinstance(value, (str, list)):  # codes, or codes by spaces
            codes = value.split() if isinstance(value, str) else value
            return self.tr("table.list_sep").join(self.card_name(str(c)) for c in codes)
        if name == "action" and isinstance(value, str):
            return self.action_label(self.rules.parse_action(value))
        if name == "seat" and isinstance(value, int) and not isinstance(value, bool):
            return self.name(value)
        seats = self.seats
        if isinstance(value, list) and len(value) == seats and seats > 1:  # one per seat
            return self.tr("table.list_sep").join(
                f"{self.name(s)}: {v}" for s, v in enumerate(value))
        own = f"{self.rules.id}.{name}.{value}"  # a game's word for a code (Farib's "makers")
        if isinstance(value, str) and self.app.text.has(own):
            return self.tr(own)
        return value

    def describe(self, e: Event) -> str | None:
        """A log line for a public event (a player's own private deal is not logged)."""
        if e.to is not None:
            return None
        who = self.name(e.seat) if e.seat is not None else ""
        key = self.game_key("log", e.kind)
        if not self.app.text.has(key):
            return None
        data = {k: self.word(k, v) if k in ("cards", "rank", "seat") or isinstance(v, list)
                or self.app.text.has(f"{self.rules.id}.{k}.{v}") else
                self.card_name(v) if isinstance(v, str) else v for k, v in e.data.items()}
        if "team" in data and isinstance(data["team"], int):  # its players count its words
            data.setdefault("n", len(range(data["team"], self.seats, 2)))
            data["team"] = self.team_label(data["team"])
        if self.rules.teams:  # a line may name both teams: {team0}, {team1}
            data = {"team0": self.team_label(0), "team1": self.team_label(1), **data}
        try:
            return self.tr(key, who=who, **data)
        except (KeyError, IndexError):
            return self.tr(key + "_short", who=who) if self.app.text.has(key + "_short") \
                else None

    def team_label(self, team: int) -> str:
        return self.listing([self.name(s) for s in range(team, self.seats, 2)])

    def listing(self, names: Sequence[str]) -> str:
        """``names`` as a sentence lists them: "A & B", "A, B & C"."""
        last = self.tr("table.and").join(names[-2:])
        return self.tr("table.list_sep").join([*names[:-2], last]) if names else ""

    def info_lines(self, seen: Seen[Observation]) -> list[str]:
        """The public facts a player wants at a glance, for the games this table knows."""
        f = self.facts()
        lines = [self.rules.name(self.app.lang)]
        phase = f"phase.{self.rules.id}.{f.get('phase')}"  # what the phase allows, if said
        if self.app.text.has(phase):
            lines.append(self.tr(phase))
        trump = f.get("trump")
        if trump:
            lines.append(f"{self.tr('table.trump')}: {self.card_name(trump)}")
        if "tricks" in f and isinstance(f["tricks"], list):
            a, b = f["tricks"]
            lines.append(self.tr("table.tricks", a=a, b=b, me=self.team_label(0),
                                 them=self.team_label(1)))
        if "hand_points" in f:
            a, b = f["hand_points"]
            lines.append(self.tr("table.hands", a=a, b=b))
            s0, s1 = f["sets"]
            lines.append(self.tr("table.sets", a=s0, b=s1))
        rule = f.get("rule")
        if isinstance(rule, str):
            lines.append(f"{self.tr('table.rule')}: {self.term('rule', rule)}")
        winning = f.get("winning")
        if isinstance(winning, int) and not isinstance(winning, bool):
            lines.append(self.tr("table.winning", name=self.name(winning)))
        colour = f.get("colour")
        if isinstance(colour, str) and f"colour.{colour}" in self.rules.terms:
            lines.append(self.tr("table.colour", colour=self.term("colour", colour)))
        plus2 = f.get("plus2")
        if isinstance(plus2, int) and not isinstance(plus2, bool) and plus2 > 0:
            lines.append(self.tr("table.plus2", n=2 * plus2))
        if f.get("direction") in ("clockwise", "anticlockwise") and "plus2" in f:
            lines.append(self.tr(f"table.{f['direction']}"))
        high = f.get("high")
        if f.get("phase") == "bid" and isinstance(high, int) and not isinstance(high, bool):
            lines.append(self.tr("table.high_bid", n=high))
        called = f.get("called")
        if isinstance(called, str):
            lines.append(self.tr("table.called", card=self.card_name(called)))
        deck_count = f.get("deck_count")
        if isinstance(deck_count, int):
            lines.append(self.tr("table.deck", n=deck_count))
        return lines + game_lines(self.rules.id, seen, self.tr)

    def seat_label(self, facts: Observation, seat: int, chair: Mapping[str, Any]) -> str:
        """What is written under a seat, from the public ``facts``: the name, a bot's level,
        then its marks and its own running score (`seat_marks`, `seat_score`)."""
        label = self.name(seat)
        if chair["kind"] == "bot":
            label += f" ({self.tr('level.' + chair.get('level', 'heuristic'))})"
        marks = self.seat_marks(facts, seat)
        score = self.seat_score(facts, seat)
        if score is not None:
            marks.append(score)
        sep = self.tr("table.mark_sep")  # in fa and ar a bar: a dot beside a digit reads as ۰
        return sep.join([label, *marks])

    def seat_marks(self, facts: Observation, seat: int) -> list[str]:
        """What the table says beside a seat's name, from the public facts the games share:
        Hakem or maker (alone), sitting out, out, the partner once known, and its bid (the
        last word it said in an auction, or its contract); then the game's own marks
        (`ui.games.game_marks`)."""
        marks = []
        if facts.get("hakem") == seat:
            marks.append(self.tr("table.hakem"))
        if facts.get("maker") == seat:
            marks.append(self.tr("table.maker_alone" if facts.get("alone") else "table.maker"))
        if facts.get("partner") == seat and facts.get("maker") != seat:
            marks.append(self.tr("table.partner"))
        if facts.get("sitting_out") == seat:
            marks.append(self.tr("table.sits_out"))
        if seat in (facts.get("out") or facts.get("eliminated") or []):
            marks.append(self.tr("table.out"))
        level = self.level(facts, seat)[0]  # the pyramid drawn beside says of how many
        if level:
            marks.append(self.tr("table.level", n=level))
        if seat in (facts.get("declared") or []):
            marks.append(self.tr("table.last_card"))
        auction, bids = facts.get("auction"), facts.get("bids")
        said = {s: b for s, b in auction if s is not None} \
            if auction is not None and facts["phase"] == "bid" else {}
        if isinstance(bids, list) and len(bids) == self.seats:
            said = {s: b for s, b in enumerate(bids) if b is not None}
        if seat in said:
            marks.append(self.tr("table.passed") if said[seat] is None
                         else self.tr("table.bid_of", n=said[seat]))
        return marks + game_marks(self.rules.id, facts, seat, self.tr)

    @staticmethod
    def level(facts: Observation, seat: int) -> tuple[int, int]:
        """A seat's level in a tournament of levels (Super Taki's Pyramid) and the top level,
        from the public ``levels`` and ``top_level``; (0, 0) where there are none."""
        levels, top = facts.get("levels"), facts.get("top_level")
        if not isinstance(levels, list) or seat >= len(levels) or not isinstance(top, int) \
                or facts.get("match") == "round":
            return 0, 0
        return int(levels[seat]), top

    def seat_score(self, facts: Observation, seat: int) -> str | None:
        """A seat's own running score, shown beside its name: chips (with the stake it has
        down and the bank it holds), money, or banked points."""
        purses = facts.get("purses")
        if isinstance(purses, list) and seat < len(purses):
            words = [self.tr("table.chips_of", n=purses[seat])]
            stakes = facts.get("stakes")
            if isinstance(stakes, list) and seat < len(stakes) and stakes[seat]:
                words.append(self.tr("table.stake_of", n=stakes[seat]))
            if facts.get("bank_owner") == seat:
                words.append(self.tr("table.bank_of", n=facts.get("bank", 0)))
            return self.tr("table.mark_sep").join(words)
        money = facts.get("money")
        if isinstance(money, list):
            return self.tr("table.money_of", n=money[seat])
        banked, totals = facts.get("banked"), facts.get("totals")
        if isinstance(banked, list):
            earlier = totals[seat] if isinstance(totals, list) else 0
            return self.tr("table.points_of", n=banked[seat] + earlier)
        return None

    def keys_line(self, undo: bool = True) -> str:
        """The footer: only the keys that do something in this game: U where undo is ever
        offered (one person against bots, turns taken, a match played here: ``undo``, in a game
        where a move can be taken back: `offers_undo`), T where there are tricks."""
        keys = ["hint"]
        if undo and len(self.persons) == 1 and not self.rules.realtime \
                and offers_undo(self.rules.id):
            keys.append("undo")
        keys.append("log")
        if "last_trick" in self.facts():
            keys.append("last")
        return " · ".join(self.tr(f"table.key.{k}") for k in [*keys, "menu"])
