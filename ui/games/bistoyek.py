"""The words of bistoyek that the table shows: options, actions, log lines and refusals."""

from __future__ import annotations

from collections.abc import Callable

from game.core import Action
from game.rules.bistoyek import BistoyekObservation
from ui.games import t
from ui.games.speech import Seen

UNDO = False
"""No undo here: each deal draws and turns cards as it goes on, so no move could be taken back."""

STRINGS = {
    "opt.bistoyek.purse": t("پول اول هر نفر", "Starting chips", "رصيد البداية"),
    "opt.bistoyek.bank": t("مبلغ بانک", "Bank", "مبلغ البنك"),
    "opt.bistoyek.minimum": t("کمترین شرط", "Smallest stake", "أصغر رهان"),
    "opt.bistoyek.bank_on": t("بانک خیره در چند برابر", "Bank is on at (times)",
                              "البنك جاهز عند (أضعاف)"),
    "opt.bistoyek.bank_deals": t("بیشترین دست برای یک بانک", "Most deals for one bank",
                                 "أكثر الأيدي لبنك واحد"),
    "opt.bistoyek.rounds": t("دور بانک", "Rounds of the bank", "دورات البنك"),
    "opt.bistoyek.deals": t("تعداد دست", "Deals", "عدد الأيدي"),
    "opt.bistoyek.side_bets": t("شرط روی دست دیگری", "Side bets", "رهان على يد غيرك"),
    "opt.bistoyek.ace11": t("تک یازده", "Ace counts 11", "الآس بأحد عشر"),
    "act.bank": t("بانکدار می‌شوم", "Take the bank", "آخذ البنك"),
    "act.refuse": t("بانکدار نمی‌شوم", "Refuse the bank", "أرفض البنك"),
    "act.announce": t("بانک خیره", "The bank is on", "البنك جاهز"),
    "act.deal": t("پخش کن", "Deal", "وزّع"),
    "act.stake": t("شرط", "Stake", "راهن"),
    "act.back": t("شرط روی این دست", "Back this hand", "راهن على هذه اليد"),
    "act.pass": t("نه", "No", "لا"),
    "act.hit": t("کارت", "Card", "ورقة"),
    "act.stand": t("بس است", "Stand", "يكفي"),
    "act.change": t("عوض کن", "Change", "بدّل"),
    "log.offer": t("بانک به {who} رسید", "The bank is offered to {who}", "البنك لـ{who}"),
    "log.refuse": t("{who} بانکدار نشد", "{who} refuses the bank", "{who} رفض البنك"),
    "log.bank": t("{who} بانک گذاشت: {chips}", "{who} puts up a bank of {chips}",
                  "{who} وضع بنكًا بمبلغ {chips}"),
    "log.collect": t("{who} بانک را برداشت: {chips}", "{who} takes the bank home: {chips}",
                     "{who} أخذ البنك: {chips}"),
    "log.deal_start": t("دست {deal}، بانک {bank}", "Deal {deal}, bank {bank}",
                        "اليد {deal}، البنك {bank}"),
    "log.skip": t("{who} این دست بازی نمی‌کند", "{who} sits this deal out",
                  "{who} لا يلعب هذه اليد"),
    "log.turn": t("نوبت بانکدار", "The banker plays", "دور صاحب البنك"),
    "log.stake": t("{who} شرط بست: {chips}", "{who} stakes {chips}", "{who} راهن بـ{chips}"),
    "log.back": t("{who} روی دست دیگری شرط بست: {chips}", "{who} backs a hand with {chips}",
                  "{who} راهن على يد أخرى بـ{chips}"),
    "log.pass": t("{who} شرط نبست", "{who} passes", "{who} لم يراهن"),
    "log.show": t("{who} یک کارت رو کرد: {card}", "{who} shows {card}", "{who} كشف {card}"),
    "log.hit": t("{who} کارت گرفت", "{who} takes a card", "{who} أخذ ورقة"),
    "log.burn": t("{who} سوخت با {value}", "{who} burns with {value}", "{who} احترق بـ{value}"),
    "log.lose": t("{who} باخت: {chips}", "{who} loses {chips}", "{who} خسر {chips}"),
    "log.win": t("{who} برد: {chips}", "{who} wins {chips}", "{who} ربح {chips}"),
    "log.stand": t("{who} ایستاد", "{who} stands", "{who} توقف"),
    "log.change": t("{who} کارت اولش را عوض کرد", "{who} changes the first card",
                    "{who} بدّل ورقته الأولى"),
    "log.announce": t("{who}: بانک خیره!", "{who}: the bank is on!", "{who}: البنك جاهز!"),
    "log.showdown": t("کارت‌ها رو شد؛ بانکدار {banker}", "Hands shown; the banker has {banker}",
                      "كُشفت الأوراق؛ صاحب البنك {banker}"),
    "log.ledger": t("پایان دست {deal}", "End of deal {deal}", "نهاية اليد {deal}"),
    "log.reshuffle": t("کارت‌های رفته بُر خورد", "The played cards are shuffled",
                       "خُلطت الأوراق الملعوبة"),
    "log.match_end": t("بازی تمام شد", "The match is over", "انتهت المباراة"),
    "why.no_stake": t("الان نمی‌شود شرط بست", "You cannot stake now", "لا يمكنك الرهان الآن"),
    "why.below_minimum": t("کمترین شرط {n} است", "The smallest stake is {n}",
                           "أصغر رهان {n}"),
    "why.over_purse": t("فقط {n} داری", "You hold only {n} chips", "لا تملك إلا {n}"),
    "why.over_bank": t("بانک فقط {n} دیگر جواب می‌دهد", "The bank can answer for only {n} more",
                       "البنك يغطي {n} فقط"),
    "why.steps": t("شرط باید مضربی از {n} باشد", "Stakes go in steps of {n}",
                   "الرهان بخطوات من {n}"),
    "why.stood": t("ایستاده‌ای", "You have stood", "لقد توقفت"),
    "why.no_cards": t("کارتی برای کشیدن نمانده", "No cards are left to draw",
                      "لم تبق أوراق للسحب"),
    "why.show_one": t("از کارت سوم به بعد باید یک کارت رو کنی",
                      "From the third card on, show one card to draw",
                      "من الورقة الثالثة اكشف ورقة لتسحب"),
    "why.no_show": t("رو کردن کارت از کارت سوم است", "Show a card only from the third card on",
                     "الكشف من الورقة الثالثة فقط"),
    "why.not_held": t("{card} دست تو نیست", "You do not hold {card}", "لا تملك {card}"),
    "why.already_shown": t("{card} رو شده است", "{card} is already shown", "{card} مكشوفة"),
    "why.must_bank": t("همه رد کردند؛ باید بانکدار شوی",
                       "Everyone else refused: you must take the bank",
                       "رفض الجميع: عليك أخذ البنك"),
    "why.changed": t("یک بار کارتت را عوض کرده‌ای", "You have changed your card once already",
                     "بدّلت ورقتك مرة"),
    "why.change_first": t("کارت اول را پیش از کشیدن عوض کن",
                          "Change your first card before you draw",
                          "بدّل ورقتك الأولى قبل السحب"),
    "bistoyek.say.announce": t("بانک خیره شده: {n} ژتون. اعلام کنید یا پخش کنید",
      "The bank is on: {n} chips. Announce it, or deal",
      "البنك جاهز: {n} فيشة. أعلنه أو وزّع"),
    "bistoyek.say.bank": t("بانکدار می‌شوید ({n} ژتون) یا نه؟",
      "Take the bank ({n} chips) or refuse it",
      "هل تأخذ البنك ({n} فيشة) أم ترفضه؟"),
    "bistoyek.say.stake": t("بین {lo} و {hi} ژتون در برابر بانک {n} شرط ببندید",
      "Stake {lo}–{hi} chips against the bank of {n}",
      "راهن بين {lo} و{hi} فيشة أمام بنك {n}"),
    "bistoyek.say.hit": t("دست شما {n} است: کارت بگیرید یا بس کنید",
      "You have {n}: take a card or stand",
      "معك {n}: خذ ورقة أو اكتفِ"),
    "bistoyek.say.show": t("دست شما {n} است: بس کنید، یا برای کارت تازه یکی از کارت‌های "
      "بسته‌تان را رو کنید (دکمه‌ی همان کارت)",
      "You have {n}: stand, or show one of your hidden cards to take another (that card's "
      "button)",
      "معك {n}: اكتفِ، أو اكشف إحدى أوراقك المخفية لتأخذ أخرى (زر تلك الورقة)"),
    "bistoyek.say.stand": t("دست شما {n} است: کارتی برای کشیدن نمانده، بس کنید",
      "You have {n}: no card is left to draw, stand",
      "معك {n}: لم تبقَ ورقة تُسحب، اكتفِ"),
    "act.hit.card": t("{card} را رو کن و کارت بگیر", "Show {card}, take a card",
      "اكشف {card} وخذ ورقة"),
    "bistoyek.say.change": t("بانکدار، دست شما {n} است: کارت، بس یا عوض",
      "Banker, you have {n}: take a card, stand or change",
      "أيها المصرفي، معك {n}: ورقة أو اكتفاء أو تبديل"),
    "bistoyek.say.deal": t("دست بعد را پخش کنید", "Deal the next hand", "وزّع اليد التالية"),
    "bistoyek.on": t("بانک خیره است: {n} ژتون، دست {who}",
      "The bank is on: {n} chips, held by {who}",
      "البنك جاهز: {n} فيشة عند {who}"),
    "bistoyek.bank": t("بانک: {n} ژتون، دست {who} · خیره در {on}",
      "The bank: {n} chips, held by {who} · on at {on}",
      "البنك: {n} فيشة عند {who} · جاهز عند {on}"),
}


