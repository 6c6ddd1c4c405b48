"""The words of rim that the table shows: options, actions, log lines and refusals, fa/en/ar,
and its panel's lines (the unmatched points still in the viewer's hand, the score to reach)."""

from __future__ import annotations

from collections.abc import Callable
from game.rules.rim import RimObservation
from ui.games import t
from ui.games.speech import Seen, per_seat
from ui.plural import counted


def info_lines(facts: RimObservation, tr: Callable[..., str]) -> list[str]:
    """The points the viewer's hand would still count against it, and the match's target."""
    lines = []
    unmatched = facts.get("unmatched")
    if unmatched is not None:
        lines.append(tr("rim.unmatched", n=unmatched["points"]))
    lines.append(tr("rim.target", n=facts["target"]))
    return lines


STRINGS = {
    "rim.target": t("بازی تا {n} امتیاز", "Game to {n} points", "اللعب حتى {n} نقطة"),
    "opt.rim.target": t("امتیاز پایان بازی", "Points to win", "نقاط الفوز"),
    "opt.rim.aces": t("تک در ردیف", "The ace in runs", "الآس في السلسلة"),
    "optval.rim.aces.both": t("هم پایین هم بالا", "Low and high", "منخفض وعالٍ"),
    "optval.rim.aces.low": t("فقط پایین (تک، دو، سه)", "Low only (ace, two, three)",
                             "منخفض فقط (آس، اثنان، ثلاثة)"),
    "opt.rim.lay_off": t("اضافه کردن به دسته‌ها", "Adding to melds", "الإضافة إلى المجموعات"),
    "optval.rim.lay_off.any": t("به هر دسته‌ای روی زمین", "To any meld on the table",
                                "إلى أي مجموعة على الطاولة"),
    "optval.rim.lay_off.own": t("فقط به دسته‌های خود", "Only to one's own melds",
                                "إلى مجموعاتك فقط"),
    "opt.rim.length": t("طول بازی", "Length", "طول اللعب"),
    "optval.rim.length.match": t("مسابقهٔ کامل", "Whole match", "مباراة كاملة"),
    "optval.rim.length.deal": t("یک دست", "One deal", "توزيعة واحدة"),
    "act.draw": t("از دسته بکش", "Draw from the stock", "اسحب من الكومة"),
    "act.take": t("برگ زمین را بردار", "Take the discard", "خذ الورقة المرمية"),
    "act.meld": t("دسته بگذار", "Lay a meld", "ضع مجموعة"),
    "act.add": t("به دسته اضافه کن", "Add to a meld", "أضف إلى مجموعة"),
    "act.discard": t("بینداز", "Discard", "ارمِ"),
    "log.turn": t("نوبت {who}", "{who}'s turn", "دور {who}"),
    "log.draw": t("{who} از دسته کشید", "{who} draws from the stock", "{who} يسحب من الكومة"),
    "log.take": t("{who} برگ زمین را برداشت: {card}", "{who} takes the discard: {card}",
                  "{who} يأخذ الورقة المرمية: {card}"),
    "log.discard": t("{who} انداخت: {card}", "{who} discards {card}", "{who} يرمي {card}"),
    "log.meld": t("{who} دسته‌ای زمین گذاشت", "{who} lays a meld", "{who} يضع مجموعة"),
    "log.add": t("{who} {card} را به دسته‌ای اضافه کرد", "{who} adds {card} to a meld",
                 "{who} يضيف {card} إلى مجموعة"),
    "log.restock": t("دسته تمام شد: برگ‌های زمین بُر خورد و دسته شد",
                     "The stock is spent: the discards are shuffled into a new stock",
                     "نفدت الكومة: خُلطت الأوراق المرمية كومةً جديدة"),
    "log.reveal": t("{who} {points} امتیاز جور نشده در دست داشت",
                    "{who} held {points} unmatched points",
                    "كان في يد {who} {points} نقطة غير مرتبة"),
    "log.scored": t("{who} {points} امتیاز گرفت", "{who} scores {points}",
                    "{who} يسجل {points}"),
    "log.no_score": t("کسی امتیاز نگرفت", "Nobody scores", "لم يسجل أحد"),
    "log.match": t("پایان بازی: {who} برد", "Match over: {who} wins", "انتهت المباراة: فاز {who}"),
    "why.draw_first": t("اول یک برگ بردار: از دسته یا از زمین",
                        "Take a card first: from the stock or the discard",
                        "خذ ورقة أولًا: من الكومة أو من المرمية"),
    "why.no_discard": t("زمین برگی ندارد", "The discard pile is empty", "لا أوراق مرمية"),
    "why.open_discard": t("اول پخش‌کننده یک برگ می‌اندازد", "The dealer first discards a card",
                          "يرمي الموزع ورقة أولًا"),
    "why.drawn": t("این نوبت برگت را برداشته‌ای", "You have already taken a card this turn",
                   "أخذت ورقتك في هذا الدور"),
    "why.not_held": t("{card} در دستت نیست", "You do not hold {card}", "ليست {card} في يدك"),
    "why.taken_back": t("{card} را همین الان برداشتی و نمی‌توانی بیندازی",
                        "You may not discard {card}: you just took it",
                        "لا يمكنك رمي {card}: أخذتها للتو"),
    "why.not_meld": t("این برگ‌ها نه ردیف‌اند نه جفت‌های هم‌عدد: {cards}",
                      "Not a run or a set: {cards}",
                      "ليست سلسلة ولا مجموعة متماثلة: {cards}"),
    "why.keep_discard": t("یک برگ غیر از {card} برای انداختن نگه دار",
                          "Keep a card to discard other than {card}",
                          "احتفظ بورقة ترميها غير {card}"),
    "why.no_meld": t("چنین دسته‌ای روی زمین نیست", "There is no such meld on the table",
                     "لا توجد مجموعة كهذه على الطاولة"),
    "why.own_melds": t("فقط به دسته‌های خودت می‌توانی اضافه کنی",
                       "You may add only to your own melds",
                       "يمكنك الإضافة إلى مجموعاتك فقط"),
    "why.no_fit": t("{card} به این دسته نمی‌خورد", "{card} does not fit that meld",
                    "{card} لا تناسب هذه المجموعة"),
    "why.not_now": t("این کار حالا مجاز نیست", "That is not allowed now",
                     "هذا غير مسموح الآن"),
    "rim.unmatched": t("جور نشده در دست شما: {n} امتیاز", "Unmatched in your hand: {n} points",
                       "غير المرتّب في يدك: {n} نقطة"),
    "rim.say.draw_take": t("از دسته بکشید یا {card} را بردارید",
      "Draw from the stock or take the {card}",
      "اسحب من الكومة أو خذ {card}"),
    "rim.say.draw": t("از دسته بکشید", "Draw from the stock", "اسحب من الكومة"),
    "rim.say.open": t("یک برگ بیندازید تا دست شروع شود", "Discard a card to open the deal",
      "ارمِ ورقة لتبدأ التوزيعة"),
    "rim.say.meld": t(
      "برگ‌های دسته را بالا بیاورید و بگذارید یا به دسته‌ای اضافه کنید، بعد بیندازید",
      "Lift a meld's cards and lay it, or add to one; then discard",
      "ارفع أوراق مجموعة وضعها أو أضف إلى واحدة، ثم ارمِ ورقة"),
    "rim.say.discard": t("یک برگ بیندازید", "Discard a card", "ارمِ ورقة"),
    "rim.stock": counted("برگ‌های دسته: {n}", {"one": "Stock: {n} card", "other": "Stock: {n} cards"},
                         {"zero": "الكومة: {n} ورقة", "one": "الكومة: ورقة واحدة",
                          "two": "الكومة: ورقتان", "few": "الكومة: {n} أوراق",
                          "many": "الكومة: {n} ورقة", "other": "الكومة: {n} ورقة"}),
    # the guided first deal (ui.lessons): each step's words, then its end
    "lesson.rim.0": t('شما دست دادید و 11 برگ دارید: با انداختن یک برگ شروع کنید. 2 پیک به هیچ برگی نمی\u200cخورد.',
      'You dealt, so you hold 11: start by discarding one. The 2 of spades fits nothing.',
      'أنت الموزّع ومعك 11 ورقة: ابدأ برمي ورقة. 2 البستوني لا يناسب شيئًا.'),
    "lesson.rim.1": t('هر نوبت یک برگ بردارید: از دسته یا از زمین. 9 پیک را بردارید: سه 9 می\u200cشود.',
      'Take a card each turn: from the stock or the discard pile. Take the 9 of spades: three nines.',
      'خذ ورقة كل دور: من الرزمة أو من المرمية. خذ 9 البستوني: تصير معك ثلاث تسعات.'),
    "lesson.rim.2": t('دسته: سه برگ پشت سر هم از یک خال یا سه برگ هم\u200cارزش. 5 و 6 و 7 دل را بخوابانید.',
      'A meld: three or more in a row of one suit, or three of a rank. Lay down the 5, 6, 7 of hearts.',
      'التشكيلة: ثلاث متتالية من نقش واحد أو ثلاث من قيمة واحدة. انزل بـ5 و6 و7 الكبة.'),
    "lesson.rim.3": t('سه شاه هم یک دسته\u200cاند: آن\u200cها را هم بخوابانید.',
      'Three kings are a set: lay them down too.',
      'ثلاثة شيّاب تشكيلة أيضًا: انزل بها.'),
    "lesson.rim.4": t('و سه 9 را، با همانی که برداشتید.',
      'And the three nines, with the one you took.',
      'والتسعات الثلاث، مع التي أخذتها.'),
    "lesson.rim.5": t('نوبت را با انداختن برگ تمام کنید. برگ\u200cهای مانده به نفع برنده است: بی\u200cبی (12) را بیندازید، 4 را نگه دارید.',
      'End your turn with a discard. Unmatched cards count for the winner: throw the queen (12), keep the 4.',
      'أنهِ دورك برمي ورقة. الأوراق الباقية تُحسب للفائز: ارمِ البنت (12) واحتفظ بالـ4.'),
    "lesson.rim.6": t('2 خشتِ روی زمین به کارتان نمی\u200cآید: از روی دسته بکشید.',
      'The 2 of diamonds on the pile is no use to you: draw from the stock.',
      '2 الديناري على الأرض لا ينفعك: اسحب من الرزمة.'),
    "lesson.rim.7": t('8 دل دنباله\u200cی شما را ادامه می\u200cدهد: آن را به 5 و 6 و 7 دل اضافه کنید.',
      'The 8 of hearts extends your run: add it to your 5, 6, 7 of hearts.',
      '8 الكبة تُطيل تتاليك: أضفها إلى 5 و6 و7 الكبة.'),
    "lesson.rim.8": t('آخرین برگ را بیندازید: دستتان خالی می\u200cشود، برنده می\u200cشوید و امتیاز برگ\u200cهای ربات مال شماست.',
      "Discard your last card: your hand is empty, you go out and score the bot's cards.",
      'ارمِ آخر ورقة: تفرغ يدك فتربح وتكسب نقاط أوراق الروبوت.'),
    "lesson.rim.done": t('اول شما دستتان را خالی کردید: این دست مال شماست. درس تمام شد.',
      'You went out first: the deal is yours. The lesson is over.',
      'أفرغت يدك أولًا: الجولة لك. انتهى الدرس.'),
}


def status(seen: Seen[RimObservation], tr: Callable[..., str]) -> str | None:
    """Drawing (the stock, or the discard's top card by name), then melding and discarding."""
    if not seen.mine:
        return None
    phase = seen.facts["phase"]
    top = next((c for c in reversed(seen.zones.get("discard", [])) if c), None)
    if phase == "draw":
        if "take" in seen.verbs and top:
            return tr("rim.say.draw_take", card=seen.card(top))
        return tr("rim.say.draw")
    if phase == "open":
        return tr("rim.say.open")
    if "meld" in seen.verbs or "add" in seen.verbs:
        return tr("rim.say.meld")
    return tr("rim.say.discard")


def panel(seen: Seen[RimObservation], tr: Callable[..., str]) -> list[str]:
    """Both players' points and the cards left in the stock (the target: `info_lines`)."""
    return [tr("say.scores", scores=per_seat(seen, seen.facts["totals"], tr)),
            tr("rim.stock", n=seen.count("stock"))]
