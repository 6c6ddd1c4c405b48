"""The words of thief that the table shows: option names and values, in fa, en and ar."""

from __future__ import annotations

from ui.games import t

STRINGS = {
    "opt.thief.refill": t("پر کردن دست وقتی گرفتن تمام شد",
      "Refill when grabbing stops",
      "إكمال اليد عند توقف الخطف"),
    "optval.thief.refill.seven": t("تا 7 کارت",
      "Up to 7 cards",
      "حتى 7 أوراق"),
    "optval.thief.refill.one": t("یک کارت",
      "One card",
      "ورقة واحدة"),
}
