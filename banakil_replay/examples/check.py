"""Check the rule sources' worked examples against the scoring engine.

Each example in ``worked_examples.json`` is a ``score`` command input (or, for
the score-sheet carry, a list of hand scores) together with the figures its
source states. :func:`check_example` recomputes those figures and gives one of
three verdicts:

* ``match``: every stated figure comes out, and every stated part (a named
  group of cards with its value) adds up;
* ``source slip``: something differs, but exactly one numeric input, changed
  on its own, makes every stated figure of the example *and* of its sibling
  variants (same ``case_group``: the same hand scored another way) come out.
  The explanation names that input, so a typo in a source is surfaced rather
  than hidden or silently "fixed" in the data;
* ``mismatch``: anything else. This is what a real scoring bug looks like.

>>> results = check_all()
>>> sorted({r.verdict for r in results})
['match', 'source slip']
>>> next(r for r in results if r.id == "004-ex4-standard").stated
'N-S -13, E-W 47 (North 15, East 8.5, South -20)'
"""

from __future__ import annotations

import copy
import json
import math
import re
from collections import Counter
from dataclasses import asdict, dataclass
from functools import lru_cache
from importlib import resources
from typing import Any, Iterable, Mapping, Sequence

from ..cards import Card, full_deck, parse_cards
from ..errors import MalformedInputError
from ..i18n import N_, NP_, _, pgettext
from ..rules import SOURCE_FILES, Ruleset, get_ruleset
from ..scoring import HandInput, Number, score_hand, sheet_entries, tidy
from ..seats import seat_name

DATA_FILE = "worked_examples.json"
VERDICTS: tuple[str, ...] = ("match", "source slip", "mismatch")

#: Values tried for one numeric input when looking for a slip: 0 to 60 in half
#: points. A Banakil hand is 18-19 cards; even all wilds would not pass 60.
SEARCH_VALUES: tuple[float, ...] = tuple(i / 2 for i in range(0, 121))

_ADDRESS = re.compile(r"^(sides|players|entered)\[(\d+)\]$|^carried$")
_FIELD_WORDS = {"melded": N_("melded value"), "in_hand": N_("in-hand value")}
# how a verdict is headed and counted in the table (the verdicts themselves are data, the same in every language)
_VERDICT_HEADINGS = {"match": NP_("worked example", "MATCH"), "source slip": NP_("worked example", "SOURCE SLIP"),
                     "mismatch": NP_("worked example", "MISMATCH")}
_VERDICT_COUNTS = {"match": NP_("worked example", "{n} match"), "source slip": NP_("worked example", "{n} source slip"),
                   "mismatch": NP_("worked example", "{n} mismatch")}


@dataclass(frozen=True)
class ExampleResult:
    """The outcome of checking one worked example.

    ``stated`` and ``computed`` are short human strings over the same figures
    (e.g. ``"N-S -13, E-W 47"``) so a table can show them side by side.
    """

    id: str
    source: str
    case: str
    stated: str
    computed: str
    verdict: str
    explanation: str

    def to_json(self) -> dict[str, str]:
        return asdict(self)


# ------------------------------------------------------------------ loading
def load_examples() -> list[dict[str, Any]]:
    """All worked examples from the package data, validated, in file order.

    Read through importlib.resources so it works from a wheel or a zip as well
    as from a source checkout. A fresh deep copy is returned on every call, so
    a caller may corrupt an example (as the tests do) without harming others.
    """
    return [copy.deepcopy(ex) for ex in _load_cached()]


@lru_cache(maxsize=1)
def _load_cached() -> tuple[dict[str, Any], ...]:
    text = resources.files(__package__).joinpath(DATA_FILE).read_text(encoding="utf-8")
    data = json.loads(text)
    examples = data.get("examples") if isinstance(data, dict) else None
    if not isinstance(examples, list):
        raise MalformedInputError(f"{DATA_FILE}: expected an object with an 'examples' list")
    seen: set[str] = set()
    for ex in examples:
        _validate(ex)
        if ex["id"] in seen:
            raise MalformedInputError(f"{DATA_FILE}: duplicate example id {ex['id']!r}")
        seen.add(ex["id"])
    _validate_groups(examples)
    return tuple(examples)


