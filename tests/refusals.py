"""The rules contract's check of a refusal, shared by the games' tests."""

from __future__ import annotations

import pytest

from game.core import IllegalAction, State


def refused(state: State, seat: int, code: str, key: str | None = None) -> None:
    """``seat``'s action ``code`` is refused (`IllegalAction`) in words for a player, for the
    reason ``key`` where one is given (its `Reason`'s key), and changes nothing: not the
    state, not the chips on the table."""
    before, chips = state.to_dict(), state.chips()
    with pytest.raises(IllegalAction) as info:
        state.apply(seat, code)
    assert str(info.value)
    if key is not None:
        assert getattr(info.value.reason, "key", None) == key, str(info.value)
    assert state.to_dict() == before and state.chips() == chips
