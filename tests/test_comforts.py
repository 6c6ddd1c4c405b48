"""The table's comforts, played as a person would (real pygame events through the app's loop):
claiming the rest of a hand, the only legal card played for a person, and the hand in the order
a player wants."""

from __future__ import annotations

from typing import Any

from game.core import State
from saves.schemas import HAND_ORDERS
from tests.test_claim import HEARTS_UNKNOWN, TRUMP_FIRST, hokm_played
from tests.test_table import FRAME, app, chairs, click, drag  # noqa: F401 (the fixture)
from ui.app import App
from ui.table.layout import sort_hand, suit_order
from ui.table.match import Match
from ui.table.scene import TableScene

HAND = ["2S", "AH", "KS", "5D", "TC", "9H", "XR"]


def test_the_hand_orders() -> None:
    assert sort_hand(HAND, "suit") == ["XR", "KS", "2S", "AH", "9H", "TC", "5D"]
    assert sort_hand(HAND, "rank") == ["XR", "AH", "KS", "TC", "9H", "5D", "2S"]
    assert sort_hand(HAND, "trump", "D") == ["XR", "5D", "KS", "2S", "AH", "9H", "TC"]
    assert sort_hand(HAND, "colours") == sort_hand(HAND, "trump") == sort_hand(HAND, "suit")
    # alternating colours: no two suits of a colour side by side where the suits held allow it
    assert suit_order(set("SCD"), "colours", None) == "SDC"
    assert suit_order(set("SHD"), "colours", None) == "HSD"
    assert suit_order(set("SC"), "colours", None) == "SC"  # two blacks: nothing to alternate
    assert suit_order(set("SCD"), "suit", None) == "SCD"  # the fixed order: two blacks meet
    assert suit_order(set("SHCD"), "trump", "H") == "HSDC"
    assert suit_order(set("SHC"), "trump", "H") == "HSC"
    assert suit_order(set("SHC"), "trump", "D") == "SHC"  # no trump held: as the colours
    # the player's own order first, cards new to the hand after it in the order chosen
    assert sort_hand(HAND, "suit", own=["TC", "2S", "QD"]) == \
        ["TC", "2S", "XR", "KS", "AH", "9H", "5D"]
    assert sort_hand([None, "AS"], "rank") == [None, "AS"]  # face down: as they lie
    assert sort_hand(["R5", "B2", "G7"], "rank") == ["B2", "G7", "R5"]  # not French: by code


def table_at(app: App, state: State, persons: tuple[int, ...] = (0,)) -> TableScene:
    """A table of Hokm (one hand) showing ``state``, a person in each of ``persons``."""
    config = {"game": "hokm", "seats": chairs(4, persons), "options": {"length": "hand"},
              "seed": 1}
    table = TableScene(app, config, Match(config, state, Match._bots(config)))
    app.push(table)
    app.step(FRAME)
    return table


def hand_shown(table: TableScene) -> list[str]:
    """The viewer's hand as laid out, left to right."""
    hand = f"hand:{table.viewer}"
    return [s.code or "" for s in sorted(table.sprites.values(), key=lambda s: s.x)
            if s.zone == hand]


def test_the_only_legal_card_is_played_for_a_person_after_a_pause(app: App) -> None:
    """Seat 0 leads its last card: lifted at once, played a moment later."""
    state = hokm_played(HEARTS_UNKNOWN, 12)
    table = table_at(app, state)
    assert [str(a) for a in table.my_legal()] == ["play 2H"]
    card = next(s for s in table.sprites.values() if s.code == "2H")
    assert card.lifted and state.hands[0] == ["2H"]
    for _ in range(400):
        if state.is_over():
            break
        app.step(FRAME)
    assert state.is_over() and state.history[-1][1][0] == "2H"


def test_the_forced_card_waits_for_the_person_where_the_setting_is_off(app: App) -> None:
    app.settings["forced_card"] = False
    state = hokm_played(HEARTS_UNKNOWN, 12)
    table = table_at(app, state)
    for _ in range(200):
        app.step(FRAME)
    assert state.hands[0] == ["2H"] and table.my_legal()


def test_a_single_choice_that_moves_no_card_is_never_made_for_a_person(app: App) -> None:
    """Bi-Del's pass is one legal action (``pass ?3``), a choice of cards: the table waits."""
    config = {"game": "bidel", "seats": chairs(4), "options": {"length": "deal"}, "seed": 3}
    table = TableScene(app, config)
    app.push(table)
    for _ in range(200):
        app.step(FRAME)
    assert [str(a) for a in table.my_legal()] == ["pass ?3"]
    assert table.match.state.phase == "pass"