def _validate(ex: Any) -> None:
    """Fail loudly on a malformed entry: a silent skip would hide an example."""
    if not isinstance(ex, dict):
        raise MalformedInputError(f"{DATA_FILE}: every example must be an object, got {ex!r}")
    where = f"{DATA_FILE} example {ex.get('id')!r}"
    for key in ("id", "source", "section", "case", "rules", "input", "stated"):
        if key not in ex:
            raise MalformedInputError(f"{where}: missing {key!r}")
    if ex["source"] not in SOURCE_FILES.values():
        raise MalformedInputError(f"{where}: unknown source file {ex['source']!r}")
    if ex.get("kind", "hand") not in ("hand", "sheet"):
        raise MalformedInputError(f"{where}: kind must be 'hand' or 'sheet', got {ex.get('kind')!r}")
    rules = _rules(ex)  # raises on an unknown preset or option
    stated = ex["stated"]
    if not isinstance(stated, dict) or not stated:
        raise MalformedInputError(f"{where}: 'stated' must be a non-empty object")
    for address, value in stated.items():
        if not _ADDRESS.match(address):
            raise MalformedInputError(f"{where}: cannot address {address!r} (use sides[i], players[i], "
                                      "entered[i] or carried)")
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise MalformedInputError(f"{where}: stated {address} must be a number, got {value!r}")
    if ex.get("kind", "hand") == "hand":
        # the copies of each card are judged by _card_problems, as a mismatch rather than an error
        hand = HandInput.from_json(ex["input"], rules, count_copies=False)  # raises naming the bad field
        for part in ex.get("stated_parts", []):
            if part.get("pile") not in ("melded", "in_hand") or not 0 <= part.get("seat", -1) < hand.n:
                raise MalformedInputError(f"{where}: stated part {part.get('label')!r} needs a seat and a "
                                          "pile ('melded' or 'in_hand')")


def _validate_groups(examples: Sequence[Mapping[str, Any]]) -> None:
    """Siblings in a case group are one hand scored several ways: same input."""
    first: dict[str, Mapping[str, Any]] = {}
    for ex in examples:
        group = _group(ex)
        if group in first and first[group]["input"] != ex["input"]:
            raise MalformedInputError(f"{DATA_FILE}: examples {first[group]['id']!r} and {ex['id']!r} share "
                                      f"case_group {group!r} but not their input")
        first.setdefault(group, ex)


def _group(ex: Mapping[str, Any]) -> str:
    return str(ex.get("case_group", ex["id"]))


def _rules(ex: Mapping[str, Any]) -> Ruleset:
    return get_ruleset(ex["rules"], ex.get("options"))


def _comma() -> str:
    return pgettext("list separator", ", ")


def _semicolon() -> str:
    return pgettext("list separator", "; ")


# ---------------------------------------------------------------- computing
def _compute(ex: Mapping[str, Any], data: Mapping[str, Any] | None = None) -> tuple[dict[str, Number], list[str]]:
    """Every addressable figure for this example (optionally on replaced input) and the working."""
    data = ex["input"] if data is None else data
    if ex.get("kind", "hand") == "sheet":
        entered, carried = sheet_entries(data["scores"], data.get("debt", 0))
        values: dict[str, Number] = {f"entered[{i}]": e for i, e in enumerate(entered)}
        values["carried"] = carried
        return values, [_("Sheet entries {entries}, shortfall still carried {carried}.").format(
            entries=_comma().join(map(_num, entered)), carried=_num(carried))]
    rules = _rules(ex)
    hs = score_hand(rules, HandInput.from_json(data, rules, count_copies=False))
    values = {f"sides[{i}]": s for i, s in enumerate(hs.sides)}
    values.update({f"players[{i}]": tidy(p) for i, p in enumerate(hs.seats)})
    return values, list(hs.explain)


