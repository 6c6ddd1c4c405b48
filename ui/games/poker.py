"""The words of poker that the table shows: options, actions, log lines and refusals; the status
line at each decision (what to call, the range of a bet, the cards to throw), the panel (the pot
and the side pots, the pack and its ranking, who drew how many, the last deal's winners), the
marks beside each seat (dealer, its word and bet this round, its draw) and the name of a hand
("full house, kings over fives") in fa, en and ar."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.core import number_range
from game.rules.poker import PokerObservation
from ui.games import t
from ui.games.speech import Seen
from ui.plural import counted

RANK_NAMES = {
    "A": t("آس", "aces", "آص"), "K": t("شاه", "kings", "شايب"), "Q": t("بی‌بی", "queens", "بنت"),
    "J": t("سرباز", "jacks", "ولد"), "T": t("ده", "tens", "عشرة"), "9": t("نه", "nines", "تسعة"),
    "8": t("هشت", "eights", "ثمانية"), "7": t("هفت", "sevens", "سبعة"),
    "6": t("شش", "sixes", "ستة"), "5": t("پنج", "fives", "خمسة"), "4": t("چهار", "fours", "أربعة"),
    "3": t("سه", "threes", "ثلاثة"), "2": t("دو", "twos", "اثنان"),
}
"""A rank in a hand's name: its plural in English, its name in Persian and Arabic."""
RANK_ONE = {
    "A": t("آس", "ace", "آص"), "K": t("شاه", "king", "شايب"), "Q": t("بی‌بی", "queen", "بنت"),
    "J": t("سرباز", "jack", "ولد"), "T": t("ده", "ten", "عشرة"), "9": t("نه", "nine", "تسعة"),
    "8": t("هشت", "eight", "ثمانية"), "7": t("هفت", "seven", "سبعة"), "6": t("شش", "six", "ستة"),
    "5": t("پنج", "five", "خمسة"), "4": t("چهار", "four", "أربعة"), "3": t("سه", "three", "ثلاثة"),
    "2": t("دو", "two", "اثنان"),
}
"""A rank named once (a straight's top card)."""

HANDS = {
    "high": t("بش، {a} بالا", "{a} high", "ورقة عالية: {a}"),
    "pair": t("جفت {A}", "a pair of {A}", "زوج {A}"),
    "two_pair": t("دو پر، {A} و {B}", "two pair, {A} and {B}", "زوجان: {A} و{B}"),
    "trips": t("سه‌تایی {A}", "three {A}", "ثلاثية {A}"),
    "straight": t("ردیف تا {a}", "a straight, {a} high", "متتالية حتى {a}"),
    "flush": t("رنگ با {a} بالا", "a flush, {a} high", "لون بأعلى {a}"),
    "full_house": t("فول، سه {A} و دو {B}", "a full house, {A} over {B}",
                    "فل: ثلاثية {A} وزوج {B}"),
    "quads": t("کاره‌ی {A}", "four {A}", "رباعية {A}"),
    "straight_flush": t("استریت فلاش تا {a}", "a straight flush, {a} high",
                        "متتالية ملونة حتى {a}"),
    "royal": t("رویال فلاش", "a royal flush", "رويال فلاش"),
}
"""Each kind of hand's name: ``{a}`` ``{b}`` its ranks named once, ``{A}`` ``{B}`` as a set of
them (in English the plural; Persian and Arabic name a set by the rank)."""

