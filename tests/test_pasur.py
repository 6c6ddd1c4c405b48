"""Pasur: the deal and its opening table, captures to eleven, queens, kings and jacks, the forced
capture, surs and their exceptions, the last capture, scoring, the match and its options."""

from __future__ import annotations

import pytest

from game import registry
from game.bots import make
from game.cards.french import deck
from game.core import IllegalAction, on_top
from game.rules.pasur import PasurState, captures
from tests.refusals import refused
from tests.test_invariants import walk
from tests.test_table import FRAME, app, chairs, click, play  # noqa: F401 - app: a fixture
from ui.app import App
from ui.table.scene import TableScene

RULES = registry.get("pasur")


def stacked(hands: list[list[str]], table: list[str], after: list[str] | None = None) -> list[str]:
    """A deck that deals ``hands`` (seat 0 first: the first dealer is the last seat, so seat 0
    is served first) and ``table``, then ``after`` on top of the pack."""
    return on_top([c for h in hands for c in h] + table + (after or []), deck())


def new(hands: list[list[str]], table: list[str], after: list[str] | None = None, /,
        **options: object) -> PasurState:
    s = RULES.new(len(hands), 1, {"deck": stacked(hands, table, after), **options})
    assert isinstance(s, PasurState)
    return s


def codes(s: PasurState, seat: int) -> list[str]:
    return [str(a) for a in s.legal_actions(seat)]


H0 = ["5H", "QH", "JC", "9S"]
H1 = ["3D", "KS", "8H", "4H"]
TABLE = ["6C", "2S", "QD", "TH"]


def test_the_deal_four_each_four_up_seat_zero_first() -> None:
    s = new([H0, H1], TABLE, ["7C"])
    assert s.hands == [H0, H1] and s.table == TABLE
    up = next(e for e in s.opening if e.kind == "table")
    assert up.data == {"cards": TABLE, "to": "table"}  # the cards as a list, as the log names them
    assert s.dealer == 1 and s.to_act() == [0]
    assert len(s.stock) == 40 and s.stock[0] == "7C"
    assert s.observation(0)["hands"] == 6  # six hands of four for two seats


def test_the_published_example_of_sums_to_eleven() -> None:
    """The pool A 2 2 4 10: 10 takes the ace, 9 either two, 8 the ace and a two, 7 the four or
    both twos, 6 the ace with the four or both twos, 5 the four and a two, 4 the four, a two and
    the ace, 3 the four and both twos, 2 the four, both twos and the ace, the ace the ten."""
    pool = ["AS", "2H", "2D", "4C", "TS"]
    assert captures("TH", pool) == [("AS",)]
    assert captures("9H", pool) == [("2H",), ("2D",)]
    assert captures("8H", pool) == [("AS", "2H"), ("AS", "2D")]
    assert captures("7H", pool) == [("2H", "2D"), ("4C",)]
    assert captures("6H", pool) == [("AS", "2H", "2D"), ("AS", "4C")]
    assert captures("5H", pool) == [("2H", "4C"), ("2D", "4C")]
    assert captures("4H", pool) == [("AS", "2H", "4C"), ("AS", "2D", "4C")]
    assert captures("3H", pool) == [("2H", "2D", "4C")]
    assert captures("2S", pool) == [("AS", "2H", "2D", "4C")]
    assert captures("AH", pool) == [("TS",)]


def test_each_capturing_set_is_its_own_action_and_a_capturing_card_must_capture() -> None:
    s = new([["5H", "QH", "JC", "KC"], H1], ["6C", "2S", "4D", "QD"])
    legal = codes(s, 0)
    assert "take 5H 6C" in legal and "take 5H 2S 4D" in legal and "play 5H" not in legal
    assert "take QH QD" in legal and "play KC" in legal
    assert "take JC 2S 4D 6C" in legal  # every numeral, never the queen
    refused(s, 0, "play 5H", "must_capture")
    refused(s, 0, "play JC", "must_capture")
    take, = (e for e in s.apply(0, "take 5H 2S 4D") if e.kind == "take")
    assert take.data == {"card": "5H", "cards": ["2S", "4D"], "from": "hand:0", "to": "won:0"}
    assert s.table == ["6C", "QD"] and s.won[0] == ["5H", "2S", "4D"] and s.to_act() == [1]