def _differences(stated: Mapping[str, Number], values: Mapping[str, Number]) -> list[str]:
    """Addresses whose computed value is missing or differs from the stated one."""
    return [a for a, v in stated.items() if a not in values or not math.isclose(values[a], v, abs_tol=1e-9)]


def _card_problems(ex: Mapping[str, Any]) -> list[str]:
    """Card facts a numeric fix cannot change: the 106-card deck and the stated card groups."""
    if ex.get("kind", "hand") != "hand":
        return []
    rules = _rules(ex)
    seats = ex["input"]["seats"]
    problems: list[str] = []
    used: Counter[Card] = Counter()
    for s in seats:
        used.update(parse_cards(s.get("melded_cards", [])))
        used.update(parse_cards(s.get("in_hand_cards", [])))
    deck = full_deck()
    over = sorted(c.code for c, n in used.items() if n > deck[c])
    if over:
        problems.append(_("more copies than the 106-card deck holds of {cards}").format(cards=_comma().join(over)))
    for part in ex.get("stated_parts", []):
        cards = parse_cards(part["cards"])
        pile = Counter(parse_cards(seats[part["seat"]].get(f"{part['pile']}_cards", [])))
        missing = Counter(cards) - pile
        if missing:
            among = (_("{label}: {cards} not among that seat's melded cards") if part["pile"] == "melded" else
                     _("{label}: {cards} not among that seat's in-hand cards"))
            problems.append(among.format(label=part["label"], cards=_comma().join(c.code for c in missing.elements())))
        total = sum(rules.value(c) for c in cards)
        if not math.isclose(total, part["value"], abs_tol=1e-9):
            problems.append(_("{label}: the cards add up to {total}, stated {stated}").format(
                label=part["label"], total=_num(total), stated=_num(part["value"])))
    return problems


# ------------------------------------------------------------ slip search
@dataclass(frozen=True)
class _Fix:
    seat: int
    field: str
    old: float
    new: float

    @property
    def path(self) -> str:
        return f"seats[{self.seat}].{self.field}"


def _single_fixes(group: Sequence[Mapping[str, Any]]) -> list[_Fix]:
    """Every (numeric input, value) that on its own makes all stated figures of the group come out.

    Only seats given as numbers are varied: a seat given as cards is pinned by
    its cards (and their stated parts), so a slip there would be a card, not a value.
    The in-hand value of the seat that went out is not varied either: going out
    means an empty hand, so that 0 is a rule, not a figure the source could mistype.
    """
    base = group[0]["input"]
    fixes: list[_Fix] = []
    for i, seat in enumerate(base["seats"]):
        for fld in ("melded", "in_hand"):
            if fld not in seat or (fld == "in_hand" and base.get("went_out") == i):
                continue
            for value in SEARCH_VALUES:
                if math.isclose(value, seat[fld]):
                    continue
                trial = copy.deepcopy(base)
                trial["seats"][i][fld] = value
                if all(_fits(ex, trial) for ex in group):
                    fixes.append(_Fix(i, fld, float(seat[fld]), value))
    return fixes


def _fits(ex: Mapping[str, Any], data: Mapping[str, Any]) -> bool:
    try:
        values, _working = _compute(ex, data)
    except MalformedInputError:
        return False
    return not _differences(ex["stated"], values)