STRINGS = {
    **{f"poker.hand.{kind}": words for kind, words in HANDS.items()},
    **{f"poker.ranks.{r}": words for r, words in RANK_NAMES.items()},
    **{f"poker.rank.{r}": words for r, words in RANK_ONE.items()},
    "opt.poker.pack": t("دسته‌ی ورق", "Pack", "الرزمة"),
    "optval.poker.pack.fit": t("به اندازه‌ی میز", "Fits the table", "على قدر الطاولة"),
    "optval.poker.pack.52": t("۵۲ برگ", "52 cards", "٥٢ ورقة"),
    "optval.poker.pack.36": t("۳۶ برگ، شش تا آس", "36 cards, 6 to ace", "٣٦ ورقة، من الستة"),
    "optval.poker.pack.32": t("۳۲ برگ، هفت تا آس", "32 cards, 7 to ace", "٣٢ ورقة، من السبعة"),
    "opt.poker.ranking": t("ترتیب دست‌ها", "Ranking", "ترتيب الأيدي"),
    "optval.poker.ranking.persian": t("ایرانی", "Persian", "الإيراني"),
    "optval.poker.ranking.standard": t("استاندارد", "Standard", "القياسي"),
    "opt.poker.start": t("شرط اول", "Forced bets", "الرهان الإجباري"),
    "optval.poker.start.ante": t("ورودی همه", "Antes", "رهان الدخول"),
    "optval.poker.start.jacks": t("ورودی، باز کردن با جفت سرباز", "Antes, jacks to open",
                                  "رهان الدخول، الفتح بزوج الولد"),
    "optval.poker.start.blinds": t("بلایند کوچک و بزرگ", "Small and big blind",
                                   "الرهان الأعمى الصغير والكبير"),
    "opt.poker.ante": t("ورودی (و کمترین شرط)", "Ante (and smallest bet)",
                        "رهان الدخول (وأصغر رهان)"),
    "opt.poker.limit": t("سقف شرط", "Betting limit", "حد الرهان"),
    "optval.poker.limit.fixed": t("ثابت", "Fixed", "ثابت"),
    "optval.poker.limit.pot": t("تا اندازه‌ی پات", "Pot limit", "حتى قدر الوعاء"),
    "optval.poker.limit.none": t("بی‌سقف", "No limit", "بلا حد"),
    "opt.poker.draw": t("برگ‌های عوض", "Cards drawn", "الأوراق المبدّلة"),
    "optval.poker.draw.3": t("تا سه برگ", "Up to 3", "حتى ثلاث"),
    "optval.poker.draw.4ace": t("چهار برگ با نشان دادن آس", "4 showing an ace",
                                "أربع مع كشف الآص"),
    "optval.poker.draw.5": t("تا پنج برگ", "Up to 5", "حتى خمس"),
    "opt.poker.purse": t("ژتون اول هر نفر", "Buy-in", "فيشات البداية"),
    "opt.poker.rounds": t("دور دست دادن (صفر: تا آخرین ژتون)",
                          "Rounds of the deal (0: until one has all)",
                          "دورات التوزيع (صفر: حتى يجمع واحد الكل)"),
    "opt.poker.deals": t("تعداد دست", "Deals", "عدد التوزيعات"),
    "act.deal": t("پخش کن", "Deal", "وزّع"),
    "act.check": t("چک", "Check", "تمرير"),
    "act.call": t("می‌بینم", "Call", "مجاراة"),
    "act.fold": t("می‌خوابم", "Fold", "انسحاب"),
    "act.bet": t("شرط", "Bet", "راهن"),
    "act.raise": t("بالا تا", "Raise to", "ارفع إلى"),
    "act.allin": t("همه‌ی ژتون‌ها", "All in", "كل الفيشات"),
    "act.draw": t("عوض کن", "Draw", "بدّل"),
    "act.four": t("آس را نشان بده، چهار برگ بگیر", "Show the ace, draw four",
                  "اكشف الآص وخذ أربعًا"),
    "log.deal_start": t("دست {deal}", "Deal {deal}", "التوزيعة {deal}"),
    "log.ante": t("{who} ورودی گذاشت: {chips}", "{who} antes {chips}", "{who} دفع الدخول: {chips}"),
    "log.blind": t("{who} بلایند {blind} گذاشت: {chips}", "{who} puts the {blind} blind: {chips}",
                   "{who} وضع الرهان الأعمى {blind}: {chips}"),
    "poker.blind.small": t("کوچک", "small", "الصغير"),
    "poker.blind.big": t("بزرگ", "big", "الكبير"),
    "log.check": t("{who}: چک", "{who} checks", "{who}: تمرير"),
    "log.bet": t("{who} شرط بست: {chips}", "{who} bets {chips}", "{who} راهن بـ{chips}"),
    "log.call": t("{who} دید: {chips}", "{who} calls {chips}", "{who} جارى: {chips}"),
    "log.raise": t("{who} بالا برد تا {chips}", "{who} raises to {chips}",
                   "{who} رفع إلى {chips}"),
    "log.allin": t("{who} همه‌ی ژتون‌هایش را وسط گذاشت: {chips}", "{who} goes all in: {chips}",
                   "{who} وضع كل فيشاته: {chips}"),
    "log.fold": t("{who} خوابید", "{who} folds", "{who} انسحب"),
    "log.draw_start": t("نوبت عوض کردن برگ‌ها", "The draw", "تبديل الأوراق"),
    "log.drew": t("{who} عوض کرد: {count} برگ", "{who} draws {count}", "{who} بدّل {count}"),
    "log.pat": t("{who} عوض نکرد", "{who} stands pat", "{who} لم يبدّل"),
    "log.show_ace": t("{who} {card} را نشان داد و چهار برگ گرفت",
                      "{who} shows the {card} and draws four", "{who} كشف {card} وأخذ أربعًا"),
    "log.reshuffle": t("برگ‌های ریخته بُر خورد و زیر دسته رفت",
                       "The thrown cards are shuffled under the stock",
                       "خُلطت الأوراق المرمية تحت الرزمة"),
    "log.show": t("{who}: {hand}", "{who} shows {hand}", "{who}: {hand}"),
    "log.muck": t("{who} دستش را نشان نداد و باخت", "{who} gives up without showing",
                  "{who} استسلم دون كشف يده"),
    "log.pot": t("{who} با {hand} برد: {chips} ژتون", "{who} wins {chips} with {hand}",
                 "{who} ربح {chips} بـ{hand}"),
    "log.split": t("{seats} با {hand} تقسیم کردند: {chips} ژتون",
                   "{seats} split {chips} with {hand}", "{seats} تقاسموا {chips} بـ{hand}"),
    "log.take": t("{who} برداشت: {chips} ژتون", "{who} takes {chips}", "{who} أخذ {chips}"),
    "log.thrown_in": t("کسی باز نکرد؛ {chips} ژتون برای دست بعد ماند",
                       "Nobody opened: {chips} stay in the middle for the next deal",
                       "لم يفتح أحد: تبقى {chips} في الوسط للتوزيعة التالية"),
    "log.ledger": t("پایان دست {deal}", "End of deal {deal}", "نهاية التوزيعة {deal}"),
    "log.out": t("{who} ژتونی ندارد و بیرون رفت", "{who} has no chips left and is out",
                 "{who} بلا فيشات وخرج"),
    "log.match_end": t("بازی تمام شد", "The match is over", "انتهت المباراة"),
    "why.check_bet": t("{n} ژتون برای دیدن هست؛ نمی‌شود چک کرد",
                       "There is {n} to call: you cannot check", "عليك مجاراة {n}: لا تمرير"),
    "why.capped": t("سقف شرط‌ها پر شده: ببینید یا بخوابید", "The betting is capped: call or fold",
                    "اكتمل سقف الرهان: جارِ أو انسحب"),
    "why.short": t("ژتونت فقط برای دیدن است، یا بخواب",
                   "You can only call with what you have, or fold",
                   "لا يمكنك إلا المجاراة بما معك، أو الانسحاب"),
    "why.not_reopened": t("آخرین افزایش کامل نبود: ببینید یا بخوابید",
                          "The last raise was not a full one: call or fold",
                          "لم يكن الرفع الأخير كاملًا: جارِ أو انسحب"),
    "why.openers": t("برای باز کردن دست‌کم جفت سرباز لازم است",
                     "You need a pair of jacks or better to open",
                     "تحتاج زوج ولد أو أفضل لتفتح"),
    "why.say_raise": t("شرط بسته شده: بالا ببرید", "There is a bet already: raise it",
                       "هناك رهان: ارفعه"),
    "why.say_bet": t("کسی شرط نبسته: شرط ببندید", "Nobody has bet: bet", "لم يراهن أحد: راهن"),
    "why.over_limit": t("سقف شرط {n} است", "The limit is {n}", "الحد {n}"),
    "why.over_purse": t("فقط {n} ژتون داری", "You hold only {n} chips", "لا تملك إلا {n} فيشة"),
    "why.min_raise": t("شرط این‌جا دست‌کم {n} است", "A bet or raise here is at least {n}",
                       "الرهان هنا {n} على الأقل"),
    "why.steps": t("شرط باید با گام {n} باشد", "Bets go in steps of {n}", "الرهان بخطوات من {n}"),
    "why.not_held": t("{card} دست تو نیست", "You do not hold the {card}", "لا تملك {card}"),
    "why.no_four": t("سر این میز چهار برگ عوض نمی‌شود", "Four cards may not be drawn at this table",
                     "لا تبديل لأربع أوراق على هذه الطاولة"),
    "why.keep_ace": t("چهار برگ فقط با نگه داشتن آس", "Draw four only keeping an ace",
                      "أربع فقط مع الاحتفاظ بالآص"),
    "why.too_many": t("دست‌بالا {n} برگ عوض کن", "Draw at most {n} cards",
                      "بدّل {n} أوراق على الأكثر"),
    "poker.say.deal": t("شما دست می‌دهید: پخش کنید", "You deal: deal the cards",
                        "أنت الموزّع: وزّع الأوراق"),
    "poker.say.bet": t("نوبت شماست: {what}", "Your turn: {what}", "دورك: {what}"),
    "poker.part.check": t("چک", "check", "تمرير"),
    "poker.part.call": t("دیدن {n}", "call {n}", "مجاراة {n}"),
    "poker.part.call_all": t("دیدن با همه‌ی {n} ژتون", "call all in with {n}",
                             "مجاراة بكل فيشاتك الـ{n}"),
    "poker.part.bet": t("شرط {n}", "bet ({n})", "رهان {n}"),
    "poker.part.raise": t("بالا بردن تا {n}", "raise to {n}", "رفع إلى {n}"),
    "poker.part.allin": t("همه‌ی ژتون‌ها ({n})", "all in ({n})", "كل الفيشات ({n})"),
    "poker.part.fold": t("خوابیدن", "fold", "انسحاب"),
    "poker.say.draw": t("تا {n} برگ برای عوض کردن انتخاب کنید ({chosen} برگزیده؛ هیچ: بی‌عوض)",
                        "Choose up to {n} cards to throw and draw ({chosen} chosen; none: stand "
                        "pat)",
                        "اختر حتى {n} أوراق لتبدّلها ({chosen} مختارة؛ لا شيء: بلا تبديل)"),
    "poker.say.draw_four": t("تا {n} برگ انتخاب کنید ({chosen} برگزیده)، یا آس را نگه دارید و "
                             "چهار برگ بگیرید",
                             "Choose up to {n} cards to throw ({chosen} chosen), or keep an ace "
                             "and draw four",
                             "اختر حتى {n} أوراق ({chosen} مختارة)، أو احتفظ بالآص وخذ أربعًا"),
    "poker.say.betting": t("{who} شرط می‌بندد…", "{who} is betting…", "{who} يراهن…"),
    "poker.say.drawing": t("{who} برگ عوض می‌کند…", "{who} is drawing…", "{who} يبدّل…"),
    "poker.say.dealing": t("{who} دست می‌دهد…", "{who} is dealing…", "{who} يوزّع…"),
    "poker.pot": counted("پات: {n} ژتون", {"one": "Pot: {n} chip", "other": "Pot: {n} chips"},
                         {"zero": "الوعاء: {n} فيشة", "one": "الوعاء: فيشة واحدة",
                          "two": "الوعاء: فيشتان", "few": "الوعاء: {n} فيشات",
                          "many": "الوعاء: {n} فيشة", "other": "الوعاء: {n} فيشة"}),
    "poker.main": t("پات اصلی {n}: {who}", "Main pot {n}: {who}", "الوعاء الرئيسي {n}: {who}"),
    "poker.side": t("پات کنار {n}: {who}", "Side pot {n}: {who}", "وعاء جانبي {n}: {who}"),
    "poker.round.1": t("پیش از عوض کردن", "Before the draw", "قبل التبديل"),
    "poker.round.2": t("پس از عوض کردن", "After the draw", "بعد التبديل"),
    "poker.drawing": t("عوض کردن برگ‌ها", "The draw", "التبديل"),
    "poker.dealer": t("دست {n}، دست‌دهنده: {who}", "Dealer: {who} · deal {n}",
                      "التوزيعة {n}، الموزّع: {who}"),
    "poker.pack": t("{n} برگ، {low} تا آس · {ranking}", "{n} cards, {low} to ace · {ranking}",
                    "{n} ورقة، من {low} إلى الآص · {ranking}"),
    "poker.ranking.persian": t("ترتیب ایرانی", "Persian ranking", "الترتيب الإيراني"),
    "poker.ranking.standard": t("ترتیب استاندارد", "standard ranking", "الترتيب القياسي"),
    "poker.to_call": t("برای دیدن: {n}", "To call: {n}", "للمجاراة: {n}"),
    "poker.opener": t("باز کرد: {who}", "Opened by {who}", "فتح: {who}"),
    "poker.mine": t("دست شما: {hand}", "You hold {hand}", "يدك: {hand}"),
    "poker.won": t("دست قبل: {who} برد: {n} ژتون", "Last pot: {who} won {n}",
                   "الوعاء الأخير ({n}): ربح {who}"),
    "poker.won_with": t("دست قبل: {who} با {hand} برد: {n} ژتون",
                        "Last pot: {who} won {n} with {hand}",
                        "الوعاء الأخير ({n}): ربح {who} بـ{hand}"),
    "poker.mark.dealer": t("دست‌دهنده", "dealer", "الموزّع"),
    "poker.mark.check": t("چک", "checked", "مرّر"),
    "poker.mark.call": t("دید {n}", "called {n}", "جارى {n}"),
    "poker.mark.bet": t("شرط بست {n}", "bet {n}", "راهن {n}"),
    "poker.mark.raise": t("بالا برد تا {n}", "raised to {n}", "رفع إلى {n}"),
    "poker.mark.allin": t("همه‌ی ژتون‌ها", "all in", "كل الفيشات"),
    "poker.mark.fold": t("خوابید", "folded", "انسحب"),
    "poker.mark.drew": t("{n} برگ عوض کرد", "drew {n}", "بدّل {n}"),
    "poker.mark.pat": t("بی‌عوض", "stood pat", "بلا تبديل"),
    "sheet.poker.banker": t("دست‌ده", "Dealer", "الموزّع"),
}