def status(seen: Seen[BistoyekObservation], tr: Callable[..., str]) -> str | None:
    """Taking the bank, staking against it, drawing on one's count, announcing the bank."""
    f = seen.facts
    if not seen.mine:
        return None
    values, limit = f.get("values"), f.get("limit")
    value = values[seen.seat] if values is not None and seen.seat is not None else None
    bank = seen.fact_int("bank") or 0
    if "announce" in seen.verbs:
        return tr("bistoyek.say.announce", n=bank)
    if "bank" in seen.verbs:
        return tr("bistoyek.say.bank", n=(f.get("options") or {}).get("bank", bank))
    if "stake" in seen.verbs and limit is not None:
        return tr("bistoyek.say.stake", lo=limit["min"], hi=limit["all"], n=bank)
    if "hit" in seen.verbs and value is not None:
        showing = any(a.verb == "hit" and a.arg for a in seen.legal)  # the third card on
        return tr("bistoyek.say.change" if "change" in seen.verbs
                  else "bistoyek.say.show" if showing else "bistoyek.say.hit", n=value)
    if seen.verbs == {"stand"} and value is not None:  # nothing left to draw
        return tr("bistoyek.say.stand", n=value)
    if seen.verbs == {"deal"}:
        return tr("bistoyek.say.deal")
    return None


STAND_ON = 17
"""From this count the button a decision starts on is "stand" (a card below it)."""


def default(seen: Seen[BistoyekObservation]) -> Action | None:
    """The button Enter presses first: a card below `STAND_ON` (the plain card, not one that
    shows a hidden card), stand from it; a stake's own button otherwise (the table's)."""
    values = seen.facts.get("values")
    value = values[seen.seat] if values is not None and seen.seat is not None else None
    if "stand" not in seen.verbs or value is None:
        return None
    return Action("hit") if value < STAND_ON and Action("hit") in seen.legal \
        else Action("stand")


def panel(seen: Seen[BistoyekObservation], tr: Callable[..., str]) -> list[str]:
    """The bank: how much, who holds it, and when it may be announced."""
    owner, bank = seen.fact_int("bank_owner"), seen.fact_int("bank") or 0
    if owner is None:
        return []
    if seen.facts.get("announced"):
        return [tr("bistoyek.on", n=bank, who=seen.name(owner))]
    return [tr("bistoyek.bank", n=bank, who=seen.name(owner),
               on=seen.fact_int("bank_on") or 0)]