def _siblings(ex: Mapping[str, Any], pool: Iterable[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The example and the other examples of its case group, the example itself taking precedence."""
    group = _group(ex)
    others = [o for o in pool if _group(o) == group and o["id"] != ex["id"] and o["input"] == ex["input"]]
    return [ex, *others]


# -------------------------------------------------------------- rendering
def _num(x: float) -> str:
    return str(tidy(x))


def _label(ex: Mapping[str, Any], address: str) -> str:
    m = _ADDRESS.match(address)
    if m is None or address == "carried":
        return pgettext("sheet figure", "carried")
    kind, index = m.group(1), int(m.group(2))
    if kind == "entered":
        return pgettext("sheet figure", "entered")
    names = ex.get("side_names" if kind == "sides" else "seat_names")
    if names and index < len(names):
        return str(names[index])
    return (_("side {index}") if kind == "sides" else _("seat {index}")).format(index=index)


def _render(ex: Mapping[str, Any], figures: Mapping[str, Number | None]) -> str:
    """'N-S -13, E-W 47 (North 15, East 8.5)': sides first, seats in brackets; sheet as entries."""
    def show(v: Number | None) -> str:
        return "?" if v is None else _num(v)

    stated = ex["stated"]
    entered = [show(figures.get(a)) for a in stated if a.startswith("entered")]
    sides = [f"{_label(ex, a)} {show(figures.get(a))}" for a in stated if a.startswith("sides")]
    seats = [f"{_label(ex, a)} {show(figures.get(a))}" for a in stated if a.startswith("players")]
    parts: list[str] = []
    if entered:
        parts.append(_("entered {entries}").format(entries=_comma().join(entered)))
    if "carried" in stated:
        parts.append(_("carried {value}").format(value=show(figures.get("carried"))))
    if sides:
        parts.append(_comma().join(sides))
    text = _semicolon().join(parts)
    if seats:
        text = f"{text} ({_comma().join(seats)})" if text else _comma().join(seats)
    return text


def _seat_name(ex: Mapping[str, Any], seat: int) -> str:
    return seat_name([str(n) for n in ex.get("seat_names") or ()], seat, capital=True)


def _describe_fix(fix: _Fix, group: Sequence[Mapping[str, Any]]) -> str:
    """A sentence naming the slipped input, and the source's own working where it shows it."""
    ex = group[0]
    who = _seat_name(ex, fix.seat)
    text = _("{who}'s {field} is given as {old}, but every stated total fits {new}").format(
        who=who, field=_(_FIELD_WORDS[fix.field]), old=_num(fix.old), new=_num(fix.new))
    # If the source also states this seat's own score, quote the sum it wrote with the given numbers.
    address = f"players[{fix.seat}]"
    stated_score = next((g["stated"][address] for g in group if address in g["stated"]), None)
    seat = ex["input"]["seats"][fix.seat]
    if stated_score is not None and seat.get("opened", seat["melded"] > 0):
        bonus = f" + {_num(_rules(ex).going_out_bonus)}" if ex["input"]["went_out"] == fix.seat else ""
        text = _("{text} (the source itself computes {who} as {sum} = {score})").format(
            text=text, who=who, sum=f"{_num(seat['melded'])} - {_num(seat['in_hand'])}{bonus}",
            score=_num(stated_score))
    return _("{sentence}.").format(sentence=text)


def _fix_words(ex: Mapping[str, Any], fix: _Fix) -> str:
    return _("{who}'s {field} {new} instead of {old}").format(who=_seat_name(ex, fix.seat),
                                                              field=_(_FIELD_WORDS[fix.field]),
                                                              new=_num(fix.new), old=_num(fix.old))


# ------------------------------------------------------------------ checking
def check_example(ex: Mapping[str, Any], *, pool: Sequence[Mapping[str, Any]] | None = None) -> ExampleResult:
    """Recompute one example and judge it: match, source slip or mismatch.

    ``pool`` is where sibling variants are looked up (default: the package
    data); the example passed in replaces its own id there, so a corrupted
    copy is judged together with its untouched siblings.
    """
    _validate(ex)
    values, working = _compute(ex)
    stated_text = _render(ex, ex["stated"])
    computed_text = _render(ex, values)
    diffs = _differences(ex["stated"], values)
    problems = _card_problems(ex)

    def result(verdict: str, explanation: str) -> ExampleResult:
        return ExampleResult(str(ex["id"]), str(ex["source"]), str(ex["case"]), stated_text, computed_text,
                             verdict, explanation)

    if not diffs and not problems:
        labels = _comma().join(p["label"] for p in ex.get("stated_parts", []))
        parts = " " + _("Stated parts add up: {labels}.").format(labels=labels) if ex.get("stated_parts") else ""
        return result("match", " ".join(working) + parts)

    if problems:
        # The cards themselves contradict the source; no single number can repair that.
        return result("mismatch", _("Card check failed: {problems}.").format(problems=_semicolon().join(problems)))

    differ = _semicolon().join(_("{label}: stated {stated}, computed {computed}").format(
        label=_label(ex, a), stated=_num(ex["stated"][a]), computed="?" if a not in values else _num(values[a]))
        for a in diffs)
    if ex.get("kind", "hand") != "hand":
        return result("mismatch", _("{differ}. A score sheet has no hand inputs to search for a slip.").format(
            differ=differ))

    group = _siblings(ex, load_examples() if pool is None else pool)
    fixes = _single_fixes(group)
    scope = _("this example") if len(group) == 1 else \
        _("this example and its {n} sibling variant(s)").format(n=len(group) - 1)
    if len(fixes) == 1:
        return result("source slip", _describe_fix(fixes[0], group))
    if not fixes:
        return result("mismatch", _("{differ}. No single input changed on its own makes every stated figure "
                                    "of {scope} come out.").format(differ=differ, scope=scope))
    # Several single changes fit. The data alone cannot say which number the
    # source got wrong; a known_slip note that names one of them settles it,
    # and the alternatives are still reported so nothing is hidden.
    suspect = (ex.get("known_slip") or {}).get("suspect")
    chosen = [f for f in fixes if f.path == suspect]
    alternatives = _semicolon().join(_fix_words(ex, f) for f in fixes if f.path != suspect)
    if len(chosen) == 1:
        # said for a reader of the course: the note's number in the project's digest means nothing there
        return result("source slip", _("{fix} Another single change would fit the figures equally: "
                                       "{alternatives}; this project reads the slip as one in the {field}.").format(
            fix=_describe_fix(chosen[0], group), alternatives=alternatives, field=_(_FIELD_WORDS[chosen[0].field])))
    return result("mismatch", _("{differ}. Several single changes would fit {scope} ({alternatives}), so the "
                                "slip cannot be pinned to one input.").format(differ=differ, scope=scope,
                                                                               alternatives=alternatives))


def check_all() -> list[ExampleResult]:
    """Check every packaged example, in file order."""
    pool = load_examples()
    return [check_example(ex, pool=pool) for ex in pool]


#: ``examples`` fits a terminal of this many columns.
WIDTH = 100


def format_table(results: Sequence[ExampleResult], width: int = WIDTH) -> str:
    """The results for a terminal ``width`` columns wide: per example its source, verdict and case, the
    stated and computed results, and, for a source slip or a mismatch, the explanation of it."""
    import textwrap

    def wrapped(label: str, text: str) -> list[str]:
        return textwrap.wrap(text, width, initial_indent=f"  {label:<10}", subsequent_indent=" " * 12,
                             break_on_hyphens=False) or [f"  {label}"]

    counts = {v: sum(r.verdict == v for r in results) for v in VERDICTS}
    lines = [_("{n} worked examples: {counts}").format(n=len(results), counts=_comma().join(
        pgettext("worked example", _VERDICT_COUNTS[v]).format(n=n) for v, n in counts.items() if n))]
    for r in results:
        lines += ["", f"{pgettext('worked example', _VERDICT_HEADINGS[r.verdict])}  {r.source}"]
        lines += wrapped(pgettext("worked example", "case"), r.case) + \
            wrapped(pgettext("worked example", "stated"), r.stated) + \
            wrapped(pgettext("worked example", "computed"), r.computed)
        if r.verdict != "match":  # the README promises the slip's explanation; a match needs none
            lines += wrapped(pgettext("worked example", "why"), r.explanation)
    return "\n".join(lines)


__all__ = ["ExampleResult", "load_examples", "check_example", "check_all", "format_table"]
