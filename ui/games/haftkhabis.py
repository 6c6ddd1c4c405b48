"""The words of Haft Khabis that the table shows: options, actions, log lines, refusals, what a
phase asks and the panel's lines (the penalty pending, the suit in force, the cards in each
hand, the running penalty points to the target), in fa, en and ar. The cards are French cards:
the table names them itself."""

from __future__ import annotations

from collections.abc import Callable

from game.rules.haftkhabis import HaftKhabisObservation
from ui.games import t
from ui.games.speech import Seen, per_seat


def status(seen: Seen[HaftKhabisObservation], tr: Callable[..., str]) -> str | None:
    """On the viewer's turn: name the suit a jack calls; answer a live seven or draw its
    penalty; play or keep the card just drawn; else match the top card or draw."""
    if not seen.mine:
        return None
    f = seen.facts
    if "suit" in seen.verbs:
        return tr("haftkhabis.say.suit")
    if f["penalty"] > 0:
        return tr("haftkhabis.say.seven", n=f["penalty"])
    drawn = f["drawn"]
    if "pass" in seen.verbs and drawn is not None:
        return tr("haftkhabis.say.drawn", card=seen.card(drawn))
    top, suit = f["top"], f["suit"]
    if top is not None and suit:
        return tr("haftkhabis.say.match", card=seen.card(top), suit=seen.card(suit))
    return None


def panel(seen: Seen[HaftKhabisObservation], tr: Callable[..., str]) -> list[str]:
    """The suit in force, a live seven's penalty, which way play runs, the cards in each hand
    and the penalty points so far against the target, seat by seat with their names."""
    f = seen.facts
    lines = []
    if f["suit"]:
        lines.append(tr("haftkhabis.suit", suit=tr(f"suit.{f['suit']}")))
    if f["penalty"] > 0:
        lines.append(tr("haftkhabis.penalty", n=f["penalty"]))
    lines.append(tr(f"table.{f['direction']}"))
    lines.append(tr("haftkhabis.hands", counts=per_seat(seen, f["hands"], tr)))
    key = "haftkhabis.deal_only" if f["length"] == "deal" else "haftkhabis.totals"
    lines.append(tr(key, totals=per_seat(seen, f["totals"], tr), target=f["target"]))
    return lines


