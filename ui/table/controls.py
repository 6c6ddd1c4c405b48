"""Controls for the actions that move no card, in a column in the bottom corner (the left one in
Persian and Arabic):

- plain actions (naming trump, giving up, "done"): a button each;
- a verb whose arguments are whole numbers (``bid 100`` … ``bid 165``, or a ``#A-B/S``
  pattern): one stepper on those numbers (smallest first) and a button that takes the number;
- card patterns (``pass ?3``, ``claim ?1-4 K``): the person lifts cards of the hand by clicking
  them; a line says how many are chosen, and each pattern's button is live once the count fits;
  patterns that differ only in one word (Bluff's claimed rank: ``claim ?1-4 2`` …
  ``claim ?1-4 A``) are one button and a chooser of that word (−, the word, +);
- a verb whose every action names several cards of the hand (Rim's melds, ``meld 5S 6S 7S``,
  every stretch of a long run listed): the person lifts them the same way, and one button, the
  verb's, is live once the cards lifted are one of its actions (`card_sets`);
- a verb that names one card out of several not in the hand (Farib's called card, ``call AD``):
  a picker of those cards' faces over the table, its title the verb; a click names the card;
- a verb that names a suit or a colour (Hokm's trump ``trump H``, Super Taki's ``colour R``):
  the same picker of tiles of those suits or colours (`ui.cardart.swatch`), each named under it;
- a verb whose argument is typed (`Rules.text_verbs`: a fortune's name): a text box (Persian and
  Arabic joined and right to left as they are typed) and a button that takes what is typed;
- patterns that differ only in a seat (`Rules.seat_words`: Bourse's ``offer ?1 3 #10-2500/10``
  to each seat and to all): one chooser of the seats' names; a card dragged onto a seat names
  it (the scene does that: `TableScene._aim`);
- the step of a layout a person watches (`Rules.step_verb`, a fortune's ``next``): its button
  and one that runs through the steps at the animation speed (and then stops them);
- a number the public facts give quick picks for (``limit``: ``{"min", "half", "all"}``): the
  stepper and a row of those picks;
- answers to open offers (the public ``offers``, ``[{"id", "seller", "card", "to", "price"}]``:
  ``accept 2``, ``decline 2``, ``withdraw 2``): lines over the table under its centre, one for
  each offer (those the viewer can answer first) with the viewer's answers to it beside it;
- claiming the rest of the hand (`game.claim`, no action of the rules): a button in the column,
  where the table offers it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any, Protocol

import pygame

from game.core import Action, Rules, fill, number_range, pick_range
from game.shapes import Observation, Offer
from ui.app import App
from ui.table.words import TableWords
from ui.widgets import GOLD, INK, Button, TextField, label, stepper

MAX_BUTTONS = 9
ROW = 52.0
WIDTH = 160.0
WIDE = 3 * WIDTH
"""The widest a plain action's button grows to fit its label."""
PICK_AT_LEAST = 4
"""A verb with this many one-card actions is offered as a picker of faces, not as buttons."""
PICK_W, PICK_PER_ROW = 52.0, 12
SWATCH_W = 84.0
QUICK = ("min", "half", "all")
"""The quick picks of a number, in the order shown (keys of the public ``limit``)."""
OFFER_ROWS, OFFERS_Y = 3, 384.0
"""Open offers shown at once (those the viewer can answer first), under the centre's piles."""
TITLE_W = 200.0
"""The picker's title, beside its first row (not over it, where the top seat's name is)."""


def numbers_of(actions: Sequence[Action]) -> dict[str, list[int]]:
    """Verb -> the whole numbers it may take, for verbs whose every argument is one."""
    out: dict[str, list[int]] = {}
    plain: set[str] = set()
    for action in actions:
        numbers = number_range(action)
        if numbers is not None and action.arg.split() == [action.arg]:
            out.setdefault(action.verb, []).extend(numbers)
        elif action.arg.isdigit():
            out.setdefault(action.verb, []).append(int(action.arg))
        else:
            plain.add(action.verb)
    return {verb: sorted(set(ns)) for verb, ns in out.items() if verb not in plain}


def card_patterns(actions: Sequence[Action]) -> list[Action]:
    return [a for a in actions if pick_range(a) is not None]


