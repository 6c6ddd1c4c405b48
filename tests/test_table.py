"""The table played as a person would: real pygame mouse events through the app's loop."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import random
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game import bots, registry
from game.core import (JSON, Action, Event, IllegalAction, Rules, State, Zone,
                       fill, is_pattern, number_range, pick_range)
from saves import Saves
from ui import cardart
from ui.app import App
from ui.scenes.menu import MenuScene
from ui.table.scene import TableScene
from ui.table import bots as table_bots
from ui.table import overlays
from ui.table.controls import Controls, numbers_of
from ui.table.words import TableWords
from ui.widgets import LABEL_PAD, Button, Dialog, fitting

FRAME = 1 / 60


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv("CARD_TABLE_HOME", str(tmp_path))
    Saves.open().save_settings({"lang": "fa"})  # a returning player: no first start question
    saves = Saves.open()
    saves.settings.update(bot_pace=0.02, anim_speed=4.0)
    # Frames here are not paced, so bots that are not searching decide on the frame that
    # asks (a thread's answer would come after as many frames as the machine's load allows).
    monkeypatch.setattr(table_bots, "POOL", lambda searching: table_bots.table_pool(True)
                        if searching else table_bots.Inline())
    the_app = App(saves)
    yield the_app
    pygame.quit()


def chairs(n: int, persons: tuple[int, ...] = (0,)) -> list[dict[str, str]]:
    return [{"kind": "person", "name": f"P{s}"} if s in persons
            else {"kind": "bot", "name": f"B{s}", "level": "heuristic"} for s in range(n)]


def post(kind: int, **attrs: Any) -> None:
    pygame.event.post(pygame.event.Event(kind, **attrs))


def drag(app: App, start: tuple[float, float], end: tuple[float, float]) -> None:
    """Press, move in steps and release, in screen pixels, through the event queue."""
    a, b = app.view.pt(*start), app.view.pt(*end)
    post(pygame.MOUSEBUTTONDOWN, pos=a, button=1)
    app.step(FRAME)
    for k in range(1, 5):
        p = (a[0] + (b[0] - a[0]) * k // 4, a[1] + (b[1] - a[1]) * k // 4)
        post(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))
        app.step(FRAME)
    post(pygame.MOUSEBUTTONUP, pos=b, button=1)
    app.step(FRAME)


def white_pixels(surface: pygame.Surface) -> int:
    """Pixels whose red, green and blue are all above 235 (a card face); no numpy needed."""
    raw = pygame.image.tobytes(surface, "RGB")
    return sum(r > 235 and g > 235 and b > 235 for r, g, b in zip(raw[0::3], raw[1::3],
                                                                    raw[2::3]))


def click(app: App, at: tuple[int, int]) -> None:
    post(pygame.MOUSEBUTTONDOWN, pos=at, button=1)
    post(pygame.MOUSEBUTTONUP, pos=at, button=1)
    app.step(FRAME)


class Person:
    """Plays one seat with the mouse: drags cards to their zones, clicks the buttons."""

    def __init__(self, table: TableScene, seed: int) -> None:
        self.table = table
        self.rng = random.Random(seed)
        self.actions = 0

    def turn(self, app: App) -> bool:
        """Make one move if it is this person's move; True if one was made."""
        table = self.table
        if table.covered or table._animating():
            return False
        legal = table.my_legal()
        if not legal:
            return False
        action: Action = self.rng.choice(legal)
        state = table.match.state
        before = state.to_dict()
        move = state.move_of(int(table.viewer or 0), action)
        span = pick_range(action)
        if span is not None:  # lift the cards by clicking them, then the pattern's button
            hand = [s for s in table.order() if s.zone == f"hand:{table.viewer}" and s.code]
            for sprite in self.rng.sample(hand, self.rng.randint(span[0], min(span[1],
                                                                                len(hand)))):
                click(app, sprite.rect().center)
            place = table.controls.word_place(action) or 0
            word = action.arg.split()[place]
            while not any(b.key == f"pick:{action}" for b in table.buttons):  # choose the word
                order = [a.arg.split()[place] for a in table.my_legal()
                         if a.verb == action.verb]
                ahead = order.index(word) > order.index(table.controls.words[action.verb])
                step = f"word:{action.verb}{'+' if ahead else '-'}"
                click(app, next(b for b in table.buttons if b.key == step).rect(app).center)
            button = next(b for b in table.buttons if b.key == f"pick:{action}")
            assert button.enabled, f"{action}: {len(table.picked)} lifted"
            click(app, button.rect(app).center)
        elif any(b.key == f"set:{action.verb}" for b in table.buttons):  # lift its cards
            for code in action.arg.split():
                click(app, next(s for s in table.order() if s.code == code).rect().center)
            button = next(b for b in table.buttons if b.key == f"set:{action.verb}")
            assert button.enabled and sorted(table.picked) == sorted(action.arg.split()), \
                f"{action}: {table.picked} lifted"
            click(app, button.rect(app).center)
        elif action.arg and any(b.key == f"sets:{action.verb} {action.arg.split()[0]}"
                                for b in table.buttons):  # a card taking in several ways
            slot = f"{action.verb} {action.arg.split()[0]}"
            order = [a.arg for a in table.my_legal() if a.arg.split()[0] == slot.split()[1]
                     and a.verb == action.verb]
            while table.controls.words[slot] != action.arg:
                ahead = order.index(action.arg) > order.index(table.controls.words[slot])
                step = f"word:{slot}{'+' if ahead else '-'}"
                click(app, next(b for b in table.buttons if b.key == step).rect(app).center)
            click(app, next(b for b in table.buttons if b.key == f"sets:{slot}"
                            ).rect(app).center)
        elif any(b.key == str(action) for b in table.buttons):  # its own button (an offer's)
            click(app, next(b for b in table.buttons if b.key == str(action)).rect(app).center)
        elif action.verb in numbers_of(legal):  # step the number up to it, then take it
            span = number_range(action)
            goal = span[0] if span is not None else int(action.arg)
            while table.controls.numbers[action.verb] < goal:
                plus = next(b for b in table.buttons if b.key == f"num:{action.verb}+")
                click(app, plus.rect(app).center)
            take = next(b for b in table.buttons if b.key == f"take:{action.verb}")
            click(app, take.rect(app).center)
        elif action.verb in table.rules.text_verbs:  # type the text, then take it
            box = next(b for b in table.buttons if b.key == f"text:{action.verb}")
            click(app, box.rect(app).center)
            for letter in action.arg:
                post(pygame.TEXTINPUT, text=letter)
                app.step(FRAME)
            take = next(b for b in table.buttons if b.key == f"type:{action.verb}")
            click(app, take.rect(app).center)
        elif move is None:
            label = table.words.action_label(action)
            button = next(b for b in table.buttons if b.text == label)
            click(app, button.rect(app).center)
        else:
            card, zone = move
            sprite = next(s for s in table.order() if s.code == card)
            box = next(b for b in table.boxes if b.id == zone)
            drag(app, (sprite.x, sprite.y), box.rect.center)
        changed = state.to_dict() != before
        self.actions += changed
        return changed


def play(app: App, config: dict[str, Any], frames: int, seed: int = 1) -> tuple[TableScene,
                                                                                   Person]:
    from ui.result import HandScene
    table = TableScene(app, config)
    app.push(table)
    person = Person(table, seed)
    for _ in range(frames):
        if table.match.state.is_over():
            break
        sheet = app.top
        if isinstance(sheet, HandScene):  # the score sheet between deals: read, go on
            app.step(FRAME)
            sheet.back()
            continue
        if not person.turn(app):
            app.step(FRAME)
    return table, person


def test_a_person_plays_a_whole_hokm_hand_with_the_mouse(app: App) -> None:
    config = {"game": "hokm", "seats": chairs(4), "options": {"length": "hand"}, "seed": 4}
    table, person = play(app, config, 6000)
    state = table.match.state
    assert state.is_over(), "the hand did not finish"
    mine = 13 - len(state.hands[0])
    assert person.actions >= mine >= 7 - 1  # every card the person played was dragged
    table.match.flush()
    assert app.saves.load_match("hokm") is None  # the finished match left no game to resume
    assert app.saves.history("hokm"), "the result went into the history"
    from ui.result import ReplayScene
    from ui.scenes.scores import ScoresScene
    assert len(app.saves.sheets("hokm")[-1]["replay"]) >= 7, "the last deal is kept to replay"
    scores = ScoresScene(app, "hokm")
    app.push(scores)
    app.step(FRAME)
    replay = next(b for b in scores.buttons.items if b.key == "replay")
    click(app, replay.rect(app).center)
    assert isinstance(app.top, ReplayScene) and app.top.hands()


