"""The words of Bi-Del that the table shows: options, the pass button, log lines and refusals, in
fa, en, ar."""

from __future__ import annotations

from collections.abc import Callable

from game.rules.bidel import BiDelObservation
from ui.games import t
from ui.games.speech import Seen, chosen, others, per_seat, trick_play

STRINGS = {
    "opt.bidel.limit": t("حد امتیاز منفی (بازنده)",
      "Penalty limit (ends the match)",
      "حد النقاط السالبة (ينهي المباراة)"),
    "optval.bidel.limit.300": t("۳۰۰", "300", "300"),
    "optval.bidel.limit.100": t("۱۰۰", "100", "100"),
    "optval.bidel.limit.50": t("۵۰", "50", "50"),
    "opt.bidel.removed": t("برگ کنارگذاشته در سه‌نفره",
      "Card set aside with three players",
      "الورقة المستبعدة مع ثلاثة لاعبين"),
    "optval.bidel.removed.2D": t("۲ خشت", "2 of diamonds", "2 ديناري"),
    "optval.bidel.removed.2S": t("۲ پیک", "2 of spades", "2 بستوني"),
    "opt.bidel.length": t("طول بازی",
      "Length",
      "طول اللعب"),
    "optval.bidel.length.match": t("مسابقهٔ کامل",
      "Whole match",
      "مباراة كاملة"),
    "optval.bidel.length.deal": t("یک دست",
      "One deal",
      "توزيعة واحدة"),
    "act.pass": t("پاس", "Pass", "باس"),
    "bidel.pass.right": t("به دست راست", "to the right", "إلى اليمين"),
    "bidel.pass.left": t("به دست چپ", "to the left", "إلى اليسار"),
    "bidel.pass.across": t("به روبه‌رو", "across", "إلى المقابل"),
    "bidel.pass.none": t("بدون رد کردن", "no passing", "بلا تمرير"),
    "bidel.hearts_broken": t("دل باز شده", "Hearts broken", "كُسرت الكبة"),
    "bidel.points": t("منفی این دست", "Penalties this deal", "نقاط هذه التوزيعة"),
    "bidel.totals": t("جمع منفی‌ها", "Running penalties", "مجموع النقاط"),
    "log.pass_chosen": t("{who} سه برگ برای رد کردن انتخاب کرد",
      "{who} has chosen three cards to pass",
      "{who} اختار ثلاث أوراق للتمرير"),
    "log.exchange": t("{who} سه برگ رد کرد", "{who} passes three cards", "{who} يمرر ثلاث أوراق"),
    "log.lead": t("۲ گشنیز دست {who} است؛ او شروع می‌کند",
      "{who} holds the 2 of clubs and leads",
      "{who} يملك 2 سباتي ويبدأ"),
    "log.deal_score": t("پایان دست؛ منفی‌ها: {points}",
      "Deal over; penalties: {points}",
      "انتهت التوزيعة؛ النقاط: {points}"),
    "log.game_over": t("پایان بازی: کمترین منفی برنده است",
      "Match over: the lowest score wins",
      "انتهت المباراة: الأقل نقاطًا يفوز"),
    "why.pass_first": t("اول {n} کارت برای رد کردن انتخاب کنید.",
      "Choose {n} cards to pass first.",
      "اختر أولًا {n} أوراق للتمرير."),
    "why.pass_three": t("درست {n} کارت رد کنید، نه {count}.",
      "Pass exactly {n} cards, not {count}.",
      "مرّر {n} أوراق بالضبط، لا {count}."),
    "why.pass_different": t("{n} کارت متفاوت رد کنید.",
      "Pass {n} different cards.",
      "مرّر {n} أوراق مختلفة."),
    "why.two_leads": t("دست اول را {card} شروع می‌کند.",
      "The {card} leads the first trick.",
      "{card} تبدأ الأكلة الأولى."),
    "why.first_trick": t("در دست اول نه {suit} بازی می‌شود نه {card}.",
      "No {suit} and no {card} on the first trick.",
      "لا {suit} ولا {card} في الأكلة الأولى."),
    "why.hearts_broken": t("دل هنوز باز نشده: با خال دیگری شروع کنید.",
      "Hearts are not broken yet: lead another suit.",
      "لم تُكسر الكبة بعد: ابدأ بنقش آخر."),
    "bidel.say.pass": t("{n} برگ برای رد کردن {way} انتخاب کنید ({chosen} انتخاب شده)",
      "Choose {n} cards to pass {way} ({chosen} chosen)",
      "اختر {n} أوراق لتمريرها {way} ({chosen} مختارة)"),
    "bidel.limit": t("پایان بازی در {n} منفی", "The match ends at {n} penalties",
      "تنتهي المباراة عند {n} نقطة"),
    "bidel.passing": t("رد کردن این دست: {way}", "This deal passes {way}",
      "تمرير هذه التوزيعة: {way}"),
    # the guided first deal (ui.lessons): each step's words, then its end
    "lesson.bidel.0": t('هر دلی که بگیرید 1 امتیاز منفی است و بی\u200cبی پیک 13؛ کمترین جمع برنده است. اول سه برگ به نفر سمت راست\u200cتان بدهید: بی\u200cبی پیک و آس و شاه دل.',
      'Each heart you take costs 1 point, the queen of spades 13: the lowest total wins. First pass three cards to your right: the queen of spades and your ace and king of hearts.',
      'كل كبة تأخذها تكلّفك نقطة، وبنت البستوني 13؛ الأقل مجموعًا يفوز. مرّر أولًا ثلاث أوراق للاعب على يمينك: بنت البستوني وآص الكبة وشايبها.'),
    "lesson.bidel.1": t('سه برگ از نفر سمت چپ\u200cتان گرفتید. هر کس 2 گشنیز دارد دست اول را با آن شروع می\u200cکند: شما. در دست اول نه دل می\u200cآید نه بی\u200cبی پیک.',
      'You received three cards from your left. Whoever holds the 2 of clubs leads it: that is you. No heart and no queen of spades may fall on this first trick.',
      'وصلتك ثلاث أوراق من يسارك. من معه 2 السباتي يبدأ به: أنت. لا كبة ولا بنت بستوني في الأكلة الأولى.'),
    "lesson.bidel.2": t('خشت با بی\u200cبی آمده: 9 خشت را بیایید که زیرِ آن است، تا دست به شما نیفتد.',
      'Diamonds were led with the queen: follow with your 9, under her, so that you do not take the trick.',
      'لُعب الديناري بالبنت: اتبع بـ9 الديناري، وهي أصغر منها، حتى لا تأخذ الأكلة.'),
    "lesson.bidel.3": t('آس و شاه گشنیز بازی شده\u200cاند، پس بی\u200cبی شما بالاترین گشنیز است. هنوز دلی در این دست نیست: حالا که امتیازی ندارد، با بی\u200cبی بگیریدش.',
      'The ace and king of clubs are gone, so your queen is the highest club. No heart is in this trick yet: take it with your queen while it costs nothing.',
      'خرج آص السباتي وشايبه، فبنتك أعلى سباتي. لا كبة في هذه الأكلة بعد: خذها ببنتك وهي بلا نقاط.'),
    "lesson.bidel.4": t('شروع با شماست. پیک کوچک، 4 پیک، را بازی کنید: بی\u200cبی پیک هنوز بیرون است و برگ کوچک آن را نمی\u200cگیرد.',
      'You lead. Lead a low spade, the 4: the queen of spades is still out, and a low card will not take her.',
      'أنت تبدأ. العب بستونيًا صغيرًا، الـ4: بنت البستوني ما زالت في الخارج، والورقة الصغيرة لن تأخذها.'),
    "lesson.bidel.done": t('تا دلی بازی نشده، نمی\u200cشود با دل شروع کرد. اگر همه\u200cی 26 امتیاز را بگیرید، به جای شما به همه\u200cی دیگران 26 می\u200cرسد. درس تمام شد: ادامه دهید.',
      'Hearts may not be led until one has been played. Take all 26 points and everyone else gets 26 instead. The lesson is over: play on.',
      'لا يُبدأ بالكبة حتى تُلعب كبة. ومن أخذ النقاط الـ26 كلها نال الآخرون 26 بدلًا منه. انتهى الدرس: تابع اللعب.'),
}