def test_option_free_capture_lets_a_capturing_card_be_laid() -> None:
    s = new([["5H", "QH", "JC", "KC"], H1], ["6C", "2S", "4D", "QD"], capture="free")
    legal = codes(s, 0)
    assert "play 5H" in legal and "take 5H 6C" in legal and "play JC" in legal
    assert s.move_of(0, RULES.parse_action("play 5H")) is None  # a button beside the takes
    s.apply(0, "play 5H")
    assert s.table == ["6C", "2S", "4D", "QD", "5H"]


def test_refusals_say_why_and_change_nothing() -> None:
    s = new([["5H", "QH", "JC", "KC"], H1], ["6C", "2S", "4D", "QD"])
    refused(s, 1, "play 3D", "turn")
    refused(s, 0, "play 9S", "not_held")
    refused(s, 0, "take 5H 3C", "not_on_table")
    refused(s, 0, "take 5H 2S", "not_eleven")
    refused(s, 0, "take 5H QD", "numerals_only")
    refused(s, 0, "take KC QD", "pair_only")
    refused(s, 0, "take QH QD 6C", "pair_only")
    refused(s, 0, "take JC 6C", "jack_all")
    refused(s, 0, "take JC 2S 4D 6C QD", "jack_all")
    with pytest.raises(IllegalAction):
        RULES.parse_action("take 5H")
    with pytest.raises(IllegalAction):
        RULES.parse_action("bid 3")
    assert RULES.parse_action("take 5h 4d 2s") == RULES.parse_action("take 5H 2S 4D")


def test_queen_takes_one_queen_king_one_king_jack_the_rest() -> None:
    s = new([["KH", "JC", "2C", "3C"], ["QS", "9D", "8D", "7D"]],
            ["KD", "QC", "QD", "5S"])
    assert codes(s, 0)[:1] == ["take KH KD"]
    s.apply(0, "take KH KD")
    assert sorted(codes(s, 1))[:2] == ["play 7D", "play 8D"]
    assert "take QS QC" in codes(s, 1) and "take QS QD" in codes(s, 1)
    s.apply(1, "take QS QD")
    s.apply(0, "take JC 5S")  # the jack leaves the queen
    assert s.table == ["QC"] and s.surs == [0, 0]


def test_a_jack_on_a_table_of_courts_or_an_empty_table_stays() -> None:
    s = new([["JH", "2C", "3C", "4C"], ["QS", "9D", "8D", "7D"]], ["KD", "QC", "KS", "QH"])
    assert "play JH" in codes(s, 0)
    s.apply(0, "play JH")
    assert "JH" in s.table
    assert captures("JD", ["JH", "QC"]) == [("JH",)]


def test_clearing_the_table_is_a_sur_but_not_with_a_jack() -> None:
    s = new([["5H", "2C", "3C", "4C"], ["JD", "9D", "8D", "QH"]], ["6C", "KS", "KD", "QD"])
    s.table = ["6C"]  # set the position up: the table holds only the six
    events = s.apply(0, "take 5H 6C")
    assert any(e.kind == "sur" for e in events) and s.surs == [1, 0]
    s.apply(1, "play 9D")
    s.apply(0, "play 4C")  # 4C cannot take 9D (13)
    s.table = ["9D", "4C"]
    events = s.apply(1, "take JD 4C 9D")
    assert not s.table and not any(e.kind == "sur" for e in events) and s.surs == [1, 0]


def test_option_a_jack_taking_only_jacks_makes_a_sur() -> None:
    for option, sur in (("alone", True), ("no", False)):
        s = position([["JH", "2C"], ["3C"]], ["JC"], ["4S", "4H", "4D", "4C"], jack_sur=option)
        events = s.apply(0, "take JH JC")
        assert any(e.kind == "sur" for e in events) is sur
    s = position([["JH", "2C"], ["3C"]], ["JC", "5D"], jack_sur="alone")
    assert not any(e.kind == "sur" for e in s.apply(0, "take JH 5D JC"))


