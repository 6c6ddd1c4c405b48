"""The string catalogue: every string a player reads, in Persian, English and Arabic.

``CATALOGUE[key] = {"fa": ..., "en": ..., "ar": ...}``; `ui.text.Text.tr` looks keys up and
fills ``{name}`` fields. Write digits as 0-9: the text pipeline localizes them. Game names are
not here: they come from each game's ``Rules.names``.

Keys by prefix: ``app.`` window, ``common.``, ``menu.``, ``notice.`` (a saves notice keyed
``<kind>.<reason>.<outcome>`` reads ``notice.<reason>`` about ``notice.kind.<kind>``, then
``notice.outcome.<outcome>``), ``setup.``, ``level.``, ``opt.<game>.<option>`` and
``optval.<game>.<option>.<value>`` (a game's options; unknown ones fall back to the option's own
help text), ``settings.``, ``lang.``, ``speed.``, ``help.``. A game's own words (its options,
and ``help.<game>``, the rules help written by us) come from `ui.games`, one module and one help
file per language for each game. The table's strings (``table.``, ``act.``, ``pause.``,
``result.``...) live in `ui.i18n_table` and are merged in here.

Help texts: one paragraph a line (blank lines are ignored); a line starting ``## `` is a heading.
"""

from __future__ import annotations

from ui.games import strings
from ui.i18n_table import TABLE
from ui.plural import counted


def _t(fa: str, en: str, ar: str) -> dict[str, str]:
    return {"fa": fa, "en": en, "ar": ar}


COMMON = {
    "app.title": _t("میز ورق", "Card Table", "طاولة الورق"),
    "common.back": _t("بازگشت", "Back", "رجوع"),
    "common.ok": _t("باشه", "OK", "حسناً"),
    "common.yes": _t("بله", "Yes", "نعم"),
    "common.no": _t("نه", "No", "لا"),
    "common.on": _t("روشن", "On", "مفعّل"),
    "common.off": _t("خاموش", "Off", "معطّل"),
    "common.decimal": _t("٫", ".", "٫"),
}

