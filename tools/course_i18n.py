"""The course and the guide in another language, built from the English by the same generators.

A lesson in Arabic is its English twin's cell list put through :func:`localize_cells`: each markdown
cell's whole text is looked up in the ``lessons`` catalog (keyed by the English text, so a change to
an English cell leaves its old translation fuzzy and the Arabic lesson is not written until it is
translated again), and each code cell is the English cell with two changes only: the setup cell
chooses the language (``setup_notebook(lang="ar")``) and a path relative to the notebook gains one
``../``, because the Arabic lessons live one folder down (``notebooks/ar/``). The guide
(``docs/how-to-play.ar.md``) is made the same way from ``docs/how-to-play.md`` block by block with
the ``guide`` catalog (:func:`guide_blocks`), its engine-computed parts computed again in Arabic.

The catalogs are ordinary gettext ``.po`` files, separate from the package's ``banakil.po`` (the
course's text is not the program's): ``notebooks/i18n/<lang>/lessons.po`` and
``docs/i18n/<lang>/guide.po``. To bring them in step and translate what is new::

    PYTHONPATH=. python3 tools/make_notebooks.py --lang ar    # merges the lessons catalog, writes what is translated
    PYTHONPATH=. python3 tools/make_guide.py --lang ar        # the same for the guide
    python3 tools/course_i18n.py todo lessons ar > todo.txt   # the English of each untranslated entry
    python3 tools/course_i18n.py fill lessons ar done.txt     # the translations, in the same order

``todo`` and ``fill`` separate entries by a line holding only :data:`SEPARATOR`.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Iterable

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the checkout's package, run from anywhere
from banakil_replay.i18n import LRI, PDI, is_rtl  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
#: The languages the course is written in besides English.
COURSE_LANGUAGES = ("ar", "fa")
SEPARATOR = "=" * 12
_FOLDERS = {"lessons": ROOT / "notebooks" / "i18n", "guide": ROOT / "docs" / "i18n"}


def po_path(domain: str, lang: str) -> Path:
    return _FOLDERS[domain] / lang / f"{domain}.po"


def read_catalog(domain: str, lang: str) -> Catalog:
    path = po_path(domain, lang)
    if not path.exists():
        return Catalog(locale=lang, domain=domain)
    with open(path, "rb") as f:
        return read_po(f, locale=lang, domain=domain)


def translations(domain: str, lang: str) -> dict[str, str]:
    """English text -> its translation, for every entry translated and not fuzzy (a fuzzy one is an old
    translation of an English text that has since changed: not yet a translation of the new one)."""
    return {m.id: m.string for m in read_catalog(domain, lang)
            if m.id and isinstance(m.id, str) and m.string and not m.fuzzy}


def merge(domain: str, lang: str, messages: Iterable[tuple[str, str]]) -> tuple[int, int]:
    """Bring the catalog in step with ``messages`` (English text, where it is said): a new text is added
    untranslated, a changed one keeps its old translation as a fuzzy guess, one no longer said is dropped.
    Returns (entries, of which untranslated or fuzzy)."""
    template = Catalog(locale=None, domain=domain)
    for text, where in messages:
        template.add(text, locations=[(where, 0)])
    catalog = read_catalog(domain, lang)
    catalog.project, catalog.version = "banakil-replay course", "0.1.0"
    template.creation_date = catalog.creation_date  # no date churn when nothing changed
    catalog.update(template, no_fuzzy_matching=False)
    catalog.fuzzy = False
    catalog.obsolete.clear()
    path = po_path(domain, lang)
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as f:
        write_po(f, catalog, width=100, omit_header=False, include_previous=True)
    todo = sum(1 for m in catalog if m.id and (m.fuzzy or not m.string))
    return len(catalog), todo


# ------------------------------------------------------------------ lessons

def _deeper(target: str) -> str:
    """A link or path relative to notebooks/, as seen from notebooks/<lang>/."""
    return "../" + target


_SIBLING = re.compile(r'(["\'])([\w.-]+)\1')


def _beside_the_lessons(name: str) -> bool:
    """Whether ``name`` is a file that sits beside the English lessons (lesson 11's results)."""
    return (ROOT / "notebooks" / name).is_file()


def localize_code(source: str, lang: str) -> str:
    """An English code cell as its twin runs it: the setup chooses ``lang``; a path relative to the notebook
    (``"../sample_games/..."``, or a file beside the lessons) goes one folder up."""
    source = source.replace("setup_notebook()", f'setup_notebook(lang="{lang}")')
    source = re.sub(r'(["\'])\.\./', r"\1../../", source)
    return _SIBLING.sub(lambda m: f"{m.group(1)}../{m.group(2)}{m.group(1)}" if _beside_the_lessons(m.group(2))
                        else m.group(0), source)


def english_code(source: str, lang: str) -> str:
    """The inverse of :func:`localize_code`: what a twin's code cell must equal in English."""
    source = source.replace(f'setup_notebook(lang="{lang}")', "setup_notebook()")
    source = re.sub(r'(["\'])\.\./([\w.-]+)\1', lambda m: f"{m.group(1)}{m.group(2)}{m.group(1)}"
                    if _beside_the_lessons(m.group(2)) else m.group(0), source)
    return re.sub(r'(["\'])\.\./\.\./', r"\1../", source)


LINK = re.compile(r"\]\(([^)\s]+)\)")


def localize_links(text: str, lang: str, translated_lessons: set[str]) -> str:
    """Links of a translated markdown cell as seen from notebooks/<lang>/: the docs in ``lang`` where
    they exist (the guide, the glossary), another lesson's twin if it is translated, else the English."""
    def move(m: re.Match[str]) -> str:
        target = m.group(1)
        if target.startswith(("http:", "https:", "#", "mailto:")):
            return m.group(0)
        file, hash_, anchor = target.partition("#")
        if file.endswith(".ipynb") and "/" not in file:
            file = file if file[:-len(".ipynb")] in translated_lessons else "../" + file
        elif file.startswith("../"):
            twin = ROOT / "notebooks" / file.replace(".md", f".{lang}.md")
            file = _deeper(file.replace(".md", f".{lang}.md") if file.endswith(".md") and twin.resolve().exists()
                           else file)
        return f"]({file}{hash_}{anchor})"
    return LINK.sub(move, text)


_CARD = r"(?:10|[2-9JQKA])[♥♦♣♠HDCS]?(?:\(=[^)]*\))?|JK|🃏(?:\(=[^)]*\))?"
_TAGS = r"\[00[0-4](?: \(Jawaker\))?(?:, 00[0-4](?: \(Jawaker\))?)*\]"  # [000, 004], not one with words in it
_LTR = re.compile(rf"`[^`\n]+`|{_TAGS}|(?<![0-9A-Za-z`])(?:{_CARD})(?:[ -](?:{_CARD}))+(?![0-9A-Za-z`])")


def isolate_ltr(text: str) -> str:
    """Right-to-left text with every run of cards (``3♥ 4♥ 5♥``, ``3 9 5 K A``), code span and source tag
    ([000, 004]) isolated left to right: in an Arabic paragraph the bidirectional algorithm would otherwise
    lay the tokens of a run out from right to left (a run 3♥ 4♥ 5♥ would read 5♥ 4♥ 3♥), while on the
    table and in the English a run reads from its low card on the left."""
    return _LTR.sub(lambda m: f"{LRI}{m.group(0)}{PDI}", text)


def rtl_markdown(text: str) -> str:
    """A translated markdown cell laid out right to left (JupyterLab and GitHub set a cell left to right)."""
    return f'<div dir="rtl">\n\n{isolate_ltr(text)}\n\n</div>'


def localize_cells(cells: list[dict], lang: str, table: dict[str, str],
                   translated_lessons: set[str]) -> tuple[list[dict], list[str]]:
    """The twin of a lesson's cells in ``lang``, and the English of every markdown cell the catalog
    lacks (a lesson with any is not written: no lesson is half English)."""
    out, missing = [], []
    for cell in cells:
        cell = dict(cell)
        if cell["cell_type"] == "markdown":
            said = table.get(cell["source"])
            if said is None:
                missing.append(cell["source"])
                said = cell["source"]
            said = localize_links(said, lang, translated_lessons)
            cell["source"] = rtl_markdown(said) if is_rtl(lang) else said
        elif cell["cell_type"] == "code":
            cell["source"] = localize_code(cell["source"], lang)
        out.append(cell)
    return out, missing


# ------------------------------------------------------------------ the guide

FENCE = re.compile(r"^```")


def guide_blocks(text: str) -> list[str]:
    """The guide cut into blocks a translator sees whole: paragraphs, list items kept together, a table,
    a fenced block, a generated part (``<!-- generated: x -->`` to ``<!-- end: x -->``) each one block.
    Blank lines between blocks are not part of them; ``"\\n\\n".join(blocks)`` is the text again."""
    blocks: list[str] = []
    current: list[str] = []
    fenced = generated = False
    for line in text.split("\n"):
        if line.startswith("<!-- generated:"):
            generated = True
        if not fenced and not generated and line == "":
            if current:
                blocks.append("\n".join(current))
                current = []
            continue
        current.append(line)
        if FENCE.match(line) and not generated:
            fenced = not fenced
        if line.startswith("<!-- end:"):
            generated = False
    if current:
        blocks.append("\n".join(current))
    return blocks


def needs_words(block: str) -> bool:
    """Whether a block of the guide holds words to translate (a fenced block of pictures does not)."""
    return not block.startswith("```") and not block.startswith("<!-- generated:")


# ------------------------------------------------------------------ todo / fill

def _open(catalog: Catalog, where: str) -> list:  # type: ignore[type-arg]
    """The entries still to translate (new or fuzzy), of one lesson (``where``: a location prefix) or all."""
    return [m for m in catalog if m.id and (m.fuzzy or not m.string)
            and any(file.startswith(where) for file, _ in m.locations)]


def todo(domain: str, lang: str, where: str = "") -> list[str]:
    return [m.id for m in _open(read_catalog(domain, lang), where)]


def fill(domain: str, lang: str, said: list[str], where: str = "") -> int:
    """Give the untranslated entries, in :func:`todo`'s order, the translations ``said``; returns how many."""
    catalog = read_catalog(domain, lang)
    wanted = _open(catalog, where)
    done = 0
    for message, text in zip(wanted, said):
        if text.strip():
            message.string = text.strip("\n")
            message.flags.discard("fuzzy")
            message.previous_id = []
            done += 1
    with open(po_path(domain, lang), "wb") as f:
        write_po(f, catalog, width=100, include_previous=True)
    return done


def main(argv: list[str]) -> int:
    if len(argv) < 3 or argv[0] not in ("todo", "fill") or argv[1] not in _FOLDERS:
        print("usage: course_i18n.py todo lessons|guide LANG [WHERE] | fill lessons|guide LANG FILE [WHERE]",
              file=sys.stderr)
        return 2
    verb, domain, lang = argv[:3]
    if verb == "todo":
        print(f"\n{SEPARATOR}\n".join(todo(domain, lang, argv[3] if len(argv) > 3 else "")))
        return 0
    if len(argv) < 4:
        print("fill needs the file of translations", file=sys.stderr)
        return 2
    parts = re.split(rf"^{SEPARATOR}$", Path(argv[3]).read_text(encoding="utf-8"), flags=re.M)
    done = fill(domain, lang, [p.strip("\n") for p in parts], argv[4] if len(argv) > 4 else "")
    print(f"{done} entries translated in {po_path(domain, lang)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
