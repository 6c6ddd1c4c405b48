"""The text pipeline: catalogue, digits, reshaping, bidi order, wrapping, rendering."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import string

import arabic_reshaper
import pygame
import pytest

from ui import text
from ui.i18n import CATALOGUE
from ui.plural import NEEDED, category, counted, languages
from ui.text import Text, digits, font, shape, wrap


def joined(word: str, lang: str = "fa") -> str:
    """The word as the font draws it: joined forms, right to left."""
    return arabic_reshaper.reshape(digits(word, lang))[::-1]


def test_persian_brackets_digits_and_word_order() -> None:
    visual = shape("بازی (3 نفره)", "fa")
    # Read left to right: "(نفره ۳) بازی" with the brackets mirrored to enclose "۳ نفره".
    assert visual == "(" + joined("نفره") + " ۳) " + joined("بازی")
    assert visual.index("(") < visual.index("۳") < visual.index(")")


def test_digits_keep_their_order_inside_rtl_text() -> None:
    visual = shape("امتیاز 1234 از 2025", "fa")
    assert "۱۲۳۴" in visual and "۲۰۲۵" in visual
    assert visual.index("۲۰۲۵") < visual.index("۱۲۳۴")  # the later number sits further left
    assert "٤٥٦" in shape("الجولة 456", "ar")


def test_latin_words_stay_intact_and_in_order() -> None:
    visual = shape("بازی Clumsy Thief خوب است", "fa")
    assert "Clumsy Thief" in visual
    assert visual.endswith(joined("بازی"))
    assert visual.startswith(joined("است"))


def test_arabic_brackets_and_joining() -> None:
    visual = shape("لعبة (12 لاعبا)", "ar")
    assert visual.startswith("(") and visual.index("١٢") < visual.index(")")
    assert all(not "\u0600" <= ch <= "\u06ff" or ch in "١٢" for ch in visual)  # joined forms


def test_pure_python_bidi_is_the_one_that_mirrors() -> None:
    # The Rust get_display of python-bidi 0.6 leaves ")" where this one mirrors it.
    assert shape("(الف)", "fa")[0] == "("


def test_english_passes_through() -> None:
    assert shape("Players: 2 to 4 (Hokm)", "en") == "Players: 2 to 4 (Hokm)"
    assert shape("حکم players", "en") == joined("حکم") + " players"


def test_a_keys_name_keeps_its_digits() -> None:
    assert digits("تمام‌صفحه (F11) 12", "fa") == "تمام‌صفحه (F11) ۱۲"
    assert digits("F11 ملء الشاشة 3", "ar") == "F11 ملء الشاشة ٣"


def test_digits_localized_per_language() -> None:
    assert digits("0123456789", "fa") == "۰۱۲۳۴۵۶۷۸۹"
    assert digits("0123456789", "ar") == "٠١٢٣٤٥٦٧٨٩"
    assert digits("۱۲ ٣٤", "en") == "12 34"
    assert digits("۱۲", "ar") == "١٢"


def test_wrap_breaks_the_logical_text() -> None:
    sentence = "حکم بازی چهار نفره است و یارها روبه‌روی هم می‌نشینند تا آخر بازی"
    fnt = font(24)
    width = fnt.size(arabic_reshaper.reshape(sentence))[0] // 3
    lines = wrap(sentence, "fa", fnt, width)
    assert len(lines) >= 3
    assert " ".join(lines) == sentence  # logical order: the first words on the first line
    assert lines[0].startswith("حکم")
    for line in lines:
        assert fnt.size(shape(line, "fa"))[0] <= width


def test_wrap_keeps_newlines_and_long_words() -> None:
    fnt = font(20)
    assert wrap("یک\nدو", "fa", fnt, None) == ["یک", "دو"]
    assert wrap("Pneumonoultramicroscopic word", "en", fnt, 10) == ["Pneumonoultramicroscopic",
                                                                      "word"]


def test_render_width_alignment_and_cache() -> None:
    ui = Text("fa")
    one = ui.render("سلام دنیا", 30, (255, 255, 255), width=400)
    assert one.get_width() == 400
    assert ui.render("سلام دنیا", 30, (255, 255, 255), width=400) is one
    two = ui.render("سلام " * 40, 30, (255, 255, 255), width=400)
    assert two.get_width() == 400 and two.get_height() > 3 * font(30).get_linesize() - 1
    # right-aligned in Persian: the ink of a short line sits at the right edge
    bounds = one.get_bounding_rect()
    assert bounds.right > 380 and bounds.left > 100
    bounds = Text("en").render("hello", 30, "white", width=400).get_bounding_rect()
    assert bounds.left < 20


def test_tr_languages_fallbacks_and_fields() -> None:
    assert Text("fa").tr("menu.quit") == "خروج"
    assert Text("en").tr("menu.quit") == "Quit"
    assert Text("en").tr("menu.players", lo=2, hi=4) == "2 to 4 players"
    assert Text("fa").tr("no.such.key") == "no.such.key"
    with pytest.raises(ValueError):
        Text("de")


def test_catalogue_is_complete_and_consistent() -> None:
    def fields(s: str) -> set[str]:
        return {f for _, f, _, _ in string.Formatter().parse(s) if f}

    for key, entry in CATALOGUE.items():
        assert languages(entry) == {"fa", "en", "ar"}, key
        assert all(entry.values()), key
        if set(entry) == {"fa", "en", "ar"}:
            assert fields(entry["fa"]) == fields(entry["en"]) == fields(entry["ar"]), key
        else:  # counted: a form may say its count in words ("one player")
            assert len({frozenset(fields(text) - {"n"}) for text in entry.values()}) == 1, key
    for game in ("hokm", "tiraje", "thief"):
        for lang in ("fa", "en", "ar"):
            help_text = CATALOGUE[f"help.{game}"][lang]
            assert help_text.count("## ") >= 4, (game, lang)


def test_font_ships_with_its_licence() -> None:
    assert text.asset("fonts", "OFL.txt").is_file()
    assert font(20) is font(20)
    assert font(20, bold=True) is not font(20)
    assert isinstance(font(20), pygame.font.Font)
    assert all(font(20).metrics(ch)[0] is not None for ch in "ﺑﺎﺯﯼ۱۲٣ABC")


def test_a_signed_number_keeps_its_sign_on_its_left_in_rtl_text() -> None:
    """−۲۰۰ as Persian and Arabic readers write it (numbers run left to right), never ۲۰۰−,
    with the true minus sign (U+2212) in every language; a range's dash between two numbers is
    left as it was."""
    assert shape("-200", "fa") == "\u2212۲۰۰" and shape("-200", "ar") == "\u2212٢٠٠"
    assert shape("-200", "en") == "\u2212200" == shape("\u2212200", "en")
    assert "\u2212۵۰" in shape("جمع: -50 (دست 2)", "fa")
    assert "\u2212۱۲۵" in shape("امتیاز (\u2212125)", "fa")
    assert "+۲" in shape("+2 کارت", "fa")
    assert shape("3-4", "fa") == shape("3-4", "fa").replace("\u202a", "")
    assert "\u202a" not in shape("-7", "ar") and "\u202c" not in shape("-7", "ar")


def _key(field: object, key: int) -> None:
    from ui.widgets import TextField
    assert isinstance(field, TextField)
    field.type(pygame.event.Event(pygame.KEYDOWN, key=key))


def test_the_caret_moves_the_way_the_arrows_point_and_typing_goes_there() -> None:
    """A name box (the setup's and the fortune's): in Persian the right arrow goes back
    towards the name's start, which is on the right; in English it goes on."""
    from ui.widgets import TextField, with_caret
    changes: list[str] = []
    field = TextField((0, 0, 200, 40), "سرا", changes.append)
    field.start()
    assert field.caret == 3
    _key(field, pygame.K_RIGHT)
    _key(field, pygame.K_RIGHT)
    assert field.caret == 1
    field.type(pygame.event.Event(pygame.TEXTINPUT, text="ا"))
    assert field.text == "سارا" and field.caret == 2 and changes[-1] == "سارا"
    _key(field, pygame.K_LEFT)
    assert field.caret == 3
    _key(field, pygame.K_BACKSPACE)  # the letter before the caret: ر
    assert field.text == "ساا" and field.caret == 2
    _key(field, pygame.K_HOME)
    _key(field, pygame.K_DELETE)  # the letter after it: س
    assert field.text == "اا" and field.caret == 0
    _key(field, pygame.K_END)
    assert field.caret == 2
    latin = TextField((0, 0, 200, 40), "Sra", changes.append)
    latin.start()
    _key(latin, pygame.K_LEFT)
    _key(latin, pygame.K_LEFT)
    latin.type(pygame.event.Event(pygame.TEXTINPUT, text="a"))
    assert latin.text == "Sara"
    # the caret between two joined letters keeps them joined, and it is drawn where it is
    assert shape(with_caret("مهسا", 2), "fa").replace("|", "") == shape("مهسا", "fa")
    assert shape(with_caret("سارا", 2), "fa") == "ﺍﺭ|ﺎﺳ"
    pygame.quit()


