"""The words of the love fortune: its steps, refusals and the meaning of each rank, fa/en/ar.

The meanings are ours, from the seed's list (``reading.fal_eshgh.<rank>``, rank ``A 2 … T J Q
K``), written for the table; ``reading.fal_eshgh.none`` is shown when no pair fell. The panel
reads pair by pair, each by its two cards, beside the layout; the pairs stay on the table.
"""

from __future__ import annotations

from collections.abc import Callable

from game.rules.fal_eshgh import FalEshghObservation
from ui.games import t
from ui.games.speech import Seen, capital

UNDO = False
"""No undo here: each step turns the next card, so no move could be taken back."""

STRINGS = {
    "fal.name": t("نام: {name}", "Name: {name}", "الاسم: {name}"),
    "act.name": t("بچین", "Lay it out", "ابدأ"),
    "act.next": t("بعدی", "Next", "التالي"),
    "name.fal_eshgh": t("نام کسی که فالش را می‌گیری", "The name of the one you ask about",
                        "اسم من تسأل عنه"),
    "log.shuffle": t("ورق‌ها بُر خورد", "The cards are shuffled", "خُلطت الأوراق"),
    "log.named": t("نام: {name} ({letters} حرف)", "Name: {name} ({letters} letters)",
                   "الاسم: {name} ({letters} حروف)"),
    "log.lay": t("یک برگ چیده شد", "A card is laid", "وُضعت ورقة"),
    "log.gather": t("یک ردیف جمع شد", "A pile is gathered", "جُمعت كومة"),
    "log.turn_over": t("دسته برگردانده شد", "The packet is turned over", "قُلبت الرزمة"),
    "log.pair": t("دو برگ هم‌عدد کنار هم افتاد", "Two cards of a rank lie side by side",
                  "ورقتان من رتبة واحدة متجاورتان"),
    "log.read": t("فال تمام شد", "The fortune is laid", "اكتمل الفأل"),
    "why.name_first": t("اول نام را بنویس", "Type the name first", "اكتب الاسم أولًا"),
    "why.no_letters": t("نام حرفی ندارد: یک نام بنویس", "Type a name: it has no letters",
                        "اكتب اسمًا: لا حروف فيه"),
    "why.letters_only": t("نام را فقط با حرف بنویس", "A name is written in letters only",
                          "يُكتب الاسم بالحروف فقط"),
    "why.too_long": t("نامی با {n} حرف بلند است: حداکثر {most} حرف",
                      "A name of {n} letters is too long: at most {most}",
                      "اسم من {n} حرفًا طويل: الحد {most}"),
    "why.named": t("نام را داده‌ای", "The name is already given", "أُعطي الاسم"),
    "reading.fal_eshgh.A": t("دوستت دارد", "Loves you", "يحبك"),
    "reading.fal_eshgh.2": t("برای جلو آمدن دو دل است", "Is in two minds about coming closer",
                             "متردد في الاقتراب منك"),
    "reading.fal_eshgh.3": t("قصد ازدواج دارد", "Has marriage in mind", "ينوي الزواج"),
    "reading.fal_eshgh.4": t("حسود است", "Is a little jealous", "غيور بعض الشيء"),
    "reading.fal_eshgh.5": t("نگران آینده است", "Worries about the future", "قلق على المستقبل"),
    "reading.fal_eshgh.6": t("به زودی همدیگر را می‌بینید", "You will meet soon",
                             "ستلتقيان قريبًا"),
    "reading.fal_eshgh.7": t("نیتش خوب نیست: مراقب باش", "Means you no good: take care",
                             "نيته ليست طيبة: انتبه"),
    "reading.fal_eshgh.8": t("به فکرت است", "Thinks of you", "يفكر فيك"),
    "reading.fal_eshgh.9": t("می‌خواهد با تو حرف بزند", "Wants to talk with you",
                             "يريد أن يحادثك"),
    "reading.fal_eshgh.T": t("بوسه می‌خواهد", "Wants a kiss", "يريد قبلة"),
    "reading.fal_eshgh.J": t("غیرتی است", "Is protective of you", "غيور عليك ويحميك"),
    "reading.fal_eshgh.Q": t("رقیبی در کار است", "There is a rival", "هناك منافس"),
    "reading.fal_eshgh.K": t("از شخصیتت خوشش می‌آید", "Likes who you are",
                             "تعجبه شخصيتك"),
    "reading.fal_eshgh.none": t("ورق‌ها امروز ساکت‌اند: روزی دیگر دوباره بچین",
                                "The cards are quiet today: lay them again another day",
                                "الأوراق صامتة اليوم: أعد الفأل يومًا آخر"),
    "fal_eshgh.say.name": t("نام کسی را که برایش فال می‌گیرید بنویسید یا برگزینید و بچینید",
      "Type or pick the name of the one you ask about, then lay it out",
      "اكتب اسم من تسأل عنه أو اختره، ثم ابدأ"),
    "fal_eshgh.say.deal": t("بعدی: یک دور، یک برگ روی هر یک از {n} دسته ({left} برگ مانده)",
      "Next lays a round, a card on each of the {n} piles ({left} cards left)",
      "التالي: دورة، ورقة على كل واحدة من {n} كومات (بقي {left})"),
    "fal_eshgh.say.gather": t("بعدی: {n} دسته جمع و برگردانده می‌شود",
      "Next gathers the {n} piles and turns the packet over",
      "التالي: تُجمع {n} كومات وتُقلب الرزمة"),
    "fal_eshgh.say.read": t("بعدی: برگ‌ها رو در یک ردیف چیده می‌شود تا جفت بعدی ({left} برگ مانده)",
      "Next lays the cards face up in a line up to the next pair ({left} left)",
      "التالي: تُصفّ الأوراق مكشوفة حتى الزوج التالي (بقي {left})"),
    "fal_eshgh.say.on": t("بعدی: تا جفت بعدی ({left} برگ مانده)",
      "Next: on to the next pair ({left} left)", "التالي: حتى الزوج التالي (بقي {left})"),
    "fal_eshgh.say.turned": t("دسته‌ها جمع و برگردانده شد · {said}",
      "The piles are gathered and the packet turned over · {said}",
      "جُمعت الكومات وقُلبت الرزمة · {said}"),
    "fal_eshgh.say.pair": t("{a} کنار {b} افتاد: جفت‌های هم‌عدد برداشته می‌شود · {said}",
      "{a} lay beside {b}: pairs of the same rank are lifted out · {said}",
      "وقعت {a} بجانب {b}: يُرفع الزوج من رتبة واحدة · {said}"),
    "fal_eshgh.say.over": t("فال خوانده شد: معنای هر جفت در کادر گوشه آمده",
      "The fortune is read: each pair's meaning is in the box in the corner",
      "قُرئ الفأل: معنى كل زوج في المربع في الزاوية"),
    "fal_eshgh.say.quiet": t("هیچ دو برگ هم‌عددی کنار هم نیفتاد: ورق‌ها ساکت‌اند",
      "No two cards of a rank lay side by side: the cards are quiet",
      "لم تتجاور ورقتان من رتبة واحدة: الأوراق صامتة"),
    "fal_eshgh.pair": t("{a} و {b}: {meaning}", "{a} & {b}: {meaning}", "{a} و {b}: {meaning}"),
}


