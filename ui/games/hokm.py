"""The words of hokm that the table shows: option names and values, the two-seat draw's
buttons and log lines, the refusals, in fa, en and ar."""

from __future__ import annotations

from collections.abc import Callable

from ui.games import t
from ui.games.speech import Seen, others, trick_play
from ui.plural import counted

STRINGS = {
    "opt.hokm.sets": t("تعداد ست‌ها برای بردن",
      "Sets to win the match",
      "الأشواط للفوز"),
    "opt.hokm.hakem": t("انتخاب حاکم",
      "Choosing the Hakem",
      "اختيار الحاكم"),
    "optval.hokm.hakem.draw": t("کشیدن برگ",
      "Draw a card",
      "سحب ورقة"),
    "optval.hokm.hakem.first_ace": t("اولین آس",
      "First ace",
      "أول آس"),
    "opt.hokm.length": t("طول بازی",
      "Length",
      "طول اللعب"),
    "optval.hokm.length.match": t("مسابقهٔ کامل",
      "Whole match",
      "مباراة كاملة"),
    "optval.hokm.length.hand": t("یک بازی",
      "One hand",
      "جولة واحدة"),
    # the two-seat draw
    "act.keep": t("نگه دار",
      "Keep it",
      "احتفظ بها"),
    "act.discard": t("بینداز و بعدی را بردار",
      "Throw it, take the next",
      "ارمها وخذ التالية"),
    "log.keep": t("{who} برگ را نگه داشت و بعدی را نادیده انداخت",
      "{who} keeps the card and buries the next unseen",
      "{who} احتفظ بالورقة ورمى التالية دون أن يراها"),
    "log.discard": t("{who} برگ را انداخت و بعدی را برداشت",
      "{who} throws the card and takes the next",
      "{who} رمى الورقة وأخذ التالية"),
    # the end of a hand, a set, the match: a team with four seats, a player with two or three
    "log.hand_end": counted("بازی به {team} رسید ({points})",
                            {"one": "{team} wins the hand ({points})",
                             "other": "{team} win the hand ({points})"},
                            "يربح {team} الجولة ({points})"),
    "log.hand_end_short": t("بازی را {who} برد",
      "{who} wins the hand",
      "{who} يربح الجولة"),
    "log.set_end": counted("دور به {team} رسید",
                           {"one": "{team} wins the set", "other": "{team} win the set"},
                           "يربح {team} المجموعة"),
    "log.set_end_short": t("دور را {who} برد",
      "{who} wins the set",
      "{who} يربح المجموعة"),
    "log.match_end": counted("پایان بازی: برد با {team}",
                             {"one": "Match over: {team} wins", "other": "Match over: {team} win"},
                             "انتهت المباراة: يفوز {team}"),
    "log.match_end_short": t("پایان بازی: {who} برنده شد",
      "Match over: {who} wins",
      "انتهت المباراة: {who} يفوز"),
    # refusals
    "why.trump_first": t("اول حاکم باید حکم کند",
      "The Hakem must name trump first",
      "على الحاكم أن يعلن الحكم أولًا"),
    "why.bam_or_stop": t("انتخاب کنید: ادامه برای بام، یا کوت را بگیرید",
      "Choose: play on for Bam, or take the Kot",
      "اختر: تابع من أجل البام، أو خذ الكوت"),
    "why.draw_first": t("برگی را که دیدید نگه دارید یا بیندازید",
      "Keep or throw the card you looked at",
      "احتفظ بالورقة التي رأيتها أو ارمها"),
    "why.play_card": t("یک برگ بازی کنید",
      "Play a card",
      "العب ورقة"),
    "why.not_held": t("{card} در دست شما نیست",
      "You do not hold {card}",
      "ليست معك {card}"),
    "why.follow": t("باید خال زمین را بدهید: {suit} دارید",
      "You must follow suit: you hold {suit}",
      "يجب أن تتبع اللون: معك {suit}"),
    # the score sheet's trick columns with two or three seats (one a player)
    "sheet.tricks 0": t("دستِ اولی",
      "Tricks 1st",
      "أكلات الأول"),
    "sheet.tricks 1": t("دستِ دومی",
      "Tricks 2nd",
      "أكلات الثاني"),
    "sheet.tricks 2": t("دستِ سومی",
      "Tricks 3rd",
      "أكلات الثالث"),
    "hokm.say.trump": t("شما حاکمید: از پنج برگ اولتان حکم را انتخاب کنید",
      "You are Hakem: choose trump from your first five cards",
      "أنت الحاكم: اختر الحُكم من أوراقك الخمس الأولى"),
    "hokm.say.bam": t("هفت به هیچ: کوت را بگیرید یا برای بام ادامه دهید",
      "Seven tricks to none: take the Kot, or play on for Bam",
      "سبع أكلات مقابل لا شيء: خذ الكوت أو تابع من أجل البام"),
    "hokm.say.keep": t("{card} را نگه دارید یا بیندازید و بعدی را بردارید",
      "Keep the {card}, or throw it and take the next card",
      "احتفظ بـ {card} أو ارمها وخذ التالية"),
    "hokm.say.trump_wait": t("حاکم، {who}، حکم را انتخاب می‌کند…",
      "{who}, the Hakem, is choosing trump…",
      "{who}، الحاكم، يختار الحُكم…"),
}


def status(seen: Seen, tr: Callable[..., str]) -> str | None:
    """Choosing trump (the Hakem), or a trick's play."""
    if seen.facts.get("phase") == "trump":
        if seen.mine:
            return tr("hokm.say.trump")
        return tr("hokm.say.trump_wait", who=seen.who())
    if "bam" in seen.verbs:
        return tr("hokm.say.bam")
    look = next((c for c in seen.zones.get("look", []) if c), None)
    if "keep" in seen.verbs and look:
        return tr("hokm.say.keep", card=seen.card(look))
    return trick_play(seen, tr) if seen.mine else others(seen, tr)
