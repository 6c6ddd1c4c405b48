"""The words of shelem that the table shows: option names and values, actions, log lines and
refusals, in fa, en and ar."""

from __future__ import annotations

from collections.abc import Callable

from game.rules.shelem import ShelemObservation
from ui.games import t
from ui.games.speech import Seen, chosen, others, signed, trick_play

STRINGS = {
    "shelem.kind.made": t("رسید", "made", "نجح"),
    "shelem.kind.failed": t("نرسید", "failed", "فشل"),
    "shelem.kind.yasa": t("یاسا", "Yasa", "ياسا"),
    "shelem.kind.shelem": t("شلم", "Shelem", "شلم"),
    "sheet.shelem.kind": t("نتیجه", "Result", "النتيجة"),
    "opt.shelem.target": t("امتیاز پایان بازی",
      "Points to win the match",
      "النقاط للفوز بالمباراة"),
    "opt.shelem.all_pass": t("وقتی همه پاس بدهند",
      "When everyone passes",
      "إذا مرّر الجميع"),
    "optval.shelem.all_pass.last_bids": t("نفر آخر باید بخواند",
      "The last player must bid",
      "على الأخير أن يزايد"),
    "optval.shelem.all_pass.redeal": t("دوباره دست داده شود",
      "Deal again",
      "يُعاد التوزيع"),
    "opt.shelem.minus_target": t("تیمی که به منفی امتیاز پایان برسد",
      "A side at minus the target",
      "فريق يبلغ سالب نقاط الفوز"),
    "optval.shelem.minus_target.loses": t("می‌بازد",
      "Loses",
      "يخسر"),
    "optval.shelem.minus_target.plays_on": t("بازی ادامه دارد",
      "Plays on",
      "يواصل اللعب"),
    "opt.shelem.length": t("طول بازی",
      "Length",
      "طول اللعب"),
    "optval.shelem.length.match": t("مسابقهٔ کامل",
      "Whole match",
      "مباراة كاملة"),
    "optval.shelem.length.deal": t("یک دست",
      "One deal",
      "توزيعة واحدة"),
    "act.bid": t("بخوان",
      "Bid",
      "زايد"),
    "act.pass": t("پاس",
      "Pass",
      "باس"),
    "act.discard": t("زمین بگذار",
      "Lay away",
      "اطرح جانبًا"),
    "log.bid": t("{who} خواند: {bid}",
      "{who} bids {bid}",
      "{who} يزايد {bid}"),
    "log.pass": t("{who} پاس داد",
      "{who} passes",
      "{who} يمرّر"),
    "log.hakem": t("{who} با {bid} حاکم شد",
      "{who} is Hakem at {bid}",
      "{who} هو الحاكم بـ {bid}"),
    "log.redeal": t("همه پاس دادند؛ دوباره دست داده می‌شود",
      "Everyone passed: the cards are dealt again",
      "مرّر الجميع: تُوزَّع الأوراق من جديد"),
    "log.piles_up": t("برگ روی دسته‌ها رو شد",
      "The top cards of the piles turn up",
      "انكشفت الأوراق العليا من الرزم"),
    "log.deal_end": t("پایان دست؛ حاکم {who} خوانده بود {bid}",
      "Deal over: {who} was Hakem at {bid}",
      "انتهت التوزيعة: كان {who} الحاكم بـ {bid}"),
    "why.must_bid": t("همه پاس داده‌اند: شما باید بخوانید.",
      "Everyone else passed: you must bid.",
      "مرّر الجميع: عليك أن تزايد."),
    "why.bid_or_pass": t("بخوانید یا پاس بدهید.",
      "Bid or pass.",
      "زايد أو مرّر."),
    "why.bid_higher": t("بیشتر از {n} بخوانید.",
      "Bid more than {n}.",
      "زايد بأكثر من {n}."),
    "why.discard_first": t("اول {n} کارت زمین بگذارید.",
      "Lay {n} cards away first.",
      "اطرح {n} أوراق جانبًا أولًا."),
    "why.discard_four": t("درست {n} کارت متفاوت زمین بگذارید.",
      "Lay away exactly {n} different cards.",
      "اطرح {n} أوراق مختلفة بالضبط."),
    "why.not_on_top": t("{card} روی هیچ‌کدام از دسته‌های شما نیست.",
      "The {card} is not on top of one of your piles.",
      "ليست {card} في أعلى إحدى رزمك."),
    "why.follow_piles": t("باید خال زمین را بازی کنید: روی دسته‌هایتان {suit} دارید.",
      "You must follow suit: you have {suit} on your piles.",
      "يجب أن تتبع النقش: على رزمك {suit}."),
    "shelem.say.bid_above": t("بیشتر از {n} بخوانید یا پاس بدهید",
      "Bid above {n} or pass",
      "زايد بأكثر من {n} أو مرّر"),
    "shelem.say.bid_from": t("از {n} به بالا بخوانید یا پاس بدهید",
      "Bid {n} or more, or pass",
      "زايد بـ {n} أو أكثر، أو مرّر"),
    "shelem.say.must_bid": t("همه پاس دادند: شما باید بخوانید ({n} یا بیشتر)",
      "Everyone else passed: you must bid ({n} or more)",
      "مرّر الجميع: عليك أن تزايد ({n} أو أكثر)"),
    "shelem.say.lay_away": t("درست {n} برگ زمین بگذارید ({chosen} انتخاب شده)",
      "Lay away exactly {n} cards ({chosen} chosen)",
      "اطرح {n} أوراق بالضبط ({chosen} مختارة)"),
    "shelem.say.laying": t("حاکم، {who}، برگ زمین می‌گذارد…",
      "{who}, the Hakem, is laying cards away…",
      "{who}، الحاكم، يطرح أوراقًا جانبًا…"),
    "shelem.contract": t("حاکم: {who} · خوانده: {n}",
      "Hakem: {who} · contract {n}",
      "الحاكم: {who} · العقد {n}"),
    "shelem.taken": t("امتیاز این دست — {a}: {x}، {b}: {y}",
      "Points this deal — {a}: {x}, {b}: {y}",
      "نقاط هذه التوزيعة — {a}: {x}، {b}: {y}"),
    "shelem.needs": t("حاکم هنوز {n} امتیاز لازم دارد",
      "The contract still needs {n}",
      "يحتاج العقد بعد {n}"),
    "shelem.made": t("خوانده رسید", "The contract is made", "تحقّق العقد"),
    "shelem.match": t("جمع — {a}: {x}، {b}: {y} · تا {n}",
      "Match — {a}: {x}, {b}: {y} · to {n}",
      "المباراة — {a}: {x}، {b}: {y} · حتى {n}"),
    # the guided first deal (ui.lessons): each step's words, then its end
    "lesson.shelem.0": t('مزایده با شما شروع می\u200cشود. هر آس و ده 10 امتیاز، هر پنج 5 و هر دست 5: روی هم 165. با پنج پیک بالا و سه آس، 120 بخوانید.',
      'The auction opens with you. Aces and tens are worth 10, fives 5, every trick 5: 165 in all. With five top spades and three aces, bid 120.',
      'المزايدة تبدأ بك. كل آص وعشرة بـ10، وكل خمسة بـ5، وكل أكلة بـ5: 165 في المجموع. مع خمس بستوني عالية وثلاثة آصات، زايد بـ120.'),
    "lesson.shelem.1": t('مزایده را بردید و چهار برگ وسط به دستتان آمد. چهار برگ کنار بگذارید؛ برای تیم شما حساب می\u200cشوند. 10 خشت، 5 دل، 3 خشت و 2 دل را انتخاب کنید.',
      'You won the auction and took the four cards of the middle. Lay four away: they count for your side. Choose the 10 of diamonds, 5 of hearts, 3 of diamonds and 2 of hearts.',
      'ربحت المزايدة وأخذت أوراق الوسط الأربع. ضع أربع أوراق جانبًا؛ تُحسب لفريقك. اختر 10 الديناري و5 الكبة و3 الديناري و2 الكبة.'),
    "lesson.shelem.2": t('شروع با شماست و خال اولین برگ\u200cتان حکمِ این دست می\u200cشود. آس پیک را بازی کنید: پیک حکم است.',
      'You lead, and the suit of your first card is trump for the deal. Lead the ace of spades: spades are trump.',
      'أنت تبدأ، ونقش أول ورقة تلعبها هو الحُكم لهذا التوزيع. العب آص البستوني: البستوني حُكم.'),
    "lesson.shelem.3": t('حکم\u200cهای دیگران را بیرون بکشید: شاه پیک، بالاترین پیک باقی\u200cمانده، را بازی کنید.',
      "Draw the others' trumps: lead the king of spades, the highest spade left.",
      'أخرج أوراق الحُكم من الآخرين: العب الشايب البستوني، أعلى بستوني باقٍ.'),
    "lesson.shelem.4": t('حالا آس\u200cهای دیگرتان را بازی کنید، هر کدام 10 امتیاز: آس دل را بیایید.',
      'Now cash your other aces, 10 points each: lead the ace of hearts.',
      'الآن اجمع آصاتك الأخرى، كل آص بـ10: العب آص الكبة.'),
    "lesson.shelem.done": t('درس تمام شد: ادامه دهید. تیم شما برای رسیدن به خوانده\u200cاش 120 امتیاز لازم دارد؛ گرفتن همه\u200cی 165 امتیاز شلم است.',
      'The lesson is over: play on. Your side needs 120 points to make its bid; all 165 is a Shelem.',
      'انتهى الدرس: تابع اللعب. يحتاج فريقك 120 نقطة ليفي بمزايدته؛ وأخذ الـ165 كلها شلم.'),
}


