"""Counted words: one mechanism, with each language's plural rules, for every sentence of the
catalogues that carries a count ("1 trick", "2 tricks"; «لاعب واحد», «لاعبان», «٣ لاعبين»).

A counted entry (`counted`) holds a form for each plural category of each language, keyed
``"<lang>.<category>"`` (``"en.one"``, ``"en.other"``, ``"ar.zero"`` ... ``"ar.other"``), or a
plain ``"<lang>"`` where a language says the sentence one way whatever the count (a Persian
noun after a number stays singular: «۱ برگ», «۷ برگ»). `ui.text.Text.tr` picks the form that
its argument ``n`` asks for (`category`).

The rules are Unicode CLDR's cardinal plural rules (``plurals.xml``) for the three languages,
on whole numbers, which are the only counts the table says (operand n the absolute value):

- fa: one ``i = 0 or n = 1``; other.
- en: one ``i = 1 and v = 0``; other.
- ar: zero ``n = 0``; one ``n = 1``; two ``n = 2``; few ``n % 100 = 3..10``;
  many ``n % 100 = 11..99``; other.

Why a table of three rules rather than a library: Babel carries CLDR's data for every locale
(36 MB installed, as much again as the whole packaged table) to answer what these six lines
answer, and gettext's ``ngettext`` wants compiled message catalogues in place of ours; for
whole numbers in these three languages the rules above are all of CLDR's that applies (they
give Babel's answers for every n from 0 to 10,000).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

CATEGORIES = ("zero", "one", "two", "few", "many", "other")
"""CLDR's plural categories, in its order."""


def _arabic(n: int) -> str:
    tail = n % 100
    return ("zero" if n == 0 else "one" if n == 1 else "two" if n == 2
            else "few" if 3 <= tail <= 10 else "many" if 11 <= tail <= 99 else "other")


RULES: dict[str, Callable[[int], str]] = {
    "fa": lambda n: "one" if n in (0, 1) else "other",
    "en": lambda n: "one" if n == 1 else "other",
    "ar": _arabic,
}
"""Each language's category of a whole number (CLDR, see above)."""

NEEDED = {lang: tuple(c for c in CATEGORIES if any(RULES[lang](n) == c for n in range(200)))
          for lang in RULES}
"""The categories a language's counted sentence needs a form for."""


def category(lang: str, n: int) -> str:
    """The plural category of the whole number ``n`` in ``lang`` (CLDR)."""
    return RULES[lang](abs(n))


def counted(fa: str | Mapping[str, str], en: str | Mapping[str, str],
            ar: str | Mapping[str, str]) -> dict[str, str]:
    """A counted catalogue entry: for each language a form by plural category (`NEEDED`), or
    one sentence for every count (a plain string)."""
    entry: dict[str, str] = {}
    for lang, forms in (("fa", fa), ("en", en), ("ar", ar)):
        if isinstance(forms, str):
            entry[lang] = forms
            continue
        missing = [c for c in NEEDED[lang] if c not in forms]
        if missing or set(forms) - set(NEEDED[lang]):
            raise ValueError(f"{lang} needs the forms {NEEDED[lang]}, not {tuple(forms)}")
        entry.update({f"{lang}.{c}": text for c, text in forms.items()})
    return entry


def languages(entry: Mapping[str, str]) -> set[str]:
    """The languages a catalogue entry (plain or `counted`) says its sentence in."""
    return {key.partition(".")[0] for key in entry}


def form(entry: Mapping[str, str], lang: str, n: object) -> str | None:
    """``entry``'s sentence in ``lang`` for the count ``n`` (its plain sentence, else the form
    of ``n``'s category); None if it has neither."""
    if lang in entry:
        return entry[lang]
    if isinstance(n, int) and not isinstance(n, bool):
        return entry.get(f"{lang}.{category(lang, n)}")
    return entry.get(f"{lang}.other")
