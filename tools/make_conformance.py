"""Build the conformance suite in ``conformance/``: logs, the results expected of them, the manifest.

    PYTHONPATH=. python3 tools/make_conformance.py             # rebuild every case and expectation
    PYTHONPATH=. python3 tools/make_conformance.py --expected  # only re-run the engine on the logs there

Valid logs (``conformance/valid/``) are written here from the moves that matter, most of them
the worked games of ``tools/make_sample_games.py`` carried on to the end of a match; each gets
``<name>.expected.json``, what ``banakil-replay replay --json`` prints for it. A ``.jsonl`` in
``valid/`` that no case here builds was written by hand (from docs/event-log.md alone): it is
kept as it is and only its expectation is computed. Invalid logs (``conformance/invalid/``) are
each a valid prefix and one wrong event or line; the seq and rule id each must fail at are
declared here, and the engine must agree (``validate --json``) before anything is written.
``conformance/manifest.json`` lists every case. tests/test_conformance.py rebuilds the suite
into a temporary folder and checks it is byte for byte the committed one, then runs it.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tools")]

import make_sample_games as games  # noqa: E402
from make_sample_games import Scenario  # noqa: E402

from banakil_replay.cards import CARD_INDEX, full_deck, parse_cards  # noqa: E402
from banakil_replay.cli.main import main as cli  # noqa: E402
from banakil_replay.events import EVENT_TYPES, FORMAT_LATEST  # noqa: E402
from banakil_replay.log.store import chain_hash  # noqa: E402
from banakil_replay.rules import RULESETS  # noqa: E402

OUT = ROOT / "conformance"
Events = list[dict[str, Any]]


# ------------------------------------------------------------------ writing lines
def dumps(event: dict[str, Any]) -> str:
    return json.dumps(event, ensure_ascii=False, separators=(",", ":"))


def text_of(events: Events) -> str:
    return "".join(dumps(e) + "\n" for e in events)


def latest(g: Scenario) -> Events:
    """The scenario's events, numbered, declaring the format this suite is written to."""
    events = g.numbered()
    events[0] = {"seq": 0, "type": "match_started", "format": FORMAT_LATEST,
                 **{k: v for k, v in events[0].items() if k not in ("seq", "type", "format")}}
    return events


def add(events: Events, type_: str, **fields: Any) -> Events:
    return events + [{"seq": len(events), "type": type_, **fields}]


def finish(events: Events, scores: list[int]) -> Events:
    """Close the match: a hand recorded by its result that passes the target, then match_banked."""
    hand = max(e["hand"] for e in events if e["type"] in ("hand_started", "hand_scored")) + 1
    events = add(events, "hand_scored", hand=hand, scores=scores)
    return add(events, "match_banked")


def stock_after(deal: dict[str, Any], top: str = "") -> list[str]:
    """The undealt cards of a deal as a stock, ``top`` first and the rest in card order."""
    rest = full_deck() - Counter(c for h in deal["hands"] for c in parse_cards(h))
    if deal.get("upcard"):
        rest -= Counter(parse_cards([deal["upcard"]]))
    first = list(parse_cards(top))
    rest -= Counter(first)
    return [c.code for c in first + sorted(rest.elements(), key=CARD_INDEX.__getitem__)]


# ------------------------------------------------------------------ valid cases
def classic_2p_match() -> Events:
    """classic, 2 players: 000's worked hand (runs and sets, out with a discard), a hand by its result, notes."""
    events = add(latest(games.dana_ravi()), "annotated", at=17, text="Dana goes out: 36.5 entered as 37.",
                 author="scorer")
    events = finish(events, [120, 10])
    return add(events, "annotated", at=len(events) - 1, text="دانا تربح — Dana wins 157 to 13.")


def classic_4p_match() -> Events:
    """classic, 4 players: a deep take, partner lay-offs, a joker swapped out with the 2 moving freely."""
    return finish(latest(games.classic_4p_partnership()), [270, 20])


def classic_sum_4p_match() -> Events:
    """classic-sum, 4 players: the same play as classic-4p-match, partnership scores summed."""
    events = latest(games.classic_4p_partnership())
    events[0]["rules"] = "classic-sum"
    return finish(events, [270, 20])


def jawaker_4p_match() -> Events:
    """jawaker, 4 players: 19-card starters, 2s sent to the low or high end, a locked joker, two cold hands."""
    return finish(latest(games.jawaker_hand()), [230, 0])


def eram_4p_match() -> Events:
    """eram, 4 players: an ace-low run, a locked joker swapped for its exact card, out with no discard."""
    return finish(latest(games.eram_hand()), [210, 0])


