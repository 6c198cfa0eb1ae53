"""One theme: every colour of the notebook pages and widgets is named once, in notebook/theme.py."""

from __future__ import annotations

import re
from pathlib import Path

from banakil_replay.notebook import theme

NOTEBOOK = Path(theme.__file__).parent
HEX = re.compile(r"(?<![&\w])#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{3})\b")


def test_no_other_notebook_module_holds_a_hex_colour() -> None:
    found = {p.name: HEX.findall(p.read_text(encoding="utf-8")) for p in sorted(NOTEBOOK.glob("*.py"))
             if p.name != "theme.py"}
    found = {name: hits for name, hits in found.items() if hits}
    assert not found, f"name these colours in notebook/theme.py and use the name: {found}"


def test_the_theme_names_each_colour_once() -> None:
    colours = [getattr(theme, n) for n in theme.__all__ if isinstance(getattr(theme, n), str)]
    assert all(HEX.fullmatch(c) for c in colours) and len(colours) > 15
    assert len(set(c.lower() for c in colours)) == len(colours), "two names for one colour"
    assert len(theme.ENDING_PALETTE) == 4 and all(HEX.fullmatch(c) for c in theme.ENDING_PALETTE)


def test_the_search_finds_a_colour() -> None:
    assert HEX.findall('style="color:#666;border:1px solid #8a8f98"') == ["#666", "#8a8f98"]
    assert not HEX.findall("&#9650; and #text")