def hand_name(hand: Sequence[str], tr: Callable[..., str]) -> str:
    """A hand's name (``["full_house", "K", "5"]``: "a full house, kings over fives")."""
    kind, ranks = hand[0], list(hand[1:]) + ["", ""]
    if kind == "straight_flush" and ranks[0] == "A":
        kind = "royal"
    return tr(f"poker.hand.{kind}", a=tr(f"poker.rank.{ranks[0]}") if ranks[0] else "", b=tr(f"poker.rank.{ranks[1]}") if ranks[1] else "", A=tr(f"poker.ranks.{ranks[0]}") if ranks[0] else "", B=tr(f"poker.ranks.{ranks[1]}") if ranks[1] else "")


def word(name: str, value: Any, tr: Callable[..., str], seat: Callable[[int], str]
         ) -> str | None:
    """A value of poker's events as the log says it: a hand by its name, the seats that split
    a pot by their names."""
    if name == "hand" and isinstance(value, list) and value:
        return hand_name([str(v) for v in value], tr)
    if name == "seats" and isinstance(value, list):
        return tr("table.and").join(seat(int(s)) for s in value)
    return None


def marks(facts: PokerObservation, seat: int, tr: Callable[..., str]) -> list[str]:
    """Beside a seat's name: the dealer, its word this round and its bet, its draw; after the
    deal, its hand where it was shown."""
    out = []
    phase = facts.get("phase")
    if facts.get("dealer") == seat and phase != "over":
        out.append(tr("poker.mark.dealer"))
    said, bets, drawn = facts.get("said") or [], facts.get("bets") or [], facts.get("drawn") or []
    status = facts.get("status") or []
    word_now = said[seat] if seat < len(said) and phase == "bet" else ""
    if seat < len(status) and status[seat] in ("fold", "allin") and phase != "deal":
        word_now = status[seat]
    bet = bets[seat] if seat < len(bets) else 0
    if word_now in ("check", "fold", "allin"):
        out.append(tr(f"poker.mark.{word_now}"))
    elif word_now in ("call", "bet", "raise"):
        out.append(tr(f"poker.mark.{word_now}", n=bet))
    count = drawn[seat] if seat < len(drawn) else None
    if count is not None and phase != "deal":
        out.append(tr("poker.mark.drew", n=count) if count else tr("poker.mark.pat"))
    names = facts.get("named") or []
    hand = names[seat] if seat < len(names) else None
    if phase in ("deal", "over") and hand:
        out.append(hand_name(hand, tr))  # shown at the showdown (or one's own)
    return out


