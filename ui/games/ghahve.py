"""The words of ghahve that the table shows: option names and values, actions, log lines,
refusals and the names of the two jokers."""

from __future__ import annotations

from collections.abc import Callable

from game.rules.ghahve import GhahveObservation
from ui.games import t
from ui.games.speech import Seen, others, signed, trick_play

STRINGS = {
    "opt.ghahve.target": t("امتیاز برد",
      "Points to win",
      "نقاط الفوز"),
    "opt.ghahve.length": t("طول بازی",
      "Length",
      "طول اللعب"),
    "optval.ghahve.length.match": t("مسابقهٔ کامل",
      "Whole match",
      "مباراة كاملة"),
    "optval.ghahve.length.deal": t("یک دست",
      "One deal",
      "توزيعة واحدة"),
    "act.bid": t("بخوان",
      "Bid",
      "زايد"),
    "log.bid": t("{who} خواند: {bid}",
      "{who} bids {bid}",
      "{who} يزايد {bid}"),
    "log.dealer": t("به قرعه، {who} دست می‌دهد",
      "{who} is drawn to deal",
      "وقعت القرعة على {who} ليوزّع"),
    "log.contracts": t("تعهد تیم‌ها: {team0}: {c02} دست، {team1}: {c13} دست",
      "Contracts: {team0}: {c02} tricks, {team1}: {c13} tricks",
      "التعهدات: {team0}: {c02} أكلات، {team1}: {c13} أكلات"),
    "log.deal_scored": t("امتیاز این دست: {team0}: {p02}، {team1}: {p13} (جمع: {s02} و {s13})",
      "Deal scored: {team0}: {p02}, {team1}: {p13} (totals {s02} and {s13})",
      "نقاط التوزيعة: {team0}: {p02}، {team1}: {p13} (المجموع {s02} و{s13})"),
    "why.bid_first": t("اول بخوانید: چند دست می‌گیرید؟",
      "Bid first: how many tricks will you take?",
      "زايد أولًا: كم أكلة ستأخذ؟"),
    "why.bid_least": t("دست‌کم {n} دست بخوانید.",
      "Bid at least {n} tricks.",
      "زايد بـ{n} أكلات على الأقل."),
    "why.bid_most": t("تعهد تیم شما حداکثر {total} دست است: {n} یا کمتر بخوانید.",
      "Your team may contract at most {total} tricks: bid {n} or less.",
      "يتعهد فريقك بـ{total} أكلة على الأكثر: زايد بـ{n} أو أقل."),
    "why.black_joker_now": t("{card} باید تا دست {n}ام بازی شود: الان بازی‌اش کنید.",
      "The {card} must be played by trick {n}: play it now.",
      "يجب أن يُلعب {card} حتى الأكلة {n}: العبه الآن."),
    "why.coloured_joker_after": t("{card} پیش از ژوکر سیاه بازی نمی‌شود.",
      "The {card} cannot be played before the black joker.",
      "لا يُلعب {card} قبل الجوكر الأسود."),
    "card.XB": t("ژوکر سیاه", "black joker", "الجوكر الأسود"),
    "card.XR": t("ژوکر رنگی", "coloured joker", "الجوكر الملوّن"),
    "ghahve.say.bid": t("چند دست برای تیمتان می‌خوانید؟ ({lo} تا {hi})",
      "How many tricks will your team take? Bid {lo}–{hi}",
      "كم أكلة سيأخذ فريقك؟ زايد {lo}–{hi}"),
    "ghahve.say.bid_after": t("یارتان {who} خواند {n}: شما چند می‌خوانید؟ ({lo} تا {hi})",
      "Your partner {who} bid {n}: bid {lo}–{hi}",
      "زايد شريكك {who} بـ {n}: زايد {lo}–{hi}"),
    "ghahve.contract": t("{team}: خوانده {n}، برده {took}",
      "{team}: contract {n}, taken {took}",
      "{team}: العقد {n}، المأخوذ {took}"),
    "ghahve.scores": t("جمع — {a}: {x}، {b}: {y} · تا {n}",
      "Scores — {a}: {x}, {b}: {y} · to {n}",
      "النقاط — {a}: {x}، {b}: {y} · حتى {n}"),
}


def status(seen: Seen[GhahveObservation], tr: Callable[..., str]) -> str | None:
    """The bid (how many tricks, the partner's bid once said), then the tricks (a led joker
    calls for spades)."""
    f = seen.facts
    if f.get("phase") == "bid":
        if not seen.mine:
            return tr("say.bidding", who=seen.who())
        numbers = seen.numbers("bid")
        lo, hi = min(numbers, default=0), max(numbers, default=0)
        bids, teams = f.get("bids"), f.get("teams")
        mate = next((s for team in teams or [] if seen.seat in team for s in team
                     if s != seen.seat), None)
        said = bids[mate] if isinstance(bids, list) and isinstance(mate, int) else None
        if isinstance(mate, int) and said is not None:
            return tr("ghahve.say.bid_after", lo=lo, hi=hi, who=seen.name(mate), n=said)
        return tr("ghahve.say.bid", lo=lo, hi=hi)
    if not seen.mine:
        return others(seen, tr)
    first = next((c for c in seen.zones.get("trick", []) if c), "")
    return trick_play(seen, tr, led="S" if first.startswith("X") else "")


def panel(seen: Seen[GhahveObservation], tr: Callable[..., str]) -> list[str]:
    """Each team's contract and the tricks it took against it, the running totals and the
    target."""
    f = seen.facts
    lines = []
    contracts, tricks, scores = f.get("contracts"), f.get("tricks"), f.get("scores")
    if isinstance(contracts, list) and isinstance(tricks, list) and any(contracts):
        lines += [tr("ghahve.contract", team=seen.team(i), n=contracts[i], took=tricks[i])
                  for i in range(2)]
    if isinstance(scores, list):
        target = (f.get("options") or {}).get("target", 501)
        lines.append(tr("ghahve.scores", a=seen.team(0), x=signed(scores[0]), b=seen.team(1),
                        y=signed(scores[1]), n=target))
    return lines
