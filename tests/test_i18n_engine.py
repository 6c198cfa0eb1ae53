"""The engine's own words through the catalog: every refusal, malformed-event message and line of a hand's working.

Under the pseudo-locale ``xx`` each catalog string comes back wrapped in ⟦ ⟧, so a reason still joined from
English pieces leaves English words behind. The refusals swept are the conformance suite's invalid logs, the
broken sample games and the meld checks' invalid examples; under Arabic a real refusal reads in Arabic with its
card codes as typed, and English stays as it was (the reducer, conformance and error suites pin it).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Iterator

import pytest

from banakil_replay import i18n
from banakil_replay.cards import parse_cards
from banakil_replay.errors import BanakilError, IllegalMoveError, render
from banakil_replay.events import EVENT_TYPES, parse_event
from banakil_replay.i18n import LRI, PDI, language
from banakil_replay.i18n.catalog import PSEUDO_OPEN
from banakil_replay.melds import verify_joker_swap, verify_lay_off, verify_meld
from banakil_replay.reducer import ReplayError, replay
from banakil_replay.rules import get_ruleset
from banakil_replay.scoring import HandInput, score_hand

# the suite's clean start (no language chosen, English) is test_i18n's autouse fixture, used here by name
from test_i18n import ARABIC, _english_unless_told, escaped_words  # noqa: F401
from test_melds_sources import INVALID_RUNS_004, INVALID_SETS_004

ROOT = Path(__file__).resolve().parent.parent
MANIFEST: dict[str, Any] = json.loads((ROOT / "conformance" / "manifest.json").read_text(encoding="utf-8"))
GAMES = sorted((ROOT / "sample_games").glob("*.jsonl")) + sorted((ROOT / "sample_games" / "selfplay").glob("*.jsonl"))


def _json_lines(path: Path) -> list[Any] | None:
    """The log's objects, or None for a log the line reader refuses before any event is read (its words are the
    reader's, in log/, not the engine's)."""
    try:
        text = path.read_text(encoding="utf-8")
        return [json.loads(line) for line in text.splitlines()]
    except (UnicodeDecodeError, json.JSONDecodeError):
        return None


def _refusal(objects: list[Any]) -> BanakilError | None:
    """What the engine says of these objects read as events and folded: the first refusal, or None."""
    try:
        replay(parse_event(obj, i) for i, obj in enumerate(objects))
    except BanakilError as e:
        return e
    return None


REFUSED_LOGS = [p for p in [ROOT / "conformance" / c["log"] for c in MANIFEST["invalid"]]
                + sorted((ROOT / "sample_games" / "broken").glob("*.jsonl")) if _json_lines(p) is not None]


def _wrapped(text: str) -> list[str]:
    """What of ``text`` escaped the catalog (nothing, when every word was said through it). An event's type
    (``drew: ...``) is data, as the log spells it."""
    if PSEUDO_OPEN not in text:
        return ["<not said through the catalog>"]
    return escaped_words(re.sub(r"\b(?:" + "|".join(EVENT_TYPES) + r")\b", " ", text))


def test_the_sweep_refuses_many_logs_and_would_catch_an_english_reason() -> None:
    with language("en"):
        refused = [p.name for p in REFUSED_LOGS if _refusal(_json_lines(p) or []) is not None]
    assert len(refused) >= 50, refused  # the conformance suite's rule cases, read as JSON, reach the engine
    assert _wrapped("⟦seat 0 does not hold 7♥⟧") == [] and _wrapped("seat 0 does not hold") != []


@pytest.mark.parametrize("path", REFUSED_LOGS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_refusal_of_an_invalid_log_is_said_through_the_catalog(path: Path) -> None:
    with language("xx"):
        err = _refusal(_json_lines(path) or [])
        if err is None:
            return  # refused only by the log reader (a chain, a duplicate key): the engine has nothing to say
        said = [err.reason, str(err), render(err), render(err, seq=False, event_type=False, rule_id=True)]
    assert all(not _wrapped(text) for text in said), [(text, _wrapped(text)) for text in said]


MELD_REFUSALS = [
    *[(p.values[0], p.values[1]) for p in INVALID_RUNS_004],
    *[(p.values[0], None) for p in INVALID_SETS_004],
    ("7H 8H", None), ("7H 8S 9H 10C", None), ("7H 7H 8H", None), ("3H 9H JK", None),
    ("4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2S JK", None), ("7H 8H 9H", "9H 8H 7H"), ("7H 8H 9H", "7H 8H 9H 10H"),
]


@pytest.mark.parametrize("cards, arrangement", MELD_REFUSALS)
def test_every_meld_refusal_is_said_through_the_catalog(cards: str, arrangement: str | None) -> None:
    with language("xx"), pytest.raises(IllegalMoveError) as info:
        verify_meld(parse_cards(cards), get_ruleset("classic"), None if arrangement is None else parse_cards(arrangement))
    assert not _wrapped(str(info.value)), str(info.value)


def _lay_off_and_swap_refusals() -> Iterator[BanakilError]:
    classic, jawaker, kroot = get_ruleset("classic"), get_ruleset("jawaker"), get_ruleset("kroot")
    run, aces = verify_meld("7H 8H 9H", classic), verify_meld("AH AS AD", classic)
    tries = [
        lambda: verify_lay_off(run, [], classic),
        lambda: verify_lay_off(run, ["7S"], classic),
        lambda: verify_lay_off(aces, ["3C"], classic),
        lambda: verify_lay_off(aces, ["AH"], classic),
        # the wilds' movement: a displaced 2 goes to the low end, an undisplaced one stays, a joker is locked
        lambda: verify_lay_off(verify_meld("7H 2H 9H", jawaker), ["8H"], jawaker, parse_cards("7H 8H 9H 2H")),
        lambda: verify_lay_off(verify_meld("2H 8H 9H", kroot), ["10H"], kroot, parse_cards("8H 9H 10H 2H")),
        lambda: verify_lay_off(verify_meld("7H JK 9H", kroot), ["8H"], kroot),
        lambda: verify_lay_off(verify_meld("7H JK 9H", jawaker), ["10H"], jawaker, parse_cards("7H 8H 9H 10H JK")),
        lambda: verify_joker_swap(run, "10H", classic),
        lambda: verify_joker_swap(verify_meld("7H JK 9H", classic), "JK", classic),
        lambda: verify_joker_swap(verify_meld("7H JK 9H", jawaker), "10H", jawaker),
    ]
    for attempt in tries:
        try:
            attempt()
        except BanakilError as e:
            yield e
        else:  # pragma: no cover - a case above that stopped being refused
            pytest.fail("a refusal case was accepted")


def test_every_lay_off_and_joker_swap_refusal_is_said_through_the_catalog() -> None:
    with language("xx"):
        said = [str(e) for e in _lay_off_and_swap_refusals()]
    assert len(said) == 11 and not [(s, _wrapped(s)) for s in said if _wrapped(s)]


def _final_states(path: Path) -> list[Any]:
    r = replay(json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip())
    return [s for s in r.states if s.hand_score is not None and s.phase == "over"]


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_every_line_of_a_hands_working_is_said_through_the_catalog(path: Path) -> None:
    states = _final_states(path)  # scored in English: the working is said when it is read
    with language("xx"):
        lines = [line for s in states for line in s.hand_score.explain]
    assert lines and not [(line, _wrapped(line)) for line in lines if _wrapped(line)]


def test_the_workings_variants_are_said_through_the_catalog() -> None:
    """The lines the sample games do not reach: a dead hand, a never-melded seat, dhamoon, a cold hand."""
    hands = [("classic", HandInput.from_values(2, went_out=None, seats=[(10, 5), (4, 3)])),
             ("classic", HandInput.from_values(4, went_out=0, all_at_once=True, seats=[(30, 0), (0, 9), (5, 2), (0, 4)])),
             ("jawaker", HandInput.from_values(4, went_out=1, all_at_once=True, seats=[(0, 9), (30, 0), (5, 2), (6, 4)])),
             ("kroot", HandInput.from_values(2, went_out=0, seats=[(30, 0), (10, 5)])),
             ("eram", HandInput.from_values(4, went_out=0, seats=[(0, 0), (5, 2), (6, 1), (0, 8)]))]
    with language("xx"):
        lines = [line for name, hand in hands for line in score_hand(get_ruleset(name), hand, ["Nadia"]).explain]
    assert len(lines) >= 8 and not [(line, _wrapped(line)) for line in lines if _wrapped(line)]


def _discard_not_held() -> list[dict[str, Any]]:
    events = [json.loads(line) for line in (ROOT / "sample_games" / "selfplay" / "classic_2p.jsonl").read_text(
        encoding="utf-8").splitlines()]
    i = next(i for i, e in enumerate(events) if e["type"] == "discarded")
    held = set(events[1]["hands"][events[i]["seat"]]) | {events[i - 1].get("card")}
    missing = next(c for c in ("7H", "8H", "9H", "10H", "7S", "8S", "9S") if c not in held)
    return events[:i] + [dict(events[i], card=missing)]


def test_a_refusal_reads_in_arabic_with_its_card_codes_as_typed() -> None:
    events = _discard_not_held()
    card = parse_cards([events[-1]["card"]])[0].symbol
    with pytest.raises(ReplayError) as english:
        replay(events)
    with language("ar"), pytest.raises(ReplayError) as arabic:
        replay(events)
    seat, seq = events[-1]["seat"], events[-1]["seq"]
    assert english.value.reason == f"seat {seat} does not hold {card}"
    assert arabic.value.reason == f"المقعد {seat} ليست في يده {LRI}{card}{PDI}"  # the card kept left to right
    assert str(arabic.value).startswith(f"التسلسل {seq}: discarded: المقعد {seat}")  # the event's type is data
    with language("ar"):
        shown = render(arabic.value, seq=False, event_type=False, rule_id=True)
    assert "[الأوراق من اليد (القاعدة cards-from-hand): 000 (" in shown  # the rule's title from the catalog
    assert arabic.value.source == english.value.source  # the source stays data, in English
    with language("ar"), pytest.raises(IllegalMoveError) as small:
        verify_meld(parse_cards("7H 8H"), get_ruleset("classic"))
    assert str(small.value) == "تحتاج التنزيلة إلى 3 أوراق على الأقل، وهنا 2"


def test_a_replay_scored_in_english_shows_its_working_in_arabic() -> None:
    states = _final_states(ROOT / "sample_games" / "classic_4p_partnership.jsonl")
    english = [line for s in states for line in s.hand_score.explain]
    with language("ar"):
        arabic = [line for s in states for line in s.hand_score.explain]
    assert len(arabic) == len(english) and all(ARABIC.search(line) for line in arabic)
    assert any("منزّلة" in line and "في اليد" in line for line in arabic)


def test_a_valid_replay_asks_the_catalog_for_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """The reducer is a hot path: sentences are built only when something is refused, or read."""
    asked: list[int] = []
    real = i18n._t

    def counting() -> Any:
        asked.append(1)
        return real()

    monkeypatch.setattr(i18n, "_t", counting)
    for path in GAMES:
        _final_states(path)
    assert asked == []
    with pytest.raises(ReplayError):
        replay(_discard_not_held())
    assert asked  # the count sees the catalog when a refusal is made


# ------------------------------------------------------------------ what a value may be, said whole
_BAD_FIELDS = [  # (event, English, the Arabic predicate in its case, agreeing with its limit)
    ({"seq": 3, "type": "drew", "seat": "0"}, 'field `seat` must be a whole number, got the string "0"',
     "يجب أن يكون الحقل `seat` عددًا صحيحًا، والموجود"),
    ({"seq": 3, "type": "drew", "seat": -1}, "field `seat` must be a whole number of at least 0, got -1",
     "عددًا صحيحًا لا يقل عن 0، والموجود -1"),
    ({"seq": 3, "type": "hand_scored", "scores": ["a"]}, 'field `scores[0]` must be a number, got the string "a"',
     "الحقل `scores[0]` عددًا، والموجود"),
    ({"seq": 3, "type": "match_started", "format": "banakil-replay/1.1", "rules": "classic", "players": ["a"]},
     "field `players` must be an array with at least 2 items, got an array of 1 item",
     "مصفوفةً فيها عنصران على الأقل، والموجود مصفوفة فيها عنصر واحد"),
    ({"seq": 3, "type": "match_started", "format": "banakil-replay/1.1", "rules": "classic", "players": ["a", "b"],
      "options": []}, "field `options` must be an object, got an array", "كائنًا، والموجود مصفوفة"),
]


@pytest.mark.parametrize(("event", "english", "arabic"), _BAD_FIELDS)
def test_a_malformed_field_is_one_sentence_in_every_language(event: dict[str, Any], english: str, arabic: str) -> None:
    def reason() -> str:
        with pytest.raises(BanakilError) as err:
            parse_event(dict(event))
        return str(err.value)

    assert reason().endswith(english)
    with language("ar"):
        assert arabic in reason()
    with language("xx"):
        said = reason()
    # one template: the whole "must be ..., got ..." is inside one pair of marks, with no fragment inside it
    inner = said[said.index("⟦field"):]
    assert inner.count(PSEUDO_OPEN) - inner.count(f"{PSEUDO_OPEN}the string") - inner.count(f"{PSEUDO_OPEN}an ") == 1


def test_a_rule_option_says_what_it_takes_as_a_whole_sentence() -> None:
    with language("ar"), pytest.raises(BanakilError) as pair:
        get_ruleset("classic", {"cold_hand_values": [51]})
    assert "يأخذ قائمةً من عددين، كلٌّ منهما عددٌ من 0 إلى 1000" in str(pair.value)
    with language("ar"), pytest.raises(BanakilError) as pairs:
        get_ruleset("classic", {"targets": [[2, 150], [2, 151]]})
    assert "في كل زوج أولًا عددٌ صحيح من 2 إلى 4 (كلٌّ مرةً واحدة)، ثم عددٌ صحيح من 1 إلى 100000" in str(pairs.value)
    with language("ar"), pytest.raises(BanakilError) as number:
        get_ruleset("classic", {"ace_value": "x"})
    assert "يأخذ عددًا" in str(number.value)