MENU = {
    "menu.subtitle": _t("بازی‌های ورق ایرانی و عربی", "Persian and Arabic card games",
                        "ألعاب الورق الفارسية والعربية"),
    "menu.players": _t("{lo} تا {hi} نفر", "{lo} to {hi} players", "من {lo} إلى {hi} لاعبين"),
    "menu.language": _t("زبان", "Language", "اللغة"),
    "menu.language_choose": _t("زبان میز را برگزینید؛ بعدها هم از دکمهٔ بالای منو عوض می‌شود.",
                               "Choose the table's language; the button atop the menu changes "
                               "it later.", "اختر لغة الطاولة؛ يغيّرها الزر أعلى القائمة لاحقاً."),
    "menu.players_one": counted("{n} نفر", {"one": "{n} player", "other": "{n} players"},
                                {"zero": "{n} لاعب", "one": "لاعب واحد", "two": "لاعبان",
                                 "few": "{n} لاعبين", "many": "{n} لاعبًا", "other": "{n} لاعب"}),
    "menu.settings": _t("تنظیمات", "Settings", "الإعدادات"),
    "menu.help": _t("قوانین بازی‌ها", "Rules of the games", "قواعد الألعاب"),
    "menu.scores": _t("امتیازها", "Scores", "النتائج"),
    "menu.join": _t("پیوستن به میز", "Join a table", "الانضمام إلى طاولة"),
    "menu.host": _t("میزبانی میز", "Host a table", "استضافة طاولة"),
    "menu.host_choose": _t("بازی میزی را که میزبانش می‌شوید برگزینید",
                           "Choose the game of the table you host",
                           "اختر لعبة الطاولة التي تستضيفها"),
    "join.not_the_table": _t("این میز رمزی را که دارید نمی‌شناسد: رمز را با میزبان بسنجید (یا "
                             "این میزی نیست که به آن دعوت شده‌اید).",
                             "This table does not know your code: check the code with the host "
                             "(or this is not the table you were invited to).",
                             "هذه الطاولة لا تعرف رمزك: راجع الرمز مع المضيف (أو ليست هذه "
                             "الطاولة التي دُعيت إليها)."),
    "menu.join_code": _t("پیوستن با کد دعوت", "Join with a code", "الانضمام برمز دعوة"),
    "join.title": _t("پیوستن به میزی در شبکهٔ خانه", "Join a table on the home network",
                     "الانضمام إلى طاولة في شبكة المنزل"),
    "join.address": _t("نشانی (میزبان:درگاه)", "Address (host:port)", "العنوان (المضيف:المنفذ)"),
    "join.name": _t("نام شما", "Your name", "اسمك"),
    "join.code": _t("رمز میز", "Table code", "رمز الطاولة"),
    "join.look": _t("دوباره بگرد", "Look again", "ابحث مجدداً"),
    "join.go": _t("بپیوند", "Join", "انضم"),
    "join.looking": _t("در جست‌وجوی میزها…", "Looking for tables…", "أبحث عن طاولات…"),
    "join.found": _t("میزهای پیداشده (یکی را برگزینید):", "Tables found (choose one):",
                     "طاولات وُجدت (اختر واحدة):"),
    "join.none_found": _t("میزی پیدا نشد؛ نشانی را که میزبان می‌گوید بنویسید.",
                          "No table found: type the address the host gives.",
                          "لم توجد طاولة؛ اكتب العنوان الذي يعطيه المضيف."),
    "join.table": _t("{game} · {host} · {n} جای خالی · {address}",
                     "{game} · {host} · {n} open · {address}",
                     "{game} · {host} · {n} مقاعد شاغرة · {address}"),
    "join.bad_address": _t("نشانی را به شکل میزبان:درگاه بنویسید", "Type the address as host:port",
                           "اكتب العنوان بالشكل المضيف:المنفذ"),
    "join.missing": _t("نام و رمز میز را بنویسید", "Type your name and the table code",
                       "اكتب اسمك ورمز الطاولة"),
    "join.connecting": _t("در حال پیوستن…", "Joining…", "جارٍ الانضمام…"),
    "menu.online": _t("بازی آنلاین", "Play online", "اللعب عبر الإنترنت"),
    "online.title": _t("بازی آنلاین با خانواده و دوستان", "Play online with family and friends",
                       "اللعب عبر الإنترنت مع العائلة والأصدقاء"),
    "online.server": _t("نشانی سرور", "Server address", "عنوان الخادم"),
    "online.invite": _t("رمز یا پیوند دعوت", "Invite code or link", "رمز الدعوة أو رابطها"),
    "online.create": _t("میز تازه بچین", "Create a table", "أنشئ طاولة"),
    "online.create_hint": _t("بازی و صندلی‌ها را برمی‌گزینید و رمزی می‌گیرید که برای دوستان بخوانید.",
                             "Choose the game and the chairs, and get a code to read to your "
                             "friends.",
                             "اختر اللعبة والمقاعد، واحصل على رمز تقرؤه لأصدقائك."),
    "online.bad_invite": _t("رمز نُه حرف و رقم است (مانند AK7-QXP-3MN) یا پیوندی که به ‎/join/…‎ "
                            "می‌رسد.",
                            "A code is nine letters and digits (like AK7-QXP-3MN), or a link "
                            "ending /join/….",
                            "الرمز تسعة حروف وأرقام (مثل AK7-QXP-3MN) أو رابط ينتهي بـ ‎/join/…‎."),
    "online.bad_server": _t("نشانی سرور درست نیست: {why}", "The server address is not right: {why}",
                            "عنوان الخادم غير صحيح: {why}"),
    "online.plain_title": _t("اتصال رمزنگاری‌نشده", "An unencrypted connection",
                             "اتصال غير مشفّر"),
    "online.plain_text": _t("سرور {server} با ws://‎ و بی‌رمزنگاری کار می‌کند و بیرون از شبکهٔ "
                            "خانه است: هر که در میان راه باشد دست شما و بلیت بازگشتتان را "
                            "می‌بیند. فقط اگر به این سرور اعتماد دارید وصل شوید.",
                            "The server {server} is plain ws:// and outside your home network: "
                            "anyone on the way sees your hand and your rejoin ticket. Connect "
                            "only if you trust this server.",
                            "الخادم {server} يعمل بـ ws://‎ بلا تشفير وهو خارج شبكة المنزل: "
                            "يرى كل من في الطريق أوراقك وتذكرة عودتك. لا تتصل إلا إن كنت تثق "
                            "بهذا الخادم."),
    "online.plain_go": _t("با این حال وصل شو", "Connect anyway", "اتصل على أي حال"),
    "online.gone": _t("سرور دیگر این میز را ندارد: {why}",
                      "The server no longer holds this table: {why}",
                      "لم يعد الخادم يحمل هذه الطاولة: {why}"),
    "online.choose": _t("بازی میزی را که آنلاین می‌چینید برگزینید",
                        "Choose the game of the table you create online",
                        "اختر لعبة الطاولة التي تنشئها عبر الإنترنت"),
    "menu.quit": _t("خروج", "Quit", "خروج"),
    "menu.resume_title": _t("بازی نیمه‌تمام", "Game in progress", "لعبة لم تكتمل"),
    "menu.resume_text": _t("بازی {game} شما ({when}) تمام نشده است. ادامه‌اش می‌دهید؟",
                           "Your {game} game ({when}) was not finished. Do you want to go on "
                           "with it?",
                           "لعبتك {game} ({when}) لم تنتهِ. هل تريد متابعتها؟"),
    "menu.continue": _t("ادامهٔ بازی", "Continue", "متابعة"),
    "menu.new_game": _t("بازی تازه", "New game", "لعبة جديدة"),
    "menu.continue_game": _t("ادامهٔ {game}", "Continue: {game}", "متابعة: {game}"),
    "menu.continue_game_when": _t("ادامهٔ {game}، {when}", "Continue: {game}, {when}",
                                  "متابعة: {game}، {when}"),
    "menu.today": _t("امروز {time}", "today {time}", "اليوم {time}"),
    "menu.saved_at": _t("ذخیره: {when}", "saved {when}", "محفوظة: {when}"),
    "notice.title": _t("لطفاً توجه کنید", "Please note", "تنبيه"),
    "notice.kind.settings": _t("تنظیمات", "settings", "الإعدادات"),
    "notice.kind.profiles": _t("فهرست نام‌ها", "list of names", "قائمة الأسماء"),
    "notice.kind.match": _t("بازی نیمه‌تمام", "game in progress", "اللعبة غير المكتملة"),
    "notice.kind.scores": _t("جدول امتیازها", "score sheet", "جدول النتائج"),
    "notice.kind.folder": _t("بازی‌ها و امتیازها", "games and scores", "الألعاب والنتائج"),
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
    "notice.outcome.nothing": _t("پوشهٔ ذخیره نوشتنی نیست: بازی ادامه دارد ولی چیزی ذخیره "
                                 "نمی‌شود.",
                                 "The data folder cannot be written: the table plays on, but "
                                 "nothing will be saved.",
                                 "مجلد الحفظ غير قابل للكتابة: يستمر اللعب لكن لن يُحفظ شيء."),
    "notice.missing": _t("پروندهٔ {what} نبود.", "The {what} file was missing.",
                         "ملف {what} كان مفقوداً."),
    "notice.partial": _t("بخشی از پروندهٔ {what} به کار نمی‌آمد و کنار گذاشته شد: {items}.",
                         "Some of the {what} file could not be used and was left out: {items}.",
                         "بعض ملف {what} لم يكن صالحاً فتُرك جانباً: {items}."),
    "notice.item.setup": _t("چیدمان {game}", "the setup of {game}", "إعداد {game}"),
    "notice.item.chair": _t("صندلی {n} در {game}", "chair {n} of {game}", "الكرسي {n} في {game}"),
    "notice.item.chairs": _t("صندلی‌های {game}", "the chairs of {game}", "كراسي {game}"),
    "notice.item.options": _t("گزینه‌های {game}", "the options of {game}", "خيارات {game}"),
    "notice.item.name": _t("نام {n}", "name {n}", "الاسم {n}"),
    "notice.outcome.backup": _t("نسخهٔ قبلی آن به کار رفت و به جایش ذخیره شد.",
                                "Its previous copy is used instead, and saved in its place.",
                                "استُخدمت نسخته السابقة بدلاً منه وحُفظت مكانه."),
    "notice.outcome.kept": _t("بقیه‌اش نگه داشته شد.", "The rest is kept.",
                              "وحُفظ الباقي."),
    "notice.outcome.empty": _t("از نو شروع می‌شود.", "It starts again from scratch.",
                               "سيبدأ من جديد."),
    "notice.outcome.stuck": _t("پرونده جابه‌جا نشد و دست‌نخورده ماند.",
                               "The file could not be moved aside and was left as it is.",
                               "تعذّر نقل الملف فبقي كما هو."),
}

