"""The words of hokm that the table shows: option names and values, in fa, en and ar."""

from __future__ import annotations

from ui.games import t

STRINGS = {
    "opt.hokm.sets": t("تعداد ست‌ها برای بردن",
      "Sets to win the match",
      "الأشواط للفوز"),
    "opt.hokm.hakem": t("انتخاب حاکم",
      "Choosing the Hakem",
      "اختيار الحاكم"),
    "optval.hokm.hakem.draw": t("کشیدن برگ",
      "Draw a card",
      "سحب ورقة"),
    "optval.hokm.hakem.first_ace": t("اولین آس",
      "First ace",
      "أول آس"),
    "opt.hokm.length": t("طول بازی",
      "Length",
      "طول اللعب"),
    "optval.hokm.length.match": t("مسابقهٔ کامل",
      "Whole match",
      "مباراة كاملة"),
    "optval.hokm.length.hand": t("یک بازی",
      "One hand",
      "جولة واحدة"),
}
