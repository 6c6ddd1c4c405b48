"""Controls for the actions that move no card, in a column in the bottom corner (the left one in
Persian and Arabic):

- plain actions (naming trump, giving up, "done"): a button each;
- a verb whose arguments are whole numbers (``bid 100`` … ``bid 165``, or a ``#A-B/S``
  pattern): one stepper on those numbers (smallest first) and a button that takes the number;
- card patterns (``pass ?3``, ``claim ?1-4 K``): the person lifts cards of the hand by clicking
  them; a line says how many are chosen, and each pattern's button is live once the count fits.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

from game.core import Action, fill, number_range, pick_range
from ui.app import App
from ui.widgets import Button, stepper

MAX_BUTTONS = 9
ROW = 52.0
WIDTH = 160.0


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


class Controls:
    """Builds the column of controls for the viewer's legal actions that move no card."""

    def __init__(self, app: App, label: Callable[[Action], str],
                 act: Callable[[Action], None], refresh: Callable[[], None]) -> None:
        self.app = app
        self.label = label
        self.act = act
        self.refresh = refresh
        self.numbers: dict[str, int] = {}
        """The number each numeric verb's stepper shows."""

    def buttons(self, actions: Sequence[Action], picked: Sequence[str]) -> list[Button]:
        numeric = numbers_of(actions)
        patterns = card_patterns(actions)
        plain = [a for a in actions if a.verb not in numeric and a not in patterns]
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
        for pattern in patterns:
            span = pick_range(pattern) or (0, 0)
            words = [w for w in pattern.arg.split() if not w.startswith("?")]
            rows.append([Button((0, 0, WIDTH, 44), self.label(Action(pattern.verb, " ".join(words))),
                                functools.partial(self._fill, pattern, list(picked)), size=18,
                                enabled=span[0] <= len(picked) <= span[1],
                                key=f"pick:{pattern}")])
        rows.extend([Button((0, 0, WIDTH, 44), self.label(a), functools.partial(self.act, a),
                            size=18, key=str(a))] for a in plain)
        return self._place(rows)

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

    def _fill(self, pattern: Action, picked: list[str]) -> None:
        self.act(fill(pattern, picked))