def test_a_name_in_a_sentence_keeps_the_numbers_beside_it_in_their_place() -> None:
    """A name is said as a bidi isolate (`Text.said`): a Persian name on an English table
    does not pull the sentence's numbers into its right-to-left run, nor an English name on a
    Persian table; the screen's words (`as_read`) carry no control characters."""
    assert shape("Winner: سارا 2, 3 points", "en") == \
        "Winner: 3 ,2 " + shape("سارا", "en") + " points", "what the isolate mends"
    said = Text("en").said("سارا 2")
    assert shape(f"Winner: {said}, 3 points", "en") == \
        "Winner: 2 " + shape("سارا", "en") + ", 3 points"
    persian = shape(f"برنده: {Text('fa').said('Sara 2')}، ۳ امتیاز", "fa")
    assert persian == shape("امتیاز", "fa") + " ۳ ،Sara ۲ :" + shape("برنده", "fa")
    assert Text("en").as_read(f"Winner: {said}") == "Winner: سارا 2"
    first, second = wrap(f"Winner: {said}, 3 points", "en", font(20), 60)[:2]
    assert shape(first, "en") and shape(second, "en"), "a wrap may part an isolate"


def test_each_language_counts_by_its_cldr_plural_rules() -> None:
    """CLDR's cardinal rules on whole numbers (the same answers as Babel's for 0..10,000)."""
    assert [category("en", n) for n in (0, 1, 2, 21, 101)] == \
        ["other", "one", "other", "other", "other"]
    assert [category("fa", n) for n in (0, 1, 2, 11)] == ["one", "one", "other", "other"]
    assert [category("ar", n) for n in (0, 1, 2, 3, 10, 11, 99, 100, 102, 103, 111, 1000)] == \
        ["zero", "one", "two", "few", "few", "many", "many", "other", "other", "few", "many",
         "other"]
    assert category("en", -1) == "one", "a count's sign does not change its words"
    assert NEEDED == {"fa": ("one", "other"), "en": ("one", "other"),
                      "ar": ("zero", "one", "two", "few", "many", "other")}
    with pytest.raises(ValueError, match="ar needs the forms"):
        counted("{n}", {"one": "{n}", "other": "{n}"}, {"one": "{n}", "other": "{n}"})


