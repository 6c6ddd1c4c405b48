"""Partnership positions for the team trick games (Hokm, Shelem, Ghahve, Farib at four seats: seats
0 and 2 against 1 and 3): whole hands reached from a stacked deal and the cards played since, the
seat to act, and the cards a strong player would accept there, with the reason he would give.

Each position names the principle it tests (`PRINCIPLES`). A position's seats are counted as the
game's position builder counts them (`build`): in Hokm from the Hakem (0 names trump and leads
the first trick), in Ghahve from the first leader (every seat bids 2), in Shelem as they sit
(seat 0 deals, seat 1 bids 100 and is the Hakem, laying the widow away, seat 3 his partner), in
Farib as they sit (seat 0 deals, seat 1 leads the first trick; every seat passes the turned card
and ``maker`` names ``trump`` in round two, playing with his partner: nobody sits out).
Cards not written out are dealt from those left, in the pack's order (`tests.positions.top_up`);
``avoid`` keeps suits from a seat's hand (in Ghahve ``R`` and ``B`` name the jokers).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core import State
from tests.test_farib import position as farib_position
from tests.test_ghahve import bot_position as ghahve_position
from tests.test_hokm import position as hokm_position
from tests.test_shelem import bot_position as shelem_position

PRINCIPLES = {
    "stand": "do not overtake a partner's winning card",
    "return": "return the suit the partner led",
    "no_ruff": "do not trump a trick the partner has won",
    "voids": "signal and read the partner's voids",
    "draw": "draw trumps when long in them",
    "through": "lead through the strong hand, up to the weak one",
}


@dataclass(frozen=True)
class Position:
    """A position: the seat to act, the hands written out, the cards played since, the cards
    accepted."""

    principle: str
    seat: int
    reason: str
    hands: dict[int, list[str]]
    moves: list[str]
    answers: frozenset[str]
    avoid: dict[int, str] = field(default_factory=dict)
    trump: str = "S"
    """Hokm and Farib: the suit named (Shelem's trump is the suit of the Hakem's first card,
    Ghahve's is spades)."""
    maker: int = 0
    """Farib: the seat that names trump."""


def build(game: str, p: Position) -> tuple[State, int]:
    """The state ``p`` describes in ``game``, and its seat to act counted as ``p`` counts seats
    (its ``seat``, unless the position is miswritten)."""
    if game == "hokm":
        return hokm_position(p.hands, p.trump, p.moves, p.avoid)
    if game in ("shelem", "farib"):
        state = (shelem_position(p.hands, p.moves, avoid=p.avoid) if game == "shelem" else
                 farib_position(p.hands, p.trump, p.maker, p.moves, p.avoid))
        return state, state.to_act()[0]
    return ghahve_position(p.hands, p.moves, p.avoid)


def cards(text: str) -> list[str]:
    """Cards written out with spaces between them."""
    return text.split()


HOKM = [
    Position("stand", 2, "the partner's king is the boss (the ace is mine): the ace would take a "
             "trick he has already won", {0: ["KH"], 1: ["3H"], 2: cards("AH 5H")},
             cards("KH 3H"), frozenset({"5H"}), avoid={2: "H"}),
    Position("stand", 3, "last to play, the partner's queen holds the trick: the king stays home",
             {0: ["4H"], 1: ["QH"], 2: ["5H"], 3: cards("KH 2H")}, cards("4H QH 5H"),
             frozenset({"2H"}), avoid={3: "H"}),
    Position("return", 1, "the partner led the three of diamonds, a suit he wants: give it back "
             "rather than open my own weak clubs",
             {0: cards("2H 9D"), 2: cards("4H 4D"), 3: cards("AH 3D KD QD"),
              1: cards("3H AD 7D 5C 6C 8C 9C TC 5H 6H 2S 3S 4S")},
             cards("2H 3H 4H AH 3D 9D AD 4D"), frozenset({"7D"})),
    Position("return", 2, "the Hakem, my partner, led a low club to my ace: lead his suit back, "
             "not my own long hearts",
             {0: cards("AS 6C KC QC"), 1: cards("2S 9C"), 3: cards("4S 3C"),
              2: cards("3S 5S AC 5C 2H 4H 6H 8H 9H TH 7D 8D 9D")},
             cards("AS 2S 3S 4S 6C 9C AC 3C"), frozenset({"5C"})),
    Position("no_ruff", 3, "last to play, the partner's ace has the trick: throw a card, keep the "
             "trumps", {0: ["5D"], 1: ["AD"], 2: ["6D"],
                        3: cards("2S 7S JS 3H 7H 9H JH 4C 6C 8C TC QC KC")},
             cards("5D AD 6D"), frozenset(cards("3H 7H 9H JH 4C 6C 8C TC QC KC"))),
    Position("no_ruff", 2, "the partner's ace of hearts is the boss: trumping it wastes a trump",
             {0: ["AH"], 1: ["3H"], 2: cards("2S 6S TS 4D 7D 9D JD 3C 5C 7C 9C JC QC")},
             cards("AH 3H"), frozenset(cards("4D 7D 9D JD 3C 5C 7C 9C JC QC"))),
    Position("voids", 0, "the partner showed no diamonds and may hold trumps, the opponent after "
             "him follows: a low diamond for him to trump",
             {0: cards("AD 5D 6D 8D 2S 3S 2H 4H 6H 5C 7C 9C JC"), 1: ["3D"], 2: ["2C"],
              3: ["4D"]},
             cards("AD 3D 2C 4D"), frozenset(cards("5D 6D 8D")), avoid={2: "D"}),
    Position("voids", 2, "void in hearts on the partner's ace: throw low from the diamonds I do "
             "not want, not from the clubs I do",
             {0: ["AH"], 1: ["3H"],
              2: cards("3S 4S 8S 9S KC QC JC 2C TD 9D 7D 5D 3D")},
             cards("AH 3H"), frozenset({"3D"})),
    Position("draw", 0, "six trumps to the ace, king, queen: draw the opponents' trumps",
             {0: cards("AS KS QS 7S 4S 3S 5H 8H 6D 9D 3C 7C TC")}, [],
             frozenset(cards("AS KS QS"))),
    Position("draw", 0, "five trumps from the king down: drive out the ace and draw the rest",
             {0: cards("KS QS JS TS 9S 4H 7H 9H 5D 8D 3C 6C JC")}, [],
             frozenset(cards("KS QS JS TS 9S"))),
    Position("through", 3, "the Hakem's partner has neither trumps nor diamonds: a diamond goes "
             "through the Hakem up to him, the partner playing after the Hakem",
             {0: cards("AS 5D"), 1: cards("2S 6D"), 2: cards("2H 3H"),
              3: cards("3S AD 4S 7D 8D 4H 5H 6H 7H 5C 9C 6S 8S")},
             cards("AS 2S 2H 3S 5D 6D 3H AD"), frozenset(cards("7D 8D")), avoid={2: "SD"}),
    Position("through", 3, "the Hakem's partner has neither trumps nor clubs: a club makes the "
             "Hakem play before my partner, and the last hand cannot win it",
             {0: cards("KS 4C"), 1: cards("5S 9C"), 2: cards("2D 3D"),
              3: cards("6S AC 7S 3C 6C 4D 5D 6D 7D 8D 3H 5H 9S")},
             cards("KS 5S 2D 6S 4C 9C 3D AC"), frozenset(cards("3C 6C")), avoid={2: "SC"}),
]

SHELEM = [
    Position("stand", 0, "last to play, the partner's king holds the trick (the ace is mine): the "
             "ten goes on it, the ace stays home",
             {1: cards("AS 4H"), 2: cards("2S KH"), 3: cards("3S 6H"),
              0: cards("4S AH TH 3H 7D 8D 9D 2C 3C 4C 6C 7C")},
             cards("AS 2S 3S 4S 4H KH 6H"), frozenset(cards("TH 3H"))),
    Position("stand", 3, "the partner's king of trumps is the boss (the ace is mine): give him the "
             "five, not the ace", {1: cards("KS QS"), 2: ["2S"],
                                   3: cards("AS 5S 3S 2H 3H 4H 6H 7H 2D 3D 4D 6D")},
             cards("KS 2S"), frozenset(cards("5S 3S"))),
    Position("return", 0, "the partner led the seven of diamonds: give his suit back, not my long "
             "clubs", {1: cards("AS 3H 8D"), 2: cards("2S AH 7D KD QD"), 3: cards("3S 4H 9D"),
                       0: cards("4S 6H AD 6D 2C 3C 4C 6C 7C 8C 7H 8H")},
             cards("AS 2S 3S 4S 3H AH 4H 6H 7D 9D AD 8D"), frozenset({"6D"})),
    Position("return", 3, "the Hakem, my partner, led a low club to my ace: his suit back, not my "
             "hearts", {1: cards("AS 4C KC QC"), 2: cards("2S 9C"), 0: cards("4S 5C"),
                        3: cards("3S AC 6C 2H 3H 4H 6H 7H 8H 2D 3D 4D")},
             cards("AS 2S 3S 4S 4C 9C AC 5C"), frozenset({"6C"}), avoid={3: "S"}),
    Position("no_ruff", 0, "last to play, the partner's ace has the trick: no trump on it",
             {1: cards("AS 3H"), 2: cards("2S AH"), 3: cards("3S 4H"),
              0: cards("4S 5S 6S TD 5D 3D 2C 3C 4C 6C 7C 8C")},
             cards("AS 2S 3S 4S 3H AH 4H"), frozenset(cards("TD 5D 3D 2C 3C 4C 6C 7C 8C")),
             avoid={0: "H"}),
    Position("no_ruff", 3, "the Hakem's ace of hearts is the boss: his partner keeps his trumps",
             {1: cards("AS AH"), 2: cards("2S 3H"), 0: ["4S"],
              3: cards("3S 6S 7S 2D 3D 4D 6D 7D 2C 3C 4C 6C")},
             cards("AS 2S 3S 4S AH 3H"), frozenset(cards("2D 3D 4D 6D 7D 2C 3C 4C 6C"))),
    Position("voids", 0, "the partner showed no diamonds and holds trumps, the Hakem's partner "
             "follows: a low diamond for him to trump",
             {1: cards("AS 3D"), 2: cards("2S 2C"), 3: cards("3S 4D"),
              0: cards("4S AD 6D 7D 8D 2H 3H 4H 6H 3C 4C 6C")},
             cards("AS 2S 3S 4S 3D 2C 4D AD"), frozenset(cards("6D 7D 8D")), avoid={2: "D"}),
    Position("voids", 0, "void in hearts on the partner's ace: throw low from the diamonds I do "
             "not want, not from the clubs I do",
             {1: cards("AS KH"), 2: cards("2S AH"), 3: cards("3S 4H"),
              0: cards("4S 6S 7S 8S KC QC JC 2C 9D 8D 7D 3D")},
             cards("AS 2S 3S 4S KH AH 4H"), frozenset({"3D"})),
    Position("draw", 1, "the Hakem's ace drew a round: with five trumps left, king down, draw on",
             {1: cards("AS KS QS JS 9S 8S 7H 8H 9H 2C 3C 4C"), 2: ["2S"], 3: ["3S"],
              0: ["4S"]}, cards("AS 2S 3S 4S"),
             frozenset(cards("KS QS JS"))),
    Position("draw", 3, "the Hakem's partner wins the lead with five trumps from the king: draw "
             "the opponents' trumps", {1: cards("AS 3H"), 2: cards("2S 4H"), 0: cards("4S 6H"),
                                      3: cards("KS QS JS 9S 8S 3S AH 2D 3D 4D 2C 3C")},
             cards("AS 2S 3S 4S 3H 4H AH 6H"), frozenset(cards("KS QS JS"))),
    Position("through", 0, "the Hakem's partner has neither trumps nor diamonds: a diamond goes "
             "through the Hakem up to him", {1: cards("AS 4D"), 2: cards("2S 6D"),
                                             3: cards("2H 3H"),
                                             0: cards("3S AD 7D 8D 4H 6H 7H 8H 9H 2C 3C 4C")},
             cards("AS 2S 2H 3S 4D 6D 3H AD"), frozenset(cards("7D 8D")), avoid={3: "SD"}),
    Position("through", 0, "the Hakem's partner has neither trumps nor clubs: a club makes the "
             "Hakem play before my partner, and the last hand cannot win it",
             {1: cards("AS 4C"), 2: cards("2S 6C"), 3: cards("2D 3D"),
              0: cards("3S AC 3C 7C 4D 6D 7D 8D 9D 4H 6H 7H")},
             cards("AS 2S 2D 3S 4C 6C 3D AC"), frozenset(cards("3C 7C")), avoid={3: "SC"}),
]

GHAHVE = [
    Position("stand", 2, "the partner's king is the boss (the ace is mine): the ace would take a "
             "trick he has already won",
             {0: ["KH"], 1: ["3H"], 2: cards("AH 5H 2S 6S TS 4D 7D 9D JD 3C 5C 7C 9C")},
             cards("KH 3H"), frozenset({"5H"})),
    Position("stand", 3, "last to play, the partner's queen holds the trick: the king stays home",
             {0: ["4H"], 1: ["QH"], 2: ["5H"], 3: cards("KH 3H 2S 7S 4D 6D 8D TD 3C 4C 6C 8C TC")},
             cards("4H QH 5H"), frozenset({"3H"})),
    Position("return", 1, "the partner led the three of diamonds, a suit he wants: give it back "
             "rather than open my own weak clubs",
             {0: cards("3H 9D"), 2: cards("5H 4D"), 3: cards("AH 3D KD QD"),
              1: cards("4H AD 7D 5C 6C 8C 9C TC 6H 7H 2S 3S 4S")},
             cards("3H 4H 5H AH 3D 9D AD 4D"), frozenset({"7D"})),
    Position("return", 2, "the partner led a low club to my ace: lead his suit back, not my own "
             "long hearts", {0: cards("AS 6C KC QC"), 1: cards("2S 9C"), 3: cards("4S 3C"),
                             2: cards("3S 5S AC 5C 3H 4H 6H 8H 9H TH 7D 8D 9D")},
             cards("AS 2S 3S 4S 6C 9C AC 3C"), frozenset({"5C"})),
    Position("no_ruff", 3, "last to play, the partner's ace has the trick: throw a card, keep the "
             "spades", {0: ["5D"], 1: ["AD"], 2: ["6D"],
                        3: cards("2S 7S JS 3H 7H 9H JH 4C 6C 8C TC QC KC")},
             cards("5D AD 6D"), frozenset(cards("3H 7H 9H JH 4C 6C 8C TC QC KC"))),
    Position("no_ruff", 2, "the partner's ace of hearts is the boss: trumping it wastes a spade",
             {0: ["AH"], 1: ["3H"], 2: cards("2S 6S TS 4D 7D 9D JD 3C 5C 7C 9C JC QC")},
             cards("AH 3H"), frozenset(cards("4D 7D 9D JD 3C 5C 7C 9C JC QC"))),
    Position("voids", 0, "the partner showed no diamonds and may hold spades, the opponent after "
             "him follows: a low diamond for him to trump",
             {0: cards("AD 5D 6D 7D 8D 9D KC 4C QH 4H 2S 3S 4S"), 1: ["3D"], 2: ["2C"],
              3: ["4D"]},
             cards("AD 3D 2C 4D"), frozenset(cards("5D 6D 7D 8D 9D")), avoid={2: "D"}),
    Position("voids", 2, "void in hearts on the partner's ace: throw low from the diamonds I do "
             "not want, not from the clubs I do",
             {0: ["AH"], 1: ["3H"], 2: cards("3S 4S 8S 9S KC QC JC 2C TD 9D 7D 5D 3D")},
             cards("AH 3H"), frozenset({"3D"})),
    Position("draw", 0, "the black joker in hand locks the red one: the ace of spades is the top "
             "trump that can be played, and six trumps draw the opponents'",
             {0: cards("XB AS KS QS 7S 4S 5H 8H 6D 9D 3C 7C TC")}, [],
             frozenset(cards("AS KS QS"))),
    Position("draw", 0, "both jokers are gone: five spades from the king drive out the ace and "
             "draw the rest", {0: cards("3H 4S AD KS QS JS TS 9S 4C 6C 8C 9H TH"),
                               1: cards("XB XR 6D"), 2: cards("4H 2S 7D"),
                               3: cards("5H 3S 8D")},
             cards("3H XB 4H 5H XR 2S 3S 4S 6D 7D 8D AD"), frozenset(cards("KS QS JS TS 9S"))),
    Position("through", 3, "the opponent after my partner has no spades and no diamonds (both "
             "jokers are mine): a diamond goes through the other opponent up to him",
             {0: cards("AS 5D"), 1: cards("2S 6D"), 2: cards("9H TH"),
              3: cards("3S AD XB XR 7D 8D 4H 5H 6H 7H 5C 9C 6S")},
             cards("AS 2S 9H 3S 5D 6D TH AD"), frozenset(cards("7D 8D")), avoid={2: "SD"}),
    Position("through", 3, "the opponent after my partner has no spades and no clubs (both jokers "
             "are mine): a club makes the other opponent play before my partner",
             {0: cards("KS 4C"), 1: cards("5S 9C"), 2: cards("9D TD"),
              3: cards("6S AC XB XR 3C 6C 4D 5D 6D 7D 8D 3H 5H")},
             cards("KS 5S 9D 6S 4C 9C TD AC"), frozenset(cards("3C 6C")), avoid={2: "SC"}),
]



FARIB = [
    Position("stand", 0, "last to play, the partner's king holds the trick: the queen goes on it "
             "and the ace stays home, the boss of hearts",
             {1: cards("9H AD KD 9C TC"), 2: cards("KH JS AS KS QD"), 3: cards("TH JH 9S TD QC"),
              0: cards("AH QH TS 9D AC")}, cards("9H KH TH"), frozenset({"QH"}), maker=2),
    Position("stand", 3, "the right bower has fallen, so the maker's left bower is the boss: the "
             "king goes under it, the ace is kept",
             {1: cards("JS JC AH 9D TC"), 2: cards("9S 9H TH QD KC"), 3: cards("TS AS KS KD AC"),
              0: cards("QS QH KH AD 9C")}, cards("JS 9S TS QS JC 9H"), frozenset({"KS"}),
             maker=1),
    Position("return", 3, "the maker led the right bower, then a low heart to my ace to put me "
             "on lead: lead trump back to him, the left bower, the boss now",
             {1: cards("JS QS 9H AD AC"), 2: cards("9S TH KS KD QC"), 3: cards("TS AH JC 9D TC"),
              0: cards("QH KH JH TD 9C")}, cards("JS 9S TS QH 9H TH AH KH"), frozenset({"JC"}),
             maker=1),
    Position("return", 2, "the maker, my partner, drew a round with the right bower and led a "
             "heart to my ace: trump back, not my lone club",
             {1: cards("AD TS TH KD QC"), 2: cards("9D QS AH KS 9C"), 3: cards("TD KC JH QD QH"),
              0: cards("9S JS 9H AC KH")}, cards("AD 9D TD 9S JS TS QS KC 9H TH AH JH"),
             frozenset({"KS"})),
    Position("no_ruff", 0, "last to play, the partner's ace has the trick: throw a card, keep the "
             "trumps", {1: cards("9H AS QS QD JD"), 2: cards("AH JS KH AD AC"),
                        3: cards("TH JH QH KD QC"), 0: cards("9S TS KC 9D TC")},
             cards("9H AH TH"), frozenset(cards("KC 9D TC")), maker=1),
    Position("no_ruff", 3, "the partner's ace of diamonds is the boss: a low trump on it is "
             "wasted, and the last hand could overtrump it",
             {1: cards("AD KD AH QC 9C"), 2: cards("9D JS AS KS QH"), 3: cards("9S TS KC 9H TH"),
              0: cards("TD QD JD JH KH")}, cards("AD 9D"), frozenset(cards("KC 9H TH")),
             maker=2),
    Position("voids", 3, "void in hearts on the partner's ace: throw the lone diamond, which "
             "leaves me free to trump diamonds, and keep the clubs and the trumps",
             {1: cards("AH KH AD 9C TC"), 2: cards("9H JS AS KS QD"), 3: cards("9D KC QC TS QS"),
              0: cards("TH JH QH TD KD")}, cards("AH 9H"), frozenset({"9D"}), maker=2),
    Position("voids", 0, "the partner, the maker, trumped the first diamond and drew a round of "
             "trumps on which both opponents showed out: a diamond for him to trump, which nobody "
             "can overtrump, where a club may fall to the ace",
             {2: cards("9S JS KS QS 9H"), 0: cards("TD TS AH QD QC"),
              1: cards("AD QH KD AC 9C"), 3: cards("9D TH KH KC TC")},
             cards("AD 9S 9D TD JS TC TS 9C 9H TH AH QH"), frozenset({"QD"}), maker=2),
    Position("draw", 1, "the maker on lead with four trumps, both bowers among them: draw the "
             "opponents' trumps from the top", {1: cards("JS JC AS 9S AH")}, [],
             frozenset(cards("JS JC AS")), maker=1),
    Position("draw", 3, "the maker trumped in with the nine and holds the right bower, the ace "
             "and the king: draw with the bower", {1: ["AH"], 2: ["TH"], 0: ["KH"],
                                                   3: cards("9S JS AS KS 9D")},
             cards("AH TH 9S KH"), frozenset({"JS"}), maker=3),
    Position("through", 1, "the maker's partner, last to play, has shown no trumps and no "
             "diamonds: a diamond goes through the maker to my partner, and the last hand cannot "
             "win it, where a club goes up to his clubs",
             {1: cards("9S KD QD 9C TC"), 2: cards("JS 9D AS KS JH"), 3: cards("TS TD AD AH QC"),
              0: cards("9H QH AC KC KH")}, cards("9S JS TS 9H 9D TD QH KD"),
             frozenset({"QD"}), maker=2),
    Position("through", 3, "the maker's partner, last to play, has shown no trumps and no "
             "spades: the queen of spades goes through the maker to my partner, where a club or "
             "a diamond goes up to his hand",
             {1: cards("9H KS JS AD QH"), 2: cards("9C TC AC KC KD"), 3: cards("TH AS QS JC 9D"),
              0: cards("JH 9S AH KH TS")}, cards("9H 9C TH JH 9S KS TC AS"),
             frozenset({"QS"}), trump="H", maker=0),
]

POSITIONS: dict[str, list[Position]] = {"hokm": HOKM, "shelem": SHELEM, "ghahve": GHAHVE,
                                        "farib": FARIB}