INVITE = {
    "invite.title": _t("دوستان از راه اینترنت، هر یک با کد دعوت خودش",
                       "Friends over the internet, each with their own code",
                       "الأصدقاء عبر الإنترنت، كلٌّ برمز دعوته"),
    "invite.hint": _t("در منوی خود «پیوستن با کد دعوت» را بزنند و کدشان را بنویسند؛ هر کد یک "
                      "بار کار می‌کند.", "They choose Join with a code on their menu and type "
                      "theirs; each code works once.", "يختارون «الانضمام برمز دعوة» في "
                      "قائمتهم ويكتبون رمزهم؛ كل رمز يعمل مرة واحدة."),
    "invite.copy": _t("رونوشت", "Copy", "نسخ"),
    "invite.copied": _t("کد دعوت {name} رونوشت شد: در پیامی بچسبانید",
                        "{name}'s code copied: paste it in a message",
                        "نُسخ رمز دعوة {name}: الصقه في رسالة"),
    "invite.renew": _t("کد تازه", "New code", "رمز جديد"),
    "invite.expired": _t("کد منقضی شد", "The code expired", "انتهت صلاحية الرمز"),
    "invite.opening": _t("در حال باز کردن دعوت…", "Opening the invitation…",
                         "جارٍ فتح الدعوة…"),
    "invite.code_for": _t("کد دعوت {name}: {code}", "{name}'s code: {code}",
                          "رمز دعوة {name}: {code}"),
    "invite.other_ways": _t(
        "راه‌های دیگر: دوستی که در همین شبکه است با رمز میز می‌پیوندد (صندلی‌اش را «در شبکه» "
        "بگذارید). نشانی یک سرور میز، یا نشانی و درگاه این رایانه اگر مسیریابش راه می‌دهد، در "
        "«پیوستن به میز» نوشته می‌شود.",
        "Other ways: a friend on this network joins with the table code (make their chair "
        "Network). A table server's address, or this computer's address and port where its "
        "router lets them in, is typed under Join a table.",
        "طرق أخرى: الصديق في هذه الشبكة ينضم برمز الطاولة (اجعل مقعده «في الشبكة»). عنوان "
        "خادم طاولات، أو عنوان هذا الحاسوب ومنفذه إن سمح موجّهه، يُكتب في «الانضمام إلى "
        "طاولة»."),
    "invite.other_join": _t("پیوستن با نشانی", "Join by address instead",
                            "الانضمام بالعنوان بدلاً من ذلك"),
    "invite.join_title": _t("پیوستن با کد دعوت", "Join with a code", "الانضمام برمز دعوة"),
    "invite.join_say": _t("کدی را که میز دوستتان نشان می‌دهد بنویسید، مثل "
                          "\u20687-guitar-ribbon\u2069.",
                          "Type the code your friend's table shows, like 7-guitar-ribbon.",
                          "اكتب الرمز الذي تعرضه طاولة صديقك، مثل \u20687-guitar-ribbon\u2069."),
    "invite.field_name": _t("نام شما", "Your name", "اسمك"),
    "invite.field_code": _t("کد دعوت", "Invitation code", "رمز الدعوة"),
    "invite.missing": _t("نام و کد دعوت را بنویسید", "Type your name and the code",
                         "اكتب اسمك ورمز الدعوة"),
    "invite.err.mailbox": _t("سرور دیدار دعوت‌ها از این شبکه در دسترس نیست.",
                             "The meeting server of invitations cannot be reached from this "
                             "network.", "لا يمكن الوصول إلى خادم لقاء الدعوات من هذه الشبكة."),
    "invite.err.relay": _t("دو رایانه نه مستقیم به هم رسیدند و نه از راه رله.",
                           "The two computers reached each other neither directly nor through "
                           "the relay.", "لم يصل الحاسوبان أحدهما إلى الآخر لا مباشرة ولا عبر "
                           "المُرحِّل."),
    "invite.err.code": _t("این کد نادرست است: با دوستتان دوباره بخوانید؛ میز او اکنون کد تازه‌ای "
                          "نشان می‌دهد.", "This code is wrong: check it with your friend, whose "
                          "table now shows a new one.", "هذا الرمز خاطئ: راجعه مع صديقك، فطاولته "
                          "تعرض الآن رمزاً جديداً."),
    "invite.err.expired": _t("کسی با این کد منتظر نیست: شاید نادرست نوشته شده یا منقضی شده "
                             "است. کد تازه بخواهید.", "Nobody is waiting with this code: it may "
                             "be mistyped or expired. Ask for a new one.", "لا أحد ينتظر بهذا "
                             "الرمز: ربما كُتب خطأً أو انتهت صلاحيته. اطلب رمزاً جديداً."),
    "invite.err.version": _t("میز ورق دوستتان نسخهٔ دیگری است: هر دو باید یک نسخه داشته باشید.",
                             "Your friend's card table is another version: you both need the "
                             "same one.", "طاولة صديقك إصدار آخر: يلزمكما الإصدار نفسه."),
}

