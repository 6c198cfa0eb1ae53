"""Write the parts of docs/how-to-play.md that the engine computes: the worked hand, move by move,
and the before/after pictures of a wild card that moves and a joker swapped out.

Each part sits in the guide between ``<!-- generated: NAME -->`` and ``<!-- end: NAME -->``;
``python tools/make_guide.py`` rewrites what lies between, and ``tests/test_guide.py`` fails when
the guide differs from what this writes (so the pictures are always the engine's own).

``python tools/make_guide.py --lang ar`` writes the Arabic guide, docs/how-to-play.ar.md, from the English
one block by block (:func:`render_lang`; the words from docs/i18n/ar/guide.po, see tools/course_i18n.py),
``--lang fa`` the Persian one the same way, and ``tests/test_guide_i18n.py`` holds each to the English.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the checkout's package, run from anywhere

from banakil_replay.cards import parse_cards  # noqa: E402
from banakil_replay.melds import Meld, analyze_meld, verify_joker_swap, verify_lay_off  # noqa: E402
from banakil_replay.notebook.narrate import event_text  # noqa: E402
from banakil_replay.reducer import replay  # noqa: E402
from banakil_replay.log.store import read_events  # noqa: E402
from banakil_replay.rules import get_ruleset  # noqa: E402
from banakil_replay.state import GameState  # noqa: E402

sys.path.insert(0, str(ROOT / "tools"))
from banakil_replay.i18n import is_rtl  # noqa: E402
from course_i18n import guide_blocks, isolate_ltr, merge, needs_words, po_path, translations  # noqa: E402

GUIDE = ROOT / "docs" / "how-to-play.md"
GAME = ROOT / "sample_games" / "classic_dana_ravi.jsonl"


def say(text: str) -> str:
    """A sentence of the guide's engine-computed parts, in the language being written (English: as is)."""
    return _SAY(text)


def _as_is(text: str) -> str:
    return text


_SAY: Callable[[str], str] = _as_is


def _cards(cards: object) -> str:
    return " ".join(c.symbol for c in cards) or say("(none)")  # type: ignore[attr-defined]


def table(state: GameState, seats: list[int] | None = None) -> list[str]:
    """The table as lines of text: hands (face up, as the guide shows both), melds, pile and stock."""
    lines = []
    for seat in (range(state.n) if seats is None else seats):
        hand = sorted(state.hands[seat], key=lambda c: (c.suit, c.rank))  # type: ignore[attr-defined]
        lines.append(say("{player:5} holds {count:2}: {cards}").format(player=state.players[seat], count=len(hand),
                                                                        cards=_cards(hand)))
    for i, m in enumerate(state.melds, 1):
        lines.append(say("meld {n} ({player}): {meld}").format(n=i, player=state.players[m.owner],
                                                               meld=m.meld.describe()))
    lines.append(say("pile (top card last): {cards}   stock: {count} cards").format(cards=_cards(state.discard),
                                                                                    count=state.stock_count))
    return lines


def playthrough() -> str:
    rp = replay(read_events(GAME))
    out = [say("The table after the deal (both hands face up, so you can follow):"), "", "```text",
           *table(rp.at(1)), "```", ""]
    for seq in range(2, len(rp.events)):
        before, after = rp.at(seq - 1), rp.at(seq)
        mover = rp.events[seq].seat  # type: ignore[attr-defined]
        out += [say("**Move {n}.** {event}").format(n=seq - 1, event=event_text(rp.events[seq], after)), "",
                "```text", say("before:"), *("  " + line for line in table(before, [mover])), say("after:"),
                *("  " + line for line in table(after, [mover])), "```", ""]
    end = rp.final.hand_score
    assert end is not None
    out += [say("**The score.** {working}").format(working=" ".join(end.explain)), ""]
    return "\n".join(out)


def _before_after(title: str, before: Meld, added: str, after: Meld) -> list[str]:
    return [say(title) + ":", "", "```text", say("before:") + f"  {before.describe()}",
            say("add:") + f"     {added}", say("after:") + f"   {after.describe()}", "```", ""]