@pytest.mark.parametrize("game_id, seats, options", [
    ("shelem", 4, {"length": "deal"}), ("shelem", 2, {"length": "deal"}),
    ("bidel", 4, {"length": "deal"}), ("ghahve", 4, {"length": "deal"}),
    ("farib", 4, {"length": "hand"}), ("farib", 5, {"length": "hand"}),
    ("shaitan", 4, {}), ("bluff", 4, {}), ("taki", 4, {"match": "round"}),
    ("taki", 2, {"match": "round"}), ("rim", 2, {"length": "deal"}),
    ("fal_ezdevaj", 1, {}), ("fal_eshgh", 1, {}), ("hokm", 3, {"length": "hand"}),
    ("hokm", 2, {"length": "hand"}), ("bistoyek", 3, {"rounds": 1, "bank_deals": 2}),
    ("nohasht", 3, {"deals": 2}), ("bourse", 3, {}), ("poker", 3, {"deals": 2}),
    ("poker", 4, {"deals": 2, "limit": "none", "draw": "4ace"}),
])
def test_a_person_plays_a_whole_deal_of_each_new_game_with_the_mouse(
        app: App, game_id: str, seats: int, options: dict[str, Any]) -> None:
    """Bids through the number control, cards chosen by lifting them, plays by dragging."""
    config = {"game": game_id, "seats": chairs(seats), "options": options, "seed": 3}
    table, person = play(app, config, 30000, seed=2)
    assert table.match.state.is_over(), f"{game_id}: the deal did not end"
    assert person.actions > 0


def test_a_person_plays_a_tiraje_round_with_the_mouse(app: App) -> None:
    config = {"game": "tiraje", "seats": chairs(3), "options": {"actions": True}, "seed": 2}
    table, person = play(app, config, 6000)
    assert table.match.state.is_over() and person.actions >= 1


def test_a_person_plays_clumsy_thief_in_real_time(app: App) -> None:
    config = {"game": "thief", "seats": chairs(4), "options": {}, "seed": 3}
    table, person = play(app, config, 20000)
    assert table.match.state.is_over() and person.actions >= 5


def test_an_illegal_drop_slides_back_and_says_why(app: App) -> None:
    config = {"game": "hokm", "seats": chairs(4), "options": {}, "seed": 4}
    table = TableScene(app, config)
    app.push(table)
    state = table.match.state
    for _ in range(3000):
        legal = table.my_legal()
        if legal and legal[0].verb == "play" and state.trick and not table._animating():
            hand = state.hands[0]
            wrong = [c for c in hand if c[1] != state.trick[0][1]]
            if wrong and len(legal) < len(hand):
                break
        if (legal and legal[0].verb != "play") or (legal and not state.trick):
            Person(table, 1).turn(app)
        app.step(FRAME)
    else:
        pytest.skip("no deal in reach left this seat unable to follow")  # pragma: no cover
    card = wrong[0]
    sprite = next(s for s in table.order() if s.code == card)
    home = (sprite.x, sprite.y)
    before = state.to_dict()
    trick = next(b for b in table.boxes if b.id == "trick")
    drag(app, home, trick.rect.center)
    assert state.to_dict() == before
    led = table.words.tr(f"suit.{state.trick[0][1]}")
    why = table.words.game_key("why", "follow")
    assert table.message == table.words.tr(why, suit=led), "in Persian"
    for _ in range(60):
        app.step(FRAME)
    assert (round(sprite.x), round(sprite.y)) == (round(home[0]), round(home[1]))