def _amounts(seen: Seen[PokerObservation], verb: str) -> str | None:
    """The numbers a bet or raise may take, as "20" or "20–980"; None if it may not be made."""
    for action in seen.legal:
        if action.verb == verb:
            numbers = number_range(action)
            return action.arg if numbers is None else f"{numbers[0]}–{numbers[-1]}"
    return None


def status(seen: Seen[PokerObservation], tr: Callable[..., str]) -> str | None:
    """What the seat to act may do, with the numbers: "Your turn: call 40, raise to 80–500 or
    fold"; the cards to throw at the draw; dealing. While another decides: who is betting,
    drawing or dealing."""
    f = seen.facts
    phase = f.get("phase")
    if not seen.mine:
        if len(seen.deciding) != 1 or phase == "over":
            return None
        key = {"bet": "poker.say.betting", "draw": "poker.say.drawing",
               "deal": "poker.say.dealing"}.get(str(phase))
        return tr(key, who=seen.who()) if key else None
    if seen.verbs == {"deal"}:
        return tr("poker.say.deal")
    if "draw" in seen.verbs:
        key = "poker.say.draw_four" if "four" in seen.verbs else "poker.say.draw"
        return tr(key, n=(seen.pick("draw") or (0, 3))[1], chosen=len(seen.picked))
    to_call = seen.fact_int("to_call") or 0
    purses = f.get("purses") or []
    stack = purses[seen.seat] if seen.seat is not None and seen.seat < len(purses) else 0
    bets = f.get("bets") or []
    parts = [tr("poker.part.check")] if "check" in seen.verbs else [
        tr("poker.part.call", n=to_call) if to_call < stack
        else tr("poker.part.call_all", n=stack)]
    for verb in ("bet", "raise"):
        amounts = _amounts(seen, verb)
        if amounts is not None:
            parts.append(tr(f"poker.part.{verb}", n=amounts))
    if "allin" in seen.verbs and seen.seat is not None and seen.seat < len(bets):
        parts.append(tr("poker.part.allin", n=bets[seen.seat] + stack))
    if "fold" in seen.verbs:
        parts.append(tr("poker.part.fold"))
    what = parts[0] if len(parts) == 1 else tr(
        "say.or", a=tr("table.list_sep").join(parts[:-1]), b=parts[-1])
    return tr("poker.say.bet", what=what)


