"""The words of hokm that the table shows: option names and values, the two-seat draw's
buttons and log lines, the refusals, in fa, en and ar."""

from __future__ import annotations

from collections.abc import Callable

from game.rules.hokm import HokmObservation
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
    # the guided first deal (ui.lessons): each step's words, then its end
    "lesson.hokm.0": t('شما حاکم هستید: از پنج برگ اول\u200cتان حکم را تعیین کنید. با آس، شاه و بی\u200cبی پیک، پیک را حکم کنید.',
      'You are the Hakem: name trump from your first five cards. With the ace, king and queen of spades, name spades.',
      'أنت الحاكم: اختر الحُكم من أوراقك الخمس الأولى. معك الآص والشايب والبنت من البستوني، فاجعل البستوني حُكمًا.'),
    "lesson.hokm.1": t('شروع با شماست. آس پیک بالاترین حکم است: آن را بازی کنید؛ همه باید پیک بیایند.',
      'You lead. The ace of spades is the highest trump: lead it, and everyone must follow with a spade.',
      'أنت تبدأ. آص البستوني أعلى ورقة حُكم: العبه، وعلى الجميع أن يتبعوا بالبستوني.'),
    "lesson.hokm.2": t('دست را بردید، پس باز شما شروع می\u200cکنید. حالا شاه پیک بالاترین حکم است: بازی\u200cاش کنید تا حکم\u200cهای دیگران بیرون بیاید.',
      "You took the trick, so you lead again. The king of spades is now the highest trump: lead it to draw the others' trumps.",
      'أخذت الأكلة فتبدأ من جديد. الشايب البستوني الآن أعلى حُكم: العبه لتُخرج أوراق الحُكم من أيدي الآخرين.'),
    "lesson.hokm.3": t('حریف\u200cها دیگر حکم ندارند. آس دل را بازی کنید: حالا هیچ برگی از آن بالاتر نیست.',
      'Your opponents have no trumps left. Lead the ace of hearts: nothing can beat it now.',
      'لم يبقَ لخصميك حُكم. العب آص الكبة: لا شيء يغلبه الآن.'),
    "lesson.hokm.4": t('گشنیز بالا ندارید. 4 گشنیز را بازی کنید و حکم\u200cهایتان را برای بعد نگه دارید؛ این دست شاید به حریف برسد.',
      'You have no high club. Lead the 4 of clubs and keep your trumps for later: this trick may go to the opponents.',
      'ليس معك سباتي عالٍ. العب 4 سباتي واحتفظ بأوراق الحُكم لما بعد؛ قد تذهب هذه الأكلة للخصم.'),
    "lesson.hokm.5": t('دل آمده است: باید دل بیایید. آس دل بازی شده، پس شاه شما بالاترین دل است و دست را می\u200cبرد.',
      'Hearts were led: you must follow suit. The ace is gone, so your king is the highest heart left: it takes the trick.',
      'لُعبت الكبة: يجب أن تتبعها. خرج الآص، فالشايب أعلى كبة باقية ويأخذ الأكلة.'),
    "lesson.hokm.6": t('گشنیز کوچک دیگرتان را بازی کنید: این دست شاید از دست برود، ولی حکم\u200cهایتان می\u200cمانند.',
      'Lead your other small club: the trick may go, but your trumps stay in your hand.',
      'العب ورقة السباتي الصغيرة الأخرى: قد تخسر الأكلة، لكن أوراق الحُكم تبقى معك.'),
    "lesson.hokm.7": t('خشت آمده و خشت ندارید، پس هر برگی می\u200cتوانید بیایید. هر حکمی از همه\u200cی خشت\u200cها بالاتر است: با کوچک\u200cترین حکم، 3 پیک، ببُرید.',
      'Diamonds were led and you have none, so you may play any card. Any trump beats every diamond: cut with your smallest, the 3 of spades.',
      'لُعب الديناري وليس معك منه، فلك أن تلعب أي ورقة. أي حُكم يغلب كل ديناري: اقطع بأصغر حُكم معك، 3 بستوني.'),
    "lesson.hokm.8": t('حالا فقط یارتان حکم دارد. بی\u200cبی پیک شما این دست را می\u200cبرد: دست ششم تیم\u200cتان.',
      "Only your partner still holds trumps. Your queen of spades wins this trick: your team's sixth.",
      'لم يبقَ الحُكم إلا مع شريكك. بنت البستوني تأخذ هذه الأكلة: السادسة لفريقك.'),
    "lesson.hokm.9": t('یک دست دیگر بازی را می\u200cبرد. 7 پیک را بازی کنید: فقط یارتان می\u200cتواند از آن بالاتر بیاید، پس این دست در هر حال مال تیم شماست.',
      "One more trick wins the hand. Lead the 7 of spades: only your partner can beat it, so the trick is your team's either way.",
      'أكلة واحدة بعد تربحون بها الجولة. العب 7 بستوني: لا يغلبه إلا شريكك، فالأكلة لفريقك في الحالين.'),
    "lesson.hokm.done": t('هفت دست، بازی را می\u200cبرد و هفت بازی، یک دور را. درس تمام شد: هر طور دوست دارید ادامه دهید.',
      'Seven tricks win the hand, and seven hands a set. The lesson is over: play on as you like.',
      'سبع أكلات تربح الجولة، وسبع جولات تربح الشوط. انتهى الدرس: تابع اللعب كما تحب.'),
}


def status(seen: Seen[HokmObservation], tr: Callable[..., str]) -> str | None:
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