def panel(seen: Seen[FalEshghObservation], tr: Callable[..., str]) -> list[str]:
    """The reading beside the layout: the name laid out, then each pair lifted out, in order,
    by its two cards and its rank's meaning (once over with none: the cards are quiet)."""
    name = seen.facts.get("name")
    lines = [tr("fal.name", name=name)] if name else []
    pairs = [c for c in seen.zones.get("pairs", []) if c]
    lines += [capital(tr("fal_eshgh.pair", a=seen.card(a), b=seen.card(b),
                         meaning=tr(f"reading.fal_eshgh.{b[0]}")))
              for a, b in zip(pairs[::2], pairs[1::2])]
    if not pairs and seen.facts.get("phase") == "over":
        lines.append(tr("reading.fal_eshgh.none"))
    return lines


def status(seen: Seen[FalEshghObservation], tr: Callable[..., str]) -> str | None:
    """What the step did and what the next does: the name to give, a round of the deal, the
    gathering; once the packet is turned, the pair the last step lifted out, by its cards (a
    step lays the line up to the next pair); at the end, where the reading stands."""
    phase, letters = seen.facts.get("phase"), seen.fact_int("letters") or 0
    if phase == "name":
        return tr("fal_eshgh.say.name")
    if phase == "deal":
        return tr("fal_eshgh.say.deal", n=letters, left=seen.count("deck"))
    if phase == "gather":
        return tr("fal_eshgh.say.gather", n=letters)
    pairs = [c for c in seen.zones.get("pairs", []) if c]
    if phase == "over":
        return tr("fal_eshgh.say.over" if pairs else "fal_eshgh.say.quiet")
    if phase != "read":
        return None
    left = seen.count("packet")
    if pairs:
        return capital(tr("fal_eshgh.say.pair", a=seen.card(pairs[-1]), b=seen.card(pairs[-2]),
                          said=tr("fal_eshgh.say.on", left=left)))
    return tr("fal_eshgh.say.turned", said=tr("fal_eshgh.say.read", left=left))