class FaceWatch:
    """Checks, frame by frame, that a card of the viewer's hand once drawn face up is never
    drawn as its back while it stays in the hand (sliding to close a gap, sliding back)."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        self.seen: set[Any] = set()
        self.moves = 0

    def check(self) -> None:
        hand = f"hand:{self.table.viewer}"
        mine = {k: s for k, s in self.table.sprites.items() if s.zone == hand}
        self.seen &= set(mine)
        for key, sprite in mine.items():
            if key in self.seen:
                assert sprite.face_shown, f"{sprite.code} turned to its back while moving"
                self.moves += sprite.moving
            elif sprite.face_shown and not sprite.moving:
                self.seen.add(key)


def test_cards_of_the_hand_keep_their_faces_as_the_hand_closes_up_and_slides_back(
        app: App) -> None:
    config = {"game": "hokm", "seats": chairs(4), "options": {}, "seed": 4}
    table = TableScene(app, config)
    app.push(table)
    watch = FaceWatch(table)
    person = Person(table, 2)
    while person.actions < 6:
        if not person.turn(app):
            app.step(FRAME)
        watch.check()
    assert watch.moves > 0, "the hand closed up after its cards left"
    sprite = next(s for s in table.order() if s.zone == "hand:0")
    drag(app, (sprite.x, sprite.y), (640, 40))  # nowhere a card may go: it slides back
    for _ in range(40):
        app.step(FRAME)
        watch.check()


def test_hot_seat_covers_every_hand_until_the_next_person_confirms(app: App) -> None:
    config = {"game": "hokm", "seats": chairs(4, persons=(0, 1, 2, 3)), "options": {},
              "seed": 5}
    table = TableScene(app, config)
    app.push(table)
    first = table.viewer
    assert table.covered
    for _ in range(3):
        app.step(FRAME)
    white = white_pixels(app.screen)
    assert white == 0, "a card face showed through the cover"
    click(app, table.cover_button.rect(app).center)
    assert not table.covered
    person = Person(table, 1)
    for _ in range(400):
        if table.covered:
            break
        if not person.turn(app):
            app.step(FRAME)
    assert table.covered and table.viewer != first
    app.step(FRAME)
    white = white_pixels(app.screen)
    assert white == 0


def test_spectator_sees_no_hand_face(app: App) -> None:
    config = {"game": "hokm", "seats": chairs(4, persons=()), "options": {}, "seed": 5}
    table = TableScene(app, config)
    app.push(table)
    for _ in range(30):
        app.step(FRAME)
    hands = [s for s in table.sprites.values() if s.zone.startswith("hand:")]
    assert hands and all(s.code is None for s in hands)


def test_bad_input_breaks_nothing(app: App) -> None:
    """Tiny window, drops outside the table, keys mashed mid-animation, clicks on bots' cards,
    then the window closed mid-animation: the match is saved where it stood."""
    config = {"game": "hokm", "seats": chairs(4), "options": {}, "seed": 6}
    table = TableScene(app, config)
    app.push(table)
    rng = random.Random(0)
    keys = [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_l, pygame.K_t,
            pygame.K_SPACE, pygame.K_UP]
    for i in range(400):
        if i == 50:
            post(pygame.VIDEORESIZE, size=(120, 80), w=120, h=80)
        if i == 150:
            post(pygame.VIDEORESIZE, size=(1600, 900), w=1600, h=900)
        post(pygame.KEYDOWN, key=rng.choice(keys), mod=0, unicode="", scancode=0)
        x, y = rng.randrange(-50, 1400), rng.randrange(-50, 800)
        post(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1)
        post(pygame.MOUSEMOTION, pos=(x + 300, y - 200), rel=(0, 0), buttons=(1, 0, 0))
        post(pygame.MOUSEBUTTONUP, pos=(x + 300, y - 200), button=1)
        app.step(FRAME)
        if app.top is not table:  # a key opened something over the table: close it
            app.pop()
    assert app.screen.get_width() >= 640 and app.screen.get_height() >= 360
    state = table.match.state.to_dict()
    post(pygame.QUIT)
    app.step(FRAME)
    assert not app.running
    saved = app.saves.load_match(config["game"])
    assert saved is not None and registry.restore(saved["state"]).to_dict() == state


def test_undo_takes_back_the_persons_last_move_and_hint_points_at_a_legal_one(app: App) -> None:
    config = {"game": "hokm", "seats": chairs(4), "options": {}, "seed": 4}
    table = TableScene(app, config)
    app.push(table)
    state = table.match.state
    person = Person(table, 2)
    until(app, table, lambda: my_turn_to_play(table))  # naming trump shows the rest of a hand
    post(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0)
    app.step(FRAME)
    focused = table.focusables()[table.pointer.focus]
    legal = {str(a) for a in table.my_legal()}
    assert f"play {getattr(focused, 'code', '')}" in legal or getattr(focused, "text", None)
    assert table.message and not table.refusal
    before = state.to_dict()
    assert person.turn(app)
    post(pygame.KEYDOWN, key=pygame.K_u, mod=0, unicode="u", scancode=0)
    app.step(FRAME)
    assert table.match.state.to_dict() == before
    table.match.flush()
    saved = app.saves.load_match("hokm")
    assert saved is not None and saved["state"] == before
    post(pygame.KEYDOWN, key=pygame.K_u, mod=0, unicode="u", scancode=0)
    app.step(FRAME)
    assert table.refusal and table.message  # nothing more to undo: said so


@pytest.mark.parametrize("damage", ["no_seats", "bad_seed"])
def test_continue_on_a_match_the_table_refuses_sets_it_aside_and_says_so(
        app: App, damage: str) -> None:
    """A saved match whose chairs or seed the table cannot use: Continue must not crash the
    menu (and so every start after it), but move its file aside, tell the player, and the menu
    no longer offers it."""
    match = {"game": "hokm", "seats": chairs(4), "options": {}, "seed": 4, "match_id": "m1",
             "state": registry.get("hokm").new(4, 4).to_dict()}
    if damage == "no_seats":
        del match["seats"]
    else:
        match["seed"] = "four"
    app.saves.save_match(match)
    app.push(MenuScene(app))
    app.step(FRAME)
    resume = app.top
    assert isinstance(resume, Dialog) and resume.title == app.text.tr("menu.resume_title")
    [go_on] = [b for b in resume.buttons.items if b.text == app.text.tr("menu.continue")]
    click(app, go_on.rect(app).center)
    notice = app.top
    assert isinstance(notice, Dialog) and notice.title == app.text.tr("notice.title")
    tr = app.text.tr
    assert notice.message == f"{tr('notice.invalid', what=tr('notice.kind.match'))} " \
        f"{tr('notice.outcome.empty')}"
    assert [n.key for n in app.saves.notices] == ["match.invalid.empty"]
    folder = app.saves.folder
    assert not (folder / "matches" / "hokm.json").exists()
    assert list(folder.glob("matches/hokm.json.invalid-*"))
    click(app, next(b for b in app.top.buttons.items).rect(app).center)  # OK
    menu = app.top
    assert isinstance(menu, MenuScene) and not any(
        b.key.startswith("continue:") for b in menu.buttons.items), "still offered"
    again = Saves.open(folder)
    assert again.load_match("hokm") is None and not again.notices


def test_a_cover_that_comes_up_on_a_bots_turn_has_its_button(app: App) -> None:
    """Persons in chairs 1 and 3, a bot as Hakem (seed 1 draws chair 0): the cover's button
    works, and the cover says which keys do the same."""
    config = {"game": "hokm", "seats": chairs(4, persons=(1, 3)), "options": {}, "seed": 1}
    table = TableScene(app, config)
    app.push(table)
    for _ in range(600):
        if table.covered:
            break
        app.step(FRAME)
    assert table.covered
    app.text.heard = []
    app.step(FRAME)
    assert ("cover", app.text.tr("table.ready_keys")) in app.text.heard
    assert ("cover", app.text.tr("table.ready")) in app.text.heard
    app.text.heard = None
    click(app, app.view.pt(640, 430))  # the middle of the cover's "I'm ready"
    assert not table.covered


def faces_in_hands(table: TableScene) -> set[int]:
    """The seats whose hand shows a card face on the table now."""
    return {int(s.zone.split(":")[1]) for s in table.sprites.values()
            if s.zone.startswith("hand:") and s.code is not None}


def test_hot_seat_hides_a_hand_once_its_person_is_done(app: App) -> None:
    """Persons in chairs 0 and 1, bots in 2 and 3: a hand shows only while its person decides,
    and a person who decides again with nobody else shown since is not asked to confirm."""
    config = {"game": "hokm", "seats": chairs(4, persons=(0, 1)),
              "options": {"length": "hand"}, "seed": 4}
    table = TableScene(app, config)
    app.push(table)
    state = table.match.state
    person = Person(table, 3)
    shown: int | None = None  # the person who last saw their hand
    last: int | None = None  # the person who acted last
    bots_since = False
    covers = again = 0
    for _ in range(8000):
        if state.is_over():
            break
        deciding = [s for s in state.to_act() if s in (0, 1)]
        assert faces_in_hands(table) <= set(deciding[:1]), "a hand showed out of its turn"
        if table.covered:
            assert table.viewer != shown, "asked to confirm with nobody else shown since"
            covers += 1
            click(app, table.cover_button.rect(app).center)
            shown = table.viewer
            continue
        actor, moves = table.viewer, table.match.moves
        if person.turn(app):
            again += actor == last and bots_since
            last, bots_since = actor, False
            continue
        app.step(FRAME)
        bots_since |= table.match.moves > moves
    assert state.is_over() and covers >= 2
    assert again, "no person decided twice with only bots between (choose another seed)"


class PickRules(Rules):
    """A test game of simultaneous private choices: three seats hold three cards each; in each
    of two rounds every seat picks a card at once, face down; when the last has picked, the
    picks are shown. The highest total of ranks wins."""

    id = "pick"
    names = {"fa": "انتخاب", "en": "Pick", "ar": "اختيار"}
    seat_counts = (3,)

    def _new(self, seats: int, seed: int, options: dict[str, JSON]) -> State:
        hands = [[r + suit for r in "AKQ"] for suit in "SHD"]
        return PickState(self, seed, hands, [None] * 3, [], 0)

    def parse_action(self, code: str) -> Action:
        verb, _, arg = code.partition(" ")
        if verb != "pick" or not arg:
            raise IllegalAction(f"not a move: {code}")
        return Action(verb, arg)

    def state_from_dict(self, d: dict[str, JSON]) -> State:
        return PickState(self, d["seed"], d["hands"], d["picks"], d["shown"], d["round"])


class PickState(State):
    def __init__(self, rules: Rules, seed: int, hands: list[list[str]],
                 picks: list[str | None], shown: list[str], round_: int) -> None:
        self.rules, self.seats, self.seed, self.options = rules, 3, seed, {}
        self.hands, self.picks, self.shown, self.round = hands, picks, shown, round_

    @property
    def phase(self) -> str:  # type: ignore[override]
        return f"pick {self.round}"

    def to_act(self) -> list[int]:
        return [] if self.is_over() else [s for s in range(3) if self.picks[s] is None]

    def _legal(self, seat: int) -> list[Action]:
        return [Action("pick", c) for c in self.hands[seat]] if seat in self.to_act() else []

    def _apply(self, seat: int, action: Action) -> list[Event]:
        self.hands[seat].remove(action.arg)
        self.picks[seat] = action.arg
        events = [Event("pick", seat, {"from": f"hand:{seat}", "to": f"pick:{seat}"})]
        if all(self.picks):
            self.shown += [c for c in self.picks if c]
            events += [Event("show", s, {"from": f"pick:{s}", "to": "shown"}) for s in range(3)]
            self.picks, self.round = [None] * 3, self.round + 1
        return events

    def zones(self) -> list[Zone]:
        return [*(Zone(f"hand:{s}", "hand", s, self.hands[s], "fan", (s,)) for s in range(3)),
                *(Zone(f"pick:{s}", "palette", s, [p] if p else [], "pile", (s,))
                  for s, p in enumerate(self.picks)),
                Zone("shown", "discard", None, self.shown, "pile", None)]

    def is_over(self) -> bool:
        return self.round == 2

    def result(self) -> dict[str, JSON]:
        points = [sum("QKA".index(c[0]) for c in self.shown if c[1] == suit) for suit in "SHD"]
        return {"winners": [points.index(max(points))], "points": points}

    def to_dict(self) -> dict[str, JSON]:
        return {"game": "pick", "seed": self.seed, "hands": [list(h) for h in self.hands],
                "picks": list(self.picks), "shown": list(self.shown), "round": self.round}

    def move_of(self, seat: int, action: Action) -> tuple[str, str] | None:
        return action.arg, f"pick:{seat}"


@pytest.fixture
def pick_game(monkeypatch: pytest.MonkeyPatch) -> Iterator[Rules]:
    """The pick game, registered for one test; the registry is as it was afterwards."""
    monkeypatch.setitem(registry.MODULES, PickRules.id, __name__)
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))
    yield registry.register(PickRules(), PickState)


def test_simultaneous_choices_are_made_one_person_at_a_time_in_private(
        app: App, pick_game: Rules) -> None:
    """Persons in chairs 0 and 1 and a bot pick at once: each person chooses behind the cover,
    seeing no card of the other; the bot picks at its pace, not on a reaction timer; every
    choice lands. In the second round the person who looked last goes first, uncovered."""
    seats = [*chairs(3, persons=(0, 1))[:2], {"kind": "bot", "name": "B2", "level": "random"}]
    table = TableScene(app, {"game": "pick", "seats": seats, "options": {}, "seed": 1})
    app.push(table)
    state = table.match.state
    assert isinstance(state, PickState)
    person = Person(table, 5)
    covers: list[int | None] = []
    chosen: list[tuple[int, str]] = []
    for _ in range(3000):
        if state.is_over():
            break
        assert not table.match.worker.react_at, "a bot raced on a reaction timer"
        for zone in table.obs["zones"]:
            if zone["owner"] is not None and zone["owner"] != table.looking:
                assert zone["cards"] == [None] * len(zone["cards"]), "another's card showed"
        shown_faces = {s.zone for s in table.sprites.values() if s.code is not None}
        assert shown_faces <= {f"hand:{table.looking}", f"pick:{table.looking}", "shown"}
        if table.covered:
            covers.append(table.viewer)
            click(app, table.cover_button.rect(app).center)
            continue
        seat = table.viewer or 0
        hand = list(state.hands[seat])
        if person.turn(app):
            chosen.append((seat, next(c for c in hand if c not in state.hands[seat])))
            continue
        app.step(FRAME)
    assert state.is_over() and covers == [0, 1, 0]
    assert [s for s, _ in chosen] == [0, 1, 1, 0]
    persons_shown = [c for c in state.shown if c[1] in "SH"]  # the bot holds the diamonds
    assert sorted(c for _, c in chosen) == sorted(persons_shown) and len(state.shown) == 6


def test_a_held_disk_holds_no_frame_and_leaving_waits_for_the_last_save(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first save is held on the disk until the test lets it go (a busy disk fsyncing): the
    bots play on meanwhile, frame after frame, and the match on disk after leaving is the one
    on the table. Nothing here depends on the machine's speed: the save waits on an event."""
    save_match = app.saves.save_match
    held, release = threading.Event(), threading.Event()

    on_the_frame: list[int] = []

    def slow(match: dict[str, Any]) -> None:
        if threading.current_thread() is threading.main_thread():
            on_the_frame.append(table.match.moves)  # a frame would wait for the disk here
        else:
            held.set()
            release.wait(timeout=120)
        save_match(match)

    monkeypatch.setattr(app.saves, "save_match", slow)
    table = TableScene(app, {"game": "hokm", "seats": chairs(4, persons=()), "options": {},
                             "seed": 3})
    app.push(table)
    frames = 0
    while table.match.moves < 6 and frames < 20_000:
        app.step(FRAME)
        frames += 1
    assert not on_the_frame, f"saved on the frame's own thread after moves {on_the_frame}"
    assert held.wait(timeout=60), "the table never saved"
    assert not release.is_set() and table.match.moves >= 6, (
        f"the bots stopped at move {table.match.moves} while a save was held")
    release.set()
    state = table.match.state.to_dict()
    app.pop()
    saved = app.saves.load_match("hokm")
    assert saved is not None and saved["state"] == state


