"""The words of farib that the table shows: options, action labels, log lines and refusals,
fa/en/ar."""

from __future__ import annotations

from collections.abc import Callable

from game.rules.farib import FaribObservation
from ui.games import t
from ui.games.speech import Seen, others, trick_play

STRINGS = {
    "opt.farib.target": t("امتیاز برد", "Points to win", "نقاط الفوز"),
    "opt.farib.scoring": t("امتیازگیری", "Scoring", "حساب النقاط"),
    "optval.farib.scoring.seed": t("مثل متن (مدافعان ۲ یا ۴)", "As the seed (defenders 2 or 4)",
                                   "كما في النص (المدافعون ٢ أو ٤)"),
    "optval.farib.scoring.standard": t("یوکر استاندارد (مدافعان ۲)",
                                       "Standard Euchre (defenders 2)",
                                       "يوكر القياسية (المدافعون ٢)"),
    "opt.farib.length": t("طول بازی", "Length", "طول اللعب"),
    "optval.farib.length.match": t("مسابقهٔ کامل", "Whole match", "مباراة كاملة"),
    "optval.farib.length.hand": t("یک دست", "One hand", "جولة واحدة"),
    "act.order": t("حکم همین", "Order it up", "اطلبها حكمًا"),
    "act.pass": t("پاس", "Pass", "باس"),
    "act.name": t("حکم کن", "Name trump", "سمِّ الحكم"),
    "act.discard": t("زمین بگذار", "Lay away", "اطرح جانبًا"),
    "act.alone": t("تنها بازی می‌کنم", "Go alone", "ألعب وحدي"),
    "act.partner": t("با هم‌تیمی", "With partner", "مع الشريك"),
    "act.call": t("هم‌تیمی را بخوان", "Call a card", "نادِ ورقة"),
    "log.farmer": t("{who} دست کشاورز داشت: دوباره پخش می‌شود",
                    "{who} has a farmer's hand: redeal",
                    "{who} لديه يد المزارع: يعاد التوزيع"),
    "log.shuffle": t("دست {hand}، پخش‌کننده {dealer}", "Hand {hand}, dealer {dealer}",
                     "الجولة {hand}، الموزع {dealer}"),
    "log.deal": t("{who} کارت گرفت", "{who} is dealt cards", "{who} يستلم الأوراق"),
    "log.turn_up": t("برگردانده شد: {card}", "Turned up: {card}", "الورقة المكشوفة: {card}"),
    "log.pass": t("{who}: پاس", "{who} passes", "{who}: باس"),
    "log.turn_down": t("همه پاس گفتند؛ {card} به پشت برگشت",
                       "All passed: {card} is turned down",
                       "الجميع قالوا باس: قُلبت {card}"),
    "log.order": t("{who} حکم را {suit} کرد", "{who} orders up {suit}",
                   "{who} يطلب {suit} حكمًا"),
    "log.pick_up": t("{who} کارت {card} را برداشت", "{who} picks up {card}",
                     "{who} يأخذ {card}"),
    "log.name": t("{who} حکم را {suit} کرد", "{who} names {suit}", "{who} يسمّي {suit}"),
    "log.discard": t("{who} یک کارت زمین گذاشت", "{who} lays a card away",
                     "{who} يطرح ورقة جانبًا"),
    "log.alone": t("{who} تنها بازی می‌کند", "{who} goes alone", "{who} يلعب وحده"),
    "log.partner_plays": t("{who} با هم‌تیمی‌اش بازی می‌کند", "{who} plays with his partner",
                           "{who} يلعب مع شريكه"),
    "log.call": t("{who} هم‌تیمی را خواند: {card}", "{who} calls {card} as partner",
                  "{who} ينادي {card} شريكًا"),
    "log.partner": t("{who} هم‌تیمی حاکم است ({card})", "{who} is the maker's partner ({card})",
                     "{who} شريك الحاكم ({card})"),
    "log.unrevealed": t("{card} در کارت‌های باقیمانده بود: {who} تنها بازی کرد",
                        "{card} was among the leftover cards: {who} played alone",
                        "{card} كانت بين الأوراق الباقية: {who} لعب وحده"),
    "log.hand_score": t("{points} امتیاز برای {side}", "{points} points to the {side}",
                        "{points} نقاط لـ{side}"),
    "log.game_over": t("پایان بازی", "Match over", "انتهت المباراة"),
    "farib.side.makers": t("مهاجمان", "makers", "المهاجمين"),
    "farib.side.defenders": t("مدافعان", "defenders", "المدافعين"),
    "why.sit_out": t("هم‌تیمی‌تان تنها بازی می‌کند: این دست بیرون می‌نشینید.",
                     "Your partner plays alone: you sit this hand out.",
                     "شريكك يلعب وحده: أنت خارج هذه الجولة."),
    "why.order_or_pass": t("کارت برگردانده را حکم کنید یا پاس بدهید.",
                           "Order the turned card up, or pass.",
                           "اطلب الورقة المكشوفة حكمًا، أو قل باس."),
    "why.turned_down": t("{suit} را نمی‌شود حکم کرد، برگشت خورده است: خال دیگری حکم کنید.",
                         "You may not name {suit}, it was turned down: name another suit.",
                         "لا يمكنك تسمية {suit} فقد قُلبت: سمِّ نقشًا آخر."),
    "why.stuck": t("پخش‌کننده گیر افتاده: باید خالی را حکم کنید.",
                   "The dealer is stuck: name a suit.",
                   "الموزّع عالق: سمِّ نقشًا."),
    "why.name_or_pass": t("خالی را حکم کنید یا پاس بدهید.", "Name a suit, or pass.",
                          "سمِّ نقشًا، أو قل باس."),
    "why.discard_first": t("اول یک کارت زمین بگذارید.", "Lay one card away first.",
                           "اطرح ورقة جانبًا أولًا."),
    "why.call_held": t("{card} دست خودتان است: کارتی را بخوانید که ندارید.",
                       "You hold the {card}: call one you do not hold.",
                       "{card} معك: نادِ ورقة ليست معك."),
    "why.call_turned": t("همه می‌دانند {card} کجاست: کارت دیگری را بخوانید.",
                         "Everyone knows where the {card} is: call another.",
                         "الجميع يعرف أين {card}: نادِ ورقة أخرى."),
    "why.call_laid": t("{card} را خودتان زمین گذاشتید: کارت دیگری را بخوانید.",
                       "You laid the {card} away: call another.",
                       "طرحتَ {card} جانبًا: نادِ ورقة أخرى."),
    "why.call_absent": t("{card} در این بازی نیست.", "The {card} is not in this game.",
                         "{card} ليست في هذه اللعبة."),
    "why.call_or_alone": t("کارتی را برای هم‌تیمی بخوانید یا تنها بازی کنید.",
                           "Call a card for your partner, or go alone.",
                           "نادِ ورقة لشريكك، أو العب وحدك."),
    "why.alone_or_partner": t("تنها بازی کنید یا با هم‌تیمی.", "Play alone, or with your partner.",
                              "العب وحدك، أو مع شريكك."),
    "why.alone_late": t("فقط حاکم، همان وقت که حکم را معلوم می‌کند، می‌تواند تنها بازی کند.",
                        "Only the maker may go alone, when trump is made.",
                        "لا يلعب وحده إلا من حدّد الحكم، عند تحديده."),
    "why.follow_trump": t("باید خال زمین را بازی کنید: {suit} دارید (سرباز هم‌رنگ هم حکم است).",
                          "You must follow suit: you hold {suit} (the left bower is trump).",
                          "يجب أن تتبع النقش: معك {suit} (الولد الثاني من الحكم)."),
    "farib.say.order": t("{card} حکم شود؟ حکم کنید یا پاس بدهید",
      "Order up the {card} as trump, or pass",
      "اطلب {card} حكمًا، أو مرّر"),
    "farib.say.discard": t("{card} را برداشتید: یک برگ زمین بگذارید",
      "You took the {card}: lay one card away",
      "أخذت {card}: اطرح ورقة جانبًا"),
    "farib.say.name": t("حکم را بگویید ({suits}) یا پاس بدهید",
      "Name trump ({suits}) or pass",
      "سمِّ الحكم ({suits}) أو مرّر"),
    "farib.say.must_name": t("شما باید حکم را بگویید: {suits}",
      "You must name trump: {suits}",
      "عليك أن تسمّي الحكم: {suits}"),
    "farib.say.alone": t("تنها بازی می‌کنید یا با هم‌تیمی؟",
      "Play alone, or with your partner?",
      "تلعب وحدك أم مع شريكك؟"),
    "farib.say.call": t("برگی را بخوانید: دارنده‌اش یار پنهان شماست",
      "Call a card: whoever holds it is your secret partner",
      "نادِ ورقة: من يملكها شريكك السري"),
    "farib.say.deciding": t("{who} دربارهٔ حکم تصمیم می‌گیرد…",
      "{who} is deciding on trump…",
      "{who} يقرّر الحكم…"),
    "farib.maker": t("حاکم: {who}", "Maker: {who}", "صاحب الحكم: {who}"),
    "farib.maker_alone": t("حاکم: {who}، تنها", "Maker: {who}, alone",
      "صاحب الحكم: {who}، منفردًا"),
    "farib.maker_with": t("حاکم: {who} با {mate}", "Maker: {who} with {mate}",
      "صاحب الحكم: {who} مع {mate}"),
    "farib.tricks": t("دست‌ها — حاکم: {a}، دیگران: {b}", "Tricks — makers {a}, others {b}",
      "الأكلات — أصحاب الحكم {a}، الآخرون {b}"),
    "farib.scores": t("امتیاز تا {n}: {scores}", "Points to {n}: {scores}",
      "النقاط حتى {n}: {scores}"),
}


