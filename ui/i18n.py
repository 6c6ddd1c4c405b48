"""The string catalogue: every string a player reads, in Persian, English and Arabic.

``CATALOGUE[key] = {"fa": ..., "en": ..., "ar": ...}``; `ui.text.Text.tr` looks keys up and
fills ``{name}`` fields. Write digits as 0-9: the text pipeline localizes them. Game names are
not here: they come from each game's ``Rules.names``.

Keys by prefix: ``app.`` window, ``common.``, ``menu.``, ``notice.`` (a saves notice keyed
``<kind>.<reason>.<outcome>`` reads ``notice.<reason>`` about ``notice.kind.<kind>``, then
``notice.outcome.<outcome>``), ``setup.``, ``level.``, ``opt.<game>.<option>`` and
``optval.<game>.<option>.<value>`` (a game's options; unknown ones fall back to the option's own
help text), ``settings.``, ``lang.``, ``speed.``, ``help.`` (with ``help.<game>``: rules help
written by us). The table's strings (``table.``, ``act.``, ``pause.``, ``result.``...) live in
`ui.i18n_table` and are merged in here.

Help texts: one paragraph a line (blank lines are ignored); a line starting ``## `` is a heading.
"""

from __future__ import annotations

from ui.i18n_table import TABLE


def _t(fa: str, en: str, ar: str) -> dict[str, str]:
    return {"fa": fa, "en": en, "ar": ar}


COMMON = {
    "app.title": _t("میز ورق", "Card Table", "طاولة الورق"),
    "common.back": _t("بازگشت", "Back", "رجوع"),
    "common.ok": _t("باشه", "OK", "حسناً"),
    "common.on": _t("روشن", "On", "مفعّل"),
    "common.off": _t("خاموش", "Off", "معطّل"),
}

MENU = {
    "menu.subtitle": _t("بازی‌های ورق ایرانی و عربی", "Persian and Arabic card games",
                        "ألعاب الورق الفارسية والعربية"),
    "menu.players": _t("{lo} تا {hi} نفر", "{lo} to {hi} players", "من {lo} إلى {hi} لاعبين"),
    "menu.players_one": _t("{n} نفر", "{n} players", "{n} لاعبين"),
    "menu.settings": _t("تنظیمات", "Settings", "الإعدادات"),
    "menu.help": _t("قوانین بازی‌ها", "Rules of the games", "قواعد الألعاب"),
    "menu.scores": _t("امتیازها", "Scores", "النتائج"),
    "menu.quit": _t("خروج", "Quit", "خروج"),
    "menu.resume_title": _t("بازی نیمه‌تمام", "Game in progress", "لعبة لم تكتمل"),
    "menu.resume_text": _t("بازی قبلی شما تمام نشده است. ادامه‌اش می‌دهید؟",
                           "Your last game was not finished. Do you want to go on with it?",
                           "لعبتك السابقة لم تنتهِ. هل تريد متابعتها؟"),
    "menu.continue": _t("ادامهٔ بازی", "Continue", "متابعة"),
    "menu.new_game": _t("بازی تازه", "New game", "لعبة جديدة"),
    "notice.title": _t("لطفاً توجه کنید", "Please note", "تنبيه"),
    "notice.kind.settings": _t("تنظیمات", "settings", "الإعدادات"),
    "notice.kind.profiles": _t("فهرست نام‌ها", "list of names", "قائمة الأسماء"),
    "notice.kind.match": _t("بازی نیمه‌تمام", "game in progress", "اللعبة غير المكتملة"),
    "notice.kind.scores": _t("جدول امتیازها", "score sheet", "جدول النتائج"),
    "notice.corrupt": _t("پروندهٔ {what} خراب بود.", "The {what} file was damaged.",
                         "ملف {what} كان تالفاً."),
    "notice.invalid": _t("پروندهٔ {what} بازی‌ای داشت که نمی‌شود ادامه‌اش داد.",
                         "The {what} file held a game that cannot go on.",
                         "ملف {what} كان يحوي لعبة لا يمكن متابعتها."),
    "notice.foreign": _t("پروندهٔ {what} مال این برنامه نبود.",
                         "The {what} file did not belong to this table.",
                         "ملف {what} لا يخص هذا البرنامج."),
    "notice.newer": _t("پروندهٔ {what} را نسخهٔ تازه‌تری از برنامه نوشته است.",
                       "The {what} file was written by a newer version of the table.",
                       "ملف {what} كتبته نسخة أحدث من البرنامج."),
    "notice.unreadable": _t("پروندهٔ {what} خوانده نشد.", "The {what} file could not be read.",
                            "تعذّرت قراءة ملف {what}."),
    "notice.write_failed": _t("{what} ذخیره نشد: دیسک پر است یا اجازهٔ نوشتن نیست.",
                              "The {what} could not be saved: the disk is full or writing is "
                              "not allowed.",
                              "تعذّر حفظ {what}: القرص ممتلئ أو الكتابة غير مسموحة."),
    "notice.in_use": _t("میز در پنجرهٔ دیگری هم باز است و {what} را آن پنجره نگه می‌دارد.",
                        "The table is already open in another window, which keeps the {what}.",
                        "الطاولة مفتوحة في نافذة أخرى، وهي التي تحفظ {what}."),
    "notice.outcome.readonly": _t("اینجا هم می‌توانید بازی کنید و امتیازها ثبت می‌شوند، ولی "
                                  "بازیِ نیمه‌تمامِ این پنجره نگه داشته نمی‌شود.",
                                  "You can play here too and the scores are kept, but a game "
                                  "left unfinished in this window is not.",
                                  "يمكنك اللعب هنا أيضاً وتُحفظ النتائج، لكن اللعبة التي لا "
                                  "تكتمل في هذه النافذة لا تُحفظ."),
    "notice.outcome.backup": _t("نسخهٔ قبلی آن به کار رفت.", "Its previous copy is used instead.",
                                "استُخدمت نسخته السابقة بدلاً منه."),
    "notice.outcome.empty": _t("از نو شروع می‌شود.", "It starts again from scratch.",
                               "سيبدأ من جديد."),
    "notice.outcome.stuck": _t("پرونده جابه‌جا نشد و دست‌نخورده ماند.",
                               "The file could not be moved aside and was left as it is.",
                               "تعذّر نقل الملف فبقي كما هو."),
}

