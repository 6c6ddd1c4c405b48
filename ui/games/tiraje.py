"""The words of tiraje that the table shows: option names and values, refusals and the names of
the cards (colour and number), in fa, en and ar."""

from __future__ import annotations

from collections.abc import Callable

from game.rules.tiraje import CARDS, COLOUR_NAMES, TirajeObservation
from ui.games import LANGS, t
from ui.games.speech import Seen

STRINGS = {
    "opt.tiraje.actions": t("کار کارت‌های فرد (7، 5، 3، 1)",
      "Odd cards act (7, 5, 3, 1)",
      "عمل الأوراق الفردية (7، 5، 3، 1)"),
    "opt.tiraje.palette_draw": t("کشیدن با کارت بزرگ‌تر از پالت",
      "Draw for a card greater than your palette",
      "السحب بورقة أكبر من اللوحة"),
    "opt.tiraje.scoring": t("امتیازگیری در چند دور",
      "Scoring over several rounds",
      "الحساب بالنقاط على عدة أدوار"),
    "why.draw_or_end": t("به وسط کارت بازی کرده‌اید: یک کارت بکشید یا نوبت را تمام کنید.",
      "You have played to the canvas: draw a card or end your turn.",
      "لعبت ورقة إلى الوسط: اسحب ورقة أو أنهِ دورك."),
    "why.pending_seven": t("اول کار {n} را انجام دهید: کارتی از پالتتان را به وسط یا روی دسته "
      "ببرید.",
      "First carry out your {n}: move a card of your palette to the canvas or the deck.",
      "نفّذ أولًا عمل الـ{n}: انقل ورقة من لوحتك إلى الوسط أو إلى الكومة."),
    "why.pending_five": t("اول کار {n} را انجام دهید: یک کارت دیگر به پالتتان بدهید.",
      "First carry out your {n}: play one more card to your palette.",
      "نفّذ أولًا عمل الـ{n}: العب ورقة أخرى إلى لوحتك."),
    "why.pending_one": t("اول کار {n} را انجام دهید: کارتی از پالت یک حریف را روی دسته بفرستید.",
      "First carry out your {n}: send a card of an opponent's palette to the deck.",
      "نفّذ أولًا عمل الـ{n}: أرسل ورقة من لوحة خصم إلى الكومة."),
    "why.odd_action": t("این کار مال {n}ی است که همین حالا به پالتتان بازی کرده باشید.",
      "That is the action of a {n} just played to your palette.",
      "هذا عمل ورقة {n} لُعبت للتو إلى لوحتك."),
    "why.draw_after_canvas": t("فقط وقتی می‌توانید بکشید که به وسط کارتی بازی کنید که عددش از "
      "تعداد کارت‌های پالتتان بیشتر است.",
      "You may draw only after playing to the canvas a card greater than the size of your "
      "palette.",
      "لا يمكنك السحب إلا بعد أن تلعب إلى الوسط ورقة رقمها أكبر من عدد أوراق لوحتك."),
    "why.play_first": t("اول کارتی به پالت یا وسط بازی کنید، یا واگذار کنید.",
      "Play a card to your palette or the canvas first, or give up.",
      "العب أولًا ورقة إلى لوحتك أو إلى الوسط، أو استسلم."),
    "why.not_winning_none": t("با قانون فعلی برنده نیستید: هیچ پالتی با آن جور نیست.",
      "You are not winning under the rule in force: no palette satisfies it.",
      "لست الفائز بالقاعدة الحالية: لا لوحة تحققها."),
    "why.not_winning": t("با قانون فعلی برنده نیستید: {seat} جلوتر است.",
      "You are not winning under the rule in force: {seat} leads.",
      "لست الفائز بالقاعدة الحالية: {seat} في المقدمة."),
    "why.canvas_not_winning_none": t("با {card} در وسط برنده نمی‌شوید: هیچ پالتی با قانون آن "
      "جور نیست.",
      "With the {card} on the canvas you would not be winning: no palette satisfies its rule.",
      "مع {card} في الوسط لن تكون الفائز: لا لوحة تحقق قاعدتها."),
    "why.canvas_not_winning": t("با {card} در وسط برنده نمی‌شوید: {seat} جلو می‌افتد.",
      "With the {card} on the canvas you would not be winning: {seat} would lead.",
      "مع {card} في الوسط لن تكون الفائز: سيتقدّم {seat}."),
    "why.palette_done": t("این نوبت یک بار به پالتتان بازی کرده‌اید.",
      "You have already played to your palette this turn.",
      "لعبت إلى لوحتك في هذا الدور من قبل."),
    "why.one_cannot_win": t("وقتی این نوبت نمی‌توانید برنده شوید، {n} به پالت نمی‌رود.",
      "You may not play a {n} to your palette when you cannot win this turn.",
      "لا يمكنك لعب {n} إلى لوحتك إن لم تستطع الفوز في هذا الدور."),
    "why.palette_cannot_win": t("اگر {card} به پالتتان برود، این نوبت برنده نمی‌شوید.",
      "After the {card} goes to your palette you could not be winning this turn.",
      "إذا ذهبت {card} إلى لوحتك فلن تكون الفائز في هذا الدور."),
    "why.palette_lacks": t("{card} در پالت شما نیست.",
      "Your palette holds no {card}.",
      "ليست {card} في لوحتك."),
    "why.deck_cannot_win": t("اگر {card} روی دسته برود، این نوبت برنده نمی‌شوید.",
      "After the {card} goes to the deck you could not be winning this turn.",
      "إذا ذهبت {card} إلى الكومة فلن تكون الفائز في هذا الدور."),
    "why.not_opponent": t("{seat} حریفی در بازی نیست.",
      "{seat} is not an opponent in play.",
      "{seat} ليس خصمًا في اللعب."),
    "why.their_palette_lacks": t("{card} در پالت {seat} نیست.",
      "{seat}'s palette holds no {card}.",
      "ليست {card} في لوحة {seat}."),
    "why.only_card": t("تنها کارت پالت {seat} را نمی‌شود گرفت.",
      "You may not take the only card of {seat}'s palette.",
      "لا يمكنك أخذ الورقة الوحيدة في لوحة {seat}."),
    "why.smaller_palette": t("پالت {seat} از پالت شما کوچک‌تر است.",
      "{seat}'s palette is smaller than yours.",
      "لوحة {seat} أصغر من لوحتك."),
    **{f"card.{code}": {lang: f"{COLOUR_NAMES[code[0]][lang]} {code[1]}" for lang in LANGS}
       for code in CARDS},
    "tiraje.say.play": t("برگی به پالت یا وسط بدهید و برنده شوید، یا واگذار کنید",
      "Play to your palette or the canvas and be winning, or give up",
      "العب إلى لوحتك أو الوسط وكن فائزًا، أو استسلم"),
    "tiraje.say.more": t("برنده‌اید: برگی به وسط بدهید، نوبت را تمام کنید یا واگذار کنید",
      "You are winning: play to the canvas, end your turn, or give up",
      "أنت فائز: العب إلى الوسط، أو أنهِ دورك، أو استسلم"),
    "tiraje.say.canvas": t("برگی به وسط بدهید تا قانون عوض شود، یا واگذار کنید",
      "Play to the canvas to change the rule, or give up",
      "العب إلى الوسط لتغيّر القاعدة، أو استسلم"),
    "tiraje.say.action": t("کار برگ {n} را انجام دهید", "Carry out the {n}'s action",
      "نفّذ عمل الورقة {n}"),
    "tiraje.say.draw": t("برگی بکشید یا نوبت را تمام کنید", "Draw a card or end your turn",
      "اسحب ورقة أو أنهِ دورك"),
    "tiraje.say.end": t("نوبت را تمام کنید", "End your turn", "أنهِ دورك"),
    "tiraje.say.fold": t("راهی برای بردن نمانده: واگذار کنید", "No way left to win: give up",
      "لا سبيل للفوز: استسلم"),
}


def status(seen: Seen[TirajeObservation], tr: Callable[..., str]) -> str | None:
    """The turn's steps: a card to the palette (to be winning under the rule by the turn's
    end), to the canvas (a new rule), an odd card's action, the draw; or giving up."""
    if not seen.mine:
        return None
    verbs, pending = seen.verbs, seen.fact_int("pending")
    if pending is not None and verbs & {"seven", "one", "palette"} and seen.facts.get(
            "phase") == "action":
        return tr("tiraje.say.action", n=pending)
    if "palette" in verbs:
        return tr("tiraje.say.play")
    if "canvas" in verbs:
        return tr("tiraje.say.more" if "end" in verbs else "tiraje.say.canvas")
    if "draw" in verbs:
        return tr("tiraje.say.draw")
    if verbs == {"end", "fold"} or verbs == {"end"}:
        return tr("tiraje.say.end")
    return tr("tiraje.say.fold") if verbs == {"fold"} else None