def wild_moves() -> str:
    classic = get_ruleset("classic")
    run = analyze_meld("2C 5D 6D".split(), classic).meld
    assert run is not None
    after = verify_lay_off(run, list(parse_cards("8D")), classic)
    return "\n".join(_before_after("Classic: adding 8♦ to a run whose 2 stands for 4♦; the 2 moves over to "
                                   "stand for 7♦", run, "8♦", after)).rstrip("\n") + "\n"


def joker_swaps() -> str:
    classic, jawaker = get_ruleset("classic"), get_ruleset("jawaker")
    run = analyze_meld("6S 7S JK 9S 2S".split(), classic).meld
    assert run is not None
    lines = _before_after("Classic: 10♠ takes the joker's place (the joker stood for 8♠); the 2 moves over to "
                          "stand for 8♠, and the joker goes to your hand", run, say("10♠ in place of the joker"),
                          verify_joker_swap(run, "10S", classic))
    sets = analyze_meld("3C 3H JK".split(), classic).meld
    assert sets is not None
    lines += _before_after("In a set the joker is a three (or an ace) of a suit the set lacks: 3♠ or 3♦ may "
                           "take its place, under every rule set", sets, say("3♠ in place of the joker"),
                           verify_joker_swap(sets, "3S", jawaker))
    return "\n".join(lines).rstrip("\n") + "\n"


def joker_swaps_apps() -> str:
    jawaker = get_ruleset("jawaker")
    run = analyze_meld("6S 7S JK 9S 2S".split(), jawaker).meld
    assert run is not None
    lines = _before_after("Only the card the joker stands for, 8♠, may take its place", run,
                          say("8♠ in place of the joker"), verify_joker_swap(run, "8S", jawaker))
    return "\n".join(lines).rstrip("\n") + "\n"


PARTS: dict[str, Callable[[], str]] = {"playthrough": playthrough, "wild-moves": wild_moves,
                                       "joker-swaps": joker_swaps, "joker-swaps-apps": joker_swaps_apps}

# A rule's sources in brackets, [000, 004] or [004 (Jawaker), 002]: moved out of the sentence into a
# footnote marker, [^000-004], whose note at the end of the guide names them (GitHub draws it as a
# small number linking there).
TAG = re.compile(r"\[((?:00[0-4](?: \(Jawaker\))?)(?:, 00[0-4](?: \(Jawaker\))?)*)\](?!\()")
NAMES = {"000": "000 (table rules, English)", "004": "004 (table rules, Persian)",
         "004 (Jawaker)": "004's Jawaker section", "002": "002 (ERAM)", "003": "003 (Kroot)"}


def _label(tag: str) -> str:
    return "-".join(part.replace(" (Jawaker)", "j") for part in tag.split(", "))


def markers(guide: str) -> str:
    """Every source tag in the guide's sentences replaced by a marker, and the notes they point to."""
    body = TAG.sub(lambda m: f"[^{_label(m.group(1))}]", guide.split("<!-- generated: source-notes -->")[0])
    tags = {}
    for m in TAG.finditer(guide):
        tags[_label(m.group(1))] = m.group(1)
    for label in re.findall(r"\[\^([\w-]+)\](?!:)", body):
        tags.setdefault(label, ", ".join(p.replace("j", " (Jawaker)") if p.endswith("j") else p
                                          for p in label.split("-")))
    notes = "\n".join(f"[^{label}]: {'; '.join(NAMES[p] for p in tag.split(', '))}."
                       for label, tag in sorted(tags.items()))
    return body + "<!-- generated: source-notes -->\n" + notes + "\n<!-- end: source-notes -->\n"


def render(guide: str) -> str:
    """The guide with every generated part rewritten, and its source tags as markers."""
    guide = markers(guide)
    for name, make in PARTS.items():
        pattern = re.compile(rf"(<!-- generated: {name} -->\n).*?(<!-- end: {name} -->)", re.S)
        if not pattern.search(guide):
            raise SystemExit(f"docs/how-to-play.md has no markers for {name}")
        guide = pattern.sub(lambda m: m.group(1) + make().rstrip("\n") + "\n" + m.group(2), guide)
    return guide


