"""Notebook cells as nbformat dicts: the one way the lesson writers (``make_notebooks.py`` and
``lesson_playing_well.py``) make a markdown or a code cell."""

from __future__ import annotations


def md(text: str) -> dict:
    return {"cell_type": "markdown", "metadata": {}, "source": text.strip("\n")}


def code(text: str) -> dict:
    return {"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
            "source": text.strip("\n")}