def card_sets(actions: Sequence[Action], hand: Collection[str]) -> dict[str, list[Action]]:
    """Verb -> its actions, for verbs whose every action names two cards or more of ``hand``
    and nothing else (Rim's melds): the viewer lifts the cards and one button plays them, where
    a button for each would be a dozen for one long run."""
    out: dict[str, list[Action]] = {}
    other: set[str] = set()
    for action in actions:
        words = action.arg.split()
        if len(words) >= 2 and all(w in hand for w in words):
            out.setdefault(action.verb, []).append(action)
        else:
            other.add(action.verb)
    return {verb: acts for verb, acts in out.items() if verb not in other}


class Table(Protocol):
    """What the controls ask of the table they stand on (`ui.table.scene.TableScene`)."""

    @property
    def rules(self) -> Rules:
        """The game: its typed verbs, its seat words, the step of its layout."""

    @property
    def words(self) -> TableWords:
        """What the table says: actions as their buttons say them, cards, seats, offers."""

    def facts(self) -> Observation:
        """The public facts the viewer sees (a number's quick picks, the open offers)."""

    def hand_cards(self) -> Collection[str]:
        """The cards of the viewer's hand (`card_sets`)."""

    def card(self, code: str | None, width: int) -> pygame.Surface:
        """A card's face ``width`` px wide (a picker's choices)."""

    def swatch(self, code: str, width: int) -> pygame.Surface | None:
        """The tile of a suit or a colour ``width`` px wide (`ui.cardart.swatch`), None where
        ``code`` names neither."""

    def act(self, action: Action) -> None:
        """Play ``action`` for the viewer, or say why not."""

    def build_buttons(self) -> None:
        """Lay the controls out again (a number, a word or a typed text chosen)."""

    def run_through(self) -> None:
        """Start, or stop, running through the layout's steps (`Rules.step_verb`)."""


class CardButton(Button):
    """A card face to click: one choice of a card picker."""

    def __init__(self, box: Sequence[float], code: str, text: str,
                 action: Callable[[], None], face: Callable[[str, int], pygame.Surface],
                 key: str) -> None:
        super().__init__(box, text, action, key=key)
        self.code = code
        self.face = face

    def paint(self, screen: pygame.Surface, app: App, focused: bool, role: str) -> None:
        area = self.rect(app)
        screen.blit(self.face(self.code, area.w), area.topleft)
        if focused:
            pygame.draw.rect(screen, GOLD, area, max(2, app.view.px(3)),
                             border_radius=app.view.px(6))


class SwatchButton(Button):
    """A suit's or a colour's tile with its ``name`` under it: one choice of a swatch picker
    (its ``text`` is the whole action's label, as a plain button's would be)."""

    def __init__(self, box: Sequence[float], tile: Callable[[int], pygame.Surface | None],
                 text: str, name: str, action: Callable[[], None], key: str) -> None:
        super().__init__(box, text, action, key=key)
        self.tile = tile
        self.name = name

    def paint(self, screen: pygame.Surface, app: App, focused: bool, role: str) -> None:
        x, y, w, h = self.box
        area = app.view.rect(x, y, w, w)
        tile = self.tile(area.w)
        if tile is not None:
            screen.blit(tile, area.topleft)
        label(screen, app, self.name, (x - 10, y + w + 2, w + 20, h - w - 2), 16, INK, "center",
              bold=focused, note=False, role=role)
        if focused:
            pygame.draw.rect(screen, GOLD, area.inflate(app.view.px(8), app.view.px(8)),
                             max(2, app.view.px(3)), border_radius=app.view.px(10))


def swatch_choices(actions: Sequence[Action],
                   has_swatch: Callable[[str], bool]) -> dict[str, list[Action]]:
    """Verb -> its actions, for verbs whose every action names one suit or colour (two or
    more of them)."""
    out: dict[str, list[Action]] = {}
    other: set[str] = set()
    for action in actions:
        if action.arg and has_swatch(action.arg):
            out.setdefault(action.verb, []).append(action)
        else:
            other.add(action.verb)
    return {verb: acts for verb, acts in out.items() if verb not in other and len(acts) >= 2}


def card_choices(actions: Sequence[Action], is_card: Callable[[str], bool]
                 ) -> dict[str, list[Action]]:
    """Verb -> its actions, for verbs that name one card each, at least `PICK_AT_LEAST`."""
    out: dict[str, list[Action]] = {}
    for action in actions:
        if action.arg and " " not in action.arg and is_card(action.arg):
            out.setdefault(action.verb, []).append(action)
    return {verb: acts for verb, acts in out.items() if len(acts) >= PICK_AT_LEAST}


