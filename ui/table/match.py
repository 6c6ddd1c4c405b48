"""The match: the rules state, who sits in each chair, and the bots."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from typing import Any

from game import registry
from game.bots import Bot
from game.bots import make as make_bot
from game.core import State


@dataclass
class Match:
    """A game being played at the table: the state, who sits where, and its bots."""

    config: dict[str, Any]
    state: State
    bots: dict[int, Bot] = field(default_factory=dict)

    @classmethod
    def start(cls, config: dict[str, Any]) -> Match:
        rules = registry.get(config["game"])
        state = rules.new(len(config["seats"]), int(config["seed"]), config.get("options"))
        config = {**config, "match_id": config.get("match_id") or uuid.uuid4().hex}
        return cls(config, state, cls._bots(config))

    @classmethod
    def resume(cls, saved: dict[str, Any]) -> Match:
        config = {k: v for k, v in saved.items() if k != "state"}
        return cls(config, registry.restore(saved["state"]), cls._bots(config))

    @staticmethod
    def _bots(config: dict[str, Any]) -> dict[int, Bot]:
        seed = int(config["seed"])
        return {seat: make_bot(chair.get("level", "heuristic"), config["game"],
                                seed * 31 + seat + 1)
                for seat, chair in enumerate(config["seats"]) if chair["kind"] == "bot"}

    @property
    def persons(self) -> list[int]:
        return [s for s, c in enumerate(self.config["seats"]) if c["kind"] == "person"]

    def name(self, seat: int) -> str:
        return str(self.config["seats"][seat].get("name") or f"#{seat + 1}")

    def to_dict(self) -> dict[str, Any]:
        return {**self.config, "state": self.state.to_dict()}
