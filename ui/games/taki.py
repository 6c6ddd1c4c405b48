"""The words of Super Taki that the table shows: options, actions, log lines, refusals and the
name of every card, in fa, en and ar.

Card names are made from two tables, the colour words and the figure words (`card_names`): a
coloured card is named figure then colour ("red 5" in English, "۵ قرمز" in Persian), a
colourless card by its figure alone. ``card.R`` ... ``card.Y`` name the colours themselves (the
``colour R`` action, a refusal naming the colour of a Taki run).
"""

from __future__ import annotations

from collections.abc import Callable

from game.rules.taki import ALL_CARDS, TakiObservation
from ui.games import t
from ui.games.speech import Seen

COLOUR_WORDS = {
    "R": t("قرمز", "red", "أحمر"),
    "G": t("سبز", "green", "أخضر"),
    "B": t("آبی", "blue", "أزرق"),
    "Y": t("زرد", "yellow", "أصفر"),
}
FIGURE_WORDS = {
    **{d: t("۰۱۲۳۴۵۶۷۸۹"[int(d)], d, "٠١٢٣٤٥٦٧٨٩"[int(d)]) for d in "13456789"},
    "2": t("+۲", "+2", "+٢"),
    "S": t("ایست", "Stop", "قف"),
    "D": t("تغییر جهت", "Change Direction", "غيّر الاتجاه"),
    "P": t("پلاس", "Plus", "بلوس"),
    "T": t("تاکی", "Taki", "تاكي"),
    "WC": t("تغییر رنگ", "Change Colour", "مغيّر اللون"),
    "WT": t("سوپر تاکی", "Super Taki", "سوبر تاكي"),
    "WK": t("شاه", "King", "ملك"),
    "W3": t("+۳", "+3", "+٣"),
    "WB": t("+۳ شکن", "+3 Breaker", "+٣ كسري"),
}
CARD_WORDS = {**FIGURE_WORDS, "D": t("تغییر جهت", "Direction", "الاتجاه"),
              "WB": t("شکن", "Breaker", "كسري"), "WC": t("تغییر رنگ", "Colour", "مغيّر اللون")}
"""The shorter words printed on the cards' bands."""


def card_names() -> dict[str, dict[str, str]]:
    """``card.<code>`` for every Super Taki card, and ``card.<colour>`` for the colours."""
    out: dict[str, dict[str, str]] = {f"card.{c}": dict(w) for c, w in COLOUR_WORDS.items()}
    for code in ALL_CARDS:
        if code[0] == "W":
            out[f"card.{code}"] = dict(FIGURE_WORDS[code[:2]])
            continue
        fig, col = FIGURE_WORDS[code[1]], COLOUR_WORDS[code[0]]
        out[f"card.{code}"] = t(f"{fig['fa']} {col['fa']}", f"{col['en']} {fig['en']}",
                                f"{fig['ar']} {col['ar']}")
    return out