def kroot_4p_match() -> Events:
    """kroot, 4 players: the banakil slides to the open end, a two-card take, out with a discard."""
    return finish(latest(games.kroot_hand()), [200, 0])


def classic_first_turn() -> Events:
    """The smallest game in progress: a deal and one draw (the seat after the dealer draws first)."""
    return latest(games.dana_ravi())[:3]


def classic_stock_order() -> Events:
    """The deal gives the stock order, top first, so draws may leave the card out (one names it)."""
    events = latest(games.dana_ravi())
    deal = events[1]
    deal["stock"] = stock_after(deal, "9H JC AS AS 3S")
    for e in events[2:]:
        if e["type"] == "drew" and e["seq"] != 5:
            del e["card"]
    return events


def _draws_until_empty(g: Scenario, seat: int, named: bool, stock: list[str]) -> int:
    """Each seat in turn draws the top of ``stock`` and throws it back, until the stock is empty."""
    while stock:
        card = stock.pop(0)
        g.add("drew", seat=seat, **({"card": card} if named else {}))
        g.add("discarded", seat=seat, card=card)
        seat = (seat + 1) % g.n
    return seat


def classic_dead_hand() -> Events:
    """The stock runs out: after the discard that empties it the hand is dead (nobody scores); the deal passes."""
    g = Scenario("classic", ["Dana", "Ravi"])
    g.deal(1, dealer=1, required=[[], []], upcard="8D")
    deal = g.events[-1]
    deal["stock"] = stock_after(deal)
    _draws_until_empty(g, 0, False, list(deal["stock"]))
    g.deal(2, dealer=0, required=[[], []], upcard="8D")
    g.events[-1]["stock"] = stock_after(g.events[-1])
    g.add("drew", seat=1)  # seat 1 plays first now: seat 0 dealt
    return latest(g)


def eram_reshuffles() -> Events:
    """eram: the stock runs out, the pile less its top card becomes the stock twice, then the hand ends scored."""
    g = Scenario("eram", ["Yara", "Fadi", "Lina", "Tarek"])
    g.deal(1, dealer=3, required=[[], [], [], []])
    deal = g.events[-1]
    deal["stock"] = stock_after(deal)
    g.add("discarded", seat=0, card=deal["hands"][0][0])  # the starter: no draw on the first turn
    seat = _draws_until_empty(g, 1, False, list(deal["stock"]))
    pile = [deal["hands"][0][0]] + deal["stock"]
    new_stock = sorted(pile[:-1], key=lambda c: CARD_INDEX[parse_cards([c])[0]])
    g.add("reshuffled", stock=new_stock)  # given in order: draws may leave the card out
    pile = pile[-1:]
    seat = _draws_until_empty(g, seat, False, list(new_stock))
    pile += new_stock
    g.add("reshuffled")  # order not given: each draw names its card
    _draws_until_empty(g, seat, True, sorted(pile[:-1], key=lambda c: CARD_INDEX[parse_cards([c])[0]]))
    return latest(g)


def eram_whole_pile_taken() -> Events:
    """eram: the stock runs out, a player takes the whole pile: nothing is left to make a stock, so his discard ends the hand, scored."""
    g = Scenario("eram", ["Yara", "Fadi", "Lina", "Tarek"])
    g.deal(1, dealer=3, required=[[], [], [], []])
    deal = g.events[-1]
    deal["stock"] = stock_after(deal)
    g.add("discarded", seat=0, card=deal["hands"][0][0])  # the starter: no draw on the first turn
    seat = _draws_until_empty(g, 1, False, list(deal["stock"]))
    g.add("took", seat=seat, count=1 + len(deal["stock"]))
    g.add("discarded", seat=seat, card=deal["hands"][seat][0])
    return latest(g)


def classic_layouts() -> Events:
    """Where wild cards go: the order given when it is a layout, else wilds high; arrangement pins it."""
    g = Scenario("classic", ["Dana", "Ravi"])
    dana = "5H 6H 2C 9S 10S 2D 8C 9C JK 5S 6S 7S KD QD JD 3D 4D 10C"
    g.deal(1, dealer=1, required=[dana.split(), []], upcard="8D", reserve="7H")
    g.turn(0, "7H", ("meld", "6H 5H 2C"),  # not a layout as given: the 2 goes high, 5H 6H 2C(=7H)
           ("meld", "2D 9S 10S"),  # a layout as given: the 2 stands for 8S
           ("meld", "8C 9C JK", "JK 8C 9C"),  # the arrangement pins the joker low, as 7C
           ("layoff", 1, "7H", "2C 5H 6H 7H"),  # the whole meld after the lay-off: the 2 moves down to 4H
           discard="KD")
    return latest(g)