SETUP = {
    "setup.title": _t("{game}: چیدن میز", "{game}: set the table", "{game}: تجهيز الطاولة"),
    "setup.seats": _t("بازیکن‌ها: {n}", "Players: {n}", "اللاعبون: {n}"),
    "setup.chairs": _t("صندلی‌ها", "Chairs", "المقاعد"),
    "setup.chair": _t("صندلی {n}", "Chair {n}", "المقعد {n}"),
    "setup.person": _t("آدم", "Person", "شخص"),
    "setup.bot": _t("ربات", "Bot", "روبوت"),
    "setup.you": _t("شما", "You", "أنت"),
    "setup.player_n": _t("بازیکن {n}", "Player {n}", "اللاعب {n}"),
    "setup.bot_n": _t("ربات {n}", "Bot {n}", "روبوت {n}"),
    "setup.profiles": _t("نام‌ها", "Names", "الأسماء"),
    "setup.options": _t("قانون‌های انتخابی", "Options", "الخيارات"),
    "setup.no_options": _t("این بازی گزینه‌ای ندارد.", "This game has no options.",
                           "لا خيارات لهذه اللعبة."),
    "setup.seed": _t("شماره بازی: {seed}", "Game number: {seed}", "رقم اللعبة: {seed}"),
    "setup.reseed": _t("شماره تازه", "New number", "رقم جديد"),
    "setup.start": _t("شروع", "Start", "ابدأ"),
    "level.random": _t("آسان", "Easy", "سهل"),
    "level.heuristic": _t("معمولی", "Normal", "عادي"),
    "opt.hokm.sets": _t("تعداد ست‌ها برای بردن", "Sets to win the match", "الأشواط للفوز"),
    "opt.hokm.hakem": _t("انتخاب حاکم", "Choosing the Hakem", "اختيار الحاكم"),
    "optval.hokm.hakem.draw": _t("کشیدن برگ", "Draw a card", "سحب ورقة"),
    "optval.hokm.hakem.first_ace": _t("اولین آس", "First ace", "أول آس"),
    "opt.hokm.length": _t("طول بازی", "Length", "طول اللعب"),
    "optval.hokm.length.match": _t("مسابقهٔ کامل", "Whole match", "مباراة كاملة"),
    "optval.hokm.length.hand": _t("یک بازی", "One hand", "جولة واحدة"),
    "opt.tiraje.actions": _t("کار کارت‌های فرد (7، 5، 3، 1)", "Odd cards act (7, 5, 3, 1)",
                             "عمل الأوراق الفردية (7، 5، 3، 1)"),
    "opt.tiraje.palette_draw": _t("کشیدن با کارت بزرگ‌تر از پالت",
                                  "Draw for a card greater than your palette",
                                  "السحب بورقة أكبر من اللوحة"),
    "opt.tiraje.scoring": _t("امتیازگیری در چند دور", "Scoring over several rounds",
                             "الحساب بالنقاط على عدة أدوار"),
    "opt.thief.refill": _t("پر کردن دست وقتی گرفتن تمام شد", "Refill when grabbing stops",
                           "إكمال اليد عند توقف الخطف"),
    "optval.thief.refill.seven": _t("تا 7 کارت", "Up to 7 cards", "حتى 7 أوراق"),
    "optval.thief.refill.one": _t("یک کارت", "One card", "ورقة واحدة"),
}