def position(hands: list[list[str]], table: list[str], stock: list[str] | None = None, /,
             **options: object) -> PasurState:
    """A position set up by hand: ``hands``, ``table`` and ``stock`` as given, every other card
    already captured by seat 1 (its last capturer), seat 0 to play."""
    s = new([["5H", "2C", "3C", "4C"], ["9D", "8D", "7D", "6D"]], ["QC", "QS", "KD", "KH"],
            **options)
    s.hands = [list(h) for h in hands]
    s.table = list(table)
    s.stock = list(stock or [])
    placed = {c for h in hands for c in h} | set(table) | set(s.stock)
    s.won = [[], [c for c in deck() if c not in placed]]
    s.last_taker = 1
    s.turn = 0
    return s


@pytest.mark.parametrize("rule,sur", [("play", False), ("yes", True), ("hand", False)])
def test_the_last_play_of_the_deal_makes_no_sur_unless_the_option_allows(rule: str,
                                                                           sur: bool) -> None:
    s = position([["6S"], []], ["5D"], sur_last=rule, length="deal")
    events = s.apply(0, "take 6S 5D")
    assert any(e.kind == "sur" for e in events) is sur
    assert s.is_over() and s.surs[0] == (1 if sur else 0)


def test_by_default_no_sur_in_the_whole_last_hand() -> None:
    """pasor.persianblog.ir: «به سری آخر هر دست، سور تعلّق نمی گیرد»; the stock is spent, so
    the hand in play is the deal's last, and a clearing capture before its last play is no sur."""
    s = position([["6S", "2H"], ["3H"]], ["5D"], length="deal")
    events = s.apply(0, "take 6S 5D")
    assert not s.table and not any(e.kind == "sur" for e in events) and s.surs == [0, 0]


def test_a_sur_in_an_earlier_hand_counts_by_default() -> None:
    s = position([["6S", "2H"], ["3H"]], ["5D"], ["4S", "4H", "4D", "4C"], length="deal")
    events = s.apply(0, "take 6S 5D")
    assert any(e.kind == "sur" for e in events) and s.surs == [1, 0]


def test_in_the_last_hand_option_play_allows_a_sur_before_the_last_play() -> None:
    for rule, sur in (("hand", False), ("play", True), ("yes", True)):
        s = position([["6S", "2H"], ["3H"]], ["5D"], sur_last=rule, length="deal")
        events = s.apply(0, "take 6S 5D")
        assert any(e.kind == "sur" for e in events) is sur


def test_the_last_capturer_takes_what_is_left() -> None:
    s = position([["6S"], []], ["5D", "KH"], length="deal")
    s.won[0] += ["2H"]
    s.won[1].remove("2H")
    s.last_taker = 0
    events = s.apply(0, "take 6S 5D")
    sweep = next(e for e in events if e.kind == "sweep")
    assert sweep.seat == 0 and sweep.data["cards"] == ["KH"] and not s.table
    assert s.surs == [0, 0] and "KH" in s.won[0]


def test_a_card_laid_last_goes_to_the_last_capturer() -> None:
    s = position([["KS"], []], ["5D"], length="deal")
    events = s.apply(0, "play KS")
    sweep = next(e for e in events if e.kind == "sweep")
    assert sweep.seat == 1 and sweep.data["cards"] == ["5D", "KS"] and s.is_over()


def test_hands_follow_until_the_pack_is_spent() -> None:
    s = position([["KS"], ["2H"]], ["QD"], ["3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH"])
    s.apply(0, "play KS")
    events = s.apply(1, "play 2H")
    assert any(e.kind == "hand" for e in events)
    assert s.hands == [["3H", "4H", "5H", "6H"], ["7H", "8H", "9H", "TH"]] and not s.stock
    assert s.to_act() == [0]