def status(seen: Seen[FaribObservation], tr: Callable[..., str]) -> str | None:
    """Ordering up the turned card, laying one away, naming trump, alone or with a partner
    (or the card that calls one), then the tricks."""
    f = seen.facts
    phase, up = f.get("phase"), f.get("up_card")
    if not seen.mine:
        if phase in ("order", "name"):
            return tr("farib.say.deciding", who=seen.who())
        return others(seen, tr)
    if phase == "order" and isinstance(up, str):
        return tr("farib.say.order", card=seen.card(up))
    if phase == "discard":
        return tr("farib.say.discard", card=seen.card(up) if isinstance(up, str) else "")
    if phase == "name":
        suits = tr("table.list_sep").join(seen.card(s) for s in seen.args("name"))
        return tr("farib.say.name" if "pass" in seen.verbs else "farib.say.must_name",
                  suits=suits)
    if phase == "call":
        return tr("farib.say.call" if "call" in seen.verbs else "farib.say.alone")
    return trick_play(seen, tr)


def panel(seen: Seen[FaribObservation], tr: Callable[..., str]) -> list[str]:
    """The maker (alone, or with the partner once public), the tricks each side took (the
    table's own line at four seats), the scores and the points to win."""
    f = seen.facts
    lines = []
    maker, partner = seen.fact_int("maker"), seen.fact_int("partner")
    if maker is not None:
        if f.get("alone"):
            lines.append(tr("farib.maker_alone", who=seen.name(maker)))
        elif partner is not None and partner != maker:
            lines.append(tr("farib.maker_with", who=seen.name(maker), mate=seen.name(partner)))
        else:
            lines.append(tr("farib.maker", who=seen.name(maker)))
    seat_tricks = f.get("seat_tricks")
    if not isinstance(f.get("tricks"), list) and isinstance(seat_tricks, list) \
            and maker is not None:
        side = {maker} | ({partner} if partner is not None else set())
        took = sum(n for s, n in enumerate(seat_tricks) if s in side)
        lines.append(tr("farib.tricks", a=took, b=sum(seat_tricks) - took))
    scores = f.get("scores")
    if isinstance(scores, list):
        target = (f.get("options") or {}).get("target", 10)
        names = seen.team if len(scores) == 2 and isinstance(f.get("teams"), list) \
            else seen.name
        lines.append(tr("farib.scores", n=target, scores=tr("table.list_sep").join(
            f"{names(i)}: {v}" for i, v in enumerate(scores))))
    return lines
