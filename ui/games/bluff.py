"""The words of bluff that the table shows: option names, actions and log lines, in fa, en and ar."""

from __future__ import annotations

from ui.games import t

STRINGS = {
    "opt.bluff.decks": t("تعداد دسته ورق", "Decks", "عدد الرزم"),
    "act.claim": t("بگذار و بگو", "Lay and claim", "ضع وأعلن"),
    "act.call": t("بلف!", "Bluff!", "بلف!"),
    "act.pass": t("رد", "Pass", "مرّر"),
    "log.deal": t("کارت‌ها پخش شد", "The cards are dealt", "وُزّعت الأوراق"),
    "log.claimed": t("{who}: {count} تا {rank}", "{who}: {count} × {rank}",
                         "{who}: {count} × {rank}"),
    "log.answered": t("{who} جواب داد", "{who} has answered", "{who} أجاب"),
    "log.call": t("{who} گفت بلف!", "{who} calls bluff!", "{who} يقول بلف!"),
    "log.take": t("{who} همه‌ی کارت‌های وسط را برداشت",
                        "{who} takes the whole pile", "{who} يأخذ الكومة كلها"),
    "log.no_call": t("کسی بلف نگفت", "Nobody calls bluff", "لم يقل أحد بلف"),
    "log.turn": t("نوبت {who}", "{who}'s turn", "دور {who}"),
    "log.won": t("{who} دستش خالی شد و برد", "{who} empties the hand and wins",
                       "{who} أفرغ يده وفاز"),
}