STRINGS = {
    "opt.taki.match": t("نوع بازی", "Match", "نوع اللعب"),
    "optval.taki.match.pyramid": t("مسابقه‌ی هرم", "Pyramid tournament", "بطولة الهرم"),
    "optval.taki.match.round": t("یک دور", "One round", "جولة واحدة"),
    "opt.taki.cards": t("تعداد کارت‌ها", "Cards", "عدد الأوراق"),
    "taki.colour": t("رنگ بازی", "Colour in play", "اللون الرائد"),
    "taki.last_card": t("کارت آخر!", "Last card!", "بطاقة أخيرة!"),
    "act.close": t("تاکی بسته", "Taki closed", "تاكي مغلق"),
    "act.last": t("کارت آخر!", "Last card!", "بطاقة أخيرة!"),
    "act.colour": t("رنگ", "Colour", "اللون"),
    "act.breaker": t("بشکن", "Break the +3", "اكسر"),
    "act.pass": t("پاس", "Pass", "باس"),
    "log.turnup": t("کارت اول: {card}", "First card: {card}", "البطاقة الأولى: {card}"),
    "log.start": t("{who} شروع می‌کند", "{who} starts", "{who} يبدأ"),
    "log.play": t("{who}: {card}", "{who}: {card}", "{who}: {card}"),
    "log.draw": t("{who} {count} کارت کشید", "{who} draws {count}", "{who} يسحب {count}"),
    "log.last": t("{who}: کارت آخر!", "{who}: last card!", "{who}: بطاقة أخيرة!"),
    "log.penalty": t("{who} کارت آخر را اعلام نکرد: {count} کارت جریمه",
                     "{who} did not say last card: {count} cards",
                     "{who} لم يعلن البطاقة الأخيرة: {count} بطاقات عقوبة"),
    "log.colour": t("{who} رنگ را {colour} کرد", "{who} names {colour}",
                    "{who} يختار اللون {colour}"),
    "log.close": t("{who}: تاکی بسته", "{who}: Taki closed", "{who}: تاكي مغلق"),
    "log.skip": t("نوبت {who} سوخت", "{who} loses the turn", "{who} يفقد دوره"),
    "log.reverse": t("جهت بازی برگشت", "Play turns the other way", "انعكس اتجاه اللعب"),
    "log.again": t("{who} دوباره بازی می‌کند", "{who} plays again", "{who} يلعب مرة أخرى"),
    "log.plus3": t("{who}: +۳! همه باید سه کارت بکشند", "{who}: +3! Everyone else draws 3",
                   "{who}: +٣! على الجميع سحب ثلاث بطاقات"),
    "log.answered": t("{who} جواب داد", "{who} has answered", "{who} أجاب"),
    "log.plus3_lands": t("کسی +۳ را نشکست", "Nobody breaks the +3", "لم يكسر أحد +٣"),
    "log.breaker": t("{who} +۳ را شکست و برگرداند", "{who} breaks the +3 and turns it back",
                     "{who} يكسر +٣ ويردّه"),
    "log.level_up": t("{who} به مرحله‌ی {level} رفت و {count} کارت گرفت",
                      "{who} goes up to level {level} and draws {count}",
                      "{who} يصعد إلى المرحلة {level} ويسحب {count}"),
    "log.reshuffle": t("کارت‌های زمین بر زده شد", "The pile is shuffled into a new stock",
                       "خُلطت الكومة صندوقًا جديدًا"),
    "log.blocked": t("کارتی برای کشیدن نماند و کسی بازی نکرد",
                     "Nothing left to draw and nobody can play",
                     "لم يبقَ ما يُسحب ولا أحد يلعب"),
    "log.won": t("{who} برنده شد", "{who} wins", "{who} يفوز"),
    "why.no_last": t("فقط وقتی یک کارت برایتان مانده اعلام کنید",
                     "you may declare only after playing down to one card",
                     "أعلن فقط حين تبقى لك بطاقة واحدة"),
    "why.not_held": t("{card} در دست شما نیست", "you do not hold {card}",
                      "لا تملك {card}"),
    "why.turn": t("نوبت شما نیست", "it is not your turn", "ليس دورك"),
    "why.answer": t("اول به +۳ جواب دهید: بشکنید یا پاس", "answer the +3 first: break it or pass",
                    "أجب على +٣ أولًا: اكسره أو مرّر"),
    "why.no_plus3": t("+۳ ای در کار نیست که بشکنید", "there is no +3 to break",
                      "لا يوجد +٣ لتكسره"),
    "why.no_window": t("چیزی برای پاس دادن نیست", "there is nothing to pass on",
                       "لا شيء لتمرّره"),
    "why.choose": t("اول رنگ را انتخاب کنید", "choose the colour first", "اختر اللون أولًا"),
    "why.no_colour": t("رنگ فقط بعد از تغییر رنگ انتخاب می‌شود",
                       "a colour is named only after a Change Colour",
                       "يُختار اللون بعد مغيّر اللون فقط"),
    "why.no_run": t("تاکی بازی نیست که ببندید", "there is no Taki to close",
                    "لا يوجد تاكي لتغلقه"),
    "why.close_first": t("پیش از پایان نوبت تاکی را ببندید",
                         "close the Taki before your turn ends",
                         "أغلق التاكي قبل نهاية دورك"),
    "why.run": t("در تاکی فقط کارت {card} می‌آید؛ اول تاکی را ببندید",
                 "a Taki run takes only {card} cards: close it first",
                 "التاكي يقبل أوراق {card} فقط: أغلقه أولًا"),
    "why.plus2": t("+۲ در کار است: +۲ یا شاه بازی کنید، یا کارت بکشید",
                   "a +2 is live: play a +2 or a King, or draw",
                   "+٢ فعّالة: العب +٢ أو ملكًا، أو اسحب"),
    "why.can_play": t("کارتی برای بازی دارید؛ فقط وقتی نمی‌توانید بکشید",
                      "you have a card to play: draw only when you cannot",
                      "لديك ورقة تلعبها: اسحب فقط حين لا تستطيع"),
    "why.match": t("{card} نه هم‌رنگ است نه هم‌شکل", "{card} matches neither the colour nor "
                   "the figure in play", "{card} لا يطابق اللون ولا الشكل"),
    **card_names(),
    "taki.say.colour": t("رنگ بازی را انتخاب کنید", "Choose the colour in play",
                         "اختر اللون الرائد"),
    "taki.say.break": t("{who} +3 زد: بشکنید یا پاس بدهید", "{who} played a +3: break it or pass",
                        "لعب {who} +3: اكسرها أو مرّر"),
    "taki.say.run": t("تاکی {colour} باز است: {colour} بازی کنید یا ببندید",
                      "Taki open in {colour}: play {colour} cards or close it",
                      "تاكي مفتوح بلون {colour}: العب {colour} أو أغلقه"),
    "taki.say.plus2": t("+2 بازی کنید یا {n} کارت بکشید", "Play a +2 or draw {n} cards",
                        "العب +2 أو اسحب {n} بطاقات"),
    "taki.say.free": t("شاه: هر کارتی بازی کنید", "King: play any card", "الملك: العب أي بطاقة"),
    "taki.say.match": t("روی {card} بازی کنید (رنگ {colour}) یا بکشید",
                        "Play on the {card} (colour {colour}) or draw",
                        "العب على {card} (اللون {colour}) أو اسحب"),
    "taki.say.on": t("روی {card} بازی کنید یا بکشید", "Play on the {card} or draw",
                     "العب على {card} أو اسحب"),
    "taki.say.draw": t("کارتی روی {card} نمی‌نشیند: بکشید",
                       "Nothing fits the {card}: draw", "لا شيء يناسب {card}: اسحب"),
    "taki.say.last": t("کارت آخرتان را اعلام کنید!", "Declare your last card!",
                       "أعلن بطاقتك الأخيرة!"),
    "taki.say.and_last": t("{said} · کارت آخر را اعلام کنید!", "{said} · declare your last card!",
                           "{said} · أعلن بطاقتك الأخيرة!"),
    "taki.stock": t("کارت‌های دسته: {n}", "Stock: {n} cards", "الكومة: {n} بطاقة"),
}


