"""JupyterLab's Arabic language pack is installed (a dependency) and JupyterLab offers it as ``ar_SA``.

This is what Settings > Language lists: jupyterlab_server's translation API finds the packs through
their entry points, so a pack that is not installed, or not registered, is missing from this list.
"""

from __future__ import annotations

from jupyterlab_server.translation_utils import get_language_pack, get_language_packs


def test_the_arabic_pack_is_offered_by_jupyterlab() -> None:
    packs, message = get_language_packs("en")
    assert message == "", message
    assert "ar_SA" in packs, sorted(packs)
    assert packs["ar_SA"]["nativeName"].startswith("العربية")


def test_the_arabic_pack_translates_jupyterlab_itself() -> None:
    catalogs, message = get_language_pack("ar_SA")
    assert message == "", message
    words = catalogs["jupyterlab"]
    assert len(words) > 100, len(words)  # a catalog of the interface, not a stub
    assert any("\u0600" <= ch <= "\u06FF" for ch in words["Open"][0]), words["Open"]  # a menu word, in Arabic