def panel(seen: Seen[PokerObservation], tr: Callable[..., str]) -> list[str]:
    """The dealer and the deal, the round, the pot (each side pot and who shares it), what to
    call, the opener, one's own hand by name, the pack and its ranking, and after the deal its
    biggest pot (who drew how many is said beside each seat: `marks`)."""
    f = seen.facts
    names = tr("table.list_sep").join
    lines = []
    dealer, phase = seen.fact_int("dealer"), f.get("phase")
    if dealer is not None and phase != "over":  # between deals: the next deal's dealer
        deal = (seen.fact_int("deal") or 0) + (phase == "deal")
        lines.append(tr("poker.dealer", who=seen.name(dealer), n=deal))
    if phase == "bet":
        lines.append(tr(f"poker.round.{f.get('round', 1)}"))
    elif phase == "draw":
        lines.append(tr("poker.drawing"))
    pots = f.get("pots") or []
    if len(pots) > 1:
        lines += [tr("poker.main" if i == 0 else "poker.side", n=p["chips"],
                     who=names(seen.name(s) for s in p["seats"])) for i, p in enumerate(pots)]
    elif phase in ("bet", "draw"):
        lines.append(tr("poker.pot", n=seen.fact_int("pot") or 0))
    to_call = seen.fact_int("to_call")
    if to_call:
        lines.append(tr("poker.to_call", n=to_call))
    opener = seen.fact_int("opener")
    if opener is not None and phase in ("bet", "draw"):
        lines.append(tr("poker.opener", who=seen.name(opener)))
    named = f.get("named") or []
    mine = named[seen.seat] if seen.seat is not None and seen.seat < len(named) else None
    if mine and phase in ("bet", "draw"):
        lines.append(tr("poker.mine", hand=hand_name(mine, tr)))
    pack = f.get("pack")
    if pack:
        lines.append(tr("poker.pack", n=pack["cards"], low=tr(f"rank.{pack['low']}"),
                        ranking=tr(f"poker.ranking.{f.get('ranking')}")))
    won = f.get("won") or []
    if won and phase in ("deal", "over"):
        best = max(won, key=lambda p: p["chips"])
        who, hand = names(seen.name(s) for s in best["seats"]), best["hand"]
        lines.append(tr("poker.won_with", who=who, n=best["chips"], hand=hand_name(hand, tr))
                     if hand else tr("poker.won", who=who, n=best["chips"]))
    return lines