def test_one_jack_on_the_opening_table_is_buried_and_replaced() -> None:
    s = new([H0[:2] + ["9S", "8S"], H1], ["6C", "JS", "QD", "TH"], ["7C"])
    assert s.table == ["6C", "7C", "QD", "TH"] and s.buried == ["JS"]
    assert "JS" in s.stock[1:] and len(s.stock) == 40
    events = s.opening
    assert any(e.kind == "bury" and e.data["card"] == "JS" for e in events)


@pytest.mark.parametrize("table,after", [
    (["JD", "JS", "QD", "TH"], []),          # two jacks
    (["QC", "QS", "QD", "TH"], []),          # three queens
    (["KC", "KS", "KD", "TH"], []),          # three kings
    (["JD", "2S", "QD", "TH"], ["JS"]),      # the jack's replacement is a jack
])
def test_the_opening_table_is_redealt(table: list[str], after: list[str]) -> None:
    s = new([["5H", "2C", "3C", "4C"], ["9D", "8D", "7D", "6D"]], table, after)
    redeal = next(e for e in s.opening if e.kind == "redeal")
    assert s.redeals >= 1 and redeal.data == {"cards": table}  # the first table, as dealt
    ranks = [c[0] for c in s.table]
    assert "J" not in ranks and ranks.count("Q") < 3 and ranks.count("K") < 3
    assert sum(len(h) for h in s.hands) + len(s.table) + len(s.stock) == 52


def test_two_queens_or_kings_are_dealt_as_they_lie() -> None:
    s = new([["5H", "2C", "3C", "4C"], ["9D", "8D", "7D", "6D"]], ["QC", "QS", "KD", "KH"])
    assert s.redeals == 0 and s.table == ["QC", "QS", "KD", "KH"]


def scored(won: list[list[str]], surs: list[int], **options: object) -> PasurState:
    s = new([["5H", "2C", "3C", "4C"], ["9D", "8D", "7D", "6D"]], ["QC", "QS", "KD", "KH"],
            length="deal", **options)
    everyone = {c for w in won for c in w}
    rest = [c for c in deck() if c not in everyone]
    s.hands = [[] for _ in s.hands]
    s.table = []
    s.stock = []
    s.won = [list(w) for w in won]
    s.won[0] += rest
    s.surs = list(surs)
    s.last_taker = 0
    s.end_deal()
    return s


def test_scoring_clubs_two_of_clubs_ten_of_diamonds_aces_jacks_surs() -> None:
    clubs = ["3C", "4C", "5C", "6C", "7C", "8C", "9C"]  # seven clubs: 7
    won1 = clubs + ["2C", "TD", "AS", "AH", "JD"]       # 2 + 3 + 1 + 1 + 1
    # seat 0 gets all the rest: AD AC JS JH JC and TC KC QC AC... but fewer clubs (6)
    s = scored([[], won1], [1, 2])
    assert s.last is not None
    assert s.last["clubs_points"] == [0, 7]
    assert s.last["points"][1] == 7 + 2 + 3 + 2 + 1 + 2 * 5
    assert s.last["points"][0] == 2 + 3 + 5  # AD AC, JS JH JC, one sur
    assert s.totals == s.last["points"] and s.is_over()
    assert s.result()["winners"] == [1]
    assert s.sheet[0] == [1, 1, 10, 25, 10, 25]


def test_sur_cancel_option_cancels_an_opponents_sur() -> None:
    s = new([["5H", "2C", "3C", "4C"], ["6S", "9D", "8D", "QH"]], ["6C", "KS", "KD", "QD"],
            sur_cancel="yes")
    s.surs = [0, 1]
    s.table = ["6C"]
    events = s.apply(0, "take 5H 6C")
    assert any(e.kind == "sur_cancel" for e in events) and s.surs == [0, 0]
    s.table = ["5D"]
    events = s.apply(1, "take 6S 5D")
    assert any(e.kind == "sur" for e in events) and s.surs == [0, 1]