SETTINGS = {
    "settings.title": _t("تنظیمات", "Settings", "الإعدادات"),
    "settings.lang": _t("زبان", "Language", "اللغة"),
    "settings.anim_speed": _t("سرعت حرکت کارت‌ها", "Card animation speed", "سرعة حركة الأوراق"),
    "settings.bot_pace": _t("سرعت بازی ربات‌ها", "Bot pace", "سرعة لعب الروبوتات"),
    "settings.sound": _t("صدا", "Sound", "الصوت"),
    "settings.colorblind": _t("کارت‌های مناسب کوررنگی", "Colour-blind friendly cards",
                              "أوراق مناسبة لعمى الألوان"),
    "settings.fullscreen": _t("تمام‌صفحه (F11)", "Full screen (F11)", "ملء الشاشة (F11)"),
    "lang.fa": _t("فارسی", "فارسی", "فارسی"),
    "lang.en": _t("English", "English", "English"),
    "lang.ar": _t("العربية", "العربية", "العربية"),
    "speed.0.5": _t("آهسته", "Slow", "بطيئة"),
    "speed.1.0": _t("معمولی", "Normal", "عادية"),
    "speed.1.5": _t("تند", "Fast", "سريعة"),
    "speed.2.0": _t("خیلی تند", "Very fast", "سريعة جداً"),
}

