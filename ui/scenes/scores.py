"""Scores: for each game, the statistics per player (played, won, streaks, best score) and the
score sheet of the latest finished match, from the saves."""

from __future__ import annotations

import pygame

from game import registry
from ui.scenes import GameTabsScene
from ui.sheet import draw_sheet
from ui.widgets import DIM, GOLD, label, panel

STATS = ("player", "played", "won", "streak", "best_streak", "best_score")


class ScoresScene(GameTabsScene):
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
        sheets = saves.sheets(self.game_id)
        if sheets:
            latest = sheets[-1]
            players = latest["players"]

            def name(seat: int) -> str:
                return app.text.name(str(players[seat])) if 0 <= seat < len(players) \
                    else str(seat)

            def team(index: int) -> str:
                return t("table.and").join(app.text.name(p) for p in players[index::2])

            label(screen, app, t("scores.latest", date=latest["date"][:16].replace("T", " ")),
                  (100, 385, 1080, 34), 19, GOLD, "center")
            draw_sheet(screen, app, (100, 420, 1080, 190), latest["columns"], latest["rows"],
                       name, team, registry.get(self.game_id).terms, 15,
                       self.game_id)
        self.buttons.draw(screen)