def test_sur_points_option() -> None:
    s = scored([[], ["2C"]], [0, 3], sur_points=10)
    assert s.last is not None and s.last["points"][1] == 2 + 30


def test_three_seats_clubs_to_the_most_only_with_the_option() -> None:
    third = [["2D", "3D", "4D", "5D"], ["6D", "7D", "8D", "9D"], ["2H", "3H", "4H", "5H"]]
    won = [["2C", "3C", "4C", "5C", "6C"], ["7C", "8C", "9C", "TC"], ["JC", "QC", "KC", "AC"]]
    for option, points in (("seven", 0), ("most", 7)):
        s = RULES.new(3, 1, {"deck": stacked(third, ["6H", "7H", "8H", "9H"]),
                             "length": "deal", "clubs": option})
        assert isinstance(s, PasurState)
        everyone = {c for w in won for c in w}
        s.hands, s.table, s.stock = [[], [], []], [], []
        s.won = [list(w) for w in won]
        s.won[1] += [c for c in deck() if c not in everyone and c[1] != "C"]
        s.last_taker = 1
        s.end_deal()
        assert s.last is not None and s.last["clubs_points"][0] == points


def test_partners_score_together_at_four() -> None:
    hands = [["2D", "3D", "4D", "5D"], ["6D", "7D", "8D", "9D"], ["2H", "3H", "4H", "5H"],
             ["6H", "7H", "8H", "9H"]]
    s = RULES.new(4, 1, {"deck": stacked(hands, ["2S", "3S", "4S", "5S"]), "length": "deal"})
    assert isinstance(s, PasurState)
    assert s.observation(None)["teams"] == [[0, 2], [1, 3]]
    s.hands, s.table, s.stock = [[], [], [], []], [], []
    clubs = [c for c in deck() if c[1] == "C"]
    s.won = [clubs[:4], [], clubs[4:], [c for c in deck() if c[1] != "C"]]
    s.last_taker = 0
    s.end_deal()
    points = s.result()["points"]
    assert points[0] == points[2] == 7 + 2 + 1 + 1  # the clubs, 2C, AC and JC
    assert points[1] == points[3] and s.result()["winners"] == [0, 2]


def test_the_match_carries_scores_rotates_the_deal_and_ends_at_the_target() -> None:
    s = RULES.new(2, 5)
    assert isinstance(s, PasurState)
    bots = [make("heuristic", "pasur", 1), make("heuristic", "pasur", 2)]
    dealers = [s.dealer]
    while not s.is_over():
        seat = s.to_act()[0]
        if s.dealer != dealers[-1]:
            dealers.append(s.dealer)
        s.apply(seat, bots[seat].act(s, seat))
    assert dealers[:3] == [1, 0, 1] and len(s.sheet) == len(dealers)
    assert max(s.totals) >= 62 and s.totals[0] != s.totals[1]
    assert s.sheet[-1][-2:] == s.totals
    assert s.result()["winners"] == [s.totals.index(max(s.totals))]


def test_equal_leaders_past_the_target_play_on() -> None:
    t = position([["KS"], []], ["5D"], target=20)
    t.won = [["AS", "AH"], [c for c in deck() if c not in ("AS", "AH", "KS", "5D")]]
    t.totals = [56, 40]  # this deal: seat 0 two aces (2), seat 1 the rest (18 with the clubs)
    t.apply(0, "play KS")
    assert t.last is not None and t.last["points"] == [2, 18]
    assert t.totals == [58, 58] and not t.is_over() and t.deal_no == 2
    assert t.dealer == 0 and t.to_act() == [1]


def test_sample_state_keeps_what_the_seat_has_seen() -> None:
    s = RULES.new(2, 3)
    assert isinstance(s, PasurState)
    bot = make("heuristic", "pasur", 1)
    for _ in range(9):
        seat = s.to_act()[0]
        s.apply(seat, bot.act(s, seat))
    seat = s.to_act()[0]
    obs = s.observation(seat)
    world = RULES.sample_state(obs, 7)
    assert isinstance(world, PasurState)
    assert world.hands[seat] == s.hands[seat] and world.table == s.table
    assert world.won == s.won and len(world.stock) == len(s.stock)
    assert world.observation(seat) == obs
    other = 1 - seat
    assert sorted(world.hands[other] + world.stock) == sorted(s.hands[other] + s.stock)