def classic_options_and_extras() -> Events:
    """match_started.options changes a knob (no discard limit); extra fields are kept and ignored."""
    g = Scenario("classic", ["Dana", "Ravi"], {"discard_limit": "none", "targets": [[2, 100], [3, 150], [4, 200]]})
    g.deal(1, dealer=1, required=[games.dana_ravi().events[1]["hands"][0], []], upcard="8D", reserve="9H")
    g.turn(0, "9H", discard="5D")
    g.turn(1, ["5D"], discard="5D")  # the lone top card straight back: allowed with discard_limit none
    events = latest(g)
    events[0]["app"] = {"name": "ClubSheet", "version": "2.3"}
    events[2]["ts"] = "2024-05-01T20:15:00Z"
    return events


def chained() -> Events:
    """Every event carries its chain (docs/event-log.md, Chain)."""
    events = latest(games.dana_ravi())
    head = ""
    for e in events:
        e["chain"] = head = chain_hash(head, e)
    return events


def classic_sheet() -> Events:
    """A score sheet: hands recorded by what they are scored from (hand_recorded), the sheet's carry, to a win."""
    events: Events = [{"seq": 0, "type": "match_started", "format": FORMAT_LATEST, "rules": "classic",
                       "players": ["Dana", "Ravi"], "options": {"sheet_carry": True}}]
    events = add(events, "hand_recorded", hand=1, input={"went_out": 0, "seats": [{"melded": 16.5, "in_hand": 0},
                                                                                  {"melded": 10.5, "in_hand": 7.5}]})
    # the number is optional: the second hand leaves it out and is the next hand all the same
    events = add(events, "hand_recorded", input={"went_out": 1, "all_at_once": False, "seats": [
        {"melded_cards": ["3H", "4H", "5H"], "in_hand_cards": ["KS", "KD", "JK"]},
        {"melded_cards": ["AS", "AD", "AH", "10C", "JC", "QC"], "in_hand_cards": []}]})
    events = add(events, "hand_scored", hand=3, scores=[120, 0])
    return add(events, "match_banked")


def classic_sheet_struck() -> Events:
    """A sheet with a hand sent twice and then struck (hand_struck, 1.2): it stays, counts for nobody."""
    events = classic_sheet()[:3]
    events = add(events, "hand_recorded", hand=3, input=events[2]["input"])
    events = add(events, "hand_struck", hand=3, reason="sent twice")
    events = add(events, "hand_scored", hand=4, scores=[120, 0])
    return add(events, "match_banked")


def annotated_1_0() -> Events:
    """A log of format 1.0 ("banakil-replay/1"): its hand_scored names no hand and means the next one."""
    return games.classic_annotated().numbered()


VALID: dict[str, Callable[[], Events]] = {
    "classic-2p-match": classic_2p_match, "classic-4p-match": classic_4p_match,
    "classic-sum-4p-match": classic_sum_4p_match, "jawaker-4p-match": jawaker_4p_match,
    "eram-4p-match": eram_4p_match, "kroot-4p-match": kroot_4p_match,
    "classic-first-turn": classic_first_turn, "classic-stock-order": classic_stock_order,
    "classic-dead-hand": classic_dead_hand, "eram-reshuffles": eram_reshuffles,
    "eram-whole-pile-taken": eram_whole_pile_taken,
    "classic-layouts": classic_layouts, "classic-options-and-extras": classic_options_and_extras,
    "classic-chained": chained, "classic-annotated-1.0": annotated_1_0, "classic-sheet": classic_sheet,
    "classic-sheet-struck": classic_sheet_struck,
}
# logs written by hand from docs/event-log.md alone (examples/spec_exporter.py): kept as they are
HANDWRITTEN: dict[str, str] = {
    "handwritten-classic-3p": "classic, 3 players, by examples/spec_exporter.py from the specification alone: "
                              "draws named, a lone top card taken, arrangements, out by melding, a hand by result",
    "handwritten-kroot-2p-chained": "kroot, 2 players, chained, with extra fields, by examples/spec_exporter.py from "
                                    "the specification alone: a take by count only, out with a discard",
}
# the same game as classic-2p-match written another way: the line rules (docs/event-log.md, Lines)
RAW: dict[str, tuple[str, Callable[[], bytes]]] = {
    "classic-2p-crlf": ("classic-2p-match with CR LF line ends and no line end after the last line",
                        lambda: text_of(classic_2p_match()).replace("\n", "\r\n").removesuffix("\r\n").encode()),
}


# ------------------------------------------------------------------ invalid cases
def dana(*turns: int) -> Events:
    """classic, 2 players, dealer 1 (Dana, seat 0, plays first), upcard 8D; the first ``turns`` turns of dana_ravi."""
    full = latest(games.dana_ravi())
    ends = [e["seq"] for e in full if e["type"] == "discarded"]
    return full[: ends[turns[0] - 1] + 1] if turns and turns[0] else full[:2]


