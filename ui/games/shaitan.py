"""The words of shaitan that the table shows: log lines, refusals and the joker's name, in
fa, en and ar."""

from __future__ import annotations

from collections.abc import Callable

from game.rules.shaitan import ShaitanObservation
from ui.games import t
from ui.games.speech import Seen, per_seat
from ui.plural import counted

STRINGS = {
    "log.pair": t("{who} یک جفت زمین گذاشت", "{who} lays down a pair",
                          "{who} يضع زوجًا"),
    "log.draw": t("{who} از دست همسایه کارت کشید", "{who} draws from the neighbour",
                          "{who} يسحب من يد الجار"),
    "log.safe": t("{who} کارتی ندارد و در امان است", "{who} has no cards and is safe",
                          "{who} بلا أوراق وفي أمان"),
    "log.lost": t("شیطان دست {who} ماند", "{who} is left with the Shaitan",
                         "بقي الشيطان مع {who}"),
    "log.turn": t("نوبت {who}", "{who}'s turn", "دور {who}"),
    "log.deal": t("کارت‌ها پخش شد", "The cards are dealt", "وُزّعت الأوراق"),
    "why.draw_range": counted("{seat} فقط {n} کارت دارد.",
                              {"one": "{seat} holds only {n} card.",
                               "other": "{seat} holds only {n} cards."},
                              {"zero": "ليس مع {seat} أي ورقة.", "one": "مع {seat} ورقة واحدة فقط.",
                               "two": "مع {seat} ورقتان فقط.", "few": "مع {seat} {n} أوراق فقط.",
                               "many": "مع {seat} {n} ورقة فقط.", "other": "مع {seat} {n} ورقة فقط."}),
    "card.XR": t("جوکر", "joker", "الجوكر"),
    "shaitan.say.draw": t("یک برگ از دست {who} بکشید",
      "Draw a card from {who}'s hand",
      "اسحب ورقة من يد {who}"),
    "shaitan.say.draws": t("{who} از دست {frm} برگ می‌کشد…",
      "{who} is drawing from {frm}'s hand…",
      "{who} يسحب من يد {frm}…"),
    "shaitan.pairs": t("جفت‌های زمین: {n}", "Pairs laid down: {n}", "الأزواج المطروحة: {n}"),
}


def status(seen: Seen[ShaitanObservation], tr: Callable[..., str]) -> str | None:
    """Drawing a card blind from the neighbour's hand."""
    frm = seen.facts["from"]
    if frm is None or seen.facts["phase"] != "draw":
        return None
    if seen.mine:
        return tr("shaitan.say.draw", who=seen.name(frm))
    return tr("shaitan.say.draws", who=seen.who(), frm=seen.name(frm))


def panel(seen: Seen[ShaitanObservation], tr: Callable[..., str]) -> list[str]:
    """The cards left in each hand and the pairs laid down."""
    hands = [seen.count(f"hand:{s}") for s in range(seen.facts["seats"])]
    return [tr("say.hands", cards=per_seat(seen, hands, tr)),
            tr("shaitan.pairs", n=seen.count("pairs") // 2)]