def test_cards_are_drawn_ahead_only_on_frames_without_an_action(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """Drawing a card takes 6 ms here: the table draws ahead one card on a quiet frame and none
    on a frame where a bot moved (that frame lays out and renders text already)."""
    import ui.looks as looks

    def slow_card(code: str | None, width: int, **kwargs: Any) -> pygame.Surface:
        time.sleep(0.006)
        return pygame.Surface((width, round(width * 1.4)))

    monkeypatch.setattr(looks, "card_surface", slow_card)
    table = TableScene(app, {"game": "hokm", "seats": chairs(4, persons=()), "options": {},
                             "seed": 3})
    app.push(table)
    quiet = acted = 0
    def cards_left() -> int:
        return sum(kind != "text" for kind, _ in table.ahead)

    while table.match.moves < 8:
        moves, ahead = table.match.moves, cards_left()
        table.update(FRAME)
        drawn = ahead - cards_left()
        if table.match.moves != moves:
            assert drawn == 0, "cards were drawn ahead on a frame with a move"
            acted += 1
        else:
            assert drawn <= 1
            quiet += drawn
    assert acted and quiet


def test_the_fonts_of_the_scenes_between_hands_are_loaded_ahead(app: App) -> None:
    """On quiet frames the table loads the fonts the hand and result scenes draw with, so the
    first of those scenes does not load them in the frame of the bot move that ends a hand."""
    from ui import text
    from ui.sheet import TEXT_SIZES

    text._load.cache_clear()  # as in a new process
    table = TableScene(app, {"game": "hokm", "seats": chairs(4, persons=()), "options": {},
                             "seed": 3})
    app.push(table)
    app.settings["bot_pace"] = 1000.0  # no bot moves: every frame is quiet
    for _ in range(2000):
        if not table.ahead:
            break
        table.update(FRAME)
    assert not table.ahead
    misses = text._load.cache_info().misses
    for size, bold in TEXT_SIZES:
        text.font(app.view.px(size), bold)
    assert text._load.cache_info().misses == misses


def hokm_table(app: App, seed: int = 4) -> TableScene:
    table = TableScene(app, {"game": "hokm", "seats": chairs(4), "options": {}, "seed": seed})
    app.push(table)
    return table


def until(app: App, table: TableScene, done: Any, frames: int = 3000) -> None:
    """Step frames (the person playing as `Person` does) until ``done()``."""
    person = Person(table, 3)
    for _ in range(frames):
        if done():
            return
        if not person.turn(app):
            app.step(FRAME)
    raise AssertionError("never came")


def test_a_finished_trick_lies_on_the_table_to_be_read_then_the_last_trick_names_its_players(
        app: App) -> None:
    table = hokm_table(app)
    until(app, table, lambda: table.match.tricks.done)
    trick = next(b for b in table.boxes if b.id == "trick")
    assert len(trick.cards) == 4 and table.hold_until > table.clock
    assert not table.my_legal(), "nobody plays onto a trick still being read"
    while table.hold_until:
        app.step(FRAME)
    assert not next(b for b in table.boxes if b.id == "trick").cards
    leader, cards = table.match.state.history[0]
    plays, taker = table.match.tricks.last(table.facts()["last_trick"])
    assert plays == [((leader + i) % 4, c) for i, c in enumerate(cards)]
    assert taker == table.match.state.leader or table.match.state.trick
    press(app, pygame.K_t)
    assert table.show_last
    press(app, pygame.K_ESCAPE)
    assert not table.show_last and app.top is table, "Esc closes the last trick, not the table"


def press(app: App, key: int) -> None:
    post(pygame.KEYDOWN, key=key, mod=0, unicode="")
    app.step(FRAME)


def my_turn_to_play(table: TableScene) -> bool:
    legal = table.my_legal()
    return bool(legal) and legal[0].verb == "play" and not table._animating()


def test_a_click_lifts_a_card_and_a_second_click_plays_it(app: App) -> None:
    table = hokm_table(app)
    until(app, table, lambda: my_turn_to_play(table))
    card = next(iter(table.moves()))
    sprite = next(s for s in table.order() if s.code == card)
    state = table.match.state
    before = state.to_dict()
    click(app, app.view.pt(*sprite.rect().center))
    assert state.to_dict() == before and table.pointer.selected is sprite and sprite.lifted
    click(app, app.view.pt(*sprite.rect().center))
    assert card not in state.hands[0]


def test_cards_that_cannot_be_played_are_dimmed_before_they_are_touched(app: App) -> None:
    table = hokm_table(app)
    state = table.match.state
    until(app, table, lambda: my_turn_to_play(table) and bool(state.trick)
          and any(c not in table.moves() for c in state.hands[0]))
    app.step(FRAME)
    hand = [s for s in table.order() if s.zone == "hand:0"]

    def whites(sprite: Any) -> int:
        """White pixels in the card's index corner, which no neighbour covers (top right in
        Persian, top left in English)."""
        r = sprite.rect()
        x = r.right - 22 if app.text.rtl else r.x + 4
        return white_pixels(app.screen.subsurface(pygame.Rect(*app.view.pt(x, r.y + 4),
                                                              app.view.px(18),
                                                              app.view.px(30))))

    playable = [s for s in hand if s.code in table.moves()]
    unplayable = [s for s in hand if s.code not in table.moves()]
    assert all(whites(s) == 0 for s in unplayable), "a card that cannot be played shows bright"
    assert all(whites(s) > 0 for s in playable), "a card that can be played is dimmed"


def test_a_dimmed_card_keeps_its_colour() -> None:
    """Shaded, not greyed: a yellow Super Taki card's ground stays yellow (red and green well
    above blue, in the same proportion), only darker; its see-through corners stay clear."""
    card = cardart.card_surface("Y81", 110, lang="en")
    dim = overlays.dimmed(card)
    x, y = card.get_width() // 2, 4
    (r, g, b, _), (dr, dg, db, _) = card.get_at((x, y)), dim.get_at((x, y))
    assert r > 200 and b < 60, "the sample is not the yellow ground"
    assert dr < r and dg < g, "a dimmed card is not darker"
    assert dr > 3 * db and dg > 3 * db and abs(dr / dg - r / g) < 0.05, "its yellow turned grey"
    assert dim.get_at((0, 0)).a == 0, "its transparent corner was shaded in"


def test_arrows_move_the_focus_the_way_they_point_in_persian(app: App) -> None:
    table = hokm_table(app)
    until(app, table, lambda: my_turn_to_play(table) and len(table.moves()) > 2)
    items = table.focusables()
    table.pointer.focus = max(range(len(items)), key=lambda i: items[i].x
                      if hasattr(items[i], "code") else -1)  # the rightmost card
    x = items[table.pointer.focus].x
    press(app, pygame.K_LEFT)
    assert table.focusables()[table.pointer.focus].x < x, "left goes left"
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    assert table.focusables()[table.pointer.focus].x == x, "right stops at the right end"


def test_undo_takes_its_lines_out_of_the_log(app: App) -> None:
    table = hokm_table(app)
    until(app, table, lambda: my_turn_to_play(table))
    lines = list(table.log)
    Person(table, 1).turn(app)
    assert len(table.log) > len(lines)
    press(app, pygame.K_u)
    assert table.log == lines


def test_a_stray_enter_does_not_dismiss_the_end_of_a_hand(app: App) -> None:
    from ui.result import ARMED_AFTER, HandScene
    table = hokm_table(app)
    scene = HandScene(app, table, "")
    app.push(scene)
    press(app, pygame.K_RETURN)
    assert app.top is scene
    for _ in range(int(ARMED_AFTER / FRAME) + 2):
        app.step(FRAME)
    press(app, pygame.K_RETURN)
    assert app.top is table


def test_dragging_a_card_while_trump_must_be_named_says_to_name_trump(app: App) -> None:
    table = hokm_table(app, seed=4)  # seed 4 draws chair 0 as Hakem
    state = table.match.state
    until(app, table, lambda: state.phase == "trump" and 0 in state.to_act()
          and not table._animating(), frames=600)
    sprite = next(s for s in table.order() if s.zone == "hand:0" and s.code)
    trick = next(b for b in table.boxes if b.id == "trick")
    drag(app, (sprite.x, sprite.y), trick.rect.center)
    assert table.message and table.message != table.words.tr("table.cannot")


def test_after_a_deal_it_can_be_replayed_trick_by_trick_with_every_hand_face_up(
        app: App, tmp_path: Path) -> None:
    from ui.result import HandScene, ReplayScene
    config = {"game": "hokm", "seats": chairs(4), "options": {}, "seed": 4}
    table = TableScene(app, config)
    app.push(table)
    person = Person(table, 1)
    for _ in range(8000):
        if isinstance(app.top, HandScene):
            break
        if not person.turn(app):
            app.step(FRAME)
    hand = app.top
    assert isinstance(hand, HandScene)
    tricks = table.match.tricks.last_deal
    assert len(tricks) >= 7 and all(len(plays) == 4 for plays, _ in tricks)
    replay = next(b for b in hand.buttons.items if b.text == table.words.tr("replay.open"))
    for _ in range(50):
        app.step(FRAME)  # armed
    click(app, replay.rect(app).center)
    scene = app.top
    assert isinstance(scene, ReplayScene)
    first = scene.hands()
    assert sum(len(c) for c in first.values()) == 4 * len(tricks), "every hand face up"
    press(app, pygame.K_LEFT)  # Persian: the left arrow goes on
    assert scene.at == 1 and sum(len(c) for c in scene.hands().values()) == 4 * (len(tricks) - 1)
    pygame.image.save(app.screen, str(tmp_path / "replay.png"))
    press(app, pygame.K_ESCAPE)
    assert app.top is hand


def test_a_meld_is_laid_by_lifting_its_cards_and_one_button(app: App, tmp_path: Path) -> None:
    """Rim lists every meld a hand holds (a run of six holds ten): one button lays the cards
    lifted from the hand, enabled once they are a meld, instead of a button a meld piling over
    the hand. A click lifts a card, a drag still discards it; the hint lifts its meld's cards."""
    from tests.test_rim import example_deck
    config = {"game": "rim", "seats": chairs(2, persons=(1,)),
              "options": {"deck": example_deck(["7S"]), "length": "deal"}, "seed": 1}
    table = TableScene(app, config)
    app.push(table)
    for _ in range(600):
        app.step(FRAME)
        if table.my_legal() and not table._animating():
            break
    table.act(Action("draw"))  # 7S: 4S 5S 6S 7S, three nines, three queens, 2C
    for _ in range(60):
        app.step(FRAME)
    melds = [a for a in table.my_legal() if a.verb == "meld"]
    assert len(melds) >= 5 and table.picking()
    assert not any(b.key.startswith("meld") for b in table.buttons)
    button = next(b for b in table.buttons if b.key == "set:meld")
    assert not button.enabled
    hand = {s.code: s for s in table.order() if s.zone == "hand:1"}
    for code in ("5S", "6S", "7S"):
        click(app, hand[code].rect().center)
    assert sorted(table.picked) == ["5S", "6S", "7S"]
    button = next(b for b in table.buttons if b.key == "set:meld")
    assert button.enabled and button.text == table.words.action_label(Action("meld", ""))
    pygame.image.save(app.screen, str(tmp_path / "meld.png"))
    click(app, button.rect(app).center)
    assert table.match.state.melds == [(1, ("5S", "6S", "7S"))] and table.picked == []
    table._show_hint(Action("meld", "9S 9H 9D"))
    assert sorted(table.picked) == ["9D", "9H", "9S"]
    focused = table.focusables()[table.pointer.focus]
    assert isinstance(focused, Button) and focused.key == "set:meld" and focused.enabled


def test_a_card_to_call_is_picked_from_the_faces_of_the_cards_that_may_be_called(
        app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from ui.table.controls import CardButton
    config = {"game": "farib", "seats": chairs(5), "options": {}, "seed": 3}
    table = TableScene(app, config)
    app.push(table)
    calls = [Action("call", c) for c in ("AD", "KD", "QS", "JH", "8C", "9C")]
    chosen: list[Action] = []
    monkeypatch.setattr(table, "act", chosen.append)
    table.buttons = table.controls.buttons(calls + [Action("pass")], [])
    faces = [b for b in table.buttons if isinstance(b, CardButton)]
    assert any(b.key == "picker:call" for b in table.buttons), "the picker says what it is for"
    assert [b.code for b in faces] == [a.arg for a in calls]
    assert not any(b.text == table.words.action_label(Action("trump", "S")) for b in faces)
    app.step(FRAME)
    table.buttons = table.controls.buttons(calls + [Action("pass")], [])
    pygame.image.save(app.screen, str(tmp_path / "picker.png"))
    click(app, faces[0].rect(app).center)
    assert chosen == [calls[0]] or table.match.state.to_dict()


def test_a_secret_partner_is_revealed_on_the_table_when_the_called_card_falls(
        app: App, tmp_path: Path) -> None:
    config = {"game": "farib", "seats": chairs(5, persons=()), "options": {}, "seed": 3}
    table = TableScene(app, config)
    app.push(table)
    for _ in range(20000):
        if table.flash[0] >= 0:
            break
        app.step(FRAME)
    seat = table.flash[0]
    assert seat >= 0, "no partner revealed in a whole match"
    assert table.message == table.words.tr("table.revealed", name=table.words.name(seat))
    assert table.words.tr("table.partner") in table.words.seat_marks(table.facts(), seat)
    app.step(FRAME)
    pygame.image.save(app.screen, str(tmp_path / "revealed.png"))


def test_a_lone_makers_partner_has_its_hand_laid_aside() -> None:
    from ui.table.layout import Layout
    hands = [{"id": f"hand:{s}", "kind": "hand", "owner": s, "cards": [None] * 5,
              "layout": "fan", "face_up": False} for s in range(4)]
    boxes = Layout(4, 0, "anticlockwise").boxes({"zones": hands, "sitting_out": 2})
    aside = next(b for b in boxes if b.id == "hand:2")
    playing = next(b for b in boxes if b.id == "hand:1")
    spread = max(x for x, _ in aside.slots) - min(x for x, _ in aside.slots)
    assert spread < 10 < max(x for x, _ in playing.slots) - min(x for x, _ in playing.slots)


def test_a_hard_bot_searches_in_a_process_of_its_own_and_the_hand_ends(app: App) -> None:
    seats = [{"kind": "bot", "name": f"B{s}", "level": "hard" if s == 1 else "normal"}
             for s in range(4)]
    table = TableScene(app, {"game": "hokm", "seats": seats, "options": {"length": "hand"},
                             "seed": 5})
    app.push(table)
    assert table.match.worker.searching, "a hard bot thinks in another process"
    for _ in range(20000):
        if table.match.state.is_over():
            break
        app.step(FRAME)
        time.sleep(0.002)  # let the searcher's wall-clock budget run
    assert table.match.state.is_over()
    assert table.match.worker.decisions >= 6, "the hard seat's moves came from the search"


def test_a_bot_that_fails_is_stood_in_for_and_the_hand_goes_on(
        app: App, capsys: pytest.CaptureFixture[str]) -> None:
    """A defect in a bot (here one that raises) costs its seat the normal bot's move, not the
    game: the hand ends, and the failure is written to stderr (a packaged build's log)."""
    table = TableScene(app, {"game": "hokm", "seats": chairs(4, persons=()),
                             "options": {"length": "hand"}, "seed": 5})
    app.push(table)

    def fail(observation: Any, legal: Any) -> Action:
        raise RuntimeError("a bot's defect")

    table.match.bots[1].choose = fail  # type: ignore[method-assign]
    for _ in range(20000):
        if table.match.state.is_over():
            break
        app.step(FRAME)
    assert table.match.state.is_over()
    assert "RuntimeError: a bot's defect" in capsys.readouterr().err


def test_a_searcher_that_fails_in_its_process_is_stood_in_for_and_replaced_if_broken(
        app: App, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The hard seat's search raises in the searcher process (`decide` swapped for a function
    that refuses its arguments): the normal bot moves for it and the hand ends. A searcher
    process that died (`BrokenProcessPool`) is replaced by a new one."""
    from concurrent.futures.process import BrokenProcessPool

    from ui.table import bots as worker
    monkeypatch.setattr(worker, "decide", bots.make)  # five arguments where it takes three
    seats = [{"kind": "bot", "name": f"B{s}", "level": "hard" if s == 1 else "normal"}
             for s in range(4)]
    table = TableScene(app, {"game": "hokm", "seats": seats, "options": {"length": "hand"},
                             "seed": 5})
    app.push(table)
    for _ in range(20000):
        if table.match.state.is_over():
            break
        app.step(FRAME)
        time.sleep(0.002)
    assert table.match.state.is_over()
    assert table.match.worker.decisions >= 6 and "TypeError" in capsys.readouterr().err
    pool = table.match.worker.pool
    died = BrokenProcessPool("the searcher died")
    assert table.match.worker.stand_in(table.match.state, 1, died) is None
    assert table.match.worker.pool is not pool


def test_a_name_is_typed_in_persian_for_the_love_fortune(app: App, tmp_path: Path) -> None:
    table = TableScene(app, {"game": "fal_eshgh", "seats": chairs(1), "options": {},
                             "seed": 2})
    app.push(table)
    app.step(FRAME)
    assert not any(b.key.startswith("name ") for b in table.buttons), "a box, not samples"
    box = next(b for b in table.buttons if b.key == "text:name")
    click(app, box.rect(app).center)
    for letter in "مریم":
        post(pygame.TEXTINPUT, text=letter)
        app.step(FRAME)
    press(app, pygame.K_h)  # a letter key while typing is not the hint
    assert table.message == "" or table.clock >= table.message_until
    pygame.image.save(app.screen, str(tmp_path / "typing.png"))
    take = next(b for b in table.buttons if b.key == "type:name")
    click(app, take.rect(app).center)
    assert table.match.state.name == "مریم" and table.match.state.letters == 4


def test_a_colour_or_a_trump_is_chosen_from_tiles_over_the_table(app: App, tmp_path: Path
                                                                  ) -> None:
    """Super Taki's colour after a Change Colour (it crashed the table when its colours were
    taken for cards) and Hokm's trump: a tile per choice, named, one click plays it."""
    from ui.table.controls import SwatchButton
    config = {"game": "taki", "seats": chairs(4), "options": {}, "seed": 2}
    table = TableScene(app, config)
    app.push(table)
    state = table.match.state
    stand_in = bots.make("heuristic", "taki", 2)
    while not any(a.verb == "colour" for a in state.legal_actions(0)):
        seat = state.to_act()[0]
        table._after(table.match.act(seat, table.match.bots.get(seat, stand_in).act(state, seat)))
    table._refresh([])
    tiles = [b for b in table.buttons if isinstance(b, SwatchButton)]
    assert [b.key for b in tiles] == ["colour R", "colour G", "colour B", "colour Y"]
    assert [b.name for b in tiles] == ["قرمز", "سبز", "آبی", "زرد"]
    for _ in range(3):
        app.step(FRAME)  # drawn without error
    pygame.image.save(app.screen, str(tmp_path / "colour.png"))
    click(app, tiles[2].rect(app).center)
    assert state.facts(None)["colour"] == "B"
    hokm = Controls(app, TableScene(app, {"game": "hokm", "seats": chairs(4), "options": {},
                                          "seed": 1}))
    trumps = [Action("trump", s) for s in "SHDC"]
    assert [b.key for b in hokm.buttons(trumps, []) if isinstance(b, SwatchButton)] \
        == [str(a) for a in trumps]


def test_a_pyramid_level_is_drawn_beside_the_name_inside_the_window(app: App) -> None:
    config = {"game": "taki", "seats": chairs(10), "options": {}, "seed": 1}
    table = TableScene(app, config)
    app.push(table)
    facts = table.facts()
    assert table.words.level(facts, 3) == (1, 8)
    assert table.words.tr("table.level", n=1) in table.words.seat_marks(facts, 3)
    drawn: list[pygame.Rect] = []
    real = overlays.draw_pyramid

    def record(*args: Any) -> pygame.Rect:
        drawn.append(real(*args))
        return drawn[-1]

    overlays.draw_pyramid = record  # type: ignore[assignment]
    try:
        app.step(FRAME)
    finally:
        overlays.draw_pyramid = real  # type: ignore[assignment]
    assert len(drawn) == 10
    assert all(app.screen.get_rect().contains(r) for r in drawn), drawn
    round_only = TableScene(app, {**config, "options": {"match": "round"}})
    assert round_only.words.level(round_only.facts(), 3) == (0, 0)


def _bourse_offer_to_the_person(app: App) -> TableScene:
    """A Bourse table of four where a bot has just offered the person (seat 0) a card."""
    table = TableScene(app, {"game": "bourse", "seats": chairs(4), "options": {}, "seed": 1})
    app.push(table)
    state = table.match.state
    stand_in = bots.make("heuristic", "bourse", 1)
    while not any(a.verb == "accept" for a in state.legal_actions(0)):
        seat = next(s for s in state.to_act() if s != 0)
        table._after(table.match.act(seat, table.match.bots.get(seat, stand_in).act(state, seat)))
    table._refresh([])
    return table


def test_an_offer_is_a_line_over_the_table_with_its_answers_beside_it(app: App) -> None:
    table = _bourse_offer_to_the_person(app)
    state = table.match.state
    offer = state.facts(0)["offers"][0]
    line = next(b for b in table.buttons if b.key == f"offer:{offer['id']}")
    words = table.words
    assert line.text == words.tr("table.offer", who=words.name(offer["seller"]),
                                 card=words.card_name(offer["card"]), to=words.name(0),
                                 n=offer["price"])
    assert line.sub == words.tr("table.chance", n=round(100 * state.facts(0)["chance"]))
    room = line.box[2] - 2 * LABEL_PAD  # drawn at its size, not shrunk to a smaller window's dots
    assert fitting(app, line.text, line.size, room, True) == line.size >= 20
    buy = next(b for b in table.buttons if b.key == f"accept {offer['id']}")
    assert next(b for b in table.buttons if b.key == f"decline {offer['id']}")
    assert not any(b.key.startswith("num:accept") for b in table.buttons), "no stepper of ids"
    app.step(FRAME)
    purse = state.facts(0)["purses"][0]
    click(app, buy.rect(app).center)
    assert offer["card"] in state.hands[0] and state.facts(0)["purses"][0] == purse - offer["price"]


def test_a_card_dragged_onto_a_seat_is_offered_to_that_seat(app: App) -> None:
    table = _bourse_offer_to_the_person(app)
    chooser = next(b for b in table.buttons if b.key == "word:offer=")
    assert chooser.text == table.words.name(1), "the seats are named, not numbered"
    card = [s for s in table.order() if s.zone == "hand:0" and s.code][-1]  # uncovered
    seat2 = next(b for b in table.boxes if b.id == "hand:2")
    app.step(FRAME)
    drag(app, card.rect().center, seat2.rect.center)
    assert table.picked == [card.code] and table.controls.words["offer"] == "2"
    assert next(b for b in table.buttons if b.key == "word:offer=").text == table.words.name(2)
    offer = next(b for b in table.buttons if b.key.startswith("pick:offer ?1 2 "))
    assert offer.enabled
    click(app, offer.rect(app).center)
    made = table.match.state.facts(0)["offers"]
    assert any(o["seller"] == 0 and o["to"] == 2 and o["card"] == card.code for o in made)


def test_a_stake_has_quick_picks_from_the_least_to_all(app: App) -> None:
    table = TableScene(app, {"game": "bistoyek", "seats": chairs(3), "options": {},
                             "seed": 2})
    app.push(table)
    state = table.match.state
    stand_in = bots.make("heuristic", "bistoyek", 2)
    while not any(a.verb == "stake" for a in state.legal_actions(0)):
        seat = state.to_act()[0]
        if seat == 0:
            table._after(table.match.act(0, stand_in.act(state, 0)))
            continue
        table._after(table.match.act(seat, table.match.bots.get(seat, stand_in).act(state, seat)))
    while app.top is not table:  # the ledgers of the deals played to get here
        app.pop()
    table._refresh([])
    limit = state.facts(0)["limit"]
    for name in ("min", "half", "all"):
        pick = next(b for b in table.buttons if b.key == f"quick:stake:{name}")
        click(app, pick.rect(app).center)
        assert table.controls.numbers["stake"] <= limit[name]
    assert table.controls.numbers["stake"] == limit["all"]


def test_a_fortune_runs_through_at_the_animation_speed_and_can_be_stopped(app: App) -> None:
    table = TableScene(app, {"game": "fal_ezdevaj", "seats": chairs(1), "options": {},
                             "seed": 3})
    app.push(table)
    state = table.match.state
    run = next(b for b in table.buttons if b.key == "run_through")
    assert any(b.key == "next" for b in table.buttons), "one step at a time stays offered"
    app.step(FRAME)
    click(app, run.rect(app).center)
    assert table.controls.running
    for _ in range(40):
        app.step(FRAME)
    moving = any(s.moving for s in table.sprites.values())
    assert moving or state.facts(0)["turned"] >= 1, "the cards are laid card by card"
    stop = next(b for b in table.buttons if b.key == "run_through")
    assert stop.text == table.words.tr("table.stop_running")
    click(app, stop.rect(app).center)
    turned = state.facts(0)["turned"]
    for _ in range(120):
        app.step(FRAME)
    assert state.facts(0)["turned"] == turned and not state.is_over(), "stopped"
    click(app, next(b for b in table.buttons if b.key == "run_through").rect(app).center)
    for _ in range(6000):
        if state.is_over():
            break
        app.step(FRAME)
    assert state.is_over()


def test_the_hint_comes_from_the_hard_bot_searching_apart_while_the_table_goes_on(
        app: App) -> None:
    config = {"game": "hokm", "seats": chairs(4), "options": {}, "seed": 4}
    table = TableScene(app, config)
    app.push(table)
    for _ in range(3000):
        if table.my_legal() and not table._animating():
            break
        app.step(FRAME)
    press(app, pygame.K_h)
    assert table.message == table.words.tr("table.thinking") and table.hints.asked == 1
    press(app, pygame.K_h)  # asking again while it thinks starts no second search
    assert table.hints.asked == 1
    prefix = table.words.tr("table.hint", action="")
    deadline = time.monotonic() + 60
    while not table.message.startswith(prefix) and time.monotonic() < deadline:
        app.step(FRAME)
        time.sleep(0.01)
    assert table.message.startswith(prefix), "the hard bot's hint arrived"
    focused = table.focusables()[table.pointer.focus]
    legal = {str(a) for a in table.my_legal()}  # naming trump here: the hint's tile is focused
    assert f"play {getattr(focused, 'code', '')}" in legal or getattr(focused, "key", "") in legal


@pytest.mark.parametrize("game_id,draw", [("bistoyek", "hit"), ("rim", "draw"),
                                          ("taki", "draw"), ("shaitan", "draw"),
                                          ("haftkhabis", "draw"), ("poker", "draw")])
def test_undo_never_takes_back_a_draw(app: App, game_id: str, draw: str) -> None:
    """Draw, see the card, undo, choose again: chance is the seed and a counter, so the same
    card came again and the person knew it. Once a card is drawn (by anyone) undo says why it
    cannot go back, and the game stays as it is."""
    rules = registry.get(game_id)
    table = TableScene(app, {"game": game_id, "seats": chairs(rules.usual_seats),
                             "options": {}, "seed": 3})
    app.push(table)
    person = Person(table, 5)
    for _ in range(6000):
        legal = table.my_legal()
        if any(a.verb == draw for a in legal) and not table._animating():
            break
        if not (legal and not table._animating() and person.turn(app)):
            app.step(FRAME)
    else:
        raise AssertionError(f"{game_id}: the person never had a {draw} to make")
    action = next(a for a in table.my_legal() if a.verb == draw)
    if is_pattern(action):  # the cards to throw and draw (poker): one
        action = fill(action, table.match.state.own_cards(0)[:1])
    table.act(action)
    after = table.match.state.to_dict()
    press(app, pygame.K_u)
    assert table.match.state.to_dict() == after and table.refusal
    # Drawn by chance, or dealt from a deck shuffled before and so shown: either seals it.
    assert table.message in (table.words.tr("table.no_undo.chance"),
                             table.words.tr("table.no_undo.shown"))


def test_undo_never_goes_back_past_a_card_the_person_was_shown(app: App) -> None:
    """Hokm: the person's own card may be taken back until a bot's card falls; once a bot has
    played, the person has seen it, and undo says so."""
    table = hokm_table(app)
    until(app, table, lambda: my_turn_to_play(table))
    before = table.match.state.to_dict()
    Person(table, 1).turn(app)
    press(app, pygame.K_u)
    assert table.match.state.to_dict() == before  # nothing shown yet: taken back
    Person(table, 1).turn(app)
    for _ in range(600):  # a bot plays its card after its pause
        if table.match.undo_sealed:
            break
        app.step(FRAME)
    assert table.match.undo_sealed == "shown" and not table.match.undo_stack
    press(app, pygame.K_u)
    assert table.refusal and table.message == table.words.tr("table.no_undo.shown")


@pytest.mark.parametrize("game_id,seats,persons,undo,last", [
    ("hokm", 4, (0,), True, True), ("rim", 2, (0,), True, False),
    ("thief", 4, (0,), False, False), ("hokm", 4, (0, 1), False, True)])
def test_the_footer_lists_only_the_keys_that_do_something(
        app: App, game_id: str, seats: int, persons: tuple[int, ...], undo: bool,
        last: bool) -> None:
    """U only where undo is ever offered (one person, turns taken), T only in trick games."""
    table = TableScene(app, {"game": game_id, "seats": chairs(seats, persons), "options": {},
                             "seed": 1})
    app.push(table)
    app.step(FRAME)
    line = table.words.keys_line()
    assert (app.text.tr("table.key.undo") in line) == undo, line
    assert (app.text.tr("table.key.last") in line) == last, line
    assert app.text.tr("table.key.hint") in line and app.text.tr("table.key.menu") in line


class StandIn:
    """A table as the controls see it (`ui.table.controls.Table`), and nothing more: it keeps
    what they ask of it."""

    def __init__(self, app: App, game_id: str, facts: dict[str, Any]) -> None:
        self.rules = registry.get(game_id)
        self.words = TableWords(app, self.rules, 4, [0], str, lambda: facts)
        self.known = facts
        self.asked: list[str] = []
        self.acted: list[Action] = []

    def facts(self) -> dict[str, Any]:
        return self.known

    def hand_cards(self) -> set[str]:
        return {"AS", "KS"}

    def card(self, code: str | None, width: int) -> pygame.Surface:
        return pygame.Surface((width, width))

    def swatch(self, code: str, width: int) -> pygame.Surface | None:
        return None

    def act(self, action: Action) -> None:
        self.acted.append(action)

    def build_buttons(self) -> None:
        self.asked.append("build_buttons")

    def run_through(self) -> None:
        self.asked.append("run_through")


def test_the_controls_ask_the_table_only_what_it_offers_them(app: App) -> None:
    """A stake: its quick picks come from the table's public facts, a step of its number asks
    the table to lay the controls out again, and taking it acts through the table; a fortune's
    run-through is started by the table."""
    stake = StandIn(app, "bistoyek", {"limit": {"min": 10, "half": 250, "all": 500}})
    controls = Controls(app, stake)
    offered = [Action("stake", "#10-500/10")]
    keys = {b.key: b for b in controls.buttons(offered, [])}
    assert {"quick:stake:min", "quick:stake:half", "quick:stake:all"} <= keys.keys()
    keys["num:stake+"].activate()
    assert stake.asked == ["build_buttons"] and stake.acted == []
    keys = {b.key: b for b in controls.buttons(offered, [])}
    keys["quick:stake:half"].activate()
    {b.key: b for b in controls.buttons(offered, [])}["take:stake"].activate()
    assert stake.acted == [Action("stake", "250")]
    fortune = StandIn(app, "fal_eshgh", {})
    run = next(b for b in Controls(app, fortune).buttons([Action("next")], [])
               if b.key == "run_through")
    run.activate()
    assert fortune.asked == ["run_through"]


def test_a_count_of_cards_to_choose_says_exactly_where_it_is_exact(app: App) -> None:
    """Shelem's widow: exactly 4 ("Chosen: 0 of 4"); a range says its least."""
    controls = Controls(app, TableScene(app, {"game": "shelem", "seats": chairs(4),
                                              "options": {}, "seed": 1}))
    exact = next(b for b in controls.buttons([Action("discard", "?4")], []) if b.key == "picked")
    assert exact.text == app.text.tr("table.picked_of", n=0, lo=4)
    ranged = next(b for b in controls.buttons([Action("claim", "?1-4 K")], ["AS"])
                  if b.key == "picked")
    assert ranged.text == app.text.tr("table.picked", n=1, lo=1)


@pytest.mark.parametrize("game_id,undo", [("hokm", True), ("bistoyek", False),
                                          ("fal_eshgh", False), ("fal_ezdevaj", False)])
def test_the_footer_offers_undo_only_where_a_move_can_be_taken_back(app: App, game_id: str,
                                                                    undo: bool) -> None:
    rules = registry.get(game_id)
    table = TableScene(app, {"game": game_id, "seats": chairs(rules.usual_seats),
                             "options": {}, "seed": 1})
    app.push(table)
    assert (app.text.tr("table.key.undo") in table.words.keys_line()) is undo
    assert app.text.tr("table.key.log") in table.words.keys_line()


def test_21_starts_each_decision_on_its_sensible_button_and_says_what_each_does(
        app: App) -> None:
    """A stake: Enter places it (not the − or +); below 17 a card, from 17 stand; from the
    third card a card is taken by showing one, and its button and the line say so; the hand is
    never dimmed (no card of it is played)."""
    table = TableScene(app, {"game": "bistoyek", "seats": chairs(4), "options": {},
                             "seed": 3})
    app.push(table)
    state, seen_kinds = table.match.state, set()
    stand_in = bots.make("heuristic", "bistoyek", 3)
    for _ in range(400):
        if state.is_over() or len(seen_kinds) == 4:
            break
        del app.scenes[1:]
        seat = state.to_act()[0]
        if seat == 0 and table.legal:
            focused = table.pointer.focused()
            assert table.dimmed_hand() is None
            verbs = {a.verb for a in table.legal}
            value = table.facts()["values"][0]
            if "stake" in verbs:
                seen_kinds.add("stake")
                assert isinstance(focused, Button) and focused.key == "take:stake"
            elif "hit" in verbs and "change" not in verbs:
                kind = "show" if any(a.arg for a in table.legal if a.verb == "hit") else "hit"
                seen_kinds.add(f"{kind}{'+' if value >= 17 else '-'}")
                want = "stand" if value >= 17 or kind == "show" else "hit"
                assert isinstance(focused, Button) and focused.key == want, (value, focused)
                if kind == "show":
                    assert table.status() == app.text.tr("bistoyek.say.show", n=value)
                    shown = [b for b in table.buttons if b.key.startswith("hit ")]
                    card = shown[0].key.split()[1]
                    assert shown[0].text == app.text.tr(
                        "act.bistoyek.hit.card", card=table.words.card_name(card))
        table._after(table.match.act(seat, table.match.bots.get(seat, stand_in).act(state, seat)))
    assert {"stake", "hit-", "hit+", "show-"} <= seen_kinds, seen_kinds


# -- the matches in progress, one per game, through the menu -------------------------------------
def continues(menu: MenuScene) -> list[str]:
    """The games the menu offers to continue, in its order."""
    return [b.key.split(":", 1)[1] for b in menu.buttons.items if b.key.startswith("continue:")]


def press_button(app: App, scene: Any, key: str = "", text: str = "") -> None:
    """Click the button of ``scene`` with that key (or that text)."""
    found = next(b for b in scene.buttons.items if (b.key == key if key else b.text == text))
    click(app, found.rect(app).center)


def play_then_leave(app: App, menu: MenuScene, game_id: str, frames: int = 40) -> TableScene:
    """From the menu: the game's tile, Start (a new match, if asked), some frames of play,
    then Esc and "Exit to menu"."""
    press_button(app, menu, key=f"game:{game_id}")
    setup = app.top
    press_button(app, setup, key="start")
    if isinstance(app.top, Dialog):
        press_button(app, app.top, text=app.text.tr("setup.replace"))
    table = app.top
    assert isinstance(table, TableScene) and table.rules.id == game_id
    for _ in range(frames):
        app.step(FRAME)
    leave(app)
    return table


def leave(app: App) -> None:
    """Esc over the table, then "Exit to menu"."""
    press(app, pygame.K_ESCAPE)
    press_button(app, app.top, text=app.text.tr("pause.leave"))


def test_the_menu_offers_every_games_match_each_time_it_is_shown(app: App) -> None:
    """Started with nothing saved, then a Super Taki match left for the menu, then a Rim match:
    the menu offers each as it is shown again (it offered none, or only the match found at
    launch); Continue resumes the game it names, and after a restart both are still there (a
    new match of one game used to throw away the other's)."""
    menu = MenuScene(app)
    app.push(menu)
    app.step(FRAME)
    assert app.top is menu and continues(menu) == []
    play_then_leave(app, menu, "taki")
    assert app.top is menu and continues(menu) == ["taki"]
    play_then_leave(app, menu, "rim")
    assert continues(menu) == ["rim", "taki"]
    press_button(app, menu, key="continue:taki")
    table = app.top
    assert isinstance(table, TableScene) and table.rules.id == "taki"
    leave(app)
    assert continues(menu) == ["taki", "rim"]  # the one saved last first
    folder = app.saves.folder
    restarted = App(Saves.open(folder))
    try:
        menu = MenuScene(restarted)
        restarted.push(menu)
        restarted.step(FRAME)
        offer = restarted.top
        assert isinstance(offer, Dialog) and registry.get("taki").name("fa") in offer.message
        press_button(restarted, offer, text=restarted.text.tr("menu.new_game"))
        assert continues(menu) == ["taki", "rim"]
    finally:
        restarted.quit()


def test_a_games_setup_continues_only_its_own_match(app: App) -> None:
    """With a Hokm and a Shelem match saved, Shelem's setup offers Shelem's (its Start asks
    about Shelem's, and Enter there continues Shelem, never Hokm), and a new Shelem match
    leaves the Hokm match as it was."""
    menu = MenuScene(app, greet=False)
    app.push(menu)
    play_then_leave(app, menu, "hokm")
    play_then_leave(app, menu, "shelem")
    hokm = app.saves.load_match("hokm")
    press_button(app, menu, key="game:shelem")
    setup = app.top
    shelem = registry.get("shelem").name(app.lang)
    assert shelem in next(b for b in setup.buttons.items if b.key == "continue").text
    press_button(app, setup, key="start")
    question = app.top
    assert isinstance(question, Dialog) and shelem in question.message
    assert registry.get("hokm").name(app.lang) not in question.message
    press(app, pygame.K_RETURN)
    table = app.top
    assert isinstance(table, TableScene) and table.rules.id == "shelem"
    leave(app)
    play_then_leave(app, menu, "shelem")  # a new Shelem match, in place of the old one
    assert app.saves.load_match("hokm") == hokm
    assert sorted(continues(menu)) == ["hokm", "shelem"]


def test_play_again_records_the_next_match_as_a_match_of_its_own(app: App) -> None:
    """"Play again" deals a new match, with the next seed and an id of its own: the history
    keeps both results (one id for both kept the first alone)."""
    from ui.result import ResultScene

    config = {"game": "hokm", "seats": chairs(4, ()), "options": {"length": "hand"}, "seed": 3}
    app.push(TableScene(app, config))
    ids = []
    for _ in range(2):
        for _ in range(5000):
            if isinstance(app.top, ResultScene):
                break
            app.step(0.25)
        end = app.top
        assert isinstance(end, ResultScene)
        ids.append(end.match.config.get("match_id"))
        end.match.flush()
        next(b for b in end.buttons.items if b.text == app.text.tr("result.again")).activate()
    assert ids[0] != ids[1]
    assert len(app.saves.history("hokm")) == 2


@pytest.mark.parametrize("damage,named", [
    ({"seats": "four"}, "seats"), ({"seats": chairs(3)}, "seats"),
    ({"seats": [{"kind": "wizard", "name": "W"}, *chairs(4)[1:]]}, "seats"),
    ({"seed": "7"}, "seed"), ({"seed": True}, "seed"), ({"seed": None}, "seed"),
    ({"options": []}, "options"), ({"clock": -5}, "clock"), ({"match_id": 12}, "match_id")])
def test_a_kept_match_whose_config_is_damaged_is_refused_by_name(damage: dict[str, Any],
                                                                 named: str) -> None:
    """A kept match is read back field by field before it is played (a save is untrusted): a
    damaged field is a ValueError naming it, which the menu turns into the match set aside
    (`ui.scenes.continue_match`), not a table that breaks on the first bot's move."""
    from ui.table.match import Match

    kept = Match.start({"game": "hokm", "seats": chairs(4), "options": {}, "seed": 7,
                        "clock": 30}).to_dict()
    assert Match.resume(kept).config == {k: v for k, v in kept.items()
                                         if k not in ("state", "saved")}
    with pytest.raises(ValueError, match=named):
        Match.resume({**kept, **damage})