def dana_melded() -> Events:
    """Dana has drawn 9H and melded 3H..9H, meld 1."""
    return latest(games.dana_ravi())[:4]


def hand_of(required: str, *, seat_1: str = "", rules: str = "classic", options: dict[str, Any] | None = None,
            players: int = 2) -> Events:
    """A deal for one case: seat 0 (first to play) holds ``required``; the stock order is given."""
    g = Scenario(rules, ["Ann", "Ben", "Cal", "Dee"][:players], options)
    starter = RULESETS[rules].opening == "starter_19"
    g.deal(1, dealer=players - 1, required=[required.split(), seat_1.split()] + [[]] * (players - 2),
           upcard=None if starter else "8D")
    g.events[-1]["stock"] = stock_after(g.events[-1])
    return latest(g)


def meld_lab(required: str, play: dict[str, Any], *, rules: str = "classic") -> Events:
    """Seat 0 draws (the stock order is known, so the card is not named) and makes one play."""
    events = hand_of(required, rules=rules)
    events = add(events, "drew", seat=0)
    return add(events, play.pop("type"), seat=0, **play)


def with_line(events: Events, at: int, line: str) -> bytes:
    """The log with ``line`` put in as line ``at + 1`` (a line the events cannot say)."""
    lines = [dumps(e) for e in events]
    return ("\n".join(lines[:at] + [line] + lines[at:]) + "\n").encode()


def swap_first_with(events: Events, **fields: Any) -> Events:
    return [{**events[0], **fields}] + events[1:]


def _eram_until_first_reshuffle() -> Events:
    events = eram_reshuffles()
    return events[: next(e["seq"] for e in events if e["type"] == "reshuffled")]


def _kroot_2p_starter() -> Events:
    # Kroot: the 19-card starter may not meld his whole hand: he goes out only by discarding
    return add(add(hand_of("3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 3D 3H 3S 5H 6H 7H 8H", rules="kroot"),
                   "melded", seat=0, cards="3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC".split()),
               "melded", seat=0, cards=["3D", "3H", "3S"])


def _keep_a_discard() -> Events:
    events = hand_of("", seat_1="3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 3D 3H 3S 5H 6H 7H")
    first = events[1]["stock"][0]
    for type_, fields in (("drew", {"seat": 0}), ("discarded", {"seat": 0, "card": first}),
                          ("took", {"seat": 1, "count": 1}),
                          ("melded", {"seat": 1, "cards": "3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC".split()}),
                          ("melded", {"seat": 1, "cards": ["3D", "3H", "3S"]}),
                          ("melded", {"seat": 1, "cards": ["5H", "6H", "7H"]})):
        events = add(events, type_, **fields)
    return events


def _partners_never() -> Events:
    g = Scenario("classic", ["Nadia", "Omar", "Layla", "Sami"], {"partner_melds": "never"})
    g.deal(1, dealer=3, required=[games.NADIA, games.OMAR, games.LAYLA, games.SAMI], upcard="3D",
           reserve="9C 10D KH 10H")
    games._classic_4p_nadia_1(g)
    games._classic_4p_omar_1(g)
    g.turn(2, ["3D", "4D", "5D"], ("meld", "3D 4D 5D 6D"), ("layoff", 1, "8H"))
    return latest(g)


def _scenario(deal: Callable[[], Scenario], *steps: Callable[[Scenario], Any]) -> Events:
    g = deal()
    for step in steps:
        step(g)
    return latest(g)


def _deal_amal_bilal(bilal: str) -> Scenario:
    g = Scenario("classic", ["Amal", "Bilal"])
    g.deal(1, dealer=1, required=[games.AMAL, bilal], upcard="6C", check=False)
    return g


def _edited_chain() -> Events:
    events = chained()
    events[3] = {**events[3], "cards": events[3]["cards"][:-1]}  # one card less, chain left as it was
    return events


def _two_players_eram() -> Events:
    return [{"seq": 0, "type": "match_started", "format": FORMAT_LATEST, "rules": "eram", "players": ["A", "B"]}]


