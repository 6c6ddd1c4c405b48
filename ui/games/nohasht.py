"""The words of nohasht that the table shows: options, actions, log lines and refusals."""

from __future__ import annotations

from collections.abc import Callable

from game.rules.nohasht import NohashtObservation
from ui.games import t
from ui.games.speech import Seen

STRINGS = {
    "opt.nohasht.purse": t("پول اول هر نفر", "Starting chips", "رصيد البداية"),
    "opt.nohasht.pay9": t("برد با نه", "Paid to a winning 9", "الدفع للتسعة"),
    "opt.nohasht.pay8": t("برد با هشت", "Paid to a winning 8", "الدفع للثمانية"),
    "opt.nohasht.pay_low": t("برد با کمتر", "Paid to a lower winner", "الدفع لما دونها"),
    "opt.nohasht.pot_minimum": t("کمترین شرط میان خودی", "Smallest side pot stake",
                                 "أصغر رهان جانبي"),
    "opt.nohasht.side_pots": t("شرط میان چند نفر", "Side pots", "رهانات جانبية"),
    "opt.nohasht.triple3": t("سه تا سه دو برابر", "Three 3s paid double",
                             "ثلاث ثلاثات بالضعف"),
    "opt.nohasht.faces9": t("سه عکس‌دار نه است", "Three faces count 9",
                            "ثلاث صور تُحسب تسعة"),
    "opt.nohasht.decks": t("تعداد دسته ورق", "Decks", "عدد الرزم"),
    "opt.nohasht.rounds": t("دور دست دادن", "Rounds of the deal", "دورات التوزيع"),
    "opt.nohasht.deals": t("تعداد دست", "Deals", "عدد الأيدي"),
    "act.deal": t("پخش کن", "Deal", "وزّع"),
    "act.open": t("شرط میان خودی", "Open a side pot", "افتح رهانًا جانبيًا"),
    "act.join": t("من هم هستم", "Join", "أشارك"),
    "act.pass": t("نه", "No", "لا"),
    "log.shuffle": t("{who} کارت‌ها را بُر زد", "{who} shuffles and deals",
                     "{who} خلط الأوراق"),
    "log.deal_start": t("دست {deal}", "Deal {deal}", "اليد {deal}"),
    "log.open": t("{who} شرط میان خودی گذاشت: {chips}", "{who} opens a side pot of {chips}",
                  "{who} فتح رهانًا جانبيًا بـ{chips}"),
    "log.join": t("{who} هم آمد", "{who} joins the pot", "{who} شارك"),
    "log.pass": t("{who} نیامد", "{who} passes", "{who} لم يشارك"),
    "log.pot_off": t("کسی نیامد؛ شرط برگشت", "Nobody joined: the stake goes back",
                     "لم يشارك أحد: عاد الرهان"),
    "log.show": t("کارت‌ها رو شد", "The hands are shown", "كُشفت الأيدي"),
    "log.pay": t("برنده با {value}؛ هر نفر {each} می‌دهد",
                 "The winning hand is {value}; each other seat pays {each}",
                 "اليد الرابحة {value}؛ يدفع كل واحد {each}"),
    "log.pot_won": t("{who} شرط میان خودی را برد: {chips}", "{who} wins the side pot: {chips}",
                     "{who} ربح الرهان الجانبي: {chips}"),
    "log.ledger": t("پایان دست {deal}", "End of deal {deal}", "نهاية اليد {deal}"),
    "log.out": t("{who} پولی ندارد و بیرون رفت", "{who} has no chips left and is out",
                 "{who} بلا رصيد وخرج"),
    "log.match_end": t("بازی تمام شد", "The match is over", "انتهت المباراة"),
    "why.no_pot": t("شرط میان خودی پیش از پخش است", "A side pot is agreed before the deal",
                    "الرهان الجانبي قبل التوزيع"),
    "why.pot_open": t("شرطی باز است؛ بیا یا نه بگو", "A side pot is already open: join it or pass",
                      "هناك رهان مفتوح: شارك أو امتنع"),
    "why.below_minimum": t("کمترین شرط {n} است", "The smallest stake is {n}",
                           "أصغر رهان {n}"),
    "why.over_purse": t("فقط {n} داری", "You hold only {n} chips", "لا تملك إلا {n}"),
    "why.steps": t("شرط باید مضربی از {n} باشد", "Stakes go in steps of {n}",
                   "الرهان بخطوات من {n}"),
    "why.no_pot_open": t("شرطی باز نیست", "No side pot is open to join",
                         "لا رهان مفتوح للمشاركة"),
    "nohasht.say.join": t("{who} شرط میان خودی {n} ژتونی گذاشته: شما هم هستید؟",
      "{who} opened a side pot of {n} chips: join, or no?",
      "فتح {who} رهانًا جانبيًا بـ {n} فيشة: تشارك أم لا؟"),
    "nohasht.say.open": t("شرط میان خودی ({lo} تا {hi} ژتون) می‌گذارید یا نه؟",
      "Open a side pot ({lo}–{hi} chips), or no?",
      "هل تفتح رهانًا جانبيًا ({lo}–{hi} فيشة) أم لا؟"),
    "nohasht.say.deal": t("شما دست می‌دهید: پخش کنید", "You deal: deal the cards",
      "أنت الموزّع: وزّع الأوراق"),
    "nohasht.dealer": t("دست‌دهنده: {who} · دست {n}", "Dealer: {who} · deal {n}",
      "الموزّع: {who} · التوزيعة {n}"),
    "nohasht.pot": t("شرط میان خودی: {n} ژتون · {who}", "Side pot: {n} chips each · {who}",
      "الرهان الجانبي: {n} فيشة لكل · {who}"),
    "nohasht.won": t("برندهٔ دست قبل: {who} ({n} ژتون از هر نفر)",
      "Last deal won by {who} ({n} chips from each)",
      "فاز بالتوزيعة الأخيرة {who} ({n} فيشة من كل لاعب)"),
}


def status(seen: Seen[NohashtObservation], tr: Callable[..., str]) -> str | None:
    """Dealing, opening a side pot (its stakes), or joining the pot that is open."""
    if not seen.mine:
        return None
    pot, limit = seen.facts.get("pot"), seen.facts.get("limit")
    if "join" in seen.verbs and pot is not None:
        return tr("nohasht.say.join", who=seen.name(pot["opener"]), n=pot["stake"])
    if "open" in seen.verbs and limit is not None:
        return tr("nohasht.say.open", lo=limit["min"], hi=limit["all"])
    if seen.verbs == {"deal"}:
        return tr("nohasht.say.deal")
    return None


def panel(seen: Seen[NohashtObservation], tr: Callable[..., str]) -> list[str]:
    """The dealer and the deal, the side pot (its stake and who is in), the last winners."""
    lines = []
    dealer = seen.fact_int("dealer")
    if dealer is not None:
        lines.append(tr("nohasht.dealer", who=seen.name(dealer), n=seen.fact_int("deal") or 0))
    pot = seen.facts.get("pot")
    if pot is not None:
        lines.append(tr("nohasht.pot", n=pot["stake"], who=tr("table.list_sep").join(
            seen.name(s) for s in pot["seats"])))
    winners = seen.facts.get("winners")
    if winners:
        lines.append(tr("nohasht.won", who=tr("table.list_sep").join(
            seen.name(s) for s in winners), n=seen.fact_int("payout") or 0))
    return lines
