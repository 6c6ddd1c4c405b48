"""The words of pasur that the table shows: options, actions, log lines and refusals, fa/en/ar,
and its panel's lines (clubs taken, each side's points this deal and its surs, the running totals
against the target)."""

from __future__ import annotations

from collections.abc import Callable

from game.rules.pasur import PasurObservation
from ui.games import t
from ui.games.speech import Seen


def status(seen: Seen[PasurObservation], tr: Callable[..., str]) -> str | None:
    """On the viewer's turn: capture (by dragging the card, or choosing a set where a card
    captures in several ways), lay a card that captures nothing, or both; else None."""
    if not seen.mine:
        return None
    takes = [arg.split()[0] for arg in seen.args("take")]
    sets = any(takes.count(card) > 1 for card in takes)  # then a button for each set
    if takes:
        key = "pasur.say.either" if "play" in seen.verbs else "pasur.say.take"
        return tr(key) + (tr("pasur.say.sets") if sets else "")
    return tr("pasur.say.lay") if "play" in seen.verbs else None


def panel(seen: Seen[PasurObservation], tr: Callable[..., str]) -> list[str]:
    """Per side, by its players' names: cards and clubs taken, points so far this deal, surs;
    then the totals against the target and the hand of the deal."""
    f = seen.facts
    clubs, surs, taken, points = f["clubs"], f["surs"], f["taken"], f["side_points"]
    lines = []
    for i, side in enumerate(f["sides"]):
        who = tr("table.and").join(seen.name(s) for s in side)
        lines.append(tr("pasur.side", who=who, cards=sum(taken[s] for s in side),
                        clubs=sum(clubs[s] for s in side),
                        points=points[i], surs=sum(surs[s] for s in side)))
    lines.append(tr("pasur.totals", totals=" – ".join(str(x) for x in f["totals"]),
                    n=f["target"]))
    lines.append(tr("pasur.hand", n=f["hand_no"], of=f["hands"]))
    return lines