Case = tuple[str, int | None, Callable[[], Events | bytes], str]
# name: (rule id, seq it fails at (None: the last event), the log, why)
INVALID: dict[str, Case] = {
    # the file and the fields
    "blank-line": ("lines", 3, lambda: with_line(dana(1), 3, ""), "a blank line: line 4 would hold seq 3"),
    "byte-order-mark": ("lines", 0, lambda: b"\xef\xbb\xbf" + text_of(dana(1)).encode(), "UTF-8 with a BOM"),
    "unknown-type": ("event-types", None, lambda: add(dana(1), "passed", seat=1), "there is no event 'passed'"),
    "missing-field": ("event-fields", None, lambda: add(dana(1), "drew", card="JC"), "drew without its seat"),
    "wrong-kind": ("event-fields", None, lambda: add(dana(1), "drew", seat="1", card="JC"), "a seat as a string"),
    "bad-card-code": ("event-fields", None, lambda: add(dana(1), "drew", seat=1, card="11H"), "11H is no card"),
    "format-major-9": ("format-version", 0, lambda: swap_first_with(dana(1), format="banakil-replay/9"),
                       "a major version this reader does not know"),
    "format-not-banakil": ("format-version", 0, lambda: swap_first_with(dana(1), format="rummy/1"), "not this format"),
    "chain-edited": ("chain", 3, _edited_chain, "an event changed after it was chained"),
    "first-not-match-started": ("log-starts", 0, lambda: [{"seq": 0, "type": "annotated", "at": 0, "text": "hi"}],
                                "a log opens with match_started"),
    "second-match-started": ("log-starts", 2, lambda: dana(0) + [{**dana(0)[0], "seq": 2}], "one match_started"),
    "seq-gap": ("contiguous-seq", 3, lambda: dana(1)[:3] + [{**e, "seq": e["seq"] + 1} for e in dana(1)[3:]],
                "seq 2 is followed by seq 4"),
    # match_started
    "unknown-rule-set": ("rule-set", 0, lambda: swap_first_with(dana(1), rules="poker"), "no rule set 'poker'"),
    "unknown-knob": ("rule-set", 0, lambda: swap_first_with(dana(1), options={"wild_threes": True}), "no such knob"),
    "knob-value": ("rule-set", 0, lambda: swap_first_with(dana(1), options={"max_reshuffles": 99}), "0..10 only"),
    "eram-two-players": ("rule-set", 0, _two_players_eram, "ERAM is played by four"),
    # the deal
    "first-hand-numbered-2": ("hands-in-order", 1, lambda: [dana(0)[0], {**dana(0)[1], "hand": 2}],
                              "hands count from 1"),
    "dealer-not-a-seat": ("seats", 1, lambda: [dana(0)[0], {**dana(0)[1], "dealer": 2}], "2 players: seats 0 and 1"),
    "hand-while-hand-in-play": ("one-hand-at-a-time", None, lambda: dana(1) + [{**dana(0)[1], "seq": 5}],
                                "hand 1 has not ended"),
    "dealer-does-not-pass": ("dealer-order", None, lambda: dana(5) + [{**dana(0)[1], "seq": 18, "hand": 2}],
                             "seat 1 dealt hand 1, so seat 0 deals hand 2"),
    "seventeen-cards": ("deal", 1, lambda: [dana(0)[0], {**dana(0)[1], "hands": [dana(0)[1]["hands"][0],
                                                                                dana(0)[1]["hands"][1][:17]]}],
                        "18 cards each"),
    "no-upcard": ("opening", 1, lambda: [dana(0)[0], {k: v for k, v in dana(0)[1].items() if k != "upcard"}],
                  "classic turns a card up"),
    "upcard-under-jawaker": ("opening", 1, lambda: (lambda e: [e[0], {**e[1], "upcard": "8D"}])(
        latest(games.jawaker_hand())), "Jawaker turns no card up"),
    "starter-draws": ("opening", 2, lambda: add(latest(games.jawaker_hand())[:2], "drew", seat=0, card="KD"),
                      "the 19-card starter does not draw on the first turn"),
    "third-copy-dealt": ("card-conservation", 1, lambda: _scenario(lambda: _deal_amal_bilal(
        games.BILAL.replace("3C 5C", "3S 3S"))), "Amal holds a 3♠ and Bilal two: the deck has two"),
    "stock-not-the-rest": ("card-conservation", 1, lambda: (lambda e: [e[0], {**e[1], "stock": e[1]["stock"][1:]}])(
        classic_stock_order()), "the stock given lacks a card"),
    # a turn
    "move-before-deal": ("hand-in-play", 1, lambda: add(dana(0)[:1], "drew", seat=0, card="9H"), "no hand yet"),
    "draw-after-hand-ended": ("hand-in-play", None, lambda: add(dana(5), "drew", seat=1, card="JC"), "hand 1 is over"),
    "wrong-seat": ("turn-order", 2, lambda: add(dana(0), "drew", seat=1, card="9H"), "seat 0 plays first"),
    "seat-not-at-table": ("seats", 2, lambda: add(dana(0), "drew", seat=3, card="9H"), "2 players"),
    "meld-before-draw": ("draw-first", 2, lambda: add(dana(0), "melded", seat=0, cards=["3H", "4H", "5H"]),
                         "a turn starts with a draw"),
    "second-draw": ("one-draw-per-turn", 3, lambda: add(add(dana(0), "drew", seat=0, card="9H"), "drew", seat=0, card="JC"), "one draw"),
    "discard-not-held": ("cards-from-hand", 3, lambda: add(add(dana(0), "drew", seat=0, card="9H"), "discarded", seat=0, card="QH"),
                         "Dana holds no Q♥"),
    "draw-unnamed": ("draw-recorded", 2, lambda: add(dana(0), "drew", seat=0), "no stock order: name the card"),
    "draw-not-the-top": ("draw-from-top", 2, lambda: add(classic_stock_order()[:2], "drew", seat=0, card="JC"),
                         "the top of the stock is 9H"),
    "draw-every-copy-seen": ("card-conservation", 2, lambda: add(dana(0), "drew", seat=0, card="AC"),
                             "both A♣ were dealt"),
    "take-too-many": ("take-from-pile", 2, lambda: add(dana(0), "took", seat=0, count=2), "the pile holds 8D"),
    "take-names-other-cards": ("take-from-pile", 2, lambda: add(dana(0), "took", seat=0, count=1, cards=["9H"]),
                               "the top of the pile is 8D"),
    "throw-back-lone-top": ("no-throwing-back-lone-top", 3,
                            lambda: add(add(dana(0), "took", seat=0, count=1), "discarded", seat=0, card="8D"),
                            "8D was taken alone"),
    "throw-back-twin": ("no-throwing-back-lone-top", 3, lambda: add(add(hand_of("8D 5C 9S"), "took", seat=0, count=1),
                                                                     "discarded", seat=0, card="8D"),
                        "8D was taken alone: the other 8D held may not go either, the pile would be as it was"),
    "kroot-discard-taken": ("no-discarding-taken", None, lambda: _scenario(
        games._kroot_deal, games._kroot_to_karim, lambda g: g.turn(2, ["9D", "4S"], ("meld", "8D 9D 10D"),
                                                                    discard="4S")),
        "Kroot: no card taken from the pile goes back the same turn, even of two taken"),
    "keep-a-legal-discard": ("keep-a-legal-discard", None, _keep_a_discard,
                             "only the card taken alone would be left, and it may not be discarded"),
    "kroot-meld-whole-hand": ("go-out-with-discard", None, lambda: add(
        _kroot_2p_starter(), "melded", seat=0, cards=["5H", "6H", "7H", "8H"]), "Kroot: out only with a discard"),
    "empty-stock": ("empty-stock", None, lambda: (lambda e: add(e, "drew", seat=(e[-1]["seat"] + 1) % 4))(
        _eram_until_first_reshuffle()),
                    "ERAM: 'reshuffled' comes before this draw"),
    "reshuffle-under-classic": ("reshuffle", 2, lambda: add(dana(0), "reshuffled"), "classic never reshuffles"),
    "reshuffle-with-stock": ("reshuffle", None, lambda: _scenario(
        games._eram_deal, games._eram_yara_1, lambda g: g.add("reshuffled")), "the stock still holds cards"),
    # melds
    "meld-of-two": ("meld-size", None, lambda: meld_lab("8C 9C", {"type": "melded", "cards": ["8C", "9C"]}), ""),
    "two-jokers": ("one-joker-per-meld", None, lambda: meld_lab("5H JK JK", {"type": "melded",
                                                                          "cards": ["5H", "JK", "JK"]}), ""),
    "two-twos": ("one-two-per-meld", None, lambda: meld_lab("2C 2D 5H", {"type": "melded",
                                                                     "cards": ["2C", "2D", "5H"]}), ""),
    "set-of-kings": ("set-ranks", None, lambda: meld_lab("KC KD KS", {"type": "melded",
                                                                     "cards": ["KC", "KD", "KS"]}), ""),
    "two-in-a-set": ("no-two-in-a-set", None, lambda: meld_lab("3C 3D 2S", {"type": "melded",
                                                                         "cards": ["3C", "3D", "2S"]}), ""),
    "set-same-suit": ("set-suits-differ", None, lambda: meld_lab("AC AC AH", {"type": "melded",
                                                                             "cards": ["AC", "AC", "AH"]}), ""),
    "set-of-five": ("set-size", None, lambda: meld_lab("3C 3D 3H 3S JK", {"type": "melded",
                                                                         "cards": "3C 3D 3H 3S JK".split()}), ""),
    "run-two-suits": ("run-suit", None, lambda: meld_lab("3H 4H 5D", {"type": "melded",
                                                                     "cards": ["3H", "4H", "5D"]}), ""),
    "run-rank-twice": ("run-ranks-differ", None, lambda: meld_lab("5H 5H 6H", {"type": "melded",
                                                                              "cards": ["5H", "5H", "6H"]}), ""),
    "run-of-thirteen": ("run-length", None, lambda: meld_lab(
        "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS JK",
        {"type": "melded", "cards": "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS JK".split()}), "12 at most"),
    "ace-low-in-classic": ("ace-high-only", None, lambda: meld_lab("AH 2H 3H", {"type": "melded",
                                                                               "cards": ["AH", "2H", "3H"]}), ""),
    "run-with-gap": ("run-consecutive", None, lambda: meld_lab("3H 4H 7H", {"type": "melded",
                                                                           "cards": ["3H", "4H", "7H"]}), ""),
    "arrangement-not-a-layout": ("run-order", None, lambda: meld_lab("8C 9C JK", {
        "type": "melded", "cards": ["8C", "9C", "JK"], "arrangement": ["8C", "JK", "9C"]}), "the joker between 8C and 9C"),
    "arrangement-other-cards": ("arrangement", None, lambda: meld_lab("8C 9C JK 10C", {
        "type": "melded", "cards": ["8C", "9C", "JK"], "arrangement": ["8C", "9C", "10C"]}), ""),
    # adding to melds
    "lay-off-nothing": ("lay-off", None, lambda: add(dana_melded(), "laid_off", seat=0, meld=1, cards=[]), ""),
    "lay-off-no-such-meld": ("meld-exists", None, lambda: add(dana_melded(), "laid_off", seat=0, meld=2,
                                                              cards=["10S"]), "only meld 1 is on the table"),
    "lay-off-on-opponent": ("own-and-partner-melds", None, lambda: add(add(dana(1), "drew", seat=1, card="JC"),
                                                                           "laid_off", seat=1, meld=1, cards=["2C"]),
                            "meld 1 is Dana's"),
    "partner-meld-never": ("own-melds-only", None, _partners_never, "option partner_melds = never"),
    "partner-meld-before-own": ("partner-after-own-meld", None, lambda: _scenario(
        games._classic_4p_deal, games._classic_4p_nadia_1, games._classic_4p_omar_1,
        lambda g: g.turn(2, ["3D", "4D", "5D"], ("layoff", 1, "8H"))), "Layla has melded nothing of her own yet"),
    "jawaker-locked-joker": ("wild-movement", None, lambda: _scenario(games._jawaker_deal_1, lambda g: g.turn(
        0, None, ("meld", "9D 2H JD"), ("meld", "3C 2D 5C"), ("meld", "6S 7S JK"), ("layoff", 3, "4S"))),
        "Jawaker: 4S under 6S 7S JK(=8S) would move the locked joker"),
    "swap-without-joker": ("joker-swap", None, lambda: add(dana_melded(), "joker_swapped", seat=0, meld=1, card="5D"),
                           "meld 1 holds no joker"),
    # hands by result, notes, the match
    "hand-scored-played-hand": ("recorded-hand", None, lambda: add(dana(5), "hand_scored", hand=1, scores=[37, 3]),
                                "hand 1 was played: the reducer scores it"),
    "hand-scored-no-number": ("recorded-hand", None, lambda: add(dana(5), "hand_scored", scores=[120, 10]),
                              "format 1.1 names the hand"),
    "hand-scored-skips": ("hands-in-order", None, lambda: add(dana(5), "hand_scored", hand=3,
                                                                       scores=[1, 1]), "the next hand is 2"),
    "hand-recorded-no-seat": ("hand-input", 1, lambda: classic_sheet()[:1] + [
        {"seq": 1, "type": "hand_recorded", "input": {"went_out": 2, "seats": [{"melded": 1, "in_hand": 0},
                                                                                {"melded": 1, "in_hand": 0}]}}],
        "went_out names no seat of two"),
    "hand-recorded-in-hand": ("one-hand-at-a-time", None, lambda: add(dana(1), "hand_recorded", input={
        "went_out": 0, "seats": [{"melded": 1, "in_hand": 0}, {"melded": 1, "in_hand": 0}]}), "hand 1 is in play"),
    "hand-recorded-twice": ("recorded-hand", None, lambda: add(classic_sheet()[:2], "hand_recorded", hand=1, input={
        "went_out": 0, "seats": [{"melded": 16.5, "in_hand": 0}, {"melded": 10.5, "in_hand": 7.5}]}),
        "hand 1 is on the sheet already: sent twice, it is refused, not counted twice"),
    "hand-struck-twice": ("recorded-hand", None, lambda: add(classic_sheet_struck()[:5], "hand_struck", hand=3),
                          "hand 3 is struck already"),
    "hand-struck-unplayed": ("recorded-hand", None, lambda: add(classic_sheet()[:3], "hand_struck", hand=3),
                             "the sheet has hands 1 and 2 only"),
    "hand-scored-three-sides": ("one-score-per-side", None, lambda: add(dana(5), "hand_scored", hand=2,
                                                                        scores=[1, 2, 3]), "2 players, 2 sides"),
    "note-points-forward": ("annotations-point-back", None, lambda: add(dana(1), "annotated", at=5, text="later"),
                            "a note is about an earlier event"),
    "hand-after-match-over": ("match-end", None, lambda: (lambda e: e + [{**dana(0)[1], "seq": len(e), "hand": 3}])(
        classic_2p_match()), "Dana passed 150: the match is over"),
    "banked-too-soon": ("match-end", None, lambda: add(dana(5), "match_banked"), "nobody has won yet"),
}