class Controls:
    """Builds the column of controls for the viewer's legal actions that move no card, at
    ``table`` (all it asks of the table is `Table`)."""

    def __init__(self, app: App, table: Table) -> None:
        self.app = app
        self.table = table
        self.running = False
        """Whether the table runs through the steps now (the button then stops it)."""
        self.texts: dict[str, str] = {}
        """What is typed for each text verb."""
        self.carets: dict[str, int] = {}
        """Where each text verb's caret stands in what is typed."""
        self.typing: str | None = None
        """The text verb whose box takes the keys now."""
        self.numbers: dict[str, int] = {}
        """The number each numeric verb's stepper shows."""
        self.words: dict[str, str] = {}
        """The word each word chooser shows (Bluff's claimed rank), and for a card that captures
        in several ways (``"take 5H"``) the set chosen."""
        self.lit: set[str] = set()
        """The cards of the sets chosen now (`_set_rows`), which the table lights."""

    def buttons(self, actions: Sequence[Action], picked: Sequence[str],
                claim: Callable[[], None] | None = None) -> list[Button]:
        """The controls of ``actions`` (the viewer's legal actions that move no card), with
        ``picked`` the cards of the hand lifted, and a button to claim the rest of the hand
        where ``claim`` is given (`game.claim`)."""
        table, say = self.table, self.table.words.action_label
        facts = table.facts()
        offers = {str(o["id"]): o for o in facts.get("offers") or []}
        answers = [a for a in actions if a.arg in offers]
        actions = [a for a in actions if a not in answers]
        numeric = numbers_of(actions)
        patterns = card_patterns(actions)
        swatches = swatch_choices(actions, lambda code: table.swatch(code, 8) is not None)
        pickers = card_choices([a for a in actions if a.verb not in swatches],
                               table.words.is_card)
        typed = sorted({a.verb for a in actions if a.verb in table.rules.text_verbs})
        sets = card_sets([a for a in actions if a not in patterns], table.hand_cards())
        plain = [a for a in actions if a.verb not in numeric and a not in patterns
                 and a.verb not in pickers and a.verb not in swatches and a.verb not in typed
                 and a.verb not in sets]
        rows: list[list[Button]] = []
        tr = self.app.text.tr
        for verb, values in numeric.items():
            value = self._number_rows(rows, verb, values, facts)
            rows.append([Button((0, 0, WIDTH, 44), say(Action(verb, str(value))),
                                functools.partial(self._take_number, actions, verb), size=18,
                                key=f"take:{verb}")])
        if patterns or sets:  # "chosen: 2 of 4" where the count is exact, else "at least"
            counts = [n for p in patterns if (r := pick_range(p)) for n in r] \
                + [len(a.arg.split()) for acts in sets.values() for a in acts]
            lo = min(counts)
            said = "table.picked_of" if max(counts) == lo else "table.picked"
            rows.append([Button((0, 0, WIDTH, 44), tr(said, n=len(picked), lo=lo),
                                lambda: None, size=16, enabled=False, key="picked")])
        lifted = sorted(picked)
        for verb, acts in sets.items():  # enabled once the cards lifted are one of its actions
            match = next((a for a in acts if sorted(a.arg.split()) == lifted), None)
            rows.append([Button((0, 0, WIDTH, 44), say(Action(verb, "")),
                                functools.partial(table.act, match) if match else lambda: None,
                                size=18, enabled=match is not None, key=f"set:{verb}")])
        for group in self._word_groups(patterns):
            pattern = group[0]
            if len(group) > 1:  # one chooser for the word they differ in, then one button
                words = [self._word_of(p) for p in group]
                chosen = self.words.get(pattern.verb)
                if chosen not in words:
                    chosen = self.words[pattern.verb] = words[0]
                pattern = group[words.index(chosen)]
                rows.append(self._word_chooser(pattern.verb, words, chosen))
            span = pick_range(pattern) or (0, 0)
            words = [w for w in pattern.arg.split() if w[0] not in "?#"]
            if pattern.verb in table.rules.seat_words:  # the chooser above names the seat
                words = []
            number = None
            amounts = number_range(pattern)
            if amounts is not None:  # cards and a number (Bourse: a card, a price)
                number = self._number_rows(rows, pattern.verb, list(amounts), facts)
            named = say(Action(pattern.verb, " ".join(words)))
            rows.append([Button((0, 0, WIDTH, 44), named,
                                functools.partial(self._fill, pattern, list(picked), number),
                                size=18, enabled=span[0] <= len(picked) <= span[1],
                                key=f"pick:{pattern}")])
        for verb in typed:
            rows.extend(self._text_box(verb))
        if any(a.verb == table.rules.step_verb for a in plain):
            rows.append([Button((0, 0, WIDTH, 44), self.app.text.tr(
                "table.stop_running" if self.running else "table.run_through"),
                table.run_through, size=18, key="run_through")])
        self.lit = set()
        several: dict[tuple[str, str], list[Action]] = {}  # a card taking in several ways
        for a in plain:
            words = a.arg.split()
            if len(words) > 1 and table.words.is_card(words[0]):
                several.setdefault((a.verb, words[0]), []).append(a)
        several = {k: acts for k, acts in several.items() if len(acts) > 1}
        for (verb, card), acts in several.items():
            rows.extend(self._set_rows(verb, card, acts))
        plain = [a for a in plain if not any(a in group for group in several.values())]
        rows.extend([Button((0, 0, self._fit(say(a)), 44), say(a),
                            functools.partial(table.act, a), size=18, key=str(a))] for a in plain)
        if claim is not None:
            rows.append([Button((0, 0, self._fit(tr("table.claim")), 44), tr("table.claim"),
                                claim, size=18, key="claim")])
        return self._place(rows) + [b for acts in pickers.values() for b in self._picker(acts)] \
            + [b for acts in swatches.values() for b in self._picker(acts, swatches=True)] \
            + self._offers(list(offers.values()), answers)

    def word_place(self, pattern: Action) -> int | None:
        """Where the word a chooser picks sits in ``pattern``'s argument: the seat word
        (`Rules.seat_words`), else a last word that is neither cards nor a number (Bluff's
        rank); None if there is none."""
        words = pattern.arg.split()
        if pattern.verb in self.table.rules.seat_words:
            return self.table.rules.seat_words[pattern.verb]
        return len(words) - 1 if len(words) > 1 and words[-1][0] not in "?#" else None

    def _word_of(self, pattern: Action) -> str:
        return pattern.arg.split()[self.word_place(pattern) or 0]

    def _word_groups(self, patterns: list[Action]) -> list[list[Action]]:
        """The patterns, those that differ only in their chooser's word grouped (in order)."""
        groups: dict[tuple[str, str], list[Action]] = {}
        for p in patterns:
            words, place = p.arg.split(), self.word_place(p)
            if place is not None:
                words[place] = "*"
            groups.setdefault((p.verb, " ".join(words)), []).append(p)
        return list(groups.values())

    def _number_rows(self, rows: list[list[Button]], verb: str, values: list[int],
                     facts: Mapping[str, Any]) -> int:
        """Add ``verb``'s number stepper over ``values`` and its quick picks to ``rows``;
        the number it shows (the last one chosen, else the smallest)."""
        value = self.numbers.get(verb)
        if value not in values:
            value = self.numbers[verb] = values[0]
        rows.append(stepper(self.app, (0, 0, WIDTH, 44), values, value,
                            functools.partial(self._set_number, verb), size=18,
                            key=f"num:{verb}"))
        rows.extend(self._quick(verb, values, facts))
        return value

    def _quick(self, verb: str, values: Sequence[int], facts: Mapping[str, Any]
               ) -> list[list[Button]]:
        """The quick picks of ``verb``'s number the facts give (``limit``), as one row read
        from the least (as the stepper's −): each the largest value allowed not above it."""
        limit = facts.get("limit")
        if not isinstance(limit, dict):
            return []
        picks = [(name, max((v for v in values if v <= int(limit[name])), default=values[0]))
                 for name in QUICK if isinstance(limit.get(name), int)]
        if len(picks) < 2:
            return []
        w = (WIDTH - 6 * (len(picks) - 1)) / len(picks)
        places = range(len(picks) - 1, -1, -1) if self.app.text.rtl else range(len(picks))
        return [[Button((i * (w + 6), 0, w, 36), self.app.text.tr(f"table.quick.{name}"),
                        functools.partial(self._set_number, verb, value), size=15,
                        key=f"quick:{verb}:{name}") for i, (name, value) in zip(places, picks)]]

    def _offers(self, offers: list[Offer], answers: list[Action]) -> list[Button]:
        """The open offers in a panel over the table: a line each (the card's chance under
        it), then the viewer's answers to it (buy, decline, withdraw), read from the right in
        Persian and Arabic."""
        if not offers:
            return []
        table = self.table
        out: list[Button] = []
        line_w, answer_w, gap = 390.0, 100.0, 8.0  # clear of the side seats' names
        left = 640 - (line_w + 2 * (answer_w + gap)) / 2
        answerable = {a.arg for a in answers}
        offers = sorted(offers, key=lambda o: str(o["id"]) not in answerable)
        for i, offer in enumerate(offers[:OFFER_ROWS]):
            y = OFFERS_Y + i * 48
            mine = [a for a in answers if a.arg == str(offer["id"])]
            boxes = [(left, line_w)] + [(left + line_w + gap + k * (answer_w + gap), answer_w)
                                        for k in range(len(mine))]
            if self.app.text.rtl:
                boxes = [(1280 - x - w, w) for x, w in boxes]
            line, chance = table.words.offer_line(offer)
            out.append(Button((boxes[0][0], y, line_w, 44), line, lambda: None, size=20,
                              sub=chance, enabled=False, key=f"offer:{offer['id']}"))
            out.extend(Button((x, y, w, 44), table.words.action_label(Action(a.verb)),
                              functools.partial(table.act, a), size=20, key=str(a))
                       for (x, w), a in zip(boxes[1:], mine))
        return out

    def _word_chooser(self, verb: str, words: list[str], chosen: str) -> list[Button]:
        """−, the chosen word (a rank or a card's name where it has one), + over ``words``."""
        table, say = self.table, self.table.words.action_label
        shown = table.words.seat_word(chosen) if verb in table.rules.seat_words else \
            say(Action(verb, chosen)).removeprefix(say(Action(verb))).strip()
        return self._chooser(verb, words, chosen, shown, WIDTH)

    def _chooser(self, slot: str, words: list[str], chosen: str, shown: str, width: float
                 ) -> list[Button]:
        """−, ``shown`` (what ``chosen`` is), + over ``words``, ``width`` wide: each end stops;
        a step chooses the word before or after for ``slot`` (`choose_word`)."""
        i = words.index(chosen)
        side = 44.0
        lower, higher = (0.0, width - side) if not self.app.text.rtl else (width - side, 0.0)
        return [
            Button((lower, 0, side, 44), "−", functools.partial(self.choose_word, slot,
                                                                 words[max(0, i - 1)]),
                   size=18, enabled=i > 0, key=f"word:{slot}-"),
            Button((side + 4, 0, width - 2 * side - 8, 44), shown, lambda: None, size=16,
                   enabled=False, key=f"word:{slot}="),
            Button((higher, 0, side, 44), "+", functools.partial(
                self.choose_word, slot, words[min(len(words) - 1, i + 1)]), size=18,
                enabled=i < len(words) - 1, key=f"word:{slot}+")]

    def _set_rows(self, verb: str, card: str, acts: list[Action]) -> list[list[Button]]:
        """One card that captures in several ways (Pasur's ``take 5H 6C`` and ``take 5H 2S
        4D``): a chooser of the sets it takes ("1/2: 6 of clubs"), whose cards the table lights
        (`lit`), and one button that plays the card and takes the set chosen; two rows in the
        corner however many sets, so that no seat is covered."""
        say = self.table.words.action_label
        slot = f"{verb} {card}"
        args = [a.arg for a in acts]
        chosen = self.words.get(slot)
        if chosen not in args:
            chosen = self.words[slot] = args[0]
        action = acts[args.index(chosen)]
        self.lit |= set(action.arg.split())
        played = say(Action(verb, card))
        shown = [self.app.text.tr("table.set_of", i=i + 1, n=len(acts),
                                  cards=say(a).removeprefix(played).strip())
                 for i, a in enumerate(acts)]
        width = max(self._fit(text, 16) for text in shown) + 88
        take = say(action)
        return [self._chooser(slot, args, chosen, shown[args.index(chosen)], min(width, WIDE)),
                [Button((0, 0, self._fit(take), 44), take,
                        functools.partial(self.table.act, action), size=18, key=f"sets:{slot}")]]

    def _text_box(self, verb: str) -> list[list[Button]]:
        """A box to type ``verb``'s argument in (click it to type, Enter ends) and its button."""
        text = self.texts.get(verb, "")
        box = TextField((0, 0, WIDTH, 44), text, lambda typed: None, size=18, limit=26,
                        key=f"text:{verb}", caret=self.carets.get(verb))
        box.on_change = lambda typed: self._set_text(verb, typed, box.caret)
        box.action = functools.partial(self._start_typing, verb)
        box.editing = self.typing == verb
        take = Button((0, 0, WIDTH, 44), self.table.words.action_label(Action(verb)),
                      functools.partial(self._take_text, verb), size=18,
                      enabled=bool(text.strip()), key=f"type:{verb}")
        return [[box], [take]]

    def _start_typing(self, verb: str) -> None:
        self.typing = verb
        pygame.key.start_text_input()
        self.table.build_buttons()

    def _set_text(self, verb: str, text: str, caret: int) -> None:
        self.texts[verb], self.carets[verb] = text, caret
        self.table.build_buttons()

    def _take_text(self, verb: str) -> None:
        self.typing = None
        pygame.key.stop_text_input()
        self.table.act(Action(verb, " ".join(self.texts.get(verb, "").split())))

    def choose_word(self, verb: str, word: str) -> None:
        """Set ``verb``'s chooser to ``word`` (a card dragged onto a seat names the seat)."""
        self.words[verb] = word
        self.table.build_buttons()

    def _picker(self, actions: list[Action], swatches: bool = False) -> list[Button]:
        """The faces of the cards ``actions`` name (or with ``swatches`` the tiles of the suits
        or colours), in rows over the table's upper half, read from the right in Persian and
        Arabic; each a button that takes its action."""
        table, say = self.table, self.table.words.action_label
        verb = Action(actions[0].verb)
        w, h = (SWATCH_W, SWATCH_W + 28) if swatches else (PICK_W, PICK_W * 1.4)
        gap = w + (24 if swatches else 8)
        first_row = (min(len(actions), PICK_PER_ROW) - 1) * gap + w
        title_x = 640 - first_row / 2 - 16 - TITLE_W  # at the row's reading start
        out: list[Button] = [Button((1280 - title_x - TITLE_W if self.app.text.rtl else title_x,
                                     150 + w * 0.7 - 17, TITLE_W, 34), say(verb),
                                    lambda: None, size=17, enabled=False, key=f"picker:{verb}")]
        for i, action in enumerate(actions):
            row, place = divmod(i, PICK_PER_ROW)
            across = min(len(actions) - row * PICK_PER_ROW, PICK_PER_ROW)
            x = 640 + (place - (across - 1) / 2) * gap
            if self.app.text.rtl:
                x = 1280 - x
            box = (x - w / 2, 150 + row * (h + 10), w, h)
            take = functools.partial(table.act, action)
            if swatches:
                name = say(action).removeprefix(say(verb)).strip()
                out.append(SwatchButton(box, functools.partial(table.swatch, action.arg),
                                        say(action), name, take, key=str(action)))
            else:
                out.append(CardButton(box, action.arg, say(action), take, table.card,
                                      key=str(action)))
        return out

    def _fit(self, text: str, size: float = 18) -> float:
        """The width of a plain action's button: `WIDTH`, or as wide as its label needs (a
        capture naming several cards, Pasur's ``take 5H 2S 4D``), up to `WIDE`."""
        view = self.app.view
        need = self.app.text.size(text, view.px(size))[0] / max(view.scale, 1e-6) + 24
        return min(max(WIDTH, float(need)), WIDE)

    def _place(self, rows: list[list[Button]]) -> list[Button]:
        """Stack the rows up from the bottom corner; more than `MAX_BUTTONS` go a column in. A
        row wider than `WIDTH` (`_fit`) grows from the corner's edge towards the table."""
        rtl = self.app.text.rtl
        out: list[Button] = []
        for i, row in enumerate(rows[:2 * MAX_BUTTONS]):
            column, place = divmod(i, MAX_BUTTONS)
            left = (20.0 + column * (WIDTH + 10)) if rtl else (1100.0 - column * (WIDTH + 10))
            top = 660.0 - ROW * (min(len(rows) - column * MAX_BUTTONS, MAX_BUTTONS) - place)
            x0 = min(b.box[0] for b in row)
            wide = max(b.box[0] + b.box[2] for b in row) - x0
            if not rtl and wide > WIDTH:
                left -= wide - WIDTH
            for b in row:
                b.box = (left + b.box[0] - x0, top, b.box[2], b.box[3])
            out.extend(row)
        return out

    def _set_number(self, verb: str, value: int) -> None:
        self.numbers[verb] = value
        self.table.build_buttons()

    def _take_number(self, actions: Sequence[Action], verb: str) -> None:
        value = self.numbers[verb]
        for action in actions:
            if action.verb != verb:
                continue
            numbers = number_range(action)
            if numbers is not None and value in numbers:
                self.table.act(fill(action, number=value))
                return
            if action.arg == str(value):
                self.table.act(action)
                return

    def _fill(self, pattern: Action, picked: list[str], number: int | None = None) -> None:
        self.table.act(fill(pattern, picked, number))
