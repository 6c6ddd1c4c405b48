"""The words of the marriage fortune: its step, log lines and our reading, fa/en/ar.

The reading is ours (the seed's is cut off): ``reading.fal_ezdevaj.when.<row1..row4|hand>``
for the ring's place, ``reading.fal_ezdevaj.beside.<A|K|Q|J>`` for the cards beside it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ui.games import t
from ui.games.speech import Seen

STRINGS = {
    "act.next": t("بعدی", "Next", "التالي"),
    "log.shuffle": t("ورق‌ها بُر خورد", "The cards are shuffled", "خُلطت الأوراق"),
    "log.lay": t("برگ {place} چیده شد", "Card {place} is laid", "وُضعت الورقة {place}"),
    "log.turn": t("برگ {place}: {card}", "Card {place}: {card}", "الورقة {place}: {card}"),
    "log.read": t("فال تمام شد", "The fortune is laid", "اكتمل الفأل"),
    "reading.fal_ezdevaj.ring": t("ده خشت حلقه است", "The ten of diamonds is the ring",
                                  "عشرة الديناري هي الخاتم"),
    "reading.fal_ezdevaj.when.row1": t("به زودی", "Soon", "قريبًا"),
    "reading.fal_ezdevaj.when.row2": t("همین امسال", "Within the year", "خلال هذا العام"),
    "reading.fal_ezdevaj.when.row3": t("بعد از کمی صبر", "After a little patience",
                                       "بعد قليل من الصبر"),
    "reading.fal_ezdevaj.when.row4": t("به وقتش، وقتی دلت آماده باشد",
                                       "In its own good time, when your heart is ready",
                                       "في وقته، حين يكون قلبك مستعدًا"),
    "reading.fal_ezdevaj.when.hand": t("هنوز در ورق‌ها نیست: دلت آزاد است و راه را خودت انتخاب می‌کنی",
                                       "Not yet in the cards: your heart is free, and the road "
                                       "is yours to choose",
                                       "ليس بعد في الأوراق: قلبك حر والطريق لك تختاره"),
    "reading.fal_ezdevaj.beside.A": t("خانه‌ای از آن خودتان، پر از روشنی",
                                      "A home of your own, full of light",
                                      "بيت لكما، مليء بالنور"),
    "reading.fal_ezdevaj.beside.K": t("کسی استوار و بخشنده", "Someone steady and generous",
                                      "شخص ثابت وكريم"),
    "reading.fal_ezdevaj.beside.Q": t("خانواده‌ای گرم که به تو خوش‌آمد می‌گوید",
                                      "A warm family that welcomes you",
                                      "عائلة دافئة ترحب بك"),
    "reading.fal_ezdevaj.beside.J": t("خبری خوش که دوستی می‌آورد",
                                      "Good news brought by a friend",
                                      "خبر سار يحمله صديق"),
    "fal_ezdevaj.say.lay": t("بعدی: شانزده برگ در چهار ردیف چیده می‌شود",
      "Next lays sixteen cards in four rows",
      "التالي: تُصفّ ست عشرة ورقة في أربعة صفوف"),
    "fal_ezdevaj.say.turn": t("بعدی: برگ {place} رو می‌شود؛ ده خشت حلقه است",
      "Next turns card {place}; the ten of diamonds is the ring",
      "التالي: تُقلب الورقة {place}؛ عشرة الديناري هي الخاتم"),
    "fal_ezdevaj.say.turn_last": t("بعدی: برگ مانده در دست رو می‌شود",
      "Next turns the card left in the hand",
      "التالي: تُقلب الورقة الباقية في اليد"),
    "fal_ezdevaj.say.after": t("برگ {place}: {card} · {said}", "Card {place}: {card} · {said}",
      "الورقة {place}: {card} · {said}"),
}


def info_lines(facts: dict[str, Any], tr: Callable[..., str]) -> list[str]:
    """Once every card is turned: where the ring lies, when, and what lies beside it."""
    reading = facts.get("reading")
    if not isinstance(reading, dict):
        return []
    lines = [tr("reading.fal_ezdevaj.ring")] if reading.get("ring") else []
    lines.append(tr(f"reading.fal_ezdevaj.when.{reading['when']}"))
    return lines + [tr(f"reading.fal_ezdevaj.beside.{rank}") for rank in reading["beside"]]


def status(seen: Seen, tr: Callable[..., str]) -> str | None:
    """What the next step does: the layout, or the next card to turn (after the card last
    turned, by its place and name)."""
    phase, turned = seen.facts.get("phase"), seen.fact_int("turned") or 0
    if phase == "lay":
        return tr("fal_ezdevaj.say.lay")
    if phase != "turn":
        return None
    said = tr("fal_ezdevaj.say.turn", place=turned + 1) if turned < 16 \
        else tr("fal_ezdevaj.say.turn_last")
    row, col = divmod(turned - 1, 4)
    cards = seen.zones.get(f"row:{row}", [])
    last = cards[col] if turned and col < len(cards) else None
    if last:
        return tr("fal_ezdevaj.say.after", place=turned, card=seen.card(last), said=said)
    return said
