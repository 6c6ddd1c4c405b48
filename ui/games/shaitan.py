"""The words of shaitan that the table shows: log lines, refusals and the joker's name, in
fa, en and ar."""

from __future__ import annotations

from ui.games import t

STRINGS = {
    "log.pair": t("{who} یک جفت زمین گذاشت", "{who} lays down a pair",
                          "{who} يضع زوجًا"),
    "log.draw": t("{who} از دست همسایه کارت کشید", "{who} draws from the neighbour",
                          "{who} يسحب من يد الجار"),
    "log.safe": t("{who} کارتی ندارد و در امان است", "{who} has no cards and is safe",
                          "{who} بلا أوراق وفي أمان"),
    "log.lost": t("شیطان دست {who} ماند", "{who} is left with the Shaitan",
                         "بقي الشيطان مع {who}"),
    "log.turn": t("نوبت {who}", "{who}'s turn", "دور {who}"),
    "log.deal": t("کارت‌ها پخش شد", "The cards are dealt", "وُزّعت الأوراق"),
    "why.draw_range": t("{seat} فقط {n} کارت دارد.",
                        "{seat} holds only {n} cards.",
                        "مع {seat} {n} أوراق فقط."),
    "card.XR": t("جوکر", "joker", "الجوكر"),
}