STRINGS = {
    "haftkhabis.say.suit": t("سرباز انداختید: خال بعدی را انتخاب کنید",
                             "Your jack: name the suit to follow", "ولدك: اختر النقش التالي"),
    "haftkhabis.say.seven": t("هفت زنده است: با هفت جواب دهید یا {n} کارت بکشید",
                              "A seven is live: answer with a seven or draw {n}",
                              "سبعة قائمة: رُدّ بسبعة أو اسحب {n}"),
    "haftkhabis.say.drawn": t("{card} را کشیدید: بازی‌اش کنید یا نگهش دارید",
                              "You drew the {card}: play it or keep it",
                              "سحبت {card}: العبها أو احتفظ بها"),
    "haftkhabis.say.match": t("نوبت شما: روی {card} برگی از {suit} یا هم‌عدد بیندازید، یا بکشید",
                              "Your turn: match the {card} by {suit} or rank, or draw",
                              "دورك: طابق {card} بالنقش {suit} أو بالرقم، أو اسحب"),
    "haftkhabis.suit": t("خال بازی: {suit}", "Suit in play: {suit}", "النقش المطلوب: {suit}"),
    "haftkhabis.penalty": t("هفت زنده: {n} کارت جریمه، مگر با هفت جواب دهد",
                            "A seven is live: draw {n} unless you answer with a seven",
                            "سبعة قائمة: اسحب {n} إلا إذا رددت بسبعة"),
    "haftkhabis.hands": t("کارت در دست: {counts}", "Cards in hand: {counts}",
                          "الأوراق في اليد: {counts}"),
    "haftkhabis.totals": t("امتیاز منفی (تا {target}): {totals}",
                           "Penalty points (to {target}): {totals}",
                           "نقاط الجزاء (حتى {target}): {totals}"),
    "haftkhabis.deal_only": t("یک دست · امتیاز منفی: {totals}",
                              "One deal · penalty points: {totals}",
                              "توزيعة واحدة · نقاط الجزاء: {totals}"),
    "phase.haftkhabis.suit": t("خال بعدی را انتخاب کنید", "Name the suit to follow",
                               "اختر النقش التالي"),
    "phase.haftkhabis.drawn": t("کارت کشیده‌شده را اگر می‌خورد بازی کنید، یا نگه دارید",
                                "Play the card drawn if it fits, or keep it",
                                "العب الورقة المسحوبة إن طابقت، أو احتفظ بها"),
    "sheet.haftkhabis.points": t("امتیاز منفی این دست", "Penalty this deal",
                                 "جزاء هذه التوزيعة"),
    "sheet.haftkhabis.total": t("جمع امتیاز منفی", "Penalty total", "مجموع الجزاء"),
    "opt.haftkhabis.target": t("امتیاز پایان بازی", "Penalty points that end the match",
                               "نقاط الجزاء لنهاية المباراة"),
    "opt.haftkhabis.length": t("طول بازی", "Length", "طول اللعب"),
    "optval.haftkhabis.length.match": t("مسابقهٔ کامل", "Whole match", "مباراة كاملة"),
    "optval.haftkhabis.length.deal": t("یک دست", "One deal", "توزيعة واحدة"),
    "opt.haftkhabis.sevens": t("جریمهٔ هر هفت", "Cards a seven costs", "أوراق جزاء السبعة"),
    "optval.haftkhabis.sevens.2": t("2، 4، 6", "2, 4, 6", "2، 4، 6"),
    "optval.haftkhabis.sevens.3": t("3، 6، 12 (ترکی)", "3, 6, 12 (Turkish)", "3، 6، 12 (تركية)"),
    "opt.haftkhabis.draw_until": t("کشیدن تا کارت جور", "Draw until a card fits",
                                   "اسحب حتى تطابق ورقة"),
    "optval.haftkhabis.draw_until.False": t("فقط یک کارت", "One card only", "ورقة واحدة فقط"),
    "optval.haftkhabis.draw_until.True": t("تا کارت جور بیاید", "Until one fits",
                                           "حتى تطابق ورقة"),
    "act.play": t("بازی", "Play", "العب"),
    "act.draw": t("بکش", "Draw", "اسحب"),
    "act.pass": t("نگه دار", "Keep it", "احتفظ بها"),
    "act.suit": t("خال", "Suit", "النقش"),
    "log.turnup": t("کارت اول: {card}", "First card: {card}", "الورقة الأولى: {card}"),
    "log.start": t("{who} شروع می‌کند", "{who} starts", "{who} يبدأ"),
    "log.play": t("{who}: {card}", "{who}: {card}", "{who}: {card}"),
    "log.drew": t("{who} {count} کارت کشید", "{who} draws {count}", "{who} يسحب {count}"),
    "log.pass": t("{who} کارت را نگه داشت", "{who} keeps the card", "{who} يحتفظ بالورقة"),
    "log.suit": t("{who} خال را {suit} کرد", "{who} names {suit}", "{who} يختار {suit}"),
    "log.skip": t("نوبت {who} سوخت", "{who} loses the turn", "{who} يفقد دوره"),
    "log.again": t("{who} دوباره بازی می‌کند", "{who} plays again", "{who} يلعب مرة أخرى"),
    "log.reverse": t("جهت بازی برگشت", "Play turns the other way", "انعكس اتجاه اللعب"),
    "log.penalty": t("هفت به {who} خورد: {count} کارت", "The seven lands on {who}: {count} cards",
                     "السبعة على {who}: {count} أوراق"),
    "log.reshuffle": t("کارت‌های زمین بر زده شد", "The pile is shuffled into a new stock",
                       "خُلطت الكومة رصيدًا جديدًا"),
    "log.blocked": t("کارتی برای کشیدن نماند و کسی بازی نکرد",
                     "Nothing left to draw and nobody plays",
                     "لم يبقَ ما يُسحب ولا أحد يلعب"),
    "log.deal_end": t("{who} دست را برد", "{who} wins the deal", "{who} يربح التوزيعة"),
    "log.won": t("{who} برنده شد", "{who} wins", "{who} يفوز"),
    "why.turn": t("نوبت شما نیست", "it is not your turn", "ليس دورك"),
    "why.name_suit": t("اول خال را انتخاب کنید", "name the suit first", "اختر النقش أولًا"),
    "why.no_suit": t("خال فقط بعد از سرباز انتخاب می‌شود", "a suit is named only after a jack",
                     "يُختار النقش بعد الولد فقط"),
    "why.not_held": t("{card} در دست شما نیست", "you do not hold {card}", "لا تملك {card}"),
    "why.drawn_only": t("حالا فقط کارتی که کشیدید بازی می‌شود",
                        "only the card just drawn may be played now",
                        "الآن تُلعب الورقة المسحوبة فقط"),
    "why.draw_again": t("جور نیست: باز بکشید", "it does not fit: draw again",
                        "لا تطابق: اسحب مرة أخرى"),
    "why.drawn": t("کارتی را که کشیدید بازی کنید یا نگه دارید",
                   "play the card you drew, or keep it",
                   "العب الورقة التي سحبتها أو احتفظ بها"),
    "why.no_pass": t("فقط پس از کشیدن می‌شود نگه داشت: بازی کنید یا بکشید",
                     "pass only after drawing: play or draw",
                     "لا تمرير إلا بعد السحب: العب أو اسحب"),
    "why.seven": t("هفت زنده است: با هفت جواب دهید یا {count} کارت بکشید",
                   "a seven is live: answer with a seven or draw {count}",
                   "سبعة قائمة: رد بسبعة أو اسحب {count}"),
    "why.match": t("{card} نه هم‌خال {suit} است نه هم‌عدد کارت زمین",
                   "{card} matches neither the suit in force ({suit}) nor the rank on the pile",
                   "{card} لا يطابق النقش المطلوب ({suit}) ولا رقم ورقة الكومة"),
    # the guided first deal (ui.lessons): each step's words, then its end
    "lesson.haftkhabis.0": t('روی برگ رو، برگی از همان خال یا همان ارزش بگذارید. ربات 5 گشنیز آمد: 9 گشنیز شما هم\u200cخال آن است.',
      'Cover the top card with one of its suit or its rank. The bot played the 5 of clubs: your 9 of clubs matches its suit.',
      'غطِّ الورقة العليا بورقة من نقشها أو من قيمتها. لعب الروبوت 5 السباتي: 9 السباتي عندك من النقش نفسه.'),
    "lesson.haftkhabis.1": t('ربات روی 9 شما 9 خشت گذاشت. هفت، نفر بعدی را مجبور می\u200cکند دو برگ بکشد، مگر اینکه او هم هفت بیاید: 7 خشت را بازی کنید.',
      'The bot matched your 9 with its 9 of diamonds. A seven makes the next player draw two cards unless they answer with a seven: play your 7 of diamonds.',
      'ردّ الروبوت على تسعتك بـ9 الديناري. السبعة تُلزم اللاعب التالي بسحب ورقتين إلا إذا ردّ بسبعة: العب 7 الديناري.'),
    "lesson.haftkhabis.2": t('ربات دو برگ کشید. آس نوبت نفر بعدی را می\u200cسوزاند: آس خشت را بازی کنید تا دوباره نوبت شما شود.',
      'The bot drew two. An ace makes the next player miss a turn: play your ace of diamonds, and you play again.',
      'سحب الروبوت ورقتين. الآص يُفقد اللاعب التالي دوره: العب آص الديناري ويعود الدور إليك.'),
    "lesson.haftkhabis.3": t('هشت هم یک نوبت دیگر به شما می\u200cدهد: 8 خشت را بازی کنید.',
      'An eight lets you play again too: play your 8 of diamonds.',
      'الثمانية أيضًا تمنحك دورًا آخر: العب 8 الديناري.'),
    "lesson.haftkhabis.4": t('سرباز روی هر برگی می\u200cنشیند (جز هفتی که هنوز اثر دارد) و بعد شما خالی را تعیین می\u200cکنید که نفر بعدی باید بیاید: سرباز را بازی کنید.',
      'A jack goes on any card (but a live seven), and then you name the suit the next player must play: play your jack.',
      'الولد يُلعب على أي ورقة (إلا سبعة ما زال أثرها)، ثم تسمّي النقش الذي على التالي أن يلعبه: العب الولد.'),
    "lesson.haftkhabis.5": t('پیک را بگویید: دو پیک دارید و شاید ربات هیچ پیکی نداشته باشد.',
      'Name spades: you hold two of them, and the bot may hold none.',
      'سمِّ البستوني: معك ورقتان منه، وقد لا يكون مع الروبوت شيء منه.'),
    "lesson.haftkhabis.6": t('ربات پیک نداشت و یک برگ کشید. 6 پیک را بازی کنید.',
      'The bot had no spade and drew a card. Play your 6 of spades.',
      'لم يكن مع الروبوت بستوني فسحب ورقة. العب 6 البستوني.'),
    "lesson.haftkhabis.7": t('آخرین برگ\u200cتان، 3 پیک، جور است: بازی\u200cاش کنید تا دستتان خالی شود. این دست را بردید و امتیاز برگ\u200cهای مانده در دست ربات به حساب او می\u200cرود.',
      'Your last card, the 3 of spades, matches: play it and your hand is empty. You win the deal; the bot scores the cards left in its hand.',
      'آخر ورقة معك، 3 البستوني، مناسبة: العبها فتفرغ يدك. ربحت الجولة، وتُحسب على الروبوت الأوراق الباقية في يده.'),
    "lesson.haftkhabis.done": t('کمترین جمع امتیاز، برنده\u200cی مسابقه است. درس تمام شد.',
      'The lowest total wins the match. The lesson is over.',
      'الأقل مجموعًا يربح المباراة. انتهى الدرس.'),
}
