"""Write the tutorial notebooks from the cell lists below (outputs stay empty).

Keeping notebook sources here makes diffs readable; run
``python tools/make_notebooks.py`` after editing and commit both.
"""

from __future__ import annotations

import json
from pathlib import Path

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def md(text: str) -> dict:
    return {"cell_type": "markdown", "metadata": {}, "source": text.strip("\n")}


def code(text: str) -> dict:
    return {"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
            "source": text.strip("\n")}


START_HERE = [
    md("""
# Start here: cards, wilds, runs and sets

Banakil is played with 106 cards: two ordinary packs and two jokers. Every **2** and both
**jokers** are wild; 3 up to ace are natural cards. Sources are cited by file name
(`000`, `002`, `003`, `004` in `shared/seeds`).
"""),
    code("""
from banakil_replay import parse_cards, analyze_meld, get_ruleset, RULESETS
from banakil_replay.cards import full_deck, point_value
deck = full_deck()
print(sum(deck.values()), "cards;", "rule sets:", ", ".join(RULESETS))
"""),
    md("""
## Melds

A **run** is three or more cards of one suit in order (3 lowest, ace highest); a **set** is three or
four 3s or aces of different suits. A meld holds at most one 2 and one joker, and at least one
natural card. Try your own cards in the cell below: the checker says what each wild stands for, or
exactly why the cards are not a meld.
"""),
    code("""
classic = get_ruleset("classic")
for cards in ["7H 8H 9H", "KS AS 2S", "10C JK 2H", "AD 2D 3D", "3C 3H 3H", "AH AS JK"]:
    check = analyze_meld(cards.split(), classic)
    print(f"{cards:12} ->", check.meld.describe() if check.valid else "not a meld: " + check.reason)
"""),
    md("""
## Rule sets differ

The ERAM app lets an ace play low, so A-2-3 is a run there.
"""),
    code("""
print(analyze_meld("AD 2D 3D".split(), get_ruleset("eram")).to_json())
"""),
]


def write(name: str, cells: list[dict]) -> None:
    nb = {
        "cells": cells,
        "metadata": {
            "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    for i, cell in enumerate(cells):
        cell["id"] = f"{name.split('_')[0]}-{i}"
    (NOTEBOOKS / f"{name}.ipynb").write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    NOTEBOOKS.mkdir(exist_ok=True)
    write("01_start_here", START_HERE)
