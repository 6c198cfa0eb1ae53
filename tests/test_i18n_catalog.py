"""The Arabic catalog is complete and in step with the code, and keeps to the Arabic glossary.

The messages are extracted from the source by Babel (``banakil_replay/i18n/extract.py``, the same run
``tools/update_catalog.py`` makes): a message the code asks for with no translation, a translation no
longer asked for, or a translation that drops or invents a ``{field}`` fails here, with the fix named.
"""

from __future__ import annotations

import dataclasses
import re
import typing
from pathlib import Path
from typing import Any

import pytest

from banakil_replay.citation_words import messages as citation_messages
from banakil_replay.i18n import language, pgettext
from banakil_replay.rulebook_words import messages as rulebook_messages
from banakil_replay.i18n.catalog import read_catalog
from banakil_replay.i18n.extract import extract_catalog
from banakil_replay.rules import KNOB_VALUES, Ruleset

ROOT = Path(__file__).resolve().parent.parent
FIX = "run `PYTHONPATH=. python3 tools/update_catalog.py`, then translate the new entries"


def _key(message: Any) -> tuple[str | None, str]:
    return message.context, message.id if isinstance(message.id, str) else message.id[0]


@pytest.fixture(scope="module")
def extracted() -> dict[tuple[str | None, str], Any]:
    return {_key(m): m for m in list(extract_catalog(citation_messages() + rulebook_messages()))[1:]}


@pytest.fixture(scope="module")
def arabic() -> dict[tuple[str | None, str], Any]:
    return {_key(m): m for m in list(read_catalog("ar"))[1:]}


def test_the_extraction_sees_every_kind_of_message(extracted: dict[tuple[str | None, str], Any]) -> None:
    assert (None, "hearts") in extracted  # N_ in a table
    assert (None, "{rank} of {suit}") in extracted  # _ with named fields
    assert ("knob value", "upcard") in extracted  # NP_, with a context
    assert (None, "000, 004 (2-4); 004 Jawaker, 002 (4 only); 003 (4, or 2 in 1v1)") in extracted  # knob(..., source)
    assert isinstance(extracted[(None, "{players}p: {target}")].id, tuple)  # ngettext: singular and plural


#: the catalogs held complete: every message translated. Persian reached every message of the catalog it was
#: made from; a message added since falls back to English at run time, but fails here until it is translated.
COMPLETE = {"ar": 6, "fa": 2}  # language -> its plural forms (the catalog header's nplurals)


@pytest.mark.parametrize("lang", sorted(COMPLETE))
def test_every_message_is_translated(lang: str, extracted: dict[tuple[str | None, str], Any]) -> None:
    catalog = {_key(m): m for m in list(read_catalog(lang))[1:]}
    missing = sorted(str(k) for k in extracted.keys() - catalog.keys())
    assert not missing, f"not in the {lang} catalog ({FIX}): {missing}"
    stale = sorted(str(k) for k in catalog.keys() - extracted.keys())
    assert not stale, f"in the {lang} catalog but no longer asked for ({FIX}): {stale}"
    for key, m in catalog.items():
        forms = m.string if isinstance(m.string, tuple) else (m.string,)
        assert all(forms) and not m.fuzzy, f"{lang} {key} has no (or only a guessed) translation"
        if isinstance(extracted[key].id, tuple):
            assert len(forms) == COMPLETE[lang], f"{lang} {key}: needs all {COMPLETE[lang]} plural forms"


def _fields(text: str) -> set[str]:
    return set(re.findall(r"\{(\w*)\}", text))


#: every catalog the package ships (ar, fa, ...): each is checked for its fields, complete or not
LOCALES = sorted(p.name for p in (ROOT / "banakil_replay" / "i18n" / "locale").iterdir()
                 if (p / "LC_MESSAGES" / "banakil.po").is_file())


def test_every_catalog_is_checked() -> None:
    assert {"ar", "fa"} <= set(LOCALES), LOCALES


