"""The words of tiraje that the table shows: option names and values, in fa, en and ar."""

from __future__ import annotations

from ui.games import t

STRINGS = {
    "opt.tiraje.actions": t("کار کارت‌های فرد (7، 5، 3، 1)",
      "Odd cards act (7, 5, 3, 1)",
      "عمل الأوراق الفردية (7، 5، 3، 1)"),
    "opt.tiraje.palette_draw": t("کشیدن با کارت بزرگ‌تر از پالت",
      "Draw for a card greater than your palette",
      "السحب بورقة أكبر من اللوحة"),
    "opt.tiraje.scoring": t("امتیازگیری در چند دور",
      "Scoring over several rounds",
      "الحساب بالنقاط على عدة أدوار"),
}