def test_a_person_claims_the_rest_and_the_hand_ends_at_once(app: App) -> None:
    """Two tricks left, seat 0 holds AS AH: the claim holds (AS draws the last trump); a click
    on the button plays the rest and the hand ends 7-6; the log says who claimed."""
    state = hokm_played(TRUMP_FIRST, 11)
    table = table_at(app, state)
    button = next(b for b in table.buttons if b.key == "claim")
    click(app, button.rect(app).center)
    assert state.is_over() and state.sheet[-1][3:5] == [7, 6]
    assert [e.seat for e in table.match.history if e.kind == "claim"] == [0]
    assert table.words.tr("log.claim", who=table.words.name(0)) in table.log


def test_a_claim_refused_says_so_and_play_goes_on(app: App) -> None:
    app.settings["forced_card"] = False
    state = hokm_played(HEARTS_UNKNOWN, 12)
    table = table_at(app, state)
    button = next(b for b in table.buttons if b.key == "claim")
    click(app, button.rect(app).center)
    assert not state.is_over() and state.hands[0] == ["2H"]
    assert table.message == app.text.tr("table.claim_refused")
    assert [str(a) for a in table.my_legal()] == ["play 2H"]


def test_no_claim_is_offered_where_the_check_would_be_long(app: App) -> None:
    state = hokm_played(TRUMP_FIRST, 3)
    table = table_at(app, state, persons=(state.to_act()[0],))
    assert table.my_legal() and not any(b.key == "claim" for b in table.buttons)


def test_a_bot_claims_the_rest_where_its_claim_holds(app: App) -> None:
    state = hokm_played(TRUMP_FIRST, 11)
    table = table_at(app, state, persons=())
    for _ in range(400):
        if state.is_over():
            break
        app.step(FRAME)
    assert state.is_over() and state.sheet[-1][3:5] == [7, 6]
    assert [e.seat for e in table.match.history if e.kind == "claim"] == [0]


def test_the_hand_order_setting_lays_out_the_hand(app: App) -> None:
    state = hokm_played(TRUMP_FIRST, 0)
    for order in HAND_ORDERS:
        app.settings["hand_order"] = order
        table = table_at(app, state)
        assert hand_shown(table) == list(sort_hand(state.hands[0], order, "S"))[::-1], order
        app.pop()


def settle(app: App, table: TableScene) -> None:
    """Step until the table's cards are at rest (the score between deals read and closed)."""
    for _ in range(600):
        top: Any = app.top
        if top is not table:
            top.back()
        if not table._animating():
            return
        app.step(FRAME)


def test_a_card_dragged_within_the_hand_keeps_its_place_for_the_deal(app: App) -> None:
    """Seat 0 drags its first card (right in Persian) to the far left: it stays there while
    the others play, and the next deal is sorted again."""
    app.settings["forced_card"] = False  # every card of the hand the person's to play
    config = {"game": "hokm", "seats": chairs(4), "options": {}, "seed": 4}
    table = TableScene(app, config)
    app.push(table)
    state = table.match.state
    for _ in range(400):  # the whole hand dealt and the trump named
        if state.phase == "play":
            break
        if table.my_legal():
            button = next(b for b in table.buttons if b.key.startswith("trump"))
            click(app, button.rect(app).center)
        app.step(FRAME)
    settle(app, table)
    shown = hand_shown(table)
    mover = next(s for s in table.sprites.values() if s.code == shown[-1])
    left = min(s.x for s in table.sprites.values() if s.zone == "hand:0")
    drag(app, (mover.x, mover.y), (left - 20, mover.y))
    settle(app, table)
    assert hand_shown(table)[0] == shown[-1] and hand_shown(table)[1:] == shown[:-1]
    deal = state.hand_no
    for _ in range(3000):  # play on: the person's cards by their first legal one
        if state.hand_no != deal or state.is_over():
            break
        if table.my_legal() and not table._animating():
            table.act(table.my_legal()[0])
            kept = [c for c in hand_shown(table) if c in state.hands[0]]
            assert hand_shown(table) == kept
            assert hand_shown(table)[:1] == [shown[-1]] or shown[-1] not in state.hands[0]
        app.step(FRAME)
        top: Any = app.top
        if top is not table:
            top.back()
    assert state.hand_no != deal and table.own_order == []
    settle(app, table)
    assert hand_shown(table) == list(sort_hand(state.hands[0], "suit", state.trump))[::-1]


def test_the_settings_screen_sets_the_hand_order_and_the_forced_card(app: App) -> None:
    from ui.scenes.settings import SettingsScene
    scene = SettingsScene(app)
    app.push(scene)
    app.step(FRAME)
    for order in [*HAND_ORDERS[1:], HAND_ORDERS[0]]:
        button = next(b for b in scene.buttons.items if b.key == "settings.hand_order")
        click(app, button.rect(app).center)
        assert app.saves.settings["hand_order"] == order
    button = next(b for b in scene.buttons.items if b.key == "settings.forced_card")
    click(app, button.rect(app).center)
    assert app.saves.settings["forced_card"] is False
