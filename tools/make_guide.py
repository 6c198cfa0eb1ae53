"""Write the parts of docs/how-to-play.md that the engine computes: the worked hand, move by move,
and the before/after pictures of a wild card that moves and a joker swapped out.

Each part sits in the guide between ``<!-- generated: NAME -->`` and ``<!-- end: NAME -->``;
``python tools/make_guide.py`` rewrites what lies between, and ``tests/test_guide.py`` fails when
the guide differs from what this writes (so the pictures are always the engine's own).
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

GUIDE = ROOT / "docs" / "how-to-play.md"
GAME = ROOT / "sample_games" / "classic_dana_ravi.jsonl"


def _cards(cards: object) -> str:
    return " ".join(c.symbol for c in cards) or "(none)"  # type: ignore[attr-defined]


def table(state: GameState, seats: list[int] | None = None) -> list[str]:
    """The table as lines of text: hands (face up, as the guide shows both), melds, pile and stock."""
    lines = []
    for seat in (range(state.n) if seats is None else seats):
        hand = sorted(state.hands[seat], key=lambda c: (c.suit, c.rank))  # type: ignore[attr-defined]
        lines.append(f"{state.players[seat]:5} holds {len(hand):2}: {_cards(hand)}")
    for i, m in enumerate(state.melds, 1):
        lines.append(f"meld {i} ({state.players[m.owner]}): {m.meld.describe()}")
    lines.append(f"pile (top card last): {_cards(state.discard)}   stock: {state.stock_count} cards")
    return lines


def playthrough() -> str:
    rp = replay(read_events(GAME))
    out = ["The table after the deal (both hands face up, so you can follow):", "", "```text",
           *table(rp.at(1)), "```", ""]
    for seq in range(2, len(rp.events)):
        before, after = rp.at(seq - 1), rp.at(seq)
        mover = rp.events[seq].seat  # type: ignore[attr-defined]
        out += [f"**Move {seq - 1}.** {event_text(rp.events[seq], after)}", "", "```text", "before:",
                *("  " + line for line in table(before, [mover])), "after:",
                *("  " + line for line in table(after, [mover])), "```", ""]
    end = rp.final.hand_score
    assert end is not None
    out += ["**The score.** " + " ".join(end.explain), ""]
    return "\n".join(out)


def _before_after(title: str, before: Meld, added: str, after: Meld) -> list[str]:
    return [f"{title}:", "", "```text", f"before:  {before.describe()}", f"add:     {added}",
            f"after:   {after.describe()}", "```", ""]


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
                          "stand for 8♠, and the joker goes to your hand", run, "10♠ in place of the joker",
                          verify_joker_swap(run, "10S", classic))
    sets = analyze_meld("3C 3H JK".split(), classic).meld
    assert sets is not None
    lines += _before_after("In a set the joker is a three (or an ace) of a suit the set lacks: 3♠ or 3♦ may "
                           "take its place, under every rule set", sets, "3♠ in place of the joker",
                           verify_joker_swap(sets, "3S", jawaker))
    return "\n".join(lines).rstrip("\n") + "\n"


def joker_swaps_apps() -> str:
    jawaker = get_ruleset("jawaker")
    run = analyze_meld("6S 7S JK 9S 2S".split(), jawaker).meld
    assert run is not None
    return "\n".join(_before_after("Only the card the joker stands for, 8♠, may take its place", run,
                                   "8♠ in place of the joker", verify_joker_swap(run, "8S", jawaker))).rstrip("\n") + "\n"


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


def main() -> None:
    GUIDE.write_text(render(GUIDE.read_text(encoding="utf-8")), encoding="utf-8")


if __name__ == "__main__":
    main()