def status(seen: Seen[BiDelObservation], tr: Callable[..., str]) -> str | None:
    """Choosing the cards to pass (which way, how many chosen), then the tricks."""
    if seen.facts.get("phase") == "pass" and seen.mine:
        way = tr(f"bidel.pass.{seen.facts.get('pass_dir')}")
        return chosen(seen, "pass", tr, "bidel.say.pass", way=way)
    return trick_play(seen, tr) if seen.mine else others(seen, tr)


def panel(seen: Seen[BiDelObservation], tr: Callable[..., str]) -> list[str]:
    """The penalty points taken this deal and the running totals per player, the limit that
    ends the match, and which way this deal's cards pass."""
    f = seen.facts
    lines = []
    if isinstance(f.get("points"), list):
        lines.append(f"{tr('bidel.points')}: {per_seat(seen, f['points'], tr)}")
    if isinstance(f.get("totals"), list):
        lines.append(f"{tr('bidel.totals')}: {per_seat(seen, f['totals'], tr)}")
    limit = (f.get("options") or {}).get("limit")
    if limit:
        lines.append(tr("bidel.limit", n=limit))
    if f.get("pass_dir"):
        lines.append(tr("bidel.passing", way=tr(f"bidel.pass.{f['pass_dir']}")))
    if f.get("hearts_broken"):
        lines.append(tr("bidel.hearts_broken"))
    return lines