SETUP = {
    "setup.title": _t("{game}: چیدن میز", "{game}: set the table", "{game}: تجهيز الطاولة"),
    "setup.seats": _t("بازیکن‌ها: {n}", "Players: {n}", "اللاعبون: {n}"),
    "setup.chairs": _t("صندلی‌ها", "Chairs", "المقاعد"),
    "setup.chair": _t("صندلی {n}", "Chair {n}", "المقعد {n}"),
    "setup.person": _t("آدم", "Person", "شخص"),
    "setup.bot": _t("ربات", "Bot", "روبوت"),
    "setup.remote": _t("در شبکه", "Network", "في الشبكة"),
    "setup.remote_joins": _t("از همین شبکه، با رمز میز می‌پیوندد",
                             "joins on this network with the code",
                             "ينضم من هذه الشبكة برمز الطاولة"),
    "setup.internet": _t("اینترنت", "Internet", "إنترنت"),
    "setup.internet_joins": _t("دوستی از راه اینترنت، با کد دعوت",
                               "a friend over the internet, with a code",
                               "صديق عبر الإنترنت، برمز دعوة"),
    "setup.remote_explain": _t("صندلی «در شبکه» از آنِ دوستی در همین شبکه است: در رایانهٔ خودش "
                               "«پیوستن به میز» را می‌زند و رمزی را که میز نشان خواهد داد "
                               "می‌نویسد.",
                               "A Network chair is a friend's on this network: on their own "
                               "computer they choose Join a table and type the code this table "
                               "will show.",
                               "مقعد «في الشبكة» لصديق في هذه الشبكة: يختار في حاسوبه «الانضمام "
                               "إلى طاولة» ويكتب الرمز الذي ستعرضه هذه الطاولة."),
    "setup.internet_explain": _t("صندلی «اینترنت» از آنِ دوستی در هر جاست: در رایانهٔ خودش "
                                 "«پیوستن با کد دعوت» را می‌زند و کدی را که میز برایش نشان "
                                 "خواهد داد می‌نویسد.",
                                 "An Internet chair is a friend's anywhere: on their own "
                                 "computer they choose Join with a code and type the code this "
                                 "table will show for them.",
                                 "مقعد «إنترنت» لصديق في أي مكان: يختار في حاسوبه «الانضمام "
                                 "برمز دعوة» ويكتب الرمز الذي ستعرضه له هذه الطاولة."),
    "setup.both_explain": _t("دوستان از رایانهٔ خود می‌پیوندند: در همین شبکه با «پیوستن به میز»، "
                             "از راه اینترنت با «پیوستن با کد دعوت»؛ میز کدهایشان را نشان "
                             "خواهد داد.",
                             "Friends join from their own computers: on this network with Join "
                             "a table, over the internet with Join with a code; this table will "
                             "show their codes.",
                             "ينضم الأصدقاء من حواسيبهم: في هذه الشبكة بـ«الانضمام إلى طاولة»، "
                             "وعبر الإنترنت بـ«الانضمام برمز دعوة»؛ ستعرض الطاولة رموزهم."),
    "setup.host_title": _t("میزبانی میز", "Hosting the table", "استضافة الطاولة"),
    "setup.host_one_person": _t("وقتی دیگران از رایانهٔ خود می‌پیوندند، پشت این صفحه یک نفر "
                                "بازی می‌کند: یک صندلی «آدم» بگذارید.",
                                "When others join from their computers, one person plays at this "
                                "screen: make exactly one chair a Person.",
                                "عندما ينضم الآخرون من حواسيبهم يلعب شخص واحد أمام هذه الشاشة: "
                                "اجعل مقعداً واحداً «شخص»."),
    "setup.you": _t("شما", "You", "أنت"),
    "setup.player_n": _t("بازیکن {n}", "Player {n}", "اللاعب {n}"),
    "setup.bot_n": _t("ربات {n}", "Bot {n}", "روبوت {n}"),
    "setup.profiles": _t("نام‌ها", "Names", "الأسماء"),
    "setup.options": _t("قانون‌های انتخابی", "Options", "الخيارات"),
    "setup.no_options": _t("این بازی گزینه‌ای ندارد.", "This game has no options.",
                           "لا خيارات لهذه اللعبة."),
    "setup.seed": _t("شماره بازی: {seed}", "Game number: {seed}", "رقم اللعبة: {seed}"),
    "setup.clock": _t("ساعت نوبت", "Turn clock", "ساعة الدور"),
    "setup.clock_s": _t("{n} ثانیه برای هر کارت", "{n} s a card", "{n} ثانية للورقة"),
    "setup.reseed": _t("شماره تازه", "New number", "رقم جديد"),
    "setup.replace_title": _t("بازی نیمه‌تمام", "A game in progress", "لعبة لم تكتمل"),
    "setup.replace_text": _t("بازی {game} شما ({when}) تمام نشده است. بازی تازهٔ {game} جای "
                             "آن را می‌گیرد و آن دیگر ادامه نمی‌یابد.",
                             "Your {game} game ({when}) is not finished. A new {game} game "
                             "takes its place, and that one cannot be continued.",
                             "لعبتك {game} ({when}) لم تنتهِ. ستحل لعبة {game} الجديدة محلها "
                             "ولن يمكن متابعتها."),
    "setup.replace": _t("بازی تازه", "Start the new game", "ابدأ اللعبة الجديدة"),
    "setup.start": _t("شروع", "Start", "ابدأ"),
    "level.random": _t("تصادفی", "Random", "عشوائي"),
    "level.heuristic": _t("معمولی", "Normal", "عادي"),
    "level.easy": _t("آسان", "Easy", "سهل"),
    "level.normal": _t("معمولی", "Normal", "عادي"),
    "level.hard": _t("سخت", "Hard", "صعب"),
    "level.expert": _t("استاد", "Expert", "خبير"),
    "level.easy.word": _t("گاهی خطا می‌کند", "makes slips", "يخطئ أحيانًا"),
    "level.searched.word": _t("{won}٪ برد برابر {below}", "won {won} % against {below}",
                              "فاز بـ {won}٪ أمام {below}"),
    "level.searched.word_fair": _t("{won}٪ برد برابر {below}؛ سهم برابر {fair}٪",
                                   "won {won} % against {below}; fair {fair} %",
                                   "فاز بـ {won}٪ أمام {below}؛ الحصة العادلة {fair}٪"),
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
    "settings.mute_phrases": _t("بی‌صدا کردن جمله‌های بازیکنان", "Mute players' quick phrases",
                                "كتم عبارات اللاعبين"),
    "settings.server": _t("سرور میزها", "Table server", "خادم الطاولات"),
    "settings.server_hint": _t("«بازی آنلاین» میزها را در این سرور می‌چیند: نشانی‌ای با wss://‎ "
                               "(یا ws://‎ در همین رایانه و شبکهٔ خانه). نشانی را بنویسید یا "
                               "بچسبانید (Ctrl+V).",
                               "Play online makes its tables at this server: an address with "
                               "wss:// (or ws:// on this computer and the home network). Type "
                               "the address or paste it (Ctrl+V).",
                               "«اللعب عبر الإنترنت» ينشئ طاولاته في هذا الخادم: عنوان بـ wss://‎ "
                               "(أو ws://‎ على هذا الحاسوب وشبكة المنزل). اكتب العنوان أو الصقه "
                               "(Ctrl+V)."),
    "settings.server_save": _t("نگه‌داشتن", "Save", "حفظ"),
    "settings.server_default": _t("نشانی پیش‌فرض", "Default address", "العنوان الافتراضي"),
    "server.bad.empty": _t("نشانی‌ای نوشته نشده است", "no address is typed",
                           "لم يُكتب عنوان"),
    "server.bad.scheme": _t("نشانی سرور با wss://‎ یا ws://‎ آغاز می‌شود",
                            "a server's address starts wss:// or ws://",
                            "يبدأ عنوان الخادم بـ wss://‎ أو ws://‎"),
    "server.bad.form": _t("نشانی سرور با wss://‎ یا ws://‎ و نام رایانه آغاز می‌شود و جز درگاه "
                          "و مسیر چیزی ندارد، بی‌فاصله",
                          "a server's address is ws(s)://host[:port][/path], nothing more, "
                          "with no spaces",
                          "يبدأ عنوان الخادم بـ wss://‎ أو ws://‎ واسم الحاسوب، ولا يحمل سوى "
                          "المنفذ والمسار، بلا مسافات"),
    "server.bad.port": _t("درگاه سرور عددی از 1 تا 65535 است",
                          "the server's port is a number from 1 to 65535",
                          "منفذ الخادم عدد من 1 إلى 65535"),
    # the look of the cards and the table, and its voice
    "settings.face": _t("روی کارت‌ها", "Card faces", "وجه الأوراق"),
    "settings.back": _t("پشت کارت‌ها", "Card backs", "ظهر الأوراق"),
    "settings.felt": _t("رومیزی", "Table cloth", "مفرش الطاولة"),
    "settings.speech": _t("خواندن میز با صدا", "Read the table aloud", "قراءة الطاولة بصوت"),
    "settings.no_speech": _t("نیاز به espeak-ng", "Needs espeak-ng", "يحتاج إلى espeak-ng"),
    "settings.no_audio": _t("دستگاه صدا نیست", "No sound device", "لا جهاز صوت"),
    "face.standard": _t("معمولی", "Standard", "عادي"),
    "face.large": _t("نشانه‌ی درشت", "Large index", "رموز كبيرة"),
    "back.classic": _t("کلاسیک", "Classic", "كلاسيكي"),
    "back.khatam": _t("خاتم‌کاری", "Khatam inlay", "تطعيم الخاتم"),
    "back.termeh": _t("ترمه", "Termeh", "الترمة"),
    "back.tile": _t("کاشی", "Kashi tile", "القاشاني"),
    "back.miniature": _t("نگارگری", "Miniature", "المنمنمة"),
    "felt.baize": _t("ماهوت سبز", "Green baize", "جوخ أخضر"),
    "felt.carpet": _t("فرش", "Carpet", "سجادة"),
    "felt.lapis": _t("لاجوردی", "Lapis", "لازوردي"),
    "felt.walnut": _t("چوب گردو", "Walnut", "خشب الجوز"),
    "felt.turquoise": _t("فیروزه‌ای", "Turquoise", "فيروزي"),
    # how the table plays a person's cards
    "settings.forced_card": _t("بازی خودکار تنها کارت مجاز", "Play my only legal card",
                               "لعب الورقة الوحيدة تلقائيًا"),
    "settings.hand_order": _t("چیدمان دست", "Hand order", "ترتيب اليد"),
    "hand_order.suit": _t("خال و ارزش", "Suit and rank", "النقش والقيمة"),
    "hand_order.trump": _t("اول حکم", "Trump first", "الحُكم أولًا"),
    "hand_order.colours": _t("رنگ‌ها یکی در میان", "Alternating colours", "الألوان بالتناوب"),
    "hand_order.rank": _t("ارزش", "By rank", "حسب القيمة"),
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
    "lesson.start": _t("به من یاد بده", "Show me how to play", "علّمني اللعب"),
    "help.missing": _t("راهنمای این بازی هنوز نوشته نشده است.",
                       "The rules of this game are not written yet.",
                       "لم تُكتب قواعد هذه اللعبة بعد."),
}


CATALOGUE: dict[str, dict[str, str]] = {**COMMON, **MENU, **INVITE, **SETUP, **SETTINGS,
                                        **HELP, **TABLE, **strings()}