# ------------------------------------------------------------------ the engine's verdicts
def engine(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = cli(list(argv))
    return code, out.getvalue()


def expected_of(path: Path) -> str:
    """What ``replay --json`` prints for a valid log, as the file beside it holds it (indented for reading)."""
    code, out = engine("validate", str(path))
    if code != 0:
        raise AssertionError(f"{path.name} is not valid: {out.strip()}")
    code, out = engine("replay", "--json", str(path))
    assert code == 0, path
    return json.dumps(json.loads(out), ensure_ascii=False, indent=1) + "\n"


def verdict_of(path: Path) -> dict[str, Any]:
    _, out = engine("validate", "--json", str(path))
    verdict: dict[str, Any] = json.loads(out)
    return verdict


def _event_types(data: bytes) -> list[str]:
    seen = {json.loads(line)["type"] for line in data.splitlines() if line.strip()}
    return [t for t in EVENT_TYPES if t in seen]


def build(folder: Path, only_expected: bool = False) -> dict[str, Any]:
    """Write every case into ``folder`` (logs, expectations, manifest); returns the manifest."""
    valid_dir, invalid_dir = folder / "valid", folder / "invalid"
    valid_dir.mkdir(parents=True, exist_ok=True)
    invalid_dir.mkdir(parents=True, exist_ok=True)
    built: dict[str, tuple[str, bytes]] = {}
    if not only_expected:
        for name, make in VALID.items():
            built[name] = ((make.__doc__ or "").strip(), text_of(make()).encode())
        for name, (about, make_raw) in RAW.items():
            built[name] = (about, make_raw())
        for name, (about, data) in built.items():
            (valid_dir / f"{name}.jsonl").write_bytes(data)
    valid = []
    for path in sorted(valid_dir.glob("*.jsonl")):
        name = path.stem
        if name not in built and name not in HANDWRITTEN:
            raise AssertionError(f"valid/{name}.jsonl is not built here: say what it is in HANDWRITTEN")
        about = built[name][0] if name in built else HANDWRITTEN[name]
        (valid_dir / f"{name}.expected.json").write_text(expected_of(path), encoding="utf-8", newline="\n")
        first = json.loads(path.read_bytes().splitlines()[0])
        valid.append({"log": f"valid/{name}.jsonl", "expected": f"valid/{name}.expected.json",
                      "rules": first.get("rules", "classic"), "format": first["format"],
                      "events": _event_types(path.read_bytes()), "about": about})
    invalid = []
    for name, (rule, seq, make_bad, why) in INVALID.items():
        path = invalid_dir / f"{name}.jsonl"
        if not only_expected:
            made = make_bad()
            path.write_bytes(made if isinstance(made, bytes) else text_of(made).encode())
        want = seq if seq is not None else len(path.read_bytes().splitlines()) - 1
        verdict = verdict_of(path)
        if verdict["valid"] or (verdict["seq"], verdict["rule"]) != (want, rule):
            raise AssertionError(f"invalid/{name}: expected seq {want} and rule {rule}, the engine says {verdict}")
        invalid.append({"log": f"invalid/{name}.jsonl", "seq": want, "rule": rule, "about": why,
                        "engine_says": verdict["reason"]})
    manifest = {"format": FORMAT_LATEST, "valid": valid, "invalid": invalid}
    (folder / "manifest.json").write_text(json.dumps(manifest, ensure_ascii=False, indent=1) + "\n",
                                          encoding="utf-8", newline="\n")
    return manifest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--expected", action="store_true", help="only recompute expectations and the manifest")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    manifest = build(args.out, args.expected)
    print(f"wrote {len(manifest['valid'])} valid and {len(manifest['invalid'])} invalid cases into {args.out}")


if __name__ == "__main__":
    main()
