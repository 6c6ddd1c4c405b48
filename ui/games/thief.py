"""The words of thief that the table shows: option names and values, refusals and the
names of its cards, in fa, en and ar."""

from __future__ import annotations

from collections.abc import Callable

from game.rules.thief import MONEY, ThiefObservation
from ui.games import t
from ui.games.speech import Seen

STRINGS = {
    "phase.thief.build": t("شروع دور: هر بسته‌ای را که می‌توانید بسازید (دو کارت که 100 شوند)، "
                           "بعد «تمام» را بزنید. گرفتن با «شروع!» آغاز می‌شود.",
                           "Opening: build every stack you can (two cards making 100), then "
                           "press Done. Grabbing begins at Start!",
                           "بداية الجولة: ابنِ كل رزمة تستطيعها (ورقتان مجموعهما 100) ثم اضغط "
                           "«انتهيت». يبدأ الخطف عند «ابدأ!»."),
    "phase.thief.live": t("بگیرید! کارتی که با روی بسته 100 شود، دزد روی هر بسته، زندان روی "
                          "دزد. «تمام» یعنی کاری ندارم یا صبر می‌کنم.",
                          "Grab! A card making 100 with a stack's top, a thief on any stack, a "
                          "jail on a thief. Done means: nothing to do, or I wait.",
                          "اخطف! ورقة تصنع 100 مع أعلى الرزمة، لص على أي رزمة، سجن على لص. "
                          "«انتهيت» تعني: لا شيء لدي أو أنتظر."),
    "opt.thief.refill": t("پر کردن دست وقتی گرفتن تمام شد",
      "Refill when grabbing stops",
      "إكمال اليد عند توقف الخطف"),
    "optval.thief.refill.seven": t("تا 7 کارت",
      "Up to 7 cards",
      "حتى 7 أوراق"),
    "optval.thief.refill.one": t("یک کارت",
      "One card",
      "ورقة واحدة"),
    "why.said_done": t("گفته‌اید «تمام»: صبر کنید تا حرکت بعدی یا دور بعد.",
      "You said Done: wait for the next move or the next round.",
      "قلت «انتهيت»: انتظر الحركة التالية أو الجولة التالية."),
    "why.build_first": t("اول هر بسته‌ای را که می‌توانید بسازید: {cards} با هم {n} می‌شوند.",
      "First build every stack you can: {cards} make {n}.",
      "ابنِ أولًا كل رزمة تستطيعها: {cards} تصنع {n}."),
    "why.build_100": t("بسته با دو کارت شروع می‌شود که با هم درست {n} شوند؛ "
      "{cards} می‌شود {total}.",
      "A stack starts with two cards that make exactly {n}; {cards} make {total}.",
      "تبدأ الرزمة بورقتين مجموعهما {n} بالضبط؛ {cards} مجموعها {total}."),
    "why.building": t("اول همه بسته می‌سازند؛ گرفتن با «شروع!» آغاز می‌شود.",
      "First everyone builds stacks; grabbing begins at \u201cStart!\u201d",
      "أولًا يبني الجميع الرزم؛ يبدأ الخطف عند «ابدأ!»."),
    "why.no_stack": t("چنین بسته‌ای نیست.",
      "There is no such stack.",
      "لا توجد رزمة كهذه."),
    "why.hold_one": t("فقط یک {card} دارید.",
      "You hold only one {card}.",
      "معك {card} واحدة فقط."),
    "why.jailed": t("این بسته در زندان است: چیزی رویش نمی‌رود.",
      "That stack is in jail: nothing may be placed on it.",
      "هذه الرزمة في السجن: لا يوضع عليها شيء."),
    "why.jail_on_thief": t("زندان فقط روی دزد می‌رود؛ روی این بسته {card} است.",
      "A jail goes only on a thief; the top of that stack is the {card}.",
      "السجن يوضع على اللص فقط؛ أعلى هذه الرزمة {card}."),
    "why.thief_own": t("این بسته مال خودتان است: دزد بستهٔ دیگران را می‌گیرد.",
      "That stack is already yours: a thief steals another player's stack.",
      "هذه الرزمة لك أصلًا: اللص يسرق رزمة لاعب آخر."),
    "why.add_not_own": t("این بسته مال شما نیست: برای گرفتنش آن را بردارید.",
      "That stack is not yours: to take it, grab it.",
      "هذه الرزمة ليست لك: لتأخذها اخطفها."),
    "why.grab_own": t("این بسته مال خودتان است: به آن اضافه کنید.",
      "That stack is already yours: add to it instead.",
      "هذه الرزمة لك أصلًا: أضف إليها بدلًا من ذلك."),
    "why.top_thief": t("روی این بسته دزد است: فقط دزد یا زندان رویش می‌رود.",
      "The top of that stack is a thief: only a thief or a jail goes on it.",
      "أعلى هذه الرزمة لص: لا يوضع عليه إلا لص أو سجن."),
    "why.not_100": t("{card} با کارت روی بسته می‌شود {total}، نه {n}.",
      "The {card} and the top card make {total}, not {n}.",
      "{card} مع الورقة العليا تصنع {total}، لا {n}."),
    **{f"card.{code}": t(f"{code} تومانی", f"{code} toman", f"{code} تومان") for code in MONEY},
    "card.T": t("دزد", "thief", "لص"),
    "card.J": t("زندان", "jail", "سجن"),
    "thief.say.build": t("هر چه دستهٔ 100تایی می‌توانید بسازید", "Build every stack of 100 you can",
                         "ابنِ كل رزمة من 100 تستطيعها"),
    "thief.say.no_build": t("دسته‌ای نمی‌توانید بسازید: بگویید تمام", "No stack to build: say Done",
                            "لا رزمة تبنيها: قل انتهيت"),
    "thief.say.live": t("بی‌نوبت: دسته بقاپید، به دسته‌تان اضافه کنید یا بگویید تمام",
                        "No turns: grab, add, catch a thief, or say Done",
                        "بلا أدوار: اخطف أو أضف أو امسك لصًا، أو قل انتهيت"),
    "thief.say.nothing": t("کاری نمانده: بگویید تمام", "Nothing to do: say Done",
                           "لا شيء تفعله: قل انتهيت"),
    "thief.deck": t("کارت‌های وسط: {n}", "Deck: {n} cards", "الكومة: {n} بطاقة"),
    "thief.locked": t("دسته‌های در زندان: {n}", "Stacks in jail: {n}", "رزم في السجن: {n}"),
}


def status(seen: Seen[ThiefObservation], tr: Callable[..., str]) -> str | None:
    """The opening's stacks to build, or the live round's grabs (no turns: anyone, any
    moment); once done, waiting for the others."""
    phase = seen.facts["phase"]
    if seen.mine:
        if phase == "build":
            return tr("thief.say.build" if "build" in seen.verbs else "thief.say.no_build")
        return tr("thief.say.live" if len(seen.verbs) > 1 else "thief.say.nothing")
    return None


def panel(seen: Seen[ThiefObservation], tr: Callable[..., str]) -> list[str]:
    """The cards left in the central deck and the stacks locked in jail."""
    locked = seen.facts["locked"]
    lines = [tr("thief.deck", n=seen.facts["deck"])]
    if locked:
        lines.append(tr("thief.locked", n=len(locked)))
    return lines