HELP = {
    "help.title": _t("قوانین بازی", "Rules", "قواعد اللعب"),
    "help.missing": _t("راهنمای این بازی هنوز نوشته نشده است.",
                       "The rules of this game are not written yet.",
                       "لم تُكتب قواعد هذه اللعبة بعد."),
    "help.hokm": _t(
        """## هدف
حکم بازی چهار نفره است، در دو تیم دو نفره؛ یارها روبه‌روی هم می‌نشینند. در هر بازی 13 دست بازی می‌شود و تیمی که زودتر 7 دست بگیرد آن بازی را می‌برد. تیمی که 7 بازی ببرد یک ست را برده است و تیمی که زودتر به تعداد ست قرارشده (1، 2 یا 3) برسد برندهٔ مسابقه است.

## حاکم و دست دادن
اول هر بازیکن یک برگ می‌کشد و بالاترین برگ حاکم می‌شود (یا، اگر این گزینه را بخواهید، اولین کسی که برایش آس بیاید). به هر نفر 5 برگ داده می‌شود و حاکم با دیدن این پنج برگ یک خال را حکم می‌کند. بعد بقیهٔ برگ‌ها چهارتا چهارتا پخش می‌شود تا هر کس 13 برگ داشته باشد.

## بازی
حاکم دست اول را شروع می‌کند و نوبت به سمت راست می‌چرخد. باید از خالی که آمده بازی کنید؛ اگر ندارید، هر برگی می‌توانید بیندازید. برگ حکم همهٔ خال‌های دیگر را می‌بُرد. بزرگ‌ترین حکم، و اگر حکمی نیامده بزرگ‌ترین برگِ خالِ آمده، دست را می‌برد و برندهٔ دست، دست بعد را شروع می‌کند.

## امتیاز
اولین تیمی که 7 دست بگیرد یک بازی می‌برد. کُت: اگر تیم حاکم 7 بر هیچ ببرد دو بازی می‌گیرد؛ اگر تیم مقابل، تیم حاکم را 7 بر هیچ ببرد، سه بازی. اگر تیم حاکم ببرد حاکم عوض نمی‌شود؛ وگرنه نفر سمت راست حاکم، که از تیم برنده است، حاکم می‌شود.

بام: تیمی که 7 بر هیچ جلو است می‌تواند بازی را ادامه دهد. اگر هر 13 دست را بگیرد کل مسابقه را برده است؛ اگر دستی را ببازد به جای کت فقط یک بازی می‌گیرد.

## گزینه‌ها
تعداد ست‌ها: 1، 2 یا 3 (پیش‌فرض 2). انتخاب حاکم: با کشیدن برگ (پیش‌فرض) یا اولین آس. طول بازی: یک مسابقهٔ کامل یا فقط یک بازی.""",
        """## Aim
Hokm is a game for four players in two teams; partners sit opposite each other. Each hand has 13 tricks, and the first team to take 7 tricks wins the hand. Seven hands won make a set, and the first team to win the agreed number of sets (1, 2 or 3) wins the match.

## The Hakem and the deal
First every player draws a card: the highest card makes its player the Hakem, the ruler (or, as an option, the first player dealt an ace). Everyone gets 5 cards; looking at those five, the Hakem names the trump suit, the hokm. Then the rest is dealt four and four, so everyone holds 13 cards.

## Play
The Hakem leads the first trick and play goes to the right. Follow the suit that was led if you can; if you cannot, play any card. A trump beats every card of the other suits. The highest trump, or if no trump was played the highest card of the suit led, takes the trick, and whoever took it leads the next.

## Scoring
The first team to 7 tricks wins one hand. Kot: if the Hakem's team wins 7 to nothing it scores two hands; if the other team beats the Hakem's team 7 to nothing, it scores three. When the Hakem's team wins, the Hakem stays; otherwise the player on his right, of the winning team, becomes Hakem.

Bam: a team leading 7 to nothing may play on. If it takes all 13 tricks it wins the whole match at once; if it loses a trick it scores a single hand instead of the Kot.

## Options
Sets to win: 1, 2 or 3 (default 2). Choosing the Hakem: by drawing cards (default) or the first ace. Length: a whole match or a single hand.""",
        """## الهدف
الحكم لعبة لأربعة لاعبين في فريقين؛ يجلس الشريكان متقابلين. في كل جولة 13 أكلة، والفريق الذي يأخذ 7 أكلات أولاً يربح الجولة. من يربح 7 جولات يربح شوطاً، والفريق الذي يصل أولاً إلى عدد الأشواط المتفق عليه (1 أو 2 أو 3) يربح المباراة.

## الحاكم والتوزيع
في البداية يسحب كل لاعب ورقة، وصاحب أعلى ورقة يصبح الحاكم (أو، حسب الخيار، أول من تأتيه ورقة آس). يأخذ كل لاعب 5 أوراق، فيختار الحاكم بعد النظر فيها شكل الحكم. ثم تُوزَّع بقية الأوراق أربعاً أربعاً حتى يحمل كل لاعب 13 ورقة.

## اللعب
يبدأ الحاكم الأكلة الأولى ويدور اللعب إلى اليمين. العب من الشكل الذي بُدئ به إن كان معك منه؛ وإلا فالعب أي ورقة. ورقة الحكم تغلب كل أوراق الأشكال الأخرى. أعلى ورقة حكم، وإن لم تُلعب ورقة حكم فأعلى ورقة من الشكل المطلوب، تأخذ الأكلة، ومن أخذها يبدأ الأكلة التالية.

## الحساب
أول فريق يأخذ 7 أكلات يربح جولة. الكوت: إذا ربح فريق الحاكم 7 مقابل لا شيء تُحسب له جولتان، وإذا غلب الفريق الآخر فريقَ الحاكم 7 مقابل لا شيء تُحسب له ثلاث جولات. إذا ربح فريق الحاكم بقي الحاكم في مكانه، وإلا صار الحاكم اللاعب الذي على يمينه من الفريق الرابح.

البام: الفريق المتقدم 7 مقابل لا شيء يمكنه أن يواصل اللعب. فإن أخذ الأكلات الـ 13 كلها ربح المباراة كلها، وإن خسر أكلة نال جولة واحدة بدل الكوت.

## الخيارات
الأشواط للفوز: 1 أو 2 أو 3 (الافتراضي 2). اختيار الحاكم: بسحب الأوراق (الافتراضي) أو أول آس. طول اللعب: مباراة كاملة أو جولة واحدة."""),
    "help.tiraje": _t(
        """## هدف
تیراژه بازی هفت قانون است، برای 2 تا 4 نفر. هر کدام از هفت رنگ قانون جداگانه‌ای برای برنده شدن دارد. در پایان نوبتتان باید طبق قانونی که حاکم است برنده باشید، وگرنه از بازی بیرون می‌روید. آخرین بازیکنی که بماند برنده است.

## کارت‌ها
49 کارت در هفت رنگ، با عددهای 1 تا 7. عدد بزرگ‌تر همیشه برتر است؛ میان دو عدد برابر، رنگ تصمیم می‌گیرد، از برتر به پایین: قرمز، نارنجی، زرد، سبز، آبی، نیلی، بنفش. پس 5 قرمز از 5 بنفش برتر است و 5 بنفش از 4 قرمز.

## چیدن
به هر بازیکن 7 کارت در دست و یک کارت رو به بالا جلوی خودش داده می‌شود؛ کارت‌های جلوی هر بازیکن «پالت» اوست. بقیهٔ کارت‌ها دستهٔ کارت‌ها می‌شوند. «کارت وسط» که قانون را تعیین می‌کند از قرمز شروع می‌شود: کسی که برترین کارت را در پالتش دارد این نوبت اول را می‌برد، بازیکن سمت چپ او شروع می‌کند و نوبت ساعت‌گرد می‌چرخد.

## نوبت شما
یکی از این کارها را بکنید: یک کارت از دستتان در پالتتان بگذارید؛ یا یک کارت از دستتان روی کارت وسط بگذارید تا قانون به رنگ آن کارت عوض شود؛ یا هر دو، اول پالت و بعد وسط. بعد باید طبق قانون کارت وسط برنده باشید، وگرنه می‌بازید و کارت‌های دست و پالتتان از بازی بیرون می‌رود. می‌توانید هیچ کاری نکنید و کنار بکشید؛ کسی که کارتی در دست ندارد ناچار است همین کار را بکند.

## هفت قانون
قرمز: برترین کارت. نارنجی: بیشترین کارت با عدد یکسان. زرد: بیشترین کارت هم‌رنگ. سبز: بیشترین کارت زوج (2، 4، 6). آبی: بیشترین تعداد رنگ‌های مختلف. نیلی: بلندترین ردیف عددهای پشت سر هم. بنفش: بیشترین کارت کمتر از 4. در تساوی کسی برنده است که برترین کارت را در میان کارت‌هایی دارد که به حساب می‌آیند.

## کارت‌های فرد (انتخابی)
وقتی کارتی فرد در پالتتان می‌گذارید، اگر شدنی باشد باید کار آن را انجام دهید. 7: یکی از کارت‌های پالتتان را رو به بالا روی کارت وسط بگذارید (و آن وقت باید برنده باشید) یا به پشت روی دستهٔ کارت‌ها. 5: یک کارت دیگر هم در پالتتان بگذارید. 3: یک کارت از دسته بکشید. 1: یک کارت از پالت حریفی که پالتش از پالت شما کوچک‌تر نیست به پشت روی دستهٔ کارت‌ها بفرستید، ولی هرگز تنها کارت پالت او را.

## حالت پیشرفته (انتخابی)
بزرگ‌تر از پالت: وقتی کارتی روی کارت وسط می‌گذارید که عددش از تعداد کارت‌های پالتتان بیشتر است، می‌توانید یک کارت بکشید. امتیازگیری: برندهٔ هر دور کارت‌هایی از پالتش را که با قانون آخر جور درمی‌آیند کنار می‌گذارد؛ دور بعد با بقیهٔ کارت‌ها پخش می‌شود و وقتی کارت کافی نماند امتیازها جمع زده می‌شود. اولین کسی که از 40 (دو نفره)، 35 (سه نفره) یا 30 (چهار نفره) بگذرد برنده است.""",
        """## Aim
Tiraje is the game of seven rules, for 2 to 4 players. Each of its seven colours sets a different rule for winning. At the end of your turn you must be winning under the rule in force, or you are out. The last player left wins.

## The cards
49 cards in seven colours, numbered 1 to 7. A higher number always beats a lower one; between equal numbers the colour decides, strongest first: red, orange, yellow, green, blue, indigo, violet. So 5 red beats 5 violet, and 5 violet beats 4 red.

## Setting up
Everyone gets 7 cards in hand and one card face up in front of them: the cards in front of a player are their palette. The rest of the cards are the draw pile. The canvas, the card in the middle that sets the rule, starts on red: whoever has the best card in their palette wins that first check, the player on their left starts, and play goes clockwise.

## Your turn
Do one of these: put a card from your hand on your palette; or put a card from your hand on the canvas, which changes the rule to that card's colour; or both, palette first, then canvas. Then you must be winning under the canvas's rule; if you are not, you are out and the cards of your hand and palette leave the game. You may also do nothing and drop out; a player with no cards in hand has to.

## The seven rules
Red: the best card. Orange: most cards of one number. Yellow: most cards of one colour. Green: most even cards (2, 4, 6). Blue: most different colours. Indigo: the longest run of consecutive numbers. Violet: most cards below 4. On a tie, the player holding the best card among the cards that count wins.

## Odd cards (option)
When you put an odd card on your palette, you must carry out its action if you can. 7: move a card of your palette face up to the canvas (you must then be winning) or face down onto the draw pile. 5: put one more card on your palette. 3: draw a card. 1: send a card from the palette of an opponent whose palette is not smaller than yours face down onto the draw pile, but never their only card.

## Advanced play (options)
Greater than the palette: when you put on the canvas a card whose number is greater than the number of cards in your palette, you may draw a card. Scoring: the winner of each round keeps the palette cards that satisfy the last rule; the next round is dealt from the other cards, and when there are not enough cards the points are added up. The first player past 40 (two players), 35 (three) or 30 (four) wins.""",
        """## الهدف
تيراجه لعبة القواعد السبع، من 2 إلى 4 لاعبين. لكل لون من ألوانها السبعة قاعدة مختلفة للفوز. في نهاية دورك يجب أن تكون فائزاً حسب القاعدة السارية، وإلا خرجت من اللعب. آخر لاعب يبقى هو الفائز.

## الأوراق
49 ورقة بسبعة ألوان، أرقامها من 1 إلى 7. الرقم الأكبر يغلب دائماً؛ وعند تساوي الرقمين يحسم اللون، من الأقوى: الأحمر، البرتقالي، الأصفر، الأخضر، الأزرق، النيلي، البنفسجي. فالخمسة الحمراء تغلب الخمسة البنفسجية، والخمسة البنفسجية تغلب الأربعة الحمراء.

## التحضير
يأخذ كل لاعب 7 أوراق في يده وورقة مكشوفة أمامه؛ الأوراق التي أمام اللاعب هي «لوحته». بقية الأوراق كومة السحب. «ورقة الوسط» التي تحدد القاعدة تبدأ بالأحمر: من يملك أقوى ورقة في لوحته يفوز بهذا الفحص الأول، ويبدأ اللاعب الذي على يساره، ويدور اللعب مع عقارب الساعة.

## دورك
افعل واحداً مما يلي: ضع ورقة من يدك في لوحتك؛ أو ضع ورقة من يدك على ورقة الوسط فتتغير القاعدة إلى لونها؛ أو الأمرين معاً، اللوحة أولاً ثم الوسط. بعد ذلك يجب أن تكون فائزاً حسب قاعدة ورقة الوسط، وإلا خسرت وخرجت أوراق يدك ولوحتك من اللعب. ويمكنك ألا تفعل شيئاً فتنسحب، ومن لا ورقة في يده مضطر إلى ذلك.

## القواعد السبع
الأحمر: أقوى ورقة. البرتقالي: أكثر أوراق بالرقم نفسه. الأصفر: أكثر أوراق باللون نفسه. الأخضر: أكثر أوراق زوجية (2، 4، 6). الأزرق: أكثر عدد من الألوان المختلفة. النيلي: أطول سلسلة أرقام متتالية. البنفسجي: أكثر أوراق أقل من 4. عند التعادل يفوز من يملك أقوى ورقة بين الأوراق المحسوبة.

## الأوراق الفردية (خيار)
عندما تضع ورقة فردية في لوحتك عليك تنفيذ عملها إن أمكن. 7: انقل ورقة من لوحتك مكشوفة إلى ورقة الوسط (وعندها يجب أن تكون فائزاً) أو مقلوبة إلى كومة السحب. 5: ضع ورقة أخرى في لوحتك. 3: اسحب ورقة. 1: أرسل ورقة من لوحة خصم ليست لوحته أصغر من لوحتك، مقلوبة إلى كومة السحب، ولكن ليس ورقته الوحيدة أبداً.

## اللعب المتقدم (خيارات)
أكبر من اللوحة: إذا وضعت على الوسط ورقة رقمها أكبر من عدد أوراق لوحتك، يمكنك أن تسحب ورقة. الحساب بالنقاط: فائز كل دور يحتفظ بأوراق لوحته التي توافق القاعدة الأخيرة؛ ويوزَّع الدور التالي من بقية الأوراق، وحين لا تكفي الأوراق تُجمع النقاط. أول من يتجاوز 40 (لاعبان) أو 35 (ثلاثة) أو 30 (أربعة) يفوز."""),
    "help.thief": _t(
        """## هدف
دزد دست‌وپاچلفتی بازی پول است برای 3 تا 6 نفر، بدون نوبت: همه با هم بازی می‌کنند. بستهٔ پول بسازید و بسته‌های دیگران را بگیرید؛ هر کس بیشترین پول را جمع کند برنده است.

## کارت‌ها
84 کارت پول: از هر کدام از 20، 30، 40، 50، 60، 70 و 80 دوازده کارت؛ 6 کارت دزد و 3 کارت زندان. 20 و 80، 30 و 70، 40 و 60، و 50 و 50 با هم 100 می‌شوند.

## پخش کارت‌ها
به هر بازیکن 7 کارت رو به پایین داده می‌شود و بقیهٔ کارت‌ها دستهٔ وسط می‌شوند.

## ساختن
دو کارت از دستتان را که جمعشان درست 100 است رو به بالا جلوی خودتان بگذارید: این یک بستهٔ پول است. کارتی را هم که با کارت روی بسته‌تان 100 شود می‌توانید روی بستهٔ خودتان بگذارید. اگر هیچ‌کس نتواند بسته بسازد، همه یک کارت از وسط برمی‌دارند.

## گرفتن
هر وقت بخواهید، بستهٔ بازیکن دیگری را به یکی از این سه راه بگیرید: کارت پولی از دستتان که با کارت روی آن بسته 100 شود؛ کارت دزد، که هر بسته‌ای را می‌گیرد، حتی بسته‌ای که با دزد دیگری گرفته شده؛ کارت زندان، که روی کارت دزد گذاشته می‌شود و کل بسته را می‌گیرد. زندانی که روی دزدِ بستهٔ خودتان باشد بسته را قفل می‌کند: روی زندان هیچ کارتی نمی‌آید.

## پر کردن دست و پایان
وقتی گرفتن تمام شد و هیچ‌کس نمی‌تواند بسازد یا بگیرد، هر کس کمتر از 7 کارت دارد از وسط برمی‌دارد تا 7 کارت شود. وقتی کارت‌های وسط برای پر کردن دست همه کافی نباشد بازی تمام است. پول بسته‌هایتان را بشمارید؛ دزد و زندان ارزشی ندارند. ثروتمندترین بازیکن برنده است.

## گزینه‌ها
پر کردن دست: تا 7 کارت (پیش‌فرض) یا فقط یک کارت. ربات‌ها، بسته به سطحشان، با کمی مکث می‌قاپند تا شما هم شانس داشته باشید.""",
        """## Aim
Clumsy Thief is a money game for 3 to 6 players with no turns: everyone plays at once. Build stacks of money and grab other players' stacks; whoever collects the most money wins.

## The cards
84 money cards, twelve each of 20, 30, 40, 50, 60, 70 and 80; 6 thieves and 3 jails. 20 and 80, 30 and 70, 40 and 60, and 50 and 50 make 100.

## The deal
Everyone gets 7 cards face down; the rest are the draw pile in the middle.

## Building
Put two cards from your hand that add up to exactly 100 face up in front of you: that is a money stack. You may also put a card on your own stack if it makes 100 with the stack's top card. If no one can build, everyone draws a card from the middle.

## Grabbing
At any moment, take another player's stack in one of three ways: a money card from your hand that makes 100 with that stack's top card; a thief, which takes any stack, even one just taken by another thief; a jail, which goes on a thief and takes the whole stack. A jail on the thief of your own stack locks it: nothing can go on a jail.

## Refill and the end
When grabbing has stopped and nobody can build or grab, everyone with fewer than 7 cards draws up to 7. The game ends when the draw pile cannot refill everyone. Count the money in your stacks; thieves and jails are worth nothing. The richest player wins.

## Options
Refill: up to 7 cards (default) or a single card. Bots grab after a short pause that depends on their level, so a person can win.""",
        """## الهدف
اللص الأخرق لعبة مال من 3 إلى 6 لاعبين، بلا أدوار: الجميع يلعب في الوقت نفسه. ابنِ رِزَم المال واخطف رزم الآخرين؛ من يجمع أكثر مال يفوز.

## الأوراق
84 ورقة مال، اثنتا عشرة من كل من 20 و30 و40 و50 و60 و70 و80؛ و6 أوراق لص و3 أوراق سجن. 20 و80، و30 و70، و40 و60، و50 و50 تصنع كلٌّ منها 100.

## التوزيع
يأخذ كل لاعب 7 أوراق مقلوبة، وبقية الأوراق كومة السحب في الوسط.

## البناء
ضع أمامك ورقتين من يدك مجموعهما 100 بالضبط، مكشوفتين: هذه رزمة مال. ويمكنك أن تضع على رزمتك ورقة تصنع 100 مع الورقة العليا فيها. إذا لم يستطع أحد البناء يسحب الجميع ورقة من الوسط.

## الخطف
في أي لحظة، خذ رزمة لاعب آخر بإحدى ثلاث طرق: ورقة مال من يدك تصنع 100 مع الورقة العليا لتلك الرزمة؛ ورقة لص تأخذ أي رزمة، حتى رزمة أخذها لص آخر للتو؛ ورقة سجن توضع على ورقة لص فتأخذ الرزمة كلها. السجن على لص رزمتك يقفلها: لا توضع أي ورقة على السجن.

## إكمال اليد والنهاية
عندما يتوقف الخطف ولا يستطيع أحد أن يبني أو يخطف، يسحب كل من معه أقل من 7 أوراق حتى يكمل 7. تنتهي اللعبة حين لا تكفي كومة السحب لإكمال أيدي الجميع. عُدّ المال في رزمك؛ اللص والسجن بلا قيمة. الأغنى يفوز.

## الخيارات
إكمال اليد: حتى 7 أوراق (الافتراضي) أو ورقة واحدة فقط. الروبوتات تخطف بعد تمهّل قصير حسب مستواها، حتى يستطيع الإنسان أن يفوز."""),
}


CATALOGUE: dict[str, dict[str, str]] = {**COMMON, **MENU, **SETUP, **SETTINGS, **HELP, **TABLE}