def anchor(heading: str) -> str:
    """GitHub's anchor for an English heading line, kept by its translation so every link still leads there."""
    title = heading.lstrip("#").strip().lower()
    return re.sub(r"[^\w\- ]", "", title).replace(" ", "-")


def _notes(block: str, look: Callable[[str], str]) -> str:
    """The source notes with each source's name in the guide's language (the labels are the same)."""
    lines = []
    for line in block.split("\n"):
        m = re.match(r"(\[\^[\w-]+\]): (.*)\.$", line)
        lines.append(f"{m.group(1)}: " + "؛ ".join(look(name) for name in m.group(2).split("; ")) + "."
                     if m else line)
    return "\n".join(lines)


def _block(block: str, lang: str, look: Callable[[str], str]) -> str:
    if block.startswith("<!-- generated: "):
        name = block[len("<!-- generated: "):block.index(" -->")]
        if name == "source-notes":
            return _notes(block, look)
        return f"<!-- generated: {name} -->\n" + PARTS[name]().rstrip("\n") + f"\n<!-- end: {name} -->"
    if "\n<!-- generated: " in block:  # a part that follows its text with no blank line between
        head, _, part = block.partition("\n<!-- generated: ")
        return _block(head, lang, look) + "\n" + _block("<!-- generated: " + part, lang, look)
    if not needs_words(block):
        return block
    said = look(block)
    said = re.sub(r"\]\((\w[\w-]*)\.md\b", lambda m: f"]({m.group(1)}.{lang}.md"
                  if (GUIDE.parent / f"{m.group(1)}.{lang}.md").exists() else m.group(0), said)
    if is_rtl(lang):
        said = isolate_ltr(said)
    if block.startswith("#"):
        first, _, rest = said.partition("\n")
        said = f'{first} <a id="{anchor(block.split(chr(10))[0])}"></a>' + (f"\n{rest}" if rest else "")
    return said


def render_lang(english: str, lang: str) -> tuple[str, list[str], list[str]]:
    """The guide in ``lang``, made from the English guide block by block: each block's words from the guide
    catalog (keyed by the English block), the engine's parts computed again in ``lang``, each heading
    keeping its English anchor. Returns the guide, every text looked up (the catalog's entries, in
    order), and those the catalog lacks (the guide is not written while any is missing)."""
    global _SAY
    from banakil_replay.i18n import language

    table = translations("guide", lang)
    asked: list[str] = []
    missing: list[str] = []

    def look(text: str) -> str:
        if text not in asked:
            asked.append(text)
        if text in table:
            return table[text]
        if text not in missing:
            missing.append(text)
        return text

    _SAY = look
    try:
        with language(lang):
            out = "\n\n".join(_block(block, lang, look) for block in guide_blocks(english))
    finally:
        _SAY = _as_is
    return out, asked, missing


def main_lang(lang: str) -> None:
    """The guide catalog of ``lang`` in step with the English guide; the guide written if fully translated."""
    english = GUIDE.read_text(encoding="utf-8")
    _, asked, _ = render_lang(english, lang)
    total, todo = merge("guide", lang, [(text, "docs/how-to-play.md") for text in asked])
    text, _, missing = render_lang(english, lang)
    target = GUIDE.with_suffix(f".{lang}.md")
    if missing:
        target.unlink(missing_ok=True)  # never a guide that is part English
    else:
        target.write_text(text, encoding="utf-8")
    print(f"{po_path('guide', lang)}: {total} entries, {todo} to translate; "
          + (f"{target.name} not written" if missing else f"{target.name} written"))


def main() -> None:
    if "--lang" in sys.argv and sys.argv[sys.argv.index("--lang") + 1] != "en":
        main_lang(sys.argv[sys.argv.index("--lang") + 1])
        return
    GUIDE.write_text(render(GUIDE.read_text(encoding="utf-8")), encoding="utf-8")


if __name__ == "__main__":
    main()
