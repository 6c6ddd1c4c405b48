"""The words of bourse that the table shows: options, actions, log lines and refusals, and
the lines of its corner panel (the prizes, the calls left, what a live card is worth)."""

from __future__ import annotations

from collections.abc import Callable

from game.rules.bourse import BourseObservation
from ui.games import t
from ui.games.speech import Seen


def info_lines(facts: BourseObservation, tr: Callable[..., str]) -> list[str]:
    """The three prizes; while cards are called, how many are left, a live card's fair price
    (each offer's line gives its chance), and how to sell."""
    prizes = facts.get("prizes")
    if prizes is None or len(prizes) != 3:
        return []
    lines = [tr("bourse.prizes", a=prizes[0], b=prizes[1], c=prizes[2])]
    if facts.get("calls_left"):
        lines += [tr("bourse.calls_left", n=facts["calls_left"], fair=facts.get("fair", 0)),
                  tr("bourse.how")]
    return lines


STRINGS = {
    "bourse.prizes": t("جایزه‌ها: {a}، {b}، {c}", "Prizes: {a}, {b}, {c}",
                       "الجوائز: {a}، {b}، {c}"),
    "bourse.how": t("کارتی را روی بازیکنی بکشید تا به او بفروشید",
                    "Drag a card onto a player to sell it", "اسحب ورقة إلى لاعب لتبيعها"),
    "bourse.calls_left": t("{n} کارت مانده · ارزش هر کارت زنده {fair}",
                           "{n} calls left · a live card is worth {fair}",
                           "{n} نداء باقٍ · قيمة الورقة الحية {fair}"),
    "opt.bourse.purse": t("پول اول هر نفر", "Starting chips", "رصيد البداية"),
    "opt.bourse.price": t("قیمت هر کارت", "Price of a card", "سعر الورقة"),
    "opt.bourse.split": t("سهم سه جایزه", "The three prizes", "الجوائز الثلاث"),
    "optval.bourse.split.50-30-20": t("پنجاه، سی، بیست", "50 / 30 / 20", "خمسون، ثلاثون، عشرون"),
    "optval.bourse.split.60-30-10": t("شصت، سی، ده", "60 / 30 / 10", "ستون، ثلاثون، عشرة"),
    "optval.bourse.split.40-35-25": t("چهل، سی و پنج، بیست و پنج", "40 / 35 / 25",
                                      "أربعون، خمسة وثلاثون، خمسة وعشرون"),
    "opt.bourse.price_step": t("گام قیمت", "Price steps", "خطوة السعر"),
    "opt.bourse.offers": t("پیشنهاد میان دو خواندن", "Offers between calls",
                           "العروض بين ندائين"),
    "opt.bourse.deals": t("تعداد بازی", "Games", "عدد الأدوار"),
    "act.offer": t("بفروش", "Offer", "اعرض"),
    "act.accept": t("می‌خرم", "Buy", "أشتري"),
    "act.decline": t("نمی‌خرم", "Decline", "لا أشتري"),
    "act.withdraw": t("پس بگیر", "Withdraw", "اسحب العرض"),
    "act.done": t("بخوان", "Call on", "تابع النداء"),
    "log.sell": t("{who} کارت‌هایش را خرید: {chips}", "{who} buys cards for {chips}",
                  "{who} اشترى أوراقه بـ{chips}"),
    "log.prizes": t("پول جمع شد: {money}", "The money is {money}", "جُمع المال: {money}"),
    "log.window": t("خرید و فروش؛ {live} کارت زنده", "Trading; {live} cards still live",
                    "تداول؛ {live} ورقة حية"),
    "log.offer": t("{who} {card} را به {price} عرضه کرد", "{who} offers {card} for {price}",
                   "{who} يعرض {card} بـ{price}"),
    "log.withdraw": t("{who} پیشنهادش را پس گرفت", "{who} withdraws an offer",
                      "{who} سحب عرضه"),
    "log.accept": t("{who} {card} را به {chips} خرید", "{who} buys {card} for {chips}",
                    "{who} اشترى {card} بـ{chips}"),
    "log.decline": t("{who} نخرید", "{who} declines", "{who} رفض"),
    "log.done": t("{who}: بخوان", "{who}: call on", "{who}: تابع"),
    "log.call": t("خوانده شد: {card}؛ سوخت", "Called: {card}, struck out", "نودي: {card}، احترقت"),
    "log.prize": t("{who} جایزه‌ی {prize} را برد: {chips}", "{who} wins prize {prize}: {chips}",
                   "{who} ربح الجائزة {prize}: {chips}"),
    "log.ledger": t("پایان بازی {deal}", "End of game {deal}", "نهاية الدور {deal}"),
    "log.match_end": t("بازی تمام شد", "The match is over", "انتهت المباراة"),
    "why.withdrawn": t("این پیشنهاد دیگر باز نیست", "That offer is no longer open",
                       "هذا العرض لم يعد قائمًا"),
    "why.no_offer": t("چنین پیشنهادی نیست", "There is no such offer", "لا يوجد عرض كهذا"),
    "why.not_seller": t("فقط فروشنده می‌تواند پس بگیرد", "Only the seller may withdraw an offer",
                        "البائع وحده يسحب عرضه"),
    "why.done_already": t("گفته‌ای که تمام است", "You have said you are done",
                          "قلت إنك انتهيت"),
    "why.own_offer": t("این پیشنهاد خودت است", "That is your own offer", "هذا عرضك أنت"),
    "why.not_yours": t("این پیشنهاد به دیگری است", "That offer was made to another seat",
                       "هذا العرض لغيرك"),
    "why.open_to_all": t("پیشنهاد به همه جواب نمی‌خواهد", "An offer to all needs no answer",
                         "العرض للجميع لا يحتاج ردًا"),
    "why.over_purse": t("فقط {n} داری", "You hold only {n} chips", "لا تملك إلا {n}"),
    "why.struck": t("{card} خوانده شده و نمی‌برد", "{card} has been called: it cannot win",
                    "نودي {card} فلا تربح"),
    "why.not_held": t("{card} دست تو نیست", "You do not hold {card}", "لا تملك {card}"),
    "why.self": t("به نفر دیگری پیشنهاد بده", "Offer to another seat", "اعرض على غيرك"),
    "why.no_seat": t("این نفر در بازی نیست", "That seat is not trading", "هذا اللاعب لا يتداول"),
    "why.price": t("قیمت از {lo} تا {hi} با گام {n}",
                   "A price is from {lo} to {hi} in steps of {n}",
                   "السعر من {lo} إلى {hi} بخطوة {n}"),
    "why.buyer_short": t("آن نفر فقط {n} دارد", "That seat holds only {n} chips",
                         "ذلك اللاعب لا يملك إلا {n}"),
    "why.quota": t("پیش از خواندن بعدی {n} پیشنهاد داده‌ای",
                   "You have made {n} offers before this call", "قدّمت {n} عروض قبل هذا النداء"),
    "bourse.say.buy": t("{who} {card} را {n} ژتون به شما می‌فروشد: می‌خرید؟",
      "{who} offers you the {card} for {n} chips: buy or decline",
      "يعرض {who} عليك {card} بـ {n} فيشة: تشتري أم لا؟"),
    "bourse.say.trade": t("کارتی را به بازیکنی بفروشید یا برای کارت بعدی بخوانید",
      "Sell a card to a player, or call on the next card",
      "بِع ورقة للاعب، أو تابع النداء إلى الورقة التالية"),
    "bourse.say.call_on": t("برای کارت بعدی بخوانید", "Call on the next card",
      "تابع النداء إلى الورقة التالية"),
}


def status(seen: Seen[BourseObservation], tr: Callable[..., str]) -> str | None:
    """An offer made to the seat (who, which card, the price), else what trading allows."""
    if not seen.mine:
        return None
    offers = seen.facts.get("offers")
    if "accept" in seen.verbs and offers is not None:
        ids = set(seen.args("accept"))
        offer = next((o for o in offers if str(o["id"]) in ids), None)
        if offer is not None:
            return tr("bourse.say.buy", who=seen.name(offer["seller"]),
                      card=seen.card(offer["card"]), n=offer["price"])
    if "offer" in seen.verbs:
        return tr("bourse.say.trade")
    return tr("bourse.say.call_on") if seen.verbs == {"done"} else None
