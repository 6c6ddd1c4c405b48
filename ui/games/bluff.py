"""The words of bluff that the table shows: option names, actions, log lines and refusals, in fa,
en and ar."""

from __future__ import annotations

from collections.abc import Callable

from game.rules.bluff import BluffObservation
from ui.games import t
from ui.games.speech import Seen, chosen, per_seat
from ui.plural import counted

STRINGS = {
    "opt.bluff.decks": t("تعداد دسته ورق", "Decks", "عدد الرزم"),
    "act.claim": t("بگذار و بگو", "Lay and claim", "ضع وأعلن"),
    "act.call": t("بلف!", "Bluff!", "بلف!"),
    "act.pass": t("رد", "Pass", "مرّر"),
    "log.deal": t("کارت‌ها پخش شد", "The cards are dealt", "وُزّعت الأوراق"),
    "log.claimed": t("{who}: {count} تا {rank}", "{who}: {count} × {rank}",
                         "{who}: {count} × {rank}"),
    "log.answered": t("{who} جواب داد", "{who} has answered", "{who} أجاب"),
    "log.call": t("{who} گفت بلف!", "{who} calls bluff!", "{who} يقول بلف!"),
    "log.take": t("{who} همه‌ی کارت‌های وسط را برداشت",
                        "{who} takes the whole pile", "{who} يأخذ الكومة كلها"),
    "log.no_call": t("کسی بلف نگفت", "Nobody calls bluff", "لم يقل أحد بلف"),
    "log.turn": t("نوبت {who}", "{who}'s turn", "دور {who}"),
    "log.won": t("{who} دستش خالی شد و برد", "{who} empties the hand and wins",
                       "{who} أفرغ يده وفاز"),
    "why.answer_first": t("اول جواب ادعا را بدهید: بلف بگویید یا رد کنید.",
                          "Answer the claim first: call bluff or pass.",
                          "أجب عن الإعلان أولًا: قل بلف أو مرّر."),
    "why.claim_now": t("نوبت شماست: کارت بگذارید و بگویید چیست.",
                       "It is your turn to lay cards and make a claim.",
                       "دورك: ضع أوراقًا وأعلن ما هي."),
    "why.laid_once": t("هر کارت را فقط یک بار می‌شود گذاشت.", "Each card may be laid once.",
                       "تُوضع كل ورقة مرة واحدة فقط."),
    "why.claim_most": t("هر ادعا حداکثر {n} کارت است.", "A claim holds at most {n} cards.",
                        "الإعلان {n} أوراق على الأكثر."),
    "bluff.say.claim": counted(
        "{n} برگ را رو به پایین بگذارید و بگویید چه‌اند ({chosen} انتخاب شده)",
        {"one": "Lay {n} card face down and say its rank ({chosen} chosen)",
         "other": "Lay {n} cards face down and say their rank ({chosen} chosen)"},
        {"zero": "ضع {n} أوراق مقلوبة وأعلن رتبتها ({chosen} مختارة)",
         "one": "ضع ورقة واحدة مقلوبة وأعلن رتبتها ({chosen} مختارة)",
         "two": "ضع ورقتين مقلوبتين وأعلن رتبتهما ({chosen} مختارة)",
         "few": "ضع {n} أوراق مقلوبة وأعلن رتبتها ({chosen} مختارة)",
         "many": "ضع {n} ورقة مقلوبة وأعلن رتبتها ({chosen} مختارة)",
         "other": "ضع {n} أوراق مقلوبة وأعلن رتبتها ({chosen} مختارة)"}),
    "bluff.say.claim_as": counted(
        "{n} برگ را به اسم {rank} رو به پایین بگذارید ({chosen} انتخاب شده)",
        {"one": "Lay {n} card face down as a {rank} ({chosen} chosen)",
         "other": "Lay {n} cards face down as {rank}s ({chosen} chosen)"},
        {"zero": "ضع {n} أوراق مقلوبة على أنها {rank} ({chosen} مختارة)",
         "one": "ضع ورقة واحدة مقلوبة على أنها {rank} ({chosen} مختارة)",
         "two": "ضع ورقتين مقلوبتين على أنهما {rank} ({chosen} مختارة)",
         "few": "ضع {n} أوراق مقلوبة على أنها {rank} ({chosen} مختارة)",
         "many": "ضع {n} ورقة مقلوبة على أنها {rank} ({chosen} مختارة)",
         "other": "ضع {n} أوراق مقلوبة على أنها {rank} ({chosen} مختارة)"}),
    "bluff.say.claims": t("{who} می‌گوید {n} برگ {rank} گذاشته",
      "{who} claims {n} × {rank}",
      "{who} يعلن {n} × {rank}"),
    "bluff.say.call": t("{claim}: بلف بگیرید یا رد کنید",
      "{claim}: call Bluff or let it pass",
      "{claim}: قل بلف أو دعها تمرّ"),
    "bluff.say.calls": t("دیگران بلف می‌گیرند یا رد می‌کنند…",
      "The others may call Bluff or let it pass…",
      "للآخرين أن يقولوا بلف أو يدعوها تمرّ…"),
    "bluff.last_claim": t("ادعای آخر: {who}، {n} برگ {rank}",
      "Last claim: {who}, {n} × {rank}",
      "آخر إعلان: {who}، {n} × {rank}"),
    "bluff.pile": counted("برگ‌های وسط: {n}", {"one": "Pile: {n} card", "other": "Pile: {n} cards"},
                          {"zero": "الكومة: {n} ورقة", "one": "الكومة: ورقة واحدة",
                           "two": "الكومة: ورقتان", "few": "الكومة: {n} أوراق",
                           "many": "الكومة: {n} ورقة", "other": "الكومة: {n} ورقة"}),
}


def claimed(seen: Seen[BluffObservation], claim: list[int | str], tr: Callable[..., str],
            key: str) -> str:
    """Sentence ``key`` of a claim [seat, count, rank]: who, how many, which rank."""
    who, count, rank = claim
    return tr(key, who=seen.name(int(who)), n=count, rank=seen.card(str(rank)))


def status(seen: Seen[BluffObservation], tr: Callable[..., str]) -> str | None:
    """Laying cards and naming their rank (how many chosen), or the last claim to call."""
    claim = seen.facts["claim"]
    if seen.facts["phase"] == "claim" and seen.mine:
        ranks = list(dict.fromkeys(a.split()[-1] for a in seen.args("claim")))
        if len(ranks) == 1:
            return chosen(seen, "claim", tr, "bluff.say.claim_as", rank=seen.card(ranks[0]))
        return chosen(seen, "claim", tr, "bluff.say.claim")
    if seen.facts["phase"] == "call" and claim is not None:
        if not seen.mine:
            return tr("bluff.say.calls")
        return tr("bluff.say.call", claim=claimed(seen, claim, tr, "bluff.say.claims"))
    return None


def panel(seen: Seen[BluffObservation], tr: Callable[..., str]) -> list[str]:
    """The last claim (who, how many, which rank), the pile's size, each hand's size."""
    lines = []
    claim = seen.facts["claim"]
    if claim is not None:
        lines.append(claimed(seen, claim, tr, "bluff.last_claim"))
    lines.append(tr("bluff.pile", n=seen.count("pile")))
    hands = [seen.count(f"hand:{s}") for s in range(seen.facts["seats"])]
    lines.append(tr("say.hands", cards=per_seat(seen, hands, tr)))
    return lines