def status(seen: Seen[TakiObservation], tr: Callable[..., str]) -> str | None:
    """The colour to name, the +3 to break, or what the pile asks: a Taki's colour, the +2s
    to answer, a King's free play, the card to match; and the last card to declare."""
    if not seen.mine:
        return None
    f = seen.facts
    phase, colour, lead = f["phase"], f["colour"], f["lead"]
    plus2, plus3, run = f["plus2"], f["plus3"], f["run"]
    if phase == "colour":
        said = tr("taki.say.colour")
    elif phase == "break":
        said = tr("taki.say.break", who=seen.name(plus3) if plus3 is not None else "")
    elif run and "close" in seen.verbs:
        said = tr("taki.say.run", colour=seen.card(run))
    elif plus2 and "draw" in seen.verbs:
        said = tr("taki.say.plus2", n=2 * plus2)
    elif f["free"] and "play" in seen.verbs:
        said = tr("taki.say.free")
    elif "play" in seen.verbs:  # the colour, if a card changed it
        said = tr("taki.say.match" if lead[:1] != colour else "taki.say.on",
                  card=seen.card(lead), colour=seen.card(colour))
    elif "draw" in seen.verbs:
        said = tr("taki.say.draw", card=seen.card(lead))
    else:
        said = tr("taki.say.last") if "last" in seen.verbs else ""
        return said or None
    return tr("taki.say.and_last", said=said) if "last" in seen.verbs else said


def panel(seen: Seen[TakiObservation], tr: Callable[..., str]) -> list[str]:
    """The cards left in the stock (the colour, the direction and the +2s are the table's)."""
    return [tr("taki.stock", n=seen.facts["stock"])]