STRINGS = {
    "pasur.side": t("{who}: {cards} برگ، {clubs} خاج، {points} امتیاز، {surs} سور",
                    "{who}: {cards} cards, clubs {clubs}, {points} points, surs {surs}",
                    "{who}: {cards} ورقة، {clubs} سباتي، {points} نقطة، {surs} سور"),
    "pasur.say.either": t("نوبت شما: برگی را روی زمین بکشید تا بردارد، یا برگی بگذارید که چیزی "
                          "برنمی‌دارد",
                          "Your turn: drag a card onto the table to capture, or lay one that "
                          "takes nothing",
                          "دورك: اسحب ورقة إلى الطاولة لتأخذ، أو ضع ورقة لا تأخذ شيئًا"),
    "pasur.say.take": t("نوبت شما: باید بردارید؛ برگ را روی زمین بکشید",
                        "Your turn: you must capture; drag the card onto the table",
                        "دورك: عليك أن تأخذ؛ اسحب الورقة إلى الطاولة"),
    "pasur.say.sets": t(" (برگی که چند جور برمی‌دارد: دسته را در گوشه انتخاب کنید)",
                        " (a card that captures in several ways: choose its set in the corner)",
                        " (ورقة تأخذ بأكثر من طريقة: اختر المجموعة في الزاوية)"),
    "pasur.say.lay": t("نوبت شما: هیچ برگی برنمی‌دارد؛ برگی روی زمین بگذارید",
                       "Your turn: nothing you hold captures; lay a card on the table",
                       "دورك: لا شيء في يدك يأخذ؛ ضع ورقة على الطاولة"),
    "pasur.totals": t("جمع: {totals} (بازی تا {n})", "Totals: {totals} (game to {n})",
                      "المجموع: {totals} (اللعب حتى {n})"),
    "pasur.hand": t("دست {n} از {of}", "Hand {n} of {of}", "الجولة {n} من {of}"),
    "phase.pasur.play": t("با برگی که با برگ‌های زمین یازده شود بردار؛ شاه شاه را، بی‌بی بی‌بی را، "
                          "سرباز همه را",
                          "Capture cards that make eleven with yours; king takes king, queen "
                          "queen, jack all",
                          "خذ الأوراق التي تكمل معها أحد عشر؛ الملك يأخذ الملك، والبنت البنت، "
                          "والولد الكل"),
    "sheet.pasur.deal": t("دست", "Deal", "التوزيعة"),
    "opt.pasur.target": t("امتیاز پایان بازی", "Points to win", "نقاط الفوز"),
    "opt.pasur.sur_last": t("سور در آخرین بازی", "Sur at the end of the deal",
                            "السور في آخر التوزيعة"),
    "optval.pasur.sur_last.play": t("آخرین برگ دست سور نمی‌شود", "Not on the last play",
                                    "ليس في آخر لعبة"),
    "optval.pasur.sur_last.hand": t("در دست آخر سور نیست", "None in the last hand",
                                    "لا سور في الجولة الأخيرة"),
    "optval.pasur.sur_last.yes": t("همیشه سور", "Always a sur", "السور دائمًا"),
    "opt.pasur.jack_sur": t("سور با سرباز", "Sur with a jack", "السور بالولد"),
    "optval.pasur.jack_sur.no": t("هرگز", "Never", "أبدًا"),
    "optval.pasur.jack_sur.alone": t("وقتی فقط سرباز بردارد", "When it takes only jacks",
                                     "إذا أخذ أولادًا فقط"),
    "opt.pasur.sur_points": t("امتیاز هر سور", "Points of a sur", "نقاط السور"),
    "opt.pasur.sur_cancel": t("سور سورِ حریف را پاک کند", "A sur cancels an opponent's sur",
                              "السور يلغي سور الخصم"),
    "optval.pasur.sur_cancel.no": t("نه", "No", "لا"),
    "optval.pasur.sur_cancel.yes": t("بله", "Yes", "نعم"),
    "opt.pasur.clubs": t("امتیاز خاج", "Clubs points", "نقاط السباتي"),
    "optval.pasur.clubs.seven": t("فقط با هفت خاج", "Only with seven clubs",
                                  "بسبع سباتي فقط"),
    "optval.pasur.clubs.most": t("سه‌نفره: به بیشترین خاج", "Three players: to the most clubs",
                                 "لثلاثة: لصاحب أكثر سباتي"),
    "opt.pasur.capture": t("برگی که می‌تواند بردارد", "A card that can capture",
                           "الورقة التي تستطيع الأخذ"),
    "optval.pasur.capture.forced": t("باید بردارد", "Must capture", "يجب أن تأخذ"),
    "optval.pasur.capture.free": t("می‌تواند زمین بماند", "May also be laid",
                                   "يجوز وضعها أيضًا"),
    "opt.pasur.length": t("طول بازی", "Length", "طول اللعب"),
    "optval.pasur.length.match": t("مسابقهٔ کامل", "Whole match", "مباراة كاملة"),
    "optval.pasur.length.deal": t("یک دست", "One deal", "توزيعة واحدة"),
    "act.play": t("بازی کن", "Play", "العب"),
    "act.take": t("بردار", "Take", "خذ"),
    "log.turn": t("نوبت {who}", "{who}'s turn", "دور {who}"),
    "log.play": t("{who} {card} را زمین گذاشت", "{who} lays {card}", "{who} يضع {card}"),
    "log.take": t("{who} با {card} برداشت: {cards}", "{who} takes {cards} with {card}",
                  "{who} يأخذ {cards} بـ{card}"),
    "log.sur": t("{who} سور زد!", "{who} makes a sur!", "{who} يسجل سورًا!"),
    "log.sur_cancel": t("سورِ {who} یک سورِ حریف را پاک کرد",
                        "{who}'s sur cancels one of the other side's",
                        "سور {who} يلغي سورًا للخصم"),
    "log.sweep": t("برگ‌های مانده به {who} رسید: {cards}", "{who} takes what is left: {cards}",
                   "يأخذ {who} ما تبقى: {cards}"),
    "log.table": t("چهار برگ رو به زمین آمد", "Four cards are dealt face up to the table",
                   "وُزّعت أربع أوراق مكشوفة على الطاولة"),
    "log.bury": t("سرباز زمین ({card}) در دسته گم شد و برگی جایش آمد",
                  "The jack on the table ({card}) is buried in the pack and replaced",
                  "دُفن الولد ({card}) في الرزمة وحلّت محله ورقة"),
    "log.redeal": t("برگ‌های زمین پذیرفتنی نبود: دوباره بُر و پخش شد",
                    "The table cards could not stand: shuffled and dealt again",
                    "لا تصح أوراق الطاولة: خُلطت ووُزّعت من جديد"),
    "log.hand": t("دست تازه: چهار برگ به هر نفر", "A new hand: four cards each",
                  "جولة جديدة: أربع أوراق لكل لاعب"),
    "log.deal_end": t("پایان دست: {points} (جمع {totals})", "Deal over: {points} (totals {totals})",
                      "انتهت التوزيعة: {points} (المجموع {totals})"),
    "log.match": t("پایان بازی: {who} برد", "Match over: {who} wins", "انتهت المباراة: فاز {who}"),
    "why.not_held": t("{card} در دستت نیست", "You do not hold {card}", "ليست {card} في يدك"),
    "why.must_capture": t("{card} می‌تواند بردارد: با آن بردار", "{card} can capture: take with it",
                          "{card} تستطيع الأخذ: خذ بها"),
    "why.not_on_table": t("{card} روی زمین نیست", "{card} is not on the table",
                          "{card} ليست على الطاولة"),
    "why.not_eleven": t("{card} با {cards} یازده نمی‌شود", "{card} and {cards} do not make eleven",
                        "{card} مع {cards} لا تكمل أحد عشر"),
    "why.numerals_only": t("برگ عددی فقط برگ عددی برمی‌دارد",
                           "A numeral card takes only numeral cards",
                           "الورقة الرقمية تأخذ أوراقًا رقمية فقط"),
    "why.pair_only": t("بی‌بی فقط یک بی‌بی و شاه فقط یک شاه برمی‌دارد",
                       "A queen takes one queen, a king one king",
                       "البنت تأخذ بنتًا واحدة والملك ملكًا واحدًا"),
    "why.jack_all": t("سرباز همهٔ برگ‌های عددی و سربازهای زمین را برمی‌دارد، نه بی‌بی و شاه را",
                      "A jack takes every numeral card and jack on the table, and no queen or "
                      "king",
                      "الولد يأخذ كل الأوراق الرقمية والأولاد على الطاولة، لا البنت ولا الملك"),
    "why.not_now": t("این کار حالا مجاز نیست", "That is not allowed now", "هذا غير مسموح الآن"),
    # the guided first deal (ui.lessons): each step's words, then its end
    "lesson.pasur.0": t('پاسور بازیِ یازده است: برگ عددی، برگ\u200cهایی از زمین را که با آن یازده می\u200cشوند برمی\u200cدارد. 6 گشنیز را روی 5 دل بیندازید.',
      'Pasur is a game of eleven: a number card takes the table cards that make 11 with it. Play your 6 of clubs on the 5 of hearts.',
      'باسور لعبة الأحد عشر: الورقة الرقمية تأخذ من الأرض ما يكمل معها 11. العب 6 السباتي على 5 الكبة.'),
    "lesson.pasur.1": t('آس یک حساب می\u200cشود: با 3 و 7 یازده می\u200cشود و همه\u200cی برگ\u200cهای زمین را برمی\u200cدارد. خالی کردن زمین سور است: 5 امتیاز.',
      'The ace counts 1: with the 3 and the 7 it makes 11, and takes every card on the table. Clearing the table is a sur: 5 points.',
      'الآص يُعدّ 1: مع الـ3 والـ7 يصير 11 ويأخذ كل أوراق الأرض. تنظيف الأرض سُور: 5 نقاط.'),
    "lesson.pasur.2": t('ربات چیزی نمی\u200cتوانست بردارد و 9 اش روی زمین ماند. سرباز همه\u200cی برگ\u200cهای عددی و سربازهای زمین را برمی\u200cدارد (نه بی\u200cبی و شاه را)، ولی با سرباز سور نمی\u200cشود.',
      'The bot could take nothing, so its 9 stays on the table. A jack takes every number card and jack there (never queens or kings), but a jack makes no sur.',
      'لم يستطع الروبوت أخذ شيء فبقيت ورقته 9 على الأرض. الولد يأخذ كل الأوراق الرقمية والأولاد (لا البنات ولا الشيّاب)، لكنه لا يصنع سُورًا.'),
    "lesson.pasur.3": t('بی\u200cبی فقط بی\u200cبی برمی\u200cدارد و شاه فقط شاه. بی\u200cبی ربات را با بی\u200cبی خودتان بردارید: زمین دوباره خالی شد، یک سور دیگر.',
      "A queen takes only a queen, and a king only a king. Take the bot's queen with yours: the table is clear again, another sur.",
      'البنت لا تأخذ إلا بنتًا، والشايب إلا شايبًا. خذ بنت الروبوت ببنتك: خلت الأرض من جديد، سُور آخر.'),
    "lesson.pasur.done": t('در پایان: هفت گشنیز یا بیشتر 7 امتیاز، 2 گشنیز 2، 10 خشت 3، و هر آس و سرباز 1. درس تمام شد: ادامه دهید.',
      'At the end: seven clubs or more 7 points, the 2 of clubs 2, the 10 of diamonds 3, each ace and jack 1. The lesson is over: play on.',
      'في النهاية: سبع أوراق سباتي أو أكثر 7 نقاط، و2 السباتي 2، و10 الديناري 3، وكل آص وولد 1. انتهى الدرس: تابع اللعب.'),
}