@pytest.mark.parametrize("seats,options", [
    (2, {"sur_cancel": "yes", "sur_last": "yes", "jack_sur": "alone"}),
    (3, {"clubs": "most", "sur_last": "play"}),
    (4, {"sur_cancel": "yes", "sur_points": 10}),
    (3, {}),
    (2, {"capture": "free"}),
])
def test_the_contract_holds_under_the_options(seats: int, options: dict[str, object]) -> None:
    walk(RULES.new(seats, 4, {"length": "deal", **options}), 4)


def test_drops_a_single_capture_but_buttons_for_a_choice() -> None:
    s = new([["5H", "QH", "JC", "KC"], H1], ["6C", "2S", "4D", "QD"])
    assert s.move_of(0, RULES.parse_action("play KC")) == ("KC", "table")
    assert s.move_of(0, RULES.parse_action("take QH QD")) == ("QH", "table")
    assert s.move_of(0, RULES.parse_action("take 5H 6C")) is None  # two ways: buttons
    assert str(s.drop_action(0, "KC", "table")) == "play KC"
    assert str(s.drop_action(0, "QH", "table")) == "take QH QD"


def test_the_bot_beats_random_play() -> None:
    wins = 0
    for seed in range(20):
        s = RULES.new(2, seed)
        bots = [make("heuristic", "pasur", seed), make("random", "pasur", seed)]
        if seed % 2:
            bots.reverse()
        while not s.is_over():
            seat = s.to_act()[0]
            s.apply(seat, bots[seat].act(s, seat))
        mine = 0 if seed % 2 == 0 else 1
        wins += s.result()["winners"] == [mine]
    assert wins >= 17


def test_a_person_plays_a_whole_deal_with_the_mouse(app: App) -> None:
    """Plays and single captures dragged to the table, a choice of captures by its buttons."""
    config = {"game": "pasur", "seats": chairs(2), "options": {"length": "deal"}, "seed": 3}
    table, person = play(app, config, 8000)
    assert table.match.state.is_over(), "the deal did not finish"
    assert person.actions >= 24  # every card of the person's six hands


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_a_choice_of_captures_is_one_chooser_in_the_corner_whose_set_lights_up(
        app: App, lang: str) -> None:
    """Two rows in the corner however many sets (no seat covered): −, the set, +, and the
    button that takes it; the chosen set's cards are lit on the table."""
    app.saves.settings["lang"] = lang
    app.text.lang = lang
    config = {"game": "pasur", "seats": chairs(4), "options": {}, "seed": 1}
    table = TableScene(app, config)  # seed 1: seat 0's 2S takes 9S, or 8D with AD
    app.push(table)
    app.step(FRAME)
    assert not [b for b in table.buttons if b.key.startswith("take 2S")]
    lower, shown, higher = (next(b for b in table.buttons if b.key == f"word:take 2S{k}")
                            for k in "-=+")
    take = next(b for b in table.buttons if b.key == "sets:take 2S")
    assert shown.text.startswith(app.text.tr("table.set_of", i=1, n=2, cards="")) \
        and not lower.enabled and higher.enabled
    assert table.controls.lit == {"2S", "9S"}
    for b in (lower, shown, higher, take):
        x, y, w, _ = b.box
        assert x >= 0 and x + w <= 1280 and y >= 550, "in the corner, below the side seats"
        assert app.text.render(b.text, app.view.px(18 if b is take else 16), (0, 0, 0)
                               ).get_width() <= app.view.px(w)
    click(app, higher.rect(app).center)
    take = next(b for b in table.buttons if b.key == "sets:take 2S")
    assert table.controls.lit == {"2S", "8D", "AD"}
    click(app, take.rect(app).center)
    assert set(table.match.state.won[0]) == {"2S", "8D", "AD"}
