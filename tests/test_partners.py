"""The normal bots of the team games play as partners: in every position of
`tests.partner_positions` the heuristic's card is one a strong player accepts. The search (hard)
is measured on the same positions at the table's budget by `benchmarks/partners.py`: at a small
iteration cap its choice among cards its playouts score alike turns on the seed."""

from __future__ import annotations

import pytest

from tests.partner_positions import POSITIONS, PRINCIPLES, build
from tests.positions import bot_move

CASES = [(game, i) for game, positions in POSITIONS.items() for i in range(len(positions))]


@pytest.mark.parametrize("game", sorted(POSITIONS))
def test_every_principle_has_two_positions_in_each_game(game: str) -> None:
    positions = POSITIONS[game]
    assert len(positions) >= 12
    for principle in PRINCIPLES:
        assert sum(p.principle == principle for p in positions) >= 2, principle


@pytest.mark.parametrize(("game", "index"), CASES)
def test_a_position_asks_its_seat_a_question(game: str, index: int) -> None:
    """The position's seat is the one to act, its answers may be played there, and so may
    another card."""
    position = POSITIONS[game][index]
    state, seat = build(game, position)
    assert seat == position.seat
    legal = {a.arg for a in state.legal_actions(state.to_act()[0]) if a.verb == "play"}
    assert position.answers <= legal
    assert legal - position.answers


@pytest.mark.parametrize(("game", "index"), CASES)
def test_normal_plays_as_a_partner(game: str, index: int) -> None:
    position = POSITIONS[game][index]
    move = bot_move(build(game, position)[0])
    assert move.split()[-1] in position.answers, (position.principle, position.reason, move)
