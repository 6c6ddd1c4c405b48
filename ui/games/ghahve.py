"""The words of ghahve that the table shows: option names and values, actions, log lines."""

from __future__ import annotations

from ui.games import t

STRINGS = {
    "opt.ghahve.target": t("امتیاز برد",
      "Points to win",
      "نقاط الفوز"),
    "opt.ghahve.length": t("طول بازی",
      "Length",
      "طول اللعب"),
    "optval.ghahve.length.match": t("مسابقهٔ کامل",
      "Whole match",
      "مباراة كاملة"),
    "optval.ghahve.length.deal": t("یک دست",
      "One deal",
      "توزيعة واحدة"),
    "act.bid": t("بخوان",
      "Bid",
      "زايد"),
    "log.bid": t("{who} خواند: {bid}",
      "{who} bids {bid}",
      "{who} يزايد {bid}"),
    "log.dealer": t("به قرعه، {who} دست می‌دهد",
      "{who} is drawn to deal",
      "وقعت القرعة على {who} ليوزّع"),
    "log.contracts": t("تعهد تیم‌ها: ۰+۲ {c02} دست، ۱+۳ {c13} دست",
      "Contracts: 0+2 {c02} tricks, 1+3 {c13} tricks",
      "التعهدات: ٠+٢ {c02} أكلات، ١+٣ {c13} أكلات"),
    "log.deal_scored": t("امتیاز این دست: ۰+۲ {p02}، ۱+۳ {p13} (جمع: {s02} و {s13})",
      "Deal scored: 0+2 {p02}, 1+3 {p13} (totals {s02} and {s13})",
      "نقاط التوزيعة: ٠+٢ {p02}، ١+٣ {p13} (المجموع {s02} و{s13})"),
}
