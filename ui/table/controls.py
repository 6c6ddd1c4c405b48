"""Controls for the actions that move no card, in a column in the bottom corner (the left one in
Persian and Arabic):

- plain actions (naming trump, giving up, "done"): a button each;
- a verb whose arguments are whole numbers (``bid 100`` … ``bid 165``, or a ``#A-B/S``
  pattern): one stepper on those numbers (smallest first) and a button that takes the number;
- card patterns (``pass ?3``, ``claim ?1-4 K``): the person lifts cards of the hand by clicking
  them; a line says how many are chosen, and each pattern's button is live once the count fits;
  patterns that differ only in one word (Bluff's claimed rank: ``claim ?1-4 2`` …
  ``claim ?1-4 A``) are one button and a chooser of that word (−, the word, +);
- a verb that names one card out of several not in the hand (Farib's called card, ``call AD``):
  a picker of those cards' faces over the table, its title the verb; a click names the card;
- a verb whose argument is typed (`Rules.text_verbs`: a fortune's name): a text box (Persian and
  Arabic joined and right to left as they are typed) and a button that takes what is typed.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

import pygame

from game.core import Action, fill, number_range, pick_range
from ui.app import App
from ui.widgets import GOLD, Button, TextField, stepper

MAX_BUTTONS = 9
ROW = 52.0
WIDTH = 160.0
PICK_AT_LEAST = 4
"""A verb with this many one-card actions is offered as a picker of faces, not as buttons."""
PICK_W, PICK_PER_ROW = 52.0, 12


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


class CardButton(Button):
    """A card face to click: one choice of a card picker."""

    def __init__(self, box: Sequence[float], code: str, text: str,
                 action: Callable[[], None], face: Callable[[str, int], pygame.Surface],
                 key: str) -> None:
        super().__init__(box, text, action, key=key)
        self.code = code
        self.face = face

    def draw(self, screen: pygame.Surface, app: App, focused: bool) -> None:
        area = self.rect(app)
        screen.blit(self.face(self.code, area.w), area.topleft)
        if focused:
            pygame.draw.rect(screen, GOLD, area, max(2, app.view.px(3)),
                             border_radius=app.view.px(6))


def card_choices(actions: Sequence[Action], is_card: Callable[[str], bool]
                 ) -> dict[str, list[Action]]:
    """Verb -> its actions, for verbs that name one card each, at least `PICK_AT_LEAST`."""
    out: dict[str, list[Action]] = {}
    for action in actions:
        if action.arg and " " not in action.arg and is_card(action.arg):
            out.setdefault(action.verb, []).append(action)
    return {verb: acts for verb, acts in out.items() if len(acts) >= PICK_AT_LEAST}


class Controls:
    """Builds the column of controls for the viewer's legal actions that move no card."""

    def __init__(self, app: App, label: Callable[[Action], str],
                 act: Callable[[Action], None], refresh: Callable[[], None],
                 face: Callable[[str, int], pygame.Surface],
                 is_card: Callable[[str], bool], text_verbs: frozenset[str] = frozenset()
                 ) -> None:
        self.app = app
        self.text_verbs = text_verbs
        self.texts: dict[str, str] = {}
        """What is typed for each text verb."""
        self.typing: str | None = None
        """The text verb whose box takes the keys now."""
        self.label = label
        self.act = act
        self.refresh = refresh
        self.face = face
        self.is_card = is_card
        self.numbers: dict[str, int] = {}
        """The number each numeric verb's stepper shows."""
        self.words: dict[str, str] = {}
        """The word each word chooser shows (Bluff's claimed rank)."""

    def buttons(self, actions: Sequence[Action], picked: Sequence[str]) -> list[Button]:
        numeric = numbers_of(actions)
        patterns = card_patterns(actions)
        pickers = card_choices(actions, self.is_card)
        typed = sorted({a.verb for a in actions if a.verb in self.text_verbs})
        plain = [a for a in actions if a.verb not in numeric and a not in patterns
                 and a.verb not in pickers and a.verb not in typed]
        rows: list[list[Button]] = []
        tr = self.app.text.tr
        for verb, values in numeric.items():
            value = self.numbers.get(verb)
            if value not in values:
                value = self.numbers[verb] = values[0]
            rows.append(stepper(self.app, (0, 0, WIDTH, 44), values, value,
                                functools.partial(self._set_number, verb), size=18,
                                key=f"num:{verb}"))
            rows.append([Button((0, 0, WIDTH, 44), self.label(Action(verb, str(value))),
                                functools.partial(self._take_number, actions, verb), size=18,
                                key=f"take:{verb}")])
        if patterns:
            lo = min(r[0] for p in patterns if (r := pick_range(p)))
            rows.append([Button((0, 0, WIDTH, 44), tr("table.picked", n=len(picked), lo=lo),
                                lambda: None, size=16, enabled=False, key="picked")])
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
            number = None
            span_of_numbers = number_range(pattern)
            if span_of_numbers is not None:  # cards and a number (Bourse: a card, a price)
                amounts = list(span_of_numbers)
                number = self.numbers.get(pattern.verb)
                if number not in amounts:
                    number = self.numbers[pattern.verb] = amounts[0]
                rows.append(stepper(self.app, (0, 0, WIDTH, 44), amounts, number,
                                    functools.partial(self._set_number, pattern.verb), size=18,
                                    key=f"num:{pattern.verb}"))
            rows.append([Button((0, 0, WIDTH, 44), self.label(Action(pattern.verb, " ".join(words))),
                                functools.partial(self._fill, pattern, list(picked), number),
                                size=18, enabled=span[0] <= len(picked) <= span[1],
                                key=f"pick:{pattern}")])
        for verb in typed:
            rows.extend(self._text_box(verb))
        rows.extend([Button((0, 0, WIDTH, 44), self.label(a), functools.partial(self.act, a),
                            size=18, key=str(a))] for a in plain)
        return self._place(rows) + [b for verb, acts in pickers.items()
                                    for b in self._picker(acts)]

    @staticmethod
    def _word_of(pattern: Action) -> str:
        return pattern.arg.split()[-1]

    def _word_groups(self, patterns: list[Action]) -> list[list[Action]]:
        """The patterns, those that differ only in their last word grouped (in order)."""
        groups: dict[tuple[str, str], list[Action]] = {}
        for p in patterns:
            words = p.arg.split()
            stem = " ".join(words[:-1]) if len(words) > 1 and not words[-1].startswith("?") \
                else p.arg
            groups.setdefault((p.verb, stem), []).append(p)
        return list(groups.values())

    def _word_chooser(self, verb: str, words: list[str], chosen: str) -> list[Button]:
        """−, the chosen word (a rank or a card's name where it has one), + over ``words``."""
        i = words.index(chosen)
        shown = self.label(Action(verb, chosen)).removeprefix(self.label(Action(verb))).strip()
        side = 44.0
        lower, higher = (0.0, WIDTH - side) if not self.app.text.rtl else (WIDTH - side, 0.0)
        return [
            Button((lower, 0, side, 44), "−", functools.partial(self._set_word, verb,
                                                                 words[max(0, i - 1)]),
                   size=18, enabled=i > 0, key=f"word:{verb}-"),
            Button((side + 4, 0, WIDTH - 2 * side - 8, 44), shown, lambda: None, size=16,
                   enabled=False, key=f"word:{verb}="),
            Button((higher, 0, side, 44), "+", functools.partial(
                self._set_word, verb, words[min(len(words) - 1, i + 1)]), size=18,
                enabled=i < len(words) - 1, key=f"word:{verb}+")]

    def _text_box(self, verb: str) -> list[list[Button]]:
        """A box to type ``verb``'s argument in (click it to type, Enter ends) and its button."""
        text = self.texts.get(verb, "")
        box = TextField((0, 0, WIDTH, 44), text, functools.partial(self._set_text, verb),
                        size=18, limit=26, key=f"text:{verb}")
        box.action = functools.partial(self._start_typing, verb)
        box.editing = self.typing == verb
        take = Button((0, 0, WIDTH, 44), self.label(Action(verb)),
                      functools.partial(self._take_text, verb), size=18,
                      enabled=bool(text.strip()), key=f"type:{verb}")
        return [[box], [take]]

    def _start_typing(self, verb: str) -> None:
        self.typing = verb
        pygame.key.start_text_input()
        self.refresh()

    def _set_text(self, verb: str, text: str) -> None:
        self.texts[verb] = text
        self.refresh()

    def _take_text(self, verb: str) -> None:
        self.typing = None
        pygame.key.stop_text_input()
        self.act(Action(verb, " ".join(self.texts.get(verb, "").split())))

    def _set_word(self, verb: str, word: str) -> None:
        self.words[verb] = word
        self.refresh()

    def _picker(self, actions: list[Action]) -> list[Button]:
        """The faces of the cards ``actions`` name, in rows over the table's upper half, read
        from the right in Persian and Arabic; each a button that takes its action."""
        out: list[Button] = [Button((520, 108, 240, 34), self.label(Action(actions[0].verb)),
                                    lambda: None, size=17, enabled=False,
                                    key=f"picker:{actions[0].verb}")]
        gap = PICK_W + 8
        for i, action in enumerate(actions):
            row, place = divmod(i, PICK_PER_ROW)
            across = min(len(actions) - row * PICK_PER_ROW, PICK_PER_ROW)
            x = 640 + (place - (across - 1) / 2) * gap
            if self.app.text.rtl:
                x = 1280 - x
            out.append(CardButton((x - PICK_W / 2, 150 + row * (PICK_W * 1.4 + 10), PICK_W,
                                   PICK_W * 1.4), action.arg, self.label(action),
                                  functools.partial(self.act, action),
                                  self.face, key=str(action)))
        return out

    def _place(self, rows: list[list[Button]]) -> list[Button]:
        """Stack the rows up from the bottom corner; more than `MAX_BUTTONS` go a column in."""
        rtl = self.app.text.rtl
        out: list[Button] = []
        for i, row in enumerate(rows[:2 * MAX_BUTTONS]):
            column, place = divmod(i, MAX_BUTTONS)
            left = (20.0 + column * (WIDTH + 10)) if rtl else (1100.0 - column * (WIDTH + 10))
            top = 660.0 - ROW * (min(len(rows) - column * MAX_BUTTONS, MAX_BUTTONS) - place)
            x0 = min(b.box[0] for b in row)
            for b in row:
                b.box = (left + b.box[0] - x0, top, b.box[2], b.box[3])
            out.extend(row)
        return out

    def _set_number(self, verb: str, value: int) -> None:
        self.numbers[verb] = value
        self.refresh()

    def _take_number(self, actions: Sequence[Action], verb: str) -> None:
        value = self.numbers[verb]
        for action in actions:
            if action.verb != verb:
                continue
            numbers = number_range(action)
            if numbers is not None and value in numbers:
                self.act(fill(action, number=value))
                return
            if action.arg == str(value):
                self.act(action)
                return

    def _fill(self, pattern: Action, picked: list[str], number: int | None = None) -> None:
        self.act(fill(pattern, picked, number))
