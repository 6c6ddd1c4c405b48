"""Scores: for each game, the statistics per player (played, won, streaks, best score) and the
score sheet of the latest finished match, from the saves."""

from __future__ import annotations

import pygame

from game import registry
from saves import RECENT
from ui.looks import card_face
from ui.scenes import GameTabsScene
from ui.sheet import draw_sheet
from ui.table.match import Trick
from ui.widgets import DIM, GOLD, Button, label, mirror, panel

STATS = ("player", "played", "won", "streak", "best_streak", "best_score")


class ScoresScene(GameTabsScene):
    def layout(self) -> None:
        """The tabs and back; and "Replay the deal" where the latest match kept its last."""
        super().layout()
        if self.replay():
            self.buttons.items.append(Button((mirror(self.app, 1000, 200), 630, 200, 50),
                                             self.app.text.tr("replay.open"), self.open_replay,
                                             size=20, key="replay"))

    def replay(self) -> list[Trick]:
        """The tricks of the last deal of this game's latest match, if it kept them."""
        sheets = self.app.saves.sheets(self.game_id, RECENT)
        kept = sheets[-1]["replay"] if sheets else None
        return [([(seat, card) for seat, card in plays], taker)
                for plays, taker in kept] if isinstance(kept, list) else []

    def open_replay(self) -> None:
        players = self.app.saves.sheets(self.game_id, RECENT)[-1]["players"]
        back = registry.get(self.game_id).back

        def card(code: str, width: int) -> pygame.Surface:
            return card_face(self.app, back, code, width)

        self.app.push(self.app.open("replay", self.replay(),
                                    lambda seat: self.app.text.said(str(players[seat])), card))

    def draw(self, screen: pygame.Surface) -> None:
        app = self.app
        t = app.text.tr
        label(screen, app, t("scores.title"), (80, 24, 1120, 60), 36, GOLD, "center", bold=True)
        panel(screen, app, (80, 160, 1120, 460))
        saves = app.saves
        stats = saves.stats(self.game_id)
        if not stats:
            label(screen, app, t("scores.none"), (100, 360, 1080, 50), 24, DIM, "center")
        else:
            rows = [[app.text.name(row[c]) if c == "player" else row[c] if row[c] is not None
                     else "—" for c in STATS] for row in stats]
            draw_sheet(screen, app, (100, 175, 1080, 200), STATS, rows, str, str, {}, 17)
        sheets = saves.sheets(self.game_id, RECENT)  # each frame: the summary's, not all
        if sheets:
            latest = sheets[-1]
            players = latest["players"]

            def name(seat: int) -> str:  # isolated: a heading may say it beside numbers
                return app.text.said(str(players[seat])) if 0 <= seat < len(players) \
                    else str(seat)

            def team(index: int) -> str:
                return t("table.and").join(app.text.said(p) for p in players[index::2])

            label(screen, app, t("scores.latest", date=latest["date"][:16].replace("T", " ")),
                  (100, 385, 1080, 34), 19, GOLD, "center")
            draw_sheet(screen, app, (100, 420, 1080, 190), latest["columns"], latest["rows"],
                       name, team, registry.get(self.game_id).terms, 15,
                       self.game_id)
        self.buttons.draw(screen)