def status(seen: Seen[ShelemObservation], tr: Callable[..., str]) -> str | None:
    """The auction (above the high bid), laying away (how many chosen), the tricks."""
    phase, high = seen.facts.get("phase"), seen.fact_int("high") or 0
    if phase == "bid":
        if not seen.mine:
            return tr("say.bidding", who=seen.who())
        if "pass" not in seen.verbs:
            return tr("shelem.say.must_bid", n=min(seen.numbers("bid"), default=100))
        if high:
            return tr("shelem.say.bid_above", n=high)
        return tr("shelem.say.bid_from", n=min(seen.numbers("bid"), default=100))
    if phase == "discard":
        if seen.mine:
            return chosen(seen, "discard", tr, "shelem.say.lay_away")
        return tr("shelem.say.laying", who=seen.who())
    return trick_play(seen, tr) if seen.mine else others(seen, tr)


def panel(seen: Seen[ShelemObservation], tr: Callable[..., str]) -> list[str]:
    """The Hakem and his contract, the points each side took this deal and what the contract
    still needs, the match's totals and target."""
    f = seen.facts
    lines = []
    hakem, bid = seen.fact_int("hakem"), seen.fact_int("bid")
    if hakem is not None and bid is not None:
        lines.append(tr("shelem.contract", who=seen.name(hakem), n=bid))
    taken, scores = f.get("taken"), f.get("scores")
    if isinstance(taken, list) and len(taken) == 2:
        lines.append(tr("shelem.taken", a=seen.side_name(0), b=seen.side_name(1),
                        x=taken[0], y=taken[1]))
        if hakem is not None and bid is not None and f.get("phase") == "play":
            need = bid - taken[seen.side(hakem)]
            lines.append(tr("shelem.needs", n=need) if need > 0 else tr("shelem.made"))
    if isinstance(scores, list) and len(scores) == 2:
        target = (f.get("options") or {}).get("target", "")
        lines.append(tr("shelem.match", a=seen.side_name(0), b=seen.side_name(1),
                        x=signed(scores[0]), y=signed(scores[1]), n=target))
    return lines
