"""The words of the marriage fortune: its step, log lines and our reading, fa/en/ar.

The reading is ours (the seed's is cut off): ``reading.fal_ezdevaj.when.<row1..row4|hand>``
for the ring's place, ``reading.fal_ezdevaj.beside.<A|K|Q|J>`` for the cards beside it. The
panel reads it card by card, beside the layout, as the cards turn; the cards stay on the table.
"""

from __future__ import annotations

from collections.abc import Callable

from game.rules.fal_ezdevaj import RING, FalEzdevajObservation, beside
from ui.games import t
from ui.games.speech import Seen, capital

UNDO = False
"""No undo here: each step turns the next card, so no move could be taken back."""

STRINGS = {
    "act.next": t("بعدی", "Next", "التالي"),
    "log.shuffle": t("ورق‌ها بُر خورد", "The cards are shuffled", "خُلطت الأوراق"),
    "log.lay": t("برگ {place} چیده شد", "Card {place} is laid", "وُضعت الورقة {place}"),
    "log.turn": t("برگ {place}: {card}", "Card {place}: {card}", "الورقة {place}: {card}"),
    "log.read": t("فال تمام شد", "The fortune is laid", "اكتمل الفأل"),
    "fal_ezdevaj.ring": t("{card}، حلقه، برگ {place}: {meaning}",
                          "{card}, the ring, card {place}: {meaning}",
                          "{card}، الخاتم، الورقة {place}: {meaning}"),
    "fal_ezdevaj.ring_hand": t("{card}، حلقه، مانده در دست: {meaning}",
                               "{card}, the ring, left in the hand: {meaning}",
                               "{card}، الخاتم، الباقية في اليد: {meaning}"),
    "fal_ezdevaj.beside": t("{card}، {side}: {meaning}", "{card}, {side}: {meaning}",
                            "{card}، {side}: {meaning}"),
    "fal_ezdevaj.side.above": t("بالای حلقه", "above the ring", "فوق الخاتم"),
    "fal_ezdevaj.side.left": t("چپ حلقه", "left of the ring", "يسار الخاتم"),
    "fal_ezdevaj.side.right": t("راست حلقه", "right of the ring", "يمين الخاتم"),
    "fal_ezdevaj.side.below": t("زیر حلقه", "below the ring", "تحت الخاتم"),
    "reading.fal_ezdevaj.when.row1": t("به زودی", "Soon", "قريبًا"),
    "reading.fal_ezdevaj.when.row2": t("همین امسال", "Within the year", "خلال هذا العام"),
    "reading.fal_ezdevaj.when.row3": t("بعد از کمی صبر", "After a little patience",
                                       "بعد قليل من الصبر"),
    "reading.fal_ezdevaj.when.row4": t("به وقتش، وقتی دلت آماده باشد",
                                       "In its own good time, when your heart is ready",
                                       "في وقته، حين يكون قلبك مستعدًا"),
    "reading.fal_ezdevaj.when.hand": t("هنوز در ورق‌ها نیست: دلت آزاد است و راه را "
                                       "خودت انتخاب می‌کنی",
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
    "fal_ezdevaj.say.lay": t("بعدی: شانزده برگ به پشت در چهار ردیف، از چپ به راست، چیده می‌شود",
      "Next lays sixteen cards face down in four rows, left to right",
      "التالي: تُصفّ ست عشرة ورقة مقلوبة في أربعة صفوف، من اليسار إلى اليمين"),
    "fal_ezdevaj.say.turn": t("بعدی: برگ {place} رو می‌شود؛ ده خشت حلقه است",
      "Next turns card {place}; the ten of diamonds is the ring",
      "التالي: تُقلب الورقة {place}؛ عشرة الديناري هي الخاتم"),
    "fal_ezdevaj.say.turn_last": t("بعدی: برگ مانده در دست رو می‌شود",
      "Next turns the card left in the hand",
      "التالي: تُقلب الورقة الباقية في اليد"),
    "fal_ezdevaj.say.after": t("برگ {place}: {card} · {said}", "Card {place}: {card} · {said}",
      "الورقة {place}: {card} · {said}"),
    "fal_ezdevaj.say.ring": t("برگ {place}: {card}، حلقه: ردیفش می‌گوید کی · {said}",
      "Card {place}: {card}, the ring: its row tells when · {said}",
      "الورقة {place}: {card}، الخاتم: صفها يقول متى · {said}"),
    "fal_ezdevaj.say.beside": t("برگ {place}: {card}، کنار حلقه: از وصلت می‌گوید · {said}",
      "Card {place}: {card}, beside the ring: it tells of the match · {said}",
      "الورقة {place}: {card}، بجانب الخاتم: تحكي عن الشريك · {said}"),
    "fal_ezdevaj.say.over": t("فال خوانده شد: معنای حلقه و برگ‌های کنارش در کادر گوشه آمده",
      "The fortune is read: the ring and the cards beside it are read in the box in the corner",
      "قُرئ الفأل: معنى الخاتم والأوراق بجانبه في المربع في الزاوية"),
}


def panel(seen: Seen[FalEzdevajObservation], tr: Callable[..., str]) -> list[str]:
    """The reading beside the layout, as the cards turn: the ring once turned (its card, its
    place and when its row says), then each turned card beside it (its card, its side and its
    rank's meaning); the ring left in the hand once the last card turns."""
    grid = [c for r in range(4) for c in seen.zones.get(f"row:{r}", [])]
    if RING in grid:
        ring = grid.index(RING)
        lines = [capital(tr("fal_ezdevaj.ring", card=seen.card(RING), place=ring + 1,
                            meaning=tr(f"reading.fal_ezdevaj.when.row{ring // 4 + 1}")))]
        for side, place in beside(ring):
            card = grid[place] if place < len(grid) else None
            if card:
                lines.append(capital(tr("fal_ezdevaj.beside", card=seen.card(card),
                                        side=tr(f"fal_ezdevaj.side.{side}"),
                                        meaning=tr(f"reading.fal_ezdevaj.beside.{card[0]}"))))
        return lines
    if RING in seen.zones.get("deck", []):
        return [capital(tr("fal_ezdevaj.ring_hand", card=seen.card(RING),
                           meaning=tr("reading.fal_ezdevaj.when.hand")))]
    return []


def status(seen: Seen[FalEzdevajObservation], tr: Callable[..., str]) -> str | None:
    """What the step did and what the next does: the layout, then each card turned, by its
    place and name, and what it is to the reading (the ring, or a card beside it); at the end,
    where the reading stands."""
    phase, turned = seen.facts.get("phase"), seen.fact_int("turned") or 0
    if phase == "lay":
        return tr("fal_ezdevaj.say.lay")
    if phase == "over":
        return tr("fal_ezdevaj.say.over")
    if phase != "turn":
        return None
    said = tr("fal_ezdevaj.say.turn", place=turned + 1) if turned < 16 \
        else tr("fal_ezdevaj.say.turn_last")
    grid = [c for r in range(4) for c in seen.zones.get(f"row:{r}", [])]
    last = grid[turned - 1] if 0 < turned <= len(grid) else None
    if not last:
        return said
    if last == RING:
        key = "fal_ezdevaj.say.ring"
    elif RING in grid and turned - 1 in {place for _, place in beside(grid.index(RING))}:
        key = "fal_ezdevaj.say.beside"
    else:
        key = "fal_ezdevaj.say.after"
    return tr(key, place=turned, card=seen.card(last), said=said)