@pytest.mark.parametrize("lang", LOCALES)
def test_translations_fill_the_same_named_fields(lang: str) -> None:
    """A translation names only the fields its msgid fills, and drops none (an untranslated entry says
    the English msgid, so it has nothing to check: the Arabic one is refused above, a Persian one falls back)."""
    for key, m in {_key(m): m for m in list(read_catalog(lang))[1:]}.items():
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        wanted = set().union(*(_fields(i) for i in ids))
        forms = m.string if isinstance(m.string, tuple) else (m.string,)
        if not any(forms):
            continue
        assert all(forms), f"{lang} {key}: some plural forms are translated and some are empty"
        for form in forms:
            assert _fields(form) <= wanted, f"{lang} {key}: {form!r} names a field the code does not fill"
        if not isinstance(m.id, tuple):  # a plural form may leave the number out (لاعبان: "two players")
            assert _fields(forms[0]) == wanted, f"{lang} {key}: {forms[0]!r} drops a field"
        assert "%" not in "".join(forms) or "%" in "".join(ids), f"{lang} {key}: argparse reads % in help text"
        printf = sorted(re.findall(r"%(?:\(\w+\))?[sdr]", "".join(ids[:1])))
        assert sorted(re.findall(r"%(?:\(\w+\))?[sdr]", forms[0])) == printf, \
            f"{lang} {key}: argparse fills {printf}, the translation says {forms[0]!r}"


def test_every_value_a_knob_can_take_has_words() -> None:
    hints = typing.get_type_hints(Ruleset)
    values = {str(v) for f in dataclasses.fields(Ruleset) for v in typing.get_args(hints[f.name])
              if isinstance(v, str)}
    assert values - {"custom"} <= set(KNOB_VALUES), values - set(KNOB_VALUES)
    with language("ar"):
        assert all(pgettext("knob value", v) != v for v in KNOB_VALUES)


# ------------------------------------------------------------------ the glossary the translation keeps to
def glossary_rows() -> dict[str, str]:
    """English word -> Arabic, from every table of docs/glossary.ar.md."""
    rows = {}
    for line in (ROOT / "docs" / "glossary.ar.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 4 and cells[0] not in ("English", "---"):
            rows[cells[0]] = cells[1]
    return rows


def test_card_words_are_the_glossarys(arabic: dict[tuple[str | None, str], Any]) -> None:
    glossary = glossary_rows()
    words = ("hearts", "diamonds", "clubs", "spades", "ace", "king", "queen", "jack", "joker", "two", "ten")
    for word in words:
        assert arabic[(None, word)].string == glossary[word], word


# An idea the catalog names must be named with the glossary's word (its stem, so plurals and the verb count).
KEPT_TERMS = {
    r"\bmelds?\b|\bmeld area\b": ("meld", "تنزيل|نزّل"),
    r"\bruns\b(?! out)": ("run", "سلسل|سلاسل"),
    r"\bthe pile\b": ("discard pile", "الأرض"),
    r"\bthe stock\b": ("stock", "كوم"),
    r"\bJawaker\b": ("Jawaker", "جواكر"),
    r"\bdead\b": ("dead hand", "ميتة"),
    r"\bcold hands?\b": ("cold hand", "بارد"),
}


def test_the_catalog_keeps_to_the_glossarys_words(arabic: dict[tuple[str | None, str], Any]) -> None:
    glossary = glossary_rows()
    for english, (term, stem) in KEPT_TERMS.items():
        assert re.search(stem, glossary[term]), f"the glossary's {term!r} is not {stem!r}"
        saying = [(key, m) for key, m in arabic.items() if re.search(english, key[1])]
        assert saying, f"no message says {term!r}: drop it from KEPT_TERMS"
        for key, m in saying:
                forms = m.string if isinstance(m.string, tuple) else (m.string,)
                assert all(re.search(stem, f) for f in forms), f"{key}: says {term!r} without {glossary[term]!r}"


def test_the_catalogs_ship_with_the_package() -> None:
    """pip installs the .po (compiled in memory on first use), so an installed copy speaks Arabic too."""
    import tomllib

    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = data["tool"]["setuptools"]["package-data"]["banakil_replay"]
    shipped = {p for pattern in patterns for p in (ROOT / "banakil_replay").glob(pattern)}
    assert ROOT / "banakil_replay/i18n/locale/ar/LC_MESSAGES/banakil.po" in shipped
    assert any(dep.startswith("babel") for dep in data["project"]["dependencies"])