@pytest.mark.parametrize("lang,counts,said", [
    ("en", (1, 2), ["1 player", "2 players"]),
    ("ar", (1, 2, 3, 11, 100), ["لاعب واحد", "لاعبان", "3 لاعبين", "11 لاعبًا", "100 لاعب"]),
    ("fa", (1, 5), ["1 نفر", "5 نفر"]),
])
def test_counted_words_take_the_form_their_count_asks(lang: str, counts: tuple[int, ...],
                                                      said: list[str]) -> None:
    tr = Text(lang).tr
    assert [tr("menu.players_one", n=n) for n in counts] == said
    assert tr("table.won_tricks", n=1) == {"en": "1 trick", "ar": "أكلة واحدة",
                                           "fa": "1 دست"}[lang]


def test_a_counted_entry_falls_back_to_english_and_to_its_other_form() -> None:
    assert Text("en").tr("result.winners", names="A", n=1) == "Winner: A"
    assert Text("en").tr("result.winners", names="A & B", n=2) == "Winners: A & B"
    assert Text("fa").tr("result.winners", names="A & B", n=2) == "برندگان: A & B"
    assert Text("ar").tr("result.winners", names="A", n=2) == "الفائزان: A"


def test_a_text_is_heard_by_the_role_its_draw_gives_it_and_a_measured_one_not_at_all() -> None:
    """`screenshot --words` reads `Text.heard`: each text drawn with the role it was drawn as,
    whatever was drawn before it; a text only measured (`Text.size`) is not on the screen."""
    pygame.font.init()
    tools = Text("en")
    tools.heard = []
    tools.render("Your turn", 16, role="status")
    wide, tall = tools.size("Draw from the stock", 18)
    tools.render("Hokm", 18)
    tools.hear("K7QX-P3MN", "invite")
    assert tools.heard == [("status", "Your turn"), (text.TEXT, "Hokm"), ("invite", "K7QX-P3MN")]
    assert (wide, tall) == tools.render("Draw from the stock", 18).get_size()
